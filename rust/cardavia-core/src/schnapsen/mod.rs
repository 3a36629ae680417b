//! Schnapsen: the rules (`rules.rs`), the scoring of a deal (`scoring.rs`), what a score is worth (`equity.rs`), the state dict (`state.rs`), the
//! observation (`view.rs`) and why a move is refused (`refusal.rs`). The twin of `python/cardavia/reference/schnapsen/`.

mod equity;
mod refusal;
mod research;
mod rules;
mod scoring;
mod state;
mod view;

pub use equity::match_equity;
pub(crate) use rules::{card_points, suit_of, suit_set, DECK_SIZE};
pub use rules::{
    trick_winner, Closed, Exchange, Schnapsen, SchnapsenMove, Trick, MARRIAGE_POINTS,
    TRUMP_MARRIAGE_POINTS,
};
pub use scoring::{game_points, DealResult, Reason};
pub use state::STATE_KEYS;
