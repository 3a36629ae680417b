"""The Rust core against the reference engine, measured side by side.

    python benches/bench_engines.py            # the full run (about two minutes)
    python benches/bench_engines.py --quick    # a smoke run for CI

For each game, in one run: random playouts per second through
``cardavia.simulate`` (one thread and every thread), the same through the
reference engine, and driving a game move by move from Python
(``legal_moves`` + ``play``) through each engine. Every figure is the median
of several repetitions, interleaved so that both engines meet the same
machine load; the ratios are of those medians.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Callable

import cardavia


def timed(work: Callable[[], int]) -> float:
    """Units of work per second for one call of ``work``."""
    start = time.perf_counter()
    units = work()
    return units / (time.perf_counter() - start)


def rust_playouts(game: str, games: int, threads: int, seed: int) -> Callable[[], int]:
    def work() -> int:
        summary = cardavia.simulate(game, games=games, seed=seed, threads=threads)
        # Schnapsen is measured in deals, the unit of its target.
        return int(summary["deals"] if game == "schnapsen" else summary["games"])

    return work


def reference_playouts(game: str, games: int, seed: int) -> Callable[[], int]:
    def work() -> int:
        units = 0
        for i in range(games):
            g = cardavia.new_game(game, seed=seed + i, engine="reference")
            rng = random.Random(seed + i)
            while not g.is_over:
                g.play(rng.choice(g.legal_moves()))
            units += len(g.to_dict()["deals"]) if game == "schnapsen" else 1
        return units

    return work


def driven_moves(game: str, engine: str, games: int, seed: int) -> Callable[[], int]:
    """Moves per second when Python drives the game one move at a time."""

    def work() -> int:
        moves = 0
        for i in range(games):
            g = cardavia.new_game(game, seed=seed + i, engine=engine)
            rng = random.Random(seed + i)
            while not g.is_over:
                g.play(rng.choice(g.legal_moves()))
                moves += 1
        return moves

    return work


def median_rates(work: dict[str, Callable[[], int]], repeats: int) -> dict[str, float]:
    rates: dict[str, list[float]] = {name: [] for name in work}
    for _ in range(repeats):
        for name, run in work.items():
            rates[name].append(timed(run))
    return {name: statistics.median(values) for name, values in rates.items()}


def bench_game(game: str, quick: bool, repeats: int) -> dict[str, float]:
    threads = os.cpu_count() or 1
    rust_games = 2_000 if quick else 200_000
    ref_games = 5 if quick else 100
    driven_rust = 20 if quick else 300
    driven_ref = 5 if quick else 40
    rates = median_rates(
        {
            "rust_1": rust_playouts(game, rust_games, 1, 1),
            "rust_all": rust_playouts(game, rust_games, threads, 1),
            "reference": reference_playouts(game, ref_games, 1),
            "driven_rust": driven_moves(game, "rust", driven_rust, 1),
            "driven_reference": driven_moves(game, "reference", driven_ref, 1),
        },
        repeats,
    )
    rates["threads"] = threads
    rates["speedup_vs_reference"] = rates["rust_1"] / rates["reference"]
    rates["thread_scaling"] = rates["rust_all"] / rates["rust_1"]
    rates["driven_speedup"] = rates["driven_rust"] / rates["driven_reference"]
    return rates


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small counts, for CI")
    parser.add_argument("--repeats", type=int, default=None, help="repetitions (median)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--game", choices=cardavia.GAMES, action="append")
    args = parser.parse_args(argv)
    repeats = args.repeats or (1 if args.quick else 5)
    results = {game: bench_game(game, args.quick, repeats) for game in args.game or cardavia.GAMES}
    if args.json:
        json.dump(results, sys.stdout, indent=2)
        print()
        return 0
    print(f"median of {repeats} runs; {next(iter(results.values()))['threads']:.0f} threads")
    header = (
        f"{'game':<11} {'rust 1 thr/s':>13} {'rust all/s':>12} {'scaling':>8} "
        f"{'reference/s':>12} {'ratio':>7} {'driven rust':>12} {'driven ref':>11} {'ratio':>6}"
    )
    print(header)
    for game, r in results.items():
        print(
            f"{game:<11} {r['rust_1']:>13,.0f} {r['rust_all']:>12,.0f} "
            f"{r['thread_scaling']:>7.2f}x {r['reference']:>12,.1f} "
            f"{r['speedup_vs_reference']:>6.0f}x {r['driven_rust']:>12,.0f} "
            f"{r['driven_reference']:>11,.0f} {r['driven_speedup']:>5.1f}x"
        )
    print("playouts: whole games per second (schnapsen: deals per second);")
    print("driven: moves per second with legal_moves() + play() called from Python.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
