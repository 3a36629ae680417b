"""``cardavia.simulate``: whole games in Rust, summaries that add up, the
same result whatever the thread count, every bad argument rejected, and the
GIL released while it runs."""

from __future__ import annotations

import sys
import threading
from typing import Any

import cardavia
import pytest
from cardavia import InvalidArgumentError, UnknownGameError, _native
from cardavia.simulate import MAX_GAMES, MAX_THREADS

GAMES = cardavia.GAMES
COMMON_KEYS = {"game", "games", "wins", "draws", "decisions"}
SCHNAPSEN_KEYS = {"match_wins", "game_points", "deals"}


def check_summary(game: str, summary: dict[str, Any], games: int) -> None:
    """Everything in a summary that must hold whatever the games were."""
    expected = COMMON_KEYS | (SCHNAPSEN_KEYS if game == "schnapsen" else set())
    assert set(summary) == expected
    assert summary["game"] == game
    assert summary["games"] == games
    wins = summary["wins"]
    assert len(wins) == 2
    assert all(isinstance(w, int) and w >= 0 for w in wins)
    assert sum(wins) + summary["draws"] == games
    if games:
        assert summary["decisions"] > 0
    else:
        assert summary["decisions"] == 0
    if game == "schnapsen":
        # A match always has a winner; each deal is worth 1 to 3 game points
        # and a match ends when a seat has won 7.
        assert summary["draws"] == 0
        assert summary["match_wins"] == wins
        points = summary["game_points"]
        assert len(points) == 2
        assert summary["deals"] <= sum(points) <= 3 * summary["deals"]
        assert sum(points) >= 7 * games
        assert summary["deals"] >= 3 * games
        assert summary["decisions"] >= 2 * summary["deals"]


@pytest.mark.parametrize("game", GAMES)
def test_summary_is_consistent(game: str) -> None:
    summary = cardavia.simulate(game, games=500, seed=3, threads=1)
    check_summary(game, summary, 500)
    assert min(summary["wins"]) > 0, "both seats win some random games"


@pytest.mark.parametrize("game", GAMES)
def test_same_seed_same_summary_whatever_the_threads(game: str) -> None:
    one = cardavia.simulate(game, games=301, seed=42, threads=1)
    for threads in (2, 3, 7):
        assert cardavia.simulate(game, games=301, seed=42, threads=threads) == one
    assert cardavia.simulate(game, games=301, seed=42) == one  # every core


@pytest.mark.parametrize("game", GAMES)
def test_more_threads_than_games(game: str) -> None:
    one = cardavia.simulate(game, games=3, seed=5, threads=1)
    check_summary(game, one, 3)
    assert cardavia.simulate(game, games=3, seed=5, threads=7) == one


@pytest.mark.parametrize("game", GAMES)
def test_different_seeds_differ(game: str) -> None:
    summaries = [cardavia.simulate(game, games=200, seed=seed, threads=2) for seed in range(4)]
    decisions = {s["decisions"] for s in summaries}
    assert len(decisions) == len(summaries)


@pytest.mark.parametrize("game", GAMES)
def test_zero_games(game: str) -> None:
    summary = cardavia.simulate(game, games=0, seed=1, threads=4)
    check_summary(game, summary, 0)
    assert summary["wins"] == [0, 0]


def test_extreme_seeds() -> None:
    for seed in (0, 2**64 - 1):
        check_summary("durak", cardavia.simulate("durak", games=20, seed=seed), 20)


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"games": "10"}, TypeError),
        ({"games": 10.0}, TypeError),
        ({"games": True}, TypeError),
        ({"games": None}, TypeError),
        ({"games": -1}, InvalidArgumentError),
        ({"games": MAX_GAMES + 1}, InvalidArgumentError),
        ({"games": 2**200}, InvalidArgumentError),
        ({"seed": "1"}, TypeError),
        ({"seed": 1.5}, TypeError),
        ({"seed": False}, TypeError),
        ({"seed": -1}, InvalidArgumentError),
        ({"seed": 2**64}, InvalidArgumentError),
        ({"policy": 1}, TypeError),
        ({"policy": b"random"}, TypeError),
        ({"policy": "greedy"}, InvalidArgumentError),
        ({"policy": ""}, InvalidArgumentError),
        ({"policy": "random\ud800"}, InvalidArgumentError),
        ({"threads": "2"}, TypeError),
        ({"threads": 2.0}, TypeError),
        ({"threads": True}, TypeError),
        ({"threads": 0}, InvalidArgumentError),
        ({"threads": -3}, InvalidArgumentError),
        ({"threads": MAX_THREADS + 1}, InvalidArgumentError),
        ({"threads": 2**70}, InvalidArgumentError),
    ],
)
def test_bad_arguments_are_rejected(kwargs: dict[str, Any], error: type[Exception]) -> None:
    arguments: dict[str, Any] = {"games": 10, "seed": 1, "policy": "random", "threads": 1}
    arguments.update(kwargs)
    with pytest.raises(error):
        cardavia.simulate("durak", **arguments)
    # The binding checks the same on its own.
    with pytest.raises(error):
        _native.simulate(
            "durak",
            arguments["games"],
            arguments["seed"],
            arguments["policy"],
            arguments["threads"],
        )


@pytest.mark.parametrize(
    ("game", "error"),
    [
        ("chess", UnknownGameError),
        ("", UnknownGameError),
        ("Durak", UnknownGameError),
        ("durak\x00", UnknownGameError),
        ("\ud800", UnknownGameError),
        (None, TypeError),
        (b"durak", TypeError),
        (1, TypeError),
        (["durak"], TypeError),
    ],
)
def test_bad_games_are_rejected(game: Any, error: type[Exception]) -> None:
    with pytest.raises(error):
        cardavia.simulate(game, games=1)
    with pytest.raises(error):
        _native.simulate(game, 1, 0, "random", 1)


def test_games_is_required() -> None:
    with pytest.raises(TypeError):
        cardavia.simulate("durak")  # type: ignore[call-arg]


def test_simulate_releases_the_gil() -> None:
    """Another Python thread runs while ``simulate`` runs, counted, not
    timed. The switch interval is made longer than the test, so the main
    thread never hands the GIL over on its own: the counting thread can run
    only if ``simulate`` releases it. Were the GIL held, the count would
    stay 0 through every attempt; released, the counter runs as soon as the
    system schedules it (a few attempts allow for a machine so loaded that
    it does not within one call)."""
    count = [0]
    go = threading.Event()

    def counter() -> None:
        go.wait()
        for _ in range(100_000):
            count[0] += 1

    thread = threading.Thread(target=counter, daemon=True)
    thread.start()
    interval = sys.getswitchinterval()
    sys.setswitchinterval(100.0)
    try:
        go.set()
        for _ in range(5):
            summary = cardavia.simulate("durak", games=150_000, seed=1, threads=1)
            check_summary("durak", summary, 150_000)
            if count[0]:
                break
        counted = count[0]
    finally:
        sys.setswitchinterval(interval)
    thread.join()
    assert counted > 0, "no other thread ran while simulate did: the GIL was held"
