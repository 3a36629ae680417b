//! Classic Durak and the frame of perevodnoy: the rules (`rules.rs`), the
//! state dict (`state.rs`), the observation (`view.rs`) and why a move is
//! refused (`refusal.rs`). The twin of
//! `python/cardavia/reference/durak/`.

mod refusal;
mod research;
mod rules;
mod state;
mod view;

pub(crate) use rules::Phase;
pub use rules::{Durak, DurakMove, DurakRules, DECK, HAND_SIZE, IDLE_BOUT_LIMIT, MAX_ATTACKS};
pub use state::STATE_KEYS;
