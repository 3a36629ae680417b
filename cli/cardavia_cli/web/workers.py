"""The threads the table's work runs in, so the event loop only talks:
searches (CPU-bound, the GIL released: one thread per core, since more
would only share the cores and slow every search alike) and saves (fsync
and rename: they wait on the disk, not on a core)."""

from __future__ import annotations

import asyncio
import functools
import os
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from ..play.logged_game import LoggedGame

T = TypeVar("T")

_searches = ThreadPoolExecutor(max_workers=os.cpu_count() or 2, thread_name_prefix="cardavia-ai")
_saves = ThreadPoolExecutor(max_workers=4, thread_name_prefix="cardavia-save")


async def _run(pool: ThreadPoolExecutor, function: Callable[..., T], *args: Any) -> T:
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(pool, functools.partial(function, *args))


async def search(function: Callable[..., T], *args: Any) -> T:
    """A decision or an analysis of the computer."""
    return await _run(_searches, function, *args)


async def save(played: LoggedGame) -> None:
    """Write the game's log; awaited, so one table's writes stay in order."""
    await _run(_saves, played.save)


async def on_disk(function: Callable[..., T], *args: Any) -> T:
    """Other work on the games folder (locks, deletions), off the loop."""
    return await _run(_saves, function, *args)
