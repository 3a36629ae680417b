"""A real server for the browser tests: uvicorn in a thread on a free
loopback port, the same application as ``cardavia web``."""

from __future__ import annotations

import dataclasses
import socket
import threading
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from cardavia_cli.web.address import key_digest
from cardavia_cli.web.launch import listen, local_options, make_server, table_url

HOST = "127.0.0.1"


@dataclass(frozen=True)
class Served:
    port: int
    token: str

    def url(self, **params: str) -> str:
        return table_url(HOST, self.port, self.token, **params)


@contextmanager
def serve_in_thread(
    port: int = 0, earlier: Iterable[str] = (), players: int = 2
) -> Iterator[Served]:
    """A server on ``port`` (any free one by default) that knows the keys
    ``earlier`` as those of launches before it, and offers a table of
    ``players`` to a page that has chosen none."""
    sock: socket.socket = listen(HOST, port)
    port = int(sock.getsockname()[1])
    options = local_options(HOST, port, "en", "easy", players)
    options = dataclasses.replace(
        options,
        address=table_url(HOST, port, options.token),
        earlier=frozenset(key_digest(token) for token in earlier),
    )
    server = make_server(options)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline:
            raise RuntimeError("the test server did not start")
        time.sleep(0.02)
    try:
        yield Served(port, options.token)
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()
