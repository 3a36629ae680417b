//! What one seat of a Schnapsen match may know: the observation of
//! docs/SCHEMA.md. The twin of `python/cardavia/reference/schnapsen/view.py`.

use super::rules::Schnapsen;
use super::scoring::DealResult;
use crate::cards::{count, Card, CardSet, SCHNAPSEN, SUIT_LETTERS};
use crate::game::{legal_move_names, Game, Record, State};
use serde_json::{json, Value};

impl Schnapsen {
    pub(super) fn deals_value(&self) -> Value {
        Value::Array(self.deals().iter().map(deal_value).collect())
    }

    pub(super) fn tricks_value(&self) -> Value {
        Value::Array(
            self.tricks()
                .iter()
                .map(|t| json!([name(t.lead), name(t.follow), t.winner]))
                .collect(),
        )
    }

    pub(super) fn marriages_value(&self) -> Value {
        json!([suit_names(self.marriages[0]), suit_names(self.marriages[1])])
    }

    pub(super) fn closed_value(&self) -> Value {
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

    pub(super) fn exchange_value(&self) -> Value {
        match self.exchange {
            None => Value::Null,
            Some(e) => json!({"seat": e.seat, "jack": name(e.jack), "took": name(e.took)}),
        }
    }

    pub(super) fn known_value(&self) -> Value {
        json!([names(self.known[0]), names(self.known[1])])
    }

    pub(super) fn trump_name(&self) -> String {
        char::from(SUIT_LETTERS[usize::from(self.trump & 3)]).to_string()
    }

    /// What `seat` may know.
    pub(crate) fn view(&self, seat: usize, record: &Record) -> Value {
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
            "outcome": self.outcome_value(),
        })
    }
}

pub(super) fn name(card: Card) -> String {
    SCHNAPSEN.name_of(card)
}

pub(super) fn names(set: CardSet) -> Vec<String> {
    SCHNAPSEN.names(set)
}

pub(super) fn suit_names(mask: u8) -> Vec<String> {
    (0..4)
        .filter(|s| mask & (1 << s) != 0)
        .map(|s| char::from(SUIT_LETTERS[s]).to_string())
        .collect()
}

pub(super) fn deal_value(deal: &DealResult) -> Value {
    json!({
        "winner": deal.winner,
        "game_points": deal.game_points,
        "reason": deal.reason.name(),
    })
}

pub(super) fn opt_name(card: Option<Card>) -> Value {
    card.map_or(Value::Null, |c| Value::String(name(c)))
}
