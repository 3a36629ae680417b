//! The outcome of a Durak deal (RULES.md chapters 3, 4 and 7), written
//! and read: who won or is the durak, the seats that went out bout by
//! bout, and why it ended. Two seats keep chapter 3's dict; from three
//! seats on it has a loser and the seats out, no winner. The twin of
//! `python/cardavia/reference/durak/outcome.py`.

use super::rules::DurakRules;
use crate::checks::{check_bool, check_keys_optional, check_list, check_small, field, item};
use crate::error::{invalid, Error, Kind, Result};
use crate::game::Outcome;
use serde_json::{json, Value};

/// How a finished game was decided, the outcome's `reason` (RULES 3, 4,
/// 7): one seat was left with cards, both seats of a duel went out in the
/// same bout, 50 bouts in a row were idle, or every seat of a larger table
/// went out in the same bout.
pub const END_REASONS: [&str; 4] = ["last_cards", "both_out", "idle_bouts", "all_out"];

/// The reason that follows from a finished position: its outcome, the
/// table size and whether no seat is left in (every hand empty).
pub(super) fn end_reason(outcome: Outcome, players: usize, nobody_in: bool) -> &'static str {
    match outcome {
        Outcome::Win { .. } | Outcome::Loser { .. } => END_REASONS[0],
        Outcome::Draw if nobody_in && players == 2 => END_REASONS[1],
        Outcome::Draw if nobody_in => END_REASONS[3],
        Outcome::Draw => END_REASONS[2],
    }
}

/// An outcome read: how it ended, the reason given (`None` when an
/// observation of the older schema left it out) and, from three seats
/// on, the seats out as it says.
pub(super) type ReadOutcome = Option<(Outcome, Option<&'static str>, Option<Vec<Vec<u8>>>)>;

/// The groups of seats out, each a non-empty list of seats below
/// `players`; their order is checked with the position.
pub(super) fn read_groups(value: &Value, what: &str, players: usize) -> Result<Vec<Vec<u8>>> {
    let high = players as u8 - 1;
    check_list(value, what)?
        .iter()
        .enumerate()
        .map(|(i, group)| {
            let at = item(what, i);
            check_list(group, &at)?
                .iter()
                .enumerate()
                .map(|(j, seat)| check_small(seat, &item(&at, j), 0, high))
                .collect()
        })
        .collect()
}

/// The outcome dict; `reason_optional` for an observation, which may have
/// been written before the outcome had a reason.
pub(super) fn check_outcome(
    value: &Value,
    reason_optional: bool,
    players: usize,
) -> Result<ReadOutcome> {
    if value.is_null() {
        return Ok(None);
    }
    let table = players > 2;
    let keys: &[&str] = if table {
        &["winner", "loser", "draw", "out", "reason"]
    } else {
        &["winner", "loser", "draw", "reason"]
    };
    let optional: &[&str] = if reason_optional { &["reason"] } else { &[] };
    let map = check_keys_optional(value, keys, optional, "outcome")?;
    let (winner, loser) = (field(map, "winner"), field(map, "loser"));
    let high = players as u8 - 1;
    let outcome = if check_bool(field(map, "draw"), "outcome.draw")? {
        if !winner.is_null() || !loser.is_null() {
            return invalid(Kind::DrawWithWinner, "outcome", Value::Null);
        }
        Outcome::Draw
    } else if table {
        if !winner.is_null() {
            return invalid(Kind::NoWinner, "outcome.winner", winner.clone());
        }
        Outcome::Loser {
            loser: check_small(loser, "outcome.loser", 0, high)?,
        }
    } else {
        let winner = check_small(winner, "outcome.winner", 0, high)?;
        let loser = check_small(loser, "outcome.loser", 0, high)?;
        if winner == loser {
            return invalid(Kind::WinnerIsLoser, "outcome", winner);
        }
        Outcome::Win { winner }
    };
    let out = if table {
        Some(read_groups(field(map, "out"), "outcome.out", players)?)
    } else {
        None
    };
    let reason = match map.get("reason") {
        None => None,
        Some(given) => match END_REASONS.iter().find(|r| given.as_str() == Some(r)) {
            Some(reason) => Some(*reason),
            None => return invalid(Kind::Reason, "outcome.reason", given.clone()),
        },
    };
    Ok(Some((outcome, reason, out)))
}

/// The reason a finished position shows, or `DoesNotFollow` for another.
pub(super) fn check_reason(given: Option<&str>, expected: &'static str) -> Result<()> {
    match given {
        Some(given) if given != expected => {
            Err(Error::state(Kind::DoesNotFollow, "outcome.reason", given)
                .with("expected", expected))
        }
        _ => Ok(()),
    }
}

impl<const TRANSFERS: bool> DurakRules<TRANSFERS> {
    /// The outcome dict of API.md, or `Null` while playing.
    pub(super) fn outcome_dict(&self) -> Value {
        let Some(outcome) = self.outcome else {
            return Value::Null;
        };
        let players = usize::from(self.players);
        let reason = end_reason(outcome, players, self.seats_in() == 0);
        let mut value = match outcome {
            Outcome::Draw => {
                json!({"winner": null, "loser": null, "draw": true, "reason": reason})
            }
            Outcome::Win { winner } => {
                json!({"winner": winner, "loser": 1 - winner, "draw": false, "reason": reason})
            }
            Outcome::Loser { loser } => {
                json!({"winner": null, "loser": loser, "draw": false, "reason": reason})
            }
        };
        if players > 2 {
            value["out"] = json!(self.out_groups());
        }
        value
    }
}
