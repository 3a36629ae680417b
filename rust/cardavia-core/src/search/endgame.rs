//! Exact endgames: alpha-beta over sampled worlds (perfect-information
//! Monte Carlo).
//!
//! Once the Schnapsen stock is closed or exhausted, or the Durak stock is
//! empty, little or nothing is hidden and the game tree is small: each
//! sampled world is solved exactly to the search horizon and every root
//! move is scored by its mean exact value over the worlds. Where nothing
//! is hidden at all, one world is the truth and the answer is exact.

use super::ismcts::{horizon, Config, MoveStats, SearchResult};
use super::{Determinize, Resample};
use crate::game::{Game, MoveList};
use crate::rng::SplitMix64;
use std::collections::HashMap;
use std::time::Instant;

/// How much of an endgame is hidden from the searching seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Endgame {
    /// Not an endgame: use the tree search.
    No,
    /// Every card's place is known: one world is the truth.
    Perfect,
    /// Some cards are hidden (e.g. the closed Schnapsen stock).
    Hidden,
}

/// Nodes one solve may visit before the endgame is judged too large.
const NODE_LIMIT: u64 = 500_000;

/// How often (in nodes) a solve under a time budget looks at the clock.
const CLOCK_EVERY: u64 = 1024;

/// What a transposition-table entry knows of a position's value.
#[derive(Clone, Copy)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

/// Positions met before in one solve, by their key (Durak's bouts reach
/// the same position by many orders of play).
type Table = HashMap<[u64; 4], (f32, Bound)>;

struct Solver {
    seat: usize,
    root: (u32, [u32; 2]),
    nodes: u64,
    table: Table,
    deadline: Option<Instant>,
    out_of_time: bool,
}

impl Solver {
    /// The exact value for `seat` (in [0, 1]), or `None` past the node limit
    /// or the deadline.
    fn solve<G: Resample>(&mut self, game: &G, mut alpha: f32, mut beta: f32) -> Option<f32> {
        if let Some(reward) = horizon(game, self.root.0, self.root.1) {
            return Some(reward[self.seat]);
        }
        self.nodes += 1;
        if self.nodes > NODE_LIMIT {
            return None;
        }
        // A caller that gave a time budget gets its answer on time, not
        // after a solve of up to NODE_LIMIT nodes.
        if self.nodes % CLOCK_EVERY == 0 && self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.out_of_time = true;
            return None;
        }
        let key = game.position_key();
        if let Some(&(value, bound)) = key.as_ref().and_then(|k| self.table.get(k)) {
            match bound {
                Bound::Exact => return Some(value),
                Bound::Lower => alpha = alpha.max(value),
                Bound::Upper => beta = beta.min(value),
            }
            if alpha >= beta {
                return Some(value);
            }
        }
        let (alpha0, beta0) = (alpha, beta);
        let player = game.current_player()?;
        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        let maximising = player == self.seat;
        let mut best = if maximising { 0.0f32 } else { 1.0f32 };
        for &mv in moves.as_slice() {
            let mut child = game.clone();
            child.apply(mv);
            let value = self.solve(&child, alpha, beta)?;
            if maximising {
                best = best.max(value);
                alpha = alpha.max(value);
            } else {
                best = best.min(value);
                beta = beta.min(value);
            }
            if alpha >= beta {
                break;
            }
        }
        if let Some(key) = key {
            let bound = if best <= alpha0 {
                Bound::Upper
            } else if best >= beta0 {
                Bound::Lower
            } else {
                Bound::Exact
            };
            self.table.insert(key, (best, bound));
        }
        Some(best)
    }

    /// In a position lost against perfect play, the best share, over
    /// `seat`'s next `depth` decisions, of the opponent's replies at its
    /// next decision that would let `seat` draw or win after all: how many
    /// ways the opponent has to go wrong. `None` past the node limit.
    fn chances<G: Resample>(&mut self, game: &G, depth: u32) -> Option<f32> {
        if horizon(game, self.root.0, self.root.1).is_some() {
            return Some(0.0);
        }
        let player = game.current_player()?;
        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        let mut best = 0.0f32;
        let mut saved = 0u32;
        for &mv in moves.as_slice() {
            let mut child = game.clone();
            child.apply(mv);
            if player == self.seat {
                if depth > 0 {
                    best = best.max(self.chances(&child, depth - 1)?);
                }
            } else if self.solve(&child, 0.0, 1.0)? > 0.0 {
                saved += 1;
            }
        }
        if player == self.seat {
            Some(best)
        } else {
            Some(saved as f32 / moves.len().max(1) as f32)
        }
    }
}

/// Score every root move by its mean exact value over sampled worlds;
/// `None` when a world's tree is too large, or when time runs out before
/// the first world is solved (the caller searches instead). Worlds solved
/// before the time ran out are kept.
pub fn solve_endgame<D: Determinize>(
    info: &D,
    config: &Config,
    kind: Endgame,
) -> Option<SearchResult<<D::Game as Game>::Move>> {
    let seat = info.seat();
    let mut rng = SplitMix64::new(config.seed);
    let first = info.sample(&mut rng);
    let root = (first.deals_finished(), first.game_points());
    let mut moves = MoveList::new();
    first.legal_moves(&mut moves);
    let worlds = match kind {
        Endgame::No => return None,
        Endgame::Perfect => 1,
        // A few hundred worlds at most; far fewer when the budget is small.
        Endgame::Hidden => config
            .budget
            .iterations
            .map_or(400, |n| (n / 200).clamp(16, 400)),
    };
    let deadline = config.budget.time.map(|t| Instant::now() + t);
    let mut totals = vec![0.0f64; moves.len()];
    let mut done = 0u64;
    let mut world = Some(first);
    let mut kept = None;
    while done < worlds {
        if done > 0 && deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
        let sampled = world.take().unwrap_or_else(|| info.sample(&mut rng));
        let mut solver = Solver {
            seat,
            root,
            nodes: 0,
            table: Table::new(),
            deadline,
            out_of_time: false,
        };
        let values: Option<Vec<f32>> = moves
            .as_slice()
            .iter()
            .map(|&mv| {
                let mut child = sampled.clone();
                child.apply(mv);
                solver.solve(&child, 0.0, 1.0)
            })
            .collect();
        match values {
            Some(values) => {
                for (total, value) in totals.iter_mut().zip(values) {
                    *total += f64::from(value);
                }
                done += 1;
                if kind == Endgame::Perfect {
                    kept = Some((sampled, solver));
                }
            }
            None if solver.out_of_time && done > 0 => break,
            None => return None,
        }
    }
    let mut stats: Vec<MoveStats<_>> = moves
        .as_slice()
        .iter()
        .zip(&totals)
        .map(|(&mv, &total)| MoveStats {
            mv,
            visits: done,
            value: total / done as f64,
        })
        .collect();
    // Best value first; the stable sort keeps move order on ties.
    stats.sort_by(|a, b| {
        b.value
            .partial_cmp(&a.value)
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    // Lost against perfect play: every move scores alike, so the move that
    // leaves the opponent the most ways to go wrong goes first.
    if let Some((world, mut solver)) = kept {
        if stats.first().is_some_and(|m| m.value <= 0.0) {
            let chances: Option<Vec<f32>> = stats
                .iter()
                .map(|m| {
                    let mut child = world.clone();
                    child.apply(m.mv);
                    solver.chances(&child, 1)
                })
                .collect();
            if let Some(chances) = chances {
                let mut ranked: Vec<_> = stats.into_iter().zip(chances).collect();
                ranked.sort_by(|a, b| b.1.partial_cmp(&a.1).unwrap_or(std::cmp::Ordering::Equal));
                stats = ranked.into_iter().map(|(m, _)| m).collect();
            }
        }
    }
    Some(SearchResult {
        moves: stats,
        iterations: done,
    })
}
