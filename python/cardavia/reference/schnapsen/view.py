"""What one seat of a Schnapsen match may know: the observation of
docs/SCHEMA.md, its hand and every public fact of RULES.md chapter 5.

The twin of ``rust/cardavia-core/src/schnapsen/view.rs``; reading an
observation back into worlds (and the voids the opponent has shown) is
``../worlds.py``.
"""

from __future__ import annotations

from typing import Any

from .rules import SchnapsenRules
from .scoring import copy_deal
from .state import outcome_copy


def observation(game: SchnapsenRules, seat: int) -> dict[str, Any]:
    """What ``seat`` may know: its hand, and every public fact."""
    return {
        **game.seat_view(seat),
        "trump": game.trump,
        "indicator": game.indicator,
        "stock_size": len(game.stock) + (game.indicator is not None),
        "closed": None if game.closed is None else dict(game.closed),
        "exhausted": game.indicator is None,
        "exchange": None if game.exchange is None else dict(game.exchange),
        "dealer": game.dealer,
        "leader": game.leader,
        "lead": game.lead,
        "tricks": [list(trick) for trick in game.tricks],
        "marriages": [list(suits) for suits in game.marriages],
        "points": [game.points(0), game.points(1)],
        "pending_points": [0 if game.tricks_won(s) else game.marriage_points(s) for s in (0, 1)],
        "tricks_won": [game.tricks_won(0), game.tricks_won(1)],
        "match_points": list(game.match_points),
        "deals": [copy_deal(deal) for deal in game.deals],
        "history": list(game.history),
        "outcome": outcome_copy(game),
    }
