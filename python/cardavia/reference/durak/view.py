"""What one seat of a Durak game may know: the observation of docs/SCHEMA.md,
its hand and every public fact of RULES.md chapters 3, 4 and 7.

The twin of ``rust/cardavia-core/src/durak/view.rs``; reading an
observation back into worlds is ``../worlds.py``.
"""

from __future__ import annotations

from typing import Any

from .rules import DurakRules
from .state import copy_outcome


def observation(game: DurakRules, seat: int) -> dict[str, Any]:
    """What ``seat`` may know: its hand, and every public fact. From three
    seats on also the table size, the seats out bout by bout, the throwers
    in priority order and those that have passed."""
    view = {
        **game.seat_view(seat),
        "trump": game.trump,
        "trump_card": game.trump_card,
        "stock_size": len(game.stock),
        "table": [list(pair) for pair in game.table],
        "discard": list(game.discard),
        "attacker": game.attacker,
        "defender": game.defender,
        "taking": game.taking,
        "limit": game.limit,
        "open_attack": game.open_attack(),
        "table_ranks": game.table_ranks(),
        "adds_left": game.adds_left(seat),
        "beating": game.beating(seat),
        "can_transfer": game.can_transfer(),
        "idle_bouts": game.idle_bouts,
        "history": list(game.history),
        "outcome": copy_outcome(game.outcome),
    }
    if game.players > 2:
        view.update(table_fields(game))
    return view


def table_fields(game: DurakRules) -> dict[str, Any]:
    """The facts of a table of any size (RULES 7): its size, the seats out
    bout by bout, the throwers in priority order and those that have passed.
    A duel's observation leaves them out; one that gives them anyway is held
    to them (``../worlds.py``)."""
    return {
        "players": game.players,
        "out": [list(group) for group in game.out],
        "throwers": game.thrower_order() if game.outcome is None else [],
        "passed": sorted(game.passed),
    }
