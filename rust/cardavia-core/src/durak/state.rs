//! Reading and writing a Durak state dict (docs/SCHEMA.md), checked
//! whole: the checks of `from_dict` in `python/cardavia/reference/durak/
//! state.py`, in the same order, so that both engines name the same first
//! fault.

use super::rules::{DurakRules, DECK, DECK_LEN, IDLE_BOUT_LIMIT, MAX_ATTACKS, RANK};
use crate::cards::{bit, cards, Card, CardSet};
use crate::checks::{
    check_bool, check_card, check_cards, check_conservation, check_depth, check_header,
    check_history, check_keys, check_list, check_order, check_pair, check_seat, check_seed,
    check_small, field,
};
use crate::error::{invalid, Result};
use crate::game::{Game, Outcome, Record, State};
use serde_json::{json, Value};

impl<const TRANSFERS: bool> State for DurakRules<TRANSFERS> {
    fn outcome_value(&self) -> Value {
        match self.outcome {
            None => Value::Null,
            Some(Outcome::Draw) => json!({"winner": null, "loser": null, "draw": true}),
            Some(Outcome::Win { winner }) => {
                json!({"winner": winner, "loser": 1 - winner, "draw": false})
            }
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
