"""The research environments at a table of 3 to 6 seats (RULES 7), and the
information state of perfect recall at every table: ``Env`` in lockstep
with ``cardavia.new_game(players=N)``, tensors of the table's layout that
show no hidden card, information states that tell apart histories in which
the seat's own earlier hand differed, a public view that shows nothing
private, and OpenSpiel, PettingZoo and Gymnasium with N seats."""

from __future__ import annotations

import hashlib
import json
import pickle
import random
from typing import Any

import cardavia
import pytest
from cardavia.envs import (
    ENVS,
    Env,
    action_id,
    action_names,
    env_info,
    observation_tensors,
    seeded_chance_outcomes,
    tensor_layout,
)

np = pytest.importorskip("numpy")

GAMES = ["durak", "perevodnoy"]
SEATS = [3, 4, 5, 6]


def floats(data: bytearray) -> Any:
    return np.frombuffer(data, dtype=np.float32)


def expected_returns(outcome: dict[str, Any], players: int) -> tuple[float, ...]:
    """``2 * result - 1`` of RULES 7, from the outcome dict alone."""
    if not outcome["draw"]:
        return tuple(-1.0 if s == outcome["loser"] else 1.0 for s in range(players))
    out = outcome["out"]
    gone = {s for group in out for s in group}
    idle = outcome["reason"] == "idle_bouts"
    sharing = set(range(players)) - gone if idle else set(out[-1])
    return tuple(0.0 if s in sharing else 1.0 for s in range(players))


def slice_of(game: str, players: int, name: str, tensor: Any) -> Any:
    [(start, length)] = [(s, n) for key, s, n in tensor_layout(game, players) if key == name]
    return tensor[start : start + length]


def cards_in(game: str, values: Any) -> list[str]:
    names = [m.split(":")[1] for m in action_names(game)[:36]]
    return [names[i] for i, x in enumerate(values) if x]


# ------------------------------------------------------------------ lockstep


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("players", SEATS)
def test_lockstep_with_new_game(game: str, players: int) -> None:
    """Dealt from a seed and by chance events from the seed's deck: the
    same observations and tensors as ``new_game(players=N)`` at every step,
    tensors of the table's size in its frame, returns from the outcome."""
    info = env_info(game, players)
    names = action_names(game)
    for seed in range(2):
        g = cardavia.new_game(game, seed=seed, players=players)
        seeded = Env(game, seed, players=players)
        chance = Env(game, players=players)
        for card in seeded_chance_outcomes(game, seed)[0][:-1]:
            chance.apply_action(card)
        assert seeded.players == chance.players == players
        rng = random.Random(seed)
        while True:
            for seat in range(players):
                obs = g.observation(seat)
                assert seeded.observation(seat) == obs == chance.observation(seat)
                tensor = floats(seeded.tensor(seat))
                assert len(tensor) == info["tensor_size"]
                assert (tensor == floats(chance.tensor(seat))).all()
                assert ((tensor >= 0) & (tensor <= 1)).all()
                hand = cards_in(game, slice_of(game, players, "hand", tensor))
                assert sorted(hand) == sorted(obs["hand"])
                # The frame: the tensor's seat first, then clockwise.
                sizes = slice_of(game, players, "hand_sizes", tensor) * 36
                frame = [obs["hand_sizes"][(seat + i) % players] for i in range(players)]
                assert [round(x) for x in sizes] == frame
                assert list(slice_of(game, players, "seat", tensor)).index(1) == seat
            if g.is_over:
                break
            assert sorted(names[a] for a in seeded.legal_actions()) == g.legal_moves()
            move = rng.choice(g.legal_moves())
            for env in (seeded, chance):
                env.apply_action(action_id(game, move))
            g.play(move)
        assert seeded.returns() == chance.returns() == expected_returns(g.outcome, players)


@pytest.mark.parametrize("players", [2, *SEATS])
def test_layouts_add_up_and_two_seats_keep_theirs(players: int) -> None:
    for game in GAMES:
        info = env_info(game, players)
        for key in ("", "info_state_", "public_history_"):
            layout = info[f"{key}layout"]
            assert sum(n for _, n in layout) == info[f"{key or 'tensor_'}size"]
        assert info["actions"] == 110 and info["players"] == players
    if players == 2:
        assert env_info("durak", 2) == ENVS["durak"]
        assert ENVS["durak"]["tensor_size"] == 672
        assert ENVS["schnapsen"]["tensor_size"] == 219


def test_two_seats_keep_their_tensors_ids_and_returns() -> None:
    """The duel's action ids, every tensor along random games (seeded and
    by chance events) and the returns, as a digest: the one the engine of
    main before the tables (a65e07e) gives."""
    digest = hashlib.sha256()
    for game in ("durak", "perevodnoy", "schnapsen"):
        digest.update(repr(ENVS[game]["action_names"]).encode())
        for seed in range(6):
            for env in (Env(game, seed), Env(game)):
                rng = random.Random(seed)
                while not env.is_over:
                    if env.is_chance:
                        env.apply_action(rng.choice(env.chance_outcomes()))
                        continue
                    for seat in (0, 1):
                        digest.update(floats(env.tensor(seat)).astype("<f4").tobytes())
                    env.apply_action(rng.choice(env.legal_actions()))
                for seat in (0, 1):
                    digest.update(floats(env.tensor(seat)).astype("<f4").tobytes())
                digest.update(repr(tuple(env.returns())).encode())
    expected = "0205a2037b334ea852ac5b4b922f6f01425a3419cf0557cf8de9fc4618710b19"
    assert digest.hexdigest() == expected


# ------------------------------------------------------ what a seat can see


def start_env(game: str, deck: list[str], players: int) -> Any:
    return Env.from_state(cardavia.new_game(game, deck=deck, players=players).to_dict())


def views(env: Any, seat: int) -> tuple[Any, ...]:
    return (
        bytes(env.tensor(seat)),
        bytes(env.information_state_tensor(seat)),
        env.information_state_json(seat),
        env.observation_json(seat),
    )


def public_views(env: Any) -> tuple[Any, ...]:
    return (
        bytes(env.public_tensor()),
        bytes(env.public_tensor(True)),
        env.public_json(),
        env.public_json(True),
    )


def swap_hidden(deck: list[str], players: int, a: int, b: int) -> list[str]:
    """The deck with a non-trump card of seat ``a``'s first hand and one of
    seat ``b``'s swapped: the same first attacker (the lowest trump)."""
    trump = deck[min(6 * players, 35)][1]
    first = [i for i in range(6 * a, 6 * a + 6) if deck[i][1] != trump]
    second = [i for i in range(6 * b, 6 * b + 6) if deck[i][1] != trump]
    swapped = list(deck)
    i, j = first[0], second[0]
    swapped[i], swapped[j] = deck[j], deck[i]
    return swapped


def play_both(envs: list[Any], rng: random.Random, steps: int, check: Any) -> None:
    """The same moves in every environment, each legal in all of them;
    ``check(envs)`` before each."""
    for _ in range(steps):
        check(envs)
        if envs[0].is_over:
            return
        legal = set.intersection(*(set(e.legal_actions()) for e in envs))
        action = rng.choice(sorted(legal))
        for env in envs:
            env.apply_action(action)


@pytest.mark.parametrize("players", [3, 4, 6])
def test_no_view_shows_another_seats_hidden_cards(players: int) -> None:
    """Two deals that differ only in the cards two other seats hold: seat
    0's views (tensor, information state) and the public views are the
    same, move after move, while those seats' own views differ."""
    for seed in range(3):
        deck = cardavia.new_game("perevodnoy", seed=seed, players=players).to_dict()["deck"]
        swapped = swap_hidden(deck, players, 1, 2)
        envs = [start_env("perevodnoy", d, players) for d in (deck, swapped)]
        assert views(envs[0], 1) != views(envs[1], 1)

        def check(envs: list[Any]) -> None:
            assert views(envs[0], 0) == views(envs[1], 0)
            assert public_views(envs[0]) == public_views(envs[1])

        play_both(envs, random.Random(seed), 60, check)


@pytest.mark.parametrize("players", [2, 4])
def test_the_public_view_shows_nothing_private(players: int) -> None:
    """Deals that differ in seat 0's own hand: the public views agree;
    they hold no hand, no seat and no legal move."""
    for seed in range(3):
        deck = cardavia.new_game("durak", seed=seed, players=players).to_dict()["deck"]
        envs = [start_env("durak", d, players) for d in (deck, swap_hidden(deck, players, 0, 1))]
        assert views(envs[0], 0) != views(envs[1], 0)

        def check(envs: list[Any]) -> None:
            assert public_views(envs[0]) == public_views(envs[1])
            public = json.loads(envs[0].public_json(True))
            assert not {"seat", "hand", "legal_moves", "beating", "adds_left"} & set(public)
            assert public["history"] == envs[0].history
            tensor = floats(envs[0].public_tensor())
            assert not slice_of("durak", players, "hand", tensor).any()
            assert not slice_of("durak", players, "seat", tensor).any()

        play_both(envs, random.Random(seed), 40, check)


def first_private_draw(game: str, players: int, seed: int) -> tuple[list[str], list[int], int]:
    """A deal, the moves of a random game up to the first time a seat
    draws a card unseen while it still holds a card of its first hand, and
    that seat."""
    deck = cardavia.new_game(game, seed=seed, players=players).to_dict()["deck"]
    env = start_env(game, deck, players)
    rng = random.Random(seed)
    while not env.is_over:
        env.apply_action(rng.choice(env.legal_actions()))
        for seat in range(players):
            receipts = env.private_history(seat)
            hand = set(env.observation(seat)["hand"])
            if len(receipts) > 1 and hand & set(receipts[0]):
                return deck, env.actions, seat
    raise AssertionError("no seat drew a card unseen")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_information_state_recalls_the_seats_own_hand(players: int) -> None:
    """Perfect recall: a card the seat was dealt and one it drew later,
    swapped in the deck, leave the same hand, observation and moves, but
    another information state (string and tensor); the same history gives
    the same information state."""
    tried = 0
    for seed in range(40):
        deck, actions, seat = first_private_draw("durak", players, seed)
        env = start_env("durak", deck, players)
        for action in actions:
            env.apply_action(action)
        dealt, drawn = env.private_history(seat)[:2]
        held = set(env.observation(seat)["hand"])
        trump = env.observation(seat)["trump"]
        # Non-trumps, so that the lowest trump, the first attacker, stays.
        kept = [c for c in dealt if c in held and c[1] != trump]
        new = [c for c in drawn if c[1] != trump]
        if not kept or not new:
            continue
        tried += 1
        if tried > 4:
            break
        x, y = kept[0], new[0]
        swapped = [y if c == x else x if c == y else c for c in deck]
        other = start_env("durak", swapped, players)
        for action in actions:
            other.apply_action(action)
        assert other.observation(seat) == env.observation(seat)
        assert bytes(other.tensor(seat)) == bytes(env.tensor(seat))
        assert other.private_history(seat) != env.private_history(seat)
        assert other.information_state_json(seat) != env.information_state_json(seat)
        assert bytes(other.information_state_tensor(seat)) != bytes(
            env.information_state_tensor(seat)
        )
        again = start_env("durak", deck, players)
        for action in actions:
            again.apply_action(action)
        assert views(again, seat) == views(env, seat)
    assert tried > 4


def test_the_information_state_tensor_holds_the_private_history_and_the_moves() -> None:
    env = Env("durak", 3, players=4)
    rng = random.Random(3)
    for _ in range(30):
        env.apply_action(rng.choice(env.legal_actions()))
    layout = {name: (start, n) for name, start, n in tensor_layout("durak", 4, "info_state")}
    tensor = floats(env.information_state_tensor(2))
    observation = floats(env.tensor(2))
    assert (tensor[: len(observation)] == observation).all()
    start, n = layout["dealt"]
    assert cards_in("durak", tensor[start : start + n]) == sorted(
        env.private_history(2)[0], key=cards_in("durak", [1] * 36).index
    )
    start, n = layout["recent_actions"]
    rows = tensor[start : start + n].reshape(32, 110 + 4)
    history = env.history
    for row, move in zip(rows, reversed(history), strict=False):
        assert action_names("durak")[int(np.argmax(row[:110]))] == move
    info = json.loads(env.information_state_json(2))
    assert info.pop("private") == env.private_history(2)
    assert info == env.observation(2)


# ------------------------------------------------------- JSON, batches, errors


def test_an_env_at_a_table_round_trips_and_pickles() -> None:
    env = Env("perevodnoy", 8, players=5)
    rng = random.Random(8)
    for _ in range(25):
        env.apply_action(rng.choice(env.legal_actions()))
    for again in (Env.from_json(env.to_json()), pickle.loads(pickle.dumps(env)), env.clone()):
        assert again.players == 5
        assert [views(again, s) for s in range(5)] == [views(env, s) for s in range(5)]
    assert json.loads(env.to_json())["players"] == 5
    assert "players" not in json.loads(Env("durak", 8).to_json())
    chance = Env("durak", players=3)
    assert Env.from_json(chance.to_json()).players == 3


@pytest.mark.parametrize(
    ("text", "kind", "field"),
    [
        ('{"game":"durak","seed":1,"start":null,"actions":[],"players":7}', "integer", "players"),
        ('{"game":"durak","seed":1,"start":null,"actions":[],"players":"4"}', "integer", "players"),
        (
            '{"game":"schnapsen","seed":1,"start":null,"actions":[],"players":3}',
            "integer",
            "players",
        ),
    ],
)
def test_a_bad_table_in_json_is_refused(text: str, kind: str, field: str) -> None:
    with pytest.raises(cardavia.InvalidStateError) as caught:
        Env.from_json(text)
    assert (caught.value.field, caught.value.kind) == (field, kind)


def test_a_table_beside_a_start_is_refused() -> None:
    start = cardavia.new_game("durak", seed=1, players=3).to_dict()
    text = json.dumps({"game": "durak", "seed": None, "start": start, "actions": [], "players": 3})
    with pytest.raises(cardavia.InvalidStateError) as caught:
        Env.from_json(text)
    assert caught.value.field == "players"


def test_bad_tables_and_seats_are_refused() -> None:
    for game, players in (("durak", 7), ("durak", 1), ("perevodnoy", 0), ("schnapsen", 3)):
        with pytest.raises(cardavia.InvalidArgumentError) as caught:
            Env(game, 1, players=players)
        assert caught.value.field == "players"
        with pytest.raises(cardavia.InvalidArgumentError):
            env_info(game, players)
    with pytest.raises(TypeError):
        Env("durak", 1, players="4")  # type: ignore[arg-type]
    env = Env("durak", 1, players=4)
    for call in (env.tensor, env.information_state_tensor, env.observation, env.private_history):
        with pytest.raises(cardavia.InvalidArgumentError) as caught:
            call(4)
        assert caught.value.field == "seat"
    with pytest.raises(cardavia.InvalidArgumentError) as caught:
        observation_tensors([env, Env("durak", 1, players=3)], 0)
    assert caught.value.kind == "mixed_games"
    with pytest.raises(cardavia.InvalidArgumentError) as caught:
        observation_tensors([env, env], [0, 4])
    assert caught.value.field == "seats[1]"
    with pytest.raises(cardavia.InvalidArgumentError):
        tensor_layout("durak", 4, "secret")


def test_a_batch_at_a_table_is_its_tensors() -> None:
    envs = [Env("durak", s, players=4) for s in range(6)]
    seats = [s % 4 for s in range(6)]
    batch = observation_tensors(envs, seats)
    assert batch.shape == (6, env_info("durak", 4)["tensor_size"])
    for row, env, seat in zip(batch, envs, seats, strict=True):
        assert (row == floats(env.tensor(seat))).all()


@pytest.mark.parametrize("players", [3, 4, 6])
def test_resampling_at_a_table_keeps_the_information_state(players: int) -> None:
    for seed in range(3):
        env = Env("perevodnoy", players=players)
        rng = random.Random(seed)
        while env.is_chance:
            env.apply_action(rng.choice(env.chance_outcomes()))
        for _ in range(40):
            if env.is_over:
                break
            seat = env.current_player
            world = Env("perevodnoy", players=players)
            for action in env.resample(seat, seed):
                world.apply_action(action)
            assert views(world, seat) == views(env, seat)
            assert world.legal_actions() == env.legal_actions()
            env.apply_action(rng.choice(env.legal_actions()))


# ----------------------------------------------------------------- OpenSpiel


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("players", SEATS)
def test_openspiel_at_a_table(game: str, players: int) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    cos = pytest.importorskip("cardavia.envs.openspiel")
    loaded = pyspiel.load_game(cos.GAME_NAMES[game], {"players": players})
    info = env_info(game, players)
    assert loaded.num_players() == players
    assert loaded.get_parameters()["players"] == players
    assert loaded.observation_tensor_size() == info["tensor_size"]
    assert loaded.information_state_tensor_size() == info["info_state_size"]
    assert loaded.max_game_length() == info["max_game_length"]
    assert loaded.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    pyspiel.random_sim_test(loaded, num_sims=2, serialize=True, verbose=False)
    again = pyspiel.load_game(str(loaded))
    assert again.num_players() == players


def test_openspiel_observers_at_a_table() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    cos = pytest.importorskip("cardavia.envs.openspiel")
    loaded = pyspiel.load_game(cos.GAME_NAMES["durak"], {"players": 4})
    public = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
    )
    public_recall = pyspiel.IIGObservationType(
        perfect_recall=True, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
    )
    observers = [loaded.make_py_observer(kind) for kind in (public, public_recall)]
    state = loaded.new_initial_state()
    rng = random.Random(4)
    while not state.is_terminal():
        if not state.is_chance_node():
            for observer in observers:
                texts = {observer.string_from(state, p) for p in range(4)}
                observer.set_from(state, 0)
                tensor = observer.tensor.copy()
                for p in range(1, 4):
                    observer.set_from(state, p)
                    assert (observer.tensor == tensor).all()
                assert len(texts) == 1 and "hand" not in json.loads(texts.pop())
                assert not observer.dict["hand"].any()
            for p in range(4):
                info = json.loads(state.information_state_string(p))
                assert info.pop("private") == state.env.private_history(p)
                assert info == state.env.observation(p)
        state.apply_action(rng.choice(state.legal_actions()))
    assert sorted(state.returns())[0] in (-1.0, 0.0)
    assert observers[1].dict["recent_actions"].shape == (32 * (110 + 4),)


def test_openspiel_refuses_a_bad_table() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    cos = pytest.importorskip("cardavia.envs.openspiel")
    for game, players in (("durak", 7), ("perevodnoy", 1), ("schnapsen", 3)):
        with pytest.raises(cardavia.InvalidArgumentError) as caught:
            pyspiel.load_game(cos.GAME_NAMES[game], {"players": players})
        assert caught.value.field == "players"
    assert pyspiel.load_game(cos.GAME_NAMES["schnapsen"], {"players": 2}).num_players() == 2


# ---------------------------------------------------------------- PettingZoo


@pytest.mark.parametrize("players", [3, 6])
def test_pettingzoo_api_and_seed_tests_at_a_table(players: int) -> None:
    pytest.importorskip("pettingzoo")
    from cardavia.envs import pettingzoo_env
    from pettingzoo.test import api_test, seed_test

    env = pettingzoo_env("perevodnoy", players=players)
    assert env.possible_agents == [f"player_{s}" for s in range(players)]
    api_test(env, num_cycles=200, verbose_progress=False)
    seed_test(lambda: pettingzoo_env("durak", players=players), num_cycles=200)


def test_pettingzoo_in_lockstep_at_a_table() -> None:
    pytest.importorskip("pettingzoo")
    from cardavia.envs import pettingzoo_env

    env = pettingzoo_env("durak", players=4)
    env.reset(seed=11)
    g = cardavia.new_game("durak", seed=11, players=4)
    rng = random.Random(11)
    rewards: dict[str, float] = {}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            rewards[agent] = float(reward)
            env.step(None)
            continue
        seat = int(agent.split("_")[1])
        assert seat == g.current_player
        assert (observation["observation"] == floats(env.env.tensor(seat))).all()
        legal = np.flatnonzero(observation["action_mask"])
        assert sorted(action_names("durak")[a] for a in legal) == g.legal_moves()
        move = rng.choice(g.legal_moves())
        env.step(action_id("durak", move))
        g.play(move)
    assert tuple(rewards[f"player_{s}"] for s in range(4)) == expected_returns(g.outcome, 4)


def test_pettingzoo_an_illegal_action_at_a_table_loses() -> None:
    pytest.importorskip("pettingzoo")
    from cardavia.envs import pettingzoo_env

    env = pettingzoo_env("durak", players=3)
    env.reset(seed=2)
    agent = env.agent_selection
    illegal = next(a for a in range(110) if not env.observe(agent)["action_mask"][a])
    env.step(illegal)
    assert env.rewards[agent] == -1.0
    assert all(r == 1.0 for a, r in env.rewards.items() if a != agent)
    with pytest.raises(cardavia.InvalidArgumentError):
        pettingzoo_env("durak", players=7)


# ----------------------------------------------------------------- Gymnasium


def test_gymnasium_checker_at_a_table() -> None:
    pytest.importorskip("gymnasium")
    from cardavia.envs import gym_env
    from gymnasium.utils.env_checker import check_env

    env = gym_env("perevodnoy", opponent="greedy", players=4)
    check_env(env, skip_render_check=True)
    assert env.observation_space["observation"].shape == (env_info("perevodnoy", 4)["tensor_size"],)


def test_gymnasium_against_n_minus_one_opponents() -> None:
    """Each other seat asks its own opponent (clockwise from the agent),
    each seeing only its own observation; the reward is the agent's
    return."""
    pytest.importorskip("gymnasium")
    from cardavia.envs import gym_env

    asked: dict[str, set[int]] = {"first": set(), "last": set()}

    def first(observation: dict[str, Any], seed: int) -> str:
        asked["first"].add(observation["seat"])
        return str(observation["legal_moves"][0])

    def last(observation: dict[str, Any], seed: int) -> int:
        asked["last"].add(observation["seat"])
        return action_id("durak", observation["legal_moves"][-1])

    for seed in range(4):
        env = gym_env("durak", opponent=[first, "random", last], seat=1, players=4)
        observation, info = env.reset(seed=seed)
        assert info["seat"] == 1
        done, reward = False, 0.0
        rng = np.random.default_rng(seed)
        while not done:
            legal = np.flatnonzero(observation["action_mask"])
            observation, reward, done, _, info = env.step(int(rng.choice(legal)))
        assert reward == env.env.returns()[1]
        env.close()
    assert asked == {"first": {2}, "last": {0}}


def test_gymnasium_refuses_bad_tables_and_opponents() -> None:
    pytest.importorskip("gymnasium")
    from cardavia.envs import gym_env

    with pytest.raises(cardavia.InvalidArgumentError) as caught:
        gym_env("durak", opponent=["random", "greedy"], players=4)
    assert caught.value.field == "opponent"
    with pytest.raises(cardavia.InvalidArgumentError) as caught:
        gym_env("durak", seat=4, players=4)
    assert caught.value.field == "seat"
    with pytest.raises(cardavia.InvalidArgumentError) as caught:
        gym_env("schnapsen", players=3)
    assert caught.value.field == "players"
    with pytest.raises(TypeError):
        gym_env("durak", opponent=[3, "random"], players=3)  # type: ignore[list-item]


def test_gymnasium_against_the_ai_at_a_table() -> None:
    """The AI levels play the other seats of a table (each asked with its
    own observation), as they play a duel's."""
    pytest.importorskip("gymnasium")
    from cardavia.envs import gym_env

    env = gym_env("perevodnoy", opponent=["ai:20", "easy"], seat=2, players=3)
    observation, _ = env.reset(seed=9)
    done, reward = False, 0.0
    while not done:
        legal = np.flatnonzero(observation["action_mask"])
        observation, reward, done, _, _ = env.step(int(legal[0]))
    assert reward == env.env.returns()[2]
    assert len(env.env.history) > 0


@pytest.mark.parametrize("players", [3, 5])
def test_openspiel_resamples_and_searches_at_a_table(players: int) -> None:
    """``resample_from_infostate`` at a table keeps the player's
    information state; OpenSpiel's own ISMCTS bot plays a table to the end
    through it."""
    pyspiel = pytest.importorskip("pyspiel")
    cos = pytest.importorskip("cardavia.envs.openspiel")
    loaded = pyspiel.load_game(cos.GAME_NAMES["perevodnoy"], {"players": players})
    rs = np.random.RandomState(players)
    bot = cos.ismcts_bot(loaded, 8, seed=players)
    state = loaded.new_initial_state()
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rs.choice(actions, p=probs))
            continue
        player = state.current_player()
        if steps % 5 == 0:
            world = state.resample_from_infostate(player, rs.uniform)
            info = state.information_state_string(player)
            assert world.information_state_string(player) == info
            assert world.legal_actions() == state.legal_actions()
        state.apply_action(bot.step(state))
        steps += 1
    assert sorted(state.returns())[0] in (-1.0, 0.0)
