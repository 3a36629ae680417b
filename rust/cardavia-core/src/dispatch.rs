//! The three games chosen at run time, written once. `AnyGame<F>` holds
//! one game's `F::Of<G>` (a session, a research environment, the worlds of
//! an observation); `with_game!` runs code on what it holds, whatever the
//! game; `for_game!` names a `GameId`'s game type. `AnySession`, `AnyEnv`
//! and `AnyWorlds` are this enum, so adding a game means adding it here.
//!
//! No Python twin: the reference engine picks its class from a dict by id.

use crate::durak::Durak;
use crate::env::Research;
use crate::perevodnoy::Perevodnoy;
use crate::schnapsen::Schnapsen;
use crate::session::GameId;
use std::fmt;

/// What an `AnyGame` holds for each game.
pub trait Family {
    type Of<G: Research>: Clone + Send + Sync;
}

/// One of the three games' `F::Of<G>`.
pub enum AnyGame<F: Family> {
    Durak(F::Of<Durak>),
    Perevodnoy(F::Of<Perevodnoy>),
    Schnapsen(F::Of<Schnapsen>),
}

/// `$any`, an `AnyGame` of `$inner<G>`: its family `$family` and the
/// conversion of any game's `$inner<G>` into it.
macro_rules! family {
    ($(#[$doc:meta])* $any:ident = $family:ident of $inner:ident) => {
        #[doc = concat!("What an `", stringify!($any), "` holds for each game.")]
        #[derive(Clone, Copy, Debug)]
        pub struct $family;

        impl $crate::dispatch::Family for $family {
            type Of<G: $crate::env::Research> = $inner<G>;
        }

        $(#[$doc])*
        pub type $any = $crate::dispatch::AnyGame<$family>;

        impl<G: $crate::dispatch::Variant> From<$inner<G>> for $any {
            fn from(inner: $inner<G>) -> Self {
                Self::of::<G>(inner)
            }
        }
    };
}

pub(crate) use family;

/// A game an `AnyGame` can hold: its id and its variant.
pub trait Variant: Research {
    const GAME: GameId;
    fn wrap<F: Family>(inner: F::Of<Self>) -> AnyGame<F>;
}

macro_rules! variants {
    ($($game:ident),*) => {$(
        impl Variant for $game {
            const GAME: GameId = GameId::$game;
            fn wrap<F: Family>(inner: F::Of<Self>) -> AnyGame<F> {
                AnyGame::$game(inner)
            }
        }
    )*};
}

variants!(Durak, Perevodnoy, Schnapsen);

/// Run `$body` with `$x` bound to what an `AnyGame` (an `AnySession`, an
/// `AnyEnv`, an `AnyWorlds`) holds, whatever its game.
#[macro_export]
macro_rules! with_game {
    ($any:expr, $x:ident => $body:expr) => {
        match $any {
            $crate::dispatch::AnyGame::Durak($x) => $body,
            $crate::dispatch::AnyGame::Perevodnoy($x) => $body,
            $crate::dispatch::AnyGame::Schnapsen($x) => $body,
        }
    };
}

/// Run `$body` with `$g` naming the game type of the `GameId` `$id`.
#[macro_export]
macro_rules! for_game {
    ($id:expr, $g:ident => $body:expr) => {
        match $id {
            $crate::session::GameId::Durak => {
                type $g = $crate::durak::Durak;
                $body
            }
            $crate::session::GameId::Perevodnoy => {
                type $g = $crate::perevodnoy::Perevodnoy;
                $body
            }
            $crate::session::GameId::Schnapsen => {
                type $g = $crate::schnapsen::Schnapsen;
                $body
            }
        }
    };
}

impl<F: Family> AnyGame<F> {
    /// What `G` holds, as the variant of `G`.
    pub fn of<G: Variant>(inner: F::Of<G>) -> Self {
        G::wrap(inner)
    }

    pub fn game(&self) -> GameId {
        match self {
            Self::Durak(_) => GameId::Durak,
            Self::Perevodnoy(_) => GameId::Perevodnoy,
            Self::Schnapsen(_) => GameId::Schnapsen,
        }
    }
}

impl<F: Family> Clone for AnyGame<F> {
    fn clone(&self) -> Self {
        match self {
            Self::Durak(x) => Self::Durak(x.clone()),
            Self::Perevodnoy(x) => Self::Perevodnoy(x.clone()),
            Self::Schnapsen(x) => Self::Schnapsen(x.clone()),
        }
    }
}

impl<F: Family> fmt::Debug for AnyGame<F>
where
    F::Of<Durak>: fmt::Debug,
    F::Of<Perevodnoy>: fmt::Debug,
    F::Of<Schnapsen>: fmt::Debug,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = self.game().name();
        with_game!(self, x => f.debug_tuple(name).field(x).finish())
    }
}
