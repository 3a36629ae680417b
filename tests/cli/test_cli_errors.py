"""The engine's errors in the player's language (``words/errors.py``): the
kinds a player can meet have sentences in every language, the rest keep the
engine's text in a translated frame, and the commands show them."""

from __future__ import annotations

import cardavia
import pytest
from cardavia import CardaviaError, IllegalMoveError, InvalidArgumentError
from cardavia_cli.words import i18n
from cardavia_cli.words.errors import JOURNAL_KINDS, _texts, error_text
from cardavia_cli.words.i18n import LANGUAGES
from cli_helpers import run
from click.testing import CliRunner

FOREIGN = [lang for lang in LANGUAGES if lang != "en"]


def _sample(kind: str) -> CardaviaError:
    return InvalidArgumentError(
        kind=kind,
        field="player",
        value="x",
        choices=["a", "b"],
        rollouts=["auto"],
        reason="r",
        code=3,
        player="p",
        low=1,
        high=9,
        games=list(cardavia.GAMES),
        package="Ray",
        install="'./[ray]'",
        theirs="t",
        journal="j.jsonl",
        line=4,
    )


KINDS = sorted([*_texts("", {}), *JOURNAL_KINDS])


@pytest.mark.parametrize("kind", KINDS)
def test_every_players_kind_is_a_sentence_of_its_own(kind: str) -> None:
    i18n.set_language("en")
    error = _sample(kind)
    text = error_text(error)
    assert text and not text.startswith("The engine refused it")
    assert "{" not in text


@pytest.mark.parametrize("lang", FOREIGN)
def test_every_players_kind_is_translated(lang: str) -> None:
    same = []
    for kind in KINDS:
        i18n.set_language("en")
        english = error_text(_sample(kind))
        i18n.set_language(lang)
        if error_text(_sample(kind)) == english:
            same.append(kind)
    i18n.set_language("en")
    assert same == []


def test_a_program_only_kind_keeps_the_engines_text_in_a_frame() -> None:
    i18n.set_language("de")
    error = cardavia.errors.InvalidStateError(kind="odd_stock", field="stock", value=3)
    text = error_text(error)
    i18n.set_language("en")
    assert text.startswith("Die Engine hat das abgelehnt:") and str(error) in text


def test_a_refused_move_is_told_by_its_reason() -> None:
    g = cardavia.new_game("durak", seed=3)
    with pytest.raises(IllegalMoveError) as caught:
        g.play("attack:AH" if g.current_player == 0 else "defend:6S")
    i18n.set_language("en")
    assert error_text(caught.value).startswith("“")
    assert "is not legal now:" in error_text(caught.value)


def test_the_tournament_refuses_a_player_in_the_players_language(runner: CliRunner) -> None:
    args = ["tournament", "durak", "--a", "nosuch", "--deals", "1", "--lang", "ru"]
    code, out = run(runner, args)
    assert code == 1
    assert "Игрока «nosuch» нет" in out


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_refused_player_names_every_worlds_choice(runner: CliRunner, lang: str) -> None:
    args = ["tournament", "durak", "--a", "ai:10:auto:nosuch", "--deals", "1", "--lang", lang]
    code, out = run(runner, args)
    assert code == 1
    assert "ai:ITERATIONS:ROLLOUTS:WORLDS" in out
    assert all(worlds in out for worlds in cardavia.ai.WORLDS)


# The kinds that carry their own sentence in their detail ("text").
SELF_WORDED = {"internal", "lesson", "not_understood", "open_elsewhere", "players", "save"}


def _table_kinds() -> set[str]:
    """Every kind the web table raises, found in its source."""
    import re
    from pathlib import Path

    import cardavia_cli

    web = Path(cardavia_cli.__file__).parent / "web"
    found: set[str] = set()
    for path in web.glob("*.py"):
        found |= set(re.findall(r'MessageError\(\s*"([a-z_]+)"', path.read_text()))
    return found


def test_the_web_tables_refusals_are_worded_in_this_one_catalogue() -> None:
    from cardavia_cli.words.errors import _table_texts

    kinds = _table_kinds()
    assert len(kinds) > 20
    assert kinds - SELF_WORDED <= set(_table_texts())


@pytest.mark.parametrize("lang", FOREIGN)
def test_the_web_tables_refusals_are_translated(lang: str) -> None:
    from cardavia_cli.words.errors import table_error_text

    def word() -> str:
        return table_error_text("unknown_game", field="game", value="poker", choices=("durak",))

    with i18n.speaking("en"):
        english = word()
    with i18n.speaking(lang):
        text = word()
    assert "poker" in text and "durak" in text
    assert text != english
