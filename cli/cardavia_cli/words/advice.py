"""The computer's advice in words: the chance each move leaves (the
terminal's ``?``, the web's Hint) and its view of each move of a replayed
game, from the mover's seat."""

from __future__ import annotations

from typing import Any

from cardavia.analysis import barely_tried, margin

from .card_faces import CardView
from .glossary import level_name
from .i18n import _
from .narration import move_label
from .seats import HUMAN


def advice_rows(
    rows: list[dict[str, Any]], obs: dict[str, Any], view: CardView
) -> list[tuple[str, str, int | None]]:
    """(move, its label, the chance it leaves in percent) for every legal
    move, highest chance first; ``None`` for a move the search barely tried,
    whose figure would mean nothing, after the rest. The value is the
    computer's estimate of the mover's chance to win the game (Durak: a draw
    counts half) or, in Schnapsen, the match. Equal figures keep the
    search's order, so its choice comes first among them."""
    rated: list[tuple[str, str, int | None]] = [
        (
            str(r["move"]),
            move_label(str(r["move"]), obs, view),
            None if barely else percent(float(r["value"])),
        )
        for r, barely in zip(rows, barely_tried(rows), strict=True)
    ]
    return sorted(rated, key=lambda row: (row[2] is None, -(row[2] or 0)))


def percent(value: float) -> int:
    return round(min(1.0, max(0.0, value)) * 100)


def suggestion_text(label: str) -> str:
    return _("The computer suggests: {move}").format(move=label)


def chances_heading(game: str, players: int = 2) -> str:
    """What the advice's percentages are: at a table of more than two, the
    chance not to be the durak (RULES.md chapter 7: the result of a seat
    that goes out is 1, a draw's ½)."""
    if players > 2:
        return _(
            "Your chance not to be the durak after each move, as the computer reckons it "
            "(a draw counts half):"
        )
    if game == "schnapsen":
        return _("Your chance to win the match after each move, as the computer reckons it:")
    return _(
        "Your chance to win the game after each move, as the computer reckons it "
        "(a draw counts half):"
    )


def chance_text(label: str, percent: int | None) -> str:
    if percent is None:
        return barely_tried_text(label)
    return _("{move}: {percent}%").format(move=label, percent=percent)


def barely_tried_text(label: str) -> str:
    return _("{move}: barely tried by the computer, no figure").format(move=label)


def thinking_text() -> str:
    """Said while the computer searches (its move, advice, a replay)."""
    return _("The computer is thinking…")


def chance_phrase(value: float, game: str, players: int = 2) -> str:
    """A move's value as what it is: the mover's chance to win the game
    (Durak, a draw counting half), not to be the durak (a bigger table) or
    to win the match (Schnapsen)."""
    if players > 2:
        return _("{percent}% not to be the durak").format(percent=percent(value))
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
    game, players = str(obs["game"]), int(obs.get("players", 2))
    by_move = {r["move"]: r for r in rows}
    best = rows[0]
    played = by_move.get(move)
    chance = chance_phrase(float(played["value"]) if played else 0.0, game, players)
    if best["move"] == move:
        if seat == HUMAN:
            return _("Your move, from your seat: the best ({chance}).").format(chance=chance)
        return _("The computer's move, from its seat: the best ({chance}).").format(chance=chance)
    values = {
        "chance": chance,
        "best": move_label(str(best["move"]), obs, view),
        "best_chance": chance_phrase(float(best["value"]), game, players),
    }
    if played is None:
        return ""
    tried = dict(zip((str(r["move"]) for r in rows), barely_tried(rows), strict=True))
    lost = float(best["value"]) - float(played["value"])
    if tried[move]:
        if seat == HUMAN:
            return _(
                "Your move, from your seat: barely tried by the computer; "
                "best was {best} ({best_chance})."
            ).format(**values)
        return _(
            "The computer's move, from its seat: barely tried in this analysis; "
            "best was {best} ({best_chance})."
        ).format(**values)
    if lost <= margin(rows, str(best["move"]), move):
        if seat == HUMAN:
            return _(
                "Your move, from your seat: {chance}, as good as {best} ({best_chance}) "
                "within the computer's margin of error."
            ).format(**values)
        return _(
            "The computer's move, from its seat: {chance}, as good as {best} ({best_chance}) "
            "within the computer's margin of error."
        ).format(**values)
    if seat == HUMAN:
        return _("Your move, from your seat: {chance}; best was {best} ({best_chance}).").format(
            **values
        )
    return _(
        "The computer's move, from its seat: {chance}; best was {best} ({best_chance})."
    ).format(**values)


def forced_text() -> str:
    return _("The only possible move.")


def analysis_note(level: str, finished: bool) -> str:
    """What the replay's figures are, said once at the start."""
    note = _(
        "The computer analyses each move at level {level}, from the seat of the player who "
        "made it, knowing only what that player knew."
    ).format(level=level_name(level))
    if finished:
        note += " " + _("The game is over, so both hands are shown.")
    return note


def seated_analysis_note(level: str, finished: bool) -> str:
    """``analysis_note`` for a table of more than two."""
    note = _(
        "The computer analyses each move at level {level}, from the seat of the player who "
        "made it, knowing only what that player knew."
    ).format(level=level_name(level))
    if finished:
        note += " " + _("The game is over, so every hand is shown.")
    return note
