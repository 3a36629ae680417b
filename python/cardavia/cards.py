"""Cards, suits, ranks and the two decks, in the notation of RULES.md ch. 1.

A card is a two-letter string, rank then suit (``7S``, ``TH``). Its index
in a deck is ``suit * len(ranks) + rank``, which is also its position in
the canonical unshuffled order and the bit the Rust core gives it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from .errors import InvalidStateError

SUITS: tuple[str, ...] = ("S", "H", "D", "C")
SUIT_SYMBOLS: dict[str, str] = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RED_SUITS: frozenset[str] = frozenset({"H", "D"})


@dataclass(frozen=True)
class Deck:
    """One deck: its ranks low to high and its cards in canonical order."""

    name: str
    ranks: tuple[str, ...]
    cards: tuple[str, ...] = field(init=False)
    index: dict[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        cards = tuple(rank + suit for suit in SUITS for rank in self.ranks)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "index", {card: i for i, card in enumerate(cards)})

    def __len__(self) -> int:
        return len(self.cards)

    def strength(self, card: str) -> int:
        """The card's rank, 0 for the lowest."""
        return self.ranks.index(card[0])

    def sort(self, cards: Iterable[str]) -> list[str]:
        """Cards in canonical order: by suit S H D C, then rank low to high."""
        return sorted(cards, key=self.index.__getitem__)

    def check_card(self, card: object, what: str) -> str:
        if not isinstance(card, str) or card not in self.index:
            raise InvalidStateError(kind="card", field=what, value=card, deck=self.name)
        return card

    def check_order(self, deck: object) -> list[str]:
        """Validate an explicit deck order: every card exactly once."""
        if isinstance(deck, (str, bytes)) or not isinstance(deck, (list, tuple)):
            raise InvalidStateError(kind="list", field="deck", value=deck)
        cards = [self.check_card(card, f"deck[{i}]") for i, card in enumerate(deck)]
        seen: set[str] = set()
        for card in cards:
            if card in seen:
                raise InvalidStateError(kind="duplicate", field="deck", value=card)
            seen.add(card)
        missing = [card for card in self.cards if card not in seen]
        if missing:
            raise InvalidStateError(kind="missing_cards", field="deck", value=missing)
        return cards


ATLASNYE = Deck("atlasnye", ("6", "7", "8", "9", "T", "J", "Q", "K", "A"))
SCHNAPSEN = Deck("schnapsen", ("J", "Q", "K", "T", "A"))
#: The decks by name.
DECKS: dict[str, Deck] = {deck.name: deck for deck in (ATLASNYE, SCHNAPSEN)}


def deck_of(game: str) -> Deck:
    """The deck ``game`` is played with (the core's pairing of games and decks)."""
    from . import _native
    from .api import check_game

    return DECKS[_native.GAME_DECKS[check_game(game)]]


def marriage_points(suit: str, trump: str) -> int:
    """What declaring the marriage in ``suit`` counts (Schnapsen), as the core scores it."""
    from . import _native

    return _native.MARRIAGE_POINTS["trump" if suit == trump else "plain"]


#: What each Schnapsen card counts in a trick, by rank (RULES.md ch. 5).
SCHNAPSEN_POINTS: dict[str, int] = {"J": 2, "Q": 3, "K": 4, "T": 10, "A": 11}


def rank(card: str) -> str:
    return card[0]


def suit(card: str) -> str:
    return card[1]
