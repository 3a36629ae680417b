"""A refused move carries its reason: ``Game.refusal(move)`` and the
``illegal_move`` error of ``play`` name why, from the one list of the core
(``_native.REFUSAL_REASONS``), mirrored by the reference engine.

Every reason is reached from a real position (an explicit deck and a few
moves, or a state dict) in both engines, its data checked; a move string is
legal exactly when it has no refusal; ``play`` raises the refusal's reason
and data and changes nothing. ``tests/parity.py`` compares both engines'
refusals at every step of its lockstep games.
"""

from __future__ import annotations

import pickle
import random
from typing import Any

import cardavia
import pytest
from cardavia import IllegalMoveError, _native
from cardavia.errors import REFUSALS, describe_refusal
from cardavia.reference import PerevodnoyGame, SchnapsenGame
from helpers import ATLASNYE_CARDS, durak_deck, schnapsen_deck

ENGINES = ("rust", "reference")

# Trump D (7D turned up). Seat 0 holds the lowest trump 6D and attacks.
DURAK_DECK = durak_deck(
    ["6S", "6H", "6C", "6D", "9D", "KH"], ["9S", "TH", "JC", "AS", "AH", "AC"], "7D"
)
# Seat 0 (leads) JS AS JH JD KD; seat 1 QS KS TD AD AC; trump C (QC turned up).
SCHNAPSEN_DECK = schnapsen_deck(
    ["JS", "AS", "JH", "JD", "KD"],
    ["QS", "KS", "TD", "AD", "AC"],
    "QC",
    ["TS", "QH", "KH", "TH", "AH", "QD", "JC", "KC", "TC"],
)


def not_in_hand(card: str) -> dict[str, Any]:
    return {"reason": "not_in_hand", "card": card}


def beat(card: str, attack: str, how: str) -> dict[str, Any]:
    return {"reason": "does_not_beat", "card": card, "attack": attack, "how": how}


def reason(name: str) -> dict[str, Any]:
    return {"reason": name}


# (game, moves played from the deck, the move asked about, its refusal)
CASES: list[tuple[str, str, str, dict[str, Any] | None]] = [
    ("durak", "", "attack:6S", None),
    ("durak", "", "attack:9S", not_in_hand("9S")),
    ("durak", "", "stop", reason("open_first")),
    ("durak", "", "take", reason("not_defender")),
    ("durak", "", "defend:6S", reason("not_defender")),
    ("durak", "", "transfer:6S", reason("no_transfer")),
    ("durak", "", "transfer:XX", reason("not_a_move")),
    ("durak", "", "play:6S", reason("not_a_move")),
    ("perevodnoy", "", "transfer:6S", reason("not_defender")),
    ("durak", "attack:6S", "attack:AS", {"reason": "not_attacker", "attack": "6S"}),
    ("durak", "attack:6S", "stop", {"reason": "not_attacker", "attack": "6S"}),
    ("durak", "attack:6S", "take", None),
    ("durak", "attack:6S", "defend:6H", not_in_hand("6H")),
    ("durak", "attack:6S", "defend:TH", beat("TH", "6S", "other_suit")),
    ("durak", "attack:KH", "defend:TH", beat("TH", "KH", "lower")),
    ("perevodnoy", "attack:6S defend:9S attack:9D", "defend:AS", beat("AS", "9D", "not_trump")),
    (
        "durak",
        "attack:6S defend:9S",
        "attack:KH",
        {"reason": "rank_not_on_table", "rank": "K", "ranks": ["6", "9"]},
    ),
    ("durak", "attack:6S defend:9S", "defend:AS", reason("not_defender")),
    ("durak", "attack:6S take", "take", reason("not_defender")),
    ("perevodnoy", "attack:6S", "transfer:9S", {"reason": "transfer_rank", "rank": "6"}),
    ("perevodnoy", "attack:6S", "transfer:6H", not_in_hand("6H")),
    (
        "perevodnoy",
        "attack:6S defend:9S attack:9D",
        "transfer:AS",
        reason("transfer_after_defence"),
    ),
    ("schnapsen", "", "play:JS", None),
    ("schnapsen", "", "close", None),
    ("schnapsen", "", "play:QS", not_in_hand("QS")),
    ("schnapsen", "", "marriage:QS", not_in_hand("QS")),
    ("schnapsen", "", "marriage:KD", {"reason": "no_marriage", "suit": "D", "partner": "QD"}),
    ("schnapsen", "", "marriage:JS", {"reason": "not_king_or_queen", "card": "JS"}),
    ("schnapsen", "", "marriage:9S", reason("not_a_move")),
    ("schnapsen", "", "exchange", {"reason": "no_trump_jack", "jack": "JC"}),
    ("schnapsen", "", "take", reason("not_a_move")),
    ("schnapsen", "play:JH", "exchange", {"reason": "leader_only", "lead": "JH"}),
    ("schnapsen", "play:JH", "close", {"reason": "leader_only", "lead": "JH"}),
    ("schnapsen", "play:JH", "marriage:QS", {"reason": "leader_only", "lead": "JH"}),
    ("schnapsen", "close", "close", reason("stock_closed")),
    ("schnapsen", "close", "exchange", reason("stock_closed")),
    ("schnapsen", "close play:JS", "play:TD", {"reason": "must_beat", "lead": "JS"}),
    ("schnapsen", "close play:JS", "play:QS", None),
    ("schnapsen", "close play:AS", "play:TD", {"reason": "must_follow", "lead": "AS"}),
    ("schnapsen", "close play:AS", "play:AC", {"reason": "must_follow", "lead": "AS"}),
    (
        "schnapsen",
        "close play:JH",
        "play:QS",
        {"reason": "must_trump", "lead": "JH", "trump": "C"},
    ),
    ("schnapsen", "close play:JH", "play:JD", not_in_hand("JD")),
    # Seat 1 wins with a trump, declares spades with the queen, wins again.
    (
        "schnapsen",
        "play:JH play:AC marriage:QS play:JD",
        "marriage:KS",
        {"reason": "marriage_declared", "suit": "S"},
    ),
]


def dealt(game: str, engine: str, moves: str = "") -> Any:
    g = cardavia.new_game(
        game, deck=SCHNAPSEN_DECK if game == "schnapsen" else DURAK_DECK, engine=engine
    )
    for move in moves.split():
        g.play(move)
    return g


def empty_stock(
    game: str, engine: str, hands: list[list[str]], table: list[Any], limit: int
) -> Any:
    """A Durak position with the stock used up and every card not named in
    the discard; seat 0 attacks."""
    named = {card for pair in table for card in pair if card} | {c for h in hands for c in h}
    state = cardavia.new_game(game, seed=1, engine=engine).to_dict()
    state.update(
        seed=None,
        trump_card="7D",
        hands=hands,
        stock=[],
        table=table,
        discard=[card for card in ATLASNYE_CARDS if card not in named],
        attacker=0,
        taking=False,
        limit=limit,
        idle_bouts=0,
        known=[[], []],
        history=[],
    )
    return cardavia.from_dict(state, engine=engine)


def at_limit(engine: str) -> Any:
    """Seat 1 held two cards when the bout began and has beaten both attacks."""
    return empty_stock("durak", engine, [["6C", "9C"], []], [["6S", "7S"], ["6H", "7H"]], 2)


def facing_too_few(engine: str) -> Any:
    """Seat 1 could transfer 6S with 6H, but seat 0 holds one card."""
    return empty_stock("perevodnoy", engine, [["8C"], ["6H", "9C"]], [["6S", None]], 2)


def exhausted(engine: str) -> Any:
    """The first deal with its stock used up, seat 0 or 1 about to lead."""
    g = dealt("schnapsen", engine)
    while not g.observation(0)["exhausted"] or g.observation(0)["lead"] is not None:
        g.play(g.legal_moves()[-1])  # a plain play: never close, exchange or marry
    assert g.observation(0)["deals"] == []
    return g


def finished(game: str, engine: str) -> Any:
    g = cardavia.new_game(game, seed=5, engine=engine)
    while not g.is_over:
        g.play(g.legal_moves()[0])
    return g


# (a position, the move asked about, its refusal): those the decks above do
# not reach with a few moves.
POSITIONS: list[tuple[str, Any, str, dict[str, Any]]] = [
    ("at_limit", at_limit, "attack:6C", {"reason": "bout_limit", "limit": 2}),
    (
        "facing_too_few",
        facing_too_few,
        "transfer:6H",
        {"reason": "next_defender_too_few", "next_defender": 0, "hand_size": 1, "attacks": 2},
    ),
    ("exhausted", exhausted, "close", reason("stock_exhausted")),
    ("exhausted", exhausted, "exchange", reason("stock_exhausted")),
    ("durak_over", lambda engine: finished("durak", engine), "stop", reason("game_over")),
    ("schnapsen_over", lambda engine: finished("schnapsen", engine), "close", reason("game_over")),
]

#: Reached by no position of play: the leader holds five cards whenever the
#: stock is open. Tested on a reference game whose hand is edited.
UNREACHABLE = {"close_needs_five"}


def test_the_reasons_are_the_cores() -> None:
    assert tuple(REFUSALS) == _native.REFUSAL_REASONS
    assert len(set(_native.REFUSAL_REASONS)) == len(_native.REFUSAL_REASONS)


def test_every_reason_has_a_case() -> None:
    reached = {expected["reason"] for *_, expected in CASES if expected}
    reached |= {expected["reason"] for *_, expected in POSITIONS}
    assert reached | UNREACHABLE == set(REFUSALS)
    assert not reached & UNREACHABLE


def check_refused(g: Any, move: str, expected: dict[str, Any] | None) -> None:
    """``refusal`` gives ``expected``; ``play`` raises it (or plays the move
    when it is legal); a refused move changes nothing."""
    assert g.refusal(move) == expected
    if expected is None:
        assert move in g.legal_moves()
        return
    before, legal = g.to_dict(), g.legal_moves()
    with pytest.raises(IllegalMoveError) as info:
        g.play(move)
    error = info.value
    assert g.to_dict() == before and error.legal == legal and move not in legal
    assert (error.field, error.value) == ("move", move)
    if expected["reason"] == "game_over":
        assert (error.kind, error.reason) == ("game_over", None)
        assert "reason" not in error.detail
        return
    assert (error.kind, error.reason, error.detail["seat"]) == (
        "illegal_move",
        expected["reason"],
        g.current_player,
    )
    assert {key: error.detail[key] for key in expected} == expected
    # The English text names the move, the seat and the reason.
    assert str(error).startswith(f"{move!r} is not legal for seat {g.current_player}: ")
    assert f"({expected['reason']}); legal: " in str(error)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("game", "moves", "move", "expected"), CASES)
def test_a_reason_from_a_dealt_position(
    engine: str, game: str, moves: str, move: str, expected: dict[str, Any] | None
) -> None:
    check_refused(dealt(game, engine, moves), move, expected)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("name", "make", "move", "expected"), POSITIONS)
def test_a_reason_from_a_position(
    engine: str, name: str, make: Any, move: str, expected: dict[str, Any]
) -> None:
    check_refused(make(engine), move, expected)


def test_closing_needs_five_cards() -> None:
    g: Any = dealt("schnapsen", "reference")
    g.hands[0].remove("KD")  # no position of play: see UNREACHABLE
    assert g.refusal("close") == {"reason": "close_needs_five", "hand_size": 4}


@pytest.mark.parametrize("engine", ENGINES)
def test_a_refusal_is_asked_with_a_string(engine: str) -> None:
    g = cardavia.new_game("durak", seed=2, engine=engine)
    for bad in (None, 7, b"take", ["stop"]):
        with pytest.raises(TypeError, match="a move must be a string"):
            g.refusal(bad)  # type: ignore[arg-type]
    for junk in ("", "\ud800", "attack:6S\n", "ATTACK:6S", "attack:10S"):
        assert g.refusal(junk) == {"reason": "not_a_move"}


def test_every_text_takes_its_data() -> None:
    data = [expected for *_, expected in CASES if expected] + [e for *_, e in POSITIONS]
    data.append({"reason": "close_needs_five", "hand_size": 4})
    for refusal in data:
        text = describe_refusal(refusal["reason"], refusal)
        assert text != refusal["reason"] and "{" not in text, refusal
    assert describe_refusal(None, {}) == "it is not one of the legal moves"
    assert describe_refusal("no_such_reason", {}) == "it is not one of the legal moves"
    assert describe_refusal("bout_limit", {}) == "bout_limit"
    # An error made by hand, with no reason or a strange one, still reads.
    text = "'stop' is not legal for seat 0: it is not one of the legal moves; legal: take"
    for parts, expected in (({}, None), ({"reason": ["x"]}, None), ({"reason": "odd"}, "odd")):
        error = IllegalMoveError(legal=["take"], kind="illegal_move", value="stop", seat=0, **parts)
        assert (error.reason, str(error)) == (expected, text)


def test_the_error_pickles_with_its_reason() -> None:
    g = dealt("durak", "rust", "attack:6S defend:9S")
    with pytest.raises(IllegalMoveError) as info:
        g.play("attack:KH")
    back = pickle.loads(pickle.dumps(info.value))
    assert (back.reason, back.detail["rank"], back.detail["ranks"], str(back)) == (
        "rank_not_on_table",
        "K",
        ["6", "9"],
        str(info.value),
    )


JUNK = ["", " ", "attack", "attack:", "attack:6s", "attack:6S ", "take:6S", "pass", "\x00"]
EVERY_MOVE = sorted({*PerevodnoyGame.MOVES, *SchnapsenGame.MOVES, *JUNK})


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("game", cardavia.GAMES)
def test_legal_exactly_when_not_refused(engine: str, game: str) -> None:
    """At every step of random games, every string any game spells (and
    junk) is legal exactly when it has no refusal; a few refused ones are
    played, raising their refusal and changing nothing."""
    games = 12 if engine == "rust" else 3
    for seed in range(games):
        g = cardavia.new_game(game, seed=seed, engine=engine)
        chooser = random.Random(seed)
        while True:
            legal = set(g.legal_moves())
            refused = []
            for move in EVERY_MOVE:
                refusal = g.refusal(move)
                assert (refusal is None) == (move in legal), (game, seed, move)
                if refusal is not None:
                    assert refusal["reason"] in REFUSALS
                    refused.append((move, refusal))
            for move, refusal in chooser.sample(refused, 2):
                check_refused(g, move, refusal)
            if g.is_over:
                break
            g.play(chooser.choice(sorted(legal)))
