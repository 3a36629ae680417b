"""Every command through click's CliRunner, in every language."""

from __future__ import annotations

import json
import re
from pathlib import Path

import cardavia
import pytest
from cardavia_cli import __version__
from cardavia_cli.main import app
from cardavia_cli.words.rules_text import read_rules
from cli_helpers import GAMES, LANGUAGES, run, saved_games
from click.testing import CliRunner

TITLES = {
    "en": "Durak",
    "ru": "Дурак",
    "uk": "Дурень",
    "el": "Ντουράκ",
    "vi": "Durak",
    "ms": "Durak",
    "nb": "Durak",
    "de": "Durak",
}
YOUR_TURN = {
    "en": "Your turn.",
    "ru": "Ваш ход.",
    "uk": "Ваш хід.",
    "el": "Σειρά σας.",
    "vi": "Lượt của bạn.",
    "ms": "Giliran anda.",
    "nb": "Din tur.",
    "de": "Du bist am Zug.",
}


def test_version(runner: CliRunner) -> None:
    code, out = run(runner, ["--version"])
    assert code == 0
    assert __version__ in out and cardavia.__version__ in out


def test_help_lists_the_commands(runner: CliRunner) -> None:
    code, out = run(runner, ["--help"])
    assert code == 0
    for command in ("play", "rules", "learn", "games", "replay", "config"):
        assert command in out
    assert "tournament" in out and "bench" in out


def test_shell_completion(runner: CliRunner) -> None:
    """click's completion (cli/README.md): the script for a shell, then the
    commands, the options and the choices of an option."""

    def complete(words: str) -> list[str]:
        env = {
            "_CARDAVIA_COMPLETE": "bash_complete",
            "COMP_WORDS": words,
            "COMP_CWORD": str(len(words.split()) - (0 if words.endswith(" ") else 1)),
        }
        result = runner.invoke(app, [], env=env, prog_name="cardavia")
        assert result.exit_code == 0, result.output
        return result.output.splitlines()

    script = runner.invoke(app, [], env={"_CARDAVIA_COMPLETE": "bash_source"}, prog_name="cardavia")
    assert script.exit_code == 0 and "_cardavia_completion" in script.output
    assert "plain,play" in complete("cardavia pl")
    assert "plain,replay" in complete("cardavia re")
    assert "plain,--level" in complete("cardavia play --le")
    assert complete("cardavia play durak --level ") == ["plain,easy", "plain,normal", "plain,hard"]
    assert complete("cardavia rules s") == ["plain,schnapsen"]
    assert complete("cardavia play --lang d") == ["plain,de"]


def test_games_json_lists_games_and_decks(runner: CliRunner) -> None:
    code, out = run(runner, ["games", "--json"])
    assert code == 0
    data = json.loads(out)
    assert [g["id"] for g in data["games"]] == list(GAMES)
    decks = {d["id"]: d for d in data["decks"]}
    assert decks["atlasnye"]["cards"] == 36 and "St. Petersburg" in decks["atlasnye"]["origin"]
    assert decks["atlasnye"]["ranks"][-4:] == ["В", "Д", "К", "Т"]
    assert decks["schnapsen"]["cards"] == 20


@pytest.mark.parametrize("lang", LANGUAGES)
def test_games_in_every_language(runner: CliRunner, lang: str) -> None:
    code, out = run(runner, ["games", "--lang", lang])
    assert code == 0
    assert "36" in out and "20" in out and "В" in out
    assert "cardavia play durak" in out


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_rules_print_in_every_language(runner: CliRunner, game: str, lang: str) -> None:
    text = read_rules(game, lang)
    if text is None:
        pytest.skip(f"rules/{lang}/{game}.md is not written yet")
    code, out = run(runner, ["rules", game, "--lang", lang])
    assert code == 0
    headings = [line.lstrip("#").strip() for line in text.splitlines() if line.startswith("#")]
    assert headings
    for word in re.findall(r"\w+", headings[0]):
        assert word in out


def test_rules_fall_back_to_english(runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    from cardavia_cli.words import rules_text

    real = rules_text.read_rules
    monkeypatch.setattr(
        rules_text,
        "read_rules",
        lambda game, lang: None if lang != "en" else (real(game, "en") or "# Durak rules\n"),
    )
    code, out = run(runner, ["rules", "durak", "--lang", "de"])
    assert code == 0
    assert "Englisch" in out or "englischen" in out


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_table_renders_in_every_language(
    runner: CliRunner, game: str, lang: str, games_dir: Path
) -> None:
    code, out = run(runner, ["play", game, "--seed", "11", "--lang", lang], stdin="1\nquit\n")
    assert code == 0, out
    if game != "schnapsen":
        assert TITLES[lang].lower() in out.lower()
    assert YOUR_TURN[lang] in out
    assert "cardavia play " + game + " --resume" in out and f"--lang {lang}" in out
    assert len(saved_games(games_dir)) == 1


def test_table_shows_the_facts(runner: CliRunner) -> None:
    code, out = run(runner, ["play", "durak", "--seed", "3", "--lang", "en"], stdin="quit\n")
    assert code == 0
    assert "Trump: ♦ diamonds · К♦ lies under the stock" in out
    assert "Stock: 24 cards" in out
    assert "The computer holds 5 cards" in out
    assert "Table (attack/defence): 7♦/…" in out
    assert "The computer attacks with 7♦." in out
    assert "Your hand: 9♠ В♠ 8♣ Т♣ 8♦(1) Д♦(2)" in out
    assert "1. Beat 7♦ with 8♦" in out and "3. Take the cards · take" in out


def test_schnapsen_table_shows_scores(runner: CliRunner) -> None:
    code, out = run(runner, ["play", "schnapsen", "--seed", "5", "--lang", "en"], stdin="quit\n")
    assert code == 0
    assert "Talon: 10 cards" in out
    assert "Points: you 0 · computer 0" in out
    assert "Match (from 7 down to 0): you 7 · computer 7" in out
    assert re.search(r"Your hand: .*K♠", out)


def test_russian_plural_forms_on_the_table(runner: CliRunner) -> None:
    _, out = run(runner, ["play", "durak", "--seed", "3", "--lang", "ru"], stdin="quit\n")
    assert "В колоде 24 карты" in out
    assert "У компьютера 5 карт" in out
    assert "в отбое 0 карт" in out


def test_readable_at_60_columns(runner: CliRunner) -> None:
    result = runner.invoke(
        app, ["play", "perevodnoy", "--seed", "3"], input="quit\n", env={"COLUMNS": "60"}
    )
    assert result.exit_code == 0
    assert max(len(line) for line in result.output.splitlines() if "--resume" not in line) <= 60


@pytest.mark.parametrize("game", GAMES)
def test_ascii_prints_nothing_but_ascii(runner: CliRunner, game: str) -> None:
    code, out = run(
        runner, ["play", game, "--seed", "3", "--ascii", "--lang", "en"], stdin="help\nquit\n"
    )
    assert code == 0
    assert out.isascii(), sorted({ch for ch in out if not ch.isascii()})
    assert "\x1b[" not in out
    assert "Your hand:" in out and " | " in out


def test_ascii_durak_shows_latin_courts(runner: CliRunner) -> None:
    code, out = run(runner, ["play", "durak", "--seed", "3", "--ascii"], stdin="help\nquit\n")
    assert code == 0
    assert "Trump: D diamonds | KD lies under the stock" in out
    assert "as shown (QS, 10H)" in out
    assert "Your hand: 9S JS 8C AC 8D(1) QD(2)" in out


def test_help_shows_cards_as_the_table_does(runner: CliRunner) -> None:
    code, durak = run(runner, ["play", "durak", "--seed", "3"], stdin="help\nquit\n")
    assert code == 0 and "as shown (Д♠, 10♥)" in durak and "Т♣" in durak
    code, schnapsen = run(runner, ["play", "schnapsen", "--seed", "3"], stdin="help\nquit\n")
    assert code == 0 and "as shown (D♠, 10♥)" in schnapsen


@pytest.mark.parametrize("theme", ["default", "high-contrast", "warm", "cool"])
def test_themes_colour_the_suits(runner: CliRunner, theme: str) -> None:
    result = runner.invoke(
        app,
        ["play", "durak", "--seed", "3", "--theme", theme],
        input="quit\n",
        env={"FORCE_COLOR": "1", "TERM": "xterm-256color"},
    )
    assert result.exit_code == 0
    assert "\x1b[" in result.output


def test_no_color_is_respected(runner: CliRunner) -> None:
    result = runner.invoke(
        app,
        ["play", "durak", "--seed", "3"],
        input="quit\n",
        env={"FORCE_COLOR": "1", "NO_COLOR": "1", "TERM": "xterm-256color"},
    )
    assert result.exit_code == 0
    assert "\x1b[3" not in result.output and "\x1b[9" not in result.output


def test_language_from_environment_and_config(runner: CliRunner) -> None:
    result = runner.invoke(
        app, ["play", "durak", "--seed", "3"], input="quit\n", env={"LANG": "de_DE.UTF-8"}
    )
    assert "Du bist am Zug." in result.output
    result = runner.invoke(
        app,
        ["play", "durak", "--seed", "3"],
        input="quit\n",
        env={"LANG": "de_DE.UTF-8", "CARDAVIA_LANG": "nb"},
    )
    assert "Din tur." in result.output
    code, _ = run(runner, ["config", "set", "language", "uk"])
    assert code == 0
    result = runner.invoke(
        app, ["play", "durak", "--seed", "3"], input="quit\n", env={"LANG": "C.UTF-8"}
    )
    assert "Ваш хід." in result.output
    result = runner.invoke(
        app, ["play", "durak", "--seed", "3", "--lang", "el"], input="quit\n", env={"LANG": "ru_RU"}
    )
    assert "Σειρά σας." in result.output


def test_config_show_set_and_errors(runner: CliRunner, isolated_env: Path) -> None:
    code, out = run(runner, ["config"])
    assert code == 0 and "level = normal" in out and "hints = on" in out
    for key, value in (("theme", "warm"), ("level", "hard"), ("hints", "off"), ("language", "vi")):
        code, out = run(runner, ["config", "set", key, value])
        assert code == 0, out
    stored = json.loads((isolated_env / "config" / "config.json").read_text())
    assert stored == {"hints": False, "language": "vi", "level": "hard", "theme": "warm"}
    code, out = run(runner, ["config"])
    assert "theme = warm" in out and "hints = off" in out
    code, out = run(runner, ["config", "set", "level", "impossible"])
    assert code == 1
    code, out = run(runner, ["config", "set", "colour", "red"])
    assert code == 1
    code, out = run(runner, ["config", "path"])
    assert out.strip().endswith("config.json")


def test_config_hints_off_hides_tips(runner: CliRunner) -> None:
    _, out = run(runner, ["play", "durak", "--seed", "3"], stdin="quit\n")
    assert "Tip:" in out
    _, out = run(runner, ["play", "durak", "--seed", "3", "--no-hints"], stdin="quit\n")
    assert "Tip:" not in out
    run(runner, ["config", "set", "hints", "off"])
    _, out = run(runner, ["play", "durak", "--seed", "3"], stdin="quit\n")
    assert "Tip:" not in out
    _, out = run(runner, ["play", "durak", "--seed", "3", "--hints"], stdin="quit\n")
    assert "Tip:" in out


def test_unknown_game_is_refused(runner: CliRunner) -> None:
    result = runner.invoke(app, ["play", "poker"])
    assert result.exit_code != 0
