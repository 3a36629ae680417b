"""The ``cardavia`` command: play, web, rules, learn, games, replay, saves,
stats, tournament, analyse-games, bench, config."""

from __future__ import annotations

import json
import os
import secrets
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO, cast

import cardavia
import click
from cardavia.tournament import MAX_PLAYERS as TABLE_SIZES
from click.exceptions import Exit
from rich.console import Console
from rich.text import Text

from . import __version__
from .play import opponent
from .play.config import AUTO_LANGUAGE, KEYS, ConfigError, load_config, parse_value, save_config
from .play.config import config_path as _config_path
from .play.game_lock import GameLock, OpenElsewhere, TakenOver
from .play.logged_game import LoggedGame, open_saved
from .play.opponent import DEFAULT_LEVEL
from .play.saves import (
    GameLog,
    SaveError,
    find_saved,
    latest_unfinished,
    load_log,
    new_log,
    rebuild,
)
from .play.table_size import PlayersRefused, asked_seats
from .terminal.cluster import ADDRESS_HELP, RAY_HELP, progress_bar
from .terminal.cluster import backend as backend_of
from .terminal.command_line import (
    GAME,
    LANGUAGE,
    LEVEL,
    THEME,
    FilePath,
    Group,
    ParseError,
    WholeNumber,
    argument,
    missing_command,
)
from .terminal.plain_text import AsciiStream
from .web.options import DEFAULT_HOST, DEFAULT_PORT
from .words.card_faces import CardView
from .words.errors import error_text, players_refusal
from .words.i18n import N_, _, resolve_language, set_language
from .words.open_elsewhere import is_yes, take_over_prompt, taken_over_text
from .words.themes import get_theme

ASCII_HELP = N_("Plain ASCII: suit letters S H D C, Latin court letters, no colour.")
LANG_HELP = N_(
    "Language: {languages} (default: CARDAVIA_LANG, then `cardavia config set language`, "
    "then LC_ALL or LANG, then English)."
)
GAME_HELP = N_("durak, perevodnoy or schnapsen")
LEVEL_HELP = N_("easy, normal or hard.")
THEME_HELP = N_("Colour theme: {themes} (light is for a light terminal background).")
SEED = WholeNumber(0, (1 << 64) - 1)

# The options several commands share.
lang_option = click.option("--lang", type=LANGUAGE, help=LANG_HELP)
ascii_option = click.option("--ascii", "ascii_only", is_flag=True, help=ASCII_HELP)
theme_option = click.option("--theme", type=THEME, help=THEME_HELP)
ray_option = click.option("--ray", is_flag=True, help=RAY_HELP)
address_option = click.option("--address", help=ADDRESS_HELP)


def json_option(help: str) -> Callable[[Any], Any]:
    return click.option("--json", "json_mode", is_flag=True, help=help)


def threads_option(help: str) -> Callable[[Any], Any]:
    """``--threads``: how much runs at once, on this machine or on Ray."""
    return click.option("--threads", type=WholeNumber(1, cardavia.ai.MAX_THREADS), help=help)


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


def fail(console: Console, message: str, code: int = 1) -> Exit:
    console.print(Text(message, style="bold red"), soft_wrap=True)
    return Exit(code)


def table_seats(
    game: str, typed: str | None, setting: int | None, refuse: Callable[[str], Exit]
) -> int:
    """``asked_seats``, a refusal raised as ``refuse`` makes it: the one
    check of ``--players`` that play, web and learn share."""
    try:
        return asked_seats(game, typed, setting)
    except PlayersRefused as refused:
        raise refuse(players_refusal(refused.game, refused.value, refused.error)) from None


def json_error(error: str | Exception, code: int = 1) -> Exit:
    """``--json``'s error line, ``{"error": message}``, with the ``kind``,
    ``field`` and ``value`` of an engine error; the Exit to raise. Machine
    output: the commands speak English in --json mode."""
    line: dict[str, Any] = {"error": str(error)}
    if isinstance(error, cardavia.CardaviaError):
        line.update(kind=error.kind, field=error.field, value=error.value)
    click.echo(json.dumps(line, ensure_ascii=False, default=str))
    return Exit(code)


def version_callback(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    if value and not ctx.resilient_parsing:
        click.echo(f"cardavia-cli {__version__} (engine cardavia {cardavia.__version__})")
        ctx.exit()


# Every help text is an English msgid, translated when --help is written
# (localized_help: the commands are built at import, before the language
# is known); the parse errors are the player's too (command_line).
@click.group(
    "cardavia",
    cls=Group,
    help=N_("Play Durak, Transferable Durak (perevodnoy) and Schnapsen against the computer."),
    no_args_is_help=True,
    invoke_without_command=True,
    context_settings={"show_default": True},
)
@click.option(
    "--version",
    is_flag=True,
    callback=version_callback,
    expose_value=False,
    is_eager=True,
    help=N_("Show the version."),
)
@click.pass_context
def app(ctx: click.Context) -> None:
    if ctx.invoked_subcommand is None:
        raise missing_command(ctx)


@app.command(help=N_("Play a game against the computer."))
@argument(
    "names",
    nargs=-1,
    metavar="GAME [FILE]",
    help=N_(
        "durak, perevodnoy or schnapsen; with --resume, a saved game's file (default: "
        "the latest unfinished game, of GAME if named)."
    ),
)
@lang_option
@click.option("--seed", type=SEED, help=N_("Deal from this seed."))
@click.option("--level", type=LEVEL, help=LEVEL_HELP)
@click.option(
    "--players",
    metavar="N",
    help=N_("How many sit at a Durak table, you included (default: the players setting, else 2)."),
)
@click.option("--hints/--no-hints", default=None, help=N_("Show tips."))
@json_option(N_("Machine mode: JSON lines."))
@click.option(
    "--save",
    is_flag=True,
    help=N_("With --json: save the game as the table does (it does not otherwise)."),
)
@click.option(
    "--resume",
    is_flag=True,
    help=N_("Continue a saved game: FILE, or the latest unfinished one."),
)
@click.option(
    "--take-over",
    is_flag=True,
    help=N_(
        "With --resume: continue the game even if it is open elsewhere (no longer saved there)."
    ),
)
@ascii_option
@theme_option
@click.pass_context
def play(
    ctx: click.Context,
    names: tuple[str, ...],
    lang: str | None,
    seed: int | None,
    level: str | None,
    players: str | None,
    hints: bool | None,
    json_mode: bool,
    save: bool,
    resume: bool,
    take_over: bool,
    ascii_only: bool,
    theme: str | None,
) -> None:
    from .terminal.machine import run_machine
    from .terminal.session import PlaySession, Settings

    config = load_config()
    if json_mode:
        set_language("en")  # machine output is never localized
    else:
        setup_language(lang)
    console = make_console(ascii_only)

    def refuse(message: str) -> Exit:
        return json_error(message) if json_mode else fail(console, message)

    try:
        game_id, path = play_arguments(list(names), resume)
    except ValueError as exc:
        if json_mode:
            raise json_error(exc, 2) from None
        message = str(exc)  # in the language of the line, as the frame around it
        raise ParseError(lambda: message, ctx) from None
    chosen_level = level
    lock: GameLock | None = None
    if resume:
        if path is None:
            path = latest_unfinished(game_id)
            if path is None:
                raise refuse(_("There is no unfinished game to continue."))
        path = find_saved(path)
        try:
            log, lock = open_resumed(path, console, json_mode, take_over, lang)
        except SaveError as exc:
            raise refuse(str(exc)) from None
        except OpenElsewhere as exc:
            hint = _("Take it over with: cardavia play --resume {path} --take-over").format(
                path=path
            )
            # The terminal has told the player already, at the prompt.
            raise refuse(f"{exc.text()} {hint}" if json_mode else hint) from None
        if game_id is not None and log.game != game_id:
            lock.release()
            raise refuse(
                _("{path} holds a game of {game}, not {wanted}.").format(
                    path=path, game=log.game, wanted=game_id
                )
            )
        if log.finished:
            lock.release()
            raise refuse(
                _("That game is already over. Watch it with: cardavia replay {path}").format(
                    path=path
                )
            )
        game_id = log.game
        engine_game = rebuild(log)
        chosen_level = chosen_level or log.levels.get("1") or config.level
        for seat in range(1, log.players):
            log.levels[str(seat)] = chosen_level
    else:
        assert game_id is not None
        chosen_level = chosen_level or config.level or DEFAULT_LEVEL
        seats = table_seats(game_id, players, config.players, refuse)
        log = new_log(game_id, chosen_level, seed, seats)
        engine_game = log.new_game()
    played = LoggedGame(engine_game, log, opponent.for_level(chosen_level), lock=lock)
    if json_mode:
        # Machine mode speaks English to programs: not the game's language.
        log.lang = played.played_in
        try:
            run_machine(played, sys.stdin, sys.stdout, save=save)
        except TakenOver:
            raise json_error(taken_over_text()) from None
        finally:
            played.close()
        return
    view = make_view(game_id, ascii_only, theme or config.theme, console)
    settings = Settings(hints=config.hints if hints is None else hints, view=view)
    if resume:
        console.print(_("Resuming {path}").format(path=path), highlight=False)
    session = PlaySession(played, settings, console, console.input)
    finished = session.run()
    if not finished:
        raise Exit(1 if session.taken_over else 0)


def open_resumed(
    path: Path, console: Console, json_mode: bool, take_over: bool, lang: str | None
) -> tuple[GameLog, GameLock]:
    """A saved game to resume, locked for this terminal: taken over if asked
    (``--take-over``, or yes at the prompt when it is open elsewhere), and
    spoken in the language it was played in unless ``--lang`` says another."""
    # The game's language first: what follows (the prompt too) speaks it.
    played_in = load_log(path).lang
    if lang is None and played_in is not None and not json_mode:
        set_language(played_in)
    try:
        log, lock = open_saved(path, "terminal", take_over=take_over)
    except OpenElsewhere as exc:
        if json_mode:
            raise
        console.print(Text(exc.text(), style="bold"), soft_wrap=True)
        try:
            answer = console.input(take_over_prompt() + " > ")
        except (EOFError, KeyboardInterrupt):
            answer = ""
        if not is_yes(answer):
            raise
        log, lock = open_saved(path, "terminal", take_over=True)
    return log, lock


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


@app.command(help=N_("Play in the browser: a card table served on this computer until Ctrl-C."))
@click.option(
    "--port",
    type=WholeNumber(0, 65535),
    default=DEFAULT_PORT,
    help=N_("Port to listen on (0: any free port)."),
)
@click.option(
    "--host", default=DEFAULT_HOST, help=N_("Address to listen on (default: this computer only).")
)
@click.option(
    "--no-browser", is_flag=True, help=N_("Only print the address; do not open a browser.")
)
@lang_option
@click.option("--level", type=LEVEL, help=LEVEL_HELP)
@click.option(
    "--players",
    metavar="N",
    help=N_(
        "How many sit at a Durak table on the page, you included (default: the page's "
        "last choice, else the players setting, else 2)."
    ),
)
def web(
    port: int, host: str, no_browser: bool, lang: str | None, level: str | None, players: str | None
) -> None:
    from .web.launch import listen, serve

    language = setup_language(lang)
    console = make_console()
    config = load_config()
    # The page seats more than two at the Durak games only, which seat the
    # same numbers; checked as ``play durak --players`` before any port opens.
    seats = table_seats("durak", players, config.players, lambda text: fail(console, text))
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
            level=level or config.level or DEFAULT_LEVEL,
            players=seats,
            url_params={
                "lang": lang,
                "level": level,
                "players": None if players is None else str(seats),
            },
            open_browser=not no_browser,
            announce=announce,
        )
    except KeyboardInterrupt:
        pass  # uvicorn stopped on Ctrl-C, then passed the signal on
    finally:
        sock.close()
    console.print(_("The table is closed."))


@app.command(help=N_("Print the rules of a game."))
@argument("game", type=GAME, metavar="GAME", help=GAME_HELP)
@lang_option
def rules(game: str, lang: str | None) -> None:
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


@app.command(help=N_("A guided walk through the rules on real positions."))
@argument("game", type=GAME, metavar="GAME", help=GAME_HELP)
@lang_option
@click.option(
    "--players",
    metavar="N",
    help=N_("With 3 or more: the steps of a bigger Durak table (throwing in, transferring)."),
)
@ascii_option
@theme_option
def learn(
    game: str, lang: str | None, players: str | None, ascii_only: bool, theme: str | None
) -> None:
    from .terminal.learn import run_lesson

    setup_language(lang)
    console = make_console(ascii_only)
    seats = table_seats(game, players, None, lambda text: fail(console, text))
    view = make_view(game, ascii_only, theme or load_config().theme, console)
    run_lesson(game, view, console, console.input, seats)


@app.command(help=N_("The games and their decks."))
@lang_option
@json_option(N_("Machine-readable list."))
def games(lang: str | None, json_mode: bool) -> None:
    from .terminal.catalogue import games_json, render_games

    if json_mode:
        click.echo(json.dumps(games_json(), ensure_ascii=False))
        return
    setup_language(lang)
    console = make_console()
    console.print(render_games())


@app.command(help=N_("Step through a saved game with the computer's view of each move."))
@argument(
    "file",
    type=FilePath(),
    help=N_("A saved game: its file, or its name as `cardavia saves` lists it."),
)
@click.option("--all", "show_all", is_flag=True, help=N_("Print every move without waiting."))
@lang_option
@click.option(
    "--level",
    type=LEVEL,
    help=N_("Budget of the analysis (default: the level the game was played at)."),
)
@ascii_option
@theme_option
def replay(
    file: Path,
    show_all: bool,
    lang: str | None,
    level: str | None,
    ascii_only: bool,
    theme: str | None,
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
        raise Exit(130) from None


@app.command(help=N_("The saved games, newest first: game, date and state."))
@lang_option
@json_option(N_("Machine-readable list."))
@click.option(
    "--delete",
    "delete",
    type=FilePath(),
    metavar="FILE",
    help=N_("Delete this saved game: its file, or its name as `cardavia saves` lists it."),
)
def saves(lang: str | None, json_mode: bool, delete: Path | None) -> None:
    from .play.saves import list_saved, saved_json
    from .terminal.saves_view import render_saves

    if delete is not None:
        delete_saved_game(delete, lang, json_mode)
        return
    saved = list_saved()
    if json_mode:
        click.echo(json.dumps([saved_json(entry) for entry in saved], ensure_ascii=False))
        return
    setup_language(lang)
    console = make_console()
    console.print(render_saves(saved))


def delete_saved_game(file: Path, lang: str | None, json_mode: bool) -> None:
    """``cardavia saves --delete FILE``: one saved game gone, or why not."""
    from .play.saves import delete_saved

    if json_mode:
        set_language("en")
    else:
        setup_language(lang)
    console = make_console()
    try:
        deleted = delete_saved(file)
    except SaveError as exc:
        raise (json_error(exc) if json_mode else fail(console, str(exc))) from None
    except OpenElsewhere as exc:
        message = exc.text() + " " + _("Close it there first, then delete it.")
        raise (json_error(message) if json_mode else fail(console, message)) from None
    if json_mode:
        click.echo(json.dumps({"deleted": str(deleted)}, ensure_ascii=False))
        return
    console.print(_("Deleted {name}.").format(name=deleted.name), highlight=False)


@app.command(
    help=N_(
        "Your record: games won, drawn and lost and the streaks, per game and level, "
        "and your rating against the levels."
    )
)
@click.option("--game", type=GAME, help=N_("Only this game: durak, perevodnoy or schnapsen."))
@lang_option
@json_option(N_("Print the record as JSON."))
def stats(game: str | None, lang: str | None, json_mode: bool) -> None:
    from .play.record_file import RecordError, load_record, record_path
    from .terminal.stats_view import render_stats, stats_json
    from .words.record_words import record_error_line

    if not json_mode:
        setup_language(lang)
    console = make_console()
    try:
        record, recovery = load_record()
    except RecordError as error:
        message = record_error_line(error.kind, str(error.path), error.detail)
        raise (json_error(message) if json_mode else fail(console, message)) from None
    if json_mode:
        found = stats_json(record, recovery, game, str(record_path()))
        click.echo(json.dumps(found, ensure_ascii=False))
        return
    console.print(render_stats(record, recovery, game))


@app.command(
    help=N_("A duplicate-deal match between two players, with 95-percent confidence intervals.")
)
@argument("game", type=GAME, metavar="GAME", help=GAME_HELP)
@click.option("--a", default=DEFAULT_LEVEL, help=N_("Player A: {players}"))
@click.option("--b", default="greedy", help=N_("Player B: {players}"))
@click.option("--deals", type=WholeNumber(1), default=20, help=N_("Deals, each played twice."))
@click.option(
    "--players",
    type=WholeNumber(2, max(TABLE_SIZES.values())),
    default=2,
    help=N_(
        "Seats at the table, for durak and perevodnoy: each deal is then played once "
        "with A in every seat, against copies of B."
    ),
)
@click.option("--seed", type=SEED, help=N_("Seed of the deals (default: random)."))
@threads_option(N_("Games played at once (default: every core, or the Ray cluster's CPUs)."))
@click.option(
    "--journal",
    type=FilePath(file_only=True),
    help=N_(
        "Record every finished game in this file; run again with it to resume "
        "(its seed is used when --seed is not given)."
    ),
)
@json_option(N_("Print the result as JSON."))
@lang_option
@ray_option
@address_option
def tournament(
    game: str,
    a: str,
    b: str,
    deals: int,
    players: int,
    seed: int | None,
    threads: int | None,
    journal: Path | None,
    json_mode: bool,
    lang: str | None,
    ray: bool,
    address: str | None,
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
            game, a, b, players=players, deals=deals, seed=chosen_seed, threads=threads,
            journal=journal, progress=progress, backend=backend_of(ray, address),
            address=address,
        )  # fmt: skip

    # Each deal is played once with A in every seat: twice in a duel.
    games = players * deals
    try:
        if json_mode or not console.is_terminal:
            result = play()
        else:
            with progress_bar(console, playing_message(games), games) as show:
                result = play(show)
    except KeyboardInterrupt:
        message = stopped_message(finished[0], games, None if journal is None else str(journal))
        raise (json_error(message, 130) if json_mode else fail(console, message, 130)) from None
    except (cardavia.CardaviaError, TypeError) as exc:
        if json_mode:
            raise json_error(exc) from None
        raise fail(console, error_message(error_text(exc))) from None
    if json_mode:
        click.echo(json.dumps(result, ensure_ascii=False))
        return
    console.print(render_tournament(result))


@app.command(
    "analyse-games",
    help=N_(
        "Every decision of saved games analysed by the computer: the value of each "
        "legal move and of the move played, and each player's expected value lost per move."
    ),
)
@argument(
    "files",
    nargs=-1,
    required=True,
    type=FilePath(),
    help=N_("Saved games (JSON), as replay reads them."),
)
@click.option("--level", type=LEVEL, default=DEFAULT_LEVEL, help=N_("Budget of the analysis."))
@threads_option(N_("Games analysed at once (default: every core, or the Ray cluster's CPUs)."))
@click.option(
    "--out",
    type=FilePath(file_only=True),
    help=N_("Write every decision and summary to this file, one JSON object per line."),
)
@json_option(N_("Print the whole analysis as JSON."))
@lang_option
@ray_option
@address_option
def analyse_games(
    files: tuple[Path, ...],
    level: str,
    threads: int | None,
    out: Path | None,
    json_mode: bool,
    lang: str | None,
    ray: bool,
    address: str | None,
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
    records, unreadable = load_records(list(files))
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
            raise json_error(exc) from None
        raise fail(console, analysis_error(error_text(exc))) from None
    if out is not None:
        try:
            write_decisions(out, results)
        except OSError as exc:
            message = _("Cannot write {path}: {error}").format(path=out, error=exc)
            raise (json_error(message) if json_mode else fail(console, message)) from None
    errors = [{"file": str(path), "error": message} for path, message in unreadable]
    if json_mode:
        click.echo(
            json.dumps(
                {"level": chosen_level, "games": results, "errors": errors}, ensure_ascii=False
            )
        )
    else:
        if results:
            console.print(render_analysis(results, chosen_level, records))
        if out is not None:
            console.print(_("Every decision is written to {path}").format(path=out))
        for entry in errors:
            console.print(Text(entry["error"], style="bold red"), soft_wrap=True)
    if unreadable:
        raise Exit(1)


@app.command(help=N_("How fast the engine and the computer player run on this machine."))
@click.option("--quick", is_flag=True, help=N_("Small budgets: a few seconds."))
@json_option(N_("Print the measurements as JSON."))
@lang_option
def bench(quick: bool, json_mode: bool, lang: str | None) -> None:
    from .play.measure import run_bench
    from .terminal.bench import measuring_message, render_bench

    if json_mode:
        set_language("en")
        click.echo(json.dumps(run_bench(quick=quick), ensure_ascii=False))
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


@app.group("config", help=N_("Show or change your settings."), invoke_without_command=True)
@click.pass_context
def config_app(ctx: click.Context) -> None:
    if ctx.invoked_subcommand is None:
        config_show()


def config_show() -> None:
    """Show the settings (language, theme, level, hints)."""
    setup_language(None)
    config = load_config()
    console = make_console()
    console.print(_("Settings in {path}:").format(path=_config_path()), highlight=False)
    for key in KEYS:
        value = getattr(config, key)
        if key == "hints":
            value = "on" if value else "off"
        if key == "language" and value is None:
            value = AUTO_LANGUAGE
        console.print(f"  {key} = {value}", highlight=False)


@config_app.command("set", help=N_("Change one setting."))
@argument("key", help=N_("language, theme, level, hints or players"))
@argument("value", help=N_("The new value; for language, auto follows LC_ALL or LANG."))
def config_set(key: str, value: str) -> None:
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


@config_app.command("path", help=N_("Print where the settings are stored."))
def config_path_command() -> None:
    click.echo(str(_config_path()))
