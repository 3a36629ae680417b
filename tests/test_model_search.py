"""The shipped move models in the search (issue 25): the files the package
ships are the models the core was built with, and ``rollouts="value"``
searches with the model's value at the leaves where a game has a model for
the table, with random playouts elsewhere.
"""

from __future__ import annotations

import json
import random

import cardavia
import numpy as np
import pytest
from cardavia import _native, ai
from cardavia.envs import ENVS
from cardavia.model import MoveModel, shipped

GAMES = ("durak", "perevodnoy", "schnapsen")


def tensors(game: str, seed: int, count: int) -> list[list[float]]:
    """Each seat's tensor along a random game."""
    env = _native.Env(game, seed)
    rng = random.Random(seed)
    out = []
    while len(out) < count and not env.is_over:
        out.extend(np.frombuffer(env.tensor(s), dtype=np.float32).tolist() for s in (0, 1))
        env.apply_action(rng.choice(env.legal_actions()))
    return out


@pytest.mark.parametrize("game", GAMES)
def test_the_shipped_model_is_the_cores(game: str) -> None:
    model = shipped(game)
    assert model is not None
    assert model.inputs == ENVS[game]["tensor_size"] and model.actions == ENVS[game]["actions"]
    assert model.meta["game"] == game and model.meta["command"].startswith(
        "python -m cardavia.train"
    )
    native = _native.MoveModel(model.to_bytes())
    assert json.loads(native.meta) == model.meta
    inputs = tensors(game, 11, 200)
    logits, values = model.evaluate(np.asarray(inputs, np.float32))
    for row, tensor in enumerate(inputs):
        got_logits, got_value = native.evaluate(tensor)
        assert got_value == pytest.approx(float(values[row]), abs=1e-6)
        assert np.allclose(got_logits, logits[row], atol=1e-4)
    # A trained model, not a blank one: its values differ across positions.
    assert float(values.std()) > 0.01


def observation(game: str, seed: int, players: int = 2) -> dict[str, object]:
    g = cardavia.new_game(game, seed=seed, **({"players": players} if players > 2 else {}))
    seat = g.current_player
    assert seat is not None
    return g.observation(seat)


@pytest.mark.parametrize("game", GAMES)
def test_value_leaves_are_deterministic_and_not_random_playouts(game: str) -> None:
    assert "value" in ai.ROLLOUTS
    obs = observation(game, 5)
    args = {"iterations": 3000, "seed": 9}
    first = ai.analyse(obs, rollouts="value", **args)
    assert ai.analyse(obs, rollouts="value", **args) == first
    assert ai.choose_move(obs, rollouts="value", **args) == first[0]["move"]
    random_playouts = ai.analyse(obs, rollouts="random", **args)
    assert [r["value"] for r in first] != [r["value"] for r in random_playouts]


def test_a_larger_table_has_no_model_and_plays_out_at_random() -> None:
    obs = observation("durak", 5, players=3)
    args = {"iterations": 2000, "seed": 4}
    assert ai.analyse(obs, rollouts="value", **args) == ai.analyse(obs, rollouts="random", **args)


def test_a_bad_rollouts_name_still_names_value() -> None:
    with pytest.raises(cardavia.InvalidArgumentError) as error:
        ai.analyse(observation("durak", 1), iterations=10, rollouts="values")
    assert "value" in str(error.value)


def test_the_numpy_model_reads_what_it_writes() -> None:
    model = shipped("schnapsen")
    assert model is not None
    again = MoveModel.from_bytes(model.to_bytes())
    assert again.to_bytes() == model.to_bytes() and again.widths == model.widths
