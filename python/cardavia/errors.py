"""The one exception hierarchy of Cardavia, raised by both engines.

The Rust core raises these very classes (it imports them from here), so a
caller catches the same exception whichever engine runs the game.
"""

from __future__ import annotations

__all__ = [
    "CardaviaError",
    "IllegalMoveError",
    "InvalidArgumentError",
    "InvalidStateError",
    "UnknownGameError",
]


class CardaviaError(Exception):
    """Base class of every error Cardavia raises on purpose."""


class IllegalMoveError(CardaviaError, ValueError):
    """A move that is malformed, or not legal in the current position.

    ``legal`` holds the moves that were legal when the move was rejected.
    """

    def __init__(self, message: str, legal: list[str] | None = None) -> None:
        super().__init__(message)
        self.legal: list[str] = list(legal or [])


class InvalidStateError(CardaviaError, ValueError):
    """A deck, seed, state dict, JSON text or observation that is malformed
    or inconsistent."""


class UnknownGameError(CardaviaError, ValueError):
    """A game id that is not one of ``cardavia.GAMES``."""


class InvalidArgumentError(CardaviaError, ValueError):
    """An argument of the right type but out of range: a seat that is not
    0 or 1, a negative budget, an unknown policy or level."""
