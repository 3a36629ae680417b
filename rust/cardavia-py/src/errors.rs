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

fn make<'py>(py: Python<'py>, error: &Error) -> PyResult<Bound<'py, PyAny>> {
    let class = error_class(py, error.class.name())?;
    let parts = PyDict::new(py);
    parts.set_item("kind", error.kind.name())?;
    parts.set_item("field", error.field.as_str())?;
    parts.set_item("value", to_python(py, &error.value)?)?;
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
    Python::attach(|py| match make(py, &error) {
        Ok(instance) => PyErr::from_value(instance),
        Err(err) => err,
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
