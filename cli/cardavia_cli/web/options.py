"""Who may use the table, and how much: the per-launch token that must be in
the page's address and on its WebSocket, the hosts and origins the browser
may present, and the limits of one connection."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field

DEFAULT_HOST = "127.0.0.1"
# A fixed port keeps the page's origin, and so its remembered settings,
# the same from one launch to the next.
DEFAULT_PORT = 7066
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1")
WILDCARD_HOSTS = ("0.0.0.0", "::")


@dataclass(frozen=True)
class Limits:
    # A message of the page is a move, a line of text or a setting: small.
    message_bytes: int = 4096
    text_chars: int = 200
    # New games saved by all the pages of one launch together: a page that
    # reconnects shares the count. Games without a move are not saved.
    games_per_launch: int = 1000
    # A player has a tab or two; the load benchmark opens 20 at once.
    connections: int = 32
    # Frames larger than this are refused by the WebSocket layer itself.
    frame_bytes: int = 65536


@dataclass(frozen=True)
class WebOptions:
    token: str
    # ``host:port`` values the browser may send as Host; empty means any
    # (the server listens on every interface; the token still guards it).
    hosts: frozenset[str]
    language: str
    level: str
    limits: Limits = field(default_factory=Limits)

    def host_allowed(self, host: str | None) -> bool:
        return host is not None and (not self.hosts or host in self.hosts)

    def origin_allowed(self, origin: str | None, host: str | None) -> bool:
        """Only the page this server serves may open its WebSocket: the
        browser names that page's origin, which must be this very host."""
        return self.host_allowed(host) and origin == f"http://{host}"

    def token_ok(self, token: str | None) -> bool:
        return token is not None and secrets.compare_digest(token.encode(), self.token.encode())


def url_host(host: str) -> str:
    """``::1`` → ``[::1]``: how a host is written in a URL."""
    return f"[{host}]" if ":" in host else host


def allowed_hosts(host: str, port: int) -> frozenset[str]:
    if host in WILDCARD_HOSTS:
        return frozenset()
    names = set(LOOPBACK_NAMES) if host in LOOPBACK_NAMES else {host}
    return frozenset(f"{url_host(name)}:{port}" for name in names)


def new_token() -> str:
    return secrets.token_urlsafe(18)
