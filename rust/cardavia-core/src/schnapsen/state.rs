//! Reading and writing a Schnapsen state dict (docs/SCHEMA.md), checked
//! whole: the checks of `from_dict` in `python/cardavia/reference/
//! schnapsen/state.py`, in the same order, so that both engines name the
//! same first fault.

use super::rules::*;
use super::scoring::{game_points, DealResult, PackedDeal, Reason};
use super::view::{name, names, opt_name, suit_name, suit_names, trick_value};
use crate::cards::{bit, Card, CardSet, SCHNAPSEN, SUIT_LETTERS};
use crate::checks::{
    at, check_bool, check_card, check_cards, check_depth, check_entries, check_header,
    check_history, check_int, check_keys, check_list, check_opt_card, check_order, check_pair,
    check_seat, check_seed, check_small, field, item, SCHEMA_VERSION,
};
use crate::error::{invalid, Error, Kind, Result};
use crate::game::{Game, Record, State};
use crate::rng::SplitMix64;
use serde_json::{json, Value};

impl State for Schnapsen {
    fn outcome_value(&self) -> Value {
        match self.winner {
            None => Value::Null,
            Some(winner) => json!({
                "winner": winner,
                "match_points": self.match_points,
                "deals": self.deals_value(),
            }),
        }
    }
    fn to_value(&self, record: &Record) -> Value {
        let deck: Vec<String> = record
            .deck
            .iter()
            .map(|&c| name(c % DECK_SIZE as Card))
            .collect();
        let stock: Vec<String> = self.stock().iter().map(|&c| name(c)).collect();
        json!({
            "schema": SCHEMA_VERSION,
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
            "outcome": self.outcome_value(),
        })
    }
    fn from_value(value: &Value) -> Result<(Self, Record)> {
        state(value)
    }

    fn check_invariants(&self) -> Result<()> {
        check_position(self)
    }

    fn observation(&self, seat: usize, record: &Record) -> Value {
        self.view(seat, record)
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

// `from_dict` of the reference: the same checks in the same order, so that
// both engines name the same first fault.

/// A broken invariant of the fields kept for speed: never a caller's
/// input, only a bug the soak would catch.
fn corrupt(field: &str, what: &str) -> Result<()> {
    Err(Error::state(Kind::Corrupt, field, Value::Null).with("what", what))
}

/// The keys of a deal record (docs/SCHEMA.md, "Deal records").
pub const DEAL_KEYS: [&str; 12] = [
    "winner",
    "game_points",
    "reason",
    "trump",
    "points",
    "tricks_won",
    "marriages",
    "marriage_points",
    "pending_points",
    "last_trick",
    "closed_by",
    "match_points",
];

/// The most points a seat can end a deal with: every card point (120)
/// and every marriage (100).
const MAX_DEAL_POINTS: u8 = 220;
const MAX_MARRIAGE_POINTS: u8 = 100;

/// A deal record as read: the deal, and the match points after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct DealEntry {
    pub(super) deal: DealResult,
    pub(super) match_points: [u8; 2],
}

/// Two small counts, one per seat, each in `0..=high`.
fn check_small_pair(value: &Value, what: &str, high: u8) -> Result<[u8; 2]> {
    let [a, b] = check_pair(value, what)?;
    Ok([
        check_small(a, &item(what, 0), 0, high)?,
        check_small(b, &item(what, 1), 0, high)?,
    ])
}

fn check_deal(value: &Value, what: &str) -> Result<DealEntry> {
    let d = check_keys(value, &DEAL_KEYS, what)?;
    let reason = field(d, "reason");
    let Some(reason_value) = Reason::ALL
        .iter()
        .find(|r| reason.as_str() == Some(r.name()))
    else {
        return invalid(Kind::Reason, at(what, "reason"), reason.clone());
    };
    let winner = check_seat(field(d, "winner"), &at(what, "winner"))?;
    let game_points = check_small(field(d, "game_points"), &at(what, "game_points"), 1, 3)?;
    if !reason_value.awards(game_points) {
        return Err(
            Error::state(Kind::ReasonPoints, at(what, "game_points"), game_points)
                .with("reason", reason_value.name()),
        );
    }
    let trump = read_suit(field(d, "trump"), &at(what, "trump"))?;
    let points = check_small_pair(field(d, "points"), &at(what, "points"), MAX_DEAL_POINTS)?;
    let tricks_won = check_small_pair(field(d, "tricks_won"), &at(what, "tricks_won"), 10)?;
    let marriages_at = at(what, "marriages");
    let [m0, m1] = check_pair(field(d, "marriages"), &marriages_at)?;
    let marriages = [
        check_suits(m0, &item(&marriages_at, 0))?,
        check_suits(m1, &item(&marriages_at, 1))?,
    ];
    let counted = check_small_pair(
        field(d, "marriage_points"),
        &at(what, "marriage_points"),
        MAX_MARRIAGE_POINTS,
    )?;
    let pending = check_small_pair(
        field(d, "pending_points"),
        &at(what, "pending_points"),
        MAX_MARRIAGE_POINTS,
    )?;
    let last_at = at(what, "last_trick");
    let last_trick = read_trick(field(d, "last_trick"), &last_at)?;
    if last_trick.lead == last_trick.follow {
        return invalid(Kind::Duplicate, last_at, name(last_trick.lead));
    }
    let closed_by = match field(d, "closed_by") {
        Value::Null => None,
        seat => Some(check_seat(seat, &at(what, "closed_by"))?),
    };
    let match_points = check_match_points(field(d, "match_points"), &at(what, "match_points"))?;
    let deal = DealResult {
        winner,
        game_points,
        reason: *reason_value,
        trump,
        points,
        tricks_won,
        marriages,
        last_trick,
        closed_by,
    };
    check_record(&deal, [counted, pending], what)?;
    Ok(DealEntry { deal, match_points })
}

/// A deal record agrees with itself: its tricks, marriages and points fit
/// the reason the deal ended for and the game points it awarded (RULES 5).
/// `[counted, pending]` are its `marriage_points` and `pending_points`.
fn check_record(deal: &DealResult, [counted, pending]: [[u8; 2]; 2], what: &str) -> Result<()> {
    let reason = deal.reason;
    let tricks = deal.tricks_won.map(u32::from);
    let total = tricks[0] + tricks[1];
    // A played-out deal has all ten tricks; after a close at trick k (0-4)
    // the hands give five more, and the stock is never played out.
    let (low, high) = match reason {
        Reason::LastTrick => (10, 10),
        Reason::CloserFailed => (5, 9),
        Reason::CloserReached66 | Reason::OpponentReached66 => (1, 9),
        Reason::Reached66 => (1, 10),
    };
    if !(low..=high).contains(&total) {
        return Err(Error::state(
            Kind::DealTricks,
            at(what, "tricks_won"),
            json!(deal.tricks_won),
        )
        .with("reason", reason.name())
        .with("low", low)
        .with("high", high));
    }
    let last = deal.last_trick;
    if tricks[usize::from(last.winner)] == 0
        || (reason == Reason::LastTrick && last.winner != deal.winner)
    {
        return Err(
            Error::state(Kind::DealLastTrick, at(what, "last_trick"), last.winner)
                .with("reason", reason.name()),
        );
    }
    let both = deal.marriages[0] & deal.marriages[1];
    if both != 0 {
        let suit = suit_name(both.trailing_zeros() as u8);
        return invalid(Kind::DealMarriages, at(what, "marriages"), suit);
    }
    for (key, given, expected) in [
        (
            "marriage_points",
            counted,
            [0, 1].map(|s| deal.marriage_points(s)),
        ),
        (
            "pending_points",
            pending,
            [0, 1].map(|s| deal.pending_points(s)),
        ),
    ] {
        if given.map(u32::from) != expected {
            return Err(
                Error::state(Kind::DoesNotFollow, at(what, key), json!(given))
                    .with("expected", json!(expected)),
            );
        }
    }
    let points = deal.points.map(i64::from);
    let cards = [0, 1].map(|s| points[s] - i64::from(deal.marriage_points(s)));
    let all_played = total == 10;
    if (0..2).any(|s| cards[s] < 0 || (cards[s] > 0) != (tricks[s] > 0))
        || cards[0] + cards[1] > 120
        || (cards[0] + cards[1] == 120) != all_played
    {
        return invalid(Kind::DealCardPoints, at(what, "points"), json!(deal.points));
    }
    let (w, l) = (
        usize::from(deal.winner & 1),
        usize::from(1 - (deal.winner & 1)),
    );
    let by_66 = reason != Reason::LastTrick && reason != Reason::CloserFailed;
    if (points[w] >= 66) != by_66 || points[l] >= 66 {
        return Err(
            Error::state(Kind::Deal66, at(what, "points"), json!(deal.points))
                .with("reason", reason.name())
                .with("winner", deal.winner),
        );
    }
    let closer = match reason {
        Reason::Reached66 | Reason::LastTrick => None,
        Reason::CloserReached66 => Some(deal.winner),
        Reason::CloserFailed | Reason::OpponentReached66 => Some(1 - deal.winner),
    };
    if deal.closed_by != closer {
        return Err(Error::state(
            Kind::DealClosedBy,
            at(what, "closed_by"),
            json!(deal.closed_by),
        )
        .with("reason", reason.name())
        .with("expected", json!(closer)));
    }
    // The game points a close awards come from the opponent's points at
    // the close, which the record does not hold; only a seat that never
    // won a trick tells them: it had none at the close either.
    let expected = match reason {
        Reason::Reached66 => Some(game_points(deal.points[l].into(), tricks[l] > 0)),
        Reason::CloserReached66 if tricks[l] == 0 => Some(3),
        Reason::CloserFailed if tricks[w] == 0 => Some(3),
        _ => None,
    };
    if let Some(expected) = expected.filter(|&e| e != deal.game_points) {
        return Err(Error::state(
            Kind::DealGamePoints,
            at(what, "game_points"),
            deal.game_points,
        )
        .with("expected", expected));
    }
    Ok(())
}

pub(super) fn check_deals(value: &Value, what: &str) -> Result<Vec<DealEntry>> {
    check_list(value, what)?
        .iter()
        .enumerate()
        .map(|(i, deal)| check_deal(deal, &item(what, i)))
        .collect()
}

/// A trick, `[lead, follow, winner]`.
fn read_trick(value: &Value, what: &str) -> Result<Trick> {
    let [lead, follow, winner] = check_entries(value, what, 3)? else {
        return invalid(Kind::Entries, what, 0);
    };
    Ok(Trick {
        lead: check_card(SCHNAPSEN, lead, &item(what, 0))?,
        follow: check_card(SCHNAPSEN, follow, &item(what, 1))?,
        winner: check_seat(winner, &item(what, 2))?,
    })
}

pub(super) fn check_trick(value: &Value, i: usize) -> Result<Trick> {
    read_trick(value, &item("tricks", i))
}

pub(super) fn check_suits(value: &Value, what: &str) -> Result<u8> {
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
            _ => return invalid(Kind::Suits, what, value.clone()),
        }
    }
    Ok(mask)
}

pub(super) fn check_closed(value: &Value) -> Result<Option<Closed>> {
    if value.is_null() {
        return Ok(None);
    }
    let d = check_keys(
        value,
        &["by", "opponent_points", "opponent_won_trick", "tricks"],
        "closed",
    )?;
    let won = check_bool(field(d, "opponent_won_trick"), "closed.opponent_won_trick")?;
    Ok(Some(Closed {
        by: check_seat(field(d, "by"), "closed.by")?,
        opponent_points: check_small(
            field(d, "opponent_points"),
            "closed.opponent_points",
            0,
            200,
        )?,
        opponent_won_trick: won,
        // The stock is open only while two cards or more remain in it.
        tricks: check_small(field(d, "tricks"), "closed.tricks", 0, 4)?,
    }))
}

pub(super) fn check_exchange(value: &Value) -> Result<Option<Exchange>> {
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

pub(super) struct Outcome {
    pub(super) winner: u8,
    pub(super) match_points: [u8; 2],
    pub(super) deals: Vec<DealEntry>,
}

pub(super) fn check_match_points(value: &Value, what: &str) -> Result<[u8; 2]> {
    let [a, b] = check_pair(value, what)?;
    Ok([
        check_small(a, &format!("{what}[0]"), 0, MATCH_POINTS)?,
        check_small(b, &format!("{what}[1]"), 0, MATCH_POINTS)?,
    ])
}

pub(super) fn check_outcome(value: &Value) -> Result<Option<Outcome>> {
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
pub(super) struct Parsed {
    pub(super) seed: Option<u64>,
    pub(super) deck: Vec<Card>,
    pub(super) rng: u64,
    pub(super) match_points: [u8; 2],
    pub(super) deals: Vec<DealEntry>,
    pub(super) dealer: u8,
    pub(super) trump: u8,
    pub(super) indicator: Option<Card>,
    pub(super) stock: Vec<Card>,
    pub(super) hands: [Vec<Card>; 2],
    pub(super) leader: u8,
    pub(super) lead: Option<Card>,
    pub(super) tricks: Vec<Trick>,
    pub(super) marriages: [u8; 2],
    pub(super) closed: Option<Closed>,
    pub(super) exchange: Option<Exchange>,
    pub(super) known: [Vec<Card>; 2],
    pub(super) history: Vec<String>,
    pub(super) outcome: Option<Outcome>,
}

/// The tricks of the deal, each [lead, follow, winner].
pub(super) fn read_tricks(value: &Value) -> Result<Vec<Trick>> {
    check_list(value, "tricks")?
        .iter()
        .enumerate()
        .map(|(i, t)| check_trick(t, i))
        .collect()
}

/// The suits each seat has declared a marriage in.
pub(super) fn read_marriages(value: &Value) -> Result<[u8; 2]> {
    let [m0, m1] = check_pair(value, "marriages")?;
    Ok([
        check_suits(m0, "marriages[0]")?,
        check_suits(m1, "marriages[1]")?,
    ])
}

/// A suit, by its letter.
fn read_suit(value: &Value, what: &str) -> Result<u8> {
    match value
        .as_str()
        .and_then(|s| SUIT_LETTERS.iter().position(|&l| s.as_bytes() == [l]))
    {
        Some(suit) => Ok(suit as u8),
        None => invalid(Kind::Suit, what, value.clone()),
    }
}

/// The trump suit, by its letter.
pub(super) fn read_trump(value: &Value) -> Result<u8> {
    read_suit(value, "trump")
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
    let trump = read_trump(field(d, "trump"))?;
    let indicator = check_opt_card(SCHNAPSEN, field(d, "indicator"), "indicator")?;
    let stock = check_cards(SCHNAPSEN, field(d, "stock"), "stock", false)?;
    let [h0, h1] = check_pair(field(d, "hands"), "hands")?;
    let hands = [
        check_cards(SCHNAPSEN, h0, "hands[0]", true)?,
        check_cards(SCHNAPSEN, h1, "hands[1]", true)?,
    ];
    let leader = check_seat(field(d, "leader"), "leader")?;
    let lead = check_opt_card(SCHNAPSEN, field(d, "lead"), "lead")?;
    let tricks = read_tricks(field(d, "tricks"))?;
    let marriages = read_marriages(field(d, "marriages"))?;
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
        trump,
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
    for (i, entry) in p.deals.iter().enumerate() {
        let w = usize::from(entry.deal.winner & 1);
        if won.contains(&0) {
            return invalid(Kind::DealAfterMatch, "deals", Value::Null);
        }
        won[w] = won[w].saturating_sub(entry.deal.game_points);
        if entry.match_points != won {
            return Err(Error::state(
                Kind::MatchPoints,
                at(&item("deals", i), "match_points"),
                json!(entry.match_points),
            )
            .with("expected", json!(won)));
        }
    }
    if won != p.match_points {
        return invalid(Kind::MatchPoints, "match_points", Value::Null);
    }
    let finished = won.contains(&0);
    if finished != p.outcome.is_some() {
        return invalid(Kind::OutcomeTiming, "outcome", Value::Null);
    }
    if let Some(outcome) = &p.outcome {
        if outcome.match_points != won
            || outcome.deals != p.deals
            || won[usize::from(outcome.winner & 1)] != 0
        {
            return invalid(Kind::OutcomeMismatch, "outcome", Value::Null);
        }
    }
    if usize::from(p.dealer) != (1 + p.deals.len()) % 2 && p.outcome.is_none() {
        return invalid(Kind::Dealer, "dealer", p.dealer);
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
            return invalid(Kind::TrickWinner, item("tricks", i), t.winner);
        }
        if leader == seat {
            led.push(t.lead);
        }
        leader = t.winner;
    }
    if leader != p.leader {
        return invalid(Kind::Leader, "leader", p.leader);
    }
    if let Some(lead) = p.lead {
        if p.leader == seat {
            led.push(lead);
        }
    }
    Ok(led)
}

pub(super) fn check_consistency(p: &Parsed) -> Result<()> {
    check_match(p)?;
    check_conservation(p)?;
    for seat in 0..2u8 {
        let s = usize::from(seat);
        let hand = set_of(&p.hands[s]);
        if let Some(stray) = p.known[s].iter().find(|&&c| hand & bit(c) == 0) {
            return invalid(Kind::KnownNotInHand, item("known", s), name(*stray));
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
            let letter = char::from(letter).to_string();
            if led_suits & (1 << suit) == 0 {
                return Err(Error::state(
                    Kind::MarriageNotLed,
                    item("marriages", s),
                    letter.as_str(),
                )
                .with("suit", letter));
            }
            // Declaring needs both, so no king or queen of the suit can
            // have been played before: the declaring lead is the first.
            if first_court(p, suit as u8).map(|(_, by, led)| (by, led)) != Some((seat, true)) {
                return Err(Error::state(
                    Kind::MarriageNotFirst,
                    item("marriages", s),
                    letter.as_str(),
                )
                .with("suit", letter)
                .with("seat", seat));
            }
        }
    }
    if p.outcome.is_some() {
        check_closed_record(p)?;
        return check_last_deal(p);
    }
    let game = build_position(p);
    for seat in 0..2 {
        if game.points(seat) >= WINNING_POINTS {
            return Err(
                Error::state(Kind::DealShouldBeOver, "points", game.points(seat))
                    .with("seat", seat),
            );
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
        return invalid(Kind::ClosedBeyondTricks, "closed.tricks", closed.tricks);
    };
    let closer = before.last().map_or(1 - (p.dealer & 1), |t| t.winner);
    if closed.by != closer {
        return Err(Error::state(Kind::ClosedBy, "closed.by", closed.by).with("closer", closer));
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
        let had = if tricks_won > 0 {
            "won a trick"
        } else {
            "won no trick"
        };
        return Err(Error::state(
            Kind::ClosedWonTrick,
            "closed.opponent_won_trick",
            closed.opponent_won_trick,
        )
        .with("opponent", opponent)
        .with("had", had));
    }
    if u32::from(closed.opponent_points) != points {
        return Err(Error::state(
            Kind::ClosedPoints,
            "closed.opponent_points",
            closed.opponent_points,
        )
        .with("opponent", opponent)
        .with("points", points));
    }
    Ok(())
}

/// Once the match is over the last deal stays as it ended, so its record
/// says what the position shows.
fn check_last_deal(p: &Parsed) -> Result<()> {
    let Some(last) = p.deals.len().checked_sub(1) else {
        return Ok(());
    };
    let deal = &p.deals[last].deal;
    let game = build_position(p);
    let marriages = |masks: [u8; 2]| json!([suit_names(masks[0]), suit_names(masks[1])]);
    let facts = [
        (
            "trump",
            json!(suit_name(deal.trump)),
            json!(suit_name(p.trump)),
        ),
        (
            "points",
            json!(deal.points),
            json!([game.points(0), game.points(1)]),
        ),
        ("tricks_won", json!(deal.tricks_won), json!(game.tricks_won)),
        (
            "marriages",
            marriages(deal.marriages),
            marriages(p.marriages),
        ),
        (
            "last_trick",
            trick_value(&deal.last_trick),
            p.tricks.last().map_or(Value::Null, trick_value),
        ),
        (
            "closed_by",
            json!(deal.closed_by),
            json!(p.closed.map(|c| c.by)),
        ),
    ];
    for (key, given, expected) in facts {
        if given != expected {
            return Err(
                Error::state(Kind::DoesNotFollow, at(&item("deals", last), key), given)
                    .with("expected", expected),
            );
        }
    }
    Ok(())
}

fn check_deal_progress(p: &Parsed) -> Result<()> {
    if let Some(indicator) = p.indicator {
        if suit_of(indicator) != p.trump {
            return invalid(Kind::IndicatorSuit, "indicator", name(indicator));
        }
    }
    if p.indicator.is_none() && !p.stock.is_empty() {
        return invalid(Kind::IndicatorLast, "stock", Value::Null);
    }
    let n_stock = p.stock.len() as i64 + i64::from(p.indicator.is_some());
    if n_stock % 2 != 0 {
        return invalid(Kind::OddStock, "stock", n_stock);
    }
    let mut hand_sizes = [p.hands[0].len() as i64, p.hands[1].len() as i64];
    let played = p.tricks.len() as i64;
    if p.lead.is_some() {
        hand_sizes[usize::from(p.leader & 1)] += 1;
    }
    if hand_sizes[0] != hand_sizes[1] {
        return invalid(Kind::UnequalHands, "hands", Value::Null);
    }
    let expected = if p.closed.is_none() {
        if n_stock != 0 && played != (10 - n_stock).div_euclid(2) {
            return invalid(Kind::StockTricks, "stock", n_stock);
        }
        if n_stock != 0 {
            i64::from(HAND_SIZE)
        } else {
            10 - played
        }
    } else {
        let at_close = p.closed.map_or(0, |closed| i64::from(closed.tricks));
        if played < at_close || n_stock != 10 - 2 * at_close {
            return invalid(Kind::ClosedStock, "closed.tricks", at_close);
        }
        if played + hand_sizes[0] > 10 || hand_sizes[0] + played < i64::from(HAND_SIZE) {
            return invalid(Kind::HandsAfterClose, "hands", hand_sizes[0]);
        }
        hand_sizes[0]
    };
    if hand_sizes[0] != expected || expected == 0 {
        return Err(Error::state(Kind::HandSize, "hands", hand_sizes[0]).with("expected", expected));
    }
    if let Some(e) = p.exchange {
        if e.jack != p.trump * 5 + RANK_JACK || suit_of(e.took) != p.trump || e.took == e.jack {
            return invalid(Kind::ExchangeCards, "exchange", Value::Null);
        }
        if p.indicator.is_some_and(|indicator| indicator != e.jack) {
            return invalid(Kind::ExchangeIndicator, "exchange", Value::Null);
        }
    }
    Ok(())
}

/// The position alone (no match or record data checked here).
fn build_position(p: &Parsed) -> Schnapsen {
    let mut game = Schnapsen::empty(SplitMix64::new(p.rng));
    game.match_points = p.match_points;
    for (slot, entry) in game.deals.iter_mut().zip(&p.deals) {
        *slot = PackedDeal::pack(&entry.deal);
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
        return corrupt("deals", "more than a match or a deal holds");
    }
    if game.stock_top > game.stock_end || usize::from(game.stock_end) > DECK_SIZE {
        return corrupt("stock", "its bounds lie outside the deck");
    }
    if game.trump > 3 || game.dealer > 1 || game.leader > 1 {
        return corrupt("trump", "trump, dealer or leader out of range");
    }
    let outside = !SCHNAPSEN.full();
    let sets = game.hands[0] | game.hands[1] | game.known[0] | game.known[1];
    let cards = (game.stock().iter().copied())
        .chain(game.indicator)
        .chain(game.lead);
    let tricks = game.tricks().iter().flat_map(|t| [t.lead, t.follow]);
    if sets & outside != 0 || cards.chain(tricks).any(|c| usize::from(c) >= DECK_SIZE) {
        return corrupt("state", "a card outside the deck");
    }
    if game.tricks().iter().any(|t| t.winner > 1)
        || game.deals().any(|d| d.winner > 1)
        || game.winner.is_some_and(|w| w > 1)
    {
        return corrupt("state", "a seat out of range");
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
        return corrupt(
            "points",
            "the running totals disagree with the tricks and marriages",
        );
    }
    let list = |set: CardSet| crate::cards::cards(set).collect::<Vec<Card>>();
    let deals = entries(game);
    let parsed = Parsed {
        seed: None,
        deck: Vec::new(),
        rng: game.rng.state,
        match_points: game.match_points,
        deals: deals.clone(),
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
            deals,
        }),
    };
    check_consistency(&parsed)
}

/// The position's deals with the match points after each, as read.
fn entries(game: &Schnapsen) -> Vec<DealEntry> {
    let mut left = [MATCH_POINTS; 2];
    game.deals()
        .map(|deal| {
            let w = usize::from(deal.winner & 1);
            left[w] = left[w].saturating_sub(deal.game_points);
            DealEntry {
                deal,
                match_points: left,
            }
        })
        .collect()
}

pub(super) fn build(p: Parsed) -> (Schnapsen, Record) {
    let game = build_position(&p);
    let record = Record {
        seed: p.seed,
        deck: p.deck,
        history: p.history,
    };
    (game, record)
}
