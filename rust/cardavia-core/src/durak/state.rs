//! Reading and writing a Durak state dict (docs/SCHEMA.md), checked
//! whole: the checks of `from_dict` in `python/cardavia/reference/durak/
//! state.py`, in the same order, so that both engines name the same first
//! fault.

use super::outcome::{check_outcome, check_reason, end_reason, read_groups, ReadOutcome};
use super::rules::{DurakRules, DECK, DECK_LEN, IDLE_BOUT_LIMIT, MAX_ATTACKS, MAX_SEATS, RANK};
use crate::cards::{bit, cards, Card, CardSet};
use crate::checks::{
    check_bool, check_card, check_cards, check_conservation, check_depth, check_entries,
    check_header, check_history, check_keys_optional, check_list, check_opt_card, check_order,
    check_pair, check_seed, check_small, field, item, SCHEMA_VERSION,
};
use crate::error::{invalid, Error, Kind, Result};
use crate::game::{Game, Outcome, Record, State};
use serde_json::{json, Value};

impl<const TRANSFERS: bool> State for DurakRules<TRANSFERS> {
    fn outcome_value(&self) -> Value {
        self.outcome_dict()
    }
    fn to_value(&self, record: &Record) -> Value {
        let deck: Vec<String> = record.deck.iter().map(|&c| DECK.name_of(c)).collect();
        let seats = 0..usize::from(self.players);
        let mut value = json!({
            "schema": SCHEMA_VERSION,
            "game": Self::ID,
            "seed": record.seed,
            "deck": deck,
            "trump_card": DECK.name_of(self.trump_card),
            "hands": seats.clone().map(|s| Self::names(self.hands[s])).collect::<Vec<_>>(),
            "stock": self.stock_names(),
            "table": self.table_value(),
            "discard": Self::names(self.discard),
            "attacker": self.attacker,
            "taking": self.taking,
            "limit": self.limit,
            "idle_bouts": self.idle_bouts,
            "known": seats.map(|s| Self::names(self.known[s])).collect::<Vec<_>>(),
            "history": record.history,
            "outcome": self.outcome_value(),
        });
        // Two seats write the dict of chapter 3 unchanged.
        if self.players > 2 {
            value["players"] = json!(self.players);
            value["out"] = json!(self.out_groups());
            value["passed"] = json!(self.passed_seats());
        }
        value
    }
    fn observation(&self, seat: usize, record: &Record) -> Value {
        self.view(seat, record)
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

/// The table's (attack, defence) pairs, oldest first.
pub(super) fn read_table(value: &Value) -> Result<Vec<(Card, Option<Card>)>> {
    check_list(value, "table")?
        .iter()
        .enumerate()
        .map(|(i, pair)| {
            let what = item("table", i);
            let [attack, defence] = check_pair(pair, &what)?;
            let attack = check_card(DECK, attack, &item(&what, 0))?;
            let defence = check_opt_card(DECK, defence, &item(&what, 1))?;
            Ok((attack, defence))
        })
        .collect()
}

/// A broken invariant of the fields kept for speed: never a caller's
/// input, only a bug the soak would catch.
fn corrupt(field: &str, what: &str) -> Result<()> {
    Err(Error::state(Kind::Corrupt, field, Value::Null).with("what", what))
}

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

/// The keys a state of three seats or more adds (RULES 7); a state
/// without them has two seats and nobody out or passed.
pub const SEAT_KEYS: [&str; 3] = ["players", "out", "passed"];

impl<const TRANSFERS: bool> DurakRules<TRANSFERS> {
    /// The fields kept for speed agree with the position: the table's
    /// slots, card set and ranks, the trump suit's set, the stock's bounds.
    fn check_fields(&self) -> Result<()> {
        let (len, defended) = (usize::from(self.table_len), usize::from(self.defended));
        if len > MAX_ATTACKS || defended > len {
            return corrupt("table", "more attacks or beaten ones than the table holds");
        }
        if usize::from(self.stock_top) > DECK_LEN {
            return corrupt("stock", "its top lies beyond the deck");
        }
        if !(2..=MAX_SEATS as u8).contains(&self.players) {
            return corrupt("players", "out of range");
        }
        if self.attacker >= self.players || usize::from(self.limit) > MAX_ATTACKS {
            return corrupt("attacker", "attacker or limit out of range");
        }
        let out = (0..MAX_SEATS).fold(0u8, |out, s| out | u8::from(self.out_at[s] != 0) << s);
        if out != self.out || self.passed & !self.seats_in() != 0 {
            return corrupt("out", "the seats out or passed disagree with their record");
        }
        if usize::from(self.defender) != self.next_in(usize::from(self.attacker)) {
            return corrupt("attacker", "the defender is not the next seat in");
        }
        if self.idle_bouts > IDLE_BOUT_LIMIT {
            return corrupt("idle_bouts", "beyond the limit");
        }
        let (mut set, mut ranks) = (0, 0u16);
        for (i, (attack, defence)) in self.table().enumerate() {
            if defence.is_some() != (i < defended) {
                return corrupt(&item("table", i), "the beaten attacks are not the oldest");
            }
            for card in std::iter::once(attack).chain(defence) {
                if usize::from(card) >= DECK_LEN {
                    return corrupt(&item("table", i), "a card outside the deck");
                }
                set |= bit(card);
                ranks |= 1 << RANK[usize::from(card)];
            }
        }
        if set != self.table_set || ranks != self.table_ranks {
            return corrupt("table", "its card set or ranks disagree with its cards");
        }
        if usize::from(self.trump_card) >= DECK_LEN
            || self.trump_set != DECK.suit_set(DECK.suit(self.trump_card))
        {
            return corrupt("trump_card", "the trump set disagrees with the trump card");
        }
        let outside = !DECK.full();
        let held = self
            .hands
            .iter()
            .chain(&self.known)
            .fold(0, |all, &set| all | set);
        let unseated = self.hands[usize::from(self.players)..]
            .iter()
            .chain(&self.known[usize::from(self.players)..])
            .any(|&set| set != 0);
        if (held | self.discard) & outside != 0 || unseated {
            return corrupt("hands", "a card outside the deck");
        }
        if self
            .stock()
            .iter()
            .any(|&card| usize::from(card) >= DECK_LEN)
        {
            return corrupt("stock", "a card outside the deck");
        }
        Ok(())
    }
}

/// A state dict read field by field, before the checks across fields.
pub(super) struct Parsed {
    pub(super) players: usize,
    pub(super) seed: Option<u64>,
    pub(super) deck: Vec<Card>,
    pub(super) trump_card: Card,
    pub(super) hands: Vec<Vec<Card>>,
    pub(super) stock: Vec<Card>,
    pub(super) table: Vec<(Card, Option<Card>)>,
    pub(super) discard: Vec<Card>,
    pub(super) attacker: u8,
    pub(super) taking: bool,
    pub(super) limit: u8,
    pub(super) idle_bouts: u8,
    pub(super) known: Vec<Vec<Card>>,
    /// The seats out, bout by bout (RULES 7).
    pub(super) out: Vec<Vec<u8>>,
    /// The throwers that have passed, ascending.
    pub(super) passed: Vec<u8>,
    pub(super) history: Vec<String>,
    pub(super) outcome: Option<Outcome>,
    /// The outcome's reason as given; checked against the position.
    pub(super) reason: Option<&'static str>,
    /// The outcome's seats out as given (three seats or more).
    pub(super) outcome_out: Option<Vec<Vec<u8>>>,
}

fn set_of(cards: &[Card]) -> CardSet {
    cards.iter().fold(0, |set, &c| set | bit(c))
}

/// `players` entries of card lists: `hands` or `known`.
fn read_seats(value: &Value, what: &str, players: usize) -> Result<Vec<Vec<Card>>> {
    check_entries(value, what, players)?
        .iter()
        .enumerate()
        .map(|(seat, cards)| check_cards(DECK, cards, &item(what, seat), true))
        .collect()
}

/// Ascending seats below `players`, each once: the throwers passed.
pub(super) fn read_passed(value: &Value, players: usize) -> Result<Vec<u8>> {
    let seats: Vec<u8> = check_list(value, "passed")?
        .iter()
        .enumerate()
        .map(|(i, seat)| check_small(seat, &item("passed", i), 0, players as u8 - 1))
        .collect::<Result<_>>()?;
    if seats.windows(2).any(|w| w[0] >= w[1]) {
        return invalid(Kind::Order, "passed", Value::Null);
    }
    Ok(seats)
}

impl Parsed {
    /// The position as `read` would have parsed its state dict (no record).
    fn of<const TRANSFERS: bool>(game: &DurakRules<TRANSFERS>) -> Self {
        let list = |set: CardSet| cards(set).collect::<Vec<Card>>();
        let players = usize::from(game.players);
        let groups = game.out_groups();
        Self {
            players,
            seed: None,
            deck: Vec::new(),
            trump_card: game.trump_card,
            hands: (0..players).map(|s| list(game.hands[s])).collect(),
            stock: game.stock().to_vec(),
            table: game.table().collect(),
            discard: list(game.discard),
            attacker: game.attacker,
            taking: game.taking,
            limit: game.limit,
            idle_bouts: game.idle_bouts,
            known: (0..players).map(|s| list(game.known[s])).collect(),
            out: groups
                .iter()
                .map(|g| g.iter().map(|&s| s as u8).collect())
                .collect(),
            passed: game.passed_seats().into_iter().map(|s| s as u8).collect(),
            history: Vec::new(),
            outcome: game.outcome,
            reason: None,
            outcome_out: None,
        }
    }

    fn read<const TRANSFERS: bool>(value: &Value) -> Result<Self> {
        check_depth(value, "state")?;
        let keys: Vec<&str> = STATE_KEYS.iter().chain(&SEAT_KEYS).copied().collect();
        let d = check_keys_optional(value, &keys, &SEAT_KEYS, "state")?;
        check_header(d, DurakRules::<TRANSFERS>::ID)?;
        let players = match d.get("players") {
            None => 2,
            Some(n) => usize::from(check_small(n, "players", 2, MAX_SEATS as u8)?),
        };
        let seed = match field(d, "seed") {
            Value::Null => None,
            seed => Some(check_seed(seed, "seed")?),
        };
        let deck = check_order(DECK, field(d, "deck"))?;
        let trump_card = check_card(DECK, field(d, "trump_card"), "trump_card")?;
        let hands = read_seats(field(d, "hands"), "hands", players)?;
        let stock = check_cards(DECK, field(d, "stock"), "stock", false)?;
        let table = read_table(field(d, "table"))?;
        let discard = check_cards(DECK, field(d, "discard"), "discard", true)?;
        let attacker = check_small(field(d, "attacker"), "attacker", 0, players as u8 - 1)?;
        let taking = check_bool(field(d, "taking"), "taking")?;
        let limit = check_small(field(d, "limit"), "limit", 0, MAX_ATTACKS as u8)?;
        let idle_bouts = check_small(field(d, "idle_bouts"), "idle_bouts", 0, IDLE_BOUT_LIMIT)?;
        let known = read_seats(field(d, "known"), "known", players)?;
        let out = match d.get("out") {
            None => Vec::new(),
            Some(out) => read_groups(out, "out", players)?,
        };
        let passed = match d.get("passed") {
            None => Vec::new(),
            Some(passed) => read_passed(passed, players)?,
        };
        let history = check_history::<DurakRules<TRANSFERS>>(field(d, "history"))?;
        let read = check_outcome(field(d, "outcome"), false, players)?;
        let mut parsed = Self {
            players,
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
            out,
            passed,
            history,
            outcome: None,
            reason: None,
            outcome_out: None,
        };
        parsed.set_outcome(read, !d.contains_key("out"));
        Ok(parsed)
    }

    /// The outcome read; a duel's state says nothing of the seats out, so
    /// a finished one has them from its hands: the empty ones, once the
    /// stock is empty.
    pub(super) fn set_outcome(&mut self, read: ReadOutcome, derive_out: bool) {
        if let Some((outcome, reason, out)) = read {
            self.outcome = Some(outcome);
            self.reason = reason;
            self.outcome_out = out;
            if derive_out && self.players == 2 && self.stock.is_empty() {
                let empty: Vec<u8> = (0..2)
                    .filter(|&s| self.hands[s].is_empty())
                    .map(|s| s as u8)
                    .collect();
                if !empty.is_empty() {
                    self.out = vec![empty];
                }
            }
        }
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

    /// Bit s: seat s is out.
    fn out_bits(&self) -> u8 {
        self.out.iter().flatten().fold(0, |bits, &s| bits | 1 << s)
    }

    /// The seats still in, ascending.
    fn seats_in(&self) -> Vec<usize> {
        let out = self.out_bits();
        (0..self.players).filter(|&s| out & (1 << s) == 0).collect()
    }

    /// The next seat in after `seat`, clockwise (as `seats.rs` counts).
    fn next_in(&self, seat: usize) -> usize {
        let out = self.out_bits();
        (1..=self.players)
            .map(|step| (seat + step) % self.players)
            .find(|&s| out & (1 << s) == 0)
            .unwrap_or(seat)
    }

    pub(super) fn check_consistency(&self, transfers: bool) -> Result<()> {
        self.check_conservation()?;
        if let Some(&bottom) = self.stock.last() {
            if bottom != self.trump_card {
                return invalid(Kind::TrumpNotAtBottom, "stock", Value::Null);
            }
        }
        for seat in 0..self.players {
            let hand = set_of(&self.hands[seat]);
            if let Some(&stray) = self.known[seat].iter().find(|&&c| hand & bit(c) == 0) {
                return invalid(
                    Kind::KnownNotInHand,
                    item("known", seat),
                    DECK.name_of(stray),
                );
            }
        }
        if self.discard.len() % 2 != 0 {
            return invalid(Kind::OddDiscard, "discard", self.discard.len());
        }
        if self.table.len() > MAX_ATTACKS {
            return Err(
                Error::state(Kind::TooManyAttacks, "table", self.table.len())
                    .with("max", MAX_ATTACKS),
            );
        }
        self.check_out()?;
        match self.outcome {
            Some(outcome) => {
                if !self.table.is_empty() || self.taking {
                    return invalid(Kind::FinishedWithTable, "outcome", Value::Null);
                }
                if !self.passed.is_empty() {
                    return invalid(Kind::BadPasses, "passed", Value::Null);
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
        let names: Vec<String> = (0..self.players).map(|s| item("hands", s)).collect();
        let mut places: Vec<(&str, &[Card])> = names
            .iter()
            .zip(&self.hands)
            .map(|(name, hand)| (name.as_str(), hand.as_slice()))
            .collect();
        places.extend([
            ("stock", self.stock.as_slice()),
            ("table", table.as_slice()),
            ("discard", self.discard.as_slice()),
        ]);
        check_conservation(DECK, &places)
    }

    /// The seats out: each once, each group ascending, each with an empty
    /// hand and only once the stock is empty.
    fn check_out(&self) -> Result<()> {
        let mut seen = 0u8;
        for (i, group) in self.out.iter().enumerate() {
            let what = item("out", i);
            if group.is_empty() || group.windows(2).any(|w| w[0] >= w[1]) {
                return invalid(Kind::Order, what, Value::Null);
            }
            for &seat in group {
                if seen & (1 << seat) != 0 {
                    return invalid(Kind::Duplicate, "out", seat);
                }
                seen |= 1 << seat;
                if !self.hands[usize::from(seat)].is_empty() {
                    return invalid(Kind::OutWithCards, item("hands", usize::from(seat)), seat);
                }
            }
            if !self.stock.is_empty() {
                return invalid(Kind::OutWithCards, "stock", self.stock.len());
            }
        }
        Ok(())
    }

    fn check_finished(&self, outcome: Outcome) -> Result<()> {
        let left = self.seats_in();
        if self.players == 2 {
            self.check_finished_duel(outcome)?;
        } else {
            match outcome {
                Outcome::Draw if !left.is_empty() && self.idle_bouts < IDLE_BOUT_LIMIT => {
                    return Err(Error::state(Kind::DrawWithCards, "outcome", Value::Null)
                        .with("limit", IDLE_BOUT_LIMIT));
                }
                Outcome::Loser { loser } => {
                    let last = left == [usize::from(loser)];
                    if !last || !self.stock.is_empty() || self.hands[usize::from(loser)].is_empty()
                    {
                        return invalid(Kind::LoserNotLast, "outcome.loser", loser);
                    }
                }
                _ => {}
            }
            if let Some(out) = &self.outcome_out {
                if *out != self.out {
                    return invalid(Kind::DoesNotFollow, "outcome.out", json!(out));
                }
            }
        }
        let nobody_in = if self.players == 2 {
            self.hands.iter().all(Vec::is_empty)
        } else {
            left.is_empty()
        };
        check_reason(self.reason, end_reason(outcome, self.players, nobody_in))
    }

    /// Chapter 3's checks of a finished duel, as they always were.
    fn check_finished_duel(&self, outcome: Outcome) -> Result<()> {
        match outcome {
            Outcome::Draw => {
                let ended =
                    self.stock.is_empty() && self.hands[0].is_empty() && self.hands[1].is_empty();
                if !ended && self.idle_bouts < IDLE_BOUT_LIMIT {
                    return Err(Error::state(Kind::DrawWithCards, "outcome", Value::Null)
                        .with("limit", IDLE_BOUT_LIMIT));
                }
            }
            Outcome::Win { winner } | Outcome::Loser { loser: winner } => {
                let winner = usize::from(winner);
                if !self.stock.is_empty()
                    || !self.hands[winner].is_empty()
                    || self.hands[1 - winner].is_empty()
                {
                    return invalid(Kind::WinnerWithCards, "outcome", Value::Null);
                }
            }
        }
        Ok(())
    }

    fn check_bout(&self, transfers: bool) -> Result<()> {
        if self.idle_bouts >= IDLE_BOUT_LIMIT {
            return Err(Error::state(Kind::IdleLimit, "idle_bouts", self.idle_bouts)
                .with("limit", IDLE_BOUT_LIMIT));
        }
        let left = self.seats_in();
        let empty_in = left.iter().any(|&s| self.hands[s].is_empty());
        if left.len() < 2 || (self.stock.is_empty() && empty_in && self.table.is_empty()) {
            return invalid(Kind::ShouldBeOver, "hands", Value::Null);
        }
        if !left.contains(&usize::from(self.attacker)) {
            return invalid(Kind::AttackerOut, "attacker", self.attacker);
        }
        let limit = usize::from(self.limit);
        if self.table.len() > limit {
            return Err(
                Error::state(Kind::OverLimit, "table", self.table.len()).with("limit", limit)
            );
        }
        if limit < 1 {
            return invalid(Kind::NoAttackAllowed, "limit", limit);
        }
        let defender = self.next_in(usize::from(self.attacker));
        let defended = self.defended();
        if limit > self.hands[defender].len() + defended {
            return invalid(Kind::LimitAboveHand, "limit", limit);
        }
        let mut seen_open = false;
        for (i, &(attack, defence)) in self.table.iter().enumerate() {
            match defence {
                None => seen_open = true,
                Some(_) if seen_open => {
                    return invalid(Kind::BeatenAfterOpen, item("table", i), Value::Null);
                }
                Some(defence) if !self.beats(defence, attack) => {
                    return Err(Error::state(
                        Kind::DoesNotBeat,
                        item("table", i),
                        DECK.name_of(defence),
                    )
                    .with("attack", DECK.name_of(attack)));
                }
                Some(_) => {}
            }
        }
        if self.taking && self.open_attack().is_none() {
            return invalid(Kind::TakingNothingOpen, "taking", true);
        }
        let attack_ranks = self
            .table
            .iter()
            .fold(0u16, |ranks, &(attack, _)| ranks | 1 << DECK.rank(attack));
        if defended == 0 && attack_ranks.count_ones() > 1 {
            return invalid(Kind::MixedRanks, "table", Value::Null);
        }
        if !transfers && !self.taking && self.table.len() - defended > 1 {
            return invalid(Kind::SeveralOpen, "table", Value::Null);
        }
        // The limit was min(6, defender's hand) when the bout began (or at
        // the last transfer); since then the defender's hand has only lost
        // the defences, all played after any transfer.
        let expected = (self.hands[defender].len() + defended).min(MAX_ATTACKS);
        if limit != expected {
            return Err(
                Error::state(Kind::LimitMismatch, "limit", limit).with("expected", expected)
            );
        }
        self.check_passes(defender)
    }

    /// The throwers pass in priority order, the main attacker first and
    /// then clockwise skipping the defender, so the seats passed are the
    /// first few of that order; never all of them (the bout would have
    /// ended), and none before the first attack.
    fn check_passes(&self, defender: usize) -> Result<()> {
        let attacker = usize::from(self.attacker);
        let mut order = vec![attacker];
        let mut seat = self.next_in(attacker);
        while seat != attacker {
            if seat != defender {
                order.push(seat);
            }
            seat = self.next_in(seat);
        }
        let mut first: Vec<u8> = order[..self.passed.len().min(order.len())]
            .iter()
            .map(|&s| s as u8)
            .collect();
        first.sort_unstable();
        let prefix = first == self.passed;
        if !prefix
            || self.passed.len() >= order.len()
            || (self.table.is_empty() && !self.passed.is_empty())
        {
            return invalid(Kind::BadPasses, "passed", json!(self.passed));
        }
        Ok(())
    }

    /// The position of a checked state.
    pub(super) fn build<const TRANSFERS: bool>(self) -> (DurakRules<TRANSFERS>, Record) {
        let mut game = DurakRules::<TRANSFERS>::empty(self.trump_card);
        game.players = self.players as u8;
        for seat in 0..self.players.min(MAX_SEATS) {
            game.hands[seat] = set_of(&self.hands[seat]);
            game.known[seat] = set_of(&self.known[seat]);
        }
        for (group, seats) in self.out.iter().enumerate() {
            for &seat in seats {
                game.out |= 1 << seat;
                game.out_at[usize::from(seat)] = group as u8 + 1;
            }
        }
        game.passed = self.passed.iter().fold(0, |bits, &s| bits | 1 << s);
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
        game.seat_defender();
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
