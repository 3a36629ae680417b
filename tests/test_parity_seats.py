"""The Rust core and the reference engine agree move for move at 2 to 6
seats (RULES.md ch. 7): everything of ``parity.assert_same`` at every step,
every seat's observation, the refusals, and the state crossing engines and
back at every step; and the core's own soak at every table size. A bounded
slice runs always; the soak plays many more games behind the soak marker."""

from __future__ import annotations

import os

import pytest
from cardavia import InvalidArgumentError, _native
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


@pytest.mark.parametrize("players", TABLES)
@pytest.mark.parametrize("game", DURAKS)
def test_core_soak_at_a_table(game: str, players: int) -> None:
    """Random games in the core alone, every invariant checked after every
    move and the state read back (``cardavia._native.soak``)."""
    report = _native.soak(game, 100, 23, 2, players=players)
    assert report["violation"] is None
    assert report["games"] == 100 and report["round_trips"] >= 100
    assert report["moves"] > 100 * 40


@pytest.mark.soak
@pytest.mark.parametrize("players", TABLES)
@pytest.mark.parametrize("game", DURAKS)
def test_core_soak_at_a_table_long(game: str, players: int) -> None:
    report = _native.soak(game, 50 * SOAK_GAMES, 29, 2, players=players)
    assert report["violation"] is None and report["games"] == 50 * SOAK_GAMES


def test_core_soak_refuses_bad_players() -> None:
    with pytest.raises(InvalidArgumentError) as info:
        _native.soak("durak", 1, 0, 1, players=9)
    assert (info.value.kind, info.value.field) == ("integer", "players")
    with pytest.raises(InvalidArgumentError) as info:
        _native.soak("schnapsen", 1, 0, 1, players=2)
    assert info.value.kind == "two_players"
