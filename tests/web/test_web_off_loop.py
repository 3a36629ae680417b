"""The saved games are read and written in the file threads, never on the
event loop that every table shares: the list (``saves``), a game to resume,
a game to replay, and the file written after each move."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from cardavia_cli.play import logged_game
from cardavia_cli.web import connection
from starlette.testclient import TestClient
from web_helpers import table

FILE_THREADS = "cardavia-files"


def recording(monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> list[str]:
    """The threads ``module.name`` runs in from now on."""
    threads: list[str] = []
    real: Callable[..., Any] = getattr(module, name)

    def wrapped(*args: Any, **kwargs: Any) -> Any:
        threads.append(threading.current_thread().name)
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, wrapped)
    return threads


def test_saved_games_are_read_and_written_off_the_event_loop(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    listed = recording(monkeypatch, connection, "list_saves")
    opened = recording(monkeypatch, connection, "open_log")
    locked = recording(monkeypatch, connection, "open_saved")
    written = recording(monkeypatch, logged_game, "write_log")
    with table(client) as page:
        state = page.ask_one(type="new", game="durak")
        page.ask(type="move", move=state["view"]["moves"][0]["move"])
        file = page.ask_one(type="saves")["games"][0]["file"]
        assert page.ask_one(type="replay", file=file)["type"] == "replay"
        assert page.ask_one(type="resume", file=file)["type"] == "state"
    assert listed and opened and locked and written
    for thread in listed + opened + locked + written:
        assert thread.startswith(FILE_THREADS), thread
