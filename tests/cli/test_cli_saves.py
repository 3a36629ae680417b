"""Saving after every move, resuming, replaying, and damaged files."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from cardavia_cli.play.logged_game import LoggedGame
from cardavia_cli.play.saves import GameLog, SaveError, load_log, write_log
from cardavia_cli.terminal.session import PlaySession, Settings
from cardavia_cli.words.card_faces import CardView
from cli_helpers import GAMES, StandIn, run, saved_games
from click.testing import CliRunner
from rich.console import Console


def play_partly(runner: CliRunner, game: str, games_dir: Path, answers: int = 3) -> Path:
    code, out = run(runner, ["play", game, "--seed", "21"], stdin="1\n" * answers + "quit\n")
    assert code == 0
    assert "Game saved. To continue it, run:" in out
    [path] = saved_games(games_dir)
    assert f"cardavia play {game} --resume {path}" in out
    return path


@pytest.mark.parametrize("game", GAMES)
def test_resume_continues_the_same_game(runner: CliRunner, game: str, games_dir: Path) -> None:
    path = play_partly(runner, game, games_dir)
    first = json.loads(path.read_text())
    assert not first["finished"] and first["moves"]
    code, out = run(runner, ["play", game, "--resume", str(path)], stdin="1\n" * 3000)
    assert code == 0 and "Resuming" in out
    resumed = json.loads(path.read_text())
    assert resumed["finished"] is True
    assert resumed["moves"][: len(first["moves"])] == first["moves"]
    assert resumed["created"] == first["created"]
    # The same answers without the break give the very same game.
    straight = games_dir.parent / "straight"
    other = CliRunner()
    result = other.invoke(
        __import__("cardavia_cli.main", fromlist=["app"]).app,
        ["play", game, "--seed", "21"],
        input="1\n" * 3000,
        env={"CARDAVIA_DATA_DIR": str(straight)},
    )
    assert result.exit_code == 0
    [straight_path] = saved_games(straight / "games")
    moves = [m["move"] for m in json.loads(straight_path.read_text())["moves"]]
    assert [m["move"] for m in resumed["moves"]] == moves


def test_resume_a_finished_game_is_refused(runner: CliRunner, games_dir: Path) -> None:
    run(runner, ["play", "durak", "--seed", "2"], stdin="1\n" * 3000)
    [path] = saved_games(games_dir)
    code, out = run(runner, ["play", "durak", "--resume", str(path)])
    assert code == 1 and "already over" in out and "cardavia replay" in out


def test_resume_with_the_wrong_game(runner: CliRunner, games_dir: Path) -> None:
    path = play_partly(runner, "durak", games_dir)
    code, out = run(runner, ["play", "schnapsen", "--resume", str(path)])
    assert code == 1 and "not schnapsen" in out


def test_log_is_written_after_every_move(games_dir: Path) -> None:
    log = GameLog(game="durak", seed=4, deck=None, levels={"0": "human", "1": "easy"})
    game = log.new_game()
    answers = iter(["1", "1"])
    sizes: list[int] = []

    def read_line(_prompt: str) -> str:
        assert log.path is not None
        sizes.append(len(json.loads(log.path.read_text())["moves"]))
        try:
            return next(answers)
        except StopIteration:
            raise KeyboardInterrupt from None

    console = Console(file=io.StringIO(), width=60)
    write_log(log)
    settings = Settings(hints=True, view=CardView("durak", color=False))
    played = LoggedGame(game, log, StandIn("easy"))  # type: ignore[arg-type]
    session = PlaySession(played, settings, console, read_line)
    assert session.run() is False  # Ctrl-C
    assert sizes == sorted(sizes) and sizes[-1] > sizes[0]
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert "Game saved. To continue it, run:" in out and "--resume" in out
    assert load_log(log.path).moves == log.moves  # type: ignore[arg-type]
    assert not list(log.path.parent.glob("*.tmp"))  # type: ignore[union-attr]


@pytest.mark.parametrize("game", GAMES)
def test_replay_all(runner: CliRunner, game: str, games_dir: Path) -> None:
    run(runner, ["play", game, "--seed", "8"], stdin="1\n" * 3000)
    [path] = saved_games(games_dir)
    n = len(json.loads(path.read_text())["moves"])
    code, out = run(runner, ["replay", str(path), "--all"])
    assert code == 0
    assert f"Move 1 of {n}" in out and f"Move {n} of {n}" in out
    assert "from your seat" in out and "from its seat" in out
    assert "The computer" in out


def test_replay_steps_with_enter(runner: CliRunner, games_dir: Path) -> None:
    path = play_partly(runner, "perevodnoy", games_dir, answers=5)
    code, out = run(runner, ["replay", str(path), "--lang", "de"], stdin="\n\nq\n")
    assert code == 0
    assert "Zug 1 von" in out and "Zug 3 von" in out and "Zug 4 von" not in out


BROKEN = {
    "truncated": lambda text: text[: len(text) // 2],
    "not json": lambda text: "this is not a game",
    "empty": lambda text: "",
    "future": lambda text: json.dumps({**json.loads(text), "schema": 99}),
    "wrong format": lambda text: json.dumps({**json.loads(text), "format": "other"}),
    "illegal move": lambda text: json.dumps(
        {**json.loads(text), "moves": [{"seat": 0, "move": "attack:ZZ", "time": "x"}]}
    ),
    "missing field": lambda text: json.dumps(
        {k: v for k, v in json.loads(text).items() if k != "moves"}
    ),
}


@pytest.mark.parametrize("kind", sorted(BROKEN))
def test_damaged_files_are_reported_and_kept(runner: CliRunner, kind: str, games_dir: Path) -> None:
    path = play_partly(runner, "durak", games_dir)
    damaged = BROKEN[kind](path.read_text())
    path.write_text(damaged)
    for args in (["replay", str(path), "--all"], ["play", "durak", "--resume", str(path)]):
        code, out = run(runner, args, stdin="1\n" * 10)
        assert code == 1, (kind, args, out)
        assert "Cannot use the game file" in out
        assert path.read_text() == damaged
    with pytest.raises(SaveError):
        load_log(path)
    if kind == "future":
        assert "newer version" in run(runner, ["replay", str(path)])[1]


def test_missing_file(runner: CliRunner, tmp_path: Path) -> None:
    code, out = run(runner, ["replay", str(tmp_path / "nope.json")])
    assert code == 1 and "does not exist" in out


def test_damaged_file_message_is_localized(runner: CliRunner, games_dir: Path) -> None:
    path = play_partly(runner, "durak", games_dir)
    path.write_text("{")
    code, out = run(runner, ["replay", str(path), "--lang", "ru"])
    assert code == 1 and "повреждён" in out


def test_machine_mode_saves_only_when_asked(runner: CliRunner, games_dir: Path) -> None:
    code, _out = run(runner, ["play", "schnapsen", "--seed", "1", "--json"], stdin="play:QS\n")
    assert code == 0
    assert saved_games(games_dir) == []
    # Saved from the first move: a game nobody played leaves no file.
    code, _out = run(runner, ["play", "schnapsen", "--seed", "1", "--json", "--save"], stdin="")
    assert code == 0
    assert saved_games(games_dir) == []
    code, _out = run(
        runner, ["play", "schnapsen", "--seed", "1", "--json", "--save"], stdin="play:QS\n"
    )
    assert code == 0
    [path] = saved_games(games_dir)
    assert json.loads(path.read_text())["game"] == "schnapsen"
