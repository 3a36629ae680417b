"""A card as the page draws it: its id, rank and suit mark, and its label
in the player's language (cards.js draws it, adding nothing)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..words.card_faces import RANK_LABELS, SUIT_SYMBOLS, CardView, deck_name


def card_json(card: str, view: CardView) -> dict[str, Any]:
    return {
        "id": card,
        "rank": RANK_LABELS[deck_name(view.game)][card[0]],
        "suit": card[1],
        "mark": SUIT_SYMBOLS[card[1]],
        "label": view.label(card),
    }


def cards_json(cards: Sequence[str], view: CardView) -> list[dict[str, Any]]:
    return [card_json(card, view) for card in cards]
