"""Helpers shared by the web table's tests (imported by name)."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from cardavia_cli.web.options import Limits, WebOptions
from starlette.testclient import TestClient, WebSocketTestSession

HOST = "testserver"
TOKEN = "test-token-123"
ORIGIN = f"http://{HOST}"
GAMES = ("durak", "perevodnoy", "schnapsen")


# A test drives the table faster than any player (a whole replay stepped
# through in milliseconds): its pace is unbounded unless the test sets one.
MACHINE_PACE = {"messages_per_second": 1e6, "message_burst": 10**6}


def make_options(**limits: Any) -> WebOptions:
    return WebOptions(
        token=TOKEN,
        hosts=frozenset({HOST}),
        language="en",
        level="easy",
        limits=Limits(**{**MACHINE_PACE, **limits}),
    )


class Table:
    """One page's WebSocket: send messages, read the answers."""

    def __init__(self, socket: WebSocketTestSession) -> None:
        self.socket = socket
        self.welcome = self.receive()

    def send(self, **message: Any) -> None:
        self.socket.send_text(json.dumps(message))

    def send_raw(self, raw: str) -> None:
        self.socket.send_text(raw)

    def receive(self) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.socket.receive_text())
        return message

    def settle(self) -> list[dict[str, Any]]:
        """Every message up to the one that leaves the player to act: an
        answer that is not a game state, or a state where it is not the
        computer's turn (the computer's moves come one message each)."""
        messages = []
        while True:
            message = self.receive()
            messages.append(message)
            if message["type"] != "state" or message["view"]["turn"] != "computer":
                return messages

    def ask(self, **message: Any) -> list[dict[str, Any]]:
        self.send(**message)
        return self.settle()

    def ask_one(self, **message: Any) -> dict[str, Any]:
        answers = self.ask(**message)
        return answers[-1]

    def error(self, **message: Any) -> dict[str, Any]:
        answer = self.ask_one(**message)
        assert answer["type"] == "error", answer
        return answer

    def play_out(
        self, first: dict[str, Any], choose: Callable[[dict[str, Any]], str]
    ) -> list[dict[str, Any]]:
        """Play moves chosen by ``choose(view)`` until the game is over;
        every message received, in order."""
        seen = [first]
        state = first
        while state["view"]["outcome"] is None:
            answers = self.ask(type="move", move=choose(state["view"]))
            seen.extend(answers)
            state = answers[-1]
            assert state["type"] == "state", state
        return seen


def first_move(view: dict[str, Any]) -> str:
    move: str = view["moves"][0]["move"]
    return move


@contextmanager
def table(client: TestClient, lang: str | None = "en", **headers: str) -> Iterator[Table]:
    sent = {"origin": ORIGIN, **headers}
    with client.websocket_connect(f"/ws?token={TOKEN}", headers=sent) as socket:
        opened = Table(socket)
        if lang is not None:
            opened.send(type="settings", lang=lang)
            assert opened.receive()["type"] == "strings"
        yield opened


class Gate:
    """A stand-in opponent's searches held until the test opens the gate:
    ``started`` is set when one begins, ``searches`` counts them."""

    def __init__(self) -> None:
        self.started = threading.Event()
        self.opened = threading.Event()
        self.searches = 0
        self.lock = threading.Lock()

    def pass_through(self) -> None:
        with self.lock:
            self.searches += 1
        self.started.set()
        # A safety valve only: a test that forgets to open the gate fails
        # instead of hanging.
        if not self.opened.wait(timeout=30):
            raise RuntimeError("the gate was never opened")


@dataclass
class GatedStandIn:
    level: str
    gate: Gate

    def choose(self, observation: Mapping[str, Any], seed: int) -> str:
        self.gate.pass_through()
        return str(sorted(observation["legal_moves"])[0])

    def analyse(self, observation: Mapping[str, Any], seed: int) -> list[dict[str, Any]]:
        self.gate.pass_through()
        return [{"move": m, "visits": 1, "value": 0.5} for m in sorted(observation["legal_moves"])]
