//! `simulate`: whole games in Rust, with the GIL released.

use crate::args::{self, text};
use crate::errors::{guard, IntoPyResult};
use cardavia_core::session::GameId;
use cardavia_core::simulate::Policy;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// Play `games` games with `policy` on `threads` threads; the summary of
/// `cardavia.simulate`. Every argument is checked here as well, so a direct
/// call is as safe as one through `cardavia.simulate`.
#[pyfunction]
#[pyo3(signature = (game, games, seed, policy, threads, *, players=None))]
pub fn simulate<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyAny>,
    games: &Bound<'py, PyAny>,
    seed: &Bound<'py, PyAny>,
    policy: &Bound<'py, PyAny>,
    threads: &Bound<'py, PyAny>,
    players: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let batch = args::batch(game, games, seed, threads)?
        .seated(args::optional_integer(players, "players")?)
        .py_result()?;
    let policy = Policy::parse(&text(policy, "policy")?).py_result()?;
    let summary = guard(|| Ok(py.detach(|| batch.simulate(policy))))?;
    let dict = PyDict::new(py);
    dict.set_item("game", batch.game.name())?;
    dict.set_item("games", summary.games)?;
    if batch.players == 2 {
        dict.set_item("wins", summary.wins.to_vec())?;
    } else {
        dict.set_item("players", batch.players)?;
        dict.set_item("losers", summary.losers[..batch.players].to_vec())?;
    }
    dict.set_item("draws", summary.draws)?;
    dict.set_item("decisions", summary.decisions)?;
    if batch.game == GameId::Schnapsen {
        dict.set_item("match_wins", summary.wins.to_vec())?;
        dict.set_item("game_points", summary.game_points.to_vec())?;
        dict.set_item("deals", summary.deals)?;
    }
    Ok(dict)
}
