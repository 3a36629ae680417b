"""``--help`` in the player's language.

typer reads the help texts when the commands are built, at import, long
before the language is known. So the texts stay English in the code, as
msgids marked with ``N_``, and the command classes here translate them when
the help is written: ``--lang`` from the command line (kept by
``parse_args``, since ``--help`` is eager and answered before ``--lang`` is
parsed), then CARDAVIA_LANG, the saved setting, LC_ALL or LANG, as every
command settles its language. The headings, typer's own option texts and
the ``[default: …]`` and ``[required]`` notes are translated too.

A help text may name ``{languages}``, ``{themes}`` or ``{players}``: they
are filled in after the translation, so the lists stay those of the code.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Sequence
from typing import TypeVar

from typer import _click
from typer.core import TyperArgument, TyperCommand, TyperGroup, TyperOption

from ..play.config import load_config
from ..words.i18n import LANGUAGES, N_, _, resolve_language, speaking
from ..words.themes import THEMES
from .tournament_view import PLAYER_HELP

__all__ = [
    "HEADINGS",
    "TYPER_TEXTS",
    "HelpCommand",
    "HelpGroup",
    "help_language",
    "lang_option",
    "translate_help",
]

# Where the command line is kept for the help (ctx.meta is shared by the
# contexts of one command line; the outermost command keeps it).
ARGS_KEY = "cardavia.argv"

# The section headings typer writes, and the texts of the options typer and
# click add by themselves (--help and the shell completion options).
HEADINGS = {"Arguments": N_("Arguments"), "Options": N_("Options"), "Commands": N_("Commands")}
TYPER_TEXTS = (
    N_("Show this message and exit."),
    N_("Install completion for the current shell."),
    N_("Show completion for the current shell, to copy it or customize the installation."),
)
USAGE = N_("Usage:")
DEFAULT_NOTE = N_("default: {default}")
REQUIRED_NOTE = N_("required")

# "help  [default: normal; required]": typer's notes after an option's help.
_NOTES = re.compile(r"^(?P<help>.*?)(?P<gap> *)\[(?P<notes>[^\[\]]*)\]$", re.DOTALL)

C = TypeVar("C", bound=_click.Command)


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


def help_language(ctx: _click.Context) -> str:
    """The language of this command line's help, resolved as the commands
    resolve theirs (an unknown ``--lang`` falls through to the next rule)."""
    return resolve_language(lang_option(ctx.meta.get(ARGS_KEY, ())), load_config().language)


def translate_help(text: str) -> str:
    """A help text of the code in the active language, its lists filled in."""
    values = {
        "languages": ", ".join(LANGUAGES),
        "themes": ", ".join(THEMES),
        "players": _(PLAYER_HELP),
    }
    return _(text).format_map(values)


def _translate_notes(text: str) -> str:
    """typer's ``[default: X; required]`` after a help text, translated."""
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


class _Formatter(_click.HelpFormatter):
    """Writes the usage prefix, headings and notes in the active language."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        super().write_usage(prog, args, f"{_(USAGE)} " if prefix is None else prefix)

    def write_heading(self, heading: str) -> None:
        super().write_heading(_(HEADINGS[heading]) if heading in HEADINGS else heading)

    def write_dl(
        self, rows: Sequence[tuple[str, str]], col_max: int = 30, col_spacing: int = 2
    ) -> None:
        super().write_dl(
            [(term, _translate_notes(text)) for term, text in rows], col_max, col_spacing
        )


def _translated_param(param: _click.Parameter) -> _click.Parameter:
    if not isinstance(param, TyperArgument | TyperOption) or not param.help:
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


def _translated(command: C, ctx: _click.Context) -> C:
    """A copy of ``command`` whose help texts (its own and its parameters',
    --help included) are in the active language."""
    twin = _own_help_translated(command)
    twin.params = [_translated_param(param) for param in command.get_params(ctx)]
    twin.add_help_option = False  # already among the params
    return twin


Write = Callable[[C, _click.Context, _click.HelpFormatter], None]


def _write_help(
    command: C, ctx: _click.Context, formatter: _click.HelpFormatter, write: Write[C]
) -> None:
    """Render with ``write(twin, ctx, own_formatter)`` in the help's
    language, then hand the text over to ``formatter``."""
    own = _Formatter(width=formatter.width)
    with speaking(help_language(ctx)):
        write(_translated(command, ctx), ctx, own)
    formatter.write(own.getvalue())


def _keep_args(ctx: _click.Context, args: list[str]) -> None:
    ctx.meta.setdefault(ARGS_KEY, list(args))


class HelpCommand(TyperCommand):
    """A command whose help speaks the player's language."""

    def parse_args(self, ctx: _click.Context, args: list[str]) -> list[str]:
        _keep_args(ctx, args)
        return super().parse_args(ctx, args)

    def format_help(self, ctx: _click.Context, formatter: _click.HelpFormatter) -> None:
        _write_help(self, ctx, formatter, TyperCommand.format_help)

    def get_short_help_str(self, limit: int = 45) -> str:
        return TyperCommand.get_short_help_str(_own_help_translated(self), limit)


class HelpGroup(TyperGroup):
    """A group of commands whose help speaks the player's language."""

    def parse_args(self, ctx: _click.Context, args: list[str]) -> list[str]:
        _keep_args(ctx, args)
        return super().parse_args(ctx, args)

    def format_help(self, ctx: _click.Context, formatter: _click.HelpFormatter) -> None:
        _write_help(self, ctx, formatter, TyperGroup.format_help)

    def get_short_help_str(self, limit: int = 45) -> str:
        return TyperGroup.get_short_help_str(_own_help_translated(self), limit)
