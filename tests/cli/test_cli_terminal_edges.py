"""The terminal's rough edges (issue 24, item 10): the bout's facts and tips
say only what can be done, junk input is not echoed whole, wrapped lines
keep their indent, the analysis keeps its headings whole and says what a
defence beat, the help names its argument, levels and units speak the
player's language."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import cardavia
import pytest
from cardavia.analysis import GameRecord
from cardavia_cli.play.lesson_steps import durak_deck
from cardavia_cli.terminal.analyse_view import (
    attack_before,
    load_records,
    move_words,
    render_analysis,
)
from cardavia_cli.terminal.table import render
from cardavia_cli.terminal.tournament_view import render_tournament
from cardavia_cli.words import figures, i18n
from cardavia_cli.words.card_faces import CardView
from cardavia_cli.words.glossary import level_name
from cardavia_cli.words.table_words import limit_text, tip
from cli_helpers import LANGUAGES, run
from click.testing import CliRunner
from rich.console import Console
from test_cli_analyse import saved_game


def text_of(renderable: object, width: int = 100) -> str:
    console = Console(width=width, no_color=True, highlight=False)
    with console.capture() as captured:
        console.print(renderable)
    return captured.get()


def first_position(game: str, wanted: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """Seat 0's view of the first position of seeded random games where
    ``wanted`` holds (the same one every run)."""
    for seed in range(500):
        g = cardavia.new_game(game, seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            obs = g.observation(0)
            if wanted(obs):
                return obs
            g.play(rng.choice(g.legal_moves()))
    raise AssertionError("no such position")


def attacker_empty(obs: dict[str, Any]) -> bool:
    return bool(obs["table"]) and obs["hand_sizes"][obs["attacker"]] == 0


@pytest.mark.parametrize("game", ["durak", "perevodnoy"])
def test_no_adds_promised_when_the_attacker_holds_no_card(game: str) -> None:
    obs = first_position(game, attacker_empty)
    assert obs["adds_left"] == 0, "the core's figure"
    view = CardView(game=game, color=False)
    table = text_of(render(obs, view, moves=list(obs["legal_moves"])))
    assert "may be added" not in table
    assert f"Bout limit: {obs['limit']} · no more attack cards can be added" in table


def test_the_limit_line_counts_what_may_still_come() -> None:
    obs = first_position("durak", lambda o: bool(o["table"]) and o["adds_left"] == 2)
    assert limit_text(obs) == f"Bout limit: {obs['limit']} · 2 more attack cards may be added"


def only_stop(taking: bool) -> Callable[[dict[str, Any]], bool]:
    def wanted(obs: dict[str, Any]) -> bool:
        return (
            obs["current_player"] == 0
            and obs["legal_moves"] == ["stop"]
            and bool(obs["taking"]) == taking
        )

    return wanted


@pytest.mark.parametrize(
    ("taking", "words"),
    [
        (False, "Tip: you have nothing to add, so stop: the cards go to the discard pile."),
        (True, "Tip: you have nothing to add, so stop: the computer picks up the cards."),
    ],
)
def test_the_tip_offers_no_card_when_only_stop_is_possible(taking: bool, words: str) -> None:
    obs = first_position("durak", only_stop(taking))
    assert tip(obs, CardView(game="durak", color=False)) == words


def test_the_tip_still_offers_adding_when_a_card_fits() -> None:
    def wanted(obs: dict[str, Any]) -> bool:
        legal = obs["legal_moves"]
        return obs["current_player"] == 0 and "stop" in legal and len(legal) > 1

    obs = first_position("durak", wanted)
    assert (tip(obs, CardView(game="durak", color=False)) or "").startswith("Tip: add ")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_tips_speak_every_language(lang: str) -> None:
    i18n.set_language(lang)
    obs = first_position("durak", only_stop(False))
    i18n.set_language("en")
    english = tip(obs, CardView(game="durak", color=False))
    i18n.set_language(lang)
    text = tip(obs, CardView(game="durak", color=False))
    assert text and (lang == "en" or text != english)


def test_junk_at_the_table_is_not_echoed_whole(runner: CliRunner) -> None:
    junk = "y" * 5000
    code, out = run(runner, ["play", "schnapsen", "--seed", "3", "--lang", "en"], f"{junk}\nquit\n")
    assert code == 0
    assert "y" * 39 + "…" in out and "y" * 41 not in out


@pytest.mark.parametrize("lang", ["en", "de", "ru"])
def test_wrapped_lines_in_games_keep_their_indent(
    runner: CliRunner, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "50")
    code, out = run(runner, ["games", "--lang", lang])
    assert code == 0
    blocks = out.split("\n\n")[:3]
    for block in blocks:
        _heading, *lines = block.strip("\n").split("\n")
        assert len(lines) > 2, "the summary wraps at 50 columns"
        assert all(line.startswith("  ") and line.strip() for line in lines), block
        assert all(line == line.rstrip() for line in lines)


@pytest.fixture
def analysed(tmp_path: Path) -> tuple[list[dict[str, Any]], list[GameRecord]]:
    path = saved_game(tmp_path / "durak.json", "durak", 3)
    records, errors = load_records([path])
    assert errors == []
    return cardavia.analysis.analyse_games(records, level="easy", threads=1), records


@pytest.mark.parametrize("lang", LANGUAGES)
def test_analysis_headings_are_never_cut_at_80_columns(
    lang: str, analysed: tuple[list[dict[str, Any]], list[GameRecord]]
) -> None:
    i18n.set_language(lang)
    results, records = analysed
    out = text_of(render_analysis(results, "easy", records), width=80)
    assert "…" not in out
    assert max(len(line) for line in out.splitlines()) <= 80
    assert level_name("easy") in out
    if lang != "en":
        assert not re.search(r"\beasy\b", out)


def test_a_defence_in_the_analysis_says_what_it_beat() -> None:
    deck = list(durak_deck("9S 6S 7D QS 8H JC", "7S 6H TD 8C KS AD", "KH"))
    record = GameRecord(game="perevodnoy", moves=["attack:7S", "defend:9S"], deck=deck)
    view = CardView(game="perevodnoy", color=False)
    attack = attack_before(record, 2)
    assert attack == "7S"
    assert move_words("defend:9S", view, attack) == "beat 7♠ with 9♠"
    i18n.set_language("de")
    assert move_words("defend:9S", view, attack) == "schlagen 7♠ mit 9♠"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_replay_help_names_its_file(runner: CliRunner, lang: str) -> None:
    code, out = run(runner, ["replay", "--help", "--lang", lang])
    assert code == 0
    assert "{" not in out and "}" not in out
    assert "replay [OPTIONS] FILE" in out


@pytest.mark.parametrize(
    ("lang", "seconds", "millis", "heading"),
    [
        ("en", "0.410 s", "4.00 ms", "Time per move"),
        ("de", "0,410 s", "4,00 ms", "Zeit pro Zug"),
        ("ru", "0,410 с", "4,00 мс", "Время на ход"),
        ("uk", "0,410 с", "4,00 мс", "Час на хід"),
    ],
)
def test_units_agree_with_their_headings(
    lang: str, seconds: str, millis: str, heading: str
) -> None:
    i18n.set_language(lang)
    assert figures.seconds(0.41) == seconds
    assert figures.seconds(0.004) == millis
    result = cardavia.tournament("durak", "random", "greedy", deals=1, seed=1)
    out = text_of(render_tournament(result))
    assert heading in out and "Seconds" not in out and "Sekunden" not in out


@pytest.mark.parametrize("lang", ["de", "ru", "el"])
def test_level_names_speak_the_language(runner: CliRunner, lang: str, tmp_path: Path) -> None:
    path = saved_game(tmp_path / "durak.json", "durak", 3)
    code, out = run(runner, ["analyse-games", str(path), "--level", "easy", "--lang", lang])
    assert code == 0
    i18n.set_language(lang)
    assert level_name("easy") in out and not re.search(r"\beasy\b", out)


def test_junk_in_the_rules_is_not_echoed_whole(runner: CliRunner) -> None:
    junk = "z" * 5000
    code, out = run(
        runner, ["play", "durak", "--seed", "3", "--lang", "en"], f"rules\n{junk}\n\nquit\n"
    )
    assert code == 0
    assert "There is no section " + "z" * 39 + "…" in out and "z" * 41 not in out
