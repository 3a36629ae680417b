"""``cardavia.tournament(..., players=N)``: tournaments at a Durak table of
three to six (issue 23, item 4; RULES.md ch. 7).

Each deal is played N times, A sitting once in every seat against N - 1
copies of B; the report gives A's durak rate against 1/N and its mean
result, each with its interval; the journal records the table and refuses
another; ``cmd:`` players and the Ray backend play any seat. Bots only, so
the file takes seconds. Two seats are ``test_tournament.py``, unchanged.
"""

from __future__ import annotations

import importlib
import json
import math
import random
import shlex
import sys
from pathlib import Path
from typing import Any

import cardavia
import pytest
from cardavia import InvalidArgumentError, InvalidStateError
from cardavia.tournament_journal import JournalGame

tournament_module = importlib.import_module("cardavia.tournament")
seat_result = tournament_module.seat_result

TABLE_KEYS = {
    "game", "a", "b", "players", "deals", "games", "seed", "a_durak", "a_durak_rate",
    "a_durak_rate_ci", "durak_baseline", "a_mean_result", "a_mean_result_ci", "draws",
    "b_durak_rate", "b_mean_result", "seconds_per_move",
}  # fmt: skip
PYTHON = shlex.quote(sys.executable)
SERVE = f"cmd:{PYTHON} -m cardavia.serve"


def run(a: str = "greedy", b: str = "random", players: int = 3, **kw: Any) -> dict[str, Any]:
    kw = {"deals": 3, "seed": 1, "game": "durak"} | kw
    game = kw.pop("game")
    result: dict[str, Any] = cardavia.tournament(game, a, b, players=players, **kw)
    return result


def results(result: dict[str, Any]) -> dict[str, Any]:
    """The results proper: no timings, and not how many games a journal held."""
    return {k: v for k, v in result.items() if k not in ("seconds_per_move", "resumed_games")}


# ----------------------------------------------------------- the rotation


@pytest.mark.parametrize("players", [3, 4, 6])
def test_a_sits_once_in_every_seat_of_each_deal(
    monkeypatch: pytest.MonkeyPatch, players: int
) -> None:
    played: list[tuple[int, int, int]] = []
    original = tournament_module._play

    def recording(game: str, deal_seed: int, pair: Any, a_seat: int, seats: int = 2) -> Any:
        played.append((deal_seed, a_seat, seats))
        return original(game, deal_seed, pair, a_seat, seats)

    monkeypatch.setattr(tournament_module, "_play", recording)
    result = run(players=players, deals=4, seed=9, threads=1)
    assert result["games"] == len(played) == 4 * players
    assert {seats for _, _, seats in played} == {players}
    deals = {seed for seed, _, _ in played}
    assert deals == {tournament_module.deal_seed(9, i) for i in range(4)}
    for deal in deals:
        assert sorted(a for seed, a, _ in played if seed == deal) == list(range(players))


def seat_spy(name: str, seats: list[int]) -> Any:
    """A player that plays greedy and notes the seat of every move it makes."""
    greedy = cardavia.bots.greedy_bot

    def choose(obs: Any, seed: int) -> str:
        seats.append(obs["seat"])
        return greedy(obs, random.Random(seed))

    return tournament_module.Player(name, choose)


@pytest.mark.parametrize("a_seat", [0, 2, 3])
def test_a_plays_its_seat_and_copies_of_b_every_other(a_seat: int) -> None:
    a_moves: list[int] = []
    b_moves: list[int] = []
    pair = (seat_spy("A", a_moves), seat_spy("B", b_moves))
    record = tournament_module._play("perevodnoy", 77, pair, a_seat, 4)
    assert set(a_moves) == {a_seat}
    assert a_seat not in b_moves and len(set(b_moves)) >= 2
    assert record.moves == [len(a_moves), len(b_moves)] and record.a_seat == a_seat
    assert record.outcome["draw"] or record.outcome["loser"] in range(4)


def test_the_rotations_of_a_deal_play_one_deal() -> None:
    """Greedy everywhere is deterministic: the N rotations of a deal are one
    game, so A is the durak exactly once in each deal that is not drawn."""
    for players in (3, 5):
        result = run("greedy", "greedy", players=players, deals=6, seed=4)
        assert result["draws"] % players == 0
        assert result["a_durak"] + result["draws"] // players == result["deals"]
        assert result["a_durak_rate"] == pytest.approx(result["b_durak_rate"])
        assert result["a_mean_result"] == pytest.approx(result["b_mean_result"])


def test_deterministic_for_a_seed_whatever_the_threads() -> None:
    one = run("greedy", "random", players=4, deals=3, seed=11, threads=1)
    two = run("greedy", "random", players=4, deals=3, seed=11, threads=2)
    assert results(one) == results(two)
    other = run("greedy", "random", players=4, deals=3, seed=12, threads=2)
    assert results(other) != results(one)


# -------------------------------------------------------------- the report


@pytest.mark.parametrize("game", ["durak", "perevodnoy"])
@pytest.mark.parametrize("players", [3, 6])
def test_the_report_at_a_table(game: str, players: int) -> None:
    result = run("greedy", "random", players=players, deals=4, seed=2, game=game)
    assert set(result) == TABLE_KEYS
    assert (result["game"], result["players"], result["deals"]) == (game, players, 4)
    n = result["games"]
    assert n == 4 * players
    assert math.isclose(result["a_durak_rate"], result["a_durak"] / n)
    assert result["a_durak_rate_ci"] == tournament_module.wilson(result["a_durak"], n)
    assert result["durak_baseline"] == 1 / players
    lo, hi = result["a_mean_result_ci"]
    assert 0 <= lo <= result["a_mean_result"] <= hi <= 1
    assert 0 <= result["draws"] <= n
    assert len(result["seconds_per_move"]) == 2


def test_the_rates_and_intervals_of_known_games() -> None:
    """Ten games at three seats: A the durak twice, one draw in which A went
    out in the last bout with another (½), one in which A was out before."""
    lost = {"winner": None, "draw": False, "reason": "last_cards"}
    shared = {"winner": None, "loser": None, "draw": True, "reason": "all_out"}
    games = [
        JournalGame(0, lost | {"loser": 0, "out": [[1], [2]]}),
        JournalGame(1, lost | {"loser": 1, "out": [[0, 2]]}),
        JournalGame(2, shared | {"out": [[0], [1, 2]]}),
        JournalGame(0, shared | {"out": [[0], [1, 2]]}),
    ]
    games += [JournalGame(s % 3, lost | {"loser": (s + 1) % 3, "out": [[s % 3]]}) for s in range(6)]
    summary = tournament_module._summarise_table("durak", "x", "y", 3, 4, 0, games)
    assert (summary["games"], summary["a_durak"], summary["draws"]) == (10, 2, 2)
    assert summary["a_durak_rate"] == 0.2
    lo, hi = summary["a_durak_rate_ci"]
    assert math.isclose(lo, 0.0567, abs_tol=1e-4) and math.isclose(hi, 0.5098, abs_tol=1e-4)
    assert summary["a_mean_result"] == pytest.approx(7.5 / 10)
    lo, hi = summary["a_mean_result_ci"]
    # By hand: centre (0.75 + 1.96²/20) / (1 + 1.96²/10), half 1.96·√(0.028354) / 1.38416.
    assert math.isclose(lo, 0.4422, abs_tol=1e-4) and math.isclose(hi, 0.9191, abs_tol=1e-4)
    assert summary["durak_baseline"] == pytest.approx(1 / 3)
    # B's 20 seats: the durak in the 6 games A won and its share of the draws.
    assert summary["b_durak_rate"] == pytest.approx(6 / 20)
    assert summary["b_mean_result"] == pytest.approx((20 - 6 - 0.5 - 1.0) / 20)


@pytest.mark.parametrize(
    ("outcome", "expected"),
    [
        ({"winner": 1, "loser": 0, "draw": False, "reason": "last_cards"}, [0.0, 1.0]),
        ({"winner": None, "loser": None, "draw": True, "reason": "both_out"}, [0.5, 0.5]),
        ({"winner": None, "loser": None, "draw": True, "reason": "idle_bouts"}, [0.5, 0.5]),
        (
            {"winner": None, "loser": 2, "draw": False, "reason": "last_cards",
             "out": [[0], [1, 3]]},
            [1.0, 1.0, 0.0, 1.0],
        ),
        (
            {"winner": None, "loser": None, "draw": True, "reason": "all_out",
             "out": [[3], [0, 1, 2]]},
            [0.5, 0.5, 0.5, 1.0],
        ),
        (
            {"winner": None, "loser": None, "draw": True, "reason": "idle_bouts",
             "out": [[1]]},
            [0.5, 1.0, 0.5, 0.5],
        ),
        (
            {"winner": None, "loser": None, "draw": True, "reason": "idle_bouts", "out": []},
            [0.5, 0.5, 0.5],
        ),
    ],
)  # fmt: skip
def test_a_seats_result(outcome: dict[str, Any], expected: list[float]) -> None:
    """RULES 7, "Outcome and rewards": the durak 0, the others 1, a draw ½
    for the seats that went out in the last bout or, after idle bouts, for
    the seats still in."""
    assert [seat_result(outcome, seat) for seat in range(len(expected))] == expected


@pytest.mark.parametrize(
    ("game", "players", "seeds"),
    [("durak", 4, [186, 1, 2, 3]), ("perevodnoy", 3, [199, 4, 5]), ("perevodnoy", 5, [286, 6])],
)
def test_the_result_agrees_with_the_reference(game: str, players: int, seeds: list[int]) -> None:
    """Random games, each first seed ending in a shared draw: the result read
    from the outcome is the reference engine's own (``Seats.results``)."""
    draws = 0
    for seed in seeds:
        g: Any = cardavia.new_game(game, seed=seed, players=players, engine="reference")
        rng = random.Random(seed)
        while not g.is_over:
            g.play(rng.choice(g.legal_moves()))
        assert [seat_result(g.outcome, seat) for seat in range(players)] == g.results()
        draws += g.outcome["draw"]
    assert draws >= 1


# ------------------------------------------------------------- bad input


@pytest.mark.parametrize("players", [0, 1, 7, -2, 100])
def test_a_table_outside_two_to_six_is_refused(tmp_path: Path, players: int) -> None:
    journal = tmp_path / "t.jsonl"
    with pytest.raises(InvalidArgumentError) as info:
        run(players=players, journal=journal)
    error = info.value
    assert (error.kind, error.field, error.value) == ("integer", "players", players)
    assert (error.detail["low"], error.detail["high"]) == (2, 6)
    assert not journal.exists(), "nothing is written"


@pytest.mark.parametrize("players", ["3", 3.0, True, [3]])
def test_a_table_size_must_be_an_integer(players: Any) -> None:
    with pytest.raises(TypeError, match="players"):
        run(players=players)


@pytest.mark.parametrize("players", [3, 6, 1])
def test_schnapsen_is_played_by_two(tmp_path: Path, players: int) -> None:
    journal = tmp_path / "t.jsonl"
    with pytest.raises(InvalidArgumentError) as info:
        run(players=players, game="schnapsen", journal=journal)
    error = info.value
    assert (error.kind, error.field, error.value) == ("two_players", "players", players)
    assert not journal.exists()
    two = cardavia.tournament("schnapsen", "greedy", "random", players=2, deals=1, seed=1)
    assert results(two) == results(cardavia.tournament("schnapsen", "greedy", "random",
                                                       deals=1, seed=1))  # fmt: skip


def test_two_seats_named_are_the_duel() -> None:
    named = cardavia.tournament("durak", "greedy", "random", players=2, deals=2, seed=3)
    plain = cardavia.tournament("durak", "greedy", "random", deals=2, seed=3)
    assert results(named) == results(plain) and "players" not in named


# ----------------------------------------------------------------- journal


def journal_lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_the_journal_records_the_table_and_resumes(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    whole = run("greedy", "random", players=4, deals=2, seed=6, journal=path, threads=2)
    lines = journal_lines(path)
    assert lines[0] == {
        "journal": "cardavia-tournament", "version": 1, "game": "durak",
        "a": "greedy", "b": "random", "seed": 6, "players": 4,
    }  # fmt: skip
    assert sorted((g["deal"], g["a_seat"]) for g in lines[1:]) == [
        (d, s) for d in range(2) for s in range(4)
    ]
    assert all("out" in g["outcome"] for g in lines[1:])
    # Stopped after three games, the fourth torn mid-write.
    text = path.read_text().splitlines(keepends=True)
    path.write_text("".join(text[:4]) + text[4][:30])
    calls: list[tuple[int, int]] = []
    again = run(
        "greedy", "random", players=4, deals=2, seed=6, journal=path, threads=1,
        progress=lambda done, total: calls.append((done, total)),
    )  # fmt: skip
    assert again["resumed_games"] == 3 and results(again) == results(whole)
    assert calls == [(n, 8) for n in range(3, 9)]
    assert len(journal_lines(path)) == 9
    longer = run("greedy", "random", players=4, deals=3, seed=6, journal=path)
    assert longer["resumed_games"] == 8 and longer["games"] == 12
    assert results(longer) == results(run("greedy", "random", players=4, deals=3, seed=6))


@pytest.mark.parametrize(("first", "then"), [(3, 4), (4, 3), (2, 3), (3, 2)])
def test_a_journal_of_another_table_is_refused(tmp_path: Path, first: int, then: int) -> None:
    path = tmp_path / "t.jsonl"
    run(players=first, deals=1, seed=5, journal=path)
    before = path.read_text()
    with pytest.raises(InvalidArgumentError, match="another tournament") as info:
        run(players=then, deals=1, seed=5, journal=path)
    assert (info.value.kind, info.value.field) == ("other_tournament", "journal")
    assert f"players={first}" in info.value.detail["theirs"]
    assert path.read_text() == before


def header(players: int) -> str:
    return json.dumps(
        {"journal": "cardavia-tournament", "version": 1, "game": "durak",
         "a": "greedy", "b": "random", "seed": 1, "players": players}
    )  # fmt: skip


GOOD_OUTCOME = {"winner": None, "loser": 2, "draw": False, "reason": "last_cards", "out": [[0, 1]]}


@pytest.mark.parametrize(
    ("entry", "kind", "pattern"),
    [
        ({"a_seat": 3}, "journal_table_seat", "a_seat must be a seat, 0 to 2"),
        ({"a_seat": -1}, "journal_table_seat", "0 to 2"),
        ({"outcome": {"winner": 1, "loser": 0, "draw": False}}, "journal_table_outcome", "loser"),
        ({"outcome": GOOD_OUTCOME | {"loser": 3}}, "journal_table_outcome", "outcome"),
        ({"outcome": GOOD_OUTCOME | {"out": [[0, 5]]}}, "journal_table_outcome", "outcome"),
        ({"outcome": GOOD_OUTCOME | {"out": 2}}, "journal_table_outcome", "outcome"),
        ({"outcome": GOOD_OUTCOME | {"draw": "no"}}, "journal_table_outcome", "outcome"),
    ],
)
def test_a_broken_table_journal_is_refused_untouched(
    tmp_path: Path, entry: dict[str, Any], kind: str, pattern: str
) -> None:
    game = {"deal": 0, "a_seat": 0, "outcome": GOOD_OUTCOME, "seconds": [0, 0], "moves": [1, 1]}
    content = header(3) + "\n" + json.dumps(game | entry) + "\n"
    path = tmp_path / "t.jsonl"
    path.write_text(content)
    with pytest.raises(InvalidStateError, match=pattern) as info:
        run(players=3, deals=1, seed=1, journal=path)
    assert (info.value.kind, info.value.detail["line"]) == (kind, 2)
    assert path.read_text() == content
    # The same line, well formed, is taken as played.
    path.write_text(header(3) + "\n" + json.dumps(game) + "\n")
    assert run(players=3, deals=1, seed=1, journal=path)["resumed_games"] == 1


# ------------------------------------------------------------ cmd: players


@pytest.mark.parametrize(("a", "b"), [("greedy", "random"), ("random", "greedy")])
def test_a_served_player_plays_any_seat(a: str, b: str) -> None:
    """Served as A (one seat a game) and as B (every other seat)."""
    local = run(a, b, players=3, deals=2, seed=8, threads=2)
    as_a = run(f"{SERVE} {a}", b, players=3, deals=2, seed=8, threads=2)
    as_b = run(a, f"{SERVE} {b}", players=3, deals=2, seed=8, threads=2)
    assert results(as_a) | {"a": a} == results(local)
    assert results(as_b) | {"b": b} == results(local)


def test_the_request_carries_the_table(tmp_path: Path) -> None:
    log = tmp_path / "requests.jsonl"
    script = (
        "import json, sys\n"
        f"log = open({str(log)!r}, 'a')\n"
        "for line in sys.stdin:\n"
        "    log.write(line); log.flush()\n"
        "    print(json.loads(line)['observation']['legal_moves'][0], flush=True)\n"
    )
    program = tmp_path / "first.py"
    program.write_text(script)
    spec = f"cmd:{PYTHON} {shlex.quote(str(program))}"
    run(spec, "random", players=5, deals=1, seed=2, threads=1)
    requests = journal_lines(log)
    assert requests and all(r["players"] == 5 for r in requests)
    assert all(r["observation"]["players"] == 5 for r in requests)
    assert {r["observation"]["seat"] for r in requests} == set(range(5))
    log.unlink()
    cardavia.tournament("durak", spec, "random", deals=1, seed=2, threads=1)
    assert all(set(r) == {"observation", "seed"} for r in journal_lines(log))


def test_serve_answers_a_table_and_refuses_a_mismatch() -> None:
    import io

    from cardavia.serve import serve

    g = cardavia.new_game("durak", seed=3, players=4)
    obs = g.observation(g.current_player)
    answers = io.StringIO()
    serve("greedy", io.StringIO(json.dumps({"observation": obs, "players": 4}) + "\n"), answers)
    assert answers.getvalue().strip() in obs["legal_moves"]
    for players in (3, 2, "4", True, None):
        request = {"observation": obs, "players": players}
        with pytest.raises(InvalidStateError) as info:
            serve("greedy", io.StringIO(json.dumps(request) + "\n"), io.StringIO())
        assert (info.value.kind, info.value.field, info.value.value) == (
            "players_mismatch", "players", players,
        )  # fmt: skip
        assert info.value.detail["seats"] == 4
    with pytest.raises(InvalidStateError, match="for 2 seats, its observation for 4"):
        serve("greedy", io.StringIO(json.dumps({"observation": obs}) + "\n"), io.StringIO())


# -------------------------------------------------------------------- Ray


@pytest.mark.usefixtures("ray_local")
def test_the_ray_backend_plays_the_same_table(tmp_path: Path) -> None:
    local = tmp_path / "local.jsonl"
    expected = run("greedy", "random", players=3, deals=2, seed=8, journal=local)
    path = tmp_path / "ray.jsonl"
    calls: list[tuple[int, int]] = []
    got = run(
        "greedy", "random", players=3, deals=2, seed=8, journal=path, backend="ray",
        progress=lambda done, total: calls.append((done, total)),
    )  # fmt: skip
    assert results(got) == results(expected)
    assert path.read_text().splitlines()[0] == local.read_text().splitlines()[0]

    def games(p: Path) -> list[Any]:
        lines = journal_lines(p)[1:]
        return sorted((g["deal"], g["a_seat"], g["outcome"], g["moves"]) for g in lines)

    assert games(path) == games(local)
    assert sorted(calls) == [(n, 6) for n in range(1, 7)]
    # A journal the local backend began, finished on Ray.
    lines = local.read_text().splitlines(keepends=True)
    local.write_text("".join(lines[:3]))
    resumed = run("greedy", "random", players=3, deals=2, seed=8, journal=local, backend="ray")
    assert resumed["resumed_games"] == 2 and results(resumed) == results(expected)
    assert games(local) == games(path)


@pytest.mark.usefixtures("ray_local")
def test_a_served_player_on_ray_plays_every_other_seat() -> None:
    expected = run("greedy", "random", players=4, deals=1, seed=3)
    got = run("greedy", f"{SERVE} random", players=4, deals=1, seed=3, backend="ray")
    assert results(got) | {"b": "random"} == results(expected)


# ---------------------------------------------------------------- the AI


def test_ai_players_ask_the_ai_for_every_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    """``ai:N`` and the levels call ``cardavia.ai.choose_move`` with the
    seat's observation, their budget and the deal's move seed, at any seat
    (a stand-in answers here: the search at N seats is another branch's)."""
    asked: list[tuple[int, int, Any, Any]] = []

    def choose_move(obs: Any, *, seed: int, iterations: Any = None, level: Any = None,
                    rollouts: Any = None, worlds: Any = None) -> str:  # fmt: skip
        asked.append((obs["players"], obs["seat"], iterations, level))
        assert isinstance(seed, int)
        return str(random.Random(seed).choice(obs["legal_moves"]))

    monkeypatch.setattr(cardavia.ai, "choose_move", choose_move)
    run("ai:50", "greedy", players=3, deals=1, seed=4, threads=1)
    assert {(p, it) for p, _, it, _ in asked} == {(3, 50)}
    assert {seat for _, seat, _, _ in asked} == {0, 1, 2}, "A played in every seat"
    asked.clear()
    run("greedy", "normal", players=4, deals=1, seed=4, threads=1)
    assert {level for *_, level in asked} == {"normal"}
    assert {seat for _, seat, _, _ in asked} == {0, 1, 2, 3}


@pytest.mark.parametrize("game", ["durak", "perevodnoy"])
def test_the_ai_plays_a_table(game: str) -> None:
    """ai:50 at three seats, the real search: every game ends, the figures
    add up, and a seed fixes them whatever the threads."""
    one = run("ai:50", "greedy", players=3, deals=2, seed=6, threads=1, game=game)
    two = run("ai:50", "greedy", players=3, deals=2, seed=6, threads=2, game=game)
    assert results(one) == results(two)
    assert one["games"] == 6 and 0 <= one["a_durak"] <= 6


def test_a_served_ai_plays_a_table_as_in_process() -> None:
    local = run("ai:50", "random", players=3, deals=1, seed=2)
    served = run(f"{SERVE} ai:50", "random", players=3, deals=1, seed=2)
    assert results(served) | {"a": "ai:50"} == results(local)
