"""The Rust core and the reference engine agree move for move at 2 to 6
seats (RULES.md ch. 7): everything of ``parity.assert_same`` at every step,
every seat's observation, the refusals, and the state crossing engines and
back at every step. A bounded slice runs always; the soak plays many more
games behind the soak marker."""

from __future__ import annotations

import os

import pytest
from parity import lockstep

DURAKS = ("durak", "perevodnoy")
TABLES = (2, 3, 4, 5, 6)
DEFAULT_GAMES = int(os.environ.get("CARDAVIA_PARITY_SEATS_GAMES", "12"))
SOAK_GAMES = int(os.environ.get("CARDAVIA_PARITY_SEATS_SOAK_GAMES", "2000"))


@pytest.mark.parametrize("players", TABLES)
@pytest.mark.parametrize("game", DURAKS)
def test_fully_compared_tables(game: str, players: int) -> None:
    moves = sum(lockstep(game, seed, players=players) for seed in range(DEFAULT_GAMES))
    assert moves > 10 * DEFAULT_GAMES


@pytest.mark.soak
@pytest.mark.parametrize("players", TABLES)
@pytest.mark.parametrize("game", DURAKS)
def test_parity_seats_soak(game: str, players: int) -> None:
    for seed in range(10**6, 10**6 + SOAK_GAMES):
        lockstep(game, seed, players=players, full=False)
