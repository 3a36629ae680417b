"""The CLI's folders say who uses what (issue 22): ``words`` (what the
player reads and types) and ``play`` (a game against the computer) are
shared by the terminal and the web, which never import each other. Read
from the source, so a new import that crosses a line fails here."""

from __future__ import annotations

import ast
from pathlib import Path

import cardavia_cli

PACKAGE = Path(cardavia_cli.__file__).parent
# What each folder may import from the CLI package besides itself.
ALLOWED: dict[str, set[str]] = {
    "words": set(),
    "play": {"words"},
    "terminal": {"words", "play"},
    "web": {"words", "play"},
}
FOLDERS = tuple(ALLOWED)


def _imports(path: Path) -> set[str]:
    """The CLI folders a module imports from (relative or absolute)."""
    folder = path.relative_to(PACKAGE).parts[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level == 0:
                parts = (node.module or "").split(".")
                if parts[0] != "cardavia_cli":
                    continue
                target = parts[1:]
            elif node.level == 1:
                target = [folder, *(node.module or "").split(".")]
            else:
                target = (node.module or "").split(".")
            names = [alias.name for alias in node.names]
            top = target[0] if target and target[0] else (names[0] if names else "")
            found.add(top)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                if parts[0] == "cardavia_cli" and len(parts) > 1:
                    found.add(parts[1])
    return found


def test_every_module_sits_in_a_folder() -> None:
    loose = sorted(
        p.name
        for p in PACKAGE.glob("*.py")
        if p.name not in {"__init__.py", "__main__.py", "main.py"}
    )
    assert loose == [], f"modules outside words/, play/, terminal/, web/: {loose}"


def test_folders_import_only_what_they_may() -> None:
    crossings = []
    for folder, allowed in ALLOWED.items():
        for path in sorted((PACKAGE / folder).rglob("*.py")):
            for target in _imports(path) & set(FOLDERS):
                if target != folder and target not in allowed:
                    crossings.append(f"{path.relative_to(PACKAGE)} imports {target}")
    assert crossings == []


def test_each_folder_says_what_it_holds() -> None:
    for folder in FOLDERS:
        doc = ast.get_docstring(ast.parse((PACKAGE / folder / "__init__.py").read_text()))
        said = doc is not None and "import" in doc.lower()
        assert said, f"{folder}/__init__.py should say what it holds and may import"
