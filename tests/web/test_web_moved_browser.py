"""In Chromium: the page of a stopped server says it does not answer (and
keeps Reconnect, which can work once the server runs again); after a
restart on the same port, Reconnect tells that the table moved, in the
page's language, with a link to the new address instead of a Reconnect
that could never succeed, and the link opens the game where it was."""

from __future__ import annotations

import json
from pathlib import Path

from browser_server import serve_in_thread
from cardavia_cli.words import i18n
from playwright.sync_api import Page, expect

FAST = json.dumps({"pace": 0})
READY = "#board[data-turn='you'] [data-move]:not([disabled]), #outcome[data-outcome]"


def test_a_restarted_server_tells_the_old_page_where_the_table_is(
    page: Page, artifacts: Path
) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    page.add_init_script(f"localStorage.setItem('cardavia.settings', {FAST!r})")
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    i18n.set_language("uk")
    with serve_in_thread() as first:
        page.goto(first.url(lang="uk", game="durak"))
        page.wait_for_selector(READY)
        page.locator(READY).first.click()
        page.wait_for_selector(READY)
    expect(page.locator("#lost-text")).to_have_text(i18n._("The connection to the table was lost."))
    # Nothing listens on the port now: Reconnect finds no table, and says so.
    page.locator("#reconnect").click()
    expect(page.locator("#lost-text")).to_have_text(
        i18n._(
            "The table does not answer. If cardavia web was stopped, start it again, "
            "then press Reconnect."
        )
    )
    expect(page.locator("#reconnect")).to_be_visible()
    with serve_in_thread(port=first.port, earlier=[first.token]) as second:
        page.locator("#reconnect").click()
        link = page.locator("#moved-link")
        expect(link).to_be_visible()
        expect(link).to_have_text(i18n._("Open the table at its new address"))
        expect(page.locator("#lost-text")).to_have_text(
            i18n._("The table has moved: cardavia web was started again.")
        )
        expect(page.locator("#reconnect")).to_be_hidden()
        assert link.get_attribute("href") == second.url()
        page.screenshot(path=str(artifacts / "moved-360.png"), full_page=True)
        link.click()
        # The new table continues the game this tab was playing.
        page.wait_for_selector(READY)
        expect(page.locator("#lost")).to_be_hidden()
        assert second.token in page.url
    assert errors == []
