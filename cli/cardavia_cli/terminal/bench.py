"""``cardavia bench``: how fast the engine and the AI run on this machine.

``measure.py`` takes the measurements; this module shows them as tables in
the chosen language, with the targets of the AI checked. ``--json`` prints
the measurements unchanged (never localized).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..words import figures
from ..words.glossary import game_title, level_name
from ..words.i18n import _


def _heading(text: str) -> Text:
    return Text(text, style="bold")


def _target_line(template: str, found: dict[str, Any], shown: Callable[[Any], str]) -> Text:
    """A measured figure against its target, with the verdict after it."""
    text = template.format(value=shown(found["value"]), target=shown(found["target"]))
    return Text(text).append_text(_verdict(found["met"]))


def _verdict(met: bool) -> Text:
    verdict = Text(" · ")
    verdict.append(_("met") if met else _("missed"), style="green" if met else "bold red")
    return verdict


def render_bench(result: dict[str, Any]) -> RenderableType:
    games: dict[str, Any] = result["games"]
    engine = Table(header_style="bold")
    engine.add_column(_("Game"))
    engine.add_column(_("Rust core"), justify="right")
    engine.add_column(_("Reference"), justify="right")
    engine.add_column(_("Ratio"), justify="right")
    for game, r in games.items():
        e = r["engine"]
        engine.add_row(
            game_title(game),
            figures.whole(e["rust_games_per_second"]),
            figures.decimal(e["reference_games_per_second"], 1),
            figures.ratio(e["ratio"]),
        )
    search = Table(header_style="bold")
    search.add_column(_("Game"))
    search.add_column(_("Rust core"), justify="right")
    search.add_column(_("Reference"), justify="right")
    search.add_column(_("Ratio"), justify="right")
    for game, r in games.items():
        s = r["search"]
        search.add_row(
            game_title(game),
            figures.whole(s["rust_iterations_per_second"]),
            figures.whole(s["reference_iterations_per_second"]),
            figures.ratio(s["ratio"]),
        )
    levels = Table(header_style="bold")
    levels.add_column(_("Game"))
    first = next(iter(games.values()))
    for level in first["seconds_per_move"]:
        levels.add_column(level_name(level), justify="right")
    for game, r in games.items():
        levels.add_row(
            game_title(game), *(figures.seconds(v) for v in r["seconds_per_move"].values())
        )
    targets = result["targets"]
    lines: list[RenderableType] = [
        _heading(_("Engine speed: games of random play per second (one thread)")),
        engine,
        Text(""),
        _heading(_("Search speed: iterations per second from the opening (one thread)")),
        search,
        Text(""),
        _heading(_("Seconds per move of the computer (one thread)")),
        levels,
        Text(""),
    ]
    found = targets.get("durak_iterations_per_second")
    if found is not None:
        lines.append(
            _target_line(
                _("Search from the Durak opening: {value} iterations/s (target {target})"),
                found,
                figures.whole,
            )
        )
    lines.append(
        _target_line(
            _("Rust search against the reference: {value} (target {target})"),
            targets["search_ratio"],
            figures.ratio,
        )
    )
    lines.append(
        _target_line(
            _("Normal level: {value} per move (target at most {target})"),
            targets["normal_seconds_per_move"],
            figures.seconds,
        )
    )
    if result["quick"]:
        lines.append(Text(_("Quick run: small budgets, rough figures."), style="italic"))
    return Group(*lines)


def measuring_message(game: str) -> str:
    return _("Measuring {game}…").format(game=game_title(game))
