"""``cardavia web``: listen on this computer, print the table's address with
its per-launch token, open the browser, serve until Ctrl-C."""

from __future__ import annotations

import dataclasses
import socket
import threading
import webbrowser
from collections.abc import Callable
from urllib.parse import urlencode

import uvicorn

from .address import earlier_keys, record_launch
from .app import create_app
from .options import WebOptions, allowed_hosts, new_token, url_host


def listen(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    return socket.create_server((host, port), family=family)


def table_url(host: str, port: int, token: str, **params: str | None) -> str:
    query = {"token": token, **{k: v for k, v in params.items() if v is not None}}
    return f"http://{url_host(host)}:{port}/?{urlencode(query)}"


def local_options(host: str, port: int, language: str, level: str, players: int = 2) -> WebOptions:
    """A fresh token, and the names this host may be reached by."""
    return WebOptions(
        token=new_token(),
        hosts=allowed_hosts(host, port),
        language=language,
        level=level,
        players=players,
    )


def launch_options(
    host: str,
    port: int,
    language: str,
    level: str,
    url_params: dict[str, str | None],
    players: int = 2,
) -> tuple[WebOptions, str]:
    """The options of a launch and its address, recorded as the table's
    (web/address.py); pages of the earlier launches are told it moved here."""
    options = local_options(host, port, language, level, players)
    url = table_url(host, port, options.token, **url_params)
    options = dataclasses.replace(options, address=url, earlier=earlier_keys())
    record_launch(url, options.token)
    return options, url


def make_server(options: WebOptions) -> uvicorn.Server:
    config = uvicorn.Config(
        create_app(options),
        ws="websockets-sansio",
        ws_max_size=options.limits.frame_bytes,
        log_level="warning",
        access_log=False,
        lifespan="off",
        timeout_graceful_shutdown=3,
    )
    return uvicorn.Server(config)


def serve(
    sock: socket.socket,
    host: str,
    *,
    language: str,
    level: str,
    players: int = 2,
    url_params: dict[str, str | None],
    open_browser: bool,
    announce: Callable[[str], None],
) -> None:
    """Serve on ``sock`` until Ctrl-C (uvicorn stops gracefully on SIGINT)."""
    port = int(sock.getsockname()[1])
    options, url = launch_options(host, port, language, level, url_params, players)
    server = make_server(options)
    announce(url)
    if open_browser:
        # The socket is listening already: the browser's first request waits
        # in its queue until the server takes it.
        threading.Thread(target=webbrowser.open, args=(url,), daemon=True).start()
    server.run(sockets=[sock])
