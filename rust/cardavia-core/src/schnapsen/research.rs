//! What the research environments need of Schnapsen (`env.rs`): the
//! observation tensor (docs/SCHEMA.md, "Tensors"), the facts of
//! `observation(seat)` (`view.rs`) as 219 floats, seat-relative; later
//! deals dealt by chance; where the hidden cards lie. No Python twin.

use super::rules::{
    Schnapsen, CANONICAL, DECK_SIZE, MATCH_POINTS, MAX_DEALS, MAX_TRICKS, WINNING_POINTS,
};
use crate::cards::{bit, Card, CardSet, SCHNAPSEN};
use crate::env::Research;
use crate::game::Game;
use crate::rng::SplitMix64;
use crate::tensor::{Tensor, Writer};
use serde_json::{json, Value};

/// A deal has at most 22 moves: twenty cards, an exchange and a close.
const DEAL_MOVES: usize = DECK_SIZE + 2;

const CARDS: usize = DECK_SIZE;

/// The slices, in order (docs/SCHEMA.md lists their meaning).
const LAYOUT: [(&str, usize); 28] = [
    ("seat", 2),
    ("dealing", 1),
    ("hand", CARDS),
    ("my_known", CARDS),
    ("opponent_known", CARDS),
    ("unseen", CARDS),
    ("opponent_void", CARDS),
    ("lead", CARDS),
    ("my_tricks", CARDS),
    ("opponent_tricks", CARDS),
    ("trump_suit", 4),
    ("indicator", CARDS),
    ("stock_size", 1),
    ("exhausted", 1),
    ("closed", 2),
    ("closed_record", 3),
    ("exchange", 2),
    ("my_marriages", 4),
    ("opponent_marriages", 4),
    ("points", 2),
    ("pending_points", 2),
    ("tricks_won", 2),
    ("leader", 1),
    ("dealer", 1),
    ("to_move", 2),
    ("match_points", 2),
    ("deals", 1),
    ("outcome", 2),
];

/// A suit mask (bit `s` for suit `s`) as four flags.
fn suits(mask: u8) -> [bool; 4] {
    [0, 1, 2, 3].map(|s| mask & (1 << s) != 0)
}

impl Schnapsen {
    /// The cards `seat` has not seen this deal (`None`: that not both
    /// seats have seen): the unknown cards of the hands and the face-down
    /// stock.
    pub(crate) fn unseen_by(&self, seat: Option<usize>) -> CardSet {
        let mut seen = match seat {
            Some(seat) => self.hands[seat & 1] | self.known[1 - (seat & 1)],
            None => self.known[0] | self.known[1],
        };
        for trick in self.tricks() {
            seen |= bit(trick.lead) | bit(trick.follow);
        }
        for card in self.indicator.into_iter().chain(self.lead) {
            seen |= bit(card);
        }
        SCHNAPSEN.full() & !seen
    }

    /// The match part of the tensor: the score and the deals played.
    fn write_match(&self, w: &mut Writer<'_>, seat: usize) {
        let points = [self.match_points[seat], self.match_points[1 - seat]];
        w.scaled(
            "match_points",
            &points.map(u32::from),
            u32::from(MATCH_POINTS),
        );
        w.scaled("deals", &[u32::from(self.n_deals)], MAX_DEALS as u32);
    }
}

impl Tensor for Schnapsen {
    const LAYOUT: &'static [(&'static str, usize)] = &LAYOUT;

    /// `view` `None`: from seat 0's side, with no hand, no seat and only
    /// the cards both seats have seen.
    fn write_view(&self, view: Option<usize>, out: &mut [f32]) {
        let seat = view.unwrap_or(0) & 1;
        let other = 1 - seat;
        let mut w = Writer::new(out, Self::LAYOUT);
        w.one_hot("seat", 2, view.map(|_| seat));
        w.flags("dealing", &[false]);
        let hand = if view.is_some() { self.hands[seat] } else { 0 };
        w.cards("hand", SCHNAPSEN, hand);
        w.cards("my_known", SCHNAPSEN, self.known[seat]);
        w.cards("opponent_known", SCHNAPSEN, self.known[other]);
        let unseen = self.unseen_by(view.map(|_| seat));
        w.cards("unseen", SCHNAPSEN, unseen);
        w.cards("opponent_void", SCHNAPSEN, unseen & self.voids(seat));
        w.cards("lead", SCHNAPSEN, self.lead.map_or(0, bit));
        let mut won = [0 as CardSet; 2];
        for trick in self.tricks() {
            won[usize::from(trick.winner & 1)] |= bit(trick.lead) | bit(trick.follow);
        }
        w.cards("my_tricks", SCHNAPSEN, won[seat]);
        w.cards("opponent_tricks", SCHNAPSEN, won[other]);
        w.one_hot("trump_suit", 4, Some(usize::from(self.trump & 3)));
        w.cards("indicator", SCHNAPSEN, self.indicator.map_or(0, bit));
        let stock = self.stock().len() + usize::from(self.indicator.is_some());
        w.scaled("stock_size", &[stock as u32], 10);
        w.flags("exhausted", &[self.indicator.is_none()]);
        let closer = self.closed.map(|c| usize::from(c.by));
        w.flags("closed", &[closer == Some(seat), closer == Some(other)]);
        let record = self.closed.map_or([0.0; 3], |c| {
            [
                f32::from(c.opponent_points) / WINNING_POINTS as f32,
                f32::from(u8::from(c.opponent_won_trick)),
                f32::from(c.tricks) / 5.0,
            ]
        });
        w.values("closed_record", &record);
        let exchanger = self.exchange.map(|e| usize::from(e.seat));
        w.flags(
            "exchange",
            &[exchanger == Some(seat), exchanger == Some(other)],
        );
        w.flags("my_marriages", &suits(self.marriages[seat]));
        w.flags("opponent_marriages", &suits(self.marriages[other]));
        let points = [self.points(seat), self.points(other)];
        w.scaled("points", &points, WINNING_POINTS);
        let pending = [self.pending_points(seat), self.pending_points(other)];
        w.scaled("pending_points", &pending, WINNING_POINTS);
        let tricks = [self.tricks_won(seat), self.tricks_won(other)];
        w.scaled("tricks_won", &tricks, MAX_TRICKS as u32);
        w.flags("leader", &[usize::from(self.leader) == seat]);
        w.flags("dealer", &[usize::from(self.dealer) == seat]);
        let current = self.current_player();
        w.flags("to_move", &[current == Some(seat), current == Some(other)]);
        self.write_match(&mut w, seat);
        let winner = self.winner.map(usize::from);
        w.flags("outcome", &[winner == Some(seat), winner == Some(other)]);
        w.finish();
    }

    fn write_dealing(
        match_so_far: Option<&Self>,
        _players: usize,
        view: Option<usize>,
        out: &mut [f32],
    ) {
        let seat = view.unwrap_or(0) & 1;
        let mut w = Writer::new(out, Self::LAYOUT);
        w.one_hot("seat", 2, view.map(|_| seat));
        w.flags("dealing", &[true]);
        for &(name, len) in &LAYOUT[2..LAYOUT.len() - 3] {
            w.skip(name, len);
        }
        match match_so_far {
            Some(game) => game.write_match(&mut w, seat),
            None => {
                w.scaled("match_points", &[7, 7], u32::from(MATCH_POINTS));
                w.skip("deals", 1);
            }
        }
        w.skip("outcome", 2);
        w.finish();
    }
}

impl Research for Schnapsen {
    const MAX_GAME_LENGTH: usize = MAX_DEALS * DEAL_MOVES;
    const MAX_DEALS: usize = MAX_DEALS;

    /// The deal just set up, dealt again from `order` by the same dealer.
    fn redeal(&mut self, order: &[Card]) {
        let mut deck = CANONICAL;
        for (slot, &card) in deck.iter_mut().zip(order) {
            *slot = card % DECK_SIZE as Card;
        }
        self.setup(&deck, self.dealer);
    }

    fn hidden(&self, seat: usize) -> CardSet {
        self.hands[seat & 1] & !self.known[seat & 1]
    }

    fn hand(&self, seat: usize) -> CardSet {
        self.hands[seat & 1]
    }

    fn face_down_stock(&self) -> Vec<Card> {
        self.stock().to_vec()
    }

    fn match_fields(&self) -> Vec<(&'static str, Value)> {
        vec![
            ("match_points", json!(self.match_points)),
            ("deals", self.deals_value()),
            ("dealer", json!(self.dealer)),
        ]
    }

    fn reseed(&mut self, seed: u64) {
        self.rng = SplitMix64::new(seed);
    }
}
