//! Python values converted at the edge for the core, which checks them
//! against its limits (`cardavia_core::limits`). A wrong type raises
//! `TypeError`, a value out of range `InvalidArgumentError`, never
//! `OverflowError`.

use crate::errors::{to_pyerr, to_pyerr_given};
use cardavia_core::error::{Error, Kind};
use cardavia_core::limits::check_argument;
use cardavia_core::simulate::Batch;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyByteArray, PyBytes, PyInt, PyString};

/// An integer, any size (saturated to 128 bits, beyond every limit); bools
/// and every other type are a `TypeError`.
pub fn integer(value: &Bound<'_, PyAny>, name: &str) -> PyResult<i128> {
    if value.is_instance_of::<PyBool>() || !value.is_instance_of::<PyInt>() {
        let kind = value.get_type().name()?;
        return Err(PyTypeError::new_err(format!(
            "{name} must be an integer, got {kind}"
        )));
    }
    match value.extract::<i128>() {
        Ok(number) => Ok(number),
        Err(_) if value.lt(0)? => Ok(i128::MIN),
        Err(_) => Ok(i128::MAX),
    }
}

/// `integer`, or `None` for `None`.
pub fn optional_integer(value: Option<&Bound<'_, PyAny>>, name: &str) -> PyResult<Option<i128>> {
    match value.filter(|v| !v.is_none()) {
        Some(v) => integer(v, name).map(Some),
        None => Ok(None),
    }
}

/// An integer in `low..=high`, checked by the core.
pub fn int_in(value: &Bound<'_, PyAny>, name: &str, low: u64, high: u64) -> PyResult<u64> {
    check_argument(integer(value, name)?, name, low, high)
        .map_err(|error| to_pyerr_given(error, &[(name, Some(value))]))
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

/// A seed from the operating system (RULES.md ch. 2), when none is given.
pub fn os_seed(py: Python<'_>) -> PyResult<u64> {
    py.import("secrets")?
        .call_method1("randbits", (64,))?
        .extract()
}

/// The arguments every batch of whole games takes, checked by the core.
pub fn batch(
    game: &Bound<'_, PyAny>,
    games: &Bound<'_, PyAny>,
    seed: &Bound<'_, PyAny>,
    threads: &Bound<'_, PyAny>,
) -> PyResult<Batch> {
    let name = text(game, "game")?;
    let (count, start, workers) = (
        integer(games, "games")?,
        integer(seed, "seed")?,
        integer(threads, "threads")?,
    );
    Batch::parse(&name, count, start, workers).map_err(|error| {
        let given = [
            ("games", Some(games)),
            ("seed", Some(seed)),
            ("threads", Some(threads)),
        ];
        to_pyerr_given(error, &given)
    })
}
