"""One vocabulary per language: the card players' words for the games, their
moves and their things, as gettext messages (context ``glossary``).

The table, the narration, the lessons, the typed move words and the rules
texts (``cardavia/rules/<lang>/<game>.md``) all say a thing by its term
here; ``tests/cli/test_cli_glossary.py`` holds every language to it (each
term is found in the rules of its games and in the table's sentences, and
the variants a language chose against are found nowhere). A language keeps
one register too (German: du).

Move terms are the words a player says or types at the table (Russian
``беру``, ``бито``); the code shows them beside the moves and accepts them,
with the synonyms of ``move_synonyms`` and ``card_words`` (each game's
own: "beat" defends in Durak and plays a card in Schnapsen) and the
marriages' values of ``marriage_value_words``.
"""

from __future__ import annotations

from dataclasses import dataclass

import cardavia

from .i18n import pgettext

DURAKS = ("durak", "perevodnoy")
ALL_GAMES: tuple[str, ...] = tuple(cardavia.GAMES)


@dataclass(frozen=True)
class Term:
    """A glossary entry: its id, the games whose rules use it, the move kind
    it names (a word a player can type), and whether the table shows the
    term itself (a game's or a suit's name) rather than in its sentences."""

    id: str
    games: tuple[str, ...]
    move: str | None = None
    shown: bool = False


TERMS: tuple[Term, ...] = (
    Term("durak", ("durak",), shown=True),
    Term("perevodnoy", ("perevodnoy",), shown=True),
    Term("schnapsen", ("schnapsen",), shown=True),
    Term("attack", DURAKS, move="attack"),
    Term("beat", DURAKS, move="defend"),
    Term("add", DURAKS, move="attack"),
    Term("take", DURAKS, move="take"),
    Term("stop", DURAKS, move="stop"),
    Term("transfer", ("perevodnoy",), move="transfer"),
    Term("bout", DURAKS),
    Term("defender", DURAKS),
    Term("main attacker", DURAKS),
    Term("throw in", DURAKS, move="attack"),
    Term("pass", DURAKS, move="stop"),
    Term("go out", DURAKS),
    Term("stock", DURAKS),
    Term("discard pile", DURAKS),
    Term("lead", ("schnapsen",), move="play"),
    Term("trick", ("schnapsen",)),
    Term("talon", ("schnapsen",)),
    Term("marriage", ("schnapsen",), move="marriage"),
    Term("exchange", ("schnapsen",), move="exchange"),
    Term("close", ("schnapsen",), move="close"),
    Term("deal", ("schnapsen",)),
    Term("match", ("schnapsen",)),
    Term("game point", ("schnapsen",)),
    Term("trump", ALL_GAMES),
    Term("suit", ALL_GAMES),
    Term("spades", ALL_GAMES, shown=True),
    Term("hearts", ALL_GAMES, shown=True),
    Term("diamonds", ALL_GAMES, shown=True),
    Term("clubs", ALL_GAMES, shown=True),
)
TERM_IDS: tuple[str, ...] = tuple(term.id for term in TERMS)


def move_kinds(game: str) -> tuple[str, ...]:
    """The move kinds a player of ``game`` names by a word, in glossary order."""
    kinds = (term.move for term in TERMS if term.move is not None and game in term.games)
    return tuple(dict.fromkeys(kinds))


def terms() -> dict[str, str]:
    """Every term in the current language: id → the word players use."""
    return {
        "durak": pgettext("glossary", "Durak"),
        "perevodnoy": pgettext("glossary", "Transferable Durak"),
        "schnapsen": pgettext("glossary", "Schnapsen"),
        "attack": pgettext("glossary", "attack"),
        "beat": pgettext("glossary", "beat"),
        "add": pgettext("glossary", "add"),
        "take": pgettext("glossary", "take"),
        "stop": pgettext("glossary", "stop"),
        "transfer": pgettext("glossary", "transfer"),
        "bout": pgettext("glossary", "bout"),
        "defender": pgettext("glossary", "defender"),
        "main attacker": pgettext("glossary", "main attacker"),
        "throw in": pgettext("glossary", "throw in"),
        "pass": pgettext("glossary", "pass"),
        "go out": pgettext("glossary", "go out"),
        "stock": pgettext("glossary", "stock"),
        "discard pile": pgettext("glossary", "discard pile"),
        "lead": pgettext("glossary", "lead"),
        "trick": pgettext("glossary", "trick"),
        "talon": pgettext("glossary", "talon"),
        "close": pgettext("glossary", "close"),
        "exchange": pgettext("glossary", "exchange"),
        "marriage": pgettext("glossary", "marriage"),
        "deal": pgettext("glossary", "deal"),
        "match": pgettext("glossary", "match"),
        "game point": pgettext("glossary", "game point"),
        "trump": pgettext("glossary", "trump"),
        "suit": pgettext("glossary", "suit"),
        "spades": pgettext("glossary", "spades"),
        "hearts": pgettext("glossary", "hearts"),
        "diamonds": pgettext("glossary", "diamonds"),
        "clubs": pgettext("glossary", "clubs"),
    }


def term(term_id: str) -> str:
    return terms()[term_id]


def family(game: str) -> tuple[str, ...]:
    """The games whose players share one set of words: both Durak games, or
    Schnapsen alone."""
    return DURAKS if game in DURAKS else (game,)


def move_synonyms(game: str) -> dict[str, str]:
    """Other words players of ``game`` type for a move kind, ``|``-separated:
    move kind → the words (the glossary's own terms are accepted besides
    these). Each game has its own: "beat" is a defence in Durak."""
    if game == "schnapsen":
        return {
            "play": pgettext("move words", "play|lead|follow"),
            "marriage": pgettext("move words", "marriage|declare|meld"),
            "exchange": pgettext("move words", "exchange|swap"),
            "close": pgettext("move words", "close|shut"),
        }
    return {
        "attack": pgettext("move words", "attack|add|throw in"),
        "defend": pgettext("move words", "beat|cover|defend"),
        "take": pgettext("move words", "take|pick up"),
        "stop": pgettext("move words", "stop|done|beaten|enough"),
        "transfer": pgettext("move words", "transfer|pass on"),
        "play": pgettext("move words", "play|lead|follow"),
    }


def card_words(game: str) -> dict[str, str]:
    """Words that play a card only when the card follows them: in a trick
    game a card that wins is still played ("stechen A♠", "trump A♠"), while
    "take" alone is the Durak move."""
    if game == "schnapsen":
        return {"play": pgettext("move words", "beat|trump|take|win")}
    return {}


def marriage_value_words() -> dict[str, str]:
    """What a marriage counts, said as players say it ("zwanzig", "forty"):
    ``plain`` (20) or ``trump`` (40) → the words, ``|``-separated; the core
    says what each counts, and its digits are understood too."""
    return {
        "plain": pgettext("move words", "twenty|a twenty"),
        "trump": pgettext("move words", "forty|a forty"),
    }


GAME_TERMS = {"durak": "durak", "perevodnoy": "perevodnoy", "schnapsen": "schnapsen"}
SUIT_TERMS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def game_title(game: str) -> str:
    return term(GAME_TERMS[game]) if game in GAME_TERMS else game


def suit_name(suit: str) -> str:
    return term(SUIT_TERMS[suit])


def level_name(level: str) -> str:
    """A level's name in the current language."""
    names = {
        "easy": pgettext("level", "easy"),
        "normal": pgettext("level", "normal"),
        "hard": pgettext("level", "hard"),
    }
    return names.get(level, level)
