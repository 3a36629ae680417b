//! The observation tensor of each game: what one seat may know, as a
//! fixed-length vector of floats in [0, 1] (docs/SCHEMA.md, "Tensors").
//! Each game writes its own (`durak/research.rs`, `schnapsen/research.rs`);
//! the layout, a list of named slices, is the one place their order and
//! sizes are written, and the writer checks every slice against it.
//!
//! Seat-relative: "my" and "opponent" are the tensor's seat and the other
//! (from three seats on, the others clockwise from it). Built from the same
//! facts as `observation(seat)`, never from a hidden card. The public
//! tensor has the same layout, written as seat 0 would see the table with
//! nothing private: no hand, no seat, only what every seat sees.

use crate::cards::{Card, CardSet, Deck};
use crate::game::Game;

/// A game with an observation tensor.
pub trait Tensor: Game {
    /// The named slices of the two-seat tensor, in order: (name, length).
    const LAYOUT: &'static [(&'static str, usize)];
    /// The two-seat tensor's length: the sum of the slices.
    const SIZE: usize = size(Self::LAYOUT);

    /// The slices at a table of `players` seats (2 to `MAX_PLAYERS`):
    /// `LAYOUT` for two.
    fn layout(players: usize) -> &'static [(&'static str, usize)] {
        let _ = players;
        Self::LAYOUT
    }

    /// What `seat` may know of the position, into `out`
    /// (`size(layout(players))` floats); every entry is written. With
    /// `seat` `None`, the public tensor: what every seat sees.
    fn write_view(&self, seat: Option<usize>, out: &mut [f32]);

    /// `write_view` of one seat.
    fn write_tensor(&self, seat: usize, out: &mut [f32]) {
        self.write_view(Some(seat), out);
    }

    /// What `seat` (`None`: every seat) knows while a deal is being dealt
    /// (the chance events of the research environments): nothing of the
    /// deal, `match_so_far` the match before it (Schnapsen), `None` before
    /// the first deal.
    fn write_dealing(
        match_so_far: Option<&Self>,
        players: usize,
        seat: Option<usize>,
        out: &mut [f32],
    );
}

/// The sum of a layout's slices.
pub const fn size(layout: &[(&str, usize)]) -> usize {
    let mut total = 0;
    let mut i = 0;
    while i < layout.len() {
        total += layout[i].1;
        i += 1;
    }
    total
}

/// Writes a tensor slice by slice, in layout order; in debug builds each
/// slice is checked against the layout (name and length).
pub(crate) struct Writer<'a> {
    out: &'a mut [f32],
    layout: &'static [(&'static str, usize)],
    slice: usize,
    at: usize,
}

impl<'a> Writer<'a> {
    /// A writer over `out`, zeroed first.
    pub fn new(out: &'a mut [f32], layout: &'static [(&'static str, usize)]) -> Self {
        out.fill(0.0);
        Self {
            out,
            layout,
            slice: 0,
            at: 0,
        }
    }

    /// The next slice, `len` floats named `name`.
    fn next(&mut self, name: &str, len: usize) -> &mut [f32] {
        debug_assert_eq!(
            self.layout.get(self.slice).copied(),
            Some((name, len)),
            "slice {} of the layout",
            self.slice
        );
        self.slice += 1;
        let start = self.at.min(self.out.len());
        self.at += len;
        let end = self.at.min(self.out.len());
        &mut self.out[start..end]
    }

    /// A set of cards: 1 at each card's index.
    pub fn cards(&mut self, name: &str, deck: Deck, set: CardSet) {
        let slice = self.next(name, deck.len());
        for card in crate::cards::cards(set & deck.full()) {
            if let Some(x) = slice.get_mut(usize::from(card)) {
                *x = 1.0;
            }
        }
    }

    /// `slots` cards side by side, one slice of the deck's length each
    /// (an empty slot stays zero).
    pub fn card_slots(
        &mut self,
        name: &str,
        deck: Deck,
        slots: usize,
        cards: impl Iterator<Item = Option<Card>>,
    ) {
        let n = deck.len();
        let slice = self.next(name, slots * n);
        for (i, card) in cards.take(slots).enumerate() {
            if let Some(x) = card.and_then(|c| slice.get_mut(i * n + usize::from(c))) {
                *x = 1.0;
            }
        }
    }

    /// `slots` card sets side by side, one slice of the deck's length
    /// each (a missing set stays zero).
    pub fn card_sets(
        &mut self,
        name: &str,
        deck: Deck,
        slots: usize,
        sets: impl Iterator<Item = Option<CardSet>>,
    ) {
        let n = deck.len();
        let slice = self.next(name, slots * n);
        for (i, set) in sets.take(slots).enumerate() {
            for card in crate::cards::cards(set.unwrap_or(0) & deck.full()) {
                if let Some(x) = slice.get_mut(i * n + usize::from(card)) {
                    *x = 1.0;
                }
            }
        }
    }

    /// One of `len` choices, or none.
    pub fn one_hot(&mut self, name: &str, len: usize, index: Option<usize>) {
        let slice = self.next(name, len);
        if let Some(x) = index.and_then(|i| slice.get_mut(i)) {
            *x = 1.0;
        }
    }

    /// Flags, one float each.
    pub fn flags(&mut self, name: &str, flags: &[bool]) {
        let slice = self.next(name, flags.len());
        for (x, &flag) in slice.iter_mut().zip(flags) {
            *x = f32::from(u8::from(flag));
        }
    }

    /// Counts, each divided by `most` and clamped to [0, 1].
    pub fn scaled(&mut self, name: &str, values: &[u32], most: u32) {
        let slice = self.next(name, values.len());
        for (x, &value) in slice.iter_mut().zip(values) {
            *x = (value as f32 / most as f32).min(1.0);
        }
    }

    /// Values already in [0, 1].
    pub fn values(&mut self, name: &str, values: &[f32]) {
        for (x, &value) in self.next(name, values.len()).iter_mut().zip(values) {
            *x = value;
        }
    }

    /// A slice left at zero.
    pub fn skip(&mut self, name: &str, len: usize) {
        self.next(name, len);
    }

    /// The end: every slice written (checked in debug builds).
    pub fn finish(self) {
        debug_assert_eq!(self.slice, self.layout.len(), "every slice written");
        debug_assert_eq!(self.at, self.out.len(), "the tensor's length");
    }

    /// Skip every remaining slice (left at zero).
    pub fn skip_rest(mut self) {
        while let Some(&(name, len)) = self.layout.get(self.slice) {
            self.skip(name, len);
        }
        self.finish();
    }
}
