"""The outcome of a Durak deal (RULES.md chapters 3, 4 and 7), read: who won
or is the durak, the seats that went out bout by bout, and why it ended.
Two seats keep chapter 3's dict; from three seats on it has a loser and the
seats out, no winner. The rules write it (``rules.py``); the Rust twin is
``rust/cardavia-core/src/durak/outcome.rs``.
"""

from __future__ import annotations

from typing import Any

from ..checks import check_bool, check_int, check_keys, check_list, fault, item
from .rules import ALL_OUT, BOTH_OUT, END_REASONS, IDLE_BOUTS, LAST_CARDS


def end_reason(outcome: dict[str, Any], players: int, nobody_in: bool) -> str:
    """The reason a finished position shows: a loser is the one seat left
    with cards; a draw with nobody in is the last seats going out together
    (the end of a bout checks it first), another draw the idle-bout draw."""
    if not outcome["draw"]:
        return LAST_CARDS
    if nobody_in:
        return BOTH_OUT if players == 2 else ALL_OUT
    return IDLE_BOUTS


def read_groups(value: object, what: str, players: int) -> list[list[int]]:
    """The groups of seats out, each a list of seats below ``players``; their
    order is checked with the position."""
    groups = []
    for i, group in enumerate(check_list(value, what)):
        at = item(what, i)
        groups.append(
            [
                check_int(seat, item(at, j), 0, players - 1)
                for j, seat in enumerate(check_list(group, at))
            ]
        )
    return groups


def check_outcome(
    value: object, reason_optional: bool = False, players: int = 2
) -> dict[str, Any] | None:
    """The outcome dict; ``reason_optional`` for an observation, which may
    have been written before the outcome had a reason."""
    if value is None:
        return None
    table = players > 2
    keys = (
        ("winner", "loser", "draw", "out", "reason")
        if table
        else ("winner", "loser", "draw", "reason")
    )
    optional = ("reason",) if reason_optional else ()
    d = check_keys(value, keys, "outcome", optional)
    draw = check_bool(d["draw"], "outcome.draw")
    high = players - 1
    if draw:
        if d["winner"] is not None or d["loser"] is not None:
            raise fault("draw_with_winner", "outcome")
        outcome: dict[str, Any] = {"winner": None, "loser": None, "draw": True}
    elif table:
        if d["winner"] is not None:
            raise fault("no_winner", "outcome.winner", d["winner"])
        loser = check_int(d["loser"], "outcome.loser", 0, high)
        outcome = {"winner": None, "loser": loser, "draw": False}
    else:
        winner = check_int(d["winner"], "outcome.winner", 0, high)
        loser = check_int(d["loser"], "outcome.loser", 0, high)
        if winner == loser:
            raise fault("winner_is_loser", "outcome", winner)
        outcome = {"winner": winner, "loser": loser, "draw": False}
    if table:
        outcome["out"] = read_groups(d["out"], "outcome.out", players)
    if "reason" in d:
        if not isinstance(d["reason"], str) or d["reason"] not in END_REASONS:
            raise fault("reason", "outcome.reason", d["reason"])
        outcome["reason"] = d["reason"]
    return outcome


def check_reason(outcome: dict[str, Any], expected: str) -> None:
    """The reason given, if any, is the one the position shows."""
    if "reason" in outcome and outcome["reason"] != expected:
        raise fault("does_not_follow", "outcome.reason", outcome["reason"], expected=expected)
