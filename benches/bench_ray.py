"""Tournaments on a local Ray instance against the local backend, measured in
one run (docs/SCALE.md): the Ray start, the throughput of the smallest task,
the overhead Ray adds to each game, the speed-up from one to two workers,
and the time of a `hard` against `hard` game, from which the cost of 1,000
such deals on 100 cores is sized.

    pip install './[ray]'
    python benches/bench_ray.py            # a few minutes on two cores
    python benches/bench_ray.py --quick    # seconds; the figures mean little

Needs Ray (the `[ray]` extra). Ray is started on the loopback address with
two CPUs; "one worker" means one game under way at a time (``threads=1``).
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any

import cardavia
from cardavia import distributed
from cardavia.tournament import deal_seed

PARTS = ("tasks", "overhead", "speedup", "hard")


def timed(**kw: Any) -> float:
    start = time.perf_counter()
    cardavia.tournament(**kw)
    return time.perf_counter() - start


def games_of(path: Path) -> list[tuple[Any, ...]]:
    """A journal's games without their timings, in deal order."""
    lines = [json.loads(line) for line in path.read_text().splitlines()[1:]]
    return sorted(
        (g["deal"], g["a_seat"], json.dumps(g["outcome"], sort_keys=True), tuple(g["moves"]))
        for g in lines
    )


def per_game(game: str, a: str, b: str, deals: int, seed: int) -> dict[str, float]:
    """Seconds and moves of each game, from a journal (played on Ray, two at
    a time)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "j.jsonl"
        start = time.perf_counter()
        cardavia.tournament(game, a, b, deals=deals, seed=seed, journal=path, backend="ray")
        wall = time.perf_counter() - start
        lines = [json.loads(line) for line in path.read_text().splitlines()[1:]]
    seconds = [sum(g["seconds"]) for g in lines]
    moves = [sum(g["moves"]) for g in lines]
    return {
        "games": len(lines),
        "wall_s": wall,
        "seconds_per_game": sum(seconds) / len(lines),
        "max_seconds_per_game": max(seconds),
        "moves_per_game": sum(moves) / len(lines),
        "seconds_per_move": sum(seconds) / sum(moves),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="Small counts: a smoke run.")
    parser.add_argument(
        "--repeats", type=int, default=3, help="Interleaved runs; the shortest is kept."
    )
    parser.add_argument(
        "--parts", default=",".join(PARTS), help="Which of " + ", ".join(PARTS) + " to measure."
    )
    args = parser.parse_args()
    parts = set(args.parts.split(","))
    small = {"tasks": 40, "tiny": 10, "ai": 1, "hard": 1, "hard_level": "easy"}
    full = {"tasks": 1000, "tiny": 100, "ai": 6, "hard": 2, "hard_level": "hard"}
    n = small if args.quick else full
    os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")  # loopback only
    ray = distributed.require("ray", "Ray")
    start = time.perf_counter()
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    out: dict[str, Any] = {"ray": ray.__version__, "ray_init_s": time.perf_counter() - start}
    out["load_before"] = os.getloadavg()

    # The smallest task: one deal seed, through the same driver loop.
    for window in (1, 2, 64) if "tasks" in parts else ():
        jobs = list(range(int(n["tasks"])))
        start = time.perf_counter()
        for _ in distributed.run(deal_seed, jobs, lambda i: (1, i), address=None, window=window):
            pass
        out[f"empty_tasks_per_s_window_{window}"] = len(jobs) / (time.perf_counter() - start)

    def best(key: str, seconds: float) -> float:
        """The shortest of the interleaved repeats: the least disturbed."""
        out[key] = min(seconds, out.get(key, seconds))
        return float(out[key])

    # Per game: tiny games (random against random), one at a time and two.
    tiny = {"game": "durak", "a": "random", "b": "random", "deals": n["tiny"], "seed": 1}
    games = 2 * int(n["tiny"])
    for _ in range(args.repeats) if "overhead" in parts else ():
        for threads in (1, 2):
            local = best(f"tiny_local_{threads}_s", timed(**tiny, threads=threads))
            remote = best(f"tiny_ray_{threads}_s", timed(**tiny, threads=threads, backend="ray"))
            out[f"tiny_ray_{threads}_games_per_s"] = games / remote
            out[f"overhead_ms_per_game_{threads}"] = 1000 * (remote - local) * threads / games

    # The speed-up from one worker to two, with AI games (normal against
    # greedy); every game compared with the local backend's.
    ai = {"game": "durak", "a": "normal", "b": "greedy", "deals": n["ai"], "seed": 2026}
    with tempfile.TemporaryDirectory() as folder:
        for _ in range(args.repeats) if "speedup" in parts else ():
            for threads in (1, 2):
                for backend in ("local", "ray"):
                    journal = Path(folder) / f"{backend}{threads}.jsonl"
                    journal.unlink(missing_ok=True)
                    key = f"ai_{backend}_{threads}"
                    wall = timed(**ai, threads=threads, backend=backend, journal=journal)
                    # Games under way on average: the games' own seconds over the wall.
                    busy = sum(
                        sum(json.loads(line)["seconds"])
                        for line in journal.read_text().splitlines()[1:]
                    )
                    if wall <= out.get(f"{key}_s", wall):
                        out[f"{key}_busy"] = busy / wall
                    best(f"{key}_s", wall)
                out[f"ai_identical_{threads}"] = games_of(journal) == games_of(
                    Path(folder) / "local1.jsonl"
                )
    if "speedup" in parts:
        out["speedup_local"] = out["ai_local_1_s"] / out["ai_local_2_s"]
        out["speedup_ray"] = out["ai_ray_1_s"] / out["ai_ray_2_s"]

    # hard against hard: seconds and moves per game.
    level = str(n["hard_level"])
    for game in ("durak", "perevodnoy", "schnapsen") if "hard" in parts else ():
        out[f"{level}_{game}"] = per_game(game, level, level, int(n["hard"]), 2026)
    out["load_after"] = os.getloadavg()
    ray.shutdown()
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
