//! Why a move is refused: the one list of refusal reasons, and the
//! question every game answers, "why is this move string not legal now".
//! The twin of `refusal()` in `python/cardavia/reference/base.py`; each
//! game explains its own moves (`durak/refusal.rs`, `perevodnoy.rs`,
//! `schnapsen/refusal.rs`, mirrored in the reference's folders of the same
//! names). Reasons are data: a name and the cards, ranks and numbers the
//! sentence needs, in canonical notation; the words are made at the edge
//! (`cardavia.errors.REFUSALS`, the CLI's catalogues).
//!
//! Only a refused move is explained: the hot path (`legal_moves`, `apply`,
//! `random_move`) never comes here.

use crate::cards::{Card, Deck, SUIT_LETTERS};
use crate::error::named;
use crate::game::{Game, MoveList};
use serde_json::{Map, Value};

named! {
    /// Why a move cannot be played now; its name is the `reason` of an
    /// `illegal_move` error and of `Game.refusal`.
    Reason {
        // Every game.
        GameOver = "game_over",
        NotAMove = "not_a_move",
        NotInHand = "not_in_hand",
        // Durak and perevodnoy (RULES.md 3 and 4).
        NotDefender = "not_defender",
        NotAttacker = "not_attacker",
        OpenFirst = "open_first",
        BoutLimit = "bout_limit",
        RankNotOnTable = "rank_not_on_table",
        DoesNotBeat = "does_not_beat",
        NoTransfer = "no_transfer",
        TransferAfterDefence = "transfer_after_defence",
        TransferRank = "transfer_rank",
        NextDefenderTooFew = "next_defender_too_few",
        // Schnapsen (RULES.md 5).
        MustBeat = "must_beat",
        MustFollow = "must_follow",
        MustTrump = "must_trump",
        LeaderOnly = "leader_only",
        StockClosed = "stock_closed",
        StockExhausted = "stock_exhausted",
        NoTrumpJack = "no_trump_jack",
        CloseNeedsFive = "close_needs_five",
        NotKingOrQueen = "not_king_or_queen",
        MarriageDeclared = "marriage_declared",
        NoMarriage = "no_marriage",
    }
}

/// How a card fails to beat an attack (`does_not_beat`'s `how`).
pub const HOW_LOWER: &str = "lower";
pub const HOW_NOT_TRUMP: &str = "not_trump";
pub const HOW_OTHER_SUIT: &str = "other_suit";

/// A refusal: the reason and its data, keyed by name.
#[derive(Clone, Debug, PartialEq)]
pub struct Refusal {
    pub reason: Reason,
    pub data: Vec<(&'static str, Value)>,
}

impl Refusal {
    pub fn new(reason: Reason) -> Self {
        Self {
            reason,
            data: Vec::new(),
        }
    }

    /// The same refusal with one more part of its data.
    pub fn with(mut self, key: &'static str, value: impl Into<Value>) -> Self {
        self.data.push((key, value.into()));
        self
    }

    /// A card, as `7S`.
    pub fn card(self, key: &'static str, deck: Deck, card: Card) -> Self {
        self.with(key, deck.name_of(card))
    }

    /// A rank, as its letter (`Q`, `T`).
    pub fn rank(self, key: &'static str, deck: Deck, rank: u8) -> Self {
        self.with(key, rank_name(deck, rank))
    }

    /// A suit, as its letter (`H`).
    pub fn suit(self, key: &'static str, suit: u8) -> Self {
        let letter = SUIT_LETTERS.get(usize::from(suit)).copied().unwrap_or(b'?');
        self.with(key, char::from(letter).to_string())
    }

    /// A part of the data, if the refusal has it.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.data.iter().find(|(k, _)| *k == key).map(|(_, v)| v)
    }

    /// `{"reason": name, **data}`: what `Game.refusal` returns to Python.
    pub fn to_value(&self) -> Value {
        let mut map = Map::new();
        map.insert("reason".to_owned(), Value::from(self.reason.name()));
        for (key, value) in &self.data {
            map.insert((*key).to_owned(), value.clone());
        }
        Value::Object(map)
    }
}

/// A rank's letter (`Q`, `T`).
pub fn rank_name(deck: Deck, rank: u8) -> String {
    let letter = deck.ranks.get(usize::from(rank)).copied().unwrap_or(b'?');
    char::from(letter).to_string()
}

/// What a game tells about its refused moves.
pub trait Explain: Game {
    /// Why `mv`, a move of the game that `legal_moves` does not offer in
    /// this unfinished position, cannot be played now. Reasoned from the
    /// predicates the move generator uses.
    fn why(&self, mv: Self::Move) -> Refusal;

    /// Why `text`, which spells no move of this game, is refused.
    fn why_not_a_move(_text: &str) -> Refusal {
        Refusal::new(Reason::NotAMove)
    }
}

/// Why `text` cannot be played now; `None` exactly when it is legal.
pub fn refusal<G: Explain>(game: &G, text: &str) -> Option<Refusal> {
    if game.is_over() {
        return Some(Refusal::new(Reason::GameOver));
    }
    let Some(mv) = G::parse_move(text) else {
        return Some(G::why_not_a_move(text));
    };
    let mut list = MoveList::new();
    game.legal_moves(&mut list);
    if list.as_slice().contains(&mv) {
        None
    } else {
        Some(game.why(mv))
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::durak::Durak;
    use crate::game::{every_move, legal_move_names, State};
    use crate::perevodnoy::Perevodnoy;
    use crate::rng::SplitMix64;
    use crate::schnapsen::Schnapsen;
    use crate::session::Session;
    use serde_json::json;
    use std::collections::HashSet;

    /// A session dealt from a deck given as card names, top first.
    pub(crate) fn dealt<G: State>(deck: &str) -> Session<G> {
        let names: Vec<String> = deck.split_whitespace().map(str::to_owned).collect();
        Session::new(None, Some(&names)).expect("a valid deck")
    }

    /// `named` (card names, top first), then every other card of the deck
    /// in canonical order.
    pub(crate) fn filled(deck: Deck, named: &str) -> String {
        let mut names: Vec<String> = named.split_whitespace().map(str::to_owned).collect();
        for card in deck.names(deck.full()) {
            if !names.contains(&card) {
                names.push(card);
            }
        }
        names.join(" ")
    }

    pub(crate) fn play<G: State>(session: &mut Session<G>, moves: &str) {
        for mv in moves.split_whitespace() {
            session.play(mv).expect("a legal move");
        }
    }

    /// The refusal as Python sees it.
    pub(crate) fn why<G: Explain>(game: &G, text: &str) -> Value {
        refusal(game, text).map_or(Value::Null, |r| r.to_value())
    }

    #[test]
    fn names_are_distinct_and_snake_case() {
        let names: HashSet<&str> = Reason::ALL.iter().map(|r| r.name()).collect();
        assert_eq!(names.len(), Reason::ALL.len());
        for name in names {
            assert!(name.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'));
        }
    }

    #[test]
    fn the_value_is_the_reason_and_its_data() {
        let r = Refusal::new(Reason::DoesNotBeat)
            .card("card", crate::cards::ATLASNYE, 0)
            .rank("rank", crate::cards::ATLASNYE, 4)
            .suit("suit", 1)
            .with("limit", 4);
        assert_eq!(
            r.to_value(),
            json!({"reason": "does_not_beat", "card": "6S", "rank": "T", "suit": "H", "limit": 4})
        );
        assert_eq!(r.get("limit"), Some(&json!(4)));
        assert_eq!(r.get("attack"), None);
    }

    /// Strings no game spells, and strings of the other games.
    const JUNK: [&str; 12] = [
        "",
        " ",
        "attack",
        "attack:",
        "attack:6s",
        "attack:6S ",
        "play:9S",
        "marriage:9S",
        "ATTACK:6S",
        "stop ",
        "take:6S",
        "pass",
    ];

    /// Every string the game can spell (and those of the other games, and
    /// junk) is legal exactly when it has no refusal, at every step of many
    /// random games; at every fourth step `play` refuses each with the same
    /// reason and data, changing nothing.
    fn legal_iff_no_refusal<G: State + PartialEq>(games: u64) -> HashSet<&'static str> {
        let mut spelled: Vec<String> = JUNK.iter().map(|s| (*s).to_owned()).collect();
        spelled.extend(every_move::<Durak>().into_iter().map(Durak::move_name));
        spelled.extend(
            every_move::<Perevodnoy>()
                .into_iter()
                .map(Perevodnoy::move_name),
        );
        spelled.extend(
            every_move::<Schnapsen>()
                .into_iter()
                .map(Schnapsen::move_name),
        );
        spelled.sort();
        spelled.dedup();
        let mut seen = HashSet::new();
        for seed in 0..games {
            let mut session = Session::<G>::new(Some(seed), None).expect("a seed deals");
            let mut rng = SplitMix64::new(seed);
            for step in 0.. {
                let legal: HashSet<String> = legal_move_names(&session.game).into_iter().collect();
                let before = session.game.clone();
                let played = session.record.history.len();
                for text in &spelled {
                    let refused = refusal(&session.game, text);
                    assert_eq!(
                        refused.is_none(),
                        legal.contains(text),
                        "{} {seed} {text}",
                        G::ID
                    );
                    let Some(r) = refused else { continue };
                    seen.insert(r.reason.name());
                    if step % 4 != 0 {
                        continue;
                    }
                    let error = session.play(text).expect_err("refused");
                    if r.reason == Reason::GameOver {
                        assert_eq!(error.kind, crate::error::Kind::GameOver);
                        assert_eq!(error.get("reason"), None);
                    } else {
                        assert_eq!(error.get("reason"), Some(&json!(r.reason.name())));
                        for (key, value) in &r.data {
                            assert_eq!(error.get(key), Some(value), "{text}: {key}");
                        }
                    }
                }
                assert!(session.game == before && session.record.history.len() == played);
                if session.game.is_over() {
                    break;
                }
                let mv = session.game.random_move(&mut rng);
                session.play(&G::move_name(mv)).expect("a legal move");
            }
        }
        seen
    }

    #[test]
    fn durak_moves_are_legal_iff_unrefused() {
        let seen = legal_iff_no_refusal::<Durak>(150);
        for reason in [
            "game_over",
            "not_a_move",
            "not_in_hand",
            "not_defender",
            "not_attacker",
            "open_first",
            "bout_limit",
            "rank_not_on_table",
            "does_not_beat",
            "no_transfer",
        ] {
            assert!(seen.contains(reason), "{reason} never seen");
        }
    }

    #[test]
    fn perevodnoy_moves_are_legal_iff_unrefused() {
        let seen = legal_iff_no_refusal::<Perevodnoy>(150);
        for reason in [
            "transfer_after_defence",
            "transfer_rank",
            "next_defender_too_few",
            "does_not_beat",
        ] {
            assert!(seen.contains(reason), "{reason} never seen");
        }
        assert!(!seen.contains("no_transfer"));
    }

    #[test]
    fn schnapsen_moves_are_legal_iff_unrefused() {
        let seen = legal_iff_no_refusal::<Schnapsen>(40);
        for reason in [
            "not_in_hand",
            "must_beat",
            "must_follow",
            "must_trump",
            "leader_only",
            "stock_closed",
            "stock_exhausted",
            "no_trump_jack",
            "not_king_or_queen",
            "no_marriage",
            "marriage_declared",
            "game_over",
            "not_a_move",
        ] {
            assert!(seen.contains(reason), "{reason} never seen");
        }
        // The leader holds five whenever the stock is open.
        assert!(!seen.contains("close_needs_five"));
    }
}
