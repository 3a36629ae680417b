//! The fuzz harness of the core's public decoding functions, driven by
//! proptest (no nightly toolchain is needed, so it runs in `cargo test`):
//!
//! * `AnySession::from_json` on arbitrary text, on truncated and mutated
//!   JSON of real games, and `AnySession::from_value` on states damaged
//!   node by node (values replaced, keys deleted or added, cards moved,
//!   copied or swapped between places, lists cut, values nested deep);
//! * `Game::parse_move` on arbitrary strings and near-miss moves;
//! * `Deck::parse` and `session::parse_deck` on arbitrary strings and lists.
//!
//! Nothing may panic. A state that loads writes itself back identically,
//! passes `check_invariants`, refuses garbage moves without changing, and
//! plays on to the end with legal moves only.
//!
//! `CARDAVIA_FUZZ_CASES` sets the cases per property (256 by default, as
//! `cargo test` runs them in CI); e.g. `CARDAVIA_FUZZ_CASES=100000 cargo
//! test --release --test fuzz`.

use cardavia_core::cards::{Deck, ATLASNYE, SCHNAPSEN};
use cardavia_core::durak::Durak;
use cardavia_core::error::{Class, Error};
use cardavia_core::game::State;
use cardavia_core::perevodnoy::Perevodnoy;
use cardavia_core::rng::SplitMix64;
use cardavia_core::schnapsen::Schnapsen;
use cardavia_core::session::{parse_deck, AnySession, GameId};
use cardavia_core::with_session;
use proptest::prelude::*;
use serde_json::{Map, Value};

fn cases() -> u32 {
    std::env::var("CARDAVIA_FUZZ_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(256)
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: cases(),
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// Keys that appear inside a state rather than at its top.
const NESTED_KEYS: &[&str] = &[
    "winner",
    "loser",
    "draw",
    "game_points",
    "reason",
    "by",
    "opponent_points",
    "opponent_won_trick",
    "seat",
    "jack",
    "took",
];

/// Every key a state of any game may hold, so a mutation can add one that
/// is known but misplaced.
fn keys() -> Vec<&'static str> {
    let mut keys: Vec<&str> = cardavia_core::durak::STATE_KEYS.to_vec();
    keys.extend(cardavia_core::schnapsen::STATE_KEYS);
    keys.extend(NESTED_KEYS);
    keys.sort_unstable();
    keys.dedup();
    keys
}

fn all_cards() -> Vec<String> {
    let mut names = ATLASNYE.names(ATLASNYE.full());
    names.extend(SCHNAPSEN.names(SCHNAPSEN.full()));
    names.sort();
    names.dedup();
    names
}

/// Short strings: card-like, move-like and arbitrary.
fn any_text() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(all_cards()),
        "[6-9TJQKA1][SHDCs]",
        "(attack|defend|transfer|play|marriage|take|stop|close|exchange)[:; ]?[6-9TJQKA][SHDC]?",
        ".{0,8}",
        prop::sample::select(keys()).prop_map(str::to_owned),
    ]
}

fn any_number() -> impl Strategy<Value = Value> {
    prop_oneof![
        (-3i64..60).prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<f64>().prop_map(Value::from), // NaN and infinities become null
        "-?[1-9][0-9]{19,30}".prop_map(|digits| serde_json::from_str(&digits).unwrap()),
        "-?[0-9]\\.[0-9]{1,3}(e[-+]?[0-9]{1,3})?"
            .prop_map(|text| serde_json::from_str(&text).unwrap_or(Value::Null)),
    ]
}

fn any_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any_number(),
        any_text().prop_map(Value::String),
    ];
    leaf.prop_recursive(4, 24, 5, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
            prop::collection::vec((any_text(), inner), 0..4)
                .prop_map(|entries| Value::Object(entries.into_iter().collect::<Map<_, _>>())),
        ]
    })
}

/// A real game after up to `steps` random moves.
fn position(game: usize, seed: u64, steps: usize) -> AnySession {
    let mut session =
        AnySession::new(GameId::ALL[game % 3], Some(seed), None).expect("a seeded game");
    let mut chooser = SplitMix64::new(seed ^ 0xF022);
    for _ in 0..steps {
        let legal = session.legal_moves();
        if legal.is_empty() {
            break;
        }
        let pick = chooser.below(legal.len() as u64) as usize;
        session.play(&legal[pick]).expect("a legal move");
    }
    session
}

/// A place inside a JSON value: keys and indices from the top.
#[derive(Clone, Debug)]
enum Step {
    Key(String),
    Index(usize),
}

fn paths(value: &Value, prefix: &mut Vec<Step>, out: &mut Vec<Vec<Step>>) {
    out.push(prefix.clone());
    match value {
        Value::Object(map) => {
            for (key, item) in map {
                prefix.push(Step::Key(key.clone()));
                paths(item, prefix, out);
                prefix.pop();
            }
        }
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                prefix.push(Step::Index(i));
                paths(item, prefix, out);
                prefix.pop();
            }
        }
        _ => {}
    }
}

/// The node at `path`, if the path still leads somewhere.
fn at<'a>(value: &'a mut Value, path: &[Step]) -> Option<&'a mut Value> {
    path.iter().try_fold(value, |node, step| match step {
        Step::Key(key) => node.get_mut(key.as_str()),
        Step::Index(i) => node.get_mut(*i),
    })
}

fn list_at<'a>(value: &'a mut Value, path: &[Step]) -> Option<&'a mut Vec<Value>> {
    at(value, path).and_then(Value::as_array_mut)
}

/// Lists that hold a card.
fn card_lists(value: &Value) -> Vec<Vec<Step>> {
    let cards = all_cards();
    let mut all = Vec::new();
    paths(value, &mut Vec::new(), &mut all);
    let mut copy = value.clone();
    all.into_iter()
        .filter(|path| {
            list_at(&mut copy, path).is_some_and(|items| {
                items
                    .iter()
                    .any(|x| x.as_str().is_some_and(|s| cards.iter().any(|c| c == s)))
            })
        })
        .collect()
}

/// One damage to a state, chosen by `pick` (a stream of random numbers).
fn mutate(state: &mut Value, pick: &mut SplitMix64, garbage: &Value) {
    let mut all = Vec::new();
    paths(state, &mut Vec::new(), &mut all);
    let path = all[pick.below(all.len() as u64) as usize].clone();
    let below = |pick: &mut SplitMix64, n: usize| pick.below(n.max(1) as u64) as usize;
    match pick.below(9) {
        0 => {
            // Delete the key or entry.
            if let Some((last, parent)) = path.split_last() {
                match (at(state, parent), last) {
                    (Some(Value::Object(map)), Step::Key(key)) => {
                        map.remove(key);
                    }
                    (Some(Value::Array(items)), Step::Index(i)) if *i < items.len() => {
                        items.remove(*i);
                    }
                    _ => {}
                }
            }
        }
        1 => {
            // Add a key, known or not, here or at the top.
            let keys = keys();
            let key = keys[below(pick, keys.len())].to_owned();
            match at(state, &path) {
                Some(Value::Object(map)) => map.insert(key, garbage.clone()),
                _ => state
                    .as_object_mut()
                    .and_then(|map| map.insert(key, garbage.clone())),
            };
        }
        2 | 3 => {
            if let Some(node) = at(state, &path) {
                *node = garbage.clone();
            }
        }
        4 => {
            // Move, copy or swap a card between two places.
            let lists = card_lists(state);
            if lists.is_empty() {
                return;
            }
            let from = lists[below(pick, lists.len())].clone();
            let to = lists[below(pick, lists.len())].clone();
            let kind = pick.below(3);
            let Some(source) = list_at(state, &from) else {
                return;
            };
            let i = below(pick, source.len());
            let Some(card) = source.get(i).cloned() else {
                return;
            };
            if kind == 0 {
                source.remove(i);
            }
            let Some(dest) = list_at(state, &to) else {
                return;
            };
            let j = below(pick, dest.len() + 1);
            if kind == 2 && j < dest.len() {
                let other = std::mem::replace(&mut dest[j], card);
                if let Some(slot) = list_at(state, &from).and_then(|s| s.get_mut(i)) {
                    *slot = other;
                }
            } else {
                dest.insert(j.min(dest.len()), card);
            }
        }
        5 => {
            if let Some(items) = list_at(state, &path) {
                let keep = below(pick, items.len() + 1);
                items.truncate(keep);
            }
        }
        6 => {
            if let Some(items) = list_at(state, &path) {
                items.reverse();
            }
        }
        7 => {
            // Nest the value in lists, up to well past the depth limit.
            let depth = 1 + below(pick, 24);
            if let Some(node) = at(state, &path) {
                for _ in 0..depth {
                    *node = Value::Array(vec![node.take()]);
                }
            }
        }
        _ => {
            // Nudge a number.
            let delta = [-1, 1, 2, -7][below(pick, 4)];
            if let Some(node) = at(state, &path) {
                if let Some(n) = node.as_i64() {
                    *node = Value::from(n.saturating_add(delta));
                }
            }
        }
    }
}

/// What a loaded state must do: write itself back identically, keep its
/// invariants, refuse garbage without changing, and play to the end.
fn plays_on(mut session: AnySession, garbage: &[String]) -> Result<(), TestCaseError> {
    let json = session.to_json();
    let again = AnySession::from_json(&json)
        .map_err(|e| TestCaseError::fail(format!("its own JSON is refused: {e}")))?;
    prop_assert_eq!(again.to_json(), json.clone());
    prop_assert_eq!(again.to_value(), session.to_value());
    let mut chooser = SplitMix64::new(json.len() as u64);
    for _ in 0..1000 {
        with_session!(&session, s => s.game.check_invariants())
            .map_err(|e| TestCaseError::fail(format!("a loaded state breaks an invariant: {e}")))?;
        let before = session.to_json();
        for bad in garbage {
            let legal = session.legal_moves();
            if legal.contains(bad) {
                continue;
            }
            match session.play(bad) {
                Err(error) if error.class == Class::IllegalMove => {
                    prop_assert_eq!(error.legal(), legal)
                }
                other => prop_assert!(false, "{bad:?} gave {other:?}"),
            }
            prop_assert_eq!(session.to_json(), before.clone());
        }
        let legal = session.legal_moves();
        prop_assert_eq!(legal.is_empty(), session.current_player().is_none());
        if legal.is_empty() {
            return Ok(());
        }
        let mv = legal[chooser.below(legal.len() as u64) as usize].clone();
        session
            .play(&mv)
            .map_err(|e| TestCaseError::fail(format!("legal move {mv} refused: {e}")))?;
    }
    Err(TestCaseError::fail("no end after 1000 moves"))
}

fn decoded(result: Result<AnySession, Error>) -> Result<Option<AnySession>, TestCaseError> {
    match result {
        Ok(session) => Ok(Some(session)),
        Err(error) if error.class == Class::InvalidState => Ok(None),
        Err(other) => Err(TestCaseError::fail(format!("not InvalidState: {other:?}"))),
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn from_json_on_arbitrary_text(text in prop_oneof![".{0,200}", "[\\[\\]{}\",:0-9a-z ]{0,120}"]) {
        if let Some(session) = decoded(AnySession::from_json(&text))? {
            plays_on(session, &[])?;
        }
    }

    #[test]
    fn from_json_on_truncated_and_flipped_json(
        game in 0usize..3,
        seed in any::<u64>(),
        steps in 0usize..300,
        cut in any::<prop::sample::Index>(),
        insert in prop::option::of((any::<prop::sample::Index>(), "[\\[\\]{},:\"0-9a-zA-Z ]{1,3}")),
    ) {
        let text = position(game, seed, steps).to_json();
        let mut spoiled: String = text.chars().take(cut.index(text.chars().count() + 1)).collect();
        if let Some((at_char, piece)) = insert {
            let full: Vec<char> = text.chars().collect();
            let i = at_char.index(full.len() + 1);
            spoiled = full[..i].iter().collect::<String>() + &piece + &full[i..].iter().collect::<String>();
        }
        if let Some(session) = decoded(AnySession::from_json(&spoiled))? {
            plays_on(session, &[])?;
        }
    }

    #[test]
    fn from_value_on_damaged_states(
        game in 0usize..3,
        seed in any::<u64>(),
        steps in 0usize..300,
        damage in any::<u64>(),
        rounds in 1usize..4,
        garbage in prop::collection::vec(any_json(), 3),
        moves in prop::collection::vec(any_text(), 0..4),
    ) {
        let session = position(game, seed, steps);
        let mut state = session.to_value();
        let mut pick = SplitMix64::new(damage);
        for round in 0..rounds {
            mutate(&mut state, &mut pick, &garbage[round % garbage.len()]);
        }
        if let Some(loaded) = decoded(AnySession::from_value(&state))? {
            // What loads is what was given, written back.
            prop_assert_eq!(loaded.to_value(), state.clone());
            plays_on(loaded, &moves)?;
        }
        let text = state.to_string();
        prop_assert_eq!(
            decoded(AnySession::from_json(&text))?.map(|s| s.to_json()),
            decoded(AnySession::from_value(&state))?.map(|s| s.to_json())
        );
    }

    #[test]
    fn from_value_on_arbitrary_values(value in any_json(), game in 0usize..4) {
        let mut value = value;
        if game < 3 {
            if let Value::Object(map) = &mut value {
                map.insert("game".to_owned(), Value::from(GameId::ALL[game].name()));
            }
        }
        if let Some(session) = decoded(AnySession::from_value(&value))? {
            plays_on(session, &[])?;
        }
    }

    #[test]
    fn parse_move_takes_canonical_moves_only(text in prop_oneof![any_text(), ".{0,16}"]) {
        fn check<G: State>(text: &str) -> Result<(), TestCaseError> {
            if let Some(mv) = G::parse_move(text) {
                prop_assert_eq!(G::move_name(mv), text);
            }
            Ok(())
        }
        check::<Durak>(&text)?;
        check::<Perevodnoy>(&text)?;
        check::<Schnapsen>(&text)?;
    }

    #[test]
    fn deck_parse_and_parse_deck(
        text in prop_oneof![any_text(), ".{0,4}"],
        names in prop::collection::vec(any_text(), 0..40),
        seed in any::<u64>(),
    ) {
        for deck in [ATLASNYE, SCHNAPSEN] {
            if let Some(card) = deck.parse(&text) {
                prop_assert_eq!(deck.name_of(card), text.clone());
            }
            check_parse_deck(deck, &names)?;
            // A real order with one entry replaced.
            let mut order = deck.names(deck.full());
            let mut pick = SplitMix64::new(seed);
            let i = pick.below(order.len() as u64) as usize;
            let j = pick.below(order.len() as u64) as usize;
            order.swap(i, j);
            prop_assert!(parse_deck(deck, &order).is_ok());
            order[i] = text.clone();
            check_parse_deck(deck, &order)?;
        }
        for (i, game) in GameId::ALL.into_iter().enumerate() {
            let deck = if i == 2 { SCHNAPSEN } else { ATLASNYE };
            if let Ok(session) = AnySession::new(game, None, Some(&names)) {
                prop_assert!(parse_deck(deck, &names).is_ok());
                plays_on(session, &[])?;
            }
        }
        prop_assert!(GameId::parse(&text).is_err() || GameId::names().contains(&text.as_str()));
        if let Ok(game) = GameId::parse(&text) {
            prop_assert!(AnySession::new(game, Some(seed), None).is_ok());
        }
    }
}

/// `parse_deck` accepts exactly the permutations of the deck.
fn check_parse_deck(deck: Deck, names: &[String]) -> Result<(), TestCaseError> {
    let mut sorted: Vec<String> = names.to_vec();
    sorted.sort();
    let mut all = deck.names(deck.full());
    all.sort();
    match parse_deck(deck, names) {
        Ok(order) => {
            prop_assert_eq!(sorted, all);
            let back: Vec<String> = order.iter().map(|&c| deck.name_of(c)).collect();
            prop_assert_eq!(back, names.to_vec());
        }
        Err(error) if error.class == Class::InvalidState => prop_assert_ne!(sorted, all),
        Err(other) => prop_assert!(false, "{other:?}"),
    }
    Ok(())
}
