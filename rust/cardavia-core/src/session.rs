//! A game with its record (seed, first deck, moves): what the Python API
//! calls a game. `AnySession` picks the game by id.

use crate::cards::{Card, Deck};
use crate::checks::{py_repr, py_str_repr, type_name};
use crate::durak::Durak;
use crate::error::{invalid, Error, Result};
use crate::game::{legal_move_names, play_named, Game, Record, State};
use crate::perevodnoy::Perevodnoy;
use crate::rng::{shuffle, SplitMix64};
use crate::schnapsen::Schnapsen;
use serde_json::Value;

pub const GAMES: [&str; 3] = ["durak", "perevodnoy", "schnapsen"];

/// An explicit deck order: every card of the deck exactly once. Checked as
/// the reference's `Deck.check_order` does: every name a card, then no card
/// twice, then none missing.
pub fn parse_deck(deck: Deck, names: &[String]) -> Result<Vec<Card>> {
    let mut order = Vec::with_capacity(names.len());
    for name in names {
        let Some(card) = deck.parse(name) else {
            return invalid(format!(
                "deck: {} is not a card of the {} deck",
                py_str_repr(name),
                deck.name
            ));
        };
        order.push(card);
    }
    let mut seen = 0u64;
    for &card in &order {
        if seen & (1 << card) != 0 {
            return invalid(format!(
                "deck: {} appears more than once",
                deck.name_of(card)
            ));
        }
        seen |= 1 << card;
    }
    let missing = deck.names(deck.full() & !seen);
    if !missing.is_empty() {
        return invalid(format!("deck: missing {}", missing.join(", ")));
    }
    Ok(order)
}

#[derive(Clone, Debug)]
pub struct Session<G: State> {
    pub game: G,
    pub record: Record,
}

impl<G: State> Session<G> {
    /// RULES.md ch. 2: the deck decides the first deal; otherwise the seed
    /// shuffles the canonical order. The caller supplies a seed when
    /// neither is given.
    pub fn new(seed: Option<u64>, deck: Option<&[String]>) -> Result<Self> {
        let mut rng = SplitMix64::new(seed.unwrap_or(0));
        let order = match deck {
            Some(names) => parse_deck(G::DECK, names)?,
            None if seed.is_some() => {
                let mut order: Vec<Card> = (0..G::DECK.len() as Card).collect();
                shuffle(&mut order, &mut rng);
                order
            }
            None => {
                return Err(Error::InvalidArgument(
                    "a game needs a seed or a deck".to_owned(),
                ))
            }
        };
        Ok(Self {
            game: G::deal(&order, rng),
            record: Record {
                seed,
                deck: order,
                history: Vec::new(),
            },
        })
    }

    pub fn legal_moves(&self) -> Vec<String> {
        legal_move_names(&self.game)
    }

    pub fn play(&mut self, text: &str) -> Result<()> {
        play_named(&mut self.game, &mut self.record, text)
    }

    pub fn to_value(&self) -> Value {
        self.game.to_value(&self.record)
    }

    pub fn observation(&self, seat: usize) -> Value {
        self.game.observation(seat, &self.record)
    }

    pub fn from_value(value: &Value) -> Result<Self> {
        let (game, record) = G::from_value(value)?;
        Ok(Self { game, record })
    }
}

/// One of the three games, chosen at run time.
#[derive(Clone, Debug)]
pub enum AnySession {
    Durak(Session<Durak>),
    Perevodnoy(Session<Perevodnoy>),
    Schnapsen(Session<Schnapsen>),
}

/// Run `$body` with `$s` bound to the session inside, whatever its game.
#[macro_export]
macro_rules! with_session {
    ($any:expr, $s:ident => $body:expr) => {
        match $any {
            $crate::session::AnySession::Durak($s) => $body,
            $crate::session::AnySession::Perevodnoy($s) => $body,
            $crate::session::AnySession::Schnapsen($s) => $body,
        }
    };
}

fn unknown(game: &str) -> Error {
    Error::UnknownGame(format!(
        "unknown game {}; choose one of {}",
        py_str_repr(game),
        GAMES.join(", ")
    ))
}

impl AnySession {
    /// The deck `game` is played with, or the unknown-game error.
    pub fn deck_of(game: &str) -> Result<Deck> {
        match game {
            "durak" => Ok(Durak::DECK),
            "perevodnoy" => Ok(Perevodnoy::DECK),
            "schnapsen" => Ok(Schnapsen::DECK),
            other => Err(unknown(other)),
        }
    }

    pub fn new(game: &str, seed: Option<u64>, deck: Option<&[String]>) -> Result<Self> {
        Ok(match game {
            "durak" => Self::Durak(Session::new(seed, deck)?),
            "perevodnoy" => Self::Perevodnoy(Session::new(seed, deck)?),
            "schnapsen" => Self::Schnapsen(Session::new(seed, deck)?),
            other => return Err(unknown(other)),
        })
    }

    /// The checks of `cardavia.from_dict`: an object naming one of the
    /// games, then that game's whole state.
    pub fn from_value(value: &Value) -> Result<Self> {
        let Some(object) = value.as_object() else {
            return invalid(format!("state must be an object, got {}", type_name(value)));
        };
        match object.get("game").and_then(Value::as_str) {
            Some("durak") => Ok(Self::Durak(Session::from_value(value)?)),
            Some("perevodnoy") => Ok(Self::Perevodnoy(Session::from_value(value)?)),
            Some("schnapsen") => Ok(Self::Schnapsen(Session::from_value(value)?)),
            _ => invalid(format!(
                "game: {} is not one of {}",
                object.get("game").map_or("None".to_owned(), py_repr),
                GAMES.join(", ")
            )),
        }
    }

    pub fn from_json(text: &str) -> Result<Self> {
        let value: Value = serde_json::from_str(text)
            .map_err(|e| Error::InvalidState(format!("malformed JSON: {e}")))?;
        Self::from_value(&value)
    }

    pub fn id(&self) -> &'static str {
        match self {
            Self::Durak(_) => Durak::ID,
            Self::Perevodnoy(_) => Perevodnoy::ID,
            Self::Schnapsen(_) => Schnapsen::ID,
        }
    }

    pub fn current_player(&self) -> Option<usize> {
        with_session!(self, s => s.game.current_player())
    }

    pub fn legal_moves(&self) -> Vec<String> {
        with_session!(self, s => s.legal_moves())
    }

    pub fn play(&mut self, text: &str) -> Result<()> {
        with_session!(self, s => s.play(text))
    }

    pub fn outcome(&self) -> Value {
        with_session!(self, s => s.game.outcome_value())
    }

    pub fn history(&self) -> &[String] {
        with_session!(self, s => &s.record.history)
    }

    pub fn to_value(&self) -> Value {
        with_session!(self, s => s.to_value())
    }

    pub fn to_json(&self) -> String {
        // serde_json's map keeps keys sorted, as Python's sort_keys=True.
        self.to_value().to_string()
    }

    pub fn observation(&self, seat: usize) -> Value {
        with_session!(self, s => s.observation(seat))
    }
}
