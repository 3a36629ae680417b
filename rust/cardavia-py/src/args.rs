//! Arguments checked at the edge: a wrong type raises `TypeError`, a value
//! out of range `InvalidArgumentError`, never `OverflowError`.

use crate::errors::IntoPyResult;
use cardavia_core::error::Error;
use cardavia_core::session::GAMES;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyString};

/// An integer in `low..=high` (bools refused).
pub fn int_in(value: &Bound<'_, PyAny>, name: &str, low: u64, high: u64) -> PyResult<u64> {
    if value.is_instance_of::<PyBool>() || !value.is_instance_of::<PyInt>() {
        let kind = value.get_type().name()?;
        return Err(PyTypeError::new_err(format!(
            "{name} must be an integer, got {kind}"
        )));
    }
    match value.extract::<u64>() {
        Ok(number) if (low..=high).contains(&number) => Ok(number),
        _ => Err(Error::InvalidArgument(format!(
            "{name} must be between {low} and {high}, got {value}"
        )))
        .py_result(),
    }
}

/// A string; one that is not UTF-8 (lone surrogates) comes back with
/// replacement characters, so it names nothing and fails later checks.
pub fn text(value: &Bound<'_, PyAny>, name: &str) -> PyResult<String> {
    let Ok(s) = value.cast::<PyString>() else {
        let kind = value.get_type().name()?;
        return Err(PyTypeError::new_err(format!(
            "{name} must be a string, got {kind}"
        )));
    };
    Ok(match s.to_cow() {
        Ok(text) => text.into_owned(),
        Err(_) => s.to_string_lossy().into_owned(),
    })
}

/// The most games one batch call (`simulate`, `soak`) plays: hours of work.
pub const MAX_GAMES: u64 = 10_000_000_000;
/// The most threads one call starts.
pub const MAX_THREADS: u64 = 256;

/// The arguments every batch of whole games takes.
pub struct Batch {
    pub game: String,
    pub games: u64,
    pub seed: u64,
    pub threads: usize,
}

impl Batch {
    pub fn parse(
        game: &Bound<'_, PyAny>,
        games: &Bound<'_, PyAny>,
        seed: &Bound<'_, PyAny>,
        threads: &Bound<'_, PyAny>,
    ) -> PyResult<Self> {
        Ok(Self {
            game: text(game, "game")?,
            games: int_in(games, "games", 0, MAX_GAMES)?,
            seed: int_in(seed, "seed", 0, u64::MAX)?,
            threads: int_in(threads, "threads", 1, MAX_THREADS)? as usize,
        })
    }

    /// The one of three per-game values that belongs to this batch's game.
    pub fn per_game<T>(&self, durak: T, perevodnoy: T, schnapsen: T) -> PyResult<T> {
        match self.game.as_str() {
            "durak" => Ok(durak),
            "perevodnoy" => Ok(perevodnoy),
            "schnapsen" => Ok(schnapsen),
            other => Err(Error::UnknownGame(format!(
                "unknown game {other:?}; choose one of {}",
                GAMES.join(", ")
            )))
            .py_result(),
        }
    }
}
