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

Part 3, the AI's cost beside its search: ``choose_move`` from an observation
with one iteration (reading and checking the observation, dealing a world,
one iteration, the answer) against ``game.observation(seat)`` itself, calls
per second over the same positions, medians of interleaved runs; the
target is a ratio of at most 5 (issue 11).

Targets (issue 4): at least 200,000 iterations per second on one core from
the Durak opening, at least 100x the reference, and ``normal`` at most
0.25 s per move on one core. The measurements are those of ``cardavia
bench`` (``cardavia_cli.play.measure``; ``pip install ./cli``).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys

import cardavia
from cardavia import ai
from cardavia_cli.play import measure


def bench_search(game: str, quick: bool, repeats: int) -> dict[str, float]:
    openings = [measure.opening(game, seed) for seed in (1, 2, 3)[: 1 if quick else 3]]
    rust_iterations = 20_000 if quick else 200_000
    reference_iterations = 200 if quick else 2_000
    timings = measure.medians(
        {
            "rust_1": measure.searches(openings, rust_iterations, threads=1),
            "rust_1_random": measure.searches(
                openings, rust_iterations, threads=1, rollouts="random"
            ),
            "rust_2": measure.searches(openings, rust_iterations, threads=2),
            "reference": measure.searches(openings, reference_iterations, engine="reference"),
        },
        repeats,
    )
    rates = {name: timing.rate for name, timing in timings.items()}
    rates["ratio"] = rates["rust_1"] / rates["reference"]
    rates["ratio_random"] = rates["rust_1_random"] / rates["reference"]
    rates["thread_scaling"] = rates["rust_2"] / rates["rust_1"]
    return rates


def bench_levels(game: str, quick: bool) -> dict[str, dict[str, float]]:
    positions = measure.positions(game, 1 if quick else 4)
    result: dict[str, dict[str, float]] = {}
    for level in ai.LEVELS:
        seconds = measure.seconds_per_move(positions, level)
        result[level] = {"mean": statistics.mean(seconds), "max": max(seconds)}
    return result


def bench_overhead(game: str, quick: bool, repeats: int) -> dict[str, float]:
    games = measure.position_games(game, 4)
    observations = [measure.mover_observation(g) for g in games]
    calls = 2_000 if quick else 20_000
    timings = measure.medians(
        {
            "observation": measure.observations_taken(games, calls),
            "choose_move": measure.first_moves(observations, calls),
        },
        repeats,
    )
    rates = {name: timing.rate for name, timing in timings.items()}
    rates["ratio"] = rates["observation"] / rates["choose_move"]
    return rates


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
    overhead = {game: bench_overhead(game, args.quick, repeats) for game in games}
    if args.json:
        report = {"repeats": repeats, "search": search, "levels": levels, "overhead": overhead}
        json.dump(report, sys.stdout, indent=2)
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
    print(f"The AI beside its search: calls per second, median of {repeats} runs")
    print(f"{'game':<11} {'observation':>12} {'choose_move':>12} {'ratio':>7}")
    for game, r in overhead.items():
        print(
            f"{game:<11} {r['observation']:>12,.0f} {r['choose_move']:>12,.0f} {r['ratio']:>6.2f}x"
        )
    print("choose_move: from the mover's observation with iterations=1.")
    print()
    if "durak" in search:
        rate = search["durak"]["rust_1"]
        target = measure.TARGET_ITERATIONS_PER_SECOND
        verdict = check(rate >= target)
        print(f"target >= {target:,} it/s from the Durak opening: {rate:,.0f} {verdict}")
    worst_ratio = min(r["ratio_random"] for r in search.values())
    ratio = measure.TARGET_SEARCH_RATIO
    verdict = check(worst_ratio >= ratio)
    print(f"target >= {ratio:.0f}x the reference (like-for-like): {worst_ratio:.0f}x {verdict}")
    worst_normal = max(by_level["normal"]["max"] for by_level in levels.values())
    print(
        f"target normal <= {measure.TARGET_NORMAL_SECONDS} s per move: {worst_normal:.3f} s "
        f"{check(worst_normal <= measure.TARGET_NORMAL_SECONDS)}"
    )
    worst_overhead = max(r["ratio"] for r in overhead.values())
    target = measure.TARGET_AI_CALL_RATIO
    print(
        f"target choose_move(iterations=1) <= {target:.0f}x observation(): "
        f"{worst_overhead:.2f}x {check(worst_overhead <= target)}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
