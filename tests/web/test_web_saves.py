"""Saved games at the web table: one game open in one place (two tables on
one save, the terminal against the page, a crashed holder), saves from the
first move, deleting a saved game, the bound on new games of one launch,
and a game resumed in another language."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from cardavia_cli.play.game_lock import GameLock, holder_of, lock_path
from cardavia_cli.play.saves import load_log
from cardavia_cli.web.app import create_app
from cli_helpers import run, saved_games
from click.testing import CliRunner
from starlette.testclient import TestClient
from web_helpers import HOST, Table, first_move, make_options, table


def human_to_move(opened: Table, game: str = "durak") -> dict[str, Any]:
    """A new game, played until the player has made a move and may move
    again: the game is saved then."""
    state = opened.ask_one(type="new", game=game)
    state = opened.ask_one(type="move", move=first_move(state["view"]))
    assert state["type"] == "state" and state["view"]["turn"] == "you"
    return state


def test_two_tables_on_one_save(client: TestClient, games_dir: Path) -> None:
    with table(client) as first, table(client) as second:
        state = human_to_move(first)
        name = state["file"]
        identity = load_log(games_dir / name).id
        refused = second.ask_one(type="resume", file=name)
        assert refused["type"] == "open_elsewhere" and refused["file"] == name
        assert refused["text"].startswith("This game is open elsewhere: at a table in the browser")
        assert refused["take_over"] == "Take it over"
        # The first table plays on and saves, untouched.
        state = first.ask_one(type="move", move=first_move(state["view"]))
        before = load_log(games_dir / name).moves
        assert len(before) == state["moves_played"]
        taken = second.ask_one(type="resume", file=name, take_over=True)
        assert taken["type"] == "state" and taken["moves_played"] == len(before)
        # The first table's next move is not saved: it is told instead.
        told = first.ask_one(type="move", move=first_move(state["view"]))
        assert told == {
            "type": "taken_over",
            "file": name,
            "text": "This game was taken over elsewhere; it is no longer saved here.",
        }
        assert load_log(games_dir / name).moves == before
        assert first.error(type="hint")["kind"] == "no_game"
        # The second table goes on with every move the first one saved.
        after = second.ask_one(type="move", move=first_move(taken["view"]))
        log = load_log(games_dir / name)
        assert log.moves[: len(before)] == before and len(log.moves) == after["moves_played"]
        # One game, one file, one identity, through the takeover.
        assert saved_games(games_dir) == [games_dir / name] and log.id == identity


def test_a_closed_table_lets_its_game_go(client: TestClient, games_dir: Path) -> None:
    with table(client) as first:
        name = human_to_move(first)["file"]
        assert holder_of(games_dir / name) is not None
    assert holder_of(games_dir / name) is None and not lock_path(games_dir / name).exists()
    with table(client) as second:
        assert second.ask_one(type="resume", file=name)["type"] == "state"
        # Dealing another game lets this one go as well.
        second.ask_one(type="new", game="schnapsen")
        assert holder_of(games_dir / name) is None


def test_a_crashed_holder_does_not_keep_the_game(client: TestClient, games_dir: Path) -> None:
    with table(client) as first:
        name = human_to_move(first)["file"]
    script = (
        "import os, signal, sys; from pathlib import Path;"
        "from cardavia_cli.play.game_lock import GameLock;"
        "GameLock.acquire(Path(sys.argv[1]), 'terminal');"
        "os.kill(os.getpid(), signal.SIGKILL)"
    )
    subprocess.run([sys.executable, "-c", script, str(games_dir / name)], check=False)
    assert lock_path(games_dir / name).exists()
    with table(client) as second:
        assert second.ask_one(type="resume", file=name)["type"] == "state"


def test_the_terminal_and_the_page(client: TestClient, games_dir: Path) -> None:
    runner = CliRunner()
    with table(client) as page:
        state = human_to_move(page)
        path = games_dir / state["file"]
        # The terminal finds it open at the page, and takes it over.
        code, out = run(runner, ["play", "--resume", str(path)], stdin="\n")
        assert code == 1 and "at a table in the browser" in out
        code, out = run(runner, ["play", "--resume", str(path), "--take-over"], stdin="1\nquit\n")
        assert code == 0
        moves = load_log(path).moves
        told = page.ask_one(type="move", move=first_move(state["view"]))
        assert told["type"] == "taken_over" and load_log(path).moves == moves
        # A terminal that has it open now: the page says so, in its language.
        held = GameLock.acquire(path, "terminal")
        page.send(type="settings", lang="de")
        assert page.receive()["type"] == "strings"
        refused = page.ask_one(type="resume", file=path.name)
        assert refused["type"] == "open_elsewhere" and "Terminal" in refused["text"]
        assert refused["take_over"] != "Take it over"
        held.release()
        assert page.ask_one(type="resume", file=path.name)["type"] == "state"


def test_saved_from_the_first_move(client: TestClient, games_dir: Path) -> None:
    with table(client) as opened:
        dealt = [opened.ask_one(type="new", game=game) for game in ("durak", "schnapsen") * 3]
        # Only the deals where the computer led have a move, and a file.
        assert len(saved_games(games_dir)) == sum(1 for s in dealt if s["moves_played"])
        assert all(s["file"] is None for s in dealt if not s["moves_played"])
        state = opened.ask_one(type="move", move=first_move(dealt[-1]["view"]))
        assert state["file"] is not None and (games_dir / state["file"]).exists()


def test_delete_a_saved_game(client: TestClient, games_dir: Path) -> None:
    with table(client) as first, table(client) as second:
        name = human_to_move(first)["file"]
        refused = second.error(type="delete", file=name)
        assert refused["kind"] == "open_elsewhere" and "open elsewhere" in refused["text"]
        assert (games_dir / name).exists()
        first.ask_one(type="learn", game="durak")  # leaves the game
        listed = second.ask_one(type="delete", file=name)
        assert listed["type"] == "saves" and listed["deleted"] == name
        assert name not in [g["file"] for g in listed["games"]]
        assert not (games_dir / name).exists() and not lock_path(games_dir / name).exists()
        assert second.error(type="delete", file=name)["kind"] == "bad_file"
        assert second.error(type="delete", file="../x.json")["kind"] == "bad_file"
        assert second.error(type="delete")["kind"] == "missing_field"


def test_take_over_is_a_boolean(client: TestClient) -> None:
    with table(client) as opened:
        error = opened.error(type="resume", file="x.json", take_over="yes")
        assert error["kind"] == "wrong_type" and error["field"] == "take_over"


def test_new_games_are_bounded_across_reconnects(games_dir: Path) -> None:
    app = create_app(make_options(games_per_launch=2))
    with TestClient(app, base_url=f"http://{HOST}") as client:
        for _ in range(2):
            with table(client) as opened:  # a page that reconnects
                human_to_move(opened, "durak")
        with table(client) as opened:
            error = opened.error(type="new", game="durak")
            assert error["kind"] == "too_many_games" and "2" in error["text"]
    assert len(saved_games(games_dir)) == 2


def test_resumed_in_another_language(client: TestClient, games_dir: Path) -> None:
    runner = CliRunner()
    # Seed 3: the computer leads; the game is saved in Russian.
    run(runner, ["play", "durak", "--seed", "3", "--lang", "ru"], stdin="quit\n")
    [path] = saved_games(games_dir)
    with table(client, lang="en") as opened:
        state = opened.ask_one(type="resume", file=path.name)
        assert state["type"] == "state"
        answer = opened.ask_one(type="text", text="беру")
        assert answer["type"] == "state", answer
        assert load_log(path).moves[1]["move"] == "take"
    assert json.loads(path.read_text())["lang"] == "en"


def test_old_empty_saves_do_not_push_real_games_out(client: TestClient, games_dir: Path) -> None:
    with table(client) as opened:
        real = human_to_move(opened)["file"]
    # Files of games nobody played, as earlier versions wrote on every deal.
    games_dir.mkdir(parents=True, exist_ok=True)
    template = json.loads((games_dir / real).read_text())
    for n in range(45):
        empty = dict(template, moves=[], finished=False, outcome=None, id=f"empty{n}")
        (games_dir / f"durak-20260101-000000-{n}.json").write_text(json.dumps(empty))
    with table(client) as opened:
        listed = opened.ask_one(type="saves")["games"]
    assert [game["file"] for game in listed] == [real]


def test_resuming_its_own_game_again(client: TestClient, games_dir: Path) -> None:
    with table(client) as opened:
        state = human_to_move(opened)
        again = opened.ask_one(type="resume", file=state["file"])
        assert again["type"] == "state" and again["moves_played"] == state["moves_played"]
