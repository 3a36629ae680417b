"""One game open in one place, in a real browser: two tabs on one saved
game (the second is offered to take it over, the first is told it was
taken over), and deleting a saved game from the page. Screenshots go to
tests/web/artifacts/ for people to look at."""

from __future__ import annotations

from pathlib import Path

from browser_server import Served
from cardavia_cli.play.saves import games_dir, load_log
from playwright.sync_api import Page, expect
from test_web_browser import READY, open_table, shoot


def test_two_tabs_on_one_game(page: Page, served: Served, artifacts: Path) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    open_table(page, served, lang="en", game="durak")
    page.wait_for_selector(READY)
    page.locator(READY).first.click()
    page.wait_for_selector(READY)
    [saved] = games_dir().glob("*.json")

    second = page.context.new_page()
    second.set_viewport_size({"width": 360, "height": 740})
    open_table(second, served, lang="en")
    second.locator("[data-panel='saves']").click()
    second.locator(f"[data-resume='{saved.name}']").click()
    dialog = second.locator("#open-elsewhere")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("This game is open elsewhere: at a table in the browser")
    shoot(second, artifacts / "open-elsewhere-360.png", full_page=False)
    second.locator("#take-over").click()
    expect(dialog).to_be_hidden()
    second.wait_for_selector(READY)
    moves = len(load_log(saved).moves)

    # The first tab's next move is not saved: it is told the game went on
    # elsewhere, and its table makes way.
    page.locator(READY).first.click()
    told = page.locator("#taken-over")
    expect(told).to_be_visible()
    expect(told).to_contain_text("This game was taken over elsewhere; it is no longer saved here.")
    shoot(page, artifacts / "taken-over.png", full_page=False)
    assert len(load_log(saved).moves) == moves
    page.locator("#taken-over-close").click()
    expect(page.locator("#welcome")).to_be_visible()
    # A reload of the first tab does not take the game back.
    page.reload()
    page.wait_for_selector("#welcome:not([hidden])")
    expect(page.locator("#open-elsewhere")).to_have_count(0)

    # The second tab plays on, and saves.
    second.locator(READY).first.click()
    second.wait_for_selector(READY)
    assert len(load_log(saved).moves) > moves

    # Deleting it from the first tab is refused while the second has it
    # open; once the second has dealt another game, two clicks delete it.
    second.locator("[data-panel='saves']").click()
    expect(second.locator(f"[data-resume='{saved.name}']")).to_be_visible()
    # Not offered for the game on the very table that has it open.
    expect(second.locator(f"[data-delete='{saved.name}']")).to_have_count(0)
    second.locator("#extra-close").click()
    page.locator("[data-panel='saves']").click()
    delete = page.locator(f"[data-delete='{saved.name}']")
    delete.click()
    expect(delete).to_have_text("Delete for good?")
    delete.click()
    expect(page.locator("#error")).to_contain_text("This game is open elsewhere")
    assert saved.exists()
    second.locator("[data-new='schnapsen']").first.click()
    second.wait_for_selector(READY)
    page.locator("[data-panel='saves']").click()  # closes the list
    page.locator("[data-panel='saves']").click()  # and opens it afresh
    delete = page.locator(f"[data-delete='{saved.name}']")
    delete.click()
    delete.click()
    expect(page.locator(f"[data-delete='{saved.name}']")).to_have_count(0)
    assert not saved.exists()
    assert page.errors == [] and second.errors == []  # type: ignore[attr-defined]
