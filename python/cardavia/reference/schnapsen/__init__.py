"""Schnapsen for two players, a whole match of deals: RULES.md chapter 5.

The twin of ``rust/cardavia-core/src/schnapsen/``, file for file: the rules
and move generation (``rules.py``), how a deal is scored (``scoring.py``),
the state dict written, read and checked (``state.py``), what one seat
may know (``view.py``) and why a move is refused (``refusal.py``).
``SchnapsenGame`` joins them: the rules of ``SchnapsenRules``, with the
state dict, the observation and the refusals.
"""

from __future__ import annotations

from typing import Any

from . import refusal, state, view
from .rules import MOVES, SchnapsenRules


class SchnapsenGame(SchnapsenRules):
    """A match of Schnapsen deals, seven match points counted down to zero."""

    def _why(self, move: str) -> dict[str, Any]:
        return refusal.why(self, move)

    def _not_a_move(self, move: str) -> dict[str, Any]:
        return refusal.not_a_move(move)

    def to_dict(self) -> dict[str, Any]:
        return state.to_dict(self)

    @classmethod
    def from_dict(cls, data: object) -> SchnapsenGame:
        return state.from_dict(cls, data)

    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may know: its hand, and every public fact."""
        return view.observation(self, seat)


__all__ = ["MOVES", "SchnapsenGame", "SchnapsenRules"]
