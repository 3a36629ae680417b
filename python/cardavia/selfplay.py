"""Self-play data: the AI against itself, every decision written to Parquet
shards (pyarrow, the ``[ray]`` extra), deterministic for a seed.

Game ``i`` of a run seeded ``s`` is dealt from ``tournament.deal_seed(s, i)``
and each move is searched by ``cardavia.ai.analyse`` at the level, with the
tournament's ``move_seed``; the move played is the most visited one, so a
game is the one ``cardavia.tournament(game, level, level, seed=s)`` plays as
deal ``i`` with A in seat 0. Every game is a job of its own, so even a run
of one shard plays its games on every worker; shard ``k`` holds games
``k * shard_games`` onwards, and the driver writes it whole (a temporary
file renamed) once its last game is in, so a run started again with the
same arguments and directory keeps the shards it finds and plays only the
others. One row per decision:

| column | type | meaning |
|---|---|---|
| ``game_index`` | int64 | the game's number in the run |
| ``deal_seed`` | uint64 | the seed it was dealt from |
| ``ply`` | int32 | the move's number in the game, from 0 |
| ``seat`` | int8 | the seat to move |
| ``observation`` | string | ``Game.observation(seat)`` as JSON (keys sorted), docs/SCHEMA.md |
| ``tensor`` | list<float32> | that seat's observation tensor (``cardavia.envs``, SCHEMA.md) |
| ``legal_moves`` | list<string> | the observation's legal moves, in its order |
| ``legal_actions`` | list<int32> | their action ids (``cardavia.envs``): the legal-move mask |
| ``visits`` | list<int64> | the search's visits of each legal move, in that order |
| ``values`` | list<float64> | its value of each (the mover's mean reward in [0, 1]) |
| ``move`` | string | the move played |
| ``action`` | int32 | its action id |
| ``winner`` | int8, null for a draw | the seat that won the game (Schnapsen: the match) |
| ``reward`` | float64 | the final result for ``seat``: 1 won, ½ drawn, 0 lost |

The observation is kept whole as JSON text (``json.loads`` rebuilds it),
beside the fixed-length tensor a learner feeds on, the one
``cardavia.envs`` gives for the same seat. The visits are the search's
visit distribution over the legal moves, the policy target of
``cardavia.train``; ``iterations`` searches every move with that budget
instead of the level's (the level still decides how the move is picked),
for data cheaper than the level's own search; ``worlds`` deals its worlds
as ``cardavia.ai`` does (each game's own by default) and is recorded.
"""

from __future__ import annotations

import json
import os
import threading
from array import array
from collections.abc import Callable
from pathlib import Path
from typing import Any

from . import _native, ai, distributed
from .api import check_game, new_game
from .errors import InvalidArgumentError
from .rng import MASK64
from .tournament import MAX_DEALS, check_level, check_threads, deal_seed, move_seed

__all__ = ["COLUMNS", "MAX_SHARD_GAMES", "selfplay"]

#: The Parquet schema, as (name, pyarrow type name) pairs.
COLUMNS = (
    ("game_index", "int64"),
    ("deal_seed", "uint64"),
    ("ply", "int32"),
    ("seat", "int8"),
    ("observation", "string"),
    ("tensor", "list<float32>"),
    ("legal_moves", "list<string>"),
    ("legal_actions", "list<int32>"),
    ("visits", "list<int64>"),
    ("values", "list<float64>"),
    ("move", "string"),
    ("action", "int32"),
    ("winner", "int8"),
    ("reward", "float64"),
)
#: The most games one shard holds: the core's limit.
MAX_SHARD_GAMES: int = _native.MAX_SHARD_GAMES
#: Written into every shard's metadata, with the run's arguments.
KIND = "cardavia-selfplay"
#: 2: the ``tensor`` column; 3: ``legal_actions``, ``action`` and the
#: ``iterations`` of the run.
VERSION = 3


def _check_int(value: object, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an integer, got {type(value).__name__}")
    if not low <= value <= high:
        raise InvalidArgumentError(kind="integer", field=name, value=value, low=low, high=high)
    return value


def play_shard(
    game: str,
    level: str,
    seed: int,
    first: int,
    count: int,
    iterations: int | None = None,
    worlds: str = ai.AUTO_WORLDS,
) -> dict[str, list[Any]]:
    """The rows of games ``first`` to ``first + count - 1``, column by
    column (plain lists: a worker needs no pyarrow)."""
    columns: dict[str, list[Any]] = {name: [] for name, _ in COLUMNS}
    actions = {name: i for i, name in enumerate(_native.ENVS[game]["action_names"])}
    for index in range(first, first + count):
        dealt = deal_seed(seed, index)
        g = new_game(game, seed=dealt)
        # The same deal by action ids, for the core's tensors.
        env = _native.Env(game, dealt)
        start = len(columns["ply"])
        ply = 0
        while not g.is_over:
            seat = g.current_player
            assert seat is not None
            observation = g.observation(seat)
            searched = move_seed(dealt, ply)
            stats = ai.analyse(
                observation, level=level, iterations=iterations, seed=searched, worlds=worlds
            )
            by_move = {str(row["move"]): row for row in stats}
            legal = [str(m) for m in observation["legal_moves"]]
            # The move the level plays: the most visited, or drawn as easy draws it.
            move = str(stats[0]["move"])
            if ai.LEVEL_PICKS[level] != "best":
                move = ai.choose_move(
                    observation, level=level, iterations=iterations, seed=searched, worlds=worlds
                )
            columns["game_index"].append(index)
            columns["deal_seed"].append(dealt)
            columns["ply"].append(ply)
            columns["seat"].append(seat)
            columns["observation"].append(json.dumps(observation, sort_keys=True))
            columns["tensor"].append(array("f", env.tensor(seat)).tolist())
            columns["legal_moves"].append(legal)
            columns["legal_actions"].append([actions[m] for m in legal])
            columns["visits"].append([int(by_move[m]["visits"]) for m in legal])
            columns["values"].append([float(by_move[m]["value"]) for m in legal])
            columns["move"].append(move)
            columns["action"].append(actions[move])
            g.play(move)
            env.apply_action(actions[move])
            ply += 1
        assert g.outcome is not None
        winner = g.outcome["winner"]
        for row in range(start, len(columns["ply"])):
            columns["winner"].append(winner)
            mover = columns["seat"][row]
            columns["reward"].append(0.5 if winner is None else float(winner == mover))
    return columns


def _metadata(
    game: str,
    level: str,
    iterations: int | None,
    worlds: str,
    seed: int,
    first: int,
    count: int,
) -> dict[str, str]:
    return {
        "kind": KIND,
        "version": str(VERSION),
        "game": game,
        "level": level,
        "iterations": "level" if iterations is None else str(iterations),
        "worlds": worlds,
        "seed": str(seed),
        "first_game": str(first),
        "games": str(count),
    }


def _schema(pa: Any, metadata: dict[str, str]) -> Any:
    types = {
        "int64": pa.int64(),
        "uint64": pa.uint64(),
        "int32": pa.int32(),
        "int8": pa.int8(),
        "string": pa.string(),
        "float64": pa.float64(),
        "list<float32>": pa.list_(pa.float32()),
        "list<string>": pa.list_(pa.string()),
        "list<int32>": pa.list_(pa.int32()),
        "list<int64>": pa.list_(pa.int64()),
        "list<float64>": pa.list_(pa.float64()),
    }
    return pa.schema([(name, types[kind]) for name, kind in COLUMNS], metadata=metadata)


def _existing(pq: Any, path: Path, metadata: dict[str, str]) -> bool:
    """Whether ``path`` is this shard already written; a file of another
    run, or none that Parquet reads, is refused rather than overwritten."""
    if not path.exists():
        return False
    try:
        found = pq.read_schema(path).metadata or {}
    except (OSError, ValueError) as exc:
        raise InvalidArgumentError(
            kind="other_run", field="out", value=str(path), theirs=f"unreadable: {exc}"
        ) from None
    theirs = {k.decode(): v.decode() for k, v in found.items() if k.decode() in metadata}
    if b"kind" in found:
        # Shards written before ``worlds=`` searched uniform worlds.
        theirs.setdefault("worlds", ai.UNIFORM_WORLDS)
    if theirs != metadata:
        shown = ", ".join(f"{k}={v}" for k, v in sorted(theirs.items())) or "no cardavia metadata"
        raise InvalidArgumentError(kind="other_run", field="out", value=str(path), theirs=shown)
    return True


def selfplay(
    game: str,
    *,
    games: int = 100,
    level: str = "normal",
    iterations: int | None = None,
    seed: int = 0,
    out: str | os.PathLike[str] = "selfplay",
    shard_games: int = 100,
    threads: int | None = None,
    worlds: str = ai.AUTO_WORLDS,
    backend: str = "local",
    address: str | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """Play ``games`` games of the AI at ``level`` against itself and write
    their decisions to ``out/shard-NNNNN.parquet`` (see the module). Locally
    on ``threads`` threads, or each game a Ray task (``backend="ray"``,
    ``address`` as for ``cardavia.tournament``). ``progress(done, total)``
    counts shards. ``worlds`` is the search's (``cardavia.ai``), recorded
    as the game's own under "auto". Returns the shards' paths, ``rows`` (in every shard, the
    kept ones too), ``new_rows`` (played by this call) and the number of
    shards kept from an earlier run (``resumed_shards``)."""
    name = check_game(game)
    chosen = distributed.check_backend(backend, address)
    _check_int(games, "games", 1, MAX_DEALS)
    _check_int(seed, "seed", 0, MASK64)
    _check_int(shard_games, "shard_games", 1, MAX_SHARD_GAMES)
    check_level(level)
    if iterations is not None:
        _check_int(iterations, "iterations", 1, _native.MAX_ITERATIONS)
    if threads is not None:
        check_threads(threads)
    if not isinstance(worlds, str):
        raise TypeError(f"worlds must be a string, got {type(worlds).__name__}")
    if worlds not in ai.WORLDS:
        raise InvalidArgumentError(
            kind="choice", field="worlds", value=worlds, choices=list(ai.WORLDS)
        )
    if worlds == ai.AUTO_WORLDS:
        worlds = ai.DEFAULT_WORLDS[name]
    pa = distributed.require("pyarrow", "pyarrow", field="format", value="parquet")
    pq = distributed.require("pyarrow.parquet", "pyarrow", field="format", value="parquet")
    folder = Path(out)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InvalidArgumentError(kind="corrupt", field="out", what=str(exc)) from None
    shards = [(k, k * shard_games, min(shard_games, games - k * shard_games))
              for k in range((games + shard_games - 1) // shard_games)]  # fmt: skip
    paths = {k: folder / f"shard-{k:05d}.parquet" for k, _, _ in shards}
    kept = [
        s
        for s in shards
        if _existing(pq, paths[s[0]], _metadata(name, level, iterations, worlds, seed, *s[1:]))
    ]
    kept_rows = sum(pq.read_metadata(paths[k]).num_rows for k, _, _ in kept)
    playing = [s for s in shards if s not in kept]
    # One job a game, so that a run of one shard still uses every worker.
    jobs = [(s, index) for s in playing for index in range(s[1], s[1] + s[2])]
    games_in: dict[int, dict[int, dict[str, list[Any]]]] = {s[0]: {} for s in playing}
    rows = [0]
    written: list[int] = []
    lock = threading.Lock()
    if progress is not None and kept:
        progress(len(kept), len(shards))

    def write(shard: tuple[int, int, int], columns: dict[str, list[Any]]) -> Path:
        k, first, count = shard
        schema = _schema(pa, _metadata(name, level, iterations, worlds, seed, first, count))
        table = pa.Table.from_pydict(columns, schema=schema)
        path = paths[k]
        temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        pq.write_table(table, temporary)
        os.replace(temporary, path)
        with lock:
            rows[0] += table.num_rows
            written.append(k)
            done = len(kept) + len(written)
        if progress is not None:
            progress(done, len(shards))
        return path

    def finish(job: tuple[tuple[int, int, int], int], columns: dict[str, list[Any]]) -> None:
        shard, index = job
        with lock:
            played = games_in[shard[0]]
            played[index] = columns
            whole = len(played) == shard[2]
            if whole:
                del games_in[shard[0]]
        if whole:
            # The shard's games in their order, whichever finished first.
            ordered = [played[i] for i in sorted(played)]
            write(shard, {c: [v for g in ordered for v in g[c]] for c, _ in COLUMNS})

    distributed.each(
        play_shard,
        jobs,
        lambda job: (name, level, seed, job[1], 1, iterations, worlds),
        finish,
        backend=chosen,
        address=address,
        threads=threads,
    )
    return {
        "game": name,
        "level": level,
        "iterations": iterations,
        "worlds": worlds,
        "seed": seed,
        "games": games,
        "shards": [str(paths[k]) for k, _, _ in shards],
        "rows": kept_rows + rows[0],
        "new_rows": rows[0],
        "resumed_shards": len(kept),
    }
