"""``cardavia replay FILE``: step through a saved game, with the computer's
view (its analysis) of every move that had a choice, from the mover's seat
and at the level the game was played at; once the game is over, both hands
are shown."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.text import Text

from . import table
from .cards_view import CardView
from .glossary import game_title
from .i18n import _
from .narration import move_label, narrate, outcome_text
from .opponent import DEFAULT_LEVEL, LEVELS, Opponent, level_name, move_seed
from .saves import GameLog
from .session import percent

HUMAN = 0


def replay_level(log: GameLog, chosen: str | None = None) -> str:
    """The level to analyse at: the one asked for, else the computer's level
    in the saved game (what its hints said at the table)."""
    if chosen is not None:
        return chosen
    level = log.levels.get("1")
    return level if level in LEVELS else DEFAULT_LEVEL


def chance_phrase(value: float, game: str) -> str:
    """A move's value as what it is: the mover's chance to win the game
    (Durak, a draw counting half) or the match (Schnapsen)."""
    if game == "schnapsen":
        return _("{percent}% to win the match").format(percent=percent(value))
    return _("{percent}% to win the game").format(percent=percent(value))


def analysis_line(
    rows: list[dict[str, Any]], move: str, seat: int, obs: dict[str, Any], view: CardView
) -> str:
    """The computer's view of ``move`` by ``seat`` (``obs`` is that seat's
    observation before it); empty when there was nothing to choose."""
    if len(rows) < 2:
        return ""
    game = str(obs["game"])
    by_move = {r["move"]: r for r in rows}
    best = rows[0]
    played = by_move.get(move)
    chance = chance_phrase(float(played["value"]) if played else 0.0, game)
    if best["move"] == move:
        if seat == HUMAN:
            return _("Your move, from your seat: the best ({chance}).").format(chance=chance)
        return _("The computer's move, from its seat: the best ({chance}).").format(chance=chance)
    values = {
        "chance": chance,
        "best": move_label(str(best["move"]), obs, view),
        "best_chance": chance_phrase(float(best["value"]), game),
    }
    if seat == HUMAN:
        return _("Your move, from your seat: {chance}; best was {best} ({best_chance}).").format(
            **values
        )
    return _(
        "The computer's move, from its seat: {chance}; best was {best} ({best_chance})."
    ).format(**values)


def forced_text() -> str:
    return _("The only possible move.")


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
    console.print(
        Text(analysis_note(level, log.finished), style=view.style("muted")), soft_wrap=True
    )
    for i, entry in enumerate(log.moves, 1):
        seat, move = int(entry["seat"]), str(entry["move"])
        before = game.observation(0)
        mover_view = game.observation(seat)
        revealed = computer_hand(game) if log.finished else None
        console.print()
        console.print(Text(_("Move {i} of {n}").format(i=i, n=total), style=view.style("accent")))
        console.print(table.render(before, view, moves=[], hints=False, revealed=revealed))
        forced = len(mover_view.get("legal_moves") or []) < 2
        rows = [] if forced else opponent.analyse(mover_view, move_seed(log.seed, i))
        game.play(move)
        after = game.observation(0)
        for sentence in narrate(move, seat, before, after, view):
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
        console.print(
            table.render(final, view, moves=[], hints=False, revealed=computer_hand(game))
        )
        console.print(Text(outcome_text(final), style=view.style("good")))
    else:
        console.print(_("The game was not finished."))


def computer_hand(game: Any) -> list[str]:
    return [str(card) for card in game.observation(1)["hand"]]


def analysis_note(level: str, finished: bool) -> str:
    """What the replay's figures are, said once at the start."""
    note = _(
        "The computer analyses each move at level {level}, from the seat of the player who "
        "made it, knowing only what that player knew."
    ).format(level=level_name(level))
    if finished:
        note += " " + _("The game is over, so both hands are shown.")
    return note
