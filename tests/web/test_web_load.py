"""The load benchmark (benches/bench_web.py) counts what it claims: a short
run with two clients has answered moves, no error and no lost game, and a
game whose file disagrees with what its client saw is reported lost. The
figures themselves are the benchmark's business, never asserted here."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent.parent / "benches"))

import bench_web


def test_a_short_run_counts_moves_and_finds_no_loss() -> None:
    result = bench_web.bench(clients=2, seconds=1.5, game="schnapsen", level="easy")
    assert result["errors"] == [] and result["lost_games"] == []
    assert result["moves_answered"] > 0 and result["games_dealt"] >= 2
    assert result["search_ms"]["count"] >= result["moves_answered"]
    assert "move to the AI's answer" in bench_web.report(result)


def test_a_game_the_file_does_not_match_is_lost(tmp_path: Path) -> None:
    client = bench_web.Client(0, games={"missing.json": 3})
    lost = bench_web.lost_games([client], tmp_path)
    assert len(lost) == 1 and lost[0].startswith("missing.json")


def test_a_short_flood_is_closed_and_the_other_table_plays_on() -> None:
    """The flood benchmark through a real server: the flooding page is told
    it is too fast and closed with 1008; the probe is never dropped."""
    result = bench_web.bench_flood("saves", count=400, saved=2, quiet=0.3)
    assert result["probe_dropped"] is None and result["probe_errors"] == []
    assert result["flood_closed"] == "closed by the server: 1008 too_fast"
    assert result["flood_answers"].get("too_fast", 0) >= 1
    assert result["probe_alone_ms"]["n"] >= 1
    assert "during the flood" in bench_web.report_flood(result)
