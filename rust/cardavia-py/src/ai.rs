//! The AI from an observation: `analyse`, `choose_move`, `sample_world`.
//! The arguments are converted here and checked and resolved in the core
//! (`search::budget`); the observation is read and checked in the core; the
//! search runs with the GIL released.

use crate::args::{int_in, integer, optional_integer, os_seed};
use crate::convert::{from_python, to_python};
use crate::errors::{guard, to_pyerr_given, IntoPyResult};
use cardavia_core::error::{Error, Kind};
use cardavia_core::rng::SplitMix64;
use cardavia_core::search::budget::{Request, Settings};
use cardavia_core::search::{self, Resample, LEVELS};
use cardavia_core::with_worlds;
use cardavia_core::worlds::{AnyWorlds, Worlds};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

type Stats = Vec<(String, u64, f64)>;

/// A name given as a string (a `TypeError` for anything else); one that is
/// not UTF-8 keeps replacement characters, so it names nothing.
fn name_of(value: Option<&Bound<'_, PyAny>>, what: &str) -> PyResult<Option<String>> {
    match value.filter(|v| !v.is_none()) {
        None => Ok(None),
        Some(given) => match given.cast::<PyString>() {
            Ok(name) => Ok(Some(name.to_string_lossy().into_owned())),
            Err(_) => {
                let kind = given.get_type().name()?;
                Err(PyTypeError::new_err(format!(
                    "{what} must be a string, got {kind}"
                )))
            }
        },
    }
}

/// A search's settings: the Python values converted, then checked and
/// resolved by the core; a seed from the OS when none is given.
#[allow(clippy::too_many_arguments)]
fn settings(
    py: Python<'_>,
    iterations: Option<&Bound<'_, PyAny>>,
    time_ms: Option<&Bound<'_, PyAny>>,
    level: Option<&Bound<'_, PyAny>>,
    seed: Option<&Bound<'_, PyAny>>,
    threads: &Bound<'_, PyAny>,
    rollouts: Option<&Bound<'_, PyAny>>,
    worlds: Option<&Bound<'_, PyAny>>,
) -> PyResult<Settings> {
    // Converted in the order the core checks them.
    let level_name = name_of(level, "level")?;
    let iteration_count = optional_integer(iterations, "iterations")?;
    let time = optional_integer(time_ms, "time_ms")?;
    let thread_count = integer(threads, "threads")?;
    let seed_value = match optional_integer(seed, "seed")? {
        Some(seed) => seed,
        None => i128::from(os_seed(py)?),
    };
    let rollout_name = name_of(rollouts, "rollouts")?;
    let worlds_name = name_of(worlds, "worlds")?;
    let request = Request {
        level: level_name.as_deref(),
        iterations: iteration_count,
        time_ms: time,
        seed: seed_value,
        threads: thread_count,
        rollouts: rollout_name.as_deref(),
        worlds: worlds_name.as_deref(),
    };
    request.resolve().map_err(|error| {
        let given = [
            ("iterations", iterations),
            ("time_ms", time_ms),
            ("threads", Some(threads)),
            ("seed", seed),
        ];
        to_pyerr_given(error, &given)
    })
}

/// The worlds of the observation of the seat to move.
fn worlds_to_move(observation: &Bound<'_, PyAny>) -> PyResult<AnyWorlds> {
    let value = from_python(observation)?;
    let worlds = guard(|| AnyWorlds::from_observation(&value).py_result())?;
    if !with_worlds!(&worlds, w => w.to_move()) {
        return Err(Error::state(
            Kind::NotToMove,
            "legal_moves",
            serde_json::Value::Array(Vec::new()),
        ))
        .py_result();
    }
    Ok(worlds)
}

/// What a search is for: the move alone, or every move's statistics
/// (`settle`: only until the best move is certain).
#[derive(Clone, Copy)]
enum Want {
    Move,
    Stats { settle: bool },
}

fn run<G: Resample>(worlds: &Worlds<G>, search: &Settings, want: Want) -> Stats {
    let mut config = search.config_at(worlds.template());
    if let Want::Stats { settle } = want {
        config.settle = settle;
    }
    if let Want::Move = want {
        let best = search::choose(worlds, &config, search.pick);
        best.map(|name| vec![(name, 0, 0.0)]).unwrap_or_default()
    } else {
        search::analyse(worlds, &config)
    }
}

/// The search of the observation's worlds (checked after the settings).
fn search_from(
    py: Python<'_>,
    observation: &Bound<'_, PyAny>,
    search: Settings,
    want: Want,
) -> PyResult<Stats> {
    let worlds = worlds_to_move(observation)?;
    guard(|| Ok(py.detach(|| with_worlds!(&worlds, w => run(w, &search, want)))))
}

/// Every legal move of the observation's seat with its visits and value,
/// most visited first (the unvisited last). With `settle` an iteration
/// budget stops once the most visited move can no longer be overtaken.
#[pyfunction]
#[pyo3(signature = (observation, *, iterations=None, time_ms=None, level=None, seed=None, threads, rollouts=None, worlds=None, settle=false))]
#[allow(clippy::too_many_arguments)]
pub fn analyse(
    py: Python<'_>,
    observation: &Bound<'_, PyAny>,
    iterations: Option<&Bound<'_, PyAny>>,
    time_ms: Option<&Bound<'_, PyAny>>,
    level: Option<&Bound<'_, PyAny>>,
    seed: Option<&Bound<'_, PyAny>>,
    threads: &Bound<'_, PyAny>,
    rollouts: Option<&Bound<'_, PyAny>>,
    worlds: Option<&Bound<'_, PyAny>>,
    settle: bool,
) -> PyResult<Stats> {
    let search = settings(
        py, iterations, time_ms, level, seed, threads, rollouts, worlds,
    )?;
    search_from(py, observation, search, Want::Stats { settle })
}

/// The move the AI plays for the observation's seat.
#[pyfunction]
#[pyo3(signature = (observation, *, iterations=None, time_ms=None, level=None, seed=None, threads, rollouts=None, worlds=None))]
#[allow(clippy::too_many_arguments)]
pub fn choose_move(
    py: Python<'_>,
    observation: &Bound<'_, PyAny>,
    iterations: Option<&Bound<'_, PyAny>>,
    time_ms: Option<&Bound<'_, PyAny>>,
    level: Option<&Bound<'_, PyAny>>,
    seed: Option<&Bound<'_, PyAny>>,
    threads: &Bound<'_, PyAny>,
    rollouts: Option<&Bound<'_, PyAny>>,
    worlds: Option<&Bound<'_, PyAny>>,
) -> PyResult<String> {
    let search = settings(
        py, iterations, time_ms, level, seed, threads, rollouts, worlds,
    )?;
    let stats = search_from(py, observation, search, Want::Move)?;
    Ok(stats
        .into_iter()
        .next()
        .map(|(name, _, _)| name)
        .unwrap_or_default())
}

/// A search's budget, checked and resolved as `analyse` resolves it:
/// `(iterations, time_ms, seed, threads)`; for searches run elsewhere (the
/// reference engine's).
#[pyfunction]
#[pyo3(signature = (*, iterations=None, time_ms=None, level=None, seed=None, threads))]
pub fn search_budget(
    py: Python<'_>,
    iterations: Option<&Bound<'_, PyAny>>,
    time_ms: Option<&Bound<'_, PyAny>>,
    level: Option<&Bound<'_, PyAny>>,
    seed: Option<&Bound<'_, PyAny>>,
    threads: &Bound<'_, PyAny>,
) -> PyResult<(Option<u64>, Option<u64>, u64, usize)> {
    let search = settings(py, iterations, time_ms, level, seed, threads, None, None)?;
    Ok((
        search.iterations,
        search.time_ms,
        search.seed,
        search.threads,
    ))
}

/// One world consistent with an observation (any seat's, its turn or not):
/// a full state dict whose hidden cards are dealt at random from `seed`.
#[pyfunction]
#[pyo3(signature = (observation, seed=None))]
pub fn sample_world(
    py: Python<'_>,
    observation: &Bound<'_, PyAny>,
    seed: Option<&Bound<'_, PyAny>>,
) -> PyResult<Py<PyAny>> {
    let seed = match seed.filter(|s| !s.is_none()) {
        Some(seed) => int_in(seed, "seed", 0, u64::MAX)?,
        None => os_seed(py)?,
    };
    let value = from_python(observation)?;
    let state = guard(|| {
        let worlds = AnyWorlds::from_observation(&value).py_result()?;
        let mut rng = SplitMix64::new(seed);
        Ok(with_worlds!(&worlds, w => w.world_value(&mut rng)))
    })?;
    to_python(py, &state)
}

/// The levels and their iteration budgets (per thread).
pub fn levels(py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
    let dict = PyDict::new(py);
    for level in LEVELS {
        dict.set_item(level.name, level.iterations)?;
    }
    Ok(dict)
}

/// How each level picks its move: "best" or "plausible".
/// Which levels search on every core (the others on one).
pub fn level_every_core(py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
    let dict = PyDict::new(py);
    for level in LEVELS {
        dict.set_item(level.name, level.every_core)?;
    }
    Ok(dict)
}

pub fn level_picks(py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
    let dict = PyDict::new(py);
    for level in LEVELS {
        dict.set_item(level.name, level.pick.name())?;
    }
    Ok(dict)
}
