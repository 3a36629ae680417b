//! Helpers shared by the Durak and perevodnoy rule tests: decks built from
//! the hands wanted, and sessions played by script.

// Each test binary uses its own subset of these.
#![allow(dead_code)]

use cardavia_core::cards::ATLASNYE;
use cardavia_core::error::{Class, Error};
use cardavia_core::game::State;
use cardavia_core::session::Session;
use serde_json::Value;

/// The 36 cards in canonical order.
pub fn all_cards() -> Vec<String> {
    ATLASNYE.names(ATLASNYE.full())
}

pub fn words(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_owned).collect()
}

/// The order that deals `hand0`, `hand1`, turns up `trump` and stacks
/// `stock` on top of the stock; the other cards follow in canonical order.
pub fn durak_deck(hand0: &str, hand1: &str, trump: &str, stock: &str) -> Vec<String> {
    let mut order = words(hand0);
    order.extend(words(hand1));
    order.push(trump.to_owned());
    order.extend(words(stock));
    let rest: Vec<String> = all_cards()
        .into_iter()
        .filter(|c| !order.contains(c))
        .collect();
    order.extend(rest);
    assert_eq!(order.len(), 36, "every card once: {order:?}");
    order
}

pub fn new<G: State>(deck: &[String]) -> Session<G> {
    Session::new(None, Some(deck)).expect("a valid deck")
}

pub fn play<G: State>(game: &mut Session<G>, moves: &str) {
    for mv in moves.split_whitespace() {
        if let Err(err) = game.play(mv) {
            panic!("{mv}: {err}");
        }
    }
}

pub fn state<G: State>(game: &Session<G>) -> Value {
    game.to_value()
}

pub fn legal<G: State>(game: &Session<G>) -> Vec<String> {
    game.legal_moves()
}

pub fn current<G: State>(game: &Session<G>) -> Option<usize> {
    game.game.current_player()
}

/// An error as `kind at field`, what tests compare.
pub fn fault(error: &Error) -> String {
    format!("{} at {}", error.kind.name(), error.field)
}

/// Plays a move that must be refused without changing the state; returns
/// the kind of refusal and the legal moves it lists.
pub fn illegal<G: State>(game: &mut Session<G>, mv: &str) -> (&'static str, Vec<String>) {
    let before = state(game);
    match game.play(mv) {
        Err(error) if error.class == Class::IllegalMove => {
            assert_eq!(state(game), before, "{mv} changed the state");
            (error.kind.name(), error.legal())
        }
        other => panic!("{mv}: expected an illegal move, got {other:?}"),
    }
}
