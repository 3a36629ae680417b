"""RULES.md chapter 5 (Schnapsen, a match of deals) and the Schnapsen bullets
of chapter 2, bullet by bullet.

Every deal is dealt from an explicit deck (``helpers.schnapsen_deck``:
non-dealer's five cards, dealer's five, the indicator, the stock top first)
or, for later deals, from the seed's SplitMix64 stream, recomputed here with
the tests' own SplitMix64. Moves are played and exact values asserted; the
comments give the points after each trick.

| RULES.md bullet                        | test(s)                                                 |
|----------------------------------------|---------------------------------------------------------|
| 2 one PRNG stream for the whole match  | test_seeded_match_continues_the_stream,                 |
|                                        | test_match_countdown_dealer_and_stream                  |
| 2 explicit deck = deal 1; later deals  | test_match_countdown_dealer_and_stream,                 |
| from the seed's stream (0 if none)     | test_explicit_deck_and_seed_later_deals_from_seed       |
| 2 seed and deck both: the deck decides | test_explicit_deck_and_seed_later_deals_from_seed       |
| the first deal                         |                                                         |
| 2 neither: an OS seed, recorded        | test_no_seed_no_deck_records_a_replayable_seed          |
| 5 Match: 7 match points, subtract,     | test_match_countdown_dealer_and_stream                  |
| clamp at 0, first to 0 wins            |                                                         |
| 5 Match: seat 1 deals first,           | test_setup_deal_order,                                  |
| alternate; non-dealer leads            | test_match_countdown_dealer_and_stream                  |
| 5 Setup: 3 + 3, indicator, 2 + 2,      | test_setup_deal_order                                   |
| stock of 9 + indicator                 |                                                         |
| 5 Tricks: stock open, no obligation to | test_free_play_while_stock_open                         |
| follow or trump                        |                                                         |
| 5 Tricks: higher card of the led suit  | test_trick_winner                                       |
| wins unless trumped; higher trump wins |                                                         |
| 5 Tricks: winner draws first, loser    | test_winner_draws_first                                 |
| second                                 |                                                         |
| 5 Tricks: last two: winner the face-   | test_last_two_cards_and_exhaustion,                     |
| down card, loser the indicator;        | test_exchange_with_two_cards_left                       |
| exhausted                              |                                                         |
| 5 Tricks: the trick winner leads       | test_winner_draws_first, test_trick_winner              |
| 5 Strict: follow suit and beat if      | test_strict_rules_after_close                           |
| possible                               |                                                         |
| 5 Strict: holding the suit but unable  | test_strict_rules_after_close                           |
| to beat: a lower card of it            |                                                         |
| 5 Strict: no card of the suit: a trump | test_strict_rules_after_close,                          |
| if held                                | test_last_two_cards_and_exhaustion                      |
| 5 Strict: otherwise any card           | test_strict_rules_any_card                              |
| 5 Strict: apply once exhausted or      | test_last_two_cards_and_exhaustion,                     |
| closed                                 | test_strict_rules_after_close                           |
| 5 exchange: stock open, leader with    | test_exchange, test_exchange_only_for_the_leader,       |
| the trump jack; jack becomes indicator | test_exchange_with_two_cards_left                       |
| 5 close: stock open, leader with 5     | test_close_before_first_trick,                          |
| cards, also before the first trick     | test_close_records_opponent_points                      |
| 5 close: strict at once; opponent's    | test_strict_rules_after_close,                          |
| points and trick recorded              | test_close_records_opponent_points,                     |
|                                        | test_pending_marriage_not_recorded_at_close             |
| 5 exchange before close, not after     | test_exchange, test_no_exchange_after_close             |
| 5 exchange and close do not end the    | test_exchange                                           |
| turn                                   |                                                         |
| 5 play:C leads or follows              | (every test)                                            |
| 5 marriage: K or Q with its partner,   | test_marriage_declaration,                              |
| 20 / 40, optional, first lead, after   | test_marriage_after_exhaustion,                         |
| close/exhaustion                       | test_closer_reaches_66_one_point                        |
| 5 marriage: each suit once per player  | test_marriage_declaration (the partner is gone after    |
|                                        | leading one)                                            |
| 5 marriage points pending until a      | test_marriage_declaration,                              |
| trick is won                           | test_pending_marriage_not_recorded_at_close             |
| 5 66: points = tricks + marriages      | test_marriage_declaration, test_reached_66_one_point    |
| (once a trick is won)                  |                                                         |
| 5 66: after a trick for its winner     | test_reached_66_three_points,                           |
|                                        | test_reached_66_two_points                              |
| 5 66: right after a marriage, before   | test_reached_66_by_marriage_before_answer,              |
| the answer                             | test_match_countdown_dealer_and_stream                  |
| 5 66: closer's opponent by marriage =  | test_opponent_reaches_66_by_marriage                    |
| opponent first                         |                                                         |
| 5 game points: not closed, 66: 1 / 2 / | test_reached_66_one_point, test_reached_66_two_points,  |
| 3                                      | test_reached_66_three_points                            |
| 5 game points: not closed, played out: | test_last_trick_wins_one_point                          |
| last trick 1, no ten bonus             |                                                         |
| 5 game points: closed, closer reaches  | test_closer_reaches_66_one_point,                       |
| 66: 1/2/3 by recorded values           | test_closer_reaches_66_two_points,                      |
|                                        | test_closer_reaches_66_uses_recorded_values             |
| 5 game points: closer fails: opponent  | test_closer_fails_three_points,                         |
| 2, or 3 without trick at close         | test_closer_fails_two_points                            |
| 5 game points: opponent reaches 66     | test_opponent_reaches_66_first,                         |
| first: 2 or 3                          | test_opponent_reaches_66_by_marriage                    |
"""

from __future__ import annotations

from typing import Any

import cardavia
import pytest
from cardavia import IllegalMoveError
from helpers import (
    SCHNAPSEN_CARDS,
    SplitMix64,
    new,
    play_all,
    schnapsen_deck,
    schnapsen_points,
    shuffled,
)

CANONICAL = list(SCHNAPSEN_CARDS)  # seat 0: JS QS KS KH TH, seat 1: TS AS JH AH JD; trump H


def state(game: Any) -> dict[str, Any]:
    result: dict[str, Any] = game.to_dict()
    return result


def deal_hands(order: list[str], dealer: int) -> list[list[str]]:
    """RULES.md 5, Setup, written again: the hands a deck order deals."""
    key = SCHNAPSEN_CARDS.index
    hands: list[list[str]] = [[], []]
    hands[1 - dealer] = sorted(order[0:3] + order[7:9], key=key)
    hands[dealer] = sorted(order[3:6] + order[9:11], key=key)
    return hands


def closed(by: int, points: int, won_trick: bool, *, tricks: int) -> dict[str, Any]:
    """The record of a close: RULES.md's opponent points and trick flag, plus
    the number of tricks played when the stock was closed (docs/SCHEMA.md)."""
    return {"by": by, "opponent_points": points, "opponent_won_trick": won_trick, "tricks": tricks}


def briefs(d: dict[str, Any]) -> list[dict[str, Any]]:
    """Who won each finished deal, for how many game points and why; the
    deal records' other fields are checked in "deal records" below."""
    return [{key: deal[key] for key in ("winner", "game_points", "reason")} for deal in d["deals"]]


def moves(text: str) -> list[str]:
    return text.split()


def finish_deal(g: Any) -> None:
    """Play the first legal move until the current deal ends."""
    deals = len(state(g)["deals"])
    while len(state(g)["deals"]) == deals:
        g.play(g.legal_moves()[0])


# ------------------------------------------------------------------ setup


def test_setup_deal_order() -> None:
    g = new("schnapsen", CANONICAL)
    d = state(g)
    assert d["hands"] == [["JS", "QS", "KS", "KH", "TH"], ["TS", "AS", "JH", "AH", "JD"]]
    assert d["indicator"] == "QH" and d["trump"] == "H"
    assert d["stock"] == ["QD", "KD", "TD", "AD", "JC", "QC", "KC", "TC", "AC"]
    assert d["dealer"] == 1 and d["leader"] == 0 and g.current_player == 0
    assert d["match_points"] == [7, 7] and d["deals"] == [] and d["seed"] is None
    obs = g.observation(1)
    assert obs["stock_size"] == 10 and obs["exhausted"] is False and obs["indicator"] == "QH"
    assert g.legal_moves() == [
        "close", "marriage:KS", "marriage:QS",
        "play:JS", "play:KH", "play:KS", "play:QS", "play:TH",
    ]  # fmt: skip


def test_free_play_while_stock_open() -> None:
    g = new("schnapsen", CANONICAL)
    g.play("play:KS")
    # Seat 1 could beat with TS/AS or trump with JH/AH, but need not.
    assert g.legal_moves() == ["play:AH", "play:AS", "play:JD", "play:JH", "play:TS"]
    g.play("play:JD")
    assert state(g)["tricks"] == [["KS", "JD", 0]]


@pytest.mark.parametrize(
    ("lead", "follow", "winner"),
    [
        ("KS", "AS", 1),  # same suit, higher
        ("KS", "TS", 1),  # the ten ranks above the king
        ("QS", "JD", 0),  # another plain suit never wins
        ("KS", "JH", 1),  # a trump on a plain card
        ("TH", "JH", 0),  # a lower trump on a trump
        ("KH", "AH", 1),  # a higher trump on a trump
    ],
)
def test_trick_winner(lead: str, follow: str, winner: int) -> None:
    g = new("schnapsen", CANONICAL)
    play_all(g, [f"play:{lead}", f"play:{follow}"])
    d = state(g)
    assert d["tricks"] == [[lead, follow, winner]]
    assert d["leader"] == winner and g.current_player == winner
    points = {"J": 2, "Q": 3, "K": 4, "T": 10, "A": 11}
    expected = [0, 0]
    expected[winner] = points[lead[0]] + points[follow[0]]
    assert g.observation(0)["points"] == expected


def test_winner_draws_first() -> None:
    g = new("schnapsen", CANONICAL)
    play_all(g, ["play:KS", "play:AS"])  # seat 1 wins: it draws QD, seat 0 KD
    d = state(g)
    assert d["hands"] == [["JS", "QS", "KH", "TH", "KD"], ["TS", "JH", "AH", "JD", "QD"]]
    assert d["stock"] == ["TD", "AD", "JC", "QC", "KC", "TC", "AC"]
    assert d["leader"] == 1
    g = new("schnapsen", CANONICAL)
    play_all(g, ["play:JS", "play:JD"])  # seat 0 wins: it draws QD, seat 1 KD
    d = state(g)
    assert d["hands"] == [["QS", "KS", "KH", "TH", "QD"], ["TS", "AS", "JH", "AH", "KD"]]


# Trump C (TC turned up). Seat 0 wins five cheap tricks; nobody comes near 66.
LAST_DECK = schnapsen_deck(
    ["QS", "KS", "QH", "KH", "QD"],
    ["JS", "JH", "JD", "KD", "TD"],
    "TC",
    ["TS", "AS", "TH", "AH", "AD", "QC", "JC", "KC", "AC"],
)
LAST_LINE = moves(
    "play:QS play:JS play:QH play:JH play:KS play:JD play:KH play:KD"  # 5 10 16 24
)


def test_last_two_cards_and_exhaustion() -> None:
    g = new("schnapsen", LAST_DECK)
    play_all(g, LAST_LINE)
    d = state(g)
    assert d["stock"] == ["AC"] and d["indicator"] == "TC"
    assert d["hands"] == [["TS", "TH", "QD", "AD", "JC"], ["AS", "AH", "TD", "QC", "KC"]]
    assert g.observation(0)["stock_size"] == 2
    play_all(g, ["play:QD", "play:AS"])  # seat 0 wins (38 points)
    d = state(g)
    # The winner takes the face-down AC, the loser the indicator TC.
    assert d["hands"] == [["TS", "TH", "AD", "JC", "AC"], ["AH", "TD", "QC", "KC", "TC"]]
    assert d["stock"] == [] and d["indicator"] is None and d["trump"] == "C"
    assert d["known"] == [[], ["TC"]]
    obs = g.observation(0)
    assert obs["exhausted"] is True and obs["stock_size"] == 0 and obs["points"] == [38, 0]
    # Exhausted: no close, no exchange (seat 0 holds the trump jack JC), strict rules.
    assert g.legal_moves() == ["play:AC", "play:AD", "play:JC", "play:TH", "play:TS"]
    g.play("play:TS")
    assert g.legal_moves() == ["play:KC", "play:QC", "play:TC"]  # no spade: trump


def test_exchange_with_two_cards_left() -> None:
    g = new("schnapsen", LAST_DECK)
    play_all(g, LAST_LINE)
    assert "exchange" in g.legal_moves()  # two cards left: the stock is still open
    g.play("exchange")
    d = state(g)
    assert d["indicator"] == "JC" and d["known"] == [["TC"], []]
    assert d["hands"][0] == ["TS", "TH", "QD", "AD", "TC"]
    play_all(g, ["play:QD", "play:AS"])
    d = state(g)
    assert d["hands"][0] == ["TS", "TH", "AD", "TC", "AC"]
    assert d["hands"][1] == ["AH", "TD", "JC", "QC", "KC"]
    assert d["known"] == [["TC"], ["JC"]] and d["indicator"] is None


# ----------------------------------------------------------- strict rules

# Trump C (JC turned up).
STRICT_DECK = schnapsen_deck(["QS", "AH", "JD", "KC", "AC"], ["KS", "TS", "JH", "QC", "TC"], "JC")


@pytest.mark.parametrize(
    ("lead", "answers"),
    [
        ("QS", ["play:KS", "play:TS"]),  # follow suit and beat
        ("AH", ["play:JH"]),  # follow suit, cannot beat: a lower card of it
        ("JD", ["play:QC", "play:TC"]),  # no diamond: a trump
        ("KC", ["play:TC"]),  # a trump led: beat it with a higher trump
        ("AC", ["play:QC", "play:TC"]),  # a trump led, cannot beat: a lower trump
    ],
)
def test_strict_rules_after_close(lead: str, answers: list[str]) -> None:
    g = new("schnapsen", STRICT_DECK)
    open_game = g.clone()
    open_game.play(f"play:{lead}")
    assert open_game.legal_moves() == [
        "play:JH", "play:KS", "play:QC", "play:TC", "play:TS",
    ]  # fmt: skip
    g.play("close")
    assert g.current_player == 0  # closing does not end the turn
    g.play(f"play:{lead}")
    assert g.legal_moves() == answers


def test_strict_rules_any_card() -> None:
    g = new(
        "schnapsen",
        schnapsen_deck(["JD", "QD", "KD", "AC", "AH"], ["KS", "TS", "JH", "QH", "AS"], "JC"),
    )
    play_all(g, ["close", "play:JD"])
    # No diamond and no trump: any card.
    assert g.legal_moves() == ["play:AS", "play:JH", "play:KS", "play:QH", "play:TS"]
    play_all(g, ["play:JH"])  # seat 0 wins; leads the trump AC
    g.play("play:AC")
    assert g.legal_moves() == ["play:AS", "play:KS", "play:QH", "play:TS"]


# ---------------------------------------------------------- exchange, close

# Trump C (AC turned up); seat 0 holds the trump jack.
EXCHANGE_DECK = schnapsen_deck(["JC", "QS", "KS", "TH", "AD"], ["JS", "TS", "AS", "JH", "QH"], "AC")


def test_exchange() -> None:
    g = new("schnapsen", EXCHANGE_DECK)
    assert g.legal_moves() == [
        "close", "exchange", "marriage:KS", "marriage:QS",
        "play:AD", "play:JC", "play:KS", "play:QS", "play:TH",
    ]  # fmt: skip
    g.play("exchange")
    d = state(g)
    assert d["hands"][0] == ["QS", "KS", "TH", "AD", "AC"]
    assert d["indicator"] == "JC" and d["trump"] == "C"
    assert d["exchange"] == {"seat": 0, "jack": "JC", "took": "AC"}
    assert d["known"] == [["AC"], []]
    assert g.observation(1)["known"][0] == ["AC"] and g.observation(1)["indicator"] == "JC"
    # The turn goes on: close is still possible, then the lead.
    assert g.current_player == 0
    assert g.legal_moves() == [
        "close", "marriage:KS", "marriage:QS",
        "play:AC", "play:AD", "play:KS", "play:QS", "play:TH",
    ]  # fmt: skip
    g.play("close")
    assert g.current_player == 0
    assert g.legal_moves() == [
        "marriage:KS", "marriage:QS", "play:AC", "play:AD", "play:KS", "play:QS", "play:TH",
    ]  # fmt: skip
    g.play("play:AC")
    assert g.legal_moves() == ["play:AS", "play:JH", "play:JS", "play:QH", "play:TS"]


def test_no_exchange_after_close() -> None:
    g = new("schnapsen", EXCHANGE_DECK)
    g.play("close")
    assert "exchange" not in g.legal_moves() and "close" not in g.legal_moves()
    before = state(g)
    with pytest.raises(IllegalMoveError) as info:
        g.play("exchange")
    assert info.value.legal == g.legal_moves() and state(g) == before


def test_exchange_only_for_the_leader() -> None:
    g = new("schnapsen", CANONICAL)  # seat 1 holds JH, the trump jack
    g.play("play:KS")
    assert "exchange" not in g.legal_moves()  # seat 1 follows: no exchange
    g.play("play:AS")  # seat 1 wins and leads
    assert g.legal_moves()[:2] == ["close", "exchange"]
    g.play("exchange")
    d = state(g)
    assert d["hands"][1] == ["TS", "QH", "AH", "JD", "QD"] and d["indicator"] == "JH"
    assert d["exchange"] == {"seat": 1, "jack": "JH", "took": "QH"}


def test_close_before_first_trick() -> None:
    g = new("schnapsen", CANONICAL)
    g.play("close")
    d = state(g)
    assert d["closed"] == closed(0, 0, False, tricks=0)
    assert g.observation(1)["closed"] == d["closed"] and g.current_player == 0
    play_all(g, ["play:KS", "play:AS"])  # strict: seat 1 must beat with TS or AS
    d = state(g)
    assert len(d["stock"]) == 9 and d["indicator"] == "QH"  # no drawing once closed
    assert d["hands"] == [["JS", "QS", "KH", "TH"], ["TS", "JH", "AH", "JD"]]
    assert "close" not in g.legal_moves()


def test_close_records_opponent_points() -> None:
    g = new("schnapsen", CANONICAL)
    play_all(g, ["play:KS", "play:AS"])  # seat 1: 15
    play_all(g, ["play:JD", "play:KD"])  # seat 0: 6
    assert g.current_player == 0 and g.observation(0)["points"] == [6, 15]
    g.play("close")
    assert state(g)["closed"] == closed(0, 15, True, tricks=2)
    assert g.observation(0)["stock_size"] == 6


# -------------------------------------------------------------- marriages


def test_marriage_declaration() -> None:
    g = new("schnapsen", CANONICAL)
    assert "play:KS" in g.legal_moves()  # declaring is optional
    g.play("marriage:KS")  # on the first lead
    d = state(g)
    assert d["lead"] == "KS" and d["marriages"] == [["S"], []]
    assert d["known"] == [["QS"], []]  # the partner is shown
    obs = g.observation(1)
    assert obs["pending_points"] == [20, 0] and obs["points"] == [0, 0]
    g.play("play:AS")  # seat 1 wins the trick: 15
    obs = g.observation(0)
    assert obs["points"] == [0, 15] and obs["pending_points"] == [20, 0]
    play_all(g, ["play:JD", "play:KD"])  # seat 0 wins 6: the marriage counts now
    obs = g.observation(0)
    assert obs["points"] == [26, 15] and obs["pending_points"] == [0, 0]
    # Each suit once: seat 0 still holds QS, but the king has gone.
    assert "QS" in state(g)["hands"][0]
    assert not any(m.startswith("marriage:") for m in g.legal_moves())


def test_pending_marriage_not_recorded_at_close() -> None:
    g = new("schnapsen", CANONICAL)
    play_all(g, ["marriage:KS", "play:AS", "close"])
    assert state(g)["closed"] == closed(1, 0, False, tricks=1)
    g.play("play:JD")
    assert g.legal_moves() == ["play:KD"]  # strict: beat the jack of diamonds
    g.play("play:KD")
    assert g.observation(0)["points"] == [26, 15]
    assert state(g)["closed"]["opponent_points"] == 0


def test_marriage_after_exhaustion() -> None:
    g = new("schnapsen", LAST_DECK)
    play_all(g, LAST_LINE)
    play_all(g, ["play:QD", "play:TD"])  # seat 1 wins the fifth trick: stock exhausted
    d = state(g)
    assert d["indicator"] is None and d["leader"] == 1
    assert d["hands"][1] == ["AS", "AH", "QC", "KC", "AC"]  # it drew the face-down AC
    assert "marriage:KC" in g.legal_moves() and "marriage:QC" in g.legal_moves()
    g.play("marriage:QC")
    assert g.observation(0)["points"] == [24, 13 + 40]  # 40 in trumps, a trick won


# ------------------------------------------------------- deals and points

# Trump C (JC turned up).
REACH_DECK = schnapsen_deck(
    ["AS", "TS", "AH", "TH", "AD"],
    ["JH", "QH", "KH", "JD", "QD"],
    "JC",
    ["KS", "QS", "JS", "KD", "TD", "QC", "KC", "TC", "AC"],
)
REACH_LINE = moves(
    "play:AS play:JH play:TS play:QH play:AH play:KH play:TH play:JD play:AD play:QD"
)  # seat 0: 13 26 41 53 67


def test_reached_66_three_points() -> None:
    g = new("schnapsen", REACH_DECK)
    play_all(g, REACH_LINE[:8])
    assert g.observation(0)["points"] == [53, 0] and state(g)["deals"] == []
    play_all(g, REACH_LINE[8:])
    d = state(g)
    assert briefs(d) == [{"winner": 0, "game_points": 3, "reason": "reached_66"}]
    assert d["match_points"] == [4, 7] and g.outcome is None


def test_reached_66_two_points() -> None:
    g = new(
        "schnapsen",
        schnapsen_deck(["JD", "AS", "AH", "AD", "KS"], ["QD", "TS", "TH", "TD", "JS"], "JC"),
    )
    # seat 1 wins 5; then seat 0: 21 42 63 69
    play_all(g, moves("play:JD play:QD play:TS play:AS play:AH play:TH play:AD play:TD"))
    assert g.observation(0)["points"] == [63, 5]
    play_all(g, ["play:KS", "play:JS"])
    assert briefs(state(g)) == [{"winner": 0, "game_points": 2, "reason": "reached_66"}]


def test_reached_66_one_point() -> None:
    g = new(
        "schnapsen",
        schnapsen_deck(["TS", "TH", "AD", "KC", "QC"], ["AS", "AH", "TD", "JS", "JH"], "TC"),
    )
    # seat 1: 21 42; seat 0: 21, then the trump marriage (pending no more)
    play_all(g, moves("play:TS play:AS play:AH play:TH play:TD play:AD"))
    assert g.observation(0)["points"] == [21, 42]
    g.play("marriage:QC")
    assert g.observation(0)["points"] == [61, 42] and state(g)["deals"] == []
    g.play("play:JS")  # 61 + 3 + 2 = 66 after the trick
    assert briefs(state(g)) == [{"winner": 0, "game_points": 1, "reason": "reached_66"}]


def test_reached_66_by_marriage_before_answer() -> None:
    g = new(
        "schnapsen",
        schnapsen_deck(["AS", "AH", "KC", "QC", "JD"], ["TS", "TH", "JS", "JH", "QD"], "JC"),
    )
    play_all(g, moves("play:AS play:TS play:AH play:TH"))  # seat 0: 21 42
    g.play("marriage:KC")  # 42 + 40 = 82: the deal ends before seat 1 answers
    d = state(g)
    assert briefs(d) == [{"winner": 0, "game_points": 3, "reason": "reached_66"}]
    assert g.history[-1] == "marriage:KC" and d["tricks"] == [] and d["lead"] is None
    assert d["dealer"] == 0 and g.current_player == 1  # the next deal


LAST_TRICK_LINE = moves(
    "play:AS play:JD play:AH play:QD play:JS play:KD play:KS play:QS "  # seat 0: 13 27 33 40
    "play:AD play:QC "  # seat 1 trumps: 14; it draws AC, seat 0 the indicator JC
    "play:KH play:TH "  # strict: seat 0 must beat the king with its ten: 54
    "play:KC play:TC play:JH play:JC play:TS play:AC "  # seat 1 28, seat 0 58, seat 1 49
    "play:QH play:TD"  # the last trick: seat 1 62
)


def test_last_trick_wins_one_point() -> None:
    g = new("schnapsen", REACH_DECK)
    play_all(g, LAST_TRICK_LINE[:10])
    d = state(g)
    assert d["indicator"] is None and "JC" in d["hands"][0] and d["known"] == [["JC"], []]
    g.play("play:KH")
    assert g.legal_moves() == ["play:TH"]
    play_all(g, LAST_TRICK_LINE[11:-1])
    before = state(g)
    assert [schnapsen_points(before, 0), schnapsen_points(before, 1)] == [58, 49]
    assert g.observation(0)["points"] == [58, 49]
    g.play(LAST_TRICK_LINE[-1])
    # Seat 1 ends with 62 of 120: no 66, and no ten-point bonus for the last trick.
    assert briefs(state(g)) == [{"winner": 1, "game_points": 1, "reason": "last_trick"}]
    assert state(g)["match_points"] == [7, 6]


def test_closer_reaches_66_uses_recorded_values() -> None:
    g = new(
        "schnapsen",
        schnapsen_deck(["AS", "AH", "AD", "TC", "JS"], ["TS", "TH", "TD", "QS", "KH"], "JC"),
    )
    g.play("close")
    assert state(g)["closed"] == closed(0, 0, False, tricks=0)
    g.play("play:AS")
    assert g.legal_moves() == ["play:QS", "play:TS"]
    play_all(g, moves("play:TS play:AH play:TH"))  # seat 0: 21 42
    g.play("play:JS")
    assert g.legal_moves() == ["play:QS"]
    g.play("play:QS")  # seat 1 wins a trick after the close: 5
    play_all(g, moves("play:TD play:AD"))  # seat 0: 63
    assert g.observation(0)["tricks_won"] == [3, 1]
    play_all(g, moves("play:TC play:KH"))  # seat 0: 77
    # Recorded at the close: no trick for seat 1, so 3 game points.
    assert briefs(state(g)) == [{"winner": 0, "game_points": 3, "reason": "closer_reached_66"}]


def test_closer_reaches_66_one_point() -> None:
    g = new(
        "schnapsen",
        schnapsen_deck(
            ["TS", "JH", "AD", "KC", "QC"],
            ["AS", "TH", "JD", "AH", "KD"],
            "JC",
            ["JS", "TC", "QS", "AC", "KS", "QH"],
        ),
    )
    play_all(g, moves("play:TS play:AS play:TH play:JH play:JD play:AD"))  # 21 33; seat 0 13
    assert g.observation(0)["points"] == [13, 33]
    assert state(g)["hands"] == [["KS", "QC", "KC", "TC", "AC"], ["JS", "QS", "QH", "AH", "KD"]]
    g.play("close")
    assert state(g)["closed"] == closed(0, 33, True, tricks=3)
    g.play("marriage:KC")  # a marriage after the close: 13 + 40 = 53
    assert state(g)["deals"] == []
    g.play("play:AH")  # no club: any card; 53 + 15 = 68
    assert briefs(state(g)) == [{"winner": 0, "game_points": 1, "reason": "closer_reached_66"}]


def test_closer_reaches_66_two_points() -> None:
    g = new(
        "schnapsen",
        schnapsen_deck(
            ["TS", "AD", "KC", "QC", "JH"],
            ["AS", "JD", "TH", "QS", "KD"],
            "JC",
            ["QH", "JS", "KS", "KH"],
        ),
    )
    play_all(g, moves("play:TS play:AS play:JD play:AD"))  # seat 1: 21; seat 0: 13
    g.play("close")
    assert state(g)["closed"] == closed(0, 21, True, tricks=2)
    g.play("marriage:KC")  # 53
    assert g.legal_moves() == ["play:KD", "play:KH", "play:QH", "play:QS", "play:TH"]
    g.play("play:TH")  # 53 + 14 = 67; the opponent had a trick and 21 < 33
    assert briefs(state(g)) == [{"winner": 0, "game_points": 2, "reason": "closer_reached_66"}]


def test_closer_fails_three_points() -> None:
    g = new(
        "schnapsen",
        schnapsen_deck(["JS", "JH", "JD", "QS", "QH"], ["KS", "KH", "KD", "QD", "JC"], "AC"),
    )
    g.play("close")
    g.play("play:JS")
    assert g.legal_moves() == ["play:KS"]
    play_all(g, moves("play:KS play:KH"))
    assert g.legal_moves() == ["play:JH", "play:QH"]
    play_all(g, moves("play:JH play:KD play:JD play:QD"))
    assert g.legal_moves() == ["play:QH", "play:QS"]
    play_all(g, moves("play:QS play:JC play:QH"))  # seat 1: 29 points in all
    assert briefs(state(g)) == [{"winner": 1, "game_points": 3, "reason": "closer_failed"}]


def test_closer_fails_two_points() -> None:
    g = new(
        "schnapsen",
        schnapsen_deck(
            ["QS", "JD", "KS", "QH", "JS"],
            ["JH", "KD", "QD", "KH", "JC"],
            "AC",
            ["QC", "KC", "TS", "AS"],
        ),
    )
    play_all(g, moves("play:QS play:JH play:JD play:KD"))  # seat 0: 5; seat 1: 6
    g.play("close")  # seat 1 closes; seat 0 has won a trick
    assert state(g)["closed"] == closed(1, 5, True, tricks=2)
    # 46 card points are left in the hands: neither seat can reach 66 now.
    finish_deal(g)
    assert briefs(state(g)) == [{"winner": 0, "game_points": 2, "reason": "closer_failed"}]


def test_opponent_reaches_66_first() -> None:
    g = new(
        "schnapsen",
        schnapsen_deck(["JS", "KH", "JD", "QS", "QH"], ["AS", "AH", "AD", "TS", "TH"], "JC"),
    )
    g.play("close")
    play_all(g, moves("play:JS play:AS play:AH play:KH play:AD play:JD play:TS play:QS"))
    assert g.observation(0)["points"] == [0, 54]
    play_all(g, moves("play:TH play:QH"))  # the last trick: 67, before "played out"
    assert briefs(state(g)) == [{"winner": 1, "game_points": 3, "reason": "opponent_reached_66"}]


def test_opponent_reaches_66_by_marriage() -> None:
    g = new(
        "schnapsen",
        schnapsen_deck(
            ["TS", "QD", "JH", "KH", "AD"],
            ["AS", "JD", "TH", "KC", "QC"],
            "JC",
            ["JS", "KS", "KD", "QS"],
        ),
    )
    play_all(g, moves("play:TS play:AS play:JD play:QD"))  # seat 1: 21; seat 0: 5
    g.play("close")
    assert state(g)["closed"] == closed(0, 21, True, tricks=2)
    g.play("play:JH")
    assert g.legal_moves() == ["play:TH"]
    g.play("play:TH")  # seat 1: 33
    g.play("marriage:QC")  # 33 + 40: the closer's opponent reaches 66 first
    assert briefs(state(g)) == [{"winner": 1, "game_points": 2, "reason": "opponent_reached_66"}]


# ------------------------------------------------------------ deal records

ENGINES = ("reference", "rust")


def record(
    winner: int,
    game_points: int,
    reason: str,
    *,
    trump: str,
    points: list[int],
    tricks_won: list[int],
    last_trick: list[Any],
    match_points: list[int],
    marriages: tuple[list[str], list[str]] = ([], []),
    marriage_points: tuple[int, int] = (0, 0),
    pending_points: tuple[int, int] = (0, 0),
    closed_by: int | None = None,
) -> dict[str, Any]:
    """A deal record of docs/SCHEMA.md, every value given."""
    return {
        "winner": winner,
        "game_points": game_points,
        "reason": reason,
        "trump": trump,
        "points": points,
        "tricks_won": tricks_won,
        "marriages": [list(marriages[0]), list(marriages[1])],
        "marriage_points": list(marriage_points),
        "pending_points": list(pending_points),
        "last_trick": last_trick,
        "closed_by": closed_by,
        "match_points": match_points,
    }


def finished(engine: str, deck: list[str], line: list[str]) -> dict[str, Any]:
    """The record of the deal ``line`` ends, in both the state and every
    observation, though the next deal is on the table already."""
    g = cardavia.new_game("schnapsen", deck=deck, engine=engine)
    play_all(g, line[:-1])
    assert state(g)["deals"] == []
    g.play(line[-1])
    d = state(g)
    assert len(d["deals"]) == 1 and d["tricks"] == []
    for seat in (0, 1):
        assert g.observation(seat)["deals"] == d["deals"]
    deal: dict[str, Any] = d["deals"][0]
    return deal


@pytest.mark.parametrize("engine", ENGINES)
def test_record_a_marriage_that_came_due(engine: str) -> None:
    # Seat 0 declares spades (20 pending) and loses the trick; its first
    # trick makes them count: 12 + 20, 52, then 66.
    line = moves("marriage:KS play:AS play:JD play:TH play:TD play:TS play:QS play:AD")
    assert finished(engine, CANONICAL, line) == record(
        0, 2, "reached_66", trump="H", points=[66, 15], tricks_won=[3, 1],
        marriages=(["S"], []), marriage_points=(20, 0), last_trick=["QS", "AD", 0],
        match_points=[5, 7],
    )  # fmt: skip


@pytest.mark.parametrize("engine", ENGINES)
def test_record_a_marriage_that_never_counted(engine: str) -> None:
    # Seat 0 declares spades and never wins a trick: its 20 stay pending.
    line = moves("marriage:KS play:JH play:AH play:KH play:AS play:AD play:TD play:JS play:JD")
    assert finished(engine, CANONICAL, [*line, "play:TC"]) == record(
        1, 3, "reached_66", trump="H", points=[0, 67], tricks_won=[0, 5],
        marriages=(["S"], []), pending_points=(20, 0), last_trick=["JD", "TC", 1],
        match_points=[7, 4],
    )  # fmt: skip


@pytest.mark.parametrize("engine", ENGINES)
def test_record_reached_66_by_a_marriage(engine: str) -> None:
    # 42 + 40 ends the deal at the declaration: the last trick is the one before.
    deck = schnapsen_deck(["AS", "AH", "KC", "QC", "JD"], ["TS", "TH", "JS", "JH", "QD"], "JC")
    line = moves("play:AS play:TS play:AH play:TH marriage:KC")
    assert finished(engine, deck, line) == record(
        0, 3, "reached_66", trump="C", points=[82, 0], tricks_won=[2, 0],
        marriages=(["C"], []), marriage_points=(40, 0), last_trick=["AH", "TH", 0],
        match_points=[4, 7],
    )  # fmt: skip


@pytest.mark.parametrize("engine", ENGINES)
def test_record_the_last_trick(engine: str) -> None:
    # Every card played: 58 and 62 make 120; seat 1 won the tenth trick.
    assert finished(engine, REACH_DECK, LAST_TRICK_LINE) == record(
        1, 1, "last_trick", trump="C", points=[58, 62], tricks_won=[6, 4],
        last_trick=["QH", "TD", 1], match_points=[7, 6],
    )  # fmt: skip


@pytest.mark.parametrize("engine", ENGINES)
def test_record_a_closer_who_failed(engine: str) -> None:
    # Seat 0 closes at once and wins no trick; seat 1 ends with 29.
    deck = schnapsen_deck(["JS", "JH", "JD", "QS", "QH"], ["KS", "KH", "KD", "QD", "JC"], "AC")
    line = moves("close play:JS play:KS play:KH play:JH play:KD play:JD play:QD play:QS play:JC")
    assert finished(engine, deck, [*line, "play:QH"]) == record(
        1, 3, "closer_failed", trump="C", points=[0, 29], tricks_won=[0, 5],
        last_trick=["JC", "QH", 1], closed_by=0, match_points=[7, 4],
    )  # fmt: skip


@pytest.mark.parametrize("engine", ENGINES)
def test_record_the_last_deal_of_the_match(engine: str) -> None:
    g = cardavia.new_game("schnapsen", deck=REACH_DECK, engine=engine)
    play_all(g, REACH_LINE)
    first = record(
        0, 3, "reached_66", trump="C", points=[67, 0], tricks_won=[5, 0],
        last_trick=["AD", "QD", 0], match_points=[4, 7],
    )  # fmt: skip
    assert state(g)["deals"] == [first]
    play_all(g, moves("close play:AH play:JH play:JD play:TD play:KH play:AD"))
    play_all(g, moves("play:TS play:TC play:AS play:QH"))
    second = state(g)["deals"][1]
    assert (second["reason"], second["closed_by"]) == ("closer_failed", 1)
    assert second["match_points"] == [1, 7]
    # Deal 3 (trump H): 20, 42, 50, then the marriage of diamonds: 70.
    play_all(g, moves("play:TC play:TD play:AC play:AD play:KH play:KS marriage:KD"))
    last = record(
        0, 3, "reached_66", trump="H", points=[70, 0], tricks_won=[3, 0],
        marriages=(["D"], []), marriage_points=(20, 0), last_trick=["KH", "KS", 0],
        match_points=[0, 7],
    )  # fmt: skip
    d = state(g)
    assert d["deals"] == [first, second, last]
    assert g.outcome == {"winner": 0, "match_points": [0, 7], "deals": [first, second, last]}
    # The deal stays as it ended, and its record says so.
    obs = g.observation(1)
    assert obs["points"] == last["points"] and obs["tricks"][-1] == last["last_trick"]
    assert cardavia.from_dict(d, engine=engine).to_dict() == d


# ------------------------------------------------------------------ match


def test_match_countdown_dealer_and_stream() -> None:
    g = new("schnapsen", REACH_DECK)  # no seed: later deals from seed 0's stream
    play_all(g, REACH_LINE)
    stream = SplitMix64(0)
    deal2 = shuffled(SCHNAPSEN_CARDS, stream)
    d = state(g)
    assert d["match_points"] == [4, 7] and d["dealer"] == 0 and d["leader"] == 1
    assert d["hands"] == deal_hands(deal2, dealer=0)
    assert d["indicator"] == deal2[6] and d["stock"] == deal2[11:20]
    assert d["deck"] == REACH_DECK  # "deck" stays the first deal's order
    # Deal 2: seat 1 closes at once and fails: seat 0 had no trick, 3 points.
    play_all(g, moves("close play:AH play:JH play:JD play:TD play:KH play:AD"))
    play_all(g, moves("play:TS play:TC play:AS play:QH"))
    deal3 = shuffled(SCHNAPSEN_CARDS, stream)
    d = state(g)
    assert briefs(d)[-1] == {"winner": 0, "game_points": 3, "reason": "closer_failed"}
    assert d["match_points"] == [1, 7] and d["dealer"] == 1 and d["leader"] == 0
    assert d["hands"] == deal_hands(deal3, dealer=1) and d["indicator"] == deal3[6]
    # Deal 3 (trump H): 20, 42, 50, then the marriage of diamonds: 70, 3 game points.
    play_all(g, moves("play:TC play:TD play:AC play:AD play:KH play:KS marriage:KD"))
    expected_deals = [
        {"winner": 0, "game_points": 3, "reason": "reached_66"},
        {"winner": 0, "game_points": 3, "reason": "closer_failed"},
        {"winner": 0, "game_points": 3, "reason": "reached_66"},
    ]
    assert g.outcome is not None and g.outcome["winner"] == 0
    assert g.outcome["match_points"] == [0, 7] and briefs(g.outcome) == expected_deals
    assert g.is_over and g.current_player is None and g.legal_moves() == []
    assert state(g)["match_points"] == [0, 7]  # 1 - 3 is clamped at 0
    with pytest.raises(IllegalMoveError, match="over"):
        g.play("play:JS")


def test_seeded_match_continues_the_stream() -> None:
    g = cardavia.new_game("schnapsen", seed=7, engine="reference")
    stream = SplitMix64(7)
    deal1 = shuffled(SCHNAPSEN_CARDS, stream)
    d = state(g)
    assert d["deck"] == deal1 and d["hands"] == deal_hands(deal1, dealer=1)
    finish_deal(g)
    deal2 = shuffled(SCHNAPSEN_CARDS, stream)  # the same stream, continued
    d = state(g)
    assert d["dealer"] == 0 and d["hands"] == deal_hands(deal2, dealer=0)
    assert d["stock"] == deal2[11:20] and d["rng"] == stream.s
    finish_deal(g)
    deal3 = shuffled(SCHNAPSEN_CARDS, stream)
    d = state(g)
    assert d["dealer"] == 1 and d["hands"] == deal_hands(deal3, dealer=1)


def test_no_seed_no_deck_records_a_replayable_seed() -> None:
    g = cardavia.new_game("schnapsen", engine="reference")
    seed = state(g)["seed"]
    assert isinstance(seed, int) and 0 <= seed < 2**64
    assert state(g)["deck"] == shuffled(SCHNAPSEN_CARDS, SplitMix64(seed))
    finish_deal(g)
    replay = cardavia.new_game("schnapsen", seed=seed, engine="reference")
    play_all(replay, g.history)
    assert state(replay) == state(g)


def test_explicit_deck_and_seed_later_deals_from_seed() -> None:
    g = cardavia.new_game("schnapsen", seed=5, deck=REACH_DECK, engine="reference")
    d = state(g)
    assert d["deck"] == REACH_DECK and d["seed"] == 5
    assert d["hands"] == deal_hands(REACH_DECK, dealer=1)
    play_all(g, REACH_LINE)
    deal2 = shuffled(SCHNAPSEN_CARDS, SplitMix64(5))  # the stream's first draws
    assert state(g)["hands"] == deal_hands(deal2, dealer=0)
