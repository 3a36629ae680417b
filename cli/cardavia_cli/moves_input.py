"""What the player types, turned into canonical engine moves.

Accepted: a number from the list of moves; a card in any usual spelling
(``7S``, ``7♠``, ``7s``, ``10♠``, the displayed court letter such as ``Д♠``
or ``дs``, Latin ``J Q K A`` too); a move word in the chosen language or in
English (``take``, ``беру``, ``marriage``…), optionally followed by a card;
``?`` for the computer's advice, ``rules``, ``help`` and ``quit``.
The engine only ever sees canonical strings such as ``attack:7S``.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any, Literal

from .cards_view import CardView, ranks_of, sort_key
from .i18n import _, pgettext

WORD_KINDS: tuple[str, ...] = ("take", "stop", "transfer", "close", "exchange", "marriage")
COMMANDS: tuple[str, ...] = ("hint", "rules", "help", "quit")
CARD_KINDS = ("attack", "defend", "transfer", "play", "marriage")
KIND_ORDER = {"attack": 0, "defend": 0, "play": 0, "transfer": 1, "marriage": 2}
WORD_ORDER = {"take": 0, "stop": 1, "exchange": 2, "close": 3}

SUIT_INPUT = {
    "s": "S", "♠": "S", "♤": "S",
    "h": "H", "♥": "H", "♡": "H",
    "d": "D", "♦": "D", "♢": "D",
    "c": "C", "♣": "C", "♧": "C",
}  # fmt: skip

# Rank spellings (after casefold). Latin ``t`` is the canonical ten, but in
# the Atlasnye deck it also looks like the Cyrillic Т (ace) on the screen,
# so there it may mean either; the moves decide, or the player is asked.
_COMMON_RANKS = {"6": ("6",), "7": ("7",), "8": ("8",), "9": ("9",), "10": ("T",)}
RANK_INPUT: dict[str, dict[str, tuple[str, ...]]] = {
    "atlasnye": {
        **_COMMON_RANKS,
        "t": ("T", "A"), "j": ("J",), "q": ("Q",), "k": ("K",), "a": ("A",),
        "в": ("J",), "д": ("Q",), "к": ("K",), "т": ("A",), "b": ("J",),
    },
    "schnapsen": {
        "10": ("T",), "t": ("T",), "j": ("J",), "q": ("Q",), "k": ("K",), "a": ("A",),
        "b": ("J",), "d": ("Q",), "в": ("J",), "д": ("Q",), "к": ("K",), "т": ("A",),
    },
}  # fmt: skip


@dataclass(frozen=True)
class Parsed:
    """The meaning of one line of input."""

    kind: Literal["move", "choose", "command", "invalid"]
    move: str | None = None
    options: tuple[str, ...] = field(default=())
    command: str | None = None
    message: str | None = None


def normalize(text: str) -> str:
    text = unicodedata.normalize("NFC", text).replace("\ufe0f", "")
    text = re.sub(r"[’ʼ`´]", "'", text)
    text = " ".join(text.casefold().split())
    return text.strip(" .!")


def english_words() -> dict[str, str]:
    return {kind: kind for kind in WORD_KINDS}


def localized_words() -> dict[str, str]:
    """Move words of the current language: word → kind."""
    words = {
        "take": pgettext("move word", "take"),
        "stop": pgettext("move word", "stop"),
        "transfer": pgettext("move word", "transfer"),
        "close": pgettext("move word", "close"),
        "exchange": pgettext("move word", "exchange"),
        "marriage": pgettext("move word", "marriage"),
    }
    return words


def word_table() -> dict[str, str]:
    """Every accepted spelling (normalized) → move kind."""
    table: dict[str, str] = {}
    for kind, word in localized_words().items():
        for alternative in word.split("|"):
            table[normalize(alternative)] = kind
    for kind in WORD_KINDS:
        table.setdefault(kind, kind)
    return table


def display_word(kind: str) -> str:
    """The word shown to the player for a move kind (first alternative)."""
    return localized_words().get(kind, kind).split("|")[0]


def command_table() -> dict[str, str]:
    table = {"?": "hint", "hint": "hint", "rules": "rules", "help": "help", "quit": "quit"}
    table.update({"exit": "quit", "q": "quit", "h": "help"})
    local = {
        "hint": pgettext("command", "hint"),
        "rules": pgettext("command", "rules"),
        "help": pgettext("command", "help"),
        "quit": pgettext("command", "quit"),
    }
    for command, word in local.items():
        for alternative in word.split("|"):
            table.setdefault(normalize(alternative), command)
    return table


def parse_cards(text: str, game: str, ascii_table: bool = False) -> list[str]:
    """The canonical cards a spelling may mean (usually one; empty if none).
    With ``ascii_table`` the Durak ace is shown as ``A``, so ``T`` is the ten."""
    token = normalize(text).replace(" ", "")
    if len(token) < 2:
        return []
    suit = SUIT_INPUT.get(token[-1])
    if suit is None:
        return []
    ranks = RANK_INPUT["schnapsen" if game == "schnapsen" else "atlasnye"].get(token[:-1])
    if ascii_table and token[:-1] == "t":
        ranks = ("T",)
    if ranks is None:
        return []
    valid = ranks_of(game)
    return [rank + suit for rank in ranks if rank in valid]


def card_of(move: str) -> str | None:
    card = move.partition(":")[2]
    return card or None


def kind_of(move: str) -> str:
    return move.partition(":")[0]


def ordered_moves(obs: dict[str, Any]) -> list[str]:
    """The legal moves in the order they are numbered on the table: cards in
    hand order (trumps last), then the words."""
    game = str(obs.get("game"))
    trump = obs.get("trump")

    def key(move: str) -> tuple[int, tuple[int, int, int], int, str]:
        card = card_of(move)
        kind = kind_of(move)
        if card is None:
            return (1, (0, 0, 0), WORD_ORDER.get(kind, 9), move)
        return (0, sort_key(card, game, trump), KIND_ORDER.get(kind, 9), move)

    return sorted((str(m) for m in obs.get("legal_moves") or []), key=key)


def _invalid(message: str) -> Parsed:
    return Parsed("invalid", message=message)


def _pick(moves: list[str]) -> Parsed:
    if len(moves) == 1:
        return Parsed("move", move=moves[0])
    return Parsed("choose", options=tuple(moves))


def parse_input(text: str, obs: dict[str, Any], view: CardView) -> Parsed:
    """Interpret one line typed by seat 0 in the position ``obs``."""
    moves = ordered_moves(obs)
    game = str(obs.get("game"))
    raw = text.strip()
    norm = normalize(text)
    if not norm:
        return _invalid(_("Type a number from the list, a card such as 7♠, or a word."))
    if norm.isdigit():
        n = int(norm)
        if 1 <= n <= len(moves):
            return Parsed("move", move=moves[n - 1])
        return _invalid(
            _("There is no move {n}: choose a number from 1 to {last}.").format(
                n=n, last=len(moves)
            )
        )
    commands = command_table()
    if norm in commands:
        return Parsed("command", command=commands[norm])
    kind, _sep, rest = raw.partition(":")
    if _sep and f"{kind.lower()}:{rest.upper()}" in moves:
        return Parsed("move", move=f"{kind.lower()}:{rest.upper()}")

    words = word_table()
    for word in sorted(words, key=len, reverse=True):
        if norm == word or norm.startswith(word + " "):
            move_kind = words[word]
            remainder = norm[len(word) :].strip()
            candidates = [m for m in moves if kind_of(m) == move_kind]
            if remainder:
                cards = parse_cards(remainder, game, view.ascii)
                if not cards:
                    return _not_understood(text)
                candidates = [m for m in candidates if card_of(m) in cards]
            if not candidates:
                return _invalid(_("“{word}” is not possible now.").format(word=raw))
            return _pick(candidates)

    cards = parse_cards(norm, game, view.ascii)
    if not cards:
        return _not_understood(text)
    candidates = [m for m in moves if card_of(m) in cards]
    if candidates:
        return _pick(candidates)
    hand = obs.get("hand") or []
    held = [card for card in cards if card in hand]
    if held:
        return _invalid(_("You cannot play {card} now.").format(card=view.label(held[0])))
    return _invalid(_("You do not hold {card}.").format(card=view.label(cards[0])))


def _not_understood(text: str) -> Parsed:
    return _invalid(
        _(
            "“{text}” is not a move. Type a number from the list, a card such as 7♠, or a word."
        ).format(text=text.strip())
    )
