//! How a Schnapsen deal is scored and the match goes on: RULES.md chapter
//! 5, "Game points of a deal". The twin of
//! `python/cardavia/reference/schnapsen/scoring.py`.

use super::rules::{Schnapsen, Trick, CANONICAL};
use crate::rng::shuffle;

/// 1, 2 or 3 game points by the opponent's points and tricks.
#[inline]
pub fn game_points(opponent_points: u32, opponent_won_trick: bool) -> u8 {
    if !opponent_won_trick {
        3
    } else if opponent_points >= 33 {
        1
    } else {
        2
    }
}

/// Why a deal ended; the outcome's `reason` strings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Reason {
    #[default]
    Reached66,
    LastTrick,
    CloserReached66,
    CloserFailed,
    OpponentReached66,
}

impl Reason {
    pub const ALL: [Reason; 5] = [
        Reason::Reached66,
        Reason::LastTrick,
        Reason::CloserReached66,
        Reason::CloserFailed,
        Reason::OpponentReached66,
    ];

    /// Whether a deal ended for this reason can award `game_points`
    /// (RULES 5, Game points of a deal).
    pub const fn awards(self, game_points: u8) -> bool {
        match self {
            Reason::Reached66 | Reason::CloserReached66 => matches!(game_points, 1..=3),
            Reason::LastTrick => game_points == 1,
            Reason::CloserFailed | Reason::OpponentReached66 => matches!(game_points, 2 | 3),
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Reason::Reached66 => "reached_66",
            Reason::LastTrick => "last_trick",
            Reason::CloserReached66 => "closer_reached_66",
            Reason::CloserFailed => "closer_failed",
            Reason::OpponentReached66 => "opponent_reached_66",
        }
    }
}

/// A finished deal as it ended: the record of docs/SCHEMA.md ("Deal
/// records") that a summary shows. `marriage_points`, `pending_points`
/// and the match points after the deal are not kept: they follow from
/// these fields and from the deals before.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DealResult {
    pub winner: u8,
    pub game_points: u8,
    pub reason: Reason,
    pub trump: u8,
    /// Card points of the tricks won plus the marriages that counted.
    pub points: [u8; 2],
    pub tricks_won: [u8; 2],
    /// Suits declared, bit `s` for suit `s` (S H D C).
    pub marriages: [u8; 2],
    /// Every finished deal has one: nobody reaches 66 without a trick.
    pub last_trick: Trick,
    pub closed_by: Option<u8>,
}

impl DealResult {
    /// Points of every marriage `seat` declared: 20, 40 in trumps.
    pub fn declared_points(&self, seat: usize) -> u32 {
        (0..4u8)
            .filter(|&suit| self.marriages[seat & 1] & (1 << suit) != 0)
            .map(|suit| if suit == self.trump { 40 } else { 20 })
            .sum()
    }

    /// The marriage points that counted: a seat's marriages count once it
    /// has won a trick.
    pub fn marriage_points(&self, seat: usize) -> u32 {
        if self.tricks_won[seat & 1] > 0 {
            self.declared_points(seat)
        } else {
            0
        }
    }

    /// The marriage points that never counted (the seat won no trick).
    pub fn pending_points(&self, seat: usize) -> u32 {
        self.declared_points(seat) - self.marriage_points(seat)
    }
}

/// A `DealResult` in 53 bits of one word, as the thirteen slots of a
/// match hold it: the position stays under 256 bytes, and a playout
/// copies it. Fields low bit first, with their widths.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct PackedDeal(u64);

/// winner, game points, reason, trump, points ×2, tricks won ×2,
/// marriages ×2, the last trick's lead, follow and winner, closed by
/// (0 none, else seat + 1).
const WIDTHS: [u32; 14] = [1, 2, 3, 2, 8, 8, 4, 4, 4, 4, 5, 5, 1, 2];

impl PackedDeal {
    pub(crate) fn pack(deal: &DealResult) -> Self {
        let t = deal.last_trick;
        let parts = [
            deal.winner,
            deal.game_points,
            deal.reason as u8,
            deal.trump,
            deal.points[0],
            deal.points[1],
            deal.tricks_won[0],
            deal.tricks_won[1],
            deal.marriages[0],
            deal.marriages[1],
            t.lead,
            t.follow,
            t.winner,
            deal.closed_by.map_or(0, |seat| seat + 1),
        ];
        let (mut word, mut shift) = (0u64, 0);
        for (part, width) in parts.into_iter().zip(WIDTHS) {
            word |= (u64::from(part) & ((1 << width) - 1)) << shift;
            shift += width;
        }
        Self(word)
    }

    pub(crate) fn unpack(self) -> DealResult {
        let mut parts = [0u8; 14];
        let mut shift = 0;
        for (part, width) in parts.iter_mut().zip(WIDTHS) {
            *part = ((self.0 >> shift) & ((1 << width) - 1)) as u8;
            shift += width;
        }
        let [winner, game_points, reason, trump, p0, p1, t0, t1, m0, m1, lead, follow, won, closed] =
            parts;
        DealResult {
            winner,
            game_points,
            reason: Reason::ALL
                .get(usize::from(reason))
                .copied()
                .unwrap_or_default(),
            trump,
            points: [p0, p1],
            tricks_won: [t0, t1],
            marriages: [m0, m1],
            last_trick: Trick {
                lead,
                follow,
                winner: won,
            },
            closed_by: closed.checked_sub(1),
        }
    }
}

impl Schnapsen {
    pub(super) fn end_deal_by_66(&mut self, seat: u8) {
        let opponent = usize::from(1 - seat);
        match self.closed {
            None => {
                let points = game_points(self.points(opponent), self.tricks_won[opponent] > 0);
                self.score_deal(seat, points, Reason::Reached66);
            }
            Some(closed) if closed.by == seat => {
                let points =
                    game_points(u32::from(closed.opponent_points), closed.opponent_won_trick);
                self.score_deal(seat, points, Reason::CloserReached66);
            }
            Some(closed) => {
                let points = if closed.opponent_won_trick { 2 } else { 3 };
                self.score_deal(seat, points, Reason::OpponentReached66);
            }
        }
    }

    pub(super) fn end_deal_played_out(&mut self, last_winner: u8) {
        match self.closed {
            None => self.score_deal(last_winner, 1, Reason::LastTrick),
            Some(closed) => {
                let points = if closed.opponent_won_trick { 2 } else { 3 };
                self.score_deal(1 - closed.by, points, Reason::CloserFailed);
            }
        }
    }

    fn score_deal(&mut self, winner: u8, game_points: u8, reason: Reason) {
        let record = PackedDeal::pack(&DealResult {
            winner,
            game_points,
            reason,
            trump: self.trump,
            points: [0, 1].map(|seat| u8::try_from(self.points(seat)).unwrap_or(u8::MAX)),
            tricks_won: self.tricks_won,
            marriages: self.marriages,
            last_trick: self.tricks().last().copied().unwrap_or_default(),
            closed_by: self.closed.map(|closed| closed.by),
        });
        if let Some(slot) = self.deals.get_mut(usize::from(self.n_deals)) {
            *slot = record;
            self.n_deals += 1;
        }
        let w = usize::from(winner);
        self.match_points[w] = self.match_points[w].saturating_sub(game_points);
        if self.match_points[w] == 0 {
            // The match is over: the last deal's position stays as it ended.
            self.winner = Some(winner);
            return;
        }
        let mut order = CANONICAL;
        shuffle(&mut order, &mut self.rng);
        self.setup(&order, 1 - self.dealer);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_packed_deal_unpacks_to_itself() {
        let deal = DealResult {
            winner: 1,
            game_points: 3,
            reason: Reason::OpponentReached66,
            trump: 3,
            points: [220, 65],
            tricks_won: [10, 0],
            marriages: [0b1111, 0b0101],
            last_trick: Trick {
                lead: 19,
                follow: 18,
                winner: 1,
            },
            closed_by: Some(1),
        };
        assert_eq!(PackedDeal::pack(&deal).unpack(), deal);
        let empty = DealResult::default();
        assert_eq!(PackedDeal::pack(&empty).unpack(), empty);
        assert_eq!(
            PackedDeal::pack(&DealResult {
                closed_by: Some(0),
                ..empty
            })
            .unpack()
            .closed_by,
            Some(0)
        );
        assert_eq!(WIDTHS.iter().sum::<u32>(), 53);
    }
}
