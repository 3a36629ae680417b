"""What a seat did at a table of three to six, in words (the two-seat
table keeps ``narration``): the move by the seat's name, then what it
brought about, read from the public views around it: a bout that ended
(discarded, or picked up by the defender), a transfer's new defender, the
seats that went out.

``narrate_seated`` gives the move's own sentence first and its
consequences after, so a run of forced passes can be told as one
sentence (``passes_text``) followed by the consequences of the last.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .card_faces import CardView
from .i18n import _, ngettext
from .narration import open_attack, split
from .seats import HUMAN
from .table_seats import computer_name, names_list, out_seats


def _move_sentence(
    move: str, actor: int, before: dict[str, Any], after: dict[str, Any], view: CardView
) -> str:
    you = actor == HUMAN
    name = "" if you else computer_name(actor)
    kind, card = split(move)
    c = view.label(card) if card else ""
    if kind == "attack":
        if not before.get("table"):
            text = _("You attack with {card}.") if you else _("{name} attacks with {card}.")
        elif actor == before.get("attacker"):
            text = _("You add {card}.") if you else _("{name} adds {card}.")
        else:
            text = _("You throw in {card}.") if you else _("{name} throws in {card}.")
        return text.format(name=name, card=c)
    if kind == "defend":
        attack = open_attack(before)
        text = (
            _("You beat {attack} with {card}.") if you else _("{name} beats {attack} with {card}.")
        )
        return text.format(name=name, attack=view.label(attack) if attack else "?", card=c)
    if kind == "transfer":
        text = _("You transfer with {card}.") if you else _("{name} transfers with {card}.")
        return text.format(name=name, card=c)
    if kind == "take":
        return _("You take.") if you else _("{name} takes.").format(name=name)
    if kind == "stop":
        return _("You pass.") if you else _("{name} passes.").format(name=name)
    return move


def _defender_sentence(seat: int) -> str:
    if seat == HUMAN:
        return _("Now you defend.")
    return _("Now {name} defends.").format(name=computer_name(seat))


def consequences(before: dict[str, Any], after: dict[str, Any], move: str) -> list[str]:
    """What a move brought about beyond itself."""
    lines: list[str] = []
    kind, _card = split(move)
    if kind == "transfer" and after.get("defender") is not None:
        lines.append(_defender_sentence(int(after["defender"])))
    bout_over = bool(before.get("table")) and not after.get("table")
    if kind == "stop" and bout_over:
        if before.get("taking"):
            defender = int(before["defender"])
            n = sum(1 for pair in before.get("table") or [] for x in pair if x is not None)
            if defender == HUMAN:
                text = ngettext(
                    "Everyone has passed: you pick up {n} card.",
                    "Everyone has passed: you pick up {n} cards.",
                    n,
                )
            else:
                text = ngettext(
                    "Everyone has passed: {name} picks up {n} card.",
                    "Everyone has passed: {name} picks up {n} cards.",
                    n,
                )
            lines.append(text.format(n=n, name=computer_name(defender)))
        else:
            lines.append(_("Everyone has passed: beaten, the cards go to the discard pile."))
    gone = [s for s in out_seats(after) if s not in out_seats(before)]
    if HUMAN in gone:
        lines.append(_("You go out: you can no longer be the durak."))
    others = [s for s in gone if s != HUMAN]
    if others:
        lines.append(
            ngettext("{names} goes out.", "{names} go out.", len(others)).format(
                names=names_list(others)
            )
        )
    return lines


def narrate_seated(
    move: str, actor: int, before: dict[str, Any], after: dict[str, Any], view: CardView
) -> list[str]:
    """The move's sentence, then its consequences."""
    return [_move_sentence(move, actor, before, after, view), *consequences(before, after, move)]


def passes_text(seats: Sequence[int]) -> str:
    """Computer seats that passed one after another, having no card to
    throw in, told at once."""
    return ngettext(
        "{names} passes: no card to throw in.",
        "{names} pass: no card to throw in.",
        len(seats),
    ).format(names=names_list(seats))
