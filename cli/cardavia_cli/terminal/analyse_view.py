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

import cardavia
from cardavia.analysis import GameRecord
from rich.console import Group, JustifyMethod, RenderableType
from rich.table import Table
from rich.text import Text

from ..play.opponent import move_seed
from ..play.saves import GameLog, SaveError, load_log
from ..words import figures
from ..words.card_faces import CardView
from ..words.glossary import game_title, level_name
from ..words.i18n import _, ngettext
from ..words.moves_input import display_word
from ..words.narration import open_attack, split

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
        seats=log.players,
    )


def player_name(result: dict[str, Any], seat: int) -> str:
    level = result["players"].get(str(seat))
    if level == "human":
        return _("Human")
    if level and len(result.get("summary") or ()) > 2:
        # A bigger table: which computer, by the name it had there.
        return _("Computer {n} ({level})").format(n=seat, level=level_name(str(level)))
    if level:
        return _("Computer ({level})").format(level=level_name(str(level)))
    return _("Player {n}").format(n=seat + 1)


def move_words(move: str, view: CardView, attack: str | None = None) -> str:
    """A move as a player types it: the glossary's word and the card as the
    table shows it ("attack 6♠", "take"); a card played is the card alone;
    a defence says what it beat when ``attack`` is known ("beat 7♠ with Т♠")."""
    kind, card = split(move)
    if kind == "play":
        return view.label(card)
    word = display_word(kind)
    if kind == "defend" and attack is not None:
        return _("{word} {attack} with {card}").format(
            word=word, attack=view.label(attack), card=view.label(card)
        )
    return f"{word} {view.label(card)}" if card else word


def attack_before(record: GameRecord, ply: int) -> str | None:
    """The attack a defence at ``ply`` (counted from 1) answered."""
    seats = None if record.seats == 2 else record.seats
    game = cardavia.new_game(record.game, seed=record.seed, deck=record.deck, players=seats)
    for move in record.moves[: ply - 1]:
        game.play(move)
    seat = game.current_player
    return None if seat is None else open_attack(game.observation(seat))


def _worst(name: str, summary: dict[str, Any], game: str, record: GameRecord | None) -> Text:
    """A player's worst move, or a dash: none lost beyond the search's margin."""
    worst = summary["worst"]
    if worst is None:
        return Text(f"  {name}: –")
    view = CardView(game, color=False)
    attack = attack_before(record, int(worst["ply"])) if record is not None else None
    return Text(
        "  "
        + _("{player}: move {ply}, {played}; best: {best} (−{lost})").format(
            player=name,
            ply=worst["ply"],
            played=move_words(worst["played"], view, attack),
            best=move_words(worst["best"], view, attack),
            lost=figures.decimal(float(worst["ev_lost"])),
        )
    )


def _agreed(summary: dict[str, Any]) -> str:
    decisions = int(summary["decisions"])
    share = summary["agreed"] / decisions if decisions else 0.0
    return f"{summary['agreed']} · {figures.percent(share)}"


def _column(table: Table, heading: str, justify: JustifyMethod = "left") -> None:
    """A column whose heading may wrap between words but never cuts one."""
    widest = max((len(word) for word in heading.split()), default=1)
    table.add_column(heading, justify=justify, min_width=widest, overflow="fold")


def _table(rows: list[tuple[str, dict[str, Any]]]) -> Table:
    """The players' rows."""
    table = Table(show_header=True, header_style="bold", expand=False)
    _column(table, _("Player"))
    _column(table, _("Decisions"), "right")
    _column(table, _("Agreed with the computer"), "right")
    _column(table, _("Expected value lost per move"), "right")
    for name, summary in rows:
        table.add_row(
            name,
            str(summary["decisions"]),
            _agreed(summary),
            figures.decimal(float(summary["ev_lost_per_move"])),
        )
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


def render_analysis(
    results: list[dict[str, Any]], level: str, records: list[GameRecord] | None = None
) -> RenderableType:
    """The players' table of each game, then each one's worst move (in the
    words of its position, with ``records``: "beat 7♠ with Т♠")."""
    by_label = {record.label: record for record in records or []}
    lines: list[RenderableType] = []
    for result in results:
        title = ngettext(
            "{file}: {game}, {n} move analysed at level {level}",
            "{file}: {game}, {n} moves analysed at level {level}",
            int(result["moves"]),
        ).format(
            file=result["label"],
            game=game_title(result["game"]),
            n=result["moves"],
            level=level_name(level),
        )
        lines.append(Text(title, style="bold"))
        rows = [(player_name(result, s["seat"]), s) for s in result["summary"]]
        lines.append(_table(rows))
        record = by_label.get(str(result["label"]))
        lines.append(Text(_("Worst move"), style="bold"))
        lines.extend(_worst(name, s, str(result["game"]), record) for name, s in rows)
    if len(results) > 1:
        lines.append(Text(_("Every game, by player"), style="bold"))
        lines.append(_table(_overall(results)))
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
