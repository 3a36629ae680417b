"""The command line's parse errors in the player's language
(``cardavia_cli.terminal.command_line``): click's frame ("Usage:", "Try …
for help.", "Error: …") and every kind of error (an unknown option with
click's close matches, a missing argument or value, a flag given a value,
extra arguments, a bad choice, a number out of range or not a number, a
folder for a file, an unknown or missing command, ``play`` without a game),
each in every language with its text from the catalogs and, in a few
languages, word for word; the language found as the help finds it; and
``--json``'s one error line.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable
from pathlib import Path

import cardavia
import cardavia_cli
import click
import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po
from cardavia_cli.main import app
from cardavia_cli.terminal import command_line
from cardavia_cli.words.i18n import LANGUAGES, LOCALE_DIR
from cli_helpers import run
from click.testing import CliRunner

GAMES = ", ".join(cardavia.GAMES)
SEED_MAX = (1 << 64) - 1


@functools.cache
def catalog(lang: str) -> Catalog:
    with (LOCALE_DIR / lang / "LC_MESSAGES" / "cardavia.po").open("rb") as handle:
        return read_po(handle, locale=lang)


def said(lang: str, msgid: str | tuple[str, str], n: int = 1, **values: object) -> str:
    """``msgid`` as the catalog of ``lang`` writes it, filled in; a plural
    message in its form for ``n`` (1 or 2: the first or second form)."""
    message = catalog(lang).get(msgid if isinstance(msgid, str) else msgid[0])
    assert message is not None and message.string, (lang, msgid)
    if isinstance(message.string, tuple):
        text = message.string[min(n - 1, len(message.string) - 1)]
    else:
        text = message.string
    return text.format(**values)


def invalid(lang: str, param: str, problem: str, **values: object) -> str:
    return said(
        lang,
        "Invalid value for {param}: {problem}",
        param=param,
        problem=said(lang, problem, **values),
    )


def parse_error(runner: CliRunner, args: list[str], env: dict[str, str] | None = None) -> str:
    result = runner.invoke(app, args, env=env or {})
    assert result.exit_code == 2, result.output
    return result.output


def assert_framed(out: str, lang: str, command: str, message: str) -> None:
    """``out`` is click's frame around ``message``, all in ``lang``."""
    lines = out.splitlines()
    assert lines[0].startswith(f"{said(lang, 'Usage:')} {command} [OPTIONS]"), out
    assert lines[1] == said(lang, "Try '{command}' for help.", command=f"{command} --help"), out
    assert lines[2] == ""
    assert lines[3:] == [said(lang, "Error: {message}", message=message)], out
    if lang != "en":
        assert "Usage:" not in out and "Error:" not in out and "for help" not in out


# Each kind of parse error: the command line (--lang L where LANG stands,
# else at its end) and the message it must show in L.
LANG = "{lang}"
Case = tuple[str, list[str], Callable[[str], str]]
CASES: list[Case] = [
    (
        "cardavia play",
        ["play", "durak", "--lenguage", "x"],
        lambda L: (
            said(L, "There is no option {name}.", name="--lenguage")
            + " "
            + said(L, "Did you mean {names}?", names="--lang")
        ),
    ),
    (
        "cardavia play",
        ["play", "durak", "--bogus"],
        lambda L: said(L, "There is no option {name}.", name="--bogus"),
    ),
    ("cardavia rules", ["rules"], lambda L: said(L, "Missing argument {name}.", name="GAME")),
    (
        "cardavia analyse-games",
        ["analyse-games"],
        lambda L: said(L, "Missing argument {name}.", name="FILES"),
    ),
    (
        "cardavia play",
        ["play", "durak", "--lang", LANG, "--seed"],
        lambda L: said(L, "Option {name} needs a value.", name="--seed"),
    ),
    (
        "cardavia play",
        ["play", "durak", "--json=yes"],
        lambda L: said(L, "Option {name} takes no value.", name="--json"),
    ),
    (
        "cardavia rules",
        ["rules", "durak", "extra"],
        lambda L: said(
            L,
            ("Unexpected extra argument: {args}", "Unexpected extra arguments: {args}"),
            args="extra",
        ),
    ),
    (
        "cardavia learn",
        ["learn", "durak", "now", "please"],
        lambda L: said(
            L,
            ("Unexpected extra argument: {args}", "Unexpected extra arguments: {args}"),
            n=2,
            args="now please",
        ),
    ),
    (
        "cardavia rules",
        ["rules", "nosuchgame"],
        lambda L: invalid(
            L,
            "GAME",
            "there is no game “{value}”; choose one of {choices}.",
            value="nosuchgame",
            choices=GAMES,
        ),
    ),
    (
        "cardavia play",
        ["play", "durak", "--level", "insane"],
        lambda L: invalid(
            L,
            "--level",
            "there is no level “{value}”; choose one of {choices}.",
            value="insane",
            choices="easy, normal, hard",
        ),
    ),
    (
        "cardavia learn",
        ["learn", "durak", "--theme", "neon"],
        lambda L: invalid(
            L,
            "--theme",
            "there is no theme “{value}”; choose one of {choices}.",
            value="neon",
            choices="default, high-contrast, warm, cool",
        ),
    ),
    (
        "cardavia play",
        ["play", "durak", "--seed", "-1"],
        lambda L: invalid(
            L,
            "--seed",
            "“{value}” is not a whole number from {min} to {max}.",
            value="-1",
            min=0,
            max=SEED_MAX,
        ),
    ),
    (
        "cardavia play",
        ["play", "durak", "--seed", "x"],
        lambda L: invalid(
            L,
            "--seed",
            "“{value}” is not a whole number from {min} to {max}.",
            value="x",
            min=0,
            max=SEED_MAX,
        ),
    ),
    (
        "cardavia web",
        ["web", "--port", "70000"],
        lambda L: invalid(
            L,
            "--port",
            "“{value}” is not a whole number from {min} to {max}.",
            value="70000",
            min=0,
            max=65535,
        ),
    ),
    (
        "cardavia tournament",
        ["tournament", "durak", "--deals", "x"],
        lambda L: invalid(
            L, "--deals", "“{value}” is not a whole number of at least {min}.", value="x", min=1
        ),
    ),
    (
        "cardavia tournament",
        ["tournament", "durak", "--deals", "0"],
        lambda L: invalid(
            L, "--deals", "“{value}” is not a whole number of at least {min}.", value="0", min=1
        ),
    ),
    (
        "cardavia tournament",
        ["tournament", "durak", "--threads", "1000"],
        lambda L: invalid(
            L,
            "--threads",
            "“{value}” is not a whole number from {min} to {max}.",
            value="1000",
            min=1,
            max=cardavia.ai.MAX_THREADS,
        ),
    ),
    (
        "cardavia",
        ["pla"],
        lambda L: (
            said(L, "There is no command “{name}”.", name="pla")
            + " "
            + said(L, "Did you mean {names}?", names="play, replay")
        ),
    ),
    ("cardavia", ["xyzzy"], lambda L: said(L, "There is no command “{name}”.", name="xyzzy")),
    ("cardavia play", ["play"], lambda L: said(L, "Name a game: {choices}.", choices=GAMES)),
]
CASE_IDS = [" ".join(args) for _command, args, _message in CASES]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("command", "args", "message"), CASES, ids=CASE_IDS)
def test_every_parse_error_in_every_language(
    runner: CliRunner, command: str, args: list[str], message: Callable[[str], str], lang: str
) -> None:
    line = [lang if arg == LANG else arg for arg in args]
    out = parse_error(runner, line if LANG in args else [*line, "--lang", lang])
    assert_framed(out, lang, command, message(lang))


@pytest.mark.parametrize("lang", ["en", "de", "el"])
def test_a_folder_is_not_a_file(runner: CliRunner, tmp_path: Path, lang: str) -> None:
    for command, option in (("tournament", "--journal"), ("analyse-games", "--out")):
        first = "durak" if command == "tournament" else str(tmp_path / "game.json")
        out = parse_error(runner, [command, first, option, str(tmp_path), "--lang", lang])
        message = invalid(lang, option, "“{path}” is a folder, not a file.", path=tmp_path)
        assert_framed(out, lang, f"cardavia {command}", message)


@pytest.mark.parametrize("lang", ["ru", "uk", "de"])
def test_a_language_that_is_not_one(runner: CliRunner, lang: str) -> None:
    """``--lang xx`` is refused in the next language of the line."""
    out = parse_error(runner, ["play", "durak", "--lang", "xx"], {"CARDAVIA_LANG": lang})
    message = invalid(
        lang, "--lang", "there is no language “{value}”; choose one of {choices}.",
        value="xx", choices=", ".join(LANGUAGES),
    )  # fmt: skip
    assert_framed(out, lang, "cardavia play", message)


@pytest.mark.parametrize("lang", ["en", "ms", "nb"])
def test_a_group_without_a_command(runner: CliRunner, lang: str) -> None:
    out = parse_error(runner, ["--"], {"CARDAVIA_LANG": lang})
    assert_framed(out, lang, "cardavia", said(lang, "Name a command."))


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (
            ["play", "durak", "--level", "insane", "--lang", "de"],
            "Fehler: Ungültiger Wert für --level: Es gibt keine Stufe „insane“; "
            "wähl eine von: easy, normal, hard.",
        ),
        (
            ["play", "durak", "--seed", "-1", "--lang", "ru"],
            "Ошибка: Неверное значение --seed: «-1» — не целое число от 0 до 18446744073709551615.",
        ),
        (
            ["tournament", "durak", "--deals", "x", "--lang", "uk"],
            "Помилка: Неправильне значення --deals: «x» — не ціле число, не менше за 1.",
        ),
        (
            ["rules", "nosuchgame", "--lang", "el"],
            "Σφάλμα: Μη έγκυρη τιμή για GAME: δεν υπάρχει παιχνίδι «nosuchgame»· "
            "διαλέξτε ένα από: durak, perevodnoy, schnapsen.",
        ),
        (
            ["play", "--lenguage", "de", "--lang", "nb"],
            "Feil: Det finnes ikke noe alternativ --lenguage. Mente du --lang?",
        ),
        (
            ["play", "durak", "--foo"],
            "Error: There is no option --foo.",
        ),
        (
            ["rules", "durak", "a", "b", "--lang", "ru"],
            "Ошибка: Лишние аргументы: a b",
        ),
        (
            ["pla", "--lang", "de"],
            "Fehler: Es gibt keinen Befehl „pla“. Meintest du play, replay?",
        ),
    ],
)
def test_word_for_word(runner: CliRunner, args: list[str], error: str) -> None:
    """A few errors as a player reads them, independent of the catalogs."""
    out = parse_error(runner, args)
    assert out.splitlines()[-1] == error


def test_the_frame_word_for_word(runner: CliRunner) -> None:
    out = parse_error(runner, ["replay", "--lang", "de"])
    assert out == (
        "Aufruf: cardavia replay [OPTIONS] FILE\n"
        "Hilfe bekommst du mit „cardavia replay --help“.\n"
        "\n"
        "Fehler: Das Argument FILE fehlt.\n"
    )


def test_the_language_of_an_error_is_found_as_for_the_help(runner: CliRunner) -> None:
    """--lang anywhere on the line (before the command too), CARDAVIA_LANG,
    the saved setting, LC_ALL or LANG, English."""

    def language_of(args: list[str], env: dict[str, str]) -> str:
        out = parse_error(runner, args, env)
        found = [lang for lang in LANGUAGES if out.startswith(said(lang, "Usage:") + " ")]
        assert len(found) == 1, out
        return found[0]

    bad = ["play", "durak", "--level", "insane"]
    assert language_of(bad, {}) == "en"
    assert language_of(["--lang", "de", "play"], {}) == "de"  # no --lang before the command
    assert language_of([*bad, "--lang=vi"], {"CARDAVIA_LANG": "ru"}) == "vi"
    assert language_of(bad, {"CARDAVIA_LANG": "ru", "LANG": "de_DE.UTF-8"}) == "ru"
    assert language_of(bad, {"LC_ALL": "el_GR.UTF-8", "LANG": "de_DE.UTF-8"}) == "el"
    assert language_of(bad, {"LANG": "nb_NO.UTF-8"}) == "nb"
    assert language_of(["play", "--lang"], {"CARDAVIA_LANG": "uk"}) == "uk"  # --lang lacks a value
    assert run(runner, ["config", "set", "language", "ms"])[0] == 0
    assert language_of(bad, {"LANG": "ru_RU.UTF-8"}) == "ms"
    assert language_of(bad, {"CARDAVIA_LANG": "de"}) == "de"
    assert language_of(["pla", "--lang", "el"], {}) == "el"


def test_a_required_option(runner: CliRunner) -> None:
    """No command of cardavia has one; the text is there for when one does."""

    @click.command(cls=command_line.Command)
    @click.option("--count", type=command_line.WholeNumber(1, 3), required=True)
    def count(count: int) -> None:
        click.echo(f"count {count}")

    for lang in ("en", "de", "vi"):
        result = runner.invoke(count, [], env={"CARDAVIA_LANG": lang})
        assert result.exit_code == 2
        error = said(
            lang, "Error: {message}", message=said(lang, "Missing option {name}.", name="--count")
        )
        assert result.output.splitlines()[-1] == error
    assert runner.invoke(count, ["--count", "2"]).output == "count 2\n"


def test_click_errors_without_a_text_of_ours_keep_the_frame() -> None:
    """An error click raises that we have no words for keeps click's
    reason, in our frame."""
    ctx = click.Context(app, info_name="cardavia")
    error = command_line.translated(click.UsageError("something else", ctx), ctx)
    assert isinstance(error, command_line.ParseError)
    assert error.format_message() == "something else" and error.ctx is ctx


def test_the_choices_take_any_case(runner: CliRunner) -> None:
    code, out = run(runner, ["rules", "DURAK", "--lang", "EN"])
    assert code == 0 and "Durak" in out


# ------------------------------------------------------------------ --json


def test_json_error_of_an_engine_error_has_its_kind_field_and_value(runner: CliRunner) -> None:
    code, out = run(runner, ["tournament", "durak", "--deals", "2000000", "--json", "--lang", "de"])
    assert code == 1
    line = json.loads(out)
    assert (line["kind"], line["field"], line["value"]) == ("integer", "deals", 2000000)
    assert "deals" in line["error"]


@pytest.mark.parametrize(
    ("args", "error", "code"),
    [
        (["play", "--json", "--resume"], "There is no unfinished game to continue.", 1),
        (["play", "--json"], f"Name a game: {GAMES}.", 2),
        (["play", "chess", "--json"], f"There is no game “chess”; choose one of {GAMES}.", 2),
    ],
)
def test_json_errors_stay_english(
    runner: CliRunner, args: list[str], error: str, code: int
) -> None:
    result = runner.invoke(app, [*args, "--lang", "de"], env={"CARDAVIA_LANG": "ru"})
    assert result.exit_code == code
    assert json.loads(result.output) == {"error": error}


def test_only_clicks_public_api() -> None:
    """No typer, and nothing private of click (``click._…``, ``typer._click``)."""
    package = Path(cardavia_cli.__file__).parent
    for path in package.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"^\s*(import|from)\s+typer\b", text, re.MULTILINE), path
        assert not re.search(r"\bclick\._\w+", text), path
