"""The games and the decks in a sentence each, for ``cardavia games`` and
the web page's game list."""

from __future__ import annotations

from .i18n import _


def game_summary(game: str) -> str:
    texts = {
        "durak": _(
            "Classic Durak for two: attack, beat, take; the last player holding cards is the durak."
        ),
        "perevodnoy": _(
            "Transferable Durak: the defender may pass the attack on with a card of the same rank."
        ),
        "schnapsen": _(
            "Schnapsen: tricks and marriages to 66 points; a match of deals counted down from 7."
        ),
    }
    return texts[game]


def deck_summary(deck: str) -> str:
    if deck == "atlasnye":
        return _(
            "Atlasnye deck (St. Petersburg, Russia): 36 cards, 6 to ace, with the Cyrillic "
            "court indices В (jack), Д (queen), К (king), Т (ace)."
        )
    return _(
        "Schnapsen deck: 20 cards, B (jack), D (queen), K (king), 10 and A (ace); "
        "they count 2, 3, 4, 10 and 11 points."
    )
