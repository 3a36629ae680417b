"""The games as OpenSpiel games (``cardavia.envs.openspiel``): OpenSpiel's
own random simulation test with serialisation, the checks of its Python
games' tests at every step (clone, serialise, strings, tensors, resampled
information states), lockstep with ``cardavia.new_game``, OpenSpiel's
Python ISMCTS bot playing whole games, and the bot as a tournament player."""

from __future__ import annotations

import json
import random
import sys
from typing import Any

import cardavia
import pytest
from cardavia.envs import ENVS, action_id, seeded_chance_outcomes

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")
#: The most deals of each game (each is a chance phase).
DEALS = {g: i["max_chance_events"] // (i["chance_outcomes"] - 1) for g, i in ENVS.items()}
cos = pytest.importorskip("cardavia.envs.openspiel")
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

NAMES = list(cos.GAME_NAMES.items())


@pytest.mark.parametrize(("game", "name"), NAMES)
def test_openspiel_random_simulation_with_serialisation(game: str, name: str) -> None:
    loaded = pyspiel.load_game(name)
    assert loaded.num_distinct_actions() == ENVS[game]["actions"]
    assert loaded.observation_tensor_size() == ENVS[game]["tensor_size"]
    assert loaded.information_state_tensor_size() == ENVS[game]["info_state_size"]
    assert loaded.max_chance_outcomes() == ENVS[game]["chance_outcomes"]
    assert loaded.max_chance_nodes_in_history() == ENVS[game]["max_chance_events"]
    assert loaded.max_chance_nodes_in_history() == DEALS[game] * (loaded.max_chance_outcomes() - 1)
    pyspiel.random_sim_test(loaded, num_sims=3, serialize=True, verbose=False)


def check_copies(game: Any, state: Any) -> None:
    """Serialised, cloned and replayed from its history: the same state."""
    text, history = str(state), state.history()
    again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1]
    assert (str(again), again.history()) == (text, history)
    clone = state.clone()
    assert (str(clone), clone.history()) == (text, history)
    replayed = game.new_initial_state()
    for action in history:
        replayed.apply_action(action)
    assert str(replayed) == text


def check_state(game: Any, state: Any, rng: random.Random) -> None:
    """What OpenSpiel's Python game tests check of a state, and more."""
    history = state.history()
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
        assert [a for a, _ in outcomes] == state.legal_actions()
        return
    for player in range(game.num_players()):
        info = state.information_state_string(player)
        obs = state.observation_string(player)
        private = {"history", "private"}
        assert json.loads(obs) == {k: v for k, v in json.loads(info).items() if k not in private}
        tensor = np.array(state.observation_tensor(player))
        # The information state begins with the observation tensor.
        info_tensor = np.array(state.information_state_tensor(player))
        assert (tensor == info_tensor[: len(tensor)]).all()
        assert ((info_tensor >= 0) & (info_tensor <= 1)).all()
    if state.is_terminal():
        return
    player = state.current_player()
    mask = state.legal_actions_mask(player)
    assert [a for a, m in enumerate(mask) if m] == state.legal_actions()
    for _ in range(2):
        sampler = pyspiel.UniformProbabilitySampler(rng.randrange(2**31), 0.0, 1.0)
        world = state.resample_from_infostate(player, sampler)
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.observation_tensor(player) == state.observation_tensor(player)
        assert world.legal_actions() == state.legal_actions()
        assert len(world.history()) == len(history)
        replayed = game.new_initial_state()
        for action in world.history():
            replayed.apply_action(action)
        assert str(replayed) == str(world)


@pytest.mark.parametrize(("game", "name"), NAMES)
def test_every_step_serialises_clones_and_resamples(game: str, name: str) -> None:
    loaded = pyspiel.load_game(name)
    rng = random.Random(7)
    for _ in range(2):
        state = loaded.new_initial_state()
        steps = 0
        while True:
            check_copies(loaded, state)
            if steps % 4 == 0 or state.is_terminal():
                check_state(loaded, state, rng)
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        assert sum(state.returns()) == 0


@pytest.mark.parametrize(("game", "name"), NAMES)
def test_lockstep_with_new_game(game: str, name: str) -> None:
    """Chance events from a seed's decks deal as ``new_game(seed=...)``:
    the same information states, moves and outcome."""
    for seed in range(3):
        loaded = pyspiel.load_game(name)
        state = loaded.new_initial_state()
        g = cardavia.new_game(game, seed=seed)
        decks = seeded_chance_outcomes(game, seed, DEALS[game])
        rng = random.Random(seed)
        dealt: dict[int, list[str]] = {}
        while not state.is_terminal():
            if state.is_chance_node():
                placed = ENVS[game]["chance_outcomes"] - len(state.chance_outcomes())
                if placed == 0 and state.history():
                    decks.pop(0)
                state.apply_action(decks[0][placed])
                continue
            for player in (0, 1):
                info = json.loads(state.information_state_string(player))
                # Its private history begins with the hand it was dealt.
                dealt.setdefault(player, g.observation(player)["hand"])
                assert info.pop("private")[0] == dealt[player]
                assert info == g.observation(player)
            assert state.current_player() == g.current_player
            move = rng.choice(g.legal_moves())
            action = action_id(game, move)
            assert state.action_to_string(state.current_player(), action) == move
            state.apply_action(action)
            g.play(move)
        assert g.is_over
        winner = g.outcome["winner"]
        assert state.returns() == ([0, 0] if winner is None else [1 - 2 * winner, 2 * winner - 1])


@pytest.mark.parametrize(("game", "name"), NAMES)
def test_openspiel_ismcts_plays_to_the_end(game: str, name: str) -> None:
    """OpenSpiel's own bot and evaluator, resampling through the state."""
    loaded = pyspiel.load_game(name)
    rs = np.random.RandomState(3)
    bot = ismcts.ISMCTSBot(loaded, mcts.RandomRolloutEvaluator(1, rs), 2.0, 8, random_state=rs)
    state = loaded.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rs.choice(actions, p=probs))
        else:
            state.apply_action(bot.step(state))
    assert sorted(state.returns()) in ([-1, 1], [0, 0])


def test_the_bot_as_a_tournament_player_sees_only_observations() -> None:
    player = cos.bot_player("ismcts:30", lambda game, seed: cos.ismcts_bot(game, 30, seed=seed))
    g = cardavia.new_game("schnapsen", seed=4)
    obs = g.observation(g.current_player)
    move = player.choose(obs, 9)
    assert move in obs["legal_moves"] and move == player.choose(obs, 9)
    state = cos.state_from_observation(pyspiel.load_game(cos.GAME_NAMES["schnapsen"]), obs, 1)
    info = json.loads(state.information_state_string(obs["seat"]))
    # Its private history begins at the observation's position: its hand.
    assert info.pop("private") == [obs["hand"]]
    assert info == obs
    world = state.resample_from_infostate(obs["seat"], lambda: 0.5)
    assert world.information_state_string(obs["seat"]) == state.information_state_string(
        obs["seat"]
    )


def test_an_openspiel_bot_in_a_tournament() -> None:
    command = f"cmd:{sys.executable} -m cardavia.envs.openspiel_player ismcts:20"
    result = cardavia.tournament("perevodnoy", "random", command, deals=1, seed=5, threads=1)
    assert result["games"] == 2


def test_bad_players_and_observers_are_refused() -> None:
    from cardavia.envs import openspiel_player

    for spec in ("ismcts", "ismcts:x", "ismcts:0", "mcts:5", "ismcts:5:-1", "ismcts:1:2:3"):
        with pytest.raises(cardavia.InvalidArgumentError):
            openspiel_player.make(spec)
    assert openspiel_player.main([]) == 2
    loaded = pyspiel.load_game(cos.GAME_NAMES["durak"])
    with pytest.raises(cardavia.InvalidArgumentError):
        loaded.make_py_observer(pyspiel.IIGObservationType(perfect_recall=False), {"x": 1})
    nothing = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=False, private_info=pyspiel.PrivateInfoType.NONE
    )
    everyone = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
    )
    for kind in (nothing, everyone):
        with pytest.raises(cardavia.InvalidArgumentError):
            loaded.make_py_observer(kind, {})
