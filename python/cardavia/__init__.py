"""Cardavia: Durak, transferable Durak and Schnapsen, with a fast Rust core."""

from __future__ import annotations

from . import ai, bots
from .api import ENGINES, GAMES, Game, from_dict, from_json, new_game
from .errors import (
    CardaviaError,
    IllegalMoveError,
    InvalidArgumentError,
    InvalidStateError,
    MissingDependencyError,
    UnknownGameError,
)
from .selfplay import selfplay
from .simulate import simulate
from .tournament import tournament

__version__ = "0.1.0"

__all__ = [
    "ENGINES",
    "GAMES",
    "CardaviaError",
    "Game",
    "IllegalMoveError",
    "InvalidArgumentError",
    "InvalidStateError",
    "MissingDependencyError",
    "UnknownGameError",
    "__version__",
    "ai",
    "bots",
    "from_dict",
    "from_json",
    "new_game",
    "selfplay",
    "simulate",
    "tournament",
]
