//! Cardavia's core: the rules of Durak, perevodnoy and Schnapsen, move
//! generation and search. No Python here; `cardavia-py` binds it.

pub mod cards;
pub mod error;
pub mod game;
pub mod rng;
