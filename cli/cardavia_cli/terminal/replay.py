"""``cardavia replay FILE``: step through a saved game, with the computer's
view (its analysis) of every move that had a choice, from the mover's seat
and at the level the game was played at; once the game is over, both hands
are shown."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.text import Text

from ..play.bouts import out_after_bouts
from ..play.opponent import Opponent, move_seed
from ..play.saves import GameLog
from ..terminal import table
from ..words.advice import analysis_line, analysis_note, forced_text, seated_analysis_note
from ..words.card_faces import CardView
from ..words.glossary import game_title
from ..words.i18n import _
from ..words.narration import narrate, outcome_text
from ..words.seated_narration import narrate_seated
from ..words.table_seats import seated_outcome_text
from .thinking import thinking


def run_replay(
    log: GameLog,
    opponent: Opponent,
    view: CardView,
    console: Console,
    read_line: Callable[[str], str],
    *,
    show_all: bool,
    level: str,
) -> None:
    game = log.new_game()
    total = len(log.moves)
    console.print(
        Text(
            _("Replay of {game}: {n} moves").format(game=game_title(log.game), n=total),
            style=view.style("accent"),
        )
    )
    seated = log.players > 2
    note = seated_analysis_note if seated else analysis_note
    console.print(Text(note(level, log.finished), style=view.style("muted")), soft_wrap=True)
    for i, entry in enumerate(log.moves, 1):
        seat, move = int(entry["seat"]), str(entry["move"])
        before = game.observation(0)
        mover_view = game.observation(seat)
        console.print()
        console.print(Text(_("Move {i} of {n}").format(i=i, n=total), style=view.style("accent")))
        console.print(table.render(before, view, moves=[], hints=False, **shown(log, game, i - 1)))
        forced = len(mover_view.get("legal_moves") or []) < 2
        rows: list[dict[str, Any]] = []
        if not forced:
            with thinking(console, view):
                rows = opponent.analyse(mover_view, move_seed(log.seed, i))
        game.play(move)
        after = game.observation(0)
        told = narrate_seated if seated else narrate
        for sentence in told(move, seat, before, after, view):
            console.print(Text(f"{view.event_mark} {sentence}", style=view.style("accent")))
        line = forced_text() if forced else analysis_line(rows, move, seat, mover_view, view)
        if line:
            console.print(Text(line, style=view.style("muted")))
        if not show_all and i < total:
            answer = read_line(_("Enter: next move · q: stop") + " > ").strip().lower()
            if answer in ("q", "quit"):
                return
    console.print()
    final = game.observation(0)
    if game.is_over:
        console.print(table.render(final, view, moves=[], hints=False, **shown(log, game, total)))
        ending = seated_outcome_text(final) if seated else outcome_text(final)
        console.print(Text(ending, style=view.style("good")))
    else:
        console.print(_("The game was not finished."))


def computer_hand(game: Any) -> list[str]:
    return [str(card) for card in game.observation(1)["hand"]]


def shown(log: GameLog, game: Any, played: int) -> dict[str, Any]:
    """What the replay's table shows beyond seat 0's view after ``played``
    moves: a finished game's hidden hands, and at a bigger table when each
    seat went out."""
    if log.players <= 2:
        return {"revealed": computer_hand(game) if log.finished else None}
    hands = [[str(c) for c in game.observation(s)["hand"]] for s in range(log.players)]
    return {
        "hands": hands if log.finished else None,
        "out_after": out_after_bouts(log, played),
    }
