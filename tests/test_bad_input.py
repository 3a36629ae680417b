"""Everything a caller can get wrong.

Unknown games, bad seeds, bad decks, malformed moves, moves after the end,
corrupted state dicts and malformed JSON. Every rejected call raises the
documented error (API.md), names the problem in its message, and leaves the
game (and the dict passed in) unchanged; ``IllegalMoveError.legal`` equals
``legal_moves()``. The calls are made on the reference engine; every state
dict that one refuses, the Rust core refuses too, with the same kind of
fault in the same field (``rejected``). ``test_fuzz.py`` throws random input
at both.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable
from typing import Any

import cardavia
import pytest
from cardavia import (
    CardaviaError,
    IllegalMoveError,
    InvalidArgumentError,
    InvalidStateError,
    UnknownGameError,
)
from helpers import ATLASNYE_CARDS, SCHNAPSEN_CARDS, durak_deck, new, play_all, schnapsen_deck

GAMES = ("durak", "perevodnoy", "schnapsen")
ENGINES = ("reference", "rust")


Mutator = Callable[[dict[str, Any]], object]


def state(game: Any) -> dict[str, Any]:
    result: dict[str, Any] = game.to_dict()
    return result


# --------------------------------------------------------------- positions

# Trump D (7D turned up); seat 0 attacks.
MID_DECK = durak_deck(
    ["6S", "6H", "6C", "6D", "9D", "TD"], ["9S", "TH", "JC", "AS", "AH", "AC"], "7D", ["KS"]
)


def durak_position(name: str, game: str = "durak") -> dict[str, Any]:
    g = new(game, MID_DECK)
    lines = {
        "start": [],
        "open": ["attack:6S"],
        "beaten": ["attack:6S", "defend:9S"],
        "taking": ["attack:6S", "take", "attack:6H"],
    }
    if name == "over":
        g = new(game, list(ATLASNYE_CARDS))
        while not g.is_over:
            g.play(g.legal_moves()[-1])
        return state(g)
    play_all(g, lines[name])
    return state(g)


def schnapsen_position(name: str) -> dict[str, Any]:
    g = new("schnapsen", list(SCHNAPSEN_CARDS))  # trump H; seat 0 leads
    lines = {
        "start": [],
        "lead": ["play:KS", "play:AS", "play:JD"],
        "closed": ["play:KS", "play:AS", "play:JD", "play:KD", "close"],
        "reach": [],
    }
    if name == "over":
        g = cardavia.new_game("schnapsen", seed=11, engine="reference")
        while not g.is_over:
            g.play(g.legal_moves()[0])
        return state(g)
    if name == "reach":  # trump C; seat 0 has won four tricks, 53 points
        deck = schnapsen_deck(
            ["AS", "TS", "AH", "TH", "AD"],
            ["JH", "QH", "KH", "JD", "QD"],
            "JC",
            ["KS", "QS", "JS", "KD", "TD", "QC", "KC", "TC", "AC"],
        )
        g = new("schnapsen", deck)
        play_all(
            g,
            [
                "play:AS",
                "play:JH",
                "play:TS",
                "play:QH",
                "play:AH",
                "play:KH",
                "play:TH",
                "play:JD",
            ],
        )
        assert g.observation(0)["points"] == [53, 0]
        return state(g)
    play_all(g, lines[name])
    return state(g)


def rejected(data: dict[str, Any], pattern: str) -> None:
    """from_dict and from_json of both engines refuse ``data`` naming the
    problem (the same kind of fault in the same field); the dict passed in
    is not changed."""
    before = copy.deepcopy(data)
    with pytest.raises(InvalidStateError, match=pattern) as reference:
        cardavia.from_dict(data, engine="reference")
    assert data == before
    text = json.dumps(data)
    for engine in ENGINES:
        with pytest.raises(InvalidStateError, match=pattern) as info:
            cardavia.from_json(text, engine=engine)
        assert same_fault(info.value, reference.value), engine
        with pytest.raises(InvalidStateError, match=pattern) as info:
            cardavia.from_dict(data, engine=engine)
        assert same_fault(info.value, reference.value), engine
        assert data == before


def same_fault(error: CardaviaError, expected: CardaviaError) -> bool:
    """The same kind of fault in the same field."""
    return (error.kind, error.field) == (expected.kind, expected.field)


def changed(data: dict[str, Any], mutate: Mutator) -> dict[str, Any]:
    out = copy.deepcopy(data)
    mutate(out)
    return out


def deal_record(
    reason: str = "reached_66", game_points: int = 3, winner: int = 0, **changes: Any
) -> dict[str, Any]:
    """A deal record that agrees with itself (docs/SCHEMA.md), won by
    ``winner``, as the first deal of a match; ``changes`` replace fields."""
    loser = 1 - winner
    # (winner's points, tricks), (loser's points, tricks) for each reason.
    shapes = {
        "reached_66": ((70, 4), {3: (0, 0), 2: (20, 1), 1: (40, 2)}.get(game_points, (0, 0))),
        "closer_reached_66": ((70, 4), (20, 1)),
        "last_trick": ((65, 6), (55, 4)),
        "closer_failed": ((30, 2), (50, 4)),
        "opponent_reached_66": ((70, 4), (20, 1)),
    }
    (won_points, won_tricks), (lost_points, lost_tricks) = shapes[reason]
    points, tricks, left = [0, 0], [0, 0], [7, 7]
    points[winner], points[loser] = won_points, lost_points
    tricks[winner], tricks[loser] = won_tricks, lost_tricks
    left[winner] = 7 - game_points
    closer = {"closer_reached_66": winner, "closer_failed": loser}.get(reason)
    record = {
        "winner": winner,
        "game_points": game_points,
        "reason": reason,
        "trump": "H",
        "points": points,
        "tricks_won": tricks,
        "marriages": [[], []],
        "marriage_points": [0, 0],
        "pending_points": [0, 0],
        "last_trick": ["AS", "TS", winner],
        "closed_by": loser if reason == "opponent_reached_66" else closer,
        "match_points": left,
    }
    record.update(changes)
    return record


# ------------------------------------------------------------ game and seed


def test_unknown_game() -> None:
    for name in ("chess", "Durak", "DURAK", "", "schnapsen "):
        with pytest.raises(UnknownGameError, match="unknown game") as info:
            cardavia.new_game(name, seed=1, engine="reference")
        assert repr(name) in str(info.value)
        assert isinstance(info.value, ValueError) and isinstance(info.value, CardaviaError)
    for bad in (None, 1, b"durak", ["durak"]):
        with pytest.raises(TypeError, match="game must be a string"):
            cardavia.new_game(bad, seed=1, engine="reference")  # type: ignore[arg-type]
    assert cardavia.GAMES == ("durak", "perevodnoy", "schnapsen")


def test_unknown_engine() -> None:
    with pytest.raises(InvalidArgumentError, match="'python'"):
        cardavia.new_game("durak", seed=1, engine="python")
    with pytest.raises(TypeError, match="engine"):
        cardavia.new_game("durak", seed=1, engine=1)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="'pure'"):
        cardavia.from_dict(durak_position("start"), engine="pure")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(
    ("seed", "pattern"),
    [
        (True, "must be an integer, got bool"),
        (False, "must be an integer, got bool"),
        (3.0, "must be an integer, got float"),
        (float("nan"), "must be an integer, got float"),
        ("3", "must be an integer, got str"),
        (b"3", "must be an integer, got bytes"),
        ([3], "must be an integer, got list"),
        (-1, "must be between 0 and 2\\*\\*64-1, got -1"),
        (2**64, "must be between 0 and 2\\*\\*64-1, got 18446744073709551616"),
        (-(2**70), "must be between 0 and"),
    ],
)
def test_bad_seed(game: str, seed: Any, pattern: str) -> None:
    with pytest.raises(InvalidStateError, match="seed " + pattern):
        cardavia.new_game(game, seed=seed, engine="reference")


# -------------------------------------------------------------------- decks


def deck_cases(cards: tuple[str, ...]) -> list[tuple[Any, str]]:
    good = list(cards)
    first, second = good[0], good[1]
    return [
        ([first, first, *good[2:]], f"{first} appears more than once"),
        (good[:-1], f"missing {good[-1]}"),
        ([*good, first], f"{first} appears more than once"),
        ([], f"missing {first}"),
        (["XX", *good[1:]], "'XX' is not a card"),
        ([first.lower(), *good[1:]], f"'{first.lower()}' is not a card"),
        ([None, *good[1:]], "None is not a card"),
        ([7, *good[1:]], "7 is not a card"),
        ([f" {second}", first, *good[2:]], f"' {second}' is not a card"),
        (" ".join(good), "deck must be a list"),
        ({card: 1 for card in good}, "deck must be a list"),
        (set(good), "deck must be a list"),
        (7, "deck must be a list"),
        (b"6S", "deck must be a list"),
        (["XX", 7, *good[2:]], "'XX' is not a card"),
        ([first, 7, "XX", *good[3:]], "7 is not a card"),
    ]


@pytest.mark.parametrize("game", GAMES)
def test_bad_deck(game: str) -> None:
    cards = SCHNAPSEN_CARDS if game == "schnapsen" else ATLASNYE_CARDS
    for deck, pattern in deck_cases(cards):
        with pytest.raises(InvalidStateError, match=pattern):
            cardavia.new_game(game, deck=deck, engine="reference")
    other = ATLASNYE_CARDS if game == "schnapsen" else SCHNAPSEN_CARDS
    with pytest.raises(InvalidStateError):
        cardavia.new_game(game, deck=list(other), engine="reference")
    # A tuple is a fine sequence.
    assert state(cardavia.new_game(game, deck=tuple(cards), engine="reference"))["deck"] == list(
        cards
    )


@pytest.mark.parametrize("game", GAMES)
def test_bad_deck_same_fault_in_both_engines(game: str) -> None:
    cards = SCHNAPSEN_CARDS if game == "schnapsen" else ATLASNYE_CARDS
    for deck, _ in deck_cases(cards):
        faults = []
        for engine in ENGINES:
            with pytest.raises(InvalidStateError) as info:
                cardavia.new_game(game, deck=deck, engine=engine)
            faults.append((info.value.kind, info.value.field))
        assert faults[0] == faults[1], deck


def test_unknown_game_is_named_before_a_bad_deck() -> None:
    for engine in ENGINES:
        with pytest.raises(UnknownGameError):
            cardavia.new_game("bridge", deck=[7], engine=engine)


def test_schnapsen_cards_in_a_durak_deck() -> None:
    deck = list(ATLASNYE_CARDS)
    deck[0] = "AS" if deck[0] != "AS" else deck[0]
    with pytest.raises(InvalidStateError, match="AS appears more than once"):
        cardavia.new_game("durak", deck=deck, engine="reference")
    sch = list(SCHNAPSEN_CARDS)
    sch[0] = "9S"
    with pytest.raises(InvalidStateError, match="'9S' is not a card of the schnapsen deck"):
        cardavia.new_game("schnapsen", deck=sch, engine="reference")


# -------------------------------------------------------------------- moves


def illegal(g: Any, move: Any, pattern: str | None = None) -> IllegalMoveError:
    before = state(g)
    legal = g.legal_moves()
    with pytest.raises(IllegalMoveError, match=pattern) as info:
        g.play(move)
    assert info.value.legal == legal == g.legal_moves()
    assert isinstance(info.value, ValueError) and isinstance(info.value, CardaviaError)
    assert state(g) == before
    return info.value


@pytest.mark.parametrize("game", GAMES)
def test_move_of_wrong_type(game: str) -> None:
    g: Any = cardavia.new_game(game, seed=5, engine="reference")
    before = state(g)
    for move in (None, 7, 1.5, b"take", ["stop"], ("close",), {"move": "stop"}, True):
        with pytest.raises(TypeError, match="a move must be a string"):
            g.play(move)
    assert state(g) == before


DURAK_GARBAGE = [
    "", " ", "attack", "attack:", "attack:6s", "attack:6S ", " attack:6S", "attack:6S:6S",
    "attack:6♠", "attack:XX", "attack:10S", "ATTACK:6S", "Attack:6S", "attack;6S", "6S",
    "attack:AS", "defend:9S", "take", "stop", "transfer:6S",
    "play:6S", "marriage:KS", "close", "exchange", "pass", "\x00", "attack:6S\n",
]  # fmt: skip
SCHNAPSEN_GARBAGE = [
    "", "play", "play:", "play:ks", "play:KS ", "PLAY:KS", "play:K♠", "play:10H", "play:9S",
    "play:TS", "marriage:JS", "marriage:KH", "marriage:TH", "exchange", "close:KS",
    "attack:KS", "defend:KS", "take", "stop", "transfer:KS", "KS", "play:KS\n",
]  # fmt: skip


@pytest.mark.parametrize("move", DURAK_GARBAGE)
def test_garbage_durak_move(move: str) -> None:
    g = new("durak", MID_DECK)
    error = illegal(g, move)
    assert repr(move) in str(error) and "seat 0" in str(error)


@pytest.mark.parametrize("move", SCHNAPSEN_GARBAGE)
def test_garbage_schnapsen_move(move: str) -> None:
    g = new("schnapsen", list(SCHNAPSEN_CARDS))  # seat 0: JS QS KS KH TH; JH is seat 1's
    error = illegal(g, move)
    assert repr(move) in str(error)


def test_legal_moves_listed_in_the_error() -> None:
    g = new("durak", MID_DECK)
    g.play("attack:6S")
    error = illegal(g, "attack:6H", "not legal for seat 1")
    assert error.legal == ["defend:9S", "defend:AS", "take"]
    assert "defend:9S, defend:AS, take" in str(error)


@pytest.mark.parametrize("game", GAMES)
def test_play_after_the_end(game: str) -> None:
    g = cardavia.new_game(game, seed=21, engine="reference")
    while not g.is_over:
        last = g.legal_moves()[0]
        g.play(last)
    for move in (last, "stop", "take", "play:AS", "close", ""):
        error = illegal(g, move, "the game is over")
        assert error.legal == []


@pytest.mark.parametrize("game", GAMES)
def test_bad_seat(game: str) -> None:
    g: Any = cardavia.new_game(game, seed=2, engine="reference")
    before = state(g)
    for seat in (2, -1, 10):
        with pytest.raises(InvalidArgumentError, match=f"seat must be between 0 and 1, got {seat}"):
            g.observation(seat)
    for wrong in (True, "0", 0.0, None):
        with pytest.raises(TypeError, match="seat must be an integer"):
            g.observation(wrong)
    assert state(g) == before


# -------------------------------------------------------------- state dicts

DURAK_KEYS = [
    "schema", "game", "seed", "deck", "trump_card", "hands", "stock", "table",
    "discard", "attacker", "taking", "limit", "idle_bouts", "known", "history", "outcome",
]  # fmt: skip
SCHNAPSEN_KEYS = [
    "schema", "game", "seed", "deck", "rng", "match_points", "deals", "dealer", "trump",
    "indicator", "stock", "hands", "leader", "lead", "tricks", "marriages", "closed",
    "exchange", "known", "history", "outcome",
]  # fmt: skip


@pytest.mark.parametrize("game", GAMES)
def test_state_not_an_object(game: str) -> None:
    for data in (None, [], "state", 7, [("game", game)]):
        with pytest.raises(InvalidStateError, match="state must be an object"):
            cardavia.from_dict(data, engine="reference")


@pytest.mark.parametrize("game", ["durak", "perevodnoy"])
@pytest.mark.parametrize("key", DURAK_KEYS)
def test_durak_missing_key(game: str, key: str) -> None:
    data = durak_position("beaten", game)
    del data[key]
    rejected(data, "game" if key == "game" else f"missing field '{key}'")


@pytest.mark.parametrize("key", SCHNAPSEN_KEYS)
def test_schnapsen_missing_key(key: str) -> None:
    data = schnapsen_position("lead")
    del data[key]
    rejected(data, "game" if key == "game" else f"missing field '{key}'")


@pytest.mark.parametrize("game", GAMES)
def test_extra_key(game: str) -> None:
    data = schnapsen_position("lead") if game == "schnapsen" else durak_position("open", game)
    data["cheat"] = True
    rejected(data, "unknown field 'cheat'")
    data = schnapsen_position("closed") if game == "schnapsen" else durak_position("over", game)
    inner = "closed" if game == "schnapsen" else "outcome"
    data[inner]["extra"] = 1
    rejected(data, f"{inner}: unknown field 'extra'")


def swap_out(data: dict[str, Any], place: str) -> str:
    """Replace the first card of hands[0] by the first card of ``place``: that
    card is then in two places and the replaced one is missing."""
    card = str(data[place][0] if place != "tricks" else data["tricks"][0][0])
    data["hands"][0][0] = card
    order = SCHNAPSEN_CARDS if data["game"] == "schnapsen" else ATLASNYE_CARDS
    data["hands"][0].sort(key=order.index)
    return card


DURAK_CORRUPTIONS: list[tuple[str, str, Mutator, str]] = [
    # (position, description, mutation, message pattern)
    ("open", "schema 1", lambda d: d.update(schema=1), "schema: version 1 is not supported"),
    ("open", "schema str", lambda d: d.update(schema="1"), "schema: version '1'"),
    ("open", "schema bool", lambda d: d.update(schema=True), "schema: version True"),
    ("open", "schema 0", lambda d: d.update(schema=0), "schema: version 0"),
    ("open", "game chess", lambda d: d.update(game="chess"), "game: 'chess'"),
    ("open", "game number", lambda d: d.update(game=1), "game: 1"),
    ("open", "seed str", lambda d: d.update(seed="1"), "seed must be an integer"),
    ("open", "seed negative", lambda d: d.update(seed=-3), "seed must be between"),
    ("open", "seed bool", lambda d: d.update(seed=True), "seed must be an integer"),
    ("open", "deck duplicate", lambda d: d["deck"].__setitem__(1, d["deck"][0]), "appears more"),
    ("open", "deck short", lambda d: d["deck"].pop(), "deck: missing"),
    ("open", "deck str", lambda d: d.update(deck="6S 7S"), "deck must be a list"),
    ("open", "trump card lower", lambda d: d.update(trump_card="7d"), "trump_card: '7d'"),
    ("open", "trump card int", lambda d: d.update(trump_card=7), "trump_card: 7"),
    ("open", "hands str", lambda d: d.update(hands="6S"), "hands must be a list"),
    ("open", "one hand", lambda d: d.update(hands=d["hands"][:1]), "hands must hold 2"),
    ("open", "hand str", lambda d: d["hands"].__setitem__(1, "9S"), "hands\\[1\\] must be a list"),
    (
        "open",
        "hand card",
        lambda d: d["hands"][0].__setitem__(0, "ZZ"),
        "hands\\[0\\]\\[0\\]: 'ZZ'",
    ),
    ("open", "hand unsorted", lambda d: d["hands"][1].reverse(), "hands\\[1\\] must be in canon"),
    ("open", "stock none", lambda d: d.update(stock=None), "stock must be a list"),
    ("open", "stock dup", lambda d: d["stock"].insert(0, d["stock"][0]), "stock: .. appears more"),
    ("open", "table object", lambda d: d.update(table={}), "table must be a list"),
    ("open", "table single", lambda d: d.update(table=[["6S"]]), "table\\[0\\] must hold 2"),
    (
        "open",
        "table none",
        lambda d: d["table"][0].__setitem__(0, None),
        "table\\[0\\]\\[0\\]: None",
    ),
    ("open", "discard str", lambda d: d.update(discard=""), "discard must be a list"),
    ("open", "attacker 2", lambda d: d.update(attacker=2), "attacker must be between 0 and 1"),
    ("open", "attacker str", lambda d: d.update(attacker="0"), "attacker must be an integer"),
    ("open", "attacker bool", lambda d: d.update(attacker=False), "attacker must be an integer"),
    ("open", "taking int", lambda d: d.update(taking=0), "taking must be true or false"),
    ("open", "limit 7", lambda d: d.update(limit=7), "limit must be between 0 and 6"),
    ("open", "limit str", lambda d: d.update(limit="6"), "limit must be an integer"),
    ("start", "limit 0", lambda d: d.update(limit=0), "limit: a bout allows at least one"),
    ("open", "idle 51", lambda d: d.update(idle_bouts=51), "idle_bouts must be between 0 and 50"),
    ("open", "idle float", lambda d: d.update(idle_bouts=1.0), "idle_bouts must be an integer"),
    ("open", "idle 50", lambda d: d.update(idle_bouts=50), "idle_bouts: 50 idle bouts end"),
    ("open", "known three", lambda d: d.update(known=[[], [], []]), "known must hold 2"),
    ("open", "known card", lambda d: d.update(known=[["ZZ"], []]), "known\\[0\\]\\[0\\]: 'ZZ'"),
    ("open", "history str", lambda d: d.update(history="attack:6S"), "history must be a list"),
    (
        "open",
        "history int",
        lambda d: d.update(history=[1]),
        "history\\[0\\]: 1 is not a (durak|perevodnoy) move",
    ),
    ("open", "outcome str", lambda d: d.update(outcome="draw"), "outcome must be an object"),
    (
        "open",
        "outcome fields",
        lambda d: d.update(outcome={"winner": 0}),
        "outcome: missing field 'loser'",
    ),
    ("open", "a card in two places", lambda d: swap_out(d, "stock"), "is both in"),
    ("open", "a card missing", lambda d: d["stock"].pop(0), "card KS is missing"),
    ("open", "a card on the table twice", lambda d: d["hands"][0].insert(0, "6S"), "6S is both in"),
    (
        "start",
        "trump card not at the bottom",
        lambda d: d["stock"].reverse(),
        "trump card must lie at the bottom",
    ),
    (
        "open",
        "known card not in hand",
        lambda d: d["known"][1].append("6H"),
        "known\\[1\\]: 6H is not in that hand",
    ),
    (
        "taking",
        "table exceeding the limit",
        lambda d: d.update(limit=1),
        "table: 2 attacks exceed the limit 1",
    ),
    (
        "open",
        "two open attacks in classic Durak",
        lambda d: (d["hands"][0].remove("6H"), d["table"].append(["6H", None])),
        "one open attack at a time",
    ),
    (
        "open",
        "a defence that does not beat",
        lambda d: (d["hands"][1].remove("TH"), d["table"][0].__setitem__(1, "TH")),
        "TH does not beat 6S",
    ),
    (
        "beaten",
        "taking with nothing open",
        lambda d: d.update(taking=True),
        "taking: the defender takes only facing an unbeaten attack",
    ),
    (
        "open",
        "an outcome with cards left",
        lambda d: d.update(
            outcome={"winner": 0, "loser": 1, "draw": False, "reason": "last_cards"}
        ),
        "outcome",
    ),
    (
        "start",
        "a draw with cards left",
        lambda d: d.update(
            outcome={"winner": None, "loser": None, "draw": True, "reason": "both_out"}
        ),
        "a draw needs both hands empty",
    ),
    (
        "start",
        "a draw with a winner",
        lambda d: d.update(
            outcome={"winner": 0, "loser": None, "draw": True, "reason": "both_out"}
        ),
        "a draw has no winner",
    ),
    (
        "start",
        "winner is loser",
        lambda d: d.update(
            outcome={"winner": 1, "loser": 1, "draw": False, "reason": "last_cards"}
        ),
        "cannot also be the loser",
    ),
    ("over", "outcome removed", lambda d: d.update(outcome=None), "ends? the game"),
    (
        "over",
        "outcome reversed",
        lambda d: d.update(
            outcome={"winner": 0, "loser": 1, "draw": False, "reason": "last_cards"}
        ),
        "the winner must have an empty hand, and the stock must be empty",
    ),
    (
        "open",
        "limit above the defender's hand",
        lambda d: (
            d["stock"].__setitem__(slice(0, 0), d["hands"][1][:3]),
            d["hands"][1].__delitem__(slice(0, 3)),
        ),
        "limit: larger than the defender's hand allows",
    ),
]


@pytest.mark.parametrize("game", ["durak", "perevodnoy"])
@pytest.mark.parametrize(
    ("position", "mutate", "pattern"),
    [pytest.param(p, m, pat, id=desc) for p, desc, m, pat in DURAK_CORRUPTIONS],
)
def test_durak_corrupted_state(game: str, position: str, mutate: Mutator, pattern: str) -> None:
    if game == "perevodnoy" and "one open attack" in pattern:
        pytest.skip("perevodnoy: several open attacks of one rank follow a transfer")
    rejected(changed(durak_position(position, game), mutate), pattern)


def test_durak_stock_with_trump_elsewhere() -> None:
    data = durak_position("start")
    data["stock"] = data["stock"][:-1]
    data["hands"][0] = sorted(
        [*data["hands"][0], "7D"], key=ATLASNYE_CARDS.index
    )  # the trump card in a hand while the stock still has cards
    rejected(data, "trump card must lie at the bottom")


def accepted(data: dict[str, Any]) -> None:
    """Both engines load ``data`` and write it back unchanged."""
    for engine in ENGINES:
        assert cardavia.from_dict(data, engine=engine).to_dict() == data, engine


# The checks below close gaps the suite once marked xfail: each position is
# unreachable by play, and both engines refuse it with the same message.


@pytest.mark.parametrize("game", ["durak", "perevodnoy"])
def test_durak_limit_at_bout_start_must_follow_the_hand(game: str) -> None:
    data = durak_position("start", game)
    assert data["table"] == [] and len(data["hands"][1]) == 6
    rejected(
        changed(data, lambda d: d.update(limit=3)),
        "limit: 3, but the defender's hand when the bout began makes it 6",
    )


@pytest.mark.parametrize("game", ["durak", "perevodnoy"])
def test_durak_limit_mid_bout_must_follow_the_hand(game: str) -> None:
    """The defender's hand has lost only its defences since the bout began."""
    data = durak_position("beaten", game)  # seat 1 held 6, beat 6S with 9S
    assert data["limit"] == 6 and len(data["hands"][1]) == 5
    rejected(changed(data, lambda d: d.update(limit=5)), "makes it 6")


def test_perevodnoy_limit_follows_the_transfer() -> None:
    g = new("perevodnoy", MID_DECK)
    play_all(g, ["attack:9D", "transfer:9S"])  # seat 0, holding 5, defends now
    data = state(g)
    assert data["attacker"] == 1 and data["limit"] == 5
    accepted(data)
    rejected(changed(data, lambda d: d.update(limit=4)), "makes it 5")


@pytest.mark.parametrize(
    ("game", "history", "pattern"),
    [
        ("durak", ["hello"], "history\\[0\\]: 'hello' is not a durak move"),
        ("durak", ["attack:6S", "transfer:6H"], "'transfer:6H' is not a durak move"),
        ("durak", ["attack:AS "], "'attack:AS ' is not a durak move"),
        ("durak", ["play:6S"], "'play:6S' is not a durak move"),
        ("perevodnoy", ["attack:QQ"], "'attack:QQ' is not a perevodnoy move"),
        ("perevodnoy", ["Take"], "'Take' is not a perevodnoy move"),
        ("schnapsen", ["attack:KS"], "'attack:KS' is not a schnapsen move"),
        ("schnapsen", ["marriage:JS"], "'marriage:JS' is not a schnapsen move"),
        ("schnapsen", ["play:6S"], "'play:6S' is not a schnapsen move"),
        ("schnapsen", ["close", None], "history\\[1\\]: None is not a schnapsen move"),
    ],
)
def test_history_must_hold_moves(game: str, history: list[Any], pattern: str) -> None:
    data = schnapsen_position("lead") if game == "schnapsen" else durak_position("open", game)
    rejected(changed(data, lambda d: d.update(history=history)), pattern)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(
    ("schema", "shown"),
    [(1, "1"), (3, "3"), (2.0, "2.0"), (True, "True"), ("2", "'2'"), (None, "None")],
)
def test_schema_must_be_the_integer_two(game: str, schema: object, shown: str) -> None:
    """Version 1 (before the deal records, the outcome's reason and the
    bout's facts) is refused too: its finished deals lack what the records
    hold, and a state is rebuilt by replaying its moves from the seed."""
    data = schnapsen_position("lead") if game == "schnapsen" else durak_position("open", game)
    rejected(
        changed(data, lambda d: d.update(schema=schema)),
        f"schema: version {re.escape(shown)} is not supported \\(expected 2\\)",
    )


@pytest.mark.parametrize("game", ["durak", "perevodnoy"])
def test_discard_holds_whole_pairs(game: str) -> None:
    data = durak_position("start", game)
    rejected(
        changed(data, lambda d: d["discard"].append(d["stock"].pop(0))),
        "discard: holds beaten pairs, an even number of cards, not 1",
    )


@pytest.mark.parametrize(
    ("mutate", "pattern"),
    [
        pytest.param(
            lambda d: d["closed"].update(opponent_points=50),
            "closed.opponent_points: 50, but seat 1 had 15 points when the stock was closed",
            id="opponent_points",
        ),
        pytest.param(
            lambda d: d["closed"].update(opponent_won_trick=False),
            "closed.opponent_won_trick: seat 1 had won a trick when the stock was closed",
            id="won_trick",
        ),
        pytest.param(
            lambda d: d["closed"].update(by=1),
            "closed.by: seat 0 led when the stock was closed",
            id="closer_not_the_leader",
        ),
    ],
)
def test_closed_record_must_follow_from_the_tricks(mutate: Mutator, pattern: str) -> None:
    data = schnapsen_position("closed")  # seat 0 closed after tricks KS-AS (1) and JD-KD (0)
    assert data["closed"]["by"] == 0 and data["closed"]["opponent_points"] == 15
    accepted(data)
    rejected(changed(data, mutate), pattern)


# Seed 21, deal 2 (trump C): seat 1 closes after four tricks; seat 0, which
# has won a trick, then declares diamonds: 20 points the record leaves out.
MARRIAGE_AFTER_CLOSE = [
    "marriage:QC", "play:KH", "play:TD", "play:QS", "play:TH", "play:JS",  # deal 1
    "play:QH", "play:JS", "play:TH", "play:QC", "play:KC", "play:JD", "play:AD", "play:JC",
    "close", "play:KH", "play:AH", "marriage:KD",
]  # fmt: skip


def test_marriages_after_the_close_do_not_count_in_the_record() -> None:
    g = cardavia.new_game("schnapsen", seed=21, engine="reference")
    play_all(g, MARRIAGE_AFTER_CLOSE)
    data = state(g)
    assert data["closed"] == {
        "by": 1, "opponent_points": 19, "opponent_won_trick": True, "tricks": 4
    }  # fmt: skip
    assert data["marriages"] == [["D"], []] and data["lead"] == "KD"
    accepted(data)
    rejected(
        changed(data, lambda d: d["closed"].update(opponent_points=39)),
        "closed.opponent_points: 39, but seat 0 had 19 points",
    )


def test_a_marriage_is_declared_with_the_first_king_or_queen_played() -> None:
    g = new("schnapsen", list(SCHNAPSEN_CARDS))  # seat 0: JS QS KS KH TH
    play_all(g, ["play:JS", "play:AS", "play:TS", "play:QS", "play:JH", "play:KH", "play:KS"])
    data = state(g)
    assert data["lead"] == "KS" and data["leader"] == 0
    accepted(data)
    rejected(
        changed(data, lambda d: d["marriages"].__setitem__(0, ["S"])),
        "marriages\\[0\\]: the first king or queen of S played was not led by seat 0",
    )


@pytest.mark.parametrize(
    ("points", "reason"),
    [(3, "last_trick"), (2, "last_trick"), (1, "closer_failed"), (1, "opponent_reached_66")],
)
def test_deal_record_points_must_fit_the_reason(points: int, reason: str) -> None:
    def one_deal(record: dict[str, Any]) -> dict[str, Any]:
        left = [7 - record["game_points"], 7]
        return changed(
            schnapsen_position("start"),
            lambda d: d.update(deals=[record], match_points=left, dealer=0, leader=1),
        )

    for fitting in ("reached_66", "closer_reached_66"):
        accepted(one_deal(deal_record(fitting, points)))
    rejected(
        one_deal({**deal_record(fitting, points), "reason": reason}),
        f"deals\\[0\\].game_points: {points} does not fit the reason '{reason}'",
    )


def test_exchange_record_must_match_the_indicator() -> None:
    g = new(
        "schnapsen",
        schnapsen_deck(["JC", "QS", "KS", "TH", "AD"], ["JS", "TS", "AS", "JH", "QH"], "AC"),
    )
    g.play("exchange")
    data = state(g)
    assert data["exchange"] == {"seat": 0, "jack": "JC", "took": "AC"}
    accepted(data)
    g.play("close")
    accepted(state(g))  # the jack stays the indicator under a closed stock

    def undo_swap_only(d: dict[str, Any]) -> None:  # the cards go back, the record stays
        d["indicator"] = "AC"
        d["hands"][0] = ["QS", "KS", "TH", "AD", "JC"]
        d["known"][0] = []

    rejected(
        changed(data, undo_swap_only),
        "exchange: the exchanged jack is the indicator until the stock is exhausted",
    )
    rejected(
        changed(data, lambda d: d["exchange"].update(took="JC")),
        "exchange: the trump jack can only be exchanged for the trump indicator",
    )


def first_deal(record: dict[str, Any]) -> dict[str, Any]:
    """Deal 2 at its start, after ``record``."""
    return changed(
        schnapsen_position("start"),
        lambda d: d.update(deals=[record], match_points=record["match_points"], dealer=0, leader=1),
    )


def test_deal_records_of_every_reason_are_accepted() -> None:
    for reason, points in (
        ("reached_66", 1), ("reached_66", 2), ("reached_66", 3), ("closer_reached_66", 2),
        ("last_trick", 1), ("closer_failed", 2), ("opponent_reached_66", 3),
    ):  # fmt: skip
        accepted(first_deal(deal_record(reason, points)))
    # A seat's marriages count once it has won a trick, and stay pending if not.
    accepted(
        first_deal(
            deal_record(marriages=[["H"], ["S"]], marriage_points=[40, 0], pending_points=[0, 20])
        )
    )


DEAL_RECORD_FAULTS: list[tuple[str, dict[str, Any], str]] = [
    ("trump", deal_record(trump="X"), "deals\\[0\\].trump: 'X' is not a suit"),
    ("points one", deal_record(points=[70]), "deals\\[0\\].points must hold 2 entries"),
    ("points 221", deal_record(points=[221, 0]), "deals\\[0\\].points\\[0\\] must be between"),
    ("tricks 11", deal_record(tricks_won=[11, 0]), "tricks_won\\[0\\] must be between 0 and 10"),
    ("marriage order", deal_record(marriages=[["H", "S"], []]), "marriages\\[0\\] must list"),
    ("marriage points 101", deal_record(marriage_points=[0, 101]), "marriage_points\\[1\\]"),
    ("pending str", deal_record(pending_points=["20", 0]), "pending_points\\[0\\] must be"),
    ("last trick short", deal_record(last_trick=["AS", "TS"]), "last_trick must hold 3 entries"),
    ("last trick null", deal_record(last_trick=None), "last_trick must be a list"),
    ("last trick card", deal_record(last_trick=["AS", "XX", 0]), "last_trick\\[1\\]: 'XX'"),
    ("last trick twice", deal_record(last_trick=["AS", "AS", 0]), "AS appears more than once"),
    ("closed by 2", deal_record(closed_by=2), "closed_by must be between 0 and 1"),
    ("match points 8", deal_record(match_points=[8, 7]), "match_points\\[0\\] must be"),
    (
        "eleven tricks",
        deal_record(tricks_won=[10, 1]),
        "tricks_won: \\[10, 1\\] make a number of tricks that a deal ended by 'reached_66' "
        "cannot have \\(1 to 10\\)",
    ),
    (
        "played out in nine tricks",
        deal_record("last_trick", 1, tricks_won=[6, 3]),
        "cannot have \\(10 to 10\\)",
    ),
    (
        "closer failed in four tricks",
        deal_record("closer_failed", 2, tricks_won=[1, 3]),
        "cannot have \\(5 to 9\\)",
    ),
    (
        "last trick of a seat without tricks",
        deal_record(last_trick=["AS", "TS", 1]),
        "last_trick: seat 1 cannot have won the last trick",
    ),
    (
        "last trick not the winner's",
        deal_record("last_trick", 1, last_trick=["AS", "TS", 1]),
        "last_trick: seat 1 cannot have won the last trick",
    ),
    (
        "a marriage of both seats",
        deal_record(marriages=[["S"], ["S"]]),
        "marriages: both seats declared the marriage in S",
    ),
    (
        "marriage points",
        deal_record(marriages=[["H"], []], marriage_points=[20, 0]),
        "deals\\[0\\].marriage_points does not follow",
    ),
    (
        "pending points",
        deal_record(marriages=[[], ["S"]]),
        "deals\\[0\\].pending_points does not follow",
    ),
    (
        "card points without a trick",
        deal_record(points=[70, 5]),
        "points: \\[70, 5\\] do not fit the tricks won and the marriages counted",
    ),
    (
        "more marriage points than points",
        deal_record(marriages=[["H"], []], marriage_points=[40, 0], points=[30, 0]),
        "do not fit the tricks won",
    ),
    (
        "card points over 120",
        deal_record("closer_reached_66", 2, points=[110, 20]),
        "do not fit the tricks won",
    ),
    (
        "played out without 120",
        deal_record("last_trick", 1, points=[60, 55]),
        "do not fit the tricks won",
    ),
    (
        "66 not reached",
        deal_record(points=[60, 0]),
        "points: \\[60, 0\\] do not fit the reason 'reached_66' for seat 0",
    ),
    (
        "the loser at 66",
        deal_record(
            "closer_reached_66",
            2,
            points=[70, 66],
            marriages=[[], ["S"]],
            marriage_points=[0, 20],
        ),
        "do not fit the reason 'closer_reached_66'",
    ),
    (
        "66 in a played-out deal",
        deal_record("last_trick", 1, points=[66, 54]),
        "do not fit the reason 'last_trick'",
    ),
    (
        "a closer in an open deal",
        deal_record(closed_by=0),
        "closed_by: 0, but a deal ended by 'reached_66' closed by None",
    ),
    (
        "the closer won",
        deal_record("closer_failed", 2, closed_by=0),
        "closed_by: 0, but a deal ended by 'closer_failed' closed by 1",
    ),
    (
        "one point against 40 and tricks",
        deal_record("reached_66", 2, points=[70, 40], tricks_won=[4, 2]),
        "game_points: 2, but the deal's points and tricks make it 1",
    ),
    (
        "the closer's opponent without a trick",
        deal_record("closer_reached_66", 2, points=[70, 0], tricks_won=[4, 0]),
        "game_points: 2, but the deal's points and tricks make it 3",
    ),
    (
        "the failed closer's opponent without a trick",
        deal_record(
            "closer_failed", 2, points=[0, 60], tricks_won=[0, 5], last_trick=["AS", "TS", 1]
        ),
        "game_points: 2, but the deal's points and tricks make it 3",
    ),
    (
        "a record before schema 2",
        {"winner": 0, "game_points": 3, "reason": "reached_66", "match_points": [4, 7]},
        "deals\\[0\\]: missing field 'trump'",
    ),
]


@pytest.mark.parametrize(
    ("record", "pattern"),
    [pytest.param(record, pattern, id=desc) for desc, record, pattern in DEAL_RECORD_FAULTS],
)
def test_a_deal_record_that_contradicts_itself(record: dict[str, Any], pattern: str) -> None:
    rejected(first_deal(record), pattern)


def test_a_deal_records_match_points_follow_from_the_deals() -> None:
    record = deal_record()
    rejected(
        changed(first_deal(record), lambda d: d["deals"][0].update(match_points=[7, 7])),
        "deals\\[0\\].match_points do not follow from the deals",
    )


def test_the_last_deal_of_a_match_is_the_position_as_it_ended() -> None:
    data = schnapsen_position("over")
    last = len(data["deals"]) - 1
    accepted(data)
    lead, follow, winner = data["tricks"][-1]
    other = next(
        card for card in SCHNAPSEN_CARDS if card not in (lead, follow) and card[1] == lead[1]
    )

    def spoil(key: str, value: Any) -> Mutator:
        def change(d: dict[str, Any]) -> None:
            for deals in (d["deals"], d["outcome"]["deals"]):
                deals[-1][key] = value

        return change

    # No marriage in that deal: its trump changes no other field.
    assert data["deals"][-1]["marriages"] == [[], []]
    for key, value in (
        ("last_trick", [other, follow, winner]),
        ("trump", next(s for s in "SHDC" if s != data["trump"])),
        ("points", [p + 1 for p in data["deals"][-1]["points"]]),
    ):
        rejected(
            changed(data, spoil(key, value)),
            f"deals\\[{last}\\].{key} does not follow from the position",
        )


@pytest.mark.parametrize("game", ["durak", "perevodnoy"])
def test_a_durak_outcome_names_how_it_ended(game: str) -> None:
    data = durak_position("over", game)
    reason = data["outcome"]["reason"]
    # Durak's game ends with a seat left holding cards, perevodnoy's in a draw.
    assert reason == {"durak": "last_cards", "perevodnoy": "idle_bouts"}[game]
    for wrong in {"last_cards", "both_out", "idle_bouts"} - {reason}:
        rejected(
            changed(data, lambda d, wrong=wrong: d["outcome"].update(reason=wrong)),
            "outcome.reason does not follow from the position",
        )
    rejected(
        changed(data, lambda d: d["outcome"].update(reason="luck")),
        "outcome.reason: 'luck' is not a known reason",
    )
    rejected(
        changed(data, lambda d: d["outcome"].pop("reason")),
        "outcome: missing field 'reason'",
    )


def test_no_deal_after_the_match_was_won() -> None:
    """A 14th deal, won by the other seat after the match was decided."""
    data = schnapsen_position("over")
    winner = data["outcome"]["winner"]
    left = list(data["match_points"])
    left[1 - winner] -= 1
    extra = deal_record("reached_66", 1, 1 - winner, match_points=left)

    def one_more_deal(d: dict[str, Any]) -> None:
        d["deals"].append(extra)
        d["match_points"][1 - winner] -= 1
        d["outcome"]["deals"].append(extra)
        d["outcome"]["match_points"] = list(d["match_points"])

    assert data["match_points"][1 - winner] > 0
    rejected(changed(data, one_more_deal), "deals: a deal after the match was won")


@pytest.mark.parametrize("game", GAMES)
def test_a_card_listed_twice_in_known(game: str) -> None:
    data = schnapsen_position("lead") if game == "schnapsen" else durak_position("taking", game)
    card = data["hands"][1][0]
    rejected(
        changed(data, lambda d: d["known"].__setitem__(1, [card, card])),
        f"known\\[1\\]: {card} appears more than once",
    )
    rejected(
        changed(data, lambda d: d.update(known=[[card], [card]])),
        f"known\\[0\\]: {card} is not in that hand",
    )


def nest(depth: int) -> object:
    garbage: object = "x"
    for _ in range(depth):
        garbage = [garbage]
    return garbage


@pytest.mark.parametrize("game", GAMES)
def test_nested_garbage(game: str) -> None:
    """Lists or objects nested deeper than any state are refused first,
    before a message repr()s them or json.dumps recurses into them."""
    data = schnapsen_position("lead") if game == "schnapsen" else durak_position("open", game)
    rejected(
        changed(data, lambda d: d.update(history=nest(16))), "state: nested more than 16 levels"
    )
    cycle: list[object] = []
    cycle.append(cycle)
    # Shallow copies: deepcopy and json.dumps would recurse as deep.
    for bad in (
        dict(data, history=nest(5000)),
        dict(data, outcome={"winner": nest(3000)}),
        dict(data, history=cycle),
        dict(data, known=[[], {("x",) * 3: nest(2000)}]),
    ):
        for engine in ENGINES:
            with pytest.raises(InvalidStateError, match="state: nested more than 16 levels deep"):
                cardavia.from_dict(bad, engine=engine)


def raise_points(d: dict[str, Any]) -> None:
    """Seat 0 led KS (not TS) in trick 2 and declared spades: 47 + 20 = 67."""
    i = d["hands"][0].index("KS")
    d["hands"][0][i] = "TS"
    d["hands"][0] = sorted(d["hands"][0], key=SCHNAPSEN_CARDS.index)
    d["tricks"][1][0] = "KS"
    d["marriages"][0] = ["S"]


SCHNAPSEN_CORRUPTIONS: list[tuple[str, str, Mutator, str]] = [
    ("lead", "schema 3", lambda d: d.update(schema=3), "schema: version 3"),
    ("lead", "game durak", lambda d: d.update(game="durak"), "missing field|unknown field"),
    ("lead", "rng str", lambda d: d.update(rng="1"), "rng must be an integer"),
    (
        "lead",
        "rng big",
        lambda d: d.update(rng=2**64),
        "rng must be an integer|rng must be between",
    ),
    ("lead", "match points one", lambda d: d.update(match_points=[7]), "match_points must hold"),
    ("lead", "match points 8", lambda d: d.update(match_points=[8, 7]), "match_points\\[0\\]"),
    ("lead", "match points str", lambda d: d.update(match_points=[7, "7"]), "match_points\\[1\\]"),
    ("lead", "deals str", lambda d: d.update(deals="none"), "deals must be a list"),
    ("lead", "deal fields", lambda d: d.update(deals=[{"winner": 0}]), "deals\\[0\\]: missing"),
    (
        "lead",
        "deal reason",
        lambda d: d.update(deals=[{**deal_record(), "reason": "luck"}]),
        "deals\\[0\\].reason: 'luck'",
    ),
    (
        "lead",
        "deal points 4",
        lambda d: d.update(deals=[deal_record(game_points=4)]),
        "game_points must be between 1 and 3",
    ),
    (
        "lead",
        "deals without match points",
        lambda d: d.update(deals=[deal_record("reached_66", 1)]),
        "state.? ?match_points do not follow from the deals|^match_points do not follow",
    ),
    ("lead", "dealer 2", lambda d: d.update(dealer=2), "dealer must be between 0 and 1"),
    ("lead", "dealer wrong", lambda d: d.update(dealer=0), "dealer: seat 1 deals first"),
    ("lead", "trump X", lambda d: d.update(trump="X"), "trump: 'X' is not a suit"),
    ("lead", "indicator card", lambda d: d.update(indicator="QQ"), "indicator: 'QQ'"),
    ("lead", "indicator suit", lambda d: d.update(trump="S"), "indicator: not of the trump suit"),
    ("lead", "leader 5", lambda d: d.update(leader=5), "leader must be between 0 and 1"),
    ("lead", "leader wrong", lambda d: d.update(leader=0), "leader: the last trick's winner"),
    ("lead", "lead card", lambda d: d.update(lead="jd"), "lead: 'jd'"),
    ("lead", "trick short", lambda d: d["tricks"][0].pop(), "tricks\\[0\\] must hold 3 entries"),
    ("lead", "trick winner", lambda d: d["tricks"][0].__setitem__(2, 0), "winner does not follow"),
    ("lead", "marriage suit", lambda d: d.update(marriages=[["X"], []]), "marriages\\[0\\] must"),
    (
        "lead",
        "marriage not led",
        lambda d: d.update(marriages=[[], ["H"]]),
        "marriages\\[1\\]: no king or queen of H led",
    ),
    ("closed", "closed fields", lambda d: d.update(closed={"by": 0}), "closed: missing field"),
    (
        "closed",
        "closed flag",
        lambda d: d["closed"].update(opponent_won_trick="yes"),
        "closed.opponent_won_trick must be true or false",
    ),
    ("closed", "closed by", lambda d: d["closed"].update(by=3), "closed.by"),
    ("lead", "exchange fields", lambda d: d.update(exchange={"seat": 0}), "exchange: missing"),
    (
        "lead",
        "exchange jack",
        lambda d: d.update(exchange={"seat": 0, "jack": "JS", "took": "QH"}),
        "exchange: the trump jack can only be exchanged for the trump indicator",
    ),
    ("lead", "known card", lambda d: d["known"][0].append("AS"), "known\\[0\\]: AS is not in"),
    ("lead", "history dict", lambda d: d.update(history={}), "history must be a list"),
    (
        "lead",
        "outcome while playing",
        lambda d: d.update(outcome={"winner": 0, "match_points": [0, 7], "deals": []}),
        "outcome",
    ),
    ("lead", "a card in two places", lambda d: swap_out(d, "stock"), "is both in"),
    ("lead", "a card missing", lambda d: d["stock"].pop(), "is missing from the state"),
    (
        "lead",
        "lead card also in hand",
        lambda d: (d["hands"][1].append(d["lead"]), d["hands"][1].sort(key=SCHNAPSEN_CARDS.index)),
        "both in hands\\[1\\] and in lead",
    ),
    (
        "lead",
        "indicator gone, stock left",
        lambda d: (d["hands"][0].append(d["indicator"]), d.update(indicator=None)),
        "stock|hands",
    ),
    (
        "lead",
        "hands unequal",
        lambda d: d["stock"].append(d["hands"][0].pop()),
        "stock: the stock always holds an even number",
    ),
    ("reach", "66 while the deal goes on", raise_points, "seat 0 has 66 and the deal goes on"),
    (
        "closed",
        "closed tricks mismatch",
        lambda d: d["closed"].update(tricks=0),
        "closed.tricks",
    ),
    (
        "over",
        "outcome points differ",
        lambda d: d["outcome"].update(match_points=[7, 7]),
        "outcome",
    ),
    ("over", "outcome removed", lambda d: d.update(outcome=None), "outcome"),
]


@pytest.mark.parametrize(
    ("position", "mutate", "pattern"),
    [pytest.param(p, m, pat, id=desc) for p, desc, m, pat in SCHNAPSEN_CORRUPTIONS],
)
def test_schnapsen_corrupted_state(position: str, mutate: Mutator, pattern: str) -> None:
    rejected(changed(schnapsen_position(position), mutate), pattern)


def test_corrupted_states_leave_the_source_game_alone() -> None:
    g = new("durak", MID_DECK)
    g.play("attack:6S")
    before = state(g)
    data = g.to_dict()
    data["limit"] = 0
    with pytest.raises(InvalidStateError):
        cardavia.from_dict(data, engine="reference")
    assert state(g) == before
    g.play("take")  # still playable


def test_positions_used_above_are_valid() -> None:
    for name in ("start", "open", "beaten", "taking", "over"):
        for game in ("durak", "perevodnoy"):
            accepted(durak_position(name, game))
    for name in ("start", "lead", "closed", "reach", "over"):
        accepted(schnapsen_position(name))


# --------------------------------------------------------------------- JSON


@pytest.mark.parametrize(
    ("text", "pattern"),
    [
        ("", "malformed JSON"),
        ("{", "malformed JSON"),
        ('{"schema": 1,', "malformed JSON"),
        ("[1, 2", "malformed JSON"),
        ("{'schema': 1}", "malformed JSON"),
        ("undefined", "malformed JSON"),
        (b"\xff\xfe\x00", "malformed JSON"),
        ("[" * 100_000 + "]" * 100_000, "state: nested more than 16 levels deep"),
        ("null", "state must be an object"),
        ("[]", "state must be an object"),
        ("42", "state must be an object"),
        ("NaN", "malformed JSON"),
        ('"durak"', "state must be an object"),
        ("{}", "game: None"),
        ('{"game": "durak"}', "missing field 'schema'"),
    ],
)
def test_malformed_json(text: str | bytes, pattern: str) -> None:
    with pytest.raises(InvalidStateError, match=pattern):
        cardavia.from_json(text, engine="reference")


def test_json_of_wrong_type() -> None:
    for value in (None, 7, ["{}"], {"game": "durak"}):
        with pytest.raises(TypeError, match="JSON text must be str or bytes"):
            cardavia.from_json(value, engine="reference")  # type: ignore[arg-type]


@pytest.mark.parametrize("game", GAMES)
def test_json_with_trailing_garbage_or_changed_values(game: str) -> None:
    g = cardavia.new_game(game, seed=8, engine="reference")
    text = g.to_json()
    rejected_texts = [
        text + "x",
        text[:-1],
        text.replace('"schema":2', '"schema":1'),
        text.replace('"history":[]', '"history":null'),
    ]
    for bad in rejected_texts:
        with pytest.raises(InvalidStateError):
            cardavia.from_json(bad, engine="reference")
    assert cardavia.from_json(text, engine="reference").to_json() == text


def test_error_classes() -> None:
    for cls in (IllegalMoveError, InvalidStateError, UnknownGameError, InvalidArgumentError):
        assert issubclass(cls, CardaviaError) and issubclass(cls, ValueError)
    error = IllegalMoveError("no", ["take"])
    assert error.legal == ["take"] and IllegalMoveError("no").legal == []
