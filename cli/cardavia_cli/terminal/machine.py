"""``cardavia play GAME --json``: one canonical move per input line, one
JSON object per output line (seat 0's observation, the computer's moves
since the last line, at a table of more than two the seats that made them
(``ai_seats``), and ``error`` when a line was rejected, an empty one
too). Never localized. The game is saved only when asked (``--save``)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import IO, Any

import cardavia

from ..play.logged_game import LoggedGame
from ..play.opponent import Opponent, move_seed
from ..play.saves import GameLog
from ..words.seats import COMPUTER, HUMAN


def _line(game: cardavia.Game, ai_moves: list[tuple[int, str]], error: str | None) -> str:
    state: dict[str, Any] = dict(game.observation(HUMAN))
    state["ai_moves"] = [move for _seat, move in ai_moves]
    if game.players > 2:
        # Which computer seat made each of them: there are several.
        state["ai_seats"] = [seat for seat, _move in ai_moves]
    if error is not None:
        state["error"] = error
    return json.dumps(state, ensure_ascii=False, sort_keys=True)


def _computer(game: cardavia.Game, log: GameLog, opponent: Opponent) -> list[tuple[int, str]]:
    """Every computer seat's moves until the player's turn or the end."""
    played: list[tuple[int, str]] = []
    while not game.is_over and game.current_player not in (None, HUMAN):
        seat = int(game.current_player or COMPUTER)
        seed = move_seed(log.seed, len(log.moves))
        move = opponent.choose(game.observation(seat), seed)
        game.play(move)
        log.record(seat, move)
        played.append((seat, move))
    return played


def _finish(played: LoggedGame, save: bool) -> None:
    game, log = played.game, played.log
    if game.is_over:
        log.finished = True
        log.outcome = game.outcome
    if save:
        played.save()


def run_machine(
    played: LoggedGame,
    lines: Iterable[str],
    out: IO[str],
    *,
    save: bool = False,
) -> None:
    """The protocol on ``lines``; with ``save``, the log written (from the
    first move, under the game's lock) after every line, as the table does."""
    game, log, opponent = played.game, played.log, played.opponent
    ai_moves = _computer(game, log, opponent)
    _finish(played, save)
    out.write(_line(game, ai_moves, None) + "\n")
    out.flush()
    for raw in lines:
        move = raw.strip()
        error: str | None = None
        ai_moves = []
        if not move:
            error = "empty line: send one move, such as attack:7S or take"
        elif game.is_over:
            error = "the game is over"
        else:
            try:
                game.play(move)
            except cardavia.CardaviaError as exc:
                error = str(exc)
            else:
                log.record(HUMAN, move)
                ai_moves = _computer(game, log, opponent)
                _finish(played, save)
        out.write(_line(game, ai_moves, error) + "\n")
        out.flush()
