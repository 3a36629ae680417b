//! `cardavia._native.MoveModel`: the core's move model (`model.rs`) read
//! from a file's bytes and evaluated on one tensor, for the tests that
//! hold it to `cardavia/model.py` and for Python callers who want the
//! search's own arithmetic.

use crate::errors::{guard, IntoPyResult};
use cardavia_core::model::MoveModel;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes};

/// A move model's shape, description and weights, read and checked.
#[pyclass(name = "MoveModel", module = "cardavia._native", frozen)]
pub struct PyMoveModel {
    inner: MoveModel,
}

/// A tensor's floats: any iterable of numbers (a list, a numpy array),
/// each rounded to f32 as numpy's `asarray(dtype=float32)` rounds it.
fn floats(tensor: &Bound<'_, PyAny>) -> PyResult<Vec<f32>> {
    tensor
        .try_iter()?
        .map(|x| Ok(x?.extract::<f64>()? as f32))
        .collect()
}

#[pymethods]
impl PyMoveModel {
    /// A model from a `.cdvm` file's bytes; anything else is an
    /// `InvalidArgumentError` of kind `corrupt`.
    #[new]
    fn new(data: &Bound<'_, PyAny>) -> PyResult<Self> {
        let bytes = if let Ok(bytes) = data.cast::<PyBytes>() {
            bytes.as_bytes().to_vec()
        } else if let Ok(bytes) = data.cast::<PyByteArray>() {
            bytes.to_vec()
        } else {
            let kind = data.get_type().name()?;
            return Err(PyTypeError::new_err(format!(
                "data must be bytes, got {kind}"
            )));
        };
        let inner = guard(|| MoveModel::from_bytes(&bytes).py_result())?;
        Ok(Self { inner })
    }

    #[getter]
    fn inputs(&self) -> usize {
        self.inner.inputs()
    }

    #[getter]
    fn widths(&self) -> Vec<usize> {
        self.inner.widths()
    }

    #[getter]
    fn actions(&self) -> usize {
        self.inner.actions()
    }

    /// The description, JSON text of an object.
    #[getter]
    fn meta(&self) -> &str {
        self.inner.meta()
    }

    /// The policy's logits and the value in [0, 1] of one tensor.
    fn evaluate(&self, tensor: &Bound<'_, PyAny>) -> PyResult<(Vec<f32>, f32)> {
        let input = floats(tensor)?;
        guard(|| self.inner.evaluate_checked(&input).py_result())
    }
}
