"""The research environments' core (``cardavia.envs``, ``_native.Env``):
action ids and tensors, the same game as ``cardavia.new_game`` in lockstep
(random and AI play, dealt from a seed or by chance events), no hidden card
in any tensor or string, and every bad input refused as data."""

from __future__ import annotations

import json
import pickle
import random
from collections.abc import Callable
from typing import Any

import cardavia
import pytest
from cardavia import _native
from cardavia.envs import (
    ENVS,
    Env,
    action_id,
    action_names,
    seeded_chance_outcomes,
    tensor_layout,
)
from hypothesis import given, settings
from hypothesis import strategies as st

np = pytest.importorskip("numpy")
#: The most deals of each game (each is a chance phase).
DEALS = {g: i["max_chance_events"] // (i["chance_outcomes"] - 1) for g, i in ENVS.items()}

Chooser = Callable[[dict[str, Any], random.Random], str]


def random_move(obs: dict[str, Any], rng: random.Random) -> str:
    return rng.choice(obs["legal_moves"])


def ai_move(obs: dict[str, Any], rng: random.Random) -> str:
    return cardavia.ai.choose_move(obs, iterations=60, seed=rng.randrange(2**32))


def tensor(env: Any, seat: int) -> Any:
    return np.frombuffer(env.tensor(seat), dtype=np.float32)


def deal_by_chance(env: Any, decks: list[list[int]]) -> None:
    """Chance events from a seed's decks, until a seat is to move: each new
    deal drops the deck before it (``decks[0]``) and takes the next."""
    while env.is_chance:
        placed = ENVS[env.game]["chance_outcomes"] - len(env.chance_outcomes())
        if placed == 0:
            decks.pop(0)
        env.apply_action(decks[0][placed])


# ------------------------------------------------------------------ lockstep


def lockstep(game: str, seed: int, choose: Chooser) -> None:
    """One game through ``new_game``, an environment dealt from the seed and
    one dealt by chance events from the seed's decks: the same moves, the
    same observations and tensors at every step, the same outcome."""
    g = cardavia.new_game(game, seed=seed)
    seeded = Env(game, seed)
    chance = Env(game)
    decks = [[], *seeded_chance_outcomes(game, seed, DEALS[game])]
    rng = random.Random(seed)
    names = action_names(game)
    while True:
        deal_by_chance(chance, decks)
        for seat in (0, 1):
            obs = g.observation(seat)
            assert seeded.observation(seat) == obs == chance.observation(seat)
            assert (tensor(seeded, seat) == tensor(chance, seat)).all()
        if g.is_over:
            break
        move = choose(g.observation(g.current_player), rng)
        assert sorted(names[a] for a in seeded.legal_actions()) == g.legal_moves()
        for env in (seeded, chance):
            assert env.current_player == g.current_player
            env.apply_action(action_id(game, move))
        g.play(move)
    outcome = g.outcome
    assert outcome is not None and seeded.is_over and chance.is_over
    winner = outcome["winner"]
    expected = (0.0, 0.0) if winner is None else (1.0, -1.0) if winner == 0 else (-1.0, 1.0)
    assert seeded.returns() == chance.returns() == expected
    assert seeded.history == chance.history == g.history


@pytest.mark.parametrize("game", cardavia.GAMES)
def test_random_games_in_lockstep(game: str) -> None:
    for seed in range(6):
        lockstep(game, seed, random_move)


@pytest.mark.parametrize("game", cardavia.GAMES)
def test_ai_games_in_lockstep(game: str) -> None:
    lockstep(game, 11, ai_move)


def test_chance_outcomes_of_a_seed_are_its_decks() -> None:
    for game in cardavia.GAMES:
        deck = cardavia.new_game(game, seed=5).to_dict()["deck"]
        ids = seeded_chance_outcomes(game, 5)[0]
        cards = cardavia.new_game(game, deck=deck).to_dict()["deck"]
        assert deck == cards
        names = [Env(game).action_name(i, chance=True) for i in ids]
        assert names == [f"deal:{c}" for c in deck]


# ---------------------------------------------------------- hidden cards


def positions(game: str, seed: int, every: int = 3) -> list[Any]:
    g = cardavia.new_game(game, seed=seed)
    rng = random.Random(seed)
    found = []
    while not g.is_over:
        if len(g.history) % every == 0:
            found.append(g.clone())
        g.play(rng.choice(g.legal_moves()))
    found.append(g)
    return found


@pytest.mark.parametrize("game", cardavia.GAMES)
def test_no_tensor_or_string_shows_a_hidden_card(game: str) -> None:
    """Two worlds the seat cannot tell apart (``sample_world``), differing in
    the cards it cannot see: the same tensor and strings for that seat. The
    other seat's tensor shows its hand: it differs when the hands do."""
    differ = 0
    for g in positions(game, 3):
        for seat in (0, 1):
            obs = g.observation(seat)
            one, two = (Env.from_state(cardavia.ai.sample_world(obs, seed=s)) for s in (1, 2))
            assert (tensor(one, seat) == tensor(two, seat)).all()
            assert one.observation_json(seat) == two.observation_json(seat)
            assert one.observation(seat) == obs
            other = 1 - seat
            if one.state()["hands"][other] != two.state()["hands"][other]:
                differ += 1
                assert (tensor(one, other) != tensor(two, other)).any()
    assert differ > 5


def test_the_tensor_is_seat_relative_and_in_range() -> None:
    for game in cardavia.GAMES:
        for g in positions(game, 1, every=5):
            env = Env.from_state(g.to_dict())
            for seat in (0, 1):
                t = tensor(env, seat)
                assert t.shape == (ENVS[game]["tensor_size"],)
                assert ((t >= 0) & (t <= 1)).all()
                layout = {name: t[start : start + n] for name, start, n in tensor_layout(game)}
                hand = g.observation(seat)["hand"]
                assert layout["hand"].sum() == len(hand)
                assert layout["seat"][seat] == 1


# --------------------------------------------------------------- batches


def test_batched_tensors_and_masks_equal_one_at_a_time() -> None:
    from cardavia.envs import TensorBuffer, action_masks, observation_tensors

    envs = [Env("perevodnoy", s) for s in range(40)]
    rng = random.Random(1)
    for env in envs:
        for _ in range(rng.randrange(30)):
            if env.is_over:
                break
            env.apply_action(rng.choice(env.legal_actions()))
    seats = [e.current_player or 0 for e in envs]
    batch = observation_tensors(envs, seats)
    assert batch.shape == (40, 672) and batch.dtype == np.float32
    for row, env, seat in zip(batch, envs, seats, strict=True):
        assert (row == tensor(env, seat)).all()
    same_seat = observation_tensors(envs, 1)
    assert (same_seat[3] == tensor(envs[3], 1)).all()
    buffer = TensorBuffer("perevodnoy", 40)
    filled = buffer.fill(envs, seats)
    assert filled is buffer.array and (filled == batch).all()
    masks = action_masks(envs)
    for row, env in zip(masks, envs, strict=True):
        assert list(np.flatnonzero(row)) == env.legal_actions()
    assert observation_tensors([], 0).shape == (0, 672)


# ---------------------------------------------------------- environments


def test_an_environment_serialises_pickles_and_copies() -> None:
    env = Env("schnapsen")
    rng = random.Random(4)
    for _ in range(70):
        moves = env.chance_outcomes() if env.is_chance else env.legal_actions()
        env.apply_action(rng.choice(moves))
    for again in (
        Env.from_json(env.to_json()),
        pickle.loads(pickle.dumps(env)),
        env.clone(),
    ):
        assert again.to_json() == env.to_json()
        assert again.observation(1) == env.observation(1)
    assert "actions" in repr(env) and env.replayable
    started = Env.from_state(cardavia.new_game("durak", seed=2).to_dict())
    assert not started.replayable and started.actions == []
    assert Env.from_json(started.to_json()).state() == started.state()


def test_resampled_actions_lead_to_the_same_information_state() -> None:
    env = Env("durak")
    rng = random.Random(8)
    while not env.is_over:
        moves = env.chance_outcomes() if env.is_chance else env.legal_actions()
        env.apply_action(rng.choice(moves))
        if env.current_player is not None and len(env.actions) % 7 == 0:
            seat = env.current_player
            again = Env("durak")
            for action in env.resample(seat, seed=len(env.actions)):
                again.apply_action(action)
            assert again.observation_json(seat) == env.observation_json(seat)


def test_playouts_end_the_game() -> None:
    for game in cardavia.GAMES:
        returns = Env(game, 3).playout(seed=1)
        assert sum(returns) == 0 and returns in ((1, -1), (-1, 1), (0, 0))
        assert Env(game).playout(seed=1) == Env(game).playout(seed=1)


def test_the_action_numbering_is_the_cores() -> None:
    for game in cardavia.GAMES:
        names = action_names(game)
        assert len(names) == ENVS[game]["actions"] == len(set(names))
        assert action_id(game, names[-1]) == len(names) - 1
    assert action_names("schnapsen")[40:] == ("exchange", "close")
    assert action_names("durak")[108:] == ("take", "stop")
    assert action_names("perevodnoy")[72] == "transfer:6S"


# ----------------------------------------------------------------- errors


def refused(call: Callable[[], object]) -> tuple[str, str | None, str]:
    with pytest.raises(cardavia.CardaviaError) as info:
        call()
    error = info.value
    assert str(error) and "{" not in str(error)
    return type(error).__name__, error.kind, error.field


def test_bad_actions_are_refused_as_data_and_change_nothing() -> None:
    env = Env("durak", 1)
    before = env.to_json()
    assert refused(lambda: env.apply_action(110)) == ("InvalidArgumentError", "action", "action")
    assert refused(lambda: env.apply_action(-1)) == ("InvalidArgumentError", "action", "action")
    assert refused(lambda: env.apply_action(2**70)) == ("InvalidArgumentError", "action", "action")
    for bad, chance, high in (
        (110, False, 109),
        (-1, False, 109),
        (2**70, False, 109),
        (36, True, 35),
    ):
        with pytest.raises(cardavia.InvalidArgumentError) as out_of_range:
            env.action_name(bad, chance=chance)
        assert (out_of_range.value.value, out_of_range.value.detail) == (
            bad,
            {"game": "durak", "high": high},
        )
        assert f"{bad} is not an action of durak (0 to {high})" in str(out_of_range.value)
    illegal = next(a for a in range(110) if a not in env.legal_actions())
    assert refused(lambda: env.apply_action(illegal))[:2] == ("IllegalMoveError", "illegal_move")
    with pytest.raises(cardavia.IllegalMoveError) as info:
        env.apply_action(illegal)
    assert info.value.legal == sorted(action_names("durak")[a] for a in env.legal_actions())
    for bad in ("take", 1.0, True, None):
        with pytest.raises(TypeError):
            env.apply_action(bad)  # type: ignore[arg-type]
    assert env.to_json() == before
    chance = Env("schnapsen")
    chance.apply_action(3)
    assert refused(lambda: chance.apply_action(3))[:2] == ("IllegalMoveError", "illegal_move")
    assert refused(lambda: chance.apply_action(20))[:2] == ("InvalidArgumentError", "action")
    over = Env("durak", 1)
    while not over.is_over:
        over.apply_action(over.legal_actions()[0])
    assert refused(lambda: over.apply_action(0))[:2] == ("IllegalMoveError", "game_over")
    assert refused(lambda: env.action_name(500)) == ("InvalidArgumentError", "action", "action")
    assert refused(lambda: env.action_name(36, chance=True))[1] == "action"
    assert refused(lambda: action_id("durak", "play:7S"))[1] == "move"
    with pytest.raises(TypeError):
        action_id("durak", 5)  # type: ignore[arg-type]
    assert refused(lambda: seeded_chance_outcomes("durak", -1))[1:] == ("integer", "seed")
    assert refused(lambda: seeded_chance_outcomes("durak", 1, 2))[1:] == ("integer", "deals")
    assert len(seeded_chance_outcomes("schnapsen", 1, 13)) == 13
    with pytest.raises(TypeError):
        seeded_chance_outcomes("durak", 1.5)  # type: ignore[arg-type]
    with pytest.raises(cardavia.UnknownGameError):
        seeded_chance_outcomes("whist", 1)


def test_bad_seats_seeds_and_games_are_refused() -> None:
    env = Env("durak", 1)
    for call in (
        lambda: env.tensor(2),
        lambda: env.observation(-1),
        lambda: env.resample(5),
        lambda: Env("durak", -1),
        lambda: Env("durak", 2**64),
        lambda: env.playout(seed=-3),
    ):
        assert refused(call)[:2] == ("InvalidArgumentError", "integer")
    with pytest.raises(TypeError):
        env.tensor("0")  # type: ignore[arg-type]
    assert refused(lambda: Env("chess"))[:2] == ("UnknownGameError", "unknown_game")
    started = Env.from_state(cardavia.new_game("durak", seed=2).to_dict())
    assert refused(lambda: started.resample(0, 1)) == ("InvalidStateError", "no_history", "env")


def test_bad_batches_are_refused() -> None:
    a, b = Env("durak", 1), Env("schnapsen", 1)
    assert refused(lambda: _native.observation_tensors([a, b], 0)) == (
        "InvalidArgumentError",
        "mixed_games",
        "envs[1]",
    )
    assert refused(lambda: _native.observation_tensors([a, a], [0])) == (
        "InvalidArgumentError",
        "lengths",
        "seats",
    )
    assert refused(lambda: _native.observation_tensors([a], [2]))[1:] == ("integer", "seats[0]")
    assert refused(lambda: _native.observation_tensors([a], 0, bytearray(3)))[1:] == (
        "lengths",
        "out",
    )
    assert refused(lambda: _native.action_masks([a], bytearray(3)))[1] == "lengths"
    with pytest.raises(TypeError):
        _native.observation_tensors([a, "env"], 0)  # type: ignore[list-item]
    with pytest.raises(TypeError):
        _native.observation_tensors([a], 0, b"\0" * 2688)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        _native.observation_tensors(5, 0)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "kind", "field"),
    [
        ("[", "json", ""),
        ("[]", "object", "env"),
        ('{"game": "go"}', "not_a_game", "game"),
        ('{"game": "durak", "seed": 1, "actions": []}', "missing_field", "env"),
        ('{"game": "durak", "seed": 1.5, "start": null, "actions": []}', "integer", "seed"),
        ('{"game": "durak", "seed": null, "start": null, "actions": 3}', "list", "actions"),
        ('{"game": "durak", "seed": null, "start": null, "actions": [0, 0]}', "illegal_move",
         "actions[1]"),
        ('{"game": "durak", "seed": null, "start": null, "actions": [-2]}', "action",
         "actions[0]"),
        ('{"game": "durak", "seed": 4, "start": {}, "actions": []}', "seed_or_start", "start"),
        ('{"game": "durak", "seed": null, "start": {"game": "durak"}, "actions": []}',
         "missing_field", "state"),
    ],
)  # fmt: skip
def test_bad_serialisations_name_kind_and_field(text: str, kind: str, field: str) -> None:
    error = refused(lambda: Env.from_json(text))
    assert error[0] == "InvalidStateError" and error[1:] == (kind, field)


def test_serialisations_as_bytes_as_game_from_json_takes_them() -> None:
    env = Env("durak", seed=3)
    env.apply_action(env.legal_actions()[0])
    text = env.to_json()
    assert Env.from_json(text.encode()).to_json() == text
    assert Env.from_json(bytearray(text.encode())).to_json() == text
    assert refused(lambda: Env.from_json(b"\xff\xfe"))[:2] == ("InvalidStateError", "json")
    with pytest.raises(TypeError, match="JSON text must be str or bytes, got int"):
        Env.from_json(3)  # type: ignore[arg-type]


def test_bad_observations_and_states_are_refused() -> None:
    obs = cardavia.new_game("durak", seed=1).observation(0)
    assert refused(lambda: Env.from_observation({**obs, "hand": []}, 1))[0] == "InvalidStateError"
    assert refused(lambda: Env.from_observation([], 1))[1] == "object"
    assert refused(lambda: Env.from_observation({"seat": 0}, 1))[1] == "missing_field"
    assert refused(lambda: Env.from_state({"game": "durak"}))[1] == "missing_field"
    assert Env.from_observation(obs, 1).observation(0) == obs


def test_every_new_kind_has_a_text() -> None:
    for kind in ("action", "no_history", "seed_or_start", "lengths", "mixed_games"):
        assert kind in _native.ERROR_KINDS and kind in cardavia.errors.TEXTS


@pytest.mark.soak
@pytest.mark.parametrize("game", cardavia.GAMES)
def test_lockstep_soak(game: str) -> None:
    """Many more random games in lockstep (``CARDAVIA_ENV_SOAK_GAMES`` each),
    every fifth position resampled for both seats."""
    import os

    games = int(os.environ.get("CARDAVIA_ENV_SOAK_GAMES", "300"))
    for seed in range(100, 100 + games):
        lockstep(game, seed, random_move)
    env = Env(game)
    rng = random.Random(games)
    while not env.is_over:
        moves = env.chance_outcomes() if env.is_chance else env.legal_actions()
        env.apply_action(rng.choice(moves))
        if len(env.actions) % 5 == 0 and not env.is_chance:
            for seat in (0, 1):
                again = Env(game)
                for action in env.resample(seat, seed=len(env.actions)):
                    again.apply_action(action)
                assert again.observation_json(seat) == env.observation_json(seat)


# ------------------------------------------------------------------ fuzzing

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)


@settings(max_examples=200, deadline=None)
@given(
    game=st.sampled_from(cardavia.GAMES),
    seed=st.none() | st.integers(0, 50),
    actions=st.lists(st.integers(-5, 120) | JSON, max_size=40),
    start=st.none() | JSON,
)
def test_fuzzed_environment_json_is_refused_as_data(
    game: str, seed: int | None, actions: list[Any], start: Any
) -> None:
    text = json.dumps({"game": game, "seed": seed, "start": start, "actions": actions})
    try:
        env = Env.from_json(text)
    except cardavia.InvalidStateError:
        return
    assert Env.from_json(env.to_json()).to_json() == env.to_json()


@settings(max_examples=200, deadline=None)
@given(game=st.sampled_from(cardavia.GAMES), seed=st.integers(0, 20), actions=st.lists(JSON))
def test_fuzzed_actions_are_refused_as_data(game: str, seed: int, actions: list[Any]) -> None:
    env = Env(game) if seed % 2 else Env(game, seed)
    for action in actions:
        before = env.to_json()
        try:
            env.apply_action(action)
        except (cardavia.CardaviaError, TypeError):
            assert env.to_json() == before
