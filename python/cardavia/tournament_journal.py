"""The journal of a tournament: every finished game, one JSON line each, so
that a long tournament stopped part way resumes where it stopped.

The first line names the tournament (game, players, seed, and at a table
of more than two the number of seats); a journal of another tournament is
refused rather than mixed in. A game is written the
moment it ends, whole lines only, so a run killed mid-write loses at most
the line it was writing, and that torn last line is dropped on resuming.
Games of deals beyond the ones asked for are kept in the file but left out
of the result, so a tournament can be extended from 500 deals to 1,000.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import InvalidArgumentError, InvalidStateError

__all__ = ["Journal", "JournalGame", "journal_seed"]

KIND = "cardavia-tournament"
VERSION = 1


@dataclass
class JournalGame:
    """One game of a duplicate pair, seen from player A."""

    a_seat: int
    outcome: dict[str, Any]
    a_game_points: int = 0
    b_game_points: int = 0
    deals: int = 0
    seconds: list[float] = field(default_factory=lambda: [0.0, 0.0])
    moves: list[int] = field(default_factory=lambda: [0, 0])


def _header(game: str, a: str, b: str, seed: int, seats: int) -> dict[str, Any]:
    header = {"journal": KIND, "version": VERSION, "game": game, "a": a, "b": b, "seed": seed}
    if seats != 2:
        # A duel's header stays as it was, so journals of before still resume.
        header["players"] = seats
    return header


def _is_int(value: object, low: int, high: int | None = None) -> bool:
    return (
        isinstance(value, int)
        and not isinstance(value, bool)
        and value >= low
        and (high is None or value <= high)
    )


def _pair(value: object, whole: bool) -> bool:
    """Two non-negative numbers; with ``whole``, integers."""
    kinds = (int,) if whole else (int, float)
    return (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(v, kinds) and not isinstance(v, bool) and v >= 0 for v in value)
    )


def _table_outcome(outcome: Mapping[str, Any], seats: int) -> bool:
    """An outcome at a table of three or more, as far as a tournament reads
    it: a draw flag, the durak (or none) and the seats out, bout by bout."""
    groups = outcome.get("out")
    return (
        isinstance(outcome.get("draw"), bool)
        and (outcome.get("loser") is None or _is_int(outcome.get("loser"), 0, seats - 1))
        and outcome.get("winner") is None
        and isinstance(groups, list)
        and all(
            isinstance(group, list) and all(_is_int(s, 0, seats - 1) for s in group)
            for group in groups
        )
    )


def _read_game(entry: object, journal: str, line: int, seats: int) -> tuple[int, JournalGame]:
    """A journal line's deal index and game, or InvalidStateError (its
    field the key of the line, the journal and the line in its detail)."""

    def refuse(kind: str, key: str, value: object, **detail: Any) -> InvalidStateError:
        return InvalidStateError(
            kind=kind, field=key, value=value, journal=journal, line=line, **detail
        )

    if not isinstance(entry, Mapping):
        raise refuse("journal_game", "line", entry)
    deal, a_seat, outcome = entry.get("deal"), entry.get("a_seat"), entry.get("outcome")
    if not _is_int(deal, 0):
        raise refuse("journal_deal", "deal", deal)
    if seats == 2:
        if not _is_int(a_seat, 0, 1):
            raise refuse("journal_seat", "a_seat", a_seat)
        if not isinstance(outcome, Mapping) or outcome.get("winner", -1) not in (0, 1, None):
            raise refuse("journal_outcome", "outcome", outcome)
    else:
        if not _is_int(a_seat, 0, seats - 1):
            raise refuse("journal_table_seat", "a_seat", a_seat, high=seats - 1)
        if not isinstance(outcome, Mapping) or not _table_outcome(outcome, seats):
            raise refuse("journal_table_outcome", "outcome", outcome)
    keys = ("a_game_points", "b_game_points", "deals")
    points = [entry.get(k, 0) for k in keys]
    for key, value in zip(keys, points, strict=True):
        if not _is_int(value, 0):
            raise refuse("journal_points", key, value)
    seconds, moves = entry.get("seconds"), entry.get("moves")
    if not _pair(seconds, whole=False):
        raise refuse("journal_pairs", "seconds", seconds)
    if not _pair(moves, whole=True):
        raise refuse("journal_pairs", "moves", moves)
    assert isinstance(deal, int) and isinstance(a_seat, int)
    assert isinstance(seconds, list) and isinstance(moves, list)
    return deal, JournalGame(
        a_seat,
        dict(outcome),
        points[0],
        points[1],
        points[2],
        [float(s) for s in seconds],
        list(moves),
    )


def journal_seed(path: str | os.PathLike[str]) -> int | None:
    """The seed a journal's tournament was dealt with, to resume it without
    naming the seed again; ``None`` when there is no readable journal."""
    try:
        with open(path, encoding="utf-8") as f:
            first = json.loads(f.readline())
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return None
    seed = first.get("seed") if isinstance(first, dict) and first.get("journal") == KIND else None
    return seed if _is_int(seed, 0) else None


class Journal:
    """An open journal: the games it already holds, and a lock to add more."""

    def __init__(
        self, path: str | os.PathLike[str], game: str, a: str, b: str, seed: int, seats: int = 2
    ):
        self.path = os.fspath(path)
        self.games: dict[tuple[int, int], JournalGame] = {}
        self._lock = threading.Lock()
        header = _header(game, a, b, seed, seats)
        text = self._read()
        if not text.strip():
            self._write(json.dumps(header) + "\n")
            return
        lines = text.split("\n")
        torn = lines.pop()  # after the last newline: "" unless cut mid-write
        if not lines and (json.dumps(header) + "\n").startswith(torn):
            # Stopped while writing the header: nothing was played yet.
            self._write(json.dumps(header) + "\n")
            return
        not_a_journal = InvalidStateError(kind="not_a_journal", field="journal", value=self.path)
        try:
            first = json.loads(lines[0]) if lines else json.loads(torn)
        except json.JSONDecodeError:
            raise not_a_journal from None
        if not isinstance(first, dict) or first.get("journal") != KIND:
            raise not_a_journal
        if first != header:
            keys = ["game", "a", "b", "seed"]
            if "players" in first or "players" in header:
                keys.append("players")
            theirs = ", ".join(f"{k}={first.get(k, 2)!r}" for k in keys)
            raise InvalidArgumentError(
                kind="other_tournament", field="journal", value=self.path, theirs=theirs
            )
        for number, line in enumerate(lines[1:], start=2):
            try:
                entry = json.loads(line)
            except json.JSONDecodeError:
                raise InvalidStateError(
                    kind="journal_json", field="line", value=line, journal=self.path, line=number
                ) from None
            deal, played = _read_game(entry, self.path, number, seats)
            self.games.setdefault((deal, played.a_seat), played)
        if torn:
            # The last game was being written when the run stopped.
            self._write("\n".join(lines) + "\n")

    def _read(self) -> str:
        try:
            with open(self.path, encoding="utf-8") as f:
                return f.read()
        except FileNotFoundError:
            return ""
        except (OSError, UnicodeDecodeError) as exc:
            raise InvalidArgumentError(
                kind="unreadable", field="journal", value=self.path, reason=str(exc)
            ) from None

    def _write(self, text: str, mode: str = "w") -> None:
        try:
            with open(self.path, mode, encoding="utf-8") as out:
                out.write(text)
                out.flush()
        except OSError as exc:
            raise InvalidArgumentError(
                kind="unwritable", field="journal", value=self.path, reason=str(exc)
            ) from None

    def add(self, deal: int, played: JournalGame) -> None:
        line = json.dumps(
            {
                "deal": deal,
                "a_seat": played.a_seat,
                "outcome": played.outcome,
                "a_game_points": played.a_game_points,
                "b_game_points": played.b_game_points,
                "deals": played.deals,
                "seconds": played.seconds,
                "moves": played.moves,
            }
        )
        with self._lock:
            self._write(line + "\n", "a")
            self.games[(deal, played.a_seat)] = played
