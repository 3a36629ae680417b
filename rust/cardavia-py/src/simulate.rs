//! `simulate`: whole games in Rust, with the GIL released.

use crate::args;
use crate::errors::{guard, IntoPyResult};
use cardavia_core::durak::Durak;
use cardavia_core::error::Error;
use cardavia_core::perevodnoy::Perevodnoy;
use cardavia_core::schnapsen::Schnapsen;
use cardavia_core::session::GAMES;
use cardavia_core::simulate::{simulate as run, Policy, Summary};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// The most games one call plays (hours of work on one core).
pub const MAX_GAMES: u64 = 10_000_000_000;
/// The most threads one call starts.
pub const MAX_THREADS: u64 = 256;

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
    let game = args::text(game, "game")?;
    let games = args::int_in(games, "games", 0, MAX_GAMES)?;
    let seed = args::int_in(seed, "seed", 0, u64::MAX)?;
    let policy = args::text(policy, "policy")?;
    let threads = args::int_in(threads, "threads", 1, MAX_THREADS)? as usize;
    let runner: fn(u64, u64, Policy, usize) -> Summary = match game.as_str() {
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
    let policy = match policy.as_str() {
        "random" => Policy::Random,
        other => {
            return Err(Error::InvalidArgument(format!(
                "unknown policy {other:?}; choose random"
            )))
            .py_result()
        }
    };
    let summary = guard(|| Ok(py.detach(|| runner(games, seed, policy, threads))))?;
    let dict = PyDict::new(py);
    dict.set_item("game", game.as_str())?;
    dict.set_item("games", summary.games)?;
    dict.set_item("wins", summary.wins.to_vec())?;
    dict.set_item("draws", summary.draws)?;
    dict.set_item("decisions", summary.decisions)?;
    if game == "schnapsen" {
        dict.set_item("match_wins", summary.wins.to_vec())?;
        dict.set_item("game_points", summary.game_points.to_vec())?;
        dict.set_item("deals", summary.deals)?;
    }
    Ok(dict)
}
