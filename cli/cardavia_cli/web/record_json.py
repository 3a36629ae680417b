"""The player's record as the page shows it (the answer to ``stats``, its
twin in the terminal: ``terminal/stats_view.py``), and the rating change
the end-of-game box shows. The numbers come with their labels in the
page's language; the page only lays them out (static/record.js)."""

from __future__ import annotations

from typing import Any

from ..play.opponent import LEVELS
from ..play.rating import LEVEL_RATINGS, START
from ..play.record import GameRecord, Record, Tally
from ..play.record_file import Recovery, Tallied
from ..words import record_words
from ..words.glossary import game_title, level_name
from ..words.i18n import _


def _row(key: str | None, label: str, tally: Tally) -> dict[str, Any]:
    streak = record_words.streak_cell(tally.streak, tally.best_streak)
    return {"level": key, "label": label, **tally.as_json(), "streak_text": streak}


def game_json(game: str, entry: GameRecord) -> dict[str, Any]:
    rows = [_row(level, level_name(level), entry.levels.get(level, Tally())) for level in LEVELS]
    rows.append(_row(None, record_words.all_levels(), entry.total))
    rated = entry.rated
    return {
        "game": game,
        "title": game_title(game),
        "heading": record_words.record_heading(game),
        "rows": rows,
        "rating": round(entry.rating, 2),
        "rated_games": rated,
        "rating_text": (
            record_words.rating_line(entry.rating, rated)
            if rated
            else record_words.unrated_line(START)
        ),
        "levels_text": record_words.level_ratings_line(dict(LEVEL_RATINGS[game])),
        "note": record_words.matches_note() if game == "schnapsen" else None,
    }


def stats_json(record: Record, recovery: Recovery | None, game: str | None) -> dict[str, Any]:
    names = record_words.column_names()
    notice = None
    if recovery is not None:
        notice = record_words.recovery_line(
            str(recovery.path), str(recovery.kept_as), recovery.reason
        )
    shown = [g for g in record.shown_games(game) if record.played(g)]
    return {
        "type": "stats",
        "heading": _("Record"),
        "notice": notice,
        "columns": [[key, names[key]] for key in ("level", *record_words.COLUMNS)],
        "games": [game_json(g, record.games[g]) for g in shown],
        "empty": None if shown else record_words.no_games_text(game),
    }


def stats_error_json(kind: str, path: str, detail: str) -> dict[str, Any]:
    """The answer when the record file is left as it is (unreadable, newer)."""
    return {
        "type": "stats",
        "heading": _("Record"),
        "notice": record_words.record_error_line(kind, path, detail),
        "columns": [],
        "games": [],
        "empty": None,
    }


def rating_json(tallied: Tallied | None) -> dict[str, Any] | None:
    """The finished game's rating change, for programs and tests (the
    end-of-game box shows it in words, among the summary's lines)."""
    if tallied is None or tallied.counted is None:
        return None
    counted = tallied.counted
    return {
        "game": counted.game,
        "level": counted.level,
        "before": round(counted.before, 2),
        "after": round(counted.after, 2),
        "change": round(counted.change, 2),
        "level_rating": counted.level_rating,
        "streak": counted.streak,
    }
