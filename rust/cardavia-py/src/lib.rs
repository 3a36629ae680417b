//! `cardavia._native`: a thin layer that converts types and maps errors.
//! No rules here; they live in `cardavia-core`.

mod ai;
mod args;
mod convert;
mod envs;
mod errors;
mod game;
mod moves;
mod simulate;
#[cfg(feature = "testing")]
mod soak;

use cardavia_core::durak::Durak;
use cardavia_core::error::Kind;
use cardavia_core::perevodnoy::Perevodnoy;
use cardavia_core::refusal::Reason;
use cardavia_core::schnapsen::Schnapsen;
use cardavia_core::search::ismcts::Playout;
use cardavia_core::search::Rollout;
use cardavia_core::session::GameId;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("MAX_GAMES", args::MAX_GAMES)?;
    m.add("MAX_THREADS", args::MAX_THREADS)?;
    m.add("MAX_ITERATIONS", args::MAX_ITERATIONS)?;
    m.add("MAX_TIME_MS", args::MAX_TIME_MS)?;
    m.add("GAMES", PyTuple::new(m.py(), GameId::names())?)?;
    m.add("POLICIES", PyTuple::new(m.py(), simulate::POLICIES)?)?;
    let kinds: Vec<&str> = Kind::ALL.iter().map(|kind| kind.name()).collect();
    m.add("ERROR_KINDS", PyTuple::new(m.py(), kinds)?)?;
    let reasons: Vec<&str> = Reason::ALL.iter().map(|reason| reason.name()).collect();
    m.add("REFUSAL_REASONS", PyTuple::new(m.py(), reasons)?)?;
    m.add_class::<game::PyGame>()?;
    m.add_function(wrap_pyfunction!(ai::analyse, m)?)?;
    m.add_function(wrap_pyfunction!(ai::choose_move, m)?)?;
    m.add_function(wrap_pyfunction!(ai::search_budget, m)?)?;
    m.add_function(wrap_pyfunction!(ai::sample_world, m)?)?;
    m.add("LEVELS", ai::levels(m.py())?)?;
    m.add("LEVEL_PICKS", ai::level_picks(m.py())?)?;
    let rollouts = PyDict::new(m.py());
    rollouts.set_item("durak", Durak::PLAYOUT.name())?;
    rollouts.set_item("perevodnoy", Perevodnoy::PLAYOUT.name())?;
    rollouts.set_item("schnapsen", Schnapsen::PLAYOUT.name())?;
    m.add("DEFAULT_ROLLOUTS", rollouts)?;
    let playouts: Vec<&str> = Playout::ALL.iter().map(|p| p.name()).collect();
    m.add("PLAYOUTS", PyTuple::new(m.py(), playouts)?)?;
    m.add_function(wrap_pyfunction!(simulate::simulate, m)?)?;
    m.add_class::<envs::PyEnv>()?;
    m.add_function(wrap_pyfunction!(envs::observation_tensors, m)?)?;
    m.add_function(wrap_pyfunction!(envs::action_masks, m)?)?;
    m.add("ENVS", envs::env_info(m.py())?)?;
    #[cfg(feature = "testing")]
    m.add_function(wrap_pyfunction!(soak::soak, m)?)?;
    Ok(())
}
