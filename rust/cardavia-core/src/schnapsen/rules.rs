//! Schnapsen for two players, a whole match of deals: RULES.md chapter 5.
//!
//! The twin of `python/cardavia/reference/schnapsen/rules.py`. The
//! position is plain fixed-size data (bitsets and small arrays), so a
//! clone is a memcpy and a playout never allocates.

use super::scoring::{DealResult, PackedDeal};
use crate::cards::{bit, nth, Card, CardSet, SCHNAPSEN};
use crate::game::{Game, MoveList, Outcome};
use crate::rng::SplitMix64;

pub(crate) const DECK_SIZE: usize = 20;
pub(super) const HAND_SIZE: u32 = 5;
pub(super) const MATCH_POINTS: u8 = 7;
pub(super) const WINNING_POINTS: u32 = 66;
pub(super) const MAX_TRICKS: usize = 10;
/// A match has at most 13 deals: each awards a game point or more, and
/// the match ends when a seat has won 7 (6 + 6 + 1). `from_dict` refuses
/// any deal recorded after a seat reached 0.
pub(super) const MAX_DEALS: usize = 13;
pub(super) const RANK_JACK: u8 = 0;
const CARD_POINTS: [u8; 5] = [2, 3, 4, 10, 11];
/// A marriage's points: in a plain suit, and in trumps (RULES.md ch. 5).
pub const MARRIAGE_POINTS: u16 = 20;
pub const TRUMP_MARRIAGE_POINTS: u16 = 40;
pub(super) const QUEENS: CardSet = SCHNAPSEN.rank_set(1);
pub(super) const KINGS: CardSet = SCHNAPSEN.rank_set(2);

#[inline]
pub(crate) const fn suit_of(card: Card) -> u8 {
    card / 5
}

#[inline]
pub(super) const fn rank_of(card: Card) -> u8 {
    card % 5
}

#[inline]
pub(crate) const fn suit_set(suit: u8) -> CardSet {
    0b11111 << (suit as u32 * 5)
}

#[inline]
pub(crate) fn card_points(card: Card) -> u16 {
    u16::from(CARD_POINTS[usize::from(rank_of(card))])
}

/// All cards of the suits in a four-bit suit mask.
const SUIT_MASK_CARDS: [CardSet; 16] = {
    let mut table = [0; 16];
    let mut mask = 0;
    while mask < 16 {
        let mut suit = 0;
        while suit < 4 {
            if mask & (1 << suit) != 0 {
                table[mask] |= suit_set(suit as u8);
            }
            suit += 1;
        }
        mask += 1;
    }
    table
};

/// Popcounts of 10-bit sets. The baseline x86-64 target has no popcnt
/// instruction, and two lookups beat the emulated `count_ones` in playouts.
const POP10: [u8; 1024] = {
    let mut table = [0; 1024];
    let mut i = 0;
    while i < 1024 {
        table[i] = (i as u32).count_ones() as u8;
        i += 1;
    }
    table
};

/// The size of a set of Schnapsen cards (bits 0..20).
#[inline]
fn size(set: CardSet) -> u32 {
    u32::from(POP10[(set & 1023) as usize]) + u32::from(POP10[((set >> 10) & 1023) as usize])
}

/// The trick's winner: the higher card of the led suit unless a trump was played.
#[inline]
pub fn trick_winner(lead: Card, follow: Card, trump: u8, leader: u8) -> u8 {
    let winner_is_follower = if suit_of(follow) == suit_of(lead) {
        // Inside a suit the card index runs with the rank (J Q K T A).
        follow > lead
    } else {
        suit_of(follow) == trump
    };
    leader ^ u8::from(winner_is_follower)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SchnapsenMove {
    Play(Card),
    Marriage(Card),
    Exchange,
    Close,
}

impl Default for SchnapsenMove {
    fn default() -> Self {
        Self::Play(0)
    }
}

/// Recorded when the stock is closed: what the closer's scoring depends on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Closed {
    pub by: u8,
    pub opponent_points: u8,
    pub opponent_won_trick: bool,
    /// Tricks played before closing: the later ones follow the strict rules.
    pub tricks: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Exchange {
    pub seat: u8,
    pub jack: Card,
    pub took: Card,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Trick {
    pub lead: Card,
    pub follow: Card,
    pub winner: u8,
}

/// A match of Schnapsen deals, seven match points counted down to zero.
#[derive(Clone, Debug)]
pub struct Schnapsen {
    /// The one stream that shuffles every later deal of the match.
    pub(crate) rng: SplitMix64,
    pub(crate) match_points: [u8; 2],
    pub(crate) deals: [PackedDeal; MAX_DEALS],
    pub(crate) n_deals: u8,
    /// The match winner, once a seat reaches 0.
    pub(crate) winner: Option<u8>,
    pub(crate) dealer: u8,
    pub(crate) trump: u8,
    pub(crate) indicator: Option<Card>,
    /// The stock, top first: `stock[stock_top..stock_end]`.
    pub(crate) stock: [Card; DECK_SIZE],
    pub(crate) stock_top: u8,
    pub(crate) stock_end: u8,
    pub(crate) hands: [CardSet; 2],
    pub(crate) known: [CardSet; 2],
    pub(crate) leader: u8,
    pub(crate) lead: Option<Card>,
    pub(crate) tricks: [Trick; MAX_TRICKS],
    pub(crate) n_tricks: u8,
    /// Suits declared by each seat, bit `s` for suit `s`.
    pub(crate) marriages: [u8; 2],
    pub(crate) closed: Option<Closed>,
    pub(crate) exchange: Option<Exchange>,
    // Derived from tricks and marriages, kept so that points cost nothing.
    pub(crate) card_points: [u16; 2],
    pub(crate) tricks_won: [u8; 2],
    pub(crate) marriage_points: [u16; 2],
}

impl Schnapsen {
    pub(super) fn empty(rng: SplitMix64) -> Self {
        Self {
            rng,
            match_points: [MATCH_POINTS; 2],
            deals: [PackedDeal::default(); MAX_DEALS],
            n_deals: 0,
            winner: None,
            dealer: 1,
            trump: 0,
            indicator: None,
            stock: [0; DECK_SIZE],
            stock_top: 0,
            stock_end: 0,
            hands: [0; 2],
            known: [0; 2],
            leader: 0,
            lead: None,
            tricks: [Trick::default(); MAX_TRICKS],
            n_tricks: 0,
            marriages: [0; 2],
            closed: None,
            exchange: None,
            card_points: [0; 2],
            tricks_won: [0; 2],
            marriage_points: [0; 2],
        }
    }

    /// Setup of a deal: 3 + 3, the indicator, 2 + 2, the stock of nine.
    pub(super) fn setup(&mut self, order: &[Card; DECK_SIZE], dealer: u8) {
        let non_dealer = 1 - dealer;
        let set = |cards: &[Card]| cards.iter().fold(0, |acc, &c| acc | bit(c));
        self.dealer = dealer;
        self.hands[usize::from(non_dealer)] = set(&order[0..3]) | set(&order[7..9]);
        self.hands[usize::from(dealer)] = set(&order[3..6]) | set(&order[9..11]);
        self.indicator = Some(order[6]);
        self.trump = suit_of(order[6]);
        self.stock[..9].copy_from_slice(&order[11..20]);
        self.stock_top = 0;
        self.stock_end = 9;
        self.leader = non_dealer;
        self.lead = None;
        self.n_tricks = 0;
        self.marriages = [0; 2];
        self.closed = None;
        self.exchange = None;
        self.known = [0; 2];
        self.card_points = [0; 2];
        self.tricks_won = [0; 2];
        self.marriage_points = [0; 2];
    }

    // ------------------------------------------------------------ the position

    pub fn hand(&self, seat: usize) -> CardSet {
        self.hands[seat & 1]
    }

    pub fn known(&self, seat: usize) -> CardSet {
        self.known[seat & 1]
    }

    pub fn trump(&self) -> u8 {
        self.trump
    }

    pub fn indicator(&self) -> Option<Card> {
        self.indicator
    }

    pub fn stock(&self) -> &[Card] {
        &self.stock[usize::from(self.stock_top)..usize::from(self.stock_end)]
    }

    pub fn dealer(&self) -> usize {
        usize::from(self.dealer)
    }

    pub fn leader(&self) -> usize {
        usize::from(self.leader)
    }

    pub fn lead(&self) -> Option<Card> {
        self.lead
    }

    pub fn tricks(&self) -> &[Trick] {
        &self.tricks[..usize::from(self.n_tricks)]
    }

    /// The finished deals of the match, in order.
    pub fn deals(&self) -> impl ExactSizeIterator<Item = DealResult> + '_ {
        self.deals[..usize::from(self.n_deals)]
            .iter()
            .map(|deal| deal.unpack())
    }

    pub fn match_points(&self) -> [u8; 2] {
        self.match_points
    }

    pub fn closed(&self) -> Option<Closed> {
        self.closed
    }

    pub fn exchange(&self) -> Option<Exchange> {
        self.exchange
    }

    /// Suits declared by `seat`, bit `s` for suit `s` (S H D C).
    pub fn marriages(&self, seat: usize) -> u8 {
        self.marriages[seat & 1]
    }

    pub fn rng_state(&self) -> u64 {
        self.rng.state
    }

    pub fn match_winner(&self) -> Option<usize> {
        self.winner.map(usize::from)
    }

    #[inline]
    pub(crate) fn stock_open(&self) -> bool {
        self.closed.is_none() && self.indicator.is_some()
    }

    pub fn tricks_won(&self, seat: usize) -> u32 {
        u32::from(self.tricks_won[seat & 1])
    }

    /// Card points won plus marriages, which count once a trick is won.
    #[inline]
    pub fn points(&self, seat: usize) -> u32 {
        let seat = seat & 1;
        let marriages = if self.tricks_won[seat] > 0 {
            self.marriage_points[seat]
        } else {
            0
        };
        u32::from(self.card_points[seat] + marriages)
    }

    /// Marriage points not yet counted because the seat has won no trick.
    pub fn pending_points(&self, seat: usize) -> u32 {
        let seat = seat & 1;
        if self.tricks_won[seat] > 0 {
            0
        } else {
            u32::from(self.marriage_points[seat])
        }
    }

    #[inline]
    pub(crate) fn trump_jack(&self) -> Card {
        self.trump * 5 + RANK_JACK
    }

    /// Queens of the suits `seat` may still declare with the king in hand.
    #[inline]
    pub(crate) fn marriage_queens(&self, seat: usize) -> CardSet {
        let hand = self.hands[seat];
        let open_suits = !SUIT_MASK_CARDS[usize::from(self.marriages[seat] & 0xF)];
        hand & QUEENS & ((hand & KINGS) >> 1) & open_suits
    }

    /// Cards the follower may play: anything while the stock is open, else
    /// follow and beat, follow, trump, anything (in that order of duty).
    #[inline]
    pub(crate) fn follower_cards(&self, lead: Card) -> CardSet {
        let hand = self.hands[usize::from(1 - self.leader)];
        if self.stock_open() {
            return hand;
        }
        let same_suit = hand & suit_set(suit_of(lead));
        if same_suit != 0 {
            let higher = same_suit & !((2u64 << lead) - 1);
            return if higher != 0 { higher } else { same_suit };
        }
        let trumps = hand & suit_set(self.trump);
        if trumps != 0 {
            trumps
        } else {
            hand
        }
    }

    // ---------------------------------------------------------------- moves

    /// The taken indicator was seen by both seats, so it stays known in the hand.
    fn exchange_jack(&mut self) {
        let seat = usize::from(self.leader);
        let jack = self.trump_jack();
        if let Some(taken) = self.indicator {
            self.hands[seat] = (self.hands[seat] & !bit(jack)) | bit(taken);
            self.known[seat] |= bit(taken);
            self.indicator = Some(jack);
            self.exchange = Some(Exchange {
                seat: self.leader,
                jack,
                took: taken,
            });
        }
    }

    fn close(&mut self) {
        let opponent = usize::from(1 - self.leader);
        self.closed = Some(Closed {
            by: self.leader,
            opponent_points: u8::try_from(self.points(opponent)).unwrap_or(u8::MAX),
            opponent_won_trick: self.tricks_won[opponent] > 0,
            tricks: self.n_tricks,
        });
    }

    fn declare_marriage(&mut self, card: Card) {
        let seat = usize::from(self.leader);
        let suit = suit_of(card);
        // A queen's partner is the king just above it, a king's the queen below.
        let partner = match rank_of(card) {
            1 => card + 1,
            2 => card - 1,
            _ => card,
        };
        self.marriages[seat] |= 1 << suit;
        self.marriage_points[seat] += if suit == self.trump {
            TRUMP_MARRIAGE_POINTS
        } else {
            MARRIAGE_POINTS
        };
        self.known[seat] |= bit(partner);
        self.play_card(seat, card);
        self.lead = Some(card);
        if self.points(seat) >= WINNING_POINTS {
            self.end_deal_by_66(self.leader);
        }
    }

    #[inline]
    fn play_card(&mut self, seat: usize, card: Card) {
        self.hands[seat] &= !bit(card);
        self.known[seat] &= !bit(card);
    }

    fn finish_trick(&mut self, lead: Card, follow: Card) {
        let winner = trick_winner(lead, follow, self.trump, self.leader);
        let w = usize::from(winner);
        if let Some(slot) = self.tricks.get_mut(usize::from(self.n_tricks)) {
            *slot = Trick {
                lead,
                follow,
                winner,
            };
            self.n_tricks += 1;
        }
        self.card_points[w] += card_points(lead) + card_points(follow);
        self.tricks_won[w] += 1;
        self.lead = None;
        self.leader = winner;
        if self.points(w) >= WINNING_POINTS {
            self.end_deal_by_66(winner);
            return;
        }
        if self.stock_open() {
            self.draw(w);
        }
        if self.hands[0] | self.hands[1] == 0 {
            self.end_deal_played_out(winner);
        }
    }

    #[inline]
    fn pop_stock(&mut self) -> Option<Card> {
        if self.stock_top < self.stock_end {
            let card = self.stock[usize::from(self.stock_top)];
            self.stock_top += 1;
            Some(card)
        } else {
            None
        }
    }

    /// Winner draws first; from the last two cards the loser gets the indicator.
    fn draw(&mut self, winner: usize) {
        let loser = 1 - winner;
        if let Some(card) = self.pop_stock() {
            self.hands[winner] |= bit(card);
        }
        if let Some(card) = self.pop_stock() {
            self.hands[loser] |= bit(card);
        } else if let Some(indicator) = self.indicator.take() {
            self.hands[loser] |= bit(indicator);
            self.known[loser] |= bit(indicator);
        }
    }
}

/// Equal positions, whatever is left in the unused slots of the arrays
/// (a loaded stock starts at index 0, a played one further on).
impl PartialEq for Schnapsen {
    fn eq(&self, other: &Self) -> bool {
        self.rng == other.rng
            && self.match_points == other.match_points
            && self.deals[..usize::from(self.n_deals)] == other.deals[..usize::from(other.n_deals)]
            && self.winner == other.winner
            && self.dealer == other.dealer
            && self.trump == other.trump
            && self.indicator == other.indicator
            && self.stock() == other.stock()
            && self.hands == other.hands
            && self.known == other.known
            && self.leader == other.leader
            && self.lead == other.lead
            && self.tricks() == other.tricks()
            && self.marriages == other.marriages
            && self.closed == other.closed
            && self.exchange == other.exchange
    }
}

impl Eq for Schnapsen {}

pub(super) const CANONICAL: [Card; DECK_SIZE] = {
    let mut order = [0; DECK_SIZE];
    let mut i = 0;
    while i < DECK_SIZE {
        order[i] = i as Card;
        i += 1;
    }
    order
};

impl Game for Schnapsen {
    type Move = SchnapsenMove;

    const ID: &'static str = "schnapsen";
    const DECK: crate::cards::Deck = SCHNAPSEN;
    const MOVE_COUNT: usize = 2 * DECK_SIZE + 2;

    fn deal(deck: &[Card], rng: SplitMix64) -> Self {
        // Copied into a fixed array so that a short slice cannot panic.
        let mut order = CANONICAL;
        for (slot, &card) in order.iter_mut().zip(deck) {
            *slot = card % DECK_SIZE as Card;
        }
        let mut game = Self::empty(rng);
        game.setup(&order, 1);
        game
    }

    #[inline]
    fn current_player(&self) -> Option<usize> {
        if self.winner.is_some() {
            None
        } else if self.lead.is_none() {
            Some(usize::from(self.leader))
        } else {
            Some(usize::from(1 - self.leader))
        }
    }

    fn legal_moves(&self, out: &mut MoveList<SchnapsenMove>) {
        out.clear();
        if self.winner.is_some() {
            return;
        }
        if let Some(lead) = self.lead {
            for card in crate::cards::cards(self.follower_cards(lead)) {
                out.push(SchnapsenMove::Play(card));
            }
            return;
        }
        let seat = usize::from(self.leader);
        let hand = self.hands[seat];
        for card in crate::cards::cards(hand) {
            out.push(SchnapsenMove::Play(card));
        }
        if self.stock_open() {
            if hand & bit(self.trump_jack()) != 0 {
                out.push(SchnapsenMove::Exchange);
            }
            if size(hand) == HAND_SIZE {
                out.push(SchnapsenMove::Close);
            }
        }
        for queen in crate::cards::cards(self.marriage_queens(seat)) {
            out.push(SchnapsenMove::Marriage(queen));
            out.push(SchnapsenMove::Marriage(queen + 1));
        }
    }

    #[inline]
    fn apply(&mut self, mv: SchnapsenMove) {
        if self.winner.is_some() {
            return;
        }
        match mv {
            SchnapsenMove::Exchange => self.exchange_jack(),
            SchnapsenMove::Close => self.close(),
            SchnapsenMove::Marriage(card) => self.declare_marriage(card),
            SchnapsenMove::Play(card) => match self.lead {
                None => {
                    self.play_card(usize::from(self.leader), card);
                    self.lead = Some(card);
                }
                Some(lead) => {
                    self.play_card(usize::from(1 - self.leader), card);
                    self.finish_trick(lead, card);
                }
            },
        }
    }

    /// Uniform over the legal moves without building the list.
    #[inline]
    fn random_move(&self, rng: &mut SplitMix64) -> SchnapsenMove {
        if self.winner.is_some() {
            return SchnapsenMove::default();
        }
        if let Some(lead) = self.lead {
            let allowed = self.follower_cards(lead);
            let n = size(allowed);
            if n == 0 {
                return SchnapsenMove::default();
            }
            return SchnapsenMove::Play(nth(allowed, rng.pick(n)));
        }
        let seat = usize::from(self.leader);
        let hand = self.hands[seat];
        let queens = self.marriage_queens(seat);
        let marriage_cards = queens | (queens << 1);
        let open = self.stock_open();
        let exchange = u32::from(open && hand & bit(self.trump_jack()) != 0);
        let close = u32::from(open && size(hand) == HAND_SIZE);
        let n_hand = size(hand);
        let n_marriage = size(marriage_cards);
        let total = n_hand + n_marriage + exchange + close;
        if total == 0 {
            return SchnapsenMove::default();
        }
        let mut r = rng.pick(total);
        if r < n_hand {
            return SchnapsenMove::Play(nth(hand, r));
        }
        r -= n_hand;
        if r < n_marriage {
            return SchnapsenMove::Marriage(nth(marriage_cards, r));
        }
        r -= n_marriage;
        if r < exchange {
            SchnapsenMove::Exchange
        } else {
            SchnapsenMove::Close
        }
    }

    fn move_name(mv: SchnapsenMove) -> String {
        match mv {
            SchnapsenMove::Play(card) => {
                format!("play:{}", SCHNAPSEN.name_of(card % DECK_SIZE as Card))
            }
            SchnapsenMove::Marriage(card) => {
                format!("marriage:{}", SCHNAPSEN.name_of(card % DECK_SIZE as Card))
            }
            SchnapsenMove::Exchange => "exchange".to_owned(),
            SchnapsenMove::Close => "close".to_owned(),
        }
    }

    fn parse_move(text: &str) -> Option<SchnapsenMove> {
        match text {
            "exchange" => Some(SchnapsenMove::Exchange),
            "close" => Some(SchnapsenMove::Close),
            _ => {
                if let Some(card) = text.strip_prefix("play:") {
                    SCHNAPSEN.parse(card).map(SchnapsenMove::Play)
                } else if let Some(card) = text.strip_prefix("marriage:") {
                    // A marriage is led with a king or a queen.
                    SCHNAPSEN
                        .parse(card)
                        .filter(|&card| (QUEENS | KINGS) & bit(card) != 0)
                        .map(SchnapsenMove::Marriage)
                } else {
                    None
                }
            }
        }
    }

    fn move_index(mv: SchnapsenMove) -> usize {
        let card = |card: Card| usize::from(card).min(DECK_SIZE - 1);
        match mv {
            SchnapsenMove::Play(c) => card(c),
            SchnapsenMove::Marriage(c) => DECK_SIZE + card(c),
            SchnapsenMove::Exchange => 2 * DECK_SIZE,
            SchnapsenMove::Close => 2 * DECK_SIZE + 1,
        }
    }

    fn move_at(index: usize) -> Option<SchnapsenMove> {
        let card = (index % DECK_SIZE) as Card;
        Some(match index / DECK_SIZE {
            0 => SchnapsenMove::Play(card),
            1 => SchnapsenMove::Marriage(card),
            2 if index == 2 * DECK_SIZE => SchnapsenMove::Exchange,
            2 if index == 2 * DECK_SIZE + 1 => SchnapsenMove::Close,
            _ => return None,
        })
    }

    fn outcome(&self) -> Option<Outcome> {
        self.winner.map(|winner| Outcome::Win { winner })
    }

    fn winner(&self) -> Option<usize> {
        self.match_winner()
    }

    /// Game points as the deals awarded them, before clamping at 0.
    fn game_points(&self) -> [u32; 2] {
        let mut points = [0; 2];
        for deal in self.deals() {
            points[usize::from(deal.winner & 1)] += u32::from(deal.game_points);
        }
        points
    }

    fn deals_finished(&self) -> u32 {
        u32::from(self.n_deals)
    }

    fn match_equity(&self) -> f64 {
        match self.winner {
            Some(0) => 1.0,
            Some(_) => 0.0,
            None => super::equity::match_equity(self.match_points, self.dealer),
        }
    }
}
