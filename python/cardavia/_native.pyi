"""Type stubs of the Rust extension module ``cardavia._native``.

Kept by hand and checked against the built module with
``python -m mypy.stubtest cardavia._native`` (in ``.ci/run``). Every
argument is checked at run time as well: a wrong type raises ``TypeError``,
a value out of range a ``cardavia.CardaviaError`` subclass.
"""

from collections.abc import Sequence
from typing import Any, final

from typing_extensions import Self

__all__ = [
    "ERROR_KINDS",
    "GAMES",
    "MAX_COUNT",
    "MAX_GAMES",
    "MAX_ITERATIONS",
    "MAX_THREADS",
    "MAX_TIME_MS",
    "Game",
    "ai_analyse",
    "shuffled_indices",
    "simulate",
    "soak",
    "splitmix64",
]

#: The most outputs ``splitmix64`` and ``shuffled_indices`` give per call.
MAX_COUNT: int
#: The most games one ``simulate`` or ``soak`` call plays.
MAX_GAMES: int
#: The most threads one call starts.
MAX_THREADS: int
#: The largest search budgets.
MAX_ITERATIONS: int
MAX_TIME_MS: int
#: The games, by id: ``("durak", "perevodnoy", "schnapsen")``.
GAMES: tuple[str, ...]
#: Every kind of error the core raises (``cardavia.errors.TEXTS`` explains them).
ERROR_KINDS: tuple[str, ...]

def splitmix64(seed: int, count: int) -> list[int]:
    """The first ``count`` outputs of SplitMix64 from ``seed``."""

def shuffled_indices(seed: int, n: int) -> list[int]:
    """The permutation of ``range(n)`` that the seeded shuffle produces."""

@final
class Game:
    """A game in the Rust core; the API of API.md."""

    def __new__(
        cls, game: str, seed: int | None = None, deck: Sequence[str] | None = None
    ) -> Self: ...
    game: str
    engine: str
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

def simulate(game: str, games: int, seed: int, policy: str, threads: int) -> dict[str, Any]:
    """Play ``games`` whole games in Rust; the summary of ``cardavia.simulate``."""

def soak(game: str, games: int, seed: int, threads: int) -> dict[str, Any]:
    """Play ``games`` random games in Rust, every invariant checked after
    every move: ``game``, ``games``, ``moves``, ``round_trips`` and the
    first ``violation`` (``None`` when clean)."""

def ai_analyse(
    template_json: str,
    seat: int,
    allowed: list[str],
    iterations: int | None,
    time_ms: int | None,
    seed: int,
    threads: int,
    informed_rollouts: bool = True,
    settle: bool = False,
) -> list[tuple[str, int, float]]:
    """ISMCTS from ``seat``'s view of a template state: (move, visits, value).
    With ``settle`` an iteration budget stops once the best move is certain."""
