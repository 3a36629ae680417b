"""Type stubs of the Rust extension module ``cardavia._native``."""

from typing import Any

def splitmix64(seed: int, count: int) -> list[int]:
    """The first ``count`` outputs of SplitMix64 from ``seed``."""

def shuffled_indices(seed: int, n: int) -> list[int]:
    """The permutation of ``range(n)`` that the seeded shuffle produces."""

class Game:
    """A game in the Rust core; the API of API.md."""

    game: str
    engine: str
    def __init__(
        self, game: str, seed: int | None = None, deck: list[str] | None = None
    ) -> None: ...
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
    def from_json(text: str) -> Game: ...
    def observation(self, seat: int) -> dict[str, Any]: ...
    def clone(self) -> Game: ...

def simulate(game: str, games: int, seed: int, policy: str, threads: int) -> dict[str, Any]:
    """Play ``games`` whole games in Rust; the summary of ``cardavia.simulate``."""

def ai_analyse(
    template_json: str,
    seat: int,
    allowed: list[str],
    iterations: int | None,
    time_ms: int | None,
    seed: int,
    threads: int,
    informed_rollouts: bool = True,
) -> list[tuple[str, int, float]]:
    """ISMCTS from ``seat``'s view of a template state: (move, visits, value)."""
