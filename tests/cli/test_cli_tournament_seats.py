"""``cardavia tournament --players N``: a Durak table of three to six
through click's CliRunner, with bots so the file takes a few seconds. Two
seats are ``test_cli_tournament.py``, unchanged."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import cardavia
import pytest
from cli_helpers import LANGUAGES, run
from click.testing import CliRunner

AS_DURAK = {
    "en": "Games as the durak",
    "ru": "Партий в дураках",
    "uk": "Партій у дурнях",
    "el": "Παρτίδες ως ντουράκ",
    "vi": "Số ván làm durak",
    "ms": "Permainan sebagai durak",
    "nb": "Spill som durak",
    "de": "Partien als Durak",
}
FOR_TWO = {
    "en": "Schnapsen is a game for two: it cannot be played at a table of 3.",
    "ru": "Шнапсен — игра для двоих, а не для 3 игроков.",
    "de": "Schnapsen ist ein Spiel für zwei",
}


def table_args(players: int = 3, *extra: str) -> list[str]:
    return ["tournament", "durak", "--a", "greedy", "--b", "random", "--deals", "2",
            "--players", str(players), *extra]  # fmt: skip


def flat(text: str) -> str:
    return " ".join(text.split())


def test_help_offers_players(runner: CliRunner) -> None:
    code, out = run(runner, ["tournament", "--help"])
    assert code == 0 and "--players" in out and "2<=x<=6" in out


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_table_report_in_every_language(runner: CliRunner, lang: str) -> None:
    code, out = run(runner, [*table_args(4, "--seed", "3"), "--lang", lang])
    assert code == 0, out
    assert AS_DURAK[lang] in out
    assert "A: greedy" in out and "B: random" in out


def test_the_table_report_in_english(runner: CliRunner) -> None:
    code, out = run(runner, table_args(4, "--seed", "3"))
    assert code == 0
    text = flat(out)
    subtitle = "2 deals at a table of 4, each played with A once in every seat (8 games), seed 3"
    assert subtitle in text
    assert "B: random, per seat" in text
    assert "Mean result" in text
    assert "0 for the durak, 1 for every other seat; in a draw, ½ for each of the seats" in text
    assert "Equal players: each is the durak in 25.0% of the games (one in 4)." in text
    assert "95-percent confidence intervals" in text
    assert "Decided games won" not in text, "the duel's rows are not shown"


def test_plural_forms_at_a_table(runner: CliRunner) -> None:
    for deals, words in ((1, "1 раздача сыграна"), (3, "3 раздачи сыграны"), (5, "5 раздач")):
        args = ["tournament", "durak", "--a", "random", "--b", "greedy", "--players", "3"]
        code, out = run(runner, [*args, "--deals", str(deals), "--seed", "1", "--lang", "ru"])
        assert code == 0 and words in flat(out), out
        assert "мест за столом: 3" in flat(out)


def test_the_json_is_the_engines(runner: CliRunner) -> None:
    code, out = run(runner, [*table_args(5, "--seed", "9", "--json"), "--lang", "ru"])
    assert code == 0
    data = json.loads(out)
    expected = cardavia.tournament("durak", "greedy", "random", players=5, deals=2, seed=9)
    expected = json.loads(json.dumps(expected))
    del data["seconds_per_move"], expected["seconds_per_move"]
    assert data == expected and data["players"] == 5 and data["games"] == 10


def test_two_players_named_are_the_duel(runner: CliRunner) -> None:
    base = ["tournament", "durak", "--a", "greedy", "--b", "random", "--deals", "2",
            "--seed", "4", "--json"]  # fmt: skip
    named = json.loads(run(runner, [*base, "--players", "2"])[1])
    plain = json.loads(run(runner, base)[1])
    del named["seconds_per_move"], plain["seconds_per_move"]
    assert named == plain and "players" not in named


@pytest.mark.parametrize(
    ("value", "lang", "words"),
    [
        ("7", "en", "Invalid value for --players: “7” is not a whole number from 2 to 6."),
        ("1", "de", "„1“ ist keine ganze Zahl von 2 bis 6"),
        ("many", "ru", "--players"),
    ],
)
def test_a_table_outside_two_to_six(runner: CliRunner, value: str, lang: str, words: str) -> None:
    code, out = run(runner, ["tournament", "durak", "--players", value, "--lang", lang])
    assert code == 2 and words in flat(out), out


@pytest.mark.parametrize("lang", ["en", "ru", "de"])
def test_schnapsen_is_for_two(runner: CliRunner, lang: str, tmp_path: Path) -> None:
    journal = tmp_path / "j.jsonl"
    args = ["tournament", "schnapsen", "--players", "3", "--journal", str(journal)]
    code, out = run(runner, [*args, "--lang", lang])
    assert code == 1 and FOR_TWO[lang] in flat(out), out
    assert not journal.exists()
    code, out = run(runner, [*args, "--json"])
    error = json.loads(out)
    assert code == 1 and (error["kind"], error["field"], error["value"]) == (
        "two_players", "players", 3,
    )  # fmt: skip


def test_a_journal_of_another_table(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    code, out = run(runner, [*table_args(3, "--seed", "1", "--json"), "--journal", str(path)])
    assert code == 0 and json.loads(out)["resumed_games"] == 0
    assert json.loads(path.read_text().splitlines()[0])["players"] == 3
    # The same table again, its seed from the journal: nothing more to play.
    code, out = run(runner, [*table_args(3, "--json"), "--journal", str(path)])
    assert code == 0 and json.loads(out)["resumed_games"] == 6 and json.loads(out)["seed"] == 1
    before = path.read_text()
    code, out = run(runner, [*table_args(4), "--journal", str(path), "--lang", "en"])
    assert code == 1 and "another tournament" in flat(out) and "players=3" in flat(out)
    assert path.read_text() == before


def test_the_progress_bar_counts_every_seat(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TTY_COMPATIBLE", "1")
    monkeypatch.setenv("NO_COLOR", "1")
    code, out = run(runner, [*table_args(3, "--seed", "4"), "--lang", "en"])
    assert code == 0 and "6/6" in out


def test_an_interrupted_table(runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, Any] = {}

    def interrupted(*_args: Any, progress: Any = None, **kw: Any) -> Any:
        seen.update(kw)
        progress(5, 12)
        raise KeyboardInterrupt

    monkeypatch.setattr(cardavia, "tournament", interrupted)
    args = ["tournament", "durak", "--deals", "3", "--players", "4", "--lang", "en"]
    code, out = run(runner, args)
    assert code == 130 and "Stopped after 5 of 12 games" in flat(out)
    assert seen["players"] == 4 and seen["deals"] == 3


def test_the_ai_at_a_table(runner: CliRunner) -> None:
    args = ["tournament", "perevodnoy", "--a", "ai:50", "--b", "greedy", "--players", "3",
            "--deals", "1", "--seed", "5", "--json"]  # fmt: skip
    code, out = run(runner, args)
    assert code == 0, out
    data = json.loads(out)
    assert data["players"] == 3 and data["games"] == 3 and data["a"] == "ai:50"
