//! Reading and writing a Durak state dict (docs/SCHEMA.md), checked
//! whole: the checks of `from_dict` in `python/cardavia/reference/durak/
//! state.py`, in the same order, so that both engines name the same first
//! fault.

use super::rules::{DurakRules, DECK, DECK_LEN, IDLE_BOUT_LIMIT, MAX_ATTACKS, RANK};
use crate::cards::{bit, cards, Card, CardSet};
use crate::checks::{
    check_bool, check_card, check_cards, check_conservation, check_depth, check_header,
    check_history, check_keys, check_keys_optional, check_list, check_opt_card, check_order,
    check_pair, check_seat, check_seed, check_small, field, item, SCHEMA_VERSION,
};
use crate::error::{invalid, Error, Kind, Result};
use crate::game::{Game, Outcome, Record, State};
use serde_json::{json, Value};

impl<const TRANSFERS: bool> State for DurakRules<TRANSFERS> {
    fn outcome_value(&self) -> Value {
        let Some(outcome) = self.outcome else {
            return Value::Null;
        };
        let reason = end_reason(outcome, self.hands.map(|hand| hand == 0));
        match outcome {
            Outcome::Draw => {
                json!({"winner": null, "loser": null, "draw": true, "reason": reason})
            }
            Outcome::Win { winner } => {
                json!({"winner": winner, "loser": 1 - winner, "draw": false, "reason": reason})
            }
        }
    }
    fn to_value(&self, record: &Record) -> Value {
        let deck: Vec<String> = record.deck.iter().map(|&c| DECK.name_of(c)).collect();
        json!({
            "schema": SCHEMA_VERSION,
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
            "outcome": self.outcome_value(),
        })
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

/// How a finished game was decided, the outcome's `reason` (RULES 3, 4):
/// a seat played its last card with the stock empty, both seats did in
/// the same bout, or 50 bouts in a row were idle.
pub const END_REASONS: [&str; 3] = ["last_cards", "both_out", "idle_bouts"];

/// The reason that follows from a finished position: its outcome and
/// which hands are empty. Both hands empty is checked first, as the end
/// of a bout does.
fn end_reason(outcome: Outcome, empty: [bool; 2]) -> &'static str {
    match outcome {
        Outcome::Win { .. } => END_REASONS[0],
        Outcome::Draw if empty == [true, true] => END_REASONS[1],
        Outcome::Draw => END_REASONS[2],
    }
}

/// An outcome read: how it ended and the reason given (`None` when an
/// observation of the older schema left it out).
pub(super) type ReadOutcome = Option<(Outcome, Option<&'static str>)>;

/// The outcome dict; `reason_optional` for an observation, which may have
/// been written before the outcome had a reason.
pub(super) fn check_outcome(value: &Value, reason_optional: bool) -> Result<ReadOutcome> {
    if value.is_null() {
        return Ok(None);
    }
    let keys = ["winner", "loser", "draw", "reason"];
    let optional: &[&str] = if reason_optional { &["reason"] } else { &[] };
    let map = check_keys_optional(value, &keys, optional, "outcome")?;
    let (winner, loser) = (field(map, "winner"), field(map, "loser"));
    let outcome = if check_bool(field(map, "draw"), "outcome.draw")? {
        if !winner.is_null() || !loser.is_null() {
            return invalid(Kind::DrawWithWinner, "outcome", Value::Null);
        }
        Outcome::Draw
    } else {
        let winner = check_seat(winner, "outcome.winner")?;
        let loser = check_seat(loser, "outcome.loser")?;
        if winner == loser {
            return invalid(Kind::WinnerIsLoser, "outcome", winner);
        }
        Outcome::Win { winner }
    };
    let reason = match map.get("reason") {
        None => None,
        Some(given) => match END_REASONS.iter().find(|r| given.as_str() == Some(r)) {
            Some(reason) => Some(*reason),
            None => return invalid(Kind::Reason, "outcome.reason", given.clone()),
        },
    };
    Ok(Some((outcome, reason)))
}

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
        if self.attacker > 1 || usize::from(self.limit) > MAX_ATTACKS {
            return corrupt("attacker", "attacker or limit out of range");
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
        if (self.hands[0] | self.hands[1] | self.known[0] | self.known[1] | self.discard) & outside
            != 0
        {
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
    pub(super) seed: Option<u64>,
    pub(super) deck: Vec<Card>,
    pub(super) trump_card: Card,
    pub(super) hands: [Vec<Card>; 2],
    pub(super) stock: Vec<Card>,
    pub(super) table: Vec<(Card, Option<Card>)>,
    pub(super) discard: Vec<Card>,
    pub(super) attacker: u8,
    pub(super) taking: bool,
    pub(super) limit: u8,
    pub(super) idle_bouts: u8,
    pub(super) known: [Vec<Card>; 2],
    pub(super) history: Vec<String>,
    pub(super) outcome: Option<Outcome>,
    /// The outcome's reason as given; checked against the position.
    pub(super) reason: Option<&'static str>,
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
            reason: None,
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
        let table = read_table(field(d, "table"))?;
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
        let read = check_outcome(field(d, "outcome"), false)?;
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
            outcome: read.map(|(outcome, _)| outcome),
            reason: read.and_then(|(_, reason)| reason),
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

    pub(super) fn check_consistency(&self, transfers: bool) -> Result<()> {
        self.check_conservation()?;
        if let Some(&bottom) = self.stock.last() {
            if bottom != self.trump_card {
                return invalid(Kind::TrumpNotAtBottom, "stock", Value::Null);
            }
        }
        for seat in 0..2 {
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
        match self.outcome {
            Some(outcome) => {
                if !self.table.is_empty() || self.taking {
                    return invalid(Kind::FinishedWithTable, "outcome", Value::Null);
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
                    return Err(Error::state(Kind::DrawWithCards, "outcome", Value::Null)
                        .with("limit", IDLE_BOUT_LIMIT));
                }
            }
            Outcome::Win { winner } => {
                let winner = winner as usize;
                if !self.stock.is_empty()
                    || !self.hands[winner].is_empty()
                    || self.hands[1 - winner].is_empty()
                {
                    return invalid(Kind::WinnerWithCards, "outcome", Value::Null);
                }
            }
        }
        let expected = end_reason(outcome, [0, 1].map(|seat| self.hands[seat].is_empty()));
        match self.reason {
            Some(given) if given != expected => {
                Err(Error::state(Kind::DoesNotFollow, "outcome.reason", given)
                    .with("expected", expected))
            }
            _ => Ok(()),
        }
    }

    fn check_bout(&self, transfers: bool) -> Result<()> {
        if self.idle_bouts >= IDLE_BOUT_LIMIT {
            return Err(Error::state(Kind::IdleLimit, "idle_bouts", self.idle_bouts)
                .with("limit", IDLE_BOUT_LIMIT));
        }
        if self.stock.is_empty()
            && (self.hands[0].is_empty() || self.hands[1].is_empty())
            && self.table.is_empty()
        {
            return invalid(Kind::ShouldBeOver, "hands", Value::Null);
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
        let defender = 1 - usize::from(self.attacker);
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
        Ok(())
    }

    /// The position of a checked state.
    pub(super) fn build<const TRANSFERS: bool>(self) -> (DurakRules<TRANSFERS>, Record) {
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
