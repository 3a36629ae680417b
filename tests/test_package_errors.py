"""The package's own refusals are errors as data, as the core's are: every
``CardaviaError`` that ``python/cardavia`` raises on purpose is made from a
kind, a field and a value, and every kind it raises has a text in
``cardavia.errors.TEXTS`` (the core's kinds are held to that in
``test_errors.py``)."""

from __future__ import annotations

import ast
import io
import json
import shlex
import sys
from pathlib import Path
from typing import Any

import cardavia
import pytest
from cardavia import IllegalMoveError, InvalidArgumentError, InvalidStateError, ai, bots, errors
from cardavia.external import ExternalPlayer
from cardavia.rules import LANGUAGES
from cardavia.rules import text as rules_text
from cardavia.serve import serve
from cardavia.tournament import PLAYERS, make_player
from cardavia.tournament_journal import Journal

PACKAGE = Path(cardavia.__file__).parent
#: The classes of ``cardavia.errors``.
CLASSES = {
    name
    for name, value in vars(errors).items()
    if isinstance(value, type) and issubclass(value, errors.CardaviaError)
}
#: The helpers that make one of them from a kind given first: the
#: reference's ``fault``, the journal's ``refuse``.
HELPERS = {"fault", "refuse"}
#: A kind passed through a helper's parameter, named where it is given.
PASSED = "<passed>"


def _calls() -> list[tuple[str, ast.Call]]:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            name = (
                node.func.id
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                else ""
            )
            if name in CLASSES | HELPERS:
                assert isinstance(node, ast.Call)
                found.append((f"{path.relative_to(PACKAGE)}:{node.lineno}", node))
    return found


def _helper(call: ast.Call) -> bool:
    return isinstance(call.func, ast.Name) and call.func.id in HELPERS


def _kind(call: ast.Call) -> object:
    """The kind a call names: a string, ``PASSED`` for a helper's own
    parameter, ``None`` when it names none (an error made from a text)."""
    given = next((k.value for k in call.keywords if k.arg == "kind"), None)
    if _helper(call) and call.args:
        given = call.args[0]
    if isinstance(given, ast.Constant):
        return given.value
    return PASSED if isinstance(given, ast.Name) else None


def test_every_error_the_package_raises_is_made_from_parts() -> None:
    calls = _calls()
    assert len(calls) > 80, "the scan found the package's errors"
    texts = [where for where, call in calls if call.args and not _helper(call)]
    assert texts == [], "an error made from a bare text"
    nameless = [where for where, call in calls if not isinstance(_kind(call), str)]
    assert nameless == [], "an error without a kind"


def test_every_kind_the_package_raises_has_a_text() -> None:
    kinds = {_kind(call) for _, call in _calls()} - {PASSED}
    assert {"player", "journal_deal", "illegal_answer"} <= kinds
    assert kinds - {"integer"} <= set(errors.TEXTS), kinds - set(errors.TEXTS)


def parts(error: BaseException) -> tuple[str, str | None, str, object]:
    assert isinstance(error, errors.CardaviaError)
    assert str(error) and "{" not in str(error), str(error)
    return type(error).__name__, error.kind, error.field, error.value


def refused(call: Any, *args: Any, **kwargs: Any) -> errors.CardaviaError:
    with pytest.raises(errors.CardaviaError) as info:
        call(*args, **kwargs)
    return info.value


# ------------------------------------------------------------------ bots


def test_bots_refuse_as_data() -> None:
    rng = __import__("random").Random(1)
    error = refused(bots.get_bot, "smart")
    assert parts(error) == ("InvalidArgumentError", "choice", "bot", "smart")
    assert error.detail == {"choices": list(bots.BOTS)}
    error = refused(bots.random_bot, {"game": "durak", "legal_moves": []}, rng)
    assert parts(error) == ("InvalidStateError", "not_to_move", "legal_moves", [])
    assert "not this seat's turn" in str(error)
    assert parts(refused(bots.random_bot, ["x"], rng)) == (
        "InvalidStateError",
        "object",
        "observation",
        ["x"],
    )
    assert parts(refused(bots.greedy_bot, "obs", rng))[1:3] == ("object", "observation")
    error = refused(bots.greedy_bot, {"game": "bridge", "legal_moves": ["x"]}, rng)
    assert parts(error) == ("InvalidStateError", "not_a_game", "game", "bridge")
    assert error.detail == {"games": list(cardavia.GAMES)}


# ------------------------------------------------------- players, serve


def test_an_unknown_player_lists_the_players_rollouts_and_worlds() -> None:
    error = refused(make_player, "ai:many")
    assert parts(error) == ("InvalidArgumentError", "player", "player", "ai:many")
    assert error.detail == {
        "choices": list(PLAYERS),
        "rollouts": list(ai.ROLLOUTS),
        "worlds": list(ai.WORLDS),
    }
    assert str(error).startswith("unknown player 'ai:many'; choose one of random, greedy")


def test_a_command_that_cannot_be_read_or_run() -> None:
    error = refused(ExternalPlayer, "cmd:'open", "'open")
    assert parts(error) == ("InvalidArgumentError", "player_command", "player", "cmd:'open")
    assert "quotation" in error.detail["reason"]
    assert parts(refused(ExternalPlayer, "cmd: ", " ")) == (
        "InvalidArgumentError",
        "no_command",
        "player",
        "cmd: ",
    )
    player = ExternalPlayer("cmd:/no/such/program", "/no/such/program")
    obs = cardavia.new_game("durak", seed=1).observation(0)
    error = refused(player.choose, obs, 1)
    assert parts(error) == ("InvalidArgumentError", "player_start", "player", player.spec)


PYTHON = shlex.quote(sys.executable)


def test_a_player_that_ends_or_answers_nonsense() -> None:
    g = cardavia.new_game("durak", seed=1)
    seat = g.current_player
    assert seat is not None
    obs = g.observation(seat)
    ended = ExternalPlayer("cmd:x", f"{PYTHON} -c 'raise SystemExit(3)'")
    try:
        error = refused(ended.choose, obs, 1)
    finally:
        ended.close()
    assert parts(error) == ("InvalidArgumentError", "player_ended", "player", "cmd:x")
    assert error.detail == {"code": 3}
    assert "gave no move: it ended with exit code 3" in str(error)
    script = "import sys; [print('nonsense', flush=True) for _ in sys.stdin]"
    talker = ExternalPlayer("cmd:y", f"{PYTHON} -c {shlex.quote(script)}")
    try:
        with pytest.raises(IllegalMoveError) as info:
            talker.choose(obs, 1)
    finally:
        talker.close()
    assert parts(info.value) == ("IllegalMoveError", "illegal_answer", "move", "nonsense")
    assert info.value.detail == {"player": "cmd:y"}
    assert info.value.legal == obs["legal_moves"]


@pytest.mark.parametrize(
    ("line", "kind", "field", "value"),
    [
        ("not json", "json", "request", None),
        ("[1, 2]", "request", "request", [1, 2]),
        ('{"seed": 1}', "request", "request", {"seed": 1}),
        ('{"observation": {}, "seed": "x"}', "integer", "seed", "x"),
        ('{"observation": {}, "seed": -1}', "integer", "seed", -1),
    ],
)
def test_serve_refuses_a_bad_request_as_data(
    line: str, kind: str, field: str, value: object
) -> None:
    error = refused(serve, "random", io.StringIO(line + "\n"), io.StringIO())
    assert parts(error) == ("InvalidStateError", kind, field, value)


def test_an_unknown_language_is_a_choice() -> None:
    error = refused(rules_text, "durak", "xx")
    assert parts(error) == ("InvalidArgumentError", "choice", "lang", "xx")
    assert error.detail == {"choices": list(LANGUAGES)}


# --------------------------------------------------------------- journals

HEADER = json.dumps(
    {"journal": "cardavia-tournament", "version": 1,
     "game": "durak", "a": "random", "b": "greedy", "seed": 1}
)  # fmt: skip
GAME = {"deal": 0, "a_seat": 0, "outcome": {"winner": 1}, "seconds": [0, 0], "moves": [1, 1]}


def open_journal(path: Path) -> Journal:
    return Journal(path, "durak", "random", "greedy", 1)


@pytest.mark.parametrize(
    ("entry", "kind", "field", "value"),
    [
        ([], "journal_game", "line", []),
        (GAME | {"deal": -1}, "journal_deal", "deal", -1),
        (GAME | {"a_seat": 2}, "journal_seat", "a_seat", 2),
        (GAME | {"outcome": {"winner": 5}}, "journal_outcome", "outcome", {"winner": 5}),
        (GAME | {"b_game_points": -1}, "journal_points", "b_game_points", -1),
        (GAME | {"seconds": [1]}, "journal_pairs", "seconds", [1]),
        (GAME | {"moves": [1.5, 1]}, "journal_pairs", "moves", [1.5, 1]),
    ],
)
def test_a_broken_journal_line_is_data(
    tmp_path: Path, entry: object, kind: str, field: str, value: object
) -> None:
    path = tmp_path / "t.jsonl"
    path.write_text(HEADER + "\n" + json.dumps(GAME) + "\n" + json.dumps(entry) + "\n")
    error = refused(open_journal, path)
    assert parts(error) == ("InvalidStateError", kind, field, value)
    assert error.detail == {"journal": str(path), "line": 3}
    assert str(error).startswith(f"journal {path}, line 3: ")


def test_a_journal_that_is_none_or_another_tournaments(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    path.write_text(HEADER + "\nnot json\n")
    error = refused(open_journal, path)
    assert parts(error) == ("InvalidStateError", "journal_json", "line", "not json")
    assert error.detail == {"journal": str(path), "line": 2}
    path.write_text("notes\n")
    assert parts(refused(open_journal, path)) == (
        "InvalidStateError",
        "not_a_journal",
        "journal",
        str(path),
    )
    path.write_text(HEADER.replace('"seed": 1', '"seed": 2') + "\n")
    error = refused(open_journal, path)
    assert parts(error) == ("InvalidArgumentError", "other_tournament", "journal", str(path))
    assert error.detail == {"theirs": "game='durak', a='random', b='greedy', seed=2"}
    assert "another tournament" in str(error)


def test_a_journal_that_cannot_be_read_or_written(tmp_path: Path) -> None:
    error = refused(open_journal, tmp_path)
    assert parts(error) == ("InvalidArgumentError", "unreadable", "journal", str(tmp_path))
    missing = tmp_path / "no" / "such"
    error = refused(open_journal, missing)
    assert parts(error) == ("InvalidArgumentError", "unwritable", "journal", str(missing))
    assert "cannot be written" in str(error) and error.detail["reason"]


def test_the_refusals_keep_their_classes() -> None:
    assert issubclass(InvalidStateError, ValueError) and issubclass(
        InvalidArgumentError, ValueError
    )
