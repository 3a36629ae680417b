"""SplitMix64 and the Fisher-Yates shuffle of RULES.md chapter 2.

The Rust core (``rust/cardavia-core/src/rng.rs``) implements the same
stream; the shared fixtures in ``tests/fixtures/rng.json`` hold both to it.
"""

from __future__ import annotations

from typing import TypeVar

MASK64 = (1 << 64) - 1
GOLDEN_GAMMA = 0x9E3779B97F4A7C15

T = TypeVar("T")


class SplitMix64:
    """A 64-bit generator whose whole state is one integer."""

    def __init__(self, state: int) -> None:
        self.state = state & MASK64

    def next(self) -> int:
        self.state = (self.state + GOLDEN_GAMMA) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)


def shuffle(items: list[T], rng: SplitMix64) -> list[T]:
    """Return a shuffled copy: for i from n-1 down to 1, swap i and next() % (i+1)."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = rng.next() % (i + 1)
        out[i], out[j] = out[j], out[i]
    return out
