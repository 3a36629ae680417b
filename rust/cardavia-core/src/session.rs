//! A game with its record (seed, first deck, moves): what the Python API
//! calls a game. `AnySession` picks the game by id.

use crate::cards::{Card, Deck};
use crate::checks::{check_depth, check_permutation, parse_json};
use crate::dispatch::family;
use crate::error::{invalid, Class, Error, Kind, Result};
use crate::game::{legal_move_names, play_named, Game, Record, State};
use crate::limits::{check_argument, given};
use crate::refusal::{refusal, Refusal};
use crate::rng::{shuffle, SplitMix64};
use crate::{for_game, with_game};
use serde_json::Value;

/// The three games, by id; the one list of them (the binding exports it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameId {
    Durak,
    Perevodnoy,
    Schnapsen,
}

impl GameId {
    pub const ALL: [GameId; 3] = [GameId::Durak, GameId::Perevodnoy, GameId::Schnapsen];

    pub const fn name(self) -> &'static str {
        for_game!(self, G => G::ID)
    }

    pub const fn deck(self) -> Deck {
        for_game!(self, G => G::DECK)
    }

    /// The most seats the game seats (RULES 7).
    pub const fn max_players(self) -> usize {
        for_game!(self, G => G::MAX_PLAYERS)
    }

    /// The seats a caller asks for: `None` is two; a game of two seats
    /// (Schnapsen) takes no `players` at all, the others 2 to their most.
    pub fn check_players(self, players: Option<i128>) -> Result<usize> {
        match players {
            None => Ok(2),
            Some(n) if self.max_players() == 2 => {
                Err(Error::argument(Kind::TwoPlayers, "players", given(n))
                    .with("game", self.name()))
            }
            Some(n) => Ok(check_argument(n, "players", 2, self.max_players() as u64)? as usize),
        }
    }

    /// The game of that id, if it is one.
    pub fn find(name: &str) -> Option<GameId> {
        Self::ALL.into_iter().find(|game| game.name() == name)
    }

    /// The game named by a caller, or the `UnknownGame` error.
    pub fn parse(name: &str) -> Result<GameId> {
        Self::find(name).ok_or_else(|| {
            Error::new(Class::UnknownGame, Kind::UnknownGame, "game", name)
                .with("games", Self::names())
        })
    }

    pub fn names() -> Vec<&'static str> {
        Self::ALL.iter().map(|game| game.name()).collect()
    }
}

/// An explicit deck order: every card of the deck exactly once. Checked as
/// the reference's `Deck.check_order` does: every name a card, then no card
/// twice, then none missing.
pub fn parse_deck(deck: Deck, names: &[String]) -> Result<Vec<Card>> {
    let order = names
        .iter()
        .enumerate()
        .map(|(i, name)| {
            deck.parse(name).ok_or_else(|| {
                Error::state(Kind::Card, format!("deck[{i}]"), name.as_str())
                    .with("deck", deck.name)
            })
        })
        .collect::<Result<Vec<Card>>>()?;
    check_permutation(deck, &order)?;
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
        Self::seated(seed, deck, 2)
    }

    /// `new` at a table of `players` seats, checked (`check_players`).
    pub fn seated(seed: Option<u64>, deck: Option<&[String]>, players: usize) -> Result<Self> {
        let mut rng = SplitMix64::new(seed.unwrap_or(0));
        let order = match deck {
            Some(names) => parse_deck(G::DECK, names)?,
            None if seed.is_some() => {
                let mut order: Vec<Card> = (0..G::DECK.len() as Card).collect();
                shuffle(&mut order, &mut rng);
                order
            }
            None => return Err(Error::argument(Kind::SeedOrDeck, "seed", Value::Null)),
        };
        Ok(Self {
            game: G::deal_seats(&order, rng, players),
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

    /// Why `text` cannot be played now; `None` when it is legal.
    pub fn refusal(&self, text: &str) -> Option<Refusal> {
        refusal(&self.game, text)
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

family! {
    /// One of the three games, chosen at run time.
    AnySession = Sessions of Session
}

impl AnySession {
    pub fn new(game: GameId, seed: Option<u64>, deck: Option<&[String]>) -> Result<Self> {
        Ok(for_game!(game, G => Session::<G>::new(seed, deck)?.into()))
    }

    /// `new` at a table of `players` seats, checked (`check_players`).
    pub fn seated(
        game: GameId,
        seed: Option<u64>,
        deck: Option<&[String]>,
        players: usize,
    ) -> Result<Self> {
        Ok(for_game!(game, G => Session::<G>::seated(seed, deck, players)?.into()))
    }

    pub fn players(&self) -> usize {
        with_game!(self, s => s.game.players())
    }

    /// The checks of `cardavia.from_dict`: an object naming one of the
    /// games, then that game's whole state.
    pub fn from_value(value: &Value) -> Result<Self> {
        let Some(object) = value.as_object() else {
            return invalid(Kind::Object, "state", value.clone());
        };
        let name = object.get("game").unwrap_or(&Value::Null);
        match name.as_str().and_then(GameId::find) {
            Some(game) => Ok(for_game!(game, G => Session::<G>::from_value(value)?.into())),
            None => {
                Err(Error::state(Kind::NotAGame, "game", name.clone())
                    .with("games", GameId::names()))
            }
        }
    }

    /// The checks of `cardavia.from_json`: JSON text, no deeper than a
    /// state nests (refused before anything else), then `from_value`.
    pub fn from_json(text: &str) -> Result<Self> {
        let value = parse_json(text)?;
        check_depth(&value, "state")?;
        Self::from_value(&value)
    }

    pub fn id(&self) -> &'static str {
        self.game().name()
    }

    pub fn current_player(&self) -> Option<usize> {
        with_game!(self, s => s.game.current_player())
    }

    pub fn legal_moves(&self) -> Vec<String> {
        with_game!(self, s => s.legal_moves())
    }

    pub fn play(&mut self, text: &str) -> Result<()> {
        with_game!(self, s => s.play(text))
    }

    pub fn refusal(&self, text: &str) -> Option<Refusal> {
        with_game!(self, s => s.refusal(text))
    }

    pub fn outcome(&self) -> Value {
        with_game!(self, s => s.game.outcome_value())
    }

    pub fn history(&self) -> &[String] {
        with_game!(self, s => &s.record.history)
    }

    pub fn to_value(&self) -> Value {
        with_game!(self, s => s.to_value())
    }

    pub fn to_json(&self) -> String {
        // serde_json's map keeps keys sorted, as Python's sort_keys=True.
        self.to_value().to_string()
    }

    pub fn observation(&self, seat: usize) -> Value {
        with_game!(self, s => s.observation(seat))
    }
}
