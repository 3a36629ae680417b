"""How cards look: Atlasnye (Durak) courts with Cyrillic indices В Д К Т,
Schnapsen with the German B D K 10 A; suits as symbols (or letters with
``--ascii``, with Latin J Q K A for the Durak courts), red and black."""

from __future__ import annotations

from dataclasses import dataclass, field

from cardavia.cards import RED_SUITS, SUIT_SYMBOLS, SUITS, deck_of
from rich.text import Text

from .themes import Theme, get_theme

__all__ = [
    "ASCII_RANK_LABELS",
    "RANK_LABELS",
    "RED_SUITS",
    "SUITS",
    "SUIT_SYMBOLS",
    "CardView",
    "deck_name",
    "ranks_of",
    "sort_cards",
    "sort_key",
]

RANK_LABELS: dict[str, dict[str, str]] = {
    "atlasnye": {
        "6": "6", "7": "7", "8": "8", "9": "9", "T": "10",
        "J": "В", "Q": "Д", "K": "К", "A": "Т",
    },
    "schnapsen": {"J": "B", "Q": "D", "K": "K", "T": "10", "A": "A"},
}  # fmt: skip
# With ``--ascii`` the Atlasnye courts fall back to the Latin J Q K A of the
# notation; the German B D K of Schnapsen are ASCII already.
ASCII_RANK_LABELS: dict[str, dict[str, str]] = {
    "atlasnye": {**RANK_LABELS["atlasnye"], "J": "J", "Q": "Q", "K": "K", "A": "A"},
    "schnapsen": RANK_LABELS["schnapsen"],
}


def deck_name(game: str) -> str:
    return deck_of(game).name


def ranks_of(game: str) -> tuple[str, ...]:
    return deck_of(game).ranks


@dataclass(frozen=True)
class CardView:
    """Display settings for one game: deck, ASCII or symbols, colours."""

    game: str
    ascii: bool = False
    color: bool = True
    theme: Theme = field(default_factory=get_theme)

    @property
    def event_mark(self) -> str:
        """The mark before what just happened (never the prompt's ``>``)."""
        return "*" if self.ascii else "»"

    def suit_mark(self, suit: str) -> str:
        return suit if self.ascii else SUIT_SYMBOLS[suit]

    def label(self, card: str) -> str:
        """``7S`` → ``7♠``; ``QS`` → ``Д♠`` (Durak) or ``D♠`` (Schnapsen);
        ``QS`` with ``--ascii`` → ``QS`` (Durak) or ``DS`` (Schnapsen)."""
        labels = ASCII_RANK_LABELS if self.ascii else RANK_LABELS
        return labels[deck_name(self.game)][card[0]] + self.suit_mark(card[1])

    def suit_style(self, suit: str) -> str:
        if not self.color:
            return ""
        return self.theme.red if suit in RED_SUITS else self.theme.black

    def card(self, card: str) -> Text:
        """One card as a coloured chip."""
        if not self.color:
            return Text(self.label(card))
        return Text(f"{self.label(card)}", style=self.suit_style(card[1]))

    def suit(self, suit: str) -> Text:
        if not self.color:
            return Text(self.suit_mark(suit))
        return Text(self.suit_mark(suit), style=self.suit_style(suit))

    def cards(self, cards: list[str], sep: str = " ") -> Text:
        out = Text()
        for i, card in enumerate(cards):
            if i:
                out.append(sep)
            out.append_text(self.card(card))
        return out

    def style(self, name: str) -> str:
        return getattr(self.theme, name) if self.color else ""


def sort_key(card: str, game: str, trump: str | None) -> tuple[int, int, int]:
    """Hand order: suits S H D C with the trump suit last, ranks low to high."""
    return (card[1] == trump, SUITS.index(card[1]), ranks_of(game).index(card[0]))


def sort_cards(cards: list[str], game: str, trump: str | None) -> list[str]:
    return sorted(cards, key=lambda card: sort_key(card, game, trump))
