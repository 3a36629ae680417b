//! Core errors to the Python classes of `cardavia.errors` (one per class),
//! raised with their parts; the text is made in Python.

use crate::convert::to_python;
use cardavia_core::error::{Class, Error};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyType};

fn error_class<'py>(py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyType>> {
    let module = py.import("cardavia.errors")?;
    Ok(module.getattr(name)?.cast_into::<PyType>()?)
}

fn make<'py>(
    py: Python<'py>,
    error: &Error,
    given: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let class = error_class(py, error.class.name())?;
    let parts = PyDict::new(py);
    parts.set_item("kind", error.kind.name())?;
    parts.set_item("field", error.field.as_str())?;
    match given {
        Some(value) => parts.set_item("value", value)?,
        None => parts.set_item("value", to_python(py, &error.value)?)?,
    }
    for (key, value) in &error.detail {
        parts.set_item(*key, to_python(py, value)?)?;
    }
    if error.class == Class::IllegalMove {
        // `.legal` is the class's own attribute, given beside the message.
        parts.set_item("legal", error.legal())?;
    }
    class.call((py.None(),), Some(&parts))
}

/// The Python exception for a core error.
pub fn to_pyerr(error: Error) -> PyErr {
    Python::attach(|py| match make(py, &error, None) {
        Ok(instance) => PyErr::from_value(instance),
        Err(err) => err,
    })
}

/// The Python exception for a core error; one refusing an argument among
/// `arguments` (by name) carries the caller's own object as its value: a
/// Python integer can be larger than the core's JSON value holds.
pub fn to_pyerr_given(error: Error, arguments: &[(&str, Option<&Bound<'_, PyAny>>)]) -> PyErr {
    let given = arguments
        .iter()
        .filter(|_| error.class == Class::InvalidArgument)
        .find(|(name, _)| *name == error.field)
        .and_then(|(_, value)| *value);
    match given {
        Some(value) => match make(value.py(), &error, Some(value)) {
            Ok(instance) => PyErr::from_value(instance),
            Err(err) => err,
        },
        None => to_pyerr(error),
    }
}

pub trait IntoPyResult<T> {
    fn py_result(self) -> PyResult<T>;
}

impl<T> IntoPyResult<T> for Result<T, Error> {
    fn py_result(self) -> PyResult<T> {
        self.map_err(to_pyerr)
    }
}

/// Run core code so that a panic (a bug, never a caller's fault) reaches
/// Python as a `CardaviaError` instead of crossing the boundary.
pub fn guard<T>(work: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(work)) {
        Ok(result) => result,
        Err(panic) => Err(internal_error(panic)),
    }
}

/// The `CardaviaError` for a caught panic, its message kept.
pub fn internal_error(panic: Box<dyn std::any::Any + Send>) -> PyErr {
    let detail = panic
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown".to_owned());
    Python::attach(|py| {
        let made = error_class(py, "CardaviaError")
            .and_then(|class| class.call1((format!("internal error in the Rust core: {detail}"),)));
        match made {
            Ok(instance) => PyErr::from_value(instance),
            Err(err) => err,
        }
    })
}
