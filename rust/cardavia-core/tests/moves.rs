//! Every game numbers its moves once (`Game::move_index`, `move_at`): the
//! numbering the binding's move tables and the action ids build on.

use cardavia_core::durak::Durak;
use cardavia_core::game::{every_move, Game};
use cardavia_core::perevodnoy::Perevodnoy;
use cardavia_core::schnapsen::Schnapsen;
use std::collections::HashSet;

fn numbered_once<G: Game>() {
    let moves = every_move::<G>();
    assert_eq!(moves.len(), G::MOVE_COUNT, "{}", G::ID);
    let mut names = HashSet::new();
    for (index, &mv) in moves.iter().enumerate() {
        assert_eq!(G::move_index(mv), index, "{}: {mv:?}", G::ID);
        assert!(
            names.insert(G::move_name(mv)),
            "{}: {mv:?} named twice",
            G::ID
        );
    }
    assert_eq!(G::move_at(G::MOVE_COUNT), None);
}

#[test]
fn every_move_has_one_number_and_one_name() {
    numbered_once::<Durak>();
    numbered_once::<Perevodnoy>();
    numbered_once::<Schnapsen>();
    assert_eq!(Durak::MOVE_COUNT, 3 * 36 + 2);
    assert_eq!(Schnapsen::MOVE_COUNT, 2 * 20 + 2);
}
