//! Research environments (`env.rs`, `tensor.rs`): the same game as a
//! session in lockstep, tensors that show no hidden card, resampled
//! histories that lead to the seat's information state, and refusals as data.

use cardavia_core::cards::Card;
use cardavia_core::durak::Durak;
use cardavia_core::env::{Actor, AnyEnv, Env, Research};
use cardavia_core::error::{Class, Kind};
use cardavia_core::game::Game;
use cardavia_core::perevodnoy::Perevodnoy;
use cardavia_core::rng::{shuffle, SplitMix64};
use cardavia_core::schnapsen::Schnapsen;
use cardavia_core::session::{GameId, Session};
use cardavia_core::tensor::Tensor;
use cardavia_core::worlds::Worlds;
use serde_json::{json, Value};

/// The decks a seed deals, deal after deal (RULES 2: one stream).
fn seeded_decks<G: Game>(seed: u64, deals: usize) -> Vec<Vec<Card>> {
    let mut rng = SplitMix64::new(seed);
    (0..deals)
        .map(|_| {
            let mut order: Vec<Card> = (0..G::DECK.len() as Card).collect();
            shuffle(&mut order, &mut rng);
            order
        })
        .collect()
}

fn tensor<G: Research>(env: &Env<G>, seat: usize) -> Vec<f32> {
    let mut out = vec![f32::NAN; G::SIZE];
    env.write_tensor(seat, &mut out);
    out
}

/// A random game through the environment dealt by chance, the chance
/// events taken from the seed's decks, beside the seeded session: the same
/// observations at every step, the same outcome.
fn lockstep<G: Research>(seed: u64) {
    let mut decks = seeded_decks::<G>(seed, 13).into_iter();
    let mut env = Env::<G>::chance();
    let mut session = Session::<G>::new(Some(seed), None).unwrap();
    let mut chooser = SplitMix64::new(seed ^ 0xABCD);
    let mut deck = Vec::new();
    loop {
        match env.actor() {
            Actor::Chance => {
                if env.chance_outcomes().len() == G::DECK.len() {
                    deck = decks.next().unwrap();
                }
                let placed = G::DECK.len() - env.chance_outcomes().len();
                env.apply(u16::from(deck[placed])).unwrap();
                continue;
            }
            Actor::Terminal => break,
            Actor::Seat(_) => {}
        }
        for seat in 0..2 {
            assert_eq!(env.observation(seat), session.observation(seat));
        }
        let legal = env.legal_actions();
        let names: Vec<String> = legal
            .iter()
            .map(|&a| Env::<G>::action_name(a, false).unwrap())
            .collect();
        let mut sorted = names.clone();
        sorted.sort();
        assert_eq!(sorted, session.legal_moves());
        let k = chooser.below(legal.len() as u64) as usize;
        env.apply(legal[k]).unwrap();
        session.play(&names[k]).unwrap();
    }
    assert!(session.game.is_over());
    assert_eq!(
        env.session().unwrap().game.outcome(),
        session.game.outcome()
    );
    assert!(env.actions().len() <= G::MAX_GAME_LENGTH + G::MAX_DEALS * G::DECK.len());
}

#[test]
fn chance_events_from_a_seed_deal_as_the_seed_does() {
    for seed in 0..30 {
        lockstep::<Durak>(seed);
        lockstep::<Perevodnoy>(seed);
        lockstep::<Schnapsen>(seed);
    }
}

/// Random play by chance, every step: tensors well formed, equal in every
/// world the seat cannot tell apart, and resampled histories that lead to
/// the seat's own observation.
fn along_random_games<G: Research>(seeds: std::ops::Range<u64>) {
    for seed in seeds {
        let mut rng = SplitMix64::new(seed);
        let mut env = Env::<G>::chance();
        let mut step = 0;
        loop {
            check_position(&env, &mut rng, step % 3 == 0);
            let actions = match env.actor() {
                Actor::Chance => env.chance_outcomes(),
                Actor::Seat(_) => env.legal_actions(),
                Actor::Terminal => break,
            };
            env.apply(actions[rng.below(actions.len() as u64) as usize])
                .unwrap();
            step += 1;
        }
        check_position(&env, &mut rng, true);
        let returns = env.returns();
        assert_eq!(returns[0] + returns[1], 0.0);
    }
}

fn check_position<G: Research>(env: &Env<G>, rng: &mut SplitMix64, resample: bool) {
    for seat in 0..2 {
        let t = tensor(env, seat);
        assert!(t.iter().all(|x| (0.0..=1.0).contains(x)), "{t:?}");
        let obs = env.observation(seat);
        if env.actor() != Actor::Chance {
            // Worlds the seat cannot tell apart show it the same tensor.
            let worlds = Worlds::<G>::from_observation(&obs).unwrap();
            for _ in 0..2 {
                let world = Env::from_session(Session {
                    game: worlds.deal(rng),
                    record: env.session().unwrap().record.clone(),
                });
                assert_eq!(world.observation(seat), obs);
                assert_eq!(tensor(&world, seat), t);
            }
        }
        if resample {
            let actions = env.resample(seat, rng).unwrap();
            let mut again = Env::<G>::chance();
            for &a in &actions {
                again.apply(a).unwrap();
            }
            assert_eq!(again.observation(seat), obs);
            assert_eq!(tensor(&again, seat), t);
            assert_eq!(again.actor(), env.actor());
        }
    }
}

#[test]
fn tensors_show_nothing_hidden_and_resampling_keeps_the_information_state() {
    along_random_games::<Durak>(0..12);
    along_random_games::<Perevodnoy>(0..12);
    along_random_games::<Schnapsen>(0..12);
}

#[test]
fn resampling_deals_other_worlds() {
    let mut env = Env::<Durak>::chance();
    for card in seeded_decks::<Durak>(5, 1)[0][..35].iter() {
        env.apply(u16::from(*card)).unwrap();
    }
    let seat = match env.actor() {
        Actor::Seat(seat) => seat,
        other => panic!("{other:?}"),
    };
    let mut rng = SplitMix64::new(1);
    let worlds: Vec<Vec<u16>> = (0..8)
        .map(|_| env.resample(seat, &mut rng).unwrap())
        .collect();
    assert!(worlds.iter().any(|w| w != env.actions()));
    for world in &worlds {
        // The seat's own cards stay where they were dealt.
        let mine = if seat == 0 { 0..6 } else { 6..12 };
        assert_eq!(world[mine.clone()], env.actions()[mine]);
        assert_eq!(world[12], env.actions()[12], "the trump card is face up");
    }
}

#[test]
fn serialised_environments_replay_their_actions() {
    for game in GameId::ALL {
        for seed in [None, Some(9)] {
            let mut env = AnyEnv::new(game, seed, 2).unwrap();
            let mut rng = SplitMix64::new(3);
            for _ in 0..60 {
                let actions = cardavia_core::with_env!(&env, e => match e.actor() {
                    Actor::Chance => e.chance_outcomes(),
                    _ => e.legal_actions(),
                });
                if actions.is_empty() {
                    break;
                }
                let a = actions[rng.below(actions.len() as u64) as usize];
                cardavia_core::with_env!(&mut env, e => e.apply(a)).unwrap();
            }
            let text = env.to_json();
            let again = AnyEnv::from_json(&text).unwrap();
            assert_eq!(again.to_json(), text);
            for seat in 0..2 {
                let a = cardavia_core::with_env!(&env, e => e.observation(seat));
                let b = cardavia_core::with_env!(&again, e => e.observation(seat));
                assert_eq!(a, b);
            }
        }
    }
}

#[test]
fn environments_from_observations_start_there() {
    let session = Session::<Schnapsen>::new(Some(4), None).unwrap();
    let obs = session.observation(0);
    let env = Env::<Schnapsen>::from_observation(&obs, &mut SplitMix64::new(1)).unwrap();
    assert_eq!(env.observation(0), obs);
    assert!(!env.replayable());
    let refused = env.resample(0, &mut SplitMix64::new(1)).unwrap_err();
    assert_eq!(refused.kind, Kind::NoHistory);
    // It serialises with its start, and plays on.
    let again = Env::<Schnapsen>::from_value(&env.to_value()).unwrap();
    assert_eq!(again.observation(1), env.observation(1));
    assert_ne!(env.playout(&mut SplitMix64::new(2)), [0.0, 0.0]);
}

#[test]
fn bad_actions_are_refused_as_data_and_change_nothing() {
    let mut env = Env::<Durak>::chance();
    let error = env.apply(36).unwrap_err();
    assert_eq!(
        (error.class, error.kind),
        (Class::InvalidArgument, Kind::Action)
    );
    assert_eq!(error.get("high"), Some(&json!(35)));
    env.apply(7).unwrap();
    let error = env.apply(7).unwrap_err();
    assert_eq!(
        (error.class, error.kind),
        (Class::IllegalMove, Kind::IllegalMove)
    );
    assert_eq!(error.value, json!("deal:KS"));
    assert_eq!(env.actions(), &[7]);

    let mut env = Env::<Schnapsen>::seeded(1).unwrap();
    let error = env.apply(42).unwrap_err();
    assert_eq!((error.field.as_str(), error.kind), ("action", Kind::Action));
    let illegal = (0..42).find(|a| !env.legal_actions().contains(a)).unwrap();
    let error = env.apply(illegal).unwrap_err();
    assert_eq!(error.kind, Kind::IllegalMove);
    assert!(!error.legal().is_empty());
    assert!(env.actions().is_empty());
    assert_eq!(Env::<Schnapsen>::action_name(41, false).unwrap(), "close");
    assert_eq!(
        Env::<Schnapsen>::action_name(20, true).unwrap_err().kind,
        Kind::Action
    );
}

#[test]
fn action_ids_are_any_integer_checked_against_the_numbering() {
    let mut env = AnyEnv::new(GameId::Durak, Some(1), 2).unwrap();
    let before = env.to_json();
    for (bad, chance, high) in [
        (110, false, 109),
        (-1, false, 109),
        (1 << 70, false, 109),
        (36, true, 35),
    ] {
        let e = env.action_name(bad, chance).unwrap_err();
        assert_eq!((e.kind, e.field.as_str()), (Kind::Action, "action"));
        assert_eq!(e.get("high"), Some(&json!(high)));
        assert_eq!(e.get("game"), Some(&json!("durak")));
        if !chance {
            assert_eq!(env.apply_action(bad).unwrap_err().kind, Kind::Action);
        }
    }
    assert_eq!(env.to_json(), before, "a refused action changes nothing");
    assert_eq!(env.action_name(108, false).unwrap(), "take");
    let legal = cardavia_core::with_env!(&env, e => e.legal_actions());
    env.apply_action(i128::from(legal[0])).unwrap();
    assert_ne!(env.to_json(), before);
}

#[test]
fn bad_serialisations_name_the_field() {
    let refusal = |text: &str| match AnyEnv::from_json(text) {
        Ok(_) => "accepted".to_owned(),
        Err(e) => format!("{:?} {} at {}", e.class, e.kind.name(), e.field),
    };
    let cases = [
        (
            r#"{"game":"durak","seed":3,"start":null,"actions":[]}"#,
            "accepted",
        ),
        ("[]", "InvalidState object at env"),
        (r#"{"game":"chess"}"#, "InvalidState not_a_game at game"),
        (
            r#"{"game":"durak","seed":3,"actions":[]}"#,
            "InvalidState missing_field at env",
        ),
        (
            r#"{"game":"durak","seed":-1,"start":null,"actions":[]}"#,
            "InvalidState integer at seed",
        ),
        (
            r#"{"game":"durak","seed":null,"start":null,"actions":[1,1]}"#,
            "InvalidState illegal_move at actions[1]",
        ),
        (
            r#"{"game":"durak","seed":null,"start":null,"actions":["x"]}"#,
            "InvalidState action at actions[0]",
        ),
        (
            r#"{"game":"durak","seed":1,"start":{},"actions":[]}"#,
            "InvalidState seed_or_start at start",
        ),
        (
            r#"{"game":"durak","seed":null,"start":{"schema":1},"actions":[]}"#,
            "InvalidState missing_field at state",
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(refusal(text), expected, "{text}");
    }
}

#[test]
fn layouts_add_up() {
    for game in GameId::ALL {
        let info = game.env_info();
        let total: usize = info.layout.iter().map(|(_, n)| n).sum();
        assert_eq!(total, info.tensor_size);
        assert_eq!(game.action_names().len(), info.actions);
    }
    assert_eq!(Durak::SIZE, 672);
    assert_eq!(Schnapsen::SIZE, 219);
    let value: Value = json!(GameId::Durak.action_names()[108]);
    assert_eq!(value, json!("take"));
}

#[test]
#[ignore = "long: cargo test --release -- --ignored"]
fn resampling_soak() {
    along_random_games::<Durak>(100..400);
    along_random_games::<Perevodnoy>(100..400);
    along_random_games::<Schnapsen>(100..250);
}

/// A table of 3 to 6 seats dealt by chance events from a seed's deck
/// beside the session `seated` deals: the same observations at every
/// step, tensors of the table's layout in [0, 1], the unknown cards of
/// each hand always among its seat's private history, returns
/// `2 * result - 1`.
#[test]
fn tables_play_as_sessions_do() {
    use cardavia_core::env::ViewKind;
    use cardavia_core::tensor::size;
    for players in 3..=6 {
        for seed in 0..3u64 {
            let deck = seeded_decks::<Durak>(seed, 1).remove(0);
            let mut env = Env::<Durak>::chance_seated(players);
            for &card in &deck[..35] {
                env.apply(u16::from(card)).unwrap();
            }
            let mut session = Session::<Durak>::seated(Some(seed), None, players).unwrap();
            let mut chooser = SplitMix64::new(seed);
            let layout = Durak::layout(players);
            loop {
                let game = &env.session().unwrap().game;
                for seat in 0..players {
                    assert_eq!(env.observation(seat), session.observation(seat));
                    let mut out = vec![f32::NAN; size(layout)];
                    env.write_tensor(seat, &mut out);
                    assert!(out.iter().all(|x| (0.0..=1.0).contains(x)));
                    let received = env
                        .private_history(seat)
                        .iter()
                        .fold(0, |set, r| set | r.cards);
                    assert_eq!(game.hidden(seat) & !received, 0);
                }
                let public = ViewKind {
                    seat: None,
                    recall: true,
                };
                let value = env.view_value(public);
                assert!(value.get("hand").is_none() && value.get("seat").is_none());
                if session.game.is_over() {
                    break;
                }
                let moves = session.legal_moves();
                let name = &moves[chooser.below(moves.len() as u64) as usize];
                let id = Durak::move_index(Durak::parse_move(name).unwrap());
                env.apply(id as u16).unwrap();
                session.play(name).unwrap();
            }
            let results = session.game.results();
            let returns = env.returns();
            assert_eq!(returns.len(), players);
            for seat in 0..players {
                assert_eq!(returns[seat], 2.0 * results[seat] - 1.0);
            }
        }
    }
}
