"""The computer opponent, and the seeds of its decisions.

The play session, machine mode and replays are handed an ``Opponent``; the
commands build it with ``for_level``: ``cardavia.ai`` at that level, whose
budget the engine resolves (no name is mapped to iterations here). Tests
replace ``for_level`` to play against a fast stand-in.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from cardavia import ai
from cardavia.ai import DEFAULT_LEVEL, LEVELS
from cardavia.tournament import move_seed as deal_move_seed

from .saves import GameLog

__all__ = [
    "DEFAULT_LEVEL",
    "LEVELS",
    "AiOpponent",
    "Opponent",
    "for_level",
    "move_seed",
    "threads_for",
]


class Opponent(Protocol):
    def choose(self, observation: Mapping[str, Any], seed: int) -> str:
        """The move to play, given the opponent's own observation."""
        ...

    def analyse(self, observation: Mapping[str, Any], seed: int) -> list[dict[str, Any]]:
        """Every legal move with ``visits`` and ``value``, best first: the
        mover's chance in 0..1 to win the game (Durak and perevodnoy, a draw
        counting half) or the match (Schnapsen), as ``cardavia.ai.analyse``
        estimates it."""
        ...


def threads_for(level: str) -> int:
    """The threads ``level`` searches with here (the core says which levels
    take every core)."""
    return ai.level_threads(level)


@dataclass(frozen=True)
class AiOpponent:
    """``cardavia.ai`` searching with the budget of ``level``."""

    level: str

    def choose(self, observation: Mapping[str, Any], seed: int) -> str:
        threads = threads_for(self.level)
        return ai.choose_move(observation, level=self.level, seed=seed, threads=threads)

    def analyse(self, observation: Mapping[str, Any], seed: int) -> list[dict[str, Any]]:
        threads = threads_for(self.level)
        return [
            {"move": str(r["move"]), "visits": int(r["visits"]), "value": float(r["value"])}
            for r in ai.analyse(observation, level=self.level, seed=seed, threads=threads)
        ]


def for_level(level: str) -> Opponent:
    """The opponent the commands play with at ``level``."""
    return AiOpponent(level)


def move_seed(base: int | None, ply: int) -> int:
    """The seed of the ``ply``-th decision of a game dealt from ``base``: the
    tournament's, so that the table, replays and ``analyse-games`` search
    each position as a tournament of the same deal would."""
    return deal_move_seed(base or 0, ply)


def replay_level(log: GameLog, chosen: str | None = None) -> str:
    """The level to analyse at: the one asked for, else the computer's level
    in the saved game (what its hints said at the table)."""
    if chosen is not None:
        return chosen
    level = log.levels.get("1")
    return level if level in LEVELS else DEFAULT_LEVEL
