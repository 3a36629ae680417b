//! Worlds consistent with an observation: what one seat knows, read from
//! its observation (docs/SCHEMA.md) and checked whole, able to deal the
//! cards it cannot see. The search plays in these worlds; research tools
//! resample information states with them.
//!
//! The twin of `python/cardavia/reference/worlds.py`, the oracle: both
//! check an observation in this order and refuse the same observations with
//! the same kind and field. Its fields, one by one; the card counts; the
//! position they make (every check of a state dict); then every field that
//! follows from the position (who moves, the legal moves, the trump, the
//! points...). Each game reads its own fields (`durak/view.rs`,
//! `schnapsen/view.rs`).

use crate::cards::{bit, CardSet, Deck};
use crate::checks::{
    check_cards, check_depth, check_entries, check_keys_optional, check_small, item,
};
use crate::dispatch::family;
use crate::error::{invalid, Error, Kind, Result};
use crate::for_game;
use crate::game::{legal_move_names, Game, Record, State};
use crate::rng::SplitMix64;
use crate::search::Resample;
use crate::session::GameId;
use serde_json::{Map, Value};

/// Worlds dealt from a template position: the hidden cards of `seat` are
/// dealt anew, the opponent's unknown ones only from `allowed`.
#[derive(Clone, Debug)]
pub struct Worlds<G: Resample> {
    pub(crate) template: G,
    pub(crate) seat: usize,
    pub(crate) allowed: CardSet,
    /// The moves played, as the observation lists them.
    pub(crate) record: Record,
}

/// A game whose observations can be read back into worlds.
pub trait Observe: State + Resample {
    /// The keys of an observation, in the order of docs/SCHEMA.md.
    const OBSERVATION_KEYS: &'static [&'static str];
    /// Derived keys an observation may lack: written by an engine of an
    /// older schema. Checked when present, like every derived field.
    const OPTIONAL_KEYS: &'static [&'static str] = &[];

    /// The observation's own fields, checked and made into worlds (the
    /// hidden cards placed in canonical order); the position checked as a
    /// state dict is. The keys are known to be `OBSERVATION_KEYS`, perhaps
    /// without some of `OPTIONAL_KEYS`.
    fn read_observation(obs: &Map<String, Value>) -> Result<Worlds<Self>>;

    /// The fields of `seat`'s observation that follow from the position,
    /// in the order they are compared.
    fn derived(&self, seat: usize) -> Vec<(&'static str, Value)>;

    /// Fields that follow from the position but that `seat`'s observation
    /// leaves out (a duel's the facts of a table, RULES 7): an observation
    /// may give them all the same, and is held to them.
    fn unwritten(&self, _seat: usize) -> Vec<(&'static str, Value)> {
        Vec::new()
    }
}

impl<G: Resample> Worlds<G> {
    /// `None` unless `seat` is to move in `template` and `allowed` admits a deal.
    pub fn new(template: G, seat: usize, allowed: CardSet) -> Option<Self> {
        if template.current_player() != Some(seat) {
            return None;
        }
        let worlds = Self {
            template,
            seat,
            allowed,
            record: Record {
                seed: None,
                deck: Vec::new(),
                history: Vec::new(),
            },
        };
        worlds.admits_a_deal().then_some(worlds)
    }

    fn admits_a_deal(&self) -> bool {
        let mut probe = self.template.clone();
        probe.resample_hidden(self.seat, self.allowed, &mut SplitMix64::new(0))
    }

    /// The seat whose knowledge this is.
    pub fn seat(&self) -> usize {
        self.seat
    }

    /// The position the worlds are dealt from (its hidden cards in
    /// canonical order).
    pub fn template(&self) -> &G {
        &self.template
    }

    /// Whether it is the seat's turn.
    pub fn to_move(&self) -> bool {
        self.template.current_player() == Some(self.seat)
    }

    /// One world: the hidden cards dealt uniformly within the constraints.
    pub fn deal(&self, rng: &mut SplitMix64) -> G {
        let mut world = self.template.clone();
        // Reading the observation proved the constraints can be met.
        world.resample_hidden(self.seat, self.allowed, rng);
        world
    }
}

impl<G: Observe> Worlds<G> {
    /// The worlds of an observation of `G`, checked whole.
    pub fn from_observation(obs: &Value) -> Result<Self> {
        check_depth(obs, "observation")?;
        let Value::Object(map) = obs else {
            return invalid(Kind::Object, "observation", obs.clone());
        };
        check_keys_optional(obs, G::OBSERVATION_KEYS, G::OPTIONAL_KEYS, "observation")?;
        let worlds = G::read_observation(map)?;
        if !worlds.admits_a_deal() {
            return invalid(Kind::Voids, "tricks", Value::Null);
        }
        let template = &worlds.template;
        let derived = template.derived(worlds.seat).into_iter();
        for (key, value) in derived.chain(template.unwritten(worlds.seat)) {
            // Only an optional key can be missing here.
            let Some(given) = map.get(key) else {
                continue;
            };
            if *given != value {
                return invalid(Kind::DoesNotFollow, key, given.clone());
            }
        }
        Ok(worlds)
    }

    /// A world as a state dict, with the observation's history.
    pub fn world_value(&self, rng: &mut SplitMix64) -> Value {
        let mut record = self.record.clone();
        record.deck = (0..G::DECK.len() as u8).collect();
        self.deal(rng).to_value(&record)
    }
}

family! {
    /// The worlds of an observation of any game.
    AnyWorlds = WorldSets of Worlds
}

impl AnyWorlds {
    /// The worlds of an observation, its game named by its `game` field.
    pub fn from_observation(obs: &Value) -> Result<Self> {
        check_depth(obs, "observation")?;
        let Value::Object(map) = obs else {
            return invalid(Kind::Object, "observation", obs.clone());
        };
        let Some(name) = map.get("game") else {
            return invalid(Kind::MissingField, "observation", "game");
        };
        match name.as_str().and_then(GameId::find) {
            Some(game) => Ok(for_game!(game, G => Worlds::<G>::from_observation(obs)?.into())),
            None => {
                Err(Error::state(Kind::NotAGame, "game", name.clone())
                    .with("games", GameId::names()))
            }
        }
    }
}

/// An observation: `view`, the fields written from the position as it is,
/// with the fields that follow from it (`Observe::derived`).
pub(crate) fn with_derived<G: Observe>(game: &G, seat: usize, mut view: Value) -> Value {
    if let Value::Object(map) = &mut view {
        let derived = game.derived(seat).into_iter();
        map.extend(derived.map(|(key, value)| (key.to_owned(), value)));
    }
    view
}

/// Whose turn it is and, if it is `seat`'s, its legal moves: the
/// `current_player` and `legal_moves` of `seat`'s observation.
pub(crate) fn turn<G: Game>(game: &G, seat: usize) -> (Value, Value) {
    let current = game.current_player();
    let legal = if current == Some(seat) {
        legal_move_names(game)
    } else {
        Vec::new()
    };
    (serde_json::json!(current), serde_json::json!(legal))
}

/// What every observation says of the seat and the hands: the seat, its
/// hand, every hand's size (at most `most`) and the cards known in each,
/// for a table of `players` seats.
pub(crate) struct SeatFields {
    pub seat: usize,
    pub hand: Vec<u8>,
    pub sizes: Vec<usize>,
    pub known: Vec<Vec<u8>>,
}

pub(crate) fn seat_fields(
    obs: &Map<String, Value>,
    deck: Deck,
    most: u8,
    players: usize,
) -> Result<SeatFields> {
    let field = |key: &str| obs.get(key).unwrap_or(&Value::Null);
    let seat = usize::from(check_small(field("seat"), "seat", 0, players as u8 - 1)?);
    let hand = check_cards(deck, field("hand"), "hand", true)?;
    let sizes = check_entries(field("hand_sizes"), "hand_sizes", players)?
        .iter()
        .enumerate()
        .map(|(s, size)| {
            Ok(usize::from(check_small(
                size,
                &item("hand_sizes", s),
                0,
                most,
            )?))
        })
        .collect::<Result<_>>()?;
    let known = check_entries(field("known"), "known", players)?
        .iter()
        .enumerate()
        .map(|(s, cards)| check_cards(deck, cards, &item("known", s), true))
        .collect::<Result<_>>()?;
    Ok(SeatFields {
        seat,
        hand,
        sizes,
        known,
    })
}

/// The cards of the deck nobody has seen, in canonical order.
pub(crate) fn unseen(deck: Deck, seen: CardSet) -> Vec<u8> {
    (0..deck.len() as u8)
        .filter(|&card| seen & bit(card) == 0)
        .collect()
}
