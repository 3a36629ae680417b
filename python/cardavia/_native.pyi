"""Type stubs of the Rust extension module ``cardavia._native``.

Kept by hand and checked against the built module with
``python -m mypy.stubtest cardavia._native`` (in ``.ci/run``). Every
argument is checked at run time as well: a wrong type raises ``TypeError``,
a value out of range a ``cardavia.CardaviaError`` subclass.
"""

from collections.abc import Mapping, Sequence
from typing import Any, final

from typing_extensions import Self

__all__ = [
    "AUTO_ROLLOUTS",
    "DEFAULT_LEVEL",
    "DEFAULT_ROLLOUTS",
    "DEFAULT_WORLDS",
    "ENVS",
    "ERROR_KINDS",
    "GAMES",
    "GAME_DECKS",
    "LEVELS",
    "LEVEL_EVERY_CORE",
    "LEVEL_PICKS",
    "MARRIAGE_POINTS",
    "MAX_DEALS",
    "MAX_GAMES",
    "MAX_ITERATIONS",
    "MAX_PLAYERS",
    "MAX_SHARD_GAMES",
    "MAX_THREADS",
    "MAX_TIME_MS",
    "PLAYOUTS",
    "POLICIES",
    "REFUSAL_REASONS",
    "ROLLOUTS",
    "WORLDS",
    "Env",
    "Game",
    "MoveModel",
    "action_masks",
    "analyse",
    "check_players",
    "choose_move",
    "env_info",
    "observation_tensors",
    "sample_world",
    "search_budget",
    "simulate",
    "soak",
]

#: The most games one ``simulate`` or ``soak`` call plays.
MAX_GAMES: int
#: The most threads one call starts.
MAX_THREADS: int
#: The largest search budgets.
MAX_ITERATIONS: int
MAX_TIME_MS: int
#: The most deals one tournament (and games one self-play run) plays.
MAX_DEALS: int
#: The most games one self-play shard holds.
MAX_SHARD_GAMES: int
#: The games, by id: ``("durak", "perevodnoy", "schnapsen")``.
GAMES: tuple[str, ...]
GAME_DECKS: dict[str, str]
#: The most seats each game seats (RULES.md ch. 7): Durak 6, Schnapsen 2.
MAX_PLAYERS: dict[str, int]
MARRIAGE_POINTS: dict[str, int]
#: The AI's levels and their iteration budgets (per thread).
LEVELS: dict[str, int]
#: How each level picks its move: "best" (most visited) or "plausible".
LEVEL_PICKS: dict[str, str]
LEVEL_EVERY_CORE: dict[str, bool]
#: The level of a search given no budget: ``"normal"``.
DEFAULT_LEVEL: str
#: The rollout policy each game searches with by default.
DEFAULT_ROLLOUTS: dict[str, str]
#: The rollout policies: ``("random", "informed", "mast")``.
PLAYOUTS: tuple[str, ...]
#: ``rollouts=`` for each game's own (``DEFAULT_ROLLOUTS``): ``"auto"``.
AUTO_ROLLOUTS: str
#: Everything ``rollouts=`` accepts: ``AUTO_ROLLOUTS``, then ``PLAYOUTS``.
ROLLOUTS: tuple[str, ...]
#: How ``worlds=`` may deal the search's worlds: ``("auto", "uniform", "inferred")``.
WORLDS: tuple[str, ...]
#: How each game deals its worlds with ``"auto"``.
DEFAULT_WORLDS: dict[str, str]
#: How ``simulate`` can play whole games: ``("random",)``.
POLICIES: tuple[str, ...]
#: Every kind of error the core raises (``cardavia.errors.TEXTS`` explains them).
ERROR_KINDS: tuple[str, ...]
#: Every reason a move is refused for (``cardavia.errors.REFUSALS`` explains them).
REFUSAL_REASONS: tuple[str, ...]
#: Per game, what the research environments need at two seats:
#: ``players``, ``actions``, ``chance_outcomes``, ``tensor_size``,
#: ``max_game_length``, ``max_chance_events``, ``layout`` (the tensor's
#: named slices), ``info_state_size`` and ``info_state_layout``,
#: ``public_history_size`` and ``public_history_layout``, and
#: ``action_names`` (the move of each action id). ``env_info`` gives them
#: at any table.
ENVS: dict[str, dict[str, Any]]

@final
class Game:
    """A game in the Rust core; the API of docs/API.md."""

    def __new__(
        cls,
        game: str,
        seed: int | None = None,
        deck: Sequence[str] | None = None,
        *,
        players: int | None = None,
    ) -> Self: ...
    game: str
    engine: str
    @property
    def players(self) -> int: ...
    @property
    def current_player(self) -> int | None: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def outcome(self) -> dict[str, Any] | None: ...
    @property
    def history(self) -> list[str]: ...
    def legal_moves(self) -> list[str]: ...
    def play(self, move: str) -> None: ...
    def refusal(self, move: str) -> dict[str, Any] | None: ...
    def to_dict(self) -> dict[str, Any]: ...
    def to_json(self) -> str: ...
    @staticmethod
    def from_json(text: str | bytes | bytearray) -> Game: ...
    @staticmethod
    def from_dict(data: object) -> Game: ...
    def observation(self, seat: int) -> dict[str, Any]: ...
    def clone(self) -> Game: ...
    def __copy__(self) -> Game: ...
    def __deepcopy__(self, _memo: object) -> Game: ...

def check_players(game: str, players: int | None = None) -> int:
    """The seats of a new game, checked by the core: ``None`` is two."""

def simulate(
    game: str, games: int, seed: int, policy: str, threads: int, *, players: int | None = None
) -> dict[str, Any]:
    """Play ``games`` whole games in Rust; the summary of ``cardavia.simulate``."""

def soak(
    game: str, games: int, seed: int, threads: int, *, players: int | None = None
) -> dict[str, Any]:
    """Play ``games`` random games in Rust, every invariant checked after
    every move: ``game``, ``games``, ``moves``, ``round_trips`` and the
    first ``violation`` (``None`` when clean). Only in a build with the
    ``testing`` feature (``maturin develop --release --features testing``)."""

def analyse(
    observation: Mapping[str, Any],
    *,
    iterations: int | None = None,
    time_ms: int | None = None,
    level: str | None = None,
    seed: int | None = None,
    threads: int,
    rollouts: str | None = None,
    worlds: str | None = None,
    settle: bool = False,
) -> list[tuple[str, int, float]]:
    """ISMCTS from the observation's seat: (move, visits, value) for every
    legal move, most visited first; with ``settle`` an iteration budget
    stops once the best move is certain."""

def choose_move(
    observation: Mapping[str, Any],
    *,
    iterations: int | None = None,
    time_ms: int | None = None,
    level: str | None = None,
    seed: int | None = None,
    threads: int,
    rollouts: str | None = None,
    worlds: str | None = None,
) -> str:
    """The move the AI plays for the observation's seat."""

def search_budget(
    *,
    iterations: int | None = None,
    time_ms: int | None = None,
    level: str | None = None,
    seed: int | None = None,
    threads: int,
) -> tuple[int | None, int | None, int, int]:
    """A search's budget checked and resolved: (iterations, time_ms, seed, threads)."""

def sample_world(observation: Mapping[str, Any], seed: int | None = None) -> dict[str, Any]:
    """One full state consistent with the observation, hidden cards dealt from ``seed``."""

@final
class Env:
    """A game played by action ids (``cardavia.envs``): dealt by chance
    events (``seed=None``) or as ``Game(game, seed)`` deals."""

    def __new__(cls, game: str, seed: int | None = None, *, players: int | None = None) -> Self: ...
    @staticmethod
    def from_observation(observation: Mapping[str, Any], seed: int | None = None) -> Env: ...
    @staticmethod
    def from_state(state: Mapping[str, Any]) -> Env: ...
    @staticmethod
    def from_json(text: str | bytes | bytearray) -> Env: ...
    @property
    def game(self) -> str: ...
    @property
    def players(self) -> int: ...
    @property
    def current_player(self) -> int | None: ...
    @property
    def is_chance(self) -> bool: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def replayable(self) -> bool: ...
    @property
    def actions(self) -> list[int]: ...
    @property
    def history(self) -> list[str]: ...
    def legal_actions(self) -> list[int]: ...
    def chance_outcomes(self) -> list[int]: ...
    def action_mask(self) -> bytes: ...
    def apply_action(self, action: int) -> None: ...
    def action_name(self, action: int, chance: bool = False) -> str: ...
    def returns(self) -> tuple[float, ...]: ...
    def observation(self, seat: int) -> dict[str, Any]: ...
    def observation_json(self, seat: int, history: bool = True) -> str: ...
    def tensor(self, seat: int) -> bytearray: ...
    def information_state_tensor(self, seat: int) -> bytearray: ...
    def information_state_json(self, seat: int) -> str: ...
    def public_tensor(self, history: bool = False) -> bytearray: ...
    def public_json(self, history: bool = False) -> str: ...
    def private_history(self, seat: int) -> list[list[str]]: ...
    def resample(self, seat: int, seed: int | None = None) -> list[int]: ...
    def playout(self, seed: int | None = None) -> tuple[float, ...]: ...
    def state(self) -> dict[str, Any] | None: ...
    def to_json(self) -> str: ...
    def clone(self) -> Env: ...
    def __copy__(self) -> Env: ...
    def __deepcopy__(self, _memo: object) -> Env: ...
    def __reduce__(self) -> tuple[Any, tuple[str]]: ...

def observation_tensors(
    envs: Sequence[Env], seats: int | Sequence[int], out: bytearray | None = None
) -> bytearray:
    """Each environment's observation tensor for its seat: native float32
    rows in one ``bytearray`` (``out``, refilled in place, when given)."""

def env_info(game: str, players: int | None = None) -> dict[str, Any]:
    """What the research environments need of ``game`` at a table of
    ``players`` seats (the keys of ``ENVS``)."""

def action_masks(envs: Sequence[Env], out: bytearray | None = None) -> bytearray:
    """Each environment's legal actions: one byte (0 or 1) per action, a row each."""

@final
class MoveModel:
    """A move model read from a ``.cdvm`` file's bytes (``cardavia.model``),
    evaluated by the core's own arithmetic."""

    def __new__(cls, data: bytes | bytearray) -> Self: ...
    @property
    def inputs(self) -> int: ...
    @property
    def widths(self) -> list[int]: ...
    @property
    def actions(self) -> int: ...
    @property
    def meta(self) -> str: ...
    def evaluate(self, tensor: Sequence[float]) -> tuple[list[float], float]:
        """The policy's logits and the value in [0, 1] of one tensor."""
