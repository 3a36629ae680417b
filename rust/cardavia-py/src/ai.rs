//! `ai_analyse`: the search in the core, with the GIL released.

use crate::errors::{guard, IntoPyResult};
use cardavia_core::cards::CardSet;
use cardavia_core::error::Error;
use cardavia_core::search::ismcts::{search, Budget, Config};
use cardavia_core::search::{Resample, Worlds};
use cardavia_core::session::AnySession;
use pyo3::prelude::*;
use std::time::Duration;

type Stats = Vec<(String, u64, f64)>;

fn run<G: Resample>(
    template: G,
    seat: usize,
    allowed: &[String],
    config: &Config,
) -> PyResult<Stats> {
    let mut mask: CardSet = 0;
    for name in allowed {
        match G::DECK.parse(name) {
            Some(card) => mask |= 1 << card,
            None => {
                return Err(Error::InvalidState(format!(
                    "allowed: {name:?} is not a card of the {} deck",
                    G::DECK.name
                )))
                .py_result()
            }
        }
    }
    let Some(worlds) = Worlds::new(template, seat, mask) else {
        return Err(Error::InvalidState(
            "observation: no world is consistent with it (wrong seat or impossible cards)".into(),
        ))
        .py_result();
    };
    let result = search(&worlds, config);
    Ok(result
        .moves
        .into_iter()
        .map(|s| (G::move_name(s.mv), s.visits, s.value))
        .collect())
}

/// Search from `seat`'s point of view. `template_json` is a full state built
/// from the seat's observation (its hidden cards are re-dealt every
/// iteration); `allowed` lists the cards the opponent may hold.
#[pyfunction]
#[pyo3(signature = (template_json, seat, allowed, iterations, time_ms, seed, threads, informed_rollouts=true))]
#[allow(clippy::too_many_arguments)]
pub fn ai_analyse(
    py: Python<'_>,
    template_json: &str,
    seat: usize,
    allowed: Vec<String>,
    iterations: Option<u64>,
    time_ms: Option<u64>,
    seed: u64,
    threads: usize,
    informed_rollouts: bool,
) -> PyResult<Stats> {
    let session = AnySession::from_json(template_json).py_result()?;
    if seat > 1 {
        return Err(Error::InvalidArgument(format!(
            "seat must be 0 or 1, got {seat}"
        )))
        .py_result();
    }
    let config = Config {
        budget: Budget {
            iterations,
            time: time_ms.map(Duration::from_millis),
        },
        seed,
        threads: threads.max(1),
        informed_rollouts,
        ..Config::default()
    };
    guard(|| {
        py.detach(|| match session {
            AnySession::Durak(s) => run(s.game, seat, &allowed, &config),
            AnySession::Perevodnoy(s) => run(s.game, seat, &allowed, &config),
            AnySession::Schnapsen(s) => run(s.game, seat, &allowed, &config),
        })
    })
}
