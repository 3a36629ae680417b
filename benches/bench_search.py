"""The AI's search, Rust against the Python reference MCTS.

    python benches/bench_search.py            # the full run (about two minutes)
    python benches/bench_search.py --quick    # a smoke run for CI (seconds)
    python benches/bench_search.py --json     # machine-readable

Part 1, iterations per second of information-set MCTS from the opening of
each game (a few seeded openings): the Rust search on one thread (its
default rollouts, and uniformly random rollouts like the reference), on two
threads, and the reference MCTS (``engine="reference"``), which plays
random rollouts over the reference engine. Every figure is the median of
several repetitions run interleaved, so that both searches meet the same
machine load; the ratios are of those medians.

Part 2, seconds per move at each level (easy / normal / hard) on one
thread, over a few positions of each game taken from seeded random games.

Targets (issue 4): at least 200,000 iterations per second on one core from
the Durak opening, at least 100x the reference, and ``normal`` at most
0.25 s per move on one core.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import cardavia
from cardavia import ai

TARGET_RATE = 200_000
TARGET_RATIO = 100.0
TARGET_NORMAL_SECONDS = 0.25


def opening(game: str, seed: int) -> dict[str, Any]:
    g = cardavia.new_game(game, seed=seed, engine="rust")
    return mover_observation(g)


def mover_observation(g: cardavia.Game) -> dict[str, Any]:
    seat = g.current_player
    assert seat is not None, "the game is over"
    return g.observation(seat)


def midgame_positions(game: str, count: int, seed: int) -> list[dict[str, Any]]:
    """Observations of the mover after a random number of random moves,
    with at least two legal moves (a forced move is not searched) and
    several cards still in the stock (near the end the AI may solve the
    position exactly instead of sampling)."""
    rng = random.Random(seed)
    found: list[dict[str, Any]] = []
    while len(found) < count:
        g = cardavia.new_game(game, seed=rng.randrange(2**32), engine="rust")
        stop = rng.randrange(0, 30)
        for _ in range(stop):
            if g.is_over:
                break
            g.play(rng.choice(g.legal_moves()))
        if g.is_over or len(g.legal_moves()) < 2:
            continue
        obs = mover_observation(g)
        if obs["stock_size"] >= 4 and obs.get("closed") is None:
            found.append(obs)
    return found


def iterations_per_second(
    observations: list[dict[str, Any]], iterations: int, **options: Any
) -> Callable[[], float]:
    """One measurement: the search from every observation in turn."""

    def run() -> float:
        start = time.perf_counter()
        for i, obs in enumerate(observations):
            ai.analyse(obs, iterations=iterations, seed=i, **options)
        return iterations * len(observations) / (time.perf_counter() - start)

    return run


def medians(work: dict[str, Callable[[], float]], repeats: int) -> dict[str, float]:
    """The median of ``repeats`` runs of each measurement, interleaved."""
    rates: dict[str, list[float]] = {name: [] for name in work}
    for _ in range(repeats):
        for name, run in work.items():
            rates[name].append(run())
    return {name: statistics.median(values) for name, values in rates.items()}


def bench_search(game: str, quick: bool, repeats: int) -> dict[str, float]:
    openings = [opening(game, seed) for seed in (1, 2, 3)[: 1 if quick else 3]]
    rust_iterations = 20_000 if quick else 200_000
    reference_iterations = 200 if quick else 2_000
    rates = medians(
        {
            "rust_1": iterations_per_second(openings, rust_iterations, threads=1),
            "rust_1_random": iterations_per_second(
                openings, rust_iterations, threads=1, rollouts="random"
            ),
            "rust_2": iterations_per_second(openings, rust_iterations, threads=2),
            "reference": iterations_per_second(openings, reference_iterations, engine="reference"),
        },
        repeats,
    )
    rates["ratio"] = rates["rust_1"] / rates["reference"]
    rates["ratio_random"] = rates["rust_1_random"] / rates["reference"]
    rates["thread_scaling"] = rates["rust_2"] / rates["rust_1"]
    return rates


def bench_levels(game: str, quick: bool) -> dict[str, dict[str, float]]:
    positions = midgame_positions(game, 1 if quick else 4, seed=7)
    result: dict[str, dict[str, float]] = {}
    for level in ai.LEVELS:
        seconds = []
        for i, obs in enumerate(positions):
            start = time.perf_counter()
            ai.choose_move(obs, level=level, seed=i, threads=1)
            seconds.append(time.perf_counter() - start)
        result[level] = {"mean": statistics.mean(seconds), "max": max(seconds)}
    return result


def check(ok: bool) -> str:
    return "ok" if ok else "MISSED"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small budgets, for CI")
    parser.add_argument("--repeats", type=int, default=None, help="repetitions (median)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of tables")
    parser.add_argument("--game", choices=cardavia.GAMES, action="append")
    args = parser.parse_args(argv)
    repeats = args.repeats or (1 if args.quick else 5)
    games = args.game or list(cardavia.GAMES)
    search = {game: bench_search(game, args.quick, repeats) for game in games}
    levels = {game: bench_levels(game, args.quick) for game in games}
    if args.json:
        json.dump({"repeats": repeats, "search": search, "levels": levels}, sys.stdout, indent=2)
        print()
        return 0
    print(f"Search from the opening: iterations per second, median of {repeats} runs")
    print(
        f"{'game':<11} {'rust 1 thr':>11} {'random ro.':>11} {'rust 2 thr':>11} "
        f"{'scaling':>8} {'reference':>10} {'ratio':>7} {'like-for-like':>14}"
    )
    for game, r in search.items():
        print(
            f"{game:<11} {r['rust_1']:>11,.0f} {r['rust_1_random']:>11,.0f} "
            f"{r['rust_2']:>11,.0f} {r['thread_scaling']:>7.2f}x {r['reference']:>10,.0f} "
            f"{r['ratio']:>6.0f}x {r['ratio_random']:>13.0f}x"
        )
    print("rust 1 thr: default rollouts; random ro.: uniformly random rollouts, as the")
    print("reference plays them (like-for-like = random ro. / reference).")
    print()
    print("Seconds per move on one thread (mean / max over the positions)")
    print(f"{'game':<11} " + " ".join(f"{level:>15}" for level in ai.LEVELS))
    for game, by_level in levels.items():
        cells = [f"{s['mean']:>7.3f} /{s['max']:>6.3f}" for s in by_level.values()]
        print(f"{game:<11} " + " ".join(f"{c:>15}" for c in cells))
    print()
    if "durak" in search:
        rate = search["durak"]["rust_1"]
        verdict = check(rate >= TARGET_RATE)
        print(f"target >= {TARGET_RATE:,} it/s from the Durak opening: {rate:,.0f} {verdict}")
    worst_ratio = min(r["ratio_random"] for r in search.values())
    verdict = check(worst_ratio >= TARGET_RATIO)
    print(
        f"target >= {TARGET_RATIO:.0f}x the reference (like-for-like): {worst_ratio:.0f}x {verdict}"
    )
    worst_normal = max(by_level["normal"]["max"] for by_level in levels.values())
    print(
        f"target normal <= {TARGET_NORMAL_SECONDS} s per move: {worst_normal:.3f} s "
        f"{check(worst_normal <= TARGET_NORMAL_SECONDS)}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
