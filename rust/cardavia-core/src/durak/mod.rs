//! Classic Durak and the frame of perevodnoy: the rules (`rules.rs`), the
//! state dict (`state.rs`), the observation (`view.rs`) and why a move is
//! refused (`refusal.rs`). The twin of
//! `python/cardavia/reference/durak/`.

mod outcome;
mod refusal;
mod research;
mod rules;
mod seats;
mod state;
mod view;

pub use outcome::END_REASONS;
pub(crate) use rules::Phase;
pub use rules::{
    Durak, DurakMove, DurakRules, DECK, HAND_SIZE, IDLE_BOUT_LIMIT, MAX_ATTACKS, MAX_SEATS,
};
pub use state::{SEAT_KEYS, STATE_KEYS};
