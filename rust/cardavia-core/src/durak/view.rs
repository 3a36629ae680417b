//! What one seat of a Durak game may know: the observation of
//! docs/SCHEMA.md, written, and read back into worlds. The twin of
//! `python/cardavia/reference/durak/view.py` and of the Durak part of
//! `reference/worlds.py`.

use super::rules::{DurakRules, Phase, DECK, IDLE_BOUT_LIMIT, MAX_ATTACKS};
use super::state::{check_outcome, read_table, Parsed};
use crate::cards::{bit, count, CardSet, SUIT_LETTERS};
use crate::checks::{check_bool, check_card, check_cards, check_history, check_seat, check_small};
use crate::error::{invalid, Kind, Result};
use crate::game::{Game, Record, State};
use crate::worlds::{seat_fields, turn, unseen, with_derived, Observe, Worlds};
use serde_json::{json, Map, Value};

/// The bout's facts (docs/SCHEMA.md): derived, and missing from an
/// observation written before schema 2.
pub const BOUT_KEYS: [&str; 5] = [
    "open_attack",
    "table_ranks",
    "adds_left",
    "beating",
    "can_transfer",
];

/// The keys of a Durak observation (docs/SCHEMA.md).
pub const OBSERVATION_KEYS: [&str; 24] = [
    "game",
    "seat",
    "current_player",
    "legal_moves",
    "hand",
    "hand_sizes",
    "known",
    "trump",
    "trump_card",
    "stock_size",
    "table",
    "discard",
    "attacker",
    "defender",
    "taking",
    "limit",
    "open_attack",
    "table_ranks",
    "adds_left",
    "beating",
    "can_transfer",
    "idle_bouts",
    "history",
    "outcome",
];

impl<const TRANSFERS: bool> DurakRules<TRANSFERS> {
    pub(super) fn table_value(&self) -> Value {
        Value::Array(
            self.table()
                .map(|(attack, defence)| {
                    json!([DECK.name_of(attack), defence.map(|d| DECK.name_of(d))])
                })
                .collect(),
        )
    }

    pub(super) fn names(set: CardSet) -> Value {
        json!(DECK.names(set))
    }

    pub(super) fn trump_letter(&self) -> String {
        let letter = SUIT_LETTERS.get(self.trump_suit() as usize).copied();
        char::from(letter.unwrap_or(b'?')).to_string()
    }

    pub(super) fn stock_names(&self) -> Vec<String> {
        self.stock().iter().map(|&c| DECK.name_of(c)).collect()
    }

    /// What `seat` may know.
    pub(crate) fn view(&self, seat: usize, record: &Record) -> Value {
        // The binding checks the seat; an impossible one gets nothing.
        if seat > 1 {
            return Value::Null;
        }
        let view = json!({
            "game": Self::ID,
            "seat": seat,
            "hand": Self::names(self.hands[seat]),
            "hand_sizes": [count(self.hands[0]), count(self.hands[1])],
            "known": [Self::names(self.known[0]), Self::names(self.known[1])],
            "trump_card": DECK.name_of(self.trump_card),
            "stock_size": self.stock_len(),
            "table": self.table_value(),
            "discard": Self::names(self.discard),
            "attacker": self.attacker,
            "taking": self.taking,
            "limit": self.limit,
            "idle_bouts": self.idle_bouts,
            "history": record.history,
            "outcome": self.outcome_value(),
        });
        with_derived(self, seat, view)
    }
}

impl<const TRANSFERS: bool> DurakRules<TRANSFERS> {
    /// How many more attack cards this bout may take, as far as `seat`
    /// can tell: the limit's room, and no more than the attacker's cards
    /// that fit (its own observation: its cards of a rank on the table,
    /// or any card to open; the defender's: the attacker's hand size).
    fn adds_left(&self, seat: usize) -> u32 {
        if self.outcome.is_some() {
            return 0;
        }
        let room = u32::from(self.limit.saturating_sub(self.table_len));
        let hand = self.hands[self.attacker()];
        let fitting = if seat == self.attacker() && self.table_len > 0 {
            count(hand & self.table_rank_cards())
        } else {
            count(hand)
        };
        room.min(fitting)
    }

    /// `seat`'s cards that beat the open attack, if it is the defender.
    fn beating_cards(&self, seat: usize) -> CardSet {
        match self.open_attack() {
            Some(attack) if seat == self.defender() => self.hands[seat] & self.beating_set(attack),
            _ => 0,
        }
    }
}

impl<const TRANSFERS: bool> Observe for DurakRules<TRANSFERS> {
    const OBSERVATION_KEYS: &'static [&'static str] = &OBSERVATION_KEYS;
    const OPTIONAL_KEYS: &'static [&'static str] = &BOUT_KEYS;

    fn derived(&self, seat: usize) -> Vec<(&'static str, Value)> {
        let (current, legal) = turn(self, seat);
        let open = self.open_attack().map(|card| DECK.name_of(card));
        let can_transfer = self.phase() == Phase::Defend && self.transfer_possible();
        vec![
            ("trump", Value::from(self.trump_letter())),
            ("defender", Value::from(self.defender())),
            ("current_player", current),
            ("legal_moves", legal),
            ("open_attack", json!(open)),
            ("table_ranks", json!(self.table_rank_names())),
            ("adds_left", json!(self.adds_left(seat))),
            ("beating", Self::names(self.beating_cards(seat))),
            ("can_transfer", Value::from(can_transfer)),
        ]
    }

    /// The hidden cards are the opponent's unknown ones and the stock but
    /// its bottom card, the trump card, which lies face up.
    fn read_observation(obs: &Map<String, Value>) -> Result<Worlds<Self>> {
        let field = |key: &str| obs.get(key).unwrap_or(&Value::Null);
        let fields = seat_fields(obs, DECK, 36)?;
        let (seat, other) = (fields.seat, 1 - fields.seat);
        let trump_card = check_card(DECK, field("trump_card"), "trump_card")?;
        let stock_size = usize::from(check_small(field("stock_size"), "stock_size", 0, 24)?);
        let table = read_table(field("table"))?;
        let discard = check_cards(DECK, field("discard"), "discard", true)?;
        let attacker = check_seat(field("attacker"), "attacker")?;
        let taking = check_bool(field("taking"), "taking")?;
        let limit = check_small(field("limit"), "limit", 0, MAX_ATTACKS as u8)?;
        let idle_bouts = check_small(field("idle_bouts"), "idle_bouts", 0, IDLE_BOUT_LIMIT)?;
        let history = check_history::<Self>(field("history"))?;
        let read = check_outcome(field("outcome"), true)?;
        if fields.hand.len() != fields.sizes[seat] {
            return invalid(Kind::HandSizes, "hand", fields.hand.len());
        }
        let mut seen: CardSet = fields.hand.iter().fold(0, |set, &c| set | bit(c));
        for &card in fields.known[other].iter().chain(&discard) {
            seen |= bit(card);
        }
        for &(attack, defence) in &table {
            seen |= bit(attack) | defence.map_or(0, bit);
        }
        if stock_size > 0 {
            seen |= bit(trump_card);
        }
        let unknown = unseen(DECK, seen);
        let need = fields.sizes[other].checked_sub(fields.known[other].len());
        let Some(need) = need.filter(|&n| n + stock_size.saturating_sub(1) == unknown.len()) else {
            return invalid(Kind::CardCounts, "stock_size", stock_size);
        };
        let mut opponent: Vec<u8> = fields.known[other].clone();
        opponent.extend_from_slice(&unknown[..need]);
        opponent.sort_unstable();
        let mut stock = unknown[need..].to_vec();
        if stock_size > 0 {
            stock.push(trump_card);
        }
        let mut hands = [fields.hand, opponent];
        if seat == 1 {
            hands.swap(0, 1);
        }
        let parsed = Parsed {
            seed: None,
            deck: (0..DECK.len() as u8).collect(),
            trump_card,
            hands,
            stock,
            table,
            discard,
            attacker,
            taking,
            limit,
            idle_bouts,
            known: fields.known,
            history,
            outcome: read.map(|(outcome, _)| outcome),
            reason: read.and_then(|(_, reason)| reason),
        };
        parsed.check_consistency(TRANSFERS)?;
        let (template, record) = parsed.build::<TRANSFERS>();
        Ok(Worlds {
            template,
            seat,
            allowed: DECK.full(),
            record,
        })
    }
}
