//! Transferable Durak (perevodnoy): RULES.md chapter 4.
//!
//! Everything of classic Durak holds (`durak/`); this module adds the
//! transfer and why one is refused. The twin of
//! `python/cardavia/reference/perevodnoy.py`.

use crate::cards::{bit, count, Card, CardSet};
use crate::durak::{DurakRules, DECK, MAX_ATTACKS};
use crate::refusal::{Reason, Refusal};

/// Transferable Durak.
pub type Perevodnoy = DurakRules<true>;

impl<const TRANSFERS: bool> DurakRules<TRANSFERS> {
    /// The defender's cards of the attack rank, before any defence, if the
    /// attacker (the new defender) could face one more attack card. Only
    /// meaningful while an attack is open.
    #[inline]
    pub(crate) fn transfer_cards(&self) -> CardSet {
        if !self.transfer_possible() {
            return 0;
        }
        // Before the first defence every card on the table has the
        // opening rank, so the table's ranks are exactly that one rank.
        self.hands[self.defender()] & self.table_rank_cards()
    }

    /// Whether the bout still allows a transfer, whatever the defender
    /// holds: nothing beaten yet, and the next seat in after the defender
    /// (the new defender; with two seats the attacker) could face one more
    /// attack card. Only meaningful while an attack is open.
    #[inline]
    pub(crate) fn transfer_possible(&self) -> bool {
        if !TRANSFERS || self.defended != 0 {
            return false;
        }
        let attacks_after = self.table_len as usize + 1;
        let next_hand = count(self.hands[self.next_defender()]) as usize;
        attacks_after <= MAX_ATTACKS && attacks_after <= next_hand
    }

    /// The seat that would defend after a transfer.
    #[inline]
    fn next_defender(&self) -> usize {
        self.next_in(self.defender())
    }

    /// The transferring seat becomes the main attacker; the new defender
    /// faces every attack card, the limit is fixed anew from its hand, and
    /// the passes start over.
    pub(crate) fn apply_transfer(&mut self, card: Card) {
        let transferring = self.defender();
        self.play_card(transferring, card);
        self.push_attack(card);
        self.attacker = transferring as u8;
        self.seat_defender();
        self.passed = 0;
        self.reset_limit();
    }

    /// Why the defender's `transfer:C` is not among `transfer_cards`: the
    /// card is not in hand, a defence was played, its rank is not the
    /// attack's, or the new defender holds too few cards. (At most four
    /// cards share a rank, so the bound of six never decides.)
    pub(crate) fn why_transfer(&self, card: Card) -> Refusal {
        let next = self.next_defender();
        if self.hands[self.defender()] & bit(card) == 0 {
            Refusal::new(Reason::NotInHand).card("card", DECK, card)
        } else if self.defended != 0 {
            Refusal::new(Reason::TransferAfterDefence)
        } else if self.table_rank_cards() & bit(card) == 0 {
            Refusal::new(Reason::TransferRank).rank("rank", DECK, DECK.rank(self.attacks[0]))
        } else {
            Refusal::new(Reason::NextDefenderTooFew)
                .with("next_defender", next)
                .with("hand_size", count(self.hands[next]))
                .with("attacks", self.table_len + 1)
        }
    }
}
