"""Running many independent jobs on a Ray cluster: tournament games, game
analyses, self-play shards.

A job is a call of a module-level function with plain arguments; each runs
as one Ray task and its result comes back to the driver, which alone writes
files (a journal, Parquet shards), so a cluster needs no shared disk. Every
job is determined by its arguments (seeds included), so a task that Ray
runs again, after an exception or a lost worker, gives the same result;
the driver takes each job's result once. At most ``window`` tasks are under
way at a time, and Ctrl-C cancels them.

Ray is optional (``pip install './[ray]'``): it is imported only here, and
only when a caller asks for ``backend="ray"``.
"""

from __future__ import annotations

import contextlib
import importlib
import os
from collections.abc import Callable, Generator, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from .ai import MAX_THREADS
from .errors import CardaviaError, InvalidArgumentError, MissingDependencyError

__all__ = [
    "BACKENDS",
    "INSTALL",
    "check_backend",
    "cluster_cpus",
    "connect",
    "each",
    "require",
    "run",
]

#: Where jobs run: threads of this process, or tasks of a Ray cluster.
BACKENDS = ("local", "ray")
#: How to install the optional packages of the Ray backend.
INSTALL = "'./[ray]'"
#: How often Ray runs a task again after it raised or its worker was lost.
RETRIES = 3
#: How long the driver waits for results before it looks again (Ctrl-C is
#: seen at least this often).
POLL_SECONDS = 0.5

Job = TypeVar("Job")
Result = TypeVar("Result")
Done = TypeVar("Done")

_REMOTE: dict[Callable[..., Any], Any] = {}


def check_backend(backend: object, address: object) -> str:
    """``backend`` checked; an address makes sense only for Ray."""
    if backend not in BACKENDS:
        raise InvalidArgumentError(
            kind="choice", field="backend", value=backend, choices=list(BACKENDS)
        )
    if address is not None and not isinstance(address, str):
        raise TypeError(f"address must be a string, got {type(address).__name__}")
    if address is not None and backend != "ray":
        raise InvalidArgumentError(kind="needs_ray", field="address", value=address)
    return str(backend)


def require(module: str, package: str, field: str = "backend", value: str = "ray") -> Any:
    """Import an optional module, or say how to install it."""
    try:
        return importlib.import_module(module)
    except ImportError:
        raise MissingDependencyError(
            kind="missing_dependency", field=field, value=value, package=package, install=INSTALL
        ) from None


def connect(address: str | None) -> Any:
    """The ``ray`` module, connected: a program that already called
    ``ray.init`` keeps its connection; otherwise ``address`` (``None``:
    ``RAY_ADDRESS`` or a new local instance; ``"auto"``: the cluster of
    this machine; ``"ray://HOST:PORT"``: a remote cluster's client port)."""
    ray = require("ray", "Ray")
    if ray.is_initialized():
        return ray
    try:
        ray.init(address=address, log_to_driver=False, configure_logging=False)
    except (ConnectionError, ValueError, RuntimeError, TimeoutError) as exc:
        reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise InvalidArgumentError(
            kind="ray_address", field="address", value=address, reason=reason
        ) from None
    return ray


def cluster_cpus(ray: Any) -> int:
    """The CPUs of the connected cluster (at least 1)."""
    return max(1, int(ray.cluster_resources().get("CPU", 1)))


def _remote(ray: Any, function: Callable[..., Any], retries: int) -> Any:
    if function not in _REMOTE:
        _REMOTE[function] = ray.remote(function)
    return _REMOTE[function].options(max_retries=retries, retry_exceptions=True)


def run(
    function: Callable[..., Result],
    jobs: Sequence[Job],
    arguments: Callable[[Job], tuple[Any, ...]],
    *,
    address: str | None,
    window: int | None = None,
    retries: int = RETRIES,
) -> Generator[tuple[Job, Result], None, None]:
    """Run ``function(*arguments(job))`` for every job on Ray; yield each
    job with its result as it finishes (in any order). An exception a task
    still raises after its retries is raised here as the task raised it (a
    ``CardaviaError`` with its parts); a task lost beyond its retries raises
    ``CardaviaError`` of kind ``ray_task``. Closing the iterator, or Ctrl-C,
    cancels the tasks under way."""
    ray = connect(address)
    remote = _remote(ray, function, retries)
    limit = window if window is not None else cluster_cpus(ray)
    waiting = list(reversed(jobs))
    pending: dict[Any, Job] = {}
    try:
        while waiting or pending:
            while waiting and len(pending) < limit:
                job = waiting.pop()
                pending[remote.remote(*arguments(job))] = job
            ready, _ = ray.wait(list(pending), num_returns=1, timeout=POLL_SECONDS)
            for ref in ready:
                job = pending.pop(ref)
                yield job, _result(ray, ref, job)
    finally:
        for ref in pending:
            ray.cancel(ref)


def _result(ray: Any, ref: Any, job: Any) -> Any:
    try:
        return ray.get(ref)
    except ray.exceptions.RayTaskError as exc:
        cause = exc.cause if isinstance(exc.cause, Exception) else None
        if isinstance(cause, (CardaviaError, TypeError, ValueError)):
            raise cause from None
        raise CardaviaError(
            kind="ray_task", field="job", value=job, reason=str(cause or exc).splitlines()[0]
        ) from None
    except ray.exceptions.RayError as exc:
        # The worker or its node was lost more often than the retries allow.
        raise CardaviaError(
            kind="ray_task", field="job", value=job, reason=type(exc).__name__
        ) from None


def each(
    task: Callable[..., Result],
    jobs: Sequence[Job],
    arguments: Callable[[Job], tuple[Any, ...]],
    finish: Callable[[Job, Result], Done],
    *,
    backend: str,
    address: str | None = None,
    threads: int | None = None,
    local: Callable[..., Result] | None = None,
) -> dict[Job, Done]:
    """``finish(job, task(*arguments(job)))`` for every job, by job.

    ``local``: on threads of this process (``threads``, by default every
    core), calling ``local`` when given in place of ``task``; ``finish``
    runs on the thread that did the job, as soon as it is done, and on Ctrl-C
    or a failure no further job starts. ``ray``: each job a task (``run``),
    ``finish`` on this thread as results come back."""
    if backend == "ray":
        results = run(task, jobs, arguments, address=address, window=threads)
        with contextlib.closing(results):
            return {job: finish(job, result) for job, result in results}
    call = local or task
    workers = threads or min(os.cpu_count() or 1, MAX_THREADS)
    # On Ctrl-C or a failed job, `map` cancels the jobs not started.
    with ThreadPoolExecutor(max_workers=workers) as pool:
        done = pool.map(lambda job: finish(job, call(*arguments(job))), jobs)
        return dict(zip(jobs, done, strict=True))
