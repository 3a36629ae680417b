"""Perft at 3 to 6 seats (RULES.md ch. 7): leaf counts of the move tree.

``tests/fixtures/perft_seats.json`` is written by
``tests/fixtures/make_perft_seats.py`` with the reference engine; each
engine recomputes every count through the public API only, as
``test_perft.py`` does for two seats (whose fixture stays as it was).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import cardavia
import pytest
from fixtures.make_perft import perft

ENGINES = ["reference", "rust"]
FIXTURES: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "fixtures" / "perft_seats.json").read_text()
)


def position(entry: dict[str, Any], engine: str) -> Any:
    g = cardavia.new_game(
        entry["game"], seed=entry["seed"], players=entry["players"], engine=engine
    )
    for move in entry["moves"]:
        g.play(move)
    return g


def test_fixture_shape() -> None:
    tables = {(entry["game"], entry["players"]) for entry in FIXTURES}
    assert tables == {(game, n) for game in ("durak", "perevodnoy") for n in (3, 4, 5, 6)}
    for entry in FIXTURES:
        assert set(entry) == {"game", "players", "seed", "moves", "depth", "count"}
        assert entry["depth"] >= 7 and entry["count"] >= 2000
    # Some positions are deep in the deal: the stock empty, a seat out or
    # (six seats, no stock at all) many bouts played.
    assert sum(1 for entry in FIXTURES if len(entry["moves"]) > 40) == 8


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(
    "entry",
    FIXTURES,
    ids=[
        f"{e['game']}-{e['players']}seats-seed{e['seed']}-{len(e['moves'])}moves-d{e['depth']}"
        for e in FIXTURES
    ],
)
def test_perft_seats(engine: str, entry: dict[str, Any]) -> None:
    g = position(entry, engine)
    assert not g.is_over and g.players == entry["players"]
    before = g.to_dict()
    assert perft(g, entry["depth"]) == entry["count"]
    assert g.to_dict() == before  # counting never touches the position
