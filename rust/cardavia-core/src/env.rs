//! Research environments (docs/RESEARCH.md): a game played by action ids,
//! its deals as chance events, what a seat may know as a tensor, and its
//! information states resampled with a history that leads to them.
//!
//! An action id is the move's place in the game's fixed numbering
//! (`Game::move_index`); a chance outcome is a card, its index in the
//! canonical order. An environment deals one of two ways:
//!
//! * **by chance** (OpenSpiel): each deal is a chance event per card, the
//!   deck drawn top first, every card not yet placed equally likely; the
//!   last card needs no event. The chance outcomes of a seed are its
//!   shuffled deck (RULES 2), so a seed can drive the events in lockstep
//!   with `new_game(seed=...)`. In Schnapsen every later deal is dealt so
//!   too, not from the match's stream.
//! * **from a seed** (PettingZoo, Gymnasium): dealt as `new_game(seed=...)`
//!   deals, later Schnapsen deals from the match's stream; no chance events.
//!
//! No Python twin: the reference engine has no research environments.

use crate::cards::{bit, cards, Card, CardSet};
use crate::checks::{check_depth, check_keys, check_list, check_seed, item, parse_json};
use crate::dispatch::family;
use crate::error::{invalid, Class, Error, Kind, Result};
use crate::game::{legal_move_names, Game, MoveList, Outcome, Record};
use crate::limits::given;
use crate::rng::{shuffle, SplitMix64};
use crate::session::{AnySession, GameId, Session};
use crate::tensor::Tensor;
use crate::worlds::{Observe, Worlds};
use crate::{for_game, with_game};
use serde_json::{json, Map, Value};
use std::sync::Arc;

/// What a research environment needs of a game beside its rules: the
/// tensor, and where its hidden cards lie.
pub trait Research: Observe + Tensor {
    /// The most player actions a game can take (OpenSpiel's
    /// `max_game_length`).
    const MAX_GAME_LENGTH: usize;
    /// The most deals a game has: each is a chance phase.
    const MAX_DEALS: usize;

    /// Replace the deal just begun with the one dealt from `order` (top
    /// first); Schnapsen's later deals, dealt by chance. Single-deal games
    /// never begin another deal.
    fn redeal(&mut self, order: &[Card]);

    /// The cards of `seat`'s hand the other seat does not know.
    fn hidden(&self, seat: usize) -> CardSet;

    /// The face-down stock, next card first.
    fn face_down_stock(&self) -> Vec<Card>;

    /// The orders worth trying to put hidden cards into the deck in (the
    /// earlier slots are dealt first): those that could decide who begins
    /// a deal (Durak: the lowest trump) as late, and as early, as they can.
    fn arrangements(&self, cards: Vec<Card>) -> Vec<Vec<Card>> {
        vec![cards]
    }

    /// What both seats know between deals (the observation's match fields).
    fn match_fields(&self) -> Vec<(&'static str, Value)>;

    /// Later deals shuffled from a stream that starts at `seed` (playouts).
    fn reseed(&mut self, _seed: u64) {}

    /// The finished game's returns: +1 a win, -1 a loss, 0 a draw.
    fn returns(&self) -> [f64; 2] {
        match self.outcome() {
            Some(Outcome::Win { winner: 0 }) => [1.0, -1.0],
            Some(Outcome::Win { .. }) => [-1.0, 1.0],
            Some(Outcome::Draw | Outcome::Loser { .. }) | None => [0.0, 0.0],
        }
    }
}

/// Who acts next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Actor {
    Chance,
    Seat(usize),
    Terminal,
}

/// How an environment deals (see the module's comment).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dealing {
    Chance,
    Seeded(u64),
}

/// Worlds drawn at most for one resample (one fits far more often than
/// one in a hundred).
const RESAMPLE_TRIES: usize = 10_000;

/// One game as a research environment.
#[derive(Clone, Debug)]
pub struct Env<G: Research> {
    dealing: Dealing,
    /// The position it started from, if not the first deal.
    start: Option<Arc<Session<G>>>,
    /// The position; `None` while the first deal is dealt.
    session: Option<Session<G>>,
    /// Whether a deal is being dealt by chance events.
    in_deal: bool,
    /// The cards of that deal placed so far, top first.
    pending: Vec<Card>,
    /// The current deal's order, once dealt here by chance.
    deck: Option<Vec<Card>>,
    /// Where the current deal's chance events begin in `actions`.
    deal_start: usize,
    deals_seen: u32,
    /// Every action applied, chance outcomes among them.
    actions: Vec<u16>,
}

fn deck_len<G: Game>() -> usize {
    G::DECK.len()
}

impl<G: Research> Env<G> {
    /// A game dealt by chance events.
    pub fn chance() -> Self {
        Self {
            dealing: Dealing::Chance,
            start: None,
            session: None,
            in_deal: true,
            pending: Vec::new(),
            deck: None,
            deal_start: 0,
            deals_seen: 0,
            actions: Vec::new(),
        }
    }

    /// A game dealt from `seed`, as `new_game(seed=...)` deals it.
    pub fn seeded(seed: u64) -> Result<Self> {
        let session = Session::new(Some(seed), None)?;
        Ok(Self {
            dealing: Dealing::Seeded(seed),
            start: None,
            session: Some(session),
            in_deal: false,
            pending: Vec::new(),
            deck: None,
            deal_start: 0,
            deals_seen: 0,
            actions: Vec::new(),
        })
    }

    /// A game from a position (later deals by chance). Its history before
    /// that position is unknown: it cannot be resampled with one.
    pub fn from_session(session: Session<G>) -> Self {
        let deals_seen = session.game.deals_finished();
        Self {
            dealing: Dealing::Chance,
            start: Some(Arc::new(session.clone())),
            session: Some(session),
            in_deal: false,
            pending: Vec::new(),
            deck: None,
            deal_start: 0,
            deals_seen,
            actions: Vec::new(),
        }
    }

    /// A position consistent with `seat`'s observation, its hidden cards
    /// dealt at random: `from_session` of a world.
    pub fn from_observation(obs: &Value, rng: &mut SplitMix64) -> Result<Self> {
        let worlds = Worlds::<G>::from_observation(obs)?;
        let mut record = worlds.record.clone();
        record.deck = (0..G::DECK.len() as Card).collect();
        Ok(Self::from_session(Session {
            game: worlds.deal(rng),
            record,
        }))
    }

    pub fn dealing(&self) -> Dealing {
        self.dealing
    }

    /// The position, once dealt.
    pub fn session(&self) -> Option<&Session<G>> {
        self.session.as_ref()
    }

    /// Every action applied, chance outcomes among them.
    pub fn actions(&self) -> &[u16] {
        &self.actions
    }

    pub fn actor(&self) -> Actor {
        if self.in_deal {
            return Actor::Chance;
        }
        match self.session.as_ref().and_then(|s| s.game.current_player()) {
            Some(seat) => Actor::Seat(seat),
            None => Actor::Terminal,
        }
    }

    /// The cards a chance event may place, ascending (each equally likely);
    /// empty unless a deal is being dealt.
    pub fn chance_outcomes(&self) -> Vec<u16> {
        if !self.in_deal {
            return Vec::new();
        }
        let placed: CardSet = self.pending.iter().fold(0, |set, &c| set | bit(c));
        cards(G::DECK.full() & !placed).map(u16::from).collect()
    }

    /// The legal actions of the seat to move, ascending; empty at a chance
    /// event or once over.
    pub fn legal_actions(&self) -> Vec<u16> {
        let mut ids = Vec::new();
        if let (Actor::Seat(_), Some(session)) = (self.actor(), &self.session) {
            let mut list = MoveList::new();
            session.game.legal_moves(&mut list);
            ids.extend(list.as_slice().iter().map(|&mv| G::move_index(mv) as u16));
            ids.sort_unstable();
        }
        ids
    }

    /// Whether `action` is legal now (a chance outcome at a chance event).
    pub fn is_legal(&self, action: u16) -> bool {
        match self.actor() {
            Actor::Chance => self.chance_outcomes().contains(&action),
            Actor::Seat(_) => self.legal_actions().contains(&action),
            Actor::Terminal => false,
        }
    }

    /// The highest action id: of a card with `chance`, else of a move.
    fn high(chance: bool) -> usize {
        if chance {
            deck_len::<G>() - 1
        } else {
            G::MOVE_COUNT - 1
        }
    }

    /// An action id as a caller gives it (any integer), checked against the
    /// game's numbering: of the cards with `chance`, else of the moves.
    pub fn check_action(action: i128, chance: bool) -> Result<u16> {
        let high = Self::high(chance);
        match u16::try_from(action) {
            Ok(id) if usize::from(id) <= high => Ok(id),
            _ => Err(action_error::<G>(given(action), high)),
        }
    }

    /// An action id for this moment, checked (at a chance event, a card's).
    pub fn action_id(&self, action: i128) -> Result<u16> {
        Self::check_action(action, self.actor() == Actor::Chance)
    }

    /// The move an action id names, or the card a chance outcome places.
    pub fn action_name(action: u16, chance: bool) -> Result<String> {
        let id = Self::check_action(i128::from(action), chance)?;
        if chance {
            return Ok(format!("deal:{}", G::DECK.name_of(id as Card)));
        }
        G::move_at(usize::from(id))
            .map(G::move_name)
            .ok_or_else(|| action_error::<G>(action, Self::high(false)))
    }

    /// Apply an action (a chance outcome at a chance event); an illegal
    /// one changes nothing.
    pub fn apply(&mut self, action: u16) -> Result<()> {
        match self.actor() {
            Actor::Chance => self.place(action),
            Actor::Seat(seat) => self.play(seat, action),
            Actor::Terminal => Err(Error::new(
                Class::IllegalMove,
                Kind::GameOver,
                "action",
                action,
            )),
        }
    }

    fn place(&mut self, card: u16) -> Result<()> {
        let outcomes = self.chance_outcomes();
        if usize::from(card) >= deck_len::<G>() {
            return Err(action_error::<G>(card, Self::high(true)));
        }
        if !outcomes.contains(&card) {
            let legal: Vec<String> = outcomes
                .iter()
                .filter_map(|&c| Self::action_name(c, true).ok())
                .collect();
            let name = Self::action_name(card, true)?;
            return Err(
                Error::new(Class::IllegalMove, Kind::IllegalMove, "action", name)
                    .with("seat", "chance")
                    .with("legal", legal),
            );
        }
        self.pending.push(card as Card);
        self.actions.push(card);
        if self.pending.len() + 1 == deck_len::<G>() {
            // The last card needs no event.
            let placed: CardSet = self.pending.iter().fold(0, |set, &c| set | bit(c));
            self.pending.extend(cards(G::DECK.full() & !placed));
            self.finish_deal();
        }
        Ok(())
    }

    fn finish_deal(&mut self) {
        let order = std::mem::take(&mut self.pending);
        match &mut self.session {
            Some(session) => session.game.redeal(&order),
            None => {
                self.session = Some(Session {
                    game: G::deal(&order, SplitMix64::new(0)),
                    record: Record {
                        seed: None,
                        deck: order.clone(),
                        history: Vec::new(),
                    },
                });
            }
        }
        self.deck = Some(order);
        self.in_deal = false;
    }

    fn play(&mut self, seat: usize, action: u16) -> Result<()> {
        let Some(session) = &mut self.session else {
            return invalid(Kind::Corrupt, "env", Value::Null);
        };
        let Some(mv) = G::move_at(usize::from(action)) else {
            return Err(action_error::<G>(action, Self::high(false)));
        };
        let mut list = MoveList::new();
        session.game.legal_moves(&mut list);
        if !list.as_slice().contains(&mv) {
            return Err(Error::new(
                Class::IllegalMove,
                Kind::IllegalMove,
                "action",
                G::move_name(mv),
            )
            .with("seat", seat)
            .with("legal", legal_move_names(&session.game)));
        }
        session.game.apply(mv);
        session.record.history.push(G::move_name(mv));
        self.actions.push(action);
        let deals = session.game.deals_finished();
        if deals > self.deals_seen {
            self.deals_seen = deals;
            if self.dealing == Dealing::Chance && !session.game.is_over() {
                self.in_deal = true;
                self.deck = None;
                self.deal_start = self.actions.len();
            }
        }
        Ok(())
    }

    /// The returns of a finished game (zeros while it goes on).
    pub fn returns(&self) -> [f64; 2] {
        match &self.session {
            Some(session) if self.actor() == Actor::Terminal => session.game.returns(),
            _ => [0.0, 0.0],
        }
    }

    /// What `seat` may know: its observation (docs/SCHEMA.md), or while a
    /// deal is dealt, the game, the seat, the cards dealt so far, the moves
    /// and the match's fields (Schnapsen).
    pub fn observation(&self, seat: usize) -> Value {
        match &self.session {
            Some(session) if !self.in_deal => session.observation(seat),
            _ => {
                let mut view = Map::new();
                view.insert("game".into(), G::ID.into());
                view.insert("seat".into(), seat.into());
                view.insert("dealing".into(), self.pending.len().into());
                let history = self.session.as_ref().map(|s| s.record.history.clone());
                view.insert("history".into(), json!(history.unwrap_or_default()));
                if let Some(session) = &self.session {
                    for (key, value) in session.game.match_fields() {
                        view.insert(key.into(), value);
                    }
                }
                Value::Object(view)
            }
        }
    }

    /// `seat`'s tensor into `out` (`G::SIZE` floats).
    pub fn write_tensor(&self, seat: usize, out: &mut [f32]) {
        match &self.session {
            Some(session) if !self.in_deal => session.game.write_tensor(seat, out),
            _ => G::write_dealing(self.session.as_ref().map(|s| &s.game), seat, out),
        }
    }

    /// Whether the whole history from the first chance event is here, so
    /// that `resample` can rewrite it.
    pub fn replayable(&self) -> bool {
        self.dealing == Dealing::Chance && self.start.is_none()
    }

    /// The actions of a game `seat` cannot tell from this one, its hidden
    /// cards dealt anew at random: replayed from a new environment, they
    /// lead to a world consistent with `seat`'s information state.
    ///
    /// The current deal is dealt again: the opponent's cards `seat` does
    /// not know and the face-down stock are drawn as `Worlds` draws them
    /// (Schnapsen: never a card the opponent's answers ruled out), and put
    /// where the true ones lay in the deck, so that every move played is
    /// played again. A deal still being dealt is redrawn whole. Finished
    /// Schnapsen deals keep their cards: nothing after depends on them.
    pub fn resample(&self, seat: usize, rng: &mut SplitMix64) -> Result<Vec<u16>> {
        if !self.replayable() {
            return invalid(Kind::NoHistory, "env", Value::Null);
        }
        let mut actions = self.actions[..self.deal_start].to_vec();
        let session = match (&self.session, self.in_deal, &self.deck) {
            (Some(session), false, Some(deck)) => (session, deck),
            _ => {
                let mut order: Vec<Card> = (0..deck_len::<G>() as Card).collect();
                shuffle(&mut order, rng);
                actions.extend(order[..self.pending.len()].iter().map(|&c| u16::from(c)));
                return Ok(actions);
            }
        };
        let (session, deck) = session;
        let worlds = Worlds::<G>::from_observation(&session.observation(seat))?;
        // Worlds know the position, not how the deal began: those that
        // could not have begun as this deal did are dealt again.
        for _ in 0..RESAMPLE_TRIES {
            let world = worlds.deal(rng);
            if let Some(order) = world_deck(deck, &session.game, &world, 1 - seat.min(1)) {
                actions.extend(order[..order.len() - 1].iter().map(|&c| u16::from(c)));
                actions.extend_from_slice(&self.actions[self.deal_start + order.len() - 1..]);
                return Ok(actions);
            }
        }
        invalid(Kind::Corrupt, "env", Value::Null).map_err(|e| e.with("what", "no world fits"))
    }

    /// The game played out with uniformly random moves (and chance events)
    /// from `rng`: its returns. Later deals are shuffled from `rng`.
    pub fn playout(&self, rng: &mut SplitMix64) -> [f64; 2] {
        let mut env = self.clone();
        if env.in_deal {
            let placed: CardSet = env.pending.iter().fold(0, |set, &c| set | bit(c));
            let mut rest: Vec<Card> = cards(G::DECK.full() & !placed).collect();
            shuffle(&mut rest, rng);
            env.pending.extend(rest);
            env.finish_deal();
        }
        let Some(session) = env.session else {
            return [0.0, 0.0];
        };
        let mut game = session.game;
        game.reseed(rng.next());
        while !game.is_over() {
            let mv = game.random_move(rng);
            game.apply(mv);
        }
        game.returns()
    }

    /// The environment as JSON: how it deals, where it started, its actions.
    pub fn to_value(&self) -> Value {
        let seed = match self.dealing {
            Dealing::Seeded(seed) => Value::from(seed),
            Dealing::Chance => Value::Null,
        };
        let start = self.start.as_ref().map_or(Value::Null, |s| s.to_value());
        json!({"game": G::ID, "seed": seed, "start": start, "actions": self.actions})
    }

    /// An environment from `to_value`, checked: its start, then every
    /// action replayed (the first illegal one named).
    pub fn from_value(value: &Value) -> Result<Self> {
        check_depth(value, "env")?;
        let map = check_keys(value, &["actions", "game", "seed", "start"], "env")?;
        let field = |key: &str| map.get(key).unwrap_or(&Value::Null);
        if field("game") != &Value::from(G::ID) {
            return Err(
                Error::state(Kind::Game, "game", field("game").clone()).with("expected", G::ID)
            );
        }
        let seed = match field("seed") {
            Value::Null => None,
            seed => Some(check_seed(seed, "seed")?),
        };
        let mut env = match (seed, field("start")) {
            (None, Value::Null) => Self::chance(),
            (Some(seed), Value::Null) => Self::seeded(seed)?,
            (None, start) => Self::from_session(Session::from_value(start)?),
            (Some(_), _) => return invalid(Kind::SeedOrStart, "start", Value::Null),
        };
        for (i, action) in check_list(field("actions"), "actions")?.iter().enumerate() {
            let where_ = item("actions", i);
            let id = action
                .as_u64()
                .and_then(|a| u16::try_from(a).ok())
                .ok_or_else(|| Error::state(Kind::Action, where_.clone(), action.clone()))?;
            env.apply(id).map_err(|error| Error {
                class: Class::InvalidState,
                field: where_,
                ..error
            })?;
        }
        Ok(env)
    }
}

/// The game an object names in its `game` field (`required`: a missing
/// field is refused as missing, else as naming no game).
fn named_game(value: &Value, what: &str, required: bool) -> Result<GameId> {
    check_depth(value, what)?;
    let Value::Object(map) = value else {
        return invalid(Kind::Object, what, value.clone());
    };
    let name = match map.get("game") {
        Some(name) => name,
        None if required => return invalid(Kind::MissingField, what, "game"),
        None => &Value::Null,
    };
    name.as_str().and_then(GameId::find).ok_or_else(|| {
        Error::state(Kind::NotAGame, "game", name.clone()).with("games", GameId::names())
    })
}

/// An action id out of range.
fn action_error<G: Game>(action: impl Into<Value>, high: usize) -> Error {
    Error::argument(Kind::Action, "action", action)
        .with("game", G::ID)
        .with("high", high)
}

/// The deck of a world: `deck` (the true deal's order, top first) with the
/// cards `opponent` holds unknown and the face-down stock of `truth`
/// replaced by the world's, in the places the true ones had. `None` when
/// the world cannot have begun as the deal did (Durak: the first attacker,
/// which both first hands decided, would change).
fn world_deck<G: Research>(
    deck: &[Card],
    truth: &G,
    world: &G,
    opponent: usize,
) -> Option<Vec<Card>> {
    let mut place = [usize::MAX; 64];
    for (i, &card) in deck.iter().enumerate() {
        place[usize::from(card & 63)] = i;
    }
    let mut order = deck.to_vec();
    for (true_card, card) in truth
        .face_down_stock()
        .into_iter()
        .zip(world.face_down_stock())
    {
        *order.get_mut(place[usize::from(true_card & 63)])? = card;
    }
    let mut slots: Vec<usize> = cards(truth.hidden(opponent))
        .map(|c| place[usize::from(c)])
        .collect();
    slots.sort_unstable();
    let first = |order: &[Card]| G::deal(order, SplitMix64::new(0)).current_player();
    let began = first(deck);
    let hidden: Vec<Card> = cards(world.hidden(opponent)).collect();
    truth
        .arrangements(hidden)
        .into_iter()
        .find_map(|arrangement| {
            for (&slot, card) in slots.iter().zip(arrangement) {
                *order.get_mut(slot)? = card;
            }
            (first(&order) == began).then(|| order.clone())
        })
}

/// What the research environments know of each game, by id.
#[derive(Clone, Copy, Debug)]
pub struct Info {
    pub actions: usize,
    pub chance_outcomes: usize,
    pub tensor_size: usize,
    pub max_game_length: usize,
    pub max_chance_events: usize,
    pub layout: &'static [(&'static str, usize)],
}

fn info<G: Research>() -> Info {
    Info {
        actions: G::MOVE_COUNT,
        chance_outcomes: G::DECK.len(),
        tensor_size: G::SIZE,
        max_game_length: G::MAX_GAME_LENGTH,
        max_chance_events: G::MAX_DEALS * (G::DECK.len() - 1),
        layout: G::LAYOUT,
    }
}

impl GameId {
    /// The research environments' facts of this game.
    pub fn env_info(self) -> Info {
        for_game!(self, G => info::<G>())
    }

    /// The move each action id names, in id order.
    pub fn action_names(self) -> Vec<String> {
        for_game!(self, G => crate::game::every_move::<G>()
            .into_iter()
            .map(G::move_name)
            .collect())
    }
}

family! {
    /// A research environment of any game.
    AnyEnv = Envs of Env
}

impl AnyEnv {
    /// Dealt by chance events (`seed` `None`) or from a seed.
    pub fn new(game: GameId, seed: Option<u64>) -> Result<Self> {
        fn make<G: Research>(seed: Option<u64>) -> Result<Env<G>> {
            match seed {
                None => Ok(Env::chance()),
                Some(seed) => Env::seeded(seed),
            }
        }
        Ok(for_game!(game, G => make::<G>(seed)?.into()))
    }

    /// A position consistent with an observation (its `game` field names
    /// the game), hidden cards dealt from `rng`.
    pub fn from_observation(obs: &Value, rng: &mut SplitMix64) -> Result<Self> {
        let game = named_game(obs, "observation", true)?;
        Ok(for_game!(game, G => Env::<G>::from_observation(obs, rng)?.into()))
    }

    /// An environment starting at a state dict, checked whole (later
    /// deals by chance events).
    pub fn from_state(state: &Value) -> Result<Self> {
        Ok(with_game!(AnySession::from_value(state)?, s => Env::from_session(s).into()))
    }

    /// An environment from `to_json`, checked whole (`Env::from_value`).
    pub fn from_json(text: &str) -> Result<Self> {
        let value = parse_json(text)?;
        let game = named_game(&value, "env", false)?;
        Ok(for_game!(game, G => Env::<G>::from_value(&value)?.into()))
    }

    pub fn to_json(&self) -> String {
        with_game!(self, e => e.to_value()).to_string()
    }

    /// The move an action id (any integer, checked) names, or with
    /// `chance` the card a chance outcome deals.
    pub fn action_name(&self, action: i128, chance: bool) -> Result<String> {
        for_game!(self.game(), G => {
            Env::<G>::action_name(Env::<G>::check_action(action, chance)?, chance)
        })
    }

    /// Apply an action id (any integer, checked); an illegal one changes
    /// nothing.
    pub fn apply_action(&mut self, action: i128) -> Result<()> {
        with_game!(self, e => {
            let id = e.action_id(action)?;
            e.apply(id)
        })
    }
}
