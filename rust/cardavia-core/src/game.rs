//! What every game offers the binding, the batch simulator and the search.

use crate::cards::{Card, Deck};
use crate::error::{Class, Error, Kind, Result};
use crate::refusal::{refusal, Explain};
use crate::rng::SplitMix64;
use serde_json::Value;

/// No position of any game has more legal moves than this.
pub const MAX_MOVES: usize = 64;

/// Legal moves without allocation: a fixed-capacity list.
#[derive(Clone, Copy)]
pub struct MoveList<M: Copy + Default> {
    moves: [M; MAX_MOVES],
    len: usize,
}

impl<M: Copy + Default> MoveList<M> {
    pub fn new() -> Self {
        Self {
            moves: [M::default(); MAX_MOVES],
            len: 0,
        }
    }

    #[inline]
    pub fn push(&mut self, mv: M) {
        self.moves[self.len] = mv;
        self.len += 1;
    }

    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    pub fn as_slice(&self) -> &[M] {
        &self.moves[..self.len]
    }
}

impl<M: Copy + Default> Default for MoveList<M> {
    fn default() -> Self {
        Self::new()
    }
}

/// What a state dict carries beside the position: how the game began and
/// the moves played. Kept outside the position so that copying a position
/// (millions of times in search) never allocates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub seed: Option<u64>,
    /// The first deal's order, top first.
    pub deck: Vec<Card>,
    pub history: Vec<String>,
}

/// The most seats any game seats (Durak, RULES 7).
pub const MOST_SEATS: usize = 6;

/// A result for every seat, in [0, 1]; the seats past the table's hold 0.
pub type Rewards = [f32; MOST_SEATS];

/// How a finished game ended (Schnapsen: the match). The loser of a win
/// is the other seat; from three seats on a Durak table has a loser, the
/// durak, and no winner (RULES 7).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Draw,
    Win { winner: u8 },
    Loser { loser: u8 },
}

impl Outcome {
    pub fn winner(self) -> Option<usize> {
        match self {
            Outcome::Win { winner } => Some(usize::from(winner)),
            Outcome::Draw | Outcome::Loser { .. } => None,
        }
    }
}

/// The rules of one game: the hot path of play, playouts and search. The
/// position is `Copy`-cheap to clone; nothing here touches JSON
/// (`State` reads and writes it).
pub trait Game: Clone + Send + Sync + 'static {
    type Move: Copy + Default + PartialEq + Eq + std::fmt::Debug + Send + Sync;

    /// The game id: `durak`, `perevodnoy` or `schnapsen`.
    const ID: &'static str;
    const DECK: Deck;
    /// How many distinct moves the game has (`move_index` is below it).
    const MOVE_COUNT: usize;

    /// Deal from a deck order (top first, already validated as a
    /// permutation) and the generator that shuffled it (Schnapsen keeps it
    /// for the later deals).
    fn deal(deck: &[Card], rng: SplitMix64) -> Self;

    /// The most seats the game seats (RULES 7: Durak 6, Schnapsen 2).
    const MAX_PLAYERS: usize = 2;

    /// Deal to `players` seats, checked to be 2..=`MAX_PLAYERS`.
    fn deal_seats(deck: &[Card], rng: SplitMix64, players: usize) -> Self {
        let _ = players;
        Self::deal(deck, rng)
    }

    /// How many seats play.
    fn players(&self) -> usize {
        2
    }

    fn current_player(&self) -> Option<usize>;
    fn is_over(&self) -> bool {
        self.current_player().is_none()
    }
    fn legal_moves(&self, out: &mut MoveList<Self::Move>);
    /// Apply a move that `legal_moves` offered.
    fn apply(&mut self, mv: Self::Move);

    /// A uniformly random legal move, for playouts; may be faster than
    /// generating the list.
    fn random_move(&self, rng: &mut SplitMix64) -> Self::Move {
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        list.as_slice()[rng.below(list.len() as u64) as usize]
    }

    fn move_name(mv: Self::Move) -> String;
    /// A move in canonical spelling; `None` for anything else.
    fn parse_move(text: &str) -> Option<Self::Move>;
    /// The move's place among every move of the game, below `MOVE_COUNT`:
    /// a fixed numbering of the moves (action ids).
    fn move_index(mv: Self::Move) -> usize;
    /// The move numbered `index`; `None` past `MOVE_COUNT`.
    fn move_at(index: usize) -> Option<Self::Move>;

    /// `None` while playing.
    fn outcome(&self) -> Option<Outcome>;

    /// Each seat's result of a finished game, in [0, 1]: what the search
    /// maximises for every seat (RULES 7; two seats: win 1, draw ½, loss 0).
    fn rewards(&self) -> Rewards {
        let mut rewards = [0.0; MOST_SEATS];
        match self.winner() {
            Some(winner) => rewards[winner] = 1.0,
            None => rewards[..2].fill(0.5),
        }
        rewards
    }

    /// The winning seat of a finished game (`None`: a draw, or not over).
    /// Schnapsen: the match winner.
    fn winner(&self) -> Option<usize> {
        self.outcome().and_then(Outcome::winner)
    }

    /// Game points each seat has won so far (Schnapsen); zero elsewhere.
    fn game_points(&self) -> [u32; 2] {
        [0, 0]
    }

    /// Number of deals finished so far (Schnapsen); zero elsewhere.
    fn deals_finished(&self) -> u32 {
        0
    }

    /// Seat 0's chance to win the whole game from here, once a deal within
    /// it has ended (Schnapsen, a match of deals; `schnapsen::equity`): what
    /// the search values the end of a deal by. Games of one deal end with
    /// the game, so the search never asks them.
    fn match_equity(&self) -> f64 {
        0.5
    }
}

/// Every move of `G`, in `move_index` order.
pub fn every_move<G: Game>() -> Vec<G::Move> {
    (0..G::MOVE_COUNT).filter_map(G::move_at).collect()
}

/// A game's state as JSON (docs/SCHEMA.md): the state dict, the
/// observation of one seat, and the checks of both. Apart from `Game` so
/// that the hot path never meets JSON. Every game with a state also
/// explains its refused moves (`Explain`, off the hot path as well).
pub trait State: Explain {
    /// The full state dict (same schema as the reference engine).
    fn to_value(&self, record: &Record) -> Value;
    /// Rebuild from a state dict, checking it whole.
    fn from_value(value: &Value) -> Result<(Self, Record)>;
    /// Every invariant of the position, the first one broken named: the
    /// checks `from_value` makes on a state, and the agreement of the
    /// fields kept for speed with the position. Never panics; no debug
    /// assertions needed (the soak runs it after every move).
    fn check_invariants(&self) -> Result<()>;
    /// The outcome dict of API.md, or `Null` while playing.
    fn outcome_value(&self) -> Value;
    /// What `seat` may know.
    fn observation(&self, seat: usize, record: &Record) -> Value;
}

/// Legal moves as sorted canonical strings (API.md order).
pub fn legal_move_names<G: Game>(game: &G) -> Vec<String> {
    let mut list = MoveList::new();
    game.legal_moves(&mut list);
    let mut names: Vec<String> = list.as_slice().iter().map(|&m| G::move_name(m)).collect();
    names.sort_unstable();
    names
}

/// Apply a move given as a string, or explain why not; changes nothing on
/// error. A refused move's error carries its `reason` and the reason's data
/// (`refusal.rs`), worked out only then.
pub fn play_named<G: Explain>(game: &mut G, record: &mut Record, text: &str) -> Result<()> {
    let mut list = MoveList::new();
    game.legal_moves(&mut list);
    let found = G::parse_move(text).filter(|mv| list.as_slice().contains(mv));
    match found {
        Some(mv) => {
            game.apply(mv);
            record.history.push(text.to_owned());
            Ok(())
        }
        None => {
            let legal = legal_move_names(game);
            let error = match game.current_player() {
                None => Error::new(Class::IllegalMove, Kind::GameOver, "move", text),
                Some(seat) => {
                    let error = Error::new(Class::IllegalMove, Kind::IllegalMove, "move", text)
                        .with("seat", seat);
                    match refusal(game, text) {
                        Some(refused) => refused.data.into_iter().fold(
                            error.with("reason", refused.reason.name()),
                            |error, (k, v)| error.with(k, v),
                        ),
                        None => error,
                    }
                }
            };
            Err(error.with("legal", legal))
        }
    }
}
