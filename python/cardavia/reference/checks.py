"""Small validators for state dicts: each names the field that is wrong."""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping
from typing import Any

from ..cards import Deck
from ..errors import InvalidStateError

SCHEMA_VERSION = 1
MAX_SEED = (1 << 64) - 1
# A state nests four levels at most (Schnapsen's outcome.deals[i].reason);
# anything far deeper is garbage, refused before a message repr()s it.
MAX_DEPTH = 16


def parse_json(text: object) -> Any:
    """The value a state's JSON text holds; wrong types and malformed text
    are refused with the errors ``from_json`` promises."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise TypeError(f"JSON text must be str or bytes, got {type(text).__name__}")
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise InvalidStateError(f"malformed JSON: {exc}") from None


def check_seed(seed: object, what: str = "seed") -> int:
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidStateError(f"{what} must be an integer, got {type(seed).__name__}")
    if not 0 <= seed <= MAX_SEED:
        raise InvalidStateError(f"{what} must be between 0 and 2**64-1, got {seed}")
    return seed


def check_depth(data: object, what: str = "state") -> None:
    """No value nested more than ``MAX_DEPTH`` lists or objects deep. Walked
    without recursion, so that no nesting (or cycle) can exhaust the stack."""
    stack: list[tuple[object, int]] = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise InvalidStateError(f"{what}: nested more than {MAX_DEPTH} levels deep")
        if isinstance(value, Mapping):
            stack.extend((key, depth + 1) for key in value)
            stack.extend((item, depth + 1) for item in value.values())
        elif isinstance(value, (list, tuple)):
            stack.extend((item, depth + 1) for item in value)


def check_keys(data: object, keys: tuple[str, ...], what: str) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise InvalidStateError(f"{what} must be an object, got {type(data).__name__}")
    missing = [key for key in keys if key not in data]
    if missing:
        raise InvalidStateError(f"{what}: missing field {missing[0]!r}")
    extra = sorted(str(key) for key in data if key not in keys)
    if extra:
        raise InvalidStateError(f"{what}: unknown field {extra[0]!r}")
    return data


def check_header(data: Mapping[str, Any], game: str) -> None:
    """The integer 1 exactly: not 1.0, not True."""
    schema = data["schema"]
    if isinstance(schema, bool) or not isinstance(schema, int) or schema != SCHEMA_VERSION:
        raise InvalidStateError(
            f"schema: version {data['schema']!r} is not supported (expected {SCHEMA_VERSION})"
        )
    if data["game"] != game:
        raise InvalidStateError(f"game: expected {game!r}, got {data['game']!r}")


def check_int(value: object, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidStateError(f"{what} must be an integer, got {type(value).__name__}")
    if not low <= value <= high:
        raise InvalidStateError(f"{what} must be between {low} and {high}, got {value}")
    return value


def check_bool(value: object, what: str) -> bool:
    if not isinstance(value, bool):
        raise InvalidStateError(f"{what} must be true or false, got {type(value).__name__}")
    return value


def check_seat(value: object, what: str) -> int:
    return check_int(value, what, 0, 1)


def check_list(value: object, what: str) -> list[Any]:
    """A list; a tuple reads as one, as ``json.dumps`` writes it as one."""
    if not isinstance(value, (list, tuple)):
        raise InvalidStateError(f"{what} must be a list, got {type(value).__name__}")
    return list(value)


def check_cards(value: object, deck: Deck, what: str, *, sorted_: bool) -> list[str]:
    cards = [deck.check_card(card, what) for card in check_list(value, what)]
    if len(set(cards)) != len(cards):
        raise InvalidStateError(f"{what}: a card appears twice")
    if sorted_ and cards != deck.sort(cards):
        raise InvalidStateError(f"{what} must be in canonical order")
    return cards


def check_pair(value: object, what: str) -> list[Any]:
    pair = check_list(value, what)
    if len(pair) != 2:
        raise InvalidStateError(f"{what} must hold two entries, got {len(pair)}")
    return pair


def check_conservation(places: dict[str, list[str]], deck: Deck) -> None:
    """Every card of the deck in exactly one place."""
    where: dict[str, str] = {}
    for place, cards in places.items():
        for card in cards:
            if card in where:
                raise InvalidStateError(f"{card} is both in {where[card]} and in {place}")
            where[card] = place
    missing = [card for card in deck.cards if card not in where]
    if missing:
        raise InvalidStateError(f"card {missing[0]} is missing from the state")


def check_history(value: object, moves: Collection[str], game: str) -> list[str]:
    """A list of moves of ``game``, each spelled as ``legal_moves()`` would
    spell it (``moves``: every such string); whether each was legal when it
    was played is not checked."""
    history = check_list(value, "history")
    for move in history:
        if not isinstance(move, str):
            raise InvalidStateError(f"history: {move!r} is not a move string")
        if move not in moves:
            raise InvalidStateError(f"history: {move!r} is not a {game} move")
    return list(history)
