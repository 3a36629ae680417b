"""Research adapters: the games as environments for learning and search.

The core defines, per game, a fixed numbering of every move (the action
ids, the same at every table) and, per table size, an observation tensor of
fixed length (docs/SCHEMA.md, "Actions" and "Tensors"); ``Env`` plays a
game by action ids, Durak at 2 to 6 seats (``players=N``). On top of it:

* ``cardavia.envs.openspiel``: OpenSpiel games (``pip install 'cardavia[openspiel]'``),
  registered on import as ``python_cardavia_durak``, ``..._perevodnoy``,
  ``..._schnapsen``, with a ``players`` parameter;
* ``pettingzoo_env(game, players=N)``: a PettingZoo AEC environment of N
  agents, and ``gym_env(game, opponent=..., players=N)``: a Gymnasium one
  against N - 1 tournament players or policies of one's own
  (``pip install 'cardavia[pettingzoo]'``).

Tensors of many games come back as one numpy array, filled in Rust
(``observation_tensors``); numpy is needed for that, not for ``Env``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .. import _native
from ..api import check_game
from ..errors import InvalidArgumentError
from ..rng import MASK64, SplitMix64, shuffle

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from .gymnasium import CardaviaGymEnv, Policy
    from .pettingzoo import CardaviaAECEnv

__all__ = [
    "ENVS",
    "Env",
    "TensorBuffer",
    "action_id",
    "action_masks",
    "action_names",
    "check_table",
    "env_info",
    "gym_env",
    "observation_tensors",
    "pettingzoo_env",
    "seeded_chance_outcomes",
    "tensor_layout",
]

#: A game played by action ids: ``Env(game)`` is dealt by chance events,
#: ``Env(game, seed=S)`` as ``cardavia.new_game(game, seed=S)`` deals.
Env = _native.Env

#: Per game, at two seats: ``actions`` (how many action ids),
#: ``chance_outcomes``, ``tensor_size``, ``layout`` (the tensor's named
#: slices), ``info_state_size`` and ``info_state_layout`` (the information
#: state tensor), ``public_history_size`` and ``public_history_layout``
#: (the public tensor with the moves played), ``max_game_length``,
#: ``max_chance_events``, ``action_names`` and ``players``.
ENVS: dict[str, dict[str, Any]] = dict(_native.ENVS)


def check_table(game: str, players: object) -> int:
    """The seats of a table of ``game``, checked: 2, or for Durak up to 6
    (``InvalidArgumentError`` otherwise; ``TypeError`` for a non-integer).
    Two is every game's default, so Schnapsen takes it too."""
    if type(players) is int and players == 2:
        return 2
    seats: int = _native.check_players(check_game(game), players)  # type: ignore[arg-type]
    return seats


def table_env(game: str, seed: int | None, players: int) -> Any:
    """``Env(game, seed)`` at a table of ``players`` seats, checked by
    ``check_table`` (two, the default, not named: Schnapsen takes no count)."""
    if players == 2:
        return _native.Env(game, seed)
    return _native.Env(game, seed, players=players)


def env_info(game: str, players: int = 2) -> dict[str, Any]:
    """What ``ENVS[game]`` says, for a table of ``players`` seats (Durak:
    2 to 6; a bad count raises ``InvalidArgumentError``)."""
    if type(players) is int and players == 2:
        return ENVS[check_game(game)]
    info: dict[str, Any] = _native.env_info(check_game(game), players)
    return info


def action_names(game: str) -> tuple[str, ...]:
    """Every move of ``game``, by action id."""
    names: tuple[str, ...] = ENVS[check_game(game)]["action_names"]
    return names


def action_id(game: str, move: str) -> int:
    """The action id of a move string (``"attack:7S"``, ``"take"``...)."""
    names = action_names(game)
    if not isinstance(move, str):
        raise TypeError(f"a move must be a string, got {type(move).__name__}")
    if move not in names:
        raise InvalidArgumentError(kind="move", field="move", value=move, game=game)
    return names.index(move)


def tensor_layout(
    game: str, players: int = 2, tensor: str = "observation"
) -> list[tuple[str, int, int]]:
    """A tensor's slices at a table of ``players`` seats: ``(name, start,
    length)``, in order. ``tensor``: ``observation`` (the public tensor has
    the same slices), ``info_state`` or ``public_history``."""
    keys = {"observation": "layout", "info_state": "info_state_layout"}
    keys["public_history"] = "public_history_layout"
    if tensor not in keys:
        raise InvalidArgumentError(kind="choice", field="tensor", value=tensor, choices=list(keys))
    layout, start = [], 0
    for name, length in env_info(game, players)[keys[tensor]]:
        layout.append((name, start, length))
        start += length
    return layout


def seeded_chance_outcomes(game: str, seed: int, deals: int = 1) -> list[list[int]]:
    """The chance outcomes that deal as ``new_game(game, seed=seed)`` does,
    deal after deal: each deal's deck, top first, as card ids (RULES 2: the
    seed's stream shuffles every deal). An environment dealt by chance takes
    every card but the last of each deal."""
    info = ENVS[check_game(game)]
    cards = info["chance_outcomes"]
    _check_int(seed, "seed", 0, MASK64)
    _check_int(deals, "deals", 1, info["max_chance_events"] // (cards - 1))
    stream = SplitMix64(seed)
    return [shuffle(list(range(cards)), stream) for _ in range(deals)]


def _check_int(value: object, field: str, low: int, high: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{field} must be an integer, got {type(value).__name__}")
    if not low <= value <= high:
        raise InvalidArgumentError(kind="integer", field=field, value=value, low=low, high=high)


def _game_of(envs: Sequence[Any]) -> str:
    game: str = envs[0].game if len(envs) else "durak"
    return game


def _size_of(envs: Sequence[Any], key: str) -> int:
    players = envs[0].players if len(envs) else 2
    size: int = env_info(_game_of(envs), players)[key]
    return size


def observation_tensors(envs: Sequence[Any], seats: int | Sequence[int]) -> npt.NDArray[np.float32]:
    """The observation tensor of each environment for its seat (one seat
    for all, or one each): an array of shape ``(len(envs), tensor_size)``,
    filled in Rust in one call."""
    import numpy as np

    data = _native.observation_tensors(envs, seats)
    size = _size_of(envs, "tensor_size")
    return np.frombuffer(data, dtype=np.float32).reshape(len(envs), size)


def action_masks(envs: Sequence[Any]) -> npt.NDArray[np.int8]:
    """Each environment's legal actions as a row of 0/1 (int8)."""
    import numpy as np

    data = _native.action_masks(envs)
    size = _size_of(envs, "actions")
    return np.frombuffer(data, dtype=np.int8).reshape(len(envs), size)


class TensorBuffer:
    """One array refilled in place for a batch of ``n`` environments of one
    game and table size: no allocation per step."""

    def __init__(self, game: str, n: int, players: int = 2) -> None:
        import numpy as np

        size = env_info(game, players)["tensor_size"]
        self._bytes = bytearray(n * size * 4)
        self.array = np.frombuffer(self._bytes, dtype=np.float32).reshape(n, size)

    def fill(self, envs: Sequence[Any], seats: int | Sequence[int]) -> npt.NDArray[np.float32]:
        """The environments' tensors, written into ``array``."""
        _native.observation_tensors(envs, seats, self._bytes)
        return self.array


def pettingzoo_env(game: str, **options: Any) -> CardaviaAECEnv:
    """A PettingZoo AEC environment of ``game``, ``players=N`` agents (see
    ``cardavia.envs.pettingzoo``)."""
    from .pettingzoo import CardaviaAECEnv

    return CardaviaAECEnv(game, **options)


def gym_env(
    game: str, opponent: str | Policy | Sequence[str | Policy] = "random", **options: Any
) -> CardaviaGymEnv:
    """A Gymnasium environment of ``game`` against ``opponent``: any
    tournament player (``random``, ``greedy``, ``easy``, ``ai:N``...) or a
    callable ``opponent(observation, seed)`` answering with a move string or
    an action id; at ``players=N`` seats one for all N - 1 other seats or a
    list of N - 1, clockwise from the agent (see ``cardavia.envs.gymnasium``)."""
    from .gymnasium import CardaviaGymEnv

    return CardaviaGymEnv(game, opponent=opponent, **options)
