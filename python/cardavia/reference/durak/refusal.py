"""Why a Durak move is refused (RULES.md chapter 3; the transfer's reasons of
chapter 4 are in ``../perevodnoy.py``). The Rust twin is
``rust/cardavia-core/src/durak/refusal.rs``.

Each reason takes apart the rule that ``legal_moves`` checks for the move:
who moves, the card in hand, the bout's limit and ranks, what beats what.
Only a move that is not legal in an unfinished game is explained here;
``ReferenceGame.refusal`` answers the rest.
"""

from __future__ import annotations

from typing import Any

from ...cards import rank, suit
from .rules import DECK, DurakRules


def why(game: DurakRules, move: str) -> dict[str, Any]:
    """Why ``move`` (a move of the game, not legal now) is refused."""
    kind, _, card = move.partition(":")
    defending = game.current_player == game.defender
    if kind in ("attack", "stop") and defending:
        return {"reason": "not_attacker", "attack": game.open_attack()}
    if kind in ("defend", "take", "transfer") and not defending:
        return {"reason": "not_defender"}
    if kind in ("stop", "take"):
        # The attacker stops only once a card is on the table (and the
        # defender may always take).
        return {"reason": "open_first"}
    if kind == "attack":
        return why_attack(game, card)
    if kind == "defend":
        return why_defend(game, card)
    return game._why_transfer(card)


def not_a_move(game: DurakRules, move: str) -> dict[str, Any]:
    """A transfer spelled right is a move of perevodnoy, not of classic Durak."""
    kind, _, card = move.partition(":")
    if kind == "transfer" and card in DECK.index and not game.transfers:
        return {"reason": "no_transfer"}
    return {"reason": "not_a_move"}


def why_attack(game: DurakRules, card: str) -> dict[str, Any]:
    """The card of the thrower to move (the attacker at two seats): not in
    hand, the limit reached, or its rank not on the table (opening allows
    any card in hand)."""
    if card not in game.hands[game.thrower()]:
        return {"reason": "not_in_hand", "card": card}
    if game._attack_count() >= game.limit:
        return {"reason": "bout_limit", "limit": game.limit}
    return {"reason": "rank_not_on_table", "rank": rank(card), "ranks": game.table_ranks()}


def why_defend(game: DurakRules, card: str) -> dict[str, Any]:
    """The defender's card: not in hand, or it does not beat the open attack
    (RULES.md 3, Beating): lower in the suit, no trump on a trump, or
    neither of the suit nor a trump."""
    if card not in game.hands[game.defender]:
        return {"reason": "not_in_hand", "card": card}
    attack = game.open_attack()
    assert attack is not None  # the defender faces one
    if suit(card) == suit(attack):
        how = "lower"
    elif suit(attack) == game.trump:
        how = "not_trump"
    else:
        how = "other_suit"
    return {"reason": "does_not_beat", "card": card, "attack": attack, "how": how}
