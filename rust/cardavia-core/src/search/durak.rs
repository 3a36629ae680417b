//! Re-dealing the hidden cards of a Durak position (both variants).

use super::Resample;
use crate::cards::{bit, cards, Card, CardSet};
use crate::durak::DurakRules;
use crate::rng::{shuffle, SplitMix64};

impl<const TRANSFERS: bool> Resample for DurakRules<TRANSFERS> {
    /// The opponent's unknown cards and the face-down stock are dealt
    /// anew; the trump card stays at the bottom of the stock. Durak has no
    /// follow rules, so nothing is excluded beyond what is seen.
    fn resample_hidden(&mut self, observer: usize, allowed: CardSet, rng: &mut SplitMix64) -> bool {
        let other = 1 - (observer & 1);
        let hidden = self.hands[other] & !self.known[other];
        let need = hidden.count_ones() as usize;
        let top = usize::from(self.stock_top);
        // The last stock card is the public trump card.
        let face_down = if top < self.stock.len() {
            top..self.stock.len() - 1
        } else {
            top..top
        };
        let mut pool = hidden;
        for &card in &self.stock[face_down.clone()] {
            pool |= bit(card);
        }
        if (pool & allowed).count_ones() < need as u32 {
            return false;
        }
        let mut fits = [0 as Card; 64];
        let mut n_fits = 0;
        for card in cards(pool & allowed) {
            fits[n_fits] = card;
            n_fits += 1;
        }
        let mut chosen: CardSet = 0;
        for i in 0..need {
            let j = i + rng.below((n_fits - i) as u64) as usize;
            fits.swap(i, j);
            chosen |= bit(fits[i]);
        }
        self.hands[other] = self.known[other] | chosen;
        let mut rest = [0 as Card; 64];
        let mut n_rest = 0;
        for card in cards(pool & !chosen) {
            rest[n_rest] = card;
            n_rest += 1;
        }
        shuffle(&mut rest[..n_rest], rng);
        self.stock[face_down].copy_from_slice(&rest[..n_rest]);
        true
    }
}
