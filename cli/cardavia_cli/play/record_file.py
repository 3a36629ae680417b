"""Where the player's record is kept and how a finished game is counted
in it: one small JSON file in the data folder beside the saved games,
rewritten atomically after each finished game, under a lock.

Each finished game counts once, by its save's id: a game resumed or taken
over and then finished keeps its id, so it counts once; a replay
or a game that was never saved (machine mode) never counts. A damaged file
is never overwritten: it is kept beside as ``record.json.bad`` and a new
record starts, and the player is told.
"""

from __future__ import annotations

import fcntl
import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from ..words import record_words
from .opponent import LEVELS
from .rating import level_rating, score_of
from .record import SCHEMA_VERSION, Counted, DamagedRecord, Record, TableCounted, parse_record
from .saves import GameLog, data_dir, write_json_atomically


class RecordError(Exception):
    """The record cannot be used as it is and was left untouched: ``kind``
    is ``unreadable`` (the file cannot be read), ``newer`` (written by a
    newer version) or ``unwritable`` (the new record cannot be written)."""

    def __init__(self, kind: str, path: Path, detail: str = "") -> None:
        super().__init__(kind)
        self.kind = kind
        self.path = path
        self.detail = detail


def record_path() -> Path:
    return data_dir() / "record.json"


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
    table: TableCounted | None = None


# ------------------------------------------------------------- reading


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
    """Write atomically (``write_json_atomically``): never half a file."""
    try:
        write_json_atomically(path, record.to_json())
    except OSError as exc:
        raise RecordError("unwritable", path, str(exc)) from None


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
    """What a finished game is counted by: its save's id, which resumes and
    takeovers keep (None for a game never saved)."""
    return log.id if log.path is not None else None


def count_finished(log: GameLog, path: Path | None = None) -> Tallied:
    """Count ``log``'s finished game in the record, once. Nothing happens
    for a game that is unfinished, unsaved, without a result or against no
    level; a record that cannot be used is left as it is (``error``)."""
    key = save_key(log)
    if log.players > 2:
        return count_table(log, key, path)
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


def table_result(outcome: dict[str, object] | None) -> str | None:
    """The player's result at a bigger table (``TABLE_RESULTS``)."""
    if not outcome:
        return None
    if outcome.get("draw"):
        return "draw"
    return "durak" if outcome.get("loser") == 0 else "out"


def count_table(log: GameLog, key: str | None, path: Path | None) -> Tallied:
    """Count a finished game at a bigger table: not rated (the levels'
    ratings are measured in duels), tallied by game and table size."""
    result = table_result(log.outcome) if log.finished else None
    if key is None or result is None:
        return Tallied()
    target = path or record_path()
    try:
        with _locked(target):
            record, recovery = _load(target)
            counted = record.add_table(key, log.game, log.players, result)
            if counted is not None or recovery is not None:
                write_record(record, target)
    except RecordError as error:
        return Tallied(error=error)
    return Tallied(recovery=recovery, table=counted)


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
    table = tallied.table
    if table is not None:
        tally = table.tally
        lines.append(record_words.table_line(table.game, table.players, tally.games, tally.durak))
    return lines
