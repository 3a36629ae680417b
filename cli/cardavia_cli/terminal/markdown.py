"""Markdown (the rules texts) printed to a terminal at its width, without
the trailing spaces rich pads lines with."""

from __future__ import annotations

from rich.console import Console
from rich.markdown import Markdown
from rich.text import Text


def markdown_lines(console: Console, text: str) -> list[Text]:
    """Markdown rendered to the console's width, each line without the
    spaces rich pads it with (a pipe or a file gets no trailing blanks)."""
    lines = []
    for line in console.render_lines(Markdown(text), console.options, pad=False):
        out = Text()
        for segment in line:
            if not segment.control:
                out.append(segment.text, segment.style)
        out.rstrip()
        lines.append(out)
    return lines


def print_markdown(console: Console, text: str) -> None:
    for line in markdown_lines(console, text):
        console.print(line, soft_wrap=True, highlight=False)
