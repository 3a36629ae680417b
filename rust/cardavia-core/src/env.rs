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
use crate::checks::{
    check_depth, check_keys_optional, check_list, check_seed, check_small, item, parse_json,
};
use crate::dispatch::family;
use crate::durak::MAX_SEATS;
use crate::error::{invalid, Class, Error, Kind, Result};
use crate::game::{legal_move_names, Game, MoveList, Outcome, Record};
use crate::limits::given;
use crate::rng::{shuffle, SplitMix64};
use crate::session::{AnySession, GameId, Session};
use crate::tensor::{size, Tensor};
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

    /// The cards of `seat`'s hand the other seats do not know.
    fn hidden(&self, seat: usize) -> CardSet;

    /// `seat`'s hand.
    fn hand(&self, seat: usize) -> CardSet;

    /// The longest game at a table of `players` seats.
    fn max_game_length(players: usize) -> usize {
        let _ = players;
        Self::MAX_GAME_LENGTH
    }

    /// The observation's keys that only its seat may read: left out of
    /// the public observation.
    const PRIVATE_KEYS: &'static [&'static str] = &["seat", "hand", "legal_moves"];

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

    /// The finished game's returns, seat by seat (the seats past the
    /// table's left at 0): +1 a win, -1 a loss, 0 a draw.
    fn returns(&self) -> [f64; MAX_SEATS] {
        let mut returns = [0.0; MAX_SEATS];
        match self.outcome() {
            Some(Outcome::Win { winner }) => {
                returns[0] = if winner == 0 { 1.0 } else { -1.0 };
                returns[1] = -returns[0];
            }
            Some(Outcome::Draw | Outcome::Loser { .. }) | None => {}
        }
        returns
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

/// The player actions an information-state tensor lists, most recent first.
pub const RECENT_ACTIONS: usize = 32;

/// Cards a seat got that no other seat saw (its dealt hand, a draw from
/// the stock), and how many player actions had been played by then.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Receipt {
    pub after: usize,
    pub cards: CardSet,
}

/// What a view shows: one seat's (`seat`) or every seat's (`None`), and
/// with `recall` the past as well (an information state).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ViewKind {
    pub seat: Option<usize>,
    pub recall: bool,
}

/// One game as a research environment.
#[derive(Clone, Debug)]
pub struct Env<G: Research> {
    dealing: Dealing,
    players: usize,
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
    /// The player actions, each with the seat that played it.
    moves: Vec<(u16, u8)>,
    /// Per seat, what it got that no other seat saw, in order.
    private: Vec<Vec<Receipt>>,
    /// Per seat, where the current deal's receipts begin in `private`.
    deal_receipts: Vec<usize>,
    /// Per seat, its hidden cards after the last action.
    hidden_now: Vec<CardSet>,
}

fn deck_len<G: Game>() -> usize {
    G::DECK.len()
}

impl<G: Research> Env<G> {
    fn blank(dealing: Dealing, players: usize, session: Option<Session<G>>) -> Self {
        let mut env = Self {
            dealing,
            players,
            start: None,
            in_deal: session.is_none(),
            session,
            pending: Vec::new(),
            deck: None,
            deal_start: 0,
            deals_seen: 0,
            actions: Vec::new(),
            moves: Vec::new(),
            private: vec![Vec::new(); players],
            deal_receipts: vec![0; players],
            hidden_now: vec![0; players],
        };
        if env.session.is_some() {
            env.note_deal();
        }
        env
    }

    /// A game of two seats dealt by chance events.
    pub fn chance() -> Self {
        Self::chance_seated(2)
    }

    /// A game dealt by chance events to `players` seats (checked by the
    /// caller: 2 to `G::MAX_PLAYERS`).
    pub fn chance_seated(players: usize) -> Self {
        Self::blank(Dealing::Chance, players, None)
    }

    /// A game of two seats dealt from `seed`, as `new_game(seed=...)` deals it.
    pub fn seeded(seed: u64) -> Result<Self> {
        Self::seeded_seats(seed, 2)
    }

    /// A game dealt from `seed` to `players` seats, as
    /// `new_game(seed=..., players=...)` deals it.
    pub fn seeded_seats(seed: u64, players: usize) -> Result<Self> {
        let session = Session::seated(Some(seed), None, players)?;
        Ok(Self::blank(Dealing::Seeded(seed), players, Some(session)))
    }

    /// A game from a position (later deals by chance). Its history before
    /// that position is unknown: it cannot be resampled with one, and each
    /// seat's private history begins with the hand it holds there.
    pub fn from_session(session: Session<G>) -> Self {
        let deals_seen = session.game.deals_finished();
        let players = session.game.players();
        let start = Some(Arc::new(session.clone()));
        Self {
            start,
            deals_seen,
            ..Self::blank(Dealing::Chance, players, Some(session))
        }
    }

    /// How many seats play.
    pub fn players(&self) -> usize {
        self.players
    }

    /// What each seat got that no other seat saw, in order.
    pub fn private_history(&self, seat: usize) -> &[Receipt] {
        self.private.get(seat).map_or(&[], Vec::as_slice)
    }

    /// A deal has just been dealt: each seat's hand is its first receipt.
    fn note_deal(&mut self) {
        let Some(session) = &self.session else {
            return;
        };
        let after = self.moves.len();
        for seat in 0..self.players {
            self.deal_receipts[seat] = self.private[seat].len();
            let cards = session.game.hand(seat);
            self.private[seat].push(Receipt { after, cards });
            self.hidden_now[seat] = session.game.hidden(seat);
        }
    }

    /// A move was played: the cards each seat drew unseen.
    fn note_draws(&mut self) {
        let Some(session) = &self.session else {
            return;
        };
        let after = self.moves.len();
        for seat in 0..self.players {
            let hidden = session.game.hidden(seat);
            let cards = hidden & !self.hidden_now[seat];
            if cards != 0 {
                self.private[seat].push(Receipt { after, cards });
            }
            self.hidden_now[seat] = hidden;
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
                    game: G::deal_seats(&order, SplitMix64::new(0), self.players),
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
        self.note_deal();
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
        self.moves.push((action, seat as u8));
        let deals = session.game.deals_finished();
        let over = session.game.is_over();
        if deals > self.deals_seen && !over {
            self.deals_seen = deals;
            match self.dealing {
                Dealing::Chance => {
                    self.in_deal = true;
                    self.deck = None;
                    self.deal_start = self.actions.len();
                }
                Dealing::Seeded(_) => self.note_deal(),
            }
        } else {
            self.deals_seen = deals;
            self.note_draws();
        }
        Ok(())
    }

    /// The returns of a finished game, seat by seat (zeros while it goes on).
    pub fn returns(&self) -> Vec<f64> {
        let mut returns = vec![0.0; self.players];
        if let (Some(session), Actor::Terminal) = (&self.session, self.actor()) {
            let all = session.game.returns();
            returns.copy_from_slice(&all[..self.players]);
        }
        returns
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

    /// `seat`'s tensor into `out` (`size(G::layout(players))` floats).
    pub fn write_tensor(&self, seat: usize, out: &mut [f32]) {
        self.write_view(
            ViewKind {
                seat: Some(seat),
                recall: false,
            },
            out,
        );
    }

    /// The slices of a view at a table of `players` seats: the
    /// observation tensor (public: the same slices, nothing private in
    /// them); an information state adds the seat's private history of the
    /// current deal (`dealt`: its first hand; `drawn`: each card it drew
    /// unseen, the number of the draw / the deck's size) and the public
    /// past (the last `RECENT_ACTIONS` player actions, most recent first,
    /// each one-hot by id and by seat in the tensor's frame; the actions
    /// played / the longest game).
    pub fn view_layout(players: usize, kind: ViewKind) -> Vec<(&'static str, usize)> {
        let mut layout = G::layout(players).to_vec();
        if kind.recall {
            if kind.seat.is_some() {
                layout.push(("dealt", deck_len::<G>()));
                layout.push(("drawn", deck_len::<G>()));
            }
            let width = G::MOVE_COUNT + players;
            layout.push(("recent_actions", RECENT_ACTIONS * width));
            layout.push(("actions_played", 1));
        }
        layout
    }

    /// A view's tensor into `out` (`size` of its `view_layout` floats).
    pub fn write_view(&self, kind: ViewKind, out: &mut [f32]) {
        let base = size(G::layout(self.players)).min(out.len());
        let (head, rest) = out.split_at_mut(base);
        match &self.session {
            Some(session) if !self.in_deal => session.game.write_view(kind.seat, head),
            _ => G::write_dealing(
                self.session.as_ref().map(|s| &s.game),
                self.players,
                kind.seat,
                head,
            ),
        }
        if !kind.recall {
            return;
        }
        rest.fill(0.0);
        let cards = deck_len::<G>();
        let mut at = 0;
        if let Some(seat) = kind.seat {
            // The deal being dealt is not seen yet: nothing of it.
            let receipts = match self.private.get(seat) {
                Some(all) if !self.in_deal => &all[self.deal_receipts[seat].min(all.len())..],
                _ => &[],
            };
            for (k, receipt) in receipts.iter().enumerate() {
                for card in crate::cards::cards(receipt.cards) {
                    let (slot, value) = if k == 0 {
                        (usize::from(card), 1.0)
                    } else {
                        (cards + usize::from(card), k as f32 / cards as f32)
                    };
                    if let Some(x) = rest.get_mut(slot) {
                        *x = value;
                    }
                }
            }
            at = 2 * cards;
        }
        let players = self.players;
        let me = kind.seat.unwrap_or(0);
        let width = G::MOVE_COUNT + players;
        let recent = self.moves.iter().rev().take(RECENT_ACTIONS);
        for (slot, &(action, actor)) in recent.enumerate() {
            let row = at + slot * width;
            let frame = (usize::from(actor) + players - me % players) % players;
            for i in [row + usize::from(action), row + G::MOVE_COUNT + frame] {
                if let Some(x) = rest.get_mut(i) {
                    *x = 1.0;
                }
            }
        }
        at += RECENT_ACTIONS * width;
        let longest = G::max_game_length(players) as f32;
        if let Some(x) = rest.get_mut(at) {
            *x = (self.moves.len() as f32 / longest).min(1.0);
        }
    }

    /// A view as JSON: `seat`'s observation, or every seat's (the
    /// observation of seat 0 without `PRIVATE_KEYS`); with `recall` its
    /// `history` and, for a seat, `private`: the cards it got that no
    /// other seat saw, one list each time (its dealt hands, its draws),
    /// in order; without, no `history`.
    pub fn view_value(&self, kind: ViewKind) -> Value {
        let mut value = self.observation(kind.seat.unwrap_or(0));
        if let Value::Object(map) = &mut value {
            if kind.seat.is_none() {
                for key in G::PRIVATE_KEYS {
                    map.remove(*key);
                }
            }
            if !kind.recall {
                map.remove("history");
            } else if let Some(seat) = kind.seat {
                let receipts: Vec<Vec<String>> = self
                    .private_history(seat)
                    .iter()
                    .map(|r| G::DECK.names(r.cards))
                    .collect();
                map.insert("private".into(), json!(receipts));
            }
        }
        value
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
            if let Some(order) = world_deck(deck, &session.game, &world, seat) {
                actions.extend(order[..order.len() - 1].iter().map(|&c| u16::from(c)));
                actions.extend_from_slice(&self.actions[self.deal_start + order.len() - 1..]);
                return Ok(actions);
            }
        }
        invalid(Kind::Corrupt, "env", Value::Null).map_err(|e| e.with("what", "no world fits"))
    }

    /// The game played out with uniformly random moves (and chance events)
    /// from `rng`: its returns. Later deals are shuffled from `rng`.
    pub fn playout(&self, rng: &mut SplitMix64) -> Vec<f64> {
        let mut env = self.clone();
        if env.in_deal {
            let placed: CardSet = env.pending.iter().fold(0, |set, &c| set | bit(c));
            let mut rest: Vec<Card> = cards(G::DECK.full() & !placed).collect();
            shuffle(&mut rest, rng);
            env.pending.extend(rest);
            env.finish_deal();
        }
        let Some(session) = env.session else {
            return vec![0.0; self.players];
        };
        let mut game = session.game;
        game.reseed(rng.next());
        while !game.is_over() {
            let mv = game.random_move(rng);
            game.apply(mv);
        }
        game.returns()[..self.players].to_vec()
    }

    /// The environment as JSON: how it deals, where it started, its actions.
    pub fn to_value(&self) -> Value {
        let seed = match self.dealing {
            Dealing::Seeded(seed) => Value::from(seed),
            Dealing::Chance => Value::Null,
        };
        let start = self.start.as_ref().map_or(Value::Null, |s| s.to_value());
        let mut value =
            json!({"game": G::ID, "seed": seed, "start": start, "actions": self.actions});
        // A start's state says how many seats play; two need not be said.
        if self.start.is_none() && self.players != 2 {
            value["players"] = json!(self.players);
        }
        value
    }

    /// An environment from `to_value`, checked: its start, then every
    /// action replayed (the first illegal one named).
    pub fn from_value(value: &Value) -> Result<Self> {
        check_depth(value, "env")?;
        let keys = ["actions", "game", "players", "seed", "start"];
        let map = check_keys_optional(value, &keys, &["players"], "env")?;
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
        let players = match map.get("players") {
            None => None,
            Some(n) => Some(usize::from(check_small(
                n,
                "players",
                2,
                G::MAX_PLAYERS as u8,
            )?)),
        };
        let mut env = match (seed, field("start")) {
            (None, Value::Null) => Self::chance_seated(players.unwrap_or(2)),
            (Some(seed), Value::Null) => Self::seeded_seats(seed, players.unwrap_or(2))?,
            (None, start) => {
                if let Some(n) = players {
                    return invalid(Kind::DoesNotFollow, "players", n);
                }
                Self::from_session(Session::from_value(start)?)
            }
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
/// cards every seat but `seat` holds unknown and the face-down stock of
/// `truth` replaced by the world's, in the places the true ones had. `None`
/// when the world cannot have begun as the deal did (Durak: the first
/// attacker, which the first hands decided, would change).
fn world_deck<G: Research>(deck: &[Card], truth: &G, world: &G, seat: usize) -> Option<Vec<Card>> {
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
    // Each other seat's unknown cards go to the slots its true ones had,
    // in each of the orders worth trying.
    let players = truth.players();
    let mut hands = Vec::new();
    for other in (0..players).filter(|&s| s != seat) {
        let mut slots: Vec<usize> = cards(truth.hidden(other))
            .map(|c| place[usize::from(c & 63)])
            .collect();
        slots.sort_unstable();
        let hidden: Vec<Card> = cards(world.hidden(other)).collect();
        hands.push((slots, truth.arrangements(hidden)));
    }
    let first = |order: &[Card]| G::deal_seats(order, SplitMix64::new(0), players).current_player();
    let began = first(deck);
    let tries = hands.iter().map(|(_, a)| a.len()).max().unwrap_or(1).max(1);
    for k in 0..tries {
        for (slots, arrangements) in &hands {
            let Some(arrangement) = arrangements.get(k).or(arrangements.last()) else {
                continue;
            };
            for (&slot, &card) in slots.iter().zip(arrangement) {
                *order.get_mut(slot)? = card;
            }
        }
        if first(&order) == began {
            return Some(order);
        }
    }
    None
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

fn info<G: Research>(players: usize) -> Info {
    let layout = G::layout(players);
    Info {
        actions: G::MOVE_COUNT,
        chance_outcomes: G::DECK.len(),
        tensor_size: size(layout),
        max_game_length: G::max_game_length(players),
        max_chance_events: G::MAX_DEALS * (G::DECK.len() - 1),
        layout,
    }
}

impl GameId {
    /// The research environments' facts of this game, for two seats.
    pub fn env_info(self) -> Info {
        self.env_info_at(2)
    }

    /// The research environments' facts of this game at a table of
    /// `players` seats (checked by the caller).
    pub fn env_info_at(self, players: usize) -> Info {
        for_game!(self, G => info::<G>(players))
    }

    /// The slices of a view (`Env::view_layout`).
    pub fn view_layout(self, players: usize, kind: ViewKind) -> Vec<(&'static str, usize)> {
        for_game!(self, G => Env::<G>::view_layout(players, kind))
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
    /// Dealt by chance events (`seed` `None`) or from a seed, to
    /// `players` seats (`GameId::check_players`).
    pub fn new(game: GameId, seed: Option<u64>, players: usize) -> Result<Self> {
        fn make<G: Research>(seed: Option<u64>, players: usize) -> Result<Env<G>> {
            match seed {
                None => Ok(Env::chance_seated(players)),
                Some(seed) => Env::seeded_seats(seed, players),
            }
        }
        Ok(for_game!(game, G => make::<G>(seed, players)?.into()))
    }

    pub fn players(&self) -> usize {
        with_game!(self, e => e.players())
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::durak::Durak;

    /// At a table, a world whose other seats hold each other's unknown
    /// cards is put into the deck so that the moves replay to it: seat 0
    /// sees the same, seats 1 and 2 hold the swapped cards.
    #[test]
    fn a_tables_world_goes_back_into_the_deck() {
        let mut checked = 0;
        for seed in 0..40u64 {
            let mut session = Session::<Durak>::seated(Some(seed), None, 4).unwrap();
            let mut rng = SplitMix64::new(seed);
            for _ in 0..12 {
                let moves = session.legal_moves();
                if session.game.is_over() || moves.is_empty() {
                    break;
                }
                let name = moves[rng.below(moves.len() as u64) as usize].clone();
                session.play(&name).unwrap();
            }
            let truth = session.game;
            let trumps = truth.trump_set;
            let pick = |seat: usize| cards(truth.hidden(seat) & !trumps).next();
            let (Some(a), Some(b)) = (pick(1), pick(2)) else {
                continue;
            };
            let mut world = truth;
            world.hands[1] ^= bit(a) | bit(b);
            world.hands[2] ^= bit(a) | bit(b);
            let deck = session.record.deck.clone();
            let order = world_deck(&deck, &truth, &world, 0).expect("the first attacker stays");
            let mut env = Env::<Durak>::chance_seated(4);
            for &card in &order[..order.len() - 1] {
                env.apply(u16::from(card)).unwrap();
            }
            for name in &session.record.history {
                let mv = Durak::parse_move(name).unwrap();
                env.apply(Durak::move_index(mv) as u16).unwrap();
            }
            let replayed = &env.session().unwrap().game;
            assert_eq!(replayed.hands[1], world.hands[1]);
            assert_eq!(replayed.hands[2], world.hands[2]);
            assert_eq!(env.observation(0), session.observation(0));
            checked += 1;
        }
        assert!(checked >= 10, "{checked} worlds checked");
    }
}
