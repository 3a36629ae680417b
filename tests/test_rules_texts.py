"""The rules texts: complete in every language, in the right notation."""

from __future__ import annotations

import re

import cardavia
import pytest
from cardavia import rules

EXPECTED_SECTIONS = {
    "durak": ["overview", "cards", "deal", "beating", "bout", "adding", "taking",
              "after-bout", "end", "more-players", "moves"],
    "perevodnoy": ["overview", "cards", "deal", "beating", "bout", "transfer", "taking",
                   "after-bout", "no-endless-deals", "end", "more-players", "moves"],
    "schnapsen": ["overview", "cards", "deal", "tricks", "drawing", "strict-rules",
                  "exchange", "closing", "marriages", "reaching-66", "game-points", "match",
                  "moves"],
}  # fmt: skip
CARD = re.compile(r"(?<![\w])(10|[2-9]|[A-Za-zА-Яа-я])([♠♥♦♣])")


@pytest.mark.parametrize("lang", rules.LANGUAGES)
@pytest.mark.parametrize("game", cardavia.GAMES)
def test_every_language_has_every_section(game: str, lang: str) -> None:
    markdown = rules.text(game, lang)
    assert markdown.startswith("# ")
    assert rules.section_ids(markdown) == EXPECTED_SECTIONS[game]
    # Every section has a heading and some text after its marker.
    for body in re.split(r"^<!-- section: [a-z0-9-]+ -->$", markdown, flags=re.M)[1:]:
        lines = [line for line in body.strip().splitlines() if line.strip()]
        assert lines[0].startswith("## ")
        assert len(lines) >= 2


@pytest.mark.parametrize("lang", rules.LANGUAGES)
@pytest.mark.parametrize("game", ["durak", "perevodnoy"])
def test_durak_cards_use_cyrillic_courts(game: str, lang: str) -> None:
    ranks = {rank for rank, _ in CARD.findall(rules.text(game, lang))}
    assert ranks, "the text shows cards"
    assert ranks <= {"6", "7", "8", "9", "10", "В", "Д", "К", "Т"}, ranks


@pytest.mark.parametrize("lang", rules.LANGUAGES)
def test_schnapsen_cards_use_german_indices(lang: str) -> None:
    ranks = {rank for rank, _ in CARD.findall(rules.text("schnapsen", lang))}
    assert ranks, "the text shows cards"
    assert ranks <= {"B", "D", "K", "10", "A"}, ranks


def test_unknown_language_and_game_are_rejected() -> None:
    with pytest.raises(cardavia.InvalidArgumentError):
        rules.text("durak", "fr")
    with pytest.raises(cardavia.UnknownGameError):
        rules.text("poker", "en")
