"""Lockstep comparison of the Rust core and the reference engine.

At every step both engines must agree on ``current_player``,
``legal_moves()``, ``to_dict()``, both observations and the outcome, as
open_spiel's parity tests compare a game's two implementations, and on why
moves are refused (``refusal``): a few random move strings of the game at
every step, and every card move of the kinds now legal where everything is
compared.
"""

from __future__ import annotations

import random
from typing import Any

import cardavia


def assert_same(rust: Any, ref: Any, where: str) -> None:
    assert rust.current_player == ref.current_player, f"{where}: current_player"
    assert rust.legal_moves() == ref.legal_moves(), f"{where}: legal_moves"
    assert rust.to_dict() == ref.to_dict(), f"{where}: to_dict"
    assert rust.to_json() == ref.to_json(), f"{where}: to_json"
    assert rust.players == ref.players, f"{where}: players"
    for seat in range(ref.players):
        assert rust.observation(seat) == ref.observation(seat), f"{where}: observation({seat})"
    assert rust.is_over == ref.is_over, f"{where}: is_over"
    assert rust.outcome == ref.outcome, f"{where}: outcome"


def refusal_candidates(ref: Any, picker: random.Random, full: bool) -> list[str]:
    """Move strings to ask both engines about: three at random from every
    string the game spells, and with ``full`` every card move of each kind
    now legal (``defend:`` every card, ...)."""
    spelled = sorted(ref.MOVES)
    candidates = picker.sample(spelled, 3)
    if full:
        kinds = sorted({move.partition(":")[0] for move in ref.legal_moves() if ":" in move})
        candidates += [move for move in spelled if move.partition(":")[0] in kinds]
    return candidates


def assert_same_refusals(rust: Any, ref: Any, candidates: list[str], where: str) -> None:
    for move in candidates:
        assert rust.refusal(move) == ref.refusal(move), f"{where}: refusal({move!r})"


def lockstep(
    game: str,
    seed: int,
    *,
    deck: list[str] | None = None,
    full: bool = True,
    players: int | None = None,
) -> int:
    """Play one random game in both engines (at ``players`` seats, RULES.md
    ch. 7); return the number of moves."""
    rust = cardavia.new_game(game, seed=seed, deck=deck, engine="rust", players=players)
    ref = cardavia.new_game(game, seed=seed, deck=deck, engine="reference", players=players)
    chooser = random.Random(seed)
    # Its own stream, so that the moves played stay those of the seed.
    picker = random.Random(~seed)
    step = 0
    while True:
        where = f"{game} seed={seed} step={step}"
        if full or ref.is_over:
            assert_same(rust, ref, where)
            if players is not None:
                # The state crosses engines at every step, and back.
                assert cardavia.from_dict(ref.to_dict()).to_dict() == ref.to_dict(), where
                back = cardavia.from_dict(rust.to_dict(), engine="reference")
                assert back.to_dict() == ref.to_dict(), where
        else:
            assert rust.legal_moves() == ref.legal_moves(), f"{where}: legal_moves"
        assert_same_refusals(rust, ref, refusal_candidates(ref, picker, full), where)
        if ref.is_over:
            return step
        move = chooser.choice(ref.legal_moves())
        rust.play(move)
        ref.play(move)
        step += 1
