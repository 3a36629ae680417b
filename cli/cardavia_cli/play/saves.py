"""Game logs: every game is written after each move as JSON, atomically.

A log holds what is needed to rebuild the game (game id, seed or deck, the
number of players, the moves of every seat in order) plus the levels and
timestamps. A log of two players does not write their number, so it reads
as before, and a log without one is a duel (the saves of older versions). Resuming
replays the moves on a fresh game dealt the same way. A damaged log, or one
from a newer version, is reported and never overwritten.
"""

from __future__ import annotations

import json
import os
import secrets
import tempfile
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import cardavia

from ..words.i18n import LANGUAGES, _
from .game_lock import OpenElsewhere, holder_of, remove_lock

FORMAT = "cardavia-game-log"
SCHEMA_VERSION = 1
SEATS = ("human", "computer")


class SaveError(Exception):
    """A log that cannot be read or replayed; the message is for the user."""


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def data_dir() -> Path:
    override = os.environ.get("CARDAVIA_DATA_DIR")
    if override:
        return Path(override)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "cardavia"


def games_dir() -> Path:
    return data_dir() / "games"


@dataclass
class GameLog:
    game: str
    seed: int | None
    deck: list[str] | None
    levels: dict[str, str]
    moves: list[dict[str, Any]] = field(default_factory=list)
    created: str = field(default_factory=now)
    updated: str = field(default_factory=now)
    finished: bool = False
    outcome: dict[str, Any] | None = None
    path: Path | None = None
    # Who the game is: the same through resumes and takeovers, so a game
    # continued elsewhere is still one game (item 8's records count it once).
    id: str = field(default_factory=lambda: secrets.token_hex(8))
    # The language it was last played in; a resume speaks it again.
    lang: str | None = None
    # The seats at the table: the player is seat 0, every other a computer
    # at the level of ``levels`` (RULES.md chapter 7).
    players: int = 2

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "schema": SCHEMA_VERSION,
            "game": self.game,
            "seed": self.seed,
            "deck": self.deck,
            "levels": dict(self.levels),
            "created": self.created,
            "updated": self.updated,
            "finished": self.finished,
            "outcome": self.outcome,
            "id": self.id,
            "lang": self.lang,
            **({"players": self.players} if self.players != 2 else {}),
            "moves": [dict(m) for m in self.moves],
        }

    def record(self, seat: int, move: str) -> None:
        self.moves.append({"seat": seat, "move": move, "time": now()})
        self.updated = now()

    def new_game(self) -> cardavia.Game:
        # A duel is dealt as it always was (Schnapsen takes no count at all).
        seats = None if self.players == 2 else self.players
        return cardavia.new_game(self.game, seed=self.seed, deck=self.deck, players=seats)


def new_log(game: str, level: str, seed: int | None = None, players: int = 2) -> GameLog:
    """The log of a new game of seat 0 (the player) against ``players`` − 1
    computers at ``level``, dealt from ``seed`` (a random one when None)."""
    deal_seed = seed if seed is not None else secrets.randbelow(1 << 32)
    levels = {"0": "human", **{str(seat): level for seat in range(1, players)}}
    return GameLog(game=game, seed=deal_seed, deck=None, levels=levels, players=players)


def new_log_path(game: str, seed: int | None) -> Path:
    stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")
    base = games_dir() / f"{game}-{stamp}-{seed if seed is not None else 'deck'}"
    path = base.with_suffix(".json")
    n = 1
    while path.exists():
        n += 1
        path = Path(f"{base}-{n}.json")
    return path


def write_json_atomically(path: Path, data: Any) -> None:
    """Write ``data`` as JSON with a temp file, fsync and ``os.replace``:
    never half a file; on any failure the old file stays as it was."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(data, handle, indent=1, ensure_ascii=False)
            handle.write("\n")
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_log(log: GameLog, path: Path | None = None) -> Path:
    """Write the log (atomically, ``write_json_atomically``)."""
    target = path or log.path
    if target is None:
        target = new_log_path(log.game, log.seed)
    log.path = target
    write_json_atomically(target, log.to_json())
    return target


def _fail(path: Path, reason: str) -> SaveError:
    return SaveError(
        _("Cannot use the game file {path}: {reason}").format(path=path, reason=reason)
    )


def load_log(path: Path) -> GameLog:
    """Read and check a log (format, version, fields, every move replayable)."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise _fail(path, _("the file does not exist")) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise _fail(path, _("it cannot be read ({error})").format(error=exc)) from None
    try:
        data = json.loads(text)
    except ValueError:
        raise _fail(path, _("it is damaged or truncated (not valid JSON)")) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise _fail(path, _("it is not a Cardavia game log"))
    schema = data.get("schema")
    if isinstance(schema, bool) or not isinstance(schema, int):
        raise _fail(path, _("its version is missing"))
    if schema > SCHEMA_VERSION:
        raise _fail(
            path,
            _(
                "it was written by a newer version of Cardavia "
                "(format {found}, this one reads {ours})"
            ).format(found=schema, ours=SCHEMA_VERSION),
        )
    if schema < 1:
        raise _fail(path, _("its version is missing"))
    try:
        log = GameLog(
            game=_field(data, "game", str),
            seed=data.get("seed"),
            deck=data.get("deck"),
            levels=_field(data, "levels", dict),
            moves=_field(data, "moves", list),
            created=_field(data, "created", str),
            updated=_field(data, "updated", str),
            finished=bool(data.get("finished", False)),
            outcome=data.get("outcome"),
            path=path,
            # Logs from before ids: the file's name, which never changes.
            id=_optional(data, "id") or path.stem,
            lang=_optional(data, "lang"),
            players=_players(data),
        )
        if log.lang not in LANGUAGES:
            log.lang = None  # a language this version does not speak: the usual one
    except (KeyError, TypeError):
        raise _fail(path, _("a field is missing or has the wrong type")) from None
    if log.game not in cardavia.GAMES:
        raise _fail(path, _("unknown game {game}").format(game=log.game))
    if log.seed is not None and (isinstance(log.seed, bool) or not isinstance(log.seed, int)):
        raise _fail(path, _("a field is missing or has the wrong type"))
    if log.deck is not None and not (
        isinstance(log.deck, list) and all(isinstance(c, str) for c in log.deck)
    ):
        raise _fail(path, _("a field is missing or has the wrong type"))
    for entry in log.moves:
        if (
            not isinstance(entry, dict)
            or entry.get("seat") not in range(log.players)
            or not isinstance(entry.get("move"), str)
        ):
            raise _fail(path, _("a field is missing or has the wrong type"))
    rebuild(log)
    return log


def _players(data: dict[str, Any]) -> int:
    """The seats of a log; one written before tables of more than two has none."""
    value = data.get("players", 2)
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError("players")
    return value


def _optional(data: dict[str, Any], key: str) -> str | None:
    value = data.get(key)
    if value is not None and not isinstance(value, str):
        raise TypeError(key)
    return value


def _field(data: dict[str, Any], key: str, kind: type) -> Any:
    value = data[key]
    if not isinstance(value, kind):
        raise TypeError(key)
    return value


def rebuild(log: GameLog, upto: int | None = None) -> cardavia.Game:
    """A game dealt as the log says, with its first ``upto`` moves played."""
    path = log.path or Path("?")
    try:
        game = log.new_game()
    except cardavia.InvalidArgumentError as exc:
        if exc.field == "players":
            raise _fail(
                path, _("a table of {n} players is not possible").format(n=log.players)
            ) from None
        raise _fail(path, _("the deal (seed or deck) is invalid")) from None
    except (cardavia.CardaviaError, TypeError, ValueError):
        raise _fail(path, _("the deal (seed or deck) is invalid")) from None
    moves = log.moves if upto is None else log.moves[:upto]
    for i, entry in enumerate(moves, 1):
        if game.current_player != entry["seat"]:
            raise _fail(path, _("move {n} was made out of turn").format(n=i))
        try:
            game.play(entry["move"])
        except (cardavia.CardaviaError, TypeError, ValueError):
            raise _fail(
                path, _("move {n} ({move}) is not legal").format(n=i, move=entry["move"])
            ) from None
    return game


@dataclass(frozen=True)
class SavedGame:
    """A file of the games folder: its log, or why it cannot be read."""

    path: Path
    log: GameLog | None
    error: str | None = None

    @property
    def result(self) -> str | None:
        """``win``, ``loss`` or ``draw`` from the player's side; None while
        the game is unfinished (or the file unreadable)."""
        return result_of(self.log) if self.log is not None else None


def result_of(log: GameLog) -> str | None:
    """At a table of more than two only the durak loses: the player wins
    by not being it (docs/RATING.md, "Bigger tables")."""
    if not log.finished or not log.outcome:
        return None
    if log.outcome.get("draw"):
        return "draw"
    if log.players > 2:
        return "loss" if log.outcome.get("loser") == 0 else "win"
    return "win" if log.outcome.get("winner") == 0 else "loss"


def list_saved(limit: int | None = None, skip_empty: bool = False) -> list[SavedGame]:
    """The saved games, the most recently played first (by the file's time);
    with ``skip_empty``, none of the games without a move that versions
    before saving from the first move wrote (they pushed real games out of
    a short list)."""
    folder = games_dir()
    files = sorted(
        folder.glob("*.json") if folder.is_dir() else [],
        key=lambda p: p.stat().st_mtime,
        reverse=True,
    )
    saved: list[SavedGame] = []
    for path in files:
        if limit is not None and len(saved) >= limit:
            break
        try:
            log = load_log(path)
        except SaveError as exc:
            saved.append(SavedGame(path, None, str(exc)))
            continue
        if skip_empty and not log.moves and not log.finished:
            continue
        saved.append(SavedGame(path, log))
    return saved


def find_saved(path: Path) -> Path:
    """A saved game as the player names it: a path, or the bare file name
    that ``cardavia saves`` lists (looked up in the games folder)."""
    if not path.exists() and path.parent == Path():
        listed = games_dir() / path.name
        if listed.exists():
            return listed
    return path


def delete_saved(path: Path) -> Path:
    """Delete a saved game: a file of the games folder, named by its path or
    as ``cardavia saves`` lists it. Raises ``SaveError`` for anything else
    (nothing is deleted outside the folder) and ``OpenElsewhere`` while the
    game is open somewhere (its holder would only write it again)."""
    folder = games_dir().resolve()
    target = find_saved(path).resolve()
    if target.parent != folder or target.suffix != ".json" or not target.is_file():
        raise SaveError(
            _("{path} is not a saved game of {folder}.").format(path=path, folder=folder)
        )
    holder = holder_of(target)
    if holder is not None:
        raise OpenElsewhere(holder)
    target.unlink()
    remove_lock(target)
    return target


def latest_unfinished(game: str | None = None) -> Path | None:
    """The most recently played unfinished game (of ``game``, if given)."""
    for entry in list_saved():
        log = entry.log
        if log is not None and not log.finished and game in (None, log.game):
            return entry.path
    return None


def saved_json(entry: SavedGame) -> dict[str, Any]:
    """A saved game for ``cardavia saves --json`` (never localized)."""
    if entry.log is None:
        return {"file": str(entry.path), "error": entry.error}
    log = entry.log
    return {
        "file": str(entry.path),
        "game": log.game,
        "created": log.created,
        "updated": log.updated,
        "moves": len(log.moves),
        "finished": log.finished,
        "result": entry.result,
        "level": log.levels.get("1"),
        "players": log.players,
        "id": log.id,
        "lang": log.lang,
    }
