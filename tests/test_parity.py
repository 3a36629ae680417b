"""The Rust core and the reference engine agree move for move."""

from __future__ import annotations

import os

import cardavia
import pytest
from parity import lockstep

GAMES = cardavia.GAMES
DEFAULT_GAMES = int(os.environ.get("CARDAVIA_PARITY_GAMES", "2000"))
SOAK_GAMES = int(os.environ.get("CARDAVIA_PARITY_SOAK_GAMES", "20000"))


@pytest.mark.parametrize("game", GAMES)
def test_fully_compared_games(game: str) -> None:
    """Everything compared at every step."""
    for seed in range(200):
        lockstep(game, seed)


@pytest.mark.parametrize("game", GAMES)
def test_many_games_agree(game: str) -> None:
    """Legal moves at every step, everything at the end."""
    for seed in range(1000, 1000 + DEFAULT_GAMES):
        lockstep(game, seed, full=False)


@pytest.mark.soak
@pytest.mark.parametrize("game", GAMES)
def test_parity_soak(game: str) -> None:
    for seed in range(10**6, 10**6 + SOAK_GAMES):
        lockstep(game, seed, full=False)


@pytest.mark.parametrize("game", GAMES)
def test_state_crosses_engines(game: str) -> None:
    """A state dict of one engine loads in the other and continues identically."""
    for seed in range(50):
        ref = cardavia.new_game(game, seed=seed, engine="reference")
        moves = 0
        while not ref.is_over and moves < 40:
            ref.play(ref.legal_moves()[(seed + moves) % len(ref.legal_moves())])
            moves += 1
        rust = cardavia.from_dict(ref.to_dict(), engine="rust")
        back = cardavia.from_dict(rust.to_dict(), engine="reference")
        assert back.to_dict() == ref.to_dict()
        while not ref.is_over:
            move = ref.legal_moves()[0]
            ref.play(move)
            rust.play(move)
            assert rust.to_dict() == ref.to_dict()
