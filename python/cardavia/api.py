"""``new_game``, ``from_dict`` and ``from_json``: choosing the engine.

The Rust core checks everything it is given (games, seeds, decks, states);
the reference engine, the oracle, is imported only when it is asked for.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from . import _native
from .errors import InvalidArgumentError, InvalidStateError, UnknownGameError

if TYPE_CHECKING:
    from .reference.base import ReferenceGame

GAMES: tuple[str, ...] = _native.GAMES
ENGINES: tuple[str, ...] = ("rust", "reference")
DEFAULT_ENGINE = "rust"


class Game(Protocol):
    """What both engines' game objects offer (docs/API.md)."""

    game: str
    engine: str

    @property
    def players(self) -> int: ...
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
    def refusal(self, move: str) -> dict[str, Any] | None: ...
    def to_dict(self) -> dict[str, Any]: ...
    def to_json(self) -> str: ...
    def observation(self, seat: int) -> dict[str, Any]: ...
    def clone(self) -> Game: ...


def check_game(game: object) -> str:
    if not isinstance(game, str):
        raise TypeError(f"game must be a string, got {type(game).__name__}")
    if game not in GAMES:
        raise UnknownGameError(kind="unknown_game", field="game", value=game, games=list(GAMES))
    return game


def check_engine(engine: object) -> str:
    if engine is None:
        return DEFAULT_ENGINE
    if not isinstance(engine, str):
        raise TypeError(f"engine must be a string, got {type(engine).__name__}")
    if engine not in ENGINES:
        raise InvalidArgumentError(
            kind="choice", field="engine", value=engine, choices=list(ENGINES)
        )
    return engine


def _reference(game: str) -> type[ReferenceGame]:
    from .reference import GAME_CLASSES

    return GAME_CLASSES[game]


def new_game(
    game: str,
    *,
    seed: int | None = None,
    deck: Sequence[str] | None = None,
    engine: str | None = None,
    players: int | None = None,
) -> Game:
    """A new game, dealt from ``seed`` or from an explicit ``deck`` (top
    first), at a table of ``players`` seats (Durak 2 to 6, RULES.md ch. 7;
    ``None`` is two; Schnapsen takes none)."""
    chosen = check_engine(engine)
    # Any sequence of cards is a deck; anything else the engine refuses.
    cards: Any = deck
    if isinstance(deck, Sequence) and not isinstance(deck, (str, bytes)):
        cards = list(deck)
    if chosen == "rust":
        return _native.Game(game, seed, cards, players=players)
    name = check_game(game)
    seats = _native.check_players(name, players)
    if seats == 2:
        return _reference(name)(seed=seed, deck=cards)
    # Only the Durak games seat more than two (the core checked it).
    durak: Any = _reference(name)
    seated: Game = durak(seed=seed, deck=cards, players=seats)
    return seated


def from_dict(data: object, *, engine: str | None = None) -> Game:
    """Rebuild a game from ``Game.to_dict()``; the state is checked whole."""
    if check_engine(engine) == "rust":
        return _native.Game.from_dict(data)
    if not isinstance(data, Mapping):
        raise InvalidStateError(kind="object", field="state", value=data)
    name = data.get("game")
    if not isinstance(name, str) or name not in GAMES:
        raise InvalidStateError(kind="not_a_game", field="game", value=name, games=list(GAMES))
    return _reference(name).from_dict(data)


def from_json(text: str | bytes, *, engine: str | None = None) -> Game:
    """Rebuild a game from ``Game.to_json()``."""
    if check_engine(engine) == "rust":
        return _native.Game.from_json(text)
    from .reference.checks import parse_json

    return from_dict(parse_json(text), engine="reference")
