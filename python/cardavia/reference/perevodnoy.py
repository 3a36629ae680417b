"""Transferable Durak (perevodnoy): RULES.md chapter 4.

Everything of classic Durak holds (``durak/``); this module adds the
transfer and why one is refused. The Rust twin is
``rust/cardavia-core/src/perevodnoy.rs``.
"""

from __future__ import annotations

from typing import Any

from ..cards import rank
from .durak import MAX_ATTACKS, DurakGame, durak_moves


class PerevodnoyGame(DurakGame):
    """One deal of transferable Durak at 2 to 6 seats."""

    game = "perevodnoy"
    transfers = True
    MOVES = durak_moves(("attack", "defend", "transfer"))

    def _defender_moves(self) -> list[str]:
        return super()._defender_moves() + self._transfers()

    def _next_defender(self) -> int:
        """The seat that would defend after a transfer: the next seat in
        after the defender (with two seats, the attacker)."""
        return self.next_in(self.defender)

    def _transfer_possible(self) -> bool:
        """Nothing beaten yet, and the next defender could face one more
        attack card; whatever the defender holds."""
        if any(defence is not None for _, defence in self.table):
            return False
        attacks_after = len(self.table) + 1
        next_hand = len(self.hands[self._next_defender()])
        return attacks_after <= MAX_ATTACKS and attacks_after <= next_hand

    def can_transfer(self) -> bool:
        return (
            self.outcome is None
            and not self.taking
            and self._open_attack() is not None
            and self._transfer_possible()
        )

    def _transfers(self) -> list[str]:
        """A card of the attack rank, if the bout still allows a transfer."""
        if not self._transfer_possible():
            return []
        attack_rank = rank(str(self.table[0][0]))
        return [
            f"transfer:{card}" for card in self.hands[self.defender] if rank(card) == attack_rank
        ]

    def _apply_transfer(self, card: str) -> None:
        transferring = self.defender
        self._play_card(transferring, card)
        self.table.append([card, None])
        self.attacker = transferring
        self.passed = set()
        self.limit = min(MAX_ATTACKS, len(self.hands[self.defender]))

    def _why_transfer(self, card: str) -> dict[str, Any]:
        """Why ``transfer:card`` is not among ``_transfers``: the card is not
        in hand, a defence was played, its rank is not the attack's, or the
        new defender holds too few cards. (At most four cards share a rank,
        so the bound of six never decides.)"""
        if card not in self.hands[self.defender]:
            return {"reason": "not_in_hand", "card": card}
        if any(defence is not None for _, defence in self.table):
            return {"reason": "transfer_after_defence"}
        attack_rank = rank(str(self.table[0][0]))
        if rank(card) != attack_rank:
            return {"reason": "transfer_rank", "rank": attack_rank}
        nxt = self._next_defender()
        return {
            "reason": "next_defender_too_few",
            "next_defender": nxt,
            "hand_size": len(self.hands[nxt]),
            "attacks": len(self.table) + 1,
        }
