"""The soak: many random games with every invariant checked, in both engines.

    python benches/soak.py --games 1000000 --parity 10000   # the full run
    python benches/soak.py --games 2000 --parity 50         # a quick slice

Two parts, for each of durak, perevodnoy and schnapsen:

* ``--games`` random games through the Rust core, ``cardavia._native.soak``:
  after every move every invariant of the position (the checks ``from_dict``
  makes on a state, and the fields the core keeps for speed), the legal
  moves (none once over, canonical, the playout move among them), and twice
  a game the state dict written, read back and written again unchanged.
* ``--parity`` games through the lockstep parity harness (``tests/parity.py``):
  the Rust core and the reference engine play the same random moves and
  agree on the legal moves at every step and on everything (state dict,
  JSON, observations, outcome) at the end; every ``--full-every``-th game
  compares everything at every step.

Prints the counts and times; exits 1 on the first violation or mismatch,
naming the game and seed to replay. ``tests/test_soak.py`` runs a bounded
slice in CI.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import cardavia
from cardavia import _native

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from parity import lockstep

# Seeds apart from the ones the test suite plays.
CORE_SEED = 0x50A4_2026
PARITY_SEED = 7_000_000


def core_soak(game: str, games: int, threads: int, seed: int = CORE_SEED) -> dict[str, Any]:
    """``games`` random games through the Rust core, every move checked."""
    start = time.perf_counter()
    report = dict(_native.soak(game, games, seed, threads))
    report["seconds"] = time.perf_counter() - start
    return report


def _parity_chunk(game: str, seeds: range, full_every: int) -> dict[str, Any]:
    """Lockstep games for ``seeds``; stops at the first mismatch."""
    games = moves = full = 0
    for seed in seeds:
        compare_all = full_every > 0 and seed % full_every == 0
        try:
            moves += lockstep(game, seed, full=compare_all)
        except Exception as exc:  # a mismatch or an error in either engine
            return {
                "games": games,
                "moves": moves,
                "full": full,
                "violation": f"{game} seed={seed}: {type(exc).__name__}: {exc}",
            }
        games += 1
        full += compare_all
    return {"games": games, "moves": moves, "full": full, "violation": None}


def parity_soak(
    game: str, games: int, jobs: int, full_every: int = 10, seed: int = PARITY_SEED
) -> dict[str, Any]:
    """``games`` lockstep games of both engines, spread over ``jobs`` processes."""
    start = time.perf_counter()
    step = max(1, -(-games // max(1, jobs * 4)))
    chunks = [range(s, min(s + step, seed + games)) for s in range(seed, seed + games, step)]
    if jobs > 1 and len(chunks) > 1:
        with ProcessPoolExecutor(jobs) as pool:
            parts = list(
                pool.map(_parity_chunk, [game] * len(chunks), chunks, [full_every] * len(chunks))
            )
    else:
        parts = [_parity_chunk(game, chunk, full_every) for chunk in chunks]
    violations = [part["violation"] for part in parts if part["violation"]]
    return {
        "game": game,
        "games": sum(part["games"] for part in parts),
        "moves": sum(part["moves"] for part in parts),
        "fully_compared": sum(part["full"] for part in parts),
        "violation": violations[0] if violations else None,
        "seconds": time.perf_counter() - start,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000, help="Rust core games per game")
    parser.add_argument("--parity", type=int, default=200, help="lockstep games per game")
    parser.add_argument("--threads", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="parity processes")
    parser.add_argument("--full-every", type=int, default=10, help="fully compared game interval")
    parser.add_argument("--seed", type=int, default=CORE_SEED, help="Rust core run seed")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args(argv)

    results: dict[str, Any] = {"core": [], "parity": []}
    start = time.perf_counter()
    for game in cardavia.GAMES:
        report = core_soak(game, args.games, args.threads, args.seed)
        results["core"].append(report)
        if not args.json:
            print(
                f"core    {game:<11} {report['games']:>9,} games {report['moves']:>12,} moves "
                f"{report['round_trips']:>9,} round trips {report['seconds']:8.1f} s"
                + (f"\n  VIOLATION: {report['violation']}" if report["violation"] else "")
            )
    for game in cardavia.GAMES:
        report = parity_soak(game, args.parity, args.jobs, args.full_every)
        results["parity"].append(report)
        if not args.json:
            print(
                f"parity  {game:<11} {report['games']:>9,} games {report['moves']:>12,} moves "
                f"{report['fully_compared']:>9,} fully compared {report['seconds']:8.1f} s"
                + (f"\n  MISMATCH: {report['violation']}" if report["violation"] else "")
            )
    results["seconds"] = time.perf_counter() - start
    clean = all(r["violation"] is None for part in ("core", "parity") for r in results[part])
    results["clean"] = clean
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        print(f"{'clean' if clean else 'FAILED'} in {results['seconds']:.1f} s")
    return 0 if clean else 1


if __name__ == "__main__":
    sys.exit(main())
