"""The command line in the player's language: the command classes, the
parameter types whose refusals are gettext texts (a choice, a whole number
in a range, a file), and click's own parse errors (an unknown option or
command, a missing value or argument, extra arguments) said again in our
words. Every parse error is shown in click's frame ("Usage: …", "Try …
for help.", "Error: …"), in the language the help speaks
(``localized_help.help_language``: ``--lang`` anywhere on the line, then
CARDAVIA_LANG, the saved setting, LC_ALL or LANG, English).

An error holds a function that makes its sentence, not the sentence: the
text is made when it is shown, in that language.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

import cardavia
import click
from click.shell_completion import CompletionItem

from ..play.opponent import LEVELS
from ..words.i18n import LANGUAGES, N_, _, ngettext, speaking
from ..words.themes import THEMES
from .localized_help import HelpArgument, HelpCommand, HelpGroup, help_language

__all__ = [
    "GAME",
    "LANGUAGE",
    "LEVEL",
    "THEME",
    "Choice",
    "Command",
    "FilePath",
    "Group",
    "HelpArgument",
    "ParameterError",
    "ParseError",
    "WholeNumber",
    "argument",
    "missing_command",
    "translated",
]

# A sentence made when it is shown, in the language of the moment.
Describe = Callable[[], str]


def _show(error: click.UsageError, file: IO[Any] | None) -> None:
    """click's frame around ``error``, in the language of the help."""
    ctx = error.ctx
    with speaking(help_language(ctx)):
        if ctx is not None:
            hint = _("Try '{command}' for help.").format(command=f"{ctx.command_path} --help")
            click.echo(f"{ctx.get_usage()}\n{hint}\n", file=file, err=True, color=ctx.color)
        message = _("Error: {message}").format(message=error.format_message())
        click.echo(message, file=file, err=True, color=None if ctx is None else ctx.color)


class ParseError(click.UsageError):
    """A command line that cannot be parsed, said in the player's words."""

    def __init__(self, describe: Describe, ctx: click.Context | None = None) -> None:
        super().__init__("", ctx)
        self.describe = describe

    def format_message(self) -> str:
        return self.describe()

    def __str__(self) -> str:
        return self.describe()

    def show(self, file: IO[Any] | None = None) -> None:
        _show(self, file)


def _param_name(param: click.Parameter | None) -> str:
    """How the player typed the parameter: ``--seed``, or ``GAME``."""
    if isinstance(param, click.Option):
        return " / ".join(param.opts)
    return "" if param is None else param.human_readable_name


class ParameterError(click.BadParameter):
    """A value a parameter refuses: "Invalid value for --level: …"."""

    def __init__(
        self,
        describe: Describe,
        ctx: click.Context | None = None,
        param: click.Parameter | None = None,
    ) -> None:
        super().__init__("", ctx, param)
        self.describe = describe

    def format_message(self) -> str:
        return _("Invalid value for {param}: {problem}").format(
            param=_param_name(self.param), problem=self.describe()
        )

    def __str__(self) -> str:
        return self.format_message()

    def show(self, file: IO[Any] | None = None) -> None:
        _show(self, file)


def _did_you_mean(sentence: str, close: Sequence[str]) -> str:
    if not close:
        return sentence
    hint = _("Did you mean {names}?").format(names=", ".join(close))
    return f"{sentence} {hint}"


def _option_named(command: click.Command, name: str) -> click.Option | None:
    for param in command.params:
        if isinstance(param, click.Option) and name in (*param.opts, *param.secondary_opts):
            return param
    return None


def translated(error: click.UsageError, ctx: click.Context) -> click.UsageError:
    """``error``, raised by click's parser, in the player's words: built
    from its data (the option's name, click's close matches, the missing
    parameter), never from its English text."""
    if isinstance(error, ParseError | ParameterError):
        return error
    ctx = error.ctx or ctx
    if isinstance(error, click.NoSuchOption):
        name, close = error.option_name, tuple(error.possibilities or ())
        return ParseError(
            lambda: _did_you_mean(_("There is no option {name}.").format(name=name), close), ctx
        )
    if isinstance(error, click.BadOptionUsage):
        name = error.option_name
        option = _option_named(ctx.command, name)
        if option is not None and option.is_flag:
            return ParseError(lambda: _("Option {name} takes no value.").format(name=name), ctx)
        return ParseError(lambda: _("Option {name} needs a value.").format(name=name), ctx)
    if isinstance(error, click.MissingParameter) and error.param is not None:
        name = _param_name(error.param)
        if isinstance(error.param, click.Argument):
            return ParseError(lambda: _("Missing argument {name}.").format(name=name), ctx)
        return ParseError(lambda: _("Missing option {name}.").format(name=name), ctx)
    # Nothing else is raised for these commands; should it be, the frame
    # is still the player's and the reason click's.
    return ParseError(error.format_message, ctx)


@contextmanager
def _in_players_words(ctx: click.Context) -> Iterator[None]:
    try:
        yield
    except click.UsageError as error:
        raise translated(error, ctx) from None


def _extra_arguments(ctx: click.Context, extra: list[str]) -> ParseError:
    return ParseError(
        lambda: ngettext(
            "Unexpected extra argument: {args}", "Unexpected extra arguments: {args}", len(extra)
        ).format(args=" ".join(extra)),
        ctx,
    )


class Command(HelpCommand):
    """A command whose help and parse errors speak the player's language."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if not args and self.no_args_is_help and not ctx.resilient_parsing:
            return super().parse_args(ctx, args)  # click shows the help
        # Extra arguments are counted here, so that their error is ours.
        allowed = ctx.allow_extra_args
        ctx.allow_extra_args = True
        try:
            with _in_players_words(ctx):
                rest = super().parse_args(ctx, args)
        finally:
            ctx.allow_extra_args = allowed
        if rest and not allowed and not ctx.resilient_parsing:
            raise _extra_arguments(ctx, rest)
        return rest


class Group(HelpGroup):
    """A group of commands whose help and parse errors speak the player's
    language; an unknown command is answered with the close matches, found
    as click finds them for an unknown option (difflib)."""

    command_class = Command
    group_class = type

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(self.commands)  # in the order they are defined, not sorted

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if not args and self.no_args_is_help and not ctx.resilient_parsing:
            return super().parse_args(ctx, args)  # click shows the help
        with _in_players_words(ctx):
            return super().parse_args(ctx, args)

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        name = args[0]
        if (
            self.get_command(ctx, name) is None
            and not ctx.resilient_parsing
            and not name.startswith("-")
        ):
            close = tuple(difflib.get_close_matches(name, self.list_commands(ctx)))
            raise ParseError(
                lambda: _did_you_mean(_("There is no command “{name}”.").format(name=name), close),
                ctx,
            )
        with _in_players_words(ctx):
            return super().resolve_command(ctx, args)


def missing_command(ctx: click.Context) -> ParseError:
    """The error of a group called without a command."""
    return ParseError(lambda: _("Name a command."), ctx)


def argument(*param_decls: str, **attrs: Any) -> Callable[[Any], Any]:
    """``click.argument`` with a help text (``HelpArgument``)."""
    return click.argument(*param_decls, cls=HelpArgument, **attrs)


class Choice(click.types.StringParamType):
    """One of ``choices``, typed in any case (``rules Durak``); refused with
    ``refusal``, a msgid naming ``{value}`` and ``{choices}``."""

    def __init__(self, name: str, choices: Iterable[str], refusal: str) -> None:
        self.name = name
        self.choices = tuple(choices)
        self.refusal = refusal

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        folded = str(value).casefold()
        if folded in self.choices:
            return folded
        choices = ", ".join(self.choices)
        raise ParameterError(
            lambda: _(self.refusal).format(value=value, choices=choices), ctx, param
        )

    def shell_complete(
        self, ctx: click.Context, param: click.Parameter, incomplete: str
    ) -> list[CompletionItem]:
        return [CompletionItem(c) for c in self.choices if c.startswith(incomplete.casefold())]


GAME = Choice("game", cardavia.GAMES, N_("there is no game “{value}”; choose one of {choices}."))
LANGUAGE = Choice(
    "language", LANGUAGES, N_("there is no language “{value}”; choose one of {choices}.")
)
LEVEL = Choice("level", LEVELS, N_("there is no level “{value}”; choose one of {choices}."))
THEME = Choice("theme", THEMES, N_("there is no theme “{value}”; choose one of {choices}."))


class WholeNumber(click.IntRange):
    """A whole number from ``min`` (to ``max``); the help notes the range
    as click does (``[1<=x<=256]``)."""

    name = "integer"

    def __init__(self, min: int, max: int | None = None) -> None:
        super().__init__(min, max)
        self.low, self.high = min, max

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        try:
            number = int(value)
        except (TypeError, ValueError):
            number = None
        low, high = self.low, self.high
        if number is not None and low <= number and (high is None or number <= high):
            return number
        if high is None:
            raise ParameterError(
                lambda: _("“{value}” is not a whole number of at least {min}.").format(
                    value=value, min=low
                ),
                ctx,
                param,
            )
        raise ParameterError(
            lambda: _("“{value}” is not a whole number from {min} to {max}.").format(
                value=value, min=low, max=high
            ),
            ctx,
            param,
        )


class FilePath(click.Path):
    """A path, as a ``Path``; with ``file_only``, a folder is refused. The
    commands check the rest (a missing or unreadable file) and say it in
    the player's words."""

    def __init__(self, file_only: bool = False) -> None:
        super().__init__(dir_okay=not file_only, path_type=Path)
        self.file_only = file_only

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Path:
        path = Path(value)
        if self.file_only and path.is_dir():
            raise ParameterError(
                lambda: _("“{path}” is a folder, not a file.").format(path=value), ctx, param
            )
        return path
