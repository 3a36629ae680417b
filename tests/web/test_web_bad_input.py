"""Bad input of every kind gets a typed error with a sentence in the page's
language, and changes nothing: the saved game is the same file, the table
answers the next message as before, and the server keeps serving."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import cardavia
import pytest
from cardavia_cli.play.logged_game import LoggedGame
from cardavia_cli.play.saves import new_log, write_log
from cardavia_cli.web.connection import Connection
from cardavia_cli.web.protocol import FIELDS, MessageError, parse_message
from cli_helpers import StandIn
from starlette.testclient import TestClient
from web_helpers import Table, first_move, make_options, table

BAD_MESSAGES: list[tuple[str, str, str | None]] = [
    ("{", "bad_json", None),
    ("", "bad_json", None),
    ("[1, 2]", "not_object", None),
    ('"move"', "not_object", None),
    ("{}", "unknown_type", "type"),
    ('{"type": 3}', "unknown_type", "type"),
    ('{"type": "cheat"}', "unknown_type", "type"),
    ('{"type": "move"}', "missing_field", "move"),
    ('{"type": "move", "move": null}', "missing_field", "move"),
    ('{"type": "move", "move": 7}', "wrong_type", "move"),
    ('{"type": "move", "move": ["attack:7S"]}', "wrong_type", "move"),
    ('{"type": "step", "index": true}', "wrong_type", "index"),
    ('{"type": "step", "index": 1.5}', "wrong_type", "index"),
    ('{"type": "hint", "seat": 1}', "unknown_field", "seat"),
    ('{"type": "move", "move": "take", "state": {}}', "unknown_field", "state"),
    ('{"type": "new", "game": "poker"}', "unknown_game", "game"),
    ('{"type": "rules", "game": "bridge"}', "unknown_game", "game"),
    ('{"type": "settings", "lang": "fr"}', "unknown_language", "lang"),
    ('{"type": "settings", "level": "godlike"}', "unknown_level", "level"),
    ('{"type": "new", "game": "durak", "level": "x"}', "unknown_level", "level"),
    ('{"type": "text", "text": "' + "x" * 201 + '"}', "too_long", "text"),
    ('{"type": "move", "move": "' + "attack:" * 5 + '"}', "illegal_move", "move"),
    ('{"type": "replay", "file": "../../etc/passwd"}', "bad_file", "file"),
    ('{"type": "replay", "file": "/etc/passwd.json"}', "bad_file", "file"),
    ('{"type": "resume", "file": ".hidden.json"}', "bad_file", "file"),
    ('{"type": "replay", "file": "nothing-here.json"}', "bad_file", "file"),
    ('{"type": "step", "index": -1}', "no_such_step", "index"),
]


def saved(games_dir: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in games_dir.glob("*.json")}


@pytest.mark.parametrize(("raw", "kind", "field"), BAD_MESSAGES)
def test_bad_messages_are_refused_and_change_nothing(
    client: TestClient, games_dir: Path, raw: str, kind: str, field: str | None
) -> None:
    with table(client) as opened:
        before = opened.ask_one(type="new", game="durak")
        files = saved(games_dir)
        opened.send_raw(raw)
        error = opened.receive()
        assert error["type"] == "error"
        assert (error["kind"], error["field"]) == (kind, field)
        assert error["text"] and "{" not in error["text"]
        assert saved(games_dir) == files
        # The same game goes on: its next move is still accepted.
        after = opened.ask(type="move", move=first_move(before["view"]))
        assert after[0]["moves_played"] == before["moves_played"] + 1


def test_an_oversized_message(client: TestClient, games_dir: Path) -> None:
    with table(client) as opened:
        opened.ask_one(type="new", game="durak")
        files = saved(games_dir)
        opened.send_raw(json.dumps({"type": "text", "text": "x" * 5000}))
        error = opened.receive()
        assert error["kind"] == "too_large" and error["value"] > 4096
        assert "4096" in error["text"]
        assert saved(games_dir) == files
        assert opened.ask_one(type="saves")["type"] == "saves"


def test_binary_frames(client: TestClient) -> None:
    with table(client) as opened:
        opened.socket.send_bytes(b"\xff\xfe not text")
        assert opened.receive()["kind"] == "bad_json"
        opened.socket.send_bytes(json.dumps({"type": "saves"}).encode())
        assert opened.receive()["type"] == "saves"


def test_errors_speak_the_page_language(client: TestClient) -> None:
    with table(client, lang="de") as opened:
        german = opened.error(type="new", game="poker")["text"]
    with table(client, lang="en") as opened:
        english = opened.error(type="new", game="poker")["text"]
    assert german != english
    assert "poker" in german and "poker" in english


def test_a_move_needs_a_game(client: TestClient) -> None:
    with table(client) as opened:
        assert opened.error(type="move", move="take")["kind"] == "no_game"
        assert opened.error(type="text", text="7S")["kind"] == "no_game"
        assert opened.error(type="hint")["kind"] == "no_game"


@pytest.mark.parametrize(
    "move", ["attack:XX", "defend:7S", "take ", "ATTACK:7S", "play:7S", "stop", "", "marriage:KH"]
)
def test_illegal_moves(client: TestClient, games_dir: Path, move: str) -> None:
    with table(client) as opened:
        state = opened.ask_one(type="new", game="durak")
        files = saved(games_dir)
        error = opened.error(type="move", move=move)
        assert error["kind"] == "illegal_move" and error["value"] == move
        assert saved(games_dir) == files
        assert move not in [m["move"] for m in state["view"]["moves"]]


def test_text_that_is_not_a_move(client: TestClient) -> None:
    with table(client) as opened:
        opened.ask_one(type="new", game="durak")
        error = opened.error(type="text", text="banana")
        assert error["kind"] == "not_understood"
        assert "banana" in error["text"]
        assert opened.error(type="text", text="99")["kind"] == "not_understood"


def test_a_finished_game_takes_no_more_moves(client: TestClient) -> None:
    with table(client) as opened:
        first = opened.ask_one(type="new", game="schnapsen")
        last = opened.play_out(first, first_move)[-1]
        assert last["view"]["outcome"] is not None
        assert opened.error(type="move", move="close")["kind"] == "game_over"
        assert opened.error(type="hint")["kind"] == "game_over"


def test_requests_outside_their_mode(client: TestClient) -> None:
    with table(client) as opened:
        assert opened.error(type="next")["kind"] == "no_lesson"
        assert opened.error(type="step", index=1)["kind"] == "no_replay"
        opened.ask_one(type="new", game="durak")
        assert opened.error(type="next")["kind"] == "no_lesson"


def test_not_your_turn() -> None:
    """A move while the computer is to move (the table never asks for one)."""
    sent: list[dict[str, Any]] = []

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    connection = Connection(send, make_options())
    log = new_log("durak", "easy", seed=1)
    game = log.new_game()
    if game.current_player == 0:
        game.play(game.legal_moves()[0])
        log.record(0, game.observation(0)["history"][-1])
    assert game.current_player == 1
    write_log(log)
    connection.mode, connection.playing = "play", LoggedGame(game, log, StandIn("easy"))

    async def try_to_move() -> None:
        await connection.receive(json.dumps({"type": "move", "move": "take"}))
        await connection.receive(json.dumps({"type": "hint"}))

    asyncio.run(try_to_move())
    assert [m["kind"] for m in sent] == ["not_your_turn", "not_your_turn"]
    assert game.current_player == 1 and len(log.moves) == len(game.observation(0)["history"])


class Broken(StandIn):
    def choose(self, observation: Any, seed: int) -> str:
        raise RuntimeError("the opponent broke")


def test_a_failure_inside_is_reported_and_the_table_stays(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cardavia_cli.play import opponent

    monkeypatch.setattr(opponent, "for_level", Broken)
    with table(client) as opened:
        opened.send(type="new", game="durak")
        messages = [opened.receive()]
        while messages[-1]["type"] == "state" and messages[-1]["view"]["turn"] == "computer":
            messages.append(opened.receive())
        if messages[-1]["type"] == "state":  # the player opens: make the computer answer
            messages.append(opened.ask(type="move", move=first_move(messages[-1]["view"]))[-1])
            while messages[-1]["type"] == "state":
                messages.append(opened.receive())
        assert messages[-1]["kind"] == "internal"
        assert messages[-1]["text"]
        assert opened.ask_one(type="saves")["type"] == "saves"


def test_every_message_type_has_a_test() -> None:
    """The table's message types, as this file, test_web_games.py and
    test_web_saves.py use them."""
    assert set(FIELDS) == {
        "settings", "new", "move", "text", "hint", "rules",
        "learn", "next", "saves", "resume", "replay", "step", "delete",
    }  # fmt: skip


def test_parse_message_directly() -> None:
    limits = make_options().limits
    message = parse_message('{"type": "new", "game": "durak"}', limits)
    assert message.type == "new" and message.get("game") == "durak"
    with pytest.raises(MessageError) as error:
        parse_message("[" * 100_000, limits)
    assert error.value.kind == "too_large"
    with pytest.raises(MessageError) as error:
        parse_message("[" * 2000 + "]" * 2000, limits)
    assert error.value.kind in ("not_object", "bad_json")
    assert cardavia.GAMES == ("durak", "perevodnoy", "schnapsen")


def test_a_table_survives_its_own_errors(client: TestClient) -> None:
    with table(client) as opened:
        for raw, _kind, _field in BAD_MESSAGES:
            opened.send_raw(raw)
            assert opened.receive()["type"] == "error"
        state = opened.ask_one(type="new", game="perevodnoy")
        assert state["type"] == "state" and state["view"]["game"] == "perevodnoy"


def test_table_helper_reads_errors(client: TestClient) -> None:
    with table(client) as opened:
        assert isinstance(opened, Table)
        assert opened.error(type="cheat")["kind"] == "unknown_type"
