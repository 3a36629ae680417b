"""``learn`` as a mode of the page: the terminal's steps (``learn_steps``),
checked by the same functions (``learn``), one step at a time."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import cardavia

from ..play.lesson_steps import ILLEGAL_DEFENCE, Step, steps_for
from ..play.lessons import (
    answer_move,
    check_illegal_defence,
    closing_text,
    next_deal_began,
    play_after,
    position,
    step_text,
    told,
)
from ..words.card_faces import CardView
from ..words.glossary import game_title
from ..words.i18n import _
from ..words.moves_input import ordered_moves
from .card_json import cards_json
from .protocol import MessageError
from .table_json import table_json


@dataclass
class Lesson:
    game: str
    steps: list[Step]
    index: int = 0
    position: cardavia.Game | None = None
    solved: bool = False
    done: int = 0
    events: list[str] = field(default_factory=list)
    # The table to show once the step's Schnapsen deal is over and the
    # position has moved on to the next deal: the last one of the step's deal.
    shown: dict[str, Any] | None = None
    # Above two: the lesson of a bigger table (its steps deal to that many).
    players: int = 2

    @classmethod
    def start(cls, game: str, players: int = 2) -> Lesson:
        lesson = cls(game, steps_for(game, players), players=players)
        lesson.open_step()
        return lesson

    @property
    def step(self) -> Step:
        return self.steps[self.index]

    @property
    def finished(self) -> bool:
        return self.index >= len(self.steps)

    def open_step(self) -> None:
        self.position = position(self.game, self.step)
        self.solved = False
        self.events = []
        self.shown = None

    def answer(self, text: str, view: CardView) -> None:
        """Check the player's answer (a move string or typed text); a wrong
        one raises ``MessageError`` with the lesson's reason."""
        g = self.position
        if self.finished or g is None or self.solved:
            raise MessageError("lesson", text=_("Go on to the next step."))
        step = self.step
        if step.accept == (ILLEGAL_DEFENCE,):
            problem = check_illegal_defence(g, text, step, view)
            if problem is not None:
                raise MessageError("lesson", "text", text, text=problem)
            self.solved = True
            self.done += 1
            return
        obs = g.observation(0)
        problem, move = answer_move(g, obs, text, step, view)
        if move is None:
            raise MessageError("lesson", "text", text, text=problem)
        g.play(move)
        self.events = told(move, 0, obs, g.observation(0), view)
        self.events += play_after(g, step, view)
        if next_deal_began(obs, g.observation(0)):
            self.shown = obs
        self.solved = True
        self.done += 1

    def next(self) -> None:
        if self.finished:
            raise MessageError("no_lesson")
        self.index += 1
        if not self.finished:
            self.open_step()

    def as_json(self, view: CardView) -> dict[str, Any]:
        message: dict[str, Any] = {
            "type": "lesson",
            "game": self.game,
            "players": self.players,
            "heading": _(
                "Learn {game}: {n} short steps. Type skip to skip a step, quit to stop."
            ).format(game=game_title(self.game), n=len(self.steps))
            if self.index == 0
            else None,
            "steps": len(self.steps),
            "index": self.index,
            "finished": self.finished,
            "done_text": closing_text(self.game, self.done, len(self.steps))
            if self.finished
            else None,
        }
        if self.finished or self.position is None:
            return message
        step = self.step
        obs = self.shown if self.shown is not None else self.position.observation(0)
        illegal_defence = step.accept == (ILLEGAL_DEFENCE,)
        offered = [] if self.solved or illegal_defence else ordered_moves(obs)
        message.update(
            {
                "title": _("Step {i} of {n}: {title}").format(
                    i=self.index + 1, n=len(self.steps), title=_(step.title)
                ),
                "text": step_text(_(step.text), step, view),
                "question": step_text(_(step.question), step, view),
                "success": step_text(_(step.success), step, view) if self.solved else None,
                "solved": self.solved,
                "events": self.events,
                "view": table_json(obs, view, moves=offered, hints=False),
                # The one step whose answer is a card that may not be played:
                # the hand's cards are offered as answers, not as moves.
                "answers": cards_json(obs["hand"], view)
                if illegal_defence and not self.solved
                else [],
            }
        )
        return message
