"""Moves in words: the labels of the suggested moves and what a seat just did."""

from __future__ import annotations

from typing import Any

from cardavia.cards import marriage_points

from .card_faces import CardView
from .glossary import suit_name
from .i18n import _, ngettext
from .seats import HUMAN


def split(move: str) -> tuple[str, str]:
    kind, _sep, card = move.partition(":")
    return kind, card


def open_attack(obs: dict[str, Any]) -> str | None:
    """The attack card a defence answers, as the engine says (Durak)."""
    attack = obs.get("open_attack")
    return None if attack is None else str(attack)


def move_label(move: str, obs: dict[str, Any], view: CardView) -> str:
    """How a legal move of seat 0 is offered in the list."""
    kind, card = split(move)
    c = view.label(card) if card else ""
    seated = int(obs.get("players", 2)) > 2
    if kind == "attack":
        if seated and obs.get("table") and obs.get("attacker") != HUMAN:
            return _("Throw in {card}").format(card=c)
        if obs.get("table"):
            return _("Add {card}").format(card=c)
        return _("Attack with {card}").format(card=c)
    if kind == "defend":
        attack = open_attack(obs)
        return _("Beat {attack} with {card}").format(
            attack=view.label(attack) if attack else "?", card=c
        )
    if kind == "transfer":
        return _("Transfer with {card}").format(card=c)
    if kind == "take":
        return _("Take the cards")
    if kind == "stop":
        if seated:
            return _("Pass: throw in nothing more")
        if obs.get("taking"):
            return _("Stop: the computer picks up the cards")
        return _("Stop: beaten, the cards go to the discard pile")
    if kind == "play":
        if obs.get("lead") is None:
            return _("Lead {card}").format(card=c)
        return _("Play {card}").format(card=c)
    if kind == "marriage":
        points = marriage_points(card[1], str(obs.get("trump")))
        return _("Declare the marriage in {suit} ({points}) and lead {card}").format(
            suit=suit_name(card[1]), points=points, card=c
        )
    if kind == "exchange":
        indicator = obs.get("indicator")
        return _("Exchange the trump jack for {card}").format(
            card=view.label(indicator) if indicator else "?"
        )
    if kind == "close":
        return _("Close the talon")
    return move


def narrate(
    move: str, actor: int, before: dict[str, Any], after: dict[str, Any], view: CardView
) -> list[str]:
    """Sentences telling what ``actor`` did with ``move``; ``before`` and
    ``after`` are public views of the position around it."""
    you = actor == HUMAN
    kind, card = split(move)
    c = view.label(card) if card else ""
    lines: list[str] = []
    if kind == "attack":
        if before.get("table"):
            text = _("You add {card}.") if you else _("The computer adds {card}.")
        else:
            text = _("You attack with {card}.") if you else _("The computer attacks with {card}.")
        lines.append(text.format(card=c))
    elif kind == "defend":
        attack = open_attack(before)
        text = (
            _("You beat {attack} with {card}.")
            if you
            else _("The computer beats {attack} with {card}.")
        )
        lines.append(text.format(attack=view.label(attack) if attack else "?", card=c))
    elif kind == "transfer":
        text = _("You transfer with {card}.") if you else _("The computer transfers with {card}.")
        lines.append(text.format(card=c))
    elif kind == "take":
        lines.append(_("You take.") if you else _("The computer takes."))
    elif kind == "stop":
        if before.get("taking"):
            n = sum(1 for pair in before.get("table") or [] for x in pair if x is not None)
            if you:
                text = ngettext(
                    "You stop; the computer picks up {n} card.",
                    "You stop; the computer picks up {n} cards.",
                    n,
                )
            else:
                text = ngettext(
                    "The computer stops; you pick up {n} card.",
                    "The computer stops; you pick up {n} cards.",
                    n,
                )
            lines.append(text.format(n=n))
        else:
            lines.append(
                _("You end the bout: the cards go to the discard pile.")
                if you
                else _("The computer ends the bout: the cards go to the discard pile.")
            )
    elif kind == "play":
        if before.get("lead") is None:
            text = _("You lead {card}.") if you else _("The computer leads {card}.")
        else:
            text = _("You play {card}.") if you else _("The computer plays {card}.")
        lines.append(text.format(card=c))
    elif kind == "marriage":
        points = marriage_points(card[1], str(before.get("trump")))
        text = (
            _("You declare the marriage in {suit} ({points}) and lead {card}.")
            if you
            else _("The computer declares the marriage in {suit} ({points}) and leads {card}.")
        )
        lines.append(text.format(suit=suit_name(card[1]), points=points, card=c))
    elif kind == "exchange":
        took = (after.get("exchange") or {}).get("took") or before.get("indicator")
        text = (
            _("You exchange the trump jack for {card}.")
            if you
            else _("The computer exchanges the trump jack for {card}.")
        )
        lines.append(text.format(card=view.label(took) if took else "?"))
    elif kind == "close":
        lines.append(_("You close the talon.") if you else _("The computer closes the talon."))
    lines.extend(schnapsen_results(before, after, view))
    return lines


def reason_text(reason: str) -> str:
    texts = {
        "reached_66": _("66 points reached"),
        "last_trick": _("the last trick"),
        "closer_reached_66": _("the closer reached 66"),
        "closer_failed": _("the closer fell short of 66"),
        "opponent_reached_66": _("the closer's opponent reached 66 first"),
    }
    return texts.get(reason, reason)


def schnapsen_results(before: dict[str, Any], after: dict[str, Any], view: CardView) -> list[str]:
    """A completed trick and a finished deal, told after the move that did it."""
    if before.get("game") != "schnapsen":
        return []
    lines: list[str] = []
    deals_before = len(before.get("deals") or [])
    deals_after = after.get("deals") or []
    tricks_before = len(before.get("tricks") or [])
    tricks_after = after.get("tricks") or []
    new_deal = len(deals_after) > deals_before
    lead = before.get("lead")
    if lead is not None and len(tricks_after) > tricks_before:
        lead_card, follow, winner = tricks_after[-1]
        text = (
            _("You win the trick ({lead} {follow}).")
            if winner == HUMAN
            else _("The computer wins the trick ({lead} {follow}).")
        )
        lines.append(text.format(lead=view.label(lead_card), follow=view.label(follow)))
    if new_deal:
        deal = deals_after[-1]
        points = int(deal["game_points"])
        if deal["winner"] == HUMAN:
            text = ngettext(
                "You win the deal: {n} game point ({reason}).",
                "You win the deal: {n} game points ({reason}).",
                points,
            )
        else:
            text = ngettext(
                "The computer wins the deal: {n} game point ({reason}).",
                "The computer wins the deal: {n} game points ({reason}).",
                points,
            )
        lines.append(text.format(n=points, reason=reason_text(str(deal["reason"]))))
    return lines


def outcome_text(obs: dict[str, Any]) -> str:
    outcome = obs.get("outcome") or {}
    if obs.get("game") == "schnapsen":
        if outcome.get("winner") == HUMAN:
            return _("You win the match!")
        return _("The computer wins the match.")
    if outcome.get("draw"):
        return _("A draw: nobody is the durak.")
    if outcome.get("winner") == HUMAN:
        return _("You win! The computer is the durak.")
    return _("You are the durak. The computer wins.")
