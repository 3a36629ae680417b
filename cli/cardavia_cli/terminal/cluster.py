"""The ``--ray`` and ``--address`` options of ``tournament`` and
``analyse-games``: the work runs as tasks of a Ray cluster
(``cardavia.distributed``), with a progress bar as on this machine."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from ..words.i18n import N_

__all__ = ["ADDRESS_HELP", "RAY_HELP", "backend", "progress_bar"]

RAY_HELP = N_("Run on a Ray cluster (pip install './[ray]'): a new local one unless --address.")
ADDRESS_HELP = N_(
    "The Ray cluster: auto (the one started on this machine with `ray start`) or "
    "ray://HOST:PORT; implies --ray (default: RAY_ADDRESS, else a new local instance)."
)


def backend(ray: bool, address: str | None) -> str:
    return "ray" if ray or address is not None else "local"


@contextmanager
def progress_bar(console: Console, description: str, total: int) -> Iterator[Callable[[int], None]]:
    """A transient bar of ``total`` steps; yields ``show(done)``."""
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    ) as bar:
        task = bar.add_task(description, total=total)
        yield lambda done: bar.update(task, completed=done)
