"""Every limit, level, policy and game list is the core's: the package passes
the binding's exports through and keeps no copy (``cardavia_core::limits``,
``search::budget``), and a budget refused by the core names its kind, field
and value."""

from __future__ import annotations

from typing import Any

import cardavia
import pytest
from cardavia import InvalidArgumentError, _native, ai
from cardavia.selfplay import MAX_SHARD_GAMES
from cardavia.simulate import MAX_GAMES, MAX_THREADS, POLICIES
from cardavia.tournament import MAX_DEALS


def mover_obs(g: cardavia.Game) -> dict[str, Any]:
    seat = g.current_player
    assert seat is not None
    return g.observation(seat)


PASSED_THROUGH = [
    (ai.MAX_ITERATIONS, "MAX_ITERATIONS"),
    (ai.MAX_TIME_MS, "MAX_TIME_MS"),
    (ai.MAX_THREADS, "MAX_THREADS"),
    (MAX_GAMES, "MAX_GAMES"),
    (MAX_THREADS, "MAX_THREADS"),
    (POLICIES, "POLICIES"),
    (MAX_DEALS, "MAX_DEALS"),
    (MAX_SHARD_GAMES, "MAX_SHARD_GAMES"),
    (ai.DEFAULT_LEVEL, "DEFAULT_LEVEL"),
    (ai.AUTO_ROLLOUTS, "AUTO_ROLLOUTS"),
    (ai.ROLLOUTS, "ROLLOUTS"),
    (ai.PLAYOUTS, "PLAYOUTS"),
    (ai.LEVELS, "LEVELS"),
    (ai.LEVEL_PICKS, "LEVEL_PICKS"),
    (ai.LEVEL_EVERY_CORE, "LEVEL_EVERY_CORE"),
    (ai.DEFAULT_ROLLOUTS, "DEFAULT_ROLLOUTS"),
    (cardavia.GAMES, "GAMES"),
]


@pytest.mark.parametrize(("shown", "name"), PASSED_THROUGH, ids=lambda x: str(x)[:20])
def test_the_package_shows_the_cores_values(shown: object, name: str) -> None:
    assert shown == getattr(_native, name)


def test_the_exports_fit_together() -> None:
    assert ai.DEFAULT_LEVEL in ai.LEVELS
    assert (ai.AUTO_ROLLOUTS, *ai.PLAYOUTS) == ai.ROLLOUTS
    assert set(ai.DEFAULT_ROLLOUTS) == set(cardavia.GAMES)
    assert set(ai.DEFAULT_ROLLOUTS.values()) <= set(ai.PLAYOUTS)
    assert set(ai.LEVEL_PICKS) == set(ai.LEVELS) == set(ai.LEVEL_EVERY_CORE)
    assert MAX_DEALS >= MAX_SHARD_GAMES > 0


def test_no_budget_is_the_default_level_and_auto_the_games_own_rollouts() -> None:
    g = cardavia.new_game("durak", seed=5)
    obs = mover_obs(g)
    default = ai.analyse(obs, seed=2, iterations=300)
    assert ai.analyse(obs, seed=2, iterations=300, rollouts=ai.AUTO_ROLLOUTS) == default
    own = ai.DEFAULT_ROLLOUTS["durak"]
    assert ai.analyse(obs, seed=2, iterations=300, rollouts=own) == default
    assert _native.search_budget(seed=1, threads=1) == (
        ai.LEVELS[ai.DEFAULT_LEVEL],
        None,
        1,
        1,
    )
    assert _native.search_budget(level="hard", seed=1, threads=3)[0] == 3 * ai.LEVELS["hard"]


REFUSED: list[tuple[dict[str, Any], str, str, object]] = [
    ({"iterations": 0}, "integer", "iterations", 0),
    ({"iterations": ai.MAX_ITERATIONS + 1}, "integer", "iterations", ai.MAX_ITERATIONS + 1),
    ({"time_ms": -3}, "integer", "time_ms", -3),
    ({"threads": ai.MAX_THREADS + 1}, "integer", "threads", ai.MAX_THREADS + 1),
    ({"seed": -1}, "integer", "seed", -1),
    # Beyond 64 bits the caller's own int, not a float standing in for it.
    ({"seed": 2**64}, "integer", "seed", 2**64),
    ({"iterations": 2**70}, "integer", "iterations", 2**70),
    ({"threads": -(2**200)}, "integer", "threads", -(2**200)),
    ({"level": "expert"}, "choice", "level", "expert"),
]


@pytest.mark.parametrize(("kwargs", "kind", "field", "value"), REFUSED, ids=repr)
def test_a_refused_budget_is_data(
    kwargs: dict[str, Any], kind: str, field: str, value: object
) -> None:
    arguments: dict[str, Any] = {"seed": 1, "threads": 1, **kwargs}
    with pytest.raises(InvalidArgumentError) as info:
        _native.search_budget(**arguments)
    assert (info.value.kind, info.value.field, info.value.value) == (kind, field, value)


def test_refused_rollouts_and_policies_list_the_cores_choices() -> None:
    obs = mover_obs(cardavia.new_game("durak", seed=5))
    with pytest.raises(InvalidArgumentError) as info:
        ai.choose_move(obs, iterations=10, seed=1, rollouts="clever")
    assert (info.value.kind, info.value.field, info.value.value) == ("choice", "rollouts", "clever")
    assert info.value.detail["choices"] == list(ai.ROLLOUTS)
    with pytest.raises(InvalidArgumentError) as info:
        cardavia.simulate("durak", games=1, policy="greedy")
    assert (info.value.kind, info.value.field) == ("choice", "policy")
    assert info.value.detail["choices"] == list(POLICIES)
    with pytest.raises(InvalidArgumentError) as info:
        cardavia.simulate("durak", games=MAX_GAMES + 1)
    assert (info.value.kind, info.value.field, info.value.detail["high"]) == (
        "integer",
        "games",
        MAX_GAMES,
    )


def test_a_level_takes_one_core_or_every_core(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("os.cpu_count", lambda: 3)
    for level, every in ai.LEVEL_EVERY_CORE.items():
        assert ai.level_threads(level) == (3 if every else 1)
    assert ai.LEVEL_EVERY_CORE["hard"] and not ai.LEVEL_EVERY_CORE["normal"]
    monkeypatch.setattr("os.cpu_count", lambda: 10_000)
    assert ai.level_threads("hard") == ai.MAX_THREADS
    with pytest.raises(cardavia.InvalidArgumentError) as caught:
        ai.level_threads("insane")
    assert (caught.value.kind, caught.value.field, caught.value.value) == (
        "choice",
        "level",
        "insane",
    )
