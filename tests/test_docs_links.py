"""Every link and path in the repository points inside it.

* Each relative Markdown link (``[text](path)``, ``![alt](path)``,
  ``[name]: path``) of every ``.md`` file resolves to a file or folder of
  the repository, and its ``#anchor``, if any, to a heading of the target.
* No file names a place outside the repository: the rules and the API
  contract are docs/RULES.md and docs/API.md, so nothing refers to the
  specification folder they came from, a parent's ``shared`` folder or the
  machine the project was built on.

The files are those git knows (tracked, or new and not ignored); without
git, every file but the ignored folders.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
IGNORED = {".git", "target", ".venv", "node_modules", "__pycache__", "build", "dist"}

# Written so that this file does not match them itself.
OUTSIDE = {
    "a parent's shared folder": re.compile(r"\.\./sh[a]red\b"),
    "the specification folder": re.compile(r"\bsh[a]red/sp[e]c/|\bsp[e]c/(RULES|API)\.md"),
    "the build machine's work folder": re.compile(r"/w[o]rk/"),
    "the original rule cards' folder": re.compile(r"\.\./se[e]ds\b"),
}

# [text](target "title"), the text perhaps holding [brackets] itself.
INLINE = re.compile(
    r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]"  # [text]
    r"\(\s*<?([^)\s>]+)>?(?:\s+[\"'][^\"']*[\"'])?\s*\)"  # (target "title")
)
DEFINITION = re.compile(r"^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$", re.MULTILINE)
FENCE = re.compile(r"^ {0,3}(```|~~~).*?^ {0,3}\1", re.MULTILINE | re.DOTALL)
CODE = re.compile(r"`[^`\n]*`")
HEADING = re.compile(r"^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$", re.MULTILINE)
SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


def repository_files() -> list[Path]:
    try:
        listed = subprocess.run(
            ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
            cwd=ROOT,
            capture_output=True,
            check=True,
        ).stdout.decode()
    except (OSError, subprocess.CalledProcessError):
        return [
            path
            for path in ROOT.rglob("*")
            if path.is_file() and not IGNORED & set(path.relative_to(ROOT).parts)
        ]
    return [ROOT / name for name in listed.split("\0") if name and (ROOT / name).is_file()]


FILES = repository_files()
MARKDOWN = sorted(path for path in FILES if path.suffix == ".md")


def text_of(path: Path) -> str | None:
    """The file's text, or None for a binary file (compiled catalogs, images)."""
    data = path.read_bytes()
    if b"\0" in data:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def prose(markdown: str) -> str:
    """The Markdown without its code: a link inside code is not a link."""
    return CODE.sub("", FENCE.sub("", markdown))


def links(markdown: str) -> list[str]:
    text = prose(markdown)
    return INLINE.findall(text) + DEFINITION.findall(text)


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped,
    spaces as hyphens."""
    words = re.sub(r"`|\*\*|__|\[([^\]]*)\]\([^)]*\)", r"\1", heading)
    return re.sub(r"[^\w\- ]", "", words.strip().lower()).replace(" ", "-")


def anchors(markdown: str) -> set[str]:
    found: set[str] = set()
    seen: dict[str, int] = {}
    for heading in HEADING.findall(FENCE.sub("", markdown)):
        base = slug(heading)
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


def broken_links(source: Path, root: Path = ROOT) -> list[str]:
    """What is wrong with each relative link of one Markdown file."""
    problems = []
    markdown = source.read_text(encoding="utf-8")
    for target in links(markdown):
        if SCHEME.match(target) or target.startswith("//"):
            continue
        path_part, _, anchor = target.partition("#")
        resolved = (source.parent / path_part).resolve() if path_part else source
        if not resolved.is_relative_to(root):
            problems.append(f"{target}: outside the repository")
        elif not resolved.exists():
            problems.append(f"{target}: no such file")
        elif (
            anchor
            and resolved.suffix == ".md"
            and resolved.is_file()
            and anchor not in anchors(resolved.read_text(encoding="utf-8"))
        ):
            problems.append(f"{target}: no heading #{anchor} in {resolved.name}")
    return problems


def test_the_documents_are_found() -> None:
    names = {path.relative_to(ROOT).as_posix() for path in MARKDOWN}
    assert {"README.md", "docs/RULES.md", "docs/API.md", "docs/SCHEMA.md"} <= names


@pytest.mark.parametrize("source", MARKDOWN, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_relative_link_resolves(source: Path) -> None:
    assert broken_links(source) == []


def test_no_file_names_a_place_outside_the_repository() -> None:
    found = []
    for path in FILES:
        text = text_of(path)
        if text is None:
            continue
        for number, line in enumerate(text.splitlines(), 1):
            for what, pattern in OUTSIDE.items():
                if pattern.search(line):
                    found.append(f"{path.relative_to(ROOT)}:{number}: {what}")
    assert found == []


# The checks themselves, on made-up text: each can fail.


def test_broken_links_and_anchors_are_reported(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text("# Cards and notation\n\n## Game points of a deal\n")
    page = tmp_path / "b.md"
    page.write_text(
        "[ok](a.md#game-points-of-a-deal) [gone](c.md) [anchor](a.md#setup)\n"
        "[up](../x.md) [web](https://example.org) ![img](a.md)\n"
        "```\n[in code](nowhere.md)\n```\n[def]: a.md#cards-and-notation\n"
    )
    assert broken_links(page, root=tmp_path) == [
        "c.md: no such file",
        "a.md#setup: no heading #setup in a.md",
        "../x.md: outside the repository",
    ]


def test_anchors_follow_github() -> None:
    markdown = "## Against OpenSpiel's ISMCTS\n## `to_dict` and **more**\n## Setup\n## Setup\n"
    assert anchors(markdown) == {
        "against-openspiels-ismcts",
        "to_dict-and-more",
        "setup",
        "setup-1",
    }


def test_outside_paths_are_recognised() -> None:
    samples = [
        "see ../sha" + "red/sp" + "ec/RULES.md",
        "the sp" + "ec/API.md contract",
        "/wo" + "rk/main",
        "../se" + "eds/ms.txt",
    ]
    for sample in samples:
        assert any(pattern.search(sample) for pattern in OUTSIDE.values()), sample
    assert not any(pattern.search("docs/RULES.md ch. 3") for pattern in OUTSIDE.values())
