"""The web table under load: many players at once on loopback.

    python benches/bench_web.py             # 20 clients, Durak against normal, 60 s
    python benches/bench_web.py --quick     # a smoke run (3 clients, 5 s)
    python benches/bench_web.py --json      # machine-readable

The server of ``cardavia web`` runs in this process (uvicorn in a thread, as
the command runs it), the clients in another thread: each opens the page's
WebSocket, deals a game, and plays a random legal move whenever it is its
turn, dealing again when a game ends, until the time is up. Measured:

- move to answer: from sending a move to receiving the computer's first
  reply to it (the moves after which the player moves again are not
  counted), p50 and p95 over every answered move;
- the AI's own search: ``choose_move`` as the server calls it (timed
  around the opponent), p50 and p95, so the difference is the table's cost;
- errors (error messages, dropped sockets) and lost games: every game a
  client dealt must be in its saved file with exactly the moves it saw.

The clients answer at once, so together they keep every core searching: the
wait for a core, not the table, makes most of the answer time (about
clients / searches per second). ``--instant`` replaces the AI by a player of
its first legal move, which leaves the table's own cost (messages, the
view, the saved file after every move).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardavia_cli.play import opponent
from cardavia_cli.play.saves import SaveError, load_log
from cardavia_cli.web.launch import listen, local_options, make_server
from websockets.asyncio.client import connect

HOST = "127.0.0.1"


@dataclass
class TimedOpponent:
    """The real opponent, with the time of every decision recorded."""

    inner: opponent.Opponent
    times: list[float]

    def choose(self, observation: Mapping[str, Any], seed: int) -> str:
        start = time.perf_counter()
        move = self.inner.choose(observation, seed)
        self.times.append(time.perf_counter() - start)
        return move

    def analyse(self, observation: Mapping[str, Any], seed: int) -> list[dict[str, Any]]:
        return self.inner.analyse(observation, seed)


@dataclass(frozen=True)
class FirstMove:
    """The computer of ``--instant``: its first legal move, at once."""

    level: str

    def choose(self, observation: Mapping[str, Any], seed: int) -> str:
        return str(sorted(observation["legal_moves"])[0])

    def analyse(self, observation: Mapping[str, Any], seed: int) -> list[dict[str, Any]]:
        return [{"move": m, "visits": 1, "value": 0.5} for m in observation["legal_moves"]]


@dataclass
class Client:
    number: int
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    games: dict[str, int] = field(default_factory=dict)  # file -> moves seen
    finished: int = 0


async def play(client: Client, url: str, origin: str, game: str, level: str, until: float) -> None:
    rng = random.Random(client.number)
    try:
        async with connect(url, origin=origin, max_size=2**22) as ws:  # type: ignore[arg-type]

            async def receive() -> dict[str, Any]:
                message: dict[str, Any] = json.loads(await ws.recv())
                if message["type"] == "error":
                    client.errors.append(message["kind"])
                return message

            await receive()  # welcome
            await ws.send(json.dumps({"type": "settings", "lang": "en", "level": level}))
            await receive()  # strings
            await ws.send(json.dumps({"type": "new", "game": game}))
            state = await receive()
            while state["type"] == "state":
                if state["file"]:  # saved from its first move on
                    client.games[state["file"]] = state["moves_played"]
                view = state["view"]
                if view["turn"] == "computer":  # its moves of a new deal
                    state = await receive()
                    continue
                # Stop only where the player is to act: nothing is in flight.
                if time.monotonic() >= until:
                    return
                if view["outcome"] is not None:
                    client.finished += 1
                    await ws.send(json.dumps({"type": "new", "game": game}))
                    state = await receive()
                    continue
                move = rng.choice(view["moves"])["move"]
                sent = time.perf_counter()
                await ws.send(json.dumps({"type": "move", "move": move}))
                answered = False
                while True:
                    state = await receive()
                    if state["type"] != "state":
                        break
                    if state["file"]:
                        client.games[state["file"]] = state["moves_played"]
                    last = state.get("last") or {}
                    if last.get("seat") == 1 and not answered:
                        client.latencies.append(time.perf_counter() - sent)
                        answered = True
                    if state["view"]["turn"] != "computer":
                        break
    except Exception as exc:  # a dropped socket or a protocol failure
        client.errors.append(f"{type(exc).__name__}: {exc}")


async def run_clients(
    port: int, token: str, clients: list[Client], game: str, level: str, seconds: float
) -> None:
    url = f"ws://{HOST}:{port}/ws?token={token}"
    until = time.monotonic() + seconds
    origin = f"http://{HOST}:{port}"
    await asyncio.gather(*(play(c, url, origin, game, level, until) for c in clients))


def lost_games(clients: list[Client], folder: Path) -> list[str]:
    """Games a client dealt whose saved file is missing, unreadable, or
    holds other moves than the client saw."""
    lost = []
    for client in clients:
        for name, seen in client.games.items():
            try:
                log = load_log(folder / name)
            except SaveError as exc:
                lost.append(f"{name}: {exc}")
                continue
            if len(log.moves) != seen:
                lost.append(f"{name}: {len(log.moves)} moves saved, {seen} seen")
    return lost


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def bench(
    clients: int, seconds: float, game: str, level: str, instant: bool = False
) -> dict[str, Any]:
    searches: list[float] = []
    real = opponent.for_level

    def timed(chosen: str) -> opponent.Opponent:
        return TimedOpponent(FirstMove(chosen) if instant else real(chosen), searches)

    data = tempfile.mkdtemp(prefix="cardavia-bench-web-")
    saved_data_dir = os.environ.get("CARDAVIA_DATA_DIR")
    os.environ["CARDAVIA_DATA_DIR"] = data
    opponent.for_level = timed  # type: ignore[assignment]
    sock = listen(HOST, 0)
    port = int(sock.getsockname()[1])
    options = local_options(HOST, port, "en", level)
    server = make_server(options)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.02)
    players = [Client(n) for n in range(clients)]
    clients_thread = threading.Thread(
        target=asyncio.run, args=(run_clients(port, options.token, players, game, level, seconds),)
    )
    try:
        clients_thread.start()
        clients_thread.join()
    finally:
        server.should_exit = True
        thread.join(timeout=30)
        sock.close()
        opponent.for_level = real
        lost = lost_games(players, Path(data) / "games")
        if saved_data_dir is None:
            os.environ.pop("CARDAVIA_DATA_DIR", None)
        else:
            os.environ["CARDAVIA_DATA_DIR"] = saved_data_dir
    latencies = [t for c in players for t in c.latencies]
    return {
        "clients": clients,
        "seconds": seconds,
        "game": game,
        "level": "instant" if instant else level,
        "cores": os.cpu_count(),
        "games_dealt": sum(len(c.games) for c in players),
        "games_finished": sum(c.finished for c in players),
        "moves_answered": len(latencies),
        "errors": [e for c in players for e in c.errors],
        "lost_games": lost,
        "answer_ms": {
            "p50": 1000 * percentile(latencies, 0.5),
            "p95": 1000 * percentile(latencies, 0.95),
            "mean": 1000 * statistics.fmean(latencies) if latencies else float("nan"),
        },
        "search_ms": {
            "p50": 1000 * percentile(searches, 0.5),
            "p95": 1000 * percentile(searches, 0.95),
            "count": len(searches),
            "per_second": len(searches) / seconds,
        },
    }


def report(result: dict[str, Any]) -> str:
    answer, search = result["answer_ms"], result["search_ms"]
    lines = [
        f"web table: {result['clients']} clients on loopback, {result['game']} against "
        f"{result['level']}, {result['seconds']:g} s, {result['cores']} cores",
        f"games dealt {result['games_dealt']}, finished {result['games_finished']}, "
        f"moves answered {result['moves_answered']}, "
        f"searches {search['count']} ({search['per_second']:.1f}/s)",
        f"errors {len(result['errors'])}, lost games {len(result['lost_games'])}",
        "",
        "| | p50 | p95 |",
        "|---|---|---|",
        f"| move to the AI's answer | {answer['p50']:.0f} ms | {answer['p95']:.0f} ms |",
        f"| the AI's search alone | {search['p50']:.0f} ms | {search['p95']:.0f} ms |",
    ]
    for problem in (result["errors"] + result["lost_games"])[:10]:
        lines.append(f"  ! {problem}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--game", default="durak", choices=("durak", "perevodnoy", "schnapsen"))
    parser.add_argument("--level", default="normal", choices=tuple(opponent.LEVELS))
    parser.add_argument("--quick", action="store_true", help="3 clients, 5 s: a smoke run")
    parser.add_argument(
        "--instant", action="store_true", help="the computer plays at once: the table's own cost"
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.quick:
        args.clients, args.seconds = 3, 5.0
    result = bench(args.clients, args.seconds, args.game, args.level, args.instant)
    print(json.dumps(result) if args.json else report(result))
    return 0 if not result["errors"] and not result["lost_games"] else 1


if __name__ == "__main__":
    sys.exit(main())
