//! `simulate`: whole games in Rust, with the GIL released.

use crate::args::{self, Batch};
use crate::errors::guard;
use cardavia_core::durak::Durak;
use cardavia_core::perevodnoy::Perevodnoy;
use cardavia_core::schnapsen::Schnapsen;
use cardavia_core::session::GameId;
use cardavia_core::simulate::{simulate as run, Policy, Summary};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// The ways whole games can be played in Rust.
pub const POLICIES: [&str; 1] = ["random"];

/// Play `games` games with `policy` on `threads` threads; the summary of
/// `cardavia.simulate`. Every argument is checked here as well, so a direct
/// call is as safe as one through `cardavia.simulate`.
#[pyfunction]
#[pyo3(signature = (game, games, seed, policy, threads))]
pub fn simulate<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyAny>,
    games: &Bound<'py, PyAny>,
    seed: &Bound<'py, PyAny>,
    policy: &Bound<'py, PyAny>,
    threads: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyDict>> {
    let batch = Batch::parse(game, games, seed, threads)?;
    let runner: fn(u64, u64, Policy, usize) -> Summary = match batch.game {
        GameId::Durak => run::<Durak>,
        GameId::Perevodnoy => run::<Perevodnoy>,
        GameId::Schnapsen => run::<Schnapsen>,
    };
    // Random play is the one policy whole games run with in Rust.
    args::choice(policy, "policy", &POLICIES)?;
    let policy = Policy::Random;
    let summary =
        guard(|| Ok(py.detach(|| runner(batch.games, batch.seed, policy, batch.threads))))?;
    let dict = PyDict::new(py);
    dict.set_item("game", batch.game.name())?;
    dict.set_item("games", summary.games)?;
    dict.set_item("wins", summary.wins.to_vec())?;
    dict.set_item("draws", summary.draws)?;
    dict.set_item("decisions", summary.decisions)?;
    if batch.game == GameId::Schnapsen {
        dict.set_item("match_wins", summary.wins.to_vec())?;
        dict.set_item("game_points", summary.game_points.to_vec())?;
        dict.set_item("deals", summary.deals)?;
    }
    Ok(dict)
}
