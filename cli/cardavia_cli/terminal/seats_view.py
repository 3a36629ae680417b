"""The seats around a Durak table of three to six: a line per seat (its
name, the backs of the cards it holds and their number, its role in the
bout, the cards known to be in its hand), the one to move marked. Short
enough for 80 columns with six seats and long hands; the two-seat table
keeps its single opponent line (``table``)."""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.text import Text

from ..words.card_faces import CardView, sort_cards
from ..words.i18n import _
from ..words.table_seats import SeatRole, role_badge, seat_name, seat_roles

# The most backs drawn for one hand; a longer hand shows its number only.
MOST_BACKS = 8


def backs(n: int, view: CardView) -> str:
    mark = "#" if view.ascii else "▮"
    return mark * min(n, MOST_BACKS) + ("+" if n > MOST_BACKS else "")


def seat_line(
    role: SeatRole,
    obs: dict[str, Any],
    view: CardView,
    width: int,
    revealed: list[str] | None = None,
) -> Text:
    """One seat: ``revealed`` (a finished game's replay) shows its cards."""
    seat = role.seat
    n = int(obs["hand_sizes"][seat])
    marker = (">" if view.ascii else "▶") if role.to_move else " "
    line = Text(f"{marker} ", style=view.style("good" if role.to_move else "muted"))
    name = seat_name(seat)
    line.append(
        name + " " * max(1, width - cell_len(name) + 1), style="bold" if role.to_move else ""
    )
    if role.role == "out" and n == 0:
        line.append(("-" if view.ascii else "—").ljust(MOST_BACKS + 2))
    else:
        line.append(backs(n, view).ljust(MOST_BACKS + 2), style=view.style("muted"))
    line.append(f"{n:>2}  ", style=view.style("number"))
    badge = role_badge(role)
    if badge:
        style = "accent" if role.role in ("attacker", "defender") else "muted"
        line.append(badge, style=view.style(style))
    game, trump = str(obs["game"]), obs.get("trump")
    if revealed is not None:
        cards = sort_cards(list(revealed), game, trump)
        if cards:
            line.append(" · ")
            line.append_text(view.cards(cards))
        return line
    known = obs.get("known") or []
    held = sort_cards(list(known[seat]), game, trump) if seat < len(known) and seat else []
    if held:
        before, _mark, after = _("known: {cards}").partition("{cards}")
        line.append(" · " + before)
        line.append_text(view.cards(held))
        line.append(after)
    return line


def seat_lines(
    obs: dict[str, Any],
    view: CardView,
    out_after: dict[int, int] | None = None,
    revealed: list[list[str]] | None = None,
) -> list[Text]:
    """Every seat in the order play goes round, the player first."""
    roles = seat_roles(obs, out_after)
    width = max(cell_len(seat_name(r.seat)) for r in roles)
    return [
        seat_line(r, obs, view, width, None if revealed is None else revealed[r.seat])
        for r in roles
    ]
