"""``cmd:`` players: a program answering observations with moves over its
standard input and output (``cardavia.external``, ``cardavia.serve``)."""

from __future__ import annotations

import io
import json
import shlex
import subprocess
import sys
from typing import Any

import cardavia
import pytest
from cardavia import IllegalMoveError, InvalidArgumentError
from cardavia.serve import serve
from cardavia.tournament import make_player

PYTHON = shlex.quote(sys.executable)
SERVE = f"cmd:{PYTHON} -m cardavia.serve"


def results(result: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in result.items() if k != "seconds_per_move"}


@pytest.mark.parametrize(
    ("game", "player"), [("durak", "greedy"), ("perevodnoy", "random"), ("schnapsen", "ai:30")]
)
def test_a_served_player_plays_as_it_does_in_process(game: str, player: str) -> None:
    served = cardavia.tournament(game, f"{SERVE} {player}", "random", deals=2, seed=3, threads=2)
    local = cardavia.tournament(game, player, "random", deals=2, seed=3, threads=2)
    assert results(served) | {"a": player} == results(local)
    assert served["a"] == f"{SERVE} {player}"


def test_the_programs_end_with_the_player() -> None:
    player = make_player(f"{SERVE} random")
    g = cardavia.new_game("durak", seed=1)
    obs = g.observation(g.current_player)
    assert player.choose(obs, 5) in obs["legal_moves"]
    process = player.choose.__self__._local.process  # type: ignore[attr-defined]
    assert process.poll() is None
    assert player.close is not None
    player.close()
    assert process.poll() == 0


@pytest.mark.parametrize(
    ("spec", "error", "pattern"),
    [
        ("cmd:", InvalidArgumentError, "no command"),
        ("cmd:'unclosed", InvalidArgumentError, "quotation"),
        ("cmd:/no/such/program --flag", InvalidArgumentError, "cannot be started"),
        (f"cmd:{PYTHON} -c pass", InvalidArgumentError, "gave no move"),
        (
            f"cmd:{PYTHON} -c \"import sys; [print('nonsense', flush=True) for _ in sys.stdin]\"",
            IllegalMoveError,
            "answered 'nonsense'",
        ),
        (f"{SERVE} expert", InvalidArgumentError, "gave no move: it ended with exit code 2"),
    ],
)
def test_a_player_that_cannot_play(spec: str, error: type[Exception], pattern: str) -> None:
    with pytest.raises(error, match=pattern):
        cardavia.tournament("durak", spec, "random", deals=1, seed=1, threads=1)


def test_an_illegal_answer_names_the_legal_moves() -> None:
    spec = f"cmd:{PYTHON} -c \"import sys; [print('take', flush=True) for _ in sys.stdin]\""
    with pytest.raises(IllegalMoveError) as info:
        cardavia.tournament("durak", spec, "random", deals=1, seed=1, threads=1)
    assert info.value.legal and "take" not in info.value.legal


def test_serve_answers_each_request() -> None:
    g = cardavia.new_game("schnapsen", seed=4)
    obs = g.observation(g.current_player)
    requests = io.StringIO(
        json.dumps({"observation": obs, "seed": 1}) + "\n\n" + json.dumps({"observation": obs})
    )
    answers = io.StringIO()
    serve("greedy", requests, answers)
    moves = answers.getvalue().splitlines()
    assert len(moves) == 2 and all(m in obs["legal_moves"] for m in moves)


@pytest.mark.parametrize(
    ("request_line", "pattern"),
    [
        ("not json", "Expecting value"),
        ("[1, 2]", "must be an object with an observation"),
        ('{"seed": 1}', "must be an object with an observation"),
        ('{"observation": {}, "seed": "x"}', "seed must be an integer"),
        ('{"observation": {"game": "bridge"}, "seed": 1}', ""),
    ],
)
def test_serve_refuses_a_bad_request(request_line: str, pattern: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "cardavia.serve", "random"],
        input=request_line + "\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr.startswith("cardavia.serve: ") and pattern in done.stderr
    assert done.stdout == ""


def test_serve_needs_one_player() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "cardavia.serve"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 2 and "usage" in done.stderr
