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
                    "title": game_title(log.game),
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
        if index > 0:
            entry = self.log.moves[index - 1]
            seat, move = int(entry["seat"]), str(entry["move"])
            before = rebuild(self.log, index - 1)
            events = narrate(move, seat, before.observation(0), obs, view)
            mover = before.observation(seat)
            if len(mover.get("legal_moves") or []) < 2:
                analysis = forced_text()
            else:
                analysis = analysis_line(rows, move, seat, mover, view) or None
        revealed = [str(c) for c in game.observation(1)["hand"]] if self.log.finished else None
        return {
            "type": "replay",
            "file": self.log.path.name if self.log.path else None,
            "heading": _("Replay of {game}: {n} moves").format(
                game=game_title(self.log.game), n=self.total
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
            "view": table_json(obs, view, moves=[], hints=False, revealed=revealed),
        }
