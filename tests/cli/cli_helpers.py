"""Helpers shared by the CLI tests (imported by name: tests/ has no packages)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cardavia
import pytest
from cardavia_cli.main import app
from cardavia_cli.play import opponent
from cardavia_cli.play.lesson_steps import ILLEGAL_DEFENCE, Step, durak_deck
from cardavia_cli.play.lessons import accepts, position
from cardavia_cli.words import i18n
from click.testing import CliRunner

LANGUAGES = i18n.LANGUAGES
GAMES = ("durak", "perevodnoy", "schnapsen")


def run(runner: CliRunner, args: list[str], stdin: str = "") -> tuple[int, str]:
    result = runner.invoke(app, args, input=stdin, catch_exceptions=False)
    return result.exit_code, result.output


def saved_games(directory: Path) -> list[Path]:
    return sorted(directory.glob("*.json")) if directory.exists() else []


@dataclass(frozen=True)
class StandIn:
    """The opponent of the CLI tests, built for ``level`` in place of the AI:
    a seeded random legal move, fast and the same for the same seed, and an
    analysis that rates every move alike."""

    level: str

    def choose(self, observation: Mapping[str, Any], seed: int) -> str:
        return random.Random(seed).choice(sorted(observation["legal_moves"]))

    def analyse(self, observation: Mapping[str, Any], seed: int) -> list[dict[str, Any]]:
        return [
            {"move": move, "visits": 1, "value": 0.5} for move in sorted(observation["legal_moves"])
        ]


def defending() -> cardavia.Game:
    """Perevodnoy: seat 0 defends against 7♠ holding 9♠ 6♠ 7♦ Д♠ В♣ and the
    trump 8♥ (hearts are trumps)."""
    g = cardavia.new_game(
        "perevodnoy", deck=list(durak_deck("9S 6S 7D QS 8H JC", "7S 6H TD 8C KS AD", "KH"))
    )
    g.play("attack:7S")
    return g


def adding() -> cardavia.Game:
    """Durak: seat 0 attacked with 7♠, beaten by 9♠; it may add 9♦ or stop."""
    g = cardavia.new_game(
        "durak", deck=list(durak_deck("7S 9D 6H TC QC KD", "9S 8C JD TH 7D AS", "KH"))
    )
    g.play("attack:7S")
    g.play("defend:9S")
    return g


def lesson_answer(game: str, step: Step) -> str:
    """An answer the step accepts (for the illegal defence: the card that
    cannot cover)."""
    g = position(game, step)
    if step.accept == (ILLEGAL_DEFENCE,):
        return step.cards["c"]
    return next(m for m in sorted(g.legal_moves()) if accepts(step, g, m))


def isolate_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Config and saved games under ``tmp_path``; no language or colour
    from the environment."""
    monkeypatch.setenv("CARDAVIA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CARDAVIA_DATA_DIR", str(tmp_path / "data"))
    for name in ("CARDAVIA_LANG", "LC_ALL", "LANG", "LANGUAGE", "NO_COLOR", "FORCE_COLOR"):
        monkeypatch.delenv(name, raising=False)


def use_stand_ins(monkeypatch: pytest.MonkeyPatch) -> list[StandIn]:
    """``opponent.for_level`` builds ``StandIn``s; the list holds every
    opponent built, in order."""
    built: list[StandIn] = []

    def build(level: str) -> StandIn:
        built.append(StandIn(level))
        return built[-1]

    monkeypatch.setattr(opponent, "for_level", build)
    return built
