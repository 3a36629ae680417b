//! `cardavia._native.Game`: the API of API.md over `AnySession`.

use crate::convert::to_python;
use crate::errors::{guard, internal_error, IntoPyResult};
use crate::moves::legal_list;
use cardavia_core::checks::py_str_repr;
use cardavia_core::error::Error;
use cardavia_core::game::State;
use cardavia_core::session::{AnySession, Session};
use cardavia_core::with_session;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyByteArray, PyBytes, PyInt, PyList, PyString};

/// No deck has more cards than this; a longer sequence is rejected before
/// it is read to the end (it may never end).
const MAX_DECK_ITEMS: usize = 64;

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

/// The card names of an explicit deck; an entry that is not a string is
/// refused with the reference's words for a name that is not a card.
fn extract_deck(
    deck: Option<&Bound<'_, PyAny>>,
    of: cardavia_core::cards::Deck,
) -> PyResult<Option<Vec<String>>> {
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
        if names.len() == MAX_DECK_ITEMS {
            return Err(to_state_error(format!(
                "deck: more than {MAX_DECK_ITEMS} items; a deck has at most 36 cards"
            )));
        }
        match item.extract::<String>() {
            Ok(name) => names.push(name),
            Err(_) => {
                // The reference checks entries in order, so an earlier name
                // that is no card is the one it reports.
                let shown = match names.iter().find(|n| of.parse(n).is_none()) {
                    Some(name) => py_str_repr(name),
                    None => item.repr()?.to_string(),
                };
                return Err(to_state_error(format!(
                    "deck: {shown} is not a card of the {} deck",
                    of.name
                )));
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

/// Play a move; a panic (a bug in the core) restores the position so that
/// the game is unchanged, as after any rejected move.
fn play_restoring<G: State>(session: &mut Session<G>, text: &str) -> PyResult<()> {
    let before = session.game.clone();
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| session.play(text))) {
        Ok(result) => result.py_result(),
        Err(panic) => {
            session.game = before;
            Err(internal_error(panic))
        }
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
        let Ok(name) = game.cast::<PyString>() else {
            let kind = game.get_type().name()?;
            return Err(PyTypeError::new_err(format!(
                "game must be a string, got {kind}"
            )));
        };
        // A string that is not UTF-8 (lone surrogates) names no game.
        let name = name
            .to_cow()
            .map(|n| n.into_owned())
            .unwrap_or_else(|_| name.to_string_lossy().into_owned());
        // The reference names an unknown game before it looks at the deck.
        let of = AnySession::deck_of(&name).py_result()?;
        let mut seed = extract_seed(seed)?;
        let deck = extract_deck(deck, of)?;
        if seed.is_none() && deck.is_none() {
            // RULES.md ch. 2: the operating system supplies the seed.
            let secrets = game.py().import("secrets")?;
            seed = Some(secrets.call_method1("randbits", (64,))?.extract()?);
        }
        let inner = guard(|| AnySession::new(&name, seed, deck.as_deref()).py_result())?;
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
        let outcome = guard(|| Ok(self.inner.outcome()))?;
        to_python(py, &outcome)
    }

    #[getter]
    fn history(&self) -> Vec<String> {
        self.inner.history().to_vec()
    }

    fn legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        guard(|| with_session!(&self.inner, s => legal_list(py, &s.game)))
    }

    fn play(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        let Ok(text) = r#move.cast::<PyString>() else {
            let kind = r#move.get_type().name()?;
            return Err(PyTypeError::new_err(format!(
                "a move must be a string, got {kind}"
            )));
        };
        // A string that is not UTF-8 (lone surrogates) is no move: play
        // its lossy spelling, which is illegal too, for the same error.
        let text = text
            .to_cow()
            .unwrap_or_else(|_| text.to_string_lossy().into_owned().into());
        with_session!(&mut self.inner, s => play_restoring(s, &text))
    }

    fn to_dict(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let value = guard(|| Ok(self.inner.to_value()))?;
        to_python(py, &value)
    }

    fn to_json(&self) -> PyResult<String> {
        guard(|| Ok(self.inner.to_json()))
    }

    #[staticmethod]
    fn from_json(text: &Bound<'_, PyAny>) -> PyResult<Self> {
        let text: String = if let Ok(s) = text.cast::<PyString>() {
            s.to_cow()
                .map_err(|_| to_state_error("malformed JSON: not UTF-8 (lone surrogates)".into()))?
                .into_owned()
        } else if let Ok(bytes) = text.cast::<PyBytes>() {
            String::from_utf8(bytes.as_bytes().to_vec())
                .map_err(|_| to_state_error("malformed JSON: not UTF-8".into()))?
        } else if let Ok(bytes) = text.cast::<PyByteArray>() {
            String::from_utf8(bytes.to_vec())
                .map_err(|_| to_state_error("malformed JSON: not UTF-8".into()))?
        } else {
            let kind = text.get_type().name()?;
            return Err(PyTypeError::new_err(format!(
                "JSON text must be str or bytes, got {kind}"
            )));
        };
        let inner = guard(|| AnySession::from_json(&text).py_result())?;
        Ok(Self { inner })
    }

    fn observation(&self, py: Python<'_>, seat: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let seat = extract_seat(seat)?;
        let value = guard(|| Ok(self.inner.observation(seat)))?;
        to_python(py, &value)
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
