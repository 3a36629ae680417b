//! A search as a caller asks for it (a level, or iterations or time; the
//! seed, threads, rollouts), checked and resolved into the search's
//! settings: the one place that knows what a level costs and what "auto"
//! means. The binding converts Python values and calls `Request::resolve`;
//! the reference engine's search is handed the same resolution
//! (`_native.search_budget`). No Python twin.

use super::ismcts::{Budget, Config, Playout};
use super::{level, Pick, Rollout, DEFAULT_LEVEL, LEVELS};
use crate::error::{Error, Kind, Result};
use crate::limits::{check_argument, MAX_ITERATIONS, MAX_THREADS, MAX_TIME_MS};
use crate::session::GameId;
use std::time::Duration;

/// The rollouts a search plays unless told otherwise: each game's own,
/// as measured (`Rollout::PLAYOUT`).
pub const AUTO: &str = "auto";

/// What `rollouts` may name: `AUTO`, then every playout.
pub fn rollout_names() -> Vec<&'static str> {
    let mut names = vec![AUTO];
    names.extend(Playout::ALL.iter().map(|p| p.name()));
    names
}

/// The rollouts `game` plays with `AUTO`.
pub fn default_playout(game: GameId) -> Playout {
    crate::for_game!(game, G => G::PLAYOUT)
}

/// How a search may deal its worlds: `AUTO`, each game's own as measured
/// (`Rollout::INFERENCE`); uniformly within what the seat knows; or weighed
/// by the opponent's recent moves (`inference.rs`).
pub const WORLDS: [&str; 3] = [AUTO, UNIFORM, INFERRED];
const UNIFORM: &str = "uniform";
const INFERRED: &str = "inferred";

/// How `game` deals its worlds with `AUTO`.
pub fn default_worlds(game: GameId) -> &'static str {
    if crate::for_game!(game, G => G::INFERENCE) {
        INFERRED
    } else {
        UNIFORM
    }
}

/// The levels' names, weakest first.
pub fn level_names() -> Vec<&'static str> {
    LEVELS.iter().map(|level| level.name).collect()
}

/// A search's arguments as given, not yet checked. Integers come as the
/// caller wrote them, any sign and size (`limits::check_argument`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Request<'a> {
    /// A level's name: its budget when neither iterations nor time is given.
    pub level: Option<&'a str>,
    pub iterations: Option<i128>,
    pub time_ms: Option<i128>,
    pub seed: i128,
    pub threads: i128,
    /// A playout's name or `AUTO`; `None` is `AUTO`.
    pub rollouts: Option<&'a str>,
    /// One of `WORLDS`; `None` is `AUTO`.
    pub worlds: Option<&'a str>,
}

/// A search's settings, checked: the budget, the seed, the threads, the
/// rollouts (`None`: the game's own) and how the move is picked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    pub iterations: Option<u64>,
    pub time_ms: Option<u64>,
    pub seed: u64,
    pub threads: usize,
    pub playout: Option<Playout>,
    pub pick: Pick,
    /// Worlds weighed by the opponent's recent moves (`None`: as the
    /// game does unless told otherwise).
    pub inference: Option<bool>,
}

impl Request<'_> {
    /// The settings, checked in the order the API documents: the level,
    /// iterations, time, threads, the seed, the rollouts, the worlds. With neither
    /// iterations nor time the level decides (the default level if none):
    /// its budget is per thread, so more cores make a stronger search in
    /// the same time.
    pub fn resolve(&self) -> Result<Settings> {
        let level = match self.level {
            None => None,
            Some(name) => Some(level(name).ok_or_else(|| {
                Error::argument(Kind::Choice, "level", name).with("choices", level_names())
            })?),
        };
        let check = |value: Option<i128>, field: &str, high: u64| {
            value.map(|n| check_argument(n, field, 1, high)).transpose()
        };
        let mut iterations = check(self.iterations, "iterations", MAX_ITERATIONS)?;
        let time_ms = check(self.time_ms, "time_ms", MAX_TIME_MS)?;
        let threads = check_argument(self.threads, "threads", 1, MAX_THREADS)?;
        let seed = check_argument(self.seed, "seed", 0, u64::MAX)?;
        let playout = match self.rollouts.unwrap_or(AUTO) {
            AUTO => None,
            name => Some(
                Playout::ALL
                    .into_iter()
                    .find(|p| p.name() == name)
                    .ok_or_else(|| {
                        Error::argument(Kind::Choice, "rollouts", name)
                            .with("choices", rollout_names())
                    })?,
            ),
        };
        let inference = match self.worlds.unwrap_or(AUTO) {
            AUTO => None,
            UNIFORM => Some(false),
            INFERRED => Some(true),
            name => {
                return Err(
                    Error::argument(Kind::Choice, "worlds", name).with("choices", WORLDS.to_vec())
                )
            }
        };
        let mut pick = Pick::Best;
        if iterations.is_none() && time_ms.is_none() {
            let chosen = level.or_else(|| super::level(DEFAULT_LEVEL));
            iterations = chosen.map(|l| l.iterations.saturating_mul(threads));
            pick = chosen.map_or(Pick::Best, |l| l.pick);
        }
        Ok(Settings {
            iterations,
            time_ms,
            seed,
            threads: threads as usize,
            playout,
            pick,
            inference,
        })
    }
}

impl Settings {
    /// The search's configuration for game `G`: its own rollouts and
    /// worlds unless others were asked for, its own exploration constant.
    pub fn config<G: Rollout>(&self) -> Config {
        Config {
            budget: Budget {
                iterations: self.iterations,
                time: self.time_ms.map(Duration::from_millis),
            },
            seed: self.seed,
            threads: self.threads,
            playout: self.playout.unwrap_or(G::PLAYOUT),
            exploration: G::EXPLORATION,
            inference: self.inference.unwrap_or(G::INFERENCE),
            ..Config::default()
        }
    }

    /// `config` for a search from `position`: its own rollouts
    /// (`Rollout::playout`) unless others were asked for.
    pub fn config_at<G: Rollout>(&self, position: &G) -> Config {
        Config {
            playout: self.playout.unwrap_or_else(|| position.playout()),
            ..self.config::<G>()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(level: Option<&str>) -> Request<'_> {
        Request {
            level,
            seed: 7,
            threads: 2,
            ..Request::default()
        }
    }

    #[test]
    fn a_level_buys_its_budget_per_thread_and_picks_its_way() {
        let easy = request(Some("easy")).resolve().unwrap();
        assert_eq!((easy.iterations, easy.pick), (Some(2_000), Pick::Plausible));
        let default = request(None).resolve().unwrap();
        assert_eq!(default.iterations, Some(120_000), "normal, on two threads");
        let given = Request {
            iterations: Some(50),
            ..request(Some("easy"))
        };
        let given = given.resolve().unwrap();
        assert_eq!((given.iterations, given.pick), (Some(50), Pick::Best));
        let timed = Request {
            time_ms: Some(9),
            ..request(None)
        };
        assert_eq!(timed.resolve().unwrap().iterations, None);
    }

    #[test]
    fn auto_rollouts_are_the_games_own() {
        use crate::durak::Durak;
        use crate::schnapsen::Schnapsen;
        let auto = Request {
            rollouts: Some(AUTO),
            ..request(None)
        };
        let auto = auto.resolve().unwrap();
        assert_eq!(auto.playout, None);
        assert_eq!(auto.config::<Durak>().playout, Durak::PLAYOUT);
        assert_eq!(
            auto.config::<Schnapsen>().exploration,
            Schnapsen::EXPLORATION
        );
        let mast = Request {
            rollouts: Some("mast"),
            ..request(None)
        };
        let mast = mast.resolve().unwrap();
        assert_eq!(mast.config::<Durak>().playout, Playout::Mast);
        // A table of four plays informed rollouts unless told otherwise.
        let table = crate::session::Session::<Durak>::seated(Some(1), None, 4)
            .unwrap()
            .game;
        assert_eq!(auto.config_at(&table).playout, Playout::Informed);
        assert_eq!(mast.config_at(&table).playout, Playout::Mast);
        let duel = crate::session::Session::<Durak>::seated(Some(1), None, 2)
            .unwrap()
            .game;
        assert_eq!(auto.config_at(&duel).playout, Durak::PLAYOUT);
    }

    #[test]
    fn auto_worlds_are_the_games_own() {
        use crate::durak::Durak;
        use crate::perevodnoy::Perevodnoy;
        use crate::schnapsen::Schnapsen;
        let auto = request(None).resolve().unwrap();
        assert_eq!(auto.inference, None);
        assert!(!auto.config::<Durak>().inference);
        assert!(!auto.config::<Perevodnoy>().inference);
        assert!(auto.config::<Schnapsen>().inference);
        let named = |worlds| {
            Request {
                worlds: Some(worlds),
                ..request(None)
            }
            .resolve()
            .unwrap()
        };
        assert_eq!(named(AUTO), auto);
        assert!(named("inferred").config::<Durak>().inference);
        assert!(!named("uniform").config::<Schnapsen>().inference);
        let defaults: Vec<_> = GameId::ALL.into_iter().map(default_worlds).collect();
        assert_eq!(defaults, ["uniform", "uniform", "inferred"]);
    }

    #[test]
    fn bad_arguments_are_refused_with_kind_field_and_value() {
        let refused = |r: Request<'_>| {
            let e = r.resolve().unwrap_err();
            (e.kind, e.field, e.value)
        };
        let base = request(None);
        for (bad, field, value) in [
            (
                Request {
                    level: Some("expert"),
                    ..base
                },
                "level",
                "\"expert\"",
            ),
            (
                Request {
                    iterations: Some(0),
                    ..base
                },
                "iterations",
                "0",
            ),
            (
                Request {
                    time_ms: Some(-1),
                    ..base
                },
                "time_ms",
                "-1",
            ),
            (
                Request {
                    threads: 257,
                    ..base
                },
                "threads",
                "257",
            ),
            (Request { seed: -1, ..base }, "seed", "-1"),
            (
                Request {
                    rollouts: Some("clever"),
                    ..base
                },
                "rollouts",
                "\"clever\"",
            ),
            (
                Request {
                    worlds: Some("psychic"),
                    ..base
                },
                "worlds",
                "\"psychic\"",
            ),
        ] {
            let (kind, at, given) = refused(bad);
            let expected = if ["level", "rollouts", "worlds"].contains(&at.as_str()) {
                Kind::Choice
            } else {
                Kind::Integer
            };
            assert_eq!(
                (kind, at.as_str(), given.to_string()),
                (expected, field, value.into())
            );
        }
        let over = Request {
            iterations: Some(i128::from(MAX_ITERATIONS) + 1),
            ..base
        };
        assert_eq!(refused(over).1, "iterations");
    }
}
