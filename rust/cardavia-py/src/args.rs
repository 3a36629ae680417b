//! Arguments checked at the edge, and the limits they are held to (exported
//! to Python; the wrappers there pass values through). A wrong type raises
//! `TypeError`, a value out of range `InvalidArgumentError`, never
//! `OverflowError`.

use crate::convert::from_python;
use crate::errors::{to_pyerr, IntoPyResult};
use cardavia_core::error::{Error, Kind};
use cardavia_core::session::GameId;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyByteArray, PyBytes, PyInt, PyString};

/// The most games one batch call (`simulate`, `soak`) plays: hours of work.
pub const MAX_GAMES: u64 = 10_000_000_000;
/// The most threads one call starts.
pub const MAX_THREADS: u64 = 256;
/// The largest search budgets: no call can search for ever.
pub const MAX_ITERATIONS: u64 = 100_000_000;
pub const MAX_TIME_MS: u64 = 600_000;

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
        _ => Err(Error::argument(Kind::Integer, name, from_python(value)?)
            .with("low", low)
            .with("high", high))
        .py_result(),
    }
}

/// `int_in`, or `None` for `None`.
pub fn optional(
    value: Option<&Bound<'_, PyAny>>,
    name: &str,
    low: u64,
    high: u64,
) -> PyResult<Option<u64>> {
    match value.filter(|v| !v.is_none()) {
        Some(v) => int_in(v, name, low, high).map(Some),
        None => Ok(None),
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

/// JSON text: a str, or bytes or a bytearray holding UTF-8; other bytes
/// are a state error (kind `json`), any other type a `TypeError`.
pub fn json_text(value: &Bound<'_, PyAny>) -> PyResult<String> {
    let not_utf8 = || {
        to_pyerr(Error::state(Kind::Json, "", serde_json::Value::Null).with("reason", "not UTF-8"))
    };
    if let Ok(s) = value.cast::<PyString>() {
        Ok(s.to_cow().map_err(|_| not_utf8())?.into_owned())
    } else if let Ok(bytes) = value.cast::<PyBytes>() {
        String::from_utf8(bytes.as_bytes().to_vec()).map_err(|_| not_utf8())
    } else if let Ok(bytes) = value.cast::<PyByteArray>() {
        String::from_utf8(bytes.to_vec()).map_err(|_| not_utf8())
    } else {
        let kind = value.get_type().name()?;
        Err(PyTypeError::new_err(format!(
            "JSON text must be str or bytes, got {kind}"
        )))
    }
}

/// One of `choices`, named by a string.
pub fn choice<'a>(value: &Bound<'_, PyAny>, name: &str, choices: &[&'a str]) -> PyResult<&'a str> {
    let given = text(value, name)?;
    match choices.iter().find(|c| **c == given) {
        Some(found) => Ok(found),
        None => Err(Error::argument(Kind::Choice, name, given).with("choices", choices.to_vec()))
            .py_result(),
    }
}

/// A seed from the operating system (RULES.md ch. 2), when none is given.
pub fn os_seed(py: Python<'_>) -> PyResult<u64> {
    py.import("secrets")?
        .call_method1("randbits", (64,))?
        .extract()
}

/// The arguments every batch of whole games takes.
pub struct Batch {
    pub game: GameId,
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
            game: GameId::parse(&text(game, "game")?).py_result()?,
            games: int_in(games, "games", 0, MAX_GAMES)?,
            seed: int_in(seed, "seed", 0, u64::MAX)?,
            threads: int_in(threads, "threads", 1, MAX_THREADS)? as usize,
        })
    }
}
