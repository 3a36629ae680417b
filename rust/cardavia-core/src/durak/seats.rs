//! The seats of a Durak table and their roles in a bout: RULES.md
//! chapter 7. Who is next, who throws in and in what order, who goes out
//! and how the deal ends. With two seats every function here reduces to
//! chapter 3: the defender is the other seat, the attacker the only
//! thrower. The twin of `python/cardavia/reference/durak/seats.py`.

use super::rules::{DurakRules, MAX_SEATS};
use crate::game::Outcome;

impl<const TRANSFERS: bool> DurakRules<TRANSFERS> {
    /// The seats still in, as bits.
    #[inline]
    pub(crate) fn seats_in(&self) -> u8 {
        ((1u16 << self.players) - 1) as u8 & !self.out
    }

    /// The next seat in after `seat`, clockwise (`seat` itself when no
    /// other seat is in).
    #[inline]
    pub(crate) fn next_in(&self, seat: usize) -> usize {
        let n = usize::from(self.players);
        if self.out == 0 {
            // Nobody out (always, in a duel that goes on): the next seat.
            return if seat + 1 >= n { 0 } else { seat + 1 };
        }
        let mut next = seat;
        for _ in 0..n {
            next = if next + 1 >= n { 0 } else { next + 1 };
            if self.out & (1 << next) == 0 {
                return next;
            }
        }
        seat
    }

    /// Every thrower, as bits: the seats in but the defender.
    #[inline]
    pub(crate) fn throwers(&self) -> u8 {
        if self.players == 2 {
            // A duel's only thrower is the attacker.
            return 1 << self.attacker;
        }
        self.seats_in() & !(1 << self.defender())
    }

    /// The throwers in priority order: the main attacker, then clockwise
    /// skipping the defender.
    pub(crate) fn thrower_order(&self) -> impl Iterator<Item = usize> + '_ {
        let attacker = usize::from(self.attacker);
        let defender = self.defender();
        let mut seat = Some(attacker);
        std::iter::from_fn(move || {
            let now = seat?;
            let mut next = self.next_in(now);
            if next == defender {
                next = self.next_in(next);
            }
            seat = (next != attacker && next != now).then_some(next);
            Some(now)
        })
    }

    /// The thrower to move: the first in priority order that has not
    /// passed (the main attacker while nobody has).
    #[inline]
    pub(crate) fn thrower(&self) -> usize {
        if self.passed == 0 {
            return usize::from(self.attacker);
        }
        self.thrower_order()
            .find(|&seat| self.passed & (1 << seat) == 0)
            .unwrap_or(usize::from(self.attacker))
    }

    /// The throwers that have passed, ascending.
    pub(crate) fn passed_seats(&self) -> Vec<usize> {
        (0..MAX_SEATS)
            .filter(|&seat| self.passed & (1 << seat) != 0)
            .collect()
    }

    /// With the stock empty, every seat in with an empty hand goes out,
    /// all together as the next group.
    pub(super) fn leave(&mut self) {
        // Nobody out yet (always in a duel): the first group, without a
        // pass over every seat's record at each bout's end.
        let group = if self.out == 0 {
            1
        } else {
            self.out_at.iter().copied().max().unwrap_or(0) + 1
        };
        for seat in 0..usize::from(self.players) {
            if self.out & (1 << seat) == 0 && self.hands[seat] == 0 {
                self.out |= 1 << seat;
                self.out_at[seat] = group;
            }
        }
    }

    /// The end once at most one seat is in (`left`): no seat, a draw;
    /// one, the durak. Two seats keep chapter 3's winner.
    pub(super) fn final_outcome(&self, left: u8) -> Outcome {
        if left == 0 {
            Outcome::Draw
        } else if self.players == 2 {
            Outcome::Win {
                winner: 1 - left.trailing_zeros() as u8,
            }
        } else {
            Outcome::Loser {
                loser: left.trailing_zeros() as u8,
            }
        }
    }

    /// The groups of seats that went out, in the order they did, each in
    /// ascending seat order.
    pub(crate) fn out_groups(&self) -> Vec<Vec<usize>> {
        let groups = usize::from(self.out_at.iter().copied().max().unwrap_or(0));
        (1..=groups)
            .map(|group| {
                (0..MAX_SEATS)
                    .filter(|&seat| usize::from(self.out_at[seat]) == group)
                    .collect()
            })
            .collect()
    }

    /// Each seat's result (RULES 7): the durak 0, every other seat 1; in a
    /// draw the seats that went out in the last bout, or after an idle
    /// draw the seats still in, ½.
    pub fn results(&self) -> [f64; MAX_SEATS] {
        let mut results = [0.0; MAX_SEATS];
        let players = usize::from(self.players);
        let Some(outcome) = self.outcome else {
            return results;
        };
        let last = self.out_at.iter().copied().max().unwrap_or(0);
        for (seat, result) in results.iter_mut().enumerate().take(players) {
            *result = match outcome {
                Outcome::Win { winner } => f64::from(u8::from(usize::from(winner) == seat)),
                Outcome::Loser { loser } => f64::from(u8::from(usize::from(loser) != seat)),
                Outcome::Draw => {
                    let idle = self.seats_in() != 0;
                    let shares = if idle {
                        self.out & (1 << seat) == 0
                    } else {
                        self.out_at[seat] == last
                    };
                    if shares {
                        0.5
                    } else {
                        1.0
                    }
                }
            };
        }
        results
    }
}
