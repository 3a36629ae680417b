"""Classic Durak (podkidnoy) for two players: RULES.md chapter 3.

The twin of ``rust/cardavia-core/src/durak/``, file for file: the rules and
move generation (``rules.py``), the state dict written, read and checked
(``state.py``), what one seat may know (``view.py``) and why a move is
refused (``refusal.py``). ``DurakGame`` joins them: the rules of
``DurakRules``, with the state dict, the observation and the refusals.
"""

from __future__ import annotations

from typing import Any

from . import refusal, state, view
from .rules import MAX_ATTACKS, DurakRules, durak_moves


class DurakGame(DurakRules):
    """One deal of two-player Durak."""

    def _why(self, move: str) -> dict[str, Any]:
        return refusal.why(self, move)

    def _not_a_move(self, move: str) -> dict[str, Any]:
        return refusal.not_a_move(self, move)

    def to_dict(self) -> dict[str, Any]:
        return state.to_dict(self)

    @classmethod
    def from_dict(cls, data: object) -> DurakGame:
        return state.from_dict(cls, data)

    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may know: its hand, and every public fact."""
        return view.observation(self, seat)


__all__ = ["MAX_ATTACKS", "DurakGame", "DurakRules", "durak_moves"]
