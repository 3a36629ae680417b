//! Durak at 3 to 6 seats (RULES.md chapter 7) in the core alone: random
//! games at every table size with every invariant checked after every
//! move, the state read back, and the two-seat table left as it was. The
//! rules bullet by bullet, in both engines, are `tests/test_rules_seats.py`.

use cardavia_core::durak::{DurakRules, MAX_SEATS};
use cardavia_core::error::Kind;
use cardavia_core::game::{legal_move_names, Game, Outcome, State};
use cardavia_core::perevodnoy::Perevodnoy;
use cardavia_core::rng::SplitMix64;
use cardavia_core::session::{GameId, Session};

fn play_out<const T: bool>(players: usize, games: u64) {
    type G<const T: bool> = DurakRules<T>;
    for seed in 0..games {
        let mut session = Session::<G<T>>::seated(Some(seed), None, players).expect("a deal");
        assert_eq!(session.game.players(), players);
        let mut rng = SplitMix64::new(seed ^ 77);
        while !session.game.is_over() {
            let moves = legal_move_names(&session.game);
            let pick = moves[rng.below(moves.len() as u64) as usize].clone();
            session.play(&pick).expect("a legal move");
            session
                .game
                .check_invariants()
                .expect("the invariants hold");
            let back = Session::<G<T>>::from_value(&session.to_value()).expect("the state loads");
            assert_eq!(back.game, session.game);
        }
        let outcome = session.game.outcome().expect("over");
        let results = session.game.results();
        let total: f64 = results.iter().sum();
        assert!(results[players..].iter().all(|&r| r == 0.0));
        match outcome {
            Outcome::Loser { loser } => {
                assert!(players > 2);
                assert_eq!(results[usize::from(loser)], 0.0);
                assert_eq!(total, (players - 1) as f64);
            }
            Outcome::Win { winner } => {
                assert_eq!(players, 2);
                assert_eq!(results[usize::from(winner)], 1.0);
                assert_eq!(total, 1.0);
            }
            // The seats sharing the draw score one half each.
            Outcome::Draw => {
                assert!(results[..players].iter().all(|&r| r == 0.5 || r == 1.0));
                assert!(results.contains(&0.5));
            }
        }
    }
}

#[test]
fn random_tables_keep_every_invariant() {
    for players in 2..=MAX_SEATS {
        play_out::<false>(players, 15);
        play_out::<true>(players, 15);
    }
}

#[test]
fn two_seats_deal_as_before() {
    for seed in 0..50 {
        let duel = Session::<Perevodnoy>::new(Some(seed), None).unwrap();
        let two = Session::<Perevodnoy>::seated(Some(seed), None, 2).unwrap();
        assert_eq!(duel.to_value(), two.to_value());
        assert!(duel.to_value().get("players").is_none());
    }
}

#[test]
fn the_seats_are_checked_per_game() {
    let kind = |game: GameId, n: i128| game.check_players(Some(n)).unwrap_err().kind;
    assert_eq!(GameId::Durak.check_players(None), Ok(2));
    assert_eq!(GameId::Durak.check_players(Some(6)), Ok(6));
    assert_eq!(kind(GameId::Durak, 1), Kind::Integer);
    assert_eq!(kind(GameId::Perevodnoy, 7), Kind::Integer);
    assert_eq!(kind(GameId::Schnapsen, 2), Kind::TwoPlayers);
    assert_eq!(GameId::Schnapsen.check_players(None), Ok(2));
}
