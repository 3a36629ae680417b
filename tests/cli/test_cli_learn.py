"""``cardavia learn``: every step's position is real, its answer checked by
the engine, and its texts translated."""

from __future__ import annotations

import pytest
from cardavia_cli.play.lesson_steps import ILLEGAL_DEFENCE, steps_for
from cardavia_cli.play.lessons import accepts, position
from cardavia_cli.words import i18n
from cli_helpers import GAMES, LANGUAGES, lesson_answer, run
from click.testing import CliRunner

STEP_COUNTS = {"durak": 8, "perevodnoy": 11, "schnapsen": 7}


@pytest.mark.parametrize("game", GAMES)
def test_every_step_is_a_real_position(game: str) -> None:
    steps = steps_for(game)
    assert len(steps) == STEP_COUNTS[game]
    for step in steps:
        g = position(game, step)
        assert g.current_player == 0 and not g.is_over
        assert g.game == game
        if step.accept == (ILLEGAL_DEFENCE,):
            card = step.cards["c"]
            assert card in g.observation(0)["hand"]
            assert f"defend:{card}" not in g.legal_moves()
            others = [c for c in g.observation(0)["hand"] if c != card]
            assert all(f"defend:{c}" in g.legal_moves() for c in others)
        else:
            assert any(accepts(step, g, m) for m in g.legal_moves()), step.title
        for name, card in step.cards.items():
            assert len(card) == 2, name


def test_the_greek_card_examples() -> None:
    """On 7♠ a 9♠ fits, a 6♠ does not; hearts trump: 6♥ covers A♠; A♣ does
    not cover 7♠; after 7♠ covered by 9♠ a 9♦ may be added."""
    steps = {s.title: s for s in steps_for("perevodnoy")}
    suit = position("perevodnoy", steps["Beating in suit"])
    assert "defend:9S" in suit.legal_moves() and "defend:6S" not in suit.legal_moves()
    trump = position("perevodnoy", steps["Beating with a trump"])
    assert trump.observation(0)["trump"] == "H" and "defend:6H" in trump.legal_moves()
    assert trump.observation(0)["table"] == [["AS", None]]
    illegal = position("perevodnoy", steps["An illegal defence"])
    assert illegal.observation(0)["table"] == [["7S", None]]
    assert "defend:AC" not in illegal.legal_moves()
    add = position("perevodnoy", steps["Adding cards"])
    assert add.observation(0)["table"] == [["7S", "9S"]] and "attack:9D" in add.legal_moves()
    transfer = position("perevodnoy", steps["Transferring the attack"])
    assert "transfer:7D" in transfer.legal_moves()


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_lesson_runs_in_every_language(runner: CliRunner, game: str, lang: str) -> None:
    answers = "".join(lesson_answer(game, step) + "\n" for step in steps_for(game))
    code, out = run(runner, ["learn", game, "--lang", lang], stdin=answers)
    assert code == 0
    i18n.set_language(lang)
    n = STEP_COUNTS[game]
    assert i18n._("Step {i} of {n}: {title}").split("{")[0] in out
    for step in steps_for(game):
        assert i18n._(step.title) in out
        assert i18n._(step.title) != step.title or lang == "en"
    assert i18n._("Well done! Play a real game with: cardavia play {game}").format(game=game) in out
    assert str(n) in out


def test_wrong_answers_are_explained(runner: CliRunner) -> None:
    steps = steps_for("durak")
    answers = [lesson_answer("durak", s) for s in steps]
    answers[1] = "6s\n9s"  # covering in suit: the engine refuses 6♠
    answers[4] = "stop\n9♦"  # adding: stop is legal but not this step's idea
    answers[3] = "9S\nT♣"  # the illegal defence: 9♠ does cover; Т♣ is the answer
    code, out = run(runner, ["learn", "durak"], stdin="\n".join(answers) + "\n")
    assert code == 0
    assert "You cannot play 6♠ now: it is lower than 7♠." in out
    assert "No: 9♠ does beat it." in out
    assert "That move is allowed, but it is not what this step is about." in out
    assert "Right: Т♣ is neither a spade nor a trump" in out
    assert "Well done!" in out


def test_skip_and_quit(runner: CliRunner) -> None:
    code, out = run(
        runner, ["learn", "schnapsen", "--lang", "ru"], stdin="пропустить\nskip\nвыход\n"
    )
    assert code == 0
    assert "Шаг 3 из 7" in out and "Шаг 4 из 7" not in out
    assert "Отлично!" not in out


def test_learn_with_words_and_cyrillic_cards(runner: CliRunner) -> None:
    steps = steps_for("perevodnoy")
    answers = [lesson_answer("perevodnoy", s) for s in steps]
    answers[1] = "9♠"
    answers[5] = "перевод"
    answers[6] = "ПЕРЕВЕСТИ"
    answers[8] = "беру"
    answers[10] = "Кs"
    code, out = run(
        runner, ["learn", "perevodnoy", "--lang", "ru"], stdin="\n".join(answers) + "\n"
    )
    assert code == 0
    assert "Вы переводите картой 7♦." in out and "Вы переводите картой 7♣." in out
    assert "Вы берёте." in out
    assert "Отлично!" in out
