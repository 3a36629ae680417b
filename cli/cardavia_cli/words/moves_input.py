"""What the player types, turned into canonical engine moves.

Accepted: a number from the list of moves; a card in any usual spelling
(``7S``, ``7♠``, ``7s``, ``10♠``, the displayed court letter such as ``Д♠``
or ``дs``, Latin ``J Q K A`` too); a move word of this game in the chosen
language or in English (``take``, ``беру``, ``marriage``…), optionally
followed by a card, or one that needs the card (Schnapsen's ``stechen A♠``);
a marriage by what it counts (``20``, ``40 ansagen``); ``?`` for the
computer's advice, ``rules``, ``help`` and ``quit``. A word of the other
game, or a card of the other deck, is refused as such.
The engine only ever sees canonical strings such as ``attack:7S``.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from babel.lists import format_list
from cardavia.cards import SUITS, deck_of, marriage_points

from .card_faces import CardView, ranks_of, sort_cards, sort_key
from .glossary import (
    TERMS,
    card_words,
    family,
    marriage_value_words,
    move_synonyms,
    term,
    terms,
)
from .i18n import DEFAULT_LANGUAGE, _, current_language, pgettext, speaking
from .narration import move_label
from .refusals import Refuse, card_refusal, rank_label, word_refusal
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


@dataclass(frozen=True)
class Words:
    """The move words of one game, normalized: those that name a move alone
    or before a card, those that name one only before a card, and what a
    marriage counts (20, 40) in words."""

    moves: dict[str, tuple[str, ...]]
    card_only: dict[str, tuple[str, ...]]
    points: dict[str, int]

    def all(self) -> dict[str, tuple[str, ...]]:
        return {**self.card_only, **self.moves}


def _table(game: str, english: bool) -> Words:
    moves: dict[str, list[str]] = {}
    card_only: dict[str, list[str]] = {}

    def add(table: dict[str, list[str]], word: str, kind: str) -> None:
        kinds = table.setdefault(word, [])
        for meant in KIND_EXPANSION.get(kind, (kind,)):
            if meant not in kinds:
                kinds.append(meant)

    players = family(game)
    local = terms()
    for entry in TERMS:
        if entry.move is not None and set(entry.games) & set(players):
            for word in _alternatives(local[entry.id]):
                add(moves, word, entry.move)
    for kind, words in move_synonyms(game).items():
        for word in _alternatives(words):
            add(moves, word, kind)
    for kind, words in card_words(game).items():
        for word in _alternatives(words):
            if word not in moves:
                add(card_only, word, kind)
    points: dict[str, int] = {}
    if game == "schnapsen":
        # The plain and the trump marriage, as the core counts them.
        values = {"plain": marriage_points("H", "S"), "trump": marriage_points("S", "S")}
        points = {str(value): value for value in values.values()}
        for which, words in marriage_value_words().items():
            for word in _alternatives(words):
                points.setdefault(word, values[which])
    if english:
        with speaking(DEFAULT_LANGUAGE):
            theirs = _table(game, english=False)
        for word, kinds in theirs.moves.items():
            if word not in moves and word not in card_only:
                moves[word] = list(kinds)
        for word, kinds in theirs.card_only.items():
            if word not in moves and word not in card_only:
                card_only[word] = list(kinds)
        for word, value in theirs.points.items():
            points.setdefault(word, value)
    return Words(
        moves={word: tuple(kinds) for word, kinds in moves.items()},
        card_only={word: tuple(kinds) for word, kinds in card_only.items()},
        points=points,
    )


def game_words(game: str) -> Words:
    """Every spelling (normalized) a player of ``game`` may type for a move:
    the glossary's move terms of its games and the synonyms of the current
    language, and the English ones in every language."""
    return _table(game, english=True)


def word_table(game: str) -> dict[str, tuple[str, ...]]:
    """Every accepted move word of ``game`` → the move kinds it may mean."""
    return game_words(game).all()


def other_game_words(game: str) -> set[str]:
    """The words of the other game that mean nothing in this one ("stop" in
    Schnapsen, "marriage" or "zwanzig" in Durak)."""
    other = "durak" if game == "schnapsen" else "schnapsen"
    theirs = game_words(other)
    mine = game_words(game)
    return (set(theirs.all()) | set(theirs.points)) - set(mine.all()) - set(mine.points)


def display_word(kind: str) -> str:
    """The word shown beside a move of this kind: the glossary's term."""
    # A kind's first term names it: "stop", not the "pass" of a thrower.
    names: dict[str, str] = {}
    for entry in TERMS:
        if entry.move is not None:
            names.setdefault(entry.move, entry.id)
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
    words = game_words(game)
    if not norm:
        return _invalid(
            _("Type a number from the list, a card such as {card}, or a word.").format(
                card=example_card(obs, view)
            )
        )
    if norm.isdigit():
        n = int(norm)
        if 1 <= n <= len(moves):
            return Parsed("move", move=moves[n - 1])
        if norm in words.points:
            # 20 and 40 are never move numbers: a hand has at most 11 moves.
            return _marriage_by_points(words.points[norm], raw, obs, refuse, view)
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

    points = _points_said(norm, words)
    if points is not None:
        return _marriage_by_points(points, raw, obs, refuse, view)
    table = words.all()
    for word in sorted(table, key=len, reverse=True):
        if norm == word or norm.startswith(word + " "):
            remainder = norm[len(word) :].strip()
            if not remainder and word in words.card_only:
                return _invalid(_card_wanted(word, obs, view))
            return _parse_word(table[word], remainder, raw, obs, refuse, view)

    cards = parse_cards(norm, game, view.ascii)
    if cards:
        return _by_card(cards, moves, CARD_KINDS, obs, refuse, view)
    missing = _not_in_deck(norm, game, view)
    if missing is not None:
        return _invalid(missing)
    for word in sorted(other_game_words(game), key=len, reverse=True):
        if norm == word or norm.startswith(word + " "):
            return _invalid(other_game_word(word, obs, view))
    return _not_understood(text, obs, view)


def _points_said(norm: str, words: Words) -> int | None:
    """What a marriage typed by its points counts ("20", "40 ansagen",
    "declare twenty"), if that is what ``norm`` says."""
    marriage = {word for word, kinds in words.moves.items() if "marriage" in kinds}
    for spelling in sorted(words.points, key=len, reverse=True):
        if norm == spelling:
            return words.points[spelling]
        for rest in (
            norm[len(spelling) + 1 :] if norm.startswith(spelling + " ") else None,
            norm[: -len(spelling) - 1] if norm.endswith(" " + spelling) else None,
        ):
            if rest in marriage:
                return words.points[spelling]
    return None


def _marriage_by_points(
    points: int, raw: str, obs: dict[str, Any], refuse: Refuse, view: CardView
) -> Parsed:
    """The marriages that count ``points`` (the core says what the trump
    marriage and a plain one count), or why there is none."""
    marriages = _kinds_of(ordered_moves(obs), ("marriage",))
    if not marriages:
        return _invalid(word_refusal("marriage", raw, refuse, obs, view))
    trump = str(obs.get("trump"))

    def counts(move: str) -> int:
        return marriage_points(str(card_of(move))[1], trump)

    fitting = [m for m in marriages if counts(m) == points]
    if fitting:
        return _pick(fitting)
    in_trumps = [m for m in marriages if str(card_of(m))[1] == trump]
    if in_trumps:
        return _invalid(
            _(
                "You cannot declare {asked} now: your only marriage is in trumps ({suit}) "
                "and counts {counts}."
            ).format(asked=points, suit=view.suit_mark(trump), counts=counts(in_trumps[0]))
        )
    suits = sorted({str(card_of(m))[1] for m in marriages}, key=SUITS.index)
    marks = [view.suit_mark(suit) for suit in suits]
    return _invalid(
        _(
            "You cannot declare {asked} now: you hold no marriage in trumps ({trump}); "
            "you can declare {counts} in {suits}."
        ).format(
            asked=points,
            trump=view.suit_mark(trump),
            counts=counts(marriages[0]),
            suits=format_list(marks, style="or", locale=current_language()),
        )
    )


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
            missing = _not_in_deck(remainder, str(obs.get("game")), view)
            return _invalid(missing) if missing else _not_understood(raw, obs, view)
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


def _not_in_deck(text: str, game: str, view: CardView) -> str | None:
    """Why a card of the 36-card deck (7♠) is no card in Schnapsen."""
    if game != "schnapsen":
        return None
    others = [card for card in parse_cards(text, "durak") if card[0] not in ranks_of(game)]
    if not others:
        return None
    card = others[0]
    ranks = [rank_label(rank + "S", view) for rank in ranks_of(game)]
    return _("There is no {card} in the Schnapsen deck: it has only {ranks} of each suit.").format(
        card=card[0] + view.suit_mark(card[1]),
        ranks=format_list(ranks, locale=current_language()),
    )


def example_card(obs: dict[str, Any], view: CardView) -> str:
    """A card to show in an example, from this game's deck: one the player
    can play now, else one in hand, else the deck's first."""
    game = str(obs.get("game"))
    for move in ordered_moves(obs):
        card = card_of(move)
        if card is not None:
            return view.label(card)
    hand = sort_cards(list(obs.get("hand") or []), game, obs.get("trump"))
    return view.label(hand[0] if hand else deck_of(game).cards[-1])


def _card_wanted(word: str, obs: dict[str, Any], view: CardView) -> str:
    """A word that plays a card only with one, typed alone: "take" is the
    Durak move; "trump" asks for the card."""
    game = str(obs.get("game"))
    other = "durak" if game == "schnapsen" else "schnapsen"
    if word in game_words(other).all():
        return other_game_word(word, obs, view)
    return _("Which card? Type it after the word, such as “{word} {card}”.").format(
        word=word, card=example_card(obs, view)
    )


def other_game_word(word: str, obs: dict[str, Any], view: CardView) -> str:
    """The refusal of a word that belongs to the other game, with what this
    game's moves are."""
    game = str(obs.get("game"))
    card = example_card(obs, view)
    if game == "schnapsen":
        text = _(
            "“{word}” is a Durak word. In Schnapsen you play a card such as {card}, "
            "declare 20 or 40, exchange the trump jack or close the talon."
        )
    elif game == "perevodnoy":
        text = _(
            "“{word}” is a Schnapsen word. In Transferable Durak you attack, add, beat or "
            "transfer with a card such as {card}, take or stop."
        )
    else:
        text = _(
            "“{word}” is a Schnapsen word. In Durak you attack, add or beat with a card "
            "such as {card}, take or stop."
        )
    return text.format(word=word, card=card)


# Enough of a line to recognise it; a pasted page is not echoed back whole.
ECHO_LIMIT = 40


def echo(text: str) -> str:
    """What the player typed, as quoted back: cut at ``ECHO_LIMIT`` characters."""
    text = " ".join(text.split())
    return text if len(text) <= ECHO_LIMIT else text[: ECHO_LIMIT - 1].rstrip() + "…"


def _not_understood(text: str, obs: dict[str, Any], view: CardView) -> Parsed:
    return _invalid(
        _(
            "“{text}” is not a move. Type a number from the list, a card such as {card}, or a word."
        ).format(text=echo(text), card=example_card(obs, view))
    )
