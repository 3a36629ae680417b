"""The AI: information-set MCTS that sees only an observation.

``choose_move`` and ``analyse`` read and check the observation and search in
the Rust core with the GIL released; every argument is checked there, and
the limits are the core's. ``engine="reference"`` runs the same algorithm
in pure Python (``cardavia.reference.ismcts``), slowly, for comparison.
``sample_world`` deals one world consistent with an observation: the
information state resampled, as research tools want it.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from . import _native
from .api import ENGINES
from .errors import InvalidArgumentError

__all__ = [
    "AUTO_ROLLOUTS",
    "AUTO_WORLDS",
    "DEFAULT_LEVEL",
    "DEFAULT_ROLLOUTS",
    "DEFAULT_WORLDS",
    "LEVELS",
    "LEVEL_EVERY_CORE",
    "LEVEL_PICKS",
    "MAX_ITERATIONS",
    "MAX_THREADS",
    "MAX_TIME_MS",
    "PLAYOUTS",
    "ROLLOUTS",
    "UNIFORM_WORLDS",
    "WORLDS",
    "analyse",
    "choose_move",
    "level_threads",
    "sample_world",
]

#: The rollout policy each game searches with by default, chosen by
#: measurement (docs/AI.md).
DEFAULT_ROLLOUTS: dict[str, str] = dict(_native.DEFAULT_ROLLOUTS)
#: The ways a search can play out its rollouts (``rollouts=``, besides "auto").
PLAYOUTS: tuple[str, ...] = _native.PLAYOUTS
#: ``rollouts=`` for each game's own (``DEFAULT_ROLLOUTS``): "auto".
AUTO_ROLLOUTS: str = _native.AUTO_ROLLOUTS
#: Everything ``rollouts=`` accepts: ``AUTO_ROLLOUTS``, then ``PLAYOUTS``.
ROLLOUTS: tuple[str, ...] = _native.ROLLOUTS
#: How ``worlds=`` may deal the search's worlds: "auto" (each game's own,
#: ``DEFAULT_WORLDS``), "uniform" within what the seat knows, or
#: "inferred", weighed by how likely the opponent's recent moves were in
#: them under the shipped move model (docs/AI.md, "Inference").
WORLDS: tuple[str, ...] = _native.WORLDS
#: ``worlds=`` for each game's own (``DEFAULT_WORLDS``), the default: "auto".
AUTO_WORLDS: str = WORLDS[0]
#: Worlds dealt uniformly within what the seat knows: "uniform".
UNIFORM_WORLDS: str = WORLDS[1]
#: How each game deals its worlds with "auto", chosen by measurement.
DEFAULT_WORLDS: dict[str, str] = dict(_native.DEFAULT_WORLDS)
#: Iteration budgets of the difficulty levels, per thread: ``easy`` also
#: picks its move plausibly (by visits squared) instead of the best.
LEVELS: dict[str, int] = dict(_native.LEVELS)
#: How each level picks its move from the search: "best" (the most visited)
#: or "plausible" (drawn by visits squared: a beginner's mistakes).
LEVEL_PICKS: dict[str, str] = dict(_native.LEVEL_PICKS)
#: Which levels search on every core (``level_threads``), the others on one.
LEVEL_EVERY_CORE: dict[str, bool] = dict(_native.LEVEL_EVERY_CORE)
#: The level of a search given no budget.
DEFAULT_LEVEL: str = _native.DEFAULT_LEVEL
MAX_ITERATIONS: int = _native.MAX_ITERATIONS
MAX_TIME_MS: int = _native.MAX_TIME_MS
MAX_THREADS: int = _native.MAX_THREADS


def level_threads(level: str) -> int:
    """The threads a level searches with on this machine: every core (up to
    ``MAX_THREADS``) for a level that takes them, else one."""
    if level not in LEVELS:
        raise InvalidArgumentError(kind="choice", field="level", value=level, choices=list(LEVELS))
    return min(os.cpu_count() or 1, MAX_THREADS) if LEVEL_EVERY_CORE[level] else 1


def _check_engine(engine: object) -> str:
    if engine not in ENGINES:
        raise InvalidArgumentError(
            kind="choice", field="engine", value=engine, choices=list(ENGINES)
        )
    return str(engine)


def _reference(
    observation: Mapping[str, Any],
    settle: bool,
    **budget: Any,
) -> list[dict[str, Any]]:
    """The reference engine's search, with the budget the core checks."""
    iterations, time_ms, seed, _threads = _native.search_budget(**budget)
    from .reference import ismcts

    if not isinstance(observation, Mapping):
        from .reference.checks import fault

        raise fault("object", "observation", observation)
    stats = ismcts.analyse(dict(observation), iterations, seed, time_ms, settle=settle)
    seen = {row["move"] for row in stats}
    legal = [move for move in observation["legal_moves"] if move not in seen]
    return stats + [{"move": move, "visits": 0, "value": 0.0} for move in legal]


def analyse(
    observation: Mapping[str, Any],
    *,
    iterations: int | None = None,
    time_ms: int | None = None,
    seed: int | None = None,
    threads: int = 1,
    level: str | None = None,
    engine: str = "rust",
    rollouts: str = AUTO_ROLLOUTS,
    worlds: str = AUTO_WORLDS,
) -> list[dict[str, Any]]:
    """Every legal move with its visit count and estimated value (the
    searching seat's mean reward in [0, 1]), most visited first."""
    return _search(
        observation,
        False,
        engine,
        iterations=iterations,
        time_ms=time_ms,
        seed=seed,
        threads=threads,
        level=level,
        rollouts=rollouts,
        worlds=worlds,
    )


def _check_uniform(worlds: object) -> None:
    """The reference engine deals uniform worlds only, "auto" included: it
    has no model."""
    if worlds not in (AUTO_WORLDS, UNIFORM_WORLDS):
        raise InvalidArgumentError(
            kind="choice",
            field="worlds",
            value=worlds,
            choices=[AUTO_WORLDS, UNIFORM_WORLDS],
        )


def _search(
    observation: Mapping[str, Any], settle: bool, engine: str, **arguments: Any
) -> list[dict[str, Any]]:
    """``analyse``; with ``settle`` an iteration budget stops as soon as the
    most visited move can no longer be overtaken (the same move, sooner)."""
    if _check_engine(engine) == "reference":
        del arguments["rollouts"]
        _check_uniform(arguments.pop("worlds", AUTO_WORLDS))
        return _reference(observation, settle, **arguments)
    found = _native.analyse(observation, settle=settle, **arguments)
    return [{"move": m, "visits": v, "value": x} for m, v, x in found]


def choose_move(
    observation: Mapping[str, Any],
    *,
    iterations: int | None = None,
    time_ms: int | None = None,
    seed: int | None = None,
    threads: int = 1,
    level: str | None = None,
    engine: str = "rust",
    rollouts: str = AUTO_ROLLOUTS,
    worlds: str = AUTO_WORLDS,
) -> str:
    """The move the AI plays: the most visited one (``easy`` draws it by
    visits squared, to play plausibly rather than best). With a seed, an
    iteration budget and one thread the move is always the same, and it is
    the first move ``analyse`` lists for the same arguments: the search only
    stops early once no remaining iteration could change it."""
    if _check_engine(engine) == "reference":
        _check_uniform(worlds)
        stats = _reference(
            observation,
            True,
            iterations=iterations,
            time_ms=time_ms,
            level=level,
            seed=seed,
            threads=threads,
        )
        return str(stats[0]["move"])
    return _native.choose_move(
        observation,
        iterations=iterations,
        time_ms=time_ms,
        level=level,
        seed=seed,
        threads=threads,
        rollouts=rollouts,
        worlds=worlds,
    )


def sample_world(observation: Mapping[str, Any], *, seed: int | None = None) -> dict[str, Any]:
    """One full state consistent with ``observation`` (any seat's), its
    hidden cards dealt at random; ``cardavia.from_dict`` loads it."""
    return _native.sample_world(observation, seed)
