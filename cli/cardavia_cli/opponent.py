"""Every access to the computer opponent goes through here.

``cardavia.ai`` (the search AI) is used when it is installed; otherwise a
simple deterministic stand-in plays: a seeded random choice among the legal
moves, and an analysis that rates every move alike. Setting the environment
variable ``CARDAVIA_OPPONENT=fallback`` forces the stand-in (fast tests).
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import random
from typing import Any

LEVELS: dict[str, int] = {"easy": 2_000, "normal": 20_000, "hard": 100_000}
DEFAULT_LEVEL = "normal"
SEED_MASK = (1 << 63) - 1


def ai_available() -> bool:
    """True when ``cardavia.ai`` can be imported and is not switched off."""
    if os.environ.get("CARDAVIA_OPPONENT", "").lower() == "fallback":
        return False
    try:
        return importlib.util.find_spec("cardavia.ai") is not None
    except (ImportError, ValueError):
        return False


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
    legal = _legal(observation)
    if not legal:
        raise ValueError("the observation has no legal moves")
    if ai_available():
        ai = importlib.import_module("cardavia.ai")
        move = ai.choose_move(observation, iterations=budget, seed=seed)
        if isinstance(move, str) and move in legal:
            return move
    return fallback_choice(observation, seed)


def analyse(observation: dict[str, Any], level: str, seed: int) -> list[dict[str, Any]]:
    """Every legal move with ``visits`` and ``value`` (a win chance in 0..1),
    best first."""
    budget = iterations(level)
    legal = _legal(observation)
    if not legal:
        return []
    if ai_available():
        ai = importlib.import_module("cardavia.ai")
        try:
            raw = ai.analyse(observation, iterations=budget, seed=seed)
        except TypeError:  # an analyse() without a seed parameter
            raw = ai.analyse(observation, iterations=budget)
        rows = [
            {
                "move": str(row["move"]),
                "visits": int(row.get("visits", 0)),
                "value": float(row.get("value", 0.0)),
            }
            for row in raw
            if isinstance(row, dict) and row.get("move") in legal
        ]
        if rows:
            return sorted(rows, key=lambda row: (-row["visits"], -row["value"], row["move"]))
    return [{"move": move, "visits": 1, "value": 0.5} for move in legal]


def win_chance(value: float, values: list[float]) -> float:
    """An analysis value as a chance in 0..1: values in -1..1 are rescaled."""
    if any(v < 0 for v in values) or value < 0:
        value = (value + 1.0) / 2.0
    return min(1.0, max(0.0, value))
