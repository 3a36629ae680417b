//! Cards as bit positions, sets of cards as `u64`: RULES.md chapter 1.
//!
//! Mirrors `python/cardavia/cards.py`: a card's index is
//! `suit * ranks + rank`, its place in the canonical unshuffled order.

pub type Card = u8;
pub type CardSet = u64;

pub const SUIT_LETTERS: [u8; 4] = *b"SHDC";

/// One deck: its rank letters, low to high.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deck {
    pub name: &'static str,
    pub ranks: &'static [u8],
}

pub const ATLASNYE: Deck = Deck {
    name: "atlasnye",
    ranks: b"6789TJQKA",
};
pub const SCHNAPSEN: Deck = Deck {
    name: "schnapsen",
    ranks: b"JQKTA",
};

impl Deck {
    #[inline]
    pub const fn len(&self) -> usize {
        self.ranks.len() * 4
    }

    #[inline]
    pub const fn is_empty(&self) -> bool {
        self.ranks.is_empty()
    }

    /// Every card of the deck.
    #[inline]
    pub const fn full(&self) -> CardSet {
        (1u64 << self.len()) - 1
    }

    #[inline]
    pub const fn suit(&self, card: Card) -> u8 {
        card / self.ranks.len() as u8
    }

    #[inline]
    pub const fn rank(&self, card: Card) -> u8 {
        card % self.ranks.len() as u8
    }

    #[inline]
    pub const fn card(&self, suit: u8, rank: u8) -> Card {
        suit * self.ranks.len() as u8 + rank
    }

    /// All cards of one suit.
    #[inline]
    pub const fn suit_set(&self, suit: u8) -> CardSet {
        ((1u64 << self.ranks.len()) - 1) << (suit as usize * self.ranks.len())
    }

    /// All four cards of one rank.
    pub const fn rank_set(&self, rank: u8) -> CardSet {
        let mut set = 0;
        let mut suit = 0;
        while suit < 4 {
            set |= 1u64 << self.card(suit, rank);
            suit += 1;
        }
        set
    }

    /// Cards of the same suit ranked above `card`.
    #[inline]
    pub const fn higher_in_suit(&self, card: Card) -> CardSet {
        self.suit_set(self.suit(card)) & !((2u64 << card) - 1)
    }

    pub fn name_of(&self, card: Card) -> String {
        let rank = self.ranks[self.rank(card) as usize] as char;
        let suit = SUIT_LETTERS[self.suit(card) as usize] as char;
        format!("{rank}{suit}")
    }

    /// A card in canonical spelling (`7S`, `TH`), nothing else.
    pub fn parse(&self, text: &str) -> Option<Card> {
        let bytes = text.as_bytes();
        if bytes.len() != 2 {
            return None;
        }
        let rank = self.ranks.iter().position(|&r| r == bytes[0])?;
        let suit = SUIT_LETTERS.iter().position(|&s| s == bytes[1])?;
        Some(self.card(suit as u8, rank as u8))
    }

    /// Cards of a set in canonical order, by name.
    pub fn names(&self, set: CardSet) -> Vec<String> {
        cards(set).map(|card| self.name_of(card)).collect()
    }
}

/// The cards of a set, lowest index first.
#[inline]
pub fn cards(mut set: CardSet) -> impl Iterator<Item = Card> {
    std::iter::from_fn(move || {
        if set == 0 {
            None
        } else {
            let card = set.trailing_zeros() as Card;
            set &= set - 1;
            Some(card)
        }
    })
}

#[inline]
pub const fn bit(card: Card) -> CardSet {
    1u64 << card
}

#[inline]
pub const fn count(set: CardSet) -> u32 {
    set.count_ones()
}

/// The `n`-th lowest card of a set (n < count(set)).
#[inline]
pub fn nth(mut set: CardSet, n: u32) -> Card {
    for _ in 0..n {
        set &= set - 1;
    }
    set.trailing_zeros() as Card
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_order_and_names() {
        assert_eq!(ATLASNYE.name_of(0), "6S");
        assert_eq!(ATLASNYE.name_of(35), "AC");
        assert_eq!(SCHNAPSEN.name_of(3), "TS");
        assert_eq!(SCHNAPSEN.parse("AC"), Some(19));
        assert_eq!(ATLASNYE.parse("7s"), None);
        assert_eq!(ATLASNYE.parse("JS "), None);
        assert_eq!(SCHNAPSEN.parse("6S"), None);
    }

    #[test]
    fn sets() {
        let d = ATLASNYE;
        assert_eq!(count(d.full()), 36);
        assert_eq!(count(d.suit_set(2)), 9);
        assert_eq!(count(d.rank_set(4)), 4);
        assert_eq!(d.higher_in_suit(d.parse("QH").unwrap()), bit(16) | bit(17));
        assert_eq!(nth(0b10110, 2), 4);
        assert_eq!(cards(0b1010).collect::<Vec<_>>(), vec![1, 3]);
    }
}
