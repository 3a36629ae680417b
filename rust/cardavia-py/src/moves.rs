//! Legal moves as Python strings, fast: every move of a game is named once
//! per interpreter (a constant table, never stale), and a position's legal
//! moves are sorted by each name's precomputed rank among all names, which
//! is the API's order (ascending strings). Driving a game from Python calls
//! this once per move, so it avoids formatting, allocating and sorting
//! strings.

use cardavia_core::durak::DurakRules;
use cardavia_core::game::{every_move, Game, MoveList};
use cardavia_core::schnapsen::Schnapsen;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyList, PyString};

/// A game whose move names the binding keeps as Python strings.
pub trait MoveTable: Game {
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
        let text: Vec<String> = every_move::<G>().into_iter().map(G::move_name).collect();
        let size = text.len();
        assert!(size <= MAX_SLOTS, "{}: too many moves for the table", G::ID);
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
        let Some(&rank) = table.ranks.get(G::move_index(mv)) else {
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

static DURAK_TABLES: [PyOnceLock<Table>; 2] = [PyOnceLock::new(), PyOnceLock::new()];
static SCHNAPSEN_TABLE: PyOnceLock<Table> = PyOnceLock::new();

impl<const TRANSFERS: bool> MoveTable for DurakRules<TRANSFERS> {
    fn table(py: Python<'_>) -> &'static Table {
        DURAK_TABLES[usize::from(TRANSFERS)].get_or_init(py, || Table::build::<Self>(py))
    }
}

impl MoveTable for Schnapsen {
    fn table(py: Python<'_>) -> &'static Table {
        SCHNAPSEN_TABLE.get_or_init(py, || Table::build::<Self>(py))
    }
}
