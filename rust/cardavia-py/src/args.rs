//! Arguments checked at the edge: a wrong type raises `TypeError`, a value
//! out of range `InvalidArgumentError`, never `OverflowError`.

use crate::errors::IntoPyResult;
use cardavia_core::error::Error;
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
