//! How a Schnapsen deal is scored and the match goes on: RULES.md chapter
//! 5, "Game points of a deal". The twin of
//! `python/cardavia/reference/schnapsen/scoring.py`.

use super::rules::{Schnapsen, CANONICAL};
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

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DealResult {
    pub winner: u8,
    pub game_points: u8,
    pub reason: Reason,
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
        if let Some(slot) = self.deals.get_mut(usize::from(self.n_deals)) {
            *slot = DealResult {
                winner,
                game_points,
                reason,
            };
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
