"""The page shares the terminal's table (issue 15): a deal's summary comes
with the move that ended it and the end of a game with the computer's hand;
hints say what their numbers are; replays analyse at the game's level, from
the mover's seat; typed words and their refusals; the discards."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cardavia_cli.play.saves import load_log
from cli_helpers import StandIn
from starlette.testclient import TestClient
from web_helpers import first_move, table


def test_a_deal_summary_comes_with_the_move_that_ended_it(client: TestClient) -> None:
    with table(client) as opened:
        first = opened.ask_one(type="new", game="schnapsen")
        messages = opened.play_out(first, first_move)
    summaries = [m["summary"] for m in messages if m.get("summary")]
    deals = [s for s in summaries if not s["final"]]
    assert deals, "a match has more than one deal"
    for number, summary in enumerate(deals, 1):
        assert summary["heading"] == f"Deal {number} is over"
        assert summary["next"] == "Next deal"
        assert any(
            line.startswith("Points (cards and marriages): you") for line in summary["lines"]
        )
        assert any(line.startswith("Match (from 7 down to 0)") for line in summary["lines"])
    final = messages[-1]
    assert (
        final["summary"]["final"]
        and final["summary"]["heading"] == f"Deal {len(deals) + 1} is over"
    )
    assert final["view"]["schnapsen"]["deal"] == f"· deal {len(deals) + 1}"


def test_the_end_of_a_durak_game_shows_the_computers_hand(client: TestClient) -> None:
    with table(client) as opened:
        first = opened.ask_one(type="new", game="durak")
        messages = opened.play_out(first, first_move)
    final = messages[-1]
    assert final["summary"] == {
        "heading": "The game is over",
        "lines": final["summary"]["lines"],
        "final": True,
        "rating": final["summary"]["rating"],
    }
    opponent = final["view"]["opponent"]
    assert opponent["revealed"] and len(opponent["known"]) == opponent["count"]
    assert [m for m in messages[:-1] if m.get("summary")] == []


def test_a_hint_says_what_its_numbers_are(client: TestClient) -> None:
    with table(client) as opened:
        opened.ask_one(type="new", game="schnapsen")
        hint = opened.ask_one(type="hint")
    assert "to win the match" in hint["heading"]
    assert all(row["text"].endswith(f"{row['percent']}%") for row in hint["rows"])


def test_a_hint_lists_every_move_by_its_chance(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 24: sorted by the figure shown; a barely tried move has none."""

    def analyse(self: StandIn, observation: dict[str, Any], seed: int) -> list[dict[str, Any]]:
        moves = list(observation["legal_moves"])
        values = [0.4, 0.7, *([0.5] * len(moves))]
        visits = [9000, 3000, *([2] * len(moves))]
        return [{"move": m, "visits": visits[i], "value": values[i]} for i, m in enumerate(moves)]

    monkeypatch.setattr(StandIn, "analyse", analyse)
    with table(client) as opened:
        state = opened.ask_one(type="new", game="durak")
        # A turn with a choice: a forced move is played on (the deal is random).
        while state["view"]["turn"] != "you" or len(state["view"]["moves"]) < 2:
            if state["view"]["turn"] == "you":
                opened.send(type="move", move=state["view"]["moves"][0]["move"])
            state = opened.receive()
        hint = opened.ask_one(type="hint")
    rows = hint["rows"]
    legal = [m["move"] for m in state["view"]["moves"]]
    assert sorted(row["move"] for row in rows) == sorted(legal)
    assert [row["percent"] for row in rows[:2]] == [70, 40]
    assert all(row["percent"] is None for row in rows[2:])
    assert all("barely tried" in row["text"] for row in rows[2:])
    # The suggestion is still the most visited move, the search's choice.
    assert hint["best"].endswith(rows[1]["label"])


def test_a_replay_analyses_at_the_games_level(
    client: TestClient, games_dir: Path, stand_ins: list[StandIn]
) -> None:
    with table(client) as opened:
        opened.send(type="settings", level="hard")
        assert opened.receive()["type"] == "strings"
        first = opened.ask_one(type="new", game="durak")
        name = opened.play_out(first, first_move)[-1]["file"]
        replay = opened.ask_one(type="replay", file=name)
        assert "at level hard" in replay["note"] and "both hands are shown" in replay["note"]
        total = replay["total"]
        lines = [opened.ask_one(type="step", index=i)["analysis"] for i in range(1, total + 1)]
    assert stand_ins[-1].level == "hard"
    assert any("from your seat" in line for line in lines)
    assert any("from its seat" in line for line in lines)
    log = load_log(games_dir / name)
    forced = sum(1 for line in lines if line == "The only possible move.")
    assert forced >= 1 and len(lines) == len(log.moves)


def test_typed_words_and_refusals(client: TestClient) -> None:
    with table(client, lang="de") as opened:
        state = opened.ask_one(type="new", game="durak")
        while state["view"]["turn"] != "you" or not state["view"]["durak"]["pairs"]:
            state = opened.ask(type="move", move=first_move(state["view"]))[-1]
        moves = [m["move"] for m in state["view"]["moves"]]
        word = "aufnehmen" if "take" in moves else "fertig"
        answer = opened.ask(type="text", text=word.upper())[0]
        assert answer["type"] == "state" and answer["last"]["move"] in ("take", "stop")
        error = opened.ask_one(type="text", text="weitergeben")
    assert error["type"] == "error" and error["kind"] == "not_understood"
    assert "Weitergeben" in error["text"] or "weitergeben" in error["text"]


def test_the_discards_are_in_the_view(client: TestClient) -> None:
    with table(client) as opened:
        state = opened.ask_one(type="new", game="durak")
        while state["view"]["durak"]["discard"] == 0 and state["view"]["outcome"] is None:
            state = opened.ask(type="move", move=first_move(state["view"]))[-1]
        durak = state["view"]["durak"]
        assert len(durak["discard_cards"]) == durak["discard"]
        info = opened.ask_one(type="text", text="discards")
    assert info["type"] == "info" and info["text"].startswith("Discard pile (")
    assert json.dumps(durak["discard_cards"])
