"""Whole games through stdin, machine mode, the opponent module."""

from __future__ import annotations

import json
import os
from pathlib import Path

import cardavia
import pytest
from cardavia_cli.main import app
from cardavia_cli.play import opponent
from cli_helpers import GAMES, StandIn, run, saved_games
from click.testing import CliRunner

# Taken at import, before the ``stand_ins`` fixture replaces it for each test.
product_opponent = opponent.for_level

END_TEXTS = (
    "You win! The computer is the durak.",
    "You are the durak. The computer wins.",
    "A draw: nobody is the durak.",
    "You win the match!",
    "The computer wins the match.",
)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_always_answering_1_reaches_the_end(
    runner: CliRunner, game: str, seed: int, games_dir: Path
) -> None:
    code, out = run(runner, ["play", game, "--seed", str(seed)], stdin="1\n" * 3000)
    assert code == 0
    assert any(text in out for text in END_TEXTS), out[-2000:]
    # A Schnapsen player has played a match, not a game.
    saved = "The match is saved in" if game == "schnapsen" else "The game is saved in"
    assert saved in out and ("The game is saved in" in out) == (game != "schnapsen")
    [path] = saved_games(games_dir)
    log = json.loads(path.read_text())
    assert log["finished"] is True and log["outcome"] is not None
    assert log["schema"] == 1 and log["game"] == game and log["seed"] == seed
    assert {m["seat"] for m in log["moves"]} == {0, 1}
    replayed = cardavia.new_game(game, seed=seed)
    for entry in log["moves"]:
        assert replayed.current_player == entry["seat"]
        replayed.play(entry["move"])
    assert replayed.is_over and replayed.outcome == log["outcome"]


def test_forced_moves_are_played_with_a_note(runner: CliRunner) -> None:
    _, out = run(runner, ["play", "durak", "--seed", "3"], stdin="1\n" * 3000)
    assert "Only one move is possible; it is played for you." in out


def test_a_whole_game_in_russian(runner: CliRunner) -> None:
    _, out = run(runner, ["play", "perevodnoy", "--seed", "4", "--lang", "ru"], stdin="1\n" * 3000)
    assert any(t in out for t in ("Вы победили!", "Вы остались в дураках.", "Ничья"))
    assert "Компьютер" in out


def test_invalid_input_changes_nothing(runner: CliRunner, games_dir: Path) -> None:
    _, out = run(runner, ["play", "durak", "--seed", "3"], stdin="hello\nAH\n6S\nstop\nquit\n")
    assert "“hello” is not a move" in out
    assert "You do not hold Т♥." in out
    assert "You cannot stop: only the attacker ends the bout. Beat 7♦ or take." in out
    [path] = saved_games(games_dir)
    moves = json.loads(path.read_text())["moves"]
    assert [m["seat"] for m in moves] == [1]  # only the computer's opening attack


def test_ambiguous_input_lists_the_options(runner: CliRunner, games_dir: Path) -> None:
    # Seed 3, durak: seat 0 defends against 7♦ with 8♦ or Д♦; "Д♦" is direct,
    # a bare "take" too. Schnapsen: find a seed where a king with its queen is held.
    for seed in range(200):
        g = cardavia.new_game("schnapsen", seed=seed)
        marriages = [m for m in g.legal_moves() if m.startswith("marriage:K")]
        if marriages:
            break
    card = marriages[0].split(":")[1]
    _, out = run(runner, ["play", "schnapsen", "--seed", str(seed)], stdin=f"{card}\n2\nquit\n")
    assert "That could mean several moves:" in out
    assert "Declare the marriage" in out
    log = json.loads(saved_games(games_dir)[0].read_text())
    assert log["moves"][0]["move"] == f"marriage:{card}"


def test_hint_shows_the_suggestion(runner: CliRunner) -> None:
    _, out = run(runner, ["play", "durak", "--seed", "3"], stdin="?\nhelp\nrules\nquit\n")
    assert "The computer suggests:" in out
    flat = " ".join(out.split())
    assert "Your chance to win the game after each move" in flat
    assert "(a draw counts half)" in flat and ": 50%" in flat
    assert "How to move:" in out


def test_machine_mode(runner: CliRunner, games_dir: Path) -> None:
    lines = ["bogus", "attack:AS"]
    result = runner.invoke(
        app, ["play", "durak", "--seed", "3", "--json", "--lang", "ru"], input="\n".join(lines)
    )
    assert result.exit_code == 0
    outputs = [json.loads(line) for line in result.output.splitlines()]
    assert len(outputs) == 3
    first = outputs[0]
    assert first["ai_moves"] == ["attack:7D"] and first["current_player"] == 0
    assert first["hand"] == cardavia.new_game("durak", seed=3).observation(0)["hand"]
    assert "error" not in first
    assert "bogus" in outputs[1]["error"] and outputs[1]["ai_moves"] == []
    assert "error" in outputs[2]
    assert not any("\u0400" <= ch <= "\u04ff" for ch in result.output)  # never localized


@pytest.mark.parametrize("game", GAMES)
def test_machine_mode_plays_to_the_end(runner: CliRunner, game: str) -> None:
    """Drive machine mode with the moves a shadow game says are legal."""
    from cardavia_cli.play.logged_game import LoggedGame
    from cardavia_cli.play.saves import GameLog
    from cardavia_cli.terminal.machine import run_machine

    log = GameLog(game=game, seed=9, deck=None, levels={"0": "human", "1": "easy"})
    engine = log.new_game()

    class Feed:
        def __init__(self) -> None:
            self.out: list[dict[str, object]] = []

        def write(self, text: str) -> None:
            for line in text.splitlines():
                self.out.append(json.loads(line))

        def flush(self) -> None:
            pass

    feed = Feed()

    def moves() -> object:
        while True:
            state = feed.out[-1]
            if state["outcome"] is not None:
                return
            yield sorted(state["legal_moves"])[0]  # type: ignore[arg-type]

    played = LoggedGame(engine, log, StandIn("easy"))  # type: ignore[arg-type]
    run_machine(played, moves(), feed)  # type: ignore[arg-type]
    assert feed.out[-1]["outcome"] is not None
    assert all("error" not in state for state in feed.out)


def test_the_commands_build_the_opponent_at_the_chosen_level(
    runner: CliRunner, games_dir: Path, stand_ins: list[StandIn]
) -> None:
    run(runner, ["play", "durak", "--seed", "3", "--level", "hard"], stdin="1\nquit\n")
    [path] = saved_games(games_dir)
    run(runner, ["play", "durak", "--resume", str(path)], stdin="quit\n")  # the saved level
    run(runner, ["play", "durak", "--seed", "3", "--json"], stdin="")  # the default level
    run(runner, ["replay", str(path), "--all"])  # replays analyse at the game's level
    run(runner, ["replay", str(path), "--all", "--level", "normal"])
    assert [o.level for o in stand_ins] == ["hard", "hard", "normal", "hard", "normal"]


def test_the_opponent_is_cardavia_ai_at_the_level(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDAVIA_OPPONENT", "fallback")  # once a switch; now nothing
    built = product_opponent("easy")
    assert built == opponent.AiOpponent("easy")
    obs = cardavia.new_game("schnapsen", seed=2).observation(0)
    assert built.choose(obs, 7) == cardavia.ai.choose_move(obs, level="easy", seed=7)
    rows = built.analyse(obs, 8)
    assert rows == cardavia.ai.analyse(obs, level="easy", seed=8)
    assert {row["move"] for row in rows} == set(obs["legal_moves"])


def test_the_engine_resolves_the_level(monkeypatch: pytest.MonkeyPatch) -> None:
    """The CLI passes ``level=`` through: what ``choose_move(level=)`` plays is
    what the CLI plays, and no CLI module maps names to budgets."""
    calls: list[tuple[str, dict[str, object]]] = []

    def recorder(name: str, answer: object) -> object:
        def record(_observation: object, **options: object) -> object:
            calls.append((name, options))
            return answer

        return record

    monkeypatch.setattr(cardavia.ai, "choose_move", recorder("choose_move", "take"))
    monkeypatch.setattr(cardavia.ai, "analyse", recorder("analyse", []))
    opponent.AiOpponent("hard").choose({}, 3)
    opponent.AiOpponent("normal").analyse({}, 4)
    cores = opponent.threads_for("hard")
    assert cores == min(os.cpu_count() or 1, cardavia.ai.MAX_THREADS)
    assert calls == [
        ("choose_move", {"level": "hard", "seed": 3, "threads": cores}),
        ("analyse", {"level": "normal", "seed": 4, "threads": 1}),
    ]


def test_an_unknown_level_is_refused_by_the_engine() -> None:
    obs = cardavia.new_game("durak", seed=5).observation(0)
    with pytest.raises(cardavia.InvalidArgumentError, match="unknown level"):
        opponent.AiOpponent("impossible").choose(obs, 1)
    assert opponent.LEVELS is cardavia.ai.LEVELS
