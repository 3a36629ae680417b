//! `soak`: random games in Rust with every invariant checked after every
//! move (`cardavia_core::soak`), the GIL released; `benches/soak.py`.

use crate::args::Batch;
use crate::errors::guard;
use cardavia_core::durak::Durak;
use cardavia_core::perevodnoy::Perevodnoy;
use cardavia_core::schnapsen::Schnapsen;
use cardavia_core::session::GameId;
use cardavia_core::soak::{soak as run, SoakReport};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// Play `games` random games of `game` on `threads` threads, checking
/// every move; `{"game", "games", "moves", "round_trips", "violation"}`
/// with the games checked and the first violation (`None` when clean).
#[pyfunction]
#[pyo3(signature = (game, games, seed, threads))]
pub fn soak<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyAny>,
    games: &Bound<'py, PyAny>,
    seed: &Bound<'py, PyAny>,
    threads: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyDict>> {
    let batch = Batch::parse(game, games, seed, threads)?;
    let runner: fn(u64, u64, usize) -> SoakReport = match batch.game {
        GameId::Durak => run::<Durak>,
        GameId::Perevodnoy => run::<Perevodnoy>,
        GameId::Schnapsen => run::<Schnapsen>,
    };
    let report = guard(|| Ok(py.detach(|| runner(batch.games, batch.seed, batch.threads))))?;
    let dict = PyDict::new(py);
    dict.set_item("game", batch.game.name())?;
    dict.set_item("games", report.games)?;
    dict.set_item("moves", report.moves)?;
    dict.set_item("round_trips", report.round_trips)?;
    dict.set_item("violation", report.violation)?;
    Ok(dict)
}
