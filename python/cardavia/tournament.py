"""Duplicate-deal tournaments between two players, at two seats or at a
Durak table of up to six.

Each seeded deal is played twice with the seats swapped, so the luck of the
cards cancels out; at a table of N seats (``players=N``, Durak only) each
deal is played N times, A sitting once in every seat against N - 1 copies
of B, and the report is A's durak rate against the 1/N of equal players.
Players are named: ``random`` and ``greedy`` (the bots
of ``cardavia.bots``), the AI levels ``easy``, ``normal`` and ``hard``, or
``ai:N`` for the AI with a budget of N iterations. Deals run in parallel on
every core: the AI's search releases the GIL; or, with ``backend="ray"``, as
tasks of a Ray cluster (``cardavia.distributed``), with the same results.

``cardavia.tournament`` is this module, and calling it calls its
``tournament`` function: ``cardavia.tournament(game, a, b)`` plays and
``cardavia.tournament.deal_seed`` is found, as docs/API.md promises both.
"""

from __future__ import annotations

import math
import os
import random
import sys
import threading
import time
import types
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from . import _native, ai, bots, distributed
from .api import check_game, new_game
from .errors import InvalidArgumentError
from .external import ExternalPlayer
from .rng import MASK64, SplitMix64
from .tournament_journal import Journal, JournalGame

__all__ = [
    "MAX_PLAYERS",
    "PLAYERS",
    "Player",
    "deal_seed",
    "make_player",
    "move_seed",
    "seat_result",
    "tournament",
    "wilson",
]

#: The players a tournament knows by name (besides ai:N and cmd:COMMAND).
PLAYERS = (*bots.BOTS, *ai.LEVELS)
#: The most deals one tournament plays (each twice): the core's limit.
MAX_DEALS: int = _native.MAX_DEALS
#: The most seats each game's tournament seats: the core's limit (RULES 7).
MAX_PLAYERS: dict[str, int] = _native.MAX_PLAYERS


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
    if spec in ai.LEVELS:
        # A level plays as it does at the table (``easy`` picks plausibly),
        # on one thread: the tournament plays games side by side.
        return Player(spec, lambda obs, seed: ai.choose_move(obs, level=spec, seed=seed))
    parts = spec.split(":")
    if not (
        parts[0] == "ai"
        and len(parts) in (2, 3, 4)
        and parts[1].isdigit()
        and (len(parts) == 2 or parts[2] in ai.ROLLOUTS)
        and (len(parts) < 4 or parts[3] in ai.WORLDS)
    ):
        raise InvalidArgumentError(
            kind="player",
            field="player",
            value=spec,
            choices=list(PLAYERS),
            rollouts=list(ai.ROLLOUTS),
            worlds=list(ai.WORLDS),
        )
    budget = int(parts[1])
    rollouts = parts[2] if len(parts) >= 3 else ai.AUTO_ROLLOUTS
    worlds = parts[3] if len(parts) == 4 else ai.AUTO_WORLDS
    return Player(
        spec,
        lambda obs, seed: ai.choose_move(
            obs, iterations=budget, seed=seed, rollouts=rollouts, worlds=worlds
        ),
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


def deal_seed(seed: int, index: int) -> int:
    """The seed of deal ``index`` of a run seeded ``seed``: the same
    derivation as the Rust core's ``simulate::game_seed``."""
    return SplitMix64((seed ^ (index * 0xD1B54A32D192ED03)) & MASK64).next()


def move_seed(deal: int, index: int) -> int:
    """The seed a player is handed for the ``index``-th move of a deal."""
    return (deal + 7919 * index) & MASK64


def seat_result(outcome: Mapping[str, Any], seat: int) -> float:
    """A seat's result in a finished Durak game (RULES 7, "Outcome and
    rewards"): the durak 0, every other seat 1; in a draw the seats that
    went out together in the last bout, or after an idle-bout draw the seats
    still in, ½ each. With two seats: win 1, draw ½, loss 0.

    Read from the outcome dict alone, as the reference's ``Seats.results``
    reads its position; the one place a tournament scores a seat."""
    if not outcome["draw"]:
        return 0.0 if seat == outcome["loser"] else 1.0
    groups: list[list[int]] = outcome.get("out", [])
    if outcome.get("reason") == "idle_bouts":
        # Fifty idle bouts: the seats still in share the draw.
        return 1.0 if any(seat in group for group in groups) else 0.5
    # Every seat in went out in the last bout (both seats, in a duel).
    return 0.5 if not groups or seat in groups[-1] else 1.0


def check_players(game: str, players: int) -> int:
    """The seats of a tournament's table: 2, or for Durak up to the core's
    limit (its check, its error: kind ``integer`` or ``two_players``, field
    ``players``)."""
    if type(players) is int and players == 2:
        # Every game seats two; the core's check is for a table's size.
        return 2
    return _native.check_players(game, players)


def _play(
    game: str, deal_seed: int, players: tuple[Player, Player], a_seat: int, seats: int = 2
) -> JournalGame:
    # Schnapsen takes no ``players``; ``None`` is a duel of any game.
    g = new_game(game, seed=deal_seed, players=None if seats == 2 else seats)
    # A in its seat, a copy of B in every other.
    seated = [players[0] if seat == a_seat else players[1] for seat in range(seats)]
    record = JournalGame(a_seat, {})
    move_index = 0
    while not g.is_over:
        seat = g.current_player
        assert seat is not None
        obs = g.observation(seat)
        side = 0 if seat == a_seat else 1
        start = time.perf_counter()
        move = seated[seat].choose(obs, move_seed(deal_seed, move_index))
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
    players: int = 2,
    deals: int = 100,
    seed: int = 0,
    threads: int | None = None,
    journal: str | os.PathLike[str] | None = None,
    progress: Callable[[int, int], None] | None = None,
    backend: str = "local",
    address: str | None = None,
) -> dict[str, Any]:
    """Play ``deals`` duplicate deals (2 x ``deals`` games) of A against B.

    Durak and perevodnoy: A's wins, draws and losses, its score and its
    share of decided games, with 95% intervals. Schnapsen: A's match wins
    with a 95% interval, and game points per deal for both sides. Seconds
    per move for each side.

    ``players=N`` (Durak and perevodnoy, 3 to 6): each deal is played N
    times, A in every seat once and a copy of B in each other seat; the
    result gives ``players``, A's durak count and rate with its interval,
    the ``durak_baseline`` 1/N, A's mean result (RULES 7: the durak 0, the
    others 1, a shared draw ½; ``seat_result``) with its interval, the
    draws, and the same two figures per seat of B (``b_durak_rate``,
    ``b_mean_result``). Seconds per move are A's and the B seats' together.

    ``journal``: a file that records every finished game; a tournament
    started again with the same file, game, players and seed plays only the
    games it does not hold yet (the result also gives ``resumed_games``).
    ``progress(done, total)`` is called as games finish, from the threads
    that play them. When a game fails or the call is interrupted (Ctrl-C),
    no further game starts; the journal keeps every game that finished.

    ``backend="ray"`` plays each game as a task of a Ray cluster (``address``:
    see ``cardavia.distributed.connect``; ``threads``: the most games under
    way, by default the cluster's CPUs). Every game is the one the local
    backend plays, and the journal is the same, so either backend resumes
    it; a task that fails or loses its worker is played again."""
    name = check_game(game)
    seats = check_players(name, players)
    chosen = distributed.check_backend(backend, address)
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
    if threads is not None:
        check_threads(threads)
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be callable, got {type(progress).__name__}")
    pair = (make_player(a), make_player(b))
    book = None if journal is None else Journal(journal, name, a, b, seed, seats)
    held = {} if book is None else dict(book.games)
    order = [(i, a_seat) for i in range(deals) for a_seat in range(seats)]
    jobs = [job for job in order if job not in held]
    total, done = seats * deals, seats * deals - len(jobs)
    counter = threading.Lock()

    def finish(job: tuple[int, int], played: JournalGame) -> JournalGame:
        nonlocal done
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
        fresh = distributed.each(
            _remote_game,
            jobs,
            lambda job: (name, seed, job[0], job[1], a, b, seats),
            finish,
            backend=chosen,
            address=address,
            threads=threads,
            local=lambda game, seed, deal, a_seat, _a, _b, seats: _seated(
                game, deal_seed(seed, deal), pair, a_seat, seats
            ),
        )
    finally:
        for player in pair:
            if player.close is not None:
                player.close()
    games = [held[key] if key in held else fresh[key] for key in order]
    if seats == 2:
        result = _summarise(name, a, b, deals, seed, games)
    else:
        result = _summarise_table(name, a, b, seats, deals, seed, games)
    if book is not None:
        result["resumed_games"] = total - len(jobs)
    return result


def _seated(
    game: str, deal_seed: int, players: tuple[Player, Player], a_seat: int, seats: int
) -> JournalGame:
    # A duel calls ``_play`` as it always did: tests wrap it with that signature.
    if seats == 2:
        return _play(game, deal_seed, players, a_seat)
    return _play(game, deal_seed, players, a_seat, seats)


def check_threads(threads: object) -> int:
    """How many games a tournament plays at once: 1 to ``ai.MAX_THREADS``."""
    if isinstance(threads, bool) or not isinstance(threads, int):
        raise TypeError(f"threads must be an integer, got {type(threads).__name__}")
    if not 1 <= threads <= ai.MAX_THREADS:
        raise InvalidArgumentError(
            kind="integer", field="threads", value=threads, low=1, high=ai.MAX_THREADS
        )
    return threads


def check_level(level: object) -> str:
    """An AI level by name: one of ``ai.LEVELS``."""
    if level not in ai.LEVELS:
        raise InvalidArgumentError(
            kind="choice", field="level", value=level, choices=list(ai.LEVELS)
        )
    return str(level)


#: A Ray worker's players, made once per worker for the tournament's names.
_WORKER_PLAYERS: dict[tuple[str, str], tuple[Player, Player]] = {}


def _remote_game(
    game: str, seed: int, deal: int, a_seat: int, a: str, b: str, seats: int = 2
) -> JournalGame:
    """One game of a tournament, as a Ray task plays it: the very game the
    local backend plays. A failed game closes the worker's players, so that
    the retry starts an external player's process afresh."""
    players = _WORKER_PLAYERS.get((a, b))
    if players is None:
        players = _WORKER_PLAYERS[(a, b)] = (make_player(a), make_player(b))
    try:
        return _seated(game, deal_seed(seed, deal), players, a_seat, seats)
    except BaseException:
        del _WORKER_PLAYERS[(a, b)]
        for player in players:
            if player.close is not None:
                player.close()
        raise


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


def _summarise_table(
    game: str, a: str, b: str, seats: int, deals: int, seed: int, games: list[JournalGame]
) -> dict[str, Any]:
    """A's record at a table of ``seats``: how often it was the durak, set
    against the 1/N of equal players, and its mean result."""
    n = len(games)
    durak = sum(1 for g in games if g.outcome["loser"] == g.a_seat)
    draws = sum(1 for g in games if g.outcome["draw"])
    results = sum(seat_result(g.outcome, g.a_seat) for g in games)
    everyone = sum(seat_result(g.outcome, seat) for g in games for seat in range(seats))
    b_seats = n * (seats - 1)
    seconds = [sum(g.seconds[s] for g in games) for s in (0, 1)]
    moves = [sum(g.moves[s] for g in games) for s in (0, 1)]
    return {
        "game": game,
        "a": a,
        "b": b,
        "players": seats,
        "deals": deals,
        "games": n,
        "seed": seed,
        "a_durak": durak,
        "a_durak_rate": durak / n,
        "a_durak_rate_ci": wilson(durak, n),
        "durak_baseline": 1 / seats,
        "a_mean_result": results / n,
        "a_mean_result_ci": wilson(results, n),
        "draws": draws,
        # B's seats together, per seat: what A's figures are set against.
        "b_durak_rate": (n - draws - durak) / b_seats,
        "b_mean_result": (everyone - results) / b_seats,
        "seconds_per_move": [seconds[s] / moves[s] if moves[s] else 0.0 for s in (0, 1)],
    }


class _CallableModule(types.ModuleType):
    """The module as its own function (see the module's docstring): the
    package exports the module, so neither name hides the other."""

    def __call__(self, *args: Any, **kwargs: Any) -> dict[str, Any]:
        return tournament(*args, **kwargs)


sys.modules[__name__].__class__ = _CallableModule
