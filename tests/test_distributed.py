"""Tournaments on Ray (``backend="ray"``) against one local Ray instance.

The games are the local backend's, game for game, whatever the number of
workers; a journal begun on either backend is finished on the other; a task
that raises, or whose worker is killed, is played again and counted once.
Faults come from ``cmd:`` players that misbehave on their first start only
(a marker file), so the product has no test hooks. Without Ray (or with a
bad address) the errors say what to do.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import cardavia
import pytest
from cardavia import InvalidArgumentError, MissingDependencyError

pytestmark = pytest.mark.usefixtures("ray_local")


def games_of(path: Path) -> list[dict[str, Any]]:
    """A journal's games, sorted, without their timings."""
    lines = [json.loads(line) for line in path.read_text().splitlines()[1:]]
    for line in lines:
        del line["seconds"]
    return sorted(lines, key=lambda g: (g["deal"], g["a_seat"]))


def results(result: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in result.items() if k not in ("seconds_per_move", "resumed_games")}


def faulty_player(tmp_path: Path, fault: str, serves: str = "greedy") -> str:
    """``cmd:`` serving ``serves``; its first start (of all workers) does
    ``fault`` instead: ``exit`` (the game's task raises) or ``kill`` (it
    kills its parent, the Ray worker)."""
    script = tmp_path / f"{fault}_once.py"
    script.write_text(
        textwrap.dedent(
            f"""
            import os, signal, sys
            try:
                os.close(os.open({str(tmp_path / (fault + ".done"))!r}, os.O_CREAT | os.O_EXCL))
            except FileExistsError:
                os.execv(sys.executable, [sys.executable, "-m", "cardavia.serve", {serves!r}])
            if {fault!r} == "kill":
                os.kill(os.getppid(), signal.SIGKILL)
            sys.exit(3)
            """
        )
    )
    return f"cmd:{sys.executable} {script}"


@pytest.mark.parametrize(
    ("game", "a", "b"), [("durak", "easy", "greedy"), ("schnapsen", "easy", "random")]
)
def test_the_same_journal_as_the_local_backend(tmp_path: Path, game: str, a: str, b: str) -> None:
    local = tmp_path / "local.jsonl"
    expected = cardavia.tournament(game, a, b, deals=3, seed=8, journal=local)
    for threads in (1, 2):
        path = tmp_path / f"ray{threads}.jsonl"
        got = cardavia.tournament(
            game, a, b, deals=3, seed=8, journal=path, backend="ray", threads=threads
        )
        assert results(got) == results(expected)
        assert path.read_text().splitlines()[0] == local.read_text().splitlines()[0]
        assert games_of(path) == games_of(local)


def test_progress_counts_every_game_on_ray() -> None:
    calls: list[tuple[int, int]] = []
    cardavia.tournament(
        "perevodnoy", "random", "greedy", deals=3, seed=1, backend="ray",
        progress=lambda done, total: calls.append((done, total)),
    )  # fmt: skip
    assert calls == [(n, 6) for n in range(1, 7)]


@pytest.mark.parametrize("fault", ["exit", "kill"])
def test_a_failed_task_is_played_again_and_counted_once(tmp_path: Path, fault: str) -> None:
    player = faulty_player(tmp_path, fault)
    path = tmp_path / "t.jsonl"
    got = cardavia.tournament(
        "durak", player, "random", deals=3, seed=4, journal=path, backend="ray"
    )
    assert (tmp_path / f"{fault}.done").exists(), "the fault happened"
    local = tmp_path / "local.jsonl"
    expected = cardavia.tournament("durak", "greedy", "random", deals=3, seed=4, journal=local)
    assert games_of(path) == games_of(local), "every game once, as played locally"
    assert {k: v for k, v in results(got).items() if k != "a"} == {
        k: v for k, v in results(expected).items() if k != "a"
    }


def test_a_task_that_always_fails_stops_the_run(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    with pytest.raises(InvalidArgumentError, match="gave no move"):
        cardavia.tournament(
            "durak", "cmd:false", "random", deals=2, seed=1, journal=path, backend="ray"
        )
    assert len(path.read_text().splitlines()) == 1, "the header only: no game finished"


def test_an_interrupted_ray_run_resumes_on_either_backend(tmp_path: Path) -> None:
    expected = cardavia.tournament("durak", "easy", "greedy", deals=4, seed=3)
    path = tmp_path / "t.jsonl"

    def interrupt(done: int, _total: int) -> None:
        if done == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        cardavia.tournament(
            "durak", "easy", "greedy", deals=4, seed=3, journal=path, backend="ray",
            progress=interrupt,
        )  # fmt: skip
    kept = len(path.read_text().splitlines()) - 1
    assert kept == 3, "every finished game is kept, none twice"
    # Cut further, resumed locally for two deals, then on Ray for all four.
    lines = path.read_text().splitlines(keepends=True)
    path.write_text("".join(lines[:3]))
    part = cardavia.tournament("durak", "easy", "greedy", deals=2, seed=3, journal=path)
    assert part["resumed_games"] == 2
    whole = cardavia.tournament(
        "durak", "easy", "greedy", deals=4, seed=3, journal=path, backend="ray"
    )
    assert whole["resumed_games"] == 4
    assert results(whole) == results(expected)
    assert len(games_of(path)) == 8


def test_a_journal_of_another_tournament_is_refused_on_ray(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    cardavia.tournament("durak", "random", "greedy", deals=1, seed=9, journal=path)
    before = path.read_text()
    with pytest.raises(InvalidArgumentError, match="another tournament"):
        cardavia.tournament(
            "durak", "random", "greedy", deals=1, seed=10, journal=path, backend="ray"
        )
    assert path.read_text() == before


@pytest.mark.parametrize(
    ("arguments", "kind", "field"),
    [
        ({"backend": "cluster"}, "choice", "backend"),
        ({"backend": "local", "address": "auto"}, "needs_ray", "address"),
    ],
)
def test_bad_backend_arguments(arguments: dict[str, Any], kind: str, field: str) -> None:
    with pytest.raises(InvalidArgumentError) as caught:
        cardavia.tournament("durak", "random", "greedy", deals=1, **arguments)
    assert (caught.value.kind, caught.value.field) == (kind, field)


def test_an_address_must_be_a_string() -> None:
    with pytest.raises(TypeError, match="address must be a string"):
        cardavia.tournament("durak", "random", "greedy", deals=1, backend="ray", address=7)  # type: ignore[arg-type]


def test_without_ray_the_error_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)
    with pytest.raises(MissingDependencyError) as caught:
        cardavia.tournament("durak", "random", "greedy", deals=1, backend="ray")
    error = caught.value
    assert isinstance(error, ImportError)
    assert (error.kind, error.field, error.value) == ("missing_dependency", "backend", "ray")
    assert "pip install './[ray]'" in str(error)
    # The local backend needs no Ray.
    assert cardavia.tournament("durak", "random", "greedy", deals=1)["games"] == 2


def test_bad_addresses_are_refused_clearly(tmp_path: Path) -> None:
    """In a process of its own, which has not connected to Ray yet."""
    program = textwrap.dedent(
        """
        import json, sys, cardavia
        out = []
        for address in sys.argv[1:]:
            try:
                cardavia.tournament("durak", "random", "random", deals=1, backend="ray",
                                    address=address)
                out.append(None)
            except cardavia.CardaviaError as exc:
                out.append([type(exc).__name__, exc.kind, exc.field, exc.value, str(exc)])
        print(json.dumps(out))
        """
    )
    env = {k: v for k, v in os.environ.items() if k != "RAY_ADDRESS"}
    done = subprocess.run(
        [sys.executable, "-c", program, "nonsense::", "localhost:notaport"],
        capture_output=True, text=True, timeout=120, env=env, cwd=tmp_path, check=True,
    )  # fmt: skip
    bad_format, bad_port = json.loads(done.stdout.splitlines()[-1])
    assert bad_format[:4] == ["InvalidArgumentError", "ray_address", "address", "nonsense::"]
    assert "cannot connect to Ray at 'nonsense::'" in bad_format[4]
    assert bad_port[:4] == ["InvalidArgumentError", "ray_address", "address", "localhost:notaport"]
    assert "notaport" in bad_port[4]


CTRL_C = textwrap.dedent(
    """
    import json, os, signal, sys, threading
    import cardavia, ray
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    seen = []

    def interrupt(done, _total):
        seen.append(done)
        if done == 2:
            threading.Timer(0.2, os.kill, (os.getpid(), signal.SIGINT)).start()

    signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        cardavia.tournament(
            "durak", "ai:3000", "ai:3000", deals=30, seed=5, journal=sys.argv[1],
            backend="ray", progress=interrupt,
        )
        interrupted = False
    except KeyboardInterrupt:
        interrupted = True
    resumed = cardavia.tournament("durak", "random", "greedy", deals=1, backend="ray")
    print(json.dumps({"interrupted": interrupted, "seen": seen, "resumed": resumed["games"]}))
    """
)


@pytest.mark.usefixtures("sigint_at_start")
def test_ctrl_c_cancels_the_tasks_and_keeps_the_finished_games(tmp_path: Path) -> None:
    """SIGINT while the driver waits for Ray: no new game is counted, the
    tasks under way are cancelled, and the journal resumes.

    The driver is a process of its own with its own Ray instance: Ray 2.60
    itself sometimes aborts the driver when a task it is retrying (its
    worker lost) is cancelled ("Tried to complete task that was not
    pending", a known race in Ray's task manager). Such a run prints no
    result and is tried again, at most three times in all."""
    for attempt in range(3):
        path = tmp_path / f"t{attempt}.jsonl"
        child = subprocess.run(
            [sys.executable, "-c", CTRL_C, str(path)],
            capture_output=True, text=True, timeout=300,
        )  # fmt: skip
        if child.returncode == 0:
            break
    assert child.returncode == 0, child.stderr[-2000:]
    result = json.loads(child.stdout.strip().splitlines()[-1])
    assert result["interrupted"], "the tournament ran to its end"
    kept = len(path.read_text().splitlines()) - 1
    assert kept == result["seen"][-1] and 2 <= kept < 60
    assert result["resumed"] == 2, "the instance still runs tasks"
