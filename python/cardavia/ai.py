"""The AI: information-set MCTS that sees only an observation.

``choose_move`` and ``analyse`` search in the Rust core with the GIL
released; ``engine="reference"`` runs the same algorithm in pure Python
(``cardavia.reference.ismcts``), slowly, for comparison.
"""

from __future__ import annotations

import os
import random
from collections.abc import Mapping
from typing import Any

from .errors import InvalidArgumentError, InvalidStateError
from .reference import ismcts as reference_ismcts
from .reference.worlds import check_observation, deal_world

__all__ = [
    "DEFAULT_ROLLOUTS",
    "LEVELS",
    "MAX_ITERATIONS",
    "MAX_THREADS",
    "MAX_TIME_MS",
    "analyse",
    "choose_move",
]

#: The rollout policy each game searches with by default, chosen by
#: measurement (docs/AI.md): the informed policy won 67.5% of a duplicate
#: match against random rollouts in perevodnoy; in Durak (46%) and
#: Schnapsen (48%) it did not measure stronger, so they keep random rollouts.
DEFAULT_ROLLOUTS: dict[str, str] = {
    "durak": "random",
    "perevodnoy": "informed",
    "schnapsen": "random",
}

#: Iteration budgets of the difficulty levels.
LEVELS: dict[str, int] = {"easy": 1_000, "normal": 20_000, "hard": 100_000}
MAX_ITERATIONS = 100_000_000
MAX_TIME_MS = 600_000
MAX_THREADS = 256


def _check_budget(
    iterations: object, time_ms: object, level: object
) -> tuple[int | None, int | None]:
    if level is not None:
        if not isinstance(level, str):
            raise TypeError(f"level must be a string, got {type(level).__name__}")
        if level not in LEVELS:
            raise InvalidArgumentError(
                f"unknown level {level!r}; choose one of {', '.join(LEVELS)}"
            )
        if iterations is None and time_ms is None:
            iterations = LEVELS[level]
    for name, value, high in (
        ("iterations", iterations, MAX_ITERATIONS),
        ("time_ms", time_ms, MAX_TIME_MS),
    ):
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"{name} must be an integer, got {type(value).__name__}")
        if not 1 <= value <= high:
            raise InvalidArgumentError(f"{name} must be between 1 and {high}, got {value}")
    if iterations is None and time_ms is None:
        iterations = LEVELS["normal"]
    return iterations, time_ms  # type: ignore[return-value]


def _check_seed(seed: object) -> int:
    if seed is None:
        return int.from_bytes(os.urandom(8), "little")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be an integer, got {type(seed).__name__}")
    if not 0 <= seed < 2**64:
        raise InvalidArgumentError(f"seed must be between 0 and 2**64-1, got {seed}")
    return seed


def _check_threads(threads: object) -> int:
    if isinstance(threads, bool) or not isinstance(threads, int):
        raise TypeError(f"threads must be an integer, got {type(threads).__name__}")
    if not 1 <= threads <= MAX_THREADS:
        raise InvalidArgumentError(f"threads must be between 1 and {MAX_THREADS}, got {threads}")
    return threads


def _template(observation: object, seed: int) -> tuple[str, list[str]]:
    """A full state consistent with ``observation`` (its hidden cards placed
    at random; the search deals them anew every iteration) and the cards the
    opponent may hold. Building it checks the observation whole."""
    template = check_observation(observation)
    if not observation["legal_moves"]:  # type: ignore[index]
        raise InvalidStateError(kind="not_to_move", field="legal_moves", value=[])
    world = deal_world(template, random.Random(seed))
    return world.to_json(), template.allowed


def analyse(
    observation: Mapping[str, Any],
    *,
    iterations: int | None = None,
    time_ms: int | None = None,
    seed: int | None = None,
    threads: int = 1,
    level: str | None = None,
    engine: str = "rust",
    rollouts: str = "auto",
) -> list[dict[str, Any]]:
    """Every legal move with its visit count and estimated value (the chance
    of winning, in [0, 1]), most visited first."""
    return _search(observation, iterations, time_ms, seed, threads, level, engine, rollouts, False)


def _search(
    observation: Mapping[str, Any],
    iterations: object,
    time_ms: object,
    seed: object,
    threads: object,
    level: object,
    engine: str,
    rollouts: str,
    settle: bool,
) -> list[dict[str, Any]]:
    """``analyse``; with ``settle`` an iteration budget stops as soon as the
    most visited move can no longer be overtaken (the same move, sooner)."""
    budget_iterations, budget_time = _check_budget(iterations, time_ms, level)
    chosen_seed = _check_seed(seed)
    thread_count = _check_threads(threads)
    if rollouts not in ("auto", "informed", "random"):
        raise InvalidArgumentError(
            f"unknown rollouts {rollouts!r}; choose auto, informed or random"
        )
    if engine not in ("rust", "reference"):
        raise InvalidArgumentError(f"unknown engine {engine!r}; choose rust or reference")
    template, allowed = _template(observation, chosen_seed)
    legal: list[str] = list(observation["legal_moves"])
    if engine == "reference":
        stats = reference_ismcts.analyse(
            dict(observation), budget_iterations, chosen_seed, budget_time, settle=settle
        )
        found = [(s["move"], s["visits"], s["value"]) for s in stats]
    else:
        from . import _native

        found = _native.ai_analyse(
            template,
            int(observation["seat"]),
            allowed,
            budget_iterations,
            budget_time,
            chosen_seed,
            thread_count,
            (DEFAULT_ROLLOUTS.get(str(observation["game"])) if rollouts == "auto" else rollouts)
            == "informed",
            settle,
        )
    seen = {move for move, _, _ in found}
    result = [{"move": m, "visits": v, "value": x} for m, v, x in found]
    result += [{"move": m, "visits": 0, "value": 0.0} for m in legal if m not in seen]
    return result


def choose_move(
    observation: Mapping[str, Any],
    *,
    iterations: int | None = None,
    time_ms: int | None = None,
    seed: int | None = None,
    threads: int = 1,
    level: str | None = None,
    engine: str = "rust",
    rollouts: str = "auto",
) -> str:
    """The move the AI plays: the most visited one. With a seed, an
    iteration budget and one thread the move is always the same, and it is
    the first move ``analyse`` lists for the same arguments: the search only
    stops early once no remaining iteration could change it."""
    legal = observation.get("legal_moves") if isinstance(observation, Mapping) else None
    if isinstance(legal, list) and len(legal) == 1:
        # A forced move needs no search, only the checks.
        _check_budget(iterations, time_ms, level)
        _check_seed(seed)
        _check_threads(threads)
        _template(observation, 0)
        return str(legal[0])
    stats = _search(observation, iterations, time_ms, seed, threads, level, engine, rollouts, True)
    return str(stats[0]["move"])
