"""The gettext catalogs: complete, placeholders kept, .mo files fresh,
CLDR plural rules, and in step with the source code."""

from __future__ import annotations

import functools
import gettext
import io
import re
from pathlib import Path

import cardavia_cli
import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po
from cardavia_cli.words import i18n
from cli_helpers import LANGUAGES

PACKAGE = Path(cardavia_cli.__file__).parent
LOCALE = PACKAGE / "locale"
PLACEHOLDER = re.compile(r"\{[a-z_]*\}")


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / "cardavia.po"


def load(lang: str) -> Catalog:
    with po_path(lang).open("rb") as handle:
        return read_po(handle, locale=lang)


@functools.cache
def source_messages() -> frozenset[tuple[str | None, object]]:
    """What Babel extracts from the package's code (as babel.cfg says)."""
    found: set[tuple[str | None, object]] = set()
    for _file, _line, message, _comments, context in extract_from_dir(
        str(PACKAGE), method_map=[("**.py", "python")]
    ):
        found.add((context, message))
    return frozenset(found)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_catalog_is_complete(lang: str) -> None:
    catalog = load(lang)
    messages = [m for m in catalog if m.id]
    assert len(messages) > 200
    for message in messages:
        assert not message.fuzzy, message.id
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(strings), f"{lang}: untranslated {message.id!r}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_catalog_matches_the_code(lang: str) -> None:
    in_code = {(ctx, msg if isinstance(msg, str) else tuple(msg)) for ctx, msg in source_messages()}
    in_catalog = {(m.context, m.id) for m in load(lang) if m.id}
    assert in_code == in_catalog


@pytest.mark.parametrize("lang", LANGUAGES)
def test_placeholders_are_identical(lang: str) -> None:
    for message in load(lang):
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            expected = set(PLACEHOLDER.findall(message.id[1]))
            forms = message.string
        else:
            expected = set(PLACEHOLDER.findall(message.id))
            forms = (message.string,)
        for form in forms:
            assert set(PLACEHOLDER.findall(form)) == expected, (lang, message.id, form)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_forms_follow_cldr(lang: str) -> None:
    catalog = load(lang)
    rule = get_plural(lang)
    assert catalog.num_plurals == rule.num_plurals
    assert catalog.plural_expr == rule.plural_expr
    for message in catalog:
        if isinstance(message.id, tuple):
            assert len(message.string) == rule.num_plurals, message.id


@pytest.mark.parametrize("lang", LANGUAGES)
def test_mo_files_are_fresh(lang: str) -> None:
    buffer = io.BytesIO()
    write_mo(buffer, load(lang))
    buffer.seek(0)
    fresh = gettext.GNUTranslations(buffer)
    committed_path = po_path(lang).with_suffix(".mo")
    with committed_path.open("rb") as handle:
        committed = gettext.GNUTranslations(handle)
    assert fresh._catalog == committed._catalog  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("lang", "n", "text"),
    [
        ("ru", 1, "У компьютера 1 карта"),
        ("ru", 2, "У компьютера 2 карты"),
        ("ru", 5, "У компьютера 5 карт"),
        ("ru", 21, "У компьютера 21 карта"),
        ("ru", 12, "У компьютера 12 карт"),
        ("uk", 1, "У комп'ютера 1 карта"),
        ("uk", 3, "У комп'ютера 3 карти"),
        ("uk", 11, "У комп'ютера 11 карт"),
        ("de", 1, "Der Computer hält 1 Karte"),
        ("de", 6, "Der Computer hält 6 Karten"),
        ("vi", 1, "Máy còn 1 lá"),
        ("vi", 6, "Máy còn 6 lá"),
        ("el", 2, "Ο υπολογιστής έχει 2 φύλλα"),
        ("en", 1, "The computer holds 1 card"),
        ("en", 2, "The computer holds 2 cards"),
    ],
)
def test_ngettext_plurals(lang: str, n: int, text: str) -> None:
    i18n.set_language(lang)
    got = i18n.ngettext("The computer holds {n} card", "The computer holds {n} cards", n)
    assert got.format(n=n) == text


def test_stock_plural_in_russian() -> None:
    i18n.set_language("ru")
    forms = [i18n.ngettext("Stock: {n} card", "Stock: {n} cards", n).format(n=n) for n in (1, 2, 5)]
    assert forms == ["В колоде 1 карта", "В колоде 2 карты", "В колоде 5 карт"]


def test_language_resolution_order() -> None:
    env = {"CARDAVIA_LANG": "de", "LC_ALL": "ru_RU.UTF-8", "LANG": "uk_UA.UTF-8"}
    assert i18n.resolve_language("el", "vi", env) == "el"
    assert i18n.resolve_language(None, "vi", env) == "de"
    # The saved setting beats the system locale.
    assert i18n.resolve_language(None, "vi", {"LC_ALL": "ru_RU.UTF-8", "LANG": "uk_UA"}) == "vi"
    assert i18n.resolve_language(None, None, {"LC_ALL": "ru_RU.UTF-8", "LANG": "uk_UA"}) == "ru"
    assert i18n.resolve_language(None, None, {"LANG": "nb_NO.UTF-8"}) == "nb"
    assert i18n.resolve_language(None, None, {"LANG": "no_NO"}) == "nb"
    assert i18n.resolve_language(None, "vi", {"LANG": "C.UTF-8"}) == "vi"
    assert i18n.resolve_language(None, "vi", {"LANG": "fr_FR"}) == "vi"
    assert i18n.resolve_language(None, None, {}) == "en"
