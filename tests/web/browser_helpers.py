"""Where things are on the page, for the browser tests: inside the screen,
clear of each other, on one line (imported by name)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Locator, Page

# The screens the table is checked on: a phone and a laptop.
PHONE = {"width": 360, "height": 740}
LAPTOP = {"width": 1280, "height": 800}


def box(locator: Locator) -> dict[str, float]:
    """The element's rectangle relative to the screen (not the page), as
    getBoundingClientRect gives it, with nothing scrolled to show it."""
    rect: dict[str, float] = locator.evaluate(
        """e => { const r = e.getBoundingClientRect();
                  return {left: r.left, top: r.top, right: r.right, bottom: r.bottom}; }"""
    )
    return rect


def in_view(page: Page, locator: Locator) -> bool:
    """The whole element is on the screen as it is scrolled now."""
    size: dict[str, Any] = page.viewport_size or {}
    rect = box(locator)
    return (
        rect["right"] > rect["left"]
        and rect["bottom"] > rect["top"]
        and rect["left"] >= -0.5
        and rect["top"] >= -0.5
        and rect["right"] <= size["width"] + 0.5
        and rect["bottom"] <= size["height"] + 0.5
    )


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        min(a["right"], b["right"]) - max(a["left"], b["left"]) > 0.5
        and min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) > 0.5
    )


def assert_in_view(page: Page, selector: str) -> None:
    locator = page.locator(selector).first
    assert in_view(page, locator), (selector, box(locator), page.viewport_size)


def log_shows_whole_lines(page: Page) -> bool:
    """The "What happened" box cuts no line: the first line it shows starts
    at its top and the last ends at its bottom."""
    result: bool = page.evaluate(
        """() => {
            const log = document.querySelector('#log');
            const r = log.getBoundingClientRect();
            const shown = Array.from(log.children).map(li => li.getBoundingClientRect())
                .filter(b => b.bottom > r.top + 0.5 && b.top < r.bottom - 0.5);
            if (!shown.length) return true;
            return shown[0].top >= r.top - 0.5 && shown[shown.length - 1].bottom <= r.bottom + 0.5;
        }"""
    )
    return result
