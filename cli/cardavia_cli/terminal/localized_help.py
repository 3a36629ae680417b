"""``--help`` in the player's language, with click's public classes.

The commands are built at import, long before the language is known. So
the help texts stay English in the code, as msgids marked with ``N_``, and
the command classes here translate them when the help is written:
``--lang`` from the command line (kept by ``parse_args``, since ``--help``
is eager and answered before ``--lang`` is parsed), then CARDAVIA_LANG,
the saved setting, LC_ALL or LANG, as every command settles its language.
The headings, the ``--help`` option's text and the ``[default: …]`` and
``[required]`` notes are translated too. Arguments have a help text of
their own (``HelpArgument``), listed under "Arguments" before the options.

A help text may name ``{languages}``, ``{themes}`` or ``{players}``: they
are filled in after the translation, so the lists stay those of the code.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterable, Sequence
from typing import Any, TypeVar

import click
from cardavia.tournament import PLAYERS

from ..play.config import load_config
from ..words.i18n import LANGUAGES, N_, _, resolve_language, speaking
from ..words.themes import THEMES
from .tournament_view import PLAYER_HELP

__all__ = [
    "HEADINGS",
    "HELP_OPTION_TEXT",
    "USAGE",
    "HelpArgument",
    "HelpCommand",
    "HelpContext",
    "HelpFormatter",
    "HelpGroup",
    "help_language",
    "lang_option",
    "translate_help",
]

# Where the command line is kept for the help and the parse errors
# (ctx.meta is shared by the contexts of one command line; the outermost
# command keeps it).
ARGS_KEY = "cardavia.argv"

HEADINGS = {"Arguments": N_("Arguments"), "Options": N_("Options"), "Commands": N_("Commands")}
HELP_OPTION_TEXT = N_("Show this message and exit.")
USAGE = N_("Usage:")
DEFAULT_NOTE = N_("default: {default}")
REQUIRED_NOTE = N_("required")

# "help  [default: normal; required]": click's notes after an option's help.
_NOTES = re.compile(r"^(?P<help>.*?)(?P<gap> *)\[(?P<notes>[^\[\]]*)\]$", re.DOTALL)

C = TypeVar("C", bound=click.Command)


def lang_option(args: Sequence[str]) -> str | None:
    """The value of the last ``--lang X`` or ``--lang=X`` before ``--``."""
    found: str | None = None
    for index, arg in enumerate(args):
        if arg == "--":
            break
        if arg == "--lang" and index + 1 < len(args):
            found = args[index + 1]
        elif arg.startswith("--lang="):
            found = arg.partition("=")[2]
    return found


def help_language(ctx: click.Context | None) -> str:
    """The language of this command line's help and parse errors, resolved
    as the commands resolve theirs (an unknown ``--lang`` falls through to
    the next rule)."""
    args = () if ctx is None else ctx.meta.get(ARGS_KEY, ())
    return resolve_language(lang_option(args), load_config().language)


def translate_help(text: str) -> str:
    """A help text of the code in the active language, its lists filled in."""
    values = {
        "languages": ", ".join(LANGUAGES),
        "themes": ", ".join(THEMES),
        "players": _(PLAYER_HELP).format(names=", ".join(PLAYERS)),
    }
    return _(text).format_map(values)


def _translate_notes(text: str) -> str:
    """click's ``[default: X; required]`` after a help text, translated."""
    match = _NOTES.match(text)
    if match is None:
        return text
    notes = []
    for note in match["notes"].split("; "):
        if note == "required":
            note = _(REQUIRED_NOTE)
        elif note.startswith("default: "):
            note = _(DEFAULT_NOTE).format(default=note.removeprefix("default: "))
        notes.append(note)
    return f"{match['help']}{match['gap']}[{'; '.join(notes)}]"


class HelpFormatter(click.HelpFormatter):
    """Writes the usage prefix, headings and notes in the active language."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        super().write_usage(prog, args, f"{_(USAGE)} " if prefix is None else prefix)

    def write_heading(self, heading: str) -> None:
        super().write_heading(_(HEADINGS[heading]) if heading in HEADINGS else heading)

    def write_dl(
        self, rows: Iterable[tuple[str, str]], col_max: int = 30, col_spacing: int = 2
    ) -> None:
        super().write_dl(
            [(term, _translate_notes(text)) for term, text in rows], col_max, col_spacing
        )


class HelpContext(click.Context):
    """A context whose usage lines (in the help and in parse errors) say
    "Usage:" in the active language."""

    formatter_class = HelpFormatter


class HelpArgument(click.Argument):
    """A positional argument with a help text, shown under "Arguments"."""

    def __init__(self, param_decls: Sequence[str], help: str | None = None, **attrs: Any) -> None:
        super().__init__(param_decls, **attrs)
        self.help = help

    def help_record(self) -> tuple[str, str]:
        """Its name (``GAME``, ``FILES...``) and its help with the notes."""
        name = self.metavar or (self.name or "").upper() + ("..." if self.nargs != 1 else "")
        text = self.help or ""
        if self.required:
            text += f"  [{REQUIRED_NOTE}]"
        return name, text


def _translated_param(param: click.Parameter) -> click.Parameter:
    if not isinstance(param, click.Option | HelpArgument) or not param.help:
        return param
    twin = copy.copy(param)
    twin.help = translate_help(param.help)
    return twin


def _own_help_translated(command: C) -> C:
    """A copy of ``command`` whose own help is in the active language."""
    twin = copy.copy(command)
    if command.help:
        twin.help = translate_help(command.help)
    if command.short_help:
        twin.short_help = translate_help(command.short_help)
    return twin


def _translated(command: C, ctx: click.Context) -> C:
    """A copy of ``command`` whose help texts (its own and its parameters',
    --help included) are in the active language."""
    twin = _own_help_translated(command)
    twin.params = [_translated_param(param) for param in command.get_params(ctx)]
    twin.add_help_option = False  # already among the params
    return twin


def _write_help(command: C, ctx: click.Context, formatter: click.HelpFormatter) -> None:
    """Usage, help, arguments, options (and commands) in the help's
    language, written by a formatter of ours, then handed to ``formatter``."""
    own = HelpFormatter(width=formatter.width)
    with speaking(help_language(ctx)):
        twin = _translated(command, ctx)
        twin.format_usage(ctx, own)
        twin.format_help_text(ctx, own)
        rows = [p.help_record() for p in twin.get_params(ctx) if isinstance(p, HelpArgument)]
        if rows:
            with own.section("Arguments"):
                own.write_dl(rows)
        twin.format_options(ctx, own)
        twin.format_epilog(ctx, own)
    formatter.write(own.getvalue())


def _keep_args(ctx: click.Context, args: list[str]) -> None:
    ctx.meta.setdefault(ARGS_KEY, list(args))


class _SpeaksTheLanguage(click.Command):
    """What a command and a group share: help in the player's language."""

    context_class = HelpContext

    def get_help_option(self, ctx: click.Context) -> click.Option | None:
        option = super().get_help_option(ctx)
        if option is not None:
            option.help = HELP_OPTION_TEXT
        return option

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        _keep_args(ctx, args)
        return super().parse_args(ctx, args)

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        _write_help(self, ctx, formatter)

    def get_short_help_str(self, limit: int = 45) -> str:
        return click.Command.get_short_help_str(_own_help_translated(self), limit)


class HelpCommand(_SpeaksTheLanguage):
    """A command whose help speaks the player's language."""


class HelpGroup(_SpeaksTheLanguage, click.Group):
    """A group of commands whose help speaks the player's language."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # also when the group runs without a command (config shows the settings)
        kwargs.setdefault("subcommand_metavar", "COMMAND [ARGS]...")
        super().__init__(*args, **kwargs)
