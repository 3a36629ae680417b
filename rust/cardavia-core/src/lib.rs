//! Cardavia's core: the rules of Durak, perevodnoy and Schnapsen, move
//! generation and search. No Python here; `cardavia-py` binds it. The
//! rules are docs/RULES.md, cited by chapter ("RULES.md ch. 3") throughout.

pub mod cards;
pub mod checks;
pub mod durak;
pub mod env;
pub mod error;
pub mod game;
pub mod perevodnoy;
pub mod refusal;
pub mod rng;
pub mod schnapsen;
pub mod search;
pub mod session;
pub mod simulate;
#[cfg(feature = "testing")]
pub mod soak;
pub mod tensor;
pub mod worlds;
