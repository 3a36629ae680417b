"""The games as PettingZoo AEC and Gymnasium environments: their own
conformance checks, lockstep with ``cardavia.new_game``, illegal actions,
opponents, and bad arguments refused as data."""

from __future__ import annotations

import random
import warnings
from typing import Any

import cardavia
import pytest
from cardavia.envs import action_id, action_names, gym_env, pettingzoo_env

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")
gymnasium = pytest.importorskip("gymnasium")
from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402


@pytest.fixture(autouse=True)
def _quiet() -> Any:
    # Both checkers advise plain Box observations; ours are dicts with masks,
    # as PettingZoo's own card games.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize("game", cardavia.GAMES)
def test_pettingzoo_api_and_seed_tests(game: str) -> None:
    api_test(pettingzoo_env(game), num_cycles=300, verbose_progress=False)
    seed_test(lambda: pettingzoo_env(game), num_cycles=300)


@pytest.mark.parametrize("game", cardavia.GAMES)
def test_gymnasium_env_checker(game: str) -> None:
    for opponent in ("random", "greedy"):
        check_env(gym_env(game, opponent=opponent), skip_render_check=True)
    made = gymnasium.make(f"Cardavia/{game.capitalize()}-v0", render_mode="ansi")
    check_env(made.unwrapped)
    assert isinstance(made.unwrapped.render(), str) or made.unwrapped.env is None


@pytest.mark.parametrize("game", cardavia.GAMES)
def test_pettingzoo_in_lockstep_with_new_game(game: str) -> None:
    for seed in range(3):
        env = pettingzoo_env(game)
        env.reset(seed=seed)
        g = cardavia.new_game(game, seed=seed)
        rng = random.Random(seed)
        final = {}
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, _ = env.last()
            if terminated or truncated:
                final[agent] = reward
                env.step(None)
                continue
            assert agent == f"player_{g.current_player}"
            legal = sorted(action_names(game)[a] for a in np.flatnonzero(obs["action_mask"]))
            assert legal == g.legal_moves()
            move = rng.choice(g.legal_moves())
            g.play(move)
            env.step(action_id(game, move))
        assert g.outcome is not None
        winner = g.outcome["winner"]
        expected = [0.0, 0.0] if winner is None else [1 - 2.0 * winner, 2.0 * winner - 1]
        assert [final[a] for a in env.possible_agents] == expected


@pytest.mark.parametrize("game", cardavia.GAMES)
def test_gymnasium_against_an_opponent_in_lockstep(game: str) -> None:
    """The agent's moves and the opponent's, replayed through ``new_game``
    from the reset's seed, end the same way; the reward is the agent's."""
    for seed, opponent in ((1, "greedy"), (2, "ai:40")):
        env = gym_env(game, opponent=opponent, seat=seed % 2)
        obs, info = env.reset(seed=seed)
        assert info["seat"] == seed % 2
        rng = random.Random(seed)
        reward, over = 0.0, False
        while not over:
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            obs, reward, over, _, _ = env.step(action)
        g = cardavia.new_game(game, seed=seed)
        for move in env.env.history:
            g.play(move)
        winner = g.outcome["winner"]
        assert reward == (0.0 if winner is None else 1.0 if winner == seed % 2 else -1.0)
        env.close()


def greedy_policy(observation: Any, seed: int) -> str:
    move: str = cardavia.bots.BOTS["greedy"](observation, random.Random(seed))
    return move


@pytest.mark.parametrize("game", cardavia.GAMES)
def test_gymnasium_against_a_policy_of_ones_own(game: str) -> None:
    """Issue 24: a callable opponent was refused, so nobody could train
    against their own policy. A policy answering as ``greedy`` does, by
    move string or by action id, plays the very games of ``greedy``."""

    def by_id(observation: Any, seed: int) -> int:
        return action_id(game, greedy_policy(observation, seed))

    histories = []
    for opponent in ("greedy", greedy_policy, by_id):
        env = gym_env(game, opponent=opponent, seat=1)
        obs, _ = env.reset(seed=4)
        rng = random.Random(4)
        over = False
        while not over:
            obs, _, over, _, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        histories.append(list(env.env.history))
        env.close()
    assert histories[0] == histories[1] == histories[2]


@pytest.mark.parametrize("answer", ["transfer:7S", "attack:XX", 10_000, -1, None, True])
def test_a_policys_bad_answer_is_refused_and_plays_nothing(answer: object) -> None:
    calls: list[Any] = []

    def policy(observation: Any, seed: int) -> object:
        calls.append(observation)
        return answer if len(calls) > 1 else greedy_policy(observation, seed)

    env = gym_env("durak", opponent=policy, seat=0)  # type: ignore[arg-type]
    obs, _ = env.reset(seed=2)
    while not calls:
        obs, _, _, _, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    before = list(env.env.history)
    with pytest.raises(cardavia.IllegalMoveError) as caught:
        while len(calls) < 2:
            before = list(env.env.history)
            obs, _, _, _, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert caught.value.field == "opponent" and caught.value.kind == "illegal_move"
    # The agent's move stands; the opponent's refused answer played nothing.
    assert env.env.history[: len(before)] == before
    assert len(env.env.history) == len(before) + 1


def test_resets_are_reproducible_and_draw_seats() -> None:
    env = gym_env("durak")
    first = env.reset(seed=3)
    assert env.reset(seed=3)[0]["observation"].tobytes() == first[0]["observation"].tobytes()
    seats = {env.reset(seed=s)[1]["seat"] for s in range(12)}
    assert seats == {0, 1}
    env.reset()
    pz = pettingzoo_env("schnapsen")
    pz.reset()
    pz.reset()
    assert pz.agent_selection in pz.possible_agents


def test_an_illegal_action_loses_or_raises() -> None:
    env = pettingzoo_env("durak")
    env.reset(seed=1)
    agent = env.agent_selection
    obs = env.observe(agent)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    env.step(illegal)
    assert env.terminations[agent] and env.infos[agent] == {"illegal_action": True}
    assert env._cumulative_rewards[agent] == -1
    strict = pettingzoo_env("durak", illegal="raise")
    strict.reset(seed=1)
    with pytest.raises(cardavia.IllegalMoveError):
        strict.step(illegal)
    with pytest.raises(cardavia.InvalidArgumentError):
        strict.step(500)
    single = gym_env("durak", seat=0)
    obs, _ = single.reset(seed=1)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, over, _, info = single.step(bad)
    assert (reward, over, info["illegal_action"]) == (-1.0, True, True)
    assert (single.action_masks() == obs["action_mask"]).all()
    raising = gym_env("durak", seat=0, illegal="raise")
    raising.reset(seed=1)
    with pytest.raises(cardavia.IllegalMoveError):
        raising.step(bad)


def test_bad_arguments_are_refused() -> None:
    for make in (
        lambda: pettingzoo_env("chess"),
        lambda: gym_env("go"),
    ):
        with pytest.raises(cardavia.UnknownGameError):
            make()
    for make in (
        lambda: pettingzoo_env("durak", illegal="ignore"),
        lambda: pettingzoo_env("durak", render_mode="rgb_array"),
        lambda: gym_env("durak", seat=2),
        lambda: gym_env("durak", seat=True),
        lambda: gym_env("durak", opponent="nobody"),
        lambda: gym_env("durak", render_mode="rgb_array"),
    ):
        with pytest.raises(cardavia.InvalidArgumentError):
            make()


def test_rendering_shows_the_position() -> None:
    env = pettingzoo_env("perevodnoy", render_mode="ansi")
    assert env.render() is None
    env.reset(seed=2)
    text = env.render()
    assert text is not None and '"game": "perevodnoy"' in text
    human = gym_env("schnapsen", render_mode="human")
    human.reset(seed=1)
    assert human.render() is None
