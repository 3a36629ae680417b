"""A game as a PettingZoo AEC environment (``cardavia.envs.pettingzoo_env``).

Agents ``player_0`` to ``player_{N-1}`` are the seats (``players=N``, 2 by
default; Durak 2 to 6). Each observes a dict: ``observation``, its tensor
(float32, docs/SCHEMA.md "Tensors", the table's layout), and
``action_mask`` (int8, one entry per action id; all zero when it is not
that agent's turn). Actions are the core's action ids. Rewards come at the
end: +1 the winner, -1 the loser, 0 a draw (Schnapsen: the match); from
three seats on +1 each seat out, -1 the durak, 0 a share of a draw.
``reset(seed=S)`` deals as ``cardavia.new_game(game, seed=S, players=N)``.

An action out of range raises ``InvalidArgumentError``; a legal-range but
illegal action ends the game as a loss for the agent that played it
(``illegal="lose"``: reward -1 for it, +1 for every other agent, and
``infos[agent]["illegal_action"]``), or raises ``IllegalMoveError`` with
``illegal="raise"``.
"""

from __future__ import annotations

import json
import secrets
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

from ..api import check_game
from ..errors import IllegalMoveError, InvalidArgumentError
from . import check_table, env_info, table_env

__all__ = ["CardaviaAECEnv"]

Observation = dict[str, npt.NDArray[Any]]
ILLEGAL = ("lose", "raise")
RENDER_MODES = ("ansi", "human")


def check_illegal(illegal: str) -> str:
    if illegal not in ILLEGAL:
        raise InvalidArgumentError(
            kind="choice", field="illegal", value=illegal, choices=list(ILLEGAL)
        )
    return illegal


def check_render_mode(mode: str | None) -> str | None:
    if mode is not None and mode not in RENDER_MODES:
        raise InvalidArgumentError(
            kind="choice", field="render_mode", value=mode, choices=list(RENDER_MODES)
        )
    return mode


def spaces_of(game: str, players: int = 2) -> tuple[spaces.Space[Any], spaces.Space[Any]]:
    """The observation and action spaces of a game at a table."""
    info = env_info(game, players)
    observation = spaces.Dict(
        {
            "observation": spaces.Box(0.0, 1.0, (info["tensor_size"],), np.float32),
            "action_mask": spaces.Box(0, 1, (info["actions"],), np.int8),
        }
    )
    return observation, spaces.Discrete(info["actions"])


def observe(env: Any, seat: int) -> Observation:
    """The dict an agent observes: its tensor and, on its turn, the mask."""
    tensor = np.frombuffer(env.tensor(seat), dtype=np.float32)
    mask = np.frombuffer(env.action_mask(), dtype=np.int8)
    if env.current_player != seat:
        mask = np.zeros_like(mask)
    return {"observation": tensor, "action_mask": mask}


def apply_or_lose(env: Any, action: object, illegal: str) -> bool:
    """Apply ``action``; with ``illegal="lose"`` an illegal one (in range)
    is refused without raising: False."""
    if isinstance(action, np.integer):
        action = int(action)
    try:
        env.apply_action(action)
    except IllegalMoveError:
        if illegal == "raise":
            raise
        return False
    return True


def next_seed(stream: np.random.Generator) -> int:
    """A deal seed (0 to 2**64 - 1) from a numpy stream."""
    return int(stream.integers(0, 2**64, dtype=np.uint64))


def render(env: Any, mode: str | None) -> str | None:
    """``ansi``: the position (both hands) as its state dict's JSON;
    ``human``: the same, printed."""
    if env is None or mode is None:
        return None
    text = json.dumps(env.state(), sort_keys=True)
    if mode == "human":
        print(text)
        return None
    return text


class CardaviaAECEnv(AECEnv):  # type: ignore[misc]
    """The seats of one game of Cardavia taking turns."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo reads the class's)
        "render_modes": list(RENDER_MODES),
        "render_fps": 4,
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str,
        *,
        players: int = 2,
        illegal: str = "lose",
        render_mode: str | None = None,
    ):
        super().__init__()
        self.game = check_game(game)
        self.players: int = check_table(self.game, players)
        self.illegal = check_illegal(illegal)
        self.render_mode = check_render_mode(render_mode)
        self.metadata = {**self.metadata, "name": f"cardavia_{self.game}_v0"}
        self.possible_agents = [f"player_{seat}" for seat in range(self.players)]
        observation, action = spaces_of(self.game, self.players)
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation)
        self.action_spaces = dict.fromkeys(self.possible_agents, action)
        self._seeds = np.random.default_rng()
        self.env: Any = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new deal: from ``seed`` (as ``new_game(seed=...)``), else from
        the stream of the last seed given (or the OS)."""
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
            deal_seed = seed
        else:
            deal_seed = next_seed(self._seeds) if self.env else secrets.randbits(64)
        self.env = table_env(self.game, deal_seed, self.players)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def _select(self) -> None:
        seat = self.env.current_player
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]

    def observe(self, agent: str) -> Observation:
        return observe(self.env, self.possible_agents.index(agent))

    def step(self, action: int) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if not apply_or_lose(self.env, action, self.illegal):
            self.rewards = {a: 1.0 for a in self.agents}
            self.rewards[agent] = -1.0
            self.infos[agent] = {"illegal_action": True}
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.env.is_over:
            returns = self.env.returns()
            self.rewards = {a: float(returns[i]) for i, a in enumerate(self.agents)}
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The whole position (both hands) as its state dict's JSON."""
        return render(self.env, self.render_mode)

    def close(self) -> None:
        pass
