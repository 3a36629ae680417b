"""Why a Schnapsen move is refused (RULES.md chapter 5). The Rust twin is
``rust/cardavia-core/src/schnapsen/refusal.rs``.

Each reason takes apart the rule that ``legal_moves`` checks for the move:
the leader's moves before leading, marriages, and the strict rules once the
stock is closed or exhausted. Only a move that is not legal in an unfinished
game is explained here; ``ReferenceGame.refusal`` answers the rest.
"""

from __future__ import annotations

from typing import Any

from ...cards import suit
from .rules import DECK, SchnapsenRules


def why(game: SchnapsenRules, move: str) -> dict[str, Any]:
    """Why ``move`` (a move of the game, not legal now) is refused."""
    kind, _, card = move.partition(":")
    if kind in ("exchange", "close"):
        return why_talon(game, kind)
    if kind == "marriage":
        return why_marriage(game, card)
    return why_play(game, card)


def not_a_move(move: str) -> dict[str, Any]:
    """A marriage is led with a king or a queen; any other card spells no move."""
    kind, _, card = move.partition(":")
    if kind == "marriage" and card in DECK.index:
        return {"reason": "not_king_or_queen", "card": card}
    return {"reason": "not_a_move"}


def why_talon(game: SchnapsenRules, kind: str) -> dict[str, Any]:
    """``exchange`` and ``close``: only while the stock is open, only by the
    leader before leading; then the trump jack, or five cards."""
    if game.closed is not None:
        return {"reason": "stock_closed"}
    if game.indicator is None:
        return {"reason": "stock_exhausted"}
    if game.lead is not None:
        return {"reason": "leader_only", "lead": game.lead}
    if kind == "exchange":
        return {"reason": "no_trump_jack", "jack": "J" + game.trump}
    # Unreachable in play (the leader holds five while the stock is open),
    # but it is the rule's own condition.
    return {"reason": "close_needs_five", "hand_size": len(game.hands[game.leader])}


def why_marriage(game: SchnapsenRules, card: str) -> dict[str, Any]:
    """``marriage:C``: only the leader, the card in hand, each suit once, and
    the king and the queen both in hand."""
    seat = game.leader
    if game.lead is not None:
        return {"reason": "leader_only", "lead": game.lead}
    if card not in game.hands[seat]:
        return {"reason": "not_in_hand", "card": card}
    if suit(card) in game.marriages[seat]:
        return {"reason": "marriage_declared", "suit": suit(card)}
    partner = ("Q" if card[0] == "K" else "K") + suit(card)
    return {"reason": "no_marriage", "suit": suit(card), "partner": partner}


def why_play(game: SchnapsenRules, card: str) -> dict[str, Any]:
    """``play:C``: the card in hand; answering under the strict rules, their
    duties in order: beat, follow suit, trump."""
    seat = game.current_player
    assert seat is not None
    lead = game.lead
    if lead is None or card not in game.hands[seat]:
        return {"reason": "not_in_hand", "card": card}
    same_suit = [c for c in game.hands[seat] if suit(c) == suit(lead)]
    if any(DECK.strength(c) > DECK.strength(lead) for c in same_suit):
        return {"reason": "must_beat", "lead": lead}
    if same_suit:
        return {"reason": "must_follow", "lead": lead}
    return {"reason": "must_trump", "lead": lead, "trump": game.trump}
