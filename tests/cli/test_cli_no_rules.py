"""No rule is known under cli/: the terminal and the web ask the engine
(refusals, deal records, the bout's facts, marriage points) and only put
its answers into words. A rule written again here would be a copy no
parity test checks, so a grep keeps them out."""

from __future__ import annotations

import re
from pathlib import Path

import cardavia_cli
import pytest

PACKAGE = Path(cardavia_cli.__file__).parent
# What a copy of the rules looks like in code: the bout limit, who beats
# what, the card points and marriage values, the trick winner, the 50
# idle bouts, the limit arithmetic.
RULES = {
    "the bout limit": re.compile(r"MAX_ATTACKS|min\(\s*6\b|limit\"?\]?\)?\s*-\s*len\("),
    "what beats what": re.compile(r"def _?beats\b|def beat_reason|def strict_reason"),
    "card points": re.compile(r"CARD_POINTS|\"J\":\s*2\b|\{\s*\"J\":\s*2"),
    "marriage points": re.compile(r"40 if |def marriage_points"),
    "the trick winner": re.compile(r"def trick_winner"),
    "the idle-bout draw": re.compile(r"IDLE_BOUT|>=\s*50\b"),
}
SOURCES = sorted(
    path
    for pattern in ("*.py", "*.js")
    for path in PACKAGE.rglob(pattern)
    if "locale" not in path.parts
)


def test_the_sources_are_read() -> None:
    names = {path.name for path in SOURCES}
    assert {"refusals.py", "summaries.py", "table.js", "table_words.py"} <= names


@pytest.mark.parametrize("rule", RULES)
def test_no_rule_is_written_under_cli(rule: str) -> None:
    found = [
        f"{path.relative_to(PACKAGE)}:{number}: {line.strip()}"
        for path in SOURCES
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if RULES[rule].search(line)
    ]
    assert found == []


@pytest.mark.parametrize(
    "line",
    [
        "MAX_ATTACKS = 6",
        "left = max(0, limit - len(table))",
        "def _beats(card, attack, trump):",
        'CARD_POINTS = {"J": 2, "Q": 3}',
        "return 40 if card[1] == trump else 20",
        "def trick_winner(lead, follow):",
        "if idle >= 50:",
    ],
)
def test_the_grep_finds_a_copy(line: str) -> None:
    assert any(pattern.search(line) for pattern in RULES.values())
