"""A Schnapsen deal's table as it ended, for the page to show before the
deal's summary and before the next deal is on the table (its twin in the
terminal: the summary printed before Enter; docs/SCHEMA.md "Deal records").

The engine deals the next deal within the move that ends one, so no
observation holds the ended deal's table. It is told by two things the
engine gave: the position before that move, and the deal's record (its
points, tricks, marriages, last trick and the match after it). The move's
card leaves its player's hand for the table; every figure is the record's.
"""

from __future__ import annotations

from typing import Any

from ..words.card_faces import CardView
from ..words.moves_input import card_of, kind_of
from ..words.summaries import ending_text, final_deal
from .table_json import table_json, trick_json


def deal_end_json(
    before: dict[str, Any], after: dict[str, Any], seat: int, move: str, view: CardView
) -> dict[str, Any] | None:
    """The table of the deal that ``move`` of ``seat`` ended: ``before`` is
    seat 0's observation before the move, ``after`` the one after it (the
    next deal's, or the match's end). None when the move ended no deal."""
    if before.get("game") != "schnapsen":
        return None
    if len(after.get("deals") or []) == len(before.get("deals") or []):
        return None
    card = card_of(move)
    if card is None:
        return None
    record = after["deals"][-1]
    ended = dict(before)
    sizes = list(before["hand_sizes"])
    sizes[seat] -= 1
    known = [[c for c in cards if c != card] for cards in before.get("known") or [[], []]]
    # A marriage that brought 66 ends the deal before its card is answered:
    # the card stays led, and the last trick is the one before it.
    marriage = kind_of(move) == "marriage"
    ended.update(
        {
            "hand": [c for c in before["hand"] if c != card],
            "hand_sizes": sizes,
            "known": known,
            "lead": card if marriage else None,
            "leader": seat if marriage else before["leader"],
            "tricks": list(before.get("tricks") or [])
            + ([] if marriage else [record["last_trick"]]),
            "points": record["points"],
            "pending_points": record["pending_points"],
            "tricks_won": record["tricks_won"],
            "marriages": record["marriages"],
            "match_points": record["match_points"],
            "current_player": None,
            "legal_moves": [],
        }
    )
    table = table_json(ended, view, moves=[], hints=False)
    schnapsen = table["schnapsen"]
    if not marriage:
        # The trick that ended the deal lies on the table, not aside as the last.
        schnapsen["trick"] = trick_json(record["last_trick"], before["leader"], view)
        schnapsen["last_trick"] = None
    table["turn"] = None
    table["turn_text"] = ending_text(final_deal(after))
    table["reminder"] = None
    return table
