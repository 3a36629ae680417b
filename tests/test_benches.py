"""The measurements (``cardavia_cli.play.measure``) and the scripts in ``benches/``
that print them: what each piece of work counts, which run a median keeps,
and that both scripts measure through the module ``cardavia bench`` uses."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import cardavia
import pytest

measure = pytest.importorskip("cardavia_cli.play.measure")

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benches"))


def test_a_median_is_one_real_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """The run of median rate, the lower middle one of an even count, with
    the cores of that same run."""
    rates: Iterator[int] = iter([3, 1, 2, 4])

    def timed(work: Any) -> Any:
        rate = work()
        return measure.Timing(rate=rate, cores=rate / 10)

    monkeypatch.setattr(measure, "timed", timed)
    chosen = measure.medians({"a": lambda: next(rates)}, 4)
    assert chosen == {"a": measure.Timing(rate=2, cores=0.2)}


@pytest.mark.parametrize("game", cardavia.GAMES)
def test_playouts_count_games_or_schnapsen_deals(game: str) -> None:
    assert measure.rust_playouts(game, 20)() == 20
    assert measure.reference_playouts(game, 2)() == 2
    rust_deals = measure.rust_playouts(game, 20, threads=2, deals=True)()
    reference_deals = measure.reference_playouts(game, 2, deals=True)()
    if game == "schnapsen":
        assert rust_deals > 20 and reference_deals > 2
    else:
        assert (rust_deals, reference_deals) == (20, 2)


def test_driven_moves_and_searches_count_their_units() -> None:
    # The same seeded choices in both engines: the same games, move for move.
    moves = measure.driven_moves("durak", "rust", 3)()
    assert moves > 3 * 10 and measure.driven_moves("durak", "reference", 3)() == moves
    openings = [measure.opening("perevodnoy", seed) for seed in (1, 2)]
    assert measure.searches(openings, 50, threads=1)() == 100
    assert measure.searches(openings[:1], 20, engine="reference")() == 20


@pytest.mark.parametrize("game", cardavia.GAMES)
def test_positions_are_searched_positions(game: str) -> None:
    found = measure.positions(game, 3)
    assert found == measure.positions(game, 3)  # seeded
    for obs in found:
        assert len(obs["legal_moves"]) >= 2 and obs["stock_size"] >= 4
    seconds = measure.seconds_per_move(found, "easy")
    assert len(seconds) == 3 and all(s > 0 for s in seconds)


@pytest.mark.parametrize(
    ("script", "lines"),
    [
        ("bench_engines", ["median of 1 runs", "durak: >= 100x the reference"]),
        ("bench_search", ["Seconds per move on one thread", "target normal <= 0.25 s"]),
        (
            "bench_seats",
            [
                "Random playouts per second, one thread",
                "durak           6",
                "AI decisions per second at easy",
            ],
        ),
    ],
)
def test_the_scripts_measure_through_the_cli_module(
    script: str, lines: list[str], monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    timed = measure.timed
    runs: list[object] = []

    def spy(work: Any) -> Any:
        runs.append(work)
        return timed(work)

    monkeypatch.setattr(measure, "timed", spy)
    module = importlib.import_module(script)
    assert module.main(["--quick", "--game", "durak"]) == 0
    out = capsys.readouterr().out
    assert runs, f"{script} times its work with cardavia_cli.play.measure"
    for line in lines:
        assert line in out
