"""``--ascii`` output spells every typographic mark in ASCII."""

from __future__ import annotations

import io
import sys
from typing import TextIO, cast

import pytest
from cardavia_cli.terminal.plain_text import AsciiStream, to_ascii
from rich.console import Console
from rich.table import Table


@pytest.mark.parametrize(
    ("text", "plain"),
    [
        ("Stock: 24 · discarded: 0", "Stock: 24 | discarded: 0"),
        ("» The computer attacks…", "> The computer attacks..."),
        ("7♠ 10♥ Д♦ A♣", "7S 10H ДD AC"),
        ("── Durak ──", "-- Durak --"),
        ("┏━┳┓┃│└┴┘", "+-++||++" + "+"),
        ("Ваш ход.", "Ваш ход."),
    ],
)
def test_marks_become_ascii_and_letters_stay(text: str, plain: str) -> None:
    assert to_ascii(text) == plain


def test_every_box_drawing_character_becomes_ascii() -> None:
    box = "".join(chr(code) for code in range(0x2500, 0x25A0))
    assert to_ascii(box).isascii()
    assert len(to_ascii(box)) == len(box)


def test_stream_writes_to_the_current_stdout(monkeypatch: pytest.MonkeyPatch) -> None:
    captured = io.StringIO()
    monkeypatch.setattr(sys, "stdout", captured)
    stream = AsciiStream()
    console = Console(file=cast(TextIO, stream), width=40, no_color=True)
    table = Table(title="Score")
    table.add_column("you")
    table.add_column("computer")
    table.add_row("3 · 60%", "2…")
    console.print(table)
    out = captured.getvalue()
    assert out.isascii()
    assert "3 | 60%" in out and "2..." in out
    assert not stream.isatty()
