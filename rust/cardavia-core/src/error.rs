//! The one error type of the core; the binding maps each variant to the
//! Python class of the same name in `cardavia.errors`.

use thiserror::Error;

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Error {
    /// A malformed move, or one not legal now; `legal` lists the legal ones.
    #[error("{message}")]
    IllegalMove { message: String, legal: Vec<String> },
    /// A bad deck, seed, state or observation.
    #[error("{0}")]
    InvalidState(String),
    /// A game id that is not one of the three.
    #[error("{0}")]
    UnknownGame(String),
    /// An argument of the right type but out of range.
    #[error("{0}")]
    InvalidArgument(String),
}

pub type Result<T> = std::result::Result<T, Error>;

/// Shorthand for an `InvalidState` error.
pub fn invalid<T>(message: impl Into<String>) -> Result<T> {
    Err(Error::InvalidState(message.into()))
}
