//! What the research environments need of both Durak games (`env.rs`):
//! the observation tensor (docs/SCHEMA.md, "Tensors"), the facts of
//! `observation(seat)` (`view.rs`) as 672 floats, seat-relative; where the
//! hidden cards lie; the longest game. No Python twin.

use super::rules::{DurakRules, Phase, DECK, IDLE_BOUT_LIMIT, MAX_ATTACKS};
use crate::cards::{bit, count, Card, CardSet};
use crate::env::Research;
use crate::game::{Game, Outcome};
use crate::tensor::{Tensor, Writer};
use serde_json::Value;

/// Bouts that discard (at most 18: each discards two cards or more) or
/// draw (at most 24: each draws a card or more) reset the idle count; at
/// most `IDLE_BOUT_LIMIT` bouts in a row do neither (RULES 4). A bout has
/// at most 14 moves: six attacks or transfers, six defences, take, stop.
const PROGRESS_BOUTS: usize = 18 + 24;
const MAX_BOUTS: usize = PROGRESS_BOUTS + (PROGRESS_BOUTS + 1) * IDLE_BOUT_LIMIT as usize;

const CARDS: usize = 36;
const TABLE: usize = MAX_ATTACKS * CARDS;

/// The slices, in order (docs/SCHEMA.md lists their meaning).
const LAYOUT: [(&str, usize); 21] = [
    ("seat", 2),
    ("perevodnoy", 1),
    ("dealing", 1),
    ("hand", CARDS),
    ("my_known", CARDS),
    ("opponent_known", CARDS),
    ("unseen", CARDS),
    ("table_attacks", TABLE),
    ("table_defences", TABLE),
    ("discard", CARDS),
    ("trump_suit", 4),
    ("trump_card", CARDS),
    ("hand_sizes", 2),
    ("stock_size", 1),
    ("limit", 1),
    ("idle_bouts", 1),
    ("attacker", 1),
    ("taking", 1),
    ("to_move", 2),
    ("phase", 4),
    ("outcome", 3),
];

impl<const TRANSFERS: bool> DurakRules<TRANSFERS> {
    /// The cards `seat` has not seen: the opponent's unknown cards and the
    /// face-down stock.
    pub(crate) fn unseen_by(&self, seat: usize) -> CardSet {
        let face_up = if self.stock_len() > 0 {
            bit(self.trump_card)
        } else {
            0
        };
        let seen =
            self.hands[seat] | self.known[1 - seat] | self.table_set | self.discard | face_up;
        DECK.full() & !seen
    }
}

impl<const TRANSFERS: bool> Tensor for DurakRules<TRANSFERS> {
    const LAYOUT: &'static [(&'static str, usize)] = &LAYOUT;

    fn write_tensor(&self, seat: usize, out: &mut [f32]) {
        let seat = seat.min(1);
        let other = 1 - seat;
        let mut w = Writer::new(out, Self::LAYOUT);
        w.one_hot("seat", 2, Some(seat));
        w.flags("perevodnoy", &[TRANSFERS]);
        w.flags("dealing", &[false]);
        w.cards("hand", DECK, self.hands[seat]);
        w.cards("my_known", DECK, self.known[seat]);
        w.cards("opponent_known", DECK, self.known[other]);
        w.cards("unseen", DECK, self.unseen_by(seat));
        let attacks = self.table().map(|(attack, _)| Some(attack));
        w.card_slots("table_attacks", DECK, MAX_ATTACKS, attacks);
        w.card_slots(
            "table_defences",
            DECK,
            MAX_ATTACKS,
            self.table().map(|(_, d)| d),
        );
        w.cards("discard", DECK, self.discard);
        w.one_hot("trump_suit", 4, Some(usize::from(self.trump_suit())));
        w.cards("trump_card", DECK, bit(self.trump_card));
        let sizes = [count(self.hands[seat]), count(self.hands[other])];
        w.scaled("hand_sizes", &sizes, CARDS as u32);
        w.scaled("stock_size", &[self.stock_len() as u32], 24);
        w.scaled("limit", &[u32::from(self.limit)], MAX_ATTACKS as u32);
        let idle = u32::from(self.idle_bouts);
        w.scaled("idle_bouts", &[idle], u32::from(IDLE_BOUT_LIMIT));
        w.flags("attacker", &[self.attacker() == seat]);
        w.flags("taking", &[self.taking]);
        let current = self.current_player();
        w.flags("to_move", &[current == Some(seat), current == Some(other)]);
        let phase = match self.phase() {
            Phase::Lead => 0,
            Phase::Defend => 1,
            Phase::Add => 2,
            Phase::Over => 3,
        };
        w.one_hot("phase", 4, Some(phase));
        let outcome = match self.outcome {
            None => None,
            Some(Outcome::Win { winner }) if usize::from(winner) == seat => Some(0),
            Some(Outcome::Win { .. } | Outcome::Loser { .. }) => Some(1),
            Some(Outcome::Draw) => Some(2),
        };
        w.one_hot("outcome", 3, outcome);
        w.finish();
    }

    fn write_dealing(_match_so_far: Option<&Self>, seat: usize, out: &mut [f32]) {
        let mut w = Writer::new(out, Self::LAYOUT);
        w.one_hot("seat", 2, Some(seat.min(1)));
        w.flags("perevodnoy", &[TRANSFERS]);
        w.flags("dealing", &[true]);
        w.skip_rest();
    }
}

impl<const TRANSFERS: bool> Research for DurakRules<TRANSFERS> {
    const MAX_GAME_LENGTH: usize = MAX_BOUTS * (2 * MAX_ATTACKS + 2);
    const MAX_DEALS: usize = 1;

    /// A single deal: never another.
    fn redeal(&mut self, _order: &[Card]) {}

    fn hidden(&self, seat: usize) -> CardSet {
        self.hands[seat & 1] & !self.known[seat & 1]
    }

    /// The stock but its bottom card, the trump card, which lies face up.
    fn face_down_stock(&self) -> Vec<Card> {
        let stock = self.stock();
        stock[..stock.len().saturating_sub(1)].to_vec()
    }

    /// Trumps as late as they can go (a low trump in a first hand makes
    /// its holder the first attacker), or the lowest trump first.
    fn arrangements(&self, mut cards: Vec<Card>) -> Vec<Vec<Card>> {
        let trumps = self.trump_set;
        cards.sort_unstable_by_key(|&c| (bit(c) & trumps != 0, std::cmp::Reverse(c)));
        let mut early = cards.clone();
        early.sort_unstable_by_key(|&c| (bit(c) & trumps == 0, c));
        vec![cards, early]
    }

    fn match_fields(&self) -> Vec<(&'static str, Value)> {
        Vec::new()
    }
}
