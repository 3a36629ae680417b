use cardavia_core::durak::DurakRules;
use cardavia_core::game::{Game, MoveList};
use cardavia_core::rng::SplitMix64;
use cardavia_core::session::Session;

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

/// Count nodes by depth of a plain minimax walk, up to a limit.
fn walk<const T: bool>(g: &DurakRules<T>, depth: usize, counts: &mut Vec<u64>, budget: &mut u64) {
    if *budget == 0 || g.is_over() {
        return;
    }
    *budget -= 1;
    if counts.len() <= depth {
        counts.resize(depth + 1, 0);
    }
    counts[depth] += 1;
    let mut list = MoveList::new();
    g.legal_moves(&mut list);
    for &mv in list.as_slice() {
        let mut c = *g;
        c.apply(mv);
        walk(&c, depth + 1, counts, budget);
    }
}

fn main() {
    let mut seed = 0;
    let mut shown = 0;
    while shown < 3 {
        seed += 1;
        let Some((game, seat)) = endgame::<true>(seed, 12) else {
            continue;
        };
        if cardavia_core::search::endgame::solve_exact(&game, seat, 5_000_000).is_some() {
            continue;
        }
        shown += 1;
        println!(
            "seed {seed}: hands {} / {}, idle {}",
            game.hand(0).count_ones(),
            game.hand(1).count_ones(),
            game.idle_bouts()
        );
        let mut counts = Vec::new();
        let mut budget = 3_000_000u64;
        walk(&game, 0, &mut counts, &mut budget);
        println!(
            "  depth profile (first 3M nodes of a plain walk): max depth {}",
            counts.len()
        );
        let deep: Vec<String> = counts
            .iter()
            .enumerate()
            .step_by(10)
            .map(|(d, n)| format!("{d}:{n}"))
            .collect();
        println!("  {}", deep.join(" "));
    }
}
