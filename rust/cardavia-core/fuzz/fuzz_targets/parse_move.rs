//! `Game::parse_move`, `Deck::parse` and `parse_deck` on any text: never
//! panic, and accept canonical spellings only.
#![no_main]

use cardavia_core::cards::{ATLASNYE, SCHNAPSEN};
use cardavia_core::durak::Durak;
use cardavia_core::game::Game;
use cardavia_core::perevodnoy::Perevodnoy;
use cardavia_core::schnapsen::Schnapsen;
use cardavia_core::session::parse_deck;
use libfuzzer_sys::fuzz_target;

fn canonical<G: Game>(text: &str) {
    if let Some(mv) = G::parse_move(text) {
        assert_eq!(G::move_name(mv), text);
    }
}

fuzz_target!(|text: &str| {
    canonical::<Durak>(text);
    canonical::<Perevodnoy>(text);
    canonical::<Schnapsen>(text);
    let names: Vec<String> = text.split(' ').map(str::to_owned).collect();
    for deck in [ATLASNYE, SCHNAPSEN] {
        if let Some(card) = deck.parse(text) {
            assert_eq!(deck.name_of(card), text);
        }
        if let Ok(order) = parse_deck(deck, &names) {
            assert_eq!(order.len(), deck.len());
        }
    }
});
