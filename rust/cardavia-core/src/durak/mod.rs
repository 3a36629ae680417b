//! Classic Durak and the frame of perevodnoy: the rules (`rules.rs`), the
//! state dict (`state.rs`) and the observation (`view.rs`). The twin of
//! `python/cardavia/reference/durak/`.

mod research;
mod rules;
mod state;
mod view;

pub(crate) use rules::Phase;
pub use rules::{Durak, DurakMove, DurakRules, DECK, HAND_SIZE, IDLE_BOUT_LIMIT, MAX_ATTACKS};
pub use state::STATE_KEYS;
