"""Schnapsen for two players, a whole match of deals: RULES.md chapter 5.

The twin of ``rust/cardavia-core/src/schnapsen/``, file for file: the rules
and move generation (``rules.py``), how a deal is scored (``scoring.py``),
the state dict written, read and checked (``state.py``) and what one seat
may know (``view.py``). ``SchnapsenGame`` joins them: the rules of
``SchnapsenRules``, with the state dict and the observation.
"""

from __future__ import annotations

from typing import Any

from . import state, view
from .rules import MOVES, SchnapsenRules


class SchnapsenGame(SchnapsenRules):
    """A match of Schnapsen deals, seven match points counted down to zero."""

    def to_dict(self) -> dict[str, Any]:
        return state.to_dict(self)

    @classmethod
    def from_dict(cls, data: object) -> SchnapsenGame:
        return state.from_dict(cls, data)

    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may know: its hand, and every public fact."""
        return view.observation(self, seat)


__all__ = ["MOVES", "SchnapsenGame", "SchnapsenRules"]
