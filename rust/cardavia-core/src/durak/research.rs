//! What the research environments need of both Durak games (`env.rs`):
//! the observation tensor (docs/SCHEMA.md, "Tensors"), the facts of
//! `observation(seat)` (`view.rs`) as 672 floats, seat-relative; where the
//! hidden cards lie; the longest game. No Python twin.

use super::rules::{DurakRules, Phase, DECK, IDLE_BOUT_LIMIT, MAX_ATTACKS, MAX_SEATS};
use crate::cards::{bit, count, Card, CardSet};
use crate::env::Research;
use crate::game::Game;
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

/// The slices at a table of `n` seats, 3 to 6 (docs/SCHEMA.md, "A table
/// of 3 to 6 seats"): per seat, in the tensor's frame (the tensor's seat
/// first, then the others clockwise), what the duel's slices say of "my"
/// and "the opponent's", and the roles and seats out of RULES 7.
const fn table_layout(n: usize) -> [(&'static str, usize); 24] {
    [
        ("seat", n),
        ("perevodnoy", 1),
        ("dealing", 1),
        ("hand", CARDS),
        ("my_known", CARDS),
        ("others_known", (n - 1) * CARDS),
        ("unseen", CARDS),
        ("table_attacks", TABLE),
        ("table_defences", TABLE),
        ("discard", CARDS),
        ("trump_suit", 4),
        ("trump_card", CARDS),
        ("hand_sizes", n),
        ("stock_size", 1),
        ("limit", 1),
        ("idle_bouts", 1),
        ("attacker", n),
        ("defender", n),
        ("passed", n),
        ("out", n),
        ("taking", 1),
        ("to_move", n),
        ("phase", 4),
        ("outcome", 3),
    ]
}

const TABLES: [[(&str, usize); 24]; 4] = [
    table_layout(3),
    table_layout(4),
    table_layout(5),
    table_layout(6),
];

impl<const TRANSFERS: bool> DurakRules<TRANSFERS> {
    /// The cards `seat` has not seen (`None`: that not every seat has
    /// seen): the unknown cards of the other hands and the face-down stock.
    pub(crate) fn unseen_by(&self, seat: Option<usize>) -> CardSet {
        let face_up = if self.stock_len() > 0 {
            bit(self.trump_card)
        } else {
            0
        };
        let mut seen = self.table_set | self.discard | face_up;
        for other in 0..usize::from(self.players) {
            seen |= if Some(other) == seat {
                self.hands[other]
            } else {
                self.known[other]
            };
        }
        DECK.full() & !seen
    }

    fn phase_index(&self) -> usize {
        match self.phase() {
            Phase::Lead => 0,
            Phase::Defend => 1,
            Phase::Add => 2,
            Phase::Over => 3,
        }
    }

    /// `seat`'s result once over, as the `outcome` slice's index: not the
    /// durak (a duel: won), the durak (lost), a share of a draw.
    fn result_index(&self, seat: usize) -> Option<usize> {
        self.outcome?;
        let result = self.results()[seat];
        Some(if result == 1.0 {
            0
        } else if result == 0.0 {
            1
        } else {
            2
        })
    }

    /// The two-seat tensor, unchanged since schema 2; `seat` `None` writes
    /// it from seat 0's side with nothing private.
    fn write_duel(&self, view: Option<usize>, out: &mut [f32]) {
        let seat = view.unwrap_or(0).min(1);
        let other = 1 - seat;
        let mut w = Writer::new(out, Self::LAYOUT);
        w.one_hot("seat", 2, view.map(|s| s.min(1)));
        w.flags("perevodnoy", &[TRANSFERS]);
        w.flags("dealing", &[false]);
        w.cards(
            "hand",
            DECK,
            if view.is_some() { self.hands[seat] } else { 0 },
        );
        w.cards("my_known", DECK, self.known[seat]);
        w.cards("opponent_known", DECK, self.known[other]);
        w.cards("unseen", DECK, self.unseen_by(view.map(|_| seat)));
        self.write_table(&mut w);
        let sizes = [count(self.hands[seat]), count(self.hands[other])];
        w.scaled("hand_sizes", &sizes, CARDS as u32);
        self.write_counts(&mut w);
        w.flags("attacker", &[self.attacker() == seat]);
        w.flags("taking", &[self.taking]);
        let current = self.current_player();
        w.flags("to_move", &[current == Some(seat), current == Some(other)]);
        w.one_hot("phase", 4, Some(self.phase_index()));
        w.one_hot("outcome", 3, self.result_index(seat));
        w.finish();
    }

    /// The table, the discard and the trump.
    fn write_table(&self, w: &mut Writer<'_>) {
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
    }

    fn write_counts(&self, w: &mut Writer<'_>) {
        w.scaled("stock_size", &[self.stock_len() as u32], 24);
        w.scaled("limit", &[u32::from(self.limit)], MAX_ATTACKS as u32);
        let idle = u32::from(self.idle_bouts);
        w.scaled("idle_bouts", &[idle], u32::from(IDLE_BOUT_LIMIT));
    }

    /// The tensor of 3 to 6 seats, in `view`'s frame (`None`: seat 0's,
    /// nothing private).
    fn write_seats(&self, view: Option<usize>, out: &mut [f32]) {
        let n = usize::from(self.players);
        let me = view.unwrap_or(0).min(n - 1);
        // The seats in the tensor's frame: me, then clockwise.
        let order: Vec<usize> = (0..n).map(|i| (me + i) % n).collect();
        let at = |seat: usize| (seat + n - me) % n;
        let mut w = Writer::new(out, Self::layout(n));
        w.one_hot("seat", n, view.map(|_| me));
        w.flags("perevodnoy", &[TRANSFERS]);
        w.flags("dealing", &[false]);
        w.cards(
            "hand",
            DECK,
            if view.is_some() { self.hands[me] } else { 0 },
        );
        w.cards("my_known", DECK, self.known[me]);
        let others = order[1..].iter().map(|&s| Some(s));
        w.card_sets(
            "others_known",
            DECK,
            n - 1,
            others.map(|s| s.map(|s| self.known[s])),
        );
        w.cards("unseen", DECK, self.unseen_by(view.map(|_| me)));
        self.write_table(&mut w);
        let sizes: Vec<u32> = order.iter().map(|&s| count(self.hands[s])).collect();
        w.scaled("hand_sizes", &sizes, CARDS as u32);
        self.write_counts(&mut w);
        let playing = self.outcome.is_none();
        w.one_hot("attacker", n, playing.then(|| at(self.attacker())));
        w.one_hot("defender", n, playing.then(|| at(self.defender())));
        let passed: Vec<bool> = order.iter().map(|&s| self.passed & (1 << s) != 0).collect();
        w.flags("passed", &passed);
        let out_at: Vec<u32> = order.iter().map(|&s| u32::from(self.out_at[s])).collect();
        w.scaled("out", &out_at, n as u32);
        w.flags("taking", &[self.taking]);
        w.one_hot("to_move", n, self.current_player().map(at));
        w.one_hot("phase", 4, Some(self.phase_index()));
        w.one_hot("outcome", 3, self.result_index(me));
        w.finish();
    }
}

impl<const TRANSFERS: bool> Tensor for DurakRules<TRANSFERS> {
    const LAYOUT: &'static [(&'static str, usize)] = &LAYOUT;

    fn layout(players: usize) -> &'static [(&'static str, usize)] {
        match players {
            3..=MAX_SEATS => &TABLES[players - 3],
            _ => &LAYOUT,
        }
    }

    fn write_view(&self, seat: Option<usize>, out: &mut [f32]) {
        if self.players == 2 {
            self.write_duel(seat, out);
        } else {
            self.write_seats(seat, out);
        }
    }

    fn write_dealing(
        _match_so_far: Option<&Self>,
        players: usize,
        seat: Option<usize>,
        out: &mut [f32],
    ) {
        let n = players.clamp(2, MAX_SEATS);
        let mut w = Writer::new(out, Self::layout(n));
        w.one_hot("seat", n, seat.map(|s| s.min(n - 1)));
        w.flags("perevodnoy", &[TRANSFERS]);
        w.flags("dealing", &[true]);
        w.skip_rest();
    }
}

impl<const TRANSFERS: bool> Research for DurakRules<TRANSFERS> {
    const MAX_GAME_LENGTH: usize = MAX_BOUTS * (2 * MAX_ATTACKS + 2);

    /// From three seats on a bout has at most 13 cards and takes (six
    /// attacks or transfers, six defences, a take) and, between the passes'
    /// resets (each defence, transfer or take: at most 13), at most
    /// `players - 1` stops a stretch.
    fn max_game_length(players: usize) -> usize {
        if players <= 2 {
            return Self::MAX_GAME_LENGTH;
        }
        MAX_BOUTS * (2 * MAX_ATTACKS + 1 + (2 * MAX_ATTACKS + 2) * (players - 1))
    }
    const MAX_DEALS: usize = 1;
    /// `beating` and `adds_left` follow from the seat's own hand.
    const PRIVATE_KEYS: &'static [&'static str] =
        &["seat", "hand", "legal_moves", "beating", "adds_left"];

    /// A single deal: never another.
    fn redeal(&mut self, _order: &[Card]) {}

    fn hidden(&self, seat: usize) -> CardSet {
        let seat = seat.min(MAX_SEATS - 1);
        self.hands[seat] & !self.known[seat]
    }

    fn hand(&self, seat: usize) -> CardSet {
        self.hands[seat.min(MAX_SEATS - 1)]
    }

    /// `2 * result - 1` (RULES 7): +1 out, -1 the durak, 0 a share of a
    /// draw; a duel's +1 for the winner and -1 for the loser.
    fn returns(&self) -> [f64; MAX_SEATS] {
        let mut returns = [0.0; MAX_SEATS];
        if self.outcome.is_some() {
            let results = self.results();
            for (r, result) in returns.iter_mut().zip(results).take(self.players()) {
                *r = 2.0 * result - 1.0;
            }
        }
        returns
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
