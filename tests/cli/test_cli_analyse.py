"""``cardavia analyse-games`` and the ``--ray`` options, through CliRunner.

Saved games are made here as the play session saves them: the computer
searching with ``opponent.move_seed``. At ``normal`` the analysis at the
same level agrees with every one of its moves; ``easy`` picks plausibly
(mostly the analysis's first move, sometimes another it liked), so its own
moves lose a little. A damaged file is reported and the others analysed;
without Ray the message says how to install it.
"""

from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path
from typing import Any

import cardavia
import pytest
from cardavia_cli.play.opponent import move_seed
from cardavia_cli.play.saves import GameLog, write_log
from cardavia_cli.terminal.analyse_view import move_words
from cardavia_cli.words import i18n
from cardavia_cli.words.card_faces import CardView
from cli_helpers import LANGUAGES, run
from click.testing import CliRunner

WORST_MOVE = {
    "en": "Worst move",
    "ru": "Худший ход",
    "uk": "Найгірший хід",
    "el": "Χειρότερη κίνηση",
    "vi": "Nước tệ nhất",
    "ms": "Langkah terburuk",
    "nb": "Verste trekk",
    "de": "Schlechtester Zug",
}


def saved_game(
    path: Path, game: str, seed: int, finished: bool = True, level: str = "easy"
) -> Path:
    """A game of a random human (seat 0) against the computer at ``level``."""
    log = GameLog(game=game, seed=seed, deck=None, levels={"0": "human", "1": level})
    g = log.new_game()
    rng = random.Random(seed)
    while not g.is_over and (finished or len(log.moves) < 10):
        seat = g.current_player
        assert seat is not None
        obs = g.observation(seat)
        if seat == 1:
            move = cardavia.ai.choose_move(obs, level=level, seed=move_seed(seed, len(log.moves)))
        else:
            move = rng.choice(obs["legal_moves"])
        log.record(seat, move)
        g.play(move)
    log.finished, log.outcome = g.is_over, g.outcome
    return write_log(log, path)


@pytest.fixture
def games(tmp_path: Path) -> list[Path]:
    return [
        saved_game(tmp_path / "durak.json", "durak", 3),
        saved_game(tmp_path / "schnapsen.json", "schnapsen", 4, finished=False),
    ]


def analyse(
    runner: CliRunner, files: list[Path], *extra: str, level: str = "easy"
) -> tuple[int, str]:
    return run(runner, ["analyse-games", *map(str, files), "--level", level, *extra])


def test_analyse_games_as_json(runner: CliRunner, games: list[Path], tmp_path: Path) -> None:
    out = tmp_path / "decisions.jsonl"
    code, text = analyse(runner, games, "--json", "--out", str(out))
    assert code == 0
    result = json.loads(text)
    assert result["level"] == "easy" and result["errors"] == []
    durak, schnapsen = result["games"]
    assert durak["label"] == str(games[0]) and durak["finished"]
    assert not schnapsen["finished"] and schnapsen["moves"] == 10
    for analysed in (durak, schnapsen):
        computer = analysed["summary"][1]
        assert computer["agreed"] <= computer["decisions"] and computer["decisions"] > 0
        assert computer["ev_lost"] >= 0
        assert analysed["players"] == {"0": "human", "1": "easy"}
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    decisions = [line for line in lines if line["kind"] == "decision"]
    assert len(decisions) == durak["moves"] + schnapsen["moves"]
    assert [line["player"] for line in lines if line["kind"] == "summary"] == ["human", "easy"] * 2
    assert decisions[0]["file"] == str(games[0]) and "moves" in decisions[0]


def test_the_computer_loses_nothing_at_its_own_best_level(
    runner: CliRunner, tmp_path: Path
) -> None:
    path = saved_game(tmp_path / "n.json", "schnapsen", 4, finished=False, level="normal")
    code, text = analyse(runner, [path], "--json", level="normal")
    assert code == 0
    computer = json.loads(text)["games"][0]["summary"][1]
    assert computer["agreed"] == computer["decisions"] > 0 and computer["ev_lost"] == 0


@pytest.mark.parametrize("lang", LANGUAGES)
def test_analyse_games_in_every_language(
    runner: CliRunner, games: list[Path], lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    code, text = analyse(runner, games, "--lang", lang)
    assert code == 0
    assert WORST_MOVE[lang] in text
    assert str(games[1].name) in " ".join(text.split())
    # Moves in the table's words, never the engine's notation.
    assert not re.search(r"\b(attack|defend|transfer|take|stop|play|marriage):", text)


@pytest.mark.parametrize(
    ("lang", "game", "move", "words"),
    [
        ("en", "durak", "attack:6S", "attack 6♠"),
        ("en", "durak", "defend:AD", "beat Т♦"),
        ("en", "durak", "take", "take"),
        ("de", "perevodnoy", "transfer:7H", "weitergeben 7♥"),
        ("en", "schnapsen", "play:TS", "10♠"),
        ("de", "schnapsen", "marriage:KH", "ansagen K♥"),
    ],
)
def test_a_move_in_the_analysis_reads_as_typed(lang: str, game: str, move: str, words: str) -> None:
    i18n.set_language(lang)
    assert move_words(move, CardView(game, color=False)) == words


def test_a_damaged_file_is_reported_and_the_others_analysed(
    runner: CliRunner, games: list[Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "cardavia-game-log"')
    missing = tmp_path / "missing.json"
    code, text = analyse(runner, [games[0], broken, missing], "--json")
    assert code == 1
    result = json.loads(text)
    assert [g["label"] for g in result["games"]] == [str(games[0])]
    assert [e["file"] for e in result["errors"]] == [str(broken), str(missing)]
    assert "damaged or truncated" in result["errors"][0]["error"]
    assert broken.read_text() == '{"format": "cardavia-game-log"', "never written over"
    monkeypatch.setenv("COLUMNS", "200")
    code, text = analyse(runner, [broken, games[0]], "--lang", "de")
    assert code == 1 and "Schlechtester Zug" in text and "broken.json" in text


def test_only_damaged_files(runner: CliRunner, tmp_path: Path) -> None:
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"format": "something else"}))
    code, text = analyse(runner, [other])
    assert code == 1 and "not a Cardavia game log" in text


def test_out_in_a_missing_folder(runner: CliRunner, games: list[Path], tmp_path: Path) -> None:
    code, text = analyse(runner, games, "--out", str(tmp_path / "no" / "such.jsonl"))
    assert code == 1 and "Cannot write" in text


def test_analyse_games_progress_bar(
    runner: CliRunner, games: list[Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TTY_COMPATIBLE", "1")
    monkeypatch.setenv("NO_COLOR", "1")
    code, text = analyse(runner, games)
    assert code == 0 and "2/2" in text


def test_analyse_games_on_ray(runner: CliRunner, games: list[Path], ray_local: Any) -> None:
    local = json.loads(analyse(runner, games, "--json")[1])
    code, text = analyse(runner, games, "--json", "--ray")
    assert code == 0 and json.loads(text) == local


def test_tournament_on_ray(runner: CliRunner, ray_local: Any, tmp_path: Path) -> None:
    args = ["tournament", "durak", "--a", "easy", "--b", "greedy", "--deals", "2", "--seed", "3"]
    journal = tmp_path / "t.jsonl"
    code, text = run(runner, [*args, "--json", "--ray", "--journal", str(journal)])
    assert code == 0
    remote = json.loads(text)
    local = json.loads(run(runner, [*args, "--json"])[1])
    for key in ("seconds_per_move", "resumed_games"):
        remote.pop(key, None), local.pop(key, None)
    assert remote == local
    assert len(journal.read_text().splitlines()) == 5


@pytest.mark.parametrize(
    ("command", "lang", "words"),
    [
        (["analyse-games", "GAME", "--ray"], "en", "Ray is not installed here"),
        (["analyse-games", "GAME", "--address", "auto"], "de", "Ray ist hier nicht installiert"),
        (["tournament", "durak", "--deals", "1", "--ray"], "ru", "Ray здесь не установлен"),
    ],
)
def test_without_ray_the_options_say_how_to_install_it(
    runner: CliRunner, games: list[Path], monkeypatch: pytest.MonkeyPatch,
    command: list[str], lang: str, words: str,
) -> None:  # fmt: skip
    monkeypatch.setitem(sys.modules, "ray", None)
    args = [str(games[0]) if arg == "GAME" else arg for arg in command]
    code, text = run(runner, [*args, "--lang", lang])
    assert code == 1
    flat = " ".join(text.split())
    assert words in flat and "pip install './[ray]'" in flat
    code, text = run(runner, [*args, "--json"])
    assert code == 1 and "pip install './[ray]'" in json.loads(text)["error"]


def test_help_lists_analyse_games_and_the_ray_options(runner: CliRunner) -> None:
    assert "analyse-games" in run(runner, ["--help"])[1]
    for command in ("analyse-games", "tournament"):
        text = run(runner, [command, "--help"])[1]
        assert "--ray" in text and "--address" in text


def test_analyse_games_interrupted(
    runner: CliRunner, games: list[Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupted(*_args: Any, **_kw: Any) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setattr("cardavia.analysis.analyse_games", interrupted)
    code, text = analyse(runner, games, "--lang", "ru")
    assert code == 130 and "Остановлено: разбор прерван." in text
