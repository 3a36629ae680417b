"""Who may use the table, and how much: the per-launch token that must be in
the page's address and on its WebSocket, the hosts and origins the browser
may present, and the limits of one connection."""

from __future__ import annotations

import hashlib
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
    # A player sends a few messages a second (a held key repeats about 30
    # times a second, and the page ignores repeats); a burst covers the
    # page's opening messages and quick typing. Beyond it a message is
    # refused; a page refused ``refusal_burst`` times more than it is
    # forgiven (``refusals_per_second``) keeps flooding and is closed.
    messages_per_second: float = 20.0
    message_burst: int = 60
    refusals_per_second: float = 2.0
    refusal_burst: int = 40
    # Messages taken but not yet answered (the computer may think for
    # seconds at ``hard``); beyond them a message is refused as too fast.
    queued_messages: int = 64


@dataclass(frozen=True)
class WebOptions:
    token: str
    # ``host:port`` values the browser may send as Host; empty means any
    # (the server listens on every interface; the token still guards it).
    hosts: frozenset[str]
    language: str
    level: str
    # The players at a Durak table on a page that has chosen none yet:
    # ``cardavia web --players``, else the ``players`` setting.
    players: int = 2
    limits: Limits = field(default_factory=Limits)
    # The table's address as ``cardavia web`` printed it, and the SHA-256
    # digests of the keys of earlier launches (web/address.py): a page that
    # holds one of those keys is told the table moved here.
    address: str | None = None
    earlier: frozenset[str] = frozenset()

    def host_allowed(self, host: str | None) -> bool:
        return host is not None and (not self.hosts or host in self.hosts)

    def origin_allowed(self, origin: str | None, host: str | None) -> bool:
        """Only the page this server serves may open its WebSocket: the
        browser names that page's origin, which must be this very host."""
        return self.host_allowed(host) and origin == f"http://{host}"

    def token_ok(self, token: str | None) -> bool:
        return token is not None and secrets.compare_digest(token.encode(), self.token.encode())

    def moved_from(self, token: str | None) -> bool:
        """``token`` is an earlier launch's, and this one knows its address."""
        if token is None or self.address is None:
            return False
        return hashlib.sha256(token.encode("utf-8")).hexdigest() in self.earlier


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
