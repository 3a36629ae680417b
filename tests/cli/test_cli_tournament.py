"""``cardavia tournament`` and ``cardavia bench`` through click's CliRunner.

Tournaments are tiny (a deal or two, bots or ``ai:N`` with small N); the
benchmark runs with its quick budgets shrunk further, or renders a canned
result, so the whole file takes a few seconds.
"""

from __future__ import annotations

import json
from typing import Any

import cardavia
import pytest
from cardavia_cli.main import app
from cardavia_cli.play import measure
from cardavia_cli.terminal.bench import render_bench
from cardavia_cli.terminal.tournament_view import render_tournament
from cardavia_cli.words import i18n
from cli_helpers import LANGUAGES, run
from click.testing import CliRunner
from rich.console import Console

TOURNAMENT_TITLE = {
    "en": "Tournament",
    "ru": "Турнир",
    "uk": "Турнір",
    "el": "Τουρνουά",
    "vi": "Giải đấu",
    "ms": "Kejohanan",
    "nb": "Turnering",
    "de": "Turnier",
}
SECONDS_PER_MOVE = {
    "en": "Time per move",
    "ru": "Время на ход",
    "uk": "Час на хід",
    "el": "Χρόνος ανά κίνηση",
    "vi": "Thời gian mỗi nước",
    "ms": "Masa setiap langkah",
    "nb": "Tid per trekk",
    "de": "Zeit pro Zug",
}
ENGINE_SPEED = {
    "en": "Engine speed",
    "ru": "Скорость движка",
    "uk": "Швидкість рушія",
    "el": "Ταχύτητα μηχανής",
    "vi": "Tốc độ bộ máy",
    "ms": "Kelajuan enjin",
    "nb": "Motorhastighet",
    "de": "Tempo der Engine",
}
TINY = measure.Budgets(
    rust_games=20,
    reference_games=1,
    rust_iterations=300,
    reference_iterations=10,
    positions=1,
    repeats=1,
)


@pytest.fixture
def tiny_bench(monkeypatch: pytest.MonkeyPatch) -> None:
    """Quick budgets small enough for a test, and levels of a few iterations."""
    monkeypatch.setattr(measure, "QUICK", TINY)
    for level, budget in (("easy", 10), ("normal", 20), ("hard", 30)):
        monkeypatch.setitem(cardavia.ai.LEVELS, level, budget)


def tournament_args(game: str = "durak", *extra: str) -> list[str]:
    return ["tournament", game, "--a", "ai:20", "--b", "random", "--deals", "1", *extra]


# ------------------------------------------------------------- tournament


def test_help_lists_the_new_commands(runner: CliRunner) -> None:
    code, out = run(runner, ["--help"])
    assert code == 0
    assert "tournament" in out and "bench" in out
    code, out = run(runner, ["tournament", "--help"])
    assert code == 0
    for option in ("--a", "--b", "--deals", "--seed", "--threads", "--json", "--lang"):
        assert option in out


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", ["durak", "schnapsen"])
def test_tournament_table_in_every_language(runner: CliRunner, lang: str, game: str) -> None:
    code, out = run(runner, [*tournament_args(game, "--seed", "3"), "--lang", lang])
    assert code == 0, out
    assert TOURNAMENT_TITLE[lang] in out
    assert SECONDS_PER_MOVE[lang] in out
    assert "A: ai:20" in out and "B: random" in out


def test_tournament_table_shows_intervals_and_rows(runner: CliRunner) -> None:
    code, out = run(runner, tournament_args("durak", "--seed", "5", "--deals", "2"))
    assert code == 0
    for label in ("Games won", "Draws", "Decided games won", "Score (a draw counts half)"):
        assert label in out
    assert "2 deals played twice with the seats swapped (4 games), seed 5" in out
    assert "95-percent confidence intervals" in out
    assert "%" in out and "–" in out
    code, out = run(runner, tournament_args("schnapsen", "--seed", "5"))
    assert code == 0
    for label in ("Matches won", "Game points per deal", "Deals played"):
        assert label in out
    assert "1 deal played twice" in out


def test_tournament_plural_forms(runner: CliRunner) -> None:
    forms = {
        1: "1 раздача сыграна",
        2: "2 раздачи сыграны",
        5: "5 раздач сыграно",
    }
    for deals, text in forms.items():
        args = ["tournament", "durak", "--a", "random", "--b", "greedy", "--deals", str(deals)]
        code, out = run(runner, [*args, "--seed", "1", "--lang", "ru"])
        assert code == 0 and text in out, out


def test_tournament_json_is_not_localized(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CARDAVIA_LANG", "ru")
    code, out = run(runner, [*tournament_args("durak", "--seed", "7", "--json"), "--lang", "de"])
    assert code == 0
    data = json.loads(out)
    assert data["game"] == "durak" and data["games"] == 2 and data["seed"] == 7
    assert data["a"] == "ai:20" and data["b"] == "random"
    assert data["a_wins"] + data["draws"] + data["a_losses"] == 2
    assert isinstance(data["a_win_rate_ci"], list) and len(data["a_win_rate_ci"]) == 2
    assert "Турнир" not in out and "Turnier" not in out


def test_tournament_json_matches_the_engine(runner: CliRunner) -> None:
    code, out = run(runner, tournament_args("schnapsen", "--seed", "9", "--json"))
    assert code == 0
    data = json.loads(out)
    expected = cardavia.tournament("schnapsen", "ai:20", "random", deals=1, seed=9)
    expected = json.loads(json.dumps(expected))
    del data["seconds_per_move"], expected["seconds_per_move"]
    assert data == expected


def test_tournament_without_seed_records_the_one_it_drew(runner: CliRunner) -> None:
    code, out = run(runner, ["tournament", "durak", "--a", "random", "--b", "greedy", "--json"])
    assert code == 0
    data = json.loads(out)
    assert isinstance(data["seed"], int) and data["deals"] == 20 and data["a"] == "random"


def test_tournament_threads(runner: CliRunner) -> None:
    one = json.loads(
        run(runner, tournament_args("durak", "--seed", "2", "--json", "--threads", "1"))[1]
    )
    two = json.loads(
        run(runner, tournament_args("durak", "--seed", "2", "--json", "--threads", "2"))[1]
    )
    del one["seconds_per_move"], two["seconds_per_move"]
    assert one == two


@pytest.mark.parametrize(
    ("lang", "message"),
    [("en", "Cannot run the tournament"), ("de", "Turnier nicht möglich"), ("ru", "Не удалось")],
)
def test_tournament_unknown_player(runner: CliRunner, lang: str, message: str) -> None:
    code, out = run(runner, ["tournament", "durak", "--a", "expert", "--lang", lang])
    assert code == 1
    assert message in out and "expert" in out


def test_tournament_unknown_player_in_json(runner: CliRunner) -> None:
    code, out = run(runner, ["tournament", "durak", "--b", "ai:lots", "--json"])
    assert code == 1
    assert "ai:lots" in json.loads(out)["error"]


@pytest.mark.parametrize(
    "args",
    [
        ["tournament", "chess"],
        ["tournament", "durak", "--deals", "0"],
        ["tournament", "durak", "--seed", "-1"],
        ["tournament", "durak", "--threads", "0"],
        ["tournament", "durak", "--deals", "many"],
        ["tournament"],
    ],
)
def test_tournament_bad_options(runner: CliRunner, args: list[str]) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2


# ------------------------------------------------------------------ bench


def test_bench_quick_json(runner: CliRunner, tiny_bench: None) -> None:
    code, out = run(runner, ["bench", "--quick", "--json", "--lang", "ru"])
    assert code == 0
    data = json.loads(out)
    assert data["quick"] is True and data["budgets"]["rust_iterations"] == 300
    assert set(data["games"]) == set(cardavia.GAMES)
    for figures in data["games"].values():
        assert figures["engine"]["rust_games_per_second"] > 0
        assert figures["engine"]["reference_games_per_second"] > 0
        assert figures["search"]["rust_iterations_per_second"] > 0
        assert figures["search"]["reference_iterations_per_second"] > 0
        assert set(figures["seconds_per_move"]) == {"easy", "normal", "hard"}
    assert set(data["targets"]) == {
        "durak_iterations_per_second",
        "search_ratio",
        "normal_seconds_per_move",
    }
    for target in data["targets"].values():
        assert set(target) == {"value", "target", "met"} and isinstance(target["met"], bool)
    assert data["targets"]["normal_seconds_per_move"]["target"] == 0.25


def test_bench_quick_table(runner: CliRunner, tiny_bench: None) -> None:
    code, out = run(runner, ["bench", "--quick"])
    assert code == 0
    for text in (
        "Engine speed",
        "Search speed",
        "Time per move of the computer",
        "Durak",
        "Transferable Durak",
        "Schnapsen",
        "Quick run",
        "target",
    ):
        assert text in out
    assert "met" in out or "missed" in out


def canned_bench(quick: bool = False) -> dict[str, Any]:
    game = {
        "engine": {
            "rust_games_per_second": 250_000.0,
            "reference_games_per_second": 1_500.5,
            "ratio": 166.6,
        },
        "search": {
            "rust_iterations_per_second": 310_000.0,
            "reference_iterations_per_second": 900.0,
            "ratio": 344.4,
        },
        "seconds_per_move": {"easy": 0.004, "normal": 0.07, "hard": 0.41},
    }
    return {
        "quick": quick,
        "budgets": {},
        "cardavia": cardavia.__version__,
        "games": {name: game for name in cardavia.GAMES},
        "targets": {
            "durak_iterations_per_second": {"value": 310_000.0, "target": 200_000, "met": True},
            "search_ratio": {"value": 344.4, "target": 100.0, "met": True},
            "normal_seconds_per_move": {"value": 0.3, "target": 0.25, "met": False},
        },
    }


def render(renderable: Any) -> str:
    console = Console(width=100, no_color=True, record=True)
    console.print(renderable)
    return console.export_text()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_bench_renders_in_every_language(lang: str) -> None:
    i18n.set_language(lang)
    out = render(render_bench(canned_bench()))
    assert ENGINE_SPEED[lang] in out
    # Numbers in the language's own notation: 310,000 / 310 000 / 310.000.
    assert any(f"310{sep}000" in out for sep in (",", ".", "\u00a0", "\u202f", " "))
    assert "344×" in out and "70" in out


def test_bench_marks_missed_targets() -> None:
    i18n.set_language("en")
    out = render(render_bench(canned_bench(quick=True)))
    assert "(target 200,000) · met" in out
    assert "(target at most 0.250 s) · missed" in out
    assert "Quick run" in out
    assert "4.00 ms" in out and "0.410 s" in out


def test_tournament_renders_numbers_in_german() -> None:
    i18n.set_language("de")
    result = cardavia.tournament("durak", "random", "greedy", deals=2, seed=1)
    out = render(render_tournament(result))
    assert "Gewonnene Partien" in out and "," in out


def test_tournament_journal_resumes_with_its_own_seed(runner: CliRunner, tmp_path: Any) -> None:
    path = tmp_path / "durak.jsonl"
    args = ["tournament", "durak", "--a", "random", "--b", "greedy", "--deals", "2"]
    code, out = run(runner, [*args, "--seed", "11", "--json", "--journal", str(path)])
    assert code == 0
    first = json.loads(out)
    assert first["resumed_games"] == 0 and len(path.read_text().splitlines()) == 5
    # No --seed: the journal's own seed, and every game is already played.
    code, out = run(runner, [*args, "--json", "--journal", str(path)])
    again = json.loads(out)
    assert code == 0 and again["seed"] == 11 and again["resumed_games"] == 4
    del first["seconds_per_move"], first["resumed_games"]
    del again["seconds_per_move"], again["resumed_games"]
    assert again == first


def test_tournament_journal_of_another_tournament(runner: CliRunner, tmp_path: Any) -> None:
    path = tmp_path / "t.jsonl"
    base = ["tournament", "durak", "--a", "random", "--b", "greedy", "--deals", "1"]
    assert run(runner, [*base, "--seed", "1", "--journal", str(path)])[0] == 0
    code, out = run(runner, [*base, "--seed", "2", "--journal", str(path)])
    assert code == 1 and "another tournament" in out
    code, out = run(runner, [*base, "--seed", "2", "--json", "--journal", str(path)])
    assert code == 1 and "another tournament" in json.loads(out)["error"]


def test_tournament_progress_bar_on_a_terminal(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TTY_COMPATIBLE", "1")
    monkeypatch.setenv("NO_COLOR", "1")
    args = tournament_args("durak", "--seed", "4", "--deals", "2")
    code, out = run(runner, [*args, "--lang", "en"])
    assert code == 0
    assert "4/4" in out, "the bar counts the games"
    assert "Tournament" in out


def test_tournament_against_a_program(runner: CliRunner) -> None:
    import shlex
    import sys

    program = f"cmd:{shlex.quote(sys.executable)} -m cardavia.serve greedy"
    args = ["tournament", "perevodnoy", "--b", "random", "--deals", "1", "--seed", "6", "--json"]
    code, out = run(runner, [*args, "--a", program])
    assert code == 0
    served = json.loads(out)
    local = json.loads(run(runner, [*args, "--a", "greedy"])[1])
    assert served["a"] == program
    for key in ("a_wins", "draws", "a_losses"):
        assert served[key] == local[key]


@pytest.mark.parametrize(
    ("lang", "journal", "words"),
    [
        ("en", False, "Stopped after 3 of 8 games. Add --journal FILE"),
        ("en", True, "Stopped after 3 of 8 games; they are kept in"),
        ("de", True, "Angehalten nach 3 von 8 Partien"),
        ("ru", False, "Остановлено после 3 из 8 партий"),
        ("uk", True, "Зупинено після 3 з 8 партій"),
    ],
)
def test_tournament_interrupted(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch, tmp_path: Any,
    lang: str, journal: bool, words: str,
) -> None:  # fmt: skip
    def interrupted(*_args: Any, progress: Any = None, **_kw: Any) -> Any:
        for done in (1, 2, 3):
            progress(done, 8)
        raise KeyboardInterrupt

    monkeypatch.setattr(cardavia, "tournament", interrupted)
    extra = ["--journal", str(tmp_path / "j.jsonl")] if journal else []
    code, out = run(runner, [*tournament_args("durak", "--deals", "4"), *extra, "--lang", lang])
    assert code == 130
    assert words in " ".join(out.split())
    code, out = run(runner, [*tournament_args("durak", "--deals", "4"), "--json"])
    assert code == 130 and "Stopped after 3 of 8 games" in json.loads(out)["error"]
