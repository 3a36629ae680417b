"""The seats of a Durak table of three to six players, in words: each
seat's name, its role in the bout (main attacker, defender, throwing in,
passed, out), and a list of names ("Computer 2 and Computer 3").

The player is seat 0 ("you"); the computers are named by their seat,
counted clockwise from the player, which is the order play goes round
(RULES.md chapter 7). Every role is read from the observation's fields
(``attacker``, ``defender``, ``throwers``, ``passed``, ``out``): nothing
here knows a rule. The two-seat table keeps its own words (``seats``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from babel.lists import format_list

from .card_faces import CardView, sort_cards
from .i18n import _, current_language, ngettext, pgettext
from .seats import HUMAN


def seated(obs: dict[str, Any]) -> bool:
    """A table of more than two (the observation counts its players then)."""
    return int(obs.get("players", 2)) > 2


def computer_name(seat: int) -> str:
    """A computer seat's name, as the subject of a sentence."""
    return _("Computer {n}").format(n=seat)


def seat_name(seat: int) -> str:
    """Any seat's name in a list of seats: you, or a computer."""
    return _("You") if seat == HUMAN else computer_name(seat)


def names_list(seats: Sequence[int]) -> str:
    """Several computer seats as one subject: "Computer 2 and Computer 3"."""
    return format_list([computer_name(s) for s in seats], locale=current_language())


@dataclass(frozen=True)
class SeatRole:
    """One seat's place in the bout: ``role`` is ``attacker``, ``defender``,
    ``thrower``, ``passed`` or ``out``; ``bout`` the bout it went out after
    (when known); ``to_move`` whether it moves now."""

    seat: int
    role: str
    to_move: bool
    bout: int | None = None
    # The main attacker passes like any thrower.
    passed: bool = False


def out_seats(obs: dict[str, Any]) -> list[int]:
    return [int(seat) for group in obs.get("out") or [] for seat in group]


def seat_roles(obs: dict[str, Any], out_after: dict[int, int] | None = None) -> list[SeatRole]:
    """Every seat in order, with its role as the observation says it."""
    out = set(out_seats(obs))
    passed = {int(s) for s in obs.get("passed") or []}
    throwers = {int(s) for s in obs.get("throwers") or []}
    mover = obs.get("current_player")
    loser = (obs.get("outcome") or {}).get("loser")
    roles = []
    for seat in range(int(obs.get("players", 2))):
        if seat in out:
            role = "out"
        elif obs.get("outcome") is not None:
            role = "durak" if seat == loser else "waiting"
        elif seat == obs.get("defender"):
            role = "defender"
        elif seat == obs.get("attacker"):
            role = "attacker"
        elif seat in passed:
            role = "passed"
        elif seat in throwers:
            role = "thrower"
        else:
            role = "waiting"
        bout = (out_after or {}).get(seat)
        roles.append(SeatRole(seat, role, mover == seat, bout, seat in passed))
    return roles


def role_badge(role: SeatRole) -> str:
    """The short word beside a seat."""
    if role.role == "out":
        if role.bout is not None:
            return pgettext("seat", "out since bout {n}").format(n=role.bout)
        return pgettext("seat", "out")
    badges = {
        "attacker": pgettext("seat", "main attacker"),
        "defender": pgettext("seat", "defender"),
        "thrower": pgettext("seat", "throwing in"),
        "passed": pgettext("seat", "passed"),
        "durak": pgettext("seat", "durak"),
        "waiting": "",
    }
    if role.role == "attacker" and role.passed:
        return badges["attacker"] + " · " + badges["passed"]
    return badges[role.role]


def players_text(n: int) -> str:
    """The size of the table, beside the game's name."""
    return ngettext("· {n} player", "· {n} players", n).format(n=n)


def seated_taking_text(obs: dict[str, Any]) -> str | None:
    """The defender takes: the others may still throw in."""
    if not obs.get("taking"):
        return None
    defender = int(obs["defender"])
    if defender == HUMAN:
        return _("You take the cards; the others may throw in more.")
    return _("{name} takes the cards; the others may throw in more.").format(
        name=computer_name(defender)
    )


def turn_line(obs: dict[str, Any]) -> str:
    """Whose turn it is, by name."""
    mover = obs.get("current_player")
    if mover == HUMAN:
        return _("Your turn.")
    return _("{name} to move.").format(name=computer_name(int(mover or 0)))


def your_role_text(obs: dict[str, Any]) -> str | None:
    """What the player does in this bout."""
    if obs.get("outcome") is not None:
        return None
    if HUMAN in out_seats(obs):
        return _("You are out: you can no longer be the durak. The others play on.")
    if obs.get("attacker") == HUMAN:
        return _("You are the main attacker.")
    if obs.get("defender") == HUMAN:
        return _("You defend.")
    if obs.get("taking"):
        return None  # the taking line says what a thrower may do now
    return _("You may throw in cards whose rank is on the table once every attack is beaten.")


def seated_outcome_text(obs: dict[str, Any]) -> str:
    """How a game of more than two ended, from the player's side."""
    outcome = obs.get("outcome") or {}
    if outcome.get("draw"):
        return _("A draw: nobody is the durak.")
    loser = outcome.get("loser")
    if loser == HUMAN:
        return _("You are the durak: the last one left holding cards.")
    return _("You are not the durak: {name} is.").format(name=computer_name(int(loser or 0)))


def listed_seats(seats: Sequence[int]) -> str:
    """Seats of any kind in a sentence: "you and Computer 2"."""
    names = [_("you") if s == HUMAN else computer_name(s) for s in seats]
    return format_list(names, locale=current_language())


def seated_end_lines(
    obs: dict[str, Any], hands: list[list[str]], out_after: dict[int, int], view: CardView
) -> list[str]:
    """The end of a game of more than two: who went out when, and what the
    durak was left holding."""
    outcome = obs.get("outcome") or {}
    lines = []
    for group in outcome.get("out") or []:
        seats = [int(s) for s in group]
        bout = out_after.get(seats[0])
        if bout is None:
            lines.append(_("Out: {names}.").format(names=listed_seats(seats)))
        else:
            lines.append(
                _("Out after bout {n}: {names}.").format(n=bout, names=listed_seats(seats))
            )
    if outcome.get("draw"):
        if outcome.get("reason") == "idle_bouts":
            lines.append(
                _(
                    "Fifty bouts in a row ended with a take and no card drawn from the stock: "
                    "the game is a draw."
                )
            )
        else:
            lines.append(_("The last ones in played their last cards in the same bout: a draw."))
        return lines
    loser = outcome.get("loser")
    if loser is None:
        return lines
    held = sort_cards(list(hands[int(loser)]), str(obs["game"]), obs.get("trump"))
    cards = " ".join(view.label(card) for card in held)
    if loser == HUMAN:
        lines.append(_("You were left holding: {cards}").format(cards=cards))
    else:
        lines.append(
            _("{name} was left holding: {cards}").format(
                name=computer_name(int(loser)), cards=cards
            )
        )
    return lines
