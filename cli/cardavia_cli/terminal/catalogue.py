"""``cardavia games``: the three games and their two decks."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from ..words.games import deck_summary, game_summary
from ..words.glossary import game_title
from ..words.i18n import _

GAMES: dict[str, dict[str, Any]] = {
    "durak": {"deck": "atlasnye", "players": 2},
    "perevodnoy": {"deck": "atlasnye", "players": 2},
    "schnapsen": {"deck": "schnapsen", "players": 2},
}
DECKS: dict[str, dict[str, Any]] = {
    "atlasnye": {
        "cards": 36,
        "origin": "St. Petersburg, Russia",
        "ranks": ["6", "7", "8", "9", "10", "В", "Д", "К", "Т"],
    },
    "schnapsen": {"cards": 20, "origin": None, "ranks": ["B", "D", "K", "10", "A"]},
}


def games_json() -> dict[str, Any]:
    return {
        "games": [{"id": game, **info} for game, info in GAMES.items()],
        "decks": [{"id": deck, **info} for deck, info in DECKS.items()],
    }


def render_games() -> RenderableType:
    lines: list[Text] = []
    for game, info in GAMES.items():
        lines.append(Text(f"{game_title(game)} ({game})", style="bold"))
        lines.append(Text("  " + game_summary(game)))
        lines.append(Text("  " + deck_summary(str(info["deck"]))))
        lines.append(Text(""))
    lines.append(Text(_("Play with: cardavia play durak · learn with: cardavia learn durak")))
    return Group(*lines)
