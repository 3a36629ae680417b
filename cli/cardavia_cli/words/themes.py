"""Colour themes of the table. Suits are red and black on a card-white chip."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Theme:
    red: str  # hearts and diamonds
    black: str  # spades and clubs
    accent: str  # headings, the trump
    muted: str  # secondary facts
    good: str  # your turn, wins
    bad: str  # errors, losses
    number: str  # the numbers of the moves
    background: str = "dark"  # the terminal background it is made for


THEMES: dict[str, Theme] = {
    "default": Theme(
        red="red3 on grey93",
        black="black on grey93",
        accent="bold yellow",
        muted="grey62",
        good="bold green",
        bad="bold red",
        number="bold cyan",
    ),
    "high-contrast": Theme(
        red="bold red1 on bright_white",
        black="bold black on bright_white",
        accent="bold bright_yellow",
        muted="bright_white",
        good="bold bright_green",
        bad="bold bright_red",
        number="bold bright_white on blue",
    ),
    "warm": Theme(
        red="dark_red on wheat1",
        black="grey11 on wheat1",
        accent="bold orange3",
        muted="tan",
        good="bold gold3",
        bad="bold red3",
        number="bold dark_orange",
    ),
    "cool": Theme(
        red="red3 on light_cyan1",
        black="navy_blue on light_cyan1",
        accent="bold deep_sky_blue1",
        muted="light_steel_blue",
        good="bold aquamarine1",
        bad="bold magenta",
        number="bold steel_blue1",
    ),
    # The others are made for a dark background, where a light terminal
    # loses their yellow, white and pale greys: dark inks for a light one.
    "light": Theme(
        red="bold red3 on grey93",
        black="bold black on grey93",
        accent="bold dark_blue",
        muted="grey35",
        good="bold dark_green",
        bad="bold red3",
        number="bold blue3",
        background="light",
    ),
}

DEFAULT_THEME = "default"


def get_theme(name: str | None = None) -> Theme:
    return THEMES.get(name or DEFAULT_THEME, THEMES[DEFAULT_THEME])
