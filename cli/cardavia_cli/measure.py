"""The measurements of ``cardavia bench``, through the public engine API.

Three figures per game, each the median of a few repetitions run
interleaved (the Rust and the reference measurement of a pair meet the
same machine load):

* engine speed: whole games of random play per second, in the Rust core
  (``cardavia.simulate`` on one thread) and in the reference engine driven
  move by move (a Schnapsen game is a whole match);
* search speed: information-set MCTS iterations per second from the
  opening, ``cardavia.ai`` in Rust on one thread against the reference
  MCTS (``engine="reference"``);
* seconds per move of the AI at each level, on one thread, over a few
  positions of seeded random games.

No rendering and no translation here: ``bench.py`` shows the result, and
``--json`` prints it as it is.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

import cardavia
from cardavia import ai

TARGET_ITERATIONS_PER_SECOND = 200_000
TARGET_SEARCH_RATIO = 100.0
TARGET_NORMAL_SECONDS = 0.25


@dataclass(frozen=True)
class Budgets:
    """How much work each measurement does."""

    rust_games: int
    reference_games: int
    rust_iterations: int
    reference_iterations: int
    positions: int
    repeats: int


QUICK = Budgets(
    rust_games=2_000,
    reference_games=3,
    rust_iterations=20_000,
    reference_iterations=200,
    positions=1,
    repeats=1,
)
FULL = Budgets(
    rust_games=50_000,
    reference_games=20,
    rust_iterations=200_000,
    reference_iterations=2_000,
    positions=3,
    repeats=3,
)


def _rate(work: Callable[[], int]) -> float:
    """Units of work per second for one call of ``work``."""
    start = time.perf_counter()
    units = work()
    return units / max(time.perf_counter() - start, 1e-9)


def _medians(work: dict[str, Callable[[], int]], repeats: int) -> dict[str, float]:
    rates: dict[str, list[float]] = {name: [] for name in work}
    for _ in range(repeats):
        for name, run in work.items():
            rates[name].append(_rate(run))
    return {name: statistics.median(values) for name, values in rates.items()}


def _rust_games(game: str, games: int) -> Callable[[], int]:
    def run() -> int:
        summary = cardavia.simulate(game, games=games, seed=1, threads=1)
        return int(summary["games"])

    return run


def _reference_games(game: str, games: int) -> Callable[[], int]:
    def run() -> int:
        for i in range(games):
            g = cardavia.new_game(game, seed=1 + i, engine="reference")
            rng = random.Random(i)
            while not g.is_over:
                g.play(rng.choice(g.legal_moves()))
        return games

    return run


def _search(game: str, iterations: int, engine: str) -> Callable[[], int]:
    obs = _mover(cardavia.new_game(game, seed=1, engine="rust"))

    def run() -> int:
        ai.analyse(obs, iterations=iterations, seed=1, threads=1, engine=engine)
        return iterations

    return run


def _mover(g: cardavia.Game) -> dict[str, Any]:
    """The observation of the seat to move."""
    seat = g.current_player
    assert seat is not None, "the game is over"
    return g.observation(seat)


def positions(game: str, count: int, seed: int = 7) -> list[dict[str, Any]]:
    """Observations of the mover in seeded random games: at least two legal
    moves and several cards still in the stock, so the AI searches."""
    rng = random.Random(seed)
    found: list[dict[str, Any]] = []
    while len(found) < count:
        g = cardavia.new_game(game, seed=rng.randrange(2**32), engine="rust")
        for _ in range(rng.randrange(0, 30)):
            if g.is_over:
                break
            g.play(rng.choice(g.legal_moves()))
        if g.is_over or len(g.legal_moves()) < 2:
            continue
        obs = _mover(g)
        if obs["stock_size"] >= 4 and obs.get("closed") is None:
            found.append(obs)
    return found


def seconds_per_move(game: str, count: int) -> dict[str, float]:
    """Mean seconds per move at each level over ``count`` positions."""
    observations = positions(game, count)
    result: dict[str, float] = {}
    for level in ai.LEVELS:
        start = time.perf_counter()
        for i, obs in enumerate(observations):
            ai.choose_move(obs, level=level, seed=i, threads=1)
        result[level] = (time.perf_counter() - start) / len(observations)
    return result


@dataclass(frozen=True)
class Target:
    value: float
    target: float
    met: bool


def measure_game(game: str, budgets: Budgets) -> dict[str, Any]:
    engine = _medians(
        {
            "rust": _rust_games(game, budgets.rust_games),
            "reference": _reference_games(game, budgets.reference_games),
        },
        budgets.repeats,
    )
    search = _medians(
        {
            "rust": _search(game, budgets.rust_iterations, "rust"),
            "reference": _search(game, budgets.reference_iterations, "reference"),
        },
        budgets.repeats,
    )
    return {
        "engine": {
            "rust_games_per_second": engine["rust"],
            "reference_games_per_second": engine["reference"],
            "ratio": engine["rust"] / engine["reference"],
        },
        "search": {
            "rust_iterations_per_second": search["rust"],
            "reference_iterations_per_second": search["reference"],
            "ratio": search["rust"] / search["reference"],
        },
        "seconds_per_move": seconds_per_move(game, budgets.positions),
    }


def run_bench(
    quick: bool = False,
    games: tuple[str, ...] = cardavia.GAMES,
    progress: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Every measurement for ``games``, and the issue's targets checked."""
    budgets = QUICK if quick else FULL
    results: dict[str, Any] = {}
    for game in games:
        if progress is not None:
            progress(game)
        results[game] = measure_game(game, budgets)
    targets: dict[str, Any] = {}
    if "durak" in results:
        rate = results["durak"]["search"]["rust_iterations_per_second"]
        targets["durak_iterations_per_second"] = asdict(
            Target(rate, TARGET_ITERATIONS_PER_SECOND, rate >= TARGET_ITERATIONS_PER_SECOND)
        )
    ratio = min(r["search"]["ratio"] for r in results.values())
    targets["search_ratio"] = asdict(
        Target(ratio, TARGET_SEARCH_RATIO, ratio >= TARGET_SEARCH_RATIO)
    )
    normal = max(r["seconds_per_move"]["normal"] for r in results.values())
    targets["normal_seconds_per_move"] = asdict(
        Target(normal, TARGET_NORMAL_SECONDS, normal <= TARGET_NORMAL_SECONDS)
    )
    return {
        "quick": quick,
        "budgets": asdict(budgets),
        "cardavia": cardavia.__version__,
        "games": results,
        "targets": targets,
    }
