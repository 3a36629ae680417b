"""Perft: leaf counts of the move tree from fixed positions (STYLE.md).

``tests/fixtures/perft.json`` is written by ``tests/fixtures/make_perft.py``
with the reference engine. Each engine in ``ENGINES`` recomputes every count
through the public API only (``legal_moves``, ``play``, ``clone``,
``is_over``); adding an engine to the comparison is adding its name there.
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
    (Path(__file__).parent / "fixtures" / "perft.json").read_text()
)


def position(entry: dict[str, Any], engine: str) -> Any:
    g = cardavia.new_game(entry["game"], seed=entry["seed"], engine=engine)
    for move in entry["moves"]:
        g.play(move)
    return g


def test_fixture_shape() -> None:
    assert isinstance(FIXTURES, list) and len(FIXTURES) >= 9
    games = [entry["game"] for entry in FIXTURES]
    for game in cardavia.GAMES:
        assert 3 <= games.count(game) <= 4
    for entry in FIXTURES:
        assert set(entry) == {"game", "seed", "moves", "depth", "count"}
        assert isinstance(entry["seed"], int) and isinstance(entry["moves"], list)
        assert entry["depth"] >= 5 and entry["count"] > 1000


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(
    "entry",
    FIXTURES,
    ids=[f"{e['game']}-seed{e['seed']}-{len(e['moves'])}moves-d{e['depth']}" for e in FIXTURES],
)
def test_perft(engine: str, entry: dict[str, Any]) -> None:
    g = position(entry, engine)
    assert not g.is_over
    before = g.to_dict()
    assert perft(g, entry["depth"]) == entry["count"]
    assert g.to_dict() == before  # counting never touches the position


@pytest.mark.parametrize("engine", ENGINES)
def test_perft_small_depths(engine: str) -> None:
    # The first levels by hand: six opening attacks, then each answer.
    g = cardavia.new_game("durak", seed=1, engine=engine)
    assert perft(g, 0) == 1
    assert perft(g, 1) == len(g.legal_moves()) == 6
    answers = 0
    for move in g.legal_moves():
        child = g.clone()
        child.play(move)
        answers += len(child.legal_moves())
    assert perft(g, 2) == answers
