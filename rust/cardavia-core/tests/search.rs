//! The search: worlds agree with what the seat knows, the tree search is
//! deterministic and legal, and the endgame solver finds forced wins.

use cardavia_core::cards::{cards, CardSet};
use cardavia_core::durak::Durak;
use cardavia_core::game::{legal_move_names, Game, State};
use cardavia_core::perevodnoy::Perevodnoy;
use cardavia_core::rng::SplitMix64;
use cardavia_core::schnapsen::Schnapsen;
use cardavia_core::search::endgame::{solve_endgame, solve_exact};
use cardavia_core::search::ismcts::{search, Budget, Config};
use cardavia_core::search::{decide, durak, level, Determinize, Endgame, Resample, Worlds};
use cardavia_core::session::Session;
use serde_json::Value;

fn config(iterations: u64, seed: u64) -> Config {
    Config {
        budget: Budget {
            iterations: Some(iterations),
            time: None,
        },
        seed,
        ..Config::default()
    }
}

/// Play `moves` random moves from a seeded deal.
fn advanced<G: Resample + State>(seed: u64, moves: usize) -> G {
    let mut game = Session::<G>::new(Some(seed), None).unwrap().game;
    let mut rng = SplitMix64::new(seed);
    for _ in 0..moves {
        if game.is_over() {
            break;
        }
        let mv = game.random_move(&mut rng);
        game.apply(mv);
    }
    game
}

fn observation<G: State>(game: &G, seat: usize) -> Value {
    let record = cardavia_core::game::Record {
        seed: None,
        deck: (0..G::DECK.len() as u8).collect(),
        history: Vec::new(),
    };
    game.observation(seat, &record)
}

#[test]
fn durak_worlds_keep_everything_the_seat_sees() {
    for seed in 0..40 {
        let game: Durak = advanced(seed, 17);
        let Some(seat) = game.current_player() else {
            continue;
        };
        let seen = observation(&game, seat);
        let worlds = Worlds::new(game, seat, u64::MAX).unwrap();
        let mut rng = SplitMix64::new(seed);
        let mut differed = false;
        for _ in 0..20 {
            let world = worlds.sample(&mut rng);
            let view = observation(&world, seat);
            // The observer's view of every world is its own observation.
            assert_eq!(view, seen, "seed {seed}");
            differed |= world.hand(1 - seat) != game.hand(1 - seat);
            let all = world.hand(0) | world.hand(1) | world.discard() | world.table_cards();
            let stock: CardSet = world.stock().iter().map(|&c| 1u64 << c).sum();
            assert_eq!(all | stock, Durak::DECK.full());
            assert_eq!((all & stock), 0);
        }
        let hidden = game.hand(1 - seat) & !game.known(1 - seat);
        if hidden != 0 && game.stock_len() > 1 {
            assert!(differed, "seed {seed}: the hidden cards are dealt anew");
        }
    }
}

#[test]
fn schnapsen_worlds_respect_the_allowed_cards() {
    for seed in 0..40 {
        let game: Schnapsen = advanced(seed, 3);
        let Some(seat) = game.current_player() else {
            continue;
        };
        let other = 1 - seat;
        let hidden = game.hand(other) & !game.known(other);
        // Forbid one suit the opponent does not hold in the true deal.
        let forbidden = (0..4)
            .map(|s| Schnapsen::DECK.suit_set(s))
            .find(|&set| set & game.hand(other) == 0);
        let Some(forbidden) = forbidden else { continue };
        let worlds = Worlds::new(game.clone(), seat, !forbidden).unwrap();
        let seen = observation(&game, seat);
        let mut rng = SplitMix64::new(seed);
        for _ in 0..20 {
            let world = worlds.sample(&mut rng);
            assert_eq!(observation(&world, seat), seen);
            assert_eq!(world.hand(other) & forbidden & !game.known(other), 0);
            assert_eq!(
                (world.hand(other) & !world.known(other)).count_ones(),
                hidden.count_ones()
            );
        }
    }
}

#[test]
fn impossible_constraints_are_refused() {
    let game: Schnapsen = advanced(1, 0);
    let seat = game.current_player().unwrap();
    assert!(Worlds::new(game.clone(), seat, 0).is_none());
    assert!(Worlds::new(game, 1 - seat, u64::MAX).is_none());
}

#[test]
fn search_is_deterministic_and_legal() {
    for seed in 0..6 {
        let game: Perevodnoy = advanced(seed, 9);
        let Some(seat) = game.current_player() else {
            continue;
        };
        let legal = legal_move_names(&game);
        let worlds = Worlds::new(game, seat, u64::MAX).unwrap();
        let a = search(&worlds, &config(3_000, seed));
        let b = search(&worlds, &config(3_000, seed));
        assert_eq!(a, b);
        assert_eq!(a.iterations, 3_000);
        let visits: u64 = a.moves.iter().map(|m| m.visits).sum();
        assert_eq!(visits, 3_000);
        for stats in &a.moves {
            assert!(legal.contains(&Perevodnoy::move_name(stats.mv)));
            assert!((0.0..=1.0).contains(&stats.value));
        }
        let two = search(
            &worlds,
            &Config {
                threads: 2,
                ..config(3_000, seed)
            },
        );
        assert_eq!(two.iterations, 3_000);
    }
}

#[test]
fn settling_stops_early_with_the_same_best_move() {
    let mut stopped_early = 0;
    for seed in 0..12 {
        let game: Durak = advanced(seed, 4 + seed as usize);
        let Some(seat) = game.current_player() else {
            continue;
        };
        let worlds = Worlds::new(game, seat, u64::MAX).unwrap();
        let full = search(&worlds, &config(4_000, seed));
        let settled = search(
            &worlds,
            &Config {
                settle: true,
                ..config(4_000, seed)
            },
        );
        assert_eq!(settled.best(), full.best());
        assert!(settled.iterations <= full.iterations);
        // The settled search is the full one cut short: its best move led by
        // more than the iterations it did not run.
        let lead = settled.moves[0].visits - settled.moves.get(1).map_or(0, |m| m.visits);
        if settled.iterations < 4_000 {
            assert!(lead > 4_000 - settled.iterations);
            stopped_early += 1;
        }
    }
    assert!(stopped_early > 0, "no search settled early");
}

#[test]
fn exhausted_schnapsen_is_solved_exactly() {
    // Play seeded random deals until the stock is exhausted with several
    // cards left; the solver's verdict must equal a full minimax.
    let mut checked = 0;
    for seed in 0..200 {
        let mut game = Session::<Schnapsen>::new(Some(seed), None).unwrap().game;
        let mut rng = SplitMix64::new(seed);
        while !game.is_over() && (game.indicator().is_some() || game.closed().is_some()) {
            let mv = game.random_move(&mut rng);
            game.apply(mv);
        }
        if game.is_over() || game.lead().is_some() || game.closed().is_some() {
            continue;
        }
        let seat = game.current_player().unwrap();
        let worlds = Worlds::new(game.clone(), seat, u64::MAX).unwrap();
        assert_eq!(worlds.endgame(), Endgame::Perfect);
        let result = decide(&worlds, &config(1_000, 0));
        assert_eq!(result.iterations, 1, "one world is the truth");
        let best = result.moves[0].value;
        let deals = game.deals_finished();
        let mut brute = 0.0f64;
        for mv in cards(game.hand(seat)).filter_map(|c| {
            let name = format!("play:{}", Schnapsen::DECK.name_of(c));
            Schnapsen::parse_move(&name).filter(|m| {
                let mut list = cardavia_core::game::MoveList::new();
                game.legal_moves(&mut list);
                list.as_slice().contains(m)
            })
        }) {
            let mut child = game.clone();
            child.apply(mv);
            brute = brute.max(minimax(&child, seat, deals));
        }
        assert!(best + 1e-6 >= brute, "seed {seed}: {best} < {brute}");
        checked += 1;
    }
    assert!(checked > 20, "enough endgames reached: {checked}");
}

/// The value at the end of the deal is the chance to win the match.
fn minimax(game: &Schnapsen, seat: usize, deals: u32) -> f64 {
    if game.deals_finished() > deals || game.is_over() {
        let equity = game.match_equity();
        return if seat == 0 { equity } else { 1.0 - equity };
    }
    let mut list = cardavia_core::game::MoveList::new();
    game.legal_moves(&mut list);
    let values = list.as_slice().iter().map(|&mv| {
        let mut child = game.clone();
        child.apply(mv);
        minimax(&child, seat, deals)
    });
    if game.current_player() == Some(seat) {
        values.fold(0.0, f64::max)
    } else {
        values.fold(1.0, f64::min)
    }
}

/// A seeded perevodnoy game played at random until the stock is empty and
/// at most `cards` remain in the hands, with the seat to move; `None` if
/// the game ended first.
fn endgame_of(seed: u64, cards: u32) -> Option<(Perevodnoy, usize)> {
    let mut game = Session::<Perevodnoy>::new(Some(seed), None).unwrap().game;
    let mut rng = SplitMix64::new(seed);
    while !game.is_over()
        && (game.stock_len() > 0 || game.hand(0).count_ones() + game.hand(1).count_ones() > cards)
    {
        let mv = game.random_move(&mut rng);
        game.apply(mv);
    }
    Some((game, game.current_player()?))
}

#[test]
fn a_time_budget_bounds_the_endgame_solve() {
    // With no time left, an endgame still solves exactly if it needs fewer
    // nodes than the solver's clock interval; a larger one gives up and the
    // tree search answers with its minimum of iterations. Only positions
    // solved exactly without a time budget are taken.
    let no_time = Config {
        budget: Budget {
            iterations: None,
            time: Some(std::time::Duration::ZERO),
        },
        ..Config::default()
    };
    let (mut solved, mut fell_back) = (0, 0);
    for seed in 0..300 {
        if solved >= 3 && fell_back >= 3 {
            break;
        }
        let Some((game, seat)) = endgame_of(seed, 10) else {
            continue;
        };
        let worlds = Worlds::new(game, seat, u64::MAX).unwrap();
        if worlds.endgame() != Endgame::Perfect {
            continue;
        }
        if decide(&worlds, &config(1_000, 0)).iterations != 1 {
            continue; // past the node limit even with all the time in the world
        }
        let result = decide(&worlds, &no_time);
        let legal = legal_move_names(&game);
        let best = Perevodnoy::move_name(result.moves[0].mv);
        assert!(
            legal.contains(&best),
            "seed {seed}: {best} not in {legal:?}"
        );
        match result.iterations {
            1 => solved += 1,
            n => {
                assert!((32..1_000).contains(&n), "seed {seed}: {n} iterations");
                fell_back += 1;
            }
        }
    }
    assert!(
        solved > 0 && fell_back > 0,
        "{solved} solved, {fell_back} fell back"
    );
}

/// The exact value for `seat` of a Durak position, from whichever seat is to move.
fn exact_value(game: Perevodnoy, seat: usize) -> Option<f64> {
    if game.is_over() {
        return Some(match game.winner() {
            Some(w) if w == seat => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        });
    }
    let mover = game.current_player()?;
    let worlds = Worlds::new(game, mover, u64::MAX)?;
    let result = decide(&worlds, &config(1_000, 0));
    if result.iterations != 1 {
        return None; // not solved exactly
    }
    let best = result.moves[0].value;
    Some(if mover == seat { best } else { 1.0 - best })
}

#[test]
fn a_lost_endgame_leaves_the_opponent_the_most_ways_to_go_wrong() {
    let mut checked = 0;
    let mut with_chances = 0;
    for seed in 0..400 {
        if checked >= 12 && with_chances >= 3 {
            break;
        }
        let Some((game, seat)) = endgame_of(seed, 8) else {
            continue;
        };
        let worlds = Worlds::new(game, seat, u64::MAX).unwrap();
        let result = decide(&worlds, &config(1_000, 0));
        if result.iterations != 1 || result.moves[0].value > 0.0 {
            continue; // not solved, or not lost
        }
        // For every move: the share of the opponent's replies that would
        // let `seat` escape, when the opponent is the one to answer.
        let mut shares = Vec::new();
        for stats in &result.moves {
            let mut child = game;
            child.apply(stats.mv);
            if child.is_over() || child.current_player() == Some(seat) {
                shares.clear();
                break;
            }
            let mut replies = cardavia_core::game::MoveList::new();
            child.legal_moves(&mut replies);
            let mut saved = 0;
            for &reply in replies.as_slice() {
                let mut next = child;
                next.apply(reply);
                match exact_value(next, seat) {
                    Some(v) if v > 0.0 => saved += 1,
                    Some(_) => {}
                    None => {
                        shares.clear();
                        break;
                    }
                }
            }
            shares.push(f64::from(saved) / replies.len() as f64);
        }
        if shares.len() != result.moves.len() {
            continue; // a move keeps the turn, or a reply is unsolved
        }
        let most = shares.iter().copied().fold(0.0, f64::max);
        assert_eq!(shares[0], most, "seed {seed}: {shares:?}");
        checked += 1;
        if most > 0.0 {
            with_chances += 1;
        }
    }
    assert!(
        checked >= 12 && with_chances >= 3,
        "{checked} lost endgames, {with_chances} with chances"
    );
}

#[test]
fn sampled_endgames_solve_the_same_worlds_on_any_number_of_threads() {
    // Schnapsen with the stock closed: the opponent's hand and the stock
    // are hidden, so the solve averages over sampled worlds, shared out
    // among the threads by their own seeds.
    let mut checked = 0;
    for seed in 0..60 {
        let mut game = Session::<Schnapsen>::new(Some(seed), None).unwrap().game;
        let mut rng = SplitMix64::new(seed);
        while !game.is_over() && game.tricks().len() < 2 {
            let mv = game.random_move(&mut rng);
            game.apply(mv);
        }
        let Some(seat) = game.current_player() else {
            continue;
        };
        let worlds = Worlds::new(game, seat, u64::MAX).unwrap();
        if worlds.endgame() != Endgame::Hidden {
            continue;
        }
        let one = decide(&worlds, &config(4_000, seed));
        let two = decide(
            &worlds,
            &Config {
                threads: 2,
                ..config(4_000, seed)
            },
        );
        assert_eq!(one.iterations, 20, "4,000 iterations buy 20 worlds");
        assert_eq!(one, two, "seed {seed}");
        checked += 1;
    }
    assert!(checked > 10, "{checked}");
}

/// Worlds whose every world but the first panics as it is dealt: a bug in
/// a solver's worker thread.
struct Panicky {
    worlds: Worlds<Schnapsen>,
    first: u64,
}

impl Determinize for Panicky {
    type Game = Schnapsen;

    fn seat(&self) -> usize {
        self.worlds.seat()
    }

    fn sample(&self, rng: &mut SplitMix64) -> Schnapsen {
        assert_eq!(rng.state, self.first, "a bug in a worker");
        self.worlds.deal(rng)
    }
}

#[test]
fn a_panicking_endgame_worker_is_raised_not_taken_for_a_large_endgame() {
    let (seat, game) = (0..60)
        .find_map(|seed| {
            let mut game = Session::<Schnapsen>::new(Some(seed), None).unwrap().game;
            let mut rng = SplitMix64::new(seed);
            while !game.is_over() && game.tricks().len() < 2 {
                let mv = game.random_move(&mut rng);
                game.apply(mv);
            }
            let seat = game.current_player()?;
            (game.endgame(seat) == Endgame::Hidden).then_some((seat, game))
        })
        .expect("a closed Schnapsen endgame");
    let config = Config {
        threads: 2,
        ..config(4_000, 5)
    };
    let panicky = Panicky {
        worlds: Worlds::new(game, seat, u64::MAX).unwrap(),
        first: config.seed,
    };
    let solved = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        solve_endgame(&panicky, &config, Endgame::Hidden)
    }));
    assert!(solved.is_err(), "the worker's panic reaches the caller");
}

/// A seeded classic Durak game played at random until the stock is empty
/// and exactly `cards` remain in the hands, with the seat to move.
fn durak_endgame_of(seed: u64, cards: u32) -> Option<(Durak, usize)> {
    let mut game = Session::<Durak>::new(Some(seed), None).unwrap().game;
    let mut rng = SplitMix64::new(seed);
    let left = |g: &Durak| g.hand(0).count_ones() + g.hand(1).count_ones();
    while !game.is_over() && (game.stock_len() > 0 || left(&game) > cards) {
        let mv = game.random_move(&mut rng);
        game.apply(mv);
    }
    (left(&game) == cards).then_some(())?;
    Some((game, game.current_player()?))
}

#[test]
fn a_sixteen_card_durak_endgame_is_played_exactly() {
    // Exact play starts with 16 cards in the hands. For play, `decide`
    // proves only the best move (one exact solve, one iteration): its value
    // is the position's exact value (the best any move can do), and the
    // move keeps it: no better move was passed over. Positions whose
    // solve is small are taken, so that the test stays quick unoptimised.
    assert_eq!(durak::ENDGAME_CARDS, 16);
    let normal = level("normal").unwrap();
    let play = Config {
        settle: true,
        ..config(normal.iterations, 0)
    };
    let mut checked = 0;
    for seed in 1..300 {
        if checked >= 3 {
            break;
        }
        let Some((game, seat)) = durak_endgame_of(seed, 16) else {
            continue;
        };
        let Some((exact, _)) = solve_exact(&game, seat, 300_000) else {
            continue;
        };
        let worlds = Worlds::new(game, seat, u64::MAX).unwrap();
        if worlds.endgame() != Endgame::Perfect {
            continue; // cards on the table count too: more than 16 in play
        }
        let result = decide(&worlds, &play);
        assert_eq!(result.iterations, 1, "seed {seed}: not solved exactly");
        let best = &result.moves[0];
        assert_eq!(best.value as f32, exact, "seed {seed}");
        let mut after = game;
        after.apply(best.mv);
        let (kept, _) = solve_exact(&after, seat, 1_000_000).unwrap();
        assert_eq!(
            kept, exact,
            "seed {seed}: the chosen move gives the value up"
        );
        checked += 1;
    }
    assert_eq!(checked, 3, "too few small 16-card endgames");
}
