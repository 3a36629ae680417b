//! `cardavia._native.Game`: the API of API.md over `AnySession`.

use crate::convert::to_python;
use crate::errors::IntoPyResult;
use cardavia_core::error::Error;
use cardavia_core::session::AnySession;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyString};

#[pyclass(name = "Game", module = "cardavia._native")]
#[derive(Clone)]
pub struct PyGame {
    inner: AnySession,
}

/// A seed: an integer in 0..2**64, never a bool, float or string.
pub fn extract_seed(seed: Option<&Bound<'_, PyAny>>) -> PyResult<Option<u64>> {
    let Some(seed) = seed.filter(|s| !s.is_none()) else {
        return Ok(None);
    };
    if seed.is_instance_of::<PyBool>() || !seed.is_instance_of::<PyInt>() {
        let name = seed.get_type().name()?;
        return Err(Error::InvalidState(format!(
            "seed must be an integer, got {name}"
        )))
        .py_result();
    }
    match seed.extract::<u64>() {
        Ok(value) => Ok(Some(value)),
        Err(_) => Err(Error::InvalidState(format!(
            "seed must be between 0 and 2**64-1, got {seed}"
        )))
        .py_result(),
    }
}

fn extract_deck(deck: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Vec<String>>> {
    let Some(deck) = deck.filter(|d| !d.is_none()) else {
        return Ok(None);
    };
    if deck.is_instance_of::<PyString>() {
        return Err(Error::InvalidState(
            "deck must be a list of card strings".into(),
        ))
        .py_result();
    }
    let mut names = Vec::new();
    for item in deck.try_iter().map_err(|_| {
        to_state_error(format!(
            "deck must be a list of card strings, got {}",
            deck.get_type()
                .name()
                .map(|n| n.to_string())
                .unwrap_or_default()
        ))
    })? {
        let item = item?;
        match item.extract::<String>() {
            Ok(name) => names.push(name),
            Err(_) => {
                return Err(to_state_error(format!(
                    "deck: {} is not a card string",
                    item.repr()?
                )))
            }
        }
    }
    Ok(Some(names))
}

fn to_state_error(message: String) -> PyErr {
    crate::errors::to_pyerr(Error::InvalidState(message))
}

fn extract_seat(seat: &Bound<'_, PyAny>) -> PyResult<usize> {
    if seat.is_instance_of::<PyBool>() || !seat.is_instance_of::<PyInt>() {
        let name = seat.get_type().name()?;
        return Err(PyTypeError::new_err(format!(
            "seat must be 0 or 1, got {name}"
        )));
    }
    match seat.extract::<i64>() {
        Ok(value @ 0..=1) => Ok(value as usize),
        _ => Err(Error::InvalidArgument(format!(
            "seat must be 0 or 1, got {seat}"
        )))
        .py_result(),
    }
}

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (game, seed=None, deck=None))]
    fn new(
        game: &Bound<'_, PyAny>,
        seed: Option<&Bound<'_, PyAny>>,
        deck: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let Ok(name) = game.extract::<String>() else {
            let kind = game.get_type().name()?;
            return Err(PyTypeError::new_err(format!(
                "game must be a string, got {kind}"
            )));
        };
        let mut seed = extract_seed(seed)?;
        let deck = extract_deck(deck)?;
        if seed.is_none() && deck.is_none() {
            // RULES.md ch. 2: the operating system supplies the seed.
            let secrets = game.py().import("secrets")?;
            seed = Some(secrets.call_method1("randbits", (64,))?.extract()?);
        }
        let inner = AnySession::new(&name, seed, deck.as_deref()).py_result()?;
        Ok(Self { inner })
    }

    #[getter]
    fn game(&self) -> &'static str {
        self.inner.id()
    }

    #[getter]
    fn engine(&self) -> &'static str {
        "rust"
    }

    #[getter]
    fn current_player(&self) -> Option<usize> {
        self.inner.current_player()
    }

    #[getter]
    fn is_over(&self) -> bool {
        self.inner.current_player().is_none()
    }

    #[getter]
    fn outcome(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        to_python(py, &self.inner.outcome())
    }

    #[getter]
    fn history(&self) -> Vec<String> {
        self.inner.history().to_vec()
    }

    fn legal_moves(&self) -> Vec<String> {
        self.inner.legal_moves()
    }

    fn play(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        let Ok(text) = r#move.cast::<PyString>() else {
            let kind = r#move.get_type().name()?;
            return Err(PyTypeError::new_err(format!(
                "a move must be a string, got {kind}"
            )));
        };
        self.inner.play(&text.to_cow()?).py_result()
    }

    fn to_dict(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        to_python(py, &self.inner.to_value())
    }

    fn to_json(&self) -> String {
        self.inner.to_json()
    }

    #[staticmethod]
    fn from_json(text: &Bound<'_, PyAny>) -> PyResult<Self> {
        let text: String = if let Ok(s) = text.cast::<PyString>() {
            s.to_cow()?.into_owned()
        } else if let Ok(bytes) = text.extract::<Vec<u8>>() {
            String::from_utf8(bytes)
                .map_err(|_| to_state_error("malformed JSON: not UTF-8".into()))?
        } else {
            let kind = text.get_type().name()?;
            return Err(PyTypeError::new_err(format!(
                "JSON text must be str or bytes, got {kind}"
            )));
        };
        let inner = AnySession::from_json(&text).py_result()?;
        Ok(Self { inner })
    }

    fn observation(&self, py: Python<'_>, seat: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let seat = extract_seat(seat)?;
        to_python(py, &self.inner.observation(seat))
    }

    fn clone(&self) -> Self {
        Clone::clone(self)
    }

    fn __copy__(&self) -> Self {
        Clone::clone(self)
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
        Clone::clone(self)
    }

    fn __repr__(&self) -> String {
        let state = match self.inner.current_player() {
            None => "over".to_owned(),
            Some(seat) => format!("seat {seat} to move"),
        };
        format!(
            "<{} game (rust), {} moves, {state}>",
            self.inner.id(),
            self.inner.history().len()
        )
    }
}
