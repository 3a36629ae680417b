"""The table of three to six in a real browser (issue 23 item 6): a whole
4-seat game by clicking, the seats around the felt (boxes clear of each
other and of the screen's edges at 360 px and on a laptop, badges inside
their boxes), the choice of players on the page and ``?players=N`` in the
address, bad counts refused in the player's language, and a game resumed at
its seats after a reload. Screenshots go to tests/web/artifacts/."""

from __future__ import annotations

from pathlib import Path

import browser_helpers as where
import pytest
from browser_helpers import LAPTOP, PHONE, assert_in_view
from browser_server import Served, serve_in_thread
from cardavia_cli.words import i18n
from cardavia_cli.words.table_seats import computer_name
from playwright.sync_api import Page, expect
from test_web_browser import OVER, READY, open_table, play_by_clicking, shoot

SEATS = "#seats .other"


def check_seats(page: Page, others: int) -> None:
    """The seats as a player sees them: one box per computer seat, each on
    the screen and clear of the others, its name on one line, its badges and
    cards inside it; one seat lit when a computer is to move, none else."""
    page.evaluate("Promise.all(document.getAnimations().map(a => a.finished))")
    boxes = page.locator(SEATS)
    assert boxes.count() == others
    expect(page.locator(".seat-opponent")).to_be_hidden()
    width = (page.viewport_size or {})["width"]
    rects = [where.box(boxes.nth(i)) for i in range(others)]
    for i, rect in enumerate(rects):
        assert rect["left"] >= 0 and rect["right"] <= width, (i, rect)
        for other in rects[i + 1 :]:
            assert not where.overlap(rect, other), (rect, other)
        seat = boxes.nth(i)
        name = seat.locator(".other-name")
        # One line: as tall as its line height.
        assert name.evaluate("e => e.getClientRects().length") == 1
        inner = seat.locator(".other-name, .badge, .mini-fan .card, .known-cards .card, .count")
        for j in range(inner.count()):
            part = where.box(inner.nth(j))
            assert part["left"] >= rect["left"] - 0.5 and part["right"] <= rect["right"] + 0.5, (
                i,
                j,
                part,
                rect,
            )
    # Nothing of the page is wider than the screen.
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    turn = page.locator("#board").get_attribute("data-turn")
    lit = page.locator(f"{SEATS}[data-turn='true']").count()
    assert lit == (1 if turn == "computer" else 0)


SCREENS = {"laptop": (LAPTOP, "de"), "phone": (PHONE, "ru")}


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("game", ["durak", "perevodnoy"])
def test_a_whole_four_seat_game_by_clicking(
    page: Page, served: Served, artifacts: Path, game: str, screen: str
) -> None:
    size, lang = SCREENS[screen]
    page.set_viewport_size(size)
    open_table(page, served, lang=lang, game=game, players="4")
    page.wait_for_selector(READY)
    check_seats(page, 3)
    expect(page.locator("#set-players")).to_have_value("4")
    outcome = play_by_clicking(page, artifacts / f"seats4-{game}-{screen}.png")
    assert outcome in ("win", "loss", "draw")
    check_seats(page, 3)
    i18n.set_language(lang)
    # The log said who did what, by the seats' names.
    log = page.locator("#log").inner_text()
    assert computer_name(1) in log and computer_name(3) in log
    # The durak is marked, and at the end every hand is face up.
    if outcome == "win":
        expect(page.locator(f"{SEATS} [data-badge='durak']")).to_have_count(1)
    expect(page.locator(f"{SEATS} .mini-fan .back")).to_have_count(0)
    page.evaluate("window.scrollTo(0, 0)")
    assert_in_view(page, "#outcome")
    shoot(page, artifacts / f"seats4-over-{game}-{screen}.png", full_page=False)
    # The same table again.
    page.locator("#again").click()
    expect(page.locator(OVER)).to_have_count(0)
    page.wait_for_selector(READY)
    expect(page.locator(SEATS)).to_have_count(3)
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang", ["en", "ru", "de"])
@pytest.mark.parametrize("players", [4, 6])
@pytest.mark.parametrize("screen", ["laptop", "phone"])
def test_the_seats_on_each_screen(
    page: Page, served: Served, artifacts: Path, lang: str, players: int, screen: str
) -> None:
    page.set_viewport_size(LAPTOP if screen == "laptop" else PHONE)
    open_table(page, served, lang=lang, game="perevodnoy", players=str(players))
    # Some moves in, so that cards were taken and badges vary.
    for _ in range(6):
        page.wait_for_selector(READY)
        if page.locator(OVER).count():
            break
        page.locator(READY).first.click()
    page.wait_for_selector(READY)
    check_seats(page, players - 1)
    # Each move can be scrolled to and lies whole on the screen.
    moves = page.locator("#board [data-move]")
    for i in range(moves.count()):
        moves.nth(i).scroll_into_view_if_needed()
        assert where.in_view(page, moves.nth(i)), where.box(moves.nth(i))
    shoot(page, artifacts / f"seats{players}-{lang}-{screen}.png")
    assert page.errors == []  # type: ignore[attr-defined]


def test_the_choice_on_the_page_deals_that_table(page: Page, served: Served) -> None:
    open_table(page, served, lang="en")
    page.wait_for_selector("#welcome:not([hidden])")
    page.select_option("#set-players", "5")
    page.locator(".choice[data-new='durak']").click()
    page.wait_for_selector(READY)
    expect(page.locator(SEATS)).to_have_count(4)
    # Schnapsen stays a duel whatever the choice.
    page.locator(".deals [data-new='schnapsen']").click()
    expect(page.locator("#board[data-game='schnapsen']")).to_be_visible()
    expect(page.locator("#seats")).to_be_hidden()
    expect(page.locator(".seat-opponent")).to_be_visible()
    # The choice is remembered for the next visit, and two is a duel.
    kept = page.evaluate("JSON.parse(localStorage.getItem('cardavia.settings')).players")
    assert kept == 5
    page.select_option("#set-players", "2")
    page.locator(".deals [data-new='perevodnoy']").click()
    expect(page.locator("#board[data-game='perevodnoy']")).to_be_visible()
    expect(page.locator("#seats")).to_be_hidden()
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("params", "lang"),
    [
        ({"game": "durak", "players": "9"}, "ru"),
        ({"game": "durak", "players": "four"}, "de"),
        ({"game": "schnapsen", "players": "4"}, "en"),
    ],
)
def test_a_bad_count_in_the_address_is_refused(
    page: Page, served: Served, params: dict[str, str], lang: str
) -> None:
    open_table(page, served, lang=lang, **params)
    error = page.locator("#error[data-kind='players']")
    expect(error).to_be_visible()
    i18n.set_language(lang)
    expect(page.locator("#board")).to_be_hidden()
    # It names the number, or the game that is only ever played by two.
    named = "Schnapsen" if params["game"] == "schnapsen" else params["players"]
    assert named in error.inner_text()
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_bad_count_without_a_game_is_refused_at_the_deal(page: Page, served: Served) -> None:
    open_table(page, served, lang="de", players="7")
    page.wait_for_selector("#welcome:not([hidden])")
    # The choice keeps its own value; the address's number goes with the deal.
    expect(page.locator("#set-players")).to_have_value("2")
    page.locator(".choice[data-new='durak']").click()
    expect(page.locator("#error[data-kind='players']")).to_be_visible()
    assert "7" in page.locator("#error").inner_text()
    # Refused once: the next deal is the table chosen on the page.
    page.locator(".choice[data-new='durak']").click()
    page.wait_for_selector(READY)
    expect(page.locator("#seats")).to_be_hidden()
    assert page.errors == []  # type: ignore[attr-defined]


def test_the_launchs_table_is_the_first_choice(page: Page) -> None:
    """``cardavia web --players 5`` (or the players setting): a page with no
    choice of its own opens at five, and the address still wins over it."""
    with serve_in_thread(players=5) as five:
        open_table(page, five, lang="nb")
        page.wait_for_selector("#welcome:not([hidden])")
        expect(page.locator("#set-players")).to_have_value("5")
        page.locator(".choice[data-new='durak']").click()
        page.wait_for_selector(READY)
        expect(page.locator(SEATS)).to_have_count(4)
        page.goto(five.url(lang="nb", players="3"))
        page.wait_for_selector("#welcome:not([hidden]), #board:not([hidden])")
        expect(page.locator("#set-players")).to_have_value("3")
        assert page.errors == []  # type: ignore[attr-defined]


def test_a_game_at_five_seats_comes_back_after_a_reload(page: Page, served: Served) -> None:
    open_table(page, served, lang="en", game="durak", players="5")
    for _ in range(3):
        page.wait_for_selector(READY)
        page.locator(READY).first.click()
    page.wait_for_selector(READY)
    counts = page.locator(f"{SEATS} .count").all_inner_texts()
    hand = page.locator("#hand .card").evaluate_all("cs => cs.map(c => c.dataset.card)")
    page.reload()
    page.wait_for_selector(READY)
    expect(page.locator(SEATS)).to_have_count(4)
    assert page.locator(f"{SEATS} .count").all_inner_texts() == counts
    assert page.locator("#hand .card").evaluate_all("cs => cs.map(c => c.dataset.card)") == hand
    assert page.errors == []  # type: ignore[attr-defined]


def test_the_lessons_of_a_bigger_table_on_the_page(page: Page, served: Served) -> None:
    page.set_viewport_size(PHONE)
    open_table(page, served, lang="ru")
    page.wait_for_selector("#welcome:not([hidden])")
    page.locator("[data-panel='learn']").click()
    page.locator("[data-learn-table='perevodnoy']").click()
    page.wait_for_selector("#board [data-move]")
    check_seats(page, 2)
    page.locator("#board [data-move^='attack:']").first.click()
    expect(page.locator("#lesson-next")).to_be_visible()
    assert page.errors == []  # type: ignore[attr-defined]
