"""The player's rating against the computer's levels: Elo, per game.

Each level's rating is fixed per game (``LEVEL_RATINGS``), fitted from
measured tournaments between the levels and ``greedy`` with ``normal``
anchored at 1500; docs/RATING.md has the measurements and the fit. The
player starts at 1500 in each game and is updated after each finished game
(Schnapsen: match) against the level played, a draw scoring half.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

# The rating a player starts from in each game: the anchor, `normal`'s.
START = 1500.0
# The most K shrinks to, and how fast: K = max(K_FLOOR, K_SCALE / (n + 20))
# after n rated games of that game, so 40 for the first game, 20 after 20
# games and 16 from 30 games on. A new player's first results move the
# rating a long way; later ones refine it.
K_FLOOR = 16.0
K_SCALE = 800.0

# docs/RATING.md, "The levels' ratings": the maximum-likelihood fit of the
# measured tournaments (draws counting half), normal = 1500. A test holds
# this table and the document to the same numbers.
LEVEL_RATINGS: Mapping[str, Mapping[str, int]] = {
    "durak": {"easy": 965, "normal": 1500, "hard": 1567},
    "perevodnoy": {"easy": 1042, "normal": 1500, "hard": 1556},
    "schnapsen": {"easy": 1142, "normal": 1500, "hard": 1521},
}


def level_rating(game: str, level: str) -> int | None:
    """The fixed rating of ``level`` in ``game``; None for an unknown pair."""
    return LEVEL_RATINGS.get(game, {}).get(level)


def expected(rating: float, opponent: float) -> float:
    """The score Elo expects of ``rating`` against ``opponent`` (0..1)."""
    return 1.0 / (1.0 + math.pow(10.0, (opponent - rating) / 400.0))


def k_factor(rated_games: int) -> float:
    """The K of the next update after ``rated_games`` rated games."""
    return max(K_FLOOR, K_SCALE / (rated_games + 20))


def updated(rating: float, rated_games: int, opponent: float, score: float) -> float:
    """The rating after one game scoring ``score`` (1, ½ or 0) against ``opponent``."""
    return rating + k_factor(rated_games) * (score - expected(rating, opponent))


def score_of(outcome: Mapping[str, Any] | None) -> float | None:
    """The player's (seat 0's) score of a finished game: a win 1, a draw
    ½, a loss 0; None when the outcome says neither."""
    if not outcome:
        return None
    if outcome.get("draw"):
        return 0.5
    winner = outcome.get("winner")
    if winner == 0:
        return 1.0
    return 0.0 if winner == 1 else None
