"""``cardavia.tournament``: duplicate-deal matches between two players.

Small tournaments (a few deals, tiny AI budgets) return the documented
keys; the counts add up; every 95% interval contains its point estimate;
each deal is played twice with the seats swapped; a seed fixes every
result; bad arguments are rejected.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import math
import os
import signal
from collections.abc import Iterator
from typing import Any

import cardavia
import pytest
from cardavia import InvalidArgumentError, InvalidStateError, UnknownGameError

tournament_module = importlib.import_module("cardavia.tournament")

COMMON_KEYS = {
    "game", "a", "b", "deals", "games", "seed", "a_wins", "draws", "a_losses",
    "a_win_rate", "a_win_rate_ci", "a_loss_rate", "a_loss_rate_ci", "a_score",
    "a_score_ci", "a_decided_win_rate", "a_decided_win_rate_ci", "seconds_per_move",
}  # fmt: skip
SCHNAPSEN_KEYS = {"a_game_points_per_deal", "b_game_points_per_deal", "deals_played"}


def run(game: str, a: str, b: str, deals: int = 3, seed: int = 1, **kw: Any) -> dict[str, Any]:
    result: dict[str, Any] = cardavia.tournament(game, a, b, deals=deals, seed=seed, **kw)
    return result


def check_interval(point: float, interval: Any, slack: float = 1e-12) -> None:
    """``interval`` lies in [0, 1] and contains ``point`` (up to ``slack``:
    see ``test_wilson_interval_contains_a_certain_result`` for the exact check)."""
    lo, hi = interval
    assert 0.0 <= lo <= point + slack and point - slack <= hi <= 1.0, (point, interval)


def without_timings(result: dict[str, Any]) -> dict[str, Any]:
    """The results proper: no timings, and not how many games a journal held."""
    return {k: v for k, v in result.items() if k not in ("seconds_per_move", "resumed_games")}


@pytest.mark.parametrize("game", ["durak", "perevodnoy"])
def test_durak_tournament_result(game: str) -> None:
    result = run(game, "ai:40", "greedy", deals=3, seed=5, threads=2)
    assert set(result) == COMMON_KEYS
    assert (result["game"], result["a"], result["b"]) == (game, "ai:40", "greedy")
    assert result["deals"] == 3 and result["games"] == 6 and result["seed"] == 5
    wins, draws, losses = result["a_wins"], result["draws"], result["a_losses"]
    assert wins + draws + losses == result["games"]
    assert min(wins, draws, losses) >= 0
    n = result["games"]
    assert math.isclose(result["a_win_rate"], wins / n)
    assert math.isclose(result["a_loss_rate"], losses / n)
    assert math.isclose(result["a_score"], (wins + draws / 2) / n)
    decided = wins / (wins + losses) if wins + losses else 0.5
    assert math.isclose(result["a_decided_win_rate"], decided)
    for key in ("a_win_rate", "a_loss_rate", "a_score", "a_decided_win_rate"):
        check_interval(result[key], result[key + "_ci"])
    seconds = result["seconds_per_move"]
    assert len(seconds) == 2 and all(isinstance(s, float) and s >= 0 for s in seconds)


def test_schnapsen_tournament_result() -> None:
    result = run("schnapsen", "ai:40", "random", deals=2, seed=3)
    assert set(result) == COMMON_KEYS | SCHNAPSEN_KEYS
    assert result["games"] == 4
    assert result["draws"] == 0, "a Schnapsen match always has a winner"
    assert result["a_wins"] + result["a_losses"] == result["games"]
    # Every match takes at least two deals (7 match points, at most 3 a deal).
    assert result["deals_played"] >= 3 * result["games"]
    for key in ("a_game_points_per_deal", "b_game_points_per_deal"):
        mean, lo, hi = result[key]
        assert lo <= mean <= hi
        assert 0 <= mean <= 3
    check_interval(result["a_win_rate"], result["a_win_rate_ci"])


def test_intervals_of_extreme_results() -> None:
    wilson = tournament_module.wilson
    for successes, trials in ((0, 10), (5, 10), (0, 1), (2.5, 6), (999, 1000)):
        lo, hi = wilson(successes, trials)
        assert 0.0 <= lo <= successes / trials <= hi <= 1.0
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(500, 1000)
    assert math.isclose(lo, 0.469, abs_tol=0.001) and math.isclose(hi, 0.531, abs_tol=0.001)
    mean, lo, hi = tournament_module.mean_interval([1.0, 2.0, 3.0])
    assert mean == 2.0 and lo < 2.0 < hi


@pytest.mark.parametrize(("successes", "trials"), [(6, 6), (21, 21), (0, 11), (0, 22)])
def test_wilson_interval_contains_a_certain_result(successes: int, trials: int) -> None:
    lo, hi = tournament_module.wilson(successes, trials)
    assert lo <= successes / trials <= hi


def test_duplicate_deals_swap_seats(monkeypatch: pytest.MonkeyPatch) -> None:
    played: list[tuple[int, int]] = []
    original = tournament_module._play

    def recording(game: str, deal_seed: int, players: Any, a_seat: int) -> Any:
        played.append((deal_seed, a_seat))
        return original(game, deal_seed, players, a_seat)

    monkeypatch.setattr(tournament_module, "_play", recording)
    run("durak", "random", "greedy", deals=4, seed=9, threads=1)
    assert len(played) == 8
    seeds = {seed for seed, _ in played}
    assert len(seeds) == 4, "four different deals"
    for seed in seeds:
        assert sorted(a_seat for s, a_seat in played if s == seed) == [0, 1]


@pytest.mark.parametrize("game", ["durak", "perevodnoy", "schnapsen"])
def test_a_player_against_itself_breaks_even(game: str) -> None:
    """The greedy bot is deterministic: each deal played with the seats
    swapped gives the same game with the roles mirrored, so A wins exactly
    as often as B."""
    result = run(game, "greedy", "greedy", deals=4, seed=2)
    assert result["a_wins"] == result["a_losses"]
    assert math.isclose(result["a_score"], 0.5)
    if game == "schnapsen":
        assert result["a_game_points_per_deal"][0] == pytest.approx(
            result["b_game_points_per_deal"][0]
        )


def test_deterministic_for_a_seed() -> None:
    first = run("durak", "ai:30", "random", deals=2, seed=11, threads=1)
    second = run("durak", "ai:30", "random", deals=2, seed=11, threads=2)
    assert without_timings(first) == without_timings(second)
    third = run("schnapsen", "ai:30", "greedy", deals=2, seed=11)
    fourth = run("schnapsen", "ai:30", "greedy", deals=2, seed=11)
    assert without_timings(third) == without_timings(fourth)


def test_deals_differ_between_seeds(monkeypatch: pytest.MonkeyPatch) -> None:
    seeds: list[int] = []
    original = tournament_module._play

    def recording(game: str, deal_seed: int, players: Any, a_seat: int) -> Any:
        seeds.append(deal_seed)
        return original(game, deal_seed, players, a_seat)

    monkeypatch.setattr(tournament_module, "_play", recording)
    run("durak", "random", "random", deals=2, seed=1, threads=1)
    run("durak", "random", "random", deals=2, seed=2, threads=1)
    assert len(set(seeds)) == 4


def test_players_by_name() -> None:
    for name in ("random", "greedy", "easy", "normal", "hard", "ai:10", "ai:10:random"):
        player = tournament_module.make_player(name)
        assert player.name == name
    assert set(tournament_module.PLAYERS) == {"random", "greedy", "easy", "normal", "hard"}


BAD_ARGUMENTS: list[tuple[dict[str, Any], type[Exception]]] = [
    ({"game": "chess"}, UnknownGameError),
    ({"game": "Durak"}, UnknownGameError),
    ({"game": 3}, TypeError),
    ({"a": "expert"}, InvalidArgumentError),
    ({"b": "ai:lots"}, InvalidArgumentError),
    ({"b": "ai:100:clever"}, InvalidArgumentError),
    ({"a": ""}, InvalidArgumentError),
    ({"a": 7}, TypeError),
    ({"deals": 0}, InvalidArgumentError),
    ({"deals": -3}, InvalidArgumentError),
    ({"deals": 10**9}, InvalidArgumentError),
    ({"deals": 2.5}, TypeError),
    ({"deals": True}, TypeError),
    ({"deals": "10"}, TypeError),
    ({"seed": -1}, InvalidArgumentError),
    ({"seed": 2**64}, InvalidArgumentError),
    ({"threads": 0}, InvalidArgumentError),
    ({"threads": 100_000}, InvalidArgumentError),
]


@pytest.mark.parametrize(("change", "error"), BAD_ARGUMENTS, ids=lambda x: repr(x))
def test_bad_arguments_are_rejected(change: dict[str, Any], error: type[Exception]) -> None:
    args: dict[str, Any] = {"game": "durak", "a": "random", "b": "greedy", "deals": 1, "seed": 0}
    args.update(change)
    with pytest.raises(error):
        cardavia.tournament(
            args["game"], args["a"], args["b"], deals=args["deals"], seed=args["seed"],
            threads=args.get("threads"),
        )  # fmt: skip


@pytest.mark.parametrize("change", [{"seed": "1"}, {"seed": 1.0}, {"threads": "2"}])
def test_wrong_types_raise_type_error(change: dict[str, Any]) -> None:
    args: dict[str, Any] = {"seed": 0, "threads": 1, **change}
    with pytest.raises(TypeError):
        cardavia.tournament(
            "durak", "random", "greedy", deals=1, seed=args["seed"], threads=args["threads"]
        )


@pytest.mark.parametrize("spec", ["ai:0", "ai:999999999999"])
def test_absurd_ai_budgets_are_rejected(spec: str) -> None:
    with pytest.raises(InvalidArgumentError):
        run("durak", spec, "random", deals=1)


# ------------------------------------------------------------------ journal


def journal_lines(path: Any) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_journal_records_every_game_and_resumes_where_it_stopped(tmp_path: Any) -> None:
    path = tmp_path / "t.jsonl"
    whole = run("durak", "ai:30", "greedy", deals=3, seed=9, threads=2, journal=path)
    assert whole["resumed_games"] == 0
    lines = journal_lines(path)
    assert lines[0] == {
        "journal": "cardavia-tournament", "version": 1,
        "game": "durak", "a": "ai:30", "b": "greedy", "seed": 9,
    }  # fmt: skip
    assert sorted((g["deal"], g["a_seat"]) for g in lines[1:]) == [
        (d, s) for d in range(3) for s in (0, 1)
    ]
    # Stopped after two games, the third torn in mid-write.
    text = path.read_text().splitlines(keepends=True)
    path.write_text("".join(text[:3]) + text[3][:25])
    calls: list[tuple[int, int]] = []
    again = run(
        "durak", "ai:30", "greedy", deals=3, seed=9, threads=1, journal=path,
        progress=lambda done, total: calls.append((done, total)),
    )  # fmt: skip
    assert again["resumed_games"] == 2
    assert without_timings(again) == without_timings(whole)
    assert calls == [(2, 6), (3, 6), (4, 6), (5, 6), (6, 6)]
    assert len(journal_lines(path)) == 7, "the torn line is replaced, nothing is doubled"
    # A finished journal plays nothing more.
    calls.clear()
    done = run(
        "durak", "ai:30", "greedy", deals=3, seed=9, journal=path,
        progress=lambda done, total: calls.append((done, total)),
    )  # fmt: skip
    assert without_timings(done) == without_timings(whole) and done["resumed_games"] == 6
    assert calls == [(6, 6)]


def test_a_journal_extends_a_tournament(tmp_path: Any) -> None:
    path = tmp_path / "t.jsonl"
    run("schnapsen", "ai:20", "random", deals=2, seed=4, journal=path)
    longer = run("schnapsen", "ai:20", "random", deals=3, seed=4, journal=path)
    assert longer["resumed_games"] == 4
    fresh = run("schnapsen", "ai:20", "random", deals=3, seed=4)
    assert without_timings(longer) == without_timings(fresh)
    shorter = run("schnapsen", "ai:20", "random", deals=1, seed=4, journal=path)
    assert shorter["games"] == 2 and shorter["resumed_games"] == 2
    assert len(journal_lines(path)) == 1 + 6


@pytest.mark.parametrize(
    "other", [{"seed": 10}, {"b": "random"}, {"a": "ai:31"}, {"game": "perevodnoy"}]
)
def test_a_journal_of_another_tournament_is_refused(tmp_path: Any, other: dict[str, Any]) -> None:
    path = tmp_path / "t.jsonl"
    run("durak", "ai:30", "greedy", deals=1, seed=9, journal=path)
    before = path.read_text()
    args = {"game": "durak", "a": "ai:30", "b": "greedy", "seed": 9} | other
    with pytest.raises(InvalidArgumentError, match="another tournament"):
        run(args.pop("game"), args.pop("a"), args.pop("b"), deals=1, journal=path, **args)
    assert path.read_text() == before


@pytest.mark.parametrize(
    ("content", "pattern"),
    [
        ("just some notes\n", "not a tournament journal"),
        ('{"journal": "something else"}\n', "not a tournament journal"),
        ("[1, 2]\n", "not a tournament journal"),
        ("HEADER\nnot json\n", "line 2: not JSON"),
        ('HEADER\n{"deal": -1}\n', "line 2: deal must be"),
        ('HEADER\n{"deal": 0, "a_seat": 2}\n', "a_seat must be 0 or 1"),
        ('HEADER\n{"deal": 0, "a_seat": 0, "outcome": {"winner": 5}}\n', "outcome must be"),
        ("HEADER\n[]\n", "a game must be an object"),
        (
            'HEADER\n{"deal": 0, "a_seat": 0, "outcome": {"winner": 1}, "seconds": [0.1], '
            '"moves": [1, 1]}\n',
            "seconds and moves must be pairs",
        ),
        (
            'HEADER\n{"deal": 0, "a_seat": 0, "outcome": {"winner": 1}, "deals": -2, '
            '"seconds": [0, 0], "moves": [1, 1]}\n',
            "game points and deals",
        ),
    ],
)
def test_a_broken_journal_is_refused_untouched(tmp_path: Any, content: str, pattern: str) -> None:
    header = json.dumps(
        {"journal": "cardavia-tournament", "version": 1,
         "game": "durak", "a": "random", "b": "greedy", "seed": 1}
    )  # fmt: skip
    path = tmp_path / "t.jsonl"
    path.write_text(content.replace("HEADER", header))
    with pytest.raises(InvalidStateError, match=pattern):
        run("durak", "random", "greedy", deals=1, seed=1, journal=path)
    assert path.read_text() == content.replace("HEADER", header)


def test_a_journal_cut_within_its_header_starts_afresh(tmp_path: Any) -> None:
    path = tmp_path / "t.jsonl"
    run("durak", "random", "greedy", deals=1, seed=1, journal=path)
    header = path.read_text().splitlines()[0]
    for cut in (header[:10], header):
        path.write_text(cut)
        result = run("durak", "random", "greedy", deals=1, seed=1, journal=path)
        assert result["resumed_games"] == 0
        lines = journal_lines(path)
        assert lines[0]["journal"] == "cardavia-tournament" and len(lines) == 3


def test_a_journal_that_cannot_be_written(tmp_path: Any) -> None:
    with pytest.raises(InvalidArgumentError, match="cannot be written"):
        run("durak", "random", "greedy", deals=1, journal=tmp_path / "no" / "such" / "dir")
    with pytest.raises(InvalidArgumentError, match="cannot be read"):
        run("durak", "random", "greedy", deals=1, journal=tmp_path)


def test_progress_counts_every_game(tmp_path: Any) -> None:
    calls: list[tuple[int, int]] = []
    run("perevodnoy", "random", "greedy", deals=4, threads=2,
        progress=lambda done, total: calls.append((done, total)))  # fmt: skip
    assert calls == [(n, 8) for n in range(1, 9)]
    with pytest.raises(TypeError, match="progress must be callable"):
        run("durak", "random", "greedy", deals=1, progress=5)


@contextlib.contextmanager
def keyboard_interrupts() -> Iterator[None]:
    """SIGINT raises KeyboardInterrupt, as in a process started from an
    interactive shell; one started with SIGINT ignored (a background job)
    gets no such handler from Python, and the signal would be lost."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


@pytest.mark.usefixtures("sigint_at_start")
def test_an_interrupted_tournament_starts_no_more_games_and_resumes(tmp_path: Any) -> None:
    """Ctrl-C (SIGINT in the main thread) while games run on two threads."""
    path = tmp_path / "t.jsonl"

    def interrupt(done: int, _total: int) -> None:
        if done == 3:
            os.kill(os.getpid(), signal.SIGINT)

    with keyboard_interrupts(), pytest.raises(KeyboardInterrupt):
        run("durak", "ai:100", "greedy", deals=40, seed=2, threads=2, journal=path,
            progress=interrupt)  # fmt: skip
    kept = len(journal_lines(path)) - 1
    assert 3 <= kept <= 8, f"the games under way end, no new one starts: {kept} of 80"
    resumed = run("durak", "ai:100", "greedy", deals=6, seed=2, journal=path)
    assert resumed["resumed_games"] == min(kept, 12)
    assert without_timings(resumed) == without_timings(
        run("durak", "ai:100", "greedy", deals=6, seed=2)
    )


def test_the_module_and_its_function_share_the_name() -> None:
    """Issue 24: ``cardavia.tournament`` (the function) hid the module, so
    ``cardavia.tournament.deal_seed`` failed. Both work now."""
    assert cardavia.tournament is tournament_module
    assert cardavia.tournament.deal_seed(5, 2) == tournament_module.deal_seed(5, 2)
    assert callable(cardavia.tournament.make_player)
    called = cardavia.tournament("durak", "random", "greedy", deals=1, seed=3, threads=1)
    direct = tournament_module.tournament("durak", "random", "greedy", deals=1, seed=3, threads=1)
    for result in (called, direct):
        del result["seconds_per_move"]
    assert called == direct
