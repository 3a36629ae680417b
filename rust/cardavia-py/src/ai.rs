//! The AI from an observation: `analyse`, `choose_move`, `sample_world`,
//! the budget's checks and limits. The observation is read and checked in
//! the core; the search runs with the GIL released.

use crate::args::{int_in, optional, os_seed, MAX_ITERATIONS, MAX_THREADS, MAX_TIME_MS};
use crate::convert::{from_python, to_python};
use crate::errors::{guard, IntoPyResult};
use cardavia_core::error::{Error, Kind};
use cardavia_core::rng::SplitMix64;
use cardavia_core::search::ismcts::{Budget, Config, Playout};
use cardavia_core::search::{self, Pick, Resample, DEFAULT_LEVEL, LEVELS};
use cardavia_core::with_worlds;
use cardavia_core::worlds::{AnyWorlds, Worlds};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use std::time::Duration;

type Stats = Vec<(String, u64, f64)>;

/// A search's budget and settings, checked in the order the API documents:
/// the budget (a level, iterations, time), the seed, threads, rollouts.
pub struct Search {
    pub iterations: Option<u64>,
    pub time_ms: Option<u64>,
    pub seed: u64,
    pub threads: usize,
    /// `None`: the game's own default.
    pub playout: Option<Playout>,
    /// How the move is picked from the statistics (`choose_move`).
    pub pick: Pick,
}

impl Search {
    fn parse(
        py: Python<'_>,
        iterations: Option<&Bound<'_, PyAny>>,
        time_ms: Option<&Bound<'_, PyAny>>,
        level: Option<&Bound<'_, PyAny>>,
        seed: Option<&Bound<'_, PyAny>>,
        threads: &Bound<'_, PyAny>,
        rollouts: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let level = match level.filter(|l| !l.is_none()) {
            None => None,
            Some(given) => {
                let Ok(name) = given.cast::<PyString>() else {
                    let kind = given.get_type().name()?;
                    return Err(PyTypeError::new_err(format!(
                        "level must be a string, got {kind}"
                    )));
                };
                let name = name.to_string_lossy();
                let names: Vec<&str> = LEVELS.iter().map(|level| level.name).collect();
                match search::level(&name) {
                    Some(found) => Some(found),
                    None => {
                        return Err(Error::argument(Kind::Choice, "level", name.as_ref())
                            .with("choices", names))
                        .py_result()
                    }
                }
            }
        };
        let mut iterations = optional(iterations, "iterations", 1, MAX_ITERATIONS)?;
        let time_ms = optional(time_ms, "time_ms", 1, MAX_TIME_MS)?;
        let threads_given = int_in(threads, "threads", 1, MAX_THREADS)?;
        let mut pick = Pick::Best;
        if iterations.is_none() && time_ms.is_none() {
            // A level's budget is per thread: more cores, a stronger search
            // in the same time.
            let chosen = level.or_else(|| search::level(DEFAULT_LEVEL));
            iterations = chosen.map(|l| l.iterations.saturating_mul(threads_given));
            pick = chosen.map_or(Pick::Best, |l| l.pick);
        }
        let seed = match seed.filter(|s| !s.is_none()) {
            Some(seed) => int_in(seed, "seed", 0, u64::MAX)?,
            None => os_seed(py)?,
        };
        let threads = threads_given as usize;
        let playout = match rollouts {
            None => None,
            Some(value) => {
                let mut names = vec!["auto"];
                names.extend(Playout::ALL.iter().map(|p| p.name()));
                let name = crate::args::choice(value, "rollouts", &names)?;
                Playout::ALL.into_iter().find(|p| p.name() == name)
            }
        };
        Ok(Self {
            iterations,
            time_ms,
            seed,
            threads,
            playout,
            pick,
        })
    }

    fn config<G: Resample>(&self) -> Config {
        Config {
            budget: Budget {
                iterations: self.iterations,
                time: self.time_ms.map(Duration::from_millis),
            },
            seed: self.seed,
            threads: self.threads,
            playout: self.playout.unwrap_or(G::PLAYOUT),
            exploration: G::EXPLORATION,
            ..Config::default()
        }
    }
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

fn run<G: Resample>(worlds: &Worlds<G>, search: &Search, want: Want) -> Stats {
    let mut config = search.config::<G>();
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

#[allow(clippy::too_many_arguments)]
fn search_from(
    py: Python<'_>,
    observation: &Bound<'_, PyAny>,
    iterations: Option<&Bound<'_, PyAny>>,
    time_ms: Option<&Bound<'_, PyAny>>,
    level: Option<&Bound<'_, PyAny>>,
    seed: Option<&Bound<'_, PyAny>>,
    threads: &Bound<'_, PyAny>,
    rollouts: Option<&Bound<'_, PyAny>>,
    want: Want,
) -> PyResult<Stats> {
    let search = Search::parse(py, iterations, time_ms, level, seed, threads, rollouts)?;
    let worlds = worlds_to_move(observation)?;
    guard(|| Ok(py.detach(|| with_worlds!(&worlds, w => run(w, &search, want)))))
}

/// Every legal move of the observation's seat with its visits and value,
/// most visited first (the unvisited last). With `settle` an iteration
/// budget stops once the most visited move can no longer be overtaken.
#[pyfunction]
#[pyo3(signature = (observation, *, iterations=None, time_ms=None, level=None, seed=None, threads, rollouts=None, settle=false))]
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
    settle: bool,
) -> PyResult<Stats> {
    search_from(
        py,
        observation,
        iterations,
        time_ms,
        level,
        seed,
        threads,
        rollouts,
        Want::Stats { settle },
    )
}

/// The move the AI plays for the observation's seat.
#[pyfunction]
#[pyo3(signature = (observation, *, iterations=None, time_ms=None, level=None, seed=None, threads, rollouts=None))]
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
) -> PyResult<String> {
    let stats = search_from(
        py,
        observation,
        iterations,
        time_ms,
        level,
        seed,
        threads,
        rollouts,
        Want::Move,
    )?;
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
    let search = Search::parse(py, iterations, time_ms, level, seed, threads, None)?;
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
pub fn level_picks(py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
    let dict = PyDict::new(py);
    for level in LEVELS {
        let pick = match level.pick {
            Pick::Best => "best",
            Pick::Plausible => "plausible",
        };
        dict.set_item(level.name, pick)?;
    }
    Ok(dict)
}
