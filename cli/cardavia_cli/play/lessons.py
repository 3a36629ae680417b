"""The lessons of ``cardavia learn`` (terminal and web): each step's
position dealt by the engine, whether an answer is what the step asks, the
computer's fixed replies, and the step's texts. The steps themselves are in
``lesson_steps.py``."""

from __future__ import annotations

from typing import Any

import cardavia

from ..words.card_faces import CardView
from ..words.i18n import _, pgettext
from ..words.moves_input import display_word, normalize, ordered_moves, parse_cards, parse_input
from ..words.narration import narrate
from ..words.seated_narration import narrate_seated
from .lesson_steps import (
    ANY_ATTACK,
    ANY_LEGAL,
    ANY_PLAY,
    COMPUTER_REPLY,
    WINS_TRICK,
    Step,
)


def lesson_words() -> tuple[set[str], set[str]]:
    """What a player types in a lesson to skip a step, and to stop."""
    skip_words = {"skip", normalize(pgettext("command", "skip"))}
    quit_words = {"quit", "q", "exit", normalize(pgettext("command", "quit"))}
    return skip_words, quit_words


def position(game: str, step: Step) -> cardavia.Game:
    seats = None if step.players == 2 else step.players
    g = cardavia.new_game(game, deck=list(step.deck), players=seats)
    for move in step.setup:
        g.play(move)
    return g


def step_text(template: str, step: Step, view: CardView) -> str:
    values = {name: view.label(card) for name, card in step.cards.items()}
    values["word"] = display_word(step.word) if step.word else ""
    return template.format(**values)


def accepts(step: Step, g: cardavia.Game, move: str) -> bool:
    legal = g.legal_moves()
    if move not in legal:
        return False
    for rule in step.accept:
        if rule in (ANY_LEGAL, move):
            return True
        if rule == ANY_ATTACK and move.startswith("attack:"):
            return True
        if rule == ANY_PLAY and move.startswith("play:"):
            return True
        if rule == WINS_TRICK:
            trial = g.clone()
            trial.play(move)
            tricks = trial.observation(0)["tricks"]
            if tricks and tricks[-1][2] == 0:
                return True
    return False


def computer_reply(g: cardavia.Game) -> str:
    """The computer's simple, fixed answer in a lesson: cover with the
    lowest card it can, else take, else stop (Schnapsen: its first card),
    for the computer seat to move."""
    obs = g.observation(int(g.current_player or 1))
    moves = ordered_moves(obs)
    for kind in ("defend:", "take", "stop"):
        for move in moves:
            if move.startswith(kind):
                return move
    return moves[0]


def next_deal_began(before: dict[str, Any], after: dict[str, Any]) -> bool:
    """Whether a Schnapsen deal ended between two observations and the match
    went on: ``after`` is then already the next deal's table."""
    ended = len(after.get("deals") or []) > len(before.get("deals") or [])
    return ended and after.get("outcome") is None


def play_after(g: cardavia.Game, step: Step, view: CardView) -> list[str]:
    events: list[str] = []
    for planned in step.after:
        if g.is_over or g.current_player is None:
            break
        seat = g.current_player
        move = computer_reply(g) if planned == COMPUTER_REPLY else planned
        if move not in g.legal_moves():
            continue
        before = g.observation(0)
        g.play(move)
        events.extend(told(move, seat, before, g.observation(0), view))
    return events


def told(
    move: str, seat: int, before: dict[str, Any], after: dict[str, Any], view: CardView
) -> list[str]:
    """A lesson's move in words, at a duel or a bigger table."""
    if int(before.get("players", 2)) > 2:
        return narrate_seated(move, seat, before, after, view)
    return narrate(move, seat, before, after, view)


def check_illegal_defence(g: cardavia.Game, answer: str, step: Step, view: CardView) -> str | None:
    """None if ``answer`` names a card in hand that cannot cover; else why not."""
    obs = g.observation(0)
    cards = [c for c in parse_cards(answer, g.game, view.ascii) if c in obs["hand"]]
    if not cards:
        return _("Type one of the cards in your hand, for example {card}.").format(
            card=view.label(obs["hand"][0])
        )
    card = cards[0]
    if f"defend:{card}" in g.legal_moves():
        return _(
            "No: {card} does beat it. Look for a card that is neither higher in suit nor a trump."
        ).format(card=view.label(card))
    return None


def closing_text(game: str, done: int, total: int) -> str:
    """The lesson's last words: praise only for steps actually done."""
    if done == total:
        return _("Well done! Play a real game with: cardavia play {game}").format(game=game)
    if done == 0:
        return _(
            "You skipped every step. Try them with: cardavia learn {game}, "
            "or play a real game with: cardavia play {game}"
        ).format(game=game)
    return _(
        "You did {done} of {total} steps. Try the ones you skipped with: cardavia learn {game}, "
        "or play a real game with: cardavia play {game}"
    ).format(done=done, total=total, game=game)


def answer_move(
    g: cardavia.Game, obs: dict[str, Any], answer: str, step: Step, view: CardView
) -> tuple[str | None, str | None]:
    """(problem, None) or (None, accepted move)."""
    parsed = parse_input(answer, g, view)
    if parsed.kind == "command":
        return _("In a lesson, answer with a move (or skip, quit)."), None
    if parsed.kind == "invalid":
        return parsed.message, None
    options = [parsed.move] if parsed.kind == "move" and parsed.move else list(parsed.options)
    good = [m for m in options if accepts(step, g, m)]
    if good:
        return None, good[0]
    return _("That move is allowed, but it is not what this step is about. Try again."), None
