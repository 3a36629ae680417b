"""An observation of seat 0 as the page draws it: cards with their labels,
the legal moves as buttons (each with its number, its place and its label
in the player's language), and the table's facts in the same sentences the
terminal prints (``cardavia_cli.terminal.table``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..words.card_faces import SUIT_SYMBOLS, CardView, sort_cards
from ..words.glossary import game_title, suit_name
from ..words.moves_input import card_of, kind_of, ordered_moves
from ..words.narration import move_label, outcome_text
from ..words.seats import HUMAN
from ..words.table_seats import (
    players_text,
    seated,
    seated_outcome_text,
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
from .card_json import card_json, cards_json
from .seats_json import seats_json


def last_json(seat: int, move: str) -> dict[str, Any]:
    """The move just made, with its kind and card read here, so the page
    marks the card it put on the table without reading the move string."""
    return {"seat": seat, "move": move, "kind": kind_of(move), "card": card_of(move)}


def moves_json(obs: dict[str, Any], moves: list[str], view: CardView) -> list[dict[str, Any]]:
    """Every move once, numbered as the terminal numbers it. The first move
    of a card is that card in the hand; a second one (transfer beside
    defend, marriage beside play) and the word moves go to the move bar."""
    placed: set[str] = set()
    out = []
    for number, move in enumerate(moves, 1):
        card = card_of(move)
        kind = kind_of(move)
        place = "bar"
        if card is not None and card not in placed:
            placed.add(card)
            place = "hand"
        word = move_word(move, obs)
        out.append(
            {
                "move": move,
                "number": number,
                "card": card,
                "kind": kind,
                "place": place,
                "label": move_label(move, obs, view),
                "word": word,
            }
        )
    return out


def outcome_json(obs: dict[str, Any]) -> dict[str, str] | None:
    """The result from seat 0's side: ``win``, ``loss`` or ``draw`` (for
    Schnapsen, of the match); at a bigger table only the durak loses."""
    outcome = obs.get("outcome")
    if outcome is None:
        return None
    if seated(obs):
        result = (
            "draw" if outcome.get("draw") else "loss" if outcome.get("loser") == HUMAN else "win"
        )
        return {"result": result, "text": seated_outcome_text(obs)}
    if outcome.get("draw"):
        result = "draw"
    elif outcome.get("winner") == HUMAN:
        result = "win"
    else:
        result = "loss"
    return {"result": result, "text": outcome_text(obs)}


def trump_json(obs: dict[str, Any], view: CardView) -> dict[str, Any]:
    suit = str(obs["trump"])
    if obs["game"] == "schnapsen":
        face_up = obs.get("indicator")
    else:
        face_up = obs["trump_card"] if obs.get("stock_size", 0) > 0 else None
    return {
        "suit": suit,
        "mark": SUIT_SYMBOLS[suit],
        "name": suit_name(suit),
        "card": card_json(face_up, view) if face_up else None,
        "text": trump_line(obs, view).plain,
    }


def durak_facts(obs: dict[str, Any]) -> tuple[str | None, ...]:
    """The bout's limit, who takes, and the player's part in the bout, in
    the terminal's sentences (a bigger table names its seats)."""
    if seated(obs):
        return limit_text(obs), seated_taking_text(obs), your_role_text(obs)
    return limit_text(obs), taking_text(obs), role_text(obs)


def durak_json(obs: dict[str, Any], view: CardView) -> dict[str, Any]:
    return {
        "pairs": [
            [card_json(attack, view), card_json(defence, view) if defence else None]
            for attack, defence in obs.get("table") or []
        ],
        "stock": int(obs["stock_size"]),
        "discard": len(obs.get("discard") or []),
        "discard_cards": cards_json(
            sort_cards(list(obs.get("discard") or []), view.game, obs.get("trump")), view
        ),
        "pile_text": pile_text(obs),
        "attacker": obs["attacker"],
        "limit": int(obs["limit"]),
        "facts": [text for text in durak_facts(obs) if text],
    }


def trick_json(trick: Sequence[Any], leader: int | None, view: CardView) -> dict[str, Any]:
    """A whole trick on the table: its lead and its answer, the seat that
    led it (None where no observation says) and the seat that won it."""
    lead, follow, winner = trick
    return {"cards": cards_json([lead, follow], view), "leader": leader, "winner": int(winner)}


def schnapsen_json(obs: dict[str, Any], view: CardView) -> dict[str, Any]:
    lead = obs.get("lead")
    tricks = obs.get("tricks") or []
    last = tricks[-1] if tricks else None
    # Once the match is over its last trick stays on the table, face up.
    trick = last if last is not None and lead is None and obs.get("outcome") else None
    facts = [
        line.plain
        for line in (marriages_line(obs, view), lead_line(obs, view), last_trick_line(obs, view))
        if line is not None
    ]
    return {
        "deal": deal_text(obs),
        "lead": card_json(lead, view) if lead else None,
        "leader": obs["leader"],
        "trick": trick_json(trick, None, view) if trick is not None else None,
        "last_trick": (
            {"cards": cards_json(last[:2], view), "winner": last[2]}
            if last is not None and trick is None
            else None
        ),
        "stock": int(obs["stock_size"]),
        "talon_text": talon_text(obs),
        "closed": obs.get("closed") is not None,
        "exhausted": bool(obs.get("exhausted")),
        "points": list(obs["points"]),
        "pending": list(obs["pending_points"]),
        "points_text": points_text(obs),
        "match": list(obs["match_points"]),
        "match_text": match_text(obs),
        "marriages": [
            [{"suit": s, "mark": SUIT_SYMBOLS[s], "name": suit_name(s)} for s in seat]
            for seat in obs.get("marriages") or [[], []]
        ],
        "facts": facts,
    }


def table_title(obs: dict[str, Any]) -> str:
    """The game's name, and at a bigger table its players, as the terminal
    heads its table."""
    title = game_title(str(obs["game"]))
    return f"{title} {players_text(int(obs['players']))}" if seated(obs) else title


def table_json(
    obs: dict[str, Any],
    view: CardView,
    *,
    moves: list[str] | None = None,
    hints: bool = True,
    revealed: list[str] | None = None,
    hands: Sequence[Sequence[str]] | None = None,
    out_after: dict[int, int] | None = None,
) -> dict[str, Any]:
    """The whole table for seat 0; ``moves`` are the moves offered (by
    default every legal move, in the terminal's order); ``revealed`` is the
    computer's hand once it may be shown (the game is over), and ``hands``
    at a bigger table every seat's; ``out_after``, the bout after which
    each seat there went out."""
    game = str(obs["game"])
    offered = ordered_moves(obs) if moves is None else moves
    trump = obs.get("trump")
    shown = revealed if revealed is not None else obs.get("known", [[], []])[1]
    known = sort_cards(list(shown), game, trump)
    over = obs.get("outcome") is not None
    table = {
        "game": game,
        "title": table_title(obs),
        "trump": trump_json(obs, view),
        "opponent": {
            "count": int(obs["hand_sizes"][1]),
            "known": cards_json(known, view),
            "text": opponent_line(obs, view, revealed).plain,
            "revealed": revealed is not None,
        },
        "hand": cards_json(sort_cards(list(obs["hand"]), game, trump), view),
        "moves": moves_json(obs, offered, view),
        "turn": None if over else ("you" if obs.get("current_player") == HUMAN else "computer"),
        "turn_text": None if over else turn_line(obs) if seated(obs) else turn_text(obs),
        "reminder": strict_reminder(obs),
        "tip": tip(obs, view) if hints and not over else None,
        "durak": durak_json(obs, view) if game != "schnapsen" else None,
        "schnapsen": schnapsen_json(obs, view) if game == "schnapsen" else None,
        "outcome": outcome_json(obs),
    }
    seats = seats_json(obs, view, hands, out_after) if game != "schnapsen" else None
    if seats is not None:
        # Only a table of three or more has it: a duel's view is as before.
        table["seats"] = seats
    return table
