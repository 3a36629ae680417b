"""A page that leaves takes its work with it: the messages it sent that
were not answered yet, the computer's search they wait for, and the sends,
are dropped at once instead of keeping the table (and a core) busy for a
page nobody looks at."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from cardavia_cli.play import opponent
from cardavia_cli.play.game_lock import holder_of
from cardavia_cli.web import connection, workers
from cardavia_cli.web.app import create_app
from starlette.testclient import TestClient
from starlette.types import Receive, Scope, Send
from web_helpers import HOST, Gate, GatedStandIn, make_options, table


class Watched:
    """The application, with an event set when a WebSocket's task returns."""

    def __init__(self) -> None:
        self.inner = create_app(make_options())
        self.finished = threading.Event()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await self.inner(scope, receive, send)
        finally:
            if scope["type"] == "websocket":
                self.finished.set()


def test_a_departed_page_leaves_no_work_behind(monkeypatch: pytest.MonkeyPatch) -> None:
    gate = Gate()
    monkeypatch.setattr(opponent, "for_level", lambda level: GatedStandIn(level, gate))
    app = Watched()
    with TestClient(app, base_url=f"http://{HOST}") as client, table(client) as opened:
        state: dict[str, Any] = opened.ask_one(type="new", game="schnapsen")
        assert state["view"]["turn"] == "you", state
        for _ in range(5):
            opened.send(type="hint")
        assert gate.started.wait(timeout=30)
        opened.socket.close()
        # The page is gone while the first search still runs: the table lets
        # go of it now, not after the search and the four waiting behind it.
        released = app.finished.wait(timeout=10)
        gate.opened.set()
    assert released
    assert gate.searches == 1


def test_a_departed_pages_search_waiting_for_a_thread_never_runs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """One search thread, busy with another page's hint: the search of a
    page that leaves meanwhile is taken out of the pool's queue."""
    gate = Gate()
    monkeypatch.setattr(opponent, "for_level", lambda level: GatedStandIn(level, gate))
    pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="test-search")
    monkeypatch.setattr(workers, "_searches", pool)
    app = Watched()
    with TestClient(app, base_url=f"http://{HOST}") as client:
        with table(client) as staying, table(client) as leaving:
            for page in (staying, leaving):
                assert page.ask_one(type="new", game="schnapsen")["view"]["turn"] == "you"
            staying.send(type="hint")
            assert gate.started.wait(timeout=30)  # the one thread is taken
            leaving.send(type="hint")  # waits in the pool's queue
            leaving.socket.close()
            released = app.finished.wait(timeout=10)
            gate.opened.set()
            assert staying.receive()["type"] == "hint"
        # Whatever was still queued has run once this has.
        pool.submit(lambda: None).result(timeout=30)
    pool.shutdown()
    assert released
    assert gate.searches == 1


def test_a_page_that_leaves_while_its_game_opens_does_not_keep_it_locked(
    monkeypatch: pytest.MonkeyPatch, games_dir: Path
) -> None:
    """The lock a resume takes in its file thread is let go when the page
    has left meanwhile: the game can be opened at once elsewhere."""
    app = Watched()
    with TestClient(app, base_url=f"http://{HOST}") as client:
        with table(client) as first:
            state = first.ask_one(type="new", game="durak")
            first.ask(type="move", move=state["view"]["moves"][0]["move"])
        (saved,) = games_dir.glob("*.json")
        app.finished.clear()
        gate = Gate()
        real = connection.open_saved

        opened = threading.Event()

        def held_open(*args: Any, **kwargs: Any) -> Any:
            gate.pass_through()
            try:
                return real(*args, **kwargs)
            finally:
                opened.set()

        monkeypatch.setattr(connection, "open_saved", held_open)
        with table(client) as leaving:
            leaving.send(type="resume", file=saved.name)
            assert gate.started.wait(timeout=30)
            leaving.socket.close()
            assert app.finished.wait(timeout=10)
            gate.opened.set()
            # Until the file thread has taken the lock, nobody holds it yet.
            assert opened.wait(timeout=30)
            deadline = time.monotonic() + 30
            while holder_of(saved) is not None:
                if time.monotonic() > deadline:
                    raise RuntimeError("the departed page's lock was never let go")
                time.sleep(0.01)
        with table(client) as other:
            assert other.ask_one(type="resume", file=saved.name)["type"] == "state"
