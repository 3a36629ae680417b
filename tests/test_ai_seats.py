"""The AI at a Durak table of 3 to 6 seats: every seat maximises its own
result of RULES 7 (the durak 0, every other seat 1), so a small search
already keeps clear of being the durak against random play; one that
valued every unfinished table alike (a duel's reward, no winner) would be
the durak about once in three games."""

from __future__ import annotations

import cardavia
import pytest


@pytest.mark.parametrize(("game", "players", "deals"), [("durak", 3, 10), ("perevodnoy", 4, 6)])
def test_a_small_search_is_seldom_the_durak(game: str, players: int, deals: int) -> None:
    result = cardavia.tournament(game, "ai:300", "random", players=players, deals=deals, seed=5)
    assert result["games"] == players * deals
    # Against random throwers the baseline is 1/N; the searching seat does
    # far better (0 of 30 and 0 of 24 when this was written).
    assert result["a_durak"] <= result["games"] // 10
    assert result["a_mean_result"] > 1 - 1 / players


def test_analyse_values_a_tables_moves_as_the_chance_not_to_be_the_durak() -> None:
    g = cardavia.new_game("durak", seed=8, players=4)
    obs = g.observation(g.current_player)
    stats = cardavia.ai.analyse(obs, iterations=2_000, seed=3)
    assert {s["move"] for s in stats} == set(obs["legal_moves"])
    assert all(0.0 <= s["value"] <= 1.0 for s in stats)
    # Most seats of four are not the durak: the best move's chance is high.
    assert stats[0]["value"] > 0.6
    assert cardavia.ai.analyse(obs, iterations=2_000, seed=3) == stats
