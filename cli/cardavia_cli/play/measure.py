"""How fast the engines and the AI run, through the public engine API: the
measurements of ``cardavia bench`` and of the scripts in ``benches/``.

A measurement is a piece of ``Work`` (a call that does some work and says
how many units it did), timed on the wall clock and the process's CPU
clock. ``medians`` runs several pieces interleaved, so that the Rust and
the reference work of a pair meet the same machine load, and keeps the
median run of each.

``run_bench`` is ``cardavia bench``: three figures per game,

* engine speed: whole games of random play per second, in the Rust core
  (``cardavia.simulate`` on one thread) and in the reference engine driven
  move by move (a Schnapsen game is a whole match);
* search speed: information-set MCTS iterations per second from the
  opening, ``cardavia.ai`` in Rust on one thread against the reference
  MCTS (``engine="reference"``);
* seconds per move of the AI at each level, on one thread, over a few
  positions of seeded random games.

No rendering and no translation here: ``bench.py`` shows the result, and
``--json`` prints it as it is; the scripts print their own tables.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass
from typing import Any

import cardavia
from cardavia import ai

#: Issue 4's targets for the search.
TARGET_ITERATIONS_PER_SECOND = 200_000
TARGET_SEARCH_RATIO = 100.0
TARGET_NORMAL_SECONDS = 0.25
#: Issue 11: ``choose_move`` from an observation with one iteration costs at
#: most this many ``observation`` calls.
TARGET_AI_CALL_RATIO = 5.0

Work = Callable[[], int]


@dataclass(frozen=True)
class Budgets:
    """How much work each measurement of ``cardavia bench`` does."""

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


@dataclass(frozen=True)
class Timing:
    """Units of work per wall second, and CPU seconds per wall second (fewer
    than the threads working: other programs shared the machine)."""

    rate: float
    cores: float


def timed(work: Work) -> Timing:
    cpu = time.process_time()
    start = time.perf_counter()
    units = work()
    wall = max(time.perf_counter() - start, 1e-9)
    return Timing(units / wall, (time.process_time() - cpu) / wall)


def medians(work: Mapping[str, Work], repeats: int) -> dict[str, Timing]:
    """Each piece of work run ``repeats`` times, interleaved, and of each its
    run of median rate: one real run (the lower middle one of an even
    count), so that its cores belong to its rate."""
    runs: dict[str, list[Timing]] = {name: [] for name in work}
    for _ in range(repeats):
        for name, run in work.items():
            runs[name].append(timed(run))
    chosen: dict[str, Timing] = {}
    for name, timings in runs.items():
        ordered = sorted(timings, key=lambda t: t.rate)
        chosen[name] = ordered[(len(ordered) - 1) // 2]
    return chosen


def rust_playouts(
    game: str, games: int, *, threads: int = 1, seed: int = 1, deals: bool = False
) -> Work:
    """Games of random play in the Rust core (``cardavia.simulate``); with
    ``deals`` a Schnapsen match counts its deals."""

    def work() -> int:
        summary = cardavia.simulate(game, games=games, seed=seed, threads=threads)
        return int(summary["deals"] if deals and game == "schnapsen" else summary["games"])

    return work


def reference_playouts(game: str, games: int, *, seed: int = 1, deals: bool = False) -> Work:
    """What ``simulate`` does, in the reference engine: deal from a seed,
    play random moves to the end; ``deals`` as in ``rust_playouts``."""

    def work() -> int:
        units = 0
        rng = random.Random(seed)
        for i in range(games):
            g = cardavia.new_game(game, seed=seed + i, engine="reference")
            while not g.is_over:
                g.play(rng.choice(g.legal_moves()))
            units += len(g.to_dict()["deals"]) if deals and game == "schnapsen" else 1
        return units

    return work


def driven_moves(game: str, engine: str, games: int, *, seed: int = 1) -> Work:
    """Moves of random play when Python drives the game one move at a time
    (``legal_moves`` + ``play``).

    One generator for the whole run: the driver's own cost is the same for
    both engines and is kept small, so the figure is the engine's."""

    def work() -> int:
        moves = 0
        rng = random.Random(seed)
        for i in range(games):
            g = cardavia.new_game(game, seed=seed + i, engine=engine)
            while not g.is_over:
                g.play(rng.choice(g.legal_moves()))
                moves += 1
        return moves

    return work


def searches(observations: list[dict[str, Any]], iterations: int, **options: Any) -> Work:
    """``ai.analyse`` from every observation in turn; ``options`` are its
    own (threads, engine, rollouts). Counts iterations."""

    def work() -> int:
        for i, obs in enumerate(observations):
            ai.analyse(obs, iterations=iterations, seed=i, **options)
        return iterations * len(observations)

    return work


def mover_observation(g: cardavia.Game) -> dict[str, Any]:
    seat = g.current_player
    assert seat is not None, "the game is over"
    return g.observation(seat)


def opening(game: str, seed: int = 1) -> dict[str, Any]:
    """The first mover's observation of a fresh deal."""
    return mover_observation(cardavia.new_game(game, seed=seed, engine="rust"))


def position_games(game: str, count: int, seed: int = 7) -> list[cardavia.Game]:
    """Games after a random number of random moves, the mover with at least
    two legal moves (a forced move is not searched) and several cards still
    in the stock (near the end the AI may solve the position exactly instead
    of sampling)."""
    rng = random.Random(seed)
    found: list[cardavia.Game] = []
    while len(found) < count:
        g = cardavia.new_game(game, seed=rng.randrange(2**32), engine="rust")
        for _ in range(rng.randrange(0, 30)):
            if g.is_over:
                break
            g.play(rng.choice(g.legal_moves()))
        if g.is_over or len(g.legal_moves()) < 2:
            continue
        obs = mover_observation(g)
        if obs["stock_size"] >= 4 and obs.get("closed") is None:
            found.append(g)
    return found


def positions(game: str, count: int, seed: int = 7) -> list[dict[str, Any]]:
    """The mover's observations of ``position_games``."""
    return [mover_observation(g) for g in position_games(game, count, seed)]


def observations_taken(games: list[cardavia.Game], calls: int) -> Work:
    """``game.observation(seat)`` of the mover, ``calls`` times over the games."""

    def work() -> int:
        for i in range(calls):
            g = games[i % len(games)]
            g.observation(g.current_player)  # type: ignore[arg-type]
        return calls

    return work


def first_moves(observations: list[dict[str, Any]], calls: int) -> Work:
    """``ai.choose_move`` with one iteration, ``calls`` times over the
    observations: what the AI costs beside its search."""

    def work() -> int:
        for i in range(calls):
            ai.choose_move(observations[i % len(observations)], iterations=1, seed=i)
        return calls

    return work


def seconds_per_move(observations: list[dict[str, Any]], level: str) -> list[float]:
    """Seconds the AI takes at ``level`` on one thread, one figure per
    observation."""
    seconds: list[float] = []
    for i, obs in enumerate(observations):
        start = time.perf_counter()
        ai.choose_move(obs, level=level, seed=i, threads=1)
        seconds.append(time.perf_counter() - start)
    return seconds


# ------------------------------------------------------- cardavia bench


@dataclass(frozen=True)
class Target:
    value: float
    target: float
    met: bool


def measure_game(game: str, budgets: Budgets) -> dict[str, Any]:
    engine = medians(
        {
            "rust": rust_playouts(game, budgets.rust_games),
            "reference": reference_playouts(game, budgets.reference_games),
        },
        budgets.repeats,
    )
    start = [opening(game)]
    search = medians(
        {
            "rust": searches(start, budgets.rust_iterations, threads=1),
            "reference": searches(start, budgets.reference_iterations, engine="reference"),
        },
        budgets.repeats,
    )
    observations = positions(game, budgets.positions)
    return {
        "engine": {
            "rust_games_per_second": engine["rust"].rate,
            "reference_games_per_second": engine["reference"].rate,
            "ratio": engine["rust"].rate / engine["reference"].rate,
        },
        "search": {
            "rust_iterations_per_second": search["rust"].rate,
            "reference_iterations_per_second": search["reference"].rate,
            "ratio": search["rust"].rate / search["reference"].rate,
        },
        "seconds_per_move": {
            level: statistics.mean(seconds_per_move(observations, level)) for level in ai.LEVELS
        },
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
