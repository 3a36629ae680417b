"""Saved games for the page: the list of the files the terminal and the
page write (``saves``), and a replay that steps through one of them with
the computer's view of every move (``replay``)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..play.opponent import move_seed, replay_level
from ..play.saves import GameLog, SaveError, games_dir, list_saved, load_log, rebuild
from ..words.advice import analysis_line, analysis_note, forced_text
from ..words.card_faces import CardView
from ..words.glossary import game_title
from ..words.i18n import _, ngettext
from ..words.narration import narrate
from ..words.seated_narration import narrate_seated
from ..words.table_seats import players_text
from .deal_end import deal_end_json
from .protocol import MessageError
from .table_json import table_json

# The newest files first; a player looking for a game looks at recent ones.
LISTED = 40


def saved_path(name: str) -> Path:
    """The file of a saved game named by the page (a bare file name the
    protocol has checked), inside the games folder and nowhere else."""
    folder = games_dir().resolve()
    path = (folder / name).resolve()
    if path.parent != folder or not path.is_file():
        raise MessageError("bad_file", "file", name)
    return path


def open_log(name: str) -> GameLog:
    try:
        return load_log(saved_path(name))
    except SaveError as exc:
        raise MessageError("save", "file", name, text=str(exc)) from None


def list_saves() -> list[dict[str, Any]]:
    listed = []
    for saved in list_saved(LISTED, skip_empty=True):
        entry: dict[str, Any] = {"file": saved.path.name}
        log = saved.log
        if log is None:
            entry["error"] = saved.error
        else:
            entry.update(
                {
                    "game": log.game,
                    "title": table_title(log),
                    "moves": len(log.moves),
                    "moves_text": ngettext("{n} move", "{n} moves", len(log.moves)).format(
                        n=len(log.moves)
                    ),
                    "updated": log.updated,
                    "finished": log.finished,
                    "result": saved.result,
                }
            )
        listed.append(entry)
    return listed


def table_title(log: GameLog) -> str:
    """The game's name, with its players at a table of more than two."""
    title = game_title(log.game)
    if log.players <= 2:
        return title
    return f"{title} {players_text(log.players)}"


@dataclass
class Replay:
    log: GameLog
    index: int = 0

    @property
    def total(self) -> int:
        return len(self.log.moves)

    def check(self, index: int) -> None:
        if index > self.total:
            raise MessageError("no_such_step", "index", index, last=self.total)

    @property
    def level(self) -> str:
        """The level the replay analyses at: the game's own."""
        return replay_level(self.log)

    def analysis_request(self, index: int) -> tuple[dict[str, Any], int] | None:
        """The observation of the seat that made move ``index`` (1-based),
        before it, and the seed the terminal's replay analyses it with; None
        when there is nothing to analyse (the start, a forced move)."""
        if index == 0:
            return None
        entry = self.log.moves[index - 1]
        before = rebuild(self.log, index - 1).observation(int(entry["seat"]))
        if len(before.get("legal_moves") or []) < 2:
            return None
        return before, move_seed(self.log.seed, index)

    def as_json(self, index: int, rows: list[dict[str, Any]], view: CardView) -> dict[str, Any]:
        self.index = index
        game = rebuild(self.log, index)
        obs = game.observation(0)
        events: list[str] = []
        analysis = None
        ended = None
        if index > 0:
            entry = self.log.moves[index - 1]
            seat, move = int(entry["seat"]), str(entry["move"])
            before = rebuild(self.log, index - 1)
            tell = narrate_seated if self.log.players > 2 else narrate
            events = tell(move, seat, before.observation(0), obs, view)
            if obs.get("outcome") is None:
                # A move that ended a Schnapsen deal shows that deal as it
                # ended, its last trick on the table, as the game did.
                ended = deal_end_json(before.observation(0), obs, seat, move, view)
            mover = before.observation(seat)
            if len(mover.get("legal_moves") or []) < 2:
                analysis = forced_text()
            else:
                analysis = analysis_line(rows, move, seat, mover, view) or None
        hands = (
            [[str(c) for c in game.observation(s)["hand"]] for s in range(game.players)]
            if self.log.finished
            else None
        )
        revealed = hands[1] if hands else None
        return {
            "type": "replay",
            "file": self.log.path.name if self.log.path else None,
            "heading": _("Replay of {game}: {n} moves").format(
                game=table_title(self.log), n=self.total
            ),
            "note": analysis_note(self.level, self.log.finished),
            "position": _("Move {i} of {n}").format(i=index, n=self.total),
            "index": index,
            "total": self.total,
            "events": events,
            "analysis": analysis,
            "unfinished": _("The game was not finished.")
            if index == self.total and not self.log.finished
            else None,
            "view": ended
            or table_json(
                obs, view, moves=[], hints=False, revealed=revealed, hands=hands if hands else None
            ),
        }
