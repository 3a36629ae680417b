//! Reading JSON values field by field: each check names the field that is
//! wrong by its path (`hands[1][3]`, `outcome.winner`) and the value.
//!
//! The twin of `python/cardavia/reference/checks.py`: the same checks in
//! the same order, so that both engines refuse the same input with the
//! same class, kind and field.

use crate::cards::{bit, Card, CardSet, Deck};
use crate::error::{invalid, Error, Kind, Result};
use crate::game::Game;
use serde_json::{Map, Value};

pub const SCHEMA_VERSION: u64 = 2;
/// A state nests five levels at most (Schnapsen's
/// `outcome.deals[i].marriages[s][j]`);
/// anything far deeper is garbage, refused before anything else.
pub const MAX_DEPTH: usize = 16;

static NULL: Value = Value::Null;

/// The value of a JSON integer; `None` for anything else, floats and
/// integers beyond 64 bits (which JSON text gives as floats) included.
fn integer(value: &Value) -> Option<i128> {
    match value {
        Value::Number(n) => n
            .as_i64()
            .map(i128::from)
            .or_else(|| n.as_u64().map(i128::from)),
        _ => None,
    }
}

/// The value of JSON text, or the `json` error: malformed text, or text
/// nested beyond what any state holds.
pub fn parse_json(text: &str) -> Result<Value> {
    let value: Value = serde_json::from_str(text).map_err(|e| {
        // serde_json stops at 128 levels; the reference reads deeper text
        // and then refuses its depth.
        if e.to_string().starts_with("recursion limit exceeded") {
            Error::state(Kind::TooDeep, "state", Value::Null).with("max", MAX_DEPTH)
        } else {
            let reason = e.to_string();
            let reason = reason.split(" at line ").next().unwrap_or("").to_owned();
            Error::state(Kind::Json, "", Value::Null)
                .with("reason", reason)
                .with("line", e.line())
                .with("column", e.column())
        }
    })?;
    Ok(value)
}

/// A field known to be present after `check_keys`.
pub fn field<'a>(map: &'a Map<String, Value>, key: &str) -> &'a Value {
    map.get(key).unwrap_or(&NULL)
}

/// A path one step down: `what.key`.
pub fn at(what: &str, key: &str) -> String {
    format!("{what}.{key}")
}

/// A path one item down: `what[i]`.
pub fn item(what: &str, i: usize) -> String {
    format!("{what}[{i}]")
}

/// No value nested more than `MAX_DEPTH` lists or objects deep; walked
/// without recursion.
pub fn check_depth(value: &Value, what: &str) -> Result<()> {
    let mut stack: Vec<(&Value, usize)> = vec![(value, 0)];
    while let Some((value, depth)) = stack.pop() {
        if depth > MAX_DEPTH {
            return Err(Error::state(Kind::TooDeep, what, Value::Null).with("max", MAX_DEPTH));
        }
        match value {
            Value::Array(items) => stack.extend(items.iter().map(|item| (item, depth + 1))),
            // Python walks the keys too, one level down like the values.
            Value::Object(map) => stack.extend(map.values().map(|item| (item, depth + 1))),
            _ => {}
        }
    }
    Ok(())
}

/// An object holding exactly `keys`; the first missing key (in the order
/// given), else the first unknown one (sorted), is named.
pub fn check_keys<'a>(
    value: &'a Value,
    keys: &[&str],
    what: &str,
) -> Result<&'a Map<String, Value>> {
    check_keys_optional(value, keys, &[], what)
}

/// `check_keys`, where the keys of `optional` (some of `keys`) may be
/// missing: fields that follow from the others, which an observation
/// written to an older schema lacks.
pub fn check_keys_optional<'a>(
    value: &'a Value,
    keys: &[&str],
    optional: &[&str],
    what: &str,
) -> Result<&'a Map<String, Value>> {
    let Value::Object(map) = value else {
        return invalid(Kind::Object, what, value.clone());
    };
    let required = |key: &&&str| !optional.contains(*key);
    if let Some(missing) = keys
        .iter()
        .filter(required)
        .find(|key| !map.contains_key(**key))
    {
        return invalid(Kind::MissingField, what, *missing);
    }
    // The map iterates its keys sorted, as the reference sorts them.
    if let Some(extra) = map.keys().find(|key| !keys.contains(&key.as_str())) {
        return invalid(Kind::UnknownField, what, extra.as_str());
    }
    Ok(map)
}

/// `schema` is the integer 1 (not 1.0, not true) and `game` the game's id.
pub fn check_header(map: &Map<String, Value>, game: &str) -> Result<()> {
    let schema = field(map, "schema");
    if integer(schema) != Some(i128::from(SCHEMA_VERSION)) {
        return Err(
            Error::state(Kind::Schema, "schema", schema.clone()).with("expected", SCHEMA_VERSION)
        );
    }
    let name = field(map, "game");
    if name.as_str() != Some(game) {
        return Err(Error::state(Kind::Game, "game", name.clone()).with("expected", game));
    }
    Ok(())
}

/// An integer in `low..=high`; anything else (a float, a bool, a number
/// beyond 64 bits) is the same mistake: not one of the integers allowed.
pub fn check_int(value: &Value, what: &str, low: i128, high: i128) -> Result<i128> {
    match integer(value) {
        Some(number) if (low..=high).contains(&number) => Ok(number),
        _ => Err(int_error(value, what, low, high)),
    }
}

fn int_error(value: &Value, what: &str, low: i128, high: i128) -> Error {
    let bound = |n: i128| {
        u64::try_from(n)
            .map(Value::from)
            .unwrap_or_else(|_| Value::from(i64::try_from(n).unwrap_or(i64::MIN)))
    };
    Error::state(Kind::Integer, what, value.clone())
        .with("low", bound(low))
        .with("high", bound(high))
}

/// `check_int` for the small counts of a state.
pub fn check_small(value: &Value, what: &str, low: u8, high: u8) -> Result<u8> {
    let number = check_int(value, what, i128::from(low), i128::from(high))?;
    Ok(u8::try_from(number).unwrap_or(high))
}

pub fn check_seat(value: &Value, what: &str) -> Result<u8> {
    check_small(value, what, 0, 1)
}

pub fn check_seed(value: &Value, what: &str) -> Result<u64> {
    let number = check_int(value, what, 0, i128::from(u64::MAX))?;
    Ok(u64::try_from(number).unwrap_or(0))
}

pub fn check_bool(value: &Value, what: &str) -> Result<bool> {
    match value {
        Value::Bool(b) => Ok(*b),
        _ => invalid(Kind::Boolean, what, value.clone()),
    }
}

pub fn check_list<'a>(value: &'a Value, what: &str) -> Result<&'a [Value]> {
    match value {
        Value::Array(items) => Ok(items),
        _ => invalid(Kind::List, what, value.clone()),
    }
}

/// A list of exactly `n` entries.
pub fn check_entries<'a>(value: &'a Value, what: &str, n: usize) -> Result<&'a [Value]> {
    let items = check_list(value, what)?;
    if items.len() != n {
        return Err(Error::state(Kind::Entries, what, items.len()).with("expected", n));
    }
    Ok(items)
}

pub fn check_pair<'a>(value: &'a Value, what: &str) -> Result<[&'a Value; 2]> {
    match check_entries(value, what, 2)? {
        [first, second] => Ok([first, second]),
        _ => invalid(Kind::Entries, what, 0),
    }
}

pub fn check_card(deck: Deck, value: &Value, what: &str) -> Result<Card> {
    match value.as_str().and_then(|s| deck.parse(s)) {
        Some(card) => Ok(card),
        None => Err(Error::state(Kind::Card, what, value.clone()).with("deck", deck.name)),
    }
}

pub fn check_opt_card(deck: Deck, value: &Value, what: &str) -> Result<Option<Card>> {
    if value.is_null() {
        Ok(None)
    } else {
        check_card(deck, value, what).map(Some)
    }
}

/// Every item of a list a card, each named by its place.
fn cards_of(deck: Deck, items: &[Value], what: &str) -> Result<Vec<Card>> {
    items
        .iter()
        .enumerate()
        .map(|(i, card)| check_card(deck, card, &item(what, i)))
        .collect()
}

/// The first card met twice.
fn first_repeat(cards: &[Card]) -> Option<Card> {
    let mut seen: CardSet = 0;
    for &card in cards {
        if seen & bit(card) != 0 {
            return Some(card);
        }
        seen |= bit(card);
    }
    None
}

/// A list of distinct cards; `sorted` demands canonical order.
pub fn check_cards(deck: Deck, value: &Value, what: &str, sorted: bool) -> Result<Vec<Card>> {
    let cards = cards_of(deck, check_list(value, what)?, what)?;
    if let Some(card) = first_repeat(&cards) {
        return invalid(Kind::Duplicate, what, deck.name_of(card));
    }
    if sorted && cards.windows(2).any(|w| w[0] > w[1]) {
        return invalid(Kind::Order, what, Value::Null);
    }
    Ok(cards)
}

/// An explicit deck order: every card exactly once (`Deck.check_order`).
pub fn check_order(deck: Deck, value: &Value) -> Result<Vec<Card>> {
    let order = cards_of(deck, check_list(value, "deck")?, "deck")?;
    check_permutation(deck, &order)?;
    Ok(order)
}

/// Cards read from a deck order are every card of the deck exactly once.
pub fn check_permutation(deck: Deck, order: &[Card]) -> Result<()> {
    if let Some(card) = first_repeat(order) {
        return invalid(Kind::Duplicate, "deck", deck.name_of(card));
    }
    let seen = order.iter().fold(0, |set, &card| set | bit(card));
    let missing = deck.names(deck.full() & !seen);
    if !missing.is_empty() {
        return invalid(Kind::MissingCards, "deck", missing);
    }
    Ok(())
}

/// Every card of the deck in exactly one place; the first card met twice
/// (places in the order given) is named, else the first card missing.
pub fn check_conservation(deck: Deck, places: &[(&str, &[Card])]) -> Result<()> {
    let mut place_of: [Option<&str>; 64] = [None; 64];
    for &(place, cards) in places {
        for &card in cards {
            let slot = match place_of.get_mut(usize::from(card)) {
                Some(slot) if usize::from(card) < deck.len() => slot,
                _ => return invalid(Kind::Corrupt, place, Value::Null),
            };
            if let Some(before) = slot {
                return Err(
                    Error::state(Kind::TwoPlaces, place, deck.name_of(card)).with("first", *before)
                );
            }
            *slot = Some(place);
        }
    }
    if let Some(missing) = (0..deck.len()).find(|&card| place_of[card].is_none()) {
        return invalid(Kind::MissingCard, "state", deck.name_of(missing as Card));
    }
    Ok(())
}

/// A list of moves of `G`, each spelled as `legal_moves` spells it
/// (`G::parse_move` accepts exactly those strings); whether each was legal
/// when played is not checked.
pub fn check_history<G: Game>(value: &Value) -> Result<Vec<String>> {
    check_list(value, "history")?
        .iter()
        .enumerate()
        .map(|(i, mv)| match mv {
            Value::String(s) if G::parse_move(s).is_some() => Ok(s.clone()),
            other => {
                Err(Error::state(Kind::Move, item("history", i), other.clone()).with("game", G::ID))
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn kind_and_field<T: std::fmt::Debug>(result: Result<T>) -> (&'static str, String) {
        let error = result.unwrap_err();
        (error.kind.name(), error.field)
    }

    #[test]
    fn integers_in_range_only() {
        let parse = |text: &str| parse_json(text).unwrap();
        assert_eq!(check_int(&parse("1"), "seat", 0, 1), Ok(1));
        for bad in [
            "1.0",
            "true",
            "\"1\"",
            "2",
            "-1",
            "18446744073709551616",
            "1e400",
        ] {
            let Ok(value) = parse_json(bad) else {
                // 1e400 is not a number JSON text can give.
                assert_eq!(bad, "1e400");
                continue;
            };
            assert_eq!(
                kind_and_field(check_int(&value, "seat", 0, 1)),
                ("integer", "seat".to_owned()),
                "{bad}"
            );
        }
        assert_eq!(
            check_seed(&parse("18446744073709551615"), "seed"),
            Ok(u64::MAX)
        );
        let header = |schema: &str| {
            let state = parse(&format!(r#"{{"schema": {schema}, "game": "durak"}}"#));
            check_header(state.as_object().unwrap(), "durak")
        };
        assert!(header("2").is_ok());
        // A state written before the deal records and the bout's facts.
        assert_eq!(kind_and_field(header("1")), ("schema", "schema".to_owned()));
        assert_eq!(
            kind_and_field(header("2.0")),
            ("schema", "schema".to_owned())
        );
        assert_eq!(
            kind_and_field(header("true")),
            ("schema", "schema".to_owned())
        );
    }

    #[test]
    fn cards_are_named_by_their_place() {
        let deck = crate::cards::ATLASNYE;
        let error = check_cards(deck, &json!(["6S", "ZZ"]), "hands[1]", true).unwrap_err();
        assert_eq!(
            (error.kind, error.field.as_str()),
            (Kind::Card, "hands[1][1]")
        );
        assert_eq!(error.value, json!("ZZ"));
        let error = check_cards(deck, &json!(["7S", "6S"]), "stock", true).unwrap_err();
        assert_eq!(error.kind, Kind::Order);
        let error = check_cards(deck, &json!(["7S", "7S"]), "stock", false).unwrap_err();
        assert_eq!((error.kind, error.value), (Kind::Duplicate, json!("7S")));
    }

    #[test]
    fn json_text() {
        assert_eq!(parse_json("[1]").unwrap(), json!([1]));
        assert_eq!(parse_json("{").unwrap_err().kind, Kind::Json);
        assert_eq!(parse_json("NaN").unwrap_err().kind, Kind::Json);
        let deep = format!("{}{}", "[".repeat(200), "]".repeat(200));
        assert_eq!(parse_json(&deep).unwrap_err().kind, Kind::TooDeep);
    }

    #[test]
    fn depth() {
        let mut deep = json!(1);
        for _ in 0..=MAX_DEPTH {
            deep = json!([deep]);
        }
        assert!(check_depth(&deep, "state").is_err());
        assert!(check_depth(&deep[0], "state").is_ok());
        let mut map = json!(1);
        for _ in 0..=MAX_DEPTH {
            map = json!({ "k": map });
        }
        assert!(check_depth(&map, "state").is_err());
        assert!(check_depth(&map["k"], "state").is_ok());
    }
}
