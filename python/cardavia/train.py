"""Training a move model (``cardavia.model``) from self-play shards
(``cardavia.selfplay``), with numpy alone: the ``[train]`` extra.

    python -m cardavia.train durak --data selfplay/durak --out durak.cdvm

The policy learns the search's visit distribution over the legal moves, or
with ``--policy-target played`` the move played (cross-entropy, the illegal
action ids masked out); the value learns the
mover's result (binary cross-entropy on the sigmoid), by default the
search's own value of the move it played (``DEFAULT_TARGET``). A position
with one legal move teaches the value only.
Games, not rows, are split into training and held-out data, so that no
held-out position has a neighbour of its own game in training.

Deterministic: the same shards, arguments and seed train the same weights
(one process; BLAS kernels sum in a fixed order for a fixed thread count).
Adam (Kingma and Ba 2015) in minibatches, the rows shuffled by the seed each
epoch; the model written is the one of the epoch with the lowest held-out
loss.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from . import _native, ai
from .api import check_game
from .errors import InvalidArgumentError
from .model import MoveModel

__all__ = ["Dataset", "TrainResult", "load_shards", "main", "train"]

Floats = npt.NDArray[np.float32]

#: What the value learns from: ``result`` the game's final result for the
#: mover, ``search`` the search's value of the move played, ``mix`` their
#: mean.
VALUE_TARGETS = ("result", "search", "mix")
#: What the policy learns: the search's visit distribution, or the move it
#: played (sharper: a model of how the player moves, for inference).
POLICY_TARGETS = ("visits", "played")
#: The search's value by default: it varies within a game, where a game's
#: result is the same for all its positions and a model of a few thousand
#: games learns to recognise the games (Durak, 1,200 games: a held-out
#: squared error of 0.27 against the result, worse than its variance, and
#: 0.03 against the search's values, whose variance is 0.05). Schnapsen's
#: search values a position by the match equity at the end of the deal
#: being played, not by the match's result: that too.
DEFAULT_TARGET = {"durak": "search", "perevodnoy": "search", "schnapsen": "search"}
DEFAULT_WIDTHS = (64, 32)


@dataclass
class Dataset:
    """Self-play rows as arrays: ``tensors`` (n x inputs), ``policy`` (n x
    actions, the visit distribution, zero off the legal moves), ``legal``
    (n x actions, bool), ``value`` (n), ``game`` (the row's game index)."""

    game: str
    tensors: Floats
    policy: Floats
    legal: npt.NDArray[np.bool_]
    value: Floats
    games: npt.NDArray[np.int64]
    meta: dict[str, Any]

    def __len__(self) -> int:
        return int(self.tensors.shape[0])

    def subset(self, rows: npt.NDArray[np.int64]) -> Dataset:
        return Dataset(
            self.game,
            self.tensors[rows],
            self.policy[rows],
            self.legal[rows],
            self.value[rows],
            self.games[rows],
            self.meta,
        )


def _world_tensors(
    game: str, seeds: list[int], seats: list[int], actions: list[int], inputs: int
) -> Floats:
    """Each row's tensor of the seat not to move, from its game replayed:
    beside the mover's own, the whole world a search leaf stands in."""
    out = np.zeros((len(seeds), inputs), np.float32)
    env: Any = None
    for row, (seed, seat, action) in enumerate(zip(seeds, seats, actions, strict=True)):
        if row == 0 or seeds[row - 1] != seed:
            env = _native.Env(game, seed)
        out[row] = np.frombuffer(env.tensor(1 - seat), dtype=np.float32)
        env.apply_action(action)
    return out


def load_shards(
    game: str,
    data: str | Path | Sequence[str | Path],
    target: str | None = None,
    *,
    world: bool = False,
    policy: str = "visits",
) -> Dataset:
    """Every shard in the folder ``data`` (``shard-*.parquet``, one run of
    ``cardavia.selfplay``), or in each of a list of folders, as arrays.
    With ``world`` each row's tensor is the mover's followed by the other
    seat's (two seats): a model of the value of a dealt world, as the
    search's leaves are. ``policy`` is the
    policy's target (``POLICY_TARGETS``)."""
    name = check_game(game)
    if policy not in POLICY_TARGETS:
        raise InvalidArgumentError(
            kind="choice", field="policy_target", value=policy, choices=list(POLICY_TARGETS)
        )
    chosen = DEFAULT_TARGET[name] if target is None else target
    if chosen not in VALUE_TARGETS:
        raise InvalidArgumentError(
            kind="choice", field="value_target", value=chosen, choices=list(VALUE_TARGETS)
        )
    from . import distributed

    pq = distributed.require("pyarrow.parquet", "pyarrow", field="format", value="parquet")
    folders = [data] if isinstance(data, (str, Path)) else list(data)
    paths = []
    for folder in folders:
        found_here = sorted(Path(folder).glob("shard-*.parquet"))
        if not found_here:
            raise InvalidArgumentError(kind="corrupt", field="data", what=f"no shards in {folder}")
        paths.extend(found_here)
    actions = int(_native.ENVS[name]["actions"])
    inputs = int(_native.ENVS[name]["tensor_size"])
    columns = ["game_index", "deal_seed", "seat", "tensor", "legal_actions", "visits", "values"]
    columns += ["action", "reward"]
    tensors: list[Floats] = []
    policies: list[Floats] = []
    legals: list[npt.NDArray[np.bool_]] = []
    values: list[Floats] = []
    games: list[npt.NDArray[np.int64]] = []
    runs = set()
    run_ids: dict[tuple[str, str, str, str], int] = {}
    for path in paths:
        found = {k.decode(): v.decode() for k, v in (pq.read_schema(path).metadata or {}).items()}
        if found.get("kind") != "cardavia-selfplay" or found.get("game") != name:
            raise InvalidArgumentError(
                kind="corrupt", field="data", what=f"{path} is not {name} self-play"
            )
        if "legal_actions" not in pq.read_schema(path).names:
            raise InvalidArgumentError(
                kind="corrupt", field="data", what=f"{path}: written before action ids (v3)"
            )
        run = (
            found["level"],
            found.get("iterations", "level"),
            # Shards written before ``worlds=`` searched uniform worlds.
            found.get("worlds", ai.UNIFORM_WORLDS),
            found["seed"],
        )
        runs.add(run)
        # Game numbers count from 0 in every run: a run's own range keeps
        # two runs' games apart when whole games are held out.
        offset = run_ids.setdefault(run, len(run_ids)) << 32
        table = pq.read_table(path, columns=columns).to_pydict()
        n = len(table["game_index"])
        x = np.asarray(table["tensor"], dtype=np.float32).reshape(n, inputs)
        if world:
            others = _world_tensors(
                name, table["deal_seed"], table["seat"], table["action"], inputs
            )
            x = np.concatenate([x, others], axis=1)
        pi = np.zeros((n, actions), np.float32)
        mask = np.zeros((n, actions), np.bool_)
        v = np.zeros(n, np.float32)
        for row in range(n):
            ids = table["legal_actions"][row]
            visits = np.asarray(table["visits"][row], np.float64)
            mask[row, ids] = True
            total = visits.sum()
            if policy == "played":
                pi[row, table["action"][row]] = 1.0
            elif total > 0:
                pi[row, ids] = visits / total
            else:
                pi[row, ids] = 1.0 / len(ids)
            searched = table["values"][row][ids.index(table["action"][row])]
            result = table["reward"][row]
            v[row] = {
                "result": result,
                "search": searched,
                "mix": 0.5 * (result + searched),
            }[chosen]
        tensors.append(x)
        policies.append(pi)
        legals.append(mask)
        values.append(v)
        games.append(np.asarray(table["game_index"], np.int64) + offset)
    meta = {
        "shards": len(paths),
        "runs": [
            {"level": r[0], "iterations": r[1], "worlds": r[2], "seed": r[3]} for r in sorted(runs)
        ],
        "value_target": chosen,
        "policy_target": policy,
        "inputs": "world" if world else "observation",
    }
    return Dataset(
        name,
        np.concatenate(tensors),
        np.concatenate(policies),
        np.concatenate(legals),
        np.concatenate(values),
        np.concatenate(games),
        meta,
    )


@dataclass
class TrainResult:
    model: MoveModel
    #: Per epoch: training loss, held-out policy and value losses, held-out
    #: agreement of the policy's top move with the search's most visited.
    history: list[dict[str, float]]


def _split(data: Dataset, held_out: float, rng: np.random.Generator) -> tuple[Dataset, Dataset]:
    ids = np.unique(data.games)
    rng.shuffle(ids)
    n_held = max(1, round(len(ids) * held_out)) if held_out > 0 and len(ids) > 1 else 0
    held = np.isin(data.games, ids[:n_held])
    rows = np.arange(len(data))
    return data.subset(rows[~held]), data.subset(rows[held])


def _masked_softmax(logits: Floats, legal: npt.NDArray[np.bool_]) -> Floats:
    masked = np.where(legal, logits, np.float32(-1e30))
    masked -= masked.max(axis=1, keepdims=True)
    e = np.where(legal, np.exp(masked), np.float32(0))
    out: Floats = e / e.sum(axis=1, keepdims=True)
    return out


def _losses(model: MoveModel, data: Dataset) -> dict[str, float]:
    _, _, logits, z = model.forward(data.tensors)
    p = _masked_softmax(logits, data.legal)
    teach = data.legal.sum(axis=1) > 1
    logp = np.log(np.maximum(p, 1e-12))
    policy = -(data.policy * logp).sum(axis=1)
    v = 1.0 / (1.0 + np.exp(-z.astype(np.float64)))
    t = data.value.astype(np.float64)
    value = -(t * np.log(np.maximum(v, 1e-12)) + (1 - t) * np.log(np.maximum(1 - v, 1e-12)))
    best_model = np.argmax(np.where(data.legal, logits, -np.inf), axis=1)
    best_search = np.argmax(data.policy, axis=1)
    return {
        "policy": float(policy[teach].mean()) if teach.any() else 0.0,
        "value": float(value.mean()),
        "value_mse": float(((v - t) ** 2).mean()),
        "top1": float((best_model == best_search)[teach].mean()) if teach.any() else 0.0,
    }


def train(
    data: Dataset,
    *,
    widths: Sequence[int] = DEFAULT_WIDTHS,
    epochs: int = 12,
    batch: int = 256,
    rate: float = 1e-3,
    decay: float = 1e-5,
    value_weight: float = 1.0,
    held_out: float = 0.1,
    seed: int = 0,
    progress: Callable[[int, dict[str, float]], None] | None = None,
) -> TrainResult:
    """A model trained on ``data`` (see the module)."""
    rng = np.random.default_rng(seed)
    training, held = _split(data, held_out, rng)
    inputs = data.tensors.shape[1]
    actions = data.policy.shape[1]
    model = MoveModel.initial(inputs, list(widths), actions, seed)
    params = [a for pair in [*model.hidden, model.policy, model.value] for a in pair]
    first = [np.zeros_like(p) for p in params]
    second = [np.zeros_like(p) for p in params]
    beta1, beta2, eps = 0.9, 0.999, 1e-8
    step = 0
    teach = (training.legal.sum(axis=1) > 1).astype(np.float32)
    best: tuple[float, bytes] | None = None
    history: list[dict[str, float]] = []
    n = len(training)
    for epoch in range(epochs):
        order = rng.permutation(n)
        total = 0.0
        for start in range(0, n, batch):
            rows = order[start : start + batch]
            x = training.tensors[rows]
            pi = training.policy[rows]
            legal = training.legal[rows]
            t = training.value[rows]
            weight = teach[rows]
            m = len(rows)
            pre, post, logits, z = model.forward(x)
            p = _masked_softmax(logits, legal)
            v = (1.0 / (1.0 + np.exp(-z.astype(np.float64)))).astype(np.float32)
            total += float(-(pi * np.log(np.maximum(p, 1e-12))).sum(axis=1) @ weight)
            d_logits = (p - pi) * weight[:, None] / m
            d_z = (v - t) * np.float32(value_weight / m)
            h = post[-1]
            grads: list[Floats] = []
            grad_policy = (h.T @ d_logits, d_logits.sum(axis=0))
            grad_value = (h.T @ d_z[:, None], np.asarray([d_z.sum()], np.float32))
            d_h = d_logits @ model.policy[0].T + d_z[:, None] @ model.value[0].T
            hidden_grads: list[tuple[Floats, Floats]] = []
            for k in range(len(model.hidden) - 1, -1, -1):
                d_a = d_h * (pre[k] > 0)
                hidden_grads.append((post[k].T @ d_a, d_a.sum(axis=0)))
                if k > 0:
                    d_h = d_a @ model.hidden[k][0].T
            hidden_grads.reverse()
            for gw, gb in [*hidden_grads, grad_policy, grad_value]:
                grads.extend([gw.astype(np.float32), gb.astype(np.float32)])
            step += 1
            correct1 = 1 - beta1**step
            correct2 = 1 - beta2**step
            for i, (param, grad) in enumerate(zip(params, grads, strict=True)):
                if param.ndim == 2:
                    grad = grad + np.float32(decay) * param
                first[i] = beta1 * first[i] + (1 - beta1) * grad
                second[i] = beta2 * second[i] + (1 - beta2) * grad * grad
                update = rate * (first[i] / correct1) / (np.sqrt(second[i] / correct2) + eps)
                param -= update.astype(np.float32)
        scores = _losses(model, held if len(held) else training)
        scores["train_policy"] = total / max(1.0, float(teach.sum()))
        history.append(scores)
        if progress is not None:
            progress(epoch, scores)
        loss = scores["policy"] + value_weight * scores["value"]
        if best is None or loss < best[0]:
            best = (loss, model.to_bytes())
    assert best is not None
    chosen = MoveModel.from_bytes(best[1])
    return TrainResult(chosen, history)


def _command(argv: Sequence[str]) -> str:
    """The command as run, its folders and files by name only: the same
    training gives the same file wherever its data lies."""
    shown = [Path(a).name if ("/" in a or "\\" in a) else a for a in argv]
    return " ".join(["python -m cardavia.train", *shown])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m cardavia.train", description="Train a move model from self-play shards."
    )
    parser.add_argument("game", choices=list(_native.GAMES))
    parser.add_argument(
        "--data",
        required=True,
        action="append",
        help="a folder of cardavia.selfplay shards (again for more folders)",
    )
    parser.add_argument("--out", required=True, help="the .cdvm file to write")
    parser.add_argument("--widths", default=",".join(map(str, DEFAULT_WIDTHS)))
    parser.add_argument("--epochs", type=int, default=12)
    parser.add_argument("--batch", type=int, default=256)
    parser.add_argument("--rate", type=float, default=1e-3)
    parser.add_argument("--value-target", choices=VALUE_TARGETS, default=None)
    parser.add_argument("--policy-target", choices=POLICY_TARGETS, default="visits")
    parser.add_argument(
        "--world",
        action="store_true",
        help="learn from both seats' tensors (the value of a dealt world)",
    )
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    widths = [int(w) for w in args.widths.split(",") if w]
    data = load_shards(
        args.game, args.data, args.value_target, world=args.world, policy=args.policy_target
    )
    print(f"{len(data)} rows from {len(np.unique(data.games))} games", flush=True)

    def report(epoch: int, scores: dict[str, float]) -> None:
        shown = ", ".join(f"{k} {v:.4f}" for k, v in scores.items())
        print(f"epoch {epoch + 1}: {shown}", flush=True)

    result = train(
        data,
        widths=widths,
        epochs=args.epochs,
        batch=args.batch,
        rate=args.rate,
        seed=args.seed,
        progress=report,
    )
    best = min(result.history, key=lambda s: s["policy"] + s["value"])
    result.model.meta = {
        "game": data.game,
        "data": {**data.meta, "rows": len(data), "games": len(np.unique(data.games))},
        "widths": widths,
        "seed": args.seed,
        "epochs": args.epochs,
        "batch": args.batch,
        "rate": args.rate,
        "held_out": {k: round(v, 4) for k, v in best.items()},
        "command": _command(argv if argv is not None else sys.argv[1:]),
    }
    out = Path(args.out)
    temporary = out.with_name(f".{out.name}.tmp")
    temporary.write_bytes(result.model.to_bytes())
    temporary.replace(out)
    print(json.dumps(result.model.meta, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
