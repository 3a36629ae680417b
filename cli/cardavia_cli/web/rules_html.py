"""The rules texts of the engine package (the terminal's ``rules``), as HTML
for the page: Markdown rendered with raw HTML switched off."""

from __future__ import annotations

import functools
import re
from typing import Any

from markdown_it import MarkdownIt

from ..words.i18n import _, current_language
from ..words.rules_text import rules_markdown

# The texts mark their sections with HTML comments, which are not for readers.
SECTION_MARK = re.compile(r"<!--.*?-->", re.DOTALL)


@functools.cache
def _renderer() -> MarkdownIt:
    return MarkdownIt("commonmark", {"html": False}).enable("table")


@functools.cache
def rules_html(game: str, language: str) -> tuple[str, str] | None:
    """(HTML, the language it is in), or None without any text."""
    found = rules_markdown(game, language)
    if found is None:
        return None
    text, found_language = found
    return _renderer().render(SECTION_MARK.sub("", text)), found_language


def rules_json(game: str) -> dict[str, Any]:
    language = current_language()
    found = rules_html(game, language)
    if found is None:
        missing = _("The rules text is not available.")
        return {"type": "rules", "game": game, "html": "", "note": missing}
    html, found_language = found
    note = None
    if found_language != language:
        note = _("No rules text in this language yet; showing English.")
    return {"type": "rules", "game": game, "lang": found_language, "html": html, "note": note}
