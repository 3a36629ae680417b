"""``--ascii`` output: the typographic marks of the table (rules, bullets,
arrows, ellipses, suit symbols, box drawing) spelled in plain ASCII, so an
English game prints nothing but ASCII on a terminal without Unicode. Letters
of the chosen language pass through; they are the language, not decoration."""

from __future__ import annotations

import io
import sys
import unicodedata

MARKS = {
    "·": "|", "»": ">", "«": "<", "…": "...", "→": "->", "←": "<-",
    "—": "-", "–": "-", "’": "'", "‘": "'", "“": '"', "”": '"', "\u00a0": " ",
    "•": "*", "×": "x", "≥": ">=", "≤": "<=", "±": "+/-",
    "♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C",
}  # fmt: skip


def _box_mark(code: int) -> str:
    """Box drawing: a straight line is ``-`` or ``|``, a corner or joint ``+``,
    a block ``#``."""
    if code >= 0x2580:
        return "#"
    words = set(unicodedata.name(chr(code), "").split())
    if words & {"HORIZONTAL", "LEFT", "RIGHT"} and not words & {"VERTICAL", "UP", "DOWN"}:
        return "-"
    if words & {"VERTICAL", "UP", "DOWN"} and not words & {"HORIZONTAL", "LEFT", "RIGHT"}:
        return "|"
    return "+"


ASCII_TABLE: dict[int, str] = {ord(mark): plain for mark, plain in MARKS.items()}
ASCII_TABLE.update({code: _box_mark(code) for code in range(0x2500, 0x25A0)})


def to_ascii(text: str) -> str:
    return text.translate(ASCII_TABLE)


class AsciiStream(io.TextIOBase):
    """A text stream for rich's ``Console`` that writes to the current
    ``sys.stdout`` (looked up at each write, as rich does, so redirection and
    test runners still see the output) with every mark made ASCII."""

    def write(self, text: str) -> int:
        sys.stdout.write(to_ascii(text))
        return len(text)

    def flush(self) -> None:
        sys.stdout.flush()

    def isatty(self) -> bool:
        return sys.stdout.isatty()

    def fileno(self) -> int:
        return sys.stdout.fileno()

    def writable(self) -> bool:
        return True
