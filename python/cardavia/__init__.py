"""Cardavia: Durak, transferable Durak and Schnapsen, with a fast Rust core."""

from __future__ import annotations

from typing import TYPE_CHECKING

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

# ``cardavia.tournament`` is the module, callable as its function, so that
# ``cardavia.tournament.deal_seed`` is found too; type checkers are shown
# the function, whose signature the call has.
if TYPE_CHECKING:
    from .tournament import tournament
else:
    from . import tournament

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
