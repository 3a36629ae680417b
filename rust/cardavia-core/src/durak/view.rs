//! What one seat of a Durak game may know: the observation of
//! docs/SCHEMA.md, written, and read back into worlds. The twin of
//! `python/cardavia/reference/durak/view.py` and of the Durak part of
//! `reference/worlds.py`.

use super::outcome::{check_outcome, read_groups};
use super::rules::{DurakRules, Phase, DECK, IDLE_BOUT_LIMIT, MAX_ATTACKS, MAX_SEATS};
use super::state::{read_passed, read_table, Parsed};
use crate::cards::{bit, count, CardSet, SUIT_LETTERS};
use crate::checks::{check_bool, check_card, check_cards, check_history, check_small};
use crate::error::{invalid, Kind, Result};
use crate::game::{Game, Record, State};
use crate::worlds::{seat_fields, turn, unseen, with_derived, Observe, Worlds};
use serde_json::{json, Map, Value};

/// The keys of a Durak observation (docs/SCHEMA.md).
pub const OBSERVATION_KEYS: [&str; 28] = [
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
    "players",
    "out",
    "throwers",
    "passed",
];

/// The keys an observation may lack: the bout's facts (docs/SCHEMA.md;
/// derived, and missing from an observation written before schema 2) and
/// those of three seats or more (RULES 7, "What every seat sees": the
/// table size, the seats out bout by bout, the throwers in priority order
/// and those that have passed), which a duel's observation leaves out.
const OPTIONAL_KEYS: [&str; 9] = [
    "open_attack",
    "table_ranks",
    "adds_left",
    "beating",
    "can_transfer",
    "players",
    "out",
    "throwers",
    "passed",
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
        let players = usize::from(self.players);
        if seat >= players {
            return Value::Null;
        }
        let mut view = json!({
            "game": Self::ID,
            "seat": seat,
            "hand": Self::names(self.hands[seat]),
            "hand_sizes": (0..players).map(|s| count(self.hands[s])).collect::<Vec<_>>(),
            "known": (0..players).map(|s| Self::names(self.known[s])).collect::<Vec<_>>(),
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
        if players > 2 {
            view["players"] = json!(players);
            view["out"] = json!(self.out_groups());
        }
        with_derived(self, seat, view)
    }
}

impl<const TRANSFERS: bool> DurakRules<TRANSFERS> {
    /// The throwers in priority order and those that have passed.
    fn bout_roles(&self) -> Vec<(&'static str, Value)> {
        let playing = self.outcome.is_none();
        let throwers: Vec<usize> = self.thrower_order().filter(|_| playing).collect();
        vec![
            ("throwers", json!(throwers)),
            ("passed", json!(self.passed_seats())),
        ]
    }

    /// How many more attack cards this bout may take, as far as `seat`
    /// can tell: the limit's room, and no more than the cards of the
    /// throwers yet to pass that fit (its own: its cards of a rank on the
    /// table, or any card to open; another's: its hand size). With two
    /// seats the only thrower is the attacker.
    fn adds_left(&self, seat: usize) -> u32 {
        if self.outcome.is_some() {
            return 0;
        }
        let room = u32::from(self.limit.saturating_sub(self.table_len));
        let fitting: u32 = self
            .thrower_order()
            .filter(|&t| self.passed & (1 << t) == 0)
            .map(|t| {
                let hand = self.hands[t];
                if seat == t && self.table_len > 0 {
                    count(hand & self.table_rank_cards())
                } else {
                    count(hand)
                }
            })
            .sum();
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
    const OPTIONAL_KEYS: &'static [&'static str] = &OPTIONAL_KEYS;

    fn derived(&self, seat: usize) -> Vec<(&'static str, Value)> {
        let (current, legal) = turn(self, seat);
        let open = self.open_attack().map(|card| DECK.name_of(card));
        let can_transfer = self.phase() == Phase::Defend && self.transfer_possible();
        let mut derived = vec![
            ("trump", Value::from(self.trump_letter())),
            ("defender", Value::from(self.defender())),
            ("current_player", current),
            ("legal_moves", legal),
            ("open_attack", json!(open)),
            ("table_ranks", json!(self.table_rank_names())),
            ("adds_left", json!(self.adds_left(seat))),
            ("beating", Self::names(self.beating_cards(seat))),
            ("can_transfer", Value::from(can_transfer)),
        ];
        if self.players > 2 {
            derived.extend(self.bout_roles());
        }
        derived
    }

    fn unwritten(&self, _seat: usize) -> Vec<(&'static str, Value)> {
        if self.players > 2 {
            return Vec::new();
        }
        self.bout_roles()
    }

    /// The hidden cards are the opponents' unknown ones and the stock but
    /// its bottom card, the trump card, which lies face up. The table size
    /// comes first: the lists of every seat are as long as it says.
    fn read_observation(obs: &Map<String, Value>) -> Result<Worlds<Self>> {
        let field = |key: &str| obs.get(key).unwrap_or(&Value::Null);
        let players = match obs.get("players") {
            None => 2,
            Some(players) => usize::from(check_small(players, "players", 2, MAX_SEATS as u8)?),
        };
        if players > 2 {
            // A larger table's observation says who is out and who passed.
            if let Some(missing) = ["out", "passed"]
                .into_iter()
                .find(|k| !obs.contains_key(*k))
            {
                return invalid(Kind::MissingField, "observation", missing);
            }
        }
        let fields = seat_fields(obs, DECK, 36, players)?;
        let seat = fields.seat;
        let trump_card = check_card(DECK, field("trump_card"), "trump_card")?;
        let stock_size = usize::from(check_small(field("stock_size"), "stock_size", 0, 24)?);
        let table = read_table(field("table"))?;
        let discard = check_cards(DECK, field("discard"), "discard", true)?;
        let attacker = check_small(field("attacker"), "attacker", 0, players as u8 - 1)?;
        let taking = check_bool(field("taking"), "taking")?;
        let limit = check_small(field("limit"), "limit", 0, MAX_ATTACKS as u8)?;
        let idle_bouts = check_small(field("idle_bouts"), "idle_bouts", 0, IDLE_BOUT_LIMIT)?;
        let history = check_history::<Self>(field("history"))?;
        let read = check_outcome(field("outcome"), true, players)?;
        let out = match obs.get("out") {
            None => Vec::new(),
            Some(out) => read_groups(out, "out", players)?,
        };
        let passed = match obs.get("passed") {
            None => Vec::new(),
            Some(passed) => read_passed(passed, players)?,
        };
        if fields.hand.len() != fields.sizes[seat] {
            return invalid(Kind::HandSizes, "hand", fields.hand.len());
        }
        let others = || (0..players).filter(|&s| s != seat);
        let mut seen: CardSet = fields.hand.iter().fold(0, |set, &c| set | bit(c));
        for &card in others().flat_map(|s| &fields.known[s]).chain(&discard) {
            seen |= bit(card);
        }
        for &(attack, defence) in &table {
            seen |= bit(attack) | defence.map_or(0, bit);
        }
        if stock_size > 0 {
            seen |= bit(trump_card);
        }
        let unknown = unseen(DECK, seen);
        // How many unseen cards each opponent holds.
        let mut needs = vec![0; players];
        for s in others() {
            match fields.sizes[s].checked_sub(fields.known[s].len()) {
                Some(need) => needs[s] = need,
                None => return invalid(Kind::CardCounts, "stock_size", stock_size),
            }
        }
        let hidden: usize = needs.iter().sum();
        if hidden + stock_size.saturating_sub(1) != unknown.len() {
            return invalid(Kind::CardCounts, "stock_size", stock_size);
        }
        // The unseen cards in canonical order: the opponents' first, seat
        // by seat, then the stock.
        let mut rest = unknown.iter().copied();
        let mut hands = Vec::with_capacity(players);
        for (s, &need) in needs.iter().enumerate() {
            if s == seat {
                hands.push(fields.hand.clone());
                continue;
            }
            let mut hand: Vec<u8> = fields.known[s].clone();
            hand.extend(rest.by_ref().take(need));
            hand.sort_unstable();
            hands.push(hand);
        }
        let mut stock: Vec<u8> = rest.collect();
        if stock_size > 0 {
            stock.push(trump_card);
        }
        let derive_out = !obs.contains_key("out");
        let mut parsed = Parsed {
            players,
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
            out,
            passed,
            history,
            outcome: None,
            reason: None,
            outcome_out: None,
        };
        parsed.set_outcome(read, derive_out);
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
