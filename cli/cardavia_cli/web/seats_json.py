"""The seats around the felt at a table of three to six (RULES.md chapter
7), as the page draws them: for each computer seat its name, the cards it
holds (a count, and those known to be in its hand face up), its role
badges and whether it is to move; and the player's own badges. A duel has
none of this: its table is drawn as it always was (``table_json``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..words.card_faces import CardView, sort_cards
from ..words.i18n import _, ngettext, pgettext
from ..words.seats import HUMAN
from ..words.table_seats import SeatRole, computer_name, role_badge, seat_roles, seated
from .card_json import cards_json


def badges_json(obs: dict[str, Any], role: SeatRole) -> list[dict[str, str]]:
    """A seat's badge: its role as the terminal words it (``table_seats``;
    the durak at the end), and the defender's taking."""
    marks = []
    text = role_badge(role)
    if text:
        marks.append({"key": role.role, "text": text})
    if role.role == "defender" and obs.get("taking"):
        marks.append({"key": "takes", "text": pgettext("seat", "taking")})
    return marks


def seat_json(
    obs: dict[str, Any],
    role: SeatRole,
    view: CardView,
    revealed: Sequence[str] | None,
) -> dict[str, Any]:
    seat = role.seat
    count = int(obs["hand_sizes"][seat])
    shown = revealed if revealed is not None else (obs.get("known") or [])[seat]
    known = sort_cards(list(shown), str(obs["game"]), obs.get("trump"))
    name = computer_name(seat)
    held = ngettext("{name}: {n} card", "{name}: {n} cards", count).format(name=name, n=count)
    marks = badges_json(obs, role)
    labels = ", ".join(view.label(card) for card in known)
    seen = [_("known: {cards}").format(cards=labels)] if known else []
    return {
        "seat": seat,
        "name": name,
        "count": count,
        "known": cards_json(known, view),
        "revealed": revealed is not None,
        "badges": marks,
        "turn": obs.get("outcome") is None and role.to_move,
        # What a screen reader says for the box: its cards and badges.
        "text": " · ".join([held, *(mark["text"] for mark in marks), *seen]),
    }


def seats_json(
    obs: dict[str, Any],
    view: CardView,
    revealed: Sequence[Sequence[str]] | None = None,
    out_after: dict[int, int] | None = None,
) -> dict[str, Any] | None:
    """The seats of a table of three or more (None for a duel), clockwise
    from the player's left: seat 1 first. ``revealed`` is every hand, once
    the game is over; ``out_after`` the bout after which each seat went out."""
    if not seated(obs):
        return None
    roles = seat_roles(obs, out_after)
    return {
        "players": len(roles),
        "others": [
            seat_json(obs, role, view, revealed[role.seat] if revealed else None)
            for role in roles[1:]
        ],
        "you": badges_json(obs, roles[HUMAN]),
    }
