"""How a Schnapsen deal is scored: RULES.md chapter 5, "Game points of a
deal". Who wins the deal, for how many game points and why.

The twin of ``rust/cardavia-core/src/schnapsen/scoring.rs``; the match
going on to the next deal is ``SchnapsenRules._score_deal`` in
``rules.py``.
"""

from __future__ import annotations

from typing import Any

# Why a deal ended; the outcome's "reason" strings.
REACHED_66 = "reached_66"
LAST_TRICK = "last_trick"
CLOSER_REACHED_66 = "closer_reached_66"
CLOSER_FAILED = "closer_failed"
OPPONENT_REACHED_66 = "opponent_reached_66"
REASONS = (REACHED_66, LAST_TRICK, CLOSER_REACHED_66, CLOSER_FAILED, OPPONENT_REACHED_66)
# The game points each reason can award (RULES 5, Game points of a deal).
REASON_POINTS = {
    REACHED_66: (1, 2, 3),
    LAST_TRICK: (1,),
    CLOSER_REACHED_66: (1, 2, 3),
    CLOSER_FAILED: (2, 3),
    OPPONENT_REACHED_66: (2, 3),
}


def copy_deal(deal: dict[str, Any]) -> dict[str, Any]:
    """A deal record copied down to its lists (``points``, ``last_trick``...)."""
    return {
        key: [list(x) if isinstance(x, list) else x for x in value]
        if isinstance(value, list)
        else value
        for key, value in deal.items()
    }


def game_points(opponent_points: int, opponent_won_trick: bool) -> int:
    """1, 2 or 3 game points by the opponent's points and tricks."""
    if not opponent_won_trick:
        return 3
    return 1 if opponent_points >= 33 else 2


def deal_won_by_66(
    seat: int, closed: dict[str, Any] | None, opponent_points: int, opponent_won_trick: bool
) -> dict[str, Any]:
    """The record of a deal that ``seat`` ended by reaching 66, given the
    record of a close (if any) and the opponent's points and tricks now."""
    if closed is None:
        points = game_points(opponent_points, opponent_won_trick)
        return {"winner": seat, "game_points": points, "reason": REACHED_66}
    if closed["by"] == seat:
        points = game_points(closed["opponent_points"], closed["opponent_won_trick"])
        return {"winner": seat, "game_points": points, "reason": CLOSER_REACHED_66}
    points = 2 if closed["opponent_won_trick"] else 3
    return {"winner": seat, "game_points": points, "reason": OPPONENT_REACHED_66}


def deal_played_out(last_winner: int, closed: dict[str, Any] | None) -> dict[str, Any]:
    """The record of a deal whose last trick was played without either
    seat reaching 66: the last trick wins it, unless the stock was closed
    and the closer failed."""
    if closed is None:
        return {"winner": last_winner, "game_points": 1, "reason": LAST_TRICK}
    opponent = 1 - closed["by"]
    points = 2 if closed["opponent_won_trick"] else 3
    return {"winner": opponent, "game_points": points, "reason": CLOSER_FAILED}
