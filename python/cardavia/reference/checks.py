"""Reading JSON values field by field: each check names the field that is
wrong by its path (``hands[1][3]``, ``outcome.winner``) and the value.

The twin of ``rust/cardavia-core/src/checks.rs``: the same checks in the
same order, so that both engines refuse the same input with the same class,
kind and field (``cardavia.errors`` makes the text).
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping
from typing import Any

from .. import strict_json
from ..cards import Deck
from ..errors import InvalidStateError

SCHEMA_VERSION = 2
MAX_SEED = (1 << 64) - 1
# A state nests five levels at most (Schnapsen's outcome.deals[i].marriages[s][j]);
# anything far deeper is garbage, refused before anything else reads it.
MAX_DEPTH = 16


def fault(kind: str, field: str, value: object = None, **detail: Any) -> InvalidStateError:
    """The ``InvalidStateError`` of a broken check."""
    return InvalidStateError(kind=kind, field=field, value=value, **detail)


def parse_json(text: object) -> Any:
    """The value a state's JSON text holds, no deeper than any state nests:
    JSON as the standard has it (no NaN, no infinity, no number beyond a
    double)."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise TypeError(f"JSON text must be str or bytes, got {type(text).__name__}")
    try:
        value = strict_json.loads(text)
    except RecursionError:
        raise fault("too_deep", "state", max=MAX_DEPTH) from None
    except ValueError as exc:
        reason = exc.msg if isinstance(exc, json.JSONDecodeError) else str(exc)
        raise fault("json", "", reason=reason) from None
    check_depth(value)
    return value


def check_depth(data: object, what: str = "state") -> None:
    """No value nested more than ``MAX_DEPTH`` lists or objects deep. Walked
    without recursion, so that no nesting (or cycle) can exhaust the stack."""
    stack: list[tuple[object, int]] = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise fault("too_deep", what, max=MAX_DEPTH)
        if isinstance(value, Mapping):
            stack.extend((key, depth + 1) for key in value)
            stack.extend((item, depth + 1) for item in value.values())
        elif isinstance(value, (list, tuple)):
            stack.extend((item, depth + 1) for item in value)


def item(what: str, i: int) -> str:
    """A path one item down: ``what[i]``."""
    return f"{what}[{i}]"


def check_keys(
    data: object, keys: tuple[str, ...], what: str, optional: tuple[str, ...] = ()
) -> Mapping[str, Any]:
    """An object holding exactly ``keys``, but that those of ``optional``
    may be missing (fields that follow from the others, which an
    observation written to an older schema lacks)."""
    if not isinstance(data, Mapping):
        raise fault("object", what, data)
    missing = [key for key in keys if key not in data and key not in optional]
    if missing:
        raise fault("missing_field", what, missing[0])
    extra = sorted(str(key) for key in data if key not in keys)
    if extra:
        raise fault("unknown_field", what, extra[0])
    return data


def check_header(data: Mapping[str, Any], game: str) -> None:
    """The integer ``SCHEMA_VERSION`` exactly: not 2.0, not an older one."""
    schema = data["schema"]
    if isinstance(schema, bool) or not isinstance(schema, int) or schema != SCHEMA_VERSION:
        raise fault("schema", "schema", schema, expected=SCHEMA_VERSION)
    if data["game"] != game:
        raise fault("game", "game", data["game"], expected=game)


def check_int(value: object, what: str, low: int, high: int) -> int:
    """One of the integers ``low..high``; a float, a bool or an integer out
    of range are the same mistake."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise fault("integer", what, value, low=low, high=high)
    return value


def check_seed(seed: object, what: str = "seed") -> int:
    return check_int(seed, what, 0, MAX_SEED)


def check_bool(value: object, what: str) -> bool:
    if not isinstance(value, bool):
        raise fault("boolean", what, value)
    return value


def check_seat(value: object, what: str) -> int:
    return check_int(value, what, 0, 1)


def check_list(value: object, what: str) -> list[Any]:
    """A list; a tuple reads as one, as ``json.dumps`` writes it as one."""
    if not isinstance(value, (list, tuple)):
        raise fault("list", what, value)
    return list(value)


def check_entries(value: object, what: str, n: int) -> list[Any]:
    entries = check_list(value, what)
    if len(entries) != n:
        raise fault("entries", what, len(entries), expected=n)
    return entries


def check_pair(value: object, what: str) -> list[Any]:
    return check_entries(value, what, 2)


def first_repeat(cards: list[str]) -> str | None:
    seen: set[str] = set()
    for card in cards:
        if card in seen:
            return card
        seen.add(card)
    return None


def check_cards(value: object, deck: Deck, what: str, *, sorted_: bool) -> list[str]:
    cards = [deck.check_card(card, item(what, i)) for i, card in enumerate(check_list(value, what))]
    repeat = first_repeat(cards)
    if repeat is not None:
        raise fault("duplicate", what, repeat)
    if sorted_ and cards != deck.sort(cards):
        raise fault("order", what)
    return cards


def check_conservation(places: dict[str, list[str]], deck: Deck) -> None:
    """Every card of the deck in exactly one place."""
    where: dict[str, str] = {}
    for place, cards in places.items():
        for card in cards:
            if card in where:
                raise fault("two_places", place, card, first=where[card])
            where[card] = place
    missing = [card for card in deck.cards if card not in where]
    if missing:
        raise fault("missing_card", "state", missing[0])


def check_history(value: object, moves: Collection[str], game: str) -> list[str]:
    """A list of moves of ``game``, each spelled as ``legal_moves()`` would
    spell it (``moves``: every such string); whether each was legal when it
    was played is not checked."""
    history = check_list(value, "history")
    for i, move in enumerate(history):
        if not isinstance(move, str) or move not in moves:
            raise fault("move", item("history", i), move, game=game)
    return list(history)
