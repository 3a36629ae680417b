"""One player's table: the messages of one WebSocket, in order, and the
game, lesson or replay they act on. Every request is checked before it
changes anything; a refused one is answered with an error and changes
nothing. The computer's moves are sent one message each, as they are made."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cardavia

from ..play import opponent
from ..play.game_lock import GameLock, OpenElsewhere, TakenOver
from ..play.lessons import lesson_words
from ..play.logged_game import LoggedGame, open_saved
from ..play.opponent import LEVELS
from ..play.record_file import RecordError, load_record, tallied_lines
from ..play.saves import GameLog, SaveError, delete_saved, new_log, rebuild
from ..words.advice import advice_rows, chance_text, chances_heading, suggestion_text
from ..words.card_faces import CardView
from ..words.glossary import level_name
from ..words.i18n import LANGUAGES, _, speaking
from ..words.moves_input import normalize
from ..words.narration import move_label
from ..words.open_elsewhere import taken_over_text
from ..words.seats import HUMAN
from ..words.summaries import deal_heading, deal_lines, end_summary, game_heading, saved_line
from ..words.table_help import help_text, played_cards_text
from .deal_end import deal_end_json
from .lesson import Lesson
from .options import WebOptions
from .page_text import LANGUAGE_NAMES, page_strings
from .protocol import PLAYERS, TABLE_GAMES, Message, MessageError, parse_message
from .record_json import rating_json, stats_error_json, stats_json
from .replays import Replay, list_saves, open_log, saved_path
from .rules_html import rules_json
from .table_json import last_json, table_json
from .workers import on_disk, save, search

Send = Callable[[dict[str, Any]], Awaitable[None]]


class GameLeft(Exception):
    """The game was taken over elsewhere; the page has been told."""


@dataclass
class Launch:
    """What every table of one ``cardavia web`` shares: the new games saved
    since it started, bounded for all its pages together (a page that
    reconnects does not start counting again)."""

    saved_games: int = 0


def _open_and_rebuild(path: Path, take_over: bool) -> tuple[GameLog, GameLock, cardavia.Game]:
    log, lock = open_saved(path, "web", take_over=take_over)
    try:
        return log, lock, rebuild(log)
    except BaseException:
        lock.release()
        raise


def _let_go(opening: asyncio.Future[tuple[GameLog, GameLock, cardavia.Game]]) -> None:
    if not opening.cancelled() and opening.exception() is None:
        opening.result()[1].release()


async def open_rebuilt(path: Path, take_over: bool) -> tuple[GameLog, GameLock, cardavia.Game]:
    """A saved game locked for this table and rebuilt, in a file thread. A
    page that leaves meanwhile cancels the wait, not the opening: the lock
    it takes is let go once it is taken, never left held by nobody."""
    opening = asyncio.ensure_future(on_disk(_open_and_rebuild, path, take_over))
    try:
        return await asyncio.shield(opening)
    except asyncio.CancelledError:
        opening.add_done_callback(_let_go)
        raise


def card_view(game: str) -> CardView:
    # The page colours suits itself (and forced colours may strip them).
    return CardView(game=game, ascii=False, color=False)


class Connection:
    def __init__(self, send: Send, options: WebOptions, launch: Launch | None = None) -> None:
        self.send = send
        self.options = options
        self.launch = launch or Launch()
        self.language = options.language
        self.level = options.level
        self.mode: str | None = None
        self.playing: LoggedGame | None = None
        self.lesson: Lesson | None = None
        self.replay: Replay | None = None
        self.replay_rows: list[dict[str, Any]] = []

    # ---------------------------------------------------------- framing

    async def open(self) -> None:
        await self.send(
            {
                "type": "welcome",
                "languages": [[code, LANGUAGE_NAMES[code]] for code in LANGUAGES],
                "levels": list(LEVELS),
                "games": list(cardavia.GAMES),
                # The seats a Durak table may have, and the games that have them.
                "players": list(PLAYERS),
                "table_games": list(TABLE_GAMES),
                "language": self.language,
                "level": self.level,
                # The table a page that has chosen none yet is laid for.
                "default_players": self.options.players,
            }
        )

    async def receive(self, raw: str | bytes) -> None:
        """Handle one message; a refused one is answered with an error."""
        with speaking(self.language):
            try:
                message = parse_message(raw, self.options.limits)
                await self.dispatch(message)
            except MessageError as error:
                await self.send(error.as_json())
            except GameLeft:
                pass

    def close(self) -> None:
        """The page went away: its game may be opened elsewhere now."""
        self.leave_game()

    async def dispatch(self, message: Message) -> None:
        handlers: dict[str, Callable[[Message], Awaitable[None]]] = {
            "settings": self.on_settings,
            "new": self.on_new,
            "move": self.on_move,
            "text": self.on_text,
            "hint": self.on_hint,
            "rules": self.on_rules,
            "learn": self.on_learn,
            "next": self.on_next,
            "saves": self.on_saves,
            "resume": self.on_resume,
            "replay": self.on_replay,
            "step": self.on_step,
            "stats": self.on_stats,
            "delete": self.on_delete,
        }
        await handlers[message.type](message)

    # --------------------------------------------------------- settings

    async def on_settings(self, message: Message) -> None:
        self.level = message.get("level") or self.level
        self.language = message.get("lang") or self.language
        if self.playing is not None:
            self.playing.log.lang = self.language
        with speaking(self.language):
            await self.send({"type": "strings", "lang": self.language, "strings": page_strings()})
            await self.show_mode()

    async def show_mode(self) -> None:
        """The current game, lesson or replay again, in the current language."""
        if self.mode == "play" and self.playing is not None:
            await self.send(self.state_json([]))
        elif self.mode == "learn" and self.lesson is not None:
            await self.send(self.lesson.as_json(card_view(self.lesson.game)))
        elif self.mode == "replay" and self.replay is not None:
            view = card_view(self.replay.log.game)
            await self.send(self.replay.as_json(self.replay.index, self.replay_rows, view))

    # ----------------------------------------------------------- a game

    def check_new_games(self) -> None:
        limit = self.options.limits.games_per_launch
        if self.launch.saved_games >= limit:
            raise MessageError("too_many_games", limit=limit)

    def leave_game(self) -> None:
        """Let go of the game on the table (a new one, a lesson, a replay,
        the page gone): another tab or terminal may open it now."""
        if self.playing is not None:
            self.playing.close()
            self.playing = None
        if self.mode == "play":
            self.mode = None

    async def on_new(self, message: Message) -> None:
        self.check_new_games()
        level = message.get("level") or self.level
        # The page says how many sit at a Durak table (protocol checked it).
        log = new_log(message.get("game"), level, players=message.get("players") or 2)
        # Not saved yet: a game is saved from its first move, so a click
        # that deals and leaves writes no file.
        played = LoggedGame(log.new_game(), log, opponent.for_level(level), where="web")
        self.leave_game()
        await self.start_playing(played)

    async def on_resume(self, message: Message) -> None:
        name = message.get("file")
        path = saved_path(name)
        here = self.playing.log.path if self.playing is not None else None
        if self.playing is not None and here is not None and here.resolve() == path:
            # This very table has it (a second resume): nothing to lock.
            await self.start_playing(self.playing)
            return
        take_over = bool(message.get("take_over"))
        try:
            log, lock, game = await open_rebuilt(path, take_over)
        except SaveError as exc:
            raise MessageError("save", "file", name, text=str(exc)) from None
        except OpenElsewhere as exc:
            await self.send(
                {
                    "type": "open_elsewhere",
                    "file": name,
                    "text": exc.text(),
                    "take_over": _("Take it over"),
                    "cancel": _("Leave it there"),
                }
            )
            return
        if log.finished:
            lock.release()
            raise MessageError("finished", "file", name)
        level = log.levels.get("1") or self.level
        if level not in LEVELS:
            level = self.level
        played = LoggedGame(game, log, opponent.for_level(level), where="web", lock=lock)
        self.leave_game()
        await self.start_playing(played)

    async def save_game(self, played: LoggedGame) -> None:
        """Save after a move; a game taken over elsewhere leaves the table,
        and the page is told so instead of the move's answer."""
        new_file = played.log.path is None and bool(played.log.moves)
        try:
            await save(played)
        except TakenOver:
            self.leave_game()
            file = played.log.path.name if played.log.path else None
            await self.send({"type": "taken_over", "file": file, "text": taken_over_text()})
            raise GameLeft from None
        if new_file:
            self.launch.saved_games += 1

    async def start_playing(self, played: LoggedGame) -> None:
        self.mode, self.playing = "play", played
        await self.send(self.state_json([]))
        await self.computer_turns()

    def state_json(
        self,
        events: list[str],
        last: tuple[int, str] | None = None,
        before: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """The table after a move (``last``, made from seat 0's observation
        ``before``), with the summary of a deal it ended and that deal's
        table as it ended; once the game is over, the computer's hand and
        how it ended."""
        played = self.current_game()
        obs = played.game.observation(HUMAN)
        view = card_view(played.game.game)
        summary = None
        revealed = None
        hands = None
        if played.game.is_over:
            revealed = played.computer_hand()
            lines: list[str]
            if played.log.players > 2:
                # The seats show every hand and the durak; the result is the
                # outcome's own sentence, so lines would only repeat it.
                hands = played.hands()
                heading, lines = game_heading(), []
            else:
                heading, lines = end_summary(obs, revealed, view)
            lines = [*lines, *tallied_lines(played.tallied)]
            summary = {"heading": heading, "lines": lines, "final": True}
            summary["rating"] = rating_json(played.tallied)
        elif last is not None and played.last_deal is not None:
            deal = played.last_deal
            summary = {
                "heading": deal_heading(deal),
                "lines": deal_lines(deal, view),
                "final": False,
                "next": _("Next deal"),
                "table": deal_end_json(before, obs, *last, view) if before is not None else None,
            }
        level = played.log.levels.get("1")
        return {
            "type": "state",
            "file": played.log.path.name if played.log.path else None,
            "level": level,
            "level_text": _("Level: {level}").format(level=level_name(level)) if level else None,
            "events": events,
            "last": last_json(*last) if last else None,
            "moves_played": len(played.log.moves),
            "summary": summary,
            "view": table_json(
                obs, view, revealed=revealed, hands=hands, out_after=played.out_after()
            ),
        }

    def current_game(self) -> LoggedGame:
        if self.mode != "play" or self.playing is None:
            raise MessageError("no_game")
        return self.playing

    def human_turn(self) -> LoggedGame:
        played = self.current_game()
        if played.game.is_over:
            raise MessageError("game_over")
        if played.game.current_player != HUMAN:
            raise MessageError("not_your_turn")
        return played

    async def play_human(self, move: str) -> None:
        played = self.human_turn()
        if move not in played.game.legal_moves():
            raise MessageError("illegal_move", "move", move)
        before = played.game.observation(HUMAN)
        events = played.play(HUMAN, move, card_view(played.game.game))
        await self.save_game(played)
        await self.send(self.state_json(events, (HUMAN, move), before))
        await self.computer_turns()

    async def computer_turns(self) -> None:
        """Each computer seat's move, one message each; at a bigger table a
        run of seats that can only pass is one message, told in one line."""
        played = self.current_game()
        view = card_view(played.game.game)
        while played.computer_to_move():
            seat = played.computer_seat()
            before = played.game.observation(HUMAN)
            passes = await self.forced_passes(played, view)
            if passes:
                await self.send(self.state_json(passes, (seat, "stop"), before))
                continue
            obs, seed = played.computer_request()
            move = await search(played.opponent.choose, obs, seed)
            events = played.play(seat, move, view)
            await self.save_game(played)
            await self.send(self.state_json(events, (seat, move), before))

    async def forced_passes(self, played: LoggedGame, view: CardView) -> list[str]:
        """``LoggedGame.forced_passes`` (which saves) in a file thread; a
        game taken over meanwhile leaves the table, as after any save."""
        try:
            return await on_disk(played.forced_passes, view)
        except TakenOver:
            self.leave_game()
            file = played.log.path.name if played.log.path else None
            await self.send({"type": "taken_over", "file": file, "text": taken_over_text()})
            raise GameLeft from None

    async def on_move(self, message: Message) -> None:
        if self.mode == "learn":
            await self.answer_lesson(message.get("move"))
            return
        await self.play_human(message.get("move"))

    async def on_text(self, message: Message) -> None:
        text = message.get("text")
        if self.mode == "learn":
            await self.answer_lesson(text)
            return
        played = self.current_game()
        view = card_view(played.game.game)
        obs = played.game.observation(HUMAN)
        parsed = played.parse(text, view)
        if parsed.kind == "command":
            await self.command(str(parsed.command), played)
            return
        if parsed.kind == "invalid":
            raise MessageError("not_understood", "text", text, text=parsed.message)
        self.human_turn()
        if parsed.kind == "choose":
            options = [{"move": m, "label": move_label(m, obs, view)} for m in parsed.options]
            heading = _("That could mean several moves:")
            await self.send({"type": "choose", "heading": heading, "options": options})
            return
        await self.play_human(str(parsed.move))

    async def command(self, command: str, played: LoggedGame) -> None:
        if command == "hint":
            await self.on_hint(Message("hint"))
        elif command == "rules":
            await self.send(rules_json(played.game.game))
        elif command == "help":
            await self.send({"type": "info", "text": help_text(card_view(played.game.game))})
        elif command == "quit":
            if played.log.moves:
                saved = saved_line(played.game.game, played.log.path)
            else:
                saved = _("Nothing was played, so nothing was saved.")
            await self.send({"type": "info", "text": saved})
        elif command == "discards":
            obs = played.game.observation(HUMAN)
            text = played_cards_text(obs, card_view(played.game.game))
            await self.send({"type": "info", "text": text})

    async def on_hint(self, message: Message) -> None:
        played = self.human_turn()
        obs = played.game.observation(HUMAN)
        rows = await search(played.opponent.analyse, obs, played.advice_seed())
        view = card_view(played.game.game)
        rated = advice_rows(rows, obs, view)
        # The suggestion is the search's choice (its first row); the list is
        # sorted by the chances it prints.
        best = move_label(str(rows[0]["move"]), obs, view) if rows else None
        await self.send(
            {
                "type": "hint",
                "moves_played": len(played.log.moves),
                "best": suggestion_text(best) if best else None,
                "heading": chances_heading(played.game.game, played.log.players),
                "rows": [
                    {
                        "move": move,
                        "label": label,
                        "percent": percent,
                        "text": chance_text(label, percent),
                    }
                    for move, label, percent in rated
                ],
            }
        )

    async def on_rules(self, message: Message) -> None:
        game = message.get("game")
        if game is None:
            game = self.playing.game.game if self.playing is not None else cardavia.GAMES[0]
        await self.send(rules_json(game))

    # ----------------------------------------------------------- lessons

    async def on_learn(self, message: Message) -> None:
        self.leave_game()
        # With ``players`` above two: the steps of a bigger table.
        self.lesson = Lesson.start(message.get("game"), message.get("players") or 2)
        self.mode = "learn"
        await self.send(self.lesson.as_json(card_view(self.lesson.game)))

    def current_lesson(self) -> Lesson:
        if self.mode != "learn" or self.lesson is None:
            raise MessageError("no_lesson")
        return self.lesson

    async def answer_lesson(self, text: str) -> None:
        lesson = self.current_lesson()
        skip, stop = lesson_words()
        said = normalize(text)
        if said in stop:
            self.mode = None
            await self.send({"type": "lesson_closed"})
            return
        if said in skip:
            await self.on_next(Message("next"))
            return
        lesson.answer(text, card_view(lesson.game))
        await self.send(lesson.as_json(card_view(lesson.game)))

    async def on_next(self, message: Message) -> None:
        lesson = self.current_lesson()
        lesson.next()
        await self.send(lesson.as_json(card_view(lesson.game)))

    # ------------------------------------------------------------ record

    async def on_stats(self, message: Message) -> None:
        try:
            record, recovery = await on_disk(load_record)
        except RecordError as error:
            await self.send(stats_error_json(error.kind, str(error.path), error.detail))
            return
        await self.send(stats_json(record, recovery, message.get("game")))

    # ----------------------------------------------------------- replays

    async def on_saves(self, message: Message) -> None:
        await self.send({"type": "saves", "games": await on_disk(list_saves)})

    async def on_delete(self, message: Message) -> None:
        """Delete a saved game, then the list again; one open anywhere (this
        table too) is refused: its holder would only write it again."""
        name = message.get("file")
        path = saved_path(name)
        try:
            await on_disk(delete_saved, path)
        except OpenElsewhere as exc:
            raise MessageError("open_elsewhere", "file", name, text=exc.text()) from None
        except SaveError as exc:
            raise MessageError("save", "file", name, text=str(exc)) from None
        await self.send({"type": "saves", "games": await on_disk(list_saves), "deleted": name})

    async def on_replay(self, message: Message) -> None:
        replay = Replay(await on_disk(open_log, message.get("file")))
        self.leave_game()
        self.replay = replay
        self.mode, self.replay_rows = "replay", []
        await self.send(self.replay.as_json(0, [], card_view(self.replay.log.game)))

    async def on_step(self, message: Message) -> None:
        if self.mode != "replay" or self.replay is None:
            raise MessageError("no_replay")
        replay = self.replay
        index = int(message.get("index"))
        replay.check(index)
        request = replay.analysis_request(index)
        rows: list[dict[str, Any]] = []
        if request is not None:
            analyst = opponent.for_level(replay.level)
            rows = await search(analyst.analyse, *request)
        self.replay_rows = rows
        await self.send(replay.as_json(index, rows, card_view(replay.log.game)))
