//! Durak (both variants) for the search: re-dealing hidden cards, and the
//! rollout policy.

use super::inference::Stretch;
use super::ismcts::Playout;
use super::learned::{shipped, Leaf};
use super::{Endgame, Resample, Rollout};
use crate::cards::{bit, cards, Card, CardSet, ATLASNYE};
use crate::durak::{DurakMove, DurakRules, Phase, MAX_SEATS};
use crate::game::{Game, Rewards};
use crate::rng::{shuffle, SplitMix64};
use crate::session::GameId;

const RANK_SETS: [CardSet; 9] = {
    let mut sets = [0; 9];
    let mut rank = 0;
    while rank < 9 {
        sets[rank] = ATLASNYE.rank_set(rank as u8);
        rank += 1;
    }
    sets
};
/// With the stock empty and at most this many cards in the hands and on
/// the table, the search solves the position exactly (if the solve fits its
/// node limit; the tree search plays otherwise). Chosen by measurement
/// (docs/AI.md).
pub const ENDGAME_CARDS: u32 = 16;

/// Cards below the jack: cheap enough to throw in.
const LOW: CardSet = RANK_SETS[0] | RANK_SETS[1] | RANK_SETS[2] | RANK_SETS[3] | RANK_SETS[4];
/// Queens, kings and aces.
const HIGH: CardSet = RANK_SETS[6] | RANK_SETS[7] | RANK_SETS[8];

/// The lowest-ranked card of a non-empty set (lowest suit on ties).
fn lowest(set: CardSet) -> Card {
    for rank_set in RANK_SETS {
        if set & rank_set != 0 {
            return (set & rank_set).trailing_zeros() as Card;
        }
    }
    set.trailing_zeros() as Card
}

/// Non-trumps before trumps, then the lowest rank.
fn cheapest(set: CardSet, trumps: CardSet) -> Card {
    if set & !trumps != 0 {
        lowest(set & !trumps)
    } else {
        lowest(set)
    }
}

impl<const TRANSFERS: bool> Rollout for DurakRules<TRANSFERS> {
    /// Measured (docs/AI.md): the informed policy won 67.5% of a duplicate
    /// match against random rollouts in perevodnoy; in Durak (46%) it did
    /// not measure stronger.
    const PLAYOUT: Playout = if TRANSFERS {
        Playout::Informed
    } else {
        Playout::Random
    };

    /// The greedy bot's heuristic (see `cardavia.bots`), one move in eight
    /// at random: attack with the cheapest card, throw in only cheap
    /// non-trumps, transfer with a non-trump, defend with the cheapest
    /// card that beats but take rather than spend a high trump while the
    /// stock lasts.
    /// At a table of three seats or more the informed rollouts, in both
    /// games: against `greedy` at four seats, 5,000 iterations a move, the
    /// searching seat was the durak in 3 of 100 rotated games with them and
    /// in 12 of 100 with random ones (docs/AI.md, "A larger table").
    fn playout(&self) -> Playout {
        if self.players > 2 {
            Playout::Informed
        } else {
            Self::PLAYOUT
        }
    }

    fn learned_value(&self, leaf: &mut Leaf) -> Option<Rewards> {
        let game = if TRANSFERS {
            GameId::Perevodnoy
        } else {
            GameId::Durak
        };
        let mover = self.current_player()?;
        leaf.value(shipped(game)?, self, usize::from(self.players), mover)
    }

    fn rollout_move(&self, rng: &mut SplitMix64) -> DurakMove {
        if rng.next() & 7 == 0 {
            return self.random_move(rng);
        }
        let trumps = self.trump_set;
        match self.phase() {
            Phase::Over => DurakMove::Stop,
            Phase::Lead => {
                let hand = self.hands[self.attacker()];
                if hand == 0 {
                    return DurakMove::Stop;
                }
                DurakMove::Attack(cheapest(hand, trumps))
            }
            Phase::Add => {
                let cheap = self.additions() & !trumps & LOW;
                if cheap != 0 {
                    DurakMove::Attack(lowest(cheap))
                } else {
                    DurakMove::Stop
                }
            }
            Phase::Defend => {
                let transfers = self.transfer_cards() & !trumps;
                if transfers != 0 {
                    return DurakMove::Transfer(lowest(transfers));
                }
                let defences = self.defences_now();
                if defences == 0 {
                    return DurakMove::Take;
                }
                let card = cheapest(defences, trumps);
                if bit(card) & trumps & HIGH != 0 && self.stock_len() > 0 {
                    DurakMove::Take
                } else {
                    DurakMove::Defend(card)
                }
            }
        }
    }
}

impl<const TRANSFERS: bool> Resample for DurakRules<TRANSFERS> {
    /// The opponents' unknown cards and the face-down stock are dealt
    /// anew, each opponent keeping its hand size and the cards known to be
    /// in it (taken from the table; at six seats the trump card seat 5
    /// showed); the trump card stays at the bottom of the stock. Durak has
    /// no follow rules, so nothing is excluded beyond what is seen.
    fn resample_hidden(&mut self, observer: usize, allowed: CardSet, rng: &mut SplitMix64) -> bool {
        let top = usize::from(self.stock_top);
        // The last stock card is the public trump card.
        let face_down = if top < self.stock.len() {
            top..self.stock.len() - 1
        } else {
            top..top
        };
        let mut pool = 0;
        for &card in &self.stock[face_down.clone()] {
            pool |= bit(card);
        }
        if self.players == 2 {
            // The duel's one opponent, drawn as before the larger tables so
            // that a seed and a budget still give the same move.
            let other = 1 - (observer & 1);
            let hidden = self.hands[other] & !self.known[other];
            pool |= hidden;
            let Some(chosen) = super::draw_from(pool & allowed, hidden.count_ones() as usize, rng)
            else {
                return false;
            };
            self.hands[other] = self.known[other] | chosen;
            pool &= !chosen;
        } else {
            let others = (0..usize::from(self.players)).filter(|&seat| seat != observer);
            let mut needs = [0usize; MAX_SEATS];
            for seat in others.clone() {
                let hidden = self.hands[seat] & !self.known[seat];
                needs[seat] = hidden.count_ones() as usize;
                pool |= hidden;
            }
            let mut hands = self.hands;
            for seat in others {
                let Some(chosen) = super::draw_from(pool & allowed, needs[seat], rng) else {
                    return false;
                };
                hands[seat] = self.known[seat] | chosen;
                pool &= !chosen;
            }
            self.hands = hands;
        }
        let mut rest = [0 as Card; 64];
        let mut n_rest = 0;
        for card in cards(pool) {
            rest[n_rest] = card;
            n_rest += 1;
        }
        shuffle(&mut rest[..n_rest], rng);
        self.stock[face_down].copy_from_slice(&rest[..n_rest]);
        true
    }

    /// Cards the opponent cannot beat first (they cost it the bout), then
    /// cheap cards; defend cheaply; transfer rather than defend; take and
    /// stop last.
    fn move_priority(&self, mv: DurakMove) -> u8 {
        let strength = |card: Card| {
            let rank = ATLASNYE.rank(card);
            if bit(card) & self.trump_set != 0 {
                9 + rank
            } else {
                rank
            }
        };
        match mv {
            DurakMove::Attack(card) => {
                let other = self.hands[self.defender()];
                let beaten = other & self.beating_set(card) != 0;
                if beaten {
                    100 - strength(card)
                } else {
                    200 - strength(card)
                }
            }
            DurakMove::Defend(card) => 150 - strength(card),
            DurakMove::Transfer(_) | DurakMove::Take | DurakMove::Stop => 0,
        }
    }

    /// Everything that decides the rest of an endgame (stock empty, the
    /// discard following from the rest): the hands, the cards on the table
    /// as a set (which attack a defence beat no longer matters, so bouts
    /// played in another order meet again), the open attacks in order (the
    /// oldest must be beaten first), and who attacks, taking, the limit,
    /// the idle-bout count and how many attacks lie and are beaten.
    fn position_key(&self) -> Option<[u64; 4]> {
        if self.players > 2 {
            // The key packs a duel; a larger table's endgame (two seats
            // left in) is solved without a table.
            return None;
        }
        let (len, defended) = (usize::from(self.table_len), usize::from(self.defended));
        let mut open = 0u64;
        for (i, &attack) in self.attacks[defended.min(len)..len].iter().enumerate() {
            open |= u64::from(attack & 63) << (6 * i);
        }
        let flags = u64::from(self.attacker)
            | u64::from(self.taking) << 1
            | u64::from(self.limit) << 2
            | u64::from(self.idle_bouts) << 5
            | (len as u64) << 11
            | (defended as u64) << 14;
        Some([
            self.hands[0],
            self.hands[1],
            self.table_set | flags << 36,
            open,
        ])
    }

    /// With the stock empty and two seats left in, every unseen card is in
    /// the other one's hand: nothing is hidden, and the seats already out
    /// have their result, so the two play a duel. Solved exactly while the
    /// hands are small.
    fn endgame(&self, _observer: usize) -> Endgame {
        if self.players > 2 && self.seats_in().count_ones() != 2 {
            return Endgame::No;
        }
        let hands = self.hands.iter().fold(0, |all, &hand| all | hand);
        let cards_left = (hands | self.table_set).count_ones();
        if self.stock_len() == 0 && cards_left <= ENDGAME_CARDS {
            Endgame::Perfect
        } else {
            Endgame::No
        }
    }
}

/// A duel's bout is its stretch: every card on the table is one move, and
/// a take one more; the bout's draws come only at its end.
impl<const TRANSFERS: bool> Stretch for DurakRules<TRANSFERS> {
    fn stretch_len(&self) -> usize {
        if self.players != 2 || self.outcome.is_some() {
            return 0;
        }
        usize::from(self.table_len) + usize::from(self.defended) + usize::from(self.taking)
    }

    fn unwind(&self, moves: &[DurakMove]) -> Option<Self> {
        if self.players != 2 || moves.len() != self.stretch_len() {
            return None;
        }
        // Each transfer handed the attack on: the bout began with the
        // seat that attacks now if there were an even number of them.
        let transfers = moves
            .iter()
            .filter(|mv| matches!(mv, DurakMove::Transfer(_)))
            .count();
        let first = if transfers % 2 == 0 {
            self.attacker
        } else {
            1 - self.attacker
        };
        let mut start = *self;
        let mut attacker = usize::from(first);
        for &mv in moves {
            match mv {
                DurakMove::Attack(card) => start.hands[attacker] |= bit(card),
                DurakMove::Defend(card) => start.hands[1 - attacker] |= bit(card),
                DurakMove::Transfer(card) => {
                    start.hands[1 - attacker] |= bit(card);
                    attacker = 1 - attacker;
                }
                DurakMove::Take => {}
                DurakMove::Stop => return None,
            }
        }
        if start.hands[0] & start.hands[1] != 0 {
            return None;
        }
        start.clear_table();
        start.attacker = first;
        start.seat_defender();
        start.reset_limit();
        Some(start)
    }

    fn reshuffle_unseen(&mut self, rng: &mut SplitMix64) {
        let top = usize::from(self.stock_top);
        // The last stock card is the public trump card.
        if top + 1 < self.stock.len() {
            let end = self.stock.len() - 1;
            shuffle(&mut self.stock[top..end], rng);
        }
    }

    fn learned_log_policy(&self, leaf: &mut Leaf, mv: DurakMove) -> Option<f32> {
        let game = if TRANSFERS {
            GameId::Perevodnoy
        } else {
            GameId::Durak
        };
        let mover = self.current_player()?;
        leaf.log_policy(shipped(game)?, self, usize::from(self.players), mover, mv)
    }
}
