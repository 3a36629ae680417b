"""The rules of each game as players read them, in eight languages.

One Markdown file per game and language, ``<lang>/<game>.md``, each divided
into the same sections (``<!-- section: ID -->`` markers) in every language.
"""

from __future__ import annotations

import re
from importlib import resources

from ..api import check_game
from ..errors import InvalidArgumentError

__all__ = ["LANGUAGES", "section_ids", "text"]

LANGUAGES: tuple[str, ...] = ("en", "ru", "uk", "el", "vi", "ms", "nb", "de")
_SECTION = re.compile(r"^<!-- section: ([a-z0-9-]+) -->$", re.MULTILINE)


def text(game: str, lang: str = "en") -> str:
    """The rules of ``game`` in ``lang`` (Markdown)."""
    name = check_game(game)
    if lang not in LANGUAGES:
        raise InvalidArgumentError(kind="choice", field="lang", value=lang, choices=list(LANGUAGES))
    return resources.files(__package__).joinpath(lang, f"{name}.md").read_text(encoding="utf-8")


def section_ids(markdown: str) -> list[str]:
    """The section ids of a rules text, in order."""
    return _SECTION.findall(markdown)
