//! Every limit a caller's argument is held to, and the one check that holds
//! an integer to its range. The binding exports the limits
//! (`cardavia._native.MAX_*`) and the Python package passes them through
//! (`cardavia.ai.MAX_ITERATIONS`, `cardavia.tournament.MAX_DEALS`...): no
//! other file states them. No Python twin: the reference engine takes its
//! budgets checked from here as well (`_native.search_budget`).
//!
//! Each limit bounds work, not a rule of a game: a call that asks for more
//! is a mistake to refuse, not hours to spend.

use crate::error::{Error, Kind, Result};
use serde_json::Value;

/// The most games one batch call (`simulate`, `soak`) plays: hours of work.
pub const MAX_GAMES: u64 = 10_000_000_000;
/// The most threads one call starts.
pub const MAX_THREADS: u64 = 256;
/// The largest search budgets: no call can search for ever.
pub const MAX_ITERATIONS: u64 = 100_000_000;
pub const MAX_TIME_MS: u64 = 600_000;
/// The most deals one tournament plays (each twice, the seats swapped),
/// and the most games one self-play run plays.
pub const MAX_DEALS: u64 = 1_000_000;
/// The most games one self-play shard holds: a shard is written whole.
pub const MAX_SHARD_GAMES: u64 = 100_000;

/// An integer argument in `low..=high`, or the `integer` error with the
/// value as given. A binding hands over any integer its caller passed
/// (saturated to 128 bits: far beyond every range here).
pub fn check_argument(value: i128, field: &str, low: u64, high: u64) -> Result<u64> {
    match u64::try_from(value) {
        Ok(number) if (low..=high).contains(&number) => Ok(number),
        _ => Err(Error::argument(Kind::Integer, field, given(value))
            .with("low", low)
            .with("high", high)),
    }
}

/// An integer as JSON: exact within 64 bits, else the nearest float (as
/// the binding reads any larger number), which names it well enough.
pub fn given(value: i128) -> Value {
    u64::try_from(value)
        .map(Value::from)
        .or_else(|_| i64::try_from(value).map(Value::from))
        .unwrap_or_else(|_| {
            serde_json::Number::from_f64(value as f64).map_or(Value::Null, Value::Number)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_argument_is_held_to_its_range_with_its_value_kept() {
        assert_eq!(check_argument(5, "threads", 1, MAX_THREADS), Ok(5));
        assert_eq!(
            check_argument(MAX_THREADS.into(), "threads", 1, MAX_THREADS),
            Ok(256)
        );
        for bad in [0, -1, 257, i128::MAX, i128::MIN] {
            let error = check_argument(bad, "threads", 1, MAX_THREADS).unwrap_err();
            assert_eq!(
                (error.kind, error.field.as_str()),
                (Kind::Integer, "threads")
            );
            assert_eq!(error.get("high"), Some(&Value::from(MAX_THREADS)));
            assert_eq!(error.value, given(bad));
        }
        assert_eq!(given(-1), Value::from(-1));
        assert_eq!(given(1 << 70), Value::from((1u128 << 70) as f64));
    }
}
