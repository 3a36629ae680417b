"""The player's record: per game and level the games won, drawn and lost
and the streaks of wins; per game the rating against the levels
(``rating``); per game and table of more than two the games and how often
the player was the durak (``tables``: the levels' ratings are measured in
duels, so a bigger table is not rated); and the JSON it is kept as. Where it is kept and how a
finished game is counted in it: ``record_file``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Any

import cardavia

from .opponent import LEVELS
from .rating import START, level_rating, updated

FORMAT = "cardavia-record"
SCHEMA_VERSION = 1
COUNTS = ("wins", "draws", "losses", "streak", "best_streak")


class DamagedRecord(Exception):
    """The file is not a record this version can read; ``reason`` is
    ``not_json``, ``not_a_record`` or ``bad_field``."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass
class Tally:
    """The games of one game at one level (or at every level)."""

    wins: int = 0
    draws: int = 0
    losses: int = 0
    streak: int = 0
    best_streak: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    def add(self, score: float) -> None:
        """One more game: a win lengthens the streak, a draw or a loss ends it."""
        if score == 1.0:
            self.wins += 1
            self.streak += 1
            self.best_streak = max(self.best_streak, self.streak)
            return
        if score == 0.5:
            self.draws += 1
        else:
            self.losses += 1
        self.streak = 0

    def as_json(self) -> dict[str, int]:
        return {"games": self.games, **{name: getattr(self, name) for name in COUNTS}}


@dataclass
class GameRecord:
    """One game's record: the rating, its rated games, the tallies."""

    rating: float = START
    rated: int = 0
    total: Tally = field(default_factory=Tally)
    levels: dict[str, Tally] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        return {
            "rating": self.rating,
            "rated_games": self.rated,
            "all": self.total.as_json(),
            "levels": {level: tally.as_json() for level, tally in self.levels.items()},
        }


# A game at a bigger table, from the player's side: the durak, a draw, or
# out in time (every other seat's result, RULES.md chapter 7).
TABLE_RESULTS = ("durak", "draw", "out")


@dataclass
class TableTally:
    """The games of one game at one table size (more than two)."""

    games: int = 0
    durak: int = 0
    draws: int = 0

    def add(self, result: str) -> None:
        self.games += 1
        if result == "durak":
            self.durak += 1
        elif result == "draw":
            self.draws += 1

    def as_json(self) -> dict[str, int]:
        return {"games": self.games, "durak": self.durak, "draws": self.draws}


@dataclass(frozen=True)
class TableCounted:
    """What one finished game at a bigger table changed."""

    game: str
    players: int
    result: str
    tally: TableTally


@dataclass(frozen=True)
class Counted:
    """What one finished game changed."""

    game: str
    level: str
    score: float
    before: float
    after: float
    level_rating: int
    streak: int

    @property
    def change(self) -> float:
        return self.after - self.before


@dataclass
class Record:
    games: dict[str, GameRecord] = field(default_factory=dict)
    counted: set[str] = field(default_factory=set)
    # game → seats (3..6) → its tally.
    tables: dict[str, dict[int, TableTally]] = field(default_factory=dict)

    def add_table(self, key: str, game: str, players: int, result: str) -> TableCounted | None:
        """Count a finished game at a bigger table once (``result`` one of
        ``TABLE_RESULTS``); None if ``key`` was counted before."""
        if key in self.counted:
            return None
        if result not in TABLE_RESULTS or players <= 2:
            raise ValueError(f"no table result {result!r} at {players}")
        self.counted.add(key)
        tally = self.tables.setdefault(game, {}).setdefault(players, TableTally())
        tally.add(result)
        return TableCounted(game, players, result, replace(tally))

    def game(self, game: str) -> GameRecord:
        return self.games.setdefault(game, GameRecord())

    def add(self, key: str, game: str, level: str, score: float) -> Counted | None:
        """Count a finished game once; None if ``key`` was counted before."""
        if key in self.counted:
            return None
        opponent = level_rating(game, level)
        if opponent is None:
            raise ValueError(f"no rating for {level} in {game}")
        self.counted.add(key)
        record = self.game(game)
        before = record.rating
        record.rating = updated(before, record.rated, opponent, score)
        record.rated += 1
        record.total.add(score)
        tally = record.levels.setdefault(level, Tally())
        tally.add(score)
        return Counted(game, level, score, before, record.rating, opponent, tally.streak)

    def played(self, game: str) -> bool:
        entry = self.games.get(game)
        duels = entry is not None and entry.total.games > 0
        return duels or any(t.games for t in self.tables.get(game, {}).values())

    def shown_games(self, game: str | None) -> list[str]:
        """The games a record view shows: ``game`` if named, else every game played."""
        return [game] if game is not None else [g for g in cardavia.GAMES if self.played(g)]

    def to_json(self) -> dict[str, Any]:
        tables = {
            name: {str(n): self.tables[name][n].as_json() for n in sorted(self.tables[name])}
            for name in sorted(self.tables)
        }
        return {
            "format": FORMAT,
            "schema": SCHEMA_VERSION,
            "games": {name: self.games[name].as_json() for name in sorted(self.games)},
            # Only once a bigger table was played: a duellist's file is as before.
            **({"tables": tables} if tables else {}),
            "counted": sorted(self.counted),
        }


# ------------------------------------------------------------- reading


def parse_record(data: Any) -> Record:
    """A record from its JSON; ``DamagedRecord`` for anything else."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise DamagedRecord("not_a_record")
    games, counted = data.get("games"), data.get("counted")
    if not isinstance(games, dict) or not isinstance(counted, list):
        raise DamagedRecord("bad_field")
    if not all(isinstance(key, str) for key in counted):
        raise DamagedRecord("bad_field")
    record = Record(counted=set(counted))
    for name, entry in games.items():
        if name not in cardavia.GAMES or not isinstance(entry, dict):
            raise DamagedRecord("bad_field")
        levels = entry.get("levels")
        if not isinstance(levels, dict) or not all(level in LEVELS for level in levels):
            raise DamagedRecord("bad_field")
        record.games[name] = GameRecord(
            rating=_rating(entry.get("rating")),
            rated=_count(entry.get("rated_games")),
            total=_tally(entry.get("all")),
            levels={level: _tally(tally) for level, tally in levels.items()},
        )
    record.tables = _tables(data.get("tables", {}))
    return record


def _tables(data: Any) -> dict[str, dict[int, TableTally]]:
    """The ``tables`` of a record (none in a file of duels only)."""
    if not isinstance(data, dict):
        raise DamagedRecord("bad_field")
    tables: dict[str, dict[int, TableTally]] = {}
    for name, sizes in data.items():
        if name not in cardavia.GAMES or not isinstance(sizes, dict):
            raise DamagedRecord("bad_field")
        for size, entry in sizes.items():
            if not (isinstance(size, str) and size.isdigit() and int(size) > 2):
                raise DamagedRecord("bad_field")
            if not isinstance(entry, dict):
                raise DamagedRecord("bad_field")
            tally = TableTally(*(_count(entry.get(k)) for k in ("games", "durak", "draws")))
            if tally.durak + tally.draws > tally.games:
                raise DamagedRecord("bad_field")
            tables.setdefault(name, {})[int(size)] = tally
    return tables


def _count(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise DamagedRecord("bad_field")
    return value


def _rating(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise DamagedRecord("bad_field")
    return float(value)


def _tally(data: Any) -> Tally:
    if not isinstance(data, dict):
        raise DamagedRecord("bad_field")
    tally = Tally(**{name: _count(data.get(name)) for name in COUNTS})
    if not tally.streak <= tally.best_streak <= tally.wins:
        raise DamagedRecord("bad_field")
    return tally
