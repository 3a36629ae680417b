"""The ``cardavia`` command: play, web, rules, learn, games, replay,
tournament, analyse-games, bench, config."""

from __future__ import annotations

import json
import os
import secrets
import sys
from collections.abc import Callable
from enum import Enum
from pathlib import Path
from typing import Any, TextIO, cast

import cardavia
import typer
from rich.console import Console
from rich.markdown import Markdown
from rich.text import Text

from . import __version__, opponent
from .cards_view import CardView
from .cluster import ADDRESS_HELP, RAY_HELP, describe_error, progress_bar
from .cluster import backend as backend_of
from .config import KEYS, ConfigError, load_config, parse_value, save_config
from .config import config_path as _config_path
from .i18n import LANGUAGES, _, resolve_language, set_language
from .opponent import DEFAULT_LEVEL, LEVELS
from .plain_text import AsciiStream
from .replay import ANALYSIS_LEVEL
from .saves import SaveError, load_log, new_log, rebuild, write_log
from .themes import THEMES, get_theme
from .tournament_view import PLAYER_HELP
from .web.options import DEFAULT_HOST, DEFAULT_PORT

app = typer.Typer(
    name="cardavia",
    help="Play Durak, transferable Durak (perevodnoy) and Schnapsen against the computer.",
    no_args_is_help=True,
    rich_markup_mode=None,
)
config_app = typer.Typer(help="Show or change your settings.", invoke_without_command=True)
app.add_typer(config_app, name="config")


class GameName(str, Enum):
    durak = "durak"
    perevodnoy = "perevodnoy"
    schnapsen = "schnapsen"


class Language(str, Enum):
    en = "en"
    ru = "ru"
    uk = "uk"
    el = "el"
    vi = "vi"
    ms = "ms"
    nb = "nb"
    de = "de"


class Level(str, Enum):
    easy = "easy"
    normal = "normal"
    hard = "hard"


class ThemeName(str, Enum):
    default = "default"
    high_contrast = "high-contrast"
    warm = "warm"
    cool = "cool"


assert [g.value for g in GameName] == list(cardavia.GAMES)
assert [lang.value for lang in Language] == list(LANGUAGES)
assert [level.value for level in Level] == list(LEVELS)
assert [t.value for t in ThemeName] == list(THEMES)

ASCII_HELP = "Plain ASCII: suit letters S H D C, Latin court letters, no colour."
LANG_HELP = "Language: " + ", ".join(LANGUAGES) + " (default: CARDAVIA_LANG, LANG, config)."


def _value(option: Enum | None) -> str | None:
    return None if option is None else str(option.value)


def make_console(ascii_only: bool = False) -> Console:
    no_color = ascii_only or bool(os.environ.get("NO_COLOR"))
    return Console(
        file=cast(TextIO, AsciiStream()) if ascii_only else None,
        no_color=no_color,
        highlight=False,
        emoji=False,
        soft_wrap=False,
    )


def make_view(game: str, ascii_only: bool, theme: str | None, console: Console) -> CardView:
    color = not ascii_only and not console.no_color and console.color_system is not None
    return CardView(game=game, ascii=ascii_only, color=color, theme=get_theme(theme))


def setup_language(option: Enum | None) -> str:
    language = resolve_language(_value(option), load_config().language)
    set_language(language)
    return language


def threads_option(what: str) -> Any:
    """``--threads``: how much runs at once, on this machine or on Ray."""
    return typer.Option(
        None,
        "--threads",
        min=1,
        max=cardavia.ai.MAX_THREADS,
        help=f"{what} (default: every core, or the Ray cluster's CPUs).",
    )


def fail(console: Console, message: str, code: int = 1) -> typer.Exit:
    console.print(Text(message, style="bold red"), soft_wrap=True)
    return typer.Exit(code)


def version_callback(value: bool) -> None:
    if value:
        typer.echo(f"cardavia-cli {__version__} (engine cardavia {cardavia.__version__})")
        raise typer.Exit()


@app.callback()
def main(
    version: bool = typer.Option(
        False, "--version", callback=version_callback, is_eager=True, help="Show the version."
    ),
) -> None:
    """Play Durak, transferable Durak (perevodnoy) and Schnapsen against the computer."""


@app.command()
def play(
    game: GameName = typer.Argument(..., help="durak, perevodnoy or schnapsen"),
    lang: Language | None = typer.Option(None, "--lang", help=LANG_HELP),
    seed: int | None = typer.Option(
        None, "--seed", min=0, max=(1 << 64) - 1, help="Deal from this seed."
    ),
    level: Level | None = typer.Option(None, "--level", help="easy, normal or hard."),
    hints: bool | None = typer.Option(None, "--hints/--no-hints", help="Show tips."),
    json_mode: bool = typer.Option(False, "--json", help="Machine mode: JSON lines."),
    resume: Path | None = typer.Option(None, "--resume", help="Continue a saved game."),
    ascii_only: bool = typer.Option(False, "--ascii", help=ASCII_HELP),
    theme: ThemeName | None = typer.Option(None, "--theme", help="Colour theme."),
) -> None:
    """Play a game against the computer (you are seat 0)."""
    from .machine import run_machine
    from .session import PlaySession, Settings

    config = load_config()
    game_id = str(game.value)
    if json_mode:
        set_language("en")  # machine output is never localized
    else:
        setup_language(lang)
    console = make_console(ascii_only)
    chosen_level = _value(level)
    if resume is not None:
        try:
            log = load_log(resume)
        except SaveError as exc:
            if json_mode:
                typer.echo(json.dumps({"error": str(exc)}, ensure_ascii=False))
                raise typer.Exit(1) from None
            raise fail(console, str(exc)) from None
        if log.game != game_id:
            raise fail(
                console,
                _("{path} holds a game of {game}, not {wanted}.").format(
                    path=resume, game=log.game, wanted=game_id
                ),
            )
        if log.finished:
            raise fail(
                console,
                _("That game is already over. Watch it with: cardavia replay {path}").format(
                    path=resume
                ),
            )
        engine_game = rebuild(log)
        chosen_level = chosen_level or log.levels.get("1") or config.level
        log.levels["1"] = chosen_level
    else:
        chosen_level = chosen_level or config.level or DEFAULT_LEVEL
        log = new_log(game_id, chosen_level, seed)
        engine_game = log.new_game()
    write_log(log)
    if json_mode:
        run_machine(engine_game, log, opponent.for_level(chosen_level), sys.stdin, sys.stdout)
        return
    view = make_view(game_id, ascii_only, _value(theme) or config.theme, console)
    settings = Settings(hints=config.hints if hints is None else hints, view=view)
    if resume is not None:
        console.print(_("Resuming {path}").format(path=resume), highlight=False)
    session = PlaySession(
        engine_game, log, opponent.for_level(chosen_level), settings, console, console.input
    )
    finished = session.run()
    if not finished:
        raise typer.Exit(0)


@app.command()
def web(
    port: int = typer.Option(
        DEFAULT_PORT, "--port", min=0, max=65535, help="Port to listen on (0: any free port)."
    ),
    host: str = typer.Option(
        DEFAULT_HOST, "--host", help="Address to listen on (default: this computer only)."
    ),
    no_browser: bool = typer.Option(
        False, "--no-browser", help="Only print the address; do not open a browser."
    ),
    lang: Language | None = typer.Option(None, "--lang", help=LANG_HELP),
    level: Level | None = typer.Option(None, "--level", help="easy, normal or hard."),
) -> None:
    """Play in the browser: a card table served on this computer until Ctrl-C."""
    from .web.launch import listen, serve

    language = setup_language(lang)
    console = make_console()
    try:
        sock = listen(host, port)
    except OSError as exc:
        raise fail(
            console,
            _("Cannot listen on {host}:{port} ({error}). Choose another port with --port.").format(
                host=host, port=port, error=exc.strerror or exc
            ),
        ) from None

    def announce(url: str) -> None:
        console.print(_("The table is open at {url}").format(url=url), soft_wrap=True)
        console.print(_("Press Ctrl-C to stop."))

    try:
        serve(
            sock,
            host,
            language=language,
            level=_value(level) or load_config().level or DEFAULT_LEVEL,
            url_params={"lang": _value(lang), "level": _value(level)},
            open_browser=not no_browser,
            announce=announce,
        )
    except KeyboardInterrupt:
        pass  # uvicorn stopped on Ctrl-C, then passed the signal on
    finally:
        sock.close()
    console.print(_("The table is closed."))


@app.command()
def rules(
    game: GameName = typer.Argument(..., help="durak, perevodnoy or schnapsen"),
    lang: Language | None = typer.Option(None, "--lang", help=LANG_HELP),
) -> None:
    """Print the rules of a game."""
    from .rules_text import rules_markdown

    language = setup_language(lang)
    console = make_console()
    found = rules_markdown(str(game.value), language)
    if found is None:
        raise fail(console, _("The rules text is not available."))
    text, found_language = found
    if found_language != language:
        console.print(
            Text(_("No rules text in this language yet; showing English."), style="italic")
        )
    console.print(Markdown(text))


@app.command()
def learn(
    game: GameName = typer.Argument(..., help="durak, perevodnoy or schnapsen"),
    lang: Language | None = typer.Option(None, "--lang", help=LANG_HELP),
    ascii_only: bool = typer.Option(False, "--ascii", help=ASCII_HELP),
    theme: ThemeName | None = typer.Option(None, "--theme", help="Colour theme."),
) -> None:
    """A guided walk through the rules on real positions."""
    from .learn import run_lesson

    setup_language(lang)
    console = make_console(ascii_only)
    view = make_view(str(game.value), ascii_only, _value(theme) or load_config().theme, console)
    run_lesson(str(game.value), view, console, console.input)


@app.command()
def games(
    lang: Language | None = typer.Option(None, "--lang", help=LANG_HELP),
    json_mode: bool = typer.Option(False, "--json", help="Machine-readable list."),
) -> None:
    """The games and their decks."""
    from .catalogue import games_json, render_games

    if json_mode:
        typer.echo(json.dumps(games_json(), ensure_ascii=False))
        return
    setup_language(lang)
    console = make_console()
    console.print(render_games())


@app.command()
def replay(
    file: Path = typer.Argument(..., help="A saved game (JSON)."),
    show_all: bool = typer.Option(False, "--all", help="Print every move without waiting."),
    lang: Language | None = typer.Option(None, "--lang", help=LANG_HELP),
    level: Level = typer.Option(Level(ANALYSIS_LEVEL), "--level", help="Budget of the analysis."),
    ascii_only: bool = typer.Option(False, "--ascii", help=ASCII_HELP),
    theme: ThemeName | None = typer.Option(None, "--theme", help="Colour theme."),
) -> None:
    """Step through a saved game with the computer's view of each move."""
    from .replay import run_replay

    setup_language(lang)
    console = make_console(ascii_only)
    try:
        log = load_log(file)
    except SaveError as exc:
        raise fail(console, str(exc)) from None
    view = make_view(log.game, ascii_only, _value(theme) or load_config().theme, console)

    def read(prompt: str) -> str:
        try:
            return console.input(prompt)
        except EOFError:
            return "q"

    try:
        run_replay(
            log, opponent.for_level(str(level.value)), view, console, read, show_all=show_all
        )
    except KeyboardInterrupt:
        raise typer.Exit(130) from None


@app.command()
def tournament(
    game: GameName = typer.Argument(..., help="durak, perevodnoy or schnapsen"),
    a: str = typer.Option("normal", "--a", help="Player A: " + PLAYER_HELP),
    b: str = typer.Option("greedy", "--b", help="Player B: " + PLAYER_HELP),
    deals: int = typer.Option(20, "--deals", min=1, help="Deals, each played twice."),
    seed: int | None = typer.Option(
        None, "--seed", min=0, max=(1 << 64) - 1, help="Seed of the deals (default: random)."
    ),
    threads: int | None = threads_option("Games played at once"),
    journal: Path | None = typer.Option(
        None,
        "--journal",
        help="Record every finished game in this file; run again with it to resume "
        "(its seed is used when --seed is not given).",
    ),
    json_mode: bool = typer.Option(False, "--json", help="Print the result as JSON."),
    lang: Language | None = typer.Option(None, "--lang", help=LANG_HELP),
    ray: bool = typer.Option(False, "--ray", help=RAY_HELP),
    address: str | None = typer.Option(None, "--address", help=ADDRESS_HELP),
) -> None:
    """Duplicate-deal match between two players, with 95% intervals."""
    from cardavia.tournament_journal import journal_seed

    from .tournament_view import (
        error_message,
        playing_message,
        render_tournament,
        stopped_message,
    )

    if json_mode:
        set_language("en")
    else:
        setup_language(lang)
    console = make_console()
    chosen_seed = seed
    if chosen_seed is None and journal is not None:
        chosen_seed = journal_seed(journal)
    if chosen_seed is None:
        chosen_seed = secrets.randbelow(1 << 32)

    finished = [0]

    def play(show: Callable[[int], None] | None = None) -> dict[str, Any]:
        def progress(done: int, _total: int) -> None:
            finished[0] = max(finished[0], done)
            if show is not None:
                show(done)

        return cardavia.tournament(
            str(game.value), a, b, deals=deals, seed=chosen_seed, threads=threads,
            journal=journal, progress=progress, backend=backend_of(ray, address),
            address=address,
        )  # fmt: skip

    try:
        if json_mode or not console.is_terminal:
            result = play()
        else:
            with progress_bar(console, playing_message(2 * deals), 2 * deals) as show:
                result = play(show)
    except KeyboardInterrupt:
        message = stopped_message(finished[0], 2 * deals, None if journal is None else str(journal))
        if json_mode:
            typer.echo(json.dumps({"error": message}, ensure_ascii=False))
            raise typer.Exit(130) from None
        raise fail(console, message, 130) from None
    except (cardavia.CardaviaError, TypeError) as exc:
        if json_mode:
            typer.echo(json.dumps({"error": str(exc)}, ensure_ascii=False))
            raise typer.Exit(1) from None
        raise fail(console, error_message(describe_error(exc))) from None
    if json_mode:
        typer.echo(json.dumps(result, ensure_ascii=False))
        return
    console.print(render_tournament(result))


@app.command("analyse-games")
def analyse_games(
    files: list[Path] = typer.Argument(..., help="Saved games (JSON), as replay reads them."),
    level: Level = typer.Option(Level.normal, "--level", help="Budget of the analysis."),
    threads: int | None = threads_option("Games analysed at once"),
    out: Path | None = typer.Option(
        None, "--out", help="Write every decision and summary to this file, one JSON a line."
    ),
    json_mode: bool = typer.Option(False, "--json", help="Print the whole analysis as JSON."),
    lang: Language | None = typer.Option(None, "--lang", help=LANG_HELP),
    ray: bool = typer.Option(False, "--ray", help=RAY_HELP),
    address: str | None = typer.Option(None, "--address", help=ADDRESS_HELP),
) -> None:
    """Every decision of saved games analysed by the computer: the value of each
    legal move and of the move played, and each player's expected value lost per move."""
    from cardavia.analysis import analyse_games as analyse

    from .analyse_view import (
        analysing_message,
        load_records,
        render_analysis,
        write_decisions,
    )
    from .analyse_view import error_message as analysis_error

    if json_mode:
        set_language("en")
    else:
        setup_language(lang)
    console = make_console()
    records, unreadable = load_records(files)
    chosen_level = str(level.value)
    if out is not None and not out.parent.is_dir():
        raise fail(
            console,
            _("Cannot write {path}: {error}").format(path=out, error=_("no such folder")),
        )

    def run(show: Callable[[int], None] | None = None) -> list[dict[str, Any]]:
        return analyse(
            records, level=chosen_level, threads=threads, backend=backend_of(ray, address),
            address=address, progress=None if show is None else lambda done, _n: show(done),
        )  # fmt: skip

    try:
        if json_mode or not console.is_terminal or not records:
            results = run()
        else:
            with progress_bar(console, analysing_message(len(records)), len(records)) as show:
                results = run(show)
    except KeyboardInterrupt:
        raise fail(console, _("Stopped: the analysis was interrupted."), 130) from None
    except (cardavia.CardaviaError, TypeError) as exc:
        if json_mode:
            typer.echo(json.dumps({"error": str(exc)}, ensure_ascii=False))
            raise typer.Exit(1) from None
        raise fail(console, analysis_error(describe_error(exc))) from None
    if out is not None:
        try:
            write_decisions(out, results)
        except OSError as exc:
            message = _("Cannot write {path}: {error}").format(path=out, error=exc)
            if json_mode:
                typer.echo(json.dumps({"error": message}, ensure_ascii=False))
                raise typer.Exit(1) from None
            raise fail(console, message) from None
    errors = [{"file": str(path), "error": message} for path, message in unreadable]
    if json_mode:
        typer.echo(
            json.dumps(
                {"level": chosen_level, "games": results, "errors": errors}, ensure_ascii=False
            )
        )
    else:
        if results:
            console.print(render_analysis(results, chosen_level))
        if out is not None:
            console.print(_("Every decision is written to {path}").format(path=out))
        for entry in errors:
            console.print(Text(entry["error"], style="bold red"), soft_wrap=True)
    if unreadable:
        raise typer.Exit(1)


@app.command()
def bench(
    quick: bool = typer.Option(False, "--quick", help="Small budgets: a few seconds."),
    json_mode: bool = typer.Option(False, "--json", help="Print the measurements as JSON."),
    lang: Language | None = typer.Option(None, "--lang", help=LANG_HELP),
) -> None:
    """How fast the engine and the computer player run on this machine."""
    from .bench import measuring_message, render_bench
    from .measure import run_bench

    if json_mode:
        set_language("en")
        typer.echo(json.dumps(run_bench(quick=quick), ensure_ascii=False))
        return
    setup_language(lang)
    console = make_console()
    if console.is_terminal:
        with console.status(measuring_message(cardavia.GAMES[0])) as status:
            result = run_bench(
                quick=quick, progress=lambda game: status.update(measuring_message(game))
            )
    else:
        result = run_bench(quick=quick)
    console.print(render_bench(result))


@config_app.callback()
def config_show(ctx: typer.Context) -> None:
    """Show the settings (language, theme, level, hints)."""
    if ctx.invoked_subcommand is not None:
        return
    setup_language(None)
    config = load_config()
    console = make_console()
    console.print(_("Settings in {path}:").format(path=_config_path()), highlight=False)
    shown = config.as_dict()
    for key in KEYS:
        value = shown[key]
        if key == "hints":
            value = "on" if value else "off"
        console.print(f"  {key} = {value if value is not None else '-'}", highlight=False)


@config_app.command("set")
def config_set(
    key: str = typer.Argument(..., help="language, theme, level or hints"),
    value: str = typer.Argument(..., help="The new value."),
) -> None:
    """Change one setting."""
    setup_language(None)
    console = make_console()
    config = load_config()
    try:
        setattr(config, key, parse_value(key, value))
    except ConfigError as exc:
        raise fail(console, str(exc)) from None
    path = save_config(config)
    set_language(resolve_language(None, config.language))
    console.print(_("Saved {key} = {value} in {path}").format(key=key, value=value, path=path))


@config_app.command("path")
def config_path_command() -> None:
    """Print where the settings are stored."""
    typer.echo(str(_config_path()))
