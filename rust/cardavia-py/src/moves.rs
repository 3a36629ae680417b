//! Legal moves as Python strings, fast: every move of a game is named once
//! per interpreter (a constant table, never stale), and a position's legal
//! moves are sorted by each name's precomputed rank among all names, which
//! is the API's order (ascending strings). Driving a game from Python calls
//! this once per move, so it avoids formatting, allocating and sorting
//! strings.

use cardavia_core::cards::Card;
use cardavia_core::durak::{DurakMove, DurakRules};
use cardavia_core::game::{Game, MoveList};
use cardavia_core::schnapsen::{Schnapsen, SchnapsenMove};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyList, PyString};

/// Every move of a game in one table; a conversion, not rules.
pub trait MoveTable: Game {
    /// Each move of the game exactly once.
    fn every_move() -> Vec<Self::Move>;
    /// The move's slot in `every_move()`'s table.
    fn slot(mv: Self::Move) -> usize;
    fn table(py: Python<'_>) -> &'static Table;
}

/// The names of a game's moves as Python strings, by slot; each slot's
/// rank among all names; and the slot of each rank.
pub struct Table {
    names: Vec<Py<PyString>>,
    ranks: Vec<u8>,
    slots: Vec<u8>,
}

/// Ranks are bits of a 128-bit set: sorting a position's moves is reading
/// the set's bits in order.
const MAX_SLOTS: usize = 128;

impl Table {
    fn build<G: MoveTable>(py: Python<'_>) -> Self {
        let moves = G::every_move();
        let size = moves.len();
        assert!(size <= MAX_SLOTS, "{}: too many moves for the table", G::ID);
        let mut text = vec![String::new(); size];
        for &mv in &moves {
            text[G::slot(mv)] = G::move_name(mv);
        }
        let mut slots: Vec<u8> = (0..size as u8).collect();
        slots.sort_by(|&a, &b| text[usize::from(a)].cmp(&text[usize::from(b)]));
        let mut ranks = vec![0u8; size];
        for (rank, &slot) in slots.iter().enumerate() {
            ranks[usize::from(slot)] = rank as u8;
        }
        Self {
            names: text
                .iter()
                .map(|t| PyString::intern(py, t).unbind())
                .collect(),
            ranks,
            slots,
        }
    }
}

/// `game`'s legal moves, sorted ascending, as a Python list of strings.
pub fn legal_list<'py, G: MoveTable>(py: Python<'py>, game: &G) -> PyResult<Bound<'py, PyList>> {
    let table = G::table(py);
    let mut list = MoveList::new();
    game.legal_moves(&mut list);
    let mut ranks: u128 = 0;
    for &mv in list.as_slice() {
        let Some(&rank) = table.ranks.get(G::slot(mv)) else {
            // Not in the table: a core bug; fall back to plain strings.
            return PyList::new(py, cardavia_core::game::legal_move_names(game));
        };
        ranks |= 1 << rank;
    }
    PyList::new(
        py,
        SetBits(ranks).map(|rank| table.names[usize::from(table.slots[rank])].bind(py)),
    )
}

/// The set bits of a 128-bit set, lowest first; exact length.
struct SetBits(u128);

impl Iterator for SetBits {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let bit = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(bit)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for SetBits {}

const DURAK_CARDS: Card = 36;
const SCHNAPSEN_CARDS: Card = 20;

/// A card's slot; far out of every table if it is not of the deck.
#[inline]
fn card_slot(card: Card, cards: Card) -> usize {
    if card < cards {
        usize::from(card)
    } else {
        usize::MAX / 2
    }
}

static DURAK_TABLES: [PyOnceLock<Table>; 2] = [PyOnceLock::new(), PyOnceLock::new()];
static SCHNAPSEN_TABLE: PyOnceLock<Table> = PyOnceLock::new();

impl<const TRANSFERS: bool> MoveTable for DurakRules<TRANSFERS> {
    fn every_move() -> Vec<DurakMove> {
        let mut moves = Vec::new();
        for card in 0..DURAK_CARDS {
            moves.push(DurakMove::Attack(card));
            moves.push(DurakMove::Defend(card));
            moves.push(DurakMove::Transfer(card));
        }
        moves.push(DurakMove::Take);
        moves.push(DurakMove::Stop);
        moves
    }

    #[inline]
    fn slot(mv: DurakMove) -> usize {
        let n = usize::from(DURAK_CARDS);
        match mv {
            DurakMove::Attack(card) => card_slot(card, DURAK_CARDS),
            DurakMove::Defend(card) => n + card_slot(card, DURAK_CARDS),
            DurakMove::Transfer(card) => 2 * n + card_slot(card, DURAK_CARDS),
            DurakMove::Take => 3 * n,
            DurakMove::Stop => 3 * n + 1,
        }
    }

    fn table(py: Python<'_>) -> &'static Table {
        DURAK_TABLES[usize::from(TRANSFERS)].get_or_init(py, || Table::build::<Self>(py))
    }
}

impl MoveTable for Schnapsen {
    fn every_move() -> Vec<SchnapsenMove> {
        let mut moves = Vec::new();
        for card in 0..SCHNAPSEN_CARDS {
            moves.push(SchnapsenMove::Play(card));
            moves.push(SchnapsenMove::Marriage(card));
        }
        moves.push(SchnapsenMove::Exchange);
        moves.push(SchnapsenMove::Close);
        moves
    }

    #[inline]
    fn slot(mv: SchnapsenMove) -> usize {
        let n = usize::from(SCHNAPSEN_CARDS);
        match mv {
            SchnapsenMove::Play(card) => card_slot(card, SCHNAPSEN_CARDS),
            SchnapsenMove::Marriage(card) => n + card_slot(card, SCHNAPSEN_CARDS),
            SchnapsenMove::Exchange => 2 * n,
            SchnapsenMove::Close => 2 * n + 1,
        }
    }

    fn table(py: Python<'_>) -> &'static Table {
        SCHNAPSEN_TABLE.get_or_init(py, || Table::build::<Self>(py))
    }
}
