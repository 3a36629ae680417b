"""While the computer searches (its move, advice, a replay's analysis): a
line that says it is thinking, so that a `hard` search of several seconds
does not look like a hung table. On a terminal it is a spinner that
vanishes when the search ends; piped output gets nothing, so transcripts
and tests read as before."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.text import Text

from ..words.advice import thinking_text
from ..words.card_faces import CardView


@contextmanager
def thinking(console: Console, view: CardView) -> Iterator[None]:
    # An ASCII table gets an ASCII spinner: rich's default draws braille.
    spinner = "line" if view.ascii else "dots"
    with console.status(Text(thinking_text(), style=view.style("muted")), spinner=spinner):
        yield
