"""The messages the page sends, checked before anything acts on them, and
the error each refusal becomes (its words are ``words.errors``).

A message is one JSON object with a ``type`` and that type's fields, all
required unless marked optional here. Anything else (not JSON, too large,
an unknown type or field, a wrong type, an unknown game, language or level)
is a ``MessageError`` whose ``kind``, ``field`` and ``value`` go to the page
with a sentence in its language; the game is not touched.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

import cardavia

from ..play.opponent import LEVELS
from ..play.table_size import PlayersRefused, seat_count
from ..words.errors import players_refusal, table_error_text
from ..words.i18n import LANGUAGES
from .options import Limits

# type → {field: (type, required)}
FIELDS: dict[str, dict[str, tuple[type, bool]]] = {
    "settings": {"lang": (str, False), "level": (str, False)},
    "new": {"game": (str, True), "level": (str, False), "players": (int, False)},
    "move": {"move": (str, True)},
    "text": {"text": (str, True)},
    "hint": {},
    "rules": {"game": (str, False)},
    "learn": {"game": (str, True), "players": (int, False)},
    "next": {},
    "saves": {},
    "resume": {"file": (str, True), "take_over": (bool, False)},
    "replay": {"file": (str, True)},
    "step": {"index": (int, True)},
    "stats": {"game": (str, False)},
    "delete": {"file": (str, True)},
}
# The names the game log files get (saves.new_log_path); nothing else is opened.
SAVE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,120}\.json")
MOVE_CHARS = 24


class MessageError(Exception):
    """A message, or a request, the table refuses; nothing was changed."""

    def __init__(self, kind: str, field: str | None = None, value: Any = None, **detail: Any):
        super().__init__(kind)
        self.kind = kind
        self.field = field
        self.value = value
        self.detail = detail

    def as_json(self) -> dict[str, Any]:
        value = self.value if isinstance(self.value, (str, int, float, bool)) else None
        if isinstance(value, str):
            value = value[:80]
        return {
            "type": "error",
            "kind": self.kind,
            "field": self.field,
            "value": value,
            "text": error_text(self),
        }


@dataclass(frozen=True)
class Message:
    type: str
    fields: dict[str, Any] = field(default_factory=dict)

    def get(self, name: str) -> Any:
        return self.fields.get(name)


def parse_message(raw: str | bytes, limits: Limits) -> Message:
    size = len(raw.encode("utf-8")) if isinstance(raw, str) else len(raw)
    if size > limits.message_bytes:
        raise MessageError("too_large", value=size, limit=limits.message_bytes)
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise MessageError("bad_json") from None
    if not isinstance(data, dict):
        raise MessageError("not_object")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in FIELDS:
        raise MessageError("unknown_type", "type", kind)
    wanted = FIELDS[kind]
    values: dict[str, Any] = {}
    for name in data:
        if name != "type" and name not in wanted:
            raise MessageError("unknown_field", name, name)
    for name, (expected, required) in wanted.items():
        if name not in data or data[name] is None:
            if required:
                raise MessageError("missing_field", name)
            continue
        value = data[name]
        # bool is an int to Python, never to the protocol.
        if isinstance(value, bool) != (expected is bool) or not isinstance(value, expected):
            if name == "players":
                # "four" or 4.5 from an address: the sentence a bad count gets.
                check_players(str(data.get("game")), value)
            raise MessageError("wrong_type", name, value)
        values[name] = value
    message = Message(kind, values)
    check_values(message, limits)
    return message


def check_values(message: Message, limits: Limits) -> None:
    game = message.get("game")
    if game is not None and game not in cardavia.GAMES:
        raise MessageError("unknown_game", "game", game)
    lang = message.get("lang")
    if lang is not None and lang not in LANGUAGES:
        raise MessageError("unknown_language", "lang", lang)
    level = message.get("level")
    if level is not None and level not in LEVELS:
        raise MessageError("unknown_level", "level", level)
    players = message.get("players")
    if players is not None:
        check_players(str(game), players)
    text = message.get("text")
    if text is not None and len(text) > limits.text_chars:
        raise MessageError("too_long", "text", len(text), limit=limits.text_chars)
    move = message.get("move")
    if move is not None and len(move) > MOVE_CHARS:
        raise MessageError("illegal_move", "move", move)
    name = message.get("file")
    if name is not None and not SAVE_NAME.fullmatch(name):
        raise MessageError("bad_file", "file", name)
    index = message.get("index")
    if index is not None and index < 0:
        raise MessageError("no_such_step", "index", index, last=0)


# The seats the page offers (RULES.md chapter 7: Durak and perevodnoy seat
# two to six; Schnapsen is a duel); the engine itself checks what is asked.
PLAYERS = range(2, 7)
TABLE_GAMES = ("durak", "perevodnoy")


def check_players(game: str, players: object) -> None:
    """A table the engine can lay for ``game`` (it alone knows the bounds:
    ``play.table_size``), checked before anything is dealt; a refusal says
    why in the player's language, as the terminal does."""
    try:
        seat_count(game, players)
    except PlayersRefused as refused:
        text = players_refusal(refused.game, refused.value, refused.error)
        raise MessageError("players", "players", players, text=text) from None


# What the page may choose from when a name is unknown.
CHOICES: dict[str, tuple[str, ...]] = {
    "unknown_game": tuple(cardavia.GAMES),
    "unknown_language": LANGUAGES,
    "unknown_level": tuple(LEVELS),
}


def error_text(error: MessageError) -> str:
    """The sentence the page shows for ``error``, in the current language."""
    return table_error_text(
        error.kind,
        field=error.field,
        value=error.value,
        choices=CHOICES.get(error.kind, ()),
        detail=error.detail,
    )
