"""``--help`` in the player's language: the top level and every command,
their texts, their options' and arguments' texts and the headings, with
the language found as every command finds it (``--lang`` anywhere after
the command, CARDAVIA_LANG, the saved setting, LC_ALL or LANG, English).

The expected texts come from the ``.po`` catalogs, read here with Babel,
and the commands from the click tree of ``cardavia``: a new command or
option without a translation fails these tests."""

from __future__ import annotations

import functools
from collections.abc import Iterator
from dataclasses import dataclass

import click
import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po
from cardavia.tournament import PLAYERS
from cardavia_cli.main import app
from cardavia_cli.terminal import command_line, localized_help
from cardavia_cli.terminal.localized_help import HelpArgument
from cardavia_cli.terminal.tournament_view import PLAYER_HELP
from cardavia_cli.words.i18n import LANGUAGES, LOCALE_DIR
from cardavia_cli.words.themes import THEMES
from cli_helpers import run
from click.testing import CliRunner

TRANSLATED = tuple(lang for lang in LANGUAGES if lang != "en")
# The headings of every page: the usage line and the options.
PAGE_WORDS = ("Usage:", "Options")


@functools.cache
def catalog(lang: str) -> Catalog:
    with (LOCALE_DIR / lang / "LC_MESSAGES" / "cardavia.po").open("rb") as handle:
        return read_po(handle, locale=lang)


def translation(lang: str, msgid: str) -> str:
    """``msgid`` as the catalog of ``lang`` says it, its lists filled in."""
    message = catalog(lang).get(msgid)
    assert message is not None and message.string, f"{lang}: no translation of {msgid!r}"
    assert isinstance(message.string, str)
    players = catalog(lang).get(PLAYER_HELP)
    assert players is not None and isinstance(players.string, str)
    return message.string.format_map(
        {
            "languages": ", ".join(LANGUAGES),
            "themes": ", ".join(THEMES),
            "players": players.string.format(names=", ".join(PLAYERS)),
        }
    )


def squeeze(text: str) -> str:
    """Without any whitespace: the help wraps lines (at hyphens too)."""
    return "".join(text.split())


@dataclass(frozen=True)
class Page:
    """One help page: the command line that shows it and what it holds."""

    path: tuple[str, ...]
    command: click.Command

    @property
    def has_lang(self) -> bool:
        return any("--lang" in getattr(p, "opts", ()) for p in self.command.params)

    def texts(self) -> list[str]:
        """The help of the command and of each argument and option."""
        ctx = click.Context(self.command, info_name="cardavia")
        found = [self.command.help] if self.command.help else []
        for param in self.command.get_params(ctx):
            if isinstance(param, HelpArgument | click.Option) and param.help:
                found.append(param.help)
        return found


def pages() -> Iterator[Page]:
    def visit(command: click.Command, path: tuple[str, ...]) -> Iterator[Page]:
        yield Page(path, command)
        if isinstance(command, click.Group):
            for name, sub in command.commands.items():
                yield from visit(sub, (*path, name))

    yield from visit(app, ())


PAGES = list(pages())
PAGE_IDS = [" ".join(page.path) or "cardavia" for page in PAGES]


def help_of(runner: CliRunner, page: Page, lang: str | None) -> str:
    """The page in ``lang``: with --lang after --help where the command has
    it, else through CARDAVIA_LANG; the environment's language if None."""
    args = [*page.path, "--help"]
    env = {}
    if lang is not None and page.has_lang:
        args += ["--lang", lang]
    elif lang is not None:
        env["CARDAVIA_LANG"] = lang
    result = runner.invoke(app, args, env=env, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def test_the_pages_cover_every_command() -> None:
    assert {" ".join(page.path) for page in PAGES} >= {
        "", "play", "web", "rules", "learn", "games", "replay", "saves", "stats", "tournament",
        "analyse-games", "bench", "config", "config set", "config path",
    }  # fmt: skip


@pytest.mark.parametrize("help_page", PAGES, ids=PAGE_IDS)
def test_every_command_translates_its_help(help_page: Page) -> None:
    group = help_page.path in ((), ("config",))
    expected = command_line.Group if group else command_line.Command
    assert isinstance(help_page.command, expected), help_page.path
    assert isinstance(help_page.command, localized_help.HelpGroup | localized_help.HelpCommand)
    # Every argument has a help text of its own, shown under "Arguments".
    for param in help_page.command.params:
        assert isinstance(param, HelpArgument | click.Option), (help_page.path, param)


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("help_page", PAGES, ids=PAGE_IDS)
def test_help_in_every_language(runner: CliRunner, help_page: Page, lang: str) -> None:
    out = help_of(runner, help_page, lang)
    english = help_of(runner, help_page, None)
    assert out != english
    assert out.startswith(translation(lang, "Usage:") + " cardavia")
    assert f"\n{translation(lang, 'Options')}:\n" in out
    assert "Usage:" not in out and "\nOptions:" not in out
    for text in help_page.texts():
        assert squeeze(translation(lang, text)) in squeeze(out), (lang, text, out)
        assert squeeze(text) not in squeeze(out), (lang, text)
    if any(isinstance(p, HelpArgument) for p in help_page.command.params):
        assert f"\n{translation(lang, 'Arguments')}:\n" in out
    if isinstance(help_page.command, click.Group):
        assert f"\n{translation(lang, 'Commands')}:\n" in out


@pytest.mark.parametrize("lang", TRANSLATED)
def test_command_list_in_every_language(runner: CliRunner, lang: str) -> None:
    """The short help beside each command, as long as it fits."""
    out = help_of(runner, PAGES[0], lang)
    root = PAGES[0].command
    assert isinstance(root, click.Group)
    listed = out.partition(f"\n{translation(lang, 'Commands')}:\n")[2]
    for name, command in root.commands.items():
        line = next(line for line in listed.splitlines() if line.split()[:1] == [name])
        shown = line.split(maxsplit=1)[1].removesuffix("...")
        assert command.help
        assert translation(lang, command.help).startswith(shown), (name, line)
        assert not command.help.startswith(shown), (name, line)


@pytest.mark.parametrize("help_page", PAGES, ids=PAGE_IDS)
def test_english_help_stays_english(runner: CliRunner, help_page: Page) -> None:
    out = help_of(runner, help_page, None)
    assert out.startswith("Usage: cardavia")
    assert "\nOptions:\n" in out
    for text in help_page.texts():
        assert squeeze(translation("en", text)) in squeeze(out), text
        assert translation("en", text) == localized_help.translate_help(text)
    assert out == help_of(runner, help_page, "en")


def test_the_notes_are_translated(runner: CliRunner) -> None:
    out = run(runner, ["tournament", "--help", "--lang", "de"])[1]
    assert f"[{translation('de', 'required')}]" in out
    note = catalog("de").get("default: {default}")
    assert note is not None and isinstance(note.string, str)
    default = note.string.format(default="normal")
    assert squeeze(f"[{default}]") in squeeze(out)
    assert "required" not in out and "default:" not in out


@pytest.mark.parametrize(
    "args",
    [
        ["play", "--lang", "de", "--help"],
        ["play", "--help", "--lang", "de"],
        ["play", "--help", "--lang=de"],
        ["play", "durak", "--seed", "3", "--lang", "de", "--help"],
        ["tournament", "--lang", "de", "--help", "durak"],
    ],
)
def test_lang_anywhere_after_the_command(runner: CliRunner, args: list[str]) -> None:
    code, out = run(runner, args)
    assert code == 0
    assert out.startswith(translation("de", "Usage:") + " cardavia")


def test_the_language_of_the_help_is_resolved_as_for_the_commands(runner: CliRunner) -> None:
    usage = {lang: translation(lang, "Usage:") + " cardavia" for lang in LANGUAGES}

    def language_of(args: list[str], env: dict[str, str]) -> str:
        result = runner.invoke(app, args, env=env, catch_exceptions=False)
        return next(lang for lang in LANGUAGES if result.output.startswith(usage[lang]))

    assert language_of(["--help"], {"CARDAVIA_LANG": "ru"}) == "ru"
    assert language_of(["play", "--help"], {"CARDAVIA_LANG": "ru"}) == "ru"
    assert language_of(["--help"], {"LC_ALL": "nb_NO.UTF-8"}) == "nb"
    assert language_of(["config", "set", "--help"], {"LANG": "el_GR.UTF-8"}) == "el"
    # --lang beats CARDAVIA_LANG, which beats the system locale.
    assert language_of(["web", "--help", "--lang", "vi"], {"CARDAVIA_LANG": "ru"}) == "vi"
    assert language_of(["web", "--help"], {"CARDAVIA_LANG": "ms", "LANG": "de_DE"}) == "ms"
    # A language --lang does not know falls through to the next rule.
    assert language_of(["play", "--help", "--lang", "xx"], {"CARDAVIA_LANG": "uk"}) == "uk"
    # The saved setting, beaten by CARDAVIA_LANG, beating LANG.
    assert run(runner, ["config", "set", "language", "de"])[0] == 0
    assert language_of(["--help"], {"LANG": "ru_RU.UTF-8"}) == "de"
    assert language_of(["rules", "--help"], {"CARDAVIA_LANG": "el"}) == "el"
    assert language_of(["config", "--help"], {}) == "de"


def test_no_arguments_show_the_help_in_the_language(runner: CliRunner) -> None:
    result = runner.invoke(app, [], env={"CARDAVIA_LANG": "uk"})
    assert result.output.startswith(translation("uk", "Usage:") + " cardavia")
    assert squeeze(translation("uk", PAGES[0].texts()[0])) in squeeze(result.output)


def test_errors_in_the_language_and_json_untouched(runner: CliRunner) -> None:
    """The parse errors speak the help's language (test_cli_command_line
    has every kind); --json output stays English."""
    result = runner.invoke(app, ["play", "--lang", "ru", "--bogus"])
    assert result.exit_code == 2
    assert result.output.startswith(translation("ru", "Usage:") + " cardavia play")
    assert "Usage:" not in result.output
    code, out = run(runner, ["games", "--json", "--lang", "ru"])
    assert code == 0 and out.startswith("{") and "Дурак" not in out


def every_help_text() -> list[str]:
    """Every text a help page can show: each command's and parameter's
    help (--help included), the headings and click's notes."""
    texts = {text for page in PAGES for text in page.texts()}
    texts |= {PLAYER_HELP, "Usage:", "Arguments", "Options", "Commands"}
    texts |= {"default: {default}", "required"}
    return sorted(texts)


def test_the_help_texts_are_found() -> None:
    texts = every_help_text()
    assert len(texts) > 50
    assert "Show this message and exit." in texts
    assert "Show the version." in texts
    assert {
        param.help for param in PAGES[0].command.params if isinstance(param, click.Option)
    } <= set(texts)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_help_text_is_translated(lang: str) -> None:
    for text in every_help_text():
        message = catalog(lang).get(text)
        assert message is not None, f"{lang}: {text!r} is not in the catalog"
        assert message.string and not message.fuzzy, f"{lang}: {text!r} is not translated"
        if lang == "en":
            assert message.string == text
        else:
            assert message.string != text, f"{lang}: {text!r} is left in English"
