"""``new_game``, ``from_dict`` and ``from_json``: choosing the engine."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from .errors import InvalidArgumentError, InvalidStateError, UnknownGameError
from .reference import GAME_CLASSES
from .reference.checks import check_depth, parse_json

GAMES: tuple[str, ...] = ("durak", "perevodnoy", "schnapsen")
ENGINES: tuple[str, ...] = ("rust", "reference")
DEFAULT_ENGINE = "rust"


class Game(Protocol):
    """What both engines' game objects offer (API.md)."""

    game: str
    engine: str

    @property
    def current_player(self) -> int | None: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def outcome(self) -> dict[str, Any] | None: ...
    @property
    def history(self) -> list[str]: ...
    def legal_moves(self) -> list[str]: ...
    def play(self, move: str) -> None: ...
    def to_dict(self) -> dict[str, Any]: ...
    def to_json(self) -> str: ...
    def observation(self, seat: int) -> dict[str, Any]: ...
    def clone(self) -> Game: ...


def check_game(game: object) -> str:
    if not isinstance(game, str):
        raise TypeError(f"game must be a string, got {type(game).__name__}")
    if game not in GAMES:
        raise UnknownGameError(f"unknown game {game!r}; choose one of {', '.join(GAMES)}")
    return game


def check_engine(engine: object) -> str:
    if not isinstance(engine, str):
        raise TypeError(f"engine must be a string, got {type(engine).__name__}")
    if engine not in ENGINES:
        raise InvalidArgumentError(f"unknown engine {engine!r}; choose one of {', '.join(ENGINES)}")
    return engine


def new_game(
    game: str,
    *,
    seed: int | None = None,
    deck: Sequence[str] | None = None,
    engine: str | None = None,
) -> Game:
    """A new game, dealt from ``seed`` or from an explicit ``deck`` (top first)."""
    name = check_game(game)
    chosen = check_engine(DEFAULT_ENGINE if engine is None else engine)
    if deck is not None and (isinstance(deck, (str, bytes)) or not isinstance(deck, Sequence)):
        raise InvalidStateError(f"deck must be a list of card strings, got {type(deck).__name__}")
    cards = None if deck is None else list(deck)
    if chosen == "rust":
        from . import _native

        return _native.Game(name, seed, cards)
    return GAME_CLASSES[name](seed=seed, deck=cards)


def _mapping_as_dict(value: object) -> dict[Any, Any]:
    """``json.dumps`` hook: any mapping is an object, as the reference reads it."""
    if isinstance(value, Mapping):
        return dict(value)
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


def from_dict(data: object, *, engine: str | None = None) -> Game:
    """Rebuild a game from ``Game.to_dict()``; the state is checked whole."""
    chosen = check_engine(DEFAULT_ENGINE if engine is None else engine)
    if not isinstance(data, Mapping):
        raise InvalidStateError(f"state must be an object, got {type(data).__name__}")
    name = data.get("game")
    if not isinstance(name, str) or name not in GAMES:
        raise InvalidStateError(f"game: {name!r} is not one of {', '.join(GAMES)}")
    if chosen == "rust":
        from . import _native

        # Nesting is refused first, as the reference does: json.dumps would
        # otherwise recurse into it.
        check_depth(data)
        try:
            text = json.dumps(data, default=_mapping_as_dict)
        except (TypeError, ValueError, RecursionError) as exc:
            raise InvalidStateError(f"state is not JSON-serialisable: {exc}") from None
        return _native.Game.from_json(text)
    return GAME_CLASSES[name].from_dict(data)


def from_json(text: str | bytes, *, engine: str | None = None) -> Game:
    """Rebuild a game from ``Game.to_json()``."""
    return from_dict(parse_json(text), engine=engine)
