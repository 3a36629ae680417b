"""``cardavia saves``: the saved games, newest first, with their game, date
and state, and how to go on with them."""

from __future__ import annotations

from datetime import datetime

from rich.console import Group, RenderableType
from rich.text import Text

from ..play.saves import SavedGame, games_dir
from ..words.glossary import game_title
from ..words.i18n import _, ngettext
from ..words.table_seats import players_text


def when(stamp: str) -> str:
    """An ISO time of a log as the local date and time, to the minute."""
    try:
        moment = datetime.fromisoformat(stamp)
    except ValueError:
        return stamp
    return moment.astimezone().strftime("%Y-%m-%d %H:%M")


def state_text(entry: SavedGame) -> str:
    log = entry.log
    if log is None:
        return ""
    if not log.finished:
        n = len(log.moves)
        return ngettext("unfinished, {n} move played", "unfinished, {n} moves played", n).format(
            n=n
        )
    return {
        "win": _("you won"),
        "loss": _("you lost"),
        "draw": _("a draw"),
    }.get(entry.result or "", _("finished"))


def render_saves(saved: list[SavedGame]) -> RenderableType:
    if not saved:
        return Text(_("No saved games yet (in {path}).").format(path=games_dir()))
    lines: list[Text] = [Text(_("Saved games in {path}:").format(path=games_dir()))]
    for entry in saved:
        if entry.log is None:
            lines.append(Text(f"  {entry.path.name}: {entry.error}", style="red"))
            continue
        log = entry.log
        title = game_title(log.game)
        if log.players > 2:
            title += " " + players_text(log.players)
        lines.append(Text(f"  {when(log.updated)}  {title} · {state_text(entry)}"))
        lines.append(Text(f"    {entry.path.name}", style="dim"))
    if any(entry.log is not None and not entry.log.finished for entry in saved):
        lines.append(Text(_("Continue the latest unfinished game with: cardavia play --resume")))
    lines.append(Text(_("Watch a game again with: cardavia replay FILE")))
    lines.append(Text(_("Delete one with: cardavia saves --delete FILE")))
    return Group(*lines)
