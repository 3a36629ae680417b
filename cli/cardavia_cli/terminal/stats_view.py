"""``cardavia stats``: the player's record, a table per game (each level
and all levels: games, won, drawn, lost, the current and the best streak of
wins) with the rating against the levels; ``--json`` for programs (never
localized)."""

from __future__ import annotations

from typing import Any

import cardavia
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..play.opponent import LEVELS
from ..play.rating import LEVEL_RATINGS, START
from ..play.record import GameRecord, Record, Tally
from ..play.record_file import Recovery
from ..words import record_words
from ..words.glossary import level_name


def _cells(tally: Tally) -> list[str]:
    counts = [str(n) for n in (tally.games, tally.wins, tally.draws, tally.losses)]
    return [*counts, record_words.streak_cell(tally.streak, tally.best_streak)]


def game_table(game: str, entry: GameRecord) -> RenderableType:
    names = record_words.column_names()
    table = Table(
        title=record_words.record_heading(game), title_justify="left", header_style="bold"
    )
    table.add_column(names["level"])
    for column in record_words.COLUMNS:
        table.add_column(names[column], justify="right")
    for level in LEVELS:
        table.add_row(level_name(level), *_cells(entry.levels.get(level, Tally())))
    table.add_row(record_words.all_levels(), *_cells(entry.total), style="bold")
    lines: list[RenderableType] = [table]
    if entry.rated:
        lines.append(Text(record_words.rating_line(entry.rating, entry.rated)))
    else:
        lines.append(Text(record_words.unrated_line(START)))
    lines.append(Text(record_words.level_ratings_line(dict(LEVEL_RATINGS[game])), style="dim"))
    if game == "schnapsen":
        lines.append(Text(record_words.matches_note(), style="dim"))
    return Group(*lines)


def render_stats(record: Record, recovery: Recovery | None, game: str | None) -> RenderableType:
    parts: list[RenderableType] = []
    if recovery is not None:
        text = record_words.recovery_line(
            str(recovery.path), str(recovery.kept_as), recovery.reason
        )
        parts.append(Text(text, style="yellow"))
    shown = record.shown_games(game)
    if not any(record.played(g) for g in shown):
        parts.append(Text(record_words.no_games_text(game)))
        if game is not None:
            parts.append(
                Text(record_words.level_ratings_line(dict(LEVEL_RATINGS[game])), style="dim")
            )
        return Group(*parts)
    for i, name in enumerate(shown):
        if i:
            parts.append(Text(""))
        entry = record.games.get(name)
        if entry is not None and entry.total.games:
            parts.append(game_table(name, entry))
        for players, tally in sorted(record.tables.get(name, {}).items()):
            parts.append(Text(record_words.table_line(name, players, tally.games, tally.durak)))
    return Group(*parts)


def stats_json(
    record: Record, recovery: Recovery | None, game: str | None, path: str
) -> dict[str, Any]:
    games: dict[str, Any] = {}
    for name in [game] if game is not None else list(cardavia.GAMES):
        entry = record.games.get(name, GameRecord())
        games[name] = {
            "rating": round(entry.rating, 2),
            "rated_games": entry.rated,
            "level_ratings": dict(LEVEL_RATINGS[name]),
            "all": entry.total.as_json(),
            "levels": {level: entry.levels.get(level, Tally()).as_json() for level in LEVELS},
        }
        tables = record.tables.get(name, {})
        if tables:
            games[name]["tables"] = {str(n): tables[n].as_json() for n in sorted(tables)}
    recovered = None
    if recovery is not None:
        recovered = {"kept_as": str(recovery.kept_as), "reason": recovery.reason}
    return {"file": path, "recovered": recovered, "start_rating": START, "games": games}
