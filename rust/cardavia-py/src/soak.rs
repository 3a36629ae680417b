//! `soak`: random games in Rust with every invariant checked after every
//! move (`cardavia_core::soak`), the GIL released; `benches/soak.py`.

use crate::args;
use crate::errors::{guard, IntoPyResult};
use cardavia_core::durak::Durak;
use cardavia_core::error::Error;
use cardavia_core::perevodnoy::Perevodnoy;
use cardavia_core::schnapsen::Schnapsen;
use cardavia_core::session::GAMES;
use cardavia_core::soak::{soak as run, SoakReport};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// The most games one call plays.
pub const MAX_GAMES: u64 = 10_000_000_000;
/// The most threads one call starts.
pub const MAX_THREADS: u64 = 256;

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
    let game = args::text(game, "game")?;
    let games = args::int_in(games, "games", 0, MAX_GAMES)?;
    let seed = args::int_in(seed, "seed", 0, u64::MAX)?;
    let threads = args::int_in(threads, "threads", 1, MAX_THREADS)? as usize;
    let runner: fn(u64, u64, usize) -> SoakReport = match game.as_str() {
        "durak" => run::<Durak>,
        "perevodnoy" => run::<Perevodnoy>,
        "schnapsen" => run::<Schnapsen>,
        other => {
            return Err(Error::UnknownGame(format!(
                "unknown game {other:?}; choose one of {}",
                GAMES.join(", ")
            )))
            .py_result();
        }
    };
    let report = guard(|| Ok(py.detach(|| runner(games, seed, threads))))?;
    let dict = PyDict::new(py);
    dict.set_item("game", game.as_str())?;
    dict.set_item("games", report.games)?;
    dict.set_item("moves", report.moves)?;
    dict.set_item("round_trips", report.round_trips)?;
    dict.set_item("violation", report.violation)?;
    Ok(dict)
}
