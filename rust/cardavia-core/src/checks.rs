//! Small validators for state dicts: each names the field that is wrong.
//!
//! The twin of `python/cardavia/reference/checks.py`: the same checks with
//! the same messages, so that both engines name the same first fault in the
//! same words. Messages quote values as Python's `repr` would (`'1S'`,
//! `None`, `True`, `1.0`), since the reference formats them with `!r`.

use crate::cards::{bit, Card, CardSet, Deck};
use crate::error::{invalid, Result};
use crate::game::Game;
use serde_json::{Map, Number, Value};

pub const SCHEMA_VERSION: u64 = 1;
/// A state nests four levels at most (Schnapsen's `outcome.deals[i].reason`);
/// anything far deeper is garbage, refused before anything else.
pub const MAX_DEPTH: usize = 16;

static NULL: Value = Value::Null;

/// A JSON number Python reads as a float: written with a point or an
/// exponent (serde keeps the text: `arbitrary_precision`).
pub fn is_float(n: &Number) -> bool {
    n.is_f64() || n.to_string().contains(['.', 'e', 'E'])
}

/// The value of a JSON integer (not a float), or its digits when it does
/// not fit 128 bits; `None` for anything else.
fn integer(value: &Value) -> Option<std::result::Result<i128, String>> {
    match value {
        Value::Number(n) if !is_float(n) => Some(
            n.as_i64()
                .map(i128::from)
                .or_else(|| n.as_u64().map(i128::from))
                .or_else(|| n.to_string().parse::<i128>().ok())
                .ok_or_else(|| n.to_string()),
        ),
        _ => None,
    }
}

/// Python's name for the type of the value `json.loads` would have made.
pub fn type_name(value: &Value) -> &'static str {
    match value {
        Value::Null => "NoneType",
        Value::Bool(_) => "bool",
        Value::Number(n) if is_float(n) => "float",
        Value::Number(_) => "int",
        Value::String(_) => "str",
        Value::Array(_) => "list",
        Value::Object(_) => "dict",
    }
}

/// Python's `repr` of the value `json.loads` would have made. Objects list
/// their keys sorted (serde's map), where Python keeps the order of the text.
pub fn py_repr(value: &Value) -> String {
    match value {
        Value::Null => "None".to_owned(),
        Value::Bool(true) => "True".to_owned(),
        Value::Bool(false) => "False".to_owned(),
        Value::Number(n) if is_float(n) => match n.as_f64() {
            Some(f) => py_float_repr(f),
            // Too large for a float: Python reads it as infinity.
            None if n.to_string().starts_with('-') => "-inf".to_owned(),
            None => "inf".to_owned(),
        },
        Value::Number(n) => match integer(value) {
            Some(Ok(number)) => number.to_string(),
            _ => n.to_string(),
        },
        Value::String(s) => py_str_repr(s),
        Value::Array(items) => {
            let inner: Vec<String> = items.iter().map(py_repr).collect();
            format!("[{}]", inner.join(", "))
        }
        Value::Object(map) => {
            let inner: Vec<String> = map
                .iter()
                .map(|(k, v)| format!("{}: {}", py_str_repr(k), py_repr(v)))
                .collect();
            format!("{{{}}}", inner.join(", "))
        }
    }
}

/// Python's `repr` of a float: the shortest digits that round-trip, in
/// positional notation for exponents -5 < e < 16 (with `.0` when whole),
/// otherwise as `1.5e+16` / `1e-05`.
pub fn py_float_repr(f: f64) -> String {
    if f.is_nan() {
        return "nan".to_owned();
    }
    if f.is_infinite() {
        return if f > 0.0 { "inf" } else { "-inf" }.to_owned();
    }
    // Rust's `{:e}` gives the same shortest round-trip digits: `d.ddde±x`.
    let sci = format!("{f:e}");
    let Some((mantissa, exponent)) = sci.split_once('e') else {
        return sci;
    };
    let exponent: i32 = exponent.parse().unwrap_or(0);
    let (sign, mantissa) = match mantissa.strip_prefix('-') {
        Some(rest) => ("-", rest),
        None => ("", mantissa),
    };
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    if (-4..16).contains(&exponent) {
        let point = exponent + 1; // digits before the decimal point
        let body = if point <= 0 {
            format!("0.{}{digits}", "0".repeat(point.unsigned_abs() as usize))
        } else if point as usize >= digits.len() {
            format!("{digits}{}.0", "0".repeat(point as usize - digits.len()))
        } else {
            let (whole, fraction) = digits.split_at(point as usize);
            format!("{whole}.{fraction}")
        };
        format!("{sign}{body}")
    } else {
        let (first, rest) = digits.split_at(1);
        let mantissa = if rest.is_empty() {
            first.to_owned()
        } else {
            format!("{first}.{rest}")
        };
        let exp_sign = if exponent < 0 { '-' } else { '+' };
        format!("{sign}{mantissa}e{exp_sign}{:02}", exponent.unsigned_abs())
    }
}

/// Python's `repr` of a string: single quotes unless the text holds a
/// single quote and no double one; the non-printable characters of
/// Latin-1 escaped as `\xhh`. (Python also escapes the non-printable
/// characters beyond Latin-1, as `\uhhhh`; those are shown as they are.)
pub fn py_str_repr(s: &str) -> String {
    let quote = if s.contains('\'') && !s.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::with_capacity(s.len() + 2);
    out.push(quote);
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c if (c as u32) < 0x20 || (0x7f..=0xa0).contains(&(c as u32)) || c == '\u{ad}' => {
                out.push_str(&format!("\\x{:02x}", c as u32));
            }
            c => out.push(c),
        }
    }
    out.push(quote);
    out
}

/// A field known to be present after `check_keys`.
pub fn field<'a>(map: &'a Map<String, Value>, key: &str) -> &'a Value {
    map.get(key).unwrap_or(&NULL)
}

/// No value nested more than `MAX_DEPTH` lists or objects deep; walked
/// without recursion.
pub fn check_depth(value: &Value, what: &str) -> Result<()> {
    let mut stack: Vec<(&Value, usize)> = vec![(value, 0)];
    while let Some((value, depth)) = stack.pop() {
        if depth > MAX_DEPTH {
            return invalid(format!("{what}: nested more than {MAX_DEPTH} levels deep"));
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
    let Value::Object(map) = value else {
        return invalid(format!(
            "{what} must be an object, got {}",
            type_name(value)
        ));
    };
    if let Some(missing) = keys.iter().find(|key| !map.contains_key(**key)) {
        return invalid(format!("{what}: missing field {}", py_str_repr(missing)));
    }
    // The map iterates its keys sorted, as the reference sorts them.
    if let Some(extra) = map.keys().find(|key| !keys.contains(&key.as_str())) {
        return invalid(format!("{what}: unknown field {}", py_str_repr(extra)));
    }
    Ok(map)
}

/// `schema` is the integer 1 (not 1.0, not true) and `game` the game's id.
pub fn check_header(map: &Map<String, Value>, game: &str) -> Result<()> {
    let schema = field(map, "schema");
    if integer(schema) != Some(Ok(i128::from(SCHEMA_VERSION))) {
        return invalid(format!(
            "schema: version {} is not supported (expected {SCHEMA_VERSION})",
            py_repr(schema)
        ));
    }
    let name = field(map, "game");
    if name.as_str() != Some(game) {
        return invalid(format!(
            "game: expected {}, got {}",
            py_str_repr(game),
            py_repr(name)
        ));
    }
    Ok(())
}

pub fn check_int(value: &Value, what: &str, low: i128, high: i128) -> Result<i128> {
    match integer(value) {
        None => invalid(format!(
            "{what} must be an integer, got {}",
            type_name(value)
        )),
        Some(Ok(number)) if (low..=high).contains(&number) => Ok(number),
        Some(Ok(number)) => invalid(format!(
            "{what} must be between {low} and {high}, got {number}"
        )),
        Some(Err(digits)) => invalid(format!(
            "{what} must be between {low} and {high}, got {digits}"
        )),
    }
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
    let number = match integer(value) {
        None => {
            return invalid(format!(
                "{what} must be an integer, got {}",
                type_name(value)
            ))
        }
        Some(Ok(number)) => number,
        Some(Err(digits)) => {
            return invalid(format!(
                "{what} must be between 0 and 2**64-1, got {digits}"
            ))
        }
    };
    match u64::try_from(number) {
        Ok(seed) => Ok(seed),
        Err(_) => invalid(format!(
            "{what} must be between 0 and 2**64-1, got {number}"
        )),
    }
}

pub fn check_bool(value: &Value, what: &str) -> Result<bool> {
    match value {
        Value::Bool(b) => Ok(*b),
        _ => invalid(format!(
            "{what} must be true or false, got {}",
            type_name(value)
        )),
    }
}

pub fn check_list<'a>(value: &'a Value, what: &str) -> Result<&'a [Value]> {
    match value {
        Value::Array(items) => Ok(items),
        _ => invalid(format!("{what} must be a list, got {}", type_name(value))),
    }
}

pub fn check_pair<'a>(value: &'a Value, what: &str) -> Result<[&'a Value; 2]> {
    match check_list(value, what)? {
        [first, second] => Ok([first, second]),
        items => invalid(format!("{what} must hold two entries, got {}", items.len())),
    }
}

pub fn check_card(deck: Deck, value: &Value, what: &str) -> Result<Card> {
    match value.as_str().and_then(|s| deck.parse(s)) {
        Some(card) => Ok(card),
        None => invalid(format!(
            "{what}: {} is not a card of the {} deck",
            py_repr(value),
            deck.name
        )),
    }
}

pub fn check_opt_card(deck: Deck, value: &Value, what: &str) -> Result<Option<Card>> {
    if value.is_null() {
        Ok(None)
    } else {
        check_card(deck, value, what).map(Some)
    }
}

/// A list of distinct cards; `sorted` demands canonical order.
pub fn check_cards(deck: Deck, value: &Value, what: &str, sorted: bool) -> Result<Vec<Card>> {
    let cards = check_list(value, what)?
        .iter()
        .map(|card| check_card(deck, card, what))
        .collect::<Result<Vec<Card>>>()?;
    let mut seen: CardSet = 0;
    for &card in &cards {
        if seen & bit(card) != 0 {
            return invalid(format!("{what}: a card appears twice"));
        }
        seen |= bit(card);
    }
    if sorted && cards.windows(2).any(|w| w[0] > w[1]) {
        return invalid(format!("{what} must be in canonical order"));
    }
    Ok(cards)
}

/// An explicit deck order: every card exactly once (`Deck.check_order`).
pub fn check_order(deck: Deck, value: &Value) -> Result<Vec<Card>> {
    let Value::Array(items) = value else {
        return invalid(format!(
            "deck must be a list of {} card strings, got {}",
            deck.len(),
            type_name(value)
        ));
    };
    let order = items
        .iter()
        .map(|card| check_card(deck, card, "deck"))
        .collect::<Result<Vec<Card>>>()?;
    let mut seen: CardSet = 0;
    for &card in &order {
        if seen & bit(card) != 0 {
            return invalid(format!(
                "deck: {} appears more than once",
                deck.name_of(card)
            ));
        }
        seen |= bit(card);
    }
    let missing = deck.names(deck.full() & !seen);
    if !missing.is_empty() {
        return invalid(format!("deck: missing {}", missing.join(", ")));
    }
    Ok(order)
}

/// Every card of the deck in exactly one place; the first card met twice
/// (places in the order given) is named, else the first card missing.
pub fn check_conservation(deck: Deck, places: &[(&str, &[Card])]) -> Result<()> {
    let mut place_of: [Option<&str>; 64] = [None; 64];
    for &(place, cards) in places {
        for &card in cards {
            let slot = match place_of.get_mut(usize::from(card)) {
                Some(slot) if usize::from(card) < deck.len() => slot,
                _ => return invalid(format!("{place}: a card outside the deck")),
            };
            if let Some(before) = slot {
                return invalid(format!(
                    "{} is both in {before} and in {place}",
                    deck.name_of(card)
                ));
            }
            *slot = Some(place);
        }
    }
    if let Some(missing) = (0..deck.len()).find(|&card| place_of[card].is_none()) {
        return invalid(format!(
            "card {} is missing from the state",
            deck.name_of(missing as Card)
        ));
    }
    Ok(())
}

/// A list of moves of `G`, each spelled as `legal_moves` spells it
/// (`G::parse_move` accepts exactly those strings); whether each was legal
/// when played is not checked.
pub fn check_history<G: Game>(value: &Value) -> Result<Vec<String>> {
    check_list(value, "history")?
        .iter()
        .map(|mv| match mv {
            Value::String(s) if G::parse_move(s).is_some() => Ok(s.clone()),
            Value::String(s) => invalid(format!(
                "history: {} is not a {} move",
                py_str_repr(s),
                G::ID
            )),
            other => invalid(format!("history: {} is not a move string", py_repr(other))),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn floats_as_python_writes_them() {
        for (f, text) in [
            (1.0, "1.0"),
            (-0.0, "-0.0"),
            (0.5, "0.5"),
            (123.456, "123.456"),
            (1e16, "1e+16"),
            (1.5e16, "1.5e+16"),
            (1e15, "1000000000000000.0"),
            (0.0001, "0.0001"),
            (1e-5, "1e-05"),
            (1.25e-7, "1.25e-07"),
            (1e100, "1e+100"),
            (18446744073709551616.0, "1.8446744073709552e+19"),
        ] {
            assert_eq!(py_float_repr(f), text, "{f}");
        }
    }

    #[test]
    fn strings_and_values_as_python_writes_them() {
        assert_eq!(py_str_repr("1S"), "'1S'");
        assert_eq!(py_str_repr("it's"), "\"it's\"");
        assert_eq!(py_str_repr("a'\""), "'a\\'\"'");
        assert_eq!(py_str_repr("x\u{0}\n"), "'x\\x00\\n'");
        assert_eq!(
            py_repr(&json!([null, true, 1, 1.0, "s", {"k": []}])),
            "[None, True, 1, 1.0, 's', {'k': []}]"
        );
    }

    #[test]
    fn numbers_as_python_reads_them() {
        let parse = |text: &str| serde_json::from_str::<Value>(text).unwrap();
        assert_eq!(type_name(&parse("1")), "int");
        assert_eq!(type_name(&parse("1.0")), "float");
        assert_eq!(type_name(&parse("1e400")), "float");
        assert_eq!(type_name(&parse("18446744073709551616")), "int");
        assert_eq!(py_repr(&parse("1e400")), "inf");
        assert_eq!(py_repr(&parse("-0")), "0");
        assert_eq!(py_repr(&parse("1E2")), "100.0");
        let big = "1".repeat(50);
        assert_eq!(
            check_int(&parse(&big), "rng", 0, 5)
                .unwrap_err()
                .to_string(),
            format!("rng must be between 0 and 5, got {big}")
        );
        assert_eq!(
            check_seed(&parse("-18446744073709551617"), "seed")
                .unwrap_err()
                .to_string(),
            "seed must be between 0 and 2**64-1, got -18446744073709551617"
        );
        let header = |schema: &str| {
            let state = parse(&format!(r#"{{"schema": {schema}, "game": "durak"}}"#));
            check_header(state.as_object().unwrap(), "durak").map_err(|e| e.to_string())
        };
        assert!(header("1").is_ok());
        assert_eq!(
            header("1.0").unwrap_err(),
            "schema: version 1.0 is not supported (expected 1)"
        );
        assert_eq!(
            header("true").unwrap_err(),
            "schema: version True is not supported (expected 1)"
        );
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
