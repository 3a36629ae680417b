"""A game as a single-agent Gymnasium environment (``cardavia.envs.gym_env``).

The agent plays one seat against opponents that see only their
observations: any tournament player by name (``random``, ``greedy``,
``easy``, ``normal``, ``hard``, ``ai:N``, or ``cmd:COMMAND``), or a policy
of one's own, a callable ``opponent(observation, seed)`` that answers with a
legal move string or its action id (a frozen copy of the agent, say). At a
table of ``players=N`` seats (Durak: 2 to 6) the N - 1 other seats are
played by ``opponent`` (one for all) or by a list of N - 1 opponents, the
first at the seat after the agent's, clockwise. A policy's illegal or
malformed answer raises ``IllegalMoveError`` (field ``opponent``) and plays
nothing. Observations, actions, rewards and illegal actions as in
``cardavia.envs.pettingzoo``: a dict of the agent's tensor and action mask,
the core's action ids, +1/-1/0 at the end (from three seats: out, the
durak, a share of a draw). ``reset(seed=S)`` deals as
``cardavia.new_game(game, seed=S, players=N)``; the agent's seat is
``seat``, or drawn from the reset's seed when ``None``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
import numpy.typing as npt

from .. import _native
from ..api import check_game
from ..errors import IllegalMoveError, InvalidArgumentError
from ..tournament import Player, make_player
from . import check_table, env_info, table_env
from .pettingzoo import (
    RENDER_MODES,
    Observation,
    apply_or_lose,
    check_illegal,
    check_render_mode,
    next_seed,
    observe,
    render,
    spaces_of,
)

__all__ = ["GYM_IDS", "CardaviaGymEnv", "Policy"]

#: An opponent of one's own: ``(observation, seed) -> move`` (a move string
#: or an action id).
Policy = Callable[[Mapping[str, Any], int], "str | int"]


class CardaviaGymEnv(gymnasium.Env[Observation, int]):
    """One seat of a game; the others are played by ``opponent``."""

    # Gymnasium reads the class's (``gymnasium.make``).
    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        game: str,
        *,
        opponent: str | Policy | Sequence[str | Policy] = "random",
        seat: int | None = None,
        players: int = 2,
        illegal: str = "lose",
        render_mode: str | None = None,
    ) -> None:
        self.game = check_game(game)
        self.players: int = check_table(self.game, players)
        high = self.players - 1
        if seat is not None and (
            isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= high
        ):
            raise InvalidArgumentError(kind="integer", field="seat", value=seat, low=0, high=high)
        self.illegal = check_illegal(illegal)
        self.render_mode = check_render_mode(render_mode)
        self.fixed_seat = seat
        self.opponents = self._players_of(opponent)
        self.opponent = self.opponents[0]
        self.observation_space, self.action_space = spaces_of(self.game, self.players)
        self._ids = {name: i for i, name in enumerate(env_info(self.game)["action_names"])}
        self.seat = 0
        self.env: Any = None

    def _players_of(self, opponent: object) -> list[Player]:
        """The N - 1 opponents, clockwise from the agent's next seat: one
        for all, or a list of N - 1 (checked before any is started)."""
        if isinstance(opponent, (list, tuple)):
            if len(opponent) != self.players - 1:
                raise InvalidArgumentError(
                    kind="lengths",
                    field="opponent",
                    value=len(opponent),
                    expected=self.players - 1,
                    what="players - 1",
                )
            given = list(opponent)
        else:
            given = [opponent] * (self.players - 1)
        made: dict[int, Player] = {}
        for item in given:
            # The same name or policy given for several seats is one player.
            if id(item) not in made:
                made[id(item)] = self._player_of(item)
        return [made[id(item)] for item in given]

    @staticmethod
    def _player_of(opponent: object) -> Player:
        if callable(opponent) and not isinstance(opponent, str):
            return Player(getattr(opponent, "__name__", "policy"), opponent)
        if not isinstance(opponent, str):
            raise TypeError(
                f"an opponent must be a player name or a callable, got {type(opponent).__name__}"
            )
        return make_player(opponent)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        deal_seed = seed if seed is not None else next_seed(self.np_random)
        self.seat = (
            self.fixed_seat
            if self.fixed_seat is not None
            else int(self.np_random.integers(self.players))
        )
        self.env = table_env(self.game, deal_seed, self.players)
        self._opponent_plays()
        return observe(self.env, self.seat), {"seat": self.seat}

    def _opponent_plays(self) -> None:
        while True:
            other = self.env.current_player
            if other is None or other == self.seat:
                return
            observation = self.env.observation(other)
            opponent = self.opponents[(other - self.seat - 1) % self.players]
            answer: object = opponent.choose(observation, next_seed(self.np_random))
            self.env.apply_action(self._action_of(answer, observation, other))

    def _action_of(self, answer: object, observation: Mapping[str, Any], seat: int) -> int:
        """The opponent's answer as a legal action id; anything else is
        refused before it is played."""
        legal = [str(m) for m in observation["legal_moves"]]
        names = list(self._ids)
        if isinstance(answer, int) and not isinstance(answer, bool):
            move = names[answer] if 0 <= answer < len(names) else None
        else:
            move = answer if isinstance(answer, str) else None
        if move not in legal:
            raise IllegalMoveError(
                kind="illegal_move", field="opponent", value=answer, legal=legal, seat=seat
            )
        return self._ids[str(move)]

    def step(self, action: int) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        info: dict[str, Any] = {"seat": self.seat}
        if not apply_or_lose(self.env, action, self.illegal):
            info["illegal_action"] = True
            return observe(self.env, self.seat), -1.0, True, False, info
        self._opponent_plays()
        over = bool(self.env.is_over)
        reward = float(self.env.returns()[self.seat]) if over else 0.0
        if self.render_mode == "human":
            self.render()
        return observe(self.env, self.seat), reward, over, False, info

    def action_masks(self) -> npt.NDArray[np.int8]:
        """The legal actions now, as 0/1 (for masked learners)."""
        return observe(self.env, self.seat)["action_mask"]

    def render(self) -> str | None:
        """The whole position (both hands) as its state dict's JSON."""
        return render(self.env, self.render_mode)

    def close(self) -> None:
        closed: set[int] = set()
        for opponent in self.opponents:
            if opponent.close is not None and id(opponent) not in closed:
                closed.add(id(opponent))
                opponent.close()


#: Gymnasium ids, registered on import: ``gymnasium.make("Cardavia/Durak-v0",
#: opponent="greedy")``.
GYM_IDS: dict[str, str] = {game: f"Cardavia/{game.capitalize()}-v0" for game in _native.GAMES}
for _game, _id in GYM_IDS.items():
    if _id not in gymnasium.registry:
        gymnasium.register(_id, entry_point=f"{__name__}:CardaviaGymEnv", kwargs={"game": _game})
