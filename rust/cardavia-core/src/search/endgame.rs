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
use crate::game::{Game, MoveList, MAX_MOVES};
use crate::rng::SplitMix64;
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

/// Nodes one solve of a world may visit before the endgame is judged too
/// large, per iteration of the budget the search would have spent instead.
/// Measured (`solver_speed play 16`, playing the best move only): with
/// 20,000 iterations at 50 nodes, `normal` played 17 of 40 Durak endgames
/// of 16 cards exactly; at 100, 20; at 150, 20, with the worst move twice
/// as slow. When `normal` grew to
/// 60,000 iterations, 100 nodes (six million) played 21 of 40 exactly but
/// took up to 3.2 s on a move (load 3), so the limits stay where they were:
/// about two million nodes for `normal`, ten for `hard`.
const NODES_PER_ITERATION: u64 = 33;
/// The node limit of a solve under a time budget or none (a solve of this
/// size takes about a second; the deadline cuts it shorter).
pub const NODE_LIMIT: u64 = 20_000_000;
/// The smallest node limit, so that even the smallest budget solves the
/// last few cards.
const MIN_NODES: u64 = 100_000;

/// The node limit of a solve under `config`'s budget.
fn node_limit(config: &Config) -> u64 {
    match config.budget.iterations {
        Some(n) => n
            .saturating_mul(NODES_PER_ITERATION)
            .clamp(MIN_NODES, NODE_LIMIT),
        None => NODE_LIMIT,
    }
}

/// The lower edge of the window that asks only whether a move wins.
const WIN_PROBE: f32 = 0.999;

/// How often (in nodes) a solve under a time budget looks at the clock.
const CLOCK_EVERY: u64 = 1024;

/// Slots of the transposition table: 2^18 of 40 bytes (ten megabytes), a
/// bound on the memory one solve uses whatever the position.
const TABLE_BITS: u32 = 18;

/// What a transposition-table entry knows of a position's value.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
enum Bound {
    #[default]
    Empty,
    Exact,
    Lower,
    Upper,
}

/// One slot: a position's key, what is known of its value, and the move
/// that decided it, tried first when the position comes again.
#[derive(Clone, Copy, Default)]
struct Slot {
    key: [u64; 4],
    value: f32,
    bound: Bound,
    best: u8,
    generation: u16,
}

/// Positions met before, by their key (Durak's bouts reach the same
/// position by many orders of play): a fixed array, each key in one slot
/// chosen by its hash, the newer entry replacing the older. A new world
/// starts a new generation instead of clearing the array.
struct Table {
    slots: Vec<Slot>,
    generation: u16,
}

impl Table {
    fn new() -> Self {
        Self {
            slots: vec![Slot::default(); 1 << TABLE_BITS],
            generation: 1,
        }
    }

    /// Forget every entry (the next world is another game).
    fn next_generation(&mut self) {
        self.generation = self.generation.wrapping_add(1).max(1);
        if self.generation == 1 {
            self.slots.fill(Slot::default());
        }
    }

    #[inline]
    fn index(key: &[u64; 4]) -> usize {
        // Multiply-xorshift of the four words: cheap, and spreads the
        // card bits of both hands over the top bits the index takes.
        let mut h = key[0].wrapping_mul(0x9E37_79B9_7F4A_7C15);
        h = (h ^ key[1]).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        h = (h ^ key[2]).wrapping_mul(0x1656_67B1_9E37_79F9);
        h = (h ^ key[3]).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (h >> (64 - TABLE_BITS)) as usize
    }

    #[inline]
    fn get(&self, key: &[u64; 4]) -> Option<&Slot> {
        let slot = &self.slots[Self::index(key)];
        (slot.generation == self.generation && slot.bound != Bound::Empty && slot.key == *key)
            .then_some(slot)
    }

    #[inline]
    fn put(&mut self, key: [u64; 4], value: f32, bound: Bound, best: u8) {
        let generation = self.generation;
        self.slots[Self::index(&key)] = Slot {
            key,
            value,
            bound,
            best,
            generation,
        };
    }
}

struct Solver {
    seat: usize,
    /// Deals finished at the root: the search ends with the deal.
    root: u32,
    nodes: u64,
    node_limit: u64,
    table: Table,
    deadline: Option<Instant>,
    out_of_time: bool,
}

impl Solver {
    fn new(seat: usize, root: u32, deadline: Option<Instant>) -> Self {
        Self {
            seat,
            root,
            nodes: 0,
            node_limit: NODE_LIMIT,
            table: Table::new(),
            deadline,
            out_of_time: false,
        }
    }

    /// Start on another world: the node count and the table anew.
    fn reset(&mut self) {
        self.nodes = 0;
        self.out_of_time = false;
        self.table.next_generation();
    }

    /// The exact value for `seat` (in [0, 1]), or `None` past the node limit
    /// or the deadline.
    fn solve<G: Resample>(&mut self, game: &G, mut alpha: f32, mut beta: f32) -> Option<f32> {
        if let Some(reward) = horizon(game, self.root) {
            return Some(reward[self.seat]);
        }
        self.nodes += 1;
        if self.nodes > self.node_limit {
            return None;
        }
        // A caller that gave a time budget gets its answer on time, not
        // after a solve of up to the node limit.
        if self.nodes % CLOCK_EVERY == 0 && self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.out_of_time = true;
            return None;
        }
        let key = game.position_key();
        let mut first = 0usize;
        if let Some(slot) = key.as_ref().and_then(|k| self.table.get(k)) {
            match slot.bound {
                Bound::Exact => return Some(slot.value),
                Bound::Lower => alpha = alpha.max(slot.value),
                Bound::Upper => beta = beta.min(slot.value),
                Bound::Empty => {}
            }
            if alpha >= beta {
                return Some(slot.value);
            }
            first = usize::from(slot.best);
        }
        let (alpha0, beta0) = (alpha, beta);
        let player = game.current_player()?;
        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        let moves = moves.as_slice();
        let maximising = player == self.seat;
        let mut best = if maximising { 0.0f32 } else { 1.0f32 };
        // The move that decided this position before goes first: it most
        // often cuts the rest off again; then the game's own guess of the
        // strongest moves.
        let first = if first < moves.len() { first } else { 0 };
        let mut order = [0u8; MAX_MOVES];
        let order = &mut order[..moves.len()];
        for (i, slot) in order.iter_mut().enumerate() {
            *slot = i as u8;
        }
        let score = |i: usize| {
            if i == first {
                u32::MAX
            } else {
                u32::from(game.move_priority(moves[i]))
            }
        };
        order.sort_by_key(|&i| std::cmp::Reverse(score(usize::from(i))));
        let mut best_move = first;
        for &i in order.iter() {
            let i = usize::from(i);
            let mut child = game.clone();
            child.apply(moves[i]);
            let value = self.solve(&child, alpha, beta)?;
            if (maximising && value > best) || (!maximising && value < best) {
                best = value;
                best_move = i;
            }
            if maximising {
                alpha = alpha.max(value);
            } else {
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
            self.table
                .put(key, best, bound, u8::try_from(best_move).unwrap_or(0));
        }
        Some(best)
    }

    /// In a position lost against perfect play, the best share, over
    /// `seat`'s next `depth` decisions, of the opponent's replies at its
    /// next decision that would let `seat` draw or win after all: how many
    /// ways the opponent has to go wrong. `None` past the node limit.
    fn chances<G: Resample>(&mut self, game: &G, depth: u32) -> Option<f32> {
        if horizon(game, self.root).is_some() {
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

/// The exact value of a position for `seat` (its mean reward at the
/// search horizon against perfect play, everything visible) and the nodes
/// the solve visited; `None` past `node_limit`. For benches and tests.
pub fn solve_exact<G: Resample>(game: &G, seat: usize, node_limit: u64) -> Option<(f32, u64)> {
    let root = game.deals_finished();
    let mut solver = Solver::new(seat, root, None);
    solver.node_limit = node_limit;
    let value = solver.solve(game, 0.0, 1.0)?;
    Some((value, solver.nodes))
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
    let first = info.sample(&mut SplitMix64::new(config.seed));
    let root = first.deals_finished();
    let mut moves = MoveList::new();
    first.legal_moves(&mut moves);
    let moves = moves.as_slice();
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
    let plan = Plan {
        info,
        first: &first,
        moves,
        worlds,
        seat,
        root,
        deadline,
        node_limit: node_limit(config),
        seed: config.seed,
        best_only: config.settle && kind == Endgame::Perfect,
    };
    // The worlds are shared out among the threads, world `i` to thread
    // `i % threads`, each dealt from its own seed: the same worlds and the
    // same answer whatever the number of threads.
    let threads = config.threads.clamp(1, worlds as usize);
    let shares: Vec<Share> = if threads == 1 {
        vec![plan.solve_share(0, 1)]
    } else {
        let plan = &plan;
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|t| scope.spawn(move || plan.solve_share(t, threads)))
                .collect();
            // A worker only panics on a bug; re-raise it here, as the tree
            // search does, where the binding's panic guard turns it into an
            // error: taken for a large endgame it would hide the bug.
            handles
                .into_iter()
                .map(|h| match h.join() {
                    Ok(share) => share,
                    Err(panic) => std::panic::resume_unwind(panic),
                })
                .collect()
        })
    };
    let mut totals = vec![0.0f64; moves.len()];
    let mut done = 0u64;
    let mut proven = None;
    for share in shares {
        let Share::Solved {
            values,
            worlds,
            best,
        } = share
        else {
            return None;
        };
        for (total, value) in totals.iter_mut().zip(values) {
            *total += value;
        }
        done += worlds;
        proven = proven.or(best);
    }
    if done == 0 {
        // Time ran out before one world was solved: the tree search answers.
        return None;
    }
    let mut stats: Vec<MoveStats<_>> = moves
        .iter()
        .zip(&totals)
        .map(|(&mv, &total)| MoveStats {
            mv,
            visits: done,
            value: total / done as f64,
        })
        .collect();
    // Best value first; the stable sort keeps move order on ties: with one
    // world, the game's priority order, in which a solve for play meets
    // the moves, so that play and analysis name the same best move.
    if kind == Endgame::Perfect {
        stats.sort_by_key(|m| std::cmp::Reverse(first.move_priority(m.mv)));
    }
    stats.sort_by(|a, b| {
        b.value
            .partial_cmp(&a.value)
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    // The other moves' values are only bounds: the proven best goes first
    // even where a bound ties with it.
    if let Some(best) = proven {
        if let Some(at) = stats.iter().position(|m| m.mv == moves[best]) {
            stats[..=at].rotate_right(1);
        }
    }
    // Lost against perfect play: every move scores alike, so the move that
    // leaves the opponent the most ways to go wrong goes first.
    if kind == Endgame::Perfect && stats.first().is_some_and(|m| m.value <= 0.0) {
        let mut solver = Solver::new(seat, root, deadline);
        solver.node_limit = plan.node_limit;
        let chances: Option<Vec<f32>> = stats
            .iter()
            .map(|m| {
                let mut child = first.clone();
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
    Some(SearchResult {
        moves: stats,
        iterations: done,
    })
}

/// What one thread made of its worlds.
enum Share {
    /// Each root move's total value over the worlds solved, and the move
    /// proven best when only the best was solved exactly.
    Solved {
        values: Vec<f64>,
        worlds: u64,
        best: Option<usize>,
    },
    /// A world's tree was past the node limit: the endgame is too large.
    TooLarge,
}

/// The worlds of one endgame solve, and what each solve needs.
struct Plan<'a, D: Determinize> {
    info: &'a D,
    first: &'a D::Game,
    moves: &'a [<D::Game as Game>::Move],
    worlds: u64,
    seat: usize,
    root: u32,
    deadline: Option<Instant>,
    node_limit: u64,
    seed: u64,
    /// Solve only the best root move exactly (one world, for `choose`).
    best_only: bool,
}

impl<D: Determinize> Plan<'_, D> {
    /// World `i`: the first world dealt, or one dealt from its own seed.
    fn world(&self, i: u64) -> D::Game {
        if i == 0 {
            return self.first.clone();
        }
        let seed = self.seed ^ i.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.info.sample(&mut SplitMix64::new(seed))
    }

    /// Solve worlds `t`, `t + threads`, ... until they are done or the
    /// time is up (the worlds solved are kept).
    fn solve_share(&self, t: usize, threads: usize) -> Share {
        let mut solver = Solver::new(self.seat, self.root, self.deadline);
        solver.node_limit = self.node_limit;
        let mut values = vec![0.0f64; self.moves.len()];
        let mut worlds = 0u64;
        let mut i = t as u64;
        while i < self.worlds {
            if worlds > 0 && self.deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
            let world = self.world(i);
            solver.reset();
            if self.best_only {
                return match self.solve_best(&mut solver, &world) {
                    Some((solved, best)) => Share::Solved {
                        values: solved.into_iter().map(f64::from).collect(),
                        worlds: 1,
                        best: Some(best),
                    },
                    None if solver.out_of_time => Share::Solved {
                        values,
                        worlds: 0,
                        best: None,
                    },
                    None => Share::TooLarge,
                };
            }
            let solved: Option<Vec<f32>> = self
                .moves
                .iter()
                .map(|&mv| {
                    let mut child = world.clone();
                    child.apply(mv);
                    solver.solve(&child, 0.0, 1.0)
                })
                .collect();
            match solved {
                Some(solved) => {
                    for (total, value) in values.iter_mut().zip(solved) {
                        *total += f64::from(value);
                    }
                    worlds += 1;
                }
                None if solver.out_of_time => break,
                None => return Share::TooLarge,
            }
            i += threads as u64;
        }
        Share::Solved {
            values,
            worlds,
            best: None,
        }
    }

    /// The best root move of `world` solved exactly and the others only
    /// far enough to show they are no better: the moves in the game's
    /// priority order, each after the first searched above the best value
    /// so far, none once a win is found. A move's value is then exact for
    /// the best and an upper bound (at most the best) for the rest; in a
    /// lost position every value is exact (0). A fraction of the nodes of
    /// solving every move exactly, which is what play needs.
    fn solve_best(&self, solver: &mut Solver, world: &D::Game) -> Option<(Vec<f32>, usize)> {
        let mut order: Vec<usize> = (0..self.moves.len()).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(world.move_priority(self.moves[i])));
        let mut values = vec![0.0f32; self.moves.len()];
        // A win is the most a move can be worth: a first pass asks each
        // move only whether it wins (a narrow window, far fewer nodes), and
        // the first that does is the answer.
        for &i in &order {
            let mut child = world.clone();
            child.apply(self.moves[i]);
            if solver.solve(&child, WIN_PROBE, 1.0)? >= 1.0 {
                for (j, value) in values.iter_mut().enumerate() {
                    *value = if j == i { 1.0 } else { 1.0f32.min(*value) };
                }
                return Some((values, i));
            }
        }
        let mut best: Option<(usize, f32)> = None;
        for i in order {
            let alpha = best.map_or(0.0, |(_, v)| v);
            if best.is_some() && alpha >= 1.0 {
                values[i] = alpha;
                continue;
            }
            let mut child = world.clone();
            child.apply(self.moves[i]);
            let value = solver.solve(&child, alpha, 1.0)?;
            if best.is_none() || value > alpha {
                best = Some((i, value));
            }
            values[i] = value.min(best.map_or(value, |(_, v)| v));
        }
        best.map(|(i, _)| (values, i))
    }
}
