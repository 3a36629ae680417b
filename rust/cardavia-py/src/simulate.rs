//! `simulate`: whole games in Rust, with the GIL released.

use crate::errors::{guard, IntoPyResult};
use cardavia_core::durak::Durak;
use cardavia_core::error::Error;
use cardavia_core::perevodnoy::Perevodnoy;
use cardavia_core::schnapsen::Schnapsen;
use cardavia_core::simulate::{simulate as run, Policy, Summary};
use pyo3::prelude::*;
use pyo3::types::PyDict;

#[pyfunction]
#[pyo3(signature = (game, games, seed, policy, threads))]
pub fn simulate<'py>(
    py: Python<'py>,
    game: &str,
    games: u64,
    seed: u64,
    policy: &str,
    threads: usize,
) -> PyResult<Bound<'py, PyDict>> {
    let policy = match policy {
        "random" => Policy::Random,
        other => {
            return Err(Error::InvalidArgument(format!(
                "unknown policy {other:?}; choose random"
            )))
            .py_result()
        }
    };
    let runner: fn(u64, u64, Policy, usize) -> Summary = match game {
        "durak" => run::<Durak>,
        "perevodnoy" => run::<Perevodnoy>,
        "schnapsen" => run::<Schnapsen>,
        other => {
            return Err(Error::UnknownGame(format!("unknown game {other:?}"))).py_result();
        }
    };
    let summary = guard(|| Ok(py.detach(|| runner(games, seed, policy, threads))))?;
    let dict = PyDict::new(py);
    dict.set_item("game", game)?;
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
