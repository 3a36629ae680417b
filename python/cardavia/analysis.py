"""Every decision of recorded games, analysed by the AI: the value of each
legal move, of the move played and of the AI's own choice, and each
player's expected value lost per move. Locally on threads, or one game per
task on a Ray cluster (``cardavia.distributed``), with the same results.

A value is the searching seat's mean reward in [0, 1] (``cardavia.ai.
analyse``): in Durak and perevodnoy the chance to win the game (win 1, draw
½, loss 0), in Schnapsen the chance to win the match from the score the
deal leaves (docs/AI.md, "Schnapsen plays the match"). The *best* move is
the one the AI would play (the most visited); a move's *expected value
lost* is the best move's value less the played move's, never below 0. A
forced move (the only legal one) is not searched and counts for no player's
errors.

Every value is an average of the search's rewards, so it carries noise.
Each move's ``error`` starts from a bound on the standard error of a mean
of ``n`` rewards in [0, 1]: with mean ``v`` they vary by at most
``v(1 - v)`` (the Bhatia-Davis inequality), ``v`` first shrunk towards ½ by
one win and one loss (Laplace's rule) so that a move tried a few times
never looks certain: ``sqrt(p(1 - p) / n)``, ``p = (v n + 1) / (n + 2)``.
A tree search's rewards are not independent draws (the tree's policy
changes as it grows), and searches of the same position from other seeds
spread up to about ``SPREAD`` times that bound (Durak and perevodnoy;
far less in Schnapsen), so the error is the bound times ``SPREAD``
(docs/AI.md, "How sure the analysis is", has the measurements). A solve
reports every move with the same visits (the worlds it solved); one world
solved means nothing was hidden and the values are exact (error 0), and
worlds dealt at random and solved one by one are independent draws, whose
error is the bound itself. A
played move is a *mistake* only when its loss exceeds ``CONFIDENCE_Z``
errors of the difference, ``z sqrt(e_best² + e_played²)``; a move a tree
search visited fewer than ``BARELY_TRIED`` times has no value worth
quoting (its error may exceed 0.1).
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from . import ai, distributed
from .api import check_game, new_game
from .errors import IllegalMoveError
from .tournament import check_level, check_threads, move_seed

__all__ = [
    "BARELY_TRIED",
    "CONFIDENCE_Z",
    "SPREAD",
    "GameRecord",
    "analyse_game",
    "analyse_games",
    "barely_tried",
    "margin",
    "standard_errors",
]

#: A loss counts as a mistake beyond this many standard errors of the
#: difference (about 95%, two-sided).
CONFIDENCE_Z = 2.0
#: How far repeated searches of a position spread, relative to the bound
#: from the visits: about 1.8 at the 90th percentile in Durak and
#: perevodnoy, 0.6 in Schnapsen (docs/AI.md).
SPREAD = 2.0
#: Fewer visits than this from a tree search leave a move's value too
#: uncertain to quote: the worst-case error 2 × 0.5 / sqrt(n) exceeds 0.1.
BARELY_TRIED = 100


def _solved(rows: Sequence[Mapping[str, Any]]) -> bool:
    """Whether the rows come from a solve: the same visits for every move
    (the worlds solved), which a tree search's UCB does not give."""
    return len({int(r["visits"]) for r in rows}) == 1


def standard_errors(rows: Sequence[Mapping[str, Any]]) -> list[float]:
    """Each row's standard error (see the module), in the rows' order."""
    solved = _solved(rows)
    if solved and rows and int(rows[0]["visits"]) == 1:
        return [0.0] * len(rows)
    # Worlds solved one by one are independent draws: the bound holds as it
    # is; a tree search's rewards are not, hence its SPREAD.
    factor = 1.0 if solved else SPREAD
    errors = []
    for row in rows:
        n = int(row["visits"])
        p = (float(row["value"]) * n + 1) / (n + 2)
        errors.append(factor * math.sqrt(p * (1 - p) / max(n, 1)))
    return errors


def barely_tried(rows: Sequence[Mapping[str, Any]]) -> list[bool]:
    """Whether the search hardly tried each row's move (see the module)."""
    if _solved(rows):
        return [False] * len(rows)
    return [int(row["visits"]) < BARELY_TRIED for row in rows]


def margin(rows: Sequence[Mapping[str, Any]], best: str, move: str) -> float:
    """How far ``move``'s value may lie below ``best``'s by noise alone."""
    errors = dict(zip((str(r["move"]) for r in rows), standard_errors(rows), strict=True))
    return CONFIDENCE_Z * math.hypot(errors[best], errors[move])


@dataclass(frozen=True)
class GameRecord:
    """A game as recorded: how it was dealt and every move in order.

    ``seeds``: the search seed of each decision (by default the tournament's
    ``move_seed(seed or 0, ply)``); ``label`` names the game in results."""

    game: str
    moves: Sequence[str]
    seed: int | None = None
    deck: Sequence[str] | None = None
    seeds: Sequence[int] | None = None
    label: str = ""
    players: dict[str, str] = field(default_factory=dict)
    # The seats at the table (RULES.md chapter 7); a duel's record has two.
    seats: int = 2


def _decision(rows: list[dict[str, Any]], move: str) -> dict[str, Any]:
    """A searched decision: every legal move's statistics, best first."""
    values = {str(row["move"]): float(row["value"]) for row in rows}
    best = str(rows[0]["move"])
    lost = max(0.0, values[best] - values[move])
    noise = margin(rows, best, move)
    return {
        "played": move,
        "best": best,
        "played_value": values[move],
        "best_value": values[best],
        "ev_lost": lost,
        "margin": noise,
        "mistake": lost > noise,
        "moves": [
            {
                "move": str(r["move"]),
                "visits": int(r["visits"]),
                "value": float(r["value"]),
                "error": error,
                "barely_tried": barely,
            }
            for r, error, barely in zip(
                rows, standard_errors(rows), barely_tried(rows), strict=True
            )
        ],
    }


def analyse_game(record: GameRecord, level: str) -> dict[str, Any]:
    """Every decision of one game and each seat's summary (see the module).
    A move that is not legal where it stands raises ``IllegalMoveError``
    with ``field`` ``moves[i]``."""
    seats = None if record.seats == 2 else record.seats
    game = new_game(record.game, seed=record.seed, deck=record.deck, players=seats)
    decisions: list[dict[str, Any]] = []
    for ply, move in enumerate(record.moves):
        seat = game.current_player
        where = f"moves[{ply}]"
        if seat is None:
            raise IllegalMoveError(kind="game_over", field=where, value=move)
        observation = game.observation(seat)
        legal = [str(m) for m in observation["legal_moves"]]
        if move not in legal:
            raise IllegalMoveError(
                kind="illegal_move", field=where, value=move, legal=legal, seat=seat
            )
        entry: dict[str, Any] = {"ply": ply + 1, "seat": seat, "forced": len(legal) == 1}
        if entry["forced"]:
            entry.update(played=move, best=move, played_value=None, best_value=None)
            entry.update(ev_lost=0.0, margin=0.0, mistake=False)
            entry.update(moves=[{"move": move, "visits": 0, "value": None, "error": None}])
        else:
            seed = record.seeds[ply] if record.seeds is not None else None
            if seed is None:
                seed = move_seed(record.seed or 0, ply)
            entry.update(_decision(ai.analyse(observation, level=level, seed=seed), move))
        decisions.append(entry)
        game.play(move)
    return {
        "label": record.label,
        "game": record.game,
        "level": level,
        "players": dict(record.players),
        "moves": len(record.moves),
        "finished": game.is_over,
        "outcome": game.outcome,
        "decisions": decisions,
        "summary": [_summary(seat, decisions) for seat in range(game.players)],
    }


def _summary(seat: int, decisions: list[dict[str, Any]]) -> dict[str, Any]:
    chosen = [d for d in decisions if d["seat"] == seat and not d["forced"]]
    lost = sum(d["ev_lost"] for d in chosen)
    mistakes = [d for d in chosen if d["mistake"]]
    # Only a loss beyond the search's noise is anyone's worst move.
    worst = max(mistakes, key=lambda d: d["ev_lost"], default=None)
    return {
        "seat": seat,
        "decisions": len(chosen),
        "forced": sum(1 for d in decisions if d["seat"] == seat and d["forced"]),
        "agreed": sum(1 for d in chosen if d["played"] == d["best"]),
        "mistakes": len(mistakes),
        "ev_lost": lost,
        "ev_lost_per_move": lost / len(chosen) if chosen else 0.0,
        "worst": None
        if worst is None
        else {k: worst[k] for k in ("ply", "played", "best", "ev_lost", "margin")},
    }


def analyse_games(
    records: Sequence[GameRecord],
    *,
    level: str = "normal",
    threads: int | None = None,
    backend: str = "local",
    address: str | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> list[dict[str, Any]]:
    """``analyse_game`` for every record, in their order: on ``threads``
    threads (default: every core), or each game a task on Ray
    (``backend="ray"``, ``address`` as for ``cardavia.tournament``).
    ``progress(done, total)`` is called as games are done."""
    chosen = distributed.check_backend(backend, address)
    check_level(level)
    for index, record in enumerate(records):
        if not isinstance(record, GameRecord):
            raise TypeError(f"records[{index}] must be a GameRecord, got {type(record).__name__}")
        check_game(record.game)
    if threads is not None:
        check_threads(threads)
    jobs = list(range(len(records)))
    count = [0]
    lock = threading.Lock()

    def finish(_index: int, result: dict[str, Any]) -> dict[str, Any]:
        with lock:
            count[0] += 1
            done = count[0]
        if progress is not None:
            progress(done, len(jobs))
        return result

    results = distributed.each(
        analyse_game,
        jobs,
        lambda i: (records[i], level),
        finish,
        backend=chosen,
        address=address,
        threads=threads,
    )
    return [results[i] for i in jobs]
