//! Classic Durak (podkidnoy): RULES.md chapter 3, at a table of 2 to 6
//! seats as chapter 7 extends it (the seats' order and roles: `seats.rs`).
//!
//! The twin of `python/cardavia/reference/durak/rules.py`. `DurakRules`
//! holds both Durak games; `TRANSFERS` switches on the transfer of chapter
//! 4, whose code lives in `perevodnoy.rs`.
//!
//! The position is plain bits and small arrays so that a playout copies it
//! and plays it without allocating: hands, known cards and the discard are
//! card sets, the stock a fixed array read from an index, the table at most
//! six (attack, defence) pairs plus the set of its ranks.

use crate::cards::{bit, cards, count, nth, Card, CardSet, Deck, ATLASNYE};
use crate::game::{Game, MoveList, Outcome, Rewards, MOST_SEATS};
use crate::rng::SplitMix64;

pub const DECK: Deck = ATLASNYE;
pub const HAND_SIZE: u32 = 6;
pub const MAX_ATTACKS: usize = 6;
pub const IDLE_BOUT_LIMIT: u8 = 50;
/// The most seats at a Durak table (RULES 7).
pub const MAX_SEATS: usize = MOST_SEATS;

pub(super) const DECK_LEN: usize = 36;
const RANKS: usize = 9;
/// An empty defence slot on the table.
pub(super) const NO_CARD: Card = Card::MAX;

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
pub(super) const RANK: [u8; 64] = {
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

/// One deal of Durak at 2 to 6 seats; `TRANSFERS` makes it perevodnoy.
/// Seats past `players` hold nothing.
#[derive(Clone, Copy, Debug)]
pub struct DurakRules<const TRANSFERS: bool> {
    pub(crate) hands: [CardSet; MAX_SEATS],
    /// Cards of each hand the opponent has seen: taken table cards and the
    /// trump card drawn last.
    pub(crate) known: [CardSet; MAX_SEATS],
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
    pub(crate) players: u8,
    /// The main attacker; the defender is the next seat in after it.
    pub(crate) attacker: u8,
    /// The next seat in after the attacker, kept with it: every defence
    /// asks for it, and walking the table each time cost two seats 10%.
    pub(crate) defender: u8,
    /// Bit s: thrower s has passed since the last defence card or take.
    pub(crate) passed: u8,
    /// Per seat, the number of the bout-group it went out with (1 = the
    /// first seats out), 0 while it is in.
    pub(crate) out_at: [u8; MAX_SEATS],
    /// Bit s: seat s is out (the seats whose `out_at` is not 0).
    pub(crate) out: u8,
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
            && self.players == other.players
            && self.attacker == other.attacker
            && self.passed == other.passed
            && self.out_at == other.out_at
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
        usize::from(self.defender)
    }

    /// Fix the defender anew once the attacker or the seats out changed.
    #[inline]
    pub(crate) fn seat_defender(&mut self) {
        self.defender = self.next_in(usize::from(self.attacker)) as u8;
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

    /// The oldest attack not yet beaten: the one a defence answers.
    pub(crate) fn open_attack(&self) -> Option<Card> {
        (self.defended < self.table_len).then(|| self.attacks[usize::from(self.defended)])
    }

    /// The rank letters on the table, low to high.
    pub(crate) fn table_rank_names(&self) -> Vec<String> {
        (0..DECK.ranks.len())
            .filter(|&rank| self.table_ranks & (1 << rank) != 0)
            .map(|rank| char::from(DECK.ranks[rank]).to_string())
            .collect()
    }

    /// Every card of a rank on the table.
    #[inline]
    pub(crate) fn table_rank_cards(&self) -> CardSet {
        let ranks = CardSet::from(self.table_ranks);
        ranks | ranks << RANKS | ranks << (2 * RANKS) | ranks << (3 * RANKS)
    }

    /// Rank-matching cards the thrower to move may add while below the
    /// limit.
    #[inline]
    pub(crate) fn additions(&self) -> CardSet {
        if self.table_len < self.limit {
            self.hands[self.thrower()] & self.table_rank_cards()
        } else {
            0
        }
    }

    /// The cards that beat `attack`: higher in its suit, or any trump on a
    /// non-trump.
    #[inline]
    pub(crate) fn beating_set(&self, attack: Card) -> CardSet {
        self.beating(attack)
    }

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
    pub(super) fn add_to_table(&mut self, card: Card) {
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

    #[inline(always)]
    fn defend(&mut self, card: Card) {
        let defender = self.defender();
        self.play_card(defender, card);
        // Every defence card gives every thrower its turn again.
        self.passed = 0;
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

    /// `stop`: the thrower to move passes; once every thrower has passed
    /// the bout ends.
    #[inline(always)]
    fn pass(&mut self) {
        if self.players == 2 {
            // A duel's only thrower is the attacker: its stop ends the bout,
            // which clears the passes again.
            return self.end_bout();
        }
        self.passed |= 1 << self.thrower();
        if self.throwers() & !self.passed == 0 {
            self.end_bout();
        }
    }

    #[inline(always)]
    fn end_bout(&mut self) {
        let attacker = self.attacker as usize;
        let defender = self.defender();
        let took = self.taking;
        if took {
            // The defender picks up everything; every seat saw these cards.
            self.hands[defender] |= self.table_set;
            self.known[defender] |= self.table_set;
        } else {
            self.discard |= self.table_set;
        }
        self.clear_table();

        // The throwers in priority order draw first, the defender last.
        let mut drew = self.refill(attacker);
        if self.players > 2 {
            // A duel has no other thrower; skipping the walk round the
            // table keeps two seats as fast as before chapter 7.
            let mut seat = self.next_in(attacker);
            while seat != attacker {
                if seat != defender {
                    drew += self.refill(seat);
                }
                seat = self.next_in(seat);
            }
        }
        drew += self.refill(defender);
        self.idle_bouts = if took && drew == 0 {
            self.idle_bouts.saturating_add(1)
        } else {
            0
        };
        if self.stock_len() == 0 {
            self.leave();
        }
        let left = self.seats_in();
        // At most one seat in; without a popcount instruction in the
        // baseline target, count_ones here cost a duel 2% of its moves.
        let last = left & left.wrapping_sub(1) == 0;
        if last || self.idle_bouts >= IDLE_BOUT_LIMIT {
            // A finished deal keeps chapter 3's last attacker: the
            // defender after a defence.
            if !took {
                self.attacker = defender as u8;
            }
            self.seat_defender();
            self.outcome = Some(if last {
                self.final_outcome(left)
            } else {
                Outcome::Draw
            });
        } else {
            self.attacker = if !took && self.out & (1 << defender) == 0 {
                defender as u8
            } else {
                self.next_in(defender) as u8
            };
            self.seat_defender();
            self.reset_limit();
        }
    }

    /// An empty table, as a bout starts: no attacks, no take, no passes.
    #[inline(always)]
    pub(crate) fn clear_table(&mut self) {
        self.table_len = 0;
        self.defended = 0;
        self.table_set = 0;
        self.table_ranks = 0;
        self.taking = false;
        self.passed = 0;
    }

    /// Draw up to six; the last card of the stock (the trump card) becomes
    /// known to the opponent, who saw it face up.
    #[inline(always)]
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

    /// The holder of the lowest trump; seat 0 if no hand holds one.
    fn first_attacker(&self) -> u8 {
        // Inside a suit a lower bit is a lower rank.
        let mut best = (u32::MAX, 0);
        for seat in 0..usize::from(self.players) {
            let low = (self.hands[seat] & self.trump_set).trailing_zeros();
            if low < best.0 {
                best = (low, seat as u8);
            }
        }
        best.1
    }

    pub(super) fn set_stock(&mut self, stock: &[Card]) {
        let len = stock.len().min(DECK_LEN);
        self.stock_top = (DECK_LEN - len) as u8;
        self.stock[DECK_LEN - len..].copy_from_slice(&stock[..len]);
    }

    pub(super) fn empty(trump_card: Card) -> Self {
        Self {
            hands: [0; MAX_SEATS],
            known: [0; MAX_SEATS],
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
            players: 2,
            attacker: 0,
            defender: 1,
            passed: 0,
            out_at: [0; MAX_SEATS],
            out: 0,
            taking: false,
            limit: 0,
            idle_bouts: 0,
            outcome: None,
        }
    }
}

fn move_card(text: &str, prefix: &str) -> Option<Card> {
    DECK.parse(text.strip_prefix(prefix)?)
}

impl<const TRANSFERS: bool> Game for DurakRules<TRANSFERS> {
    type Move = DurakMove;

    const ID: &'static str = if TRANSFERS { "perevodnoy" } else { "durak" };
    const DECK: Deck = ATLASNYE;
    const MOVE_COUNT: usize = 3 * DECK_LEN + 2;
    const MAX_PLAYERS: usize = MAX_SEATS;

    fn deal(deck: &[Card], rng: SplitMix64) -> Self {
        Self::deal_seats(deck, rng, 2)
    }

    /// RULES 7, Setup: six cards a seat; below six seats the next card is
    /// turned up and lies under the stock, at six every card is dealt and
    /// the last one, seat 5's, shows the trump.
    fn deal_seats(deck: &[Card], _rng: SplitMix64, players: usize) -> Self {
        // The deck is a validated permutation of the 36 cards, the
        // players checked to be 2..=6.
        let players = players.clamp(2, MAX_SEATS);
        let card = |i: usize| deck.get(i).copied().unwrap_or(0);
        let hand = |from: usize| (from..from + 6).fold(0, |set, i| set | bit(card(i)));
        let dealt = 6 * players;
        let trump_card = card(dealt.min(DECK_LEN) - usize::from(dealt == DECK_LEN));
        let mut game = Self::empty(trump_card);
        game.players = players as u8;
        for seat in 0..players {
            game.hands[seat] = hand(6 * seat);
        }
        if dealt < DECK_LEN {
            // The turned-up trump card lies under the stock, drawn last.
            game.stock_top = dealt as u8;
            for i in dealt..DECK_LEN - 1 {
                game.stock[i] = card(i + 1);
            }
            game.stock[DECK_LEN - 1] = trump_card;
        } else {
            game.known[MAX_SEATS - 1] = bit(trump_card);
        }
        game.attacker = game.first_attacker();
        game.seat_defender();
        game.reset_limit();
        game
    }

    fn players(&self) -> usize {
        usize::from(self.players)
    }

    #[inline]
    fn current_player(&self) -> Option<usize> {
        match self.phase() {
            Phase::Over => None,
            Phase::Defend => Some(self.defender()),
            Phase::Lead | Phase::Add => Some(self.thrower()),
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
                for card in cards(self.hands[self.thrower()]) {
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
    /// rather than a panic. Always inlined, as are `apply` and the bout's
    /// steps, so that the playouts' build for bit-counting processors
    /// (`simulate::play_range`) has its own copy of them.
    #[inline(always)]
    fn random_move(&self, rng: &mut SplitMix64) -> DurakMove {
        match self.phase() {
            Phase::Over => DurakMove::Stop,
            Phase::Lead => {
                let hand = self.hands[self.thrower()];
                if hand == 0 {
                    return DurakMove::Stop;
                }
                DurakMove::Attack(nth(hand, rng.pick(count(hand))))
            }
            Phase::Add => {
                let adds = self.additions();
                let n = count(adds);
                let k = rng.pick(n + 1);
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
                let k = rng.pick(nd + 1 + count(transfers));
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

    #[inline(always)]
    fn apply(&mut self, mv: DurakMove) {
        match mv {
            DurakMove::Attack(card) => {
                self.play_card(self.thrower(), card);
                self.push_attack(card);
            }
            DurakMove::Defend(card) => self.defend(card),
            DurakMove::Take => {
                self.taking = true;
                // Every thrower gets one more turn to add cards.
                self.passed = 0;
            }
            DurakMove::Stop => self.pass(),
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

    fn move_index(mv: DurakMove) -> usize {
        let n = DECK_LEN;
        let card = |card: Card| usize::from(card).min(n - 1);
        match mv {
            DurakMove::Attack(c) => card(c),
            DurakMove::Defend(c) => n + card(c),
            DurakMove::Transfer(c) => 2 * n + card(c),
            DurakMove::Take => 3 * n,
            DurakMove::Stop => 3 * n + 1,
        }
    }

    fn move_at(index: usize) -> Option<DurakMove> {
        let n = DECK_LEN;
        let card = (index % n) as Card;
        Some(match index / n {
            0 => DurakMove::Attack(card),
            1 => DurakMove::Defend(card),
            2 => DurakMove::Transfer(card),
            3 if index == 3 * n => DurakMove::Take,
            3 if index == 3 * n + 1 => DurakMove::Stop,
            _ => return None,
        })
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }
    #[inline]
    fn winner(&self) -> Option<usize> {
        match self.outcome {
            Some(Outcome::Win { winner }) => Some(winner as usize),
            _ => None,
        }
    }

    /// Chapter 7's results: at a larger table every seat but the durak 1.
    fn rewards(&self) -> Rewards {
        self.results().map(|result| result as f32)
    }
}
