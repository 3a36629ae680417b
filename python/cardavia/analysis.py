"""Every decision of recorded games, analysed by the AI: the value of each
legal move, of the move played and of the AI's own choice, and each
player's expected value lost per move. Locally on threads, or one game per
task on a Ray cluster (``cardavia.distributed``), with the same results.

A value is the searching seat's mean reward in [0, 1] (``cardavia.ai.
analyse``: Durak win 1, draw ½, loss 0; Schnapsen ½ + game points won minus
lost over 6, to the end of the deal). The *best* move is the one the AI
would play (the most visited); a move's *expected value lost* is the best
move's value less the played move's, never below 0. A forced move (the only
legal one) is not searched and counts for no player's errors.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from . import ai, distributed
from .api import check_game, new_game
from .errors import IllegalMoveError
from .tournament import check_level, check_threads, move_seed

__all__ = ["GameRecord", "analyse_game", "analyse_games"]


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


def _decision(rows: list[dict[str, Any]], move: str) -> dict[str, Any]:
    """A searched decision: every legal move's statistics, best first."""
    values = {str(row["move"]): float(row["value"]) for row in rows}
    best = str(rows[0]["move"])
    return {
        "played": move,
        "best": best,
        "played_value": values[move],
        "best_value": values[best],
        "ev_lost": max(0.0, values[best] - values[move]),
        "moves": [
            {"move": str(r["move"]), "visits": int(r["visits"]), "value": float(r["value"])}
            for r in rows
        ],
    }


def analyse_game(record: GameRecord, level: str) -> dict[str, Any]:
    """Every decision of one game and each seat's summary (see the module).
    A move that is not legal where it stands raises ``IllegalMoveError``
    with ``field`` ``moves[i]``."""
    game = new_game(record.game, seed=record.seed, deck=record.deck)
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
            entry.update(ev_lost=0.0, moves=[{"move": move, "visits": 0, "value": None}])
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
        "summary": [_summary(seat, decisions) for seat in (0, 1)],
    }


def _summary(seat: int, decisions: list[dict[str, Any]]) -> dict[str, Any]:
    chosen = [d for d in decisions if d["seat"] == seat and not d["forced"]]
    lost = sum(d["ev_lost"] for d in chosen)
    worst = max(chosen, key=lambda d: d["ev_lost"], default=None)
    return {
        "seat": seat,
        "decisions": len(chosen),
        "forced": sum(1 for d in decisions if d["seat"] == seat and d["forced"]),
        "agreed": sum(1 for d in chosen if d["played"] == d["best"]),
        "ev_lost": lost,
        "ev_lost_per_move": lost / len(chosen) if chosen else 0.0,
        "worst": None
        if worst is None or worst["ev_lost"] == 0
        else {k: worst[k] for k in ("ply", "played", "best", "ev_lost")},
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
