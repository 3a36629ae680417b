//! Cardavia's core: the rules of Durak, perevodnoy and Schnapsen, move
//! generation and search. No Python here; `cardavia-py` binds it. The
//! rules are docs/RULES.md, cited by chapter ("RULES.md ch. 3") throughout.

pub mod cards;
pub mod checks;
pub mod dispatch;
pub mod durak;
pub mod env;
pub mod error;
pub mod game;
pub mod limits;
pub mod model;
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

// `with_game!` under the names it had before the three enums were one.
pub use crate::with_game as with_env;
pub use crate::with_game as with_session;
pub use crate::with_game as with_worlds;
