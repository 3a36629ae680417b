//! Criterion benches of the core: move generation at fixed positions,
//! random playouts, one ISMCTS search, and the exact endgame solver's
//! nodes per second.
//!
//!     cargo bench -p cardavia-core
//!
//! The positions are reached by playing seeded random moves from seeded
//! deals, so every run measures the same positions.

use cardavia_core::cards::Card;
use cardavia_core::durak::Durak;
use cardavia_core::game::{Game, MoveList};
use cardavia_core::perevodnoy::Perevodnoy;
use cardavia_core::rng::{shuffle, SplitMix64};
use cardavia_core::schnapsen::Schnapsen;
use cardavia_core::search::endgame::solve_exact;
use cardavia_core::search::ismcts::{search, Budget, Config};
use cardavia_core::search::Worlds;
use cardavia_core::session::Session;
use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use std::hint::black_box;

/// Deal game `seed` as the batch simulator does: shuffle the canonical
/// order with SplitMix64, deal, keep the generator for later deals.
fn deal<G: Game>(seed: u64) -> G {
    let mut rng = SplitMix64::new(seed);
    let mut order: Vec<Card> = (0..G::DECK.len() as Card).collect();
    shuffle(&mut order, &mut rng);
    G::deal(&order, rng)
}

/// The position after `plies` seeded random moves (fewer if the game ends).
fn position<G: Game>(seed: u64, plies: usize) -> G {
    let mut game = deal::<G>(seed);
    let mut rng = SplitMix64::new(seed ^ 0xA5A5_A5A5);
    for _ in 0..plies {
        if game.is_over() {
            break;
        }
        let mv = game.random_move(&mut rng);
        game.apply(mv);
    }
    game
}

/// `legal_moves` at the opening, early, middle and late positions.
fn bench_legal_moves<G: Game>(c: &mut Criterion) {
    let mut group = c.benchmark_group(format!("legal_moves/{}", G::ID));
    for plies in [0, 6, 20, 40] {
        let game = position::<G>(7, plies);
        assert!(
            !game.is_over(),
            "{} position {plies} must be playable",
            G::ID
        );
        let mut list = MoveList::new();
        game.legal_moves(&mut list);
        let id = format!("ply{plies}_{}moves", list.len());
        group.bench_function(id, |b| {
            b.iter(|| {
                let list = black_box(&mut list);
                list.clear();
                black_box(&game).legal_moves(list);
                black_box(&*list);
            })
        });
    }
    group.finish();
}

/// Deal and play a whole game (Schnapsen: a whole match) at random.
fn playout<G: Game>(seed: u64) -> u32 {
    let mut game = deal::<G>(seed);
    let mut rng = SplitMix64::new(seed ^ 0x5851_F42D_4C95_7F2D);
    let mut moves = 0;
    while !game.is_over() {
        let mv = game.random_move(&mut rng);
        game.apply(mv);
        moves += 1;
    }
    moves
}

fn bench_playouts<G: Game>(c: &mut Criterion) {
    let mut group = c.benchmark_group("playout");
    group.throughput(Throughput::Elements(1));
    let mut seed = 0u64;
    group.bench_function(G::ID, |b| {
        b.iter(|| {
            seed = seed.wrapping_add(1);
            black_box(playout::<G>(black_box(seed)))
        })
    });
    group.finish();
}

/// One search of 2,000 iterations, one thread, from the Durak opening.
fn bench_ismcts(c: &mut Criterion) {
    let session = match Session::<Durak>::new(Some(7), None) {
        Ok(session) => session,
        Err(error) => panic!("deal: {error}"),
    };
    let template = session.game;
    let seat = template.current_player().unwrap_or(0);
    let worlds = match Worlds::new(template, seat, Durak::DECK.full()) {
        Some(worlds) => worlds,
        None => panic!("the opening admits worlds"),
    };
    let config = Config {
        budget: Budget {
            iterations: Some(2_000),
            time: None,
        },
        seed: 1,
        threads: 1,
        ..Config::default()
    };
    let mut group = c.benchmark_group("ismcts");
    group.sample_size(20);
    group.bench_function("durak_opening_2000", |b| {
        b.iter_batched(
            || worlds.clone(),
            |worlds| black_box(search(&worlds, &config).iterations),
            BatchSize::SmallInput,
        )
    });
    group.finish();
}

/// The exact endgame solver on Durak endgames of 14 cards (stock empty)
/// reached by seeded random play: throughput in nodes per second.
fn bench_endgame(c: &mut Criterion) {
    let mut positions = Vec::new();
    let mut seed = 0;
    while positions.len() < 8 {
        seed += 1;
        let mut game = deal::<Durak>(seed);
        let mut rng = SplitMix64::new(seed ^ 0x5EED);
        while !game.is_over()
            && (game.stock_len() > 0 || game.hand(0).count_ones() + game.hand(1).count_ones() > 14)
        {
            let mv = game.random_move(&mut rng);
            game.apply(mv);
        }
        let Some(seat) = game.current_player() else {
            continue;
        };
        if let Some((_, nodes)) = solve_exact(&game, seat, 2_000_000) {
            if nodes > 10_000 {
                positions.push((game, seat, nodes));
            }
        }
    }
    let nodes: u64 = positions.iter().map(|&(_, _, n)| n).sum();
    let mut group = c.benchmark_group("endgame");
    group.sample_size(10);
    group.throughput(Throughput::Elements(nodes));
    group.bench_function("durak_14_cards_nodes", |b| {
        b.iter(|| {
            for (game, seat, _) in &positions {
                black_box(solve_exact(black_box(game), *seat, 2_000_000));
            }
        })
    });
    group.finish();
}

fn legal_moves(c: &mut Criterion) {
    bench_legal_moves::<Durak>(c);
    bench_legal_moves::<Perevodnoy>(c);
    bench_legal_moves::<Schnapsen>(c);
}

fn playouts(c: &mut Criterion) {
    bench_playouts::<Durak>(c);
    bench_playouts::<Perevodnoy>(c);
    bench_playouts::<Schnapsen>(c);
}

criterion_group!(benches, legal_moves, playouts, bench_ismcts, bench_endgame);
criterion_main!(benches);
