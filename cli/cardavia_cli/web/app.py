"""The Starlette application: the page (only with the launch token), its
static files, and the WebSocket each table talks through (only with the
token, only from this server's own page, within the limits)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import mimetypes
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..words.i18n import _, speaking
from .connection import Connection, Launch
from .options import WebOptions
from .pace import Pace, Verdict
from .protocol import MessageError

STATIC = Path(__file__).parent / "static"
# The page is ES modules, which a browser runs only if served as JavaScript;
# the guess would otherwise come from the system's tables (on Windows, the
# registry may say text/plain).
mimetypes.add_type("text/javascript", ".js")
# The page loads nothing but its own files and talks to nothing but its socket.
PAGE_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
}
# WebSocket close codes (RFC 6455): a policy refused (also a page that
# keeps flooding), a server too busy, and one of the private range
# (4000-4999) for a table that moved: 4301, after HTTP's 301.
POLICY_VIOLATION = 1008
TRY_AGAIN_LATER = 1013
TABLE_MOVED = 4301

log = logging.getLogger("cardavia.web")


@dataclass
class Tables:
    """The tables open now (one per WebSocket)."""

    open: int = 0


def encode(message: dict[str, Any]) -> str:
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


def create_app(options: WebOptions) -> Starlette:
    tables = Tables()
    launch = Launch()

    async def page(request: Request) -> Response:
        with speaking(options.language):
            if not options.host_allowed(request.headers.get("host")):
                return PlainTextResponse(_("This address is not served here."), status_code=400)
            token = request.query_params.get("token")
            if not options.token_ok(token) and options.moved_from(token) and options.address:
                # A reload of a page of an earlier launch: the table is here now.
                return RedirectResponse(options.address, status_code=303, headers=PAGE_HEADERS)
            if not options.token_ok(token):
                return PlainTextResponse(
                    _("Open the table with the address that cardavia web printed (with its key)."),
                    status_code=403,
                )
        return FileResponse(STATIC / "index.html", headers=PAGE_HEADERS)

    async def socket(websocket: WebSocket) -> None:
        host = websocket.headers.get("host")
        token = websocket.query_params.get("token")
        own_page = options.origin_allowed(websocket.headers.get("origin"), host)
        if own_page and not options.token_ok(token) and options.moved_from(token):
            await tell_moved(websocket, options)
            return
        if not options.token_ok(token) or not own_page:
            # Closing before accepting refuses the handshake (HTTP 403).
            await websocket.close(code=POLICY_VIOLATION)
            return
        await websocket.accept()
        limit = options.limits.connections
        if tables.open >= limit:
            with speaking(options.language):
                refusal = MessageError("too_many_connections", limit=limit).as_json()
            await websocket.send_text(encode(refusal))
            await websocket.close(code=TRY_AGAIN_LATER)
            return
        tables.open += 1
        try:
            await serve_table(websocket, options, launch)
        finally:
            tables.open -= 1

    return Starlette(
        routes=[
            Route("/", page),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
            WebSocketRoute("/ws", socket),
        ]
    )


async def tell_moved(websocket: WebSocket, options: WebOptions) -> None:
    """A page of an earlier launch reconnects: where the table is now,
    instead of a refusal its Reconnect button could never get past."""
    await websocket.accept()
    with speaking(options.language):
        text = _("The table has moved: cardavia web was started again at {url}").format(
            url=options.address
        )
    try:
        await websocket.send_text(encode({"type": "moved", "url": options.address, "text": text}))
        await websocket.close(code=TABLE_MOVED, reason="moved")
    except WebSocketDisconnect:
        return


async def serve_table(websocket: WebSocket, options: WebOptions, launch: Launch) -> None:
    """Read the page's messages as they arrive, each judged by its pace,
    while another task answers the ones taken, in order. When the page
    leaves, its unanswered messages and the work they started (the
    computer's search, the sends) are dropped at once."""

    async def send(message: dict[str, Any]) -> None:
        await websocket.send_text(encode(message))

    connection = Connection(send, options, launch)
    limits = options.limits
    taken: asyncio.Queue[str | bytes] = asyncio.Queue(maxsize=limits.queued_messages)
    pace = Pace.of(limits)
    try:
        await connection.open()
    except WebSocketDisconnect:
        connection.close()
        return
    answering = asyncio.create_task(answer(connection, taken))
    try:
        while True:
            frame = await websocket.receive()
            if frame["type"] == "websocket.disconnect" or answering.done():
                return
            raw = frame.get("text")
            if raw is None:
                raw = frame.get("bytes") or b""
            verdict = pace.judge()
            if verdict is Verdict.HANDLE and not taken.full():
                taken.put_nowait(raw)
                continue
            with speaking(connection.language):
                rate = f"{limits.messages_per_second:g}"
                refusal = MessageError("too_fast", limit=rate).as_json()
            await send(refusal)
            if verdict is Verdict.CLOSE:
                # Its taken messages go unanswered: the page is closed for
                # flooding, and nothing may be sent after the close.
                await stop(answering)
                await websocket.close(code=POLICY_VIOLATION, reason="too_fast")
                return
    except WebSocketDisconnect:
        # The page went away while we were telling it something.
        return
    finally:
        await stop(answering)
        connection.close()


async def stop(answering: asyncio.Task[None]) -> None:
    answering.cancel()
    with contextlib.suppress(asyncio.CancelledError, WebSocketDisconnect):
        await answering


async def answer(connection: Connection, taken: asyncio.Queue[str | bytes]) -> None:
    """The messages taken, one after the other, each answered in full
    (a move with the computer's replies) before the next."""
    while True:
        raw = await taken.get()
        try:
            await connection.receive(raw)
        except (WebSocketDisconnect, asyncio.CancelledError):
            raise
        except Exception:
            # A bug must not take the table down: the player is told,
            # the game stays as its log last saved it.
            log.exception("cardavia web: a message failed")
            with speaking(connection.language):
                await connection.send(MessageError("internal").as_json())
