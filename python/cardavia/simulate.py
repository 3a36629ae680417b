"""``simulate``: many whole games played inside the Rust core.

Game ``i`` of a batch is dealt from a seed derived from ``seed`` and ``i``
alone, so the summary for a given seed does not depend on ``threads``.
The binding (``cardavia._native.simulate``) checks every argument against
its limits, exported here.
"""

from __future__ import annotations

import os
from typing import Any

from . import _native

__all__ = ["MAX_GAMES", "MAX_THREADS", "POLICIES", "simulate"]

POLICIES: tuple[str, ...] = _native.POLICIES
MAX_GAMES: int = _native.MAX_GAMES
MAX_THREADS: int = _native.MAX_THREADS


def simulate(
    game: str,
    *,
    games: int,
    seed: int = 0,
    policy: str = "random",
    threads: int | None = None,
    players: int | None = None,
) -> dict[str, Any]:
    """Play ``games`` games with ``policy`` for every seat, on ``threads``
    threads (default: every core), the GIL released. Returns a summary:
    ``games``, ``wins`` per seat, ``draws``, ``decisions`` (moves played);
    for Schnapsen also ``match_wins``, ``game_points`` per seat and ``deals``.
    At a Durak table of ``players`` seats (3 to 6, RULES.md ch. 7) ``wins``
    gives way to ``players`` and ``losers``, how often each seat was the
    durak."""
    workers = min(os.cpu_count() or 1, MAX_THREADS) if threads is None else threads
    return _native.simulate(game, games, seed, policy, workers, players=players)
