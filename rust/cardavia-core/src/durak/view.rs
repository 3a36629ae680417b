//! What one seat of a Durak game may know: the observation of
//! docs/SCHEMA.md. The twin of `python/cardavia/reference/durak/view.py`.

use super::rules::{DurakRules, DECK};
use crate::cards::{count, CardSet, SUIT_LETTERS};
use crate::game::{legal_move_names, Game, Record, State};
use serde_json::{json, Value};

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
}

impl<const TRANSFERS: bool> DurakRules<TRANSFERS> {
    /// What `seat` may know.
    pub(crate) fn view(&self, seat: usize, record: &Record) -> Value {
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
            "outcome": self.outcome_value(),
        })
    }
}
