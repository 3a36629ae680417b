"""Where this computer's web table is: a small file in the user's cardavia
data folder (``web-table.json``) that each ``cardavia web`` writes when it
starts, with its address and the keys of the launches before it.

A page opened from an earlier launch still holds that launch's key, which
the new server would refuse like any stranger's, and its Reconnect could
never succeed. A key this file lists as an earlier launch's was this
user's own (only the user's browser and terminal ever saw it), so the
server may tell that page where the table is now. The earlier keys are kept
as SHA-256 digests only; the file is readable by its owner alone, since it
holds the running server's address with its key.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from ..play.saves import data_dir

FORMAT = "cardavia-web-table"
# Launches remembered: tabs are left open for days, not for hundreds of launches.
KEPT = 16


def address_path() -> Path:
    return data_dir() / "web-table.json"


def key_digest(token: str) -> str:
    """As ``WebOptions.moved_from`` compares it."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def _read() -> dict[str, Any]:
    """The file's record; an empty one if it is missing or damaged (it only
    ever helps: without it an old page is refused as before)."""
    try:
        data = json.loads(address_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) and data.get("format") == FORMAT else {}


def earlier_keys() -> frozenset[str]:
    """The digests of the keys of the launches before this one."""
    return frozenset(_earlier(_read()))


def _earlier(record: dict[str, Any]) -> list[str]:
    listed = record.get("earlier")
    keys = [k for k in listed if isinstance(k, str)] if isinstance(listed, list) else []
    current = record.get("key")
    if isinstance(current, str):
        keys.insert(0, current)
    return keys[:KEPT]


def record_launch(url: str, token: str) -> None:
    """This launch is the table now: its address, and the launches before
    it. A folder that cannot be written costs only the moved notice."""
    record = _read()
    earlier = [k for k in _earlier(record) if k != key_digest(token)]
    data = {
        "format": FORMAT,
        "url": url,
        "pid": os.getpid(),
        "key": key_digest(token),
        "earlier": earlier[:KEPT],
    }
    path = address_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        # mkstemp makes the file readable by its owner only (0600).
        fd, tmp = tempfile.mkstemp(prefix=".web-table.", suffix=".tmp", dir=path.parent)
    except OSError:
        return
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(data, handle, indent=1)
            handle.write("\n")
        os.replace(tmp, path)
    except OSError:
        with contextlib.suppress(OSError):
            Path(tmp).unlink()
