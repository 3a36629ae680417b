"""The research adapters against the bare core, measured side by side.

    python benches/bench_envs.py            # the full run (under a minute)
    python benches/bench_envs.py --quick    # a smoke run for CI
    python benches/bench_envs.py --json     # the figures as JSON

For each game, in one run: moves per second of uniformly random play driven
from Python through the bare core (``cardavia.new_game``: ``legal_moves`` +
``play``, the figure of ``bench_engines.py``), through ``cardavia.envs.Env``
(action ids), PettingZoo (``last`` + ``step``), Gymnasium (``step``; the
random opponent's moves count too) and OpenSpiel (``legal_actions`` +
``apply_action``; the chance events of the deals are played but not
counted); then observation tensors per second, for 1,024 environments at a
time (``observation_tensors``, ``TensorBuffer.fill``) and one at a time
(``Env.tensor``). Every figure is the median of interleaved repetitions;
the ratios are of those medians, to the bare core. A last row plays Durak
at a table of four (``players=4`` through every adapter, the core driven
as ``new_game(players=4)``; Gymnasium against three random opponents).
Needs the extras (``pip install './[openspiel,pettingzoo]'``) and the CLI
(``./cli``).
"""

from __future__ import annotations

import argparse
import json
import random
import warnings
from collections.abc import Callable
from typing import Any

import cardavia
import numpy as np
from cardavia.envs import TensorBuffer, gym_env, observation_tensors, pettingzoo_env, table_env
from cardavia_cli.play import measure

Work = Callable[[], int]
BATCH = 1024
#: The table of the last row.
TABLE = 4


def core_moves(game: str, games: int, players: int) -> Work:
    """``measure.driven_moves`` at a table (the duel's is that one)."""
    if players == 2:
        return measure.driven_moves(game, "rust", games)

    def work() -> int:
        moves, rng = 0, random.Random(1)
        for i in range(games):
            g = cardavia.new_game(game, seed=1 + i, players=players)
            while not g.is_over:
                g.play(rng.choice(g.legal_moves()))
                moves += 1
        return moves

    return work


def env_moves(game: str, games: int, players: int = 2) -> Work:
    def work() -> int:
        moves, rng = 0, random.Random(1)
        for i in range(games):
            env = table_env(game, 1 + i, players)
            while not env.is_over:
                env.apply_action(rng.choice(env.legal_actions()))
                moves += 1
        return moves

    return work


def pettingzoo_moves(game: str, games: int, players: int = 2) -> Work:
    def work() -> int:
        moves, rng = 0, np.random.default_rng(1)
        env = pettingzoo_env(game, players=players)
        for i in range(games):
            env.reset(seed=1 + i)
            for _agent in env.agent_iter():
                obs, _, terminated, truncated, _ = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
                moves += 1
        return moves

    return work


def gymnasium_moves(game: str, games: int, players: int = 2) -> Work:
    def work() -> int:
        moves, rng = 0, np.random.default_rng(1)
        env = gym_env(game, opponent="random", players=players)
        for i in range(games):
            obs, _ = env.reset(seed=1 + i)
            done = False
            while not done:
                obs, _, done, _, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            moves += len(env.env.history)
        return moves

    return work


def openspiel_moves(game: str, games: int, players: int = 2) -> Work:
    import pyspiel
    from cardavia.envs.openspiel import GAME_NAMES

    loaded = pyspiel.load_game(GAME_NAMES[game], {"players": players})

    def work() -> int:
        moves, rng = 0, random.Random(1)
        for _ in range(games):
            state = loaded.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(rng.choice(state.legal_actions()))
                    continue
                state.apply_action(rng.choice(state.legal_actions()))
                moves += 1
        return moves

    return work


def positions(game: str, n: int, players: int = 2) -> list[Any]:
    """``n`` environments in mid-game, seeded."""
    rng = random.Random(2)
    envs = []
    for i in range(n):
        env = table_env(game, i, players)
        for _ in range(rng.randrange(40)):
            if env.is_over:
                break
            env.apply_action(rng.choice(env.legal_actions()))
        envs.append(env)
    return envs


def tensors(envs: list[Any], rounds: int, how: str) -> Work:
    seats = [e.current_player or 0 for e in envs]
    buffer = TensorBuffer(envs[0].game, len(envs), envs[0].players)

    def work() -> int:
        for _ in range(rounds):
            if how == "batch":
                observation_tensors(envs, seats)
            elif how == "buffer":
                buffer.fill(envs, seats)
            else:
                for env, seat in zip(envs, seats, strict=True):
                    np.frombuffer(env.tensor(seat), dtype=np.float32)
        return rounds * len(envs)

    return work


def bench_game(game: str, quick: bool, repeats: int, players: int = 2) -> dict[str, float]:
    # A fraction of a second of work each (fewer games through the slower
    # adapters; a table's games are longer).
    fast, slow = (2, 1) if quick else (2_000 // players, 200 // players)
    rounds = 2 if quick else 500
    envs = positions(game, 16 if quick else BATCH, players)
    work = {
        "core": core_moves(game, fast, players),
        "env": env_moves(game, fast, players),
        "pettingzoo": pettingzoo_moves(game, slow, players),
        "gymnasium": gymnasium_moves(game, slow, players),
        "openspiel": openspiel_moves(game, 2 * slow, players),
        "tensors_batch": tensors(envs, rounds, "batch"),
        "tensors_buffer": tensors(envs, rounds, "buffer"),
        "tensors_single": tensors(envs, max(1, rounds // 5), "single"),
    }
    return {name: t.rate for name, t in measure.medians(work, repeats).items()}


def report(results: dict[str, dict[str, float]]) -> None:
    print("moves per second of random play driven from Python (ratio to the bare core):")
    print(
        f"{'game':<12}{'core':>12}{'Env':>18}{'PettingZoo':>18}{'Gymnasium':>18}{'OpenSpiel':>18}"
    )
    for game, r in results.items():
        cells = [f"{r['core']:>12,.0f}"]
        for name in ("env", "pettingzoo", "gymnasium", "openspiel"):
            cells.append(f"{r[name]:>10,.0f} {r[name] / r['core']:>5.2f}x ")
        print(f"{game:<12}" + "".join(cells))
    print(f"\nobservation tensors per second ({BATCH} environments a call):")
    print(f"{'game':<12}{'batch':>14}{'buffer':>14}{'one by one':>14}{'batch/one':>11}")
    for game, r in results.items():
        ratio = r["tensors_batch"] / r["tensors_single"]
        print(
            f"{game:<12}{r['tensors_batch']:>14,.0f}{r['tensors_buffer']:>14,.0f}"
            f"{r['tensors_single']:>14,.0f}{ratio:>10.1f}x"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--repeats", type=int, default=None, help="repetitions (median kept)")
    args = parser.parse_args(argv)
    repeats = args.repeats or (1 if args.quick else 5)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        results = {game: bench_game(game, args.quick, repeats) for game in cardavia.GAMES}
        results[f"durak ({TABLE})"] = bench_game("durak", args.quick, repeats, TABLE)
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        report(results)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
