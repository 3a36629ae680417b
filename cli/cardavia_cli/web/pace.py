"""How fast one page may talk to its table: a token bucket per connection.

A player clicks, types and presses keys a few times a second; a page that
sends far more is a stuck key or a script, and every message it sends takes
a turn of the one event loop every other table shares. So each message
takes a token; a message without one is refused (``too_fast``) without being
read further, and refusals draw on a second, smaller budget: a page that
keeps flooding after being told is closed.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum

from .options import Limits


@dataclass
class TokenBucket:
    """``capacity`` tokens, refilled at ``per_second``; a take spends one."""

    capacity: float
    per_second: float
    clock: Callable[[], float] = time.monotonic
    tokens: float = field(init=False)
    stamp: float = field(init=False)

    def __post_init__(self) -> None:
        self.tokens = self.capacity
        self.stamp = self.clock()

    def take(self) -> bool:
        now = self.clock()
        # A clock that steps back (it should not: monotonic) refills nothing.
        elapsed = max(0.0, now - self.stamp)
        self.stamp = now
        self.tokens = min(self.capacity, self.tokens + elapsed * self.per_second)
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


class Verdict(Enum):
    HANDLE = "handle"
    REFUSE = "refuse"  # answered with ``too_fast``, not acted on
    CLOSE = "close"  # the page kept flooding: the connection ends


@dataclass
class Pace:
    """The verdict on each message of one connection, as it arrives."""

    messages: TokenBucket
    refusals: TokenBucket

    @classmethod
    def of(cls, limits: Limits, clock: Callable[[], float] = time.monotonic) -> Pace:
        return cls(
            TokenBucket(limits.message_burst, limits.messages_per_second, clock),
            TokenBucket(limits.refusal_burst, limits.refusals_per_second, clock),
        )

    def judge(self) -> Verdict:
        if self.messages.take():
            return Verdict.HANDLE
        return Verdict.REFUSE if self.refusals.take() else Verdict.CLOSE
