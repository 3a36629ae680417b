use super::*;
use crate::cards::{bit, CardSet};
use crate::durak::{DurakMove, DurakRules};
use crate::game::{Record, State};
use crate::schnapsen::Schnapsen;
use crate::session::Session;

type Durak = DurakRules<false>;
type Perevodnoy = DurakRules<true>;

/// The position as a state dict with nobody's cards marked known: unwinding
/// cannot tell whether a card played in the stretch had been seen before.
fn unknown<G: State>(game: &G) -> serde_json::Value {
    let record = Record {
        seed: None,
        deck: Vec::new(),
        history: Vec::new(),
    };
    let mut value = game.to_value(&record);
    value["known"] = serde_json::Value::Null;
    value
}

/// Every position of `games` random games: its stretch, unwound and
/// replayed, is the position again; the count of positions with a stretch,
/// and the longest.
fn replays<G: Resample + State>(games: u64) -> (usize, usize) {
    let (mut stretches, mut longest) = (0, 0);
    for seed in 0..games {
        let mut session = Session::<G>::new(Some(seed), None).expect("a deal");
        let mut rng = SplitMix64::new(seed);
        while !session.game.is_over() {
            let n = session.game.stretch_len();
            let history = &session.record.history;
            assert!(
                n <= history.len(),
                "seed {seed}: a stretch longer than the game"
            );
            if n > 0 {
                stretches += 1;
                longest = longest.max(n);
                let moves: Vec<G::Move> = history[history.len() - n..]
                    .iter()
                    .map(|text| G::parse_move(text).expect("a move of the history"))
                    .collect();
                let Some(mut position) = session.game.unwind(&moves) else {
                    // A marriage's lead also scores and shows its partner:
                    // a stretch with one is not unwound, its worlds uniform.
                    let marriage = moves
                        .iter()
                        .any(|&mv| G::move_name(mv).starts_with("marriage:"));
                    assert!(marriage, "seed {seed}: {moves:?} unwind");
                    continue_play(&mut session, &mut rng);
                    continue;
                };
                for &mv in &moves {
                    let mut legal = MoveList::new();
                    position.legal_moves(&mut legal);
                    assert!(
                        legal.as_slice().contains(&mv),
                        "seed {seed}: {mv:?} replays"
                    );
                    position.apply(mv);
                }
                assert_eq!(unknown(&position), unknown(&session.game), "seed {seed}");
            }
            continue_play(&mut session, &mut rng);
        }
    }
    (stretches, longest)
}

fn continue_play<G: Resample + State>(session: &mut Session<G>, rng: &mut SplitMix64) {
    let mv = session.game.random_move(rng);
    session.play(&G::move_name(mv)).expect("a legal move");
}

#[test]
fn every_stretch_unwinds_and_replays_to_its_position() {
    let (durak, bout) = replays::<Durak>(60);
    let (perevodnoy, transferred) = replays::<Perevodnoy>(60);
    let (schnapsen, quiet) = replays::<Schnapsen>(30);
    assert!(durak > 1_000 && perevodnoy > 1_000 && schnapsen > 500);
    // Long bouts, and Schnapsen's tricks since the close or the last draw.
    assert!(
        bout >= 8 && transferred >= 8 && quiet >= 7,
        "{bout} {transferred} {quiet}"
    );
}

#[test]
fn a_stretch_that_is_not_the_positions_does_not_unwind() {
    let mut session = Session::<Durak>::new(Some(5), None).expect("a deal");
    let attacker = session.game.current_player().expect("a seat to move");
    let low = lowest(session.game.hands[attacker] & !session.game.trump_set);
    session
        .play(&format!("attack:{}", crate::durak::DECK.name_of(low)))
        .unwrap();
    let game = &session.game;
    assert_eq!(game.stretch_len(), 1);
    // Too many moves, too few, a stop, another seat's card.
    assert!(game
        .unwind(&[DurakMove::Attack(low), DurakMove::Take])
        .is_none());
    assert!(game.unwind(&[]).is_none());
    assert!(game.unwind(&[DurakMove::Stop]).is_none());
    let theirs = lowest(game.hands[1 - attacker]);
    assert!(game.unwind(&[DurakMove::Attack(theirs)]).is_none());
    assert!(game.unwind(&[DurakMove::Attack(low)]).is_some());
}

fn lowest(set: CardSet) -> Card {
    // Inside a suit a lower bit is a lower rank; across suits any will do.
    crate::cards::cards(set)
        .min_by_key(|&card| crate::cards::ATLASNYE.rank(card))
        .expect("a card")
}

use crate::cards::Card;

/// The observer attacks with its lowest non-trump and the opponent takes:
/// the worlds the search then plays in.
fn after_a_take(seed: u64) -> (Worlds<Durak>, Card) {
    let mut session = Session::<Durak>::new(Some(seed), None).expect("a deal");
    let attacker = session.game.current_player().expect("a seat to move");
    let low = lowest(session.game.hands[attacker] & !session.game.trump_set);
    let name = crate::durak::DECK.name_of(low);
    session.play(&format!("attack:{name}")).unwrap();
    session.play("take").unwrap();
    let obs = session.observation(attacker);
    (
        Worlds::from_observation(&obs).expect("the observer's worlds"),
        low,
    )
}

/// The share of `samples` worlds in which the opponent could have beaten
/// `attack` with a card of its suit.
fn could_beat<D: Determinize<Game = Durak>>(info: &D, attack: Card, samples: u32) -> f64 {
    let mut rng = SplitMix64::new(9);
    let opponent = 1 - info.seat();
    let suit = crate::cards::ATLASNYE.suit_set(crate::cards::ATLASNYE.suit(attack));
    let beating = (0..samples)
        .filter(|_| {
            let world = info.sample(&mut rng);
            world.hands[opponent] & world.beating_set(attack) & suit != 0
        })
        .count();
    beating as f64 / f64::from(samples)
}

#[test]
fn a_take_makes_the_hands_that_could_beat_cheaply_rarer() {
    // Over several deals: the model has learned that a player who holds a
    // higher card of the attack's suit seldom takes a low attack.
    let (mut uniform, mut inferred) = (0.0, 0.0);
    for seed in 0..8 {
        let (worlds, attack) = after_a_take(seed);
        let weighed = Inferred::new(&worlds, 1).expect("a take to weigh the worlds by");
        assert!(weighed.effective_size() < POOL as f64 * 0.9);
        uniform += could_beat(&worlds, attack, 2_000);
        inferred += could_beat(&weighed, attack, 2_000);
    }
    assert!(
        inferred < uniform * 0.9,
        "uniform {uniform:.3}, inferred {inferred:.3} (sums over 8 deals)"
    );
}

#[test]
fn weighed_worlds_agree_with_the_observation_and_the_seed() {
    let (worlds, _) = after_a_take(3);
    let weighed = Inferred::new(&worlds, 4).expect("worlds weighed");
    let again = Inferred::new(&worlds, 4).expect("worlds weighed");
    let template = worlds.template();
    let seen = template.hands[worlds.seat()];
    let mut rng = (SplitMix64::new(1), SplitMix64::new(1));
    for _ in 0..200 {
        let world = weighed.sample(&mut rng.0);
        assert_eq!(unknown(&world), unknown(&again.sample(&mut rng.1)));
        // The observer's hand, the table and the stock's size are as seen;
        // the cards the opponent took lie in its hand.
        assert_eq!(world.hands[worlds.seat()], seen);
        assert_eq!(world.table_set, template.table_set);
        assert_eq!(world.stock_len(), template.stock_len());
        let opponent = 1 - worlds.seat();
        assert_eq!(
            world.hands[opponent] & template.known[opponent],
            template.known[opponent]
        );
        assert_eq!(world.stock[world.stock.len() - 1], template.trump_card);
        let all = world.hands[0] | world.hands[1] | world.table_set | world.discard;
        let stock: CardSet = world.stock().iter().fold(0, |set, &card| set | bit(card));
        assert_eq!((all | stock).count_ones(), 36);
    }
}

#[test]
fn nothing_to_weigh_by_leaves_the_worlds_uniform() {
    // An empty table: the bout has no moves yet.
    let session = Session::<Durak>::new(Some(2), None).expect("a deal");
    let seat = session.game.current_player().expect("a seat to move");
    let worlds = Worlds::<Durak>::from_observation(&session.observation(seat)).unwrap();
    assert!(Inferred::new(&worlds, 0).is_none());
    // A table of three: no model.
    let mut table = Session::<Durak>::seated(Some(2), None, 3).expect("a deal");
    let seat = table.game.current_player().expect("a seat to move");
    let low = lowest(table.game.hands[seat]);
    table
        .play(&format!("attack:{}", crate::durak::DECK.name_of(low)))
        .unwrap();
    let defender = table.game.current_player().expect("the defender");
    let worlds = Worlds::<Durak>::from_observation(&table.observation(defender)).unwrap();
    assert!(Inferred::new(&worlds, 0).is_none());
}

/// A Schnapsen position some tricks after the stock was closed, cards
/// still in it, the observer to move: the worlds of its observation. (Once
/// the stock has run out nothing is hidden.)
fn quiet_schnapsen(seed: u64) -> Option<Worlds<Schnapsen>> {
    let mut session = Session::<Schnapsen>::new(Some(seed), None).expect("a deal");
    let mut rng = SplitMix64::new(seed);
    while !session.game.is_over() {
        let game = &session.game;
        let hidden = game.stock_end - game.stock_top >= 2;
        if game.closed.is_some() && hidden && game.stretch_len() >= 3 && game.n_deals == 0 {
            let seat = game.current_player()?;
            return Worlds::from_observation(&session.observation(seat)).ok();
        }
        continue_play(&mut session, &mut rng);
    }
    None
}

#[test]
fn schnapsen_worlds_are_weighed_by_the_tricks_since_the_last_draw() {
    let mut weighed_any = 0;
    for seed in 0..40 {
        let Some(worlds) = quiet_schnapsen(seed) else {
            continue;
        };
        let Some(weighed) = Inferred::new(&worlds, 2) else {
            continue;
        };
        weighed_any += 1;
        assert!(weighed.effective_size() < POOL as f64);
        let template = worlds.template();
        let (seat, opponent) = (worlds.seat(), 1 - worlds.seat());
        let mut rng = SplitMix64::new(seed);
        for _ in 0..100 {
            let world = weighed.sample(&mut rng);
            assert_eq!(world.hands[seat], template.hands[seat]);
            let theirs = world.hands[opponent];
            assert_eq!(theirs.count_ones(), template.hands[opponent].count_ones());
            assert_eq!(theirs & template.known[opponent], template.known[opponent]);
            assert_eq!(theirs & !template.known[opponent] & !worlds.allowed, 0);
            assert_eq!(world.stock_top, template.stock_top);
        }
    }
    assert!(weighed_any >= 10, "{weighed_any} positions weighed");
}
