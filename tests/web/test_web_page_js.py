"""The page's script as files (issue 22): hand-written ES modules around one
state object, none over 300 lines, each served as JavaScript, importing only
each other without cycles, and none reading a move string: the server sends
each move's kind, card and label (``view.moves``) and the card of the move
just made (``last``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from cardavia_cli.web.app import STATIC
from starlette.testclient import TestClient
from web_helpers import GAMES, first_move, table

MODULES = sorted(STATIC.glob("*.js"))
MAX_LINES = 300
# The one module that holds the page's state; the others keep none.
STATE_MODULE = "state.js"
IMPORT = re.compile(r"""^import\s[^;]*?from\s+["']([^"']+)["'];""", re.MULTILINE | re.DOTALL)
MODULE_LEVEL_BINDING = re.compile(r"^(?:export\s+)?(?:let|var)\s", re.MULTILINE)
# Reading a move string: splitting it at its colon, comparing it, calling a
# string method on it or indexing it, or spelling a move kind's prefix.
MOVE_PARSING = [
    re.compile(r"""split\(\s*["'`]:["'`]\s*\)"""),
    re.compile(r"""["'`]:["'`]"""),
    re.compile(r"""["'`](?:attack|defend|transfer|play|marriage|exchange|close):"""),
    re.compile(r"""\.move\s*(?:\.|\[|[!=]==?)"""),
    re.compile(r"""dataset\.move\s*(?:\.|\[|[!=]==?)"""),
]


def source(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def imports(path: Path) -> list[str]:
    return IMPORT.findall(source(path))


def test_the_page_is_modules_around_one_state_object() -> None:
    names = {path.name for path in MODULES}
    assert {"table.js", STATE_MODULE, "socket.js", "board.js", "cards.js"} <= names
    assert {"settings.js", "dialogs.js"} <= names
    page = (STATIC / "index.html").read_text(encoding="utf-8")
    # One entry point; the browser loads the rest through its imports.
    assert re.findall(r"<script[^>]*>", page) == ['<script type="module" src="/static/table.js">']


@pytest.mark.parametrize("path", MODULES, ids=lambda path: path.name)
def test_no_module_is_over_300_lines(path: Path) -> None:
    lines = source(path).count("\n")
    assert 0 < lines <= MAX_LINES, (path.name, lines)


@pytest.mark.parametrize("path", MODULES, ids=lambda path: path.name)
def test_no_module_keeps_state_of_its_own(path: Path) -> None:
    """Every variable of the page is a field of ``state`` (state.js), which
    is itself a const: no module has a ``let`` or ``var`` at its top level."""
    assert MODULE_LEVEL_BINDING.findall(source(path)) == [], path.name
    if path.name != STATE_MODULE:
        assert "export const state" not in source(path)


def test_the_binding_check_finds_a_module_level_let() -> None:
    assert MODULE_LEVEL_BINDING.findall("let socket = null;\nfunction f() {\n  let x = 1;\n}\n")
    assert MODULE_LEVEL_BINDING.findall("export let mode = null;\n")


@pytest.mark.parametrize("path", MODULES, ids=lambda path: path.name)
def test_no_module_reads_a_move_string(path: Path) -> None:
    text = source(path)
    for pattern in MOVE_PARSING:
        assert not pattern.search(text), (path.name, pattern.pattern)


@pytest.mark.parametrize(
    "parsing",
    [
        'const card = last.move.split(":")[1];',
        "const [kind, card] = move.split(':');",
        'if (m.move === "take") return;',
        'if (m.move.startsWith("attack:")) return;',
        "const card = element.dataset.move.slice(-2);",
        "const suit = row.move[row.move.length - 1];",
        'const prefix = "marriage:" + card;',
    ],
)
def test_the_parsing_check_finds_what_it_forbids(parsing: str) -> None:
    assert any(pattern.search(parsing) for pattern in MOVE_PARSING), parsing


def test_the_modules_import_each_other_without_cycles() -> None:
    """Only relative imports of files that are there (nothing from a CDN or
    npm), every module reached from table.js, and no cycle."""
    graph: dict[str, list[str]] = {}
    for path in MODULES:
        targets = imports(path)
        for target in targets:
            assert target.startswith("./") and target.endswith(".js"), (path.name, target)
            assert (STATIC / target[2:]).is_file(), (path.name, target)
        graph[path.name] = [target[2:] for target in targets]
    assert graph[STATE_MODULE] == [], "state.js depends on nothing"
    reached: set[str] = set()

    def visit(name: str, path: tuple[str, ...]) -> None:
        assert name not in path, f"import cycle: {' -> '.join((*path, name))}"
        reached.add(name)
        for target in graph[name]:
            visit(target, (*path, name))

    visit("table.js", ())
    assert reached == set(graph), set(graph) - reached


@pytest.mark.parametrize("path", MODULES, ids=lambda path: path.name)
def test_every_module_is_served_as_javascript(client: TestClient, path: Path) -> None:
    """A browser runs a module only with a JavaScript MIME type, and the
    page's CSP (script-src 'self') admits these files from this server."""
    answer = client.get(f"/static/{path.name}")
    assert answer.status_code == 200
    assert answer.headers["content-type"].split(";")[0] == "text/javascript"
    assert answer.text == source(path)
    for foreign in ("http://", "https://", "//cdn", "import(", "eval(", "new Function"):
        assert foreign not in answer.text, (path.name, foreign)


# ---------------------------------------------- what the server sends instead


@pytest.mark.parametrize("game", GAMES)
def test_every_move_and_the_last_one_carry_their_kind_and_card(
    client: TestClient, game: str
) -> None:
    with table(client) as opened:
        first = opened.ask_one(type="new", game=game)
        messages = opened.play_out(first, first_move)
    states = [m for m in messages if m["type"] == "state"]
    lasts = [m["last"] for m in states if m["last"] is not None]
    assert lasts and {last["seat"] for last in lasts} == {0, 1}
    for last in lasts:
        kind, _colon, card = last["move"].partition(":")
        assert (last["kind"], last["card"]) == (kind, card or None)
        assert set(last) == {"seat", "move", "kind", "card"}
    assert any(last["card"] for last in lasts)
    for state in states:
        for move in state["view"]["moves"]:
            kind, _colon, card = move["move"].partition(":")
            assert (move["kind"], move["card"]) == (kind, card or None)
            assert move["label"] and move["label"] != move["move"]
