"""``cardavia.selfplay`` (Parquet shards) and ``cardavia.analysis`` (every
decision of recorded games), locally and on the session's Ray instance.

Both are deterministic for a seed whatever the backend or the number of
threads; a self-play game is the tournament's game of the level against
itself; the AI's own moves, analysed at its level with its seeds, lose
nothing; bad input is refused with typed errors and nothing written over.
"""

from __future__ import annotations

import importlib
import json
import math
import random
import sys
from array import array
from pathlib import Path
from typing import Any

import cardavia
import pytest
from cardavia import IllegalMoveError, InvalidArgumentError, MissingDependencyError, bots
from cardavia.analysis import SPREAD, GameRecord, analyse_games, barely_tried, standard_errors
from cardavia.envs import action_names

tournament_module = importlib.import_module("cardavia.tournament")


def parquet() -> Any:
    """pyarrow.parquet, or the self-play test is skipped (the ``[ray]`` extra)."""
    return pytest.importorskip("pyarrow.parquet")


def table(path: str) -> list[dict[str, Any]]:
    return list(parquet().read_table(path).to_pylist())


def shards(result: dict[str, Any]) -> list[list[dict[str, Any]]]:
    return [table(path) for path in result["shards"]]


# ------------------------------------------------------------------ self-play


def test_selfplay_rows(tmp_path: Path) -> None:
    result = cardavia.selfplay(
        "durak", games=3, level="easy", seed=4, out=tmp_path, shard_games=2, threads=2
    )
    assert result["resumed_shards"] == 0 and len(result["shards"]) == 2
    rows = [row for shard in shards(result) for row in shard]
    assert result["rows"] == len(rows)
    assert sorted({row["game_index"] for row in rows}) == [0, 1, 2]
    for row in rows:
        observation = json.loads(row["observation"])
        assert observation["seat"] == row["seat"] == observation["current_player"]
        assert row["legal_moves"] == observation["legal_moves"]
        assert len(row["visits"]) == len(row["values"]) == len(row["legal_moves"])
        assert row["move"] in row["legal_moves"]
        names = action_names("durak")
        assert [names[i] for i in row["legal_actions"]] == row["legal_moves"]
        assert names[row["action"]] == row["move"]
        # easy plays a move its search tried (drawn by visits squared).
        assert row["visits"][row["legal_moves"].index(row["move"])] > 0
        expected = 0.5 if row["winner"] is None else float(row["winner"] == row["seat"])
        assert row["reward"] == expected
    meta = parquet().read_schema(result["shards"][1]).metadata
    assert meta[b"first_game"] == b"2" and meta[b"games"] == b"1" and meta[b"seed"] == b"4"


def test_selfplay_rows_carry_the_cores_tensor(tmp_path: Path) -> None:
    """Issue 24: the observation was stored as JSON only, "until the core
    gives tensors", which it does: each row has the seat's tensor too."""
    from cardavia.envs import Env

    result = cardavia.selfplay("schnapsen", games=1, level="easy", seed=3, out=tmp_path)
    rows = shards(result)[0]
    for row in rows[:12]:
        observation = json.loads(row["observation"])
        expected = array("f", Env.from_observation(observation).tensor(row["seat"]))
        assert row["tensor"] == pytest.approx(expected.tolist())
    size = cardavia.envs.ENVS["schnapsen"]["tensor_size"]
    assert {len(row["tensor"]) for row in rows} == {size}


def test_a_small_selfplay_run_plays_a_game_a_job(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 24: jobs were whole shards, so a run of one shard used one
    worker. Each game is a job now; the shard is the same."""
    selfplay_module = importlib.import_module("cardavia.selfplay")
    play = selfplay_module.play_shard
    calls: list[tuple[int, int]] = []

    def recording(game: str, level: str, seed: int, first: int, count: int, *rest: Any) -> Any:
        calls.append((first, count))
        return play(game, level, seed, first, count, *rest)

    args: dict[str, Any] = {"games": 3, "level": "easy", "seed": 5, "shard_games": 10}
    whole = shards(cardavia.selfplay("durak", out=tmp_path / "a", threads=1, **args))
    monkeypatch.setattr(selfplay_module, "play_shard", recording)
    split = cardavia.selfplay("durak", out=tmp_path / "b", threads=3, **args)
    assert sorted(calls) == [(0, 1), (1, 1), (2, 1)]
    assert shards(split) == whole and len(split["shards"]) == 1


def test_selfplay_iterations_replace_the_levels_budget(tmp_path: Path) -> None:
    """Issue 25: data cheaper than the level's own search, recorded as such;
    a run with another budget is another run, refused in its folder."""
    result = cardavia.selfplay(
        "durak", games=1, level="normal", iterations=300, seed=8, out=tmp_path
    )
    assert result["iterations"] == 300
    rows = shards(result)[0]
    searched = [sum(row["visits"]) for row in rows if len(row["legal_moves"]) > 1]
    # The tree search spends the budget (an endgame solve reports its own).
    assert searched.count(300) > len(searched) // 2
    meta = parquet().read_schema(result["shards"][0]).metadata
    assert meta[b"iterations"] == b"300" and meta[b"version"] == b"3"
    with pytest.raises(InvalidArgumentError) as error:
        cardavia.selfplay("durak", games=1, level="normal", iterations=301, seed=8, out=tmp_path)
    assert error.value.kind == "other_run"
    for bad in (0, -1, cardavia.ai.MAX_ITERATIONS + 1):
        with pytest.raises(InvalidArgumentError):
            cardavia.selfplay("durak", games=1, iterations=bad, out=tmp_path / "x")
    with pytest.raises(TypeError):
        cardavia.selfplay("durak", games=1, iterations="9", out=tmp_path / "x")  # type: ignore[arg-type]


def test_selfplay_games_are_the_tournament_games(tmp_path: Path) -> None:
    journal = tmp_path / "t.jsonl"
    cardavia.tournament("perevodnoy", "easy", "easy", deals=2, seed=6, journal=journal)
    played = {
        g["deal"]: g
        for g in map(json.loads, journal.read_text().splitlines()[1:])
        if g["a_seat"] == 0
    }
    result = cardavia.selfplay("perevodnoy", games=2, level="easy", seed=6, out=tmp_path / "s")
    rows = shards(result)[0]
    for deal, game in played.items():
        moves = [row for row in rows if row["game_index"] == deal]
        assert len(moves) == sum(game["moves"])
        assert moves[0]["winner"] == game["outcome"]["winner"]


def test_selfplay_is_deterministic_on_every_backend(tmp_path: Path, ray_local: Any) -> None:
    args: dict[str, Any] = {"games": 3, "level": "easy", "seed": 2, "shard_games": 2}
    local = cardavia.selfplay("schnapsen", out=tmp_path / "a", threads=1, **args)
    remote = cardavia.selfplay("schnapsen", out=tmp_path / "b", backend="ray", **args)
    assert shards(local) == shards(remote)
    assert local["rows"] == remote["rows"]


def test_selfplay_resumes_and_refuses_another_runs_shards(tmp_path: Path) -> None:
    args: dict[str, Any] = {"games": 3, "level": "easy", "seed": 1, "shard_games": 1}
    first = cardavia.selfplay("durak", out=tmp_path, **args)
    before = shards(first)
    Path(first["shards"][1]).unlink()
    calls: list[tuple[int, int]] = []
    again = cardavia.selfplay(
        "durak", out=tmp_path, progress=lambda d, t: calls.append((d, t)), **args
    )
    assert again["resumed_shards"] == 2 and shards(again) == before
    # Issue 24: a resumed run reported only the rows it had just played.
    assert again["rows"] == first["rows"] == sum(len(shard) for shard in before)
    assert again["new_rows"] == len(before[1]) and first["new_rows"] == first["rows"]
    assert calls == [(2, 3), (3, 3)]
    kept = Path(first["shards"][0]).read_bytes()
    with pytest.raises(InvalidArgumentError, match="another run") as caught:
        cardavia.selfplay("durak", out=tmp_path, **(args | {"seed": 2}))
    assert (caught.value.kind, caught.value.field) == ("other_run", "out")
    Path(first["shards"][2]).write_bytes(b"not parquet")
    with pytest.raises(InvalidArgumentError, match="unreadable"):
        cardavia.selfplay("durak", out=tmp_path, **args)
    assert Path(first["shards"][0]).read_bytes() == kept


@pytest.mark.parametrize(
    ("change", "error"),
    [
        ({"level": "expert"}, InvalidArgumentError),
        ({"games": 0}, InvalidArgumentError),
        ({"games": 2.0}, TypeError),
        ({"shard_games": 0}, InvalidArgumentError),
        ({"seed": -1}, InvalidArgumentError),
        ({"backend": "cluster"}, InvalidArgumentError),
        ({"threads": 0}, InvalidArgumentError),
    ],
    ids=repr,
)
def test_selfplay_bad_arguments(tmp_path: Path, change: dict[str, Any], error: type) -> None:
    parquet()
    with pytest.raises(error):
        cardavia.selfplay("durak", **({"games": 1, "level": "easy", "out": tmp_path} | change))
    assert not list(tmp_path.iterdir())


def test_selfplay_without_pyarrow(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    with pytest.raises(MissingDependencyError, match=r"pip install './\[ray\]'") as caught:
        cardavia.selfplay("durak", games=1, level="easy", out=tmp_path / "x")
    assert (caught.value.field, caught.value.value) == ("format", "parquet")
    assert not (tmp_path / "x").exists()


# ------------------------------------------------------------------ analysis


def recorded(game: str, seed: int, level: str = "easy") -> GameRecord:
    """A game of greedy (seat 0) against the AI at ``level`` (seat 1), the
    AI searching with the seeds the analysis will use."""
    g = cardavia.new_game(game, seed=seed)
    moves: list[str] = []
    while not g.is_over:
        seat = g.current_player
        assert seat is not None
        obs = g.observation(seat)
        if seat == 0:
            move = bots.BOTS["greedy"](obs, random.Random(len(moves)))
        else:
            move = cardavia.ai.choose_move(
                obs, level=level, seed=tournament_module.move_seed(seed, len(moves))
            )
        moves.append(move)
        g.play(move)
    return GameRecord(game, moves, seed=seed, label=f"{game}-{seed}", players={"0": "greedy"})


@pytest.mark.parametrize(("game", "level"), [("durak", "easy"), ("schnapsen", "normal")])
def test_the_ais_own_moves_lose_nothing_at_a_best_level(game: str, level: str) -> None:
    """At a level that plays its best move, the analysis at that level agrees
    with every move of the AI; ``easy`` draws plausibly and may lose a little."""
    record = recorded(game, 3, level)
    (result,) = analyse_games([record], level=level)
    assert result["label"] == f"{game}-3" and result["finished"]
    assert result["moves"] == len(record.moves) == len(result["decisions"])
    best_level = cardavia.ai.LEVEL_PICKS[level] == "best"
    for decision in result["decisions"]:
        assert decision["ply"] == result["decisions"].index(decision) + 1
        if decision["forced"]:
            assert decision["ev_lost"] == 0 and decision["played_value"] is None
            continue
        values = {m["move"]: m["value"] for m in decision["moves"]}
        assert decision["played_value"] == values[decision["played"]]
        assert decision["ev_lost"] == max(0.0, decision["best_value"] - values[decision["played"]])
        if decision["seat"] == 1 and best_level:
            assert decision["played"] == decision["best"] and decision["ev_lost"] == 0
    computer, greedy = result["summary"][1], result["summary"][0]
    if best_level:
        assert computer["agreed"] == computer["decisions"] and computer["ev_lost"] == 0
        assert computer["worst"] is None
    else:
        assert computer["agreed"] <= computer["decisions"] and computer["ev_lost"] >= 0
    chosen = [d for d in result["decisions"] if d["seat"] == 0 and not d["forced"]]
    assert greedy["decisions"] == len(chosen)
    assert greedy["ev_lost_per_move"] == pytest.approx(
        sum(d["ev_lost"] for d in chosen) / len(chosen)
    )


def test_standard_errors_bound_the_noise_of_a_search() -> None:
    rows = [
        {"move": "a", "visits": 30000, "value": 0.6},
        {"move": "b", "visits": 98, "value": 0.0},
        {"move": "c", "visits": 0, "value": 0.0},
    ]
    big, few, none = standard_errors(rows)
    p = (0.6 * 30000 + 1) / 30002
    assert big == pytest.approx(SPREAD * math.sqrt(p * (1 - p) / 30000))
    # A move lost every time it was tried is not certainly lost.
    assert few == pytest.approx(SPREAD * math.sqrt((1 / 100) * (99 / 100) / 98)) and few > 0
    assert none == pytest.approx(SPREAD * 0.5)
    assert barely_tried(rows) == [False, True, True]
    # A solve: the same visits for every move, one world exact.
    exact = [{"move": m, "visits": 1, "value": v} for m, v in (("a", 1.0), ("b", 0.5))]
    assert standard_errors(exact) == [0.0, 0.0] and barely_tried(exact) == [False, False]
    sampled = [{"move": m, "visits": 16, "value": 0.5} for m in "ab"]
    assert barely_tried(sampled) == [False, False]
    # Worlds solved one by one are independent: the bound, without SPREAD.
    assert standard_errors(sampled) == [pytest.approx(math.sqrt(0.25 / 16))] * 2


@pytest.mark.parametrize(("played_value", "mistake"), [(0.59, False), (0.40, True)])
def test_a_mistake_is_a_loss_beyond_the_searchs_noise(
    monkeypatch: pytest.MonkeyPatch, played_value: float, mistake: bool
) -> None:
    """Issue 24: a move one point from the best was called a mistake."""
    g = cardavia.new_game("durak", seed=1)
    best, played = g.legal_moves()[:2]

    def analyse(observation: dict[str, Any], **_: Any) -> list[dict[str, Any]]:
        rows = [
            {"move": best, "visits": 30000, "value": 0.60},
            {"move": played, "visits": 8000, "value": played_value},
        ]
        others = [m for m in observation["legal_moves"] if m not in (best, played)]
        return rows + [{"move": m, "visits": 500, "value": 0.2} for m in others]

    monkeypatch.setattr(cardavia.ai, "analyse", analyse)
    (result,) = analyse_games([GameRecord("durak", [played], seed=1)], level="easy", threads=1)
    (decision,) = result["decisions"]
    assert decision["ev_lost"] == pytest.approx(0.60 - played_value)
    assert decision["mistake"] is mistake
    assert 0 < decision["margin"] < 0.2
    summary = result["summary"][0]
    assert summary["mistakes"] == int(mistake)
    assert (summary["worst"] is not None) is mistake
    assert {m["move"]: m["barely_tried"] for m in decision["moves"]}[played] is False


def test_analysis_is_the_same_on_ray(ray_local: Any) -> None:
    records = [recorded("perevodnoy", 5), recorded("durak", 8)]
    calls: list[tuple[int, int]] = []
    local = analyse_games(records, level="easy", threads=2)
    remote = analyse_games(
        records, level="easy", backend="ray", progress=lambda d, t: calls.append((d, t))
    )
    assert remote == local and [r["label"] for r in remote] == ["perevodnoy-5", "durak-8"]
    assert calls == [(1, 2), (2, 2)]


@pytest.mark.parametrize(
    ("moves", "kind", "field"),
    [
        (["attack:XX"], "illegal_move", "moves[0]"),
        (["take"], "illegal_move", "moves[0]"),
    ],
)
def test_a_record_with_an_illegal_move(moves: list[str], kind: str, field: str) -> None:
    with pytest.raises(IllegalMoveError) as caught:
        analyse_games([GameRecord("durak", moves, seed=1)], level="easy")
    assert (caught.value.kind, caught.value.field, caught.value.value) == (kind, field, moves[0])


def test_a_record_that_goes_on_after_the_end() -> None:
    record = recorded("durak", 2)
    with pytest.raises(IllegalMoveError) as caught:
        analyse_games([GameRecord("durak", [*record.moves, "take"], seed=2)], level="easy")
    assert caught.value.kind == "game_over"
    assert caught.value.field == f"moves[{len(record.moves)}]"


def test_analysis_bad_arguments() -> None:
    with pytest.raises(InvalidArgumentError):
        analyse_games([], level="expert")
    with pytest.raises(TypeError, match="GameRecord"):
        analyse_games([{"game": "durak"}], level="easy")  # type: ignore[list-item]
    with pytest.raises(cardavia.UnknownGameError):
        analyse_games([GameRecord("chess", [])], level="easy")
    assert analyse_games([], level="easy") == []


def test_selfplay_records_its_worlds_and_a_change_is_another_run(tmp_path: Path) -> None:
    """Schnapsen searches inferred worlds by default (issue 25): a run says
    which worlds its data came from, and one of other worlds is refused in
    its folder."""
    pq = parquet()
    args: dict[str, Any] = {"games": 1, "level": "easy", "seed": 3, "shard_games": 1}
    auto = cardavia.selfplay("schnapsen", out=tmp_path / "a", **args)
    named = cardavia.selfplay("schnapsen", out=tmp_path / "b", worlds="inferred", **args)
    assert auto["worlds"] == named["worlds"] == cardavia.ai.DEFAULT_WORLDS["schnapsen"]
    assert shards(auto) == shards(named)
    assert pq.read_schema(auto["shards"][0]).metadata[b"worlds"] == b"inferred"
    uniform = cardavia.selfplay("schnapsen", out=tmp_path / "c", worlds="uniform", **args)
    assert shards(uniform) != shards(auto)
    with pytest.raises(InvalidArgumentError) as caught:
        cardavia.selfplay("schnapsen", out=tmp_path / "a", worlds="uniform", **args)
    assert caught.value.kind == "other_run"
    # A shard written before worlds= was recorded searched uniform worlds.
    path = Path(uniform["shards"][0])
    table = pq.read_table(path)
    older = {k: v for k, v in table.schema.metadata.items() if k != b"worlds"}
    pq.write_table(table.replace_schema_metadata(older), path)
    again = cardavia.selfplay("schnapsen", out=tmp_path / "c", worlds="uniform", **args)
    assert again["resumed_shards"] == 1
    for bad in ("psychic", "Auto"):
        with pytest.raises(InvalidArgumentError) as caught:
            cardavia.selfplay("durak", games=1, worlds=bad, out=tmp_path / "x")
        assert (caught.value.kind, caught.value.field) == ("choice", "worlds")
        assert caught.value.detail["choices"] == list(cardavia.ai.WORLDS)
    with pytest.raises(TypeError, match="worlds must be a string"):
        cardavia.selfplay("durak", games=1, worlds=None, out=tmp_path / "x")  # type: ignore[arg-type]
    assert not (tmp_path / "x").exists()
