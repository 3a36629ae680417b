"""``cardavia.train``: a move model trained from self-play shards (issue 25).

A small run of the documented command on a few games: the arrays it learns
from follow from the shards, the same seed trains the same bytes, training
learns what the search did better than knowing nothing, and bad data is
refused before anything is written.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import cardavia
import numpy as np
import pytest
from cardavia import InvalidArgumentError
from cardavia.envs import ENVS
from cardavia.model import MoveModel

pq = pytest.importorskip("pyarrow.parquet")
train = pytest.importorskip("cardavia.train")


@pytest.fixture(scope="module")
def shards(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Six Durak games and two Schnapsen deals' worth of self-play, cheaply searched."""
    folders = {}
    for game, games in (("durak", 6), ("schnapsen", 1)):
        out = tmp_path_factory.mktemp(game)
        cardavia.selfplay(game, games=games, iterations=150, seed=3, out=out, shard_games=4)
        folders[game] = out
    return folders


def test_the_arrays_follow_from_the_shards(shards: dict[str, Path]) -> None:
    data = train.load_shards("durak", shards["durak"])
    rows = [
        r for p in sorted(shards["durak"].glob("*.parquet")) for r in pq.read_table(p).to_pylist()
    ]
    assert len(data) == len(rows)
    assert data.tensors.shape == (len(rows), ENVS["durak"]["tensor_size"])
    for i in (0, len(rows) // 2, len(rows) - 1):
        row = rows[i]
        assert sorted(np.flatnonzero(data.legal[i])) == sorted(row["legal_actions"])
        assert data.policy[i].sum() == pytest.approx(1.0)
        assert (data.policy[i][~data.legal[i]] == 0).all()
        visits = dict(zip(row["legal_actions"], row["visits"], strict=True))
        best = max(visits, key=lambda a: visits[a])
        assert data.policy[i][best] == pytest.approx(visits[best] / sum(visits.values()))
        searched = row["values"][row["legal_actions"].index(row["action"])]
        assert data.value[i] == pytest.approx(searched)
        mixed = train.load_shards("durak", shards["durak"], target="mix")
        assert mixed.value[i] == pytest.approx(0.5 * (row["reward"] + searched))
    schnapsen = train.load_shards("schnapsen", shards["schnapsen"])
    assert schnapsen.meta["value_target"] == "search"
    assert schnapsen.policy.shape[1] == ENVS["schnapsen"]["actions"]


def test_the_played_move_as_the_policys_target(shards: dict[str, Path]) -> None:
    data = train.load_shards("durak", shards["durak"], policy="played")
    rows = [
        r for p in sorted(shards["durak"].glob("*.parquet")) for r in pq.read_table(p).to_pylist()
    ]
    assert data.meta["policy_target"] == "played"
    for i in range(0, len(rows), 7):
        assert np.flatnonzero(data.policy[i]).tolist() == [rows[i]["action"]]
        assert data.policy[i][rows[i]["action"]] == 1.0
    # The rest of the arrays are the visits' run's.
    visits = train.load_shards("durak", shards["durak"])
    assert visits.meta["policy_target"] == "visits"
    assert (visits.tensors == data.tensors).all() and (visits.value == data.value).all()
    with pytest.raises(InvalidArgumentError) as error:
        train.load_shards("durak", shards["durak"], policy="dreamed")
    assert (error.value.kind, error.value.field) == ("choice", "policy_target")


def test_two_runs_train_together_their_games_kept_apart(
    shards: dict[str, Path], tmp_path: Path
) -> None:
    other = tmp_path / "other"
    cardavia.selfplay("durak", games=3, iterations=100, seed=4, out=other, shard_games=4)
    one = train.load_shards("durak", shards["durak"])
    both = train.load_shards("durak", [shards["durak"], other])
    assert len(both) == len(one) + len(train.load_shards("durak", other))
    assert len(np.unique(both.games)) == 6 + 3
    assert {r["seed"] for r in both.meta["runs"]} == {"3", "4"}
    argv = ["durak", "--data", str(shards["durak"]), "--data", str(other)]
    argv += ["--out", str(tmp_path / "m.cdvm"), "--widths", "8", "--epochs", "1"]
    assert train.main(argv) == 0
    meta = MoveModel.from_bytes((tmp_path / "m.cdvm").read_bytes()).meta
    assert meta["data"]["games"] == 9
    with pytest.raises(InvalidArgumentError) as error:
        train.load_shards("durak", [other, tmp_path / "missing"])
    assert "no shards in" in str(error.value) and "missing" in str(error.value)


def test_the_same_seed_trains_the_same_weights(shards: dict[str, Path]) -> None:
    data = train.load_shards("durak", shards["durak"])
    args: dict[str, Any] = {"widths": [16], "epochs": 2, "batch": 64, "seed": 5}
    first = train.train(data, **args).model.to_bytes()
    assert train.train(data, **args).model.to_bytes() == first
    assert train.train(data, **{**args, "seed": 6}).model.to_bytes() != first


def test_training_learns_the_searchs_moves(shards: dict[str, Path]) -> None:
    """After training, the policy's cross-entropy with the search's visits
    is below that of playing every legal move alike, on the games it saw."""
    data = train.load_shards("durak", shards["durak"])
    result = train.train(data, widths=[32], epochs=25, batch=32, held_out=0.0, rate=3e-3, seed=1)
    logits, values = result.model.evaluate(data.tensors)
    teach = data.legal.sum(axis=1) > 1
    masked = np.where(data.legal, logits, -np.inf)
    top = masked.max(1, keepdims=True)
    logp = masked - top - np.log(np.exp(masked - top).sum(1, keepdims=True))
    learned = -(data.policy * np.where(data.legal, logp, 0)).sum(1)[teach].mean()
    uniform = np.log(data.legal.sum(1))[teach].mean()
    assert learned < uniform - 0.05
    # The value too: closer to its targets than their mean is.
    assert ((values - data.value) ** 2).mean() < data.value.var()
    assert len(result.history) == 25 and all(math.isfinite(h["policy"]) for h in result.history)


def test_the_command_writes_a_model_with_its_provenance(
    shards: dict[str, Path], tmp_path: Path
) -> None:
    out = tmp_path / "durak.cdvm"
    argv = ["durak", "--data", str(shards["durak"]), "--out", str(out)]
    argv += ["--widths", "8,8", "--epochs", "1", "--seed", "2", "--policy-target", "played"]
    assert train.main(argv) == 0
    model = MoveModel.from_bytes(out.read_bytes())
    assert model.widths == [8, 8] and model.inputs == ENVS["durak"]["tensor_size"]
    meta = model.meta
    assert meta["game"] == "durak" and meta["seed"] == 2 and meta["widths"] == [8, 8]
    runs = [{"level": "normal", "iterations": "150", "worlds": "uniform", "seed": "3"}]
    assert meta["data"]["runs"] == runs
    assert meta["data"]["games"] == 6 and meta["data"]["policy_target"] == "played"
    # Folders by name only, so the file does not depend on where data lay.
    assert str(tmp_path) not in meta["command"] and "--epochs 1" in meta["command"]
    assert not list(tmp_path.glob(".*.tmp"))


def test_bad_data_is_refused(shards: dict[str, Path], tmp_path: Path) -> None:
    with pytest.raises(InvalidArgumentError) as error:
        train.load_shards("durak", tmp_path)
    assert error.value.kind == "corrupt" and "no shards" in str(error.value)
    with pytest.raises(InvalidArgumentError) as error:
        train.load_shards("durak", shards["schnapsen"])
    assert "is not durak self-play" in str(error.value)
    with pytest.raises(InvalidArgumentError) as error:
        train.load_shards("durak", shards["durak"], target="guess")
    assert error.value.kind == "choice"
    with pytest.raises(cardavia.UnknownGameError):
        train.load_shards("chess", shards["durak"])
    out = tmp_path / "m.cdvm"
    with pytest.raises(InvalidArgumentError):
        train.main(["durak", "--data", str(tmp_path), "--out", str(out)])
    assert not out.exists()
