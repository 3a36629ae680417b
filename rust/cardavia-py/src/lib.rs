//! `cardavia._native`: a thin layer that converts types and maps errors.
//! No rules here; they live in `cardavia-core`.

mod ai;
mod args;
mod convert;
mod envs;
mod errors;
mod game;
mod model;
mod moves;
mod simulate;
#[cfg(feature = "testing")]
mod soak;

use cardavia_core::error::Kind;
use cardavia_core::limits;
use cardavia_core::refusal::Reason;
use cardavia_core::schnapsen;
use cardavia_core::search::budget::{self, AUTO};
use cardavia_core::search::ismcts::Playout;
use cardavia_core::search::DEFAULT_LEVEL;
use cardavia_core::session::GameId;
use cardavia_core::simulate::Policy;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    // The core's limits, levels, games and policies, under their own names.
    m.add("MAX_GAMES", limits::MAX_GAMES)?;
    m.add("MAX_THREADS", limits::MAX_THREADS)?;
    m.add("MAX_ITERATIONS", limits::MAX_ITERATIONS)?;
    m.add("MAX_TIME_MS", limits::MAX_TIME_MS)?;
    m.add("MAX_DEALS", limits::MAX_DEALS)?;
    m.add("MAX_SHARD_GAMES", limits::MAX_SHARD_GAMES)?;
    m.add("GAMES", PyTuple::new(m.py(), GameId::names())?)?;
    let decks = PyDict::new(m.py());
    for game in GameId::ALL {
        decks.set_item(game.name(), game.deck().name)?;
    }
    m.add("GAME_DECKS", decks)?;
    let seats = PyDict::new(m.py());
    for game in GameId::ALL {
        seats.set_item(game.name(), game.max_players())?;
    }
    m.add("MAX_PLAYERS", seats)?;
    m.add_function(wrap_pyfunction!(game::check_players, m)?)?;
    let marriages = PyDict::new(m.py());
    marriages.set_item("plain", schnapsen::MARRIAGE_POINTS)?;
    marriages.set_item("trump", schnapsen::TRUMP_MARRIAGE_POINTS)?;
    m.add("MARRIAGE_POINTS", marriages)?;
    let policies: Vec<&str> = Policy::ALL.iter().map(|p| p.name()).collect();
    m.add("POLICIES", PyTuple::new(m.py(), policies)?)?;
    m.add("DEFAULT_LEVEL", DEFAULT_LEVEL)?;
    m.add("AUTO_ROLLOUTS", AUTO)?;
    m.add("ROLLOUTS", PyTuple::new(m.py(), budget::rollout_names())?)?;
    m.add("WORLDS", PyTuple::new(m.py(), budget::WORLDS)?)?;
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
    m.add("LEVEL_EVERY_CORE", ai::level_every_core(m.py())?)?;
    let rollouts = PyDict::new(m.py());
    for game in GameId::ALL {
        rollouts.set_item(game.name(), budget::default_playout(game).name())?;
    }
    m.add("DEFAULT_ROLLOUTS", rollouts)?;
    let worlds = PyDict::new(m.py());
    for game in GameId::ALL {
        worlds.set_item(game.name(), budget::default_worlds(game))?;
    }
    m.add("DEFAULT_WORLDS", worlds)?;
    let playouts: Vec<&str> = Playout::ALL.iter().map(|p| p.name()).collect();
    m.add("PLAYOUTS", PyTuple::new(m.py(), playouts)?)?;
    m.add_function(wrap_pyfunction!(simulate::simulate, m)?)?;
    m.add_class::<envs::PyEnv>()?;
    m.add_function(wrap_pyfunction!(envs::observation_tensors, m)?)?;
    m.add_function(wrap_pyfunction!(envs::action_masks, m)?)?;
    m.add_function(wrap_pyfunction!(envs::env_info_at, m)?)?;
    m.add("ENVS", envs::env_info(m.py())?)?;
    m.add_class::<model::PyMoveModel>()?;
    #[cfg(feature = "testing")]
    m.add_function(wrap_pyfunction!(soak::soak, m)?)?;
    Ok(())
}
