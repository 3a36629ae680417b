"""Helpers shared by the CLI tests (imported by name: tests/ has no packages)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardavia_cli import i18n
from cardavia_cli.learn import accepts, position
from cardavia_cli.learn_steps import ILLEGAL_DEFENCE, Step
from cardavia_cli.main import app
from typer.testing import CliRunner

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


def lesson_answer(game: str, step: Step) -> str:
    """An answer the step accepts (for the illegal defence: the card that
    cannot cover)."""
    g = position(game, step)
    if step.accept == (ILLEGAL_DEFENCE,):
        return step.cards["c"]
    return next(m for m in sorted(g.legal_moves()) if accepts(step, g, m))
