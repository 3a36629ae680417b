"""Every colour theme is readable on the background it is made for: each
style's ink against the terminal's background (or its chip's own) has a
contrast of at least 3:1 (WCAG's figure for bold and large text). The four
dark themes lose their yellows, whites and pale greys on a light terminal,
so a light theme is there for it."""

from __future__ import annotations

import pytest
from cardavia_cli.main import app
from cardavia_cli.words.themes import THEMES, Theme
from click.testing import CliRunner
from rich.color import Color
from rich.style import Style

# The 16 standard colours as xterm shows them, the palette most terminals
# start from; the 256-colour names have fixed values of their own.
XTERM = [
    (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0),
    (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
    (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0),
    (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
]  # fmt: skip
BACKGROUNDS = {"dark": (0, 0, 0), "light": (255, 255, 255)}
STYLES = ("red", "black", "accent", "muted", "good", "bad", "number")


def rgb(color: Color) -> tuple[int, int, int]:
    if color.number is not None and color.number < 16:
        return XTERM[color.number]
    return tuple(color.get_truecolor())  # type: ignore[return-value]


def luminance(rgb_: tuple[int, int, int]) -> float:
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in rgb_)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def unreadable(theme: Theme, background: str) -> list[tuple[str, float]]:
    """The styles of ``theme`` with too little contrast on ``background``."""
    found = []
    for name in STYLES:
        style = Style.parse(getattr(theme, name))
        assert style.color is not None, name
        behind = rgb(style.bgcolor) if style.bgcolor else BACKGROUNDS[background]
        ratio = contrast(rgb(style.color), behind)
        if ratio < 3.0:
            found.append((name, round(ratio, 1)))
    return found


@pytest.mark.parametrize("name", THEMES)
def test_every_theme_is_readable_on_its_background(name: str) -> None:
    theme = THEMES[name]
    assert theme.background in BACKGROUNDS
    assert unreadable(theme, theme.background) == []


def test_the_dark_themes_are_not_for_a_light_terminal() -> None:
    """What the light theme is for: each dark theme loses styles there."""
    dark = [name for name, theme in THEMES.items() if theme.background == "dark"]
    assert dark and all(unreadable(THEMES[name], "light") for name in dark)
    light = [name for name, theme in THEMES.items() if theme.background == "light"]
    assert light == ["light"]


def test_the_light_theme_is_offered() -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["play", "--help"])
    assert "light is for a light terminal background" in " ".join(result.output.split())
    result = runner.invoke(
        app, ["play", "durak", "--seed", "3", "--theme", "light", "--lang", "en"], input="quit\n"
    )
    assert result.exit_code == 0, result.output
