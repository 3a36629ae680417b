"""The AI with a seed and an iteration budget gives the same move.

``tests/fixtures/ai_moves.json`` (written by ``make_ai_moves.py``) holds the
AI's choices and visit counts over fixed positions of all three games; the
search must keep making them, whatever the code that reads the observation
and drives the search becomes.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import cardavia
import pytest
from cardavia import ai

FIXTURES: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "fixtures" / "ai_moves.json").read_text()
)


def test_fixture_shape() -> None:
    assert len(FIXTURES) >= 90
    for game in cardavia.GAMES:
        assert sum(entry["game"] == game for entry in FIXTURES) >= 27
    assert {entry["iterations"] for entry in FIXTURES} == {1, 300, 3_000}


@pytest.mark.parametrize("game", cardavia.GAMES)
def test_same_moves_and_visits_as_recorded(game: str) -> None:
    for entry in (e for e in FIXTURES if e["game"] == game):
        g = cardavia.new_game(game, seed=entry["seed"])
        for move in entry["moves"]:
            g.play(move)
        obs = g.observation(g.current_player)
        budget = {"iterations": entry["iterations"], "seed": entry["seed"]}
        where = f"{game} seed {entry['seed']} at {entry['iterations']}"
        assert ai.choose_move(obs, **budget) == entry["move"], where
        visits = [[row["move"], row["visits"]] for row in ai.analyse(obs, **budget)]
        assert visits == entry["visits"], where
