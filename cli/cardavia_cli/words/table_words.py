"""The table's lines, from ``observation(0)``: the trump, the stock and
discard pile, the computer's hand, the bout (limit, who takes), the talon,
points and match, marriages, the lead and the last trick, whose turn, the
strict rules and the tips. Styled with rich ``Text`` where cards keep their
colours; the terminal prints them (``terminal/table.py``) and the web sends
their text (``web/table_json.py``)."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from .card_faces import CardView, sort_cards
from .glossary import suit_name, term
from .i18n import _, ngettext
from .moves_input import card_of, display_word, kind_of
from .narration import open_attack
from .seats import HUMAN, seat_names
from .table_seats import computer_name

WORD_MOVES = ("take", "stop", "transfer", "close", "exchange", "marriage")


def deal_number(obs: dict[str, Any]) -> int:
    """Which deal of the Schnapsen match is on (at the end, the last one)."""
    played = len(obs.get("deals") or [])
    return played if obs.get("outcome") is not None else played + 1


def deal_text(obs: dict[str, Any]) -> str:
    return _("· deal {n}").format(n=deal_number(obs))


def _line(*parts: str | Text, style: str = "") -> Text:
    out = Text(style=style)
    for part in parts:
        if isinstance(part, Text):
            out.append_text(part)
        else:
            out.append(part)
    return out


def _fmt(template: str, view: CardView, **values: str | int | Text) -> Text:
    """``template.format(**values)`` where card values stay coloured."""
    out = Text()
    rest = template
    while rest:
        start = rest.find("{")
        end = rest.find("}", start)
        if start < 0 or end < 0:
            out.append(rest)
            break
        out.append(rest[:start])
        name = rest[start + 1 : end]
        value = values.get(name, "{" + name + "}")
        if isinstance(value, Text):
            out.append_text(value)
        else:
            out.append(str(value))
        rest = rest[end + 1 :]
    return out


def trump_line(obs: dict[str, Any], view: CardView) -> Text:
    trump = str(obs["trump"])
    mark = view.suit(trump)
    mark.append(" " + suit_name(trump))
    if obs["game"] == "schnapsen":
        indicator = obs.get("indicator")
        if indicator is None:
            return _fmt(_("Trump: {suit}"), view, suit=mark)
        return _fmt(
            _("Trump: {suit} · indicator {card}"), view, suit=mark, card=view.card(indicator)
        )
    card = view.card(str(obs["trump_card"]))
    known = obs.get("known") or []
    if len(known) == 6 and obs["trump_card"] in known[5]:
        # Six seats: no stock; the trump card is the last dealt, and shown.
        return _fmt(
            _("Trump: {suit} · {card}, dealt last to {name}"),
            view,
            suit=mark,
            card=card,
            name=computer_name(5),
        )
    if obs.get("stock_size", 0) > 0:
        return _fmt(_("Trump: {suit} · {card} lies under the stock"), view, suit=mark, card=card)
    return _fmt(_("Trump: {suit} · {card} has been drawn"), view, suit=mark, card=card)


def opponent_line(obs: dict[str, Any], view: CardView, revealed: list[str] | None = None) -> Text:
    """The computer's card count and the cards known to be there; with
    ``revealed`` (a replay of a finished game) all its cards."""
    n = int(obs["hand_sizes"][1])
    line = Text(
        ngettext("The computer holds {n} card", "The computer holds {n} cards", n).format(n=n)
    )
    if revealed is not None:
        cards = sort_cards(list(revealed), str(obs["game"]), obs.get("trump"))
        if cards:
            line.append(": ")
            line.append_text(view.cards(cards))
        return line
    known = sort_cards(list(obs.get("known", [[], []])[1]), str(obs["game"]), obs.get("trump"))
    if known:
        line.append(" · ")
        line.append_text(_fmt(_("known: {cards}"), view, cards=view.cards(known)))
    return line


def move_word(move: str, obs: dict[str, Any]) -> str | None:
    """The word that plays a word move, shown beside it; none for ending a
    bout the defender takes (it is not "beaten", and the label says it)."""
    kind = kind_of(move)
    if kind not in WORD_MOVES or card_of(move) is not None:
        return None
    if kind == "stop" and int(obs.get("players", 2)) > 2:
        return term("pass")  # a thrower passes; the bout ends when all have
    if kind == "stop" and obs.get("taking"):
        return None
    return display_word(kind)


def pile_text(obs: dict[str, Any]) -> str:
    """The stock and the discard pile of Durak."""
    stock = int(obs["stock_size"])
    discard = len(obs.get("discard") or [])
    return (
        ngettext("Stock: {n} card", "Stock: {n} cards", stock).format(n=stock)
        + " · "
        + ngettext("discard pile: {n} card", "discard pile: {n} cards", discard).format(n=discard)
    )


def limit_text(obs: dict[str, Any]) -> str | None:
    """The bout's limit and how many cards may still be added (Durak)."""
    table = obs.get("table") or []
    if not table or obs.get("outcome") is not None:
        return None
    limit = int(obs["limit"])
    # The core's figure: 0 when the attacker holds nothing that fits (or
    # nothing at all), so the table never promises adds nobody can make.
    left = int(obs["adds_left"])
    if left == 0:
        return _("Bout limit: {limit} · no more attack cards can be added").format(limit=limit)
    return ngettext(
        "Bout limit: {limit} · {n} more attack card may be added",
        "Bout limit: {limit} · {n} more attack cards may be added",
        left,
    ).format(limit=limit, n=left)


def taking_text(obs: dict[str, Any]) -> str | None:
    if not obs.get("taking"):
        return None
    if obs["defender"] == HUMAN:
        return _("You take the cards; the computer may add more.")
    return _("The computer takes the cards; you may add more.")


def role_text(obs: dict[str, Any]) -> str | None:
    if obs.get("outcome") is not None:
        return None
    return _("You attack.") if obs["attacker"] == HUMAN else _("You defend.")


def talon_text(obs: dict[str, Any]) -> str:
    closed = obs.get("closed")
    if closed is not None:
        if closed["by"] == HUMAN:
            return _("Talon closed by you")
        return _("Talon closed by the computer")
    if obs.get("exhausted"):
        return _("Talon exhausted")
    n = int(obs["stock_size"])
    return ngettext("Talon: {n} card", "Talon: {n} cards", n).format(n=n)


def points_text(obs: dict[str, Any]) -> str:
    points, pending = obs["points"], obs["pending_points"]
    you = str(points[0]) + (" " + _("(+{n} pending)").format(n=pending[0]) if pending[0] else "")
    them = str(points[1]) + (" " + _("(+{n} pending)").format(n=pending[1]) if pending[1] else "")
    return _("Points: you {you} · computer {them}").format(you=you, them=them)


def match_text(obs: dict[str, Any]) -> str:
    mp = obs["match_points"]
    return _("Match (from 7 down to 0): you {you} · computer {them}").format(you=mp[0], them=mp[1])


def marriages_line(obs: dict[str, Any], view: CardView) -> Text | None:
    marriages = obs.get("marriages") or [[], []]
    if not (marriages[0] or marriages[1]):
        return None
    line = Text(_("Marriages:"))
    first = True
    for seat, who in enumerate(seat_names()):
        if marriages[seat]:
            # One seat's marriages after another, as in the points line.
            line.append(" " if first else " · ")
            line.append(who + " ")
            for s in marriages[seat]:
                line.append_text(view.suit(s))
            first = False
    return line


def lead_line(obs: dict[str, Any], view: CardView) -> Text | None:
    lead = obs.get("lead")
    if lead is None:
        return None
    template = (
        _("Led by you: {card}") if obs["leader"] == HUMAN else _("Led by the computer: {card}")
    )
    return _fmt(template, view, card=view.card(lead))


def last_trick_line(obs: dict[str, Any], view: CardView) -> Text | None:
    tricks = obs.get("tricks") or []
    if not tricks:
        return None
    lead_card, follow, winner = tricks[-1]
    template = (
        _("Last trick: {cards}, won by you")
        if winner == HUMAN
        else _("Last trick: {cards}, won by the computer")
    )
    return _fmt(template, view, cards=view.cards([lead_card, follow]))


def turn_text(obs: dict[str, Any]) -> str:
    if obs.get("current_player") == HUMAN:
        return _("Your turn.")
    return _("The computer's turn.")


def strict_reminder(obs: dict[str, Any]) -> str | None:
    """The strict rules, when they apply to the coming card."""
    if obs.get("game") != "schnapsen" or obs.get("outcome") is not None:
        return None
    if obs.get("closed") is None and not obs.get("exhausted"):
        return None
    if obs.get("lead") is not None and obs.get("current_player") == HUMAN:
        return _(
            "Strict rules: follow suit and beat the card if you can; "
            "with no card of its suit, play a trump."
        )
    return _("Strict rules: the follower must follow suit and beat the card if possible.")


def tip(obs: dict[str, Any], view: CardView) -> str | None:
    """A short hint about the current decision (``--hints``)."""
    if obs.get("current_player") != HUMAN:
        return None
    game = obs["game"]
    legal = obs.get("legal_moves") or []
    if game == "schnapsen":
        if obs.get("lead") is None:
            return _(
                "Tip: win tricks to reach 66. Lead a king or queen with its partner "
                "in hand to declare a marriage."
            )
        if obs.get("closed") is None and not obs.get("exhausted"):
            return _("Tip: while the talon is open you need not follow suit.")
        return None
    attack = open_attack(obs)
    if attack is not None and not obs.get("taking") and obs["defender"] == HUMAN:
        if not obs.get("beating"):
            # Nothing beats it: "beat it … or take" would offer what is not there.
            return None
        if attack[1] == obs.get("trump"):
            text = _("Tip: {card} is a trump: beat it with a higher trump, or take.")
        else:
            text = _("Tip: beat {card} with a higher card of its suit or with a trump, or take.")
        if any(str(m).startswith("transfer:") for m in legal):
            text += " " + _("You may also transfer with a card of the same rank.")
        return text.format(card=view.label(attack))
    can_add = any(str(m).startswith("attack:") for m in legal)
    if int(obs.get("players", 2)) > 2 and obs.get("table"):
        # Several throw in: one seat's pass need not end the bout.
        if not can_add:
            return _("Tip: you have nothing to throw in, so pass.")
        if obs.get("taking"):
            return _(
                "Tip: throw in more cards of ranks on the table for the defender to pick "
                "up, or pass."
            )
        return _("Tip: throw in a card of a rank on the table, or pass.")
    if obs.get("taking"):
        if not can_add:
            return _("Tip: you have nothing to add, so stop: the computer picks up the cards.")
        return _(
            "Tip: add more cards of ranks already on the table, or stop: "
            "the computer picks them all up."
        )
    if obs.get("table"):
        if not can_add:
            return _("Tip: you have nothing to add, so stop: the cards go to the discard pile.")
        return _(
            "Tip: add a card of a rank on the table, or stop: the cards go to the discard pile."
        )
    return _("Tip: open with any card; a low card of a plain suit costs least.")
