//! `cardavia._native.Env` and the batch functions of the research
//! adapters (`cardavia.envs`): the core's `AnyEnv` converted at the edge.
//! Tensors come back as one `bytearray` of native floats per batch, which
//! `numpy.frombuffer` reads without a copy; the base package needs no numpy.

use crate::args::{int_in, integer, optional_integer, os_seed, text};
use crate::convert::{from_python, to_python};
use crate::errors::{guard, to_pyerr_given, IntoPyResult};
use crate::game::extract_seat;
use cardavia_core::env::{Actor, AnyEnv, ViewKind};
use cardavia_core::error::{Error, Kind};
use cardavia_core::rng::SplitMix64;
use cardavia_core::session::GameId;
use cardavia_core::with_env;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyByteArray, PyBytes, PyDict, PyInt, PyList, PyTuple};

/// A game played by action ids, dealt by chance events or from a seed.
#[pyclass(name = "Env", module = "cardavia._native")]
#[derive(Clone)]
pub struct PyEnv {
    inner: AnyEnv,
}

/// A seed for a random draw: the one given, or one from the OS.
fn seed_or_os(py: Python<'_>, seed: Option<&Bound<'_, PyAny>>) -> PyResult<u64> {
    match seed.filter(|s| !s.is_none()) {
        Some(seed) => int_in(seed, "seed", 0, u64::MAX),
        None => os_seed(py),
    }
}

fn game_of(game: &Bound<'_, PyAny>) -> PyResult<GameId> {
    GameId::parse(&text(game, "game")?).py_result()
}

/// Floats as their native bytes.
fn put(bytes: &mut [u8], floats: &[f32]) {
    for (chunk, x) in bytes.chunks_exact_mut(4).zip(floats) {
        chunk.copy_from_slice(&x.to_ne_bytes());
    }
}

#[pymethods]
impl PyEnv {
    /// `seed=None`: dealt by chance events; an integer: dealt as
    /// `new_game(seed=..., players=...)` deals, without chance events.
    #[new]
    #[pyo3(signature = (game, seed=None, *, players=None))]
    fn new(
        game: &Bound<'_, PyAny>,
        seed: Option<&Bound<'_, PyAny>>,
        players: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let game = game_of(game)?;
        let players = game
            .check_players(optional_integer(players, "players")?)
            .py_result()?;
        let seed = match seed.filter(|s| !s.is_none()) {
            Some(seed) => Some(int_in(seed, "seed", 0, u64::MAX)?),
            None => None,
        };
        let inner = guard(|| AnyEnv::new(game, seed, players).py_result())?;
        Ok(Self { inner })
    }

    /// How many seats play.
    #[getter]
    fn players(&self) -> usize {
        self.inner.players()
    }

    /// A position consistent with an observation, its hidden cards dealt
    /// from `seed`; later deals by chance events. Its history before that
    /// position is unknown (`replayable` is false).
    #[staticmethod]
    #[pyo3(signature = (observation, seed=None))]
    fn from_observation(
        py: Python<'_>,
        observation: &Bound<'_, PyAny>,
        seed: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let seed = seed_or_os(py, seed)?;
        let value = from_python(observation)?;
        let inner =
            guard(|| AnyEnv::from_observation(&value, &mut SplitMix64::new(seed)).py_result())?;
        Ok(Self { inner })
    }

    /// An environment starting at a state dict (`Game.to_dict()`), checked
    /// whole; later deals by chance events, no history before it.
    #[staticmethod]
    fn from_state(state: &Bound<'_, PyAny>) -> PyResult<Self> {
        let value = from_python(state)?;
        let inner = guard(|| AnyEnv::from_state(&value).py_result())?;
        Ok(Self { inner })
    }

    /// An environment from `to_json` (str, or UTF-8 bytes), its actions
    /// replayed and checked.
    #[staticmethod]
    fn from_json(text: &Bound<'_, PyAny>) -> PyResult<Self> {
        let text = crate::args::json_text(text)?;
        let inner = guard(|| AnyEnv::from_json(&text).py_result())?;
        Ok(Self { inner })
    }

    #[getter]
    fn game(&self) -> &'static str {
        self.inner.game().name()
    }

    /// The seat to move; `None` at a chance event and once over.
    #[getter]
    fn current_player(&self) -> Option<usize> {
        match with_env!(&self.inner, e => e.actor()) {
            Actor::Seat(seat) => Some(seat),
            Actor::Chance | Actor::Terminal => None,
        }
    }

    #[getter]
    fn is_chance(&self) -> bool {
        with_env!(&self.inner, e => e.actor()) == Actor::Chance
    }

    #[getter]
    fn is_over(&self) -> bool {
        with_env!(&self.inner, e => e.actor()) == Actor::Terminal
    }

    /// Whether the whole history from the first chance event is here.
    #[getter]
    fn replayable(&self) -> bool {
        with_env!(&self.inner, e => e.replayable())
    }

    /// Every action applied, chance outcomes among them.
    #[getter]
    fn actions(&self) -> Vec<u16> {
        with_env!(&self.inner, e => e.actions().to_vec())
    }

    /// The moves played, as strings.
    #[getter]
    fn history(&self) -> Vec<String> {
        with_env!(&self.inner, e => e.session().map(|s| s.record.history.clone()))
            .unwrap_or_default()
    }

    /// The legal actions of the seat to move, ascending.
    fn legal_actions(&self) -> Vec<u16> {
        with_env!(&self.inner, e => e.legal_actions())
    }

    /// The cards a chance event may place, ascending, each equally likely.
    fn chance_outcomes(&self) -> Vec<u16> {
        with_env!(&self.inner, e => e.chance_outcomes())
    }

    /// 1 for each legal action of the seat to move, 0 for the others.
    fn action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        let size = self.inner.game().env_info().actions;
        let mut mask = vec![0u8; size];
        for action in self.legal_actions() {
            if let Some(x) = mask.get_mut(usize::from(action)) {
                *x = 1;
            }
        }
        PyBytes::new(py, &mask)
    }

    /// Apply an action (a card at a chance event); an illegal one raises
    /// and changes nothing.
    fn apply_action(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let id = integer(action, "action")?;
        let given = [("action", Some(action))];
        guard(|| (self.inner.apply_action(id)).map_err(|e| to_pyerr_given(e, &given)))
    }

    /// The move an action names (`chance`: the card a chance outcome deals).
    #[pyo3(signature = (action, chance=false))]
    fn action_name(&self, action: &Bound<'_, PyAny>, chance: bool) -> PyResult<String> {
        let id = integer(action, "action")?;
        (self.inner.action_name(id, chance))
            .map_err(|e| to_pyerr_given(e, &[("action", Some(action))]))
    }

    /// Seat by seat: +1 for a win (from three seats: out, not the durak),
    /// -1 for a loss (the durak), 0 for a draw or while playing.
    fn returns<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, with_env!(&self.inner, e => e.returns()))
    }

    /// What `seat` may know (while a deal is dealt: the deal's progress).
    fn observation(&self, py: Python<'_>, seat: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let seat = self.seat(seat)?;
        let value = guard(|| Ok(with_env!(&self.inner, e => e.observation(seat))))?;
        to_python(py, &value)
    }

    /// The observation as compact JSON, keys sorted; without `history`
    /// unless `history` is true.
    #[pyo3(signature = (seat, history=true))]
    fn observation_json(&self, seat: &Bound<'_, PyAny>, history: bool) -> PyResult<String> {
        let seat = self.seat(seat)?;
        guard(|| {
            let mut value = with_env!(&self.inner, e => e.observation(seat));
            if !history {
                if let Some(map) = value.as_object_mut() {
                    map.remove("history");
                }
            }
            Ok(value.to_string())
        })
    }

    /// `seat`'s observation tensor: native float32 bytes.
    fn tensor<'py>(
        &self,
        py: Python<'py>,
        seat: &Bound<'_, PyAny>,
    ) -> PyResult<Bound<'py, PyByteArray>> {
        let seat = self.seat(seat)?;
        self.view_bytes(py, Some(seat), false)
    }

    /// `seat`'s information state as a tensor: its observation tensor, its
    /// private history in this deal and the last player actions
    /// (docs/SCHEMA.md); native float32 bytes.
    fn information_state_tensor<'py>(
        &self,
        py: Python<'py>,
        seat: &Bound<'_, PyAny>,
    ) -> PyResult<Bound<'py, PyByteArray>> {
        let seat = self.seat(seat)?;
        self.view_bytes(py, Some(seat), true)
    }

    /// `seat`'s information state as compact JSON, keys sorted: its
    /// observation, the moves played, and `private`, the cards it got that
    /// no other seat saw (dealt hands, draws), in order.
    fn information_state_json(&self, seat: &Bound<'_, PyAny>) -> PyResult<String> {
        let seat = self.seat(seat)?;
        self.view_text(Some(seat), true)
    }

    /// What every seat sees, as a tensor (the observation tensor's layout
    /// from seat 0's side, nothing private); with `history`, the last
    /// player actions too.
    #[pyo3(signature = (history=false))]
    fn public_tensor<'py>(
        &self,
        py: Python<'py>,
        history: bool,
    ) -> PyResult<Bound<'py, PyByteArray>> {
        self.view_bytes(py, None, history)
    }

    /// What every seat sees, as compact JSON: the observation without its
    /// seat's own fields; the moves played with `history`.
    #[pyo3(signature = (history=false))]
    fn public_json(&self, history: bool) -> PyResult<String> {
        self.view_text(None, history)
    }

    /// The cards `seat` got that no other seat saw, each time a list:
    /// its dealt hands and its draws from the stock, in order.
    fn private_history(&self, seat: &Bound<'_, PyAny>) -> PyResult<Vec<Vec<String>>> {
        let seat = self.seat(seat)?;
        let deck = self.inner.game().deck();
        Ok(with_env!(&self.inner, e => e
            .private_history(seat)
            .iter()
            .map(|r| deck.names(r.cards))
            .collect()))
    }

    /// The actions of a game `seat` cannot tell from this one, hidden
    /// cards dealt anew from `seed`: replay them from `Env(game)`.
    #[pyo3(signature = (seat, seed=None))]
    fn resample(
        &self,
        py: Python<'_>,
        seat: &Bound<'_, PyAny>,
        seed: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<u16>> {
        let seat = self.seat(seat)?;
        let seed = seed_or_os(py, seed)?;
        guard(
            || with_env!(&self.inner, e => e.resample(seat, &mut SplitMix64::new(seed)).py_result()),
        )
    }

    /// The returns of the game played out with uniformly random moves from
    /// `seed` (later deals shuffled from it too).
    #[pyo3(signature = (seed=None))]
    fn playout<'py>(
        &self,
        py: Python<'py>,
        seed: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let seed = seed_or_os(py, seed)?;
        let returns =
            guard(|| Ok(with_env!(&self.inner, e => e.playout(&mut SplitMix64::new(seed)))))?;
        PyTuple::new(py, returns)
    }

    /// The state dict of the position (`cardavia.from_dict` loads it);
    /// `None` before the first deal is dealt.
    fn state(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let value = guard(|| Ok(with_env!(&self.inner, e => e.session().map(|s| s.to_value()))))?;
        match value {
            Some(value) => to_python(py, &value),
            None => Ok(py.None()),
        }
    }

    fn to_json(&self) -> PyResult<String> {
        guard(|| Ok(self.inner.to_json()))
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

    /// Pickled as its JSON: how it deals, where it started, its actions.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let rebuild = slf.get_type().getattr("from_json")?;
        Ok((rebuild, (slf.borrow().to_json()?,)))
    }

    fn __repr__(&self) -> String {
        let actor = match with_env!(&self.inner, e => e.actor()) {
            Actor::Chance => "chance event".to_owned(),
            Actor::Seat(seat) => format!("seat {seat} to move"),
            Actor::Terminal => "over".to_owned(),
        };
        let actions = with_env!(&self.inner, e => e.actions().len());
        format!("<{} env, {actions} actions, {actor}>", self.game())
    }
}

impl PyEnv {
    /// A seat of this table, checked.
    fn seat(&self, seat: &Bound<'_, PyAny>) -> PyResult<usize> {
        extract_seat(seat, self.inner.players())
    }

    fn view_floats(&self, seat: Option<usize>, recall: bool) -> Vec<f32> {
        let kind = ViewKind { seat, recall };
        let layout = self.inner.game().view_layout(self.inner.players(), kind);
        let mut floats = vec![0f32; layout.iter().map(|(_, n)| n).sum()];
        with_env!(&self.inner, e => e.write_view(kind, &mut floats));
        floats
    }

    fn view_bytes<'py>(
        &self,
        py: Python<'py>,
        seat: Option<usize>,
        recall: bool,
    ) -> PyResult<Bound<'py, PyByteArray>> {
        let floats = guard(|| Ok(self.view_floats(seat, recall)))?;
        PyByteArray::new_with(py, floats.len() * 4, |bytes| {
            put(bytes, &floats);
            Ok(())
        })
    }

    fn view_text(&self, seat: Option<usize>, recall: bool) -> PyResult<String> {
        let kind = ViewKind { seat, recall };
        guard(|| Ok(with_env!(&self.inner, e => e.view_value(kind)).to_string()))
    }
}

/// The environments of a batch, all of one game and table, and a seat for each.
fn batch<'py>(
    envs: &Bound<'py, PyAny>,
    seats: &Bound<'py, PyAny>,
) -> PyResult<(Vec<PyRef<'py, PyEnv>>, Vec<usize>)> {
    let items: Vec<PyRef<'py, PyEnv>> = envs
        .try_iter()?
        .map(|item| {
            let item = item?;
            let env = item
                .cast::<PyEnv>()
                .map_err(|_| PyTypeError::new_err("envs must hold cardavia._native.Env objects"))?;
            Ok(env.borrow())
        })
        .collect::<PyResult<_>>()?;
    let games: Vec<GameId> = items.iter().map(|e| e.inner.game()).collect();
    if let Some(i) = games.iter().position(|&g| g != games[0]) {
        return Err(
            Error::argument(Kind::MixedGames, format!("envs[{i}]"), games[i].name())
                .with("expected", games[0].name()),
        )
        .py_result();
    }
    // Tables of different sizes have tensors of different lengths.
    let tables: Vec<usize> = items.iter().map(|e| e.inner.players()).collect();
    if let Some(i) = tables.iter().position(|&n| n != tables[0]) {
        return Err(
            Error::argument(Kind::MixedGames, format!("envs[{i}]"), tables[i])
                .with("expected", tables[0])
                .with("what", "players"),
        )
        .py_result();
    }
    let players = tables.first().copied().unwrap_or(2);
    let high = players as u64 - 1;
    let seats: Vec<usize> = if seats.is_instance_of::<PyInt>() || seats.is_instance_of::<PyBool>() {
        vec![extract_seat(seats, players)?; items.len()]
    } else {
        seats
            .try_iter()?
            .enumerate()
            .map(|(i, seat)| Ok(int_in(&seat?, &format!("seats[{i}]"), 0, high)? as usize))
            .collect::<PyResult<_>>()?
    };
    if seats.len() != items.len() {
        return Err(Error::argument(Kind::Lengths, "seats", seats.len())
            .with("expected", items.len())
            .with("what", "envs"))
        .py_result();
    }
    Ok((items, seats))
}

/// Fill a batch's bytes: a new `bytearray`, or `out` if it has the size.
/// `fill` runs while the bytes are borrowed: it must not call Python.
fn filled<'py>(
    py: Python<'py>,
    out: Option<&Bound<'py, PyAny>>,
    len: usize,
    fill: impl FnOnce(&mut [u8]) -> PyResult<()>,
) -> PyResult<Bound<'py, PyByteArray>> {
    let Some(out) = out.filter(|o| !o.is_none()) else {
        return PyByteArray::new_with(py, len, fill);
    };
    let array = out
        .cast::<PyByteArray>()
        .map_err(|_| PyTypeError::new_err("out must be a bytearray"))?;
    if array.len() != len {
        return Err(Error::argument(Kind::Lengths, "out", array.len())
            .with("expected", len)
            .with("what", "bytes"))
        .py_result();
    }
    // SAFETY: `fill` calls no Python code, so nothing can resize or free the
    // bytes while they are borrowed.
    fill(unsafe { array.as_bytes_mut() })?;
    Ok(array.clone())
}

/// Every environment's observation tensor for its seat (one seat for all,
/// or one each), as one `bytearray` of native float32 rows; into `out`
/// when given (a `bytearray` of exactly that size, refilled in place).
#[pyfunction]
#[pyo3(signature = (envs, seats, out=None))]
pub fn observation_tensors<'py>(
    py: Python<'py>,
    envs: &Bound<'py, PyAny>,
    seats: &Bound<'py, PyAny>,
    out: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyByteArray>> {
    let (items, seats) = batch(envs, seats)?;
    let size = items.first().map_or(0, |e| {
        e.inner.game().env_info_at(e.inner.players()).tensor_size
    });
    let mut floats = vec![0f32; size];
    filled(py, out, items.len() * size * 4, |bytes| {
        guard(|| {
            let rows = bytes.chunks_exact_mut((size * 4).max(1));
            for ((env, &seat), row) in items.iter().zip(&seats).zip(rows) {
                with_env!(&env.inner, e => e.write_tensor(seat, &mut floats));
                put(row, &floats);
            }
            Ok(())
        })
    })
}

/// Every environment's action mask: one byte per action, a row each.
#[pyfunction]
#[pyo3(signature = (envs, out=None))]
pub fn action_masks<'py>(
    py: Python<'py>,
    envs: &Bound<'py, PyAny>,
    out: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyByteArray>> {
    let (items, _) = batch(envs, &0usize.into_pyobject(py)?.into_any())?;
    let size = items
        .first()
        .map_or(0, |e| e.inner.game().env_info().actions);
    let legal: Vec<Vec<u16>> = items.iter().map(|e| e.legal_actions()).collect();
    filled(py, out, items.len() * size, |bytes| {
        bytes.fill(0);
        for (actions, row) in legal.iter().zip(bytes.chunks_exact_mut(size.max(1))) {
            for &action in actions {
                if let Some(x) = row.get_mut(usize::from(action)) {
                    *x = 1;
                }
            }
        }
        Ok(())
    })
}

/// A layout as a list of `(name, length)` tuples.
fn layout_list<'py>(py: Python<'py>, layout: &[(&str, usize)]) -> PyResult<Bound<'py, PyList>> {
    let items: Vec<Bound<'_, PyTuple>> = layout
        .iter()
        .map(|&(name, len)| {
            PyTuple::new(
                py,
                [
                    name.into_pyobject(py)?.into_any(),
                    len.into_pyobject(py)?.into_any(),
                ],
            )
        })
        .collect::<PyResult<_>>()?;
    PyList::new(py, items)
}

/// What the adapters need of a game at a table of `players` seats: the
/// numbers of actions and chance outcomes, the tensors' sizes and layouts
/// (observation, information state, public with its past), the longest
/// game, the names of the actions.
fn table_info(py: Python<'_>, game: GameId, players: usize) -> PyResult<Bound<'_, PyDict>> {
    let info = game.env_info_at(players);
    let entry = PyDict::new(py);
    entry.set_item("players", players)?;
    entry.set_item("actions", info.actions)?;
    entry.set_item("chance_outcomes", info.chance_outcomes)?;
    entry.set_item("tensor_size", info.tensor_size)?;
    entry.set_item("max_game_length", info.max_game_length)?;
    entry.set_item("max_chance_events", info.max_chance_events)?;
    entry.set_item("layout", layout_list(py, info.layout)?)?;
    let views = [
        ("info_state", Some(0), true),
        ("public_history", None, true),
    ];
    for (name, seat, recall) in views {
        let layout = game.view_layout(players, ViewKind { seat, recall });
        let size: usize = layout.iter().map(|(_, n)| n).sum();
        entry.set_item(format!("{name}_size"), size)?;
        entry.set_item(format!("{name}_layout"), layout_list(py, &layout)?)?;
    }
    entry.set_item("action_names", PyTuple::new(py, game.action_names())?)?;
    Ok(entry)
}

/// `cardavia.envs.env_info(game, players)`: the facts of `table_info`.
#[pyfunction]
#[pyo3(name = "env_info", signature = (game, players=None))]
pub fn env_info_at<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyAny>,
    players: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let game = game_of(game)?;
    let players = game
        .check_players(optional_integer(players, "players")?)
        .py_result()?;
    table_info(py, game, players)
}

/// What the adapters need of each game at two seats (`table_info`).
pub fn env_info(py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
    let all = PyDict::new(py);
    for game in GameId::ALL {
        all.set_item(game.name(), table_info(py, game, 2)?)?;
    }
    Ok(all)
}
