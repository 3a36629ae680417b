"""The Rust core against the reference engine, measured side by side.

    python benches/bench_engines.py            # the full run (under a minute)
    python benches/bench_engines.py --quick    # a smoke run for CI
    python benches/bench_engines.py --json     # the figures as JSON

For each game, in one run: random playouts per second through
``cardavia.simulate`` on one thread, two threads and every thread, the same
through the reference engine, and driving a game move by move from Python
(``legal_moves`` + ``play``) through each engine. Every figure is the median
of several repetitions, interleaved so that both engines meet the same
machine load; the ratios are of those medians. The last lines compare the
figures with the targets of issue 3. The measurements are those of
``cardavia bench`` (``cardavia_cli.play.measure``; ``pip install ./cli``).

Schnapsen's playouts are counted in deals (a match is several deals): the
unit of its target. ``cores used`` is the process CPU time over the wall
time of the every-thread run: below the thread count, other programs were
using the machine and the scaling figure understates the engine.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

import cardavia
from cardavia_cli.play import measure

#: Issue 3's targets.
PLAYOUTS_PER_SECOND = 500_000
SPEEDUP_VS_REFERENCE = 100
TWO_THREAD_SCALING = 1.7
DRIVEN_SPEEDUP = 10
#: Perevodnoy's playouts, as a share of Durak's, that count as comparable.
COMPARABLE = 0.8


def bench_game(game: str, quick: bool, repeats: int) -> dict[str, float]:
    threads = os.cpu_count() or 1
    rust_games = 2_000 if quick else 200_000
    ref_games = 5 if quick else 500
    driven_rust = 20 if quick else 2_000
    driven_ref = 5 if quick else 200
    work = {
        "rust_1": measure.rust_playouts(game, rust_games, threads=1, deals=True),
        "rust_2": measure.rust_playouts(game, rust_games, threads=2, deals=True),
        "reference": measure.reference_playouts(game, ref_games, deals=True),
        "driven_rust": measure.driven_moves(game, "rust", driven_rust),
        "driven_reference": measure.driven_moves(game, "reference", driven_ref),
    }
    if threads > 2:
        work["rust_all"] = measure.rust_playouts(game, rust_games, threads=threads, deals=True)
    timings = measure.medians(work, repeats)
    all_threads = timings.get("rust_all", timings["rust_2"] if threads == 2 else timings["rust_1"])
    rates = {name: t.rate for name, t in timings.items()}
    rates["rust_all"] = all_threads.rate
    return {
        **rates,
        "threads": threads,
        "cores_used": all_threads.cores,
        "speedup_vs_reference": rates["rust_1"] / rates["reference"],
        "two_thread_scaling": rates["rust_2"] / rates["rust_1"],
        "all_thread_scaling": rates["rust_all"] / rates["rust_1"],
        "driven_speedup": rates["driven_rust"] / rates["driven_reference"],
    }


def targets(results: dict[str, dict[str, float]]) -> list[tuple[str, str, bool]]:
    """(target, measured, met) for each target of issue 3."""
    lines = []
    for game, r in results.items():
        unit = "deals" if game == "schnapsen" else "playouts"
        if game == "perevodnoy" and "durak" in results:
            # "Perevodnoy comparable": to Durak, on the same machine.
            share = r["rust_1"] / results["durak"]["rust_1"]
            lines.append(
                (
                    f"{game}: one thread comparable to durak (>= {COMPARABLE:.0%})",
                    f"{r['rust_1']:,.0f} ({share:.0%})",
                    share >= COMPARABLE,
                )
            )
        else:
            lines.append(
                (
                    f"{game}: >= {PLAYOUTS_PER_SECOND:,} {unit}/s on one thread",
                    f"{r['rust_1']:,.0f}",
                    r["rust_1"] >= PLAYOUTS_PER_SECOND,
                )
            )
        if game != "schnapsen":
            lines.append(
                (
                    f"{game}: >= {SPEEDUP_VS_REFERENCE}x the reference",
                    f"{r['speedup_vs_reference']:,.0f}x",
                    r["speedup_vs_reference"] >= SPEEDUP_VS_REFERENCE,
                )
            )
        lines.append(
            (
                f"{game}: two threads >= {TWO_THREAD_SCALING}x one thread",
                f"{r['two_thread_scaling']:.2f}x (cores used {r['cores_used']:.2f})",
                r["two_thread_scaling"] >= TWO_THREAD_SCALING,
            )
        )
        lines.append(
            (
                f"{game}: driven from Python >= {DRIVEN_SPEEDUP}x the reference",
                f"{r['driven_speedup']:.1f}x",
                r["driven_speedup"] >= DRIVEN_SPEEDUP,
            )
        )
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small counts, for CI")
    parser.add_argument("--repeats", type=int, default=None, help="repetitions (median)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--game", choices=cardavia.GAMES, action="append")
    args = parser.parse_args(argv)
    repeats = args.repeats or (1 if args.quick else 5)
    if repeats < 1:
        parser.error("--repeats must be at least 1")
    games = args.game or list(cardavia.GAMES)
    results = {game: bench_game(game, args.quick, repeats) for game in games}
    if args.json:
        json.dump(results, sys.stdout, indent=2)
        print()
        return 0
    threads = int(next(iter(results.values()))["threads"])
    print(f"median of {repeats} runs; {threads} threads; load average {os.getloadavg()[0]:.2f}")
    print(
        f"{'game':<11} {'rust 1 thr/s':>13} {'2 thr/s':>11} {'all/s':>11} {'scaling':>8} "
        f"{'cores used':>10} {'reference/s':>12} {'ratio':>6} {'driven rust':>12} "
        f"{'driven ref':>11} {'ratio':>6}"
    )
    for game, r in results.items():
        print(
            f"{game:<11} {r['rust_1']:>13,.0f} {r['rust_2']:>11,.0f} {r['rust_all']:>11,.0f} "
            f"{r['two_thread_scaling']:>7.2f}x {r['cores_used']:>10.2f} "
            f"{r['reference']:>12,.1f} {r['speedup_vs_reference']:>5.0f}x "
            f"{r['driven_rust']:>12,.0f} {r['driven_reference']:>11,.0f} "
            f"{r['driven_speedup']:>5.1f}x"
        )
    print("playouts: whole games per second (schnapsen: deals per second);")
    print("scaling: two threads over one; cores used: CPU time / wall time, all threads;")
    print("driven: moves per second with legal_moves() + play() called from Python.")
    print()
    for target, measured, met in targets(results):
        print(f"{'met   ' if met else 'MISSED'} {target:<52} {measured}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
