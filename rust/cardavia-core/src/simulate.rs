//! Batch simulation: many whole games inside Rust, on several threads.
//!
//! Game `i` of a batch is dealt from a seed derived from the batch seed and
//! `i` alone, so a batch's summary does not depend on the thread count.

use crate::cards::Card;
use crate::game::Game;
use crate::rng::{shuffle, SplitMix64};

/// How the seats choose their moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Policy {
    Random,
}

/// What a batch of games came to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub games: u64,
    pub wins: [u64; 2],
    pub draws: u64,
    /// Moves played in all games.
    pub decisions: u64,
    /// Schnapsen: game points won by each seat over all matches.
    pub game_points: [u64; 2],
    /// Schnapsen: deals played over all matches.
    pub deals: u64,
}

impl Summary {
    fn add(&mut self, other: &Summary) {
        self.games += other.games;
        self.draws += other.draws;
        self.decisions += other.decisions;
        self.deals += other.deals;
        for seat in 0..2 {
            self.wins[seat] += other.wins[seat];
            self.game_points[seat] += other.game_points[seat];
        }
    }
}

/// The deal seed of game `index` in a batch seeded with `seed`.
pub fn game_seed(seed: u64, index: u64) -> u64 {
    SplitMix64::new(seed ^ index.wrapping_mul(0xD1B5_4A32_D192_ED03)).next()
}

/// Deal game `index` and play it out with `policy`; add it to `summary`.
fn play_one<G: Game>(seed: u64, index: u64, policy: Policy, summary: &mut Summary) {
    let deal_seed = game_seed(seed, index);
    let mut rng = SplitMix64::new(deal_seed);
    let mut order = [0 as Card; 64];
    let order = &mut order[..G::DECK.len()];
    for (i, card) in order.iter_mut().enumerate() {
        *card = i as Card;
    }
    shuffle(order, &mut rng);
    let mut game = G::deal(order, rng);
    // The policy's own stream, apart from the dealing stream.
    let mut chooser = SplitMix64::new(deal_seed ^ 0x5851_F42D_4C95_7F2D);
    let Policy::Random = policy;
    while !game.is_over() {
        let mv = game.random_move(&mut chooser);
        game.apply(mv);
        summary.decisions += 1;
    }
    summary.games += 1;
    match game.winner() {
        Some(seat) => summary.wins[seat] += 1,
        None => summary.draws += 1,
    }
    let points = game.game_points();
    summary.game_points[0] += u64::from(points[0]);
    summary.game_points[1] += u64::from(points[1]);
    summary.deals += u64::from(game.deals_finished());
}

/// Play `games` games on `threads` threads (at least one).
pub fn simulate<G: Game>(games: u64, seed: u64, policy: Policy, threads: usize) -> Summary {
    let threads = threads.max(1).min(games.max(1) as usize);
    if threads == 1 {
        let mut summary = Summary::default();
        for index in 0..games {
            play_one::<G>(seed, index, policy, &mut summary);
        }
        return summary;
    }
    let per_thread = games.div_ceil(threads as u64);
    let mut total = Summary::default();
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads as u64)
            .map(|t| {
                scope.spawn(move || {
                    let mut summary = Summary::default();
                    let end = ((t + 1) * per_thread).min(games);
                    for index in t * per_thread..end {
                        play_one::<G>(seed, index, policy, &mut summary);
                    }
                    summary
                })
            })
            .collect();
        for handle in handles {
            // A worker only panics on a bug in the rules; re-raise it here,
            // where the binding's panic guard turns it into an error.
            match handle.join() {
                Ok(summary) => total.add(&summary),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
    });
    total
}
