//! `cardavia._native.Game`: the API of docs/API.md over `AnySession`.

use crate::args;
use crate::convert::{from_python, to_python};
use crate::errors::{guard, internal_error, IntoPyResult};
use crate::moves::legal_list;
use cardavia_core::checks::{check_order, check_seed};
use cardavia_core::game::State;
use cardavia_core::session::{AnySession, GameId, Session};
use cardavia_core::with_session;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use std::borrow::Cow;

/// JSON text that is not UTF-8 is malformed.
#[pyclass(name = "Game", module = "cardavia._native")]
#[derive(Clone)]
pub struct PyGame {
    inner: AnySession,
}

/// A seed: an integer in 0..2**64, never a bool, float or string.
fn extract_seed(seed: Option<&Bound<'_, PyAny>>) -> PyResult<Option<u64>> {
    match seed.filter(|s| !s.is_none()) {
        None => Ok(None),
        Some(seed) => check_seed(&from_python(seed)?, "seed")
            .map(Some)
            .py_result(),
    }
}

/// The card names of an explicit deck, checked whole by the core.
fn extract_deck(deck: Option<&Bound<'_, PyAny>>, game: GameId) -> PyResult<Option<Vec<String>>> {
    match deck.filter(|d| !d.is_none()) {
        None => Ok(None),
        Some(deck) => {
            let order = check_order(game.deck(), &from_python(deck)?).py_result()?;
            Ok(Some(
                order.iter().map(|&c| game.deck().name_of(c)).collect(),
            ))
        }
    }
}

/// The seats of a new game as the core checks them (for the reference
/// engine, which holds no limit of its own): `None` is two.
#[pyfunction]
#[pyo3(signature = (game, players=None))]
pub fn check_players(
    game: &Bound<'_, PyAny>,
    players: Option<&Bound<'_, PyAny>>,
) -> PyResult<usize> {
    let game = GameId::parse(&args::text(game, "game")?).py_result()?;
    game.check_players(args::optional_integer(players, "players")?)
        .py_result()
}

/// A seat of `observation`: 0 to `players - 1`.
pub fn extract_seat(seat: &Bound<'_, PyAny>, players: usize) -> PyResult<usize> {
    Ok(args::int_in(seat, "seat", 0, players as u64 - 1)? as usize)
}

/// A move's text. A string that is not UTF-8 (lone surrogates) is no
/// move: its lossy spelling stands for it, which is no move either.
fn move_text<'a>(r#move: &'a Bound<'_, PyAny>) -> PyResult<Cow<'a, str>> {
    let Ok(text) = r#move.cast::<PyString>() else {
        let kind = r#move.get_type().name()?;
        return Err(PyTypeError::new_err(format!(
            "a move must be a string, got {kind}"
        )));
    };
    Ok(text
        .to_cow()
        .unwrap_or_else(|_| text.to_string_lossy().into_owned().into()))
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
    #[pyo3(signature = (game, seed=None, deck=None, *, players=None))]
    fn new(
        py: Python<'_>,
        game: &Bound<'_, PyAny>,
        seed: Option<&Bound<'_, PyAny>>,
        deck: Option<&Bound<'_, PyAny>>,
        players: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let game = GameId::parse(&args::text(game, "game")?).py_result()?;
        let players = game
            .check_players(args::optional_integer(players, "players")?)
            .py_result()?;
        let mut seed = extract_seed(seed)?;
        let deck = extract_deck(deck, game)?;
        if seed.is_none() && deck.is_none() {
            // RULES.md ch. 2: the operating system supplies the seed.
            seed = Some(args::os_seed(py)?);
        }
        let inner = guard(|| AnySession::seated(game, seed, deck.as_deref(), players).py_result())?;
        Ok(Self { inner })
    }

    #[getter]
    fn game(&self) -> &'static str {
        self.inner.id()
    }

    #[getter]
    fn players(&self) -> usize {
        self.inner.players()
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
        let text = move_text(r#move)?;
        with_session!(&mut self.inner, s => play_restoring(s, &text))
    }

    /// Why `move` cannot be played now, as `{"reason": name, **data}` (the
    /// reason first, then the data in the core's order); `None` when it is
    /// legal.
    fn refusal<'py>(
        &self,
        py: Python<'py>,
        r#move: &Bound<'_, PyAny>,
    ) -> PyResult<Option<Bound<'py, PyDict>>> {
        let text = move_text(r#move)?;
        let Some(refused) = guard(|| Ok(self.inner.refusal(&text)))? else {
            return Ok(None);
        };
        let dict = PyDict::new(py);
        dict.set_item("reason", refused.reason.name())?;
        for (key, value) in &refused.data {
            dict.set_item(*key, to_python(py, value)?)?;
        }
        Ok(Some(dict))
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
        let text = args::json_text(text)?;
        let inner = guard(|| AnySession::from_json(&text).py_result())?;
        Ok(Self { inner })
    }

    /// A game from its state dict (any mapping), checked whole.
    #[staticmethod]
    fn from_dict(data: &Bound<'_, PyAny>) -> PyResult<Self> {
        let value = from_python(data)?;
        let inner = guard(|| AnySession::from_value(&value).py_result())?;
        Ok(Self { inner })
    }

    fn observation(&self, py: Python<'_>, seat: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let seat = extract_seat(seat, self.inner.players())?;
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
