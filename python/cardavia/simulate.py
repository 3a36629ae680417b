"""``simulate``: many whole games played inside the Rust core.

Game ``i`` of a batch is dealt from a seed derived from ``seed`` and ``i``
alone, so the summary for a given seed does not depend on ``threads``.
The arguments are checked here and again in the binding
(``cardavia._native.simulate``), with the same limits.
"""

from __future__ import annotations

import os
from typing import Any

from .api import check_game
from .errors import InvalidArgumentError

__all__ = ["MAX_GAMES", "MAX_THREADS", "POLICIES", "simulate"]

POLICIES = ("random",)
MAX_GAMES = 10**10
MAX_THREADS = 256


def _int(value: object, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an integer, got {type(value).__name__}")
    if not low <= value <= high:
        raise InvalidArgumentError(f"{name} must be between {low} and {high}, got {value}")
    return value


def simulate(
    game: str,
    *,
    games: int,
    seed: int = 0,
    policy: str = "random",
    threads: int | None = None,
) -> dict[str, Any]:
    """Play ``games`` games with ``policy`` for both seats, on ``threads``
    threads (default: every core), the GIL released. Returns a summary:
    ``games``, ``wins`` per seat, ``draws``, ``decisions`` (moves played);
    for Schnapsen also ``match_wins``, ``game_points`` per seat and ``deals``."""
    name = check_game(game)
    count = _int(games, "games", 0, MAX_GAMES)
    chosen_seed = _int(seed, "seed", 0, 2**64 - 1)
    if not isinstance(policy, str):
        raise TypeError(f"policy must be a string, got {type(policy).__name__}")
    if policy not in POLICIES:
        raise InvalidArgumentError(
            f"unknown policy {policy!r}; choose one of {', '.join(POLICIES)}"
        )
    if threads is None:
        workers = min(os.cpu_count() or 1, MAX_THREADS)
    else:
        workers = _int(threads, "threads", 1, MAX_THREADS)
    from . import _native

    return _native.simulate(name, count, chosen_seed, policy, workers)
