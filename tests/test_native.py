"""The worst inputs we could find, against the Rust engine.

Through the public API with ``engine="rust"`` and through
``cardavia._native`` directly, every bad call raises a ``CardaviaError``
subclass or ``TypeError``: never ``pyo3_runtime.PanicException``, never an
``OverflowError`` or ``UnicodeEncodeError`` leaking from the conversion,
never an "internal error" (a caught panic of the core), never a crash. A
rejected call leaves the game exactly as it was.
"""

from __future__ import annotations

import copy
import functools
import itertools
import json
import pickle
import random
from collections.abc import Callable, Iterator
from typing import Any

import cardavia
import pytest
from cardavia import (
    CardaviaError,
    IllegalMoveError,
    InvalidArgumentError,
    InvalidStateError,
    UnknownGameError,
    _native,
)
from cardavia.cards import ATLASNYE, SCHNAPSEN
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

GAMES = cardavia.GAMES
DECKS = {"durak": ATLASNYE.cards, "perevodnoy": ATLASNYE.cards, "schnapsen": SCHNAPSEN.cards}
INTERNAL = "internal error"


def rejected(call: Callable[..., object], *args: Any, **kwargs: Any) -> BaseException:
    """Call and require a clean rejection; return the exception."""
    try:
        call(*args, **kwargs)
    except BaseException as exc:  # PanicException derives from BaseException
        assert isinstance(exc, (CardaviaError, TypeError)), f"{type(exc).__name__}: {exc}"
        assert INTERNAL not in str(exc), f"the core panicked: {exc}"
        return exc
    raise AssertionError(f"accepted: {call.__name__}{args!r:.200}")


def survives(call: Callable[..., object], *args: Any, **kwargs: Any) -> bool:
    """Call: accepted (True) or cleanly rejected (False); nothing else."""
    try:
        call(*args, **kwargs)
    except BaseException as exc:
        assert isinstance(exc, (CardaviaError, TypeError)), f"{type(exc).__name__}: {exc}"
        assert INTERNAL not in str(exc), f"the core panicked: {exc}"
        return False
    return True


def snapshot(game: Any) -> tuple[Any, ...]:
    return (
        game.to_dict(),
        game.to_json(),
        game.legal_moves(),
        game.current_player,
        game.is_over,
        game.outcome,
        game.history,
        game.observation(0),
        game.observation(1),
    )


def positions(game: str) -> list[Any]:
    """Rust games at the start, in play (several phases) and over."""
    found = []
    for seed in (1, 2, 3):
        g = cardavia.new_game(game, seed=seed, engine="rust")
        rng = random.Random(seed)
        marks = {0, 1, 2, 5, 9, 17, 40}
        step = 0
        while not g.is_over:
            if step in marks:
                found.append(g.clone())
            g.play(rng.choice(g.legal_moves()))
            step += 1
        found.append(g)
    return found


@pytest.fixture(scope="module", params=GAMES)
def game_positions(request: pytest.FixtureRequest) -> tuple[str, list[Any]]:
    return request.param, positions(request.param)


# ------------------------------------------------------------ moves

NOT_STRINGS: list[Any] = [
    None,
    0,
    1,
    -1,
    2**70,
    1.5,
    float("nan"),
    True,
    b"take",
    bytearray(b"take"),
    memoryview(b"take"),
    ["take"],
    ("take",),
    {"take": 1},
    {"take"},
    object(),
    str,
    Ellipsis,
]

BAD_TEXT: list[str] = [
    "",
    " ",
    "take ",
    " take",
    "TAKE",
    "Take",
    "take\x00",
    "\x00",
    "attack:",
    "attack",
    ":",
    "attack:7",
    "attack:XX",
    "attack:7s",
    "attack:7S:7S",
    "attack:7S ",
    "attack:10S",
    "attack:6S\n",
    "defend:JQ",
    "transfer:",
    "play:",
    "play:9H",
    "marriage:",
    "exchange:JH",
    "close:",
    "\ud800",
    "attack:\ud800",
    "\udfff\ud800",
    "attack:7S\ud800",
    "аttack:7S",  # Cyrillic а
    "attack：7S",  # full-width colon
    "attack:7S" * 1000,
    "x" * 1_000_000,
    "\U0010ffff",
    "play:AS" + "\x00" * 100,
]


def every_move_name(game: str) -> list[str]:
    """Every canonical move of all three games (most illegal at any time)."""
    names = ["take", "stop", "exchange", "close"]
    for card in ATLASNYE.cards + SCHNAPSEN.cards:
        for kind in ("attack", "defend", "transfer", "play", "marriage"):
            names.append(f"{kind}:{card}")
    return sorted(set(names))


def test_bad_moves_change_nothing(game_positions: tuple[str, list[Any]]) -> None:
    game, games = game_positions
    for g in games:
        before = snapshot(g)
        legal = set(g.legal_moves())
        for move in NOT_STRINGS:
            exc = rejected(g.play, move)
            assert isinstance(exc, TypeError)
        for move in BAD_TEXT:
            exc = rejected(g.play, move)
            assert isinstance(exc, IllegalMoveError)
            assert exc.legal == g.legal_moves()
        for move in every_move_name(game):
            if move not in legal:
                exc = rejected(g.play, move)
                assert isinstance(exc, IllegalMoveError)
        assert snapshot(g) == before


def test_moves_after_the_end(game_positions: tuple[str, list[Any]]) -> None:
    game, games = game_positions
    over = [g for g in games if g.is_over]
    assert over
    for g in over:
        before = snapshot(g)
        assert g.legal_moves() == []
        for move in every_move_name(game):
            exc = rejected(g.play, move)
            assert isinstance(exc, IllegalMoveError)
            assert exc.legal == []
        assert snapshot(g) == before


def test_play_argument_count() -> None:
    g = cardavia.new_game("durak", seed=1, engine="rust")
    before = snapshot(g)
    rejected(g.play)
    rejected(g.play, "take", "take")
    rejected(g.play, move="attack:6S", extra=1)
    assert snapshot(g) == before


def test_legal_moves_are_fresh_lists(game_positions: tuple[str, list[Any]]) -> None:
    """The fast path shares the move strings, never the list: mutating a
    returned list changes nothing, and each move is a plain str."""
    _, games = game_positions
    for g in games:
        first = g.legal_moves()
        expected = list(first)
        assert first == sorted(first)
        assert all(type(m) is str for m in first)
        first.clear()
        first.append("garbage")
        assert g.legal_moves() == expected
        assert g.legal_moves() is not g.legal_moves()


def test_moves_of_a_str_subclass_are_played() -> None:
    class Move(str):
        pass

    g = cardavia.new_game("durak", seed=1, engine="rust")
    move = g.legal_moves()[0]
    g.play(Move(move))
    assert g.history == [move]
    assert type(g.history[0]) is str


# ------------------------------------------------------------ new games


@pytest.mark.parametrize(
    "name",
    ["chess", "", "DURAK", "durak ", "durak\x00", "\ud800", "durak\ud800", "x" * 100_000],
)
def test_unknown_games(name: str) -> None:
    for call in (
        lambda: cardavia.new_game(name, seed=1, engine="rust"),
        lambda: _native.Game(name, 1),
    ):
        assert isinstance(rejected(call), UnknownGameError)


@pytest.mark.parametrize("name", [None, 1, b"durak", ["durak"], 1.0, object()])
def test_game_names_of_the_wrong_type(name: Any) -> None:
    assert isinstance(rejected(cardavia.new_game, name, seed=1, engine="rust"), TypeError)
    assert isinstance(rejected(_native.Game, name, 1), TypeError)


@pytest.mark.parametrize(
    "seed", [-1, 2**64, 2**70, -(2**70), 10**100, 1.0, float("nan"), "1", b"1", True, [1], object()]
)
def test_bad_seeds(seed: Any) -> None:
    for call in (
        lambda: cardavia.new_game("durak", seed=seed, engine="rust"),
        lambda: _native.Game("schnapsen", seed),
    ):
        rejected(call)


def test_extreme_seeds_are_games() -> None:
    for seed in (0, 2**64 - 1):
        for game in GAMES:
            g = cardavia.new_game(game, seed=seed, engine="rust")
            assert g.to_dict()["seed"] == seed


def bad_decks(game: str) -> Iterator[Any]:
    cards = list(DECKS[game])
    yield []
    yield cards[:-1]
    yield [*cards, cards[0]]
    yield [*cards[:-1], cards[0]]
    yield [*cards[:-1], "XX"]
    yield [*cards[:-1], cards[-1].lower()]
    yield [*cards[:-1], None]
    yield [*cards[:-1], 1]
    yield [*cards[:-1], b"AS"]
    yield [*cards[:-1], [cards[-1]]]
    yield [*cards[:-1], "\ud800"]
    yield [*cards[:-1], cards[-1] + "\x00"]
    yield [*cards[:-1], "x" * 1_000_000]
    yield [cards[0]] * 10**6
    yield cards * 1000
    yield list(range(10**6))
    yield [[[[[]]]]] * 36
    yield "".join(cards)
    yield b"AS" * 18
    yield 36
    yield 1.5
    yield object()
    # Every card of the other deck.
    yield list(SCHNAPSEN.cards if game != "schnapsen" else ATLASNYE.cards)


def test_bad_decks(game_positions: tuple[str, list[Any]]) -> None:
    game, _ = game_positions
    for deck in bad_decks(game):
        rejected(cardavia.new_game, game, deck=deck, engine="rust")
        rejected(_native.Game, game, None, deck)
        rejected(_native.Game, game, 5, deck)


def test_public_api_takes_sequences_only() -> None:
    cards = list(ATLASNYE.cards)
    for deck in ({c: 1 for c in cards}, set(cards), iter(cards), "".join(cards), b"6S"):
        exc = rejected(cardavia.new_game, "durak", deck=deck, engine="rust")
        assert isinstance(exc, InvalidStateError)


def test_endless_decks_are_not_read_to_the_end() -> None:
    for deck in (itertools.repeat("6S"), itertools.cycle(ATLASNYE.cards), itertools.count()):
        exc = rejected(_native.Game, "durak", None, deck)
        assert isinstance(exc, InvalidStateError)
        # The public API takes sequences only.
        rejected(cardavia.new_game, "durak", deck=deck, engine="rust")


def test_a_deck_is_a_list_or_a_tuple() -> None:
    cards = list(ATLASNYE.cards)
    assert _native.Game("durak", None, tuple(cards)).to_dict()["deck"] == cards
    # An iterator is not a list of cards, for the core as for the reference.
    for deck in (iter(cards), (c for c in cards), {c: 1 for c in cards}):
        for engine in ("rust", "reference"):
            with pytest.raises(InvalidStateError) as info:
                cardavia.new_game("durak", deck=deck, engine=engine)  # type: ignore[arg-type]
            assert (info.value.kind, info.value.field) == ("list", "deck")


# ------------------------------------------------------------ observation


@pytest.mark.parametrize(
    "seat", [2, -1, 2**64, 2**70, -(2**70), True, False, 1.0, "0", b"0", None, [0], object()]
)
def test_bad_seats(seat: Any, game_positions: tuple[str, list[Any]]) -> None:
    _, games = game_positions
    for g in games[:3]:
        before = snapshot(g)
        exc = rejected(g.observation, seat)
        if isinstance(seat, int) and not isinstance(seat, bool):
            assert isinstance(exc, InvalidArgumentError)
        else:
            assert isinstance(exc, TypeError)
        assert snapshot(g) == before


# ------------------------------------------------------------ JSON and state

GARBAGE_JSON: list[Any] = [
    "",
    " ",
    "\x00",
    "[" * 100_000,
    "]" * 100_000,
    "{" * 100_000,
    '{"a":' * 100_000,
    "[" * 100_000 + "]" * 100_000,
    '{"game": "durak", "x": ' + "[" * 10_000 + "]" * 10_000 + "}",
    "NaN",
    "Infinity",
    "-Infinity",
    '{"game": NaN}',
    "1" * 100_000,
    "-" + "9" * 100_000,
    "1e999999",
    "null",
    "true",
    "0",
    '"durak"',
    "[]",
    "{}",
    '{"game": "durak"}',
    '{"game": "schnapsen", "schema": 1}',
    '{"game": "chess"}',
    '{"game": null}',
    '{"game": 1}',
    '{"game": ["durak"]}',
    '{"game": "durak", "game": "schnapsen"}',
    '{"game": "\\ud800"}',
    '{"game": "durak\\u0000"}',
    "\ufeff{}",
    "\ud800",
    '{"game": "\ud800"}',
    "x" * 10_000_000,
    b"\xff\xfe\xfd",
    b"\xed\xa0\x80",  # an encoded surrogate: not UTF-8
    b"{}",
    bytearray(b'{"game": "durak"}'),
]


@pytest.mark.parametrize("text", GARBAGE_JSON, ids=lambda t: repr(t)[:40])
def test_garbage_json(text: Any) -> None:
    exc = rejected(_native.Game.from_json, text)
    assert isinstance(exc, InvalidStateError)
    exc = rejected(cardavia.from_json, text, engine="rust")
    assert isinstance(exc, InvalidStateError)


@pytest.mark.parametrize("text", [None, 1, 1.5, ["{}"], {"game": "durak"}, memoryview(b"{}")])
def test_json_of_the_wrong_type(text: Any) -> None:
    assert isinstance(rejected(_native.Game.from_json, text), TypeError)
    assert isinstance(rejected(cardavia.from_json, text, engine="rust"), TypeError)


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        "durak",
        {"game": "durak", "x": object()},
        {"game": "durak", "x": b"bytes"},
        {"game": "durak", "x": {1, 2}},
        {"game": "durak", "hands": float("nan")},
        {"game": "durak", "seed": 2**200},
    ],
)
def test_bad_dicts(data: Any) -> None:
    rejected(cardavia.from_dict, data, engine="rust")


def test_deeply_nested_dict() -> None:
    data: Any = []
    for _ in range(100_000):
        data = [data]
    rejected(cardavia.from_dict, {"game": "durak", "hands": data}, engine="rust")


GARBAGE_VALUES: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    1,
    2,
    255,
    256,
    2**31,
    2**63,
    2**64,
    -(2**63),
    10**30,
    1.5,
    -0.0,
    1e308,
    "",
    "AS",
    "XX",
    "\ud800",
    "x" * 10_000,
    [],
    [None],
    [[]],
    ["AS", "AS"],
    list(ATLASNYE.cards),
    list(SCHNAPSEN.cards),
    [[["6S"]]],
    ["6S"] * 1000,
    list(range(100)),
    {},
    {"a": 1},
    [[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]],
]


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place in a state dict, to depth 3."""
    if prefix:
        yield prefix
    if len(prefix) >= 3:
        return
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value[:3]):
            yield from paths(item, (*prefix, index))
        if value:
            yield from paths(value[-1], (*prefix, len(value) - 1))


def replaced(state: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    changed = copy.deepcopy(state)
    target: Any = changed
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    return changed


def removed(state: dict[str, Any], path: tuple[Any, ...]) -> dict[str, Any]:
    changed = copy.deepcopy(state)
    target: Any = changed
    for step in path[:-1]:
        target = target[step]
    del target[path[-1]]
    return changed


def exercise(g: Any) -> None:
    """Everything a caller may do with a game that loaded: none of it may
    panic, whatever state passed the checks."""
    legal = g.legal_moves()
    g.to_dict()
    g.to_json()
    g.outcome  # noqa: B018
    g.observation(0)
    g.observation(1)
    cardavia.from_json(g.to_json(), engine="rust")
    for move in legal:
        clone = g.clone()
        clone.play(move)
        clone.legal_moves()
        clone.observation(0)
        clone.observation(1)
    # A short random continuation.
    rng = random.Random(0)
    for _ in range(30):
        if g.is_over:
            break
        g.play(rng.choice(g.legal_moves()))


def test_corrupted_states(game_positions: tuple[str, list[Any]]) -> None:
    """Every place of the state replaced by garbage, or removed: the state
    is rejected cleanly or, if it still passes the checks, plays on."""
    _, games = game_positions
    for g in games[::3]:
        state = g.to_dict()
        for path in paths(state):
            variants = [replaced(state, path, value) for value in GARBAGE_VALUES]
            variants.append(removed(state, path))
            for variant in variants:
                text = json.dumps(variant)
                loaders: list[Callable[[], Any]] = [
                    functools.partial(cardavia.from_dict, variant, engine="rust"),
                    functools.partial(_native.Game.from_json, text),
                ]
                for load in loaders:
                    try:
                        loaded = load()
                    except BaseException as exc:
                        assert isinstance(exc, (CardaviaError, TypeError)), (path, exc)
                        assert INTERNAL not in str(exc), (path, exc)
                        assert isinstance(exc, InvalidStateError), (path, exc)
                        continue
                    try:
                        exercise(loaded)
                    except BaseException as exc:
                        pytest.fail(f"{path}: a loaded state fails: {type(exc).__name__}: {exc}")


def test_states_with_unknown_keys(game_positions: tuple[str, list[Any]]) -> None:
    _, games = game_positions
    state = games[2].to_dict()
    for key in ("extra", "", "\x00", "x" * 10_000):
        rejected(cardavia.from_dict, {**state, key: 1}, engine="rust")


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=10),
    lambda children: (
        st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=8), children, max_size=5)
    ),
    max_leaves=20,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(GAMES), extra=st.dictionaries(st.text(max_size=10), json_values))
def test_random_json_objects(game: str, extra: dict[str, Any]) -> None:
    data = {**extra, "game": game}
    assert not survives(_native.Game.from_json, json.dumps(data))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game=st.sampled_from(GAMES),
    seed=st.integers(min_value=0, max_value=50),
    steps=st.integers(min_value=0, max_value=60),
    data=st.data(),
)
def test_random_corruptions(game: str, seed: int, steps: int, data: Any) -> None:
    """A real state with one place replaced by a random JSON value."""
    g = cardavia.new_game(game, seed=seed, engine="rust")
    rng = random.Random(seed)
    for _ in range(steps):
        if g.is_over:
            break
        g.play(rng.choice(g.legal_moves()))
    state = g.to_dict()
    path = data.draw(st.sampled_from(list(paths(state))), label="path")
    variant = replaced(state, path, data.draw(json_values, label="value"))
    try:
        loaded = cardavia.from_json(json.dumps(variant), engine="rust")
    except BaseException as exc:
        assert isinstance(exc, InvalidStateError), f"{type(exc).__name__}: {exc}"
        assert INTERNAL not in str(exc)
        return
    exercise(loaded)


@settings(max_examples=300, deadline=None)
@given(move=st.text(max_size=40))
def test_random_move_text(move: str) -> None:
    g = cardavia.new_game("perevodnoy", seed=4, engine="rust")
    before = snapshot(g)
    if move in g.legal_moves():
        g.play(move)
        assert g.history == [move]
    else:
        assert isinstance(rejected(g.play, move), IllegalMoveError)
        assert snapshot(g) == before


def test_games_cannot_be_pickled_but_can_be_copied() -> None:
    g = cardavia.new_game("schnapsen", seed=2, engine="rust")
    g.play(g.legal_moves()[0])
    assert isinstance(rejected(pickle.dumps, g), TypeError)
    for twin in (copy.copy(g), copy.deepcopy(g), g.clone()):
        assert twin.to_dict() == g.to_dict()
        twin.play(twin.legal_moves()[0])
        assert twin.to_dict() != g.to_dict()


def test_game_class_misuse() -> None:
    rejected(_native.Game)
    rejected(_native.Game, "durak", 1, None, 4)
    rejected(_native.Game, "durak", seed=1, colour="red")
    g = _native.Game("durak", 1)
    before = snapshot(g)
    for name in ("game", "engine", "current_player", "is_over", "outcome", "history"):
        with pytest.raises(AttributeError):
            setattr(g, name, None)
    rejected(g.observation)
    rejected(g.legal_moves, 1)
    rejected(g.to_dict, 1)
    with pytest.raises(TypeError):

        class Sub(_native.Game):  # type: ignore[misc]
            pass

    assert snapshot(g) == before


def test_every_game_names_its_deck() -> None:
    from cardavia.cards import DECKS, deck_of

    assert set(_native.GAME_DECKS) == set(cardavia.GAMES)
    for game in cardavia.GAMES:
        deck = deck_of(game)
        assert deck is DECKS[_native.GAME_DECKS[game]]
        assert len(deck) == len(cardavia.new_game(game, seed=1).to_dict()["deck"])
    with pytest.raises(cardavia.UnknownGameError):
        deck_of("skat")
