//! What one seat of a Schnapsen match may know: the observation of
//! docs/SCHEMA.md, written, and read back into worlds. The twin of
//! `python/cardavia/reference/schnapsen/view.py` and of the Schnapsen part
//! of `reference/worlds.py`.

use super::rules::{suit_of, suit_set, Schnapsen, Trick, DECK_SIZE, MATCH_POINTS};
use super::scoring::DealResult;
use super::state::{
    build, check_closed, check_consistency, check_deals, check_exchange, check_match_points,
    check_outcome, read_marriages, read_tricks, read_trump, Parsed,
};
use crate::cards::{bit, count, Card, CardSet, SCHNAPSEN, SUIT_LETTERS};
use crate::checks::{check_history, check_opt_card, check_seat, check_small};
use crate::error::{invalid, Kind, Result};
use crate::game::{Game, Record, State};
use crate::worlds::{seat_fields, turn, unseen, with_derived, Observe, Worlds};
use serde_json::{json, Map, Value};

/// The keys of a Schnapsen observation (docs/SCHEMA.md).
pub const OBSERVATION_KEYS: [&str; 25] = [
    "game",
    "seat",
    "current_player",
    "legal_moves",
    "hand",
    "hand_sizes",
    "known",
    "trump",
    "indicator",
    "stock_size",
    "closed",
    "exhausted",
    "exchange",
    "dealer",
    "leader",
    "lead",
    "tricks",
    "marriages",
    "points",
    "pending_points",
    "tricks_won",
    "match_points",
    "deals",
    "history",
    "outcome",
];

impl Schnapsen {
    /// The deal records, each with the match points after it.
    pub(super) fn deals_value(&self) -> Value {
        let mut left = [MATCH_POINTS; 2];
        Value::Array(
            self.deals()
                .map(|deal| {
                    let w = usize::from(deal.winner & 1);
                    left[w] = left[w].saturating_sub(deal.game_points);
                    deal_value(&deal, left)
                })
                .collect(),
        )
    }

    pub(super) fn tricks_value(&self) -> Value {
        Value::Array(self.tricks().iter().map(trick_value).collect())
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
        suit_name(self.trump)
    }

    /// What `seat` may know.
    pub(crate) fn view(&self, seat: usize, record: &Record) -> Value {
        // The binding only passes 0 or 1; clamping keeps anything else from panicking.
        let seat = seat.min(1);
        let stock_size = self.stock().len() + usize::from(self.indicator.is_some());
        let view = json!({
            "game": Self::ID,
            "seat": seat,
            "hand": names(self.hands[seat]),
            "hand_sizes": [count(self.hands[0]), count(self.hands[1])],
            "known": self.known_value(),
            "trump": self.trump_name(),
            "indicator": opt_name(self.indicator),
            "stock_size": stock_size,
            "closed": self.closed_value(),
            "exchange": self.exchange_value(),
            "dealer": self.dealer,
            "leader": self.leader,
            "lead": opt_name(self.lead),
            "tricks": self.tricks_value(),
            "marriages": self.marriages_value(),
            "match_points": self.match_points,
            "deals": self.deals_value(),
            "history": record.history,
            "outcome": self.outcome_value(),
        });
        with_derived(self, seat, view)
    }

    /// Cards the opponent of `seat` cannot hold, from its answers under the
    /// strict rules: not following suit shows a void in that suit (and in
    /// trumps if it did not trump either); following low shows it has no
    /// higher card of the suit.
    pub(super) fn voids(&self, seat: usize) -> CardSet {
        // Strict play began at the close, or when the stock ran out after
        // five tricks.
        let strict_from = match self.closed {
            Some(closed) => usize::from(closed.tricks),
            None if self.indicator.is_none() => 5,
            None => 10,
        };
        let mut excluded = 0;
        let mut leader = usize::from(1 - (self.dealer & 1));
        for (i, trick) in self.tricks().iter().enumerate() {
            if i >= strict_from && leader == seat {
                excluded |= excluded_by_answer(trick.lead, trick.follow, self.trump);
            }
            leader = usize::from(trick.winner & 1);
        }
        excluded
    }
}

fn excluded_by_answer(lead: Card, follow: Card, trump: u8) -> CardSet {
    let same = suit_set(suit_of(lead));
    // Inside a suit the card index runs with the rank.
    let higher = same & !((2u64 << lead) - 1);
    if suit_of(follow) == suit_of(lead) {
        // Followed: if it did not beat, it held no higher card of the suit.
        if higher & bit(follow) != 0 {
            0
        } else {
            higher
        }
    } else if suit_of(follow) != trump {
        same | suit_set(trump)
    } else {
        same
    }
}

impl Observe for Schnapsen {
    const OBSERVATION_KEYS: &'static [&'static str] = &OBSERVATION_KEYS;

    fn derived(&self, seat: usize) -> Vec<(&'static str, Value)> {
        let (current, legal) = turn(self, seat);
        vec![
            ("exhausted", Value::from(self.indicator.is_none())),
            ("points", json!([self.points(0), self.points(1)])),
            (
                "pending_points",
                json!([self.pending_points(0), self.pending_points(1)]),
            ),
            (
                "tricks_won",
                json!([self.tricks_won(0), self.tricks_won(1)]),
            ),
            ("current_player", current),
            ("legal_moves", legal),
        ]
    }

    /// The hidden cards are the opponent's unknown ones and the face-down
    /// stock; the indicator lies face up.
    fn read_observation(obs: &Map<String, Value>) -> Result<Worlds<Self>> {
        let field = |key: &str| obs.get(key).unwrap_or(&Value::Null);
        let fields = seat_fields(obs, SCHNAPSEN, 5, 2)?;
        let (seat, other) = (fields.seat, 1 - fields.seat);
        let match_points = check_match_points(field("match_points"), "match_points")?;
        let deals = check_deals(field("deals"), "deals")?;
        let dealer = check_seat(field("dealer"), "dealer")?;
        let trump = read_trump(field("trump"))?;
        let indicator = check_opt_card(SCHNAPSEN, field("indicator"), "indicator")?;
        let stock_size = usize::from(check_small(field("stock_size"), "stock_size", 0, 10)?);
        let leader = check_seat(field("leader"), "leader")?;
        let lead = check_opt_card(SCHNAPSEN, field("lead"), "lead")?;
        let tricks = read_tricks(field("tricks"))?;
        let marriages = read_marriages(field("marriages"))?;
        let closed = check_closed(field("closed"))?;
        let exchange = check_exchange(field("exchange"))?;
        let history = check_history::<Self>(field("history"))?;
        let outcome = check_outcome(field("outcome"))?;
        if fields.hand.len() != fields.sizes[seat] {
            return invalid(Kind::HandSizes, "hand", fields.hand.len());
        }
        let mut seen: CardSet = fields.hand.iter().fold(0, |set, &c| set | bit(c));
        for &card in &fields.known[other] {
            seen |= bit(card);
        }
        for trick in &tricks {
            seen |= bit(trick.lead) | bit(trick.follow);
        }
        for card in indicator.into_iter().chain(lead) {
            seen |= bit(card);
        }
        let unknown = unseen(SCHNAPSEN, seen);
        let face_down = stock_size.checked_sub(usize::from(indicator.is_some()));
        let need = fields.sizes[other].checked_sub(fields.known[other].len());
        let (Some(face_down), Some(need)) = (face_down, need) else {
            return invalid(Kind::CardCounts, "stock_size", stock_size);
        };
        if need + face_down != unknown.len() {
            return invalid(Kind::CardCounts, "stock_size", stock_size);
        }
        let mut opponent: Vec<Card> = fields.known[other].clone();
        opponent.extend_from_slice(&unknown[..need]);
        opponent.sort_unstable();
        let mut hands = [fields.hand, opponent];
        if seat == 1 {
            hands.swap(0, 1);
        }
        let parsed = Parsed {
            seed: None,
            deck: (0..DECK_SIZE as Card).collect(),
            rng: 0,
            match_points,
            deals,
            dealer,
            trump,
            indicator,
            stock: unknown[need..].to_vec(),
            hands,
            leader,
            lead,
            tricks,
            marriages,
            closed,
            exchange,
            known: [fields.known[0].clone(), fields.known[1].clone()],
            history,
            outcome,
        };
        check_consistency(&parsed)?;
        let (template, record) = build(parsed);
        let allowed = SCHNAPSEN.full() & !template.voids(seat);
        Ok(Worlds {
            template,
            seat,
            allowed,
            record,
        })
    }
}

pub(super) fn name(card: Card) -> String {
    SCHNAPSEN.name_of(card)
}

pub(super) fn names(set: CardSet) -> Vec<String> {
    SCHNAPSEN.names(set)
}

pub(super) fn suit_name(suit: u8) -> String {
    char::from(SUIT_LETTERS[usize::from(suit & 3)]).to_string()
}

pub(super) fn suit_names(mask: u8) -> Vec<String> {
    (0..4)
        .filter(|s| mask & (1 << s) != 0)
        .map(|s| char::from(SUIT_LETTERS[s]).to_string())
        .collect()
}

pub(super) fn trick_value(trick: &Trick) -> Value {
    json!([name(trick.lead), name(trick.follow), trick.winner])
}

/// A deal record of docs/SCHEMA.md, given the match points after it.
pub(super) fn deal_value(deal: &DealResult, match_points: [u8; 2]) -> Value {
    json!({
        "winner": deal.winner,
        "game_points": deal.game_points,
        "reason": deal.reason.name(),
        "trump": suit_name(deal.trump),
        "points": deal.points,
        "tricks_won": deal.tricks_won,
        "marriages": [suit_names(deal.marriages[0]), suit_names(deal.marriages[1])],
        "marriage_points": [deal.marriage_points(0), deal.marriage_points(1)],
        "pending_points": [deal.pending_points(0), deal.pending_points(1)],
        "last_trick": trick_value(&deal.last_trick),
        "closed_by": deal.closed_by,
        "match_points": match_points,
    })
}

pub(super) fn opt_name(card: Option<Card>) -> Value {
    card.map_or(Value::Null, |c| Value::String(name(c)))
}
