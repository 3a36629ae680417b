"""Random playouts per second at every Durak table size, 2 to 6 seats.

    python benches/bench_seats.py            # the full run (about a minute)
    python benches/bench_seats.py --quick    # a smoke run for CI
    python benches/bench_seats.py --json     # the figures as JSON

For each game and table size (RULES.md ch. 7): whole games of random play
in the Rust core per second (``cardavia.simulate``, one thread), the median
of several interleaved repetitions (``cardavia_cli.play.measure``, as
``bench_engines.py``), moves per game, and the rate as a share of the
two-seat rate measured in the same run. More seats deal more cards into
hands and play longer bouts, so a game takes more moves.

Then the AI's decisions per second at 2 and 4 seats: ``choose_move`` at
``normal`` (``easy`` in a smoke run) on one thread, from the mover's
observation at positions of seeded random games where it has a choice
(a forced move is answered without a search), the median of interleaved
repetitions.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from typing import Any

import cardavia
from cardavia import ai
from cardavia_cli.play import measure

TABLES = (2, 3, 4, 5, 6)
#: The tables the AI's decisions are timed at (issue 23: two seats, and four).
AI_TABLES = (2, 4)
GAMES = ("durak", "perevodnoy")


def playouts(game: str, players: int, games: int) -> measure.Work:
    def work() -> int:
        summary = cardavia.simulate(game, games=games, seed=1, threads=1, players=players)
        return int(summary["games"])

    return work


def moves_per_game(game: str, players: int, games: int) -> float:
    summary = cardavia.simulate(game, games=games, seed=2, threads=1, players=players)
    return float(summary["decisions"]) / games


def bench(game: str, quick: bool, repeats: int) -> dict[str, dict[str, float]]:
    games = 500 if quick else 50_000
    work = {str(n): playouts(game, n, games) for n in TABLES}
    timings = measure.medians(work, repeats)
    two = timings["2"].rate
    return {
        str(n): {
            "playouts_per_second": timings[str(n)].rate,
            "moves_per_game": moves_per_game(game, n, min(games, 2_000)),
            "share_of_two_seats": timings[str(n)].rate / two,
        }
        for n in TABLES
    }


def choices(game: str, players: int, count: int) -> list[dict[str, Any]]:
    """The mover's observation at ``count`` positions with more than one
    legal move, a few from each of several seeded random games."""
    found: list[dict[str, Any]] = []
    seed = 0
    while len(found) < count:
        g = cardavia.new_game(game, seed=seed, players=players)
        rng = random.Random(seed)
        step = 0
        while not g.is_over and len(found) < count:
            if step % 17 == 3 and len(g.legal_moves()) > 1:
                found.append(g.observation(g.current_player))
            g.play(rng.choice(g.legal_moves()))
            step += 1
        seed += 1
    return found


def decisions(observations: list[dict[str, Any]], level: str) -> measure.Work:
    def work() -> int:
        for obs in observations:
            ai.choose_move(obs, level=level, seed=1, threads=1)
        return len(observations)

    return work


def bench_ai(game: str, quick: bool, repeats: int) -> dict[str, float]:
    level = "easy" if quick else "normal"
    count = 2 if quick else 12
    work = {str(n): decisions(choices(game, n, count), level) for n in AI_TABLES}
    timings = measure.medians(work, repeats)
    return {seats: timing.rate for seats, timing in timings.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--game", choices=GAMES, action="append", help="only these games")
    args = parser.parse_args(argv)
    repeats = 1 if args.quick else 5
    games = args.game or GAMES
    results: dict[str, Any] = {game: bench(game, args.quick, repeats) for game in games}
    ai_repeats = 1 if args.quick else 3
    decided = {game: bench_ai(game, args.quick, ai_repeats) for game in games}
    if args.json:
        print(json.dumps({"playouts": results, "ai_decisions": decided}, indent=2))
        return 0
    print(f"Random playouts per second, one thread, median of {repeats} runs")
    print(f"{'game':<11} {'seats':>5} {'playouts/s':>12} {'moves/game':>11} {'vs 2 seats':>11}")
    for game, rows in results.items():
        for seats, row in rows.items():
            print(
                f"{game:<11} {seats:>5} {row['playouts_per_second']:>12,.0f}"
                f" {row['moves_per_game']:>11.1f} {row['share_of_two_seats']:>10.2f}x"
            )
    level = "easy" if args.quick else "normal"
    print()
    print(f"AI decisions per second at {level}, one thread, median of {ai_repeats} runs")
    print(f"{'game':<11} " + " ".join(f"{f'{n} seats':>10}" for n in AI_TABLES))
    for game, rates in decided.items():
        print(f"{game:<11} " + " ".join(f"{rates[str(n)]:>10.2f}" for n in AI_TABLES))
    return 0


if __name__ == "__main__":
    sys.exit(main())
