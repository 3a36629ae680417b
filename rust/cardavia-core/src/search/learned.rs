//! The move models the package ships (`python/cardavia/models/`, trained
//! by `cardavia.train`, docs/AI.md "A learned model"), built into the core
//! so that the search runs them with no Python in the loop.

use crate::game::{MoveList, Rewards, MOST_SEATS};
use crate::model::{MoveModel, Scratch};
use crate::session::GameId;
use crate::tensor::Tensor;
use std::sync::OnceLock;

const DURAK: &[u8] = include_bytes!("../../../../python/cardavia/models/durak.cdvm");
const PEREVODNOY: &[u8] = include_bytes!("../../../../python/cardavia/models/perevodnoy.cdvm");
const SCHNAPSEN: &[u8] = include_bytes!("../../../../python/cardavia/models/schnapsen.cdvm");

/// The shipped model of `game`, read once. A file that does not read is a
/// build's mistake that the tests catch (`shipped_models_read`); the search
/// then plays without it rather than fail a player's move.
pub fn shipped(game: GameId) -> Option<&'static MoveModel> {
    static MODELS: [OnceLock<Option<MoveModel>>; 3] =
        [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    let (slot, bytes) = match game {
        GameId::Durak => (&MODELS[0], DURAK),
        GameId::Perevodnoy => (&MODELS[1], PEREVODNOY),
        GameId::Schnapsen => (&MODELS[2], SCHNAPSEN),
    };
    slot.get_or_init(|| MoveModel::from_bytes(bytes).ok())
        .as_ref()
}

/// What one search thread needs to evaluate a model: the tensor it writes
/// and the model's scratch, made at the first evaluation.
#[derive(Default)]
pub struct Leaf {
    tensor: Vec<f32>,
    scratch: Option<Scratch>,
    logits: Vec<f32>,
}

impl Leaf {
    /// The model's value of `world` for each seat: `mover`'s expected
    /// result from its own observation tensor, the other seat's its
    /// complement (two seats only). `None` if the model does not fit the
    /// world's tensor.
    pub fn value<G: Tensor>(
        &mut self,
        model: &MoveModel,
        world: &G,
        players: usize,
        mover: usize,
    ) -> Option<Rewards> {
        let size = crate::tensor::size(G::layout(players));
        if players != 2 || size != model.inputs() {
            return None;
        }
        self.tensor.resize(size, 0.0);
        let scratch = self.scratch.get_or_insert_with(|| model.scratch());
        world.write_tensor(mover, &mut self.tensor);
        let v = model.value(&self.tensor, scratch);
        let mut rewards = [0.0; MOST_SEATS];
        rewards[mover] = v;
        rewards[1 - mover] = 1.0 - v;
        Some(rewards)
    }

    /// The log of the model's probability that `mover`, to move in
    /// `world`, plays `mv`: a softmax over the legal moves' logits. `None`
    /// if the model does not fit the world's tensor (two seats only).
    pub fn log_policy<G: Tensor>(
        &mut self,
        model: &MoveModel,
        world: &G,
        players: usize,
        mover: usize,
        mv: G::Move,
    ) -> Option<f32> {
        let size = crate::tensor::size(G::layout(players));
        if players != 2 || size != model.inputs() || G::MOVE_COUNT != model.actions() {
            return None;
        }
        self.tensor.resize(size, 0.0);
        self.logits.resize(model.actions(), 0.0);
        let scratch = self.scratch.get_or_insert_with(|| model.scratch());
        world.write_tensor(mover, &mut self.tensor);
        model.evaluate(&self.tensor, scratch, &mut self.logits);
        let mut legal = MoveList::new();
        world.legal_moves(&mut legal);
        let logit = |m: G::Move| self.logits[G::move_index(m)];
        let most = legal
            .as_slice()
            .iter()
            .map(|&m| logit(m))
            .fold(f32::NEG_INFINITY, f32::max);
        let sum: f32 = legal
            .as_slice()
            .iter()
            .map(|&m| (logit(m) - most).exp())
            .sum();
        Some(logit(mv) - most - sum.ln())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::durak::DurakRules;
    use crate::game::Game;
    use crate::schnapsen::Schnapsen;
    use crate::session::Session;

    #[test]
    fn shipped_models_read() {
        for game in GameId::ALL {
            let model = shipped(game).unwrap_or_else(|| panic!("{game:?} has no model"));
            let (inputs, actions) = match game {
                GameId::Durak => (DurakRules::<false>::SIZE, DurakRules::<false>::MOVE_COUNT),
                GameId::Perevodnoy => (DurakRules::<true>::SIZE, DurakRules::<true>::MOVE_COUNT),
                GameId::Schnapsen => (Schnapsen::SIZE, Schnapsen::MOVE_COUNT),
            };
            assert_eq!(
                (model.inputs(), model.actions()),
                (inputs, actions),
                "{game:?}"
            );
            assert!(model
                .meta()
                .contains(&format!("\"game\": \"{}\"", game.name())));
        }
    }

    #[test]
    fn a_leaf_value_is_the_movers_and_its_complement() {
        let model = shipped(GameId::Durak).expect("a Durak model");
        let session = Session::<DurakRules<false>>::seated(Some(7), None, 2).expect("a deal");
        let world = session.game;
        let mover = world.current_player().expect("a seat to move");
        let mut leaf = Leaf::default();
        let rewards = leaf.value(model, &world, 2, mover).expect("a duel's value");
        assert!((0.0..=1.0).contains(&rewards[mover]));
        assert!((rewards[mover] + rewards[1 - mover] - 1.0).abs() < 1e-6);
        // The same world, the same value: nothing carried between calls.
        assert_eq!(leaf.value(model, &world, 2, mover), Some(rewards));
        assert_eq!(leaf.value(model, &world, 3, mover), None);
    }
}
