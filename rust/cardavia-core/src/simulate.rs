//! Batch simulation: many whole games inside Rust, on several threads.
//!
//! Game `i` of a batch is dealt from a seed derived from the batch seed and
//! `i` alone, so a batch's summary does not depend on the thread count.

use crate::cards::Card;
use crate::durak::MAX_SEATS;
use crate::error::{Error, Kind, Result};
use crate::for_game;
use crate::game::{Game, Outcome};
use crate::limits::{check_argument, MAX_GAMES, MAX_THREADS};
use crate::rng::{shuffle, SplitMix64};
use crate::session::GameId;

/// How the seats choose their moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Policy {
    Random,
}

impl Policy {
    /// Every policy, as `cardavia.simulate.POLICIES` lists them.
    pub const ALL: [Policy; 1] = [Policy::Random];

    pub const fn name(self) -> &'static str {
        match self {
            Policy::Random => "random",
        }
    }

    /// The policy of that name, or the `choice` error.
    pub fn parse(name: &str) -> Result<Policy> {
        Self::ALL
            .into_iter()
            .find(|policy| policy.name() == name)
            .ok_or_else(|| {
                let names: Vec<&str> = Self::ALL.iter().map(|p| p.name()).collect();
                Error::argument(Kind::Choice, "policy", name).with("choices", names)
            })
    }
}

/// A batch of whole games as a caller asks for it, checked: the game, how
/// many games, the seed, the threads (`simulate`, `soak`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Batch {
    pub game: GameId,
    pub games: u64,
    pub seed: u64,
    pub threads: usize,
    /// The seats of every game (RULES 7); two unless `seated`.
    pub players: usize,
}

impl Batch {
    /// Checked in that order; the integers as the caller gave them.
    pub fn parse(game: &str, games: i128, seed: i128, threads: i128) -> Result<Self> {
        Ok(Self {
            game: GameId::parse(game)?,
            games: check_argument(games, "games", 0, MAX_GAMES)?,
            seed: check_argument(seed, "seed", 0, u64::MAX)?,
            threads: check_argument(threads, "threads", 1, MAX_THREADS)? as usize,
            players: 2,
        })
    }

    /// The batch at `players` seats, checked for its game (`None`: two).
    pub fn seated(self, players: Option<i128>) -> Result<Self> {
        Ok(Self {
            players: self.game.check_players(players)?,
            ..self
        })
    }

    /// The batch played with `policy`.
    pub fn simulate(&self, policy: Policy) -> Summary {
        let Self {
            games,
            seed,
            threads,
            players,
            ..
        } = *self;
        for_game!(self.game, G => simulate::<G>(games, seed, policy, threads, players))
    }
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
    /// From three seats on: how often each seat was the durak.
    pub losers: [u64; MAX_SEATS],
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
        for seat in 0..MAX_SEATS {
            self.losers[seat] += other.losers[seat];
        }
    }
}

/// The deal seed of game `index` in a batch seeded with `seed`.
pub fn game_seed(seed: u64, index: u64) -> u64 {
    SplitMix64::new(seed ^ index.wrapping_mul(0xD1B5_4A32_D192_ED03)).next()
}

/// Deal game `index` and play it out with `policy`; add it to `summary`.
#[inline(always)]
fn play_one<G: Game>(seed: u64, index: u64, policy: Policy, players: usize, summary: &mut Summary) {
    let deal_seed = game_seed(seed, index);
    let mut rng = SplitMix64::new(deal_seed);
    let mut order = [0 as Card; 64];
    let order = &mut order[..G::DECK.len()];
    for (i, card) in order.iter_mut().enumerate() {
        *card = i as Card;
    }
    shuffle(order, &mut rng);
    let mut game = G::deal_seats(order, rng, players);
    // The policy's own stream, apart from the dealing stream.
    let mut chooser = SplitMix64::new(deal_seed ^ 0x5851_F42D_4C95_7F2D);
    let Policy::Random = policy;
    while !game.is_over() {
        let mv = game.random_move(&mut chooser);
        game.apply(mv);
        summary.decisions += 1;
    }
    summary.games += 1;
    match game.outcome() {
        Some(Outcome::Win { winner }) => summary.wins[usize::from(winner)] += 1,
        Some(Outcome::Loser { loser }) => summary.losers[usize::from(loser)] += 1,
        _ => summary.draws += 1,
    }
    let points = game.game_points();
    summary.game_points[0] += u64::from(points[0]);
    summary.game_points[1] += u64::from(points[1]);
    summary.deals += u64::from(game.deals_finished());
}

/// Games `indices` of a batch, played on this thread with the fastest
/// instructions the processor has.
fn play_range<G: Game>(
    seed: u64,
    indices: std::ops::Range<u64>,
    policy: Policy,
    players: usize,
) -> Summary {
    #[cfg(target_arch = "x86_64")]
    if has_bit_instructions() {
        // SAFETY: the processor was just found to have these instructions.
        return unsafe { play_range_bits::<G>(seed, indices, policy, players) };
    }
    play_range_portable::<G>(seed, indices, policy, players)
}

/// Whether this processor counts and scans bits in one instruction each
/// (every x86-64 processor since about 2013).
#[cfg(target_arch = "x86_64")]
fn has_bit_instructions() -> bool {
    std::is_x86_feature_detected!("popcnt")
        && std::is_x86_feature_detected!("bmi1")
        && std::is_x86_feature_detected!("bmi2")
        && std::is_x86_feature_detected!("lzcnt")
}

/// `play_range` built for processors with bit-counting instructions: the
/// wheel's baseline x86-64 counts a hand's cards without `popcnt`, with a
/// dozen instructions each time.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt")]
unsafe fn play_range_bits<G: Game>(
    seed: u64,
    indices: std::ops::Range<u64>,
    policy: Policy,
    players: usize,
) -> Summary {
    play_range_portable::<G>(seed, indices, policy, players)
}

#[inline(always)]
fn play_range_portable<G: Game>(
    seed: u64,
    indices: std::ops::Range<u64>,
    policy: Policy,
    players: usize,
) -> Summary {
    let mut summary = Summary::default();
    for index in indices {
        play_one::<G>(seed, index, policy, players, &mut summary);
    }
    summary
}

/// Play `games` games at `players` seats on `threads` threads (at least
/// one).
pub fn simulate<G: Game>(
    games: u64,
    seed: u64,
    policy: Policy,
    threads: usize,
    players: usize,
) -> Summary {
    let threads = threads.max(1).min(games.max(1) as usize);
    if threads == 1 {
        return play_range::<G>(seed, 0..games, policy, players);
    }
    let per_thread = games.div_ceil(threads as u64);
    let mut total = Summary::default();
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads as u64)
            .map(|t| {
                scope.spawn(move || {
                    let end = ((t + 1) * per_thread).min(games);
                    play_range::<G>(seed, t * per_thread..end, policy, players)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Class;

    #[test]
    fn a_batch_is_checked_in_order_with_its_limits() {
        let batch = Batch::parse("durak", 3, 9, 2).unwrap();
        assert_eq!(
            (batch.game, batch.games, batch.threads),
            (GameId::Durak, 3, 2)
        );
        assert_eq!(batch.simulate(Policy::Random).games, 3);
        let refused = |game: &str, games: i128, seed: i128, threads: i128| {
            let e = Batch::parse(game, games, seed, threads).unwrap_err();
            (e.class, e.kind, e.field)
        };
        let integer = |field: &str| (Class::InvalidArgument, Kind::Integer, field.to_owned());
        assert_eq!(refused("chess", -1, -1, 0).1, Kind::UnknownGame);
        assert_eq!(
            refused("durak", i128::from(MAX_GAMES) + 1, -1, 0),
            integer("games")
        );
        assert_eq!(refused("durak", 0, -1, 0), integer("seed"));
        let threads = i128::from(MAX_THREADS) + 1;
        assert_eq!(refused("durak", 0, 0, threads), integer("threads"));
    }

    /// The same games with and without the bit-counting instructions.
    #[test]
    #[cfg(target_arch = "x86_64")]
    fn the_fast_instructions_play_the_same_games() {
        if !has_bit_instructions() {
            return;
        }
        for (game, players) in [
            ("durak", 2),
            ("perevodnoy", 2),
            ("durak", 5),
            ("schnapsen", 2),
        ] {
            let game = GameId::parse(game).unwrap();
            for_game!(game, G => {
                let portable = play_range_portable::<G>(11, 0..300, Policy::Random, players);
                // SAFETY: the processor has the instructions (checked above).
                let fast = unsafe { play_range_bits::<G>(11, 0..300, Policy::Random, players) };
                assert_eq!(portable, fast);
                assert!(portable.decisions > 300 * 20);
            });
        }
    }

    #[test]
    fn a_table_is_played_out_by_every_seat() {
        let batch = Batch::parse("perevodnoy", 200, 5, 2).unwrap();
        let table = batch.seated(Some(4)).unwrap().simulate(Policy::Random);
        assert_eq!(table.wins, [0, 0]);
        assert_eq!(table.losers[4..], [0, 0]);
        assert_eq!(table.losers.iter().sum::<u64>() + table.draws, 200);
        assert!(table.losers[..4].iter().all(|&n| n > 20), "{table:?}");
        // Two seats, given or not, are the batch of before.
        let two = batch.seated(Some(2)).unwrap().simulate(Policy::Random);
        assert_eq!(two, batch.simulate(Policy::Random));
        let refused = |game: &str, players: i128| {
            let batch = Batch::parse(game, 1, 1, 1).unwrap();
            batch.seated(Some(players)).unwrap_err().kind
        };
        assert_eq!(refused("durak", 7), Kind::Integer);
        assert_eq!(refused("schnapsen", 2), Kind::TwoPlayers);
    }

    #[test]
    fn policies_by_name() {
        assert_eq!(Policy::parse("random"), Ok(Policy::Random));
        let e = Policy::parse("greedy").unwrap_err();
        assert_eq!((e.kind, e.field.as_str()), (Kind::Choice, "policy"));
        assert_eq!(e.get("choices"), Some(&serde_json::json!(["random"])));
    }
}
