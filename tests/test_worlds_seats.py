"""Worlds of a Durak table of 3 to 6 seats (RULES 7, "What every seat
sees"): an observation read back in both engines, its N-1 hidden hands
dealt anew, and every observation that does not add up refused by both
with the same kind and field."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

import cardavia
import pytest
from cardavia import InvalidStateError, ai
from cardavia.reference import worlds as oracle

TABLES = [(game, n) for game in ("durak", "perevodnoy") for n in (3, 4, 5, 6)]


def table_observations(game: str, players: int, seed: int) -> list[dict[str, Any]]:
    """Every observation of every seat through one random game."""
    g = cardavia.new_game(game, seed=seed, players=players)
    rng = random.Random(seed)
    seen = []
    while not g.is_over:
        seen += [g.observation(seat) for seat in range(players)]
        g.play(rng.choice(g.legal_moves()))
    return seen + [g.observation(seat) for seat in range(players)]


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_every_world_of_a_table_shows_the_seat_its_observation(game: str, players: int) -> None:
    rng = random.Random(players)
    for i, obs in enumerate(table_observations(game, players, seed=11)):
        if i % 3:
            continue
        seat = obs["seat"]
        world = cardavia.from_dict(ai.sample_world(obs, seed=i))
        assert world.observation(seat) == obs
        assert world.players == players
        reference = oracle.deal_world(oracle.check_observation(obs), rng)
        assert reference.observation(seat) == obs


def test_a_table_world_deals_the_hidden_hands_anew() -> None:
    """The opponents' unknown cards move between them and the stock, their
    sizes and known cards stay: no peek at the true hands."""
    g = cardavia.new_game("durak", seed=4, players=4)
    obs = g.observation(g.current_player)
    true = g.to_dict()["hands"]
    worlds = [cardavia.from_dict(ai.sample_world(obs, seed=s)).to_dict() for s in range(20)]
    others = [s for s in range(4) if s != obs["seat"]]
    assert all(w["hands"][obs["seat"]] == true[obs["seat"]] for w in worlds)
    assert any(w["hands"][s] != true[s] for w in worlds for s in others)
    assert all(len(w["hands"][s]) == len(true[s]) for w in worlds for s in others)


def test_six_seats_keep_the_shown_trump_in_seat_fives_hand() -> None:
    g = cardavia.new_game("durak", seed=2, players=6)
    obs = g.observation(0)
    trump_card = obs["trump_card"]
    assert trump_card in obs["known"][5]
    if g.current_player == 0:
        for s in range(10):
            world = cardavia.from_dict(ai.sample_world(obs, seed=s))
            assert trump_card in world.to_dict()["hands"][5]


Corrupt = Callable[[dict[str, Any]], None]

CORRUPTIONS: list[tuple[str, Corrupt, str, str]] = [
    ("no out", lambda o: o.pop("out"), "missing_field", "observation"),
    ("no passed", lambda o: o.pop("passed"), "missing_field", "observation"),
    ("too many seats", lambda o: o.update(players=7), "integer", "players"),
    ("short sizes", lambda o: o["hand_sizes"].pop(), "entries", "hand_sizes"),
    ("short known", lambda o: o["known"].pop(), "entries", "known"),
    ("seat past the table", lambda o: o.update(seat=o["players"]), "integer", "seat"),
    ("attacker past the table", lambda o: o.update(attacker=9), "integer", "attacker"),
    ("a card too many", lambda o: o["hand_sizes"].__setitem__(o["seat"] - 1, 7), "card_counts",
     "stock_size"),
    ("a passed seat twice", lambda o: o.update(passed=[1, 1]), "order", "passed"),
    ("throwers that do not follow", lambda o: o.update(throwers=[]), "does_not_follow",
     "throwers"),
]  # fmt: skip


def refused_by_both(bad: dict[str, Any], kind: str, field: str, name: str) -> None:
    """The core and the reference refuse ``bad`` with the same kind and field."""
    for refuse in (lambda: ai.sample_world(bad, seed=1), lambda: oracle.check_observation(bad)):
        with pytest.raises(InvalidStateError) as info:
            refuse()
        assert (info.value.kind, info.value.field) == (kind, field), name


@pytest.mark.parametrize(("name", "corrupt", "kind", "field"), CORRUPTIONS)
def test_a_table_observation_that_does_not_add_up(
    name: str, corrupt: Corrupt, kind: str, field: str
) -> None:
    g = cardavia.new_game("durak", seed=6, players=4)
    obs = g.observation(g.current_player)
    bad = copy.deepcopy(obs)
    corrupt(bad)
    before = copy.deepcopy(bad)
    refused_by_both(bad, kind, field, name)
    with pytest.raises(InvalidStateError):
        ai.choose_move(bad, iterations=10, seed=1)
    assert bad == before


def duel_with_table_facts(obs: dict[str, Any]) -> dict[str, Any]:
    """A duel's observation with the facts a table's gives (RULES 7): two
    seats, nobody out before the end, the main attacker the one thrower."""
    outcome = obs["outcome"]
    facts = {
        **obs,
        "players": 2,
        "out": [],
        "throwers": [] if outcome else [obs["attacker"]],
        "passed": [],
    }
    if outcome and outcome["winner"] is not None:
        facts["out"] = [[outcome["winner"]]]
    elif outcome:
        del facts["out"]  # who went out in a draw is the outcome's business
    return facts


@pytest.mark.parametrize("game", ["durak", "perevodnoy"])
def test_a_duel_observation_may_carry_the_table_facts(game: str) -> None:
    """Both engines read it as the duel it is, and deal the same worlds as
    from the observation without them."""
    g = cardavia.new_game(game, seed=9)
    rng = random.Random(9)
    checked = 0
    while True:
        for seat in (0, 1):
            obs = g.observation(seat)
            full = duel_with_table_facts(obs)
            if g.current_player == seat:
                assert ai.sample_world(full, seed=3) == ai.sample_world(obs, seed=3)
            oracle.check_observation(full)
            checked += 1
        if g.is_over:
            break
        g.play(rng.choice(g.legal_moves()))
    assert checked > 20


DUEL_CORRUPTIONS: list[tuple[str, Corrupt, str, str]] = [
    ("the defender as thrower", lambda o: o.update(throwers=[1 - o["attacker"]]),
     "does_not_follow", "throwers"),
    ("no thrower", lambda o: o.update(throwers=[]), "does_not_follow", "throwers"),
    ("a table of three", lambda o: o.update(players=3), "entries", "hand_sizes"),
    ("a seat out mid-game", lambda o: o.update(out=[[0]]), "out_with_cards", "hands[0]"),
]  # fmt: skip


@pytest.mark.parametrize(("name", "corrupt", "kind", "field"), DUEL_CORRUPTIONS)
def test_a_duel_observation_whose_table_facts_do_not_follow(
    name: str, corrupt: Corrupt, kind: str, field: str
) -> None:
    g = cardavia.new_game("durak", seed=6)
    bad = duel_with_table_facts(g.observation(g.current_player))
    corrupt(bad)
    before = copy.deepcopy(bad)
    refused_by_both(bad, kind, field, name)
    assert bad == before
