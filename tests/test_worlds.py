"""Worlds from observations, in the core (``cardavia.ai.sample_world``,
``Worlds::from_observation``) and in the reference (the oracle,
``cardavia.reference.worlds``): both deal only worlds consistent with what
the seat knows. That they refuse the same inconsistent observations with
the same kind and field is fuzzed in ``test_fuzz.py`` (entry ``worlds``);
``test_ai.py`` names the inconsistencies one by one.
"""

from __future__ import annotations

import random
import subprocess
import sys
from typing import Any

import cardavia
import pytest
from cardavia import InvalidStateError, ai
from cardavia.reference import worlds as oracle

GAMES = cardavia.GAMES


def observations(game: str, seed: int) -> list[dict[str, Any]]:
    """Both seats' observations along a random game, its end included."""
    g = cardavia.new_game(game, seed=seed)
    chooser = random.Random(seed)
    found = []
    while True:
        found += [g.observation(0), g.observation(1)]
        if g.is_over:
            return found
        for _ in range(chooser.randrange(1, 6)):
            if not g.is_over:
                g.play(chooser.choice(g.legal_moves()))


def hidden(state: dict[str, Any], seat: int) -> tuple[list[str], list[str]]:
    return state["hands"][1 - seat], state["stock"]


@pytest.mark.parametrize("game", GAMES)
def test_every_world_shows_the_seat_its_observation(game: str) -> None:
    varied = 0
    for seed in range(3):
        for obs in observations(game, seed):
            seat = obs["seat"]
            worlds = [ai.sample_world(obs, seed=s) for s in range(6)]
            assert ai.sample_world(obs, seed=3) == worlds[3], "the same seed, the same world"
            for world in worlds:
                for engine in ("rust", "reference"):
                    loaded = cardavia.from_dict(world, engine=engine)
                    assert loaded.observation(seat) == obs
            varied += len({str(hidden(w, seat)) for w in worlds}) > 1
            reference_world = oracle.sample_world(obs, random.Random(seed))
            assert reference_world.observation(seat) == obs
    assert varied > 20, "the hidden cards are dealt anew"


def test_schnapsen_worlds_keep_the_opponents_voids() -> None:
    """Under the strict rules a card the opponent cannot hold (it did not
    follow suit, or followed low) is never dealt to it."""
    checked = 0
    for seed in range(60):
        for obs in observations("schnapsen", seed):
            template = oracle.check_observation(obs)
            world = oracle.deal_world(template, random.Random(0))
            assert isinstance(world, oracle.SchnapsenGame)
            voids = oracle.schnapsen_voids(world, obs["seat"])
            if not voids or len(template.allowed) == len(template.unknown):
                continue
            checked += 1
            for s in range(10):
                opponent = ai.sample_world(obs, seed=s)["hands"][1 - obs["seat"]]
                assert not voids & set(opponent), (seed, sorted(voids), opponent)
    assert checked > 20


def test_a_world_is_no_peek() -> None:
    """The opponent's unseen cards are dealt from what the seat cannot see:
    over many worlds every unseen card turns up in the opponent's hand."""
    g = cardavia.new_game("durak", seed=5)
    obs = g.observation(0)
    unseen = set(g.to_dict()["hands"][1]) | set(g.to_dict()["stock"][:-1])
    dealt: set[str] = set()
    for s in range(200):
        dealt |= set(ai.sample_world(obs, seed=s)["hands"][1])
    assert dealt == unseen


def test_sample_world_refuses_bad_observations() -> None:
    obs = cardavia.new_game("durak", seed=1).observation(0)
    obs["hand_sizes"] = [6, 7]
    with pytest.raises(InvalidStateError) as info:
        ai.sample_world(obs, seed=1)
    assert (info.value.kind, info.value.field) == ("card_counts", "stock_size")
    with pytest.raises(TypeError):
        ai.sample_world(cardavia.new_game("durak", seed=1).observation(0), seed="1")  # type: ignore[arg-type]


def test_the_ai_never_imports_the_reference_engine() -> None:
    code = (
        "import sys, cardavia\n"
        "g = cardavia.new_game('schnapsen', seed=3)\n"
        "obs = g.observation(g.current_player)\n"
        "cardavia.ai.choose_move(obs, iterations=50, seed=1)\n"
        "cardavia.ai.analyse(obs, iterations=50, seed=1)\n"
        "cardavia.ai.sample_world(obs, seed=1)\n"
        "print('cardavia.reference' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


#: The bout's facts of a Durak observation: they follow from the rest, so
#: an observation written before schema 2, without them, is read as before.
BOUT_KEYS = ("open_attack", "table_ranks", "adds_left", "beating", "can_transfer")


@pytest.mark.parametrize("game", ["durak", "perevodnoy"])
def test_an_observation_of_schema_one(game: str) -> None:
    """Without the bout's facts, and with a finished game's outcome without
    its reason, a Durak observation is read as before and searched alike;
    the world dealt from it is of schema 2."""
    obs = next(
        o
        for o in observations(game, 3)
        if o["table"] and o["seat"] == o["defender"] and o["current_player"] == o["seat"]
    )
    old = {k: v for k, v in obs.items() if k not in BOUT_KEYS}
    assert ai.choose_move(old, iterations=200, seed=4) == ai.choose_move(
        obs, iterations=200, seed=4
    )
    world = ai.sample_world(old, seed=2)
    assert world["schema"] == 2 and world == ai.sample_world(obs, seed=2)
    assert oracle.sample_world(old, random.Random(2)).observation(obs["seat"]) == obs
    finished = cardavia.new_game(game, seed=5)
    while not finished.is_over:
        finished.play(finished.legal_moves()[0])
    for seat in (0, 1):
        done = finished.observation(seat)
        reason = done["outcome"].pop("reason")
        for key in BOUT_KEYS:
            del done[key]
        world = ai.sample_world(done, seed=1)
        assert world["outcome"]["reason"] == reason
        assert oracle.sample_world(done, random.Random(1)).to_dict()["outcome"] == world["outcome"]


@pytest.mark.parametrize("game", ["durak", "perevodnoy"])
def test_the_bouts_facts_are_checked_when_present(game: str) -> None:
    obs = next(o for o in observations(game, 4) if o["open_attack"] and o["seat"] == o["defender"])
    wrong = {
        "open_attack": None,
        "table_ranks": [],
        "adds_left": obs["adds_left"] + 1,
        "beating": [*obs["beating"], "ZZ"],
        "can_transfer": not obs["can_transfer"],
    }
    for key, value in wrong.items():
        bad = {**obs, key: value}
        for sample in (
            lambda bad=bad: ai.sample_world(bad, seed=1),
            lambda bad=bad: oracle.sample_world(bad, random.Random(1)),
        ):
            with pytest.raises(InvalidStateError) as info:
                sample()
            assert (info.value.kind, info.value.field) == ("does_not_follow", key)
    done = observations(game, 4)[-1]
    spoiled = {**done, "outcome": {**done["outcome"], "reason": "luck"}}
    with pytest.raises(InvalidStateError) as info:
        ai.sample_world(spoiled, seed=1)
    assert (info.value.kind, info.value.field) == ("reason", "outcome.reason")


def test_a_schnapsen_observation_needs_whole_deal_records() -> None:
    """A finished deal's record cannot be rebuilt from an observation: one
    written before schema 2 is refused (the first deal's are read as before)."""
    obs = next(o for o in observations("schnapsen", 2) if o["deals"] and o["outcome"] is None)
    old = {
        **obs,
        "deals": [{k: d[k] for k in ("winner", "game_points", "reason")} for d in obs["deals"]],
    }
    for sample in (
        lambda: ai.sample_world(old, seed=1),
        lambda: oracle.sample_world(old, random.Random(1)),
    ):
        with pytest.raises(InvalidStateError) as info:
            sample()
        assert (info.value.kind, info.value.field, info.value.value) == (
            "missing_field",
            "deals[0]",
            "trump",
        )
