//! The soak: many random games with every invariant checked after every
//! move, for the hardening runs of `benches/soak.py`.
//!
//! Each move is chosen uniformly from `legal_moves`, and around it the run
//! checks what play must never break:
//!
//! * `Game::check_invariants` after every move: every check `from_value`
//!   makes on a state dict, plus the fields the core keeps for speed;
//! * the legal moves: none once the game is over, some while it is on,
//!   each spelled canonically and parsed back to itself, and the playout
//!   move (`random_move`) always one of them;
//! * once per game, at a random move, and at the end: the state dict
//!   written, read back (`from_value`) and written again is the same
//!   position and the same JSON; play goes on from the copy read back.
//!
//! Game `i` is dealt from a seed derived from the run's seed and `i` alone,
//! so a violation names a game that can be replayed on its own.

use crate::cards::Card;
use crate::game::{Game, MoveList, Record, State};
use crate::limits::MAX_THREADS;
use crate::rng::{shuffle, SplitMix64};
use crate::simulate::Batch;
use std::sync::atomic::{AtomicBool, Ordering};

/// What a soak run came to.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SoakReport {
    /// Games played to their end with every check passed.
    pub games: u64,
    /// Moves played (and checked) in those games.
    pub moves: u64,
    /// State round trips checked.
    pub round_trips: u64,
    /// The first violation found, if any: game, seed, move and what broke.
    pub violation: Option<String>,
}

/// The deal seed of game `index` of a run seeded with `seed`.
pub fn soak_seed(seed: u64, index: u64) -> u64 {
    SplitMix64::new(seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15)).next()
}

fn deal<G: State>(deal_seed: u64, players: usize) -> (G, Record) {
    let mut rng = SplitMix64::new(deal_seed);
    let mut order: Vec<Card> = (0..G::DECK.len() as Card).collect();
    shuffle(&mut order, &mut rng);
    let game = G::deal_seats(&order, rng, players);
    let record = Record {
        seed: Some(deal_seed),
        deck: order,
        history: Vec::new(),
    };
    (game, record)
}

/// The legal moves, checked: none once over, some while playing, each
/// spelled canonically, distinct, and the playout move among them.
fn checked_moves<G: Game>(
    game: &G,
    list: &mut MoveList<G::Move>,
    rng: &mut SplitMix64,
) -> Result<(), String> {
    game.legal_moves(list);
    let over = game.current_player().is_none();
    if over != list.is_empty() || over != game.is_over() {
        return Err(format!(
            "{} legal moves, current player {:?}, is_over {}",
            list.len(),
            game.current_player(),
            game.is_over()
        ));
    }
    for (i, &mv) in list.as_slice().iter().enumerate() {
        let name = G::move_name(mv);
        if G::parse_move(&name) != Some(mv) {
            return Err(format!("legal move {name:?} does not parse back"));
        }
        if list.as_slice()[..i].contains(&mv) {
            return Err(format!("legal move {name:?} listed twice"));
        }
    }
    if !over {
        let playout = game.random_move(rng);
        if !list.as_slice().contains(&playout) {
            return Err(format!(
                "random_move gave {:?}, not a legal move",
                G::move_name(playout)
            ));
        }
    }
    Ok(())
}

/// Write the state, read it back, write it again: the same position and
/// the same JSON. Returns the copy read back.
fn round_trip<G: State + PartialEq>(game: &G, record: &Record) -> Result<G, String> {
    let value = game.to_value(record);
    let (back, back_record) =
        G::from_value(&value).map_err(|e| format!("its own state dict is refused: {e}"))?;
    if back != *game || back_record != *record {
        return Err("the state read back is another position".to_owned());
    }
    if back.to_value(&back_record) != value {
        return Err("the state read back writes another dict".to_owned());
    }
    Ok(back)
}

/// Play game `index` of the run to its end, checking everything.
fn soak_one<G: State + PartialEq>(seed: u64, index: u64, players: usize, report: &mut SoakReport) {
    let deal_seed = soak_seed(seed, index);
    let (mut game, mut record) = deal::<G>(deal_seed, players);
    let mut chooser = SplitMix64::new(deal_seed ^ 0x5851_F42D_4C95_7F2D);
    // One round trip at a random move of the first 40 (a shorter game gets
    // its round trip at the end only).
    let trip_at = chooser.below(40);
    let mut list = MoveList::new();
    let mut moves = 0u64;
    let fail = |moves: u64, record: &Record, what: String| {
        format!(
            "{} game {index} (deal seed {deal_seed}), after move {moves} ({}): {what}",
            G::ID,
            record.history.join(" ")
        )
    };
    let result = (|| -> Result<(), String> {
        game.check_invariants()
            .map_err(|e| format!("the deal breaks an invariant: {e}"))?;
        loop {
            checked_moves(&game, &mut list, &mut chooser)?;
            if list.is_empty() {
                break;
            }
            if moves == trip_at {
                game = round_trip(&game, &record)?;
                report.round_trips += 1;
            }
            let mv = list.as_slice()[chooser.below(list.len() as u64) as usize];
            game.apply(mv);
            record.history.push(G::move_name(mv));
            moves += 1;
            game.check_invariants().map_err(|e| e.to_string())?;
        }
        round_trip(&game, &record)?;
        report.round_trips += 1;
        Ok(())
    })();
    match result {
        Ok(()) => {
            report.games += 1;
            report.moves += moves;
        }
        Err(what) => report.violation = Some(fail(moves, &record, what)),
    }
}

/// Play `games` random games of `G` at `players` seats on `threads`
/// threads (at least one), checking every move; stops at the first
/// violation.
pub fn soak<G: State + PartialEq>(
    games: u64,
    seed: u64,
    threads: usize,
    players: usize,
) -> SoakReport {
    let threads = (threads as u64).clamp(1, MAX_THREADS);
    let stop = AtomicBool::new(false);
    let run = |worker: u64| {
        let mut report = SoakReport::default();
        let mut index = worker;
        while index < games && !stop.load(Ordering::Relaxed) {
            soak_one::<G>(seed, index, players, &mut report);
            if report.violation.is_some() {
                stop.store(true, Ordering::Relaxed);
                break;
            }
            index += threads;
        }
        report
    };
    let run = &run;
    let reports: Vec<SoakReport> = std::thread::scope(|scope| {
        let handles: Vec<_> = (1..threads)
            .map(|worker| scope.spawn(move || run(worker)))
            .collect();
        let mut reports = vec![run(0)];
        for handle in handles {
            reports.push(handle.join().unwrap_or_else(|_| SoakReport {
                violation: Some(format!("{}: a soak thread panicked", G::ID)),
                ..SoakReport::default()
            }));
        }
        reports
    });
    let mut total = SoakReport::default();
    for report in reports {
        total.games += report.games;
        total.moves += report.moves;
        total.round_trips += report.round_trips;
        if total.violation.is_none() {
            total.violation = report.violation;
        }
    }
    total
}

impl Batch {
    /// The batch's random games, every move checked.
    pub fn soak(&self) -> SoakReport {
        let Self {
            games,
            seed,
            threads,
            players,
            ..
        } = *self;
        crate::for_game!(self.game, G => soak::<G>(games, seed, threads, players))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::durak::Durak;
    use crate::perevodnoy::Perevodnoy;
    use crate::schnapsen::Schnapsen;

    #[test]
    fn a_short_soak_is_clean() {
        for report in [
            soak::<Durak>(200, 1, 2, 2),
            soak::<Perevodnoy>(200, 2, 2, 2),
            soak::<Durak>(60, 7, 2, 4),
            soak::<Perevodnoy>(60, 8, 2, 6),
            soak::<Schnapsen>(100, 3, 2, 2),
        ] {
            assert_eq!(report.violation, None);
            assert!(report.round_trips > report.games);
            assert!(report.moves > 20 * report.games);
        }
        assert_eq!(soak::<Durak>(10, 4, 3, 2).games, 10);
    }

    #[test]
    fn check_invariants_finds_a_broken_position() {
        let (durak, _) = deal::<Durak>(5, 2);
        assert_eq!(durak.check_invariants(), Ok(()));
        let breaks: [fn(&mut Durak); 5] = [
            |g| g.table_set |= 1,
            |g| g.hands[0] |= g.hands[1] & g.hands[1].wrapping_neg(),
            |g| g.limit -= 1,
            |g| g.discard |= 1 << 40,
            |g| g.known[1] = g.hands[0],
        ];
        for spoil in breaks {
            let mut broken = durak;
            spoil(&mut broken);
            assert!(broken.check_invariants().is_err(), "{broken:?}");
        }
        let (schnapsen, _) = deal::<Schnapsen>(6, 2);
        assert_eq!(schnapsen.check_invariants(), Ok(()));
        let breaks: [fn(&mut Schnapsen); 4] = [
            |g| g.card_points[0] += 1,
            |g| g.leader ^= 1,
            |g| g.match_points[1] -= 1,
            |g| g.hands[0] |= g.hands[1] & g.hands[1].wrapping_neg(),
        ];
        for spoil in breaks {
            let mut broken = schnapsen.clone();
            spoil(&mut broken);
            assert!(broken.check_invariants().is_err(), "{broken:?}");
        }
    }
}
