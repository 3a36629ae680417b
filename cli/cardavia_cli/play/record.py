"""The player's record: per game and level the games won, drawn and lost
and the streaks of wins; per game the rating against the levels
(``rating``). One small JSON file in the data folder beside the saved games,
rewritten atomically after each finished game.

Each finished game counts once, by its save's file name: a game resumed or
taken over and then finished is the same file, so it counts once; a replay
or a game that was never saved (machine mode without ``--save``) never
counts. A damaged file is never overwritten: it is kept beside as
``record.json.bad`` and a new record starts, and the player is told.
"""

from __future__ import annotations

import fcntl
import json
import math
import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cardavia

from ..words import record_words
from .opponent import LEVELS
from .rating import START, level_rating, score_of, updated
from .saves import GameLog, data_dir

FORMAT = "cardavia-record"
SCHEMA_VERSION = 1
COUNTS = ("wins", "draws", "losses", "streak", "best_streak")


class RecordError(Exception):
    """The record cannot be used as it is and was left untouched: ``kind``
    is ``unreadable`` (the file cannot be read), ``newer`` (written by a
    newer version) or ``unwritable`` (the new record cannot be written)."""

    def __init__(self, kind: str, path: Path, detail: str = "") -> None:
        super().__init__(kind)
        self.kind = kind
        self.path = path
        self.detail = detail


class DamagedRecord(Exception):
    """The file is not a record this version can read; ``reason`` is
    ``not_json``, ``not_a_record`` or ``bad_field``."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def record_path() -> Path:
    return data_dir() / "record.json"


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
        return entry is not None and entry.total.games > 0

    def shown_games(self, game: str | None) -> list[str]:
        """The games a record view shows: ``game`` if named, else every game played."""
        return [game] if game is not None else [g for g in cardavia.GAMES if self.played(g)]

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "schema": SCHEMA_VERSION,
            "games": {name: self.games[name].as_json() for name in sorted(self.games)},
            "counted": sorted(self.counted),
        }


@dataclass(frozen=True)
class Recovery:
    """A damaged record file, kept aside as ``kept_as``; a new one started."""

    path: Path
    kept_as: Path
    reason: str


@dataclass(frozen=True)
class Tallied:
    """What counting a game did: the change, a recovery, or why it could not."""

    counted: Counted | None = None
    recovery: Recovery | None = None
    error: RecordError | None = None


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
    return record


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


def read_record(path: Path) -> Record:
    """The record in ``path`` (an empty one if there is none yet).
    ``RecordError`` if it cannot be read or is newer than this version;
    ``DamagedRecord`` if it is not a record."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Record()
    except OSError as exc:
        raise RecordError("unreadable", path, str(exc)) from None
    except UnicodeDecodeError:
        raise DamagedRecord("not_json") from None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise DamagedRecord("not_json") from None
    schema = data.get("schema") if isinstance(data, dict) else None
    if isinstance(schema, int) and not isinstance(schema, bool) and schema > SCHEMA_VERSION:
        raise RecordError("newer", path, str(schema))
    if schema != SCHEMA_VERSION:
        raise DamagedRecord("not_a_record")
    return parse_record(data)


def bad_copy_path(path: Path) -> Path:
    """Where a damaged record is kept: ``record.json.bad``, or the first
    free ``record.json.bad-N`` (an older bad copy is never overwritten)."""
    candidate = path.with_name(path.name + ".bad")
    n = 1
    while candidate.exists():
        n += 1
        candidate = path.with_name(f"{path.name}.bad-{n}")
    return candidate


def load_record(path: Path | None = None) -> tuple[Record, Recovery | None]:
    """The record; a damaged file is moved aside and a new record begins
    (the ``Recovery`` says where the old one went). ``RecordError`` when
    the file is left as it is (unreadable, newer)."""
    target = path or record_path()
    with _locked(target):
        return _load(target)


def _load(path: Path) -> tuple[Record, Recovery | None]:
    try:
        return read_record(path), None
    except DamagedRecord as damage:
        kept = bad_copy_path(path)
        try:
            os.replace(path, kept)
        except OSError as exc:
            raise RecordError("unwritable", path, str(exc)) from None
        return Record(), Recovery(path, kept, damage.reason)


# ------------------------------------------------------------- writing


def write_record(record: Record, path: Path) -> None:
    """Write with a temp file and ``os.replace``: never half a file."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as exc:
        raise RecordError("unwritable", path, str(exc)) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(record.to_json(), handle, indent=1, ensure_ascii=False)
            handle.write("\n")
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise RecordError("unwritable", path, str(exc)) from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


@contextmanager
def _locked(path: Path) -> Iterator[None]:
    """Hold the record's lock: the terminal and a web table may finish
    games at the same moment, and each must read the other's count."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle = open(path.with_name(path.name + ".lock"), "a+b")  # noqa: SIM115
    except OSError as exc:
        raise RecordError("unwritable", path, str(exc)) from None
    with handle:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


def save_key(log: GameLog) -> str | None:
    """The name a finished game is counted by: its save's file name."""
    return log.path.name if log.path is not None else None


def count_finished(log: GameLog, path: Path | None = None) -> Tallied:
    """Count ``log``'s finished game in the record, once. Nothing happens
    for a game that is unfinished, unsaved, without a result or against no
    level; a record that cannot be used is left as it is (``error``)."""
    key = save_key(log)
    score = score_of(log.outcome) if log.finished else None
    level = log.levels.get("1")
    if key is None or score is None or level not in LEVELS:
        return Tallied()
    if level_rating(log.game, str(level)) is None:
        return Tallied()
    target = path or record_path()
    try:
        with _locked(target):
            record, recovery = _load(target)
            counted = record.add(key, log.game, str(level), score)
            if counted is not None or recovery is not None:
                write_record(record, target)
    except RecordError as error:
        return Tallied(error=error)
    return Tallied(counted, recovery)


def tallied_lines(tallied: Tallied | None) -> list[str]:
    """What the end of a game says about the record, in the player's language."""
    if tallied is None:
        return []
    lines = []
    if tallied.recovery is not None:
        found = tallied.recovery
        lines.append(record_words.recovery_line(str(found.path), str(found.kept_as), found.reason))
    if tallied.error is not None:
        error = tallied.error
        lines.append(record_words.record_error_line(error.kind, str(error.path), error.detail))
        lines.append(record_words.not_counted_line())
    counted = tallied.counted
    if counted is not None:
        lines.append(
            record_words.after_game_line(
                counted.game, counted.before, counted.after, counted.level, counted.level_rating
            )
        )
        streak = record_words.streak_line(counted.streak)
        if streak is not None:
            lines.append(streak)
    return lines
