"""The player's record on the web: the ``stats`` message and its answer,
the rating change in the end-of-game box, bad requests and damaged record
files, and the Record panel in Chromium."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from browser_server import Served
from cardavia_cli.play import rating
from cardavia_cli.play.record_file import record_path
from playwright.sync_api import Page, expect
from starlette.testclient import TestClient
from test_web_browser import OVER, open_table, play_by_clicking, shoot
from web_helpers import Table, first_move, table


def play_a_game(opened: Table, game: str = "durak") -> dict[str, Any]:
    """A whole game at level easy (the options' level); its last state."""
    first = opened.ask(type="new", game=game)[-1]
    return opened.play_out(first, first_move)[-1]


def test_stats_before_any_game(client: TestClient) -> None:
    with table(client) as opened:
        answer = opened.ask_one(type="stats")
    assert answer["type"] == "stats" and answer["games"] == []
    assert answer["empty"].startswith("No finished games yet")
    assert answer["notice"] is None
    assert not record_path().exists()


def test_the_end_of_a_game_shows_the_rating_change(client: TestClient) -> None:
    with table(client) as opened:
        last = play_a_game(opened)
        summary = last["summary"]
        assert summary["final"] is True
        change = summary["rating"]
        assert change["game"] == "durak" and change["level"] == "easy" and change["before"] == 1500
        easy = rating.LEVEL_RATINGS["durak"]["easy"]
        assert change["level_rating"] == easy
        assert any(line.startswith("Your rating in Durak: ") for line in summary["lines"])
        answer = opened.ask_one(type="stats")
    [durak] = answer["games"]
    assert durak["game"] == "durak" and durak["rated_games"] == 1
    assert durak["rating"] == change["after"]
    easy_row = next(row for row in durak["rows"] if row["level"] == "easy")
    total = durak["rows"][-1]
    assert total["level"] is None and total["label"] == "all levels"
    assert easy_row["games"] == total["games"] == 1
    assert easy_row["wins"] + easy_row["draws"] + easy_row["losses"] == 1
    assert answer["columns"][0][0] == "level"


def test_the_record_speaks_the_page_language(client: TestClient) -> None:
    with table(client, lang="ru") as opened:
        last = play_a_game(opened, "schnapsen")
        assert any("Ваш рейтинг в игре «Шнапсен»" in line for line in last["summary"]["lines"])
        answer = opened.ask_one(type="stats", game="schnapsen")
    assert answer["heading"] == "Статистика"
    [game] = answer["games"]
    assert game["heading"] == "Ваша статистика в игре «Шнапсен»"
    assert game["note"] is not None and "партия" in game["note"]
    assert "Серия (лучшая)" in dict(answer["columns"]).values()


def test_a_replay_of_the_game_changes_nothing(client: TestClient) -> None:
    with table(client) as opened:
        last = play_a_game(opened)
        before = record_path().read_text()
        opened.ask_one(type="replay", file=last["file"])
        opened.ask_one(type="step", index=3)
        assert opened.error(type="resume", file=last["file"])["kind"] == "finished"
    assert record_path().read_text() == before


def test_bad_stats_requests_are_refused(client: TestClient) -> None:
    with table(client) as opened:
        assert opened.error(type="stats", game="poker")["kind"] == "unknown_game"
        assert opened.error(type="stats", extra=1)["kind"] == "unknown_field"
        assert opened.error(type="stats", game=3)["kind"] == "wrong_type"
    assert not record_path().exists()


def test_a_damaged_record_is_reported_on_the_page(client: TestClient) -> None:
    path = record_path()
    path.parent.mkdir(parents=True)
    path.write_text("not a record")
    with table(client, lang="de") as opened:
        answer = opened.ask_one(type="stats")
    assert "ist nicht verwendbar" in answer["notice"]
    assert path.with_name("record.json.bad").read_text() == "not a record"


def test_a_newer_record_is_left_alone(client: TestClient) -> None:
    path = record_path()
    path.parent.mkdir(parents=True)
    text = json.dumps({"format": "cardavia-record", "schema": 5})
    path.write_text(text)
    with table(client) as opened:
        answer = opened.ask_one(type="stats")
        assert "newer version" in answer["notice"] and answer["games"] == []
        last = play_a_game(opened)
    assert last["summary"]["rating"] is None
    assert "This game is not counted in your record." in last["summary"]["lines"]
    assert path.read_text() == text


# ------------------------------------------------------------ the browser


def test_the_record_panel_shows_the_game(
    page: Page, served: Served, artifacts: Path, tmp_path: Path
) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    open_table(page, served, lang="en", game="durak")
    play_by_clicking(page)
    expect(page.locator(OVER)).to_be_visible()
    expect(page.locator("#outcome-lines")).to_contain_text("Your rating in Durak: ")
    page.locator("[data-panel='record']").click()
    panel = page.locator("#extra[data-kind='record']")
    expect(panel).to_be_visible()
    record = panel.locator("table.record[data-game='durak']")
    expect(record).to_be_visible()
    expect(record.locator("caption")).to_have_text("Your record in Durak")
    expect(record.locator("tr.total td[data-column='games']")).to_have_text("1")
    expect(panel.locator("p.rating")).to_contain_text("after 1 rated game")
    fits = "t => t.parentElement.scrollWidth <= t.parentElement.clientWidth"
    assert record.evaluate(fits), "the record's table is cut at the panel's edge"
    shoot(page, artifacts / "record-panel.png")
    page.set_viewport_size({"width": 360, "height": 740})
    page.locator("[data-panel='record']").click()  # closes
    page.locator("[data-panel='record']").click()  # and opens again
    expect(record).to_be_visible()
    assert record.evaluate(fits)
    shoot(page, artifacts / "record-panel-phone.png")
    assert page.errors == []  # type: ignore[attr-defined]
