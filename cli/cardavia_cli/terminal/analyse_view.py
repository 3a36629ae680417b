"""``cardavia analyse-games FILES...``: every decision of saved games,
analysed by the AI (``cardavia.analysis``), locally or on a Ray cluster.

Each file is read as ``replay`` and ``play --resume`` read it (``saves``);
a damaged one is reported and the others are analysed all the same. The
searches use the seeds the computer played with (``opponent.move_seed``),
so its own moves, analysed at its level, lose nothing. Shown: each player's
decisions, how often it chose the AI's move, its expected value lost per
move and its worst move (of those that lost more than the search's margin
of error, ``cardavia.analysis``); ``--out`` writes every decision as JSON lines and
``--json`` prints everything (never localized).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cardavia.analysis import GameRecord
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..play.opponent import move_seed
from ..play.saves import GameLog, SaveError, load_log
from ..words import figures
from ..words.card_faces import CardView
from ..words.glossary import game_title
from ..words.i18n import _, ngettext
from ..words.moves_input import display_word
from ..words.narration import split

__all__ = [
    "analysing_message",
    "error_message",
    "load_records",
    "player_name",
    "render_analysis",
    "write_decisions",
]


def load_records(files: list[Path]) -> tuple[list[GameRecord], list[tuple[Path, str]]]:
    """The games of the files that read, and the message of each that does not."""
    records: list[GameRecord] = []
    errors: list[tuple[Path, str]] = []
    for path in files:
        try:
            log = load_log(path)
        except SaveError as exc:
            errors.append((path, str(exc)))
            continue
        records.append(record_of(log, path))
    return records, errors


def record_of(log: GameLog, path: Path) -> GameRecord:
    moves = [str(entry["move"]) for entry in log.moves]
    return GameRecord(
        game=log.game,
        moves=moves,
        seed=log.seed,
        deck=log.deck,
        seeds=[move_seed(log.seed, ply) for ply in range(len(moves))],
        label=str(path),
        players=dict(log.levels),
    )


def player_name(result: dict[str, Any], seat: int) -> str:
    level = result["players"].get(str(seat))
    if level == "human":
        return _("Human")
    if level:
        return _("Computer ({level})").format(level=level)
    return _("Player {n}").format(n=seat + 1)


def move_words(move: str, view: CardView) -> str:
    """A move as a player types it: the glossary's word and the card as the
    table shows it ("attack 6♠", "take"); a card played is the card alone."""
    kind, card = split(move)
    if kind == "play":
        return view.label(card)
    word = display_word(kind)
    return f"{word} {view.label(card)}" if card else word


def _worst(summary: dict[str, Any], game: str) -> str:
    worst = summary["worst"]
    if worst is None:
        return "–"
    view = CardView(game, color=False)
    return _("move {ply}: {played}, best {best} (−{lost})").format(
        ply=worst["ply"],
        played=move_words(worst["played"], view),
        best=move_words(worst["best"], view),
        lost=figures.decimal(float(worst["ev_lost"])),
    )


def _agreed(summary: dict[str, Any]) -> str:
    decisions = int(summary["decisions"])
    share = summary["agreed"] / decisions if decisions else 0.0
    return f"{summary['agreed']} · {figures.percent(share)}"


def _table(rows: list[tuple[str, dict[str, Any]]], worst: str | None) -> Table:
    """The players' rows; with ``worst`` (the game) each one's worst move."""
    table = Table(show_header=True, header_style="bold", expand=False)
    table.add_column(_("Player"))
    table.add_column(_("Decisions"), justify="right")
    table.add_column(_("Agreed with the computer"), justify="right")
    table.add_column(_("Expected value lost per move"), justify="right")
    if worst:
        table.add_column(_("Worst move"))
    for name, summary in rows:
        cells = [
            name,
            str(summary["decisions"]),
            _agreed(summary),
            figures.decimal(float(summary["ev_lost_per_move"])),
        ]
        table.add_row(*cells, *([_worst(summary, worst)] if worst else []))
    return table


def _overall(results: list[dict[str, Any]]) -> list[tuple[str, dict[str, Any]]]:
    """Every game's decisions summed by player name."""
    totals: dict[str, dict[str, Any]] = {}
    for result in results:
        for summary in result["summary"]:
            name = player_name(result, summary["seat"])
            total = totals.setdefault(
                name, {"decisions": 0, "agreed": 0, "mistakes": 0, "ev_lost": 0.0}
            )
            for key in ("decisions", "agreed", "mistakes", "ev_lost"):
                total[key] += summary[key]
    for total in totals.values():
        total["ev_lost_per_move"] = (
            total["ev_lost"] / total["decisions"] if total["decisions"] else 0.0
        )
    return sorted(totals.items())


def render_analysis(results: list[dict[str, Any]], level: str) -> RenderableType:
    lines: list[RenderableType] = []
    for result in results:
        title = ngettext(
            "{file}: {game}, {n} move analysed at level {level}",
            "{file}: {game}, {n} moves analysed at level {level}",
            int(result["moves"]),
        ).format(
            file=result["label"], game=game_title(result["game"]), n=result["moves"], level=level
        )
        lines.append(Text(title, style="bold"))
        rows = [(player_name(result, s["seat"]), s) for s in result["summary"]]
        lines.append(_table(rows, worst=str(result["game"])))
    if len(results) > 1:
        lines.append(Text(_("Every game, by player"), style="bold"))
        lines.append(_table(_overall(results), worst=None))
    lines.append(
        Text(
            _(
                "Values are the computer's estimate of the result, from 0 (lost) to 1 (won); "
                "forced moves are not counted. A worst move is one that lost more than the "
                "search's margin of error (two standard errors)."
            ),
            style="italic",
        )
    )
    return Group(*lines)


def write_decisions(path: Path, results: list[dict[str, Any]]) -> None:
    """Every decision, then each player's summary, one JSON object a line."""
    with path.open("w", encoding="utf-8") as out:
        for result in results:
            for decision in result["decisions"]:
                line = {"kind": "decision", "file": result["label"], **decision}
                out.write(json.dumps(line, ensure_ascii=False) + "\n")
            for summary in result["summary"]:
                line = {
                    "kind": "summary",
                    "file": result["label"],
                    "player": result["players"].get(str(summary["seat"])),
                    **summary,
                }
                out.write(json.dumps(line, ensure_ascii=False) + "\n")


def analysing_message(games: int) -> str:
    return ngettext("Analysing {n} game…", "Analysing {n} games…", games).format(n=games)


def error_message(error: object) -> str:
    return _("Cannot analyse the games: {error}").format(error=error)
