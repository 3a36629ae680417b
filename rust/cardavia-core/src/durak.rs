//! Classic Durak (podkidnoy) for two players: RULES.md chapter 3.
//!
//! The twin of `python/cardavia/reference/durak.py`, which decides every
//! question of behaviour and of the state dict's shape. `DurakRules` holds
//! both Durak games; `TRANSFERS` switches on the transfer of chapter 4,
//! whose code lives in `perevodnoy.rs`.
//!
//! The position is plain bits and small arrays so that a playout copies it
//! and plays it without allocating: hands, known cards and the discard are
//! card sets, the stock a fixed array read from an index, the table at most
//! six (attack, defence) pairs plus the set of its ranks.

use crate::cards::{bit, cards, count, nth, Card, CardSet, Deck, ATLASNYE, SUIT_LETTERS};
use crate::checks::{
    check_bool, check_card, check_cards, check_conservation, check_depth, check_header,
    check_history, check_keys, check_list, check_order, check_pair, check_seat, check_seed,
    check_small, field,
};
use crate::error::{invalid, Result};
use crate::game::{legal_move_names, Game, MoveList, Record};
use crate::rng::SplitMix64;
use serde_json::{json, Value};

pub const DECK: Deck = ATLASNYE;
pub const HAND_SIZE: u32 = 6;
pub const MAX_ATTACKS: usize = 6;
pub const IDLE_BOUT_LIMIT: u8 = 50;

const DECK_LEN: usize = 36;
const RANKS: usize = 9;
/// An empty defence slot on the table.
const NO_CARD: Card = Card::MAX;

/// Per card (indexed by `card & 63`): the higher cards of its suit, and
/// its rank. Tables spare the hot paths the divisions by nine.
const HIGHER: [CardSet; 64] = {
    let mut table = [0; 64];
    let mut card = 0;
    while card < DECK_LEN {
        table[card] = DECK.higher_in_suit(card as Card);
        card += 1;
    }
    table
};
const RANK: [u8; 64] = {
    let mut table = [0; 64];
    let mut card = 0;
    while card < DECK_LEN {
        table[card] = DECK.rank(card as Card);
        card += 1;
    }
    table
};

/// Classic Durak: no transfers.
pub type Durak = DurakRules<false>;

/// A move of either Durak game. `Stop` is the default only because
/// `MoveList` needs one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum DurakMove {
    Attack(Card),
    Defend(Card),
    Transfer(Card),
    Take,
    #[default]
    Stop,
}

/// How a finished deal ended; the loser of a win is the other seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Draw,
    Win { winner: u8 },
}

/// Who acts and how, derived from the position rather than stored, so
/// that it can never disagree with the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Phase {
    Over,
    /// Empty table: the attacker opens.
    Lead,
    /// An attack is open and the defender has not taken.
    Defend,
    /// Every attack is beaten, or the defender takes: the attacker adds or stops.
    Add,
}

/// One deal of two-player Durak; `TRANSFERS` makes it perevodnoy.
#[derive(Clone, Copy, Debug)]
pub struct DurakRules<const TRANSFERS: bool> {
    pub(crate) hands: [CardSet; 2],
    /// Cards of each hand the opponent has seen: taken table cards and the
    /// trump card drawn last.
    pub(crate) known: [CardSet; 2],
    pub(crate) discard: CardSet,
    /// The stock is `stock[stock_top..]`, top first; the trump card last.
    pub(crate) stock: [Card; DECK_LEN],
    pub(crate) stock_top: u8,
    pub(crate) attacks: [Card; MAX_ATTACKS],
    pub(crate) defences: [Card; MAX_ATTACKS],
    pub(crate) table_len: u8,
    /// Defences fill the oldest attacks first, so the beaten attacks are
    /// always `attacks[..defended]` and the open one `attacks[defended]`.
    pub(crate) defended: u8,
    pub(crate) table_set: CardSet,
    /// Bit r set when a card of rank r lies on the table.
    pub(crate) table_ranks: u16,
    pub(crate) trump_card: Card,
    pub(crate) trump_set: CardSet,
    pub(crate) attacker: u8,
    pub(crate) taking: bool,
    pub(crate) limit: u8,
    pub(crate) idle_bouts: u8,
    pub(crate) outcome: Option<Outcome>,
}

/// Equal positions, whatever lies in the unused slots of the stock and
/// table arrays (left there because clearing them would cost every bout).
impl<const TRANSFERS: bool> PartialEq for DurakRules<TRANSFERS> {
    fn eq(&self, other: &Self) -> bool {
        self.hands == other.hands
            && self.known == other.known
            && self.discard == other.discard
            && self.stock() == other.stock()
            && self.table().eq(other.table())
            && self.trump_card == other.trump_card
            && self.attacker == other.attacker
            && self.taking == other.taking
            && self.limit == other.limit
            && self.idle_bouts == other.idle_bouts
            && self.outcome == other.outcome
    }
}

impl<const TRANSFERS: bool> Eq for DurakRules<TRANSFERS> {}

impl<const TRANSFERS: bool> DurakRules<TRANSFERS> {
    // ------------------------------------------------------------ accessors

    #[inline]
    pub fn hand(&self, seat: usize) -> CardSet {
        self.hands[seat]
    }

    #[inline]
    pub fn known(&self, seat: usize) -> CardSet {
        self.known[seat]
    }

    #[inline]
    pub fn discard(&self) -> CardSet {
        self.discard
    }

    /// The cards of the stock, top first.
    #[inline]
    pub fn stock(&self) -> &[Card] {
        &self.stock[self.stock_top as usize..]
    }

    #[inline]
    pub fn stock_len(&self) -> usize {
        DECK_LEN - self.stock_top as usize
    }

    /// The table as (attack, defence) pairs, oldest first.
    pub fn table(&self) -> impl Iterator<Item = (Card, Option<Card>)> + '_ {
        let len = self.table_len as usize;
        self.attacks[..len]
            .iter()
            .zip(&self.defences[..len])
            .map(|(&a, &d)| (a, (d != NO_CARD).then_some(d)))
    }

    /// Every card on the table.
    #[inline]
    pub fn table_cards(&self) -> CardSet {
        self.table_set
    }

    #[inline]
    pub fn trump_card(&self) -> Card {
        self.trump_card
    }

    #[inline]
    pub fn trump_suit(&self) -> u8 {
        DECK.suit(self.trump_card)
    }

    #[inline]
    pub fn attacker(&self) -> usize {
        self.attacker as usize
    }

    #[inline]
    pub fn defender(&self) -> usize {
        1 - self.attacker as usize
    }

    #[inline]
    pub fn taking(&self) -> bool {
        self.taking
    }

    #[inline]
    pub fn limit(&self) -> usize {
        self.limit as usize
    }

    #[inline]
    pub fn idle_bouts(&self) -> usize {
        self.idle_bouts as usize
    }

    #[inline]
    pub fn result(&self) -> Option<Outcome> {
        self.outcome
    }

    // ---------------------------------------------------------- the position

    #[inline]
    pub(crate) fn phase(&self) -> Phase {
        if self.outcome.is_some() {
            Phase::Over
        } else if self.taking {
            Phase::Add
        } else if self.table_len == 0 {
            Phase::Lead
        } else if self.defended < self.table_len {
            Phase::Defend
        } else {
            Phase::Add
        }
    }

    /// Every card of a rank on the table.
    #[inline]
    pub(crate) fn table_rank_cards(&self) -> CardSet {
        let ranks = CardSet::from(self.table_ranks);
        ranks | ranks << RANKS | ranks << (2 * RANKS) | ranks << (3 * RANKS)
    }

    /// Rank-matching cards the attacker may add while below the limit.
    #[inline]
    pub(crate) fn additions(&self) -> CardSet {
        if self.table_len < self.limit {
            self.hands[self.attacker as usize] & self.table_rank_cards()
        } else {
            0
        }
    }

    /// The cards that beat `attack`: higher in its suit, or any trump on a
    /// non-trump.
    #[inline]
    fn beating(&self, attack: Card) -> CardSet {
        let higher = HIGHER[usize::from(attack & 63)];
        if bit(attack) & self.trump_set != 0 {
            higher
        } else {
            higher | self.trump_set
        }
    }

    /// The defender's cards that beat the oldest open attack.
    #[inline]
    pub(crate) fn defences_now(&self) -> CardSet {
        let open = self.attacks[usize::from(self.defended).min(MAX_ATTACKS - 1)];
        self.hands[self.defender()] & self.beating(open)
    }

    #[inline]
    pub(crate) fn play_card(&mut self, seat: usize, card: Card) {
        self.hands[seat] &= !bit(card);
        self.known[seat] &= !bit(card);
    }

    #[inline]
    fn add_to_table(&mut self, card: Card) {
        self.table_set |= bit(card);
        self.table_ranks |= 1 << RANK[usize::from(card & 63)];
    }

    /// An attack or a transfer card joins the table as a new open attack.
    #[inline]
    pub(crate) fn push_attack(&mut self, card: Card) {
        let len = self.table_len as usize;
        // Only an illegal move could overflow the table; ignore it rather
        // than panic.
        if len < MAX_ATTACKS {
            self.attacks[len] = card;
            self.defences[len] = NO_CARD;
            self.table_len += 1;
            self.add_to_table(card);
        }
    }

    fn defend(&mut self, card: Card) {
        let defender = self.defender();
        self.play_card(defender, card);
        let open = self.defended as usize;
        if open < MAX_ATTACKS {
            self.defences[open] = card;
            self.defended += 1;
            self.add_to_table(card);
        }
    }

    /// `limit = min(6, the defender's hand)`, fixed when a bout starts and
    /// again at a transfer.
    #[inline]
    pub(crate) fn reset_limit(&mut self) {
        self.limit = count(self.hands[self.defender()]).min(MAX_ATTACKS as u32) as u8;
    }

    fn end_bout(&mut self) {
        let attacker = self.attacker as usize;
        let defender = 1 - attacker;
        let took = self.taking;
        if took {
            // The defender picks up everything; both seats saw these cards.
            self.hands[defender] |= self.table_set;
            self.known[defender] |= self.table_set;
        } else {
            self.discard |= self.table_set;
        }
        self.table_len = 0;
        self.defended = 0;
        self.table_set = 0;
        self.table_ranks = 0;
        self.taking = false;

        let drew = self.refill(attacker) + self.refill(defender);
        if !took {
            self.attacker = defender as u8;
        }
        self.idle_bouts = if took && drew == 0 {
            self.idle_bouts.saturating_add(1)
        } else {
            0
        };

        if self.stock_len() == 0 && (self.hands[0] == 0 || self.hands[1] == 0) {
            self.outcome = Some(match (self.hands[0], self.hands[1]) {
                (0, 0) => Outcome::Draw,
                (0, _) => Outcome::Win { winner: 0 },
                _ => Outcome::Win { winner: 1 },
            });
        } else if self.idle_bouts >= IDLE_BOUT_LIMIT {
            self.outcome = Some(Outcome::Draw);
        } else {
            self.reset_limit();
        }
    }

    /// Draw up to six; the last card of the stock (the trump card) becomes
    /// known to the opponent, who saw it face up.
    #[inline]
    fn refill(&mut self, seat: usize) -> usize {
        let have = count(self.hands[seat]);
        if have >= HAND_SIZE {
            return 0;
        }
        let top = self.stock_top as usize;
        let n = ((HAND_SIZE - have) as usize).min(DECK_LEN - top);
        let mut drawn = 0;
        for &card in &self.stock[top..top + n] {
            drawn |= bit(card);
        }
        self.hands[seat] |= drawn;
        self.stock_top += n as u8;
        if n > 0 && self.stock_top as usize == DECK_LEN {
            self.known[seat] |= bit(self.stock[DECK_LEN - 1]);
        }
        n
    }

    fn first_attacker(hands: &[CardSet; 2], trump_set: CardSet) -> u8 {
        // Inside a suit a lower bit is a lower rank.
        match (hands[0] & trump_set, hands[1] & trump_set) {
            (_, 0) => 0,
            (0, _) => 1,
            (t0, t1) => u8::from(t1.trailing_zeros() < t0.trailing_zeros()),
        }
    }

    fn set_stock(&mut self, stock: &[Card]) {
        let len = stock.len().min(DECK_LEN);
        self.stock_top = (DECK_LEN - len) as u8;
        self.stock[DECK_LEN - len..].copy_from_slice(&stock[..len]);
    }

    fn empty(trump_card: Card) -> Self {
        Self {
            hands: [0; 2],
            known: [0; 2],
            discard: 0,
            stock: [0; DECK_LEN],
            stock_top: DECK_LEN as u8,
            attacks: [NO_CARD; MAX_ATTACKS],
            defences: [NO_CARD; MAX_ATTACKS],
            table_len: 0,
            defended: 0,
            table_set: 0,
            table_ranks: 0,
            trump_card,
            trump_set: DECK.suit_set(DECK.suit(trump_card)),
            attacker: 0,
            taking: false,
            limit: 0,
            idle_bouts: 0,
            outcome: None,
        }
    }

    // ------------------------------------------------------ state and views

    fn table_value(&self) -> Value {
        Value::Array(
            self.table()
                .map(|(attack, defence)| {
                    json!([DECK.name_of(attack), defence.map(|d| DECK.name_of(d))])
                })
                .collect(),
        )
    }

    fn names(set: CardSet) -> Value {
        json!(DECK.names(set))
    }

    fn trump_letter(&self) -> String {
        let letter = SUIT_LETTERS.get(self.trump_suit() as usize).copied();
        char::from(letter.unwrap_or(b'?')).to_string()
    }

    fn stock_names(&self) -> Vec<String> {
        self.stock().iter().map(|&c| DECK.name_of(c)).collect()
    }
}

/// A number below `n` (n > 0).
#[inline]
fn pick(rng: &mut SplitMix64, n: u32) -> u32 {
    // Multiply-high instead of a 64-bit division: a playout draws once per
    // move, and the bias (n / 2^64) is as negligible as the modulo's.
    ((u128::from(rng.next()) * u128::from(n)) >> 64) as u32
}

fn move_card(text: &str, prefix: &str) -> Option<Card> {
    DECK.parse(text.strip_prefix(prefix)?)
}

impl<const TRANSFERS: bool> Game for DurakRules<TRANSFERS> {
    type Move = DurakMove;

    const ID: &'static str = if TRANSFERS { "perevodnoy" } else { "durak" };
    const DECK: Deck = ATLASNYE;

    fn deal(deck: &[Card], _rng: SplitMix64) -> Self {
        // The deck is a validated permutation of the 36 cards.
        let card = |i: usize| deck.get(i).copied().unwrap_or(0);
        let hand = |from: usize| (from..from + 6).fold(0, |set, i| set | bit(card(i)));
        let trump_card = card(12);
        let mut game = Self::empty(trump_card);
        game.hands = [hand(0), hand(6)];
        // The turned-up trump card lies under the stock, drawn last.
        let mut stock = [trump_card; DECK_LEN - 12];
        for (i, slot) in stock[..DECK_LEN - 13].iter_mut().enumerate() {
            *slot = card(13 + i);
        }
        game.set_stock(&stock);
        game.attacker = Self::first_attacker(&game.hands, game.trump_set);
        game.reset_limit();
        game
    }

    #[inline]
    fn current_player(&self) -> Option<usize> {
        match self.phase() {
            Phase::Over => None,
            Phase::Defend => Some(self.defender()),
            Phase::Lead | Phase::Add => Some(self.attacker as usize),
        }
    }

    #[inline]
    fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    fn legal_moves(&self, out: &mut MoveList<DurakMove>) {
        out.clear();
        match self.phase() {
            Phase::Over => {}
            Phase::Lead => {
                for card in cards(self.hands[self.attacker as usize]) {
                    out.push(DurakMove::Attack(card));
                }
            }
            Phase::Add => {
                for card in cards(self.additions()) {
                    out.push(DurakMove::Attack(card));
                }
                out.push(DurakMove::Stop);
            }
            Phase::Defend => {
                for card in cards(self.defences_now()) {
                    out.push(DurakMove::Defend(card));
                }
                out.push(DurakMove::Take);
                for card in cards(self.transfer_cards()) {
                    out.push(DurakMove::Transfer(card));
                }
            }
        }
    }

    /// Uniform over the moves `legal_moves` lists, counted as bitsets
    /// instead of listed. A finished game has no move; `Stop` is returned
    /// rather than a panic.
    #[inline]
    fn random_move(&self, rng: &mut SplitMix64) -> DurakMove {
        match self.phase() {
            Phase::Over => DurakMove::Stop,
            Phase::Lead => {
                let hand = self.hands[self.attacker as usize];
                if hand == 0 {
                    return DurakMove::Stop;
                }
                DurakMove::Attack(nth(hand, pick(rng, count(hand))))
            }
            Phase::Add => {
                let adds = self.additions();
                let n = count(adds);
                let k = pick(rng, n + 1);
                if k < n {
                    DurakMove::Attack(nth(adds, k))
                } else {
                    DurakMove::Stop
                }
            }
            Phase::Defend => {
                let defences = self.defences_now();
                let transfers = self.transfer_cards();
                let nd = count(defences);
                let k = pick(rng, nd + 1 + count(transfers));
                if k < nd {
                    DurakMove::Defend(nth(defences, k))
                } else if k == nd {
                    DurakMove::Take
                } else {
                    DurakMove::Transfer(nth(transfers, k - nd - 1))
                }
            }
        }
    }

    #[inline]
    fn apply(&mut self, mv: DurakMove) {
        match mv {
            DurakMove::Attack(card) => {
                self.play_card(self.attacker as usize, card);
                self.push_attack(card);
            }
            DurakMove::Defend(card) => self.defend(card),
            DurakMove::Take => self.taking = true,
            DurakMove::Stop => self.end_bout(),
            DurakMove::Transfer(card) => self.apply_transfer(card),
        }
    }

    fn move_name(mv: DurakMove) -> String {
        match mv {
            DurakMove::Attack(card) => format!("attack:{}", DECK.name_of(card)),
            DurakMove::Defend(card) => format!("defend:{}", DECK.name_of(card)),
            DurakMove::Transfer(card) => format!("transfer:{}", DECK.name_of(card)),
            DurakMove::Take => "take".to_owned(),
            DurakMove::Stop => "stop".to_owned(),
        }
    }

    fn parse_move(text: &str) -> Option<DurakMove> {
        match text {
            "take" => Some(DurakMove::Take),
            "stop" => Some(DurakMove::Stop),
            _ => {
                if let Some(card) = move_card(text, "attack:") {
                    Some(DurakMove::Attack(card))
                } else if let Some(card) = move_card(text, "defend:") {
                    Some(DurakMove::Defend(card))
                } else if TRANSFERS {
                    move_card(text, "transfer:").map(DurakMove::Transfer)
                } else {
                    None
                }
            }
        }
    }

    fn outcome(&self) -> Value {
        match self.outcome {
            None => Value::Null,
            Some(Outcome::Draw) => json!({"winner": null, "loser": null, "draw": true}),
            Some(Outcome::Win { winner }) => {
                json!({"winner": winner, "loser": 1 - winner, "draw": false})
            }
        }
    }

    #[inline]
    fn winner(&self) -> Option<usize> {
        match self.outcome {
            Some(Outcome::Win { winner }) => Some(winner as usize),
            _ => None,
        }
    }

    fn to_value(&self, record: &Record) -> Value {
        let deck: Vec<String> = record.deck.iter().map(|&c| DECK.name_of(c)).collect();
        json!({
            "schema": 1,
            "game": Self::ID,
            "seed": record.seed,
            "deck": deck,
            "trump_card": DECK.name_of(self.trump_card),
            "hands": [Self::names(self.hands[0]), Self::names(self.hands[1])],
            "stock": self.stock_names(),
            "table": self.table_value(),
            "discard": Self::names(self.discard),
            "attacker": self.attacker,
            "taking": self.taking,
            "limit": self.limit,
            "idle_bouts": self.idle_bouts,
            "known": [Self::names(self.known[0]), Self::names(self.known[1])],
            "history": record.history,
            "outcome": self.outcome(),
        })
    }

    fn observation(&self, seat: usize, record: &Record) -> Value {
        // The binding checks the seat; an impossible one gets nothing.
        if seat > 1 {
            return Value::Null;
        }
        let current = self.current_player();
        let legal = if current == Some(seat) {
            legal_move_names(self)
        } else {
            Vec::new()
        };
        json!({
            "game": Self::ID,
            "seat": seat,
            "current_player": current,
            "legal_moves": legal,
            "hand": Self::names(self.hands[seat]),
            "hand_sizes": [count(self.hands[0]), count(self.hands[1])],
            "known": [Self::names(self.known[0]), Self::names(self.known[1])],
            "trump": self.trump_letter(),
            "trump_card": DECK.name_of(self.trump_card),
            "stock_size": self.stock_len(),
            "table": self.table_value(),
            "discard": Self::names(self.discard),
            "attacker": self.attacker,
            "defender": self.defender(),
            "taking": self.taking,
            "limit": self.limit,
            "idle_bouts": self.idle_bouts,
            "history": record.history,
            "outcome": self.outcome(),
        })
    }

    fn from_value(value: &Value) -> Result<(Self, Record)> {
        let parsed = Parsed::read::<TRANSFERS>(value)?;
        parsed.check_consistency(TRANSFERS)?;
        Ok(parsed.build())
    }

    fn check_invariants(&self) -> Result<()> {
        self.check_fields()?;
        Parsed::of(self).check_consistency(TRANSFERS)
    }
}

// ------------------------------------------------------------------------
// Reading a state dict: the checks of `from_dict` in `durak.py` and
// `checks.py`, in the same order and with the same messages, so that both
// engines name the same first fault.

/// The keys of a Durak state dict (docs/SCHEMA.md).
pub const STATE_KEYS: [&str; 16] = [
    "schema",
    "game",
    "seed",
    "deck",
    "trump_card",
    "hands",
    "stock",
    "table",
    "discard",
    "attacker",
    "taking",
    "limit",
    "idle_bouts",
    "known",
    "history",
    "outcome",
];

fn check_outcome(value: &Value) -> Result<Option<Outcome>> {
    if value.is_null() {
        return Ok(None);
    }
    let map = check_keys(value, &["winner", "loser", "draw"], "outcome")?;
    let (winner, loser) = (field(map, "winner"), field(map, "loser"));
    if check_bool(field(map, "draw"), "outcome.draw")? {
        if !winner.is_null() || !loser.is_null() {
            return invalid("outcome: a draw has no winner and no loser");
        }
        return Ok(Some(Outcome::Draw));
    }
    let winner = check_seat(winner, "outcome.winner")?;
    let loser = check_seat(loser, "outcome.loser")?;
    if winner == loser {
        return invalid("outcome: the winner cannot also be the loser");
    }
    Ok(Some(Outcome::Win { winner }))
}

impl<const TRANSFERS: bool> DurakRules<TRANSFERS> {
    /// The fields kept for speed agree with the position: the table's
    /// slots, card set and ranks, the trump suit's set, the stock's bounds.
    fn check_fields(&self) -> Result<()> {
        let (len, defended) = (usize::from(self.table_len), usize::from(self.defended));
        if len > MAX_ATTACKS || defended > len {
            return invalid(format!(
                "table: {len} attacks, {defended} beaten (at most {MAX_ATTACKS})"
            ));
        }
        if usize::from(self.stock_top) > DECK_LEN {
            return invalid("stock: its top lies beyond the deck");
        }
        if self.attacker > 1 || usize::from(self.limit) > MAX_ATTACKS {
            return invalid("attacker or limit out of range");
        }
        if self.idle_bouts > IDLE_BOUT_LIMIT {
            return invalid("idle_bouts: beyond 50");
        }
        let (mut set, mut ranks) = (0, 0u16);
        for (i, (attack, defence)) in self.table().enumerate() {
            if defence.is_some() != (i < defended) {
                return invalid(format!("table[{i}]: the beaten attacks are not the oldest"));
            }
            for card in std::iter::once(attack).chain(defence) {
                if usize::from(card) >= DECK_LEN {
                    return invalid(format!("table[{i}]: a card outside the deck"));
                }
                set |= bit(card);
                ranks |= 1 << RANK[usize::from(card)];
            }
        }
        if set != self.table_set || ranks != self.table_ranks {
            return invalid("table: its card set or ranks disagree with its cards");
        }
        if usize::from(self.trump_card) >= DECK_LEN
            || self.trump_set != DECK.suit_set(DECK.suit(self.trump_card))
        {
            return invalid("trump_card: the trump set disagrees with the trump card");
        }
        let outside = !DECK.full();
        if (self.hands[0] | self.hands[1] | self.known[0] | self.known[1] | self.discard) & outside
            != 0
        {
            return invalid("hands: a card outside the deck");
        }
        if self
            .stock()
            .iter()
            .any(|&card| usize::from(card) >= DECK_LEN)
        {
            return invalid("stock: a card outside the deck");
        }
        Ok(())
    }
}

/// A state dict read field by field, before the checks across fields.
struct Parsed {
    seed: Option<u64>,
    deck: Vec<Card>,
    trump_card: Card,
    hands: [Vec<Card>; 2],
    stock: Vec<Card>,
    table: Vec<(Card, Option<Card>)>,
    discard: Vec<Card>,
    attacker: u8,
    taking: bool,
    limit: u8,
    idle_bouts: u8,
    known: [Vec<Card>; 2],
    history: Vec<String>,
    outcome: Option<Outcome>,
}

fn set_of(cards: &[Card]) -> CardSet {
    cards.iter().fold(0, |set, &c| set | bit(c))
}

impl Parsed {
    /// The position as `read` would have parsed its state dict (no record).
    fn of<const TRANSFERS: bool>(game: &DurakRules<TRANSFERS>) -> Self {
        let list = |set: CardSet| cards(set).collect::<Vec<Card>>();
        Self {
            seed: None,
            deck: Vec::new(),
            trump_card: game.trump_card,
            hands: [list(game.hands[0]), list(game.hands[1])],
            stock: game.stock().to_vec(),
            table: game.table().collect(),
            discard: list(game.discard),
            attacker: game.attacker,
            taking: game.taking,
            limit: game.limit,
            idle_bouts: game.idle_bouts,
            known: [list(game.known[0]), list(game.known[1])],
            history: Vec::new(),
            outcome: game.outcome,
        }
    }

    fn read<const TRANSFERS: bool>(value: &Value) -> Result<Self> {
        check_depth(value, "state")?;
        let d = check_keys(value, &STATE_KEYS, "state")?;
        check_header(d, DurakRules::<TRANSFERS>::ID)?;
        let seed = match field(d, "seed") {
            Value::Null => None,
            seed => Some(check_seed(seed, "seed")?),
        };
        let deck = check_order(DECK, field(d, "deck"))?;
        let trump_card = check_card(DECK, field(d, "trump_card"), "trump_card")?;
        let [h0, h1] = check_pair(field(d, "hands"), "hands")?;
        let hands = [
            check_cards(DECK, h0, "hands[0]", true)?,
            check_cards(DECK, h1, "hands[1]", true)?,
        ];
        let stock = check_cards(DECK, field(d, "stock"), "stock", false)?;
        let table = check_list(field(d, "table"), "table")?
            .iter()
            .enumerate()
            .map(|(i, pair)| {
                let [attack, defence] = check_pair(pair, &format!("table[{i}]"))?;
                let attack = check_card(DECK, attack, &format!("table[{i}] attack"))?;
                let defence = match defence {
                    Value::Null => None,
                    card => Some(check_card(DECK, card, &format!("table[{i}] defence"))?),
                };
                Ok((attack, defence))
            })
            .collect::<Result<Vec<_>>>()?;
        let discard = check_cards(DECK, field(d, "discard"), "discard", true)?;
        let attacker = check_seat(field(d, "attacker"), "attacker")?;
        let taking = check_bool(field(d, "taking"), "taking")?;
        let limit = check_small(field(d, "limit"), "limit", 0, MAX_ATTACKS as u8)?;
        let idle_bouts = check_small(field(d, "idle_bouts"), "idle_bouts", 0, IDLE_BOUT_LIMIT)?;
        let [k0, k1] = check_pair(field(d, "known"), "known")?;
        let known = [
            check_cards(DECK, k0, "known[0]", true)?,
            check_cards(DECK, k1, "known[1]", true)?,
        ];
        let history = check_history::<DurakRules<TRANSFERS>>(field(d, "history"))?;
        let outcome = check_outcome(field(d, "outcome"))?;
        Ok(Self {
            seed,
            deck,
            trump_card,
            hands,
            stock,
            table,
            discard,
            attacker,
            taking,
            limit,
            idle_bouts,
            known,
            history,
            outcome,
        })
    }

    fn table_cards(&self) -> impl Iterator<Item = Card> + '_ {
        self.table
            .iter()
            .flat_map(|&(attack, defence)| std::iter::once(attack).chain(defence))
    }

    fn defended(&self) -> usize {
        self.table.iter().filter(|(_, d)| d.is_some()).count()
    }

    fn open_attack(&self) -> Option<usize> {
        self.table.iter().position(|(_, d)| d.is_none())
    }

    fn beats(&self, defence: Card, attack: Card) -> bool {
        let trump = DECK.suit(self.trump_card);
        if DECK.suit(defence) == DECK.suit(attack) {
            DECK.rank(defence) > DECK.rank(attack)
        } else {
            DECK.suit(defence) == trump
        }
    }

    fn check_consistency(&self, transfers: bool) -> Result<()> {
        self.check_conservation()?;
        if let Some(&bottom) = self.stock.last() {
            if bottom != self.trump_card {
                return invalid("stock: the trump card must lie at the bottom of the stock");
            }
        }
        for seat in 0..2 {
            let hand = set_of(&self.hands[seat]);
            if let Some(&stray) = self.known[seat].iter().find(|&&c| hand & bit(c) == 0) {
                return invalid(format!(
                    "known[{seat}]: {} is not in that hand",
                    DECK.name_of(stray)
                ));
            }
        }
        if self.discard.len() % 2 != 0 {
            return invalid(format!(
                "discard: holds beaten pairs, an even number of cards, not {}",
                self.discard.len()
            ));
        }
        if self.table.len() > MAX_ATTACKS {
            return invalid(format!("table: more than {MAX_ATTACKS} attacks"));
        }
        match self.outcome {
            Some(outcome) => {
                if !self.table.is_empty() || self.taking {
                    return invalid("outcome: a finished game has an empty table");
                }
                self.check_finished(outcome)
            }
            None => self.check_bout(transfers),
        }
    }

    /// Every card of the deck in exactly one place; the first card seen
    /// twice (in the reference's order of places) is named.
    fn check_conservation(&self) -> Result<()> {
        let table: Vec<Card> = self.table_cards().collect();
        check_conservation(
            DECK,
            &[
                ("hands[0]", &self.hands[0]),
                ("hands[1]", &self.hands[1]),
                ("stock", &self.stock),
                ("table", &table),
                ("discard", &self.discard),
            ],
        )
    }

    fn check_finished(&self, outcome: Outcome) -> Result<()> {
        match outcome {
            Outcome::Draw => {
                let ended =
                    self.stock.is_empty() && self.hands[0].is_empty() && self.hands[1].is_empty();
                if !ended && self.idle_bouts < IDLE_BOUT_LIMIT {
                    return invalid("outcome: a draw needs both hands empty or 50 idle bouts");
                }
            }
            Outcome::Win { winner } => {
                let winner = winner as usize;
                if !self.stock.is_empty()
                    || !self.hands[winner].is_empty()
                    || self.hands[1 - winner].is_empty()
                {
                    return invalid("outcome: the winner must have emptied a hand, stock empty");
                }
            }
        }
        Ok(())
    }

    fn check_bout(&self, transfers: bool) -> Result<()> {
        if self.idle_bouts >= IDLE_BOUT_LIMIT {
            return invalid("idle_bouts: 50 idle bouts end the game");
        }
        if self.stock.is_empty()
            && (self.hands[0].is_empty() || self.hands[1].is_empty())
            && self.table.is_empty()
        {
            return invalid("hands: with the stock empty an empty hand ends the game");
        }
        let limit = usize::from(self.limit);
        if self.table.len() > limit {
            return invalid(format!(
                "table: {} attacks exceed the limit {limit}",
                self.table.len()
            ));
        }
        if limit < 1 {
            return invalid("limit: a bout allows at least one attack");
        }
        let defender = 1 - usize::from(self.attacker);
        let defended = self.defended();
        if limit > self.hands[defender].len() + defended {
            return invalid("limit: larger than the defender's hand allows");
        }
        let mut seen_open = false;
        for (i, &(attack, defence)) in self.table.iter().enumerate() {
            match defence {
                None => seen_open = true,
                Some(_) if seen_open => {
                    return invalid(format!("table[{i}]: beaten after an unbeaten attack"));
                }
                Some(defence) if !self.beats(defence, attack) => {
                    return invalid(format!(
                        "table[{i}]: {} does not beat {}",
                        DECK.name_of(defence),
                        DECK.name_of(attack)
                    ));
                }
                Some(_) => {}
            }
        }
        if self.taking && self.open_attack().is_none() {
            return invalid("taking: the defender takes only facing an unbeaten attack");
        }
        let attack_ranks = self
            .table
            .iter()
            .fold(0u16, |ranks, &(attack, _)| ranks | 1 << DECK.rank(attack));
        if defended == 0 && attack_ranks.count_ones() > 1 {
            return invalid("table: before any defence all attacks share one rank");
        }
        if !transfers && !self.taking && self.table.len() - defended > 1 {
            return invalid("table: classic Durak has one open attack at a time");
        }
        // The limit was min(6, defender's hand) when the bout began (or at
        // the last transfer); since then the defender's hand has only lost
        // the defences, all played after any transfer.
        let expected = (self.hands[defender].len() + defended).min(MAX_ATTACKS);
        if limit != expected {
            return invalid(format!(
                "limit: {limit}, but the defender's hand when the bout began makes it {expected}"
            ));
        }
        Ok(())
    }

    /// The position of a checked state.
    fn build<const TRANSFERS: bool>(self) -> (DurakRules<TRANSFERS>, Record) {
        let mut game = DurakRules::<TRANSFERS>::empty(self.trump_card);
        game.hands = [set_of(&self.hands[0]), set_of(&self.hands[1])];
        game.known = [set_of(&self.known[0]), set_of(&self.known[1])];
        game.discard = set_of(&self.discard);
        game.set_stock(&self.stock);
        for &(attack, defence) in self.table.iter().take(MAX_ATTACKS) {
            game.push_attack(attack);
            if let Some(defence) = defence {
                game.defences[game.table_len as usize - 1] = defence;
                game.defended += 1;
                game.add_to_table(defence);
            }
        }
        game.attacker = self.attacker;
        game.taking = self.taking;
        game.limit = self.limit;
        game.idle_bouts = self.idle_bouts;
        game.outcome = self.outcome;
        let record = Record {
            seed: self.seed,
            deck: self.deck,
            history: self.history,
        };
        (game, record)
    }
}
