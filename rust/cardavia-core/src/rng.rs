//! SplitMix64 and the Fisher-Yates shuffle of RULES.md chapter 2.
//!
//! Mirrors `python/cardavia/rng.py`; `tests/fixtures/rng.json` holds both.

/// A 64-bit generator whose whole state is one integer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SplitMix64 {
    pub state: u64,
}

impl SplitMix64 {
    pub const fn new(state: u64) -> Self {
        Self { state }
    }

    #[inline]
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (n > 0), by the same modulo the shuffle uses.
    #[inline]
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// A number below `n` (n > 0) by multiply-high instead of a 64-bit
    /// division: the playouts draw once per move, and the bias (n / 2^64) is
    /// as negligible as the modulo's. Not `below`'s number: only the core's
    /// own playouts draw with it, so the reference needs no twin of it.
    #[inline]
    pub fn pick(&mut self, n: u32) -> u32 {
        ((u128::from(self.next()) * u128::from(n)) >> 64) as u32
    }
}

/// Shuffle in place: for i from n-1 down to 1, swap i and next() % (i+1).
pub fn shuffle<T>(items: &mut [T], rng: &mut SplitMix64) {
    for i in (1..items.len()).rev() {
        let j = (rng.next() % (i as u64 + 1)) as usize;
        items.swap(i, j);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_outputs_of_seed_zero() {
        // The published SplitMix64 reference values for seed 0.
        let mut rng = SplitMix64::new(0);
        assert_eq!(rng.next(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(rng.next(), 0x6E78_9E6A_A1B9_65F4);
    }

    #[test]
    fn pick_is_the_high_word_of_the_product() {
        let mut rng = SplitMix64::new(0);
        let mut same = SplitMix64::new(0);
        for n in [1u32, 2, 7, 36, 110] {
            let drawn = rng.pick(n);
            assert!(drawn < n);
            assert_eq!(
                u128::from(drawn),
                (u128::from(same.next()) * u128::from(n)) >> 64
            );
        }
        // The first output of seed 0 times 36, shifted: 31 (0xE220... / 2^64 * 36).
        assert_eq!(SplitMix64::new(0).pick(36), 31);
    }

    #[test]
    fn shuffle_is_a_permutation() {
        let mut items: Vec<u8> = (0..36).collect();
        shuffle(&mut items, &mut SplitMix64::new(42));
        let mut sorted = items.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..36).collect::<Vec<u8>>());
        assert_ne!(items, sorted);
    }
}
