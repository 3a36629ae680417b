"""The ``cardavia`` command: play, web, rules, learn, games, replay,
tournament, analyse-games, bench, config."""

from __future__ import annotations

import json
import os
import secrets
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO, cast

import cardavia
import typer
from rich.console import Console
from rich.text import Text

from . import __version__
from .play import opponent
from .play.config import AUTO_LANGUAGE, KEYS, ConfigError, load_config, parse_value, save_config
from .play.config import config_path as _config_path
from .play.opponent import DEFAULT_LEVEL, LEVELS
from .play.saves import (
    SaveError,
    find_saved,
    latest_unfinished,
    load_log,
    new_log,
    rebuild,
    write_log,
)
from .terminal.cluster import ADDRESS_HELP, RAY_HELP, describe_error, progress_bar
from .terminal.cluster import backend as backend_of
from .terminal.localized_help import HelpCommand, HelpGroup
from .terminal.plain_text import AsciiStream
from .web.options import DEFAULT_HOST, DEFAULT_PORT
from .words.card_faces import CardView
from .words.i18n import LANGUAGES, N_, _, resolve_language, set_language
from .words.themes import THEMES, get_theme

# Every help text is an English msgid, translated when --help is written
# (localized_help: typer builds the help at import, before the language is
# known). Every command takes cls=HelpCommand.
app = typer.Typer(
    name="cardavia",
    cls=HelpGroup,
    help=N_("Play Durak, Transferable Durak (perevodnoy) and Schnapsen against the computer."),
    no_args_is_help=True,
    rich_markup_mode=None,
)
config_app = typer.Typer(
    cls=HelpGroup, help=N_("Show or change your settings."), invoke_without_command=True
)
app.add_typer(config_app, name="config")


def choice(kind: str, values: tuple[str, ...]) -> Callable[[str | None], str | None]:
    """A typer callback: one of ``values``, in any case (``rules Durak``),
    or a plain sentence naming the choices."""

    def check(value: str | None) -> str | None:
        if value is None:
            return None
        folded = value.casefold()
        if folded in values:
            return folded
        raise typer.BadParameter(
            f"there is no {kind} {value!r}; choose one of {', '.join(values)}."
        )

    return check


GAME = choice("game", tuple(cardavia.GAMES))
LANGUAGE = choice("language", LANGUAGES)
LEVEL = choice("level", tuple(LEVELS))
THEME = choice("theme", tuple(THEMES))

ASCII_HELP = N_("Plain ASCII: suit letters S H D C, Latin court letters, no colour.")
LANG_HELP = N_(
    "Language: {languages} (default: CARDAVIA_LANG, then `cardavia config set language`, "
    "then LC_ALL or LANG, then English)."
)
GAME_HELP = N_("durak, perevodnoy or schnapsen")
LEVEL_HELP = N_("easy, normal or hard.")
THEME_HELP = N_("Colour theme: {themes}.")


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


def setup_language(option: str | None) -> str:
    language = resolve_language(option, load_config().language)
    set_language(language)
    return language


def threads_option(help: str) -> Any:
    """``--threads``: how much runs at once, on this machine or on Ray."""
    return typer.Option(None, "--threads", min=1, max=cardavia.ai.MAX_THREADS, help=help)


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
        False, "--version", callback=version_callback, is_eager=True, help=N_("Show the version.")
    ),
) -> None:
    """Play Durak, Transferable Durak (perevodnoy) and Schnapsen against the computer."""


@app.command(cls=HelpCommand, help=N_("Play a game against the computer."))
def play(
    names: list[str] | None = typer.Argument(
        None,
        metavar="GAME [FILE]",
        help=N_(
            "durak, perevodnoy or schnapsen; with --resume, a saved game's file (default: "
            "the latest unfinished game, of GAME if named)."
        ),
    ),
    lang: str | None = typer.Option(None, "--lang", callback=LANGUAGE, help=LANG_HELP),
    seed: int | None = typer.Option(
        None, "--seed", min=0, max=(1 << 64) - 1, help=N_("Deal from this seed.")
    ),
    level: str | None = typer.Option(None, "--level", callback=LEVEL, help=LEVEL_HELP),
    hints: bool | None = typer.Option(None, "--hints/--no-hints", help=N_("Show tips.")),
    json_mode: bool = typer.Option(False, "--json", help=N_("Machine mode: JSON lines.")),
    save: bool = typer.Option(
        False,
        "--save",
        help=N_("With --json: save the game as the table does (it does not otherwise)."),
    ),
    resume: bool = typer.Option(
        False, "--resume", help=N_("Continue a saved game: FILE, or the latest unfinished one.")
    ),
    ascii_only: bool = typer.Option(False, "--ascii", help=ASCII_HELP),
    theme: str | None = typer.Option(None, "--theme", callback=THEME, help=THEME_HELP),
) -> None:
    from .terminal.machine import run_machine
    from .terminal.session import PlaySession, Settings

    config = load_config()
    if json_mode:
        set_language("en")  # machine output is never localized
    else:
        setup_language(lang)
    console = make_console(ascii_only)

    def refuse(message: str, code: int = 1) -> typer.Exit:
        if json_mode:
            typer.echo(json.dumps({"error": message}, ensure_ascii=False))
            return typer.Exit(code)
        return fail(console, message, code)

    try:
        game_id, path = play_arguments(names or [], resume)
    except ValueError as exc:
        raise refuse(str(exc), 2) from None
    chosen_level = level
    if resume:
        if path is None:
            path = latest_unfinished(game_id)
            if path is None:
                raise refuse(_("There is no unfinished game to continue."))
        path = find_saved(path)
        try:
            log = load_log(path)
        except SaveError as exc:
            raise refuse(str(exc)) from None
        if game_id is not None and log.game != game_id:
            raise refuse(
                _("{path} holds a game of {game}, not {wanted}.").format(
                    path=path, game=log.game, wanted=game_id
                )
            )
        if log.finished:
            raise refuse(
                _("That game is already over. Watch it with: cardavia replay {path}").format(
                    path=path
                )
            )
        game_id = log.game
        engine_game = rebuild(log)
        chosen_level = chosen_level or log.levels.get("1") or config.level
        log.levels["1"] = chosen_level
    else:
        assert game_id is not None
        chosen_level = chosen_level or config.level or DEFAULT_LEVEL
        log = new_log(game_id, chosen_level, seed)
        engine_game = log.new_game()
    if json_mode:
        run_machine(
            engine_game, log, opponent.for_level(chosen_level), sys.stdin, sys.stdout, save=save
        )
        return
    write_log(log)
    view = make_view(game_id, ascii_only, theme or config.theme, console)
    settings = Settings(hints=config.hints if hints is None else hints, view=view)
    if resume:
        console.print(_("Resuming {path}").format(path=path), highlight=False)
    session = PlaySession(
        engine_game, log, opponent.for_level(chosen_level), settings, console, console.input
    )
    finished = session.run()
    if not finished:
        raise typer.Exit(0)


def play_arguments(names: list[str], resume: bool) -> tuple[str | None, Path | None]:
    """``play``'s GAME and, with ``--resume``, FILE (in any order, each
    optional with ``--resume``); a sentence for the player when wrong."""
    game: str | None = None
    path: Path | None = None
    for name in names:
        if game is None and name.casefold() in cardavia.GAMES:
            game = name.casefold()
        elif resume and path is None:
            path = Path(name)
        elif not resume and game is None:
            raise ValueError(
                _("There is no game “{name}”; choose one of {choices}.").format(
                    name=name, choices=", ".join(cardavia.GAMES)
                )
            )
        else:
            raise ValueError(
                _("Too many names: {names}. Continue a saved game with --resume FILE.").format(
                    names=" ".join(names)
                )
            )
    if game is None and not resume:
        raise ValueError(_("Name a game: {choices}.").format(choices=", ".join(cardavia.GAMES)))
    return game, path


@app.command(
    cls=HelpCommand,
    help=N_("Play in the browser: a card table served on this computer until Ctrl-C."),
)
def web(
    port: int = typer.Option(
        DEFAULT_PORT, "--port", min=0, max=65535, help=N_("Port to listen on (0: any free port).")
    ),
    host: str = typer.Option(
        DEFAULT_HOST, "--host", help=N_("Address to listen on (default: this computer only).")
    ),
    no_browser: bool = typer.Option(
        False, "--no-browser", help=N_("Only print the address; do not open a browser.")
    ),
    lang: str | None = typer.Option(None, "--lang", callback=LANGUAGE, help=LANG_HELP),
    level: str | None = typer.Option(None, "--level", callback=LEVEL, help=LEVEL_HELP),
) -> None:
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
            level=level or load_config().level or DEFAULT_LEVEL,
            url_params={"lang": lang, "level": level},
            open_browser=not no_browser,
            announce=announce,
        )
    except KeyboardInterrupt:
        pass  # uvicorn stopped on Ctrl-C, then passed the signal on
    finally:
        sock.close()
    console.print(_("The table is closed."))


@app.command(cls=HelpCommand, help=N_("Print the rules of a game."))
def rules(
    game: str = typer.Argument(..., callback=GAME, metavar="GAME", help=GAME_HELP),
    lang: str | None = typer.Option(None, "--lang", callback=LANGUAGE, help=LANG_HELP),
) -> None:
    from .terminal.markdown import print_markdown
    from .words.rules_text import rules_markdown

    language = setup_language(lang)
    console = make_console()
    found = rules_markdown(game, language)
    if found is None:
        raise fail(console, _("The rules text is not available."))
    text, found_language = found
    if found_language != language:
        console.print(
            Text(_("No rules text in this language yet; showing English."), style="italic")
        )
    print_markdown(console, text)


@app.command(cls=HelpCommand, help=N_("A guided walk through the rules on real positions."))
def learn(
    game: str = typer.Argument(..., callback=GAME, metavar="GAME", help=GAME_HELP),
    lang: str | None = typer.Option(None, "--lang", callback=LANGUAGE, help=LANG_HELP),
    ascii_only: bool = typer.Option(False, "--ascii", help=ASCII_HELP),
    theme: str | None = typer.Option(None, "--theme", callback=THEME, help=THEME_HELP),
) -> None:
    from .terminal.learn import run_lesson

    setup_language(lang)
    console = make_console(ascii_only)
    view = make_view(game, ascii_only, theme or load_config().theme, console)
    run_lesson(game, view, console, console.input)


@app.command(cls=HelpCommand, help=N_("The games and their decks."))
def games(
    lang: str | None = typer.Option(None, "--lang", callback=LANGUAGE, help=LANG_HELP),
    json_mode: bool = typer.Option(False, "--json", help=N_("Machine-readable list.")),
) -> None:
    from .terminal.catalogue import games_json, render_games

    if json_mode:
        typer.echo(json.dumps(games_json(), ensure_ascii=False))
        return
    setup_language(lang)
    console = make_console()
    console.print(render_games())


@app.command(
    cls=HelpCommand, help=N_("Step through a saved game with the computer's view of each move.")
)
def replay(
    file: Path = typer.Argument(
        ..., help=N_("A saved game: its file, or its name as `cardavia saves` lists it.")
    ),
    show_all: bool = typer.Option(False, "--all", help=N_("Print every move without waiting.")),
    lang: str | None = typer.Option(None, "--lang", callback=LANGUAGE, help=LANG_HELP),
    level: str | None = typer.Option(
        None,
        "--level",
        callback=LEVEL,
        help=N_("Budget of the analysis (default: the level the game was played at)."),
    ),
    ascii_only: bool = typer.Option(False, "--ascii", help=ASCII_HELP),
    theme: str | None = typer.Option(None, "--theme", callback=THEME, help=THEME_HELP),
) -> None:
    from .play.opponent import replay_level
    from .terminal.replay import run_replay

    setup_language(lang)
    console = make_console(ascii_only)
    try:
        log = load_log(find_saved(file))
    except SaveError as exc:
        raise fail(console, str(exc)) from None
    view = make_view(log.game, ascii_only, theme or load_config().theme, console)

    def read(prompt: str) -> str:
        try:
            return console.input(prompt)
        except EOFError:
            return "q"

    chosen = replay_level(log, level)
    try:
        run_replay(
            log, opponent.for_level(chosen), view, console, read, show_all=show_all, level=chosen
        )
    except KeyboardInterrupt:
        raise typer.Exit(130) from None


@app.command(cls=HelpCommand, help=N_("The saved games, newest first: game, date and state."))
def saves(
    lang: str | None = typer.Option(None, "--lang", callback=LANGUAGE, help=LANG_HELP),
    json_mode: bool = typer.Option(False, "--json", help=N_("Machine-readable list.")),
) -> None:
    from .play.saves import list_saved, saved_json
    from .terminal.saves_view import render_saves

    saved = list_saved()
    if json_mode:
        typer.echo(json.dumps([saved_json(entry) for entry in saved], ensure_ascii=False))
        return
    setup_language(lang)
    console = make_console()
    console.print(render_saves(saved))


@app.command(
    cls=HelpCommand,
    help=N_("A duplicate-deal match between two players, with 95-percent confidence intervals."),
)
def tournament(
    game: str = typer.Argument(..., callback=GAME, metavar="GAME", help=GAME_HELP),
    a: str = typer.Option("normal", "--a", help=N_("Player A: {players}")),
    b: str = typer.Option("greedy", "--b", help=N_("Player B: {players}")),
    deals: int = typer.Option(20, "--deals", min=1, help=N_("Deals, each played twice.")),
    seed: int | None = typer.Option(
        None, "--seed", min=0, max=(1 << 64) - 1, help=N_("Seed of the deals (default: random).")
    ),
    threads: int | None = threads_option(
        N_("Games played at once (default: every core, or the Ray cluster's CPUs).")
    ),
    journal: Path | None = typer.Option(
        None,
        "--journal",
        help=N_(
            "Record every finished game in this file; run again with it to resume "
            "(its seed is used when --seed is not given)."
        ),
    ),
    json_mode: bool = typer.Option(False, "--json", help=N_("Print the result as JSON.")),
    lang: str | None = typer.Option(None, "--lang", callback=LANGUAGE, help=LANG_HELP),
    ray: bool = typer.Option(False, "--ray", help=RAY_HELP),
    address: str | None = typer.Option(None, "--address", help=ADDRESS_HELP),
) -> None:
    from cardavia.tournament_journal import journal_seed

    from .terminal.tournament_view import (
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
            game, a, b, deals=deals, seed=chosen_seed, threads=threads,
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


@app.command(
    "analyse-games",
    cls=HelpCommand,
    help=N_(
        "Every decision of saved games analysed by the computer: the value of each "
        "legal move and of the move played, and each player's expected value lost per move."
    ),
)
def analyse_games(
    files: list[Path] = typer.Argument(..., help=N_("Saved games (JSON), as replay reads them.")),
    level: str = typer.Option(
        "normal", "--level", callback=LEVEL, help=N_("Budget of the analysis.")
    ),
    threads: int | None = threads_option(
        N_("Games analysed at once (default: every core, or the Ray cluster's CPUs).")
    ),
    out: Path | None = typer.Option(
        None,
        "--out",
        help=N_("Write every decision and summary to this file, one JSON object per line."),
    ),
    json_mode: bool = typer.Option(False, "--json", help=N_("Print the whole analysis as JSON.")),
    lang: str | None = typer.Option(None, "--lang", callback=LANGUAGE, help=LANG_HELP),
    ray: bool = typer.Option(False, "--ray", help=RAY_HELP),
    address: str | None = typer.Option(None, "--address", help=ADDRESS_HELP),
) -> None:
    from cardavia.analysis import analyse_games as analyse

    from .terminal.analyse_view import (
        analysing_message,
        load_records,
        render_analysis,
        write_decisions,
    )
    from .terminal.analyse_view import error_message as analysis_error

    if json_mode:
        set_language("en")
    else:
        setup_language(lang)
    console = make_console()
    records, unreadable = load_records(files)
    chosen_level = level
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


@app.command(
    cls=HelpCommand, help=N_("How fast the engine and the computer player run on this machine.")
)
def bench(
    quick: bool = typer.Option(False, "--quick", help=N_("Small budgets: a few seconds.")),
    json_mode: bool = typer.Option(False, "--json", help=N_("Print the measurements as JSON.")),
    lang: str | None = typer.Option(None, "--lang", callback=LANGUAGE, help=LANG_HELP),
) -> None:
    from .play.measure import run_bench
    from .terminal.bench import measuring_message, render_bench

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
        if key == "language" and value is None:
            value = AUTO_LANGUAGE
        console.print(f"  {key} = {value}", highlight=False)


@config_app.command("set", cls=HelpCommand, help=N_("Change one setting."))
def config_set(
    key: str = typer.Argument(..., help=N_("language, theme, level or hints")),
    value: str = typer.Argument(
        ...,
        help=N_("The new value; for language, auto follows LC_ALL or LANG."),
    ),
) -> None:
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


@config_app.command("path", cls=HelpCommand, help=N_("Print where the settings are stored."))
def config_path_command() -> None:
    typer.echo(str(_config_path()))
