"""A Schnapsen deal ends before the next begins (issue 24, item 4): the
state of the move that ended a deal carries that deal's table as it ended
(its last trick on the table, the record's points and match), beside the
next deal's, which the page shows only once the player goes on."""

from __future__ import annotations

import itertools
import random
from typing import Any

import cardavia
import pytest
from cardavia_cli.web.connection import card_view
from cardavia_cli.web.deal_end import deal_end_json
from starlette.testclient import TestClient
from web_helpers import first_move, table

VIEW = card_view("schnapsen")


def test_the_move_that_ends_a_deal_carries_the_deal_as_it_ended(client: TestClient) -> None:
    with table(client) as opened:
        first = opened.ask_one(type="new", game="schnapsen")
        messages = opened.play_out(first, first_move)
    states = [m for m in messages if m["type"] == "state"]
    ends = [(before, m) for before, m in itertools.pairwise(states) if m.get("summary")]
    deals = [(before, m) for before, m in ends if not m["summary"]["final"]]
    assert deals, "a match has more than one deal"
    for before, message in deals:
        ended = message["summary"]["table"]
        shown = ended["schnapsen"]
        # The ended deal, not the next one: its number, no move, no turn.
        assert shown["deal"] == before["view"]["schnapsen"]["deal"]
        assert message["view"]["schnapsen"]["deal"] != shown["deal"]
        assert ended["moves"] == [] and ended["turn"] is None
        assert ended["turn_text"] == message["summary"]["lines"][0]
        # The trick that ended it lies on the table, with the card just played;
        # or the marriage that did, led, beside the trick before it.
        last = message["last"]
        if last["kind"] == "marriage":
            assert shown["trick"] is None and shown["lead"]["id"] == last["card"]
            cards = [last["card"]]
        else:
            trick = shown["trick"]
            assert trick is not None and shown["lead"] is None and shown["last_trick"] is None
            cards = [card["id"] for card in trick["cards"]]
            assert last["card"] in cards
            won = f", won by {'you' if trick['winner'] == 0 else 'the computer'}"
            assert won in " ".join(message["summary"]["lines"])
        assert not {card["id"] for card in ended["hand"]} & set(cards)
        # The record's figures: the summary's points and match.
        you, them = shown["points"]
        assert (
            f"Points (cards and marriages): you {you} · computer {them}"
            in (message["summary"]["lines"])
        )
        assert shown["match"] == message["view"]["schnapsen"]["match"]
    # The match's end keeps its last trick on the table, face up.
    final = states[-1]
    assert final["summary"]["final"] and "table" not in final["summary"]
    end = final["view"]["schnapsen"]
    assert end["trick"] is not None or end["lead"] is not None


def match_until(policy: str, seed: int) -> tuple[dict[str, Any], dict[str, Any], int, str]:
    """Play a seeded match, a marriage whenever one may be declared (else a
    random move), until a deal ends by ``policy`` ("marriage" or "play");
    the observations before and after that move, its seat and the move."""
    g = cardavia.new_game("schnapsen", seed=seed)
    pick = random.Random(seed)
    while not g.is_over:
        before = g.observation(0)
        moves = g.legal_moves()
        marriages = [m for m in moves if m.startswith("marriage:")]
        move = marriages[0] if marriages else pick.choice(moves)
        seat = int(g.current_player)  # type: ignore[arg-type]
        g.play(move)
        after = g.observation(0)
        if len(after["deals"]) > len(before["deals"]) and move.startswith(policy):
            return before, after, seat, move
    raise LookupError(seed)


def first_match(policy: str) -> tuple[dict[str, Any], dict[str, Any], int, str]:
    for seed in range(200):
        try:
            return match_until(policy, seed)
        except LookupError:
            continue
    pytest.fail(f"no seed ends a deal by {policy}")


def test_a_deal_ended_by_a_marriage_keeps_the_card_led() -> None:
    before, after, seat, move = first_match("marriage:")
    card = move.partition(":")[2]
    ended = deal_end_json(before, after, seat, move, VIEW)
    assert ended is not None
    shown = ended["schnapsen"]
    assert shown["lead"]["id"] == card and shown["leader"] == seat
    assert shown["trick"] is None
    # The last trick is the one before the declaration, as the record says.
    record = after["deals"][-1]
    assert [c["id"] for c in shown["last_trick"]["cards"]] == record["last_trick"][:2]
    held = [c["id"] for c in ended["hand"] + ended["opponent"]["known"]]
    assert card not in held
    assert ended["opponent"]["count"] == before["hand_sizes"][1] - (seat == 1)
    assert [[m["suit"] for m in suits] for suits in shown["marriages"]] == record["marriages"]


def test_a_deal_ended_by_a_trick_shows_the_trick_and_the_record() -> None:
    before, after, seat, move = first_match("play:")
    ended = deal_end_json(before, after, seat, move, VIEW)
    assert ended is not None
    record = after["deals"][-1]
    shown = ended["schnapsen"]
    trick = shown["trick"]
    assert [c["id"] for c in trick["cards"]] == record["last_trick"][:2]
    assert trick["winner"] == record["last_trick"][2] and trick["leader"] == before["leader"]
    assert shown["points"] == record["points"] and shown["match"] == record["match_points"]
    assert shown["pending"] == record["pending_points"]
    sizes = list(before["hand_sizes"])
    sizes[seat] -= 1
    assert (len(ended["hand"]), ended["opponent"]["count"]) == tuple(sizes)


def test_a_move_that_ends_no_deal_has_no_deal_table() -> None:
    g = cardavia.new_game("schnapsen", seed=4)
    before = g.observation(0)
    move = g.legal_moves()[0]
    seat = int(g.current_player)  # type: ignore[arg-type]
    g.play(move)
    assert deal_end_json(before, g.observation(0), seat, move, VIEW) is None
    durak = cardavia.new_game("durak", seed=4)
    obs = durak.observation(0)
    assert deal_end_json(obs, obs, 0, "take", card_view("durak")) is None


def test_a_replay_shows_a_deal_as_it_ended(client: TestClient) -> None:
    with table(client) as opened:
        first = opened.ask_one(type="new", game="schnapsen")
        messages = opened.play_out(first, first_move)
        states = [m for m in messages if m["type"] == "state"]
        ends = [m["moves_played"] for m in states if m["summary"] and not m["summary"]["final"]]
        assert ends
        # Saved from its first move: the file is named by the later states.
        opened.ask_one(type="replay", file=states[-1]["file"])
        for index in ends:
            step = opened.ask_one(type="step", index=index)
            ended = step["view"]["schnapsen"]
            assert step["view"]["moves"] == [] and step["view"]["turn"] is None
            assert ended["trick"] is not None or ended["lead"] is not None
            after = opened.ask_one(type="step", index=index + 1)
            assert after["view"]["schnapsen"]["deal"] != ended["deal"]
