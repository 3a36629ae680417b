"""RULES.md chapter 4 (transferable Durak, perevodnoy), bullet by bullet.

Chapter 3 holds in perevodnoy too: the chapter-3 tests marked (both) in
``test_rules_durak.py`` run for both games. Positions are dealt from explicit
decks or reached by real play from one (``helpers.endgame``).

| RULES.md bullet                        | test(s)                                                 |
|----------------------------------------|---------------------------------------------------------|
| 4 everything of chapter 3 holds        | test_rules_durak.py (both);                             |
|                                        | test_classic_durak_has_no_transfer                      |
| 4 transfer: same rank, only before any | test_transfer_offered_before_any_defence,               |
| defence in the bout                    | test_no_transfer_after_a_defence                        |
| 4 transfer legal only if attacks <= 6  | test_transfer_needs_room_in_new_defender_hand,          |
| and <= new defender's hand             | test_at_most_four_attacks_before_a_defence              |
| 4 roles swap; the new defender faces   | test_transfers_back_and_forth                           |
| every attack card                      |                                                         |
| 4 new limit = min(6, new defender's    | test_transfers_back_and_forth,                          |
| hand at the transfer)                  | test_transfer_needs_room_in_new_defender_hand           |
| 4 open attacks beaten one at a time,   | test_transfers_back_and_forth                           |
| oldest first                           |                                                         |
| 4 transfers back and forth while the   | test_transfers_back_and_forth                           |
| conditions hold                        |                                                         |
| 4 after a transfer the new defender    | test_new_attacker_adds_only_when_all_beaten,            |
| moves; additions only once all are     | test_transfers_back_and_forth                           |
| beaten                                 |                                                         |
| 4 a transfer may empty the             | test_transfer_may_empty_the_hand,                       |
| transferring seat's hand               | test_transfer_emptying_the_hand_then_take               |
| 4 attacker at the bout's end draws     | test_transfers_back_and_forth,                          |
| first; after a take the attacker of    | test_idle_bout_with_stock_left                          |
| the ended bout attacks again           |                                                         |
| 4 idle bouts: take with nothing drawn  | test_idle_bout_with_stock_left,                         |
| adds one, any other bout resets        | test_idle_bouts_reach_fifty_draw                        |
| 4 50 idle bouts: a draw, checked after | test_idle_bouts_reach_fifty_draw,                       |
| the normal end check                   | test_normal_end_checked_before_idle_draw                |
| 4 engines may count idle bouts in      | test_rules_durak.py: test_limit_is_min_of_six_and_defe  |
| classic Durak                          | nder_hand                                               |
"""

from __future__ import annotations

from typing import Any

import cardavia
import pytest
from cardavia import IllegalMoveError
from helpers import durak_deck, endgame, new, play_all

# Trump D (6D turned up, at the bottom of the stock); seat 0 holds the trumps 7D 8D.
BACK_HAND0 = ["7S", "7D", "AS", "AH", "8D", "AC"]
BACK_HAND1 = ["7H", "7C", "8H", "9H", "6S", "6C"]
BACK_STOCK = ["KS", "KH", "KC", "QS", "QH", "QC", "JS", "JH"]


def state(game: Any) -> dict[str, Any]:
    result: dict[str, Any] = game.to_dict()
    return result


def back_game(game: str = "perevodnoy") -> Any:
    return new(game, durak_deck(BACK_HAND0, BACK_HAND1, "6D", BACK_STOCK))


def test_classic_durak_has_no_transfer() -> None:
    g = back_game("durak")
    g.play("attack:7S")
    assert g.legal_moves() == ["take"]
    with pytest.raises(IllegalMoveError):
        g.play("transfer:7H")


def test_transfer_offered_before_any_defence() -> None:
    g = back_game()
    g.play("attack:7S")
    # Seat 1 cannot beat 7S (no higher spade, no trump) but holds two sevens.
    assert g.legal_moves() == ["take", "transfer:7C", "transfer:7H"]
    with pytest.raises(IllegalMoveError):
        g.play("transfer:8H")  # another rank


def test_transfers_back_and_forth() -> None:
    g = back_game()
    g.play("attack:7S")
    g.play("transfer:7H")
    d = state(g)
    assert d["attacker"] == 1 and g.current_player == 0
    assert d["table"] == [["7S", None], ["7H", None]]
    assert d["limit"] == 5  # min(6, seat 0's five cards)
    # 7D, a trump, could also beat 7S; or it transfers.
    assert g.legal_moves() == ["defend:7D", "defend:8D", "defend:AS", "take", "transfer:7D"]
    g.play("transfer:7D")
    d = state(g)
    assert d["attacker"] == 0 and g.current_player == 1 and d["limit"] == 5
    assert g.legal_moves() == ["take", "transfer:7C"]  # 4 attacks <= seat 0's 4 cards
    g.play("transfer:7C")
    d = state(g)
    assert d["attacker"] == 1 and g.current_player == 0
    assert d["limit"] == 4  # min(6, seat 0's 4 cards at the moment of the transfer)
    assert d["table"] == [["7S", None], ["7H", None], ["7D", None], ["7C", None]]
    # Oldest first: every defence answers the oldest unbeaten attack.
    assert g.legal_moves() == ["defend:8D", "defend:AS", "take"]  # against 7S
    g.play("defend:AS")
    assert g.current_player == 0
    assert g.legal_moves() == ["defend:8D", "defend:AH", "take"]  # against 7H
    g.play("defend:AH")
    assert g.legal_moves() == ["defend:8D", "take"]  # against the trump 7D
    g.play("defend:8D")
    assert g.legal_moves() == ["defend:AC", "take"]  # against 7C
    g.play("defend:AC")
    d = state(g)
    assert d["table"] == [["7S", "AS"], ["7H", "AH"], ["7D", "8D"], ["7C", "AC"]]
    # Seat 1 holds 8H (an 8 is on the table) but 4 attacks reach the limit 4.
    assert g.current_player == 1 and "8H" in d["hands"][1]
    assert g.legal_moves() == ["stop"]
    g.play("stop")
    d = state(g)
    assert d["discard"] == ["7S", "AS", "7H", "AH", "7D", "8D", "7C", "AC"]
    # Seat 1, attacker when the bout ended, draws first (KS KH), then seat 0.
    assert d["hands"][1] == ["6S", "KS", "8H", "9H", "KH", "6C"]
    assert d["hands"][0] == ["JS", "QS", "JH", "QH", "QC", "KC"]
    assert d["attacker"] == 0 and d["limit"] == 6 and d["idle_bouts"] == 0


def test_new_attacker_adds_only_when_all_beaten() -> None:
    g = back_game()
    play_all(g, ["attack:7S", "transfer:7H"])
    before = state(g)
    with pytest.raises(IllegalMoveError) as info:
        g.play("attack:7C")  # seat 1 is now the attacker, but attacks are open
    assert info.value.legal == g.legal_moves()
    assert state(g) == before
    g.play("defend:AS")
    assert g.current_player == 0  # 7H is still open
    g.play("defend:AH")
    assert g.current_player == 1
    # Ranks 7 and A on the table: seat 1 may add 7C now (2 attacks < limit 5).
    assert g.legal_moves() == ["attack:7C", "stop"]


def test_no_transfer_after_a_defence() -> None:
    # Trump C; seat 0 holds 6C, the only trump, and attacks.
    g = new(
        "perevodnoy",
        durak_deck(
            ["7S", "7H", "9D", "TD", "JD", "6C"], ["8S", "7D", "8H", "9H", "KS", "KH"], "AC"
        ),
    )
    g.play("attack:7S")
    assert g.legal_moves() == ["defend:8S", "defend:KS", "take", "transfer:7D"]
    g.play("defend:8S")
    assert g.legal_moves() == ["attack:7H", "stop"]
    g.play("attack:7H")
    # A defence card is on the table: 7D may no longer transfer.
    assert g.legal_moves() == ["defend:8H", "defend:9H", "defend:KH", "take"]
    with pytest.raises(IllegalMoveError):
        g.play("transfer:7D")


# Stock empty, trump C, seat 0 to attack.
ROOM_FINAL0 = ["8H", "9D", "TS", "JH", "7S", "6C"]
ROOM_FINAL1 = ["9H", "TD", "JS", "QH", "7D", "AD"]
ROOM_LINE = ["attack:8H", "defend:9H", "attack:9D", "defend:TD", "attack:TS", "defend:JS"]


def test_transfer_needs_room_in_new_defender_hand() -> None:
    g = endgame("perevodnoy", ROOM_FINAL0, ROOM_FINAL1, "6C")
    play_all(g, [*ROOM_LINE, "stop", "attack:7D"])
    d = state(g)
    assert d["hands"] == [["7S", "JH", "6C"], ["QH", "AD"]]
    # Two attacks after the transfer, seat 1 would hold two cards: allowed.
    assert g.legal_moves() == ["defend:6C", "take", "transfer:7S"]
    g.play("transfer:7S")
    d = state(g)
    assert d["attacker"] == 0 and d["limit"] == 2 and g.current_player == 1

    g = endgame("perevodnoy", ROOM_FINAL0, ROOM_FINAL1, "6C")
    play_all(g, [*ROOM_LINE, "attack:JH", "defend:QH", "stop", "attack:7D"])
    d = state(g)
    assert d["hands"] == [["7S", "6C"], ["AD"]]
    # Two attacks but seat 1 would hold one card: no transfer.
    assert g.legal_moves() == ["defend:6C", "take"]
    with pytest.raises(IllegalMoveError):
        g.play("transfer:7S")


def test_at_most_four_attacks_before_a_defence() -> None:
    # The "at most 6" condition never binds: before a defence every attack
    # shares one rank, so four sevens are the most a bout can transfer.
    g = back_game()
    play_all(g, ["attack:7S", "transfer:7H", "transfer:7D", "transfer:7C"])
    assert len(state(g)["table"]) == 4
    assert not any(m.startswith("transfer:") for m in g.legal_moves())


# Stock empty, trump C (8C drawn last by seat 0), seat 0 to attack.
EMPTY_FINAL0 = ["6S", "6H", "6D", "8S", "8C", "7H"]
EMPTY_FINAL1 = ["9S", "9C", "7S", "KH", "KD", "AS"]
EMPTY_LINE = [
    "attack:6S",
    "take",
    "attack:6H",
    "attack:6D",
    "stop",
    "attack:8S",
    "defend:9S",
    "attack:8C",
    "defend:9C",
    "stop",
    "attack:7S",
]


def empty_game() -> Any:
    g = endgame("perevodnoy", EMPTY_FINAL0, EMPTY_FINAL1, "8C")
    play_all(g, EMPTY_LINE)
    d = state(g)
    assert d["hands"][0] == ["7H"] and d["attacker"] == 1
    assert d["table"] == [["7S", None]]
    return g


def test_transfer_may_empty_the_hand() -> None:
    g = empty_game()
    assert g.legal_moves() == ["take", "transfer:7H"]
    g.play("transfer:7H")
    d = state(g)
    assert d["hands"][0] == [] and not g.is_over  # the bout goes on
    assert d["attacker"] == 0 and g.current_player == 1 and d["limit"] == 6
    assert g.legal_moves() == ["defend:AS", "take"]
    g.play("defend:AS")
    assert g.legal_moves() == ["defend:KH", "take"]
    g.play("defend:KH")
    assert g.legal_moves() == ["stop"] and g.current_player == 0 and not g.is_over
    g.play("stop")
    assert g.outcome == {"winner": 0, "loser": 1, "draw": False, "reason": "last_cards"}
    assert state(g)["hands"] == [[], ["6S", "6H", "6D", "KD"]]


def test_transfer_emptying_the_hand_then_take() -> None:
    g = empty_game()
    play_all(g, ["transfer:7H", "take"])
    assert g.legal_moves() == ["stop"] and not g.is_over
    g.play("stop")
    assert g.outcome == {"winner": 0, "loser": 1, "draw": False, "reason": "last_cards"}


def test_idle_bout_with_stock_left() -> None:
    # Trump D (KD turned up); seat 0 holds 6D, the only trump in the hands.
    deck = durak_deck(
        ["6S", "7S", "9C", "TC", "JC", "6D"], ["7H", "8H", "9H", "TH", "JH", "QH"], "KD",
        ["8C", "AS", "AH"],
    )  # fmt: skip
    g = new("perevodnoy", deck)
    g.play("attack:6S")
    assert g.legal_moves() == ["take"]
    play_all(g, ["take", "stop"])
    assert state(g)["idle_bouts"] == 0  # seat 0 drew 8C
    g.play("attack:7S")
    assert g.legal_moves() == ["take", "transfer:7H"]
    g.play("transfer:7H")
    assert g.legal_moves() == ["defend:6D", "take"]
    g.play("take")
    assert g.legal_moves() == ["stop"]
    g.play("stop")
    d = state(g)
    assert d["hands"][0] == ["7S", "7H", "6D", "8C", "9C", "TC", "JC"]
    assert len(d["hands"][1]) == 6 and len(d["stock"]) == 23
    assert d["idle_bouts"] == 1  # a take and nobody drew, though the stock is not empty
    assert d["attacker"] == 1  # the transferring seat attacked when the bout ended
    play_all(g, ["attack:8H", "defend:6D", "stop"])
    d = state(g)
    assert d["idle_bouts"] == 0 and d["attacker"] == 0
    assert d["hands"][1] == ["6S", "AS", "9H", "TH", "JH", "QH"]  # seat 1 drew AS
    assert d["stock"][0] == "AH" and len(d["stock"]) == 22


# Stock empty, trump C, seat 0 to attack; two sevens each.
IDLE_FINAL0 = ["7S", "7H", "8S", "9S", "TS", "6C"]
IDLE_FINAL1 = ["7D", "7C", "8H", "9H", "TH", "JH"]


def idle_bout(g: Any) -> None:
    """Attack with a seven, transfer a seven back, take, stop: nothing drawn."""
    g.play(next(m for m in g.legal_moves() if m.startswith("attack:7")))
    g.play(next(m for m in g.legal_moves() if m.startswith("transfer:")))
    g.play("take")
    g.play("stop")


def test_idle_bouts_reach_fifty_draw() -> None:
    g = endgame("perevodnoy", IDLE_FINAL0, IDLE_FINAL1, "6C")
    for bout in range(1, 50):
        idle_bout(g)
        assert state(g)["idle_bouts"] == bout and not g.is_over
    d = state(g)
    assert d["attacker"] == 1 and len(d["hands"][0]) == 7 and len(d["hands"][1]) == 5
    idle_bout(g)
    d = state(g)
    assert d["idle_bouts"] == 50 and d["hands"][0] and d["hands"][1]
    assert g.outcome == {"winner": None, "loser": None, "draw": True, "reason": "idle_bouts"}
    assert g.legal_moves() == [] and g.current_player is None


def test_normal_end_checked_before_idle_draw() -> None:
    g = endgame("perevodnoy", IDLE_FINAL0, IDLE_FINAL1, "6C")
    for _ in range(45):
        idle_bout(g)
    d = state(g)
    assert d["idle_bouts"] == 45 and d["attacker"] == 1
    assert d["hands"][1] == ["8H", "9H", "TH", "JH", "7D"]
    # Seat 1 sheds its cards one bout at a time; seat 0 takes each: idle bouts.
    for card in ["8H", "9H", "TH", "JH"]:
        play_all(g, [f"attack:{card}", "take", "stop"])
    d = state(g)
    assert d["idle_bouts"] == 49 and d["hands"][1] == ["7D"] and not g.is_over
    play_all(g, ["attack:7D", "take", "stop"])
    # The 50th idle bout empties seat 1's hand: the normal end wins over the draw.
    assert g.outcome == {"winner": 1, "loser": 0, "draw": False, "reason": "last_cards"}


@pytest.mark.parametrize("engine", ["reference", "rust"])
def test_the_observation_says_whether_a_transfer_is_possible(engine: str) -> None:
    def can_transfer(g: Any) -> list[bool]:
        return [g.observation(seat)["can_transfer"] for seat in (0, 1)]

    deck = durak_deck(BACK_HAND0, BACK_HAND1, "6D", BACK_STOCK)
    g = cardavia.new_game("perevodnoy", deck=deck, engine=engine)
    assert can_transfer(g) == [False, False]
    g.play("attack:7S")
    # A public fact: both seats see it, whatever the defender holds.
    assert can_transfer(g) == [True, True]
    g.play("transfer:7H")
    assert can_transfer(g) == [True, True]
    g.play("defend:AS")
    assert can_transfer(g) == [False, False]
    classic = cardavia.new_game("durak", deck=deck, engine=engine)
    classic.play("attack:7S")
    assert can_transfer(classic) == [False, False]

    # The new defender (seat 1) would hold one card against two attacks.
    reached = endgame("perevodnoy", ROOM_FINAL0, ROOM_FINAL1, "6C").to_dict()
    g = cardavia.new_game("perevodnoy", deck=reached["deck"], engine=engine)
    play_all(g, [*reached["history"], *ROOM_LINE, "attack:JH", "defend:QH", "stop", "attack:7D"])
    assert can_transfer(g) == [False, False]
    g = cardavia.new_game("perevodnoy", deck=reached["deck"], engine=engine)
    play_all(g, [*reached["history"], *ROOM_LINE, "stop", "attack:7D"])
    assert can_transfer(g) == [True, True]
    # After the transfer the new defender beats 7D with its ace; the limit
    # of 2 is reached.
    g.play("transfer:7S")
    o = g.observation(1)
    assert (o["open_attack"], o["beating"], o["adds_left"]) == ("7D", ["AD"], 0)
