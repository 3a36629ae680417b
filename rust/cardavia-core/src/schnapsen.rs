//! Schnapsen for two players, a whole match of deals: RULES.md chapter 5.
//!
//! The twin of `python/cardavia/reference/schnapsen.py`, which decides both
//! the behaviour and the exact shape of the state dict and the observation.
//! The position is plain fixed-size data (bitsets and small arrays), so a
//! clone is a memcpy and a playout never allocates.

use crate::cards::{bit, count, nth, Card, CardSet, SCHNAPSEN, SUIT_LETTERS};
use crate::error::{invalid, Result};
use crate::game::{legal_move_names, Game, MoveList, Record};
use crate::rng::{shuffle, SplitMix64};
use serde_json::{json, Value};

pub(crate) const DECK_SIZE: usize = 20;
const HAND_SIZE: u32 = 5;
const MATCH_POINTS: u8 = 7;
const WINNING_POINTS: u32 = 66;
const MAX_TRICKS: usize = 10;
/// A match has at most 13 deals: each awards a game point or more, and
/// the match ends when a seat has won 7 (6 + 6 + 1). `from_dict` refuses
/// any deal recorded after a seat reached 0.
const MAX_DEALS: usize = 13;
const RANK_JACK: u8 = 0;
const CARD_POINTS: [u8; 5] = [2, 3, 4, 10, 11];
const QUEENS: CardSet = SCHNAPSEN.rank_set(1);
const KINGS: CardSet = SCHNAPSEN.rank_set(2);

#[inline]
pub(crate) const fn suit_of(card: Card) -> u8 {
    card / 5
}

#[inline]
const fn rank_of(card: Card) -> u8 {
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

/// A number below `n` (n > 0) by multiply-shift: playouts need no
/// agreement with the reference, and this avoids a division per move.
#[inline]
fn below(rng: &mut SplitMix64, n: u32) -> u32 {
    ((u128::from(rng.next()) * u128::from(n)) >> 64) as u32
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

/// 1, 2 or 3 game points by the opponent's points and tricks.
#[inline]
pub fn game_points(opponent_points: u32, opponent_won_trick: bool) -> u8 {
    if !opponent_won_trick {
        3
    } else if opponent_points >= 33 {
        1
    } else {
        2
    }
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

/// Why a deal ended; the outcome's `reason` strings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Reason {
    #[default]
    Reached66,
    LastTrick,
    CloserReached66,
    CloserFailed,
    OpponentReached66,
}

impl Reason {
    pub const ALL: [Reason; 5] = [
        Reason::Reached66,
        Reason::LastTrick,
        Reason::CloserReached66,
        Reason::CloserFailed,
        Reason::OpponentReached66,
    ];

    /// Whether a deal ended for this reason can award `game_points`
    /// (RULES 5, Game points of a deal).
    pub const fn awards(self, game_points: u8) -> bool {
        match self {
            Reason::Reached66 | Reason::CloserReached66 => matches!(game_points, 1..=3),
            Reason::LastTrick => game_points == 1,
            Reason::CloserFailed | Reason::OpponentReached66 => matches!(game_points, 2 | 3),
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Reason::Reached66 => "reached_66",
            Reason::LastTrick => "last_trick",
            Reason::CloserReached66 => "closer_reached_66",
            Reason::CloserFailed => "closer_failed",
            Reason::OpponentReached66 => "opponent_reached_66",
        }
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DealResult {
    pub winner: u8,
    pub game_points: u8,
    pub reason: Reason,
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
    pub(crate) deals: [DealResult; MAX_DEALS],
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
    fn empty(rng: SplitMix64) -> Self {
        Self {
            rng,
            match_points: [MATCH_POINTS; 2],
            deals: [DealResult::default(); MAX_DEALS],
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
    fn setup(&mut self, order: &[Card; DECK_SIZE], dealer: u8) {
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

    pub fn deals(&self) -> &[DealResult] {
        &self.deals[..usize::from(self.n_deals)]
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
        self.marriage_points[seat] += if suit == self.trump { 40 } else { 20 };
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

    // --------------------------------------------------------- deal scoring

    fn end_deal_by_66(&mut self, seat: u8) {
        let opponent = usize::from(1 - seat);
        match self.closed {
            None => {
                let points = game_points(self.points(opponent), self.tricks_won[opponent] > 0);
                self.score_deal(seat, points, Reason::Reached66);
            }
            Some(closed) if closed.by == seat => {
                let points =
                    game_points(u32::from(closed.opponent_points), closed.opponent_won_trick);
                self.score_deal(seat, points, Reason::CloserReached66);
            }
            Some(closed) => {
                let points = if closed.opponent_won_trick { 2 } else { 3 };
                self.score_deal(seat, points, Reason::OpponentReached66);
            }
        }
    }

    fn end_deal_played_out(&mut self, last_winner: u8) {
        match self.closed {
            None => self.score_deal(last_winner, 1, Reason::LastTrick),
            Some(closed) => {
                let points = if closed.opponent_won_trick { 2 } else { 3 };
                self.score_deal(1 - closed.by, points, Reason::CloserFailed);
            }
        }
    }

    fn score_deal(&mut self, winner: u8, game_points: u8, reason: Reason) {
        if let Some(slot) = self.deals.get_mut(usize::from(self.n_deals)) {
            *slot = DealResult {
                winner,
                game_points,
                reason,
            };
            self.n_deals += 1;
        }
        let w = usize::from(winner);
        self.match_points[w] = self.match_points[w].saturating_sub(game_points);
        if self.match_points[w] == 0 {
            // The match is over: the last deal's position stays as it ended.
            self.winner = Some(winner);
            return;
        }
        let mut order = CANONICAL;
        shuffle(&mut order, &mut self.rng);
        self.setup(&order, 1 - self.dealer);
    }

    // ------------------------------------------------------------ JSON views

    fn deals_value(&self) -> Value {
        Value::Array(self.deals().iter().map(deal_value).collect())
    }

    fn tricks_value(&self) -> Value {
        Value::Array(
            self.tricks()
                .iter()
                .map(|t| json!([name(t.lead), name(t.follow), t.winner]))
                .collect(),
        )
    }

    fn marriages_value(&self) -> Value {
        json!([suit_names(self.marriages[0]), suit_names(self.marriages[1])])
    }

    fn closed_value(&self) -> Value {
        match self.closed {
            None => Value::Null,
            Some(c) => json!({
                "by": c.by,
                "opponent_points": c.opponent_points,
                "opponent_won_trick": c.opponent_won_trick,
                "tricks": c.tricks,
            }),
        }
    }

    fn exchange_value(&self) -> Value {
        match self.exchange {
            None => Value::Null,
            Some(e) => json!({"seat": e.seat, "jack": name(e.jack), "took": name(e.took)}),
        }
    }

    fn known_value(&self) -> Value {
        json!([names(self.known[0]), names(self.known[1])])
    }

    fn trump_name(&self) -> String {
        char::from(SUIT_LETTERS[usize::from(self.trump & 3)]).to_string()
    }
}

/// Equal positions, whatever is left in the unused slots of the arrays
/// (a loaded stock starts at index 0, a played one further on).
impl PartialEq for Schnapsen {
    fn eq(&self, other: &Self) -> bool {
        self.rng == other.rng
            && self.match_points == other.match_points
            && self.deals() == other.deals()
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

const CANONICAL: [Card; DECK_SIZE] = {
    let mut order = [0; DECK_SIZE];
    let mut i = 0;
    while i < DECK_SIZE {
        order[i] = i as Card;
        i += 1;
    }
    order
};

fn name(card: Card) -> String {
    SCHNAPSEN.name_of(card)
}

fn names(set: CardSet) -> Vec<String> {
    SCHNAPSEN.names(set)
}

fn suit_names(mask: u8) -> Vec<String> {
    (0..4)
        .filter(|s| mask & (1 << s) != 0)
        .map(|s| char::from(SUIT_LETTERS[s]).to_string())
        .collect()
}

fn deal_value(deal: &DealResult) -> Value {
    json!({
        "winner": deal.winner,
        "game_points": deal.game_points,
        "reason": deal.reason.name(),
    })
}

fn opt_name(card: Option<Card>) -> Value {
    card.map_or(Value::Null, |c| Value::String(name(c)))
}

impl Game for Schnapsen {
    type Move = SchnapsenMove;

    const ID: &'static str = "schnapsen";
    const DECK: crate::cards::Deck = SCHNAPSEN;

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
            return SchnapsenMove::Play(nth(allowed, below(rng, n)));
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
        let mut r = below(rng, total);
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
            SchnapsenMove::Play(card) => format!("play:{}", name(card % DECK_SIZE as Card)),
            SchnapsenMove::Marriage(card) => {
                format!("marriage:{}", name(card % DECK_SIZE as Card))
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

    fn outcome(&self) -> Value {
        match self.winner {
            None => Value::Null,
            Some(winner) => json!({
                "winner": winner,
                "match_points": self.match_points,
                "deals": self.deals_value(),
            }),
        }
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

    fn to_value(&self, record: &Record) -> Value {
        let deck: Vec<String> = record
            .deck
            .iter()
            .map(|&c| name(c % DECK_SIZE as Card))
            .collect();
        let stock: Vec<String> = self.stock().iter().map(|&c| name(c)).collect();
        json!({
            "schema": 1,
            "game": Self::ID,
            "seed": record.seed,
            "deck": deck,
            "rng": self.rng.state,
            "match_points": self.match_points,
            "deals": self.deals_value(),
            "dealer": self.dealer,
            "trump": self.trump_name(),
            "indicator": opt_name(self.indicator),
            "stock": stock,
            "hands": [names(self.hands[0]), names(self.hands[1])],
            "leader": self.leader,
            "lead": opt_name(self.lead),
            "tricks": self.tricks_value(),
            "marriages": self.marriages_value(),
            "closed": self.closed_value(),
            "exchange": self.exchange_value(),
            "known": self.known_value(),
            "history": record.history,
            "outcome": self.outcome(),
        })
    }

    fn from_value(value: &Value) -> Result<(Self, Record)> {
        parse::state(value)
    }

    fn check_invariants(&self) -> Result<()> {
        parse::check_position(self)
    }

    fn observation(&self, seat: usize, record: &Record) -> Value {
        // The binding only passes 0 or 1; clamping keeps anything else from panicking.
        let seat = seat.min(1);
        let current = self.current_player();
        let legal = if current == Some(seat) {
            legal_move_names(self)
        } else {
            Vec::new()
        };
        let stock_size = self.stock().len() + usize::from(self.indicator.is_some());
        json!({
            "game": Self::ID,
            "seat": seat,
            "current_player": current,
            "legal_moves": legal,
            "hand": names(self.hands[seat]),
            "hand_sizes": [count(self.hands[0]), count(self.hands[1])],
            "known": self.known_value(),
            "trump": self.trump_name(),
            "indicator": opt_name(self.indicator),
            "stock_size": stock_size,
            "closed": self.closed_value(),
            "exhausted": self.indicator.is_none(),
            "exchange": self.exchange_value(),
            "dealer": self.dealer,
            "leader": self.leader,
            "lead": opt_name(self.lead),
            "tricks": self.tricks_value(),
            "marriages": self.marriages_value(),
            "points": [self.points(0), self.points(1)],
            "pending_points": [self.pending_points(0), self.pending_points(1)],
            "tricks_won": [self.tricks_won(0), self.tricks_won(1)],
            "match_points": self.match_points,
            "deals": self.deals_value(),
            "history": record.history,
            "outcome": self.outcome(),
        })
    }
}

/// The keys of a Schnapsen state dict (docs/SCHEMA.md).
pub const STATE_KEYS: [&str; 21] = [
    "schema",
    "game",
    "seed",
    "deck",
    "rng",
    "match_points",
    "deals",
    "dealer",
    "trump",
    "indicator",
    "stock",
    "hands",
    "leader",
    "lead",
    "tricks",
    "marriages",
    "closed",
    "exchange",
    "known",
    "history",
    "outcome",
];

/// `from_dict` of the reference: the same checks in the same order, so the
/// first thing wrong is named with the reference's words.
mod parse {
    use super::*;
    use crate::checks::{
        check_card, check_cards, check_depth, check_header, check_history, check_int, check_keys,
        check_list, check_opt_card, check_order, check_pair, check_seat, check_seed, check_small,
        field, py_repr,
    };

    fn check_deal(value: &Value, what: &str) -> Result<DealResult> {
        let d = check_keys(value, &["winner", "game_points", "reason"], what)?;
        let reason = field(d, "reason");
        let Some(reason_value) = Reason::ALL
            .iter()
            .find(|r| reason.as_str() == Some(r.name()))
        else {
            return invalid(format!(
                "{what}.reason: {} is not a known reason",
                py_repr(reason)
            ));
        };
        let winner = check_seat(field(d, "winner"), &format!("{what}.winner"))?;
        let game_points = check_small(
            field(d, "game_points"),
            &format!("{what}.game_points"),
            1,
            3,
        )?;
        if !reason_value.awards(game_points) {
            return invalid(format!(
                "{what}.game_points: {game_points} does not fit the reason '{}'",
                reason_value.name()
            ));
        }
        Ok(DealResult {
            winner,
            game_points,
            reason: *reason_value,
        })
    }

    fn check_deals(value: &Value, what: &str) -> Result<Vec<DealResult>> {
        check_list(value, what)?
            .iter()
            .enumerate()
            .map(|(i, deal)| check_deal(deal, &format!("{what}[{i}]")))
            .collect()
    }

    fn check_trick(value: &Value, i: usize) -> Result<Trick> {
        let what = format!("tricks[{i}]");
        let [lead, follow, winner] = check_list(value, &what)? else {
            return invalid(format!("{what} must be [lead, follow, winner]"));
        };
        Ok(Trick {
            lead: check_card(SCHNAPSEN, lead, &format!("{what} lead"))?,
            follow: check_card(SCHNAPSEN, follow, &format!("{what} follow"))?,
            winner: check_seat(winner, &format!("{what} winner"))?,
        })
    }

    fn check_suits(value: &Value, what: &str) -> Result<u8> {
        let suits = check_list(value, what)?;
        let mut mask = 0u8;
        let mut last: Option<usize> = None;
        for s in suits {
            let index = s
                .as_str()
                .and_then(|s| SUIT_LETTERS.iter().position(|&l| s.as_bytes() == [l]));
            match index {
                // Strictly increasing means distinct and in S H D C order.
                Some(i) if Some(i) > last => {
                    mask |= 1 << i;
                    last = Some(i);
                }
                _ => {
                    return invalid(format!(
                        "{what} must list distinct suit letters in order S H D C"
                    ))
                }
            }
        }
        Ok(mask)
    }

    fn check_closed(value: &Value) -> Result<Option<Closed>> {
        if value.is_null() {
            return Ok(None);
        }
        let d = check_keys(
            value,
            &["by", "opponent_points", "opponent_won_trick", "tricks"],
            "closed",
        )?;
        let Value::Bool(won) = field(d, "opponent_won_trick") else {
            return invalid("closed.opponent_won_trick must be true or false");
        };
        Ok(Some(Closed {
            by: check_seat(field(d, "by"), "closed.by")?,
            opponent_points: check_small(
                field(d, "opponent_points"),
                "closed.opponent_points",
                0,
                200,
            )?,
            opponent_won_trick: *won,
            // The stock is open only while two cards or more remain in it.
            tricks: check_small(field(d, "tricks"), "closed.tricks", 0, 4)?,
        }))
    }

    fn check_exchange(value: &Value) -> Result<Option<Exchange>> {
        if value.is_null() {
            return Ok(None);
        }
        let d = check_keys(value, &["seat", "jack", "took"], "exchange")?;
        Ok(Some(Exchange {
            seat: check_seat(field(d, "seat"), "exchange.seat")?,
            jack: check_card(SCHNAPSEN, field(d, "jack"), "exchange.jack")?,
            took: check_card(SCHNAPSEN, field(d, "took"), "exchange.took")?,
        }))
    }

    struct Outcome {
        winner: u8,
        match_points: [u8; 2],
        deals: Vec<DealResult>,
    }

    fn check_match_points(value: &Value, what: &str) -> Result<[u8; 2]> {
        let [a, b] = check_pair(value, what)?;
        Ok([
            check_small(a, &format!("{what}[0]"), 0, MATCH_POINTS)?,
            check_small(b, &format!("{what}[1]"), 0, MATCH_POINTS)?,
        ])
    }

    fn check_outcome(value: &Value) -> Result<Option<Outcome>> {
        if value.is_null() {
            return Ok(None);
        }
        let d = check_keys(value, &["winner", "match_points", "deals"], "outcome")?;
        let [a, b] = check_pair(field(d, "match_points"), "outcome.match_points")?;
        let winner = check_seat(field(d, "winner"), "outcome.winner")?;
        let match_points = [
            check_small(a, "outcome.match_points[0]", 0, MATCH_POINTS)?,
            check_small(b, "outcome.match_points[1]", 0, MATCH_POINTS)?,
        ];
        let deals = check_deals(field(d, "deals"), "outcome.deals")?;
        Ok(Some(Outcome {
            winner,
            match_points,
            deals,
        }))
    }

    /// Everything `from_dict` reads, before the consistency checks.
    struct Parsed {
        seed: Option<u64>,
        deck: Vec<Card>,
        rng: u64,
        match_points: [u8; 2],
        deals: Vec<DealResult>,
        dealer: u8,
        trump: u8,
        indicator: Option<Card>,
        stock: Vec<Card>,
        hands: [Vec<Card>; 2],
        leader: u8,
        lead: Option<Card>,
        tricks: Vec<Trick>,
        marriages: [u8; 2],
        closed: Option<Closed>,
        exchange: Option<Exchange>,
        known: [Vec<Card>; 2],
        history: Vec<String>,
        outcome: Option<Outcome>,
    }

    pub(super) fn state(value: &Value) -> Result<(Schnapsen, Record)> {
        check_depth(value, "state")?;
        let d = check_keys(value, &STATE_KEYS, "state")?;
        check_header(d, Schnapsen::ID)?;
        let seed = match field(d, "seed") {
            Value::Null => None,
            other => Some(check_seed(other, "seed")?),
        };
        let deck = check_order(SCHNAPSEN, field(d, "deck"))?;
        let rng = check_int(field(d, "rng"), "rng", 0, i128::from(u64::MAX))?;
        let match_points = check_match_points(field(d, "match_points"), "match_points")?;
        let deals = check_deals(field(d, "deals"), "deals")?;
        let dealer = check_seat(field(d, "dealer"), "dealer")?;
        let trump_value = field(d, "trump");
        let Some(trump) = trump_value
            .as_str()
            .and_then(|s| SUIT_LETTERS.iter().position(|&l| s.as_bytes() == [l]))
        else {
            return invalid(format!(
                "trump: {} is not a suit letter",
                py_repr(trump_value)
            ));
        };
        let indicator = check_opt_card(SCHNAPSEN, field(d, "indicator"), "indicator")?;
        let stock = check_cards(SCHNAPSEN, field(d, "stock"), "stock", false)?;
        let [h0, h1] = check_pair(field(d, "hands"), "hands")?;
        let hands = [
            check_cards(SCHNAPSEN, h0, "hands[0]", true)?,
            check_cards(SCHNAPSEN, h1, "hands[1]", true)?,
        ];
        let leader = check_seat(field(d, "leader"), "leader")?;
        let lead = check_opt_card(SCHNAPSEN, field(d, "lead"), "lead")?;
        let tricks = check_list(field(d, "tricks"), "tricks")?
            .iter()
            .enumerate()
            .map(|(i, t)| check_trick(t, i))
            .collect::<Result<Vec<Trick>>>()?;
        let [m0, m1] = check_pair(field(d, "marriages"), "marriages")?;
        let marriages = [
            check_suits(m0, "marriages[0]")?,
            check_suits(m1, "marriages[1]")?,
        ];
        let closed = check_closed(field(d, "closed"))?;
        let exchange = check_exchange(field(d, "exchange"))?;
        let [k0, k1] = check_pair(field(d, "known"), "known")?;
        let known = [
            check_cards(SCHNAPSEN, k0, "known[0]", true)?,
            check_cards(SCHNAPSEN, k1, "known[1]", true)?,
        ];
        let history = check_history::<Schnapsen>(field(d, "history"))?;
        let outcome = check_outcome(field(d, "outcome"))?;
        let parsed = Parsed {
            seed,
            deck,
            rng: u64::try_from(rng).unwrap_or(0),
            match_points,
            deals,
            dealer,
            trump: trump as u8,
            indicator,
            stock,
            hands,
            leader,
            lead,
            tricks,
            marriages,
            closed,
            exchange,
            known,
            history,
            outcome,
        };
        check_consistency(&parsed)?;
        Ok(build(parsed))
    }

    fn set_of(cards: &[Card]) -> CardSet {
        cards.iter().fold(0, |acc, &c| acc | bit(c))
    }

    fn check_match(p: &Parsed) -> Result<()> {
        let mut won = [MATCH_POINTS; 2];
        for deal in &p.deals {
            let w = usize::from(deal.winner & 1);
            if won.contains(&0) {
                return invalid("deals: a deal after the match was won");
            }
            won[w] = won[w].saturating_sub(deal.game_points);
        }
        if won != p.match_points {
            return invalid("match_points do not follow from deals");
        }
        let finished = won.contains(&0);
        if finished != p.outcome.is_some() {
            return invalid("outcome: must be set exactly when a seat reaches 0");
        }
        if let Some(outcome) = &p.outcome {
            if outcome.match_points != won
                || outcome.deals != p.deals
                || won[usize::from(outcome.winner & 1)] != 0
            {
                return invalid("outcome does not match the deals");
            }
        }
        if usize::from(p.dealer) != (1 + p.deals.len()) % 2 && p.outcome.is_none() {
            return invalid("dealer: seat 1 deals first and the deal alternates");
        }
        Ok(())
    }

    fn check_conservation(p: &Parsed) -> Result<()> {
        let trick_cards: Vec<Card> = p.tricks.iter().flat_map(|t| [t.lead, t.follow]).collect();
        crate::checks::check_conservation(
            SCHNAPSEN,
            &[
                ("hands[0]", &p.hands[0][..]),
                ("hands[1]", &p.hands[1]),
                ("stock", &p.stock),
                ("indicator", p.indicator.as_slice()),
                ("lead", p.lead.as_slice()),
                ("tricks", &trick_cards),
            ],
        )
    }

    /// The cards `seat` led this deal; each trick's winner leads the next.
    fn cards_led_by(p: &Parsed, seat: u8) -> Result<Vec<Card>> {
        let mut led = Vec::new();
        let mut leader = 1 - (p.dealer & 1);
        for (i, t) in p.tricks.iter().enumerate() {
            if trick_winner(t.lead, t.follow, p.trump, leader) != t.winner {
                return invalid(format!(
                    "tricks[{i}]: the winner does not follow from the cards"
                ));
            }
            if leader == seat {
                led.push(t.lead);
            }
            leader = t.winner;
        }
        if leader != p.leader {
            return invalid("leader: the last trick's winner leads");
        }
        if let Some(lead) = p.lead {
            if p.leader == seat {
                led.push(lead);
            }
        }
        Ok(led)
    }

    fn check_consistency(p: &Parsed) -> Result<()> {
        check_match(p)?;
        check_conservation(p)?;
        for seat in 0..2u8 {
            let s = usize::from(seat);
            let hand = set_of(&p.hands[s]);
            if let Some(stray) = p.known[s].iter().find(|&&c| hand & bit(c) == 0) {
                return invalid(format!(
                    "known[{seat}]: {} is not in that hand",
                    name(*stray)
                ));
            }
            let courts = SCHNAPSEN.rank_set(1) | SCHNAPSEN.rank_set(2);
            let led_suits = cards_led_by(p, seat)?
                .into_iter()
                .filter(|&c| courts & bit(c) != 0)
                .fold(0u8, |acc, c| acc | 1 << suit_of(c));
            for (suit, &letter) in SUIT_LETTERS.iter().enumerate() {
                if p.marriages[s] & (1 << suit) == 0 {
                    continue;
                }
                let letter = char::from(letter);
                if led_suits & (1 << suit) == 0 {
                    return invalid(format!(
                        "marriages[{seat}]: no king or queen of {letter} led"
                    ));
                }
                // Declaring needs both, so no king or queen of the suit can
                // have been played before: the declaring lead is the first.
                if first_court(p, suit as u8).map(|(_, by, led)| (by, led)) != Some((seat, true)) {
                    return invalid(format!(
                        "marriages[{seat}]: the first king or queen of {letter} played \
                         was not led by seat {seat}"
                    ));
                }
            }
        }
        if p.outcome.is_some() {
            return check_closed_record(p);
        }
        let game = build_position(p);
        for seat in 0..2 {
            if game.points(seat) >= WINNING_POINTS {
                return invalid(format!("points: seat {seat} has 66 and the deal goes on"));
            }
        }
        check_deal_progress(p)?;
        check_closed_record(p)
    }

    /// Where the first king or queen of `suit` was played this deal:
    /// (trick index, seat, whether it was led); the current lead counts as
    /// trick `tricks.len()`. Assumes the tricks were checked.
    fn first_court(p: &Parsed, suit: u8) -> Option<(usize, u8, bool)> {
        let courts = (QUEENS | KINGS) & suit_set(suit);
        let mut leader = 1 - (p.dealer & 1);
        for (i, t) in p.tricks.iter().enumerate() {
            if courts & bit(t.lead) != 0 {
                return Some((i, leader, true));
            }
            if courts & bit(t.follow) != 0 {
                return Some((i, 1 - leader, false));
            }
            leader = t.winner & 1;
        }
        p.lead
            .filter(|&lead| courts & bit(lead) != 0)
            .map(|_| (p.tricks.len(), p.leader, true))
    }

    /// The record of a close follows from the tricks before it: the seat
    /// to lead then closed, and the opponent's points and tricks are those
    /// of that moment (RULES 5). A marriage is declared with the first king
    /// or queen of its suit played, so its trick tells whether it was
    /// declared before the close and counted.
    fn check_closed_record(p: &Parsed) -> Result<()> {
        let Some(closed) = p.closed else {
            return Ok(());
        };
        let at_close = usize::from(closed.tricks);
        let Some(before) = p.tricks.get(..at_close) else {
            return invalid("closed.tricks: more than the tricks played");
        };
        let closer = before.last().map_or(1 - (p.dealer & 1), |t| t.winner);
        if closed.by != closer {
            return invalid(format!(
                "closed.by: seat {closer} led when the stock was closed"
            ));
        }
        let opponent = 1 - closer;
        let won = before.iter().filter(|t| t.winner == opponent);
        let tricks_won = won.clone().count();
        let mut points: u32 = won
            .map(|t| u32::from(card_points(t.lead) + card_points(t.follow)))
            .sum();
        if tricks_won > 0 {
            for suit in 0..4u8 {
                let declared = p.marriages[usize::from(opponent)] & (1 << suit) != 0;
                if declared && first_court(p, suit).is_some_and(|(i, _, _)| i < at_close) {
                    points += if suit == p.trump { 40 } else { 20 };
                }
            }
        }
        if closed.opponent_won_trick != (tricks_won > 0) {
            return invalid(format!(
                "closed.opponent_won_trick: seat {opponent} had {} when the stock was closed",
                if tricks_won > 0 {
                    "won a trick"
                } else {
                    "won no trick"
                }
            ));
        }
        if u32::from(closed.opponent_points) != points {
            return invalid(format!(
                "closed.opponent_points: {}, but seat {opponent} had {points} points \
                 when the stock was closed",
                closed.opponent_points
            ));
        }
        Ok(())
    }

    fn check_deal_progress(p: &Parsed) -> Result<()> {
        if let Some(indicator) = p.indicator {
            if suit_of(indicator) != p.trump {
                return invalid("indicator: not of the trump suit");
            }
        }
        if p.indicator.is_none() && !p.stock.is_empty() {
            return invalid("stock: the indicator is the last card of the stock");
        }
        let n_stock = p.stock.len() as i64 + i64::from(p.indicator.is_some());
        if n_stock % 2 != 0 {
            return invalid("stock: the stock always holds an even number of cards");
        }
        let mut hand_sizes = [p.hands[0].len() as i64, p.hands[1].len() as i64];
        let played = p.tricks.len() as i64;
        if p.lead.is_some() {
            hand_sizes[usize::from(p.leader & 1)] += 1;
        }
        if hand_sizes[0] != hand_sizes[1] {
            return invalid("hands: both seats hold the same number of cards");
        }
        let expected = if p.closed.is_none() {
            if n_stock != 0 && played != (10 - n_stock).div_euclid(2) {
                return invalid("stock: does not match the number of tricks played");
            }
            if n_stock != 0 {
                i64::from(HAND_SIZE)
            } else {
                10 - played
            }
        } else {
            let at_close = p.closed.map_or(0, |closed| i64::from(closed.tricks));
            if played < at_close || n_stock != 10 - 2 * at_close {
                return invalid("closed.tricks: does not match the stock left at closing");
            }
            if played + hand_sizes[0] > 10 || hand_sizes[0] + played < i64::from(HAND_SIZE) {
                return invalid("hands: too few or too many cards after closing");
            }
            hand_sizes[0]
        };
        if hand_sizes[0] != expected || expected == 0 {
            return invalid(format!("hands: expected {expected} cards each"));
        }
        if let Some(e) = p.exchange {
            if e.jack != p.trump * 5 + RANK_JACK || suit_of(e.took) != p.trump || e.took == e.jack {
                return invalid("exchange: the trump jack takes the trump indicator");
            }
            if p.indicator.is_some_and(|indicator| indicator != e.jack) {
                return invalid(
                    "exchange: the exchanged jack is the indicator until the stock is exhausted",
                );
            }
        }
        Ok(())
    }

    /// The position alone (no match or record data checked here).
    fn build_position(p: &Parsed) -> Schnapsen {
        let mut game = Schnapsen::empty(SplitMix64::new(p.rng));
        game.match_points = p.match_points;
        for (slot, deal) in game.deals.iter_mut().zip(&p.deals) {
            *slot = *deal;
        }
        game.n_deals = p.deals.len().min(MAX_DEALS) as u8;
        game.winner = p.outcome.as_ref().map(|o| o.winner);
        game.dealer = p.dealer;
        game.trump = p.trump;
        game.indicator = p.indicator;
        for (slot, &card) in game.stock.iter_mut().zip(&p.stock) {
            *slot = card;
        }
        game.stock_top = 0;
        game.stock_end = p.stock.len().min(DECK_SIZE) as u8;
        game.hands = [set_of(&p.hands[0]), set_of(&p.hands[1])];
        game.known = [set_of(&p.known[0]), set_of(&p.known[1])];
        game.leader = p.leader;
        game.lead = p.lead;
        for (slot, trick) in game.tricks.iter_mut().zip(&p.tricks) {
            *slot = *trick;
        }
        game.n_tricks = p.tricks.len().min(MAX_TRICKS) as u8;
        game.marriages = p.marriages;
        game.closed = p.closed;
        game.exchange = p.exchange;
        for trick in &p.tricks {
            let w = usize::from(trick.winner & 1);
            game.card_points[w] += card_points(trick.lead) + card_points(trick.follow);
            game.tricks_won[w] += 1;
        }
        for seat in 0..2 {
            game.marriage_points[seat] = (0..4)
                .filter(|s| game.marriages[seat] & (1 << s) != 0)
                .map(|s| if s == game.trump { 40 } else { 20 })
                .sum();
        }
        game
    }

    /// `Game::check_invariants`: the fields kept for speed agree with the
    /// position, and the position passes every check of `state`.
    pub(super) fn check_position(game: &Schnapsen) -> Result<()> {
        let (n_deals, n_tricks) = (usize::from(game.n_deals), usize::from(game.n_tricks));
        if n_deals > MAX_DEALS || n_tricks > MAX_TRICKS {
            return invalid("deals or tricks: more than a match or a deal holds");
        }
        if game.stock_top > game.stock_end || usize::from(game.stock_end) > DECK_SIZE {
            return invalid("stock: its bounds lie outside the deck");
        }
        if game.trump > 3 || game.dealer > 1 || game.leader > 1 {
            return invalid("trump, dealer or leader out of range");
        }
        let outside = !SCHNAPSEN.full();
        let sets = game.hands[0] | game.hands[1] | game.known[0] | game.known[1];
        let cards = (game.stock().iter().copied())
            .chain(game.indicator)
            .chain(game.lead);
        let tricks = game.tricks().iter().flat_map(|t| [t.lead, t.follow]);
        if sets & outside != 0 || cards.chain(tricks).any(|c| usize::from(c) >= DECK_SIZE) {
            return invalid("a card outside the deck");
        }
        if game.tricks().iter().any(|t| t.winner > 1)
            || game.deals().iter().any(|d| d.winner > 1)
            || game.winner.is_some_and(|w| w > 1)
        {
            return invalid("a seat out of range");
        }
        let mut card_points = [0u16; 2];
        let mut tricks_won = [0u8; 2];
        for t in game.tricks() {
            card_points[usize::from(t.winner)] +=
                super::card_points(t.lead) + super::card_points(t.follow);
            tricks_won[usize::from(t.winner)] += 1;
        }
        let marriage_points = game.marriages.map(|mask| {
            (0..4u8)
                .filter(|&suit| mask & (1 << suit) != 0)
                .map(|suit| if suit == game.trump { 40 } else { 20 })
                .sum::<u16>()
        });
        if card_points != game.card_points
            || tricks_won != game.tricks_won
            || marriage_points != game.marriage_points
        {
            return invalid("points: the running totals disagree with the tricks and marriages");
        }
        let list = |set: CardSet| crate::cards::cards(set).collect::<Vec<Card>>();
        let parsed = Parsed {
            seed: None,
            deck: Vec::new(),
            rng: game.rng.state,
            match_points: game.match_points,
            deals: game.deals().to_vec(),
            dealer: game.dealer,
            trump: game.trump,
            indicator: game.indicator,
            stock: game.stock().to_vec(),
            hands: [list(game.hands[0]), list(game.hands[1])],
            leader: game.leader,
            lead: game.lead,
            tricks: game.tricks().to_vec(),
            marriages: game.marriages,
            closed: game.closed,
            exchange: game.exchange,
            known: [list(game.known[0]), list(game.known[1])],
            history: Vec::new(),
            outcome: game.winner.map(|winner| Outcome {
                winner,
                match_points: game.match_points,
                deals: game.deals().to_vec(),
            }),
        };
        check_consistency(&parsed)
    }

    fn build(p: Parsed) -> (Schnapsen, Record) {
        let game = build_position(&p);
        let record = Record {
            seed: p.seed,
            deck: p.deck,
            history: p.history,
        };
        (game, record)
    }
}
