//! `cardavia._native`: a thin layer that converts types and maps errors.
//! No rules here; they live in `cardavia-core`.

mod ai;
mod args;
mod convert;
mod errors;
mod game;
mod moves;
mod simulate;
mod soak;

use cardavia_core::durak::Durak;
use cardavia_core::error::Kind;
use cardavia_core::perevodnoy::Perevodnoy;
use cardavia_core::rng::{shuffle, SplitMix64};
use cardavia_core::schnapsen::Schnapsen;
use cardavia_core::search::Rollout;
use cardavia_core::session::GameId;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

/// At most this many outputs or indices per call: the functions exist for
/// test vectors, and a larger request is a mistake, not a reason to run
/// out of memory.
pub const MAX_COUNT: u64 = 1_000_000;

/// The first `count` outputs of SplitMix64 from `seed`.
#[pyfunction]
fn splitmix64(seed: &Bound<'_, PyAny>, count: &Bound<'_, PyAny>) -> PyResult<Vec<u64>> {
    let seed = args::int_in(seed, "seed", 0, u64::MAX)?;
    let count = args::int_in(count, "count", 0, MAX_COUNT)?;
    let mut rng = SplitMix64::new(seed);
    Ok((0..count).map(|_| rng.next()).collect())
}

/// The permutation of `0..n` that the seeded shuffle produces.
#[pyfunction]
fn shuffled_indices(seed: &Bound<'_, PyAny>, n: &Bound<'_, PyAny>) -> PyResult<Vec<u64>> {
    let seed = args::int_in(seed, "seed", 0, u64::MAX)?;
    let n = args::int_in(n, "n", 0, MAX_COUNT)?;
    let mut items: Vec<u64> = (0..n).collect();
    shuffle(&mut items, &mut SplitMix64::new(seed));
    Ok(items)
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("MAX_COUNT", MAX_COUNT)?;
    m.add("MAX_GAMES", args::MAX_GAMES)?;
    m.add("MAX_THREADS", args::MAX_THREADS)?;
    m.add("MAX_ITERATIONS", args::MAX_ITERATIONS)?;
    m.add("MAX_TIME_MS", args::MAX_TIME_MS)?;
    m.add("GAMES", PyTuple::new(m.py(), GameId::names())?)?;
    let kinds: Vec<&str> = Kind::ALL.iter().map(|kind| kind.name()).collect();
    m.add("ERROR_KINDS", PyTuple::new(m.py(), kinds)?)?;
    m.add_function(wrap_pyfunction!(splitmix64, m)?)?;
    m.add_function(wrap_pyfunction!(shuffled_indices, m)?)?;
    m.add_class::<game::PyGame>()?;
    m.add_function(wrap_pyfunction!(ai::analyse, m)?)?;
    m.add_function(wrap_pyfunction!(ai::choose_move, m)?)?;
    m.add_function(wrap_pyfunction!(ai::search_budget, m)?)?;
    m.add_function(wrap_pyfunction!(ai::sample_world, m)?)?;
    m.add("LEVELS", ai::levels(m.py())?)?;
    let rollouts = PyDict::new(m.py());
    let policy = |informed: bool| if informed { "informed" } else { "random" };
    rollouts.set_item("durak", policy(Durak::INFORMED_BY_DEFAULT))?;
    rollouts.set_item("perevodnoy", policy(Perevodnoy::INFORMED_BY_DEFAULT))?;
    rollouts.set_item("schnapsen", policy(Schnapsen::INFORMED_BY_DEFAULT))?;
    m.add("DEFAULT_ROLLOUTS", rollouts)?;
    m.add_function(wrap_pyfunction!(simulate::simulate, m)?)?;
    m.add_function(wrap_pyfunction!(soak::soak, m)?)?;
    Ok(())
}
