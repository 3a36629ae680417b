//! Core errors to the Python classes of `cardavia.errors` (one per variant).

use cardavia_core::error::Error;
use pyo3::prelude::*;
use pyo3::types::PyType;

fn error_class<'py>(py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyType>> {
    let module = py.import("cardavia.errors")?;
    Ok(module.getattr(name)?.cast_into::<PyType>()?)
}

/// The Python exception for a core error; `IllegalMoveError` carries `.legal`.
pub fn to_pyerr(error: Error) -> PyErr {
    Python::attach(|py| {
        let made = match &error {
            Error::IllegalMove { message, legal } => error_class(py, "IllegalMoveError")
                .and_then(|class| class.call1((message.as_str(), legal.clone()))),
            Error::InvalidState(message) => error_class(py, "InvalidStateError")
                .and_then(|class| class.call1((message.as_str(),))),
            Error::UnknownGame(message) => error_class(py, "UnknownGameError")
                .and_then(|class| class.call1((message.as_str(),))),
            Error::InvalidArgument(message) => error_class(py, "InvalidArgumentError")
                .and_then(|class| class.call1((message.as_str(),))),
        };
        match made {
            Ok(instance) => PyErr::from_value(instance),
            Err(err) => err,
        }
    })
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
