"""Several Python threads at once: the same results as one at a time, and a
game shared between threads stays whole."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import cardavia
import pytest
from cardavia import IllegalMoveError


def concurrently(calls: list[Callable[[], Any]], threads: int = 4) -> list[Any]:
    """Run the calls on several threads, released together."""
    barrier = threading.Barrier(min(threads, len(calls)))

    def run(call: Callable[[], Any]) -> Any:
        barrier.wait(timeout=10)
        return call()

    with ThreadPoolExecutor(max_workers=threads) as pool:
        return list(pool.map(run, calls))


@pytest.mark.parametrize("game", cardavia.GAMES)
def test_simulate_from_several_threads(game: str) -> None:
    seeds = [3, 5, 8, 13]
    alone = [cardavia.simulate(game, games=300, seed=s, threads=1) for s in seeds]
    together = concurrently(
        [lambda s=s: cardavia.simulate(game, games=300, seed=s, threads=2) for s in seeds]
    )
    assert together == alone


@pytest.mark.parametrize("game", cardavia.GAMES)
def test_choose_move_from_several_threads(game: str) -> None:
    positions = []
    for seed in range(4):
        g = cardavia.new_game(game, seed=seed)
        rng = random.Random(seed)
        for _ in range(5):
            g.play(rng.choice(g.legal_moves()))
        seat = g.current_player
        assert seat is not None
        positions.append(g.observation(seat))
    alone = [cardavia.ai.choose_move(o, iterations=800, seed=9) for o in positions]
    together = concurrently(
        [lambda o=o: cardavia.ai.choose_move(o, iterations=800, seed=9) for o in positions]
    )
    assert together == alone


def test_tournaments_from_several_threads() -> None:
    def run(seed: int) -> dict[str, Any]:
        result = cardavia.tournament("durak", "ai:200", "greedy", deals=2, seed=seed, threads=1)
        result.pop("seconds_per_move")
        return result

    alone = [run(seed) for seed in (1, 2, 3)]
    together = concurrently([lambda s=s: run(s) for s in (1, 2, 3)], threads=3)
    assert together == alone


@pytest.mark.parametrize("engine", cardavia.ENGINES)
@pytest.mark.parametrize("game", cardavia.GAMES)
def test_a_game_shared_between_threads_stays_whole(game: str, engine: str) -> None:
    """Threads race to play on one game: every call either plays a legal
    move or is refused with IllegalMoveError; the game never breaks."""
    g = cardavia.new_game(game, seed=21, engine=engine)
    played: list[str] = []
    refused = 0
    lock = threading.Lock()

    def worker(seed: int) -> None:
        nonlocal refused
        rng = random.Random(seed)
        for _ in range(200):
            legal = g.legal_moves()
            if not legal:
                return
            move = rng.choice(legal)
            try:
                g.play(move)
            except IllegalMoveError:
                with lock:
                    refused += 1
            else:
                with lock:
                    played.append(move)

    concurrently([lambda s=s: worker(s) for s in range(4)])
    # Each accepted call played exactly one move; refusals played none.
    assert sorted(g.history) == sorted(played)
    # The state is whole: it reloads in both engines and replays to itself.
    state = g.to_dict()
    for other in cardavia.ENGINES:
        assert cardavia.from_dict(state, engine=other).to_dict() == state
    replay = cardavia.new_game(game, seed=21, engine=engine)
    for move in g.history:
        replay.play(move)
    assert replay.to_dict() == state
