//! Inference: worlds weighted by how likely the opponent's observed moves
//! were in them (Solinas, Rebstock and Buro, AAAI 2019).
//!
//! A uniform deal treats every hand the opponent could hold as equally
//! likely, though its moves said something: a player who takes rarely held
//! a cheap card that beat the attack. The moves of the current stretch, the
//! moves since the last draw (a Durak bout, a Schnapsen lead), are replayed
//! in each dealt world from that stretch's start, and the shipped move
//! model's probability of each of the opponent's moves there is the
//! world's likelihood. The search then draws its worlds from a pool of
//! dealt worlds in proportion to those likelihoods, the face-down stock
//! shuffled anew each time: the opponent's hand is what the moves speak of.
//!
//! Earlier stretches are left out: their positions would need the cards
//! each seat drew since, which the observer never saw.

use super::learned::Leaf;
use super::{Determinize, Endgame, Resample, Worlds};
use crate::game::{Game, MoveList};
use crate::rng::SplitMix64;

/// Worlds dealt and weighed before a search: enough that the likely hands
/// are all there, few enough to cost a few milliseconds.
pub const POOL: usize = 512;

/// Worlds drawn by the likelihood of the opponent's recent moves in them.
pub struct Inferred<'a, G: Resample> {
    worlds: &'a Worlds<G>,
    pool: Vec<G>,
    /// The pool's weights, summed: world `i` is drawn when a uniform point
    /// falls in `[cumulative[i - 1], cumulative[i])`.
    cumulative: Vec<f64>,
}

/// What a game must say for its worlds to be weighed.
pub trait Stretch: Game + Sized {
    /// How many of the last moves of the history the current stretch
    /// holds: moves replayable from a position rebuilt from this one (0
    /// when there are none, or the table is not a duel).
    fn stretch_len(&self) -> usize;

    /// This world as it stood before `moves`, the current stretch: `None`
    /// if they are not this position's stretch.
    fn unwind(&self, moves: &[Self::Move]) -> Option<Self>;

    /// Shuffle the cards nobody sees (the face-down stock) anew, every
    /// hand kept.
    fn reshuffle_unseen(&mut self, rng: &mut SplitMix64);

    /// The shipped model's probability that the seat to move plays `mv`
    /// here, its log; `None` where the game has no model for the table.
    fn learned_log_policy(&self, leaf: &mut Leaf, mv: Self::Move) -> Option<f32>;
}

/// The log-likelihood of `moves` in `world` for `opponent`'s moves: the
/// moves replayed from the stretch's start, each of the opponent's scored
/// by the model (0 when the opponent made none). `None` if the world
/// cannot replay them (a move not legal in it) or there is no model.
pub fn log_likelihood<G: Stretch>(
    world: &G,
    moves: &[G::Move],
    opponent: usize,
    leaf: &mut Leaf,
) -> Option<f32> {
    let mut position = world.unwind(moves)?;
    let mut legal = MoveList::new();
    let mut total = 0.0;
    for &mv in moves {
        legal.clear();
        position.legal_moves(&mut legal);
        if !legal.as_slice().contains(&mv) {
            return None;
        }
        if position.current_player() == Some(opponent) {
            total += position.learned_log_policy(leaf, mv)?;
        }
        position.apply(mv);
    }
    Some(total)
}

impl<'a, G: Resample> Inferred<'a, G> {
    /// The worlds weighed, from `seed`; `None` when there is nothing to
    /// weigh them by: no opponent move in the stretch, no model, a history
    /// that is not the position's.
    pub fn new(worlds: &'a Worlds<G>, seed: u64) -> Option<Self> {
        let template = worlds.template();
        let recent = template.stretch_len();
        let history = &worlds.record.history;
        if recent == 0 || recent > history.len() || template.players() != 2 {
            return None;
        }
        let moves: Vec<G::Move> = history[history.len() - recent..]
            .iter()
            .map(|text| G::parse_move(text))
            .collect::<Option<_>>()?;
        let opponent = 1 - worlds.seat();
        let mut rng = SplitMix64::new(seed ^ 0x243F_6A88_85A3_08D3);
        let mut leaf = Leaf::default();
        let mut pool = Vec::with_capacity(POOL);
        let mut logs = Vec::with_capacity(POOL);
        for _ in 0..POOL {
            let world = worlds.deal(&mut rng);
            logs.push(log_likelihood(&world, &moves, opponent, &mut leaf)?);
            pool.push(world);
        }
        let most = logs.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        if !most.is_finite() {
            return None;
        }
        let mut sum = 0.0;
        let cumulative = logs
            .iter()
            .map(|&log| {
                sum += f64::from(log - most).exp();
                sum
            })
            .collect();
        Some(Self {
            worlds,
            pool,
            cumulative,
        })
    }

    /// The pool's effective size: `(Σw)² / Σw²`, `POOL` for equal weights.
    pub fn effective_size(&self) -> f64 {
        let mut previous = 0.0;
        let (mut sum, mut squares) = (0.0, 0.0);
        for &upto in &self.cumulative {
            let weight = upto - previous;
            previous = upto;
            sum += weight;
            squares += weight * weight;
        }
        sum * sum / squares
    }
}

impl<G: Resample> Determinize for Inferred<'_, G> {
    type Game = G;

    fn seat(&self) -> usize {
        self.worlds.seat()
    }

    fn sample(&self, rng: &mut SplitMix64) -> G {
        let total = self.cumulative.last().copied().unwrap_or(0.0);
        let point = (rng.next() >> 11) as f64 / (1u64 << 53) as f64 * total;
        let at = self.cumulative.partition_point(|&upto| upto <= point);
        let mut world = self.pool[at.min(self.pool.len() - 1)].clone();
        world.reshuffle_unseen(rng);
        world
    }

    fn endgame(&self) -> Endgame {
        self.worlds.endgame()
    }
}

#[cfg(test)]
mod tests;
