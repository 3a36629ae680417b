"""The table's rough edges in a real browser (issue 24, items 2, 4 and 9):
what the player must see lies over a phone's screen, the log starts empty
for each game, lesson and replay, the level is chosen and shown at the
table, the scoreboard names its columns, card backs stay opaque in forced
colours, the × covers no heading, buttons keep to one line, the tab says
whose turn it is, and card sounds are made in the page, off by default.
Screenshots go to tests/web/artifacts/."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import browser_helpers as where
import pytest
from browser_helpers import LAPTOP, PHONE, assert_in_view
from browser_server import Served, serve_in_thread
from cardavia_cli.words import i18n
from cardavia_cli.words.glossary import game_title, level_name
from playwright.sync_api import Page, expect
from test_web_browser import READY, open_table, shoot


def say(page: Page, text: str) -> None:
    page.fill("#say-input", text)
    page.keyboard.press("Enter")


def at_the_hand(page: Page) -> None:
    """Scroll as a player about to tap a card has: the hand in view."""
    page.wait_for_selector(READY)
    page.locator("#hand").scroll_into_view_if_needed()


# ------------------------------------------------- item 2: the phone


def test_refusals_notices_and_hints_lie_over_a_phone_screen(
    page: Page, served: Served, artifacts: Path
) -> None:
    page.set_viewport_size(PHONE)
    open_table(page, served, lang="ru", game="durak")
    at_the_hand(page)
    say(page, "banana")
    expect(page.locator("#error[data-kind='not_understood']")).to_be_visible()
    assert_in_view(page, "#error")
    shoot(page, artifacts / "phone-refusal.png", full_page=False)
    # A tap puts it away; the table is unchanged.
    page.locator("#error").click()
    expect(page.locator("#error")).to_be_hidden()
    say(page, "help")
    expect(page.locator("#notice")).to_be_visible()
    assert_in_view(page, "#notice")
    page.locator("#notice").click()
    expect(page.locator("#notice")).to_be_hidden()
    page.wait_for_selector(READY)
    page.locator("#hint-button").click()
    expect(page.locator(".hint-list li").first).to_be_visible()
    assert_in_view(page, ".hint-list li")
    assert_in_view(page, "#extra-close")
    shoot(page, artifacts / "phone-hint.png", full_page=False)
    page.locator("#extra-close").click()
    expect(page.locator("#extra")).to_be_hidden()


def test_a_lost_connection_lies_over_a_phone_screen(page: Page, artifacts: Path) -> None:
    page.set_viewport_size(PHONE)
    with serve_in_thread() as own:
        open_table(page, own, lang="de", game="schnapsen")
        at_the_hand(page)
    expect(page.locator("#lost")).to_be_visible()
    assert_in_view(page, "#lost")
    assert_in_view(page, "#reconnect")
    shoot(page, artifacts / "phone-lost.png", full_page=False)


def test_the_rules_come_up_over_a_phone_screen(page: Page, served: Served) -> None:
    page.set_viewport_size(PHONE)
    open_table(page, served, lang="ru", game="durak")
    at_the_hand(page)
    page.locator("[data-panel='rules']").click()
    expect(page.locator("#rules-text h1")).to_be_visible()
    assert_in_view(page, "#rules-text h1")


def test_a_refusal_stays_beside_the_table_on_a_laptop(page: Page, served: Served) -> None:
    """The panel keeps to the side of the screen while the page scrolls."""
    page.set_viewport_size({"width": LAPTOP["width"], "height": 600})
    open_table(page, served, lang="de", game="durak")
    at_the_hand(page)
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    say(page, "banana")
    expect(page.locator("#error")).to_be_visible()
    assert_in_view(page, "#error")


# --------------------------------------------------- item 4: the log


def recorder(page: Page) -> list[dict[str, Any]]:
    seen: list[dict[str, Any]] = []

    def record(payload: str | bytes) -> None:
        seen.append(json.loads(payload))

    page.on("websocket", lambda socket: socket.on("framereceived", record))
    return seen


def log_lines(page: Page) -> list[str]:
    return page.locator("#log li").all_inner_texts()


def events_since(seen: list[dict[str, Any]], start: int) -> list[str]:
    return [line for m in seen[start:] for line in m.get("events") or []]


def test_the_log_starts_empty_for_each_game_lesson_and_replay(page: Page, served: Served) -> None:
    seen = recorder(page)
    open_table(page, served, lang="en", game="durak")
    for _ in range(3):
        page.wait_for_selector(READY)
        page.locator(READY).first.click()
    page.wait_for_selector(READY)
    assert len(log_lines(page)) >= 3
    # A new game: only its own lines.
    start = len(seen)
    # The old board must not pass for the new one until the new one is drawn.
    page.locator("#board").evaluate("board => board.dataset.turn = 'waiting'")
    page.locator(".top [data-new='perevodnoy']").click()
    page.wait_for_selector(READY)
    assert log_lines(page) == events_since(seen, start)
    page.locator(READY).first.click()
    page.wait_for_selector(READY)
    assert log_lines(page) == events_since(seen, start)
    # The same state sent again in another language adds nothing.
    count = len(log_lines(page))
    page.locator("#settings-button").click()
    page.select_option("#set-lang", "de")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    assert len(log_lines(page)) == count
    # A lesson starts empty, and its step's lines are its own.
    page.locator("[data-panel='learn']").click()
    page.locator("[data-learn='durak']").click()
    expect(page.locator("#mode-box h2")).to_be_visible()
    assert log_lines(page) == []
    start = len(seen)
    page.locator("#hand [data-move]").first.click()
    expect(page.locator("#lesson-next")).to_be_visible()
    assert log_lines(page) == events_since(seen, start) != []
    # A replay starts empty at its first position.
    page.locator("[data-panel='saves']").click()
    page.locator("[data-replay]").first.click()
    # The replay's own controls: the lesson's heading was there already.
    expect(page.locator("#mode-box [data-step='1']")).to_be_visible()
    assert log_lines(page) == []
    start = len(seen)
    page.locator("[data-step='1']").click()
    expect(page.locator("#mode-box .analysis")).to_be_visible()
    assert log_lines(page) == events_since(seen, start) != []


# ------------------------------------------ item 9: the rough edges


def test_the_level_is_chosen_and_shown_at_the_table(page: Page, served: Served) -> None:
    open_table(page, served, lang="de")
    page.wait_for_selector("#welcome:not([hidden])")
    # Beside the deal buttons, not under Display.
    expect(page.locator("#settings")).to_be_hidden()
    expect(page.locator(".top #set-level")).to_be_visible()
    page.select_option("#set-level", "hard")
    page.locator(".top [data-new='schnapsen']").click()
    page.wait_for_selector(READY)
    i18n.set_language("de")
    shown = i18n._("Level: {level}").format(level=level_name("hard"))
    expect(page.locator("#level-text")).to_have_text(shown)
    # Remembered, and the next deal is at the level chosen now.
    page.select_option("#set-level", "easy")
    page.locator(".top [data-new='durak']").click()
    expect(page.locator("#level-text")).to_have_text(
        i18n._("Level: {level}").format(level=level_name("easy"))
    )
    assert (
        json.loads(str(page.evaluate("localStorage.getItem('cardavia.settings')")))["level"]
        == "easy"
    )


def test_the_scoreboard_names_its_columns(page: Page, served: Served, artifacts: Path) -> None:
    open_table(page, served, lang="de", game="schnapsen")
    page.wait_for_selector(READY)
    i18n.set_language("de")
    expect(page.locator(".score-head .points-label")).to_have_text(
        i18n.pgettext("scoreboard", "Points")
    )
    expect(page.locator(".score-head .match-label")).to_have_text(
        i18n.pgettext("scoreboard", "Match")
    )
    for who in ("you", "computer"):
        match = page.locator(f".score-{who} .match b")
        expect(match).to_have_text("7")
        size = float(match.evaluate("b => getComputedStyle(b).fontSize").rstrip("px"))
        assert size >= 16, size
    # Each number sits under its column's name.
    for column in ("points", "match"):
        head = where.box(page.locator(f".score-head .{column}-label"))
        cell = where.box(page.locator(f".score-you .{column}"))
        assert min(head["right"], cell["right"]) > max(head["left"], cell["left"]), (head, cell)
    page.locator("#side").screenshot(path=str(artifacts / "scoreboard-de.png"))


def test_card_backs_are_opaque_in_forced_colours(
    page: Page, served: Served, artifacts: Path
) -> None:
    page.emulate_media(forced_colors="active")
    open_table(page, served, lang="en", game="schnapsen")
    page.wait_for_selector(READY)
    backs = page.locator(".card.back")
    assert backs.count() > 1
    for i in range(backs.count()):
        colour = backs.nth(i).evaluate("b => getComputedStyle(b).backgroundColor")
        alpha = re.fullmatch(r"rgba?\(\d+, \d+, \d+(?:, ([\d.]+))?\)", colour)
        assert alpha is not None and float(alpha.group(1) or 1) == 1, colour
    page.locator("#pile").screenshot(path=str(artifacts / "forced-colours-stock.png"))


@pytest.mark.parametrize("size", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_the_close_button_covers_no_heading(
    page: Page, served: Served, size: dict[str, int]
) -> None:
    page.set_viewport_size(size)
    open_table(page, served, lang="el", game="durak")
    page.wait_for_selector(READY)
    for panel, first in (("learn", "h2"), ("rules", ".controls button"), ("saves", "h2")):
        page.locator(f"[data-panel='{panel}']").click()
        expect(page.locator(f"#extra[data-kind='{panel}']")).to_be_visible()
        close = where.box(page.locator("#extra-close"))
        heads = page.locator(f"#extra-body > {first}, #extra-body > .controls > button")
        for i in range(heads.count()):
            assert not where.overlap(close, where.box(heads.nth(i))), (panel, i)
        page.locator("#extra-close").click()


def one_line(page: Page, selector: str) -> list[str]:
    """The buttons of ``selector`` that wrap onto a second line."""
    wrapped: list[str] = page.evaluate(
        """selector => Array.from(document.querySelectorAll(selector))
            .filter(b => b.offsetParent !== null)
            .filter(b => {
                const style = getComputedStyle(b);
                const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.4;
                const inner = b.clientHeight - parseFloat(style.paddingTop)
                    - parseFloat(style.paddingBottom);
                return inner > line * 1.5;
            })
            .map(b => b.textContent)""",
        selector,
    )
    return wrapped


@pytest.mark.parametrize("lang", ["ru", "de"])
def test_buttons_keep_to_one_line(page: Page, served: Served, artifacts: Path, lang: str) -> None:
    page.set_viewport_size(PHONE)
    open_table(page, served, lang=lang)
    page.locator("[data-panel='learn']").click()
    page.locator("[data-learn='durak']").click()
    page.locator("#hand [data-move]").first.click()
    page.locator("#lesson-next").click()
    # Step 2: beat 7♠, or take: the move bar holds "take".
    take = page.locator("#bar [data-move='take']")
    expect(take).to_be_visible()
    buttons = ".top button, #say button, #mode-box button, #bar [data-move='take']"
    assert one_line(page, buttons) == []
    # The label says the word already: it is not shown again beside it.
    label = str(take.get_attribute("aria-label")).casefold()
    words = take.locator(".word").all_inner_texts()
    assert all(word.strip("· ").casefold() not in label for word in words), (label, words)
    shoot(page, artifacts / f"phone-buttons-{lang}.png", full_page=False)


def test_the_tab_says_whose_turn_it_is(page: Page, served: Served) -> None:
    open_table(page, served, lang="de", game="durak")
    page.wait_for_selector("#board[data-turn='you'] [data-move]:not([disabled])")
    i18n.set_language("de")
    assert page.title() == f"{i18n._('Your turn')} · {game_title('durak')} · Cardavia"
    page.locator("[data-panel='learn']").click()
    page.locator("[data-learn='schnapsen']").click()
    expect(page.locator("#mode-box h2")).to_be_visible()
    assert page.title() == f"{i18n._('Learn')} · {game_title('schnapsen')} · Cardavia"


# Counts the page's sounds: the AudioContexts it makes and the sounds started.
COUNT_SOUNDS = """
window.sounds = {contexts: 0, started: 0};
const Real = window.AudioContext;
const counted = (node) => {
  const start = node.start.bind(node);
  node.start = (...args) => { window.sounds.started += 1; return start(...args); };
  return node;
};
window.AudioContext = class extends Real {
  constructor(...args) { super(...args); window.sounds.contexts += 1; }
  createBufferSource() { return counted(super.createBufferSource()); }
  createOscillator() { return counted(super.createOscillator()); }
};
"""


def test_card_sounds_are_off_by_default_and_made_in_the_page(page: Page, served: Served) -> None:
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.add_init_script(COUNT_SOUNDS)
    open_table(page, served, lang="en", game="durak")
    for _ in range(3):
        page.wait_for_selector(READY)
        page.locator(READY).first.click()
    page.wait_for_selector(READY)
    say(page, "banana")
    expect(page.locator("#error")).to_be_visible()
    assert page.evaluate("window.sounds") == {"contexts": 0, "started": 0}
    page.locator("#settings-button").click()
    page.locator("#set-sound").check()
    page.wait_for_selector(READY)
    page.locator(READY).first.click()
    # Functions, not strings: the page's CSP forbids evaluating a string.
    page.wait_for_function("() => window.sounds.started > 0")
    started = page.evaluate("window.sounds.started")
    say(page, "banana")
    page.wait_for_function("started => window.sounds.started > started", arg=started)
    assert page.evaluate("window.sounds.contexts") == 1
    assert json.loads(str(page.evaluate("localStorage.getItem('cardavia.settings')")))["sound"]
    # Nothing fetched for them: every request went to this table's server.
    own = f"http://127.0.0.1:{served.port}/"
    assert requests and all(url.startswith(own) for url in requests), requests
