"""How fast one page may talk (web/pace.py): beyond its budget a message is
refused as ``too_fast`` in the page's language and changes nothing; a page
that keeps flooding is closed with code 1008. Budgets without refill
(``*_per_second=0``) make the counts exact; the refill is tested on the
bucket with a clock the test moves."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cardavia_cli.play import opponent
from cardavia_cli.web.app import POLICY_VIOLATION, create_app
from cardavia_cli.web.options import Limits
from cardavia_cli.web.pace import Pace, TokenBucket, Verdict
from cardavia_cli.words.i18n import LANGUAGES
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from web_helpers import HOST, Gate, GatedStandIn, Table, make_options, table


def budget(**limits: Any) -> TestClient:
    options = make_options(
        **{"messages_per_second": 0, "refusals_per_second": 0, **limits},
    )
    return TestClient(create_app(options), base_url=f"http://{HOST}")


def until_closed(opened: Table) -> tuple[list[dict[str, Any]], int]:
    """Every message up to the server's close, and the close code."""
    seen = []
    with pytest.raises(WebSocketDisconnect) as closed:
        while True:
            seen.append(opened.receive())
    return seen, closed.value.code


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_the_bucket_refills_at_its_rate_up_to_its_capacity() -> None:
    clock = Clock()
    bucket = TokenBucket(3, 2.0, clock)
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]
    clock.now += 0.5  # one token back
    assert [bucket.take(), bucket.take()] == [True, False]
    clock.now += 60  # never more than the capacity
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]
    clock.now -= 10  # a clock that steps back gives nothing
    assert bucket.take() is False


def test_the_pace_refuses_then_closes_and_forgives_with_time() -> None:
    clock = Clock()
    limits = Limits(message_burst=2, messages_per_second=1, refusal_burst=2, refusals_per_second=1)
    pace = Pace.of(limits, clock)
    verdicts = [pace.judge() for _ in range(4)]
    assert verdicts == [Verdict.HANDLE, Verdict.HANDLE, Verdict.REFUSE, Verdict.REFUSE]
    clock.now += 1  # a page that slows down is served again
    assert pace.judge() is Verdict.HANDLE
    assert pace.judge() is Verdict.REFUSE  # the refusal budget refilled too
    assert pace.judge() is Verdict.CLOSE


def test_the_default_pace_serves_a_player() -> None:
    """A page that opens (settings, a deal) and plays a move every 100 ms
    for a minute is never refused."""
    clock = Clock()
    pace = Pace.of(Limits(), clock)
    verdicts = [pace.judge() for _ in range(5)]
    for _ in range(600):
        clock.now += 0.1
        verdicts.append(pace.judge())
    assert set(verdicts) == {Verdict.HANDLE}


def test_a_message_beyond_the_budget_is_refused_and_changes_nothing(games_dir: Path) -> None:
    with budget(message_burst=3) as client, table(client) as opened:  # settings: 1
        state = opened.ask_one(type="new", game="durak")  # 2
        assert state["type"] == "state" and state["view"]["turn"] == "you"
        move = state["view"]["moves"][0]["move"]
        opened.send(type="hint")  # 3: the last one taken
        assert opened.receive()["type"] == "hint"
        refused = opened.error(type="move", move=move)
        assert refused["kind"] == "too_fast"
    # The refused move was not played: the game's file (if the table has
    # written one yet) holds the moves the page saw, none of them this one.
    for saved in games_dir.glob("*.json"):
        moves = json.loads(saved.read_text(encoding="utf-8"))["moves"]
        assert len(moves) == state["moves_played"]
        assert {"seat": 0, "move": move} not in [
            {"seat": m["seat"], "move": m["move"]} for m in moves
        ]


def test_a_flooding_page_is_closed_with_code_1008() -> None:
    with budget(message_burst=2, refusal_burst=3) as client, table(client, lang=None) as opened:
        for _ in range(50):
            opened.send(type="saves")
        seen, code = until_closed(opened)
    assert code == POLICY_VIOLATION
    kinds = [m.get("kind") or m["type"] for m in seen]
    # Two taken (their answers may or may not be out before the close), three
    # refused, the fourth refusal closes; nothing after that is read.
    assert kinds.count("too_fast") == 4
    assert set(kinds) <= {"too_fast", "saves"}


def test_messages_beyond_the_queue_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """While the table is still answering (the computer thinks), at most
    ``queued_messages`` wait; the page is told about the others at once."""
    gate = Gate()
    monkeypatch.setattr(opponent, "for_level", lambda level: GatedStandIn(level, gate))
    with budget(message_burst=100, queued_messages=1) as client, table(client) as opened:
        state = opened.ask_one(type="new", game="schnapsen")
        assert state["view"]["turn"] == "you", state
        opened.send(type="hint")
        assert gate.started.wait(timeout=30)
        for _ in range(3):
            opened.send(type="rules", game="durak")
        refusals = [opened.receive() for _ in range(2)]
        gate.opened.set()
        answers = [opened.receive() for _ in range(2)]
    assert [r["kind"] for r in refusals] == ["too_fast", "too_fast"]
    assert [a["type"] for a in answers] == ["hint", "rules"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_too_fast_is_told_in_every_language(lang: str) -> None:
    # One message in 1,000 seconds: the page's settings take the only one.
    with budget(message_burst=1, messages_per_second=0.001) as client:
        with table(client, lang=lang) as opened:
            refused = opened.error(type="saves")
        with table(client, lang="en") as opened:
            english = opened.error(type="saves")["text"]
    assert refused["kind"] == "too_fast" and refused["field"] is None
    assert "0.001" in refused["text"]
    assert "{" not in refused["text"]
    if lang != "en":
        assert refused["text"] != english
