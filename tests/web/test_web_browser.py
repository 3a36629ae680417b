"""The table in a real browser (Debian's Chromium under pytest-playwright):
whole games by clicking and by keyboard alone, every language with its
rules, forced colours, a phone's width, errors on the page, remembered
settings, hints, lessons and replays. Screenshots of each game's table go
to tests/web/artifacts/ for people to look at."""

from __future__ import annotations

import json
import re
import threading
from pathlib import Path
from typing import Any

import pytest
from browser_server import Served, serve_in_thread
from cardavia_cli.words import i18n
from cardavia_cli.words.glossary import game_title
from cardavia_cli.words.rules_text import rules_markdown
from cli_helpers import LANGUAGES, StandIn
from playwright.sync_api import Page, expect
from web_helpers import GAMES

# The computer answers at once in these tests (a pace of 0 ms), so a whole
# game takes a few seconds; each state still comes as its own message.
FAST = json.dumps({"pace": 0})
SUMMARY = "#summary:not([hidden])"
READY = f"#board[data-turn='you'] [data-move]:not([disabled]), #outcome[data-outcome], {SUMMARY}"
OVER = "#outcome[data-outcome]"


def shoot(page: Page, path: Path, full_page: bool = True) -> None:
    page.screenshot(path=str(path), full_page=full_page, animations="disabled")


def open_table(page: Page, served: Served, **params: str) -> None:
    page.add_init_script(f"localStorage.setItem('cardavia.settings', {FAST!r})")
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(served.url(**params))
    page.wait_for_selector("html[lang]")
    page.errors = errors  # type: ignore[attr-defined]


def play_by_clicking(
    page: Page, screenshot: Path | None = None, moves: int = 400, summaries: list[str] | None = None
) -> str:
    """Click the first offered move until the game is over, and go on after
    each deal's summary (its heading kept in ``summaries``); the outcome."""
    for played in range(moves):
        page.wait_for_selector(READY)
        if page.locator(OVER).count():
            break
        if page.locator(SUMMARY).count():
            if summaries is not None:
                summaries.append(page.locator("#summary-heading").inner_text())
                if len(summaries) == 1 and screenshot is not None:
                    shoot(page, screenshot.with_name("summary-" + screenshot.name))
            page.locator("#summary-next").click()
            continue
        if played == 4 and screenshot is not None:
            shoot(page, screenshot)
        page.locator(READY).first.click()
    else:
        pytest.fail("the game did not end")
    return str(page.locator(OVER).get_attribute("data-outcome"))


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_by_clicking(page: Page, served: Served, artifacts: Path, game: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    open_table(page, served, lang="en", game=game)
    summaries: list[str] = []
    outcome = play_by_clicking(page, artifacts / f"table-{game}.png", summaries=summaries)
    assert outcome in ("win", "loss", "draw")
    expect(page.locator("#outcome-text")).not_to_be_empty()
    # How it ended: every Schnapsen deal was summed up and waited for the
    # player; the last one, and a Durak game's end, are shown with the result.
    if game == "schnapsen":
        deals = range(1, len(summaries) + 1)
        assert summaries and summaries == [f"Deal {n} is over" for n in deals]
        expect(page.locator("#outcome-heading")).to_have_text(f"Deal {len(summaries) + 1} is over")
    else:
        assert summaries == []
        expect(page.locator("#outcome-heading")).to_have_text("The game is over")
        # Whoever lost still held cards; after a draw nobody does.
        held = "draw" if outcome == "draw" else "still held:"
        expect(page.locator("#outcome-lines")).to_contain_text(held)
    shoot(page, artifacts / f"over-{game}.png")
    # The game's address no longer deals again on reload.
    assert "game=" not in page.url
    page.locator("#again").click()
    expect(page.locator(OVER)).to_have_count(0)
    expect(page.locator("#board [data-move]").first).to_be_visible()
    assert page.errors == []  # type: ignore[attr-defined]


def test_every_move_is_a_labelled_button(page: Page, served: Served) -> None:
    open_table(page, served, lang="de", game="durak")
    page.wait_for_selector(READY)
    buttons = page.locator("[data-move]")
    assert buttons.count() >= 1
    for i in range(buttons.count()):
        button = buttons.nth(i)
        assert button.evaluate("b => b.tagName") == "BUTTON"
        assert re.fullmatch(
            r"(attack|defend|transfer|play|marriage):[2-9TJQKA][SHDC]|take|stop|"
            r"exchange|close",
            str(button.get_attribute("data-move")),
        )
        label = str(button.get_attribute("aria-label"))
        assert label and label != button.get_attribute("data-move")
    i18n.set_language("de")
    assert page.locator("[data-new='durak']").first.inner_text() == game_title("durak")


def test_a_whole_game_by_keyboard(page: Page, served: Served) -> None:
    open_table(page, served, lang="en")
    page.wait_for_selector("#welcome:not([hidden])")
    # Tab from the top of the page to the first deal button, then Enter.
    for _ in range(5):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.dataset.new") == "perevodnoy":
            break
    else:
        pytest.fail("Tab never reached a deal button")
    page.keyboard.press("Enter")
    for turn in range(400):
        page.wait_for_selector(READY)
        if page.locator(OVER).count():
            break
        if turn % 3 == 0:
            page.keyboard.press("1")  # the first suggested move, by its digit
            continue
        # Arrows walk the moves; Enter plays the one in focus.
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowLeft")
        assert page.evaluate("document.activeElement.dataset.move"), "focus left the moves"
        page.keyboard.press("Enter")
    else:
        pytest.fail("the game did not end")
    assert page.locator(OVER).get_attribute("data-outcome") in ("win", "loss", "draw")
    assert page.evaluate("document.activeElement.id") == "again"
    page.keyboard.press("Enter")  # a new deal, still without the mouse
    expect(page.locator(OVER)).to_have_count(0)
    page.wait_for_selector(READY)


def test_every_language_with_its_rules(page: Page, served: Served) -> None:
    open_table(page, served, lang="en", game="schnapsen")
    page.wait_for_selector(READY)
    page.locator("#settings-button").click()
    for lang in LANGUAGES:
        page.select_option("#set-lang", lang)
        expect(page.locator("html")).to_have_attribute("lang", lang)
        i18n.set_language(lang)
        expect(page.locator("[data-panel='rules']")).to_have_text(i18n._("Rules"))
        expect(page.locator("#table-title")).to_contain_text(game_title("schnapsen"))
        page.locator("[data-panel='rules']").click()
        rules = page.locator("#rules-text")
        expect(rules).to_have_attribute("lang", lang)
        text, _found = rules_markdown("schnapsen", lang)  # type: ignore[misc]
        title = text.splitlines()[0].lstrip("# ").strip()
        expect(rules.locator("h1")).to_have_text(title)
        page.locator("[data-rules='durak']").click()
        expect(page.locator("#rules-text[data-game='durak'] h1")).to_have_text(
            rules_markdown("durak", lang)[0].splitlines()[0].lstrip("# ").strip()  # type: ignore[index]
        )
        page.locator("#extra-close").click()
    assert page.errors == []  # type: ignore[attr-defined]


def test_forced_colours_keep_the_suits_apart(page: Page, served: Served, artifacts: Path) -> None:
    page.emulate_media(forced_colors="active")
    open_table(page, served, lang="en", game="durak")
    page.wait_for_selector(READY)
    assert page.evaluate("matchMedia('(forced-colors: active)').matches")
    faces = page.evaluate(
        """() => Array.from(document.querySelectorAll('.card:not(.back)')).map(c => ({
            suit: c.dataset.card[1], mark: c.querySelector('.pip').textContent,
            color: getComputedStyle(c).color, border: getComputedStyle(c).borderTopWidth}))"""
    )
    assert len({face["color"] for face in faces}) == 1, "forced colours leave one text colour"
    marks = {face["suit"]: face["mark"] for face in faces}
    assert len(set(marks.values())) == len(marks), "each suit keeps its own symbol"
    assert all(float(face["border"].rstrip("px")) >= 2 for face in faces)
    shoot(page, artifacts / "forced-colours.png")


def test_a_phone_screen(page: Page, served: Served, artifacts: Path) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    open_table(page, served, lang="uk", game="schnapsen")
    for _ in range(6):
        page.wait_for_selector(READY)
        if page.locator(OVER).count():
            break
        page.locator(READY).first.click()
    page.wait_for_selector(READY)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    for box in page.locator("[data-move], [data-new], [data-panel]").filter(visible=True).all():
        bounds = box.bounding_box()
        assert bounds is not None and bounds["x"] >= 0 and bounds["x"] + bounds["width"] <= 360
    shoot(page, artifacts / "phone-schnapsen.png")
    open_table(page, served, lang="ru", game="durak")
    page.wait_for_selector(READY)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    shoot(page, artifacts / "phone-durak.png")


def test_bad_input_is_shown_and_changes_nothing(page: Page, served: Served) -> None:
    open_table(page, served, lang="en", game="durak")
    page.wait_for_selector(READY)
    before = page.locator("#hand .card").count(), page.locator("#log li").count()
    page.fill("#say-input", "banana")
    page.keyboard.press("Enter")
    error = page.locator("#error[data-kind='not_understood']")
    expect(error).to_be_visible()
    expect(error).to_contain_text("banana")
    assert (page.locator("#hand .card").count(), page.locator("#log li").count()) == before
    # The next real move clears it.
    page.locator(READY).first.click()
    expect(page.locator("#error")).to_be_hidden()


def test_a_typed_card_is_played(page: Page, served: Served) -> None:
    open_table(page, served, lang="ru", game="durak")
    page.wait_for_selector(READY)
    # A random deal may open with only "take" on offer: play on to a card.
    while not page.locator("#hand [data-move]:not([disabled])").count():
        page.locator(READY).first.click()
        page.wait_for_timeout(200)
        page.wait_for_selector(READY)
    card = page.locator("#hand [data-move]").first
    label = card.locator(".corner b").inner_text() + card.locator(".corner i").inner_text()
    # As the card shows (10♠, Т♠): a Latin T could be the ten or the ace.
    page.fill("#say-input", label)
    page.keyboard.press("Enter")
    expect(page.locator("#log li", has_text=label).first).to_be_visible()


def test_settings_are_remembered(page: Page, served: Served) -> None:
    page.goto(served.url(lang="nb"))
    page.wait_for_selector("html[lang='nb']")
    page.locator("#settings-button").click()
    page.locator("#set-hc").check()
    page.locator("#set-contrast").fill("80")
    page.locator("#set-temperature").fill("20")
    page.locator("#set-grain").fill("0")
    page.select_option("#set-level", "hard")
    page.goto(served.url())  # no language in the address: the remembered one
    page.wait_for_selector("html[lang='nb']")
    assert page.locator("html").get_attribute("data-theme") == "high-contrast"
    assert page.locator("#set-contrast").input_value() == "80"
    assert page.locator("#set-temperature").input_value() == "20"
    assert page.locator("#set-level").input_value() == "hard"
    assert page.evaluate("getComputedStyle(document.querySelector('.grain')).display") == "none"
    page.goto(served.url(lang="el"))  # the address wins, and is remembered
    page.wait_for_selector("html[lang='el']")
    page.goto(served.url())
    page.wait_for_selector("html[lang='el']")


def test_look_settings_change_the_page(page: Page, served: Served, artifacts: Path) -> None:
    open_table(page, served, lang="en", game="durak")
    page.wait_for_selector(READY)
    page.locator("#settings-button").click()

    def look() -> list[str]:
        return page.evaluate(
            """() => [getComputedStyle(document.querySelector('.layout')).filter,
                      getComputedStyle(document.querySelector('.tint')).backgroundColor,
                      getComputedStyle(document.querySelector('.grain')).opacity]"""
        )

    neutral = look()
    page.locator("#set-contrast").fill("100")
    page.locator("#set-temperature").fill("100")
    page.locator("#set-grain").fill("100")
    changed = look()
    assert all(a != b for a, b in zip(neutral, changed, strict=True)), (neutral, changed)
    shoot(page, artifacts / "warm-grainy.png", full_page=False)
    page.locator("#set-hc").check()
    shoot(page, artifacts / "high-contrast.png")


def test_a_hint_rates_the_moves(page: Page, served: Served) -> None:
    open_table(page, served, lang="vi", game="perevodnoy")
    page.wait_for_selector(READY)
    page.locator("#hint-button").click()
    expect(page.locator("[data-move][data-chance]").first).to_be_visible()
    assert page.locator("[data-move][data-chance]").count() == page.locator("[data-move]").count()
    expect(page.locator(".hint-list li").first).to_be_visible()


def test_the_page_says_the_computer_is_thinking_about_a_hint(
    page: Page, served: Served, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 24: a hint at `hard` takes seconds; until it comes the panel
    says that the computer is thinking (the search waits for the test)."""
    release = threading.Event()
    rate = StandIn.analyse

    def slow(self: StandIn, observation: dict[str, Any], seed: int) -> list[dict[str, Any]]:
        release.wait(timeout=60)
        return rate(self, observation, seed)

    monkeypatch.setattr(StandIn, "analyse", slow)
    open_table(page, served, game="durak")
    page.wait_for_selector(READY)
    page.locator("#hint-button").click()
    expect(page.locator("#hint-thinking")).to_have_text("The computer is thinking…")
    release.set()
    expect(page.locator(".hint-list li").first).to_be_visible()
    expect(page.locator("#hint-thinking")).to_have_count(0)


def test_a_lesson_in_the_page(page: Page, served: Served) -> None:
    open_table(page, served, lang="ms")
    page.locator("[data-panel='learn']").click()
    page.locator("[data-learn='durak']").click()
    expect(page.locator("#mode-box h2")).to_be_visible()
    page.locator("#hand [data-move]").first.click()  # step 1: open with any card
    expect(page.locator("#lesson-next")).to_be_visible()
    page.locator("#lesson-next").click()
    expect(page.locator("#lesson-skip")).to_be_visible()
    page.locator("[data-move='defend:9S']").click()  # step 2: cover 7♠ in suit
    expect(page.locator("#mode-box .good")).to_be_visible()


def test_a_replay_in_the_page(page: Page, served: Served) -> None:
    open_table(page, served, lang="en", game="durak")
    for _ in range(3):
        page.wait_for_selector(READY)
        page.locator(READY).first.click()
    page.wait_for_selector(READY)
    page.locator("[data-panel='saves']").click()
    page.locator("[data-replay]").first.click()
    expect(page.locator("#mode-box h2")).to_contain_text("Replay of Durak")
    page.locator("[data-step='1']").click()
    expect(page.locator("#mode-box .analysis")).to_be_visible()
    assert page.locator("[data-move]").count() == 0
    expect(page.locator("#latest")).not_to_be_empty()


def test_a_replay_says_the_computer_is_thinking(
    page: Page, served: Served, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A replay's step is analysed (seconds at `hard`): the box says so
    until the analysis comes. Move 1, a Durak lead, is never forced."""
    release = threading.Event()
    rate = StandIn.analyse

    def slow(self: StandIn, observation: dict[str, Any], seed: int) -> list[dict[str, Any]]:
        release.wait(timeout=60)
        return rate(self, observation, seed)

    open_table(page, served, lang="en", game="durak")
    for _ in range(3):
        page.wait_for_selector(READY)
        page.locator(READY).first.click()
    page.wait_for_selector(READY)
    monkeypatch.setattr(StandIn, "analyse", slow)
    page.locator("[data-panel='saves']").click()
    page.locator("[data-replay]").first.click()
    expect(page.locator("#mode-box h2")).to_contain_text("Replay of Durak")
    page.locator("[data-step='1']").click()
    expect(page.locator("#replay-thinking")).to_have_text("The computer is thinking…")
    release.set()
    expect(page.locator("#mode-box .analysis")).to_be_visible()
    expect(page.locator("#replay-thinking")).to_have_count(0)


def test_a_lost_connection_is_shown(page: Page) -> None:
    with serve_in_thread() as own:
        open_table(page, own, lang="nb", game="durak")
        page.wait_for_selector(READY)
        expect(page.locator("#lost")).to_be_hidden()
    # The server stopped: the page says so and offers to reconnect.
    expect(page.locator("#lost")).to_be_visible()
    i18n.set_language("nb")
    expect(page.locator("#reconnect")).to_have_text(i18n._("Reconnect"))


def test_the_card_just_played_is_marked(page: Page, served: Served) -> None:
    """The server names the card of the move just made (``last.card``) and
    the page marks that card on the table: it reads no move string."""
    lasts: list[dict[str, object]] = []

    def record(payload: str | bytes) -> None:
        message = json.loads(payload)
        if message.get("type") == "state" and message.get("last"):
            lasts.append(message["last"])

    page.on("websocket", lambda socket: socket.on("framereceived", record))
    open_table(page, served, lang="en", game="durak")
    marked = 0
    for _ in range(60):
        page.wait_for_selector(READY)
        if page.locator(OVER).count() or marked >= 3:
            break
        last = lasts[-1] if lasts else None
        if last is not None and last["card"]:
            card = page.locator(f"#play [data-card='{last['card']}']")
            if card.count():
                fresh = "fresh-computer" if last["seat"] == 1 else "fresh-you"
                expect(card).to_have_class(re.compile(rf"\b{fresh}\b"))
                marked += 1
        page.locator(READY).first.click()
    assert marked, "no move put a card on the table"
    assert page.errors == []  # type: ignore[attr-defined]
