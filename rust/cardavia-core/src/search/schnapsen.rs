//! Schnapsen for the search: re-dealing hidden cards, and the rollout policy.

use super::inference::Stretch;
use super::ismcts::Playout;
use super::learned::{shipped, Leaf};
use super::{Endgame, Resample, Rollout};
use crate::cards::{bit, cards, Card, CardSet};
use crate::game::{Game, Rewards};
use crate::rng::{shuffle, SplitMix64};
use crate::schnapsen::{card_points, suit_of, suit_set, Schnapsen, SchnapsenMove, DECK_SIZE};
use crate::session::GameId;

/// The card that costs least to give away: non-trumps before trumps, then
/// the fewest points (ties by index, for determinism).
fn cheapest(set: CardSet, trumps: CardSet) -> Card {
    let pool = if set & !trumps != 0 {
        set & !trumps
    } else {
        set
    };
    let mut best = pool.trailing_zeros() as Card;
    for card in cards(pool) {
        if card_points(card) < card_points(best) {
            best = card;
        }
    }
    best
}

/// Cards of `set` that win against `lead`.
fn winners(set: CardSet, lead: Card, trumps: CardSet) -> CardSet {
    let higher = set & suit_set(suit_of(lead)) & !((2u64 << lead) - 1);
    if bit(lead) & trumps != 0 {
        higher
    } else {
        higher | (set & trumps)
    }
}

impl Rollout for Schnapsen {
    /// Measured (docs/AI.md): the informed policy won 48% of a duplicate
    /// match against random rollouts, no stronger.
    const PLAYOUT: Playout = Playout::Random;

    /// A deal moves the chance to win the match by a few hundredths
    /// between one move and the next, not by a whole game as in Durak, so
    /// 0.7 spread the visits almost evenly over the moves. Measured
    /// (docs/AI.md, "Issue 16"): 0.25 against 0.7.
    const EXPLORATION: f32 = 0.25;

    /// Measured (docs/AI.md, "Inference"): at `normal`'s 60,000
    /// iterations, against uniform worlds over 2,000 duplicate deals.
    const INFERENCE: bool = true;

    /// The greedy bot's heuristic (see `cardavia.bots`), one move in eight
    /// at random: exchange the jack, declare marriages (forty first), lead
    /// cheap, win tricks worth ten or more with the cheapest winner, else
    /// throw the cheapest card. Never close.
    fn learned_value(&self, leaf: &mut Leaf) -> Option<Rewards> {
        let mover = self.current_player()?;
        leaf.value(shipped(GameId::Schnapsen)?, self, 2, mover)
    }

    fn rollout_move(&self, rng: &mut SplitMix64) -> SchnapsenMove {
        if self.winner.is_some() || rng.next() & 7 == 0 {
            return self.random_move(rng);
        }
        let trumps = suit_set(self.trump);
        match self.lead {
            None => {
                let seat = usize::from(self.leader);
                let hand = self.hands[seat];
                if self.stock_open() && hand & bit(self.trump_jack()) != 0 {
                    return SchnapsenMove::Exchange;
                }
                let queens = self.marriage_queens(seat);
                if queens != 0 {
                    let trump_queen = queens & trumps;
                    let queen = if trump_queen != 0 {
                        trump_queen
                    } else {
                        queens
                    };
                    return SchnapsenMove::Marriage(queen.trailing_zeros() as Card);
                }
                SchnapsenMove::Play(cheapest(hand, trumps))
            }
            Some(lead) => {
                let allowed = self.follower_cards(lead);
                let win = winners(allowed, lead, trumps);
                if win != 0 && card_points(lead) >= 10 {
                    SchnapsenMove::Play(cheapest(win, trumps))
                } else {
                    SchnapsenMove::Play(cheapest(allowed, trumps))
                }
            }
        }
    }
}

impl Resample for Schnapsen {
    /// Re-deal what `observer` cannot see: the opponent's unknown cards
    /// (only from `allowed`, which excludes the suits it showed it lacks)
    /// and the face-down stock; the indicator stays where it lies.
    fn resample_hidden(&mut self, observer: usize, allowed: CardSet, rng: &mut SplitMix64) -> bool {
        let other = 1 - (observer & 1);
        let hidden = self.hands[other] & !self.known[other];
        let need = hidden.count_ones() as usize;
        let (top, end) = (usize::from(self.stock_top), usize::from(self.stock_end));
        let mut pool = hidden;
        for &card in &self.stock[top..end] {
            pool |= bit(card);
        }
        let Some(chosen) = super::draw_from(pool & allowed, need, rng) else {
            return false;
        };
        self.hands[other] = self.known[other] | chosen;
        let mut rest = [0 as Card; DECK_SIZE];
        let mut n_rest = 0;
        for card in cards(pool & !chosen) {
            rest[n_rest] = card;
            n_rest += 1;
        }
        shuffle(&mut rest[..n_rest], rng);
        self.stock[top..end].copy_from_slice(&rest[..n_rest]);
        true
    }

    /// Marriages and the exchange first (they score or strengthen), then
    /// the follower's winning cards by their points, the leader's cards by
    /// their points; closing last.
    fn move_priority(&self, mv: SchnapsenMove) -> u8 {
        match mv {
            SchnapsenMove::Marriage(_) => 250,
            SchnapsenMove::Exchange => 240,
            SchnapsenMove::Close => 0,
            SchnapsenMove::Play(card) => {
                let points = card_points(card) as u8;
                match self.lead {
                    Some(lead) => {
                        let trumps = suit_set(self.trump);
                        if winners(bit(card), lead, trumps) != 0 {
                            200 - points
                        } else {
                            100 - points
                        }
                    }
                    None => 100 + points,
                }
            }
        }
    }

    /// Everything that decides the rest of the deal and its value: both
    /// hands, the stock in order, the indicator, the lead, whose lead, the
    /// marriages, the close, the points and tricks won, the tricks played
    /// (they decide what the strict rules apply to), and the match score and
    /// dealer (the value at the deal's end is the chance to win the match).
    fn position_key(&self) -> Option<[u64; 4]> {
        let card = |c: Option<Card>| c.map_or(0, |c| u64::from(c) | 32);
        let (top, end) = (usize::from(self.stock_top), usize::from(self.stock_end));
        let mut stock = 0u64;
        for (i, &c) in self.stock[top..end].iter().enumerate() {
            stock |= u64::from(c) << (5 * i);
        }
        let closed = self.closed.map_or(0, |c| {
            1 | u64::from(c.by) << 1
                | u64::from(c.opponent_won_trick) << 2
                | u64::from(c.tricks) << 3
                | u64::from(c.opponent_points) << 6
        });
        Some([
            self.hands[0]
                | self.hands[1] << 20
                | card(self.indicator) << 40
                | card(self.lead) << 46
                | u64::from(self.leader) << 52
                | u64::from(self.trump) << 53
                | u64::from(self.marriages[0] & 15) << 55
                | u64::from(self.marriages[1] & 15) << 59,
            stock | ((end - top) as u64) << 45 | u64::from(self.exchange.is_some()) << 50,
            u64::from(self.card_points[0])
                | u64::from(self.card_points[1]) << 8
                | u64::from(self.tricks_won[0]) << 16
                | u64::from(self.tricks_won[1]) << 20
                | u64::from(self.n_tricks) << 24
                | closed << 28,
            u64::from(self.match_points[0])
                | u64::from(self.match_points[1]) << 8
                | u64::from(self.dealer) << 16
                | u64::from(self.n_deals) << 17,
        ])
    }

    /// Under the strict rules (stock closed or exhausted) at most ten
    /// cards remain in play: solved exactly. With the stock exhausted the
    /// unseen cards are exactly the opponent's hand. While the stock is
    /// open the tree search decides: sampled deals solved exactly from four
    /// stock cards on closed too readily, each world's solve seeing the
    /// opponent's hand (docs/AI.md, "Issue 16").
    fn endgame(&self, _observer: usize) -> Endgame {
        if self.winner.is_some() || self.stock_open() {
            Endgame::No
        } else if self.stock_top == self.stock_end {
            Endgame::Perfect
        } else {
            Endgame::Hidden
        }
    }
}

/// The tricks dealt out of a full stock before it runs out: five
/// cards each are dealt, the other ten drawn two a trick.
const DRAWING_TRICKS: u8 = ((DECK_SIZE - 10) / 2) as u8;

impl Schnapsen {
    /// The first trick after which nobody drew: the first after the close,
    /// or after the stock ran out. `None` while the stock is drawn from.
    fn quiet_from(&self) -> Option<u8> {
        match self.closed {
            Some(closed) => Some(closed.tricks),
            None if self.stock_top == self.stock_end && self.indicator.is_none() => {
                Some(DRAWING_TRICKS)
            }
            None => None,
        }
    }

    /// Who led trick `i` of the deal.
    fn trick_leader(&self, i: u8) -> u8 {
        match i.checked_sub(1) {
            Some(before) => self.tricks[usize::from(before)].winner,
            None => 1 - self.dealer,
        }
    }
}

/// The stretch is every trick since the last draw (none while the stock is
/// open, all since the close or since the stock ran out) and the lead on
/// the table: no hand changed but by the cards played. A marriage or an
/// exchange in it is not unwound (they score, or show a card), so such a
/// stretch weighs nothing.
impl Stretch for Schnapsen {
    fn stretch_len(&self) -> usize {
        if self.winner.is_some() {
            return 0;
        }
        let lead = usize::from(self.lead.is_some());
        let quiet = self
            .quiet_from()
            .map_or(0, |first| self.n_tricks.saturating_sub(first));
        2 * usize::from(quiet) + lead
    }

    fn unwind(&self, moves: &[SchnapsenMove]) -> Option<Self> {
        if self.winner.is_some() || moves.len() != self.stretch_len() {
            return None;
        }
        let tricks = moves.len() / 2;
        let first = usize::from(self.n_tricks).checked_sub(tricks)?;
        let mut start = self.clone();
        for (i, pair) in moves.chunks_exact(2).enumerate() {
            let at = first + i;
            let trick = self.tricks[at];
            if pair
                != [
                    SchnapsenMove::Play(trick.lead),
                    SchnapsenMove::Play(trick.follow),
                ]
            {
                return None;
            }
            let leader = usize::from(self.trick_leader(at as u8));
            start.hands[leader] |= bit(trick.lead);
            start.hands[1 - leader] |= bit(trick.follow);
            let winner = usize::from(trick.winner);
            start.card_points[winner] -= card_points(trick.lead) + card_points(trick.follow);
            start.tricks_won[winner] -= 1;
        }
        if let Some(lead) = self.lead {
            if moves.last() != Some(&SchnapsenMove::Play(lead)) {
                return None;
            }
            start.hands[usize::from(self.leader)] |= bit(lead);
        }
        if start.hands[0] & start.hands[1] != 0 {
            return None;
        }
        start.n_tricks = first as u8;
        start.leader = if tricks > 0 {
            self.trick_leader(first as u8)
        } else {
            self.leader
        };
        start.lead = None;
        Some(start)
    }
    fn reshuffle_unseen(&mut self, rng: &mut SplitMix64) {
        let (top, end) = (usize::from(self.stock_top), usize::from(self.stock_end));
        shuffle(&mut self.stock[top..end], rng);
    }

    fn learned_log_policy(&self, leaf: &mut Leaf, mv: SchnapsenMove) -> Option<f32> {
        let mover = self.current_player()?;
        leaf.log_policy(shipped(GameId::Schnapsen)?, self, 2, mover, mv)
    }
}
