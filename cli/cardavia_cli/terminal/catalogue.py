"""``cardavia games``: the three games and their two decks."""

from __future__ import annotations

from typing import Any

import cardavia
from cardavia.cards import DECKS, deck_of
from rich.console import Group, RenderableType
from rich.text import Text

from ..words.card_faces import RANK_LABELS
from ..words.games import deck_summary, game_summary
from ..words.glossary import game_title
from ..words.i18n import _

# Where each deck comes from: the Atlasnye pattern was first printed in
# St. Petersburg; the Schnapsen deck has no one birthplace.
ORIGINS: dict[str, str | None] = {"atlasnye": "St. Petersburg, Russia", "schnapsen": None}


def _games() -> dict[str, dict[str, Any]]:
    return {game: {"deck": deck_of(game).name, "players": 2} for game in cardavia.GAMES}


def _decks() -> dict[str, dict[str, Any]]:
    return {
        name: {
            "cards": len(deck),
            "origin": ORIGINS.get(name),
            "ranks": [RANK_LABELS[name][rank] for rank in deck.ranks],
        }
        for name, deck in DECKS.items()
    }


def games_json() -> dict[str, Any]:
    return {
        "games": [{"id": game, **info} for game, info in _games().items()],
        "decks": [{"id": deck, **info} for deck, info in _decks().items()],
    }


def render_games() -> RenderableType:
    lines: list[Text] = []
    for game, info in _games().items():
        lines.append(Text(f"{game_title(game)} ({game})", style="bold"))
        lines.append(Text("  " + game_summary(game)))
        lines.append(Text("  " + deck_summary(str(info["deck"]))))
        lines.append(Text(""))
    lines.append(Text(_("Play with: cardavia play durak · learn with: cardavia learn durak")))
    return Group(*lines)
