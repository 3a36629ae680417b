"""Every refusal reason of the core has words in every language
(``cardavia_cli.words.refusals``), and the terminal's refusals are the
engine's reasons told, not a second copy of the rules."""

from __future__ import annotations

from typing import Any

import cardavia
import pytest
from cardavia_cli.words import i18n
from cardavia_cli.words.card_faces import CardView
from cardavia_cli.words.i18n import LANGUAGES
from cardavia_cli.words.moves_input import parse_input
from cardavia_cli.words.refusals import reason_text
from cli_helpers import defending

# Data of the shape the engine gives each reason (docs/SCHEMA.md, Refusals).
SAMPLE: dict[str, Any] = {
    "card": "QH",
    "attack": "7S",
    "how": "lower",
    "limit": 4,
    "rank": "Q",
    "ranks": ["7", "Q"],
    "next_defender": 1,
    "hand_size": 1,
    "attacks": 2,
    "lead": "KS",
    "trump": "H",
    "jack": "JH",
    "suit": "S",
    "partner": "QS",
}
KINDS = {"leader_only": "close", "not_defender": "defend"}


def _reason(reason: str) -> dict[str, Any]:
    return {"reason": reason, **SAMPLE}


@pytest.mark.parametrize("reason", cardavia.errors.REFUSALS)
def test_every_reason_has_its_own_words(reason: str) -> None:
    i18n.set_language("en")
    view = CardView(game="schnapsen" if reason in SCHNAPSEN else "durak", color=False)
    text = reason_text(_reason(reason), KINDS.get(reason, "attack"), view)
    assert text and text != reason_text({"reason": "no such reason"}, "attack", view)


SCHNAPSEN = {
    "must_beat",
    "must_follow",
    "must_trump",
    "leader_only",
    "stock_closed",
    "stock_exhausted",
    "no_trump_jack",
    "close_needs_five",
    "not_king_or_queen",
    "marriage_declared",
    "no_marriage",
}


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_reason_is_translated(lang: str) -> None:
    view = CardView(game="durak", color=False)
    untranslated = []
    for reason in cardavia.errors.REFUSALS:
        kind = KINDS.get(reason, "attack")
        i18n.set_language("en")
        english = reason_text(_reason(reason), kind, view)
        i18n.set_language(lang)
        if reason_text(_reason(reason), kind, view) == english:
            untranslated.append(reason)
    i18n.set_language("en")
    assert untranslated == []


def test_a_refusal_tells_the_engines_reason() -> None:
    """6♠ typed by the defender of 7♠ is lower: the engine says so, and the
    table says it in words."""
    i18n.set_language("en")
    g = defending()
    refusal = g.refusal("defend:6S")
    assert refusal is not None and refusal["how"] == "lower"
    parsed = parse_input("6S", g, CardView(game=g.game, color=False))
    assert parsed.message == "You cannot play 6♠ now: it is lower than 7♠."
