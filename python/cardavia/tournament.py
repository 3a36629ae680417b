"""Duplicate-deal tournaments between two players.

Each seeded deal is played twice with the seats swapped, so the luck of the
cards cancels out. Players are named: ``random`` and ``greedy`` (the bots
of ``cardavia.bots``), the AI levels ``easy``, ``normal`` and ``hard``, or
``ai:N`` for the AI with a budget of N iterations. Deals run in parallel on
every core: the AI's search releases the GIL.
"""

from __future__ import annotations

import math
import os
import random
import threading
import time
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from . import ai, bots
from .api import check_game, new_game
from .errors import InvalidArgumentError
from .external import ExternalPlayer
from .rng import MASK64, SplitMix64
from .tournament_journal import Journal, JournalGame

__all__ = ["PLAYERS", "Player", "make_player", "tournament", "wilson"]

PLAYERS = ("random", "greedy", *ai.LEVELS)
#: The most deals one tournament plays (each twice).
MAX_DEALS = 1_000_000


@dataclass
class Player:
    """A named way of choosing a move from an observation."""

    name: str
    choose: Callable[[Mapping[str, Any], int], str]
    #: Frees what the player holds (an external player's processes).
    close: Callable[[], None] | None = None


def make_player(spec: str) -> Player:
    """``random``, ``greedy``, ``easy``, ``normal``, ``hard``, ``ai:N`` or
    ``cmd:COMMAND`` (a program that plays over standard input and output,
    ``cardavia.external``)."""
    if not isinstance(spec, str):
        raise TypeError(f"a player must be named by a string, got {type(spec).__name__}")
    if spec.startswith("cmd:"):
        external = ExternalPlayer(spec, spec[len("cmd:") :])
        return Player(spec, external.choose, external.close)
    if spec in bots.BOTS:
        bot = bots.BOTS[spec]
        return Player(spec, lambda obs, seed: bot(obs, random.Random(seed)))
    rollouts = "auto"
    parts = spec.split(":")
    if spec in ai.LEVELS:
        budget = ai.LEVELS[spec]
    elif (
        parts[0] == "ai"
        and len(parts) in (2, 3)
        and parts[1].isdigit()
        and (len(parts) == 2 or parts[2] in ("informed", "random", "mast"))
    ):
        budget = int(parts[1])
        rollouts = parts[2] if len(parts) == 3 else rollouts
    else:
        raise InvalidArgumentError(
            f"unknown player {spec!r}; choose one of {', '.join(PLAYERS)}, "
            "ai:ITERATIONS[:auto|informed|random|mast] or cmd:COMMAND"
        )
    return Player(
        spec,
        lambda obs, seed: ai.choose_move(obs, iterations=budget, seed=seed, rollouts=rollouts),
    )


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    # Rounding can leave a 0% or 100% estimate a hair outside its interval.
    return (max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))


def mean_interval(values: list[float], z: float = 1.96) -> tuple[float, float, float]:
    """Mean and its 95% normal-approximation interval."""
    n = len(values)
    if n == 0:
        return (0.0, 0.0, 0.0)
    mean = sum(values) / n
    if n == 1:
        return (mean, mean, mean)
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = z * sd / math.sqrt(n)
    # Game points are never negative, and neither is their mean.
    return (mean, max(0.0, mean - half), mean + half)


def _deal_seed(seed: int, index: int) -> int:
    # The same derivation as the Rust core's `simulate::game_seed`.
    return SplitMix64((seed ^ (index * 0xD1B54A32D192ED03)) & MASK64).next()


def _play(game: str, deal_seed: int, players: tuple[Player, Player], a_seat: int) -> JournalGame:
    g = new_game(game, seed=deal_seed)
    seats = (players[0], players[1]) if a_seat == 0 else (players[1], players[0])
    record = JournalGame(a_seat, {})
    move_index = 0
    while not g.is_over:
        seat = g.current_player
        assert seat is not None
        obs = g.observation(seat)
        side = 0 if seat == a_seat else 1
        start = time.perf_counter()
        move = seats[seat].choose(obs, (deal_seed + 7919 * move_index) & MASK64)
        record.seconds[side] += time.perf_counter() - start
        record.moves[side] += 1
        g.play(move)
        move_index += 1
    assert g.outcome is not None
    record.outcome = g.outcome
    if game == "schnapsen":
        for deal in g.outcome["deals"]:
            points = deal["game_points"]
            if deal["winner"] == a_seat:
                record.a_game_points += points
            else:
                record.b_game_points += points
        record.deals = len(g.outcome["deals"])
    return record


def tournament(
    game: str,
    a: str,
    b: str,
    *,
    deals: int = 100,
    seed: int = 0,
    threads: int | None = None,
    journal: str | os.PathLike[str] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """Play ``deals`` duplicate deals (2 x ``deals`` games) of A against B.

    Durak and perevodnoy: A's wins, draws and losses, its score and its
    share of decided games, with 95% intervals. Schnapsen: A's match wins
    with a 95% interval, and game points per deal for both sides. Seconds
    per move for each side.

    ``journal``: a file that records every finished game; a tournament
    started again with the same file, game, players and seed plays only the
    games it does not hold yet (the result also gives ``resumed_games``).
    ``progress(done, total)`` is called as games finish, from the threads
    that play them. When a game fails or the call is interrupted (Ctrl-C),
    no further game starts; the journal keeps every game that finished."""
    name = check_game(game)
    if isinstance(deals, bool) or not isinstance(deals, int):
        raise TypeError(f"deals must be an integer, got {type(deals).__name__}")
    if not 1 <= deals <= MAX_DEALS:
        raise InvalidArgumentError(
            kind="integer", field="deals", value=deals, low=1, high=MAX_DEALS
        )
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be an integer, got {type(seed).__name__}")
    if not 0 <= seed <= MASK64:
        raise InvalidArgumentError(kind="integer", field="seed", value=seed, low=0, high=MASK64)
    workers = threads if threads is not None else min(os.cpu_count() or 1, ai.MAX_THREADS)
    if isinstance(workers, bool) or not isinstance(workers, int):
        raise TypeError(f"threads must be an integer, got {type(workers).__name__}")
    if not 1 <= workers <= ai.MAX_THREADS:
        raise InvalidArgumentError(
            kind="integer", field="threads", value=workers, low=1, high=ai.MAX_THREADS
        )
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be callable, got {type(progress).__name__}")
    players = (make_player(a), make_player(b))
    book = None if journal is None else Journal(journal, name, a, b, seed)
    held = {} if book is None else dict(book.games)
    jobs = [(i, a_seat) for i in range(deals) for a_seat in (0, 1) if (i, a_seat) not in held]
    total, done = 2 * deals, 2 * deals - len(jobs)
    counter = threading.Lock()

    def play(job: tuple[int, int]) -> JournalGame:
        nonlocal done
        played = _play(name, _deal_seed(seed, job[0]), players, job[1])
        if book is not None:
            book.add(job[0], played)
        with counter:
            done += 1
            finished = done
        if progress is not None:
            progress(finished, total)
        return played

    if progress is not None and done:
        progress(done, total)
    try:
        # On Ctrl-C or a failed game, `map` cancels the games not started.
        with ThreadPoolExecutor(max_workers=workers) as pool:
            fresh = dict(zip(jobs, pool.map(play, jobs), strict=True))
    finally:
        for player in players:
            if player.close is not None:
                player.close()
    games = [
        held[key] if key in held else fresh[key]
        for key in ((i, a_seat) for i in range(deals) for a_seat in (0, 1))
    ]
    result = _summarise(name, a, b, deals, seed, games)
    if book is not None:
        result["resumed_games"] = 2 * deals - len(jobs)
    return result


def _summarise(
    game: str, a: str, b: str, deals: int, seed: int, games: list[JournalGame]
) -> dict[str, Any]:
    n = len(games)
    wins = sum(1 for g in games if g.outcome["winner"] == g.a_seat)
    draws = sum(1 for g in games if g.outcome["winner"] is None)
    losses = n - wins - draws
    seconds = [sum(g.seconds[s] for g in games) for s in (0, 1)]
    moves = [sum(g.moves[s] for g in games) for s in (0, 1)]
    result: dict[str, Any] = {
        "game": game,
        "a": a,
        "b": b,
        "deals": deals,
        "games": n,
        "seed": seed,
        "a_wins": wins,
        "draws": draws,
        "a_losses": losses,
        "a_win_rate": wins / n,
        "a_win_rate_ci": wilson(wins, n),
        "a_loss_rate": losses / n,
        "a_loss_rate_ci": wilson(losses, n),
        "a_score": (wins + draws / 2) / n,
        "a_score_ci": wilson(wins + draws / 2, n),
        "a_decided_win_rate": wins / (wins + losses) if wins + losses else 0.5,
        "a_decided_win_rate_ci": wilson(wins, wins + losses),
        "seconds_per_move": [seconds[s] / moves[s] if moves[s] else 0.0 for s in (0, 1)],
    }
    if game == "schnapsen":
        per_deal_a = [g.a_game_points / g.deals for g in games]
        per_deal_b = [g.b_game_points / g.deals for g in games]
        result["a_game_points_per_deal"] = mean_interval(per_deal_a)
        result["b_game_points_per_deal"] = mean_interval(per_deal_b)
        result["deals_played"] = sum(g.deals for g in games)
    return result
