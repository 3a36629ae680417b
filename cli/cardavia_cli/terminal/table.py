"""The table as the player sees it: rich renderables built from
``observation(0)``. Kept to short lines so it reads well at 60 columns."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from ..words.card_faces import CardView, sort_cards
from ..words.glossary import game_title
from ..words.i18n import _
from ..words.moves_input import card_of
from ..words.narration import move_label
from ..words.seats import HUMAN
from ..words.table_seats import (
    players_text,
    seated,
    seated_taking_text,
    turn_line,
    your_role_text,
)
from ..words.table_words import (
    deal_text,
    last_trick_line,
    lead_line,
    limit_text,
    marriages_line,
    match_text,
    move_word,
    opponent_line,
    pile_text,
    points_text,
    role_text,
    strict_reminder,
    taking_text,
    talon_text,
    tip,
    trump_line,
    turn_text,
)
from .seats_view import seat_lines


def hand_line(obs: dict[str, Any], moves: list[str], view: CardView) -> Text:
    """Your cards, sorted; a playable card carries the number of its move."""
    number: dict[str, int] = {}
    for i, move in enumerate(moves, 1):
        card = card_of(move)
        if card is not None and card not in number:
            number[card] = i
    hand = sort_cards(list(obs["hand"]), str(obs["game"]), obs.get("trump"))
    out = Text(_("Your hand:") + " ")
    if not hand:
        out.append(_("no cards"))
    for i, card in enumerate(hand):
        if i:
            out.append(" ")
        out.append_text(view.card(card))
        if card in number:
            out.append(f"({number[card]})", style=view.style("number"))
    return out


def moves_block(obs: dict[str, Any], moves: list[str], view: CardView) -> list[Text]:
    lines = [Text(_("Your moves:"), style=view.style("accent"))]
    for i, move in enumerate(moves, 1):
        line = Text("  ")
        line.append(f"{i:>2}.", style=view.style("number"))
        line.append(" " + move_label(move, obs, view))
        word = move_word(move, obs)
        if word is not None:
            line.append(f" · {word}", style=view.style("muted"))
        lines.append(line)
    return lines


def table_line(obs: dict[str, Any], view: CardView) -> Text:
    line = Text(_("Table (attack/defence):") + " ")
    table = obs.get("table") or []
    if not table:
        line.append(_("empty"))
    for i, (attack, defence) in enumerate(table):
        if i:
            line.append("  ")
        line.append_text(view.card(attack))
        line.append("/")
        if defence is None:
            line.append("..." if view.ascii else "…")
        else:
            line.append_text(view.card(defence))
    return line


def durak_lines(
    obs: dict[str, Any], view: CardView, revealed: list[str] | None = None
) -> list[Text]:
    lines = [trump_line(obs, view), Text(pile_text(obs)), opponent_line(obs, view, revealed)]
    lines.append(table_line(obs, view))
    limit = limit_text(obs)
    if limit:
        lines.append(Text(limit, style=view.style("muted")))
    taking = taking_text(obs)
    if taking:
        lines.append(Text(taking, style=view.style("muted")))
    role = role_text(obs)
    if role:
        lines.append(Text(role))
    return lines


def seated_lines(
    obs: dict[str, Any],
    view: CardView,
    out_after: dict[int, int] | None = None,
    hands: list[list[str]] | None = None,
) -> list[Text]:
    """A table of more than two: the seats around it instead of the one
    opponent (``hands``: every seat's cards, in the replay of a finished
    game)."""
    lines = [trump_line(obs, view), Text(pile_text(obs))]
    lines.extend(seat_lines(obs, view, out_after, hands))
    lines.append(table_line(obs, view))
    limit = limit_text(obs)
    if limit:
        lines.append(Text(limit, style=view.style("muted")))
    taking = seated_taking_text(obs)
    if taking:
        lines.append(Text(taking, style=view.style("muted")))
    role = your_role_text(obs)
    if role:
        lines.append(Text(role))
    return lines


def schnapsen_lines(
    obs: dict[str, Any], view: CardView, revealed: list[str] | None = None
) -> list[Text]:
    lines = [trump_line(obs, view), Text(talon_text(obs))]
    lines.append(Text(points_text(obs)))
    lines.append(Text(match_text(obs)))
    marriages = marriages_line(obs, view)
    if marriages is not None:
        lines.append(marriages)
    lines.append(opponent_line(obs, view, revealed))
    for optional in (lead_line(obs, view), last_trick_line(obs, view)):
        if optional is not None:
            lines.append(optional)
    return lines


def render(
    obs: dict[str, Any],
    view: CardView,
    *,
    moves: list[str],
    events: list[str] | None = None,
    hints: bool = True,
    revealed: list[str] | None = None,
    out_after: dict[int, int] | None = None,
    hands: list[list[str]] | None = None,
) -> RenderableType:
    """The whole table for seat 0 (``revealed``: the computer's hand, shown
    only in the replay of a finished game; at a table of more than two,
    ``hands``: every seat's, and ``out_after``: the bout each seat went
    out after)."""
    game = str(obs["game"])
    title = Text(f"── {game_title(game)} ", style=view.style("accent"))
    if game == "schnapsen":
        title.append(deal_text(obs) + " ")
    if seated(obs):
        title.append(players_text(int(obs["players"])) + " ")
    title.append("──")
    lines: list[Text] = [title]
    if game == "schnapsen":
        lines.extend(schnapsen_lines(obs, view, revealed))
    elif seated(obs):
        lines.extend(seated_lines(obs, view, out_after, hands))
    else:
        lines.extend(durak_lines(obs, view, revealed))
    lines.append(hand_line(obs, moves, view))
    for event in events or []:
        lines.append(Text(f"{view.event_mark} {event}", style=view.style("accent")))
    if obs.get("outcome") is None:
        mine = obs.get("current_player") == HUMAN
        turn = turn_line(obs) if seated(obs) else turn_text(obs)
        lines.append(Text(turn, style=view.style("good" if mine else "muted")))
        reminder = strict_reminder(obs)
        if reminder:
            lines.append(Text(reminder, style=view.style("bad")))
        if moves:
            lines.extend(moves_block(obs, moves, view))
        if hints:
            hint = tip(obs, view)
            if hint:
                lines.append(Text(hint, style=view.style("muted")))
    return Group(*lines)
