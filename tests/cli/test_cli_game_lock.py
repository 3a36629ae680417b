"""One saved game open in one place (play/game_lock.py): the lock, a crashed
holder, taking over; in the terminal: the prompt, --take-over, a game taken
over while it is played, and the saves the terminal keeps tidy."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from cardavia_cli.play.game_lock import (
    GameLock,
    OpenElsewhere,
    TakenOver,
    holder_of,
    lock_path,
)
from cardavia_cli.play.logged_game import LoggedGame
from cardavia_cli.play.saves import load_log, new_log, rebuild
from cardavia_cli.words.card_faces import CardView
from cli_helpers import StandIn, run, saved_games
from click.testing import CliRunner

VIEW = CardView("durak", color=False)


def a_save(games_dir: Path) -> Path:
    """A saved Durak game with a few moves (seed 3: the computer leads)."""
    log = new_log("durak", "easy", seed=3)
    played = LoggedGame(log.new_game(), log, StandIn("easy"))  # type: ignore[arg-type]
    obs, seed = played.computer_request()
    played.play(1, played.opponent.choose(obs, seed), VIEW)
    played.save()
    played.close()
    assert log.path is not None and log.path.parent == games_dir
    return log.path


def test_a_game_is_locked_once(games_dir: Path) -> None:
    path = a_save(games_dir)
    first = GameLock.acquire(path, "web")
    with pytest.raises(OpenElsewhere) as refused:
        GameLock.acquire(path, "terminal")
    assert refused.value.holder is not None and refused.value.holder.where == "web"
    assert "open elsewhere" in refused.value.text() and "browser" in refused.value.text()
    assert holder_of(path) is not None
    first.release()
    assert holder_of(path) is None and not lock_path(path).exists()
    GameLock.acquire(path, "terminal").release()


def test_a_crashed_holder_leaves_no_stuck_lock(games_dir: Path) -> None:
    path = a_save(games_dir)
    # A process that takes the lock and dies at once, without letting go.
    script = (
        "import os, signal, sys; from pathlib import Path;"
        "from cardavia_cli.play.game_lock import GameLock;"
        "GameLock.acquire(Path(sys.argv[1]), 'terminal');"
        "os.kill(os.getpid(), signal.SIGKILL)"
    )
    done = subprocess.run([sys.executable, "-c", script, str(path)], check=False)
    assert done.returncode == -9
    record = json.loads(lock_path(path).read_text())
    assert record["where"] == "terminal" and record["pid"] > 0  # left behind
    assert holder_of(path) is None
    GameLock.acquire(path, "web").release()


def test_taking_over_stops_the_old_holder(games_dir: Path) -> None:
    path = a_save(games_dir)
    old = GameLock.acquire(path, "terminal")
    new = GameLock.acquire(path, "web", take_over=True)
    assert new.held and not old.held
    with pytest.raises(TakenOver):
        old.check()
    new.check()
    # The old holder's leaving does not remove the new holder's lock.
    old.release()
    assert new.held and holder_of(path) is not None
    new.release()
    assert holder_of(path) is None


def test_a_game_taken_over_is_not_written_again(games_dir: Path) -> None:
    path = a_save(games_dir)
    log = load_log(path)
    lock = GameLock.acquire(path, "terminal")
    played = LoggedGame(rebuild(log), log, StandIn("easy"), lock=lock)  # type: ignore[arg-type]
    GameLock.acquire(path, "web", take_over=True)
    before = path.read_bytes()
    played.play(0, played.game.legal_moves()[0], VIEW)
    with pytest.raises(TakenOver):
        played.save()
    assert path.read_bytes() == before


def test_the_terminal_asks_before_taking_over(runner: CliRunner, games_dir: Path) -> None:
    path = a_save(games_dir)
    moves = len(load_log(path).moves)
    held = GameLock.acquire(path, "web")
    code, out = run(runner, ["play", "--resume", str(path)], stdin="n\n")
    assert code == 1
    assert "This game is open elsewhere: at a table in the browser" in out
    assert "--take-over" in out and held.held
    code, out = run(runner, ["play", "--resume", str(path), "--lang", "de"], stdin="j\n1\nquit\n")
    assert code == 0 and "übernehmen" in out
    assert not held.held and len(load_log(path).moves) > moves
    with pytest.raises(TakenOver):
        held.check()


def test_take_over_flag_and_machine_mode(runner: CliRunner, games_dir: Path) -> None:
    path = a_save(games_dir)
    held = GameLock.acquire(path, "web")
    code, out = run(runner, ["play", "--resume", str(path), "--json"], stdin="")
    assert code == 1 and "open elsewhere" in json.loads(out.splitlines()[-1])["error"]
    code, out = run(runner, ["play", "--resume", str(path), "--take-over"], stdin="1\nquit\n")
    assert code == 0 and "open elsewhere" not in out and not held.held


def test_a_game_taken_over_while_played_in_the_terminal(
    runner: CliRunner, games_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = a_save(games_dir)
    answers = iter(["1", "1", "1"])

    def take_over_then_answer(_prompt: str = "") -> str:
        answer = next(answers)
        if answer == "1" and not getattr(take_over_then_answer, "done", False):
            take_over_then_answer.done = True  # type: ignore[attr-defined]
            GameLock.acquire(path, "web", take_over=True)
        return answer

    monkeypatch.setattr("rich.console.Console.input", lambda self, p="": take_over_then_answer(p))
    before = path.read_bytes()
    code, out = run(runner, ["play", "--resume", str(path)])
    assert code == 1
    assert "This game was taken over elsewhere; it is no longer saved here." in out
    assert path.read_bytes() == before


def test_nothing_played_nothing_saved(runner: CliRunner, games_dir: Path) -> None:
    # Seed 11: the player leads, so quitting at once plays no move.
    code, out = run(runner, ["play", "durak", "--seed", "11"], stdin="quit\n")
    assert code == 0 and "Nothing was played, so nothing was saved." in out
    assert saved_games(games_dir) == [] and not list(games_dir.glob(".*"))


def test_a_resumed_game_keeps_its_language(runner: CliRunner, games_dir: Path) -> None:
    code, out = run(runner, ["play", "durak", "--seed", "3", "--lang", "ru"], stdin="quit\n")
    [path] = saved_games(games_dir)
    assert f"--resume {path} --lang ru" in out
    assert json.loads(path.read_text())["lang"] == "ru"
    # Without --lang the game speaks Russian again, and takes its words.
    code, out = run(runner, ["play", "--resume", str(path)], stdin="беру\nquit\n")
    assert code == 0 and "Партия сохранена" in out
    assert load_log(path).moves[1]["move"] == "take"


def test_resumed_in_another_language_the_first_ones_words_still_play(
    runner: CliRunner, games_dir: Path
) -> None:
    run(runner, ["play", "durak", "--seed", "3", "--lang", "ru"], stdin="quit\n")
    [path] = saved_games(games_dir)
    code, out = run(runner, ["play", "--resume", str(path), "--lang", "en"], stdin="беру\nquit\n")
    assert code == 0 and "Game saved" in out and "--lang en" in out
    assert load_log(path).moves[1]["move"] == "take"
    assert load_log(path).lang == "en"


def test_saves_delete(runner: CliRunner, games_dir: Path, tmp_path: Path) -> None:
    kept, gone = a_save(games_dir), a_save(games_dir)
    held = GameLock.acquire(kept, "web")
    code, out = run(runner, ["saves", "--delete", kept.name])
    assert code == 1 and "open elsewhere" in out and kept.exists()
    held.release()
    code, out = run(runner, ["saves", "--delete", gone.name, "--lang", "de"])
    assert code == 0 and gone.name in out and not gone.exists()
    assert saved_games(games_dir) == [kept]
    outside = tmp_path / "other.json"
    outside.write_text("{}")
    code, out = run(runner, ["saves", "--delete", str(outside)])
    assert code == 1 and "is not a saved game of" in out and outside.exists()
    code, out = run(runner, ["saves", "--delete", "nothing.json", "--json"])
    assert code == 1 and "error" in json.loads(out)
    code, out = run(runner, ["saves", "--delete", str(kept), "--json"])
    assert code == 0 and json.loads(out) == {"deleted": str(kept.resolve())}
    assert saved_games(games_dir) == [] and not list(games_dir.glob(".*lock"))


def test_since_when_a_game_is_open() -> None:
    from datetime import date, datetime, timezone

    from cardavia_cli.words.open_elsewhere import _since, open_elsewhere_text

    moment = datetime(2026, 3, 4, 12, 30, tzinfo=timezone.utc)
    local = moment.astimezone()
    assert _since(moment.isoformat(), today=local.date()) == local.strftime("%H:%M")
    assert _since(moment.isoformat(), today=date(2026, 3, 9)) == local.strftime("%Y-%m-%d %H:%M")
    assert _since("not a time") is None
    assert open_elsewhere_text("web", "not a time") == "This game is open elsewhere."
    assert open_elsewhere_text(None, None) == "This game is open elsewhere."


def test_machine_mode_keeps_the_games_language(runner: CliRunner, games_dir: Path) -> None:
    run(runner, ["play", "durak", "--seed", "3", "--lang", "de"], stdin="quit\n")
    [path] = saved_games(games_dir)
    code, _out = run(runner, ["play", "--resume", str(path), "--json", "--save"], stdin="take\n")
    assert code == 0 and load_log(path).moves[1]["move"] == "take"
    assert load_log(path).lang == "de"


def test_the_list_says_how_to_delete_and_names_each_game(
    runner: CliRunner, games_dir: Path
) -> None:
    path = a_save(games_dir)
    code, out = run(runner, ["saves", "--lang", "nb"])
    assert code == 0 and "cardavia saves --delete" in out and path.name in out
    code, out = run(runner, ["saves", "--json"])
    [entry] = json.loads(out)
    assert entry["id"] == load_log(path).id and entry["lang"] == "en"
