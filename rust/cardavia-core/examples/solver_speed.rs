//! Nodes per second of the exact endgame solver, on Durak and perevodnoy
//! endgames of a given size reached by seeded random play.
//!
//!     cargo run --release --example solver_speed -- 12 14 16
//!     cargo run --release --example solver_speed -- play 16
//!
//! `play N`: how many endgames of N cards each level's budget solves
//! exactly, for play (only the best move proven) and for analysis (every
//! move's value), and the seconds that takes.
//!
//! For each size: the positions solved, their median nodes and the nodes
//! per second over all of them (positions past the node limit are counted
//! as given up).

use cardavia_core::durak::DurakRules;
use cardavia_core::game::Game;
use cardavia_core::rng::SplitMix64;
use cardavia_core::search::endgame::solve_exact;
use cardavia_core::session::Session;
use std::time::Instant;

/// A seeded game played at random until the stock is empty and at most
/// `cards` remain in the hands, with a seat to move.
fn endgame<const T: bool>(seed: u64, cards: u32) -> Option<(DurakRules<T>, usize)> {
    let mut game = Session::<DurakRules<T>>::new(Some(seed), None).ok()?.game;
    let mut rng = SplitMix64::new(seed);
    while !game.is_over()
        && (game.stock_len() > 0 || game.hand(0).count_ones() + game.hand(1).count_ones() > cards)
    {
        let mv = game.random_move(&mut rng);
        game.apply(mv);
    }
    let seat = game.current_player()?;
    let left = game.hand(0).count_ones() + game.hand(1).count_ones();
    (left + 2 >= cards).then_some((game, seat))
}

fn measure<const T: bool>(cards: u32, positions: usize, limit: u64) {
    let (mut nodes, mut solved, mut gave_up, mut sizes) = (0u64, 0usize, 0usize, Vec::new());
    let started = Instant::now();
    let mut seed = 0;
    while solved + gave_up < positions {
        seed += 1;
        let Some((game, seat)) = endgame::<T>(seed, cards) else {
            continue;
        };
        match solve_exact(&game, seat, limit) {
            Some((_, n)) => {
                nodes += n;
                solved += 1;
                sizes.push(n);
            }
            None => {
                nodes += limit;
                gave_up += 1;
            }
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    sizes.sort_unstable();
    let at = |q: f64| {
        sizes
            .get(((sizes.len() as f64 - 1.0) * q) as usize)
            .copied()
            .unwrap_or(0)
    };
    println!(
        "{:<11} {cards:>2} cards: {solved:>3} solved, {gave_up:>3} over {limit} nodes; \
         nodes median {:>9}, 90% {:>9}; {:>10.0} nodes/s",
        DurakRules::<T>::ID,
        at(0.5),
        at(0.9),
        nodes as f64 / seconds
    );
}

/// Schnapsen deals with everything visible, from the `tricks`-th trick of
/// the first deal (the stock still open): how large an exact solve is.
fn schnapsen(tricks: usize, positions: usize, limit: u64) {
    use cardavia_core::schnapsen::Schnapsen;
    let (mut nodes, mut solved, mut sizes) = (0u64, 0usize, Vec::new());
    let started = Instant::now();
    for seed in 0..positions as u64 {
        let mut game = Session::<Schnapsen>::new(Some(seed), None).unwrap().game;
        let mut rng = SplitMix64::new(seed);
        while game.tricks().len() < tricks || game.lead().is_some() {
            let mv = game.random_move(&mut rng);
            game.apply(mv);
        }
        let seat = game.current_player().unwrap();
        if let Some((_, n)) = solve_exact(&game, seat, limit) {
            nodes += n;
            solved += 1;
            sizes.push(n);
        } else {
            nodes += limit;
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    sizes.sort_unstable();
    let at = |q: f64| {
        sizes
            .get(((sizes.len() as f64 - 1.0) * q) as usize)
            .copied()
            .unwrap_or(0)
    };
    println!(
        "schnapsen after {tricks} tricks: {solved}/{positions} solved; nodes median {:>9}, \
         90% {:>9}; {:>10.0} nodes/s",
        at(0.5),
        at(0.9),
        nodes as f64 / seconds
    );
}

/// Endgames of `cards` that `decide` solves exactly (one iteration) at
/// `iterations`, for play (`settle`) and for analysis.
fn play<const T: bool>(cards: u32, positions: usize, iterations: u64) {
    use cardavia_core::search::ismcts::{Budget, Config};
    use cardavia_core::search::{decide, Worlds};
    for settle in [true, false] {
        let config = Config {
            budget: Budget {
                iterations: Some(iterations),
                time: None,
            },
            settle,
            ..Config::default()
        };
        let (mut solved, mut seen, mut seconds) = (0, 0, Vec::new());
        let mut seed = 0;
        while seen < positions {
            seed += 1;
            let Some((game, seat)) = endgame::<T>(seed, cards) else {
                continue;
            };
            let Some(worlds) = Worlds::new(game, seat, u64::MAX) else {
                continue;
            };
            seen += 1;
            let started = Instant::now();
            if decide(&worlds, &config).iterations == 1 {
                solved += 1;
            }
            seconds.push(started.elapsed().as_secs_f64());
        }
        seconds.sort_by(f64::total_cmp);
        println!(
            "{:<11} {cards:>2} cards, {iterations} iterations, {}: {solved}/{positions} solved \
             exactly; seconds median {:.3}, max {:.3}",
            DurakRules::<T>::ID,
            if settle { "play" } else { "analysis" },
            seconds[seconds.len() / 2],
            seconds[seconds.len() - 1]
        );
    }
}

fn main() {
    if std::env::args().nth(1).as_deref() == Some("play") {
        let cards = std::env::args()
            .nth(2)
            .and_then(|a| a.parse().ok())
            .unwrap_or(16);
        // The budgets of `normal` and `hard`, or the one named.
        let only = std::env::args().nth(3);
        let levels: Vec<_> = cardavia_core::search::LEVELS[1..]
            .iter()
            .filter(|l| only.as_deref().unwrap_or(l.name) == l.name)
            .collect();
        for level in levels {
            play::<false>(cards, 40, level.iterations);
            play::<true>(cards, 40, level.iterations);
        }
        return;
    }
    if std::env::args().nth(1).as_deref() == Some("schnapsen") {
        for tricks in [0, 1, 2, 3, 4] {
            schnapsen(tricks, 30, 20_000_000);
        }
        return;
    }
    let sizes: Vec<u32> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let sizes = if sizes.is_empty() {
        vec![12, 14, 16]
    } else {
        sizes
    };
    for cards in sizes {
        measure::<false>(cards, 40, 5_000_000);
        measure::<true>(cards, 40, 5_000_000);
    }
}
