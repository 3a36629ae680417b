"""The end of a Schnapsen deal and of a Durak game, summed up for the
player: the terminal prints it (and waits for Enter before the next deal),
the web table shows it in a box.

The engine records each finished Schnapsen deal (its points, tricks,
marriages, last trick, why it ended, game points and the match after it:
``deals`` in the observation, docs/SCHEMA.md) and says how a Durak game was
decided (``outcome.reason``); here they are only put into words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .card_faces import CardView, sort_cards
from .i18n import _, ngettext
from .seats import COMPUTER, HUMAN


@dataclass(frozen=True)
class DealSummary:
    """A finished Schnapsen deal, from seat 0's side."""

    number: int
    points: tuple[int, int]
    tricks: tuple[int, int]
    last_trick: tuple[str, str, int] | None
    winner: int
    game_points: int
    reason: str
    closed_by: int | None
    match_points: tuple[int, int]
    match_over: bool


def finished_deal(before: dict[str, Any], after: dict[str, Any]) -> DealSummary | None:
    """The deal that ended between two observations (any seat's), or None."""
    if before.get("game") != "schnapsen":
        return None
    if len(after.get("deals") or []) == len(before.get("deals") or []):
        return None
    return final_deal(after)


def final_deal(obs: dict[str, Any]) -> DealSummary:
    """The last finished deal of an observation, as the engine recorded it."""
    deals = obs["deals"]
    record = deals[-1]
    last = record.get("last_trick")
    return DealSummary(
        number=len(deals),
        points=_pair(record["points"]),
        tricks=_pair(record["tricks_won"]),
        last_trick=(str(last[0]), str(last[1]), int(last[2])) if last else None,
        winner=int(record["winner"]),
        game_points=int(record["game_points"]),
        reason=str(record["reason"]),
        closed_by=None if record.get("closed_by") is None else int(record["closed_by"]),
        match_points=_pair(record["match_points"]),
        match_over=obs.get("outcome") is not None,
    )


def _pair(values: Any) -> tuple[int, int]:
    return int(values[0]), int(values[1])


def ending_text(summary: DealSummary) -> str:
    """Why the deal ended, told from seat 0's side."""
    you_won = summary.winner == HUMAN
    reason = summary.reason
    if reason == "reached_66":
        return _("You reached 66.") if you_won else _("The computer reached 66.")
    if reason == "last_trick":
        if you_won:
            return _("Nobody reached 66; you won the last trick.")
        return _("Nobody reached 66; the computer won the last trick.")
    if reason == "closer_reached_66":
        if you_won:
            return _("You closed the talon and reached 66.")
        return _("The computer closed the talon and reached 66.")
    if reason == "closer_failed":
        if you_won:
            return _("The computer closed the talon and fell short of 66.")
        return _("You closed the talon and fell short of 66.")
    if reason == "opponent_reached_66":
        if you_won:
            return _("The computer closed the talon, but you reached 66 first.")
        return _("You closed the talon, but the computer reached 66 first.")
    return reason


def deal_heading(summary: DealSummary) -> str:
    return _("Deal {n} is over").format(n=summary.number)


def deal_lines(summary: DealSummary, view: CardView) -> list[str]:
    """The summary of a finished deal, one fact a line."""
    you, them = summary.points
    lines = [
        ending_text(summary),
        _("Points (cards and marriages): you {you} · computer {them}").format(you=you, them=them),
        _("Tricks won: you {you} · computer {them}").format(
            you=summary.tricks[0], them=summary.tricks[1]
        ),
    ]
    if summary.last_trick is not None:
        lead, follow, winner = summary.last_trick
        cards = view.label(lead) + " " + view.label(follow)
        lines.append(
            _("Last trick: {cards}, won by you").format(cards=cards)
            if winner == HUMAN
            else _("Last trick: {cards}, won by the computer").format(cards=cards)
        )
    n = summary.game_points
    if summary.winner == HUMAN:
        won = ngettext("You win {n} game point.", "You win {n} game points.", n)
    else:
        won = ngettext("The computer wins {n} game point.", "The computer wins {n} game points.", n)
    lines.append(won.format(n=n))
    mp = summary.match_points
    lines.append(
        _("Match (from 7 down to 0): you {you} · computer {them}").format(you=mp[0], them=mp[1])
    )
    return lines


def continue_prompt(summary: DealSummary) -> str | None:
    """What the terminal asks before the next deal (None at the match's end)."""
    return None if summary.match_over else _("Press Enter for the next deal")


def durak_ending(obs: dict[str, Any]) -> str:
    """How a Durak game was decided, from seat 0's side."""
    outcome = obs.get("outcome") or {}
    sizes = [int(n) for n in obs["hand_sizes"]]
    if outcome.get("draw"):
        if outcome.get("reason") == "idle_bouts":
            return _(
                "Fifty bouts in a row ended with a take and no card drawn from the stock: "
                "the game is a draw."
            )
        return _("You both played your last cards in the same bout: a draw.")
    if outcome.get("winner") == HUMAN:
        n = sizes[COMPUTER]
        return ngettext(
            "The stock was empty and you had played all your cards; "
            "the computer is left with {n} card.",
            "The stock was empty and you had played all your cards; "
            "the computer is left with {n} cards.",
            n,
        ).format(n=n)
    n = sizes[HUMAN]
    return ngettext(
        "The stock was empty and the computer had played all its cards; "
        "you are left with {n} card.",
        "The stock was empty and the computer had played all its cards; "
        "you are left with {n} cards.",
        n,
    ).format(n=n)


def durak_lines(obs: dict[str, Any], computer_hand: list[str], view: CardView) -> list[str]:
    """The end of a Durak game: how it was decided and what each still held."""
    game, trump = str(obs["game"]), obs.get("trump")
    lines = [durak_ending(obs)]
    held = sort_cards(list(computer_hand), game, trump)
    if held:
        lines.append(
            _("The computer still held: {cards}").format(
                cards=" ".join(view.label(card) for card in held)
            )
        )
    mine = sort_cards(list(obs.get("hand") or []), game, trump)
    if mine:
        lines.append(
            _("You still held: {cards}").format(cards=" ".join(view.label(card) for card in mine))
        )
    return lines


def game_heading() -> str:
    return _("The game is over")


def saved_line(game: str, path: object) -> str:
    """Where a game was saved: a Schnapsen player has played a match, not a game."""
    if game == "schnapsen":
        return _("The match is saved in {path}").format(path=path)
    return _("The game is saved in {path}").format(path=path)


def end_summary(
    obs: dict[str, Any], computer_hand: list[str], view: CardView
) -> tuple[str, list[str]]:
    """(heading, lines) of a finished game: Durak's ending, or the match's last deal."""
    if obs["game"] == "schnapsen":
        summary = final_deal(obs)
        return deal_heading(summary), deal_lines(summary, view)
    return game_heading(), durak_lines(obs, computer_hand, view)
