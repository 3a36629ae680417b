"""Inference in the search (issue 25, 4a): ``worlds="inferred"`` weighs the
worlds by how likely the opponent's moves of the current bout (Durak) or
trick (Schnapsen) were in them under the shipped move model. The position
tests of what it infers are the core's (``search/inference/tests.rs``);
these are the API's: what changes, what stays the same, what is refused.
"""

from __future__ import annotations

from typing import Any

import cardavia
import pytest
from cardavia import ai
from cardavia.tournament import make_player

ARGS: dict[str, Any] = {"iterations": 3000, "seed": 9}


def lowest_attack(game: cardavia.Game) -> str:
    """The attacker's lowest non-trump attack (a trump if it holds only trumps)."""
    moves = [m for m in game.legal_moves() if m.startswith("attack:")]
    trump = game.to_dict()["trump_card"][-1]
    plain = [m for m in moves if not m.endswith(trump)] or moves
    order = "6789TJQKA"
    return min(plain, key=lambda m: order.index(m.split(":")[1][0]))


def after_a_take(game: str, seed: int) -> dict[str, Any]:
    """The attacker's observation once the defender took its first attack."""
    g = cardavia.new_game(game, seed=seed)
    attacker = g.current_player
    assert attacker is not None
    g.play(lowest_attack(g))
    g.play("take")
    assert g.current_player == attacker
    return g.observation(attacker)


def after_a_lead(seed: int) -> dict[str, Any]:
    """The follower's observation once the leader led its first card."""
    g = cardavia.new_game("schnapsen", seed=seed)
    g.play(next(m for m in g.legal_moves() if m.startswith("play:")))
    follower = g.current_player
    assert follower is not None
    return g.observation(follower)


@pytest.mark.parametrize("game", ["durak", "perevodnoy"])
def test_a_take_changes_the_search_and_the_seed_fixes_it(game: str) -> None:
    obs = after_a_take(game, 3)
    inferred = ai.analyse(obs, worlds="inferred", **ARGS)
    assert ai.analyse(obs, worlds="inferred", **ARGS) == inferred
    assert ai.analyse(obs, **ARGS) != inferred
    assert ai.analyse(obs, worlds="uniform", **ARGS) == ai.analyse(obs, **ARGS)
    # The move is analyse's first, the search stopping once it is certain.
    assert ai.choose_move(obs, worlds="inferred", **ARGS) == inferred[0]["move"]


def test_a_lead_changes_the_followers_search() -> None:
    obs = after_a_lead(4)
    assert ai.analyse(obs, worlds="inferred", **ARGS) != ai.analyse(obs, worlds="uniform", **ARGS)


def test_auto_worlds_are_each_games_own() -> None:
    # Measured stronger in Schnapsen only (docs/AI.md, "Inference").
    assert ai.DEFAULT_WORLDS == {
        "durak": "uniform",
        "perevodnoy": "uniform",
        "schnapsen": "inferred",
    }
    assert ai.AUTO_WORLDS == ai.WORLDS[0] == "auto"
    positions = {"durak": after_a_take("durak", 3), "schnapsen": after_a_lead(4)}
    for game, obs in positions.items():
        own = ai.analyse(obs, worlds=ai.DEFAULT_WORLDS[game], **ARGS)
        assert ai.analyse(obs, **ARGS) == ai.analyse(obs, worlds="auto", **ARGS) == own
        assert ai.choose_move(obs, level="easy", seed=3) == ai.choose_move(
            obs, level="easy", seed=3, worlds=ai.DEFAULT_WORLDS[game]
        )
        assert make_player("ai:3000").choose(obs, 9) == ai.choose_move(obs, **ARGS)


def test_nothing_to_weigh_by_searches_the_uniform_worlds() -> None:
    # An empty table (no move of the bout yet), the Schnapsen leader, a
    # table of three (no model): the same search as uniform worlds.
    opening = cardavia.new_game("durak", seed=2)
    leader = cardavia.new_game("schnapsen", seed=2)
    table = cardavia.new_game("durak", seed=2, players=3)
    table.play(lowest_attack(table))
    for g in (opening, leader, table):
        seat = g.current_player
        assert seat is not None
        obs = g.observation(seat)
        assert ai.analyse(obs, worlds="inferred", **ARGS) == ai.analyse(
            obs, worlds="uniform", **ARGS
        )


def test_a_bad_worlds_argument_is_refused_with_the_choices() -> None:
    obs = after_a_take("durak", 3)
    with pytest.raises(cardavia.InvalidArgumentError) as info:
        ai.choose_move(obs, iterations=10, seed=1, worlds="psychic")
    error = info.value
    assert (error.kind, error.field, error.value) == ("choice", "worlds", "psychic")
    assert error.detail["choices"] == list(ai.WORLDS) == ["auto", "uniform", "inferred"]
    with pytest.raises(TypeError, match="worlds must be a string"):
        ai.analyse(obs, iterations=10, seed=1, worlds=1)  # type: ignore[arg-type]
    # The reference engine has no model: uniform worlds only.
    for search in (ai.analyse, ai.choose_move):
        with pytest.raises(cardavia.InvalidArgumentError) as info:
            search(obs, iterations=10, seed=1, engine="reference", worlds="inferred")
        assert (info.value.field, info.value.detail["choices"]) == ("worlds", ["auto", "uniform"])
    reference = {"iterations": 30, "seed": 1, "engine": "reference"}
    assert ai.analyse(obs, worlds="auto", **reference) == ai.analyse(
        obs, worlds="uniform", **reference
    )


def test_a_tournament_player_names_its_worlds() -> None:
    obs = after_a_take("durak", 3)
    player = make_player("ai:3000:auto:inferred")
    assert player.choose(obs, 9) == ai.choose_move(obs, worlds="inferred", **ARGS)
    for bad in ("ai:3000:auto:psychic", "ai:3000:auto:inferred:more", "ai:3000::inferred"):
        with pytest.raises(cardavia.InvalidArgumentError) as info:
            make_player(bad)
        assert info.value.kind == "player"
        assert info.value.detail["worlds"] == list(ai.WORLDS)
