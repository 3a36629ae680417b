//! Single-observer information-set MCTS (Cowling, Powley, Whitehouse 2012).
//!
//! Every iteration deals a world consistent with the searching seat's
//! observation and walks one tree of *public* move sequences: in all three
//! games every move is seen by both seats (only draws are hidden), so a
//! node stands for the same information for both. A move that is legal in
//! some worlds and not in others is selected by UCB with availability
//! counts in place of the parent's visits.

use super::learned::Leaf;
use super::{Determinize, Rollout};
use crate::game::{Game, MoveList, Rewards, MOST_SEATS};
use crate::rng::SplitMix64;
use std::time::{Duration, Instant};

/// How long to search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    /// Stop after this many iterations (per thread: the total is split).
    pub iterations: Option<u64>,
    /// Stop after this much wall-clock time.
    pub time: Option<Duration>,
}

/// UCB1's exploration constant for rewards in [0, 1] a whole game apart
/// (a win 1, a loss 0: Durak and perevodnoy). Measured: 0.4 against it
/// scored 47.9% [40.9, 55.0] of 200 Durak games, so it was kept (docs/AI.md,
/// "Exploration"). A game whose moves lie closer sets its own
/// (`Rollout::EXPLORATION`).
pub const EXPLORATION: f32 = 0.7;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Config {
    pub budget: Budget,
    pub seed: u64,
    pub threads: usize,
    /// UCB exploration constant for rewards in [0, 1].
    pub exploration: f32,
    /// How rollouts choose their moves.
    pub playout: Playout,
    /// Stop an iteration budget early once the most visited root move can
    /// no longer be overtaken. Every iteration visits exactly one root move,
    /// so with one thread the best move is the one the full budget would
    /// give; only the statistics of the other moves are cut short. For
    /// `choose_move`, not for `analyse`.
    pub settle: bool,
    /// Draw worlds by the likelihood of the opponent's recent moves
    /// (`inference.rs`) where the game has a model for the table.
    pub inference: bool,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            budget: Budget {
                iterations: Some(10_000),
                time: None,
            },
            seed: 0,
            threads: 1,
            exploration: EXPLORATION,
            playout: Playout::Informed,
            settle: false,
            inference: false,
        }
    }
}

/// How a rollout chooses its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Playout {
    /// Uniformly at random among the legal moves.
    Random,
    /// The game's own cheap heuristic (`Rollout::rollout_move`).
    Informed,
    /// Move-average sampling (MAST, Finnsson and Björnsson 2008): the move
    /// whose plays have earned its mover the most so far in this search,
    /// by its number among all moves, one time in four at random.
    Mast,
    /// No playout: the shipped move model's value of the new leaf
    /// (`learned.rs`), where the game has a model for the table; random
    /// playouts elsewhere.
    Value,
}

impl Playout {
    pub const ALL: [Playout; 4] = [
        Playout::Random,
        Playout::Informed,
        Playout::Mast,
        Playout::Value,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            Playout::Random => "random",
            Playout::Informed => "informed",
            Playout::Mast => "mast",
            Playout::Value => "value",
        }
    }
}

/// Slots of the move-average table: every game numbers fewer moves.
const MAST_MOVES: usize = 128;

/// What each move has earned its mover, by seat and move number.
struct MoveAverages {
    reward: [[f32; MAST_MOVES]; MOST_SEATS],
    plays: [[u32; MAST_MOVES]; MOST_SEATS],
    /// The moves of the current iteration: (seat, move number).
    played: Vec<(u8, u8)>,
}

impl MoveAverages {
    fn new() -> Self {
        Self {
            reward: [[0.0; MAST_MOVES]; MOST_SEATS],
            plays: [[0; MAST_MOVES]; MOST_SEATS],
            played: Vec::with_capacity(256),
        }
    }

    /// An unplayed move is as good as a draw until it has been tried.
    #[inline]
    fn average(&self, seat: usize, index: usize) -> f32 {
        let plays = self.plays[seat][index];
        if plays == 0 {
            0.5
        } else {
            self.reward[seat][index] / plays as f32
        }
    }

    #[inline]
    fn note<G: Game>(&mut self, seat: usize, mv: G::Move) {
        let index = G::move_index(mv) % MAST_MOVES;
        self.played.push((seat as u8, index as u8));
    }

    /// Credit every move of the iteration with its mover's reward.
    fn credit(&mut self, reward: Rewards) {
        for &(seat, index) in &self.played {
            let (seat, index) = (usize::from(seat), usize::from(index));
            self.reward[seat][index] += reward[seat];
            self.plays[seat][index] += 1;
        }
        self.played.clear();
    }

    /// The legal move with the best average for `seat`, or one at random a
    /// quarter of the time.
    fn choose<G: Game>(&self, world: &G, seat: usize, rng: &mut SplitMix64) -> G::Move {
        if rng.next() & 3 == 0 {
            return world.random_move(rng);
        }
        let mut legal = MoveList::new();
        world.legal_moves(&mut legal);
        let mut best = legal.as_slice()[0];
        let mut best_value = f32::NEG_INFINITY;
        for &mv in legal.as_slice() {
            let value = self.average(seat, G::move_index(mv) % MAST_MOVES);
            if value > best_value {
                best_value = value;
                best = mv;
            }
        }
        best
    }
}

/// The statistics of one root move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveStats<M> {
    pub mv: M,
    pub visits: u64,
    /// Mean reward for the searching seat, in [0, 1].
    pub value: f64,
}

#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult<M> {
    /// Every root move with a visit, most visited first.
    pub moves: Vec<MoveStats<M>>,
    pub iterations: u64,
}

impl<M: Copy> SearchResult<M> {
    pub fn best(&self) -> Option<M> {
        self.moves.first().map(|s| s.mv)
    }
}

struct Node<M> {
    mv: M,
    /// The seat that made `mv`; rewards are stored from its side.
    player: u8,
    visits: u32,
    available: u32,
    reward: f32,
    children: Vec<u32>,
}

/// Where the search stops: the end of the game or, in Schnapsen, the end
/// of the deal being played. Rewards in [0, 1] for each seat, each seat
/// maximising its own: the chance to win the game (Schnapsen: the match),
/// at a larger Durak table not to be the durak (RULES 7).
pub(crate) fn horizon<G: Game>(game: &G, root_deals: u32) -> Option<Rewards> {
    if game.deals_finished() > root_deals {
        // A deal of a match ended: what it did to the chance to win the
        // match (a game point from 2-1 is worth more than from 7-7).
        let equity = game.match_equity() as f32;
        let mut rewards = [0.0; MOST_SEATS];
        rewards[..2].copy_from_slice(&[equity, 1.0 - equity]);
        return Some(rewards);
    }
    if game.is_over() {
        return Some(game.rewards());
    }
    None
}

/// What a world without a seat to move is worth: nothing to anyone's
/// advantage (it cannot arise in a legal position).
const NEUTRAL: Rewards = [0.5; MOST_SEATS];

struct Tree<M> {
    nodes: Vec<Node<M>>,
    averages: MoveAverages,
    leaf: Leaf,
}

impl<M: Copy + Default + PartialEq> Tree<M> {
    fn new() -> Self {
        Self {
            nodes: vec![Node {
                mv: M::default(),
                player: 0,
                visits: 0,
                available: 0,
                reward: 0.0,
                children: Vec::new(),
            }],
            averages: MoveAverages::new(),
            leaf: Leaf::default(),
        }
    }

    /// Whether the most visited root move leads the next one by more than
    /// `remaining` visits, so that no further iteration can change it.
    fn settled(&self, remaining: u64) -> bool {
        let (mut first, mut second) = (0u64, 0u64);
        for &child in &self.nodes[0].children {
            let visits = u64::from(self.nodes[child as usize].visits);
            if visits > first {
                second = first;
                first = visits;
            } else if visits > second {
                second = visits;
            }
        }
        first > second + remaining
    }

    /// One iteration on one sampled world.
    fn iterate<G: Rollout<Move = M>>(
        &mut self,
        mut world: G,
        rng: &mut SplitMix64,
        config: &Config,
        root_deals: u32,
    ) {
        let exploration = config.exploration;
        let mut path: [u32; 256] = [0; 256];
        let mut depth = 0usize;
        let mut node = 0u32;
        let mut legal = MoveList::new();
        let reward = loop {
            if let Some(reward) = horizon(&world, root_deals) {
                break reward;
            }
            if depth + 1 >= path.len() {
                break self.rollout(world, rng, config, root_deals);
            }
            let Some(player) = world.current_player() else {
                break NEUTRAL;
            };
            legal.clear();
            world.legal_moves(&mut legal);
            // Availability: every child whose move is legal in this world.
            let mut untried = 0u64;
            for (i, &mv) in legal.as_slice().iter().enumerate() {
                let mut has_child = false;
                for k in 0..self.nodes[node as usize].children.len() {
                    let child = self.nodes[node as usize].children[k] as usize;
                    if self.nodes[child].mv == mv {
                        self.nodes[child].available += 1;
                        has_child = true;
                        break;
                    }
                }
                if !has_child {
                    untried |= 1 << i;
                }
            }
            if untried != 0 {
                let pick =
                    crate::cards::nth(untried, rng.below(untried.count_ones() as u64) as u32);
                let mv = legal.as_slice()[pick as usize];
                let child = self.nodes.len() as u32;
                self.nodes.push(Node {
                    mv,
                    player: player as u8,
                    visits: 0,
                    available: 1,
                    reward: 0.0,
                    children: Vec::new(),
                });
                self.nodes[node as usize].children.push(child);
                if config.playout == Playout::Mast {
                    self.averages.note::<G>(player, mv);
                }
                world.apply(mv);
                depth += 1;
                path[depth] = child;
                break self.rollout(world, rng, config, root_deals);
            }
            let mut best = u32::MAX;
            let mut best_score = f32::NEG_INFINITY;
            for &child in &self.nodes[node as usize].children {
                let c = &self.nodes[child as usize];
                if !legal.as_slice().contains(&c.mv) {
                    continue;
                }
                let n = c.visits.max(1) as f32;
                let score =
                    c.reward / n + exploration * ((c.available.max(1) as f32).ln() / n).sqrt();
                if score > best_score {
                    best_score = score;
                    best = child;
                }
            }
            let mv = self.nodes[best as usize].mv;
            if config.playout == Playout::Mast {
                self.averages.note::<G>(player, mv);
            }
            world.apply(mv);
            node = best;
            depth += 1;
            path[depth] = node;
        };
        for &index in &path[..=depth] {
            let n = &mut self.nodes[index as usize];
            n.visits += 1;
            n.reward += reward[n.player as usize];
        }
        if config.playout == Playout::Mast {
            self.averages.credit(reward);
        }
    }

    fn rollout<G: Rollout<Move = M>>(
        &mut self,
        mut world: G,
        rng: &mut SplitMix64,
        config: &Config,
        root_deals: u32,
    ) -> Rewards {
        if config.playout == Playout::Value {
            if let Some(reward) = horizon(&world, root_deals) {
                return reward;
            }
            if let Some(reward) = world.learned_value(&mut self.leaf) {
                return reward;
            }
        }
        loop {
            if let Some(reward) = horizon(&world, root_deals) {
                return reward;
            }
            let mv = match config.playout {
                Playout::Informed => world.rollout_move(rng),
                Playout::Random | Playout::Value => world.random_move(rng),
                Playout::Mast => {
                    let Some(seat) = world.current_player() else {
                        return NEUTRAL;
                    };
                    let mv = self.averages.choose(&world, seat, rng);
                    self.averages.note::<G>(seat, mv);
                    mv
                }
            };
            world.apply(mv);
        }
    }
}

/// Search one tree on this thread.
fn search_tree<D: Determinize>(
    info: &D,
    seed: u64,
    iterations: Option<u64>,
    deadline: Option<Instant>,
    config: &Config,
) -> (Vec<MoveStats<<D::Game as Game>::Move>>, u64) {
    let mut rng = SplitMix64::new(seed);
    let mut tree = Tree::new();
    let seat = info.seat();
    let first = info.sample(&mut rng);
    let root_deals = first.deals_finished();
    let mut done = 0u64;
    let mut world = Some(first);
    loop {
        if iterations.is_some_and(|n| done >= n) {
            break;
        }
        if done % 32 == 0 && deadline.is_some_and(|d| Instant::now() >= d) && done > 0 {
            break;
        }
        if config.settle && done % 64 == 0 {
            if let Some(n) = iterations {
                if tree.settled(n - done) {
                    break;
                }
            }
        }
        let sampled = world.take().unwrap_or_else(|| info.sample(&mut rng));
        tree.iterate(sampled, &mut rng, config, root_deals);
        done += 1;
    }
    let stats = tree.nodes[0]
        .children
        .iter()
        .map(|&c| {
            let node = &tree.nodes[c as usize];
            // Root children are the searching seat's moves.
            debug_assert_eq!(node.player as usize, seat);
            let value = if node.visits == 0 {
                0.0
            } else {
                f64::from(node.reward) / f64::from(node.visits)
            };
            MoveStats {
                mv: node.mv,
                visits: u64::from(node.visits),
                value,
            }
        })
        .collect();
    (stats, done)
}

/// Search from `info` with root parallelism: each thread grows its own tree
/// from its own seed, and the root statistics are summed. With one thread,
/// a seed and an iteration budget the result is always the same.
pub fn search<D: Determinize>(info: &D, config: &Config) -> SearchResult<<D::Game as Game>::Move> {
    let threads = config.threads.max(1);
    let deadline = config.budget.time.map(|t| Instant::now() + t);
    let per_thread = config
        .budget
        .iterations
        .map(|n| n.div_ceil(threads as u64).max(1));
    let seeds: Vec<u64> = (0..threads as u64)
        .map(|t| SplitMix64::new(config.seed ^ t.wrapping_mul(0xA076_1D64_78BD_642F)).next())
        .collect();
    let results: Vec<_> = if threads == 1 {
        vec![search_tree(info, seeds[0], per_thread, deadline, config)]
    } else {
        std::thread::scope(|scope| {
            let handles: Vec<_> = seeds
                .iter()
                .map(|&seed| {
                    scope.spawn(move || search_tree(info, seed, per_thread, deadline, config))
                })
                .collect();
            handles
                .into_iter()
                .map(|h| match h.join() {
                    Ok(r) => r,
                    Err(panic) => std::panic::resume_unwind(panic),
                })
                .collect()
        })
    };
    let mut merged: Vec<MoveStats<<D::Game as Game>::Move>> = Vec::new();
    let mut iterations = 0;
    for (stats, done) in results {
        iterations += done;
        for MoveStats { mv, visits, value } in stats {
            match merged.iter_mut().find(|m| m.mv == mv) {
                Some(m) => {
                    let total = m.visits + visits;
                    if total > 0 {
                        m.value =
                            (m.value * m.visits as f64 + value * visits as f64) / total as f64;
                    }
                    m.visits = total;
                }
                None => merged.push(MoveStats { mv, visits, value }),
            }
        }
    }
    // Most visits first; ties by value, then by the move's order in the
    // tree (stable sort), so the choice is deterministic.
    merged.sort_by(|a, b| {
        b.visits.cmp(&a.visits).then(
            b.value
                .partial_cmp(&a.value)
                .unwrap_or(std::cmp::Ordering::Equal),
        )
    });
    SearchResult {
        moves: merged,
        iterations,
    }
}
