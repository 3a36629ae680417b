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
from typing import Any, Literal, Protocol

from .card_faces import CardView, ranks_of, sort_key
from .glossary import TERMS, move_synonyms, term, terms
from .i18n import DEFAULT_LANGUAGE, _, pgettext, speaking
from .narration import move_label
from .refusals import Refuse, card_refusal, word_refusal
from .seats import HUMAN

COMMANDS: tuple[str, ...] = ("hint", "rules", "help", "quit", "discards")
CARD_KINDS = ("attack", "defend", "transfer", "play", "marriage")
KIND_ORDER = {"attack": 0, "defend": 0, "play": 0, "transfer": 1, "marriage": 2}
WORD_ORDER = {"take": 0, "stop": 1, "exchange": 2, "close": 3}
# A word for playing a card means any move that plays one: "play 8C" in
# Durak attacks, adds or beats, as the position allows.
KIND_EXPANSION = {"play": ("play", "attack", "defend")}

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


# Greek capitals drop their accents (ΠΑΙΡΝΩ is παίρνω): words match without them.
GREEK_ACCENTS = str.maketrans("άέήίόύώΐΰϊϋ", "αεηιουωιυιυ")


def normalize(text: str) -> str:
    text = unicodedata.normalize("NFC", text).replace("\ufe0f", "")
    text = re.sub(r"[’ʼ`´]", "'", text)
    text = " ".join(text.casefold().split()).translate(GREEK_ACCENTS)
    return text.strip(" .!")


def _alternatives(words: str) -> list[str]:
    return [normalize(word) for word in words.split("|") if normalize(word)]


def word_table() -> dict[str, tuple[str, ...]]:
    """Every accepted spelling (normalized) → the move kinds it may mean:
    the glossary's move terms and the synonyms of the current language,
    and the English ones in every language."""
    found: dict[str, list[str]] = {}

    def add(word: str, kind: str) -> None:
        kinds = found.setdefault(word, [])
        for meant in KIND_EXPANSION.get(kind, (kind,)):
            if meant not in kinds:
                kinds.append(meant)

    local = terms()
    for entry in TERMS:
        if entry.move is not None:
            for word in _alternatives(local[entry.id]):
                add(word, entry.move)
    synonyms = move_synonyms()
    for kind, words in synonyms.items():
        for word in _alternatives(words):
            add(word, kind)
    for kind, words in english_synonyms().items():
        for word in _alternatives(words):
            if word not in found:
                add(word, kind)
    return {word: tuple(kinds) for word, kinds in found.items()}


def english_synonyms() -> dict[str, str]:
    """The move words in English (the msgids of ``move_synonyms``), which
    every language accepts as well."""
    with speaking(DEFAULT_LANGUAGE):
        return move_synonyms()


def display_word(kind: str) -> str:
    """The word shown beside a move of this kind: the glossary's term."""
    names = {entry.move: entry.id for entry in TERMS if entry.move is not None}
    names.update({"attack": "attack", "play": "lead"})
    word = term(names[kind]) if kind in names else kind
    return word.split("|")[0]


def command_table() -> dict[str, str]:
    table = {
        "?": "hint", "hint": "hint", "rules": "rules", "help": "help", "quit": "quit",
        "discards": "discards", "discard": "discards",
        "exit": "quit", "q": "quit", "h": "help",
    }  # fmt: skip
    local = {
        "hint": pgettext("command", "hint"),
        "rules": pgettext("command", "rules"),
        "help": pgettext("command", "help"),
        "quit": pgettext("command", "quit"),
        "discards": pgettext("command", "discards"),
    }
    for command, word in local.items():
        for alternative in _alternatives(word):
            table.setdefault(alternative, command)
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


def _kinds_of(moves: list[str], kinds: tuple[str, ...]) -> list[str]:
    return [m for m in moves if kind_of(m) in kinds]


class Table(Protocol):
    """What reading a line needs of the game: the player's view, and the
    engine's reason for refusing a move (``cardavia.Game`` has both)."""

    def observation(self, seat: int) -> dict[str, Any]: ...
    def refusal(self, move: str) -> dict[str, Any] | None: ...


def parse_input(text: str, game: Table, view: CardView) -> Parsed:
    """Interpret one line typed by seat 0 in ``game``."""
    return _parse(text, game.observation(HUMAN), game.refusal, view)


def _parse(text: str, obs: dict[str, Any], refuse: Refuse, view: CardView) -> Parsed:
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
    # A move copied from the list as it reads there ("Beat 7♦ with 9♦").
    labelled = [m for m in moves if normalize(move_label(m, obs, view)) == norm]
    if labelled:
        return _pick(labelled)

    words = word_table()
    for word in sorted(words, key=len, reverse=True):
        if norm == word or norm.startswith(word + " "):
            return _parse_word(words[word], norm[len(word) :].strip(), raw, obs, refuse, view)

    cards = parse_cards(norm, game, view.ascii)
    if not cards:
        return _not_understood(text)
    return _by_card(cards, moves, CARD_KINDS, obs, refuse, view)


def _parse_word(
    kinds: tuple[str, ...],
    remainder: str,
    raw: str,
    obs: dict[str, Any],
    refuse: Refuse,
    view: CardView,
) -> Parsed:
    """A move word, alone or with a card (``take``, ``add 8C``)."""
    candidates = _kinds_of(ordered_moves(obs), kinds)
    if remainder:
        cards = parse_cards(remainder, str(obs.get("game")), view.ascii)
        if not cards:
            return _not_understood(raw)
        return _by_card(cards, candidates, kinds, obs, refuse, view)
    if candidates:
        return _pick(candidates)
    return _invalid(word_refusal(kinds[0], raw, refuse, obs, view))


def _by_card(
    cards: list[str],
    moves: list[str],
    kinds: tuple[str, ...],
    obs: dict[str, Any],
    refuse: Refuse,
    view: CardView,
) -> Parsed:
    """The moves that play one of ``cards``, or why none can."""
    chosen = [m for m in moves if card_of(m) in cards]
    if chosen:
        return _pick(chosen)
    return _refuse_cards(cards, kinds, obs, refuse, view)


def _refuse_cards(
    cards: list[str], kinds: tuple[str, ...], obs: dict[str, Any], refuse: Refuse, view: CardView
) -> Parsed:
    hand = obs.get("hand") or []
    held = [card for card in cards if card in hand]
    if held:
        return _invalid(card_refusal(held[0], kinds, refuse, view))
    return _invalid(_("You do not hold {card}.").format(card=view.label(cards[0])))


def _not_understood(text: str) -> Parsed:
    return _invalid(
        _(
            "“{text}” is not a move. Type a number from the list, a card such as 7♠, or a word."
        ).format(text=text.strip())
    )
