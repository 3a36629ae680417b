"""One page floods the web table; does another table still get its answers?

    python benches/bench_web.py --flood messages   # 10,000 moves from one page
    python benches/bench_web.py --flood saves      # 10,000 ``saves`` requests
    python benches/bench_web.py --flood saves --count 2000 --json

The server of ``cardavia web`` runs in this process (uvicorn in a thread),
the probe in another thread, the flooding page in a process of its own (so
its own work of sending does not slow the probe's client). The games folder is filled with
``--saved`` finished Durak games first (the page lists 40), so a ``saves``
request reads as many files as a player's folder would.

- the probe: a second table plays Durak, one move every 50 ms, and times
  each move to the table's first answer to it; first alone for
  ``--quiet`` seconds (the baseline), then while the flood runs;
- the flood: one page sends ``--count`` messages as fast as its socket
  takes them (``move`` messages repeating the first legal move of its game,
  which the table answers with a refusal once played, or ``saves``
  requests) and reads every answer; it is done when every message is
  answered or the server closes its socket.

Both tables play against a stand-in that plays its first legal move at once,
so the times are the table's own work, not the computer's search. Reported:
the probe's answer times (median, p99, max) alone and during the flood, how
long the flood took, the answers it got by kind, how its socket ended, and
whether the probe was dropped.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import random
import statistics
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Protocol

import cardavia
from cardavia_cli.play import opponent
from cardavia_cli.play.saves import new_log, write_log
from cardavia_cli.web.launch import listen, local_options, make_server
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

HOST = "127.0.0.1"
PROBE_PAUSE = 0.05


@dataclass
class Probe:
    # From a move to the table's first answer, and to the answer that gives
    # the turn back (after the computer's move).
    quiet: list[float] = field(default_factory=list)
    flooded: list[float] = field(default_factory=list)
    quiet_turn: list[float] = field(default_factory=list)
    flooded_turn: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    dropped: str | None = None
    # How long the move in flight had waited for its answer when the
    # socket was dropped.
    waited: float | None = None


@dataclass
class Flood:
    sent: int = 0
    answers: Counter[str] = field(default_factory=Counter)
    seconds: float = 0.0
    closed: str | None = None


class Signal(Protocol):
    """A multiprocessing event, shared by the probe and the flooding page."""

    def set(self) -> None: ...
    def is_set(self) -> bool: ...
    def wait(self, timeout: float | None = None) -> bool: ...


def fill_saves(count: int, seed: int = 1) -> None:
    """``count`` finished Durak games of random moves in the games folder."""
    rng = random.Random(seed)
    for number in range(count):
        log = new_log("durak", "easy", seed=seed * 1000 + number)
        game = log.new_game()
        while not game.is_over:
            seat = int(game.current_player or 0)
            move = rng.choice(game.legal_moves())
            game.play(move)
            log.record(seat, move)
        log.finished, log.outcome = True, game.outcome
        write_log(log)


async def receive(ws: ClientConnection) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(await ws.recv())
    return message


async def open_table(url: str, origin: str, game: str | None) -> tuple[ClientConnection, Any]:
    ws = await connect(url, origin=origin, max_size=2**22)  # type: ignore[arg-type]
    await receive(ws)  # welcome
    await ws.send(json.dumps({"type": "settings", "lang": "en"}))
    await receive(ws)  # strings
    state = None
    if game is not None:
        await ws.send(json.dumps({"type": "new", "game": game}))
        state = await settle(ws)
    return ws, state


async def settle(ws: ClientConnection) -> dict[str, Any]:
    """Answers up to the one that leaves the player to act."""
    while True:
        message = await receive(ws)
        if message["type"] != "state" or message["view"]["turn"] != "computer":
            return message


async def probe(
    url: str, origin: str, result: Probe, start: Signal, done: Signal, quiet: float
) -> None:
    rng = random.Random(7)
    sent = None
    try:
        ws, state = await open_table(url, origin, "durak")
        async with ws:
            quiet_until = time.monotonic() + quiet
            while True:
                if time.monotonic() >= quiet_until and not start.is_set():
                    start.set()
                if done.is_set():
                    return
                if state["type"] != "state" or state["view"]["outcome"] is not None:
                    await ws.send(json.dumps({"type": "new", "game": "durak"}))
                    state = await settle(ws)
                    continue
                move = rng.choice(state["view"]["moves"])["move"]
                during = start.is_set()
                sent = time.perf_counter()
                await ws.send(json.dumps({"type": "move", "move": move}))
                first = await receive(ws)
                (result.flooded if during else result.quiet).append(time.perf_counter() - sent)
                if first["type"] == "error":
                    result.errors.append(first["kind"])
                state = first
                if first["type"] == "state" and first["view"]["turn"] == "computer":
                    state = await settle(ws)
                turn = result.flooded_turn if during else result.quiet_turn
                turn.append(time.perf_counter() - sent)
                await asyncio.sleep(PROBE_PAUSE)
    except ConnectionClosed as exc:
        result.dropped = f"closed {exc.rcvd.code if exc.rcvd else 'without a close frame'}"
    except Exception as exc:
        result.dropped = f"{type(exc).__name__}: {exc}"
    finally:
        if result.dropped and sent is not None:
            result.waited = time.perf_counter() - sent
        start.set()


def flood_main(
    url: str, origin: str, kind: str, count: int, start: Signal, done: Signal, out: Any
) -> None:
    """The flooding page's process: its figures go back through ``out``."""
    flood = Flood()
    try:
        asyncio.run(flood_table(url, origin, kind, count, flood, start))
    finally:
        out.put(
            {
                "sent": flood.sent,
                "answers": dict(flood.answers),
                "seconds": flood.seconds,
                "closed": flood.closed,
            }
        )
        done.set()


async def flood_table(
    url: str, origin: str, kind: str, count: int, flood: Flood, start: Signal
) -> None:
    try:
        ws, state = await open_table(url, origin, "durak" if kind == "messages" else None)
        async with ws:
            if kind == "messages":
                assert state is not None
                message = {"type": "move", "move": state["view"]["moves"][0]["move"]}
            else:
                message = {"type": "saves"}
            raw = json.dumps(message)
            await asyncio.to_thread(start.wait)
            began = time.perf_counter()

            async def pour() -> None:
                for _ in range(count):
                    await ws.send(raw)
                    flood.sent += 1

            pouring = asyncio.create_task(pour())
            try:
                answered = 0
                # A move that is played is answered by the states of both
                # seats; every other message by one answer.
                while answered < count:
                    answer = await receive(ws)
                    flood.answers[answer.get("kind") or answer["type"]] += 1
                    if answer["type"] == "state" and answer["view"]["turn"] == "computer":
                        continue
                    answered += 1
            except ConnectionClosed as exc:
                code = exc.rcvd.code if exc.rcvd else None
                reason = exc.rcvd.reason if exc.rcvd else ""
                flood.closed = f"closed by the server: {code} {reason}".strip()
            finally:
                flood.seconds = time.perf_counter() - began
                pouring.cancel()
    except Exception as exc:
        flood.closed = f"{type(exc).__name__}: {exc}"


def stats(values: list[float]) -> dict[str, float]:
    if not values:
        return {"n": 0, "median": float("nan"), "p99": float("nan"), "max": float("nan")}
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return {
        "n": len(values),
        "median": 1000 * statistics.median(ordered),
        "p99": 1000 * p99,
        "max": 1000 * ordered[-1],
    }


@dataclass(frozen=True)
class FirstMove:
    level: str

    def choose(self, observation: Any, seed: int) -> str:
        return str(sorted(observation["legal_moves"])[0])

    def analyse(self, observation: Any, seed: int) -> list[dict[str, Any]]:
        return [{"move": m, "visits": 1, "value": 0.5} for m in observation["legal_moves"]]


def bench_flood(kind: str, count: int, saved: int = 40, quiet: float = 2.0) -> dict[str, Any]:
    data = tempfile.mkdtemp(prefix="cardavia-bench-flood-")
    saved_data_dir = os.environ.get("CARDAVIA_DATA_DIR")
    os.environ["CARDAVIA_DATA_DIR"] = data
    real = opponent.for_level
    opponent.for_level = FirstMove  # type: ignore[assignment]
    sock = listen(HOST, 0)
    port = int(sock.getsockname()[1])
    options = local_options(HOST, port, "en", "easy")
    server = make_server(options)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    result = Probe()
    processes = multiprocessing.get_context("spawn")
    start, done, out = processes.Event(), processes.Event(), processes.Queue()
    figures: dict[str, Any] = {}
    try:
        fill_saves(saved)
        thread.start()
        while not server.started:
            time.sleep(0.02)
        url = f"ws://{HOST}:{port}/ws?token={options.token}"
        origin = f"http://{HOST}:{port}"

        flooding = processes.Process(
            target=flood_main, args=(url, origin, kind, count, start, done, out)
        )
        flooding.start()
        probing = threading.Thread(
            target=asyncio.run, args=(probe(url, origin, result, start, done, quiet),)
        )
        probing.start()
        probing.join()
        figures = out.get(timeout=600)
        flooding.join()
    finally:
        server.should_exit = True
        thread.join(timeout=30)
        sock.close()
        opponent.for_level = real
        if saved_data_dir is None:
            os.environ.pop("CARDAVIA_DATA_DIR", None)
        else:
            os.environ["CARDAVIA_DATA_DIR"] = saved_data_dir
    return {
        "flood": kind,
        "count": count,
        "saved_games": saved,
        "cores": os.cpu_count(),
        "engine": cardavia.__version__ if hasattr(cardavia, "__version__") else None,
        "probe_alone_ms": stats(result.quiet),
        "probe_flooded_ms": stats(result.flooded),
        "probe_turn_alone_ms": stats(result.quiet_turn),
        "probe_turn_flooded_ms": stats(result.flooded_turn),
        "probe_errors": result.errors,
        "probe_dropped": result.dropped,
        "probe_waited_s": result.waited,
        "flood_sent": figures.get("sent"),
        "flood_seconds": figures.get("seconds"),
        "flood_answers": figures.get("answers", {}),
        "flood_closed": figures.get("closed"),
    }


def report_flood(result: dict[str, Any]) -> str:
    alone, flooded = result["probe_alone_ms"], result["probe_flooded_ms"]
    answers = ", ".join(f"{k} {v}" for k, v in sorted(result["flood_answers"].items()))
    dropped = result["probe_dropped"]
    if dropped:
        dropped = f"dropped ({dropped}, its move unanswered for {result['probe_waited_s']:.1f} s)"
    lines = [
        f"web table flooded: {result['count']:,} {result['flood']} from one page, "
        f"{result['saved_games']} saved games, {result['cores']} cores",
        f"flood: sent {result['flood_sent']:,} in {result['flood_seconds']:.1f} s; "
        f"answers: {answers or 'none'}; {result['flood_closed'] or 'stayed open'}",
        f"other table: {dropped or 'not dropped'}, errors {len(result['probe_errors'])}",
        "",
        "| the other table: from a move | moves | median | p99 | max |",
        "|---|---|---|---|---|",
        row("to its first answer, alone", alone),
        row("to its first answer, during the flood", flooded),
        row("to the turn back, alone", result["probe_turn_alone_ms"]),
        row("to the turn back, during the flood", result["probe_turn_flooded_ms"]),
    ]
    return "\n".join(lines)


def row(name: str, figures: dict[str, float]) -> str:
    return (
        f"| {name} | {figures['n']} | {figures['median']:.1f} ms | "
        f"{figures['p99']:.1f} ms | {figures['max']:.1f} ms |"
    )
