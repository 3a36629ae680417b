//! `ai_analyse`: the search in the core, with the GIL released.

use crate::args::{int_in, optional, text, MAX_ITERATIONS, MAX_THREADS, MAX_TIME_MS};
use crate::errors::{guard, IntoPyResult};
use cardavia_core::cards::CardSet;
use cardavia_core::error::{Error, Kind};
use cardavia_core::search::decide;
use cardavia_core::search::ismcts::{Budget, Config};
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
                return Err(
                    Error::state(Kind::Card, "allowed", name.as_str()).with("deck", G::DECK.name)
                )
                .py_result()
            }
        }
    }
    let Some(worlds) = Worlds::new(template, seat, mask) else {
        return Err(Error::state(
            Kind::Voids,
            "allowed",
            serde_json::Value::Null,
        ))
        .py_result();
    };
    let result = decide(&worlds, config);
    Ok(result
        .moves
        .into_iter()
        .map(|s| (G::move_name(s.mv), s.visits, s.value))
        .collect())
}

/// Search from `seat`'s point of view. `template_json` is a full state built
/// from the seat's observation (its hidden cards are re-dealt every
/// iteration); `allowed` lists the cards the opponent may hold. With
/// `settle` an iteration budget stops once the best move is certain.
#[pyfunction]
#[pyo3(signature = (template_json, seat, allowed, iterations, time_ms, seed, threads, informed_rollouts=true, settle=false))]
#[allow(clippy::too_many_arguments)]
pub fn ai_analyse(
    py: Python<'_>,
    template_json: &Bound<'_, PyAny>,
    seat: &Bound<'_, PyAny>,
    allowed: &Bound<'_, PyAny>,
    iterations: Option<&Bound<'_, PyAny>>,
    time_ms: Option<&Bound<'_, PyAny>>,
    seed: &Bound<'_, PyAny>,
    threads: &Bound<'_, PyAny>,
    informed_rollouts: bool,
    settle: bool,
) -> PyResult<Stats> {
    let template = text(template_json, "template_json")?;
    let seat = int_in(seat, "seat", 0, 1)? as usize;
    let iterations = optional(iterations, "iterations", 1, MAX_ITERATIONS)?;
    let time_ms = optional(time_ms, "time_ms", 1, MAX_TIME_MS)?;
    if iterations.is_none() && time_ms.is_none() {
        return Err(Error::argument(
            Kind::Budget,
            "iterations",
            serde_json::Value::Null,
        ))
        .py_result();
    }
    let seed = int_in(seed, "seed", 0, u64::MAX)?;
    let threads = int_in(threads, "threads", 1, MAX_THREADS)? as usize;
    let mut cards = Vec::new();
    for item in allowed.try_iter()? {
        cards.push(text(&item?, "allowed")?);
        if cards.len() > 64 {
            return Err(Error::argument(Kind::TooMany, "allowed", cards.len()).with("max", 64))
                .py_result();
        }
    }
    let session = AnySession::from_json(&template).py_result()?;
    let config = Config {
        budget: Budget {
            iterations,
            time: time_ms.map(Duration::from_millis),
        },
        seed,
        threads,
        informed_rollouts,
        settle,
        ..Config::default()
    };
    guard(|| {
        py.detach(|| match session {
            AnySession::Durak(s) => run(s.game, seat, &cards, &config),
            AnySession::Perevodnoy(s) => run(s.game, seat, &cards, &config),
            AnySession::Schnapsen(s) => run(s.game, seat, &cards, &config),
        })
    })
}
