"""The rules texts shipped in the engine package: cardavia/rules/<lang>/<game>.md,
whole or one section at a time, printed without trailing spaces."""

from __future__ import annotations

import re
from importlib import resources

from .i18n import DEFAULT_LANGUAGE

# Every section of a rules text starts with this marker, then its "## " heading.
SECTION_MARK = re.compile(r"^<!-- section: [a-z0-9-]+ -->$", re.MULTILINE)


def rules_markdown(game: str, language: str) -> tuple[str, str] | None:
    """(text, language it is in): the language asked for, else English."""
    for lang in dict.fromkeys((language, DEFAULT_LANGUAGE)):
        text = read_rules(game, lang)
        if text is not None:
            return text, lang
    return None


def read_rules(game: str, language: str) -> str | None:
    try:
        resource = resources.files("cardavia").joinpath("rules", language, f"{game}.md")
        if not resource.is_file():
            return None
        return resource.read_text(encoding="utf-8")
    except (FileNotFoundError, NotADirectoryError, ModuleNotFoundError, OSError):
        return None


def rules_sections(text: str) -> list[tuple[str, str]]:
    """(heading, Markdown) of every section of a rules text, in order."""
    sections = []
    for body in SECTION_MARK.split(text)[1:]:
        body = body.strip()
        heading = body.splitlines()[0].lstrip("#").strip() if body else ""
        sections.append((heading, body))
    return sections
