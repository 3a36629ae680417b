"""RULES.md chapters 2 (seeded deals) and 3 (classic Durak), bullet by bullet.

Every position is dealt from an explicit deck (``helpers.durak_deck``) or
reached by real play from one (``helpers.endgame``: two scripted bouts of
six beaten attacks empty the stock), then moves are played and exact
values asserted. Schnapsen's own chapter-2 bullets are in
``test_rules_schnapsen.py``; the chapter-3 rules that chapter 4 inherits
are run for both ``durak`` and ``perevodnoy`` where marked (both).

| RULES.md bullet                        | test(s)                                                 |
|----------------------------------------|---------------------------------------------------------|
| 2 seeded deals identical, 0 <= seed <  | test_seeded_deal_matches_fixture, test_seed_range_ends  |
| 2^64                                   |                                                         |
| 2 PRNG SplitMix64                      | test_deal_is_splitmix64_fisher_yates (and               |
|                                        | tests/test_rng.py)                                      |
| 2 shuffle from the canonical order, i  | test_deal_is_splitmix64_fisher_yates                    |
| = n-1 .. 1                             |                                                         |
| 2 the shuffled list is the deck, top   | test_explicit_deck_is_dealt_top_first                   |
| first                                  |                                                         |
| 2 explicit deck: every card exactly    | test_explicit_deck_must_hold_every_card_once            |
| once, else rejected                    |                                                         |
| 2 Schnapsen one stream / explicit deck | test_rules_schnapsen.py                                 |
| = deal 1                               |                                                         |
| 2 seed and deck: the deck decides      | test_seed_and_deck_the_deck_decides                     |
| 2 neither: OS seed recorded,           | test_no_seed_no_deck_records_a_replayable_seed          |
| replayable                             |                                                         |
| 2 seeds are integers, not              | test_seed_must_be_an_integer                            |
| bool/float/str                         |                                                         |
| 2 cards and moves only in canonical    | test_moves_only_in_canonical_spelling,                  |
| spelling                               | test_deck_cards_only_in_canonical_spelling              |
| 3 Setup: deck[0..6], deck[6..12],      | test_setup_hands_trump_and_stock (both)                 |
| deck[12] trump, stock + trump at the   |                                                         |
| bottom                                 |                                                         |
| 3 Setup: trump card public until drawn | test_trump_card_public_until_drawn_then_known (both)    |
| 3 Setup: lowest trump attacks first;   | test_first_attacker (both)                              |
| no trumps: seat 0                      |                                                         |
| 3 Beating: same suit higher, or trump  | test_beating_a_plain_card                               |
| on non-trump; suit not required        |                                                         |
| 3 Beating: only a higher trump beats a | test_beating_a_trump                                    |
| trump                                  |                                                         |
| 3 Bout: limit = min(6, defender's      | test_limit_fixed_at_bout_start,                         |
| hand), fixed at bout start             | test_limit_is_min_of_six_and_defender_hand,             |
|                                        | test_limit_six_when_defender_holds_more                 |
| 3 Bout 1: the attacker must open with  | test_attacker_must_open                                 |
| any card                               |                                                         |
| 3 Bout 2: the defender beats the one   | test_beating_a_plain_card, test_one_attack_at_a_time    |
| open attack or takes                   |                                                         |
| 3 Bout: strictly one attack at a time  | test_one_attack_at_a_time                               |
| 3 Bout 3: add a matching rank only     | test_additions_match_ranks_on_table,                    |
| below the limit, or stop               | test_limit_is_min_of_six_and_defender_hand              |
| 3 Bout 4: take, then additions below   | test_take_then_additions_then_pickup,                   |
| the limit, stop, pick-up               | test_limit_is_min_of_six_and_defender_hand              |
| 3 Bout 5: stop with all beaten         | test_successful_defence_discards                        |
| discards (public)                      |                                                         |
| 3 a single legal move is still a move  | test_single_legal_move_is_still_a_move                  |
| 3 finished: no legal moves, no current | test_finished_game_has_no_moves                         |
| player, any move raises                |                                                         |
| 3 After: refill attacker first to 6,   | test_refill_attacker_first_and_stock_running_out        |
| then defender; trump drawn last        | (both), test_successful_defence_discards                |
| 3 After: next attacker after defence / | test_successful_defence_discards,                       |
| after take                             | test_take_then_additions_then_pickup,                   |
|                                        | test_limit_is_min_of_six_and_defender_hand              |
| 3 End: only after a complete bout and  | test_hand_emptying_mid_bout_with_stock_does_not_end     |
| refill                                 | (both), test_draw_when_both_hands_empty                 |
| 3 End: both hands empty: draw          | test_draw_when_both_hands_empty (both)                  |
| 3 End: the seat holding cards is the   | test_defender_left_holding_cards_is_durak,              |
| durak                                  | test_attacker_left_holding_cards_is_durak (both)        |
| 3 End: a hand emptying mid-bout does   | test_hand_emptying_mid_bout_with_stock_does_not_end,    |
| not end the deal                       | test_draw_when_both_hands_empty                         |
| 4 idle bouts counted in classic Durak  | test_limit_is_min_of_six_and_defender_hand              |
| too                                    |                                                         |
"""

from __future__ import annotations

from typing import Any

import cardavia
import pytest
from cardavia import IllegalMoveError, InvalidStateError
from helpers import (
    ATLASNYE_CARDS,
    SplitMix64,
    durak_deck,
    endgame,
    new,
    play_all,
    shuffled,
)

BOTH = pytest.mark.parametrize("game", ["durak", "perevodnoy"])

# Trump D (7D turned up). Seat 0 holds the lowest trump 6D and attacks.
MID_HAND0 = ["6S", "6H", "6C", "6D", "9D", "TD"]
MID_HAND1 = ["9S", "TH", "JC", "AS", "AH", "AC"]
MID_STOCK = ["KS", "KH", "KC", "QS", "QH", "QC"]


def mid_game(game: str = "durak") -> Any:
    return new(game, durak_deck(MID_HAND0, MID_HAND1, "7D", MID_STOCK))


def state(game: Any) -> dict[str, Any]:
    result: dict[str, Any] = game.to_dict()
    return result


# ---------------------------------------------------------------- chapter 2


def test_seeded_deal_matches_fixture(rng_vectors: Any) -> None:
    for case in rng_vectors["seeds"]:
        for name in ("durak", "perevodnoy"):
            g = cardavia.new_game(name, seed=case["seed"], engine="reference")
            d = state(g)
            deck = case["atlasnye"]
            assert d["deck"] == deck
            assert d["seed"] == case["seed"]
            canonical = ATLASNYE_CARDS.index
            assert d["hands"][0] == sorted(deck[0:6], key=canonical)
            assert d["hands"][1] == sorted(deck[6:12], key=canonical)
            assert d["trump_card"] == deck[12]
            assert d["stock"] == [*deck[13:], deck[12]]


@pytest.mark.parametrize("seed", [0, 1, 42, 2**63, 2**64 - 1])
def test_deal_is_splitmix64_fisher_yates(seed: int) -> None:
    expected = shuffled(ATLASNYE_CARDS, SplitMix64(seed))
    assert state(cardavia.new_game("durak", seed=seed, engine="reference"))["deck"] == expected


def test_seed_range_ends() -> None:
    assert state(cardavia.new_game("durak", seed=0, engine="reference"))["seed"] == 0
    top = 2**64 - 1
    assert state(cardavia.new_game("durak", seed=top, engine="reference"))["seed"] == top
    for bad in (-1, 2**64, 2**70):
        with pytest.raises(InvalidStateError, match="seed"):
            cardavia.new_game("durak", seed=bad, engine="reference")


def test_explicit_deck_is_dealt_top_first() -> None:
    deck = list(reversed(ATLASNYE_CARDS))  # AC KC QC JC TC 9C 8C 7C 6C AD KD QD JD ...
    d = state(new("durak", deck))
    assert d["deck"] == deck
    assert d["hands"][0] == ["9C", "TC", "JC", "QC", "KC", "AC"]  # deck[0..6]
    assert d["hands"][1] == ["QD", "KD", "AD", "6C", "7C", "8C"]  # deck[6..12]
    assert d["trump_card"] == "JD"  # deck[12]
    assert d["stock"][:3] == ["TD", "9D", "8D"] and d["stock"][-2:] == ["6S", "JD"]
    assert d["attacker"] == 1  # seat 1 holds the only trumps


def test_explicit_deck_must_hold_every_card_once() -> None:
    good = list(ATLASNYE_CARDS)
    with pytest.raises(InvalidStateError, match="6S appears more than once"):
        new("durak", ["6S", "6S", *good[2:]])
    with pytest.raises(InvalidStateError, match="missing"):
        new("durak", good[:-1])
    with pytest.raises(InvalidStateError, match="'1S'"):
        new("durak", ["1S", *good[1:]])
    with pytest.raises(InvalidStateError):
        new("durak", [*good, "6S"])
    with pytest.raises(InvalidStateError, match="missing 6S, 7S, 8S, 9S, 6H"):
        new("durak", cardavia.new_game("schnapsen", seed=1, engine="reference").to_dict()["deck"])


def test_seed_and_deck_the_deck_decides() -> None:
    deck = durak_deck(MID_HAND0, MID_HAND1, "7D", MID_STOCK)
    g = cardavia.new_game("durak", seed=99, deck=deck, engine="reference")
    d = state(g)
    assert d["deck"] == deck and d["seed"] == 99
    assert d["hands"][0] == ["6S", "6H", "6D", "9D", "TD", "6C"]


def test_no_seed_no_deck_records_a_replayable_seed() -> None:
    g = cardavia.new_game("durak", engine="reference")
    seed = state(g)["seed"]
    assert isinstance(seed, int) and 0 <= seed < 2**64
    assert state(g)["deck"] == shuffled(ATLASNYE_CARDS, SplitMix64(seed))
    play_all(g, g.legal_moves()[:1])
    replay = cardavia.new_game("durak", seed=seed, engine="reference")
    play_all(replay, g.history)
    assert state(replay) == state(g)


@pytest.mark.parametrize("seed", [True, False, 1.0, 7.5, "7", b"7", [7], None])
def test_seed_must_be_an_integer(seed: Any) -> None:
    if seed is None:  # None is "no seed": the OS supplies one
        g = cardavia.new_game("durak", seed=seed, engine="reference")
        assert isinstance(state(g)["seed"], int)
        return
    with pytest.raises(InvalidStateError, match="seed must be an integer"):
        cardavia.new_game("durak", seed=seed, engine="reference")


@pytest.mark.parametrize(
    "move", ["attack:6s", "Attack:6S", "attack: 6S", "attack:6♠", "attack:06S", "ATTACK:6S", "6S"]
)
def test_moves_only_in_canonical_spelling(move: str) -> None:
    g = mid_game()
    before = state(g)
    with pytest.raises(IllegalMoveError) as info:
        g.play(move)
    assert info.value.legal == g.legal_moves()
    assert state(g) == before
    g.play("attack:6S")  # the canonical spelling is accepted


def test_deck_cards_only_in_canonical_spelling() -> None:
    deck = durak_deck(MID_HAND0, MID_HAND1, "7D", MID_STOCK)
    for i, spelled in ((0, "6s"), (3, "6♦"), (5, "10D")):
        bad = list(deck)
        bad[i] = spelled
        with pytest.raises(InvalidStateError, match=repr(spelled)):
            new("durak", bad)


# ------------------------------------------------------------ chapter 3 setup


@BOTH
def test_setup_hands_trump_and_stock(game: str) -> None:
    stock = ["KS", "KH", "KC", "QS", "QH", "QC", "8S"]
    deck = durak_deck(MID_HAND0, MID_HAND1, "7D", stock)
    g = new(game, deck)
    d = state(g)
    assert d["hands"] == [
        ["6S", "6H", "6D", "9D", "TD", "6C"],
        ["9S", "AS", "TH", "AH", "JC", "AC"],
    ]
    assert d["trump_card"] == "7D"
    assert d["stock"] == [*deck[13:], "7D"]
    assert d["stock"][:7] == stock and len(d["stock"]) == 24
    assert d["table"] == [] and d["discard"] == [] and d["known"] == [[], []]
    assert d["limit"] == 6 and d["idle_bouts"] == 0 and d["outcome"] is None
    for seat in (0, 1):
        obs = g.observation(seat)
        assert obs["trump"] == "D" and obs["trump_card"] == "7D"
        assert obs["stock_size"] == 24 and obs["hand_sizes"] == [6, 6]


@BOTH
def test_trump_card_public_until_drawn_then_known(game: str) -> None:
    g = refill_game(game)
    for seat in (0, 1):
        assert g.observation(seat)["trump_card"] == "AC"
    play_refill_bouts(g, 3)
    d = state(g)
    assert d["stock"] == [] and "AC" in d["hands"][1]
    assert d["known"] == [[], ["AC"]]
    assert g.observation(0)["known"][1] == ["AC"]  # the opponent still knows where it is


@BOTH
@pytest.mark.parametrize(
    ("hand0", "hand1", "trump_card", "first"),
    [
        # trump H: seat 1 holds 6H, the lowest trump
        (["7H", "8S", "9S", "TS", "JS", "QS"], ["6H", "8D", "9D", "TD", "JD", "QD"], "AH", 1),
        # seat 0 holds 6H below seat 1's 7H
        (["6H", "8S", "9S", "TS", "JS", "QS"], ["7H", "8D", "9D", "TD", "JD", "QD"], "AH", 0),
        # no trump in either hand: seat 0
        (["6S", "7S", "8S", "9S", "TS", "JS"], ["6D", "7D", "8D", "9D", "TD", "JD"], "6H", 0),
        # only seat 1 holds a trump, a high one
        (["6S", "7S", "8S", "9S", "TS", "JS"], ["KH", "7D", "8D", "9D", "TD", "JD"], "6H", 1),
        # trump C: seat 1's 9C beats seat 0's TC and AC for the lowest
        (["TC", "AC", "8S", "9S", "TS", "JS"], ["9C", "7D", "8D", "9D", "TD", "JD"], "6C", 1),
    ],
)
def test_first_attacker(
    game: str, hand0: list[str], hand1: list[str], trump_card: str, first: int
) -> None:
    g = new(game, durak_deck(hand0, hand1, trump_card))
    assert state(g)["attacker"] == first
    assert g.current_player == first
    hand = hand0 if first == 0 else hand1
    assert g.legal_moves() == sorted(f"attack:{c}" for c in hand)


# ------------------------------------------------------------------- beating

# Trump H (6H turned up); seat 1 holds 7H, the lowest trump in the hands.
BEAT_HAND0 = ["7S", "TS", "8H", "9D", "KC", "AC"]
BEAT_HAND1 = ["9S", "7H", "JD", "QD", "KD", "JS"]


def test_beating_a_plain_card() -> None:
    g = new("durak", durak_deck(BEAT_HAND0, BEAT_HAND1, "6H"))
    assert g.current_player == 1
    g.play("attack:9S")
    # TS (same suit, higher) or 8H (a trump); not 7S (lower), 9D/KC/AC (other suits).
    # Following suit is not required: the trump is legal while TS is held.
    assert g.current_player == 0
    assert g.legal_moves() == ["defend:8H", "defend:TS", "take"]
    g.play("defend:8H")
    assert state(g)["table"] == [["9S", "8H"]]


def test_beating_a_trump() -> None:
    g = new("durak", durak_deck(BEAT_HAND0, BEAT_HAND1, "6H"))
    g.play("attack:7H")
    # Only the higher trump 8H; TS and AC are higher cards but not trumps.
    assert g.legal_moves() == ["defend:8H", "take"]
    with pytest.raises(IllegalMoveError):
        g.play("defend:AC")


# --------------------------------------------------------------------- bouts


def test_attacker_must_open() -> None:
    g = mid_game()
    assert g.current_player == 0
    assert g.legal_moves() == [
        "attack:6C",
        "attack:6D",
        "attack:6H",
        "attack:6S",
        "attack:9D",
        "attack:TD",
    ]
    for move in ("stop", "take", "defend:9S", "attack:9S", "transfer:6S"):
        with pytest.raises(IllegalMoveError):
            g.play(move)


def test_one_attack_at_a_time() -> None:
    g = mid_game()
    g.play("attack:6S")
    assert g.current_player == 1
    assert g.legal_moves() == ["defend:9S", "defend:AS", "take"]
    before = state(g)
    with pytest.raises(IllegalMoveError) as info:
        g.play("attack:6H")  # a second attack before the first is answered
    assert info.value.legal == ["defend:9S", "defend:AS", "take"]
    assert state(g) == before


def test_additions_match_ranks_on_table() -> None:
    g = mid_game()
    play_all(g, ["attack:6S", "defend:9S"])
    # Ranks on the table: 6 (attack) and 9 (defence). TD matches neither.
    assert g.current_player == 0
    assert g.legal_moves() == ["attack:6C", "attack:6D", "attack:6H", "attack:9D", "stop"]
    play_all(g, ["attack:6H", "defend:TH"])
    assert g.legal_moves() == ["attack:6C", "attack:6D", "attack:9D", "attack:TD", "stop"]


def test_limit_fixed_at_bout_start() -> None:
    g = mid_game()
    assert state(g)["limit"] == 6
    play_all(g, ["attack:6S", "defend:9S", "attack:6H", "defend:TH", "attack:6C", "defend:JC"])
    d = state(g)
    assert d["hands"][1] == ["AS", "AH", "AC"] and d["limit"] == 6
    # The defender holds 3 cards now, but the limit stays 6 for this bout.
    assert g.legal_moves() == ["attack:6D", "attack:9D", "attack:TD", "stop"]
    g.play("attack:6D")
    assert g.legal_moves() == ["take"]  # no trump to beat the trump 6D
    g.play("take")
    assert g.legal_moves() == ["attack:9D", "attack:TD", "stop"]
    g.play("attack:9D")
    assert g.legal_moves() == ["attack:TD", "stop"]
    g.play("attack:TD")
    assert len(state(g)["table"]) == 6 and state(g)["limit"] == 6
    assert g.legal_moves() == ["stop"]
    g.play("stop")
    d = state(g)
    assert d["hands"][1] == [
        "6S", "9S", "AS", "6H", "TH", "AH", "6D", "9D", "TD", "6C", "JC", "AC",
    ]  # fmt: skip
    assert d["hands"][0] == ["QS", "KS", "QH", "KH", "QC", "KC"]
    assert d["attacker"] == 0


def test_limit_six_when_defender_holds_more() -> None:
    g = mid_game()
    play_all(g, ["attack:6S", "take", "attack:6H", "attack:6C", "attack:6D", "stop"])
    d = state(g)
    assert len(d["hands"][1]) == 10 and d["attacker"] == 0
    assert d["limit"] == 6  # min(6, 10)


def test_limit_is_min_of_six_and_defender_hand() -> None:
    # Stock empty, seat 0 (trump C) to attack. Each bout is checked exactly.
    g = endgame(
        "durak",
        ["7H", "9S", "9H", "9D", "TS", "6C"],
        ["8H", "JS", "JD", "KD", "AS", "AH"],
        "6C",
    )
    assert g.legal_moves() == [
        "attack:6C", "attack:7H", "attack:9D", "attack:9H", "attack:9S", "attack:TS",
    ]  # fmt: skip
    assert state(g)["limit"] == 6
    g.play("attack:7H")
    assert g.legal_moves() == ["defend:8H", "defend:AH", "take"]
    g.play("defend:8H")
    assert g.legal_moves() == ["stop"]  # no 7 or 8 to add
    g.play("stop")
    d = state(g)
    assert d["attacker"] == 1 and d["limit"] == 5  # defender seat 0 holds 5
    # Bout 2: seat 1 attacks, seat 0 takes; additions of rank J only.
    g.play("attack:JS")
    assert g.legal_moves() == ["defend:6C", "take"]
    g.play("take")
    assert g.current_player == 1
    assert g.legal_moves() == ["attack:JD", "stop"]
    play_all(g, ["attack:JD", "stop"])
    d = state(g)
    assert d["hands"][0] == ["9S", "TS", "JS", "9H", "9D", "JD", "6C"]
    assert d["known"][0] == ["JS", "JD", "6C"]  # 6C: the trump card, drawn last
    assert d["attacker"] == 1  # after a take the same attacker attacks again
    assert d["idle_bouts"] == 1  # a take, and no card drawn (the stock is empty)
    # Bout 3: defended, so the count resets and the defender attacks next.
    play_all(g, ["attack:KD", "defend:6C", "stop"])
    d = state(g)
    assert d["idle_bouts"] == 0 and d["attacker"] == 0
    assert d["hands"][1] == ["AS", "AH"] and d["limit"] == 2
    # Bout 4: the limit 2 stops seat 0 from adding its third nine.
    play_all(g, ["attack:9S", "take"])
    assert g.legal_moves() == ["attack:9D", "attack:9H", "stop"]
    g.play("attack:9H")
    assert "9D" in state(g)["hands"][0]
    assert g.legal_moves() == ["stop"]
    g.play("stop")
    d = state(g)
    assert d["hands"] == [["TS", "JS", "9D", "JD"], ["9S", "AS", "9H", "AH"]]
    assert d["attacker"] == 0 and d["limit"] == 4 and d["idle_bouts"] == 1


def test_take_then_additions_then_pickup() -> None:
    g = mid_game()
    play_all(g, ["attack:6S", "take"])
    # The defender plays no more; the attacker adds sixes only (no defence on the table).
    assert g.current_player == 0
    assert g.legal_moves() == ["attack:6C", "attack:6D", "attack:6H", "stop"]
    with pytest.raises(IllegalMoveError):
        g.play("defend:9S")
    g.play("attack:6H")
    assert g.current_player == 0 and state(g)["taking"] is True
    g.play("attack:6C")
    assert state(g)["table"] == [["6S", None], ["6H", None], ["6C", None]]
    g.play("stop")
    d = state(g)
    assert d["hands"][1] == ["6S", "9S", "AS", "6H", "TH", "AH", "6C", "JC", "AC"]
    assert d["known"][1] == ["6S", "6H", "6C"]
    assert d["hands"][0] == ["KS", "KH", "6D", "9D", "TD", "KC"]  # drew KS KH KC
    assert d["table"] == [] and d["discard"] == [] and d["taking"] is False
    assert d["attacker"] == 0 and g.current_player == 0  # same attacker again
    assert d["idle_bouts"] == 0  # the attacker drew
    assert len(d["stock"]) == 21


def test_successful_defence_discards() -> None:
    g = mid_game()
    play_all(g, ["attack:6S", "defend:9S", "stop"])
    d = state(g)
    assert d["discard"] == ["6S", "9S"] and d["table"] == []
    # Refill: the attacker (seat 0) draws first, KS; then the defender, KH.
    assert d["hands"][0] == ["KS", "6H", "6D", "9D", "TD", "6C"]
    assert d["hands"][1] == ["AS", "TH", "KH", "AH", "JC", "AC"]
    assert d["stock"][0] == "KC" and len(d["stock"]) == 22
    # The defender attacks next.
    assert d["attacker"] == 1 and g.current_player == 1
    for seat in (0, 1):
        assert g.observation(seat)["discard"] == ["6S", "9S"]


def test_single_legal_move_is_still_a_move() -> None:
    g = mid_game()
    g.play("attack:6D")
    assert g.legal_moves() == ["take"] and g.current_player == 1
    assert len(g.history) == 1 and state(g)["table"] == [["6D", None]]
    g.play("take")
    play_all(g, ["attack:6S", "attack:6H", "attack:6C"])
    assert g.legal_moves() == ["stop"] and g.current_player == 0
    assert state(g)["taking"] is True and len(g.history) == 5
    g.play("stop")
    assert state(g)["table"] == []


def test_finished_game_has_no_moves() -> None:
    g = draw_endgame("durak")
    play_all(g, DRAW_LINE)
    assert g.is_over and g.current_player is None and g.legal_moves() == []
    before = state(g)
    for move in ("stop", "attack:6H", "take"):
        with pytest.raises(IllegalMoveError, match="over") as info:
            g.play(move)
        assert info.value.legal == []
    assert state(g) == before
    for seat in (0, 1):
        obs = g.observation(seat)
        assert obs["current_player"] is None and obs["legal_moves"] == []


# ---------------------------------------------------------------- after a bout

# Three bouts of beaten attacks that run the stock out (trump C, AC turned up).
REFILL_HAND0 = ["6S", "7H", "8D", "9S", "TH", "JD"]
REFILL_HAND1 = ["7S", "8H", "9D", "TS", "JH", "QD"]
REFILL_STOCK = [
    *["9H", "7D", "8C", "JS", "KH", "TC"],  # seat 0 after bout 1
    *["6H", "6D", "7C", "8S", "KS", "9C"],  # seat 1 after bout 1
    *["AH", "AD", "6C", "QS"],  # seat 1 (attacker) after bout 2
    *["KD", "AS", "TD", "JC"],  # seat 0 after bout 2
    *["QH", "QC", "KC"],  # seat 0 (attacker) after bout 3; seat 1 gets AC
]
REFILL_BOUTS = [
    "attack:6S defend:7S attack:7H defend:8H attack:8D defend:9D "
    "attack:9S defend:TS attack:TH defend:JH attack:JD defend:QD stop",
    "attack:6H defend:9H attack:6D defend:7D attack:7C defend:8C attack:8S defend:JS stop",
    "attack:KH defend:AH attack:KD defend:AD attack:AS defend:6C stop",
]


def refill_game(game: str) -> Any:
    return new(game, durak_deck(REFILL_HAND0, REFILL_HAND1, "AC", REFILL_STOCK))


def play_refill_bouts(g: Any, n: int) -> None:
    for bout in REFILL_BOUTS[:n]:
        play_all(g, bout.split())


@BOTH
def test_hand_emptying_mid_bout_with_stock_does_not_end(game: str) -> None:
    g = refill_game(game)
    play_all(g, REFILL_BOUTS[0].split()[:-1])
    d = state(g)
    assert d["hands"] == [[], []] and len(d["stock"]) == 24
    assert not g.is_over and g.current_player == 0 and g.legal_moves() == ["stop"]
    g.play("stop")
    assert not g.is_over


@BOTH
def test_refill_attacker_first_and_stock_running_out(game: str) -> None:
    g = refill_game(game)
    play_refill_bouts(g, 1)
    d = state(g)
    assert d["hands"][0] == ["JS", "9H", "KH", "7D", "8C", "TC"]  # seat 0 (attacker) first
    assert d["hands"][1] == ["8S", "KS", "6H", "6D", "7C", "9C"]
    assert d["attacker"] == 1 and len(d["stock"]) == 12
    play_all(g, REFILL_BOUTS[1].split())
    d = state(g)
    assert d["hands"][1] == ["QS", "KS", "AH", "AD", "6C", "9C"]  # seat 1 (attacker) first
    assert d["hands"][0] == ["AS", "KH", "TD", "KD", "TC", "JC"]
    assert d["stock"] == ["QH", "QC", "KC", "AC"] and d["attacker"] == 0
    play_all(g, REFILL_BOUTS[2].split())
    d = state(g)
    # Seat 0 (attacker) needs 3 and gets QH QC KC; seat 1 needs 3 and gets only
    # the trump card, drawn last.
    assert d["hands"][0] == ["QH", "TD", "TC", "JC", "QC", "KC"]
    assert d["hands"][1] == ["QS", "KS", "9C", "AC"]
    assert d["stock"] == [] and d["known"] == [[], ["AC"]]
    assert d["attacker"] == 1 and d["limit"] == 6 and not g.is_over


# ---------------------------------------------------------------- end of deal

# Stock empty, trump C, seat 0 to attack; a chain of six beaten attacks.
DRAW_FINAL0 = ["6H", "7D", "8S", "9H", "TD", "6C"]
DRAW_FINAL1 = ["7H", "8D", "9S", "TH", "JD", "7C"]
DRAW_LINE = [
    "attack:6H",
    "defend:7H",
    "attack:7D",
    "defend:8D",
    "attack:8S",
    "defend:9S",
    "attack:9H",
    "defend:TH",
    "attack:TD",
    "defend:JD",
    "attack:6C",
    "defend:7C",
    "stop",
]


def draw_endgame(game: str) -> Any:
    return endgame(game, DRAW_FINAL0, DRAW_FINAL1, "6C")


@BOTH
def test_draw_when_both_hands_empty(game: str) -> None:
    g = draw_endgame(game)
    assert state(g)["known"] == [["6C"], []]  # seat 0 drew the trump card last
    play_all(g, DRAW_LINE[:11])
    assert state(g)["hands"][0] == [] and not g.is_over  # emptied mid-bout
    assert g.current_player == 1
    g.play("defend:7C")
    assert state(g)["hands"] == [[], []] and not g.is_over
    assert g.legal_moves() == ["stop"]
    g.play("stop")
    assert g.outcome == {"winner": None, "loser": None, "draw": True, "reason": "both_out"}
    assert state(g)["discard"] == sorted(ATLASNYE_CARDS, key=ATLASNYE_CARDS.index)


@BOTH
def test_defender_left_holding_cards_is_durak(game: str) -> None:
    g = draw_endgame(game)
    play_all(g, DRAW_LINE[:11])
    g.play("take")
    assert g.legal_moves() == ["stop"] and not g.is_over
    g.play("stop")
    assert g.outcome == {"winner": 0, "loser": 1, "draw": False, "reason": "last_cards"}
    d = state(g)
    assert d["hands"][0] == [] and len(d["hands"][1]) == 12


@BOTH
def test_attacker_left_holding_cards_is_durak(game: str) -> None:
    g = draw_endgame(game)
    play_all(g, DRAW_LINE[:10])
    g.play("stop")  # seat 0 keeps 6C; seat 1 keeps 7C; no hand empty: play on
    assert not g.is_over and state(g)["attacker"] == 1
    g.play("attack:7C")
    assert state(g)["hands"][1] == [] and not g.is_over
    assert g.legal_moves() == ["take"]  # 6C cannot beat the higher trump
    g.play("take")
    assert g.legal_moves() == ["stop"]
    g.play("stop")
    assert g.outcome == {"winner": 1, "loser": 0, "draw": False, "reason": "last_cards"}


# ------------------------------------------------- the bout's facts (both)

ENGINES = ("reference", "rust")


def bout(g: Any, seat: int) -> list[Any]:
    """The bout's facts of ``seat``'s observation (docs/SCHEMA.md): the open
    attack, the ranks on the table, the attack cards still to come, its
    cards that beat the open attack, whether a transfer is possible."""
    o = g.observation(seat)
    return [o["open_attack"], o["table_ranks"], o["adds_left"], o["beating"], o["can_transfer"]]


@pytest.mark.parametrize("engine", ENGINES)
def test_the_bouts_facts_are_observation_fields(engine: str) -> None:
    deck = durak_deck(MID_HAND0, MID_HAND1, "7D", MID_STOCK)
    g = cardavia.new_game("durak", deck=deck, engine=engine)
    # Trump D; seat 0 opens with any of its six cards, the limit is 6.
    assert bout(g, 0) == [None, [], 6, [], False]
    g.play("attack:6S")
    # The defender beats 6S with a higher spade; the attacker holds three
    # more sixes, which the defender cannot see: it counts the five cards.
    assert bout(g, 1) == ["6S", ["6"], 5, ["9S", "AS"], False]
    assert bout(g, 0) == ["6S", ["6"], 3, [], False]
    play_all(g, ["defend:9S", "attack:6H", "defend:TH", "attack:6C", "defend:JC"])
    assert bout(g, 0) == [None, ["6", "9", "T", "J"], 3, [], False]
    g.play("attack:6D")
    # No trump in seat 1's hand: nothing beats the trump 6D.
    assert bout(g, 1) == ["6D", ["6", "9", "T", "J"], 2, [], False]
    assert g.legal_moves() == ["take"]
    play_all(g, ["take", "attack:9D", "attack:TD"])
    # Six attacks: the bout is at its limit.
    assert bout(g, 0) == bout(g, 1) == ["6D", ["6", "9", "T", "J"], 0, [], False]
    assert g.legal_moves() == ["stop"]
    g.play("stop")
    assert bout(g, 0) == [None, [], 6, [], False]


@pytest.mark.parametrize("engine", ENGINES)
def test_an_attacker_with_nothing_to_add(engine: str) -> None:
    # The attacker's only nine is on the table: it can add nothing, though
    # the defender, who cannot see its hand, counts its five cards.
    deck = durak_deck(MID_HAND0, MID_HAND1, "7D", MID_STOCK)
    g = cardavia.new_game("durak", deck=deck, engine=engine)
    play_all(g, ["attack:9D", "take"])
    assert bout(g, 0) == ["9D", ["9"], 0, [], False]
    assert bout(g, 1) == ["9D", ["9"], 5, [], False]
    assert g.legal_moves() == ["stop"]


@pytest.mark.parametrize("engine", ENGINES)
@BOTH
def test_the_outcome_says_how_the_game_was_decided(engine: str, game: str) -> None:
    reached = draw_endgame(game)
    deck, script = state(reached)["deck"], state(reached)["history"]
    g = cardavia.new_game(game, deck=deck, engine=engine)
    g2 = cardavia.new_game(game, deck=deck, engine=engine)
    play_all(g, [*script, *DRAW_LINE])
    assert g.outcome == {"winner": None, "loser": None, "draw": True, "reason": "both_out"}
    play_all(g2, [*script, *DRAW_LINE[:11], "take", "stop"])
    assert g2.outcome == {"winner": 0, "loser": 1, "draw": False, "reason": "last_cards"}
    for finished in (g, g2):
        assert finished.observation(1)["outcome"] == finished.outcome
        assert bout(finished, 0) == [None, [], 0, [], False]
