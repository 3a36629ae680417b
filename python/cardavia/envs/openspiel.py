"""The three games as OpenSpiel games, registered on import:
``python_cardavia_durak``, ``python_cardavia_perevodnoy`` and
``python_cardavia_schnapsen`` (``pip install 'cardavia[openspiel]'``).

    import pyspiel
    import cardavia.envs.openspiel  # registers the games
    game = pyspiel.load_game("python_cardavia_durak")
    table = pyspiel.load_game("python_cardavia_durak", {"players": 4})

Durak and perevodnoy take a ``players`` parameter, 2 to 6 (RULES 7);
Schnapsen only 2. A bad count raises ``InvalidArgumentError``.

A state wraps a ``cardavia.envs.Env`` dealt by chance events. The deal is a
chance event per card, the deck drawn top first, every card not yet placed
equally likely; its outcome is the card's id (canonical order), and the
last card of a deck needs no event. Every later Schnapsen deal is dealt so
too. ``cardavia.envs.seeded_chance_outcomes(game, seed)`` gives the
outcomes that deal as ``cardavia.new_game(game, seed=seed)`` does.

Player actions are the core's action ids; ``action_to_string`` gives the
API's move string. ``observation_string`` is the seat's observation
(docs/SCHEMA.md) as JSON with sorted keys, without the moves played;
``observation_tensor`` the core's observation tensor (docs/SCHEMA.md,
"Tensors"). The information state is one of perfect recall:
``information_state_string`` adds the moves played and ``private``, the
cards the seat got that no other seat saw (its dealt hand, each draw), in
order; ``information_state_tensor`` adds to the observation tensor the
seat's private history of the deal and the last 32 player actions. A
public observer (``make_py_observer`` with ``private_info=NONE``) sees only
what every seat sees. Returns are +1 for the winner, -1 for the loser, 0
for a draw (Schnapsen: the match); from three seats on, +1 for every seat
out, -1 for the durak, 0 for a share of a draw (``2 * result - 1`` of
RULES 7), a general-sum game.

``resample_from_infostate(player, sampler)`` deals the cards ``player``
cannot see anew (``Env.resample``) and replays the history with them, so
the new state has a history of its own that leads to the player's
information state. ``bot_player`` makes an OpenSpiel bot a tournament
player; ``python -m cardavia.envs.openspiel_player ismcts:N`` serves one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from .. import _native
from ..errors import InvalidArgumentError
from ..tournament import Player
from . import check_table, env_info, table_env

__all__ = [
    "GAME_NAMES",
    "CardaviaGame",
    "CardaviaObserver",
    "CardaviaState",
    "RolloutEvaluator",
    "bot_player",
    "ismcts_bot",
    "state_from_observation",
]

#: OpenSpiel's name of each game.
GAME_NAMES: dict[str, str] = {game: f"python_cardavia_{game}" for game in _native.GAMES}
_SEED_SPAN = 2**53


def _game_type(game: str, players: int = 2) -> Any:
    """The game's type; a duel is zero-sum, a larger table general-sum."""
    utility = pyspiel.GameType.Utility
    return pyspiel.GameType(
        short_name=GAME_NAMES[game],
        long_name=f"Cardavia {game.capitalize()}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility.ZERO_SUM if players == 2 else utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=_native.MAX_PLAYERS[game],
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": 2},
    )


def _game_info(game: str, players: int) -> Any:
    info = env_info(game, players)
    return pyspiel.GameInfo(
        num_distinct_actions=info["actions"],
        max_chance_outcomes=info["chance_outcomes"],
        num_players=players,
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0 if players == 2 else None,
        max_game_length=info["max_game_length"],
    )


class CardaviaGame(pyspiel.Game):  # type: ignore[misc]
    """One of the games; ``game`` names it (a subclass per game is
    registered). ``players``: the seats, 2 to 6 in Durak, checked."""

    game = "durak"

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        params = dict(params or {})
        self.players = check_table(self.game, params.get("players", 2))
        super().__init__(
            _game_type(self.game, self.players), _game_info(self.game, self.players), params
        )

    def new_initial_state(self) -> CardaviaState:
        return CardaviaState(self)

    def max_chance_nodes_in_history(self) -> int:
        chance: int = _native.ENVS[self.game]["max_chance_events"]
        return chance

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> CardaviaObserver:
        return CardaviaObserver(self.game, iig_obs_type, params, self.players)


class CardaviaState(pyspiel.State):  # type: ignore[misc]
    """A state of a game: a ``cardavia.envs.Env`` dealt by chance events."""

    def __init__(self, game: CardaviaGame) -> None:
        super().__init__(game)
        self.env = table_env(game.game, None, game.players)

    def current_player(self) -> int:
        if self.env.is_chance:
            return int(pyspiel.PlayerId.CHANCE)
        seat = self.env.current_player
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        actions: list[int] = self.env.legal_actions()
        return actions

    def chance_outcomes(self) -> list[tuple[int, float]]:
        outcomes = self.env.chance_outcomes()
        p = 1.0 / len(outcomes) if outcomes else 0.0
        return [(card, p) for card in outcomes]

    def _apply_action(self, action: int) -> None:
        self.env.apply_action(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        name: str = self.env.action_name(int(action), chance=player == pyspiel.PlayerId.CHANCE)
        return name

    def is_terminal(self) -> bool:
        return bool(self.env.is_over)

    def returns(self) -> list[float]:
        return [float(r) for r in self.env.returns()]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> CardaviaState:
        """A state ``player_id`` cannot tell from this one, its hidden cards
        dealt anew, with a history of its own that leads to it. A state made
        from an observation (``state_from_observation``) has no history to
        rewrite: its resamples are made from observations too."""
        seed = int(probability_sampler() * _SEED_SPAN)
        game = self.get_game()
        if not self.env.replayable:
            observation = self.env.observation(player_id)
            return state_from_observation(game, observation, seed)
        state: CardaviaState = game.new_initial_state()
        for action in self.env.resample(player_id, seed):
            state.apply_action(action)
        return state

    def __str__(self) -> str:
        text: str = self.env.to_json()
        return text


def state_from_observation(game: Any, observation: Mapping[str, Any], seed: int) -> CardaviaState:
    """A state in the information set of an observation, its hidden cards
    dealt from ``seed``. It starts at that position: its OpenSpiel history
    is empty, and its resamples are made from observations too."""
    state: CardaviaState = game.new_initial_state()
    state.env = _native.Env.from_observation(observation, seed)
    return state


#: The observers a game makes: (public_info, private_info) -> whether the
#: seat's own view.
_VIEWS = {
    (True, pyspiel.PrivateInfoType.SINGLE_PLAYER): True,
    (True, pyspiel.PrivateInfoType.NONE): False,
}


class CardaviaObserver:
    """What one seat may know, as OpenSpiel's observers hand it over: a
    tensor (its slices named as in docs/SCHEMA.md) and a JSON string.

    * the seat's own view (``private_info=SINGLE_PLAYER``): its observation;
      with ``perfect_recall`` its information state: the moves played and
      its private history (dealt hand, draws) beside the observation;
    * the public view (``private_info=NONE``): what every seat sees, the
      same for every player; with ``perfect_recall`` the moves played too.
    """

    def __init__(
        self, game: str, iig_obs_type: Any, params: Mapping[str, Any] | None, players: int = 2
    ) -> None:
        if params:
            raise InvalidArgumentError(
                kind="choice", field="params", value=dict(params), choices=[]
            )
        kind = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        own = _VIEWS.get((bool(kind.public_info), kind.private_info))
        if own is None:
            raise InvalidArgumentError(
                kind="choice",
                field="iig_obs_type",
                value=str(kind),
                choices=[
                    "the seat's own view (public and private, single player)",
                    "the public view (public, no private information)",
                ],
            )
        self.own = own
        self.recall = bool(kind.perfect_recall)
        info = env_info(game, players)
        if self.recall:
            layout = info["info_state_layout" if own else "public_history_layout"]
        else:
            layout = info["layout"]
        self.tensor = np.zeros(sum(length for _, length in layout), np.float32)
        self.dict: dict[str, np.ndarray[Any, np.dtype[np.float32]]] = {}
        start = 0
        for name, length in layout:
            self.dict[name] = self.tensor[start : start + length]
            start += length

    def set_from(self, state: CardaviaState, player: int) -> None:
        env = state.env
        if not self.own:
            data = env.public_tensor(self.recall)
        elif self.recall:
            data = env.information_state_tensor(player)
        else:
            data = env.tensor(player)
        self.tensor[:] = np.frombuffer(data, dtype=np.float32)

    def string_from(self, state: CardaviaState, player: int) -> str:
        env = state.env
        text: str
        if not self.own:
            text = env.public_json(self.recall)
        elif self.recall:
            text = env.information_state_json(player)
        else:
            text = env.observation_json(player, history=False)
        return text


class RolloutEvaluator(mcts.Evaluator):  # type: ignore[misc]
    """OpenSpiel's ``RandomRolloutEvaluator`` played out in the core: the
    mean returns of ``n_rollouts`` games finished with uniformly random
    moves (and chance events), and a uniform prior."""

    def __init__(self, n_rollouts: int = 1, random_state: Any = None) -> None:
        self.n_rollouts = n_rollouts
        self._random_state = random_state or np.random.RandomState()

    def evaluate(self, state: CardaviaState) -> np.ndarray[Any, np.dtype[np.float64]]:
        total = np.zeros(state.env.players)
        for _ in range(self.n_rollouts):
            total += state.env.playout(int(self._random_state.randint(2**63, dtype=np.int64)))
        result: np.ndarray[Any, np.dtype[np.float64]] = total / self.n_rollouts
        return result

    def prior(self, state: CardaviaState) -> list[tuple[int, float]]:
        if state.is_chance_node():
            outcomes: list[tuple[int, float]] = state.chance_outcomes()
            return outcomes
        actions = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(actions)) for action in actions]


def ismcts_bot(
    game: Any,
    iterations: int,
    *,
    seed: int = 0,
    uct_c: float = 2.0,
    rollouts: int = 1,
    core_rollouts: bool = True,
) -> Any:
    """OpenSpiel's Python ISMCTS bot (``open_spiel.python.algorithms.ismcts``)
    for ``game``: ``iterations`` simulations a move, random rollouts
    (played in the core with ``core_rollouts``, else OpenSpiel's
    ``RandomRolloutEvaluator`` through the states), worlds resampled from the
    root state with the bot's own random stream, the most visited move."""
    random_state = np.random.RandomState(seed % 2**32)
    evaluator: Any = (
        RolloutEvaluator(rollouts, random_state)
        if core_rollouts
        else mcts.RandomRolloutEvaluator(rollouts, random_state)
    )
    bot = ismcts.ISMCTSBot(
        game,
        evaluator,
        uct_c,
        iterations,
        random_state=random_state,
        final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
    )
    bot.set_resampler(
        lambda state, player: state.resample_from_infostate(player, random_state.uniform)
    )
    return bot


def bot_player(name: str, make_bot: Callable[[Any, int], Any]) -> Player:
    """A tournament player (``cardavia.tournament.Player``) that asks an
    OpenSpiel bot: ``make_bot(game, seed)`` makes it afresh for each move,
    and it plays from a state made from the observation
    (``state_from_observation``): it sees nothing else."""

    def choose(observation: Mapping[str, Any], seed: int) -> str:
        seats = {"players": observation["players"]} if "players" in observation else {}
        game = pyspiel.load_game(GAME_NAMES[str(observation["game"])], seats)
        state = state_from_observation(game, observation, seed)
        action = make_bot(game, seed).step(state)
        move: str = state.env.action_name(int(action))
        return move

    return Player(name, choose)


for _name in _native.GAMES:
    _class = type(f"Cardavia{_name.capitalize()}Game", (CardaviaGame,), {"game": _name})
    if GAME_NAMES[_name] not in pyspiel.registered_names():
        pyspiel.register_game(_game_type(_name), _class)
