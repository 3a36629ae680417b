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
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

import cardavia
from cardavia_cli.play import measure

TABLES = (2, 3, 4, 5, 6)
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--game", choices=GAMES, action="append", help="only these games")
    args = parser.parse_args(argv)
    repeats = 1 if args.quick else 5
    results: dict[str, Any] = {
        game: bench(game, args.quick, repeats) for game in args.game or GAMES
    }
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    print(f"Random playouts per second, one thread, median of {repeats} runs")
    print(f"{'game':<11} {'seats':>5} {'playouts/s':>12} {'moves/game':>11} {'vs 2 seats':>11}")
    for game, rows in results.items():
        for seats, row in rows.items():
            print(
                f"{game:<11} {seats:>5} {row['playouts_per_second']:>12,.0f}"
                f" {row['moves_per_game']:>11.1f} {row['share_of_two_seats']:>10.2f}x"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
