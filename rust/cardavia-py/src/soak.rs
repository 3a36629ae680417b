//! `soak`: random games in Rust with every invariant checked after every
//! move (`cardavia_core::soak`), the GIL released; `benches/soak.py`.

use crate::args;
use crate::errors::{guard, IntoPyResult};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// Play `games` random games of `game` (at `players` seats) on `threads`
/// threads, checking
/// every move; `{"game", "games", "moves", "round_trips", "violation"}`
/// with the games checked and the first violation (`None` when clean).
#[pyfunction]
#[pyo3(signature = (game, games, seed, threads, *, players=None))]
pub fn soak<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyAny>,
    games: &Bound<'py, PyAny>,
    seed: &Bound<'py, PyAny>,
    threads: &Bound<'py, PyAny>,
    players: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let batch = args::batch(game, games, seed, threads)?
        .seated(args::optional_integer(players, "players")?)
        .py_result()?;
    let report = guard(|| Ok(py.detach(|| batch.soak())))?;
    let dict = PyDict::new(py);
    dict.set_item("game", batch.game.name())?;
    dict.set_item("games", report.games)?;
    dict.set_item("moves", report.moves)?;
    dict.set_item("round_trips", report.round_trips)?;
    dict.set_item("violation", report.violation)?;
    Ok(dict)
}
