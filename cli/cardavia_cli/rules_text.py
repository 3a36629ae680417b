"""The rules texts shipped in the engine package: cardavia/rules/<lang>/<game>.md."""

from __future__ import annotations

from importlib import resources

from .i18n import DEFAULT_LANGUAGE


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
