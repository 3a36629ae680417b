"""``cardavia games``: the three games and their two decks."""

from __future__ import annotations

from typing import Any

import cardavia
from cardavia.cards import DECKS, deck_of
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
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


class Indented:
    """A paragraph indented by two spaces on every line it wraps to."""

    def __init__(self, text: str, indent: int = 2) -> None:
        self.text = Text(text)
        self.indent = indent

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for line in self.text.wrap(console, max(1, options.max_width - self.indent)):
            line.rstrip()
            yield Text(" " * self.indent).append_text(line)


def render_games() -> RenderableType:
    lines: list[RenderableType] = []
    for game, info in _games().items():
        lines.append(Text(f"{game_title(game)} ({game})", style="bold"))
        # Indented as a block, so a wrapped line keeps the indent.
        lines.append(Indented(game_summary(game)))
        lines.append(Indented(deck_summary(str(info["deck"]))))
        lines.append(Text(""))
    lines.append(Text(_("Play with: cardavia play durak · learn with: cardavia learn durak")))
    return Group(*lines)
