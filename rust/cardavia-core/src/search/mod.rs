//! Information-set search: the AI sees an observation, never the true state.
//!
//! The search plays in `Worlds` read from an observation (`worlds.rs`): a
//! template position checked whole, its hidden cards placed arbitrarily.
//! Every iteration copies the template and deals the hidden cards anew
//! (`Resample`), so a world agrees with everything public: the observer's
//! hand, the table, the discards and tricks, the cards known in the
//! opponent's hand, the trump card under the Durak stock or the Schnapsen
//! indicator, and the suits the opponent has shown it lacks.

pub mod budget;
pub mod durak;
pub mod endgame;
pub mod inference;
pub mod ismcts;
pub mod learned;
pub mod schnapsen;

use crate::cards::{bit, cards, Card, CardSet};
use crate::game::{legal_move_names, Game};
use crate::rng::SplitMix64;
pub use crate::worlds::Worlds;
pub use endgame::Endgame;
use std::time::Instant;

/// What one seat knows, able to deal out worlds consistent with it.
pub trait Determinize: Send + Sync {
    type Game: Resample;

    /// The seat whose knowledge this is.
    fn seat(&self) -> usize;

    /// A full position consistent with everything the seat knows, the
    /// unknown cards placed uniformly at random within the constraints.
    fn sample(&self, rng: &mut SplitMix64) -> Self::Game;

    /// Whether the position is a small endgame, solved exactly instead.
    fn endgame(&self) -> Endgame {
        Endgame::No
    }
}

/// The search the AI runs: an exact endgame solve where one applies and
/// fits, the information-set tree search otherwise.
pub fn decide<D: Determinize>(
    info: &D,
    config: &ismcts::Config,
) -> ismcts::SearchResult<<D::Game as Game>::Move> {
    let kind = info.endgame();
    if kind == Endgame::No {
        return ismcts::search(info, config);
    }
    let started = Instant::now();
    if let Some(result) = endgame::solve_endgame(info, config, kind) {
        return result;
    }
    // The solve gave up; the tree search gets what is left of the time.
    let mut rest = *config;
    rest.budget.time = config
        .budget
        .time
        .map(|t| t.saturating_sub(started.elapsed()));
    ismcts::search(info, &rest)
}

/// A game whose hidden cards can be dealt anew.
pub trait Resample: Rollout + inference::Stretch {
    /// Deal the cards `observer` cannot see uniformly at random, the
    /// opponent's unknown cards only from `allowed`. False when `allowed`
    /// leaves too few cards (the position is left unchanged then).
    fn resample_hidden(&mut self, observer: usize, allowed: CardSet, rng: &mut SplitMix64) -> bool;

    /// How much of this position, if it is an endgame, `observer` cannot see.
    fn endgame(&self, observer: usize) -> Endgame;

    /// How promising a move looks before it is searched: the endgame solver
    /// tries higher ones first (more cut-offs, the same value).
    fn move_priority(&self, _mv: Self::Move) -> u8 {
        0
    }

    /// Everything that decides the rest of the game, packed, for the
    /// endgame solver's transposition table; `None` to keep no table.
    fn position_key(&self) -> Option<[u64; 4]> {
        None
    }
}

/// A cheap, informed way to play out a position: the search's rollouts.
pub trait Rollout: Game {
    /// How the search plays out unless told otherwise, as measured per
    /// game (docs/AI.md).
    const PLAYOUT: ismcts::Playout;

    /// The UCB exploration constant, measured per game (docs/AI.md): it
    /// must suit how far apart the game's rewards lie.
    const EXPLORATION: f32 = ismcts::EXPLORATION;

    /// Whether the search weighs its worlds by the opponent's recent moves
    /// unless told otherwise (`inference.rs`), as measured per game
    /// (docs/AI.md, "Inference"): only where it played better.
    const INFERENCE: bool = false;

    fn rollout_move(&self, rng: &mut SplitMix64) -> Self::Move;

    /// The shipped move model's value of this position for every seat
    /// (`Playout::Value`); `None` where the game has no model for it.
    fn learned_value(&self, _leaf: &mut learned::Leaf) -> Option<crate::game::Rewards> {
        None
    }

    /// How the search plays out from this position unless told otherwise:
    /// the game's own, or one a kind of position measured better with.
    fn playout(&self) -> ismcts::Playout {
        Self::PLAYOUT
    }
}

/// How a level picks its move from the search's statistics.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pick {
    /// The most visited move.
    Best,
    /// A move drawn by its visits squared: mostly the best, sometimes
    /// another move the search thought plausible. A beginner's mistakes,
    /// not random ones.
    Plausible,
}

impl Pick {
    /// Its name, as `cardavia.ai.LEVEL_PICKS` gives it.
    pub const fn name(self) -> &'static str {
        match self {
            Pick::Best => "best",
            Pick::Plausible => "plausible",
        }
    }
}

/// A difficulty level: an iteration budget per thread and how the move is
/// picked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    pub name: &'static str,
    pub iterations: u64,
    pub pick: Pick,
    /// Searches on every core of the machine rather than on one: its
    /// budget is per thread, so more cores make it stronger in its time.
    pub every_core: bool,
}

/// The AI's levels, weakest first. `normal` and `hard` take the largest
/// budgets that keep their slowest moves, from a Durak opening where the
/// rollouts are longest, near 0.25 s on one core for `normal` and near a
/// second on every core for `hard` (1.2 s mean, 1.5 s at most on an idle
/// machine; docs/AI.md, "Levels").
pub const LEVELS: [Level; 3] = [
    Level {
        name: "easy",
        iterations: 1_000,
        pick: Pick::Plausible,
        every_core: false,
    },
    Level {
        name: "normal",
        iterations: 60_000,
        pick: Pick::Best,
        every_core: false,
    },
    Level {
        name: "hard",
        iterations: 300_000,
        pick: Pick::Best,
        every_core: true,
    },
];
/// The level of a search given no budget.
pub const DEFAULT_LEVEL: &str = "normal";

/// The level of that name, if it is one.
pub fn level(name: &str) -> Option<Level> {
    LEVELS.iter().copied().find(|level| level.name == name)
}

/// Every legal move of the worlds' seat, named, with its visits and value
/// (the searching seat's mean reward), most visited first; the moves the
/// search never tried follow, in the API's order, unvisited.
pub fn analyse<G: Resample>(
    worlds: &Worlds<G>,
    config: &ismcts::Config,
) -> Vec<(String, u64, f64)> {
    let inferred = if config.inference {
        inference::Inferred::new(worlds, config.seed)
    } else {
        None
    };
    let result = match &inferred {
        Some(weighed) => decide(weighed, config),
        None => decide(worlds, config),
    };
    let mut stats: Vec<(String, u64, f64)> = result
        .moves
        .iter()
        .map(|s| (G::move_name(s.mv), s.visits, s.value))
        .collect();
    for name in legal_move_names(worlds.template()) {
        if !stats.iter().any(|(seen, _, _)| *seen == name) {
            stats.push((name, 0, 0.0));
        }
    }
    stats
}

/// The move the AI plays: with `Pick::Best` the most visited one, the
/// search stopping as soon as no remaining iteration could change it
/// (`settle`); with `Pick::Plausible` one drawn by its visits squared from
/// the whole budget's statistics (the seed decides the draw). A forced move
/// without a search.
pub fn choose<G: Resample>(
    worlds: &Worlds<G>,
    config: &ismcts::Config,
    pick: Pick,
) -> Option<String> {
    let legal = legal_move_names(worlds.template());
    if legal.len() == 1 {
        return legal.into_iter().next();
    }
    let stats = match pick {
        Pick::Best => analyse(
            worlds,
            &ismcts::Config {
                settle: true,
                ..*config
            },
        ),
        Pick::Plausible => analyse(worlds, config),
    };
    if pick == Pick::Best {
        return stats.into_iter().next().map(|(name, _, _)| name);
    }
    let weight = |visits: u64| (visits as f64) * (visits as f64);
    let total: f64 = stats.iter().map(|&(_, visits, _)| weight(visits)).sum();
    let mut rng = SplitMix64::new(config.seed ^ 0x6A09_E667_F3BC_C908);
    let mut point = (rng.next() >> 11) as f64 / (1u64 << 53) as f64 * total;
    for (name, visits, _) in &stats {
        point -= weight(*visits);
        if point < 0.0 {
            return Some(name.clone());
        }
    }
    stats.into_iter().next().map(|(name, _, _)| name)
}

/// `need` cards drawn uniformly from `pool` (a partial Fisher-Yates), or
/// `None` when the pool is too small.
pub(crate) fn draw_from(pool: CardSet, need: usize, rng: &mut SplitMix64) -> Option<CardSet> {
    let mut fits = [0 as Card; 64];
    let mut n = 0;
    for card in cards(pool) {
        fits[n] = card;
        n += 1;
    }
    if n < need {
        return None;
    }
    let mut chosen = 0;
    for i in 0..need {
        let j = i + rng.below((n - i) as u64) as usize;
        fits.swap(i, j);
        chosen |= bit(fits[i]);
    }
    Some(chosen)
}

impl<G: Resample> Determinize for Worlds<G> {
    type Game = G;

    fn seat(&self) -> usize {
        self.seat
    }

    fn sample(&self, rng: &mut SplitMix64) -> G {
        self.deal(rng)
    }

    fn endgame(&self) -> Endgame {
        self.template.endgame(self.seat)
    }
}
