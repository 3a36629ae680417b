"""A page that leaves takes its work with it: the messages it sent that
were not answered yet, the computer's search they wait for, and the sends,
are dropped at once instead of keeping the table (and a core) busy for a
page nobody looks at."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from cardavia_cli.play import opponent
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
