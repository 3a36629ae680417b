"""The threads the table's work runs in, so the event loop only talks:
searches (CPU-bound, the GIL released: one thread per core, since more
would only share the cores and slow every search alike) and files (saved
games written with fsync, listed, opened: they wait on the disk, not on a
core). Every other table's messages are answered while they run.

Work still waiting for its thread when its page leaves is dropped: the
connection's task is cancelled, and so is the pool's queued call (one
already running finishes, its answer unsent). A save is the exception: the
move it records was made, so the file is written whatever the page does.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import os
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from ..play.logged_game import LoggedGame

T = TypeVar("T")

_searches = ThreadPoolExecutor(max_workers=os.cpu_count() or 2, thread_name_prefix="cardavia-ai")
_files = ThreadPoolExecutor(max_workers=4, thread_name_prefix="cardavia-files")


async def _run(pool: ThreadPoolExecutor, function: Callable[..., T], *args: Any) -> T:
    loop = asyncio.get_running_loop()
    # The thread speaks the page's language (``speaking`` is a context
    # variable, which run_in_executor alone would not carry over).
    context = contextvars.copy_context()
    return await loop.run_in_executor(pool, functools.partial(context.run, function, *args))


async def search(function: Callable[..., T], *args: Any) -> T:
    """A decision or an analysis of the computer."""
    return await _run(_searches, function, *args)


async def save(played: LoggedGame) -> None:
    """Write the game's log; awaited, so one table's writes stay in order,
    and shielded, so a page that leaves meanwhile does not lose the move."""
    await asyncio.shield(_run(_files, played.save))


async def on_disk(function: Callable[..., T], *args: Any) -> T:
    """Other work on the games folder: the list, a game to open (and lock),
    a deletion."""
    return await _run(_files, function, *args)
