"""The Starlette application: the page (only with the launch token), its
static files, and the WebSocket each table talks through (only with the
token, only from this server's own page, within the limits)."""

from __future__ import annotations

import json
import logging
import mimetypes
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..words.i18n import _, speaking
from .connection import Connection, Launch
from .options import WebOptions
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
# WebSocket close codes (RFC 6455): a policy refused, a server too busy.
POLICY_VIOLATION = 1008
TRY_AGAIN_LATER = 1013

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
            if not options.token_ok(request.query_params.get("token")):
                return PlainTextResponse(
                    _("Open the table with the address that cardavia web printed (with its key)."),
                    status_code=403,
                )
        return FileResponse(STATIC / "index.html", headers=PAGE_HEADERS)

    async def socket(websocket: WebSocket) -> None:
        host = websocket.headers.get("host")
        if not options.token_ok(websocket.query_params.get("token")) or not (
            options.origin_allowed(websocket.headers.get("origin"), host)
        ):
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


async def serve_table(websocket: WebSocket, options: WebOptions, launch: Launch) -> None:
    async def send(message: dict[str, Any]) -> None:
        await websocket.send_text(encode(message))

    connection = Connection(send, options, launch)
    try:
        await connection.open()
        while True:
            frame = await websocket.receive()
            if frame["type"] == "websocket.disconnect":
                return
            raw = frame.get("text")
            if raw is None:
                raw = frame.get("bytes") or b""
            try:
                await connection.receive(raw)
            except WebSocketDisconnect:
                raise
            except Exception:
                # A bug must not take the table down: the player is told,
                # the game stays as its log last saved it.
                log.exception("cardavia web: a message failed")
                with speaking(connection.language):
                    await send(MessageError("internal").as_json())
    except WebSocketDisconnect:
        # The page went away (closed, reloaded) while we were answering.
        return
    finally:
        connection.close()
