"""What every reference game shares: the public API around the rules."""

from __future__ import annotations

import copy
import json
import secrets
import threading
from abc import ABC, abstractmethod
from typing import Any, TypeVar

from ..errors import IllegalMoveError, InvalidArgumentError
from .checks import check_seed, parse_json

G = TypeVar("G", bound="ReferenceGame")


def resolve_seed(seed: object, deck: object) -> int | None:
    """RULES.md ch. 2: a given seed is checked; with neither seed nor deck the
    operating system supplies one, which the state records."""
    if seed is not None:
        return check_seed(seed)
    if deck is None:
        return secrets.randbits(64)
    return None


class ReferenceGame(ABC):
    """Base of the three reference games; subclasses hold the rules."""

    game: str = ""
    engine: str = "reference"
    #: How many seats play (Durak 2 to 6, RULES.md ch. 7; Schnapsen 2).
    players: int = 2
    history: list[str]
    outcome: dict[str, Any] | None
    hands: list[list[str]]
    known: list[list[str]]
    #: Every move string the game can spell, legal or not.
    MOVES: frozenset[str]

    @abstractmethod
    def __init__(self, seed: int | None = None, deck: list[str] | None = None) -> None: ...

    @property
    @abstractmethod
    def current_player(self) -> int | None: ...

    @abstractmethod
    def legal_moves(self) -> list[str]: ...

    @abstractmethod
    def _apply(self, move: str) -> None: ...

    @abstractmethod
    def _why(self, move: str) -> dict[str, Any]:
        """Why ``move``, a move of the game that ``legal_moves`` does not
        offer in this unfinished position, cannot be played now: the
        reason and its data."""

    def _not_a_move(self, move: str) -> dict[str, Any]:
        """Why ``move``, which spells no move of this game, is refused."""
        return {"reason": "not_a_move"}

    @abstractmethod
    def to_dict(self) -> dict[str, Any]: ...

    @abstractmethod
    def observation(self, seat: int) -> dict[str, Any]: ...

    @classmethod
    @abstractmethod
    def from_dict(cls: type[G], data: object) -> G: ...

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    def _lock(self) -> threading.Lock:
        # Created on first use (from_dict bypasses __init__); setdefault is
        # atomic, so two threads cannot make two locks.
        lock: threading.Lock = self.__dict__.setdefault("_play_lock", threading.Lock())
        return lock

    def __getstate__(self) -> dict[str, Any]:
        # A lock cannot be copied; a copy makes its own.
        return {key: value for key, value in self.__dict__.items() if key != "_play_lock"}

    def play(self, move: str) -> None:
        """Apply one legal move; anything else raises and changes nothing.

        Safe to call from several threads: a lock makes checking the move
        and applying it one step, so no other call sees it half done."""
        if not isinstance(move, str):
            raise TypeError(f"a move must be a string, got {type(move).__name__}")
        with self._lock():
            self._play_locked(move)

    def _play_locked(self, move: str) -> None:
        legal = self.legal_moves()
        if move not in legal:
            if self.outcome is not None:
                raise IllegalMoveError(legal=legal, kind="game_over", field="move", value=move)
            raise IllegalMoveError(
                legal=legal,
                kind="illegal_move",
                field="move",
                value=move,
                seat=self.current_player,
                **(self._refusal(move) or {}),
            )
        self._apply(move)
        self.history.append(move)

    def refusal(self, move: str) -> dict[str, Any] | None:
        """Why ``move`` cannot be played now, as ``{"reason": name, **data}``
        (docs/SCHEMA.md, "Refusals"); ``None`` exactly when it is legal."""
        if not isinstance(move, str):
            raise TypeError(f"a move must be a string, got {type(move).__name__}")
        return self._refusal(move)

    def _refusal(self, move: str) -> dict[str, Any] | None:
        if self.outcome is not None:
            return {"reason": "game_over"}
        if move not in self.MOVES:
            return self._not_a_move(move)
        if move in self.legal_moves():
            return None
        return self._why(move)

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_json(cls: type[G], text: object) -> G:
        return cls.from_dict(parse_json(text))

    def clone(self: G) -> G:
        return copy.deepcopy(self)

    def seat_view(self, seat: object) -> dict[str, Any]:
        """The part of an observation every game shares: whose view it is,
        who moves, that seat's hand and legal moves, the cards known in
        either hand. The games add their public facts."""
        seat = self.check_seat(seat)
        return {
            "game": self.game,
            "seat": seat,
            "current_player": self.current_player,
            "legal_moves": self.legal_moves() if self.current_player == seat else [],
            "hand": list(self.hands[seat]),
            "hand_sizes": [len(hand) for hand in self.hands],
            "known": [list(cards) for cards in self.known],
        }

    def check_seat(self, seat: object) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise TypeError(f"seat must be an integer, got {type(seat).__name__}")
        if not 0 <= seat < self.players:
            raise InvalidArgumentError(
                kind="integer", field="seat", value=seat, low=0, high=self.players - 1
            )
        return seat

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"seat {self.current_player} to move"
        return f"<{self.game} game ({self.engine}), {len(self.history)} moves, {state}>"
