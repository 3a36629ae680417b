"""``cardavia learn GAME``: the rules on real positions, one idea per step.

Each step deals its position with the engine, asks the player to act, and
checks the answer with the engine (``legal_moves`` and ``play``)."""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console
from rich.text import Text

from ..play.lesson_steps import (
    ILLEGAL_DEFENCE,
    steps_for,
)
from ..play.lessons import (
    answer_move,
    check_illegal_defence,
    closing_text,
    lesson_words,
    next_deal_began,
    play_after,
    position,
    step_text,
    told,
)
from ..terminal import table
from ..words.card_faces import CardView
from ..words.glossary import game_title
from ..words.i18n import _
from ..words.moves_input import normalize, ordered_moves


def run_lesson(
    game: str,
    view: CardView,
    console: Console,
    read_line: Callable[[str], str],
    players: int = 2,
) -> bool:
    """Walk through every step (of a bigger table with ``players`` above
    two); False if the player left early."""
    steps = steps_for(game, players)
    console.print(
        Text(
            _("Learn {game}: {n} short steps. Type skip to skip a step, quit to stop.").format(
                game=game_title(game), n=len(steps)
            ),
            style=view.style("accent"),
        )
    )
    skip_words, quit_words = lesson_words()
    done = 0
    for number, step in enumerate(steps, 1):
        g = position(game, step)
        obs = g.observation(0)
        console.print()
        console.print(
            Text(
                _("Step {i} of {n}: {title}").format(i=number, n=len(steps), title=_(step.title)),
                style=view.style("accent"),
            )
        )
        console.print(step_text(_(step.text), step, view))
        shown = [] if step.accept == (ILLEGAL_DEFENCE,) else ordered_moves(obs)
        console.print(table.render(obs, view, moves=shown, hints=False))
        while True:
            try:
                answer = read_line(step_text(_(step.question), step, view) + " > ")
            except (EOFError, KeyboardInterrupt):
                console.print()
                return False
            norm = normalize(answer)
            if norm in quit_words:
                return False
            if norm in skip_words:
                break
            if step.accept == (ILLEGAL_DEFENCE,):
                problem = check_illegal_defence(g, answer, step, view)
                if problem is not None:
                    console.print(Text(problem, style=view.style("bad")))
                    continue
                console.print(
                    Text(step_text(_(step.success), step, view), style=view.style("good"))
                )
                done += 1
                break
            problem, move = answer_move(g, obs, answer, step, view)
            if move is None:
                console.print(Text(problem or "", style=view.style("bad")))
                continue
            before = g.observation(0)
            g.play(move)
            events = told(move, 0, before, g.observation(0), view)
            events += play_after(g, step, view)
            after = g.observation(0)
            if next_deal_began(before, after):
                # The step's deal is over: the next deal's table is not this step's.
                for event in events:
                    console.print(Text(f"{view.event_mark} {event}", style=view.style("accent")))
            else:
                console.print(table.render(after, view, moves=[], events=events, hints=False))
            console.print(Text(step_text(_(step.success), step, view), style=view.style("good")))
            done += 1
            break
    console.print()
    console.print(Text(closing_text(game, done, len(steps)), style=view.style("good")))
    return True
