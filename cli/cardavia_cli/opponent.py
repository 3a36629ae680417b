"""Every access to the computer opponent goes through here.

The opponent is ``cardavia.ai`` at the chosen level. Setting the
environment variable ``CARDAVIA_OPPONENT=fallback`` swaps in a fast,
deterministic stand-in (a seeded random choice among the legal moves, and
an analysis that rates every move alike) for tests.
"""

from __future__ import annotations

import os
import random
from typing import Any

from cardavia import ai
from cardavia.ai import LEVELS

DEFAULT_LEVEL = "normal"
SEED_MASK = (1 << 63) - 1

__all__ = ["DEFAULT_LEVEL", "LEVELS", "ai_available", "analyse", "choose", "move_seed"]


def ai_available() -> bool:
    """False when the stand-in is forced for tests."""
    return os.environ.get("CARDAVIA_OPPONENT", "").lower() != "fallback"


def iterations(level: str) -> int:
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; choose one of {', '.join(LEVELS)}")
    return LEVELS[level]


def move_seed(base: int | None, ply: int) -> int:
    """A seed for the opponent's ``ply``-th decision, fixed by the game's seed."""
    return ((base or 0) * 1_000_003 + ply * 7_919 + 17) & SEED_MASK


def _legal(observation: dict[str, Any]) -> list[str]:
    legal = observation.get("legal_moves") or []
    return sorted(str(move) for move in legal)


def fallback_choice(observation: dict[str, Any], seed: int) -> str:
    legal = _legal(observation)
    if not legal:
        raise ValueError("the observation has no legal moves")
    return random.Random(seed).choice(legal)


def choose(observation: dict[str, Any], level: str, seed: int) -> str:
    """The opponent's move for ``observation`` (a seat's observation)."""
    budget = iterations(level)
    if not _legal(observation):
        raise ValueError("the observation has no legal moves")
    if ai_available():
        return ai.choose_move(observation, iterations=budget, seed=seed)
    return fallback_choice(observation, seed)


def analyse(observation: dict[str, Any], level: str, seed: int) -> list[dict[str, Any]]:
    """Every legal move with ``visits`` and ``value`` (a win chance in 0..1),
    best first."""
    budget = iterations(level)
    legal = _legal(observation)
    if not legal:
        return []
    if ai_available():
        return [
            {"move": str(r["move"]), "visits": int(r["visits"]), "value": float(r["value"])}
            for r in ai.analyse(observation, iterations=budget, seed=seed)
        ]
    return [{"move": move, "visits": 1, "value": 0.5} for move in legal]


def win_chance(value: float, values: list[float]) -> float:
    """An analysis value as a chance in 0..1: values in -1..1 are rescaled."""
    if any(v < 0 for v in values) or value < 0:
        value = (value + 1.0) / 2.0
    return min(1.0, max(0.0, value))
