"""gettext catalogs of the CLI: choosing the language and translating.

The catalogs live in ``cardavia_cli/locale/<lang>/LC_MESSAGES/cardavia.po``
(compiled to ``.mo`` with Babel). Every module translates through the
functions here, which Babel's extractor knows by name: ``_``, ``ngettext``,
``pgettext`` and ``N_`` (marks a string for extraction, translated later).

The terminal speaks one language per process (``set_language``); the web
table serves several players at once, each in their own language, so a
block of code may speak another language for its task alone (``speaking``).
"""

from __future__ import annotations

import functools
import gettext as _gettext
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

DOMAIN = "cardavia"
LOCALE_DIR = Path(__file__).parent.parent / "locale"
LANGUAGES: tuple[str, ...] = ("en", "ru", "uk", "el", "vi", "ms", "nb", "de")
DEFAULT_LANGUAGE = "en"

# Locale names that stand for one of our languages.
_ALIASES = {"no": "nb", "nn": "nb", "nob": "nb", "ua": "uk", "gr": "el", "may": "ms"}

_translations: _gettext.NullTranslations = _gettext.NullTranslations()
_language = DEFAULT_LANGUAGE
# The language of the running asyncio task or thread, when it has one.
_speaking: ContextVar[tuple[str, _gettext.NullTranslations] | None] = ContextVar(
    "cardavia_speaking", default=None
)


def normalize_language(value: str | None) -> str | None:
    """``ru_RU.UTF-8`` → ``ru``; None for C/POSIX and unsupported languages."""
    if not value:
        return None
    for part in value.split(":"):  # LANGUAGE-style lists
        code = part.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
        code = _ALIASES.get(code, code)
        if code in LANGUAGES:
            return code
    return None


def resolve_language(
    option: str | None,
    config_language: str | None,
    environ: Mapping[str, str] | None = None,
) -> str:
    """--lang, then CARDAVIA_LANG, then the saved setting, then LC_ALL/LANG,
    then English. A language the player chose (`cardavia config set
    language`) beats the system locale, which most systems set anyway."""
    env = os.environ if environ is None else environ
    for candidate in (
        option,
        env.get("CARDAVIA_LANG"),
        config_language,
        env.get("LC_ALL"),
        env.get("LANG"),
    ):
        code = normalize_language(candidate)
        if code is not None:
            return code
    return DEFAULT_LANGUAGE


def load(language: str) -> _gettext.NullTranslations:
    """The compiled catalog of ``language`` (English text if there is none)."""
    return _gettext.translation(DOMAIN, LOCALE_DIR, languages=[language], fallback=True)


@functools.cache
def _catalog(language: str) -> _gettext.NullTranslations:
    return load(language)


def set_language(language: str) -> None:
    global _translations, _language
    code = normalize_language(language) or DEFAULT_LANGUAGE
    _translations = load(code)
    _language = code


@contextmanager
def speaking(language: str) -> Iterator[str]:
    """Translate into ``language`` inside the block, for this task or thread
    only; yields the language code actually used."""
    code = normalize_language(language) or DEFAULT_LANGUAGE
    token = _speaking.set((code, _catalog(code)))
    try:
        yield code
    finally:
        _speaking.reset(token)


def _active() -> _gettext.NullTranslations:
    speaking_now = _speaking.get()
    return _translations if speaking_now is None else speaking_now[1]


def current_language() -> str:
    speaking_now = _speaking.get()
    return _language if speaking_now is None else speaking_now[0]


def _(message: str) -> str:
    return _active().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _active().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    return _active().pgettext(context, message)


def N_(message: str) -> str:
    """Mark ``message`` for extraction; translate it later with ``_``."""
    return message
