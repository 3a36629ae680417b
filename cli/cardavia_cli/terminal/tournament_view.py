"""``cardavia tournament``: a duplicate-deal match between two players.

The games are played by ``cardavia.tournament`` (each seeded deal twice,
with the seats swapped; at a Durak table of N, N times with A in every
seat); this module shows its result as a table with 95% intervals, in the
chosen language. ``--json`` prints the engine's result
unchanged (never localized).
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..words import figures
from ..words.glossary import game_title, level_name
from ..words.i18n import N_, _, ngettext

PLAYER_HELP = N_(
    "{names}, ai:ITERATIONS (the AI with that budget), "
    "or cmd:COMMAND (a program answering observations on stdin with moves)."
)


def _rate(count: int, rate: float, ci: Any) -> str:
    """``12 · 54.2% (47.1–61.0%)``: a count, its share and the interval."""
    low, high = ci
    return f"{count} · {figures.percent(rate)} ({figures.interval(low, high)})"


def _share(rate: float, ci: Any) -> str:
    low, high = ci
    return f"{figures.percent(rate)} ({figures.interval(low, high)})"


def _mirror(ci: Any) -> tuple[float, float]:
    """The interval of 1 - p from the interval of p."""
    low, high = ci
    return (1.0 - high, 1.0 - low)


def _mean(values: Any) -> str:
    """A mean with its interval; game points are never negative, so neither
    is the interval shown."""
    mean, low, high = values
    low = max(0.0, low)
    return f"{figures.decimal(mean)} ({figures.decimal(low)}–{figures.decimal(high)})"


def _title(result: dict[str, Any]) -> Text:
    return Text(
        _("Tournament: {game}, {a} (A) against {b} (B)").format(
            game=game_title(str(result["game"])),
            a=level_name(result["a"]),
            b=level_name(result["b"]),
        ),
        style="bold",
    )


def render_table(result: dict[str, Any]) -> RenderableType:
    """A tournament at a table of three or more: how often A was the durak
    against the share of equal players, and its mean result; B's figures
    per seat beside them."""
    deals, seats = int(result["deals"]), int(result["players"])
    subtitle = Text(
        ngettext(
            "{n} deal at a table of {players}, played with A once in every seat "
            "({games} games), seed {seed}",
            "{n} deals at a table of {players}, each played with A once in every seat "
            "({games} games), seed {seed}",
            deals,
        ).format(n=deals, players=seats, games=result["games"], seed=result["seed"])
    )
    table = Table(show_header=True, header_style="bold", expand=False)
    table.add_column("")
    table.add_column(_("A: {name}").format(name=level_name(result["a"])), justify="right")
    table.add_column(_("B: {name}, per seat").format(name=level_name(result["b"])), justify="right")
    table.add_row(
        _("Games as the durak"),
        _rate(int(result["a_durak"]), result["a_durak_rate"], result["a_durak_rate_ci"]),
        figures.percent(result["b_durak_rate"]),
    )
    mean, (low, high) = result["a_mean_result"], result["a_mean_result_ci"]
    table.add_row(
        _("Mean result"),
        f"{figures.decimal(mean, 3)} ({figures.decimal(low, 3)}–{figures.decimal(high, 3)})",
        figures.decimal(result["b_mean_result"], 3),
    )
    draws = int(result["draws"])
    share = figures.percent(draws / int(result["games"]))
    table.add_row(_("Draws"), f"{draws} · {share}", f"{draws} · {share}")
    per_move = result["seconds_per_move"]
    table.add_row(_("Time per move"), figures.seconds(per_move[0]), figures.seconds(per_move[1]))
    baseline = Text(
        _("Equal players: each is the durak in {share} of the games (one in {players}).").format(
            share=figures.percent(result["durak_baseline"]), players=seats
        ),
        style="italic",
    )
    scoring = Text(
        _(
            "A game's result: 0 for the durak, 1 for every other seat; in a draw, ½ "
            "for each of the seats that finish last."
        ),
        style="italic",
    )
    notes = Text(_("In brackets: 95-percent confidence intervals."), style="italic")
    return Group(_title(result), subtitle, table, baseline, scoring, notes)


def render_tournament(result: dict[str, Any]) -> RenderableType:
    if "players" in result:
        return render_table(result)
    game = str(result["game"])
    deals = int(result["deals"])
    title = _title(result)
    subtitle = Text(
        ngettext(
            "{n} deal played twice with the seats swapped ({games} games), seed {seed}",
            "{n} deals played twice with the seats swapped ({games} games), seed {seed}",
            deals,
        ).format(n=deals, games=result["games"], seed=result["seed"])
    )
    table = Table(show_header=True, header_style="bold", expand=False)
    table.add_column("")
    table.add_column(_("A: {name}").format(name=level_name(result["a"])), justify="right")
    table.add_column(_("B: {name}").format(name=level_name(result["b"])), justify="right")
    wins, losses = int(result["a_wins"]), int(result["a_losses"])
    win_ci, loss_ci = result["a_win_rate_ci"], result["a_loss_rate_ci"]
    if game == "schnapsen":
        table.add_row(
            _("Matches won"),
            _rate(wins, result["a_win_rate"], win_ci),
            _rate(losses, result["a_loss_rate"], loss_ci),
        )
        table.add_row(
            _("Game points per deal"),
            _mean(result["a_game_points_per_deal"]),
            _mean(result["b_game_points_per_deal"]),
        )
    else:
        draws = int(result["draws"])
        draw_share = figures.percent(draws / int(result["games"]))
        table.add_row(
            _("Games won"),
            _rate(wins, result["a_win_rate"], win_ci),
            _rate(losses, result["a_loss_rate"], loss_ci),
        )
        table.add_row(_("Draws"), f"{draws} · {draw_share}", f"{draws} · {draw_share}")
        decided = float(result["a_decided_win_rate"])
        decided_ci = result["a_decided_win_rate_ci"]
        table.add_row(
            _("Decided games won"),
            _share(decided, decided_ci),
            _share(1.0 - decided, _mirror(decided_ci)),
        )
        score = float(result["a_score"])
        table.add_row(
            _("Score (a draw counts half)"),
            _share(score, result["a_score_ci"]),
            _share(1.0 - score, _mirror(result["a_score_ci"])),
        )
    per_move = result["seconds_per_move"]
    table.add_row(_("Time per move"), figures.seconds(per_move[0]), figures.seconds(per_move[1]))
    lines: list[RenderableType] = [title, subtitle, table]
    if game == "schnapsen":
        lines.append(Text(_("Deals played: {n}").format(n=result["deals_played"]), style="italic"))
    lines.append(Text(_("In brackets: 95-percent confidence intervals."), style="italic"))
    return Group(*lines)


def playing_message(games: int) -> str:
    return ngettext("Playing {n} game…", "Playing {n} games…", games).format(n=games)


def stopped_message(done: int, total: int, journal: str | None) -> str:
    """What an interrupted tournament says: how far it got, how to go on."""
    if journal is None:
        return ngettext(
            "Stopped after {done} of {total} game. Add --journal FILE to keep the games "
            "of an interrupted tournament.",
            "Stopped after {done} of {total} games. Add --journal FILE to keep the games "
            "of an interrupted tournament.",
            total,
        ).format(done=done, total=total)
    return ngettext(
        "Stopped after {done} of {total} game; they are kept in {journal}. "
        "Run the same command to go on.",
        "Stopped after {done} of {total} games; they are kept in {journal}. "
        "Run the same command to go on.",
        total,
    ).format(done=done, total=total, journal=journal)


def error_message(error: object) -> str:
    return _("Cannot run the tournament: {error}").format(error=error)
