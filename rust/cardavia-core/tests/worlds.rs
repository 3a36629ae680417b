//! Worlds read from observations (`worlds.rs`): every world dealt shows the
//! seat its observation, and an observation no position explains is refused
//! naming the kind of fault and the field.

use cardavia_core::game::State;
use cardavia_core::rng::SplitMix64;
use cardavia_core::session::{AnySession, GameId};
use cardavia_core::with_session;
use cardavia_core::worlds::{AnyWorlds, Observe, Worlds};
use serde_json::{json, Value};

/// Both seats' observations along a random game.
fn observations(game: GameId, seed: u64) -> Vec<Value> {
    let mut session = AnySession::new(game, Some(seed), None).unwrap();
    let mut chooser = SplitMix64::new(seed);
    let mut found = Vec::new();
    loop {
        found.push(session.observation(0));
        found.push(session.observation(1));
        let legal = session.legal_moves();
        if legal.is_empty() {
            return found;
        }
        let mv = legal[chooser.below(legal.len() as u64) as usize].clone();
        session.play(&mv).unwrap();
    }
}

fn worlds_show<G: Observe>(worlds: &Worlds<G>, obs: &Value) {
    let seat = worlds.seat();
    for seed in 0..4 {
        let state = worlds.world_value(&mut SplitMix64::new(seed));
        let loaded = AnySession::from_value(&state).expect("a world is a valid state");
        let view = with_session!(&loaded, s => s.game.observation(seat, &s.record));
        assert_eq!(&view, obs);
    }
}

#[test]
fn every_world_shows_the_seat_its_observation() {
    for game in GameId::ALL {
        for seed in 0..4 {
            for obs in observations(game, seed) {
                match AnyWorlds::from_observation(&obs).expect("a real observation") {
                    AnyWorlds::Durak(w) => worlds_show(&w, &obs),
                    AnyWorlds::Perevodnoy(w) => worlds_show(&w, &obs),
                    AnyWorlds::Schnapsen(w) => worlds_show(&w, &obs),
                }
            }
        }
    }
}

fn refusal(obs: &Value) -> String {
    match AnyWorlds::from_observation(obs) {
        Err(error) => format!("{} at {}", error.kind.name(), error.field),
        Ok(_) => "accepted".to_owned(),
    }
}

#[test]
fn an_observation_no_position_explains_is_refused() {
    let session = AnySession::new(GameId::Durak, Some(3), None).unwrap();
    let good = session.observation(session.current_player().unwrap());
    assert_eq!(refusal(&good), "accepted");
    let spoil = |key: &str, value: Value| {
        let mut bad = good.clone();
        bad[key] = value;
        refusal(&bad)
    };
    assert_eq!(spoil("game", json!("chess")), "not_a_game at game");
    assert_eq!(spoil("seat", json!(2)), "integer at seat");
    assert_eq!(spoil("stock_size", json!(23)), "card_counts at stock_size");
    let mut sizes = good["hand_sizes"].clone();
    sizes[1 - good["seat"].as_u64().unwrap() as usize] = json!(7);
    assert_eq!(spoil("hand_sizes", sizes), "card_counts at stock_size");
    assert_eq!(spoil("hand_sizes", json!([0, 0])), "hand_sizes at hand");
    assert_eq!(spoil("trump", json!("X")), "does_not_follow at trump");
    assert_eq!(
        spoil("legal_moves", json!([])),
        "does_not_follow at legal_moves"
    );
    assert_eq!(
        spoil("defender", json!(good["attacker"].clone())),
        "does_not_follow at defender"
    );
    let mut extra = good.clone();
    extra["cheat"] = json!(true);
    assert_eq!(refusal(&extra), "unknown_field at observation");
    assert_eq!(refusal(&json!([1])), "object at observation");
    let other = AnySession::new(GameId::Schnapsen, Some(3), None).unwrap();
    let mut schnapsen = other.observation(0);
    schnapsen["exhausted"] = json!(1);
    assert_eq!(refusal(&schnapsen), "does_not_follow at exhausted");
}

#[test]
fn the_search_needs_the_seat_to_move() {
    let session = AnySession::new(GameId::Schnapsen, Some(8), None).unwrap();
    let mover = session.current_player().unwrap();
    let waiting = session.observation(1 - mover);
    let worlds = Worlds::<cardavia_core::schnapsen::Schnapsen>::from_observation(&waiting);
    assert!(!worlds.unwrap().to_move());
    let worlds = Worlds::<cardavia_core::schnapsen::Schnapsen>::from_observation(
        &session.observation(mover),
    );
    assert!(worlds.unwrap().to_move());
}
