//! The one error type of the core. An error is data: its class (the
//! Python class the binding raises), the kind of rule broken, the field
//! where (a path such as `hands[1][3]`), the offending value and what the
//! explanation needs beside. The text is made once, in Python, from those
//! parts (`cardavia/errors.py`); `Display` here is a terse form for Rust.

use serde_json::Value;
use std::fmt;

/// The classes of `cardavia.errors`, one per kind of caller mistake.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    /// A malformed move, or one not legal now.
    IllegalMove,
    /// A bad deck, seed, state or observation.
    InvalidState,
    /// A game id that is not one of the three.
    UnknownGame,
    /// An argument of the right type but out of range.
    InvalidArgument,
}

impl Class {
    pub const fn name(self) -> &'static str {
        match self {
            Class::IllegalMove => "IllegalMoveError",
            Class::InvalidState => "InvalidStateError",
            Class::UnknownGame => "UnknownGameError",
            Class::InvalidArgument => "InvalidArgumentError",
        }
    }
}

/// An enum of names: each variant with the string Python sees, `ALL` in
/// order and `name()`. The error kinds here and the refusal reasons
/// (`refusal.rs`) are two such lists.
macro_rules! named {
    ($(#[$meta:meta])* $enum:ident { $($(#[$doc:meta])* $variant:ident = $name:literal,)* }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $enum { $($variant,)* }

        impl $enum {
            pub const ALL: &'static [$enum] = &[$($enum::$variant,)*];

            pub const fn name(self) -> &'static str {
                match self { $($enum::$variant => $name,)* }
            }
        }
    };
}
pub(crate) use named;

named! {
    /// What rule an input broke; its name is the `kind` Python sees
    /// and `cardavia.errors.TEXTS` explains.
    Kind {
        Json = "json",
        TooDeep = "too_deep",
        Object = "object",
        List = "list",
        Entries = "entries",
        Integer = "integer",
        Boolean = "boolean",
        MissingField = "missing_field",
        UnknownField = "unknown_field",
        Schema = "schema",
        Game = "game",
        NotAGame = "not_a_game",
        Card = "card",
        Duplicate = "duplicate",
        Order = "order",
        MissingCards = "missing_cards",
        TwoPlaces = "two_places",
        MissingCard = "missing_card",
        Move = "move",
        Suit = "suit",
        Suits = "suits",
        Reason = "reason",
        ReasonPoints = "reason_points",
        TrumpNotAtBottom = "trump_not_at_bottom",
        KnownNotInHand = "known_not_in_hand",
        OddDiscard = "odd_discard",
        TooManyAttacks = "too_many_attacks",
        FinishedWithTable = "finished_with_table",
        DrawWithCards = "draw_with_cards",
        WinnerWithCards = "winner_with_cards",
        DrawWithWinner = "draw_with_winner",
        WinnerIsLoser = "winner_is_loser",
        IdleLimit = "idle_limit",
        ShouldBeOver = "should_be_over",
        OverLimit = "over_limit",
        NoAttackAllowed = "no_attack_allowed",
        LimitAboveHand = "limit_above_hand",
        BeatenAfterOpen = "beaten_after_open",
        DoesNotBeat = "does_not_beat",
        TakingNothingOpen = "taking_nothing_open",
        MixedRanks = "mixed_ranks",
        SeveralOpen = "several_open",
        LimitMismatch = "limit_mismatch",
        // Durak at three seats or more (RULES 7).
        OutWithCards = "out_with_cards",
        AttackerOut = "attacker_out",
        BadPasses = "bad_passes",
        NoWinner = "no_winner",
        LoserNotLast = "loser_not_last",
        TwoPlayers = "two_players",
        DealAfterMatch = "deal_after_match",
        MatchPoints = "match_points",
        OutcomeTiming = "outcome_timing",
        OutcomeMismatch = "outcome_mismatch",
        Dealer = "dealer",
        TrickWinner = "trick_winner",
        Leader = "leader",
        MarriageNotLed = "marriage_not_led",
        MarriageNotFirst = "marriage_not_first",
        DealShouldBeOver = "deal_should_be_over",
        ClosedBeyondTricks = "closed_beyond_tricks",
        ClosedBy = "closed_by",
        ClosedWonTrick = "closed_won_trick",
        ClosedPoints = "closed_points",
        IndicatorSuit = "indicator_suit",
        IndicatorLast = "indicator_last",
        OddStock = "odd_stock",
        UnequalHands = "unequal_hands",
        StockTricks = "stock_tricks",
        ClosedStock = "closed_stock",
        HandsAfterClose = "hands_after_close",
        HandSize = "hand_size",
        ExchangeCards = "exchange_cards",
        ExchangeIndicator = "exchange_indicator",
        NotToMove = "not_to_move",
        HandSizes = "hand_sizes",
        CardCounts = "card_counts",
        Voids = "voids",
        DoesNotFollow = "does_not_follow",
        IllegalMove = "illegal_move",
        GameOver = "game_over",
        UnknownGame = "unknown_game",
        Choice = "choice",
        SeedOrDeck = "seed_or_deck",
        Budget = "budget",
        TooMany = "too_many",
        Corrupt = "corrupt",
        Action = "action",
        NoHistory = "no_history",
        SeedOrStart = "seed_or_start",
        Lengths = "lengths",
        MixedGames = "mixed_games",
        // A Schnapsen deal record that disagrees with itself (docs/SCHEMA.md).
        DealTricks = "deal_tricks",
        DealLastTrick = "deal_last_trick",
        DealMarriages = "deal_marriages",
        DealCardPoints = "deal_card_points",
        Deal66 = "deal_66",
        DealClosedBy = "deal_closed_by",
        DealGamePoints = "deal_game_points",
    }
}

/// An error of the core: see the module's comment.
#[derive(Clone, Debug, PartialEq)]
pub struct Error {
    pub class: Class,
    pub kind: Kind,
    pub field: String,
    pub value: Value,
    pub detail: Vec<(&'static str, Value)>,
}

impl Error {
    pub fn new(
        class: Class,
        kind: Kind,
        field: impl Into<String>,
        value: impl Into<Value>,
    ) -> Self {
        Self {
            class,
            kind,
            field: field.into(),
            value: value.into(),
            detail: Vec::new(),
        }
    }

    /// An `InvalidState` error.
    pub fn state(kind: Kind, field: impl Into<String>, value: impl Into<Value>) -> Self {
        Self::new(Class::InvalidState, kind, field, value)
    }

    /// An `InvalidArgument` error.
    pub fn argument(kind: Kind, field: impl Into<String>, value: impl Into<Value>) -> Self {
        Self::new(Class::InvalidArgument, kind, field, value)
    }

    /// The same error with one more part of its explanation.
    pub fn with(mut self, key: &'static str, value: impl Into<Value>) -> Self {
        self.detail.push((key, value.into()));
        self
    }

    /// A part of the explanation, if the error has it.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.detail.iter().find(|(k, _)| *k == key).map(|(_, v)| v)
    }

    /// The moves that were legal when a move was refused.
    pub fn legal(&self) -> Vec<String> {
        match self.get("legal") {
            Some(Value::Array(moves)) => moves
                .iter()
                .filter_map(|m| m.as_str().map(str::to_owned))
                .collect(),
            _ => Vec::new(),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.kind.name())?;
        if !self.value.is_null() {
            write!(f, " ({})", self.value)?;
        }
        for (key, value) in &self.detail {
            write!(f, ", {key} {value}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Error {}

pub type Result<T> = std::result::Result<T, Error>;

/// Shorthand for an `InvalidState` error as a result.
pub fn invalid<T>(kind: Kind, field: impl Into<String>, value: impl Into<Value>) -> Result<T> {
    Err(Error::state(kind, field, value))
}
