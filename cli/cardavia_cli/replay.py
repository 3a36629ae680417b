"""``cardavia replay FILE``: step through a saved game, with the computer's
view (its analysis) of every move."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.text import Text

from . import table
from .cards_view import CardView
from .i18n import _
from .narration import move_label, narrate, outcome_text
from .opponent import Opponent, move_seed, win_chance
from .saves import GameLog

# The budget of the computer's view of a replayed move (fast, and enough to
# tell a good move from a poor one).
ANALYSIS_LEVEL = "easy"


def analysis_line(
    rows: list[dict[str, Any]], move: str, obs: dict[str, Any], view: CardView
) -> str:
    if not rows:
        return ""
    values = [float(r["value"]) for r in rows]
    by_move = {r["move"]: r for r in rows}
    best = rows[0]
    best_chance = round(win_chance(float(best["value"]), values) * 100)
    played = by_move.get(move)
    played_chance = round(win_chance(float(played["value"]), values) * 100) if played else 0
    if best["move"] == move:
        return _("Analysis: the best move (about {percent}% to win).").format(percent=best_chance)
    return _(
        "Analysis: this move about {percent}% to win; best was {best} (about {best_percent}%)."
    ).format(
        percent=played_chance,
        best=move_label(str(best["move"]), obs, view),
        best_percent=best_chance,
    )


def run_replay(
    log: GameLog,
    opponent: Opponent,
    view: CardView,
    console: Console,
    read_line: Callable[[str], str],
    *,
    show_all: bool,
) -> None:
    game = log.new_game()
    total = len(log.moves)
    console.print(
        Text(
            _("Replay of {game}: {n} moves").format(game=table.game_title(log.game), n=total),
            style=view.style("accent"),
        )
    )
    for i, entry in enumerate(log.moves, 1):
        seat, move = int(entry["seat"]), str(entry["move"])
        before = game.observation(0)
        mover_view = game.observation(seat)
        console.print()
        console.print(Text(_("Move {i} of {n}").format(i=i, n=total), style=view.style("accent")))
        console.print(table.render(before, view, moves=[], hints=False))
        rows = opponent.analyse(mover_view, move_seed(log.seed, i))
        game.play(move)
        after = game.observation(0)
        for sentence in narrate(move, seat, before, after, view):
            console.print(Text("» " + sentence, style=view.style("accent")))
        line = analysis_line(rows, move, mover_view, view)
        if line:
            console.print(Text(line, style=view.style("muted")))
        if not show_all and i < total:
            answer = read_line(_("Enter: next move · q: stop") + " > ").strip().lower()
            if answer in ("q", "quit"):
                return
    console.print()
    final = game.observation(0)
    if game.is_over:
        console.print(table.render(final, view, moves=[], hints=False))
        console.print(Text(outcome_text(final), style=view.style("good")))
    else:
        console.print(_("The game was not finished."))
