"""One saved game, open in one place: a lock file beside the save.

The lock is an ``flock`` on an open file beside the save (``.NAME.json.lock``)
that holds the holder's record: pid, host, where it plays (terminal or web),
since when, and a token made for this opening. The kernel drops an ``flock``
when its process ends, however it ends, so a crashed holder leaves a file
whose lock anyone can take: never a stuck game.

Taking over a game that is open elsewhere puts a new lock file, with the new
holder's token, in the old one's place (``os.replace``). The old holder still
holds its ``flock`` on the file that was replaced, so nothing blocks it; it
learns of the takeover before its next write (``check``: the file at the
lock's path is not its own any more) and stops writing, so the two never
overwrite each other's moves.

Two openings in one process (two browser tabs of one server) are two open
files, and ``flock`` keeps them apart as it keeps two processes apart.
Without ``flock`` (Windows) nothing refuses a second opening: it takes the
game over, and the first is told at its next write, as after a takeover.
Checking costs about 70 µs (two stats and a read of a small file), twice
per save, beside a save's write and fsync of several milliseconds.
"""

from __future__ import annotations

import json
import os
import secrets
import socket
import tempfile
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows has no flock
    fcntl = None  # type: ignore[assignment]

from ..words.open_elsewhere import open_elsewhere_text

WHERE = ("terminal", "web")


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


@dataclass(frozen=True)
class Holder:
    """Who has a game open, as its lock file says."""

    pid: int
    host: str
    where: str
    since: str


def holder_text(holder: Holder | None) -> str:
    """ "This game is open elsewhere" in the player's language."""
    if holder is None:
        return open_elsewhere_text(None, None)
    return open_elsewhere_text(holder.where, holder.since)


class OpenElsewhere(Exception):
    """The game is open in another terminal or tab; nothing was changed."""

    def __init__(self, holder: Holder | None) -> None:
        super().__init__("open elsewhere")
        self.holder = holder

    def text(self) -> str:
        return holder_text(self.holder)


class TakenOver(Exception):
    """The game was taken over elsewhere: this holder must stop writing."""


def lock_path(save: Path) -> Path:
    # Beside the save, hidden and not ``*.json``: the saves list skips it.
    return save.with_name(f".{save.name}.lock")


def _read_holder(path: Path) -> tuple[Holder | None, str | None]:
    """The record of a lock file and its token (None, None if unreadable)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        holder = Holder(
            pid=int(data["pid"]),
            host=str(data["host"]),
            where=str(data["where"]),
            since=str(data["since"]),
        )
        return holder, str(data["token"])
    except (OSError, ValueError, KeyError, TypeError):
        return None, None


def _record(where: str, token: str) -> bytes:
    data: dict[str, Any] = {
        "pid": os.getpid(),
        "host": socket.gethostname(),
        "where": where,
        "since": now(),
        "token": token,
    }
    return json.dumps(data).encode("utf-8")


def _try_flock(fd: int) -> bool:
    if fcntl is None:  # pragma: no cover - Windows
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def _same_file(fd: int, path: Path) -> bool:
    try:
        mine, there = os.fstat(fd), os.stat(path)
    except OSError:
        return False
    return (mine.st_dev, mine.st_ino) == (there.st_dev, there.st_ino)


class GameLock:
    """The lock of one opening of one saved game."""

    def __init__(self, save: Path, fd: int, token: str) -> None:
        self.save = save
        self.path = lock_path(save)
        self._fd: int | None = fd
        self.token = token

    @classmethod
    def acquire(cls, save: Path, where: str, *, take_over: bool = False) -> GameLock:
        """Lock ``save`` for this opening. Raises ``OpenElsewhere`` if it is
        open elsewhere, unless ``take_over``: then this opening has it and
        the other one stops at its next write."""
        assert where in WHERE
        path = lock_path(save)
        path.parent.mkdir(parents=True, exist_ok=True)
        token = secrets.token_hex(16)
        while True:
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
            if not _try_flock(fd):
                os.close(fd)
                if not take_over:
                    raise OpenElsewhere(_read_holder(path)[0])
                return cls._take(save, where, token)
            # Another opening may have replaced the file between our open
            # and our flock: then ours is not the lock any more; again.
            if not _same_file(fd, path):
                os.close(fd)
                continue
            os.ftruncate(fd, 0)
            os.pwrite(fd, _record(where, token), 0)
            return cls(save, fd, token)

    @classmethod
    def _take(cls, save: Path, where: str, token: str) -> GameLock:
        path = lock_path(save)
        fd, tmp = tempfile.mkstemp(prefix=f"{path.name}.", suffix=".tmp", dir=path.parent)
        try:
            # A fresh file nobody else has open: the flock is ours at once.
            _try_flock(fd)
            os.write(fd, _record(where, token))
            os.replace(tmp, path)
        except BaseException:
            os.close(fd)
            Path(tmp).unlink(missing_ok=True)
            raise
        return cls(save, fd, token)

    @property
    def held(self) -> bool:
        """True while no other opening has taken the game over."""
        if self._fd is None or not _same_file(self._fd, self.path):
            return False
        _holder, token = _read_holder(self.path)
        return token == self.token

    def check(self) -> None:
        """Raise ``TakenOver`` if the game was taken over elsewhere."""
        if not self.held:
            raise TakenOver

    def release(self) -> None:
        """Let go (at the end, or on leaving the game): the lock file goes
        too, unless another opening has put its own in its place."""
        if self._fd is None:
            return
        try:
            # Removed while our flock still stands: an opening waiting for
            # it finds the file gone and makes its own (``acquire``'s loop).
            # A takeover between this check and the unlink would lose its
            # file and stop at its next write, telling its player: a game
            # is never written from two places, at worst from none.
            if self.held:
                self.path.unlink(missing_ok=True)
        finally:
            fd, self._fd = self._fd, None
            os.close(fd)


def holder_of(save: Path) -> Holder | None:
    """Who holds ``save`` open now, if anyone (a dead holder does not)."""
    path = lock_path(save)
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return None
    try:
        if _try_flock(fd):
            return None
        return _read_holder(path)[0] or Holder(0, "", "terminal", "")
    finally:
        os.close(fd)


def remove_lock(save: Path) -> None:
    """Remove the lock file of a deleted save (no one holds it)."""
    lock_path(save).unlink(missing_ok=True)
