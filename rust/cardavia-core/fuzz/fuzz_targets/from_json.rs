//! `AnySession::from_json` on any bytes: never panics; a state that loads
//! writes itself back identically, keeps its invariants and plays to the
//! end with legal moves only. Seed it with real states (`seed_corpus.py`).
#![no_main]

use cardavia_core::game::State;
use cardavia_core::session::AnySession;
use cardavia_core::with_session;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(mut session) = AnySession::from_json(text) else {
        return;
    };
    let json = session.to_json();
    let again = AnySession::from_json(&json).expect("a state's own JSON loads");
    assert_eq!(again.to_json(), json, "the JSON read back writes the same");
    for step in 0..1000 {
        if let Err(e) = with_session!(&session, s => s.game.check_invariants()) {
            panic!("a loaded state breaks an invariant: {e}");
        }
        let before = session.to_json();
        assert!(session.play("attack:XX").is_err());
        assert_eq!(session.to_json(), before, "a refused move changed the game");
        let legal = session.legal_moves();
        if legal.is_empty() {
            return;
        }
        let mv = legal[(step * 7 + text.len()) % legal.len()].clone();
        session.play(&mv).expect("a legal move plays");
    }
    panic!("no end after 1000 moves");
});
