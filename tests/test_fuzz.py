"""Fuzzing the Python API of both engines with hypothesis.

Entry points: ``new_game`` (random seeds and decks), ``play`` (random strings
and objects as moves, in positions reached by random play), ``observation``
(random seats), ``from_dict`` (random dicts, and states of real games
mutated: keys deleted or added, values of the wrong type, cards in two
places, impossible phases, wrong schema versions, nested garbage) and
``from_json`` (random, truncated and mutated JSON text), and the worlds of
observations (real ones, and the same mutated) against the reference's
world builder.

Every call, on both engines:

* raises nothing but ``CardaviaError`` subclasses or ``TypeError``;
* when it refuses, changes nothing: the game's ``to_dict()`` and the dict
  passed in are as before;
* is accepted by both engines or by neither, and when accepted gives the
  same ``to_dict()`` in both, which reads back unchanged and plays on
  identically.

Both engines also refuse with the same class, kind of fault and field.

The default run plays ``DEFAULT_EXAMPLES`` examples per entry point; the
``soak`` tests play ``CARDAVIA_FUZZ_EXAMPLES`` (2,000 unless set) and print
the counts: ``CARDAVIA_FUZZ_EXAMPLES=100000 pytest -m soak tests/test_fuzz.py -s``.
"""

from __future__ import annotations

import functools
import json
import math
import os
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import cardavia
import pytest
from cardavia import CardaviaError, IllegalMoveError, InvalidStateError
from cardavia.cards import ATLASNYE, SCHNAPSEN
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

ENGINES = ("reference", "rust")
ALLOWED = (CardaviaError, TypeError)
DEFAULT_EXAMPLES = 250
SOAK_EXAMPLES = int(os.environ.get("CARDAVIA_FUZZ_EXAMPLES", "2000"))

# What came of the calls, per entry point (printed by the soak tests).
COUNTS: Counter[tuple[str, str]] = Counter()
CURRENT = ["-"]  # the entry point being fuzzed


def count(what: str) -> None:
    COUNTS[CURRENT[0], what] += 1


CARDS = sorted(set(ATLASNYE.cards) | set(SCHNAPSEN.cards))
MOVE_KINDS = ("attack", "defend", "transfer", "play", "marriage")
WORDS = ("take", "stop", "close", "exchange", "durak", "perevodnoy", "schnapsen", "S", "H")
STATE_KEYS = sorted(
    {
        "schema", "game", "seed", "deck", "trump_card", "hands", "stock", "table",
        "discard", "attacker", "taking", "limit", "idle_bouts", "known", "history",
        "outcome", "rng", "match_points", "deals", "dealer", "trump", "indicator",
        "leader", "lead", "tricks", "marriages", "closed", "exchange", "winner",
        "loser", "draw", "game_points", "reason", "by", "opponent_points",
        "opponent_won_trick", "seat", "jack", "took", "points", "tricks_won",
        "marriage_points", "pending_points", "last_trick", "closed_by", "open_attack",
        "table_ranks", "adds_left", "beating", "can_transfer",
    }
)  # fmt: skip


# ------------------------------------------------------------- strategies

texts = st.text(max_size=12) | st.text(alphabet="ATJQK6789SHDC:atkeplsor 10", max_size=12)
moves_text = st.builds(
    lambda kind, card, sep: f"{kind}{sep}{card}",
    st.sampled_from(MOVE_KINDS),
    st.sampled_from(CARDS) | texts,
    st.sampled_from([":", ": ", " :", ";", "", "::"]),
)
json_scalars = (
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.integers(-3, 60)
    | st.floats(allow_nan=False, allow_infinity=False)
    | texts
    | st.sampled_from(CARDS + list(WORDS) + STATE_KEYS)
    | moves_text
)
json_values = st.recursive(
    json_scalars,
    lambda children: (
        st.lists(children, max_size=5)
        | st.dictionaries(st.sampled_from(STATE_KEYS) | texts, children, max_size=4)
    ),
    max_leaves=16,
)
# Python objects JSON has no word for (or spells another way).
odd_objects = st.one_of(
    st.tuples(json_scalars, json_scalars),
    st.frozensets(st.sampled_from(CARDS), max_size=3),
    st.binary(max_size=6),
    st.just(float("nan")),
    st.just(float("inf")),
    st.just(object()),
    st.just(1j),
    st.just(range(3)),
)
any_values = json_values | odd_objects | st.lists(odd_objects, max_size=3)


def fuzz_settings(examples: int) -> settings:
    return settings(
        max_examples=examples,
        deadline=None,
        database=None,
        suppress_health_check=[
            HealthCheck.too_slow,
            HealthCheck.data_too_large,
            HealthCheck.filter_too_much,
        ],
    )


# ------------------------------------------------------ positions of games


@functools.lru_cache(maxsize=4096)
def position(game: str, seed: int, steps: int) -> str:
    """The JSON state of a game after up to ``steps`` random moves (both
    engines agree on it: the lockstep harness checks that at length)."""
    g = cardavia.new_game(game, seed=seed, engine="rust")
    chooser = random.Random(seed)
    for _ in range(steps):
        if g.is_over:
            break
        g.play(chooser.choice(g.legal_moves()))
    return g.to_json()


positions = st.tuples(
    st.sampled_from(cardavia.GAMES), st.integers(0, 300), st.integers(0, 200)
).map(lambda key: position(*key))


def games_at(text: str) -> list[Any]:
    """The position in each engine."""
    return [cardavia.from_json(text, engine=engine) for engine in ENGINES]


# ------------------------------------------------------------- agreement


def native(value: object) -> bool:
    """Whether ``value`` is plain JSON data: what json.dumps writes, json.loads
    reads back as it was. The core reads a state as JSON text, so it names a
    tuple a list, and refuses NaN, lone surrogates and objects JSON has no
    word for as malformed or unserialisable before reading any field."""
    if value is None or isinstance(value, (bool, int)):
        return True
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, str):
        return not any(0xD800 <= ord(c) <= 0xDFFF for c in value)
    if type(value) is list:
        return all(native(item) for item in value)
    if type(value) is dict:
        return all(isinstance(k, str) and native(k) and native(v) for k, v in value.items())
    return False


def outcome_of(call: Callable[[], Any]) -> tuple[str, Any]:
    """("ok", result) or ("error", exception); anything not allowed fails."""
    try:
        return "ok", call()
    except ALLOWED as exc:
        return "error", exc


def same_refusal(results: list[tuple[str, Any]], plain: bool) -> None:
    """The same exception class from both engines and, for their own errors,
    the same kind of fault in the same field (the text is made from those
    parts, but the offending value may read differently: the core sees a
    tuple as a list, a number beyond 64 bits as a float)."""
    errors = [result for _, result in results]
    described = [f"{type(e).__name__}: {e}" for e in errors]
    assert type(errors[0]) is type(errors[1]), described
    if isinstance(errors[0], CardaviaError):
        parts = [(e.kind, e.field) for e in errors]
        assert parts[0] == parts[1], (parts, described)
    count("refused" + ("" if plain else " (not plain JSON)"))


def agree(
    results: list[tuple[str, Any]], *, same_state: bool = True, plain: bool = True
) -> list[Any] | None:
    """Both accepted (the games, with the same state) or both refused."""
    states = [result[0] for result in results]
    assert states[0] == states[1], [f"{state}: {str(r)[:300]}" for state, r in results]
    if states[0] == "error":
        count("refused")
        same_refusal(results, plain)
        return None
    count("accepted")
    games = [result[1] for result in results]
    if same_state:
        assert games[0].to_dict() == games[1].to_dict()
    return games


def plays_on(games: list[Any], moves: int = 30) -> None:
    """An accepted state reads back unchanged and plays on identically."""
    for g in games:
        assert cardavia.from_dict(g.to_dict(), engine=g.engine).to_dict() == g.to_dict()
    chooser = random.Random(len(games[0].history))
    for _ in range(moves):
        legal = games[0].legal_moves()
        assert games[1].legal_moves() == legal
        assert games[0].current_player == games[1].current_player
        if not legal:
            assert games[0].is_over and games[1].is_over
            break
        move = chooser.choice(legal)
        for g in games:
            g.play(move)
    assert games[0].to_dict() == games[1].to_dict()
    assert games[0].outcome == games[1].outcome


# ------------------------------------------------------------ entry points


def check_new_game(game: object, seed: object, deck: object) -> None:
    def make(engine: str) -> Callable[[], Any]:
        return lambda: cardavia.new_game(game, seed=seed, deck=deck, engine=engine)  # type: ignore[arg-type]

    results = [outcome_of(make(engine)) for engine in ENGINES]
    # With neither seed nor deck each engine draws its own seed.
    games = agree(
        results,
        same_state=seed is not None or deck is not None,
        plain=native([game, seed, deck if not isinstance(deck, tuple) else list(deck)]),
    )
    if games is not None and (seed is not None or deck is not None):
        plays_on(games, moves=10)


@st.composite
def new_game_args(draw: st.DrawFn) -> tuple[object, object, object]:
    # Mostly a real game and a usable seed, so that the decks get tried.
    game: object = draw(st.sampled_from([*cardavia.GAMES, "?"]))
    if game == "?":
        game = draw(texts | any_values)
    seed_kind = draw(st.sampled_from(["none", "fine", "any int", "anything"]))
    seed: object = None
    if seed_kind == "fine":
        seed = draw(st.integers(0, 2**64 - 1))
    elif seed_kind == "any int":
        seed = draw(st.integers(-(2**66), 2**66))
    elif seed_kind == "anything":
        seed = draw(any_values)
    cards: list[object] = list(SCHNAPSEN.cards if game == "schnapsen" else ATLASNYE.cards)
    random.Random(draw(st.integers(0, 2**32))).shuffle(cards)
    kind = draw(st.sampled_from(["none", "good", "tuple", "one bad", "short", "long", "any"]))
    deck: object = None
    if kind == "good":
        deck = cards
    elif kind == "tuple":
        deck = tuple(cards)
    elif kind == "one bad":
        cards[draw(st.integers(0, len(cards) - 1))] = draw(st.sampled_from(CARDS) | any_values)
        deck = cards
    elif kind == "short":
        deck = cards[: draw(st.integers(0, len(cards)))]
    elif kind == "long":
        deck = [*cards, draw(st.sampled_from(CARDS) | any_values)]
    elif kind == "any":
        deck = draw(any_values)
    return game, seed, deck


def check_play(text: str, move: object) -> None:
    games = games_at(text)
    before = [g.to_dict() for g in games]
    results = [outcome_of(lambda g=g: g.play(move)) for g in games]  # type: ignore[misc]
    if agree(results, same_state=False, plain=native(move)) is not None:
        assert games[0].to_dict() == games[1].to_dict()
        return
    for g, old, (_, error) in zip(games, before, results, strict=True):
        assert g.to_dict() == old, f"play {move!r} changed the game"
        if isinstance(error, IllegalMoveError):
            assert error.legal == g.legal_moves()
        else:
            assert isinstance(error, TypeError)


@st.composite
def play_args(draw: st.DrawFn) -> tuple[str, object]:
    text = draw(positions)
    legal = cardavia.from_json(text, engine="rust").legal_moves() or ["stop"]
    near = legal[draw(st.integers(0, len(legal) - 1))]
    spellings: list[Callable[[str], str]] = [str, str.upper, str.lower, str.strip, str.title]
    spell = draw(st.sampled_from(spellings))
    move = draw(
        st.sampled_from([near, spell(near), near + " ", near.replace(":", ": "), near[:-1]])
        | moves_text
        | texts
        | st.sampled_from(["\ud800", "play:\udcff", "attack:6S\x00", "take\n"])
        | any_values
    )
    return text, move


def check_observation(text: str, seat: object) -> None:
    games = games_at(text)
    before = [g.to_dict() for g in games]
    results = [outcome_of(lambda g=g: g.observation(seat)) for g in games]  # type: ignore[misc]
    if agree(results, same_state=False, plain=native(seat)) is not None:
        assert results[0][1] == results[1][1]
    for g, old in zip(games, before, strict=True):
        assert g.to_dict() == old


# ---------------------------------------------------------- state dicts


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place inside a state, as keys and indices from the top."""
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += paths(item, (*prefix, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found += paths(item, (*prefix, i))
    return found


def card_lists(value: Any) -> list[tuple[Any, ...]]:
    """The places that hold a list with a card in it."""
    return [
        path
        for path in paths(value)
        if isinstance(get(value, path), list)
        and any(isinstance(x, str) and x in CARDS for x in get(value, path))
    ]


def get(value: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        value = value[step]
    return value


def put(state: dict[str, Any], path: tuple[Any, ...], new: object) -> None:
    if not path:
        return
    get(state, path[:-1])[path[-1]] = new


PHASE_FIELDS: dict[str, st.SearchStrategy[Any]] = {
    "taking": st.booleans(),
    "attacker": st.integers(0, 1),
    "limit": st.integers(0, 6),
    "idle_bouts": st.integers(0, 50),
    "leader": st.integers(0, 1),
    "dealer": st.integers(0, 1),
    "lead": st.none() | st.sampled_from(SCHNAPSEN.cards),
    "indicator": st.none() | st.sampled_from(SCHNAPSEN.cards),
    "trump": st.sampled_from("SHDC"),
    "trump_card": st.sampled_from(ATLASNYE.cards),
    "closed": st.none()
    | st.fixed_dictionaries(
        {
            "by": st.integers(0, 1),
            "opponent_points": st.integers(0, 80),
            "opponent_won_trick": st.booleans(),
            "tricks": st.integers(0, 4),
        }
    ),
    "exchange": st.none()
    | st.fixed_dictionaries(
        {
            "seat": st.integers(0, 1),
            "jack": st.sampled_from(SCHNAPSEN.cards),
            "took": st.sampled_from(SCHNAPSEN.cards),
        }
    ),
    "outcome": st.none()
    | st.fixed_dictionaries(
        {"winner": st.none() | st.integers(0, 1), "loser": st.none(), "draw": st.booleans()}
    ),
    "schema": st.sampled_from([0, 1, 2, 1.0, True, "1", None, 2**64]),
    "match_points": st.lists(st.integers(0, 7), min_size=2, max_size=2),
    "marriages": st.lists(st.lists(st.sampled_from("SHDC"), max_size=2), min_size=2, max_size=2),
}


def mutate(draw: st.DrawFn, state: dict[str, Any]) -> None:
    """One damage to a state, in place."""
    kind = draw(
        st.sampled_from(
            [
                "delete", "add", "replace", "odd", "phase", "move_card", "copy_card",
                "swap_cards", "truncate", "reverse", "nest", "number", "schema",
            ]
        )
    )  # fmt: skip
    places = paths(state)
    where = places[draw(st.integers(0, len(places) - 1))]
    target = get(state, where)
    if kind == "delete" and where:
        container = get(state, where[:-1])
        del container[where[-1]]
    elif kind == "add":
        container = target if isinstance(target, dict) else state
        container[draw(st.sampled_from(STATE_KEYS) | texts)] = draw(json_values)
    elif kind in ("replace", "odd") and where:
        put(state, where, draw(json_values if kind == "replace" else any_values))
    elif kind == "phase":
        name = draw(st.sampled_from(sorted(PHASE_FIELDS)))
        if name in state:
            state[name] = draw(PHASE_FIELDS[name])
    elif kind in ("move_card", "copy_card", "swap_cards"):
        lists = card_lists(state)
        if not lists:
            return
        source = get(state, lists[draw(st.integers(0, len(lists) - 1))])
        dest = get(state, lists[draw(st.integers(0, len(lists) - 1))])
        i = draw(st.integers(0, len(source) - 1))
        j = draw(st.integers(0, len(dest)))
        if kind == "swap_cards" and dest:
            k = min(j, len(dest) - 1)
            source[i], dest[k] = dest[k], source[i]
        else:
            card = source.pop(i) if kind == "move_card" else source[i]
            dest.insert(j, card)
    elif kind == "truncate" and isinstance(target, list):
        del target[draw(st.integers(0, len(target))) :]
    elif kind == "reverse" and isinstance(target, list):
        target.reverse()
    elif kind == "nest" and where:
        depth = draw(st.integers(1, 40))
        nested: object = target
        for _ in range(depth):
            nested = [nested]
        put(state, where, nested)
    elif kind == "number" and isinstance(target, int) and not isinstance(target, bool):
        put(state, where, target + draw(st.sampled_from([-1, 1, 2**64, -(2**64)])))
    elif kind == "schema":
        state["schema"] = draw(PHASE_FIELDS["schema"])


@st.composite
def mutated_states(draw: st.DrawFn) -> dict[str, Any]:
    state: dict[str, Any] = json.loads(draw(positions))
    for _ in range(draw(st.integers(1, 3))):
        mutate(draw, state)
    return state


@st.composite
def random_states(draw: st.DrawFn) -> object:
    """Dicts with the right keys (some) and random values, or anything."""
    game = draw(st.sampled_from(cardavia.GAMES))
    base: dict[str, Any] = json.loads(position(game, 0, 0))
    keys = draw(st.lists(st.sampled_from(sorted(base)), unique=True))
    state: dict[str, Any] = {key: draw(json_values) for key in keys}
    if draw(st.booleans()):
        state["game"] = game
    return state if draw(st.booleans()) else draw(any_values)


def fingerprint(value: object) -> object:
    """What a value holds, comparable after a deepcopy (which makes new
    instances of odd objects) and with NaN equal to itself."""
    if isinstance(value, dict):
        return ("dict", [(fingerprint(k), fingerprint(v)) for k, v in value.items()])
    if isinstance(value, (list, tuple)):
        return (type(value).__name__, [fingerprint(item) for item in value])
    if value is None or isinstance(value, (bool, int, str, bytes, complex, range, frozenset)):
        return (type(value).__name__, repr(value))
    if isinstance(value, float):
        return ("float", repr(value))
    return type(value).__name__


def check_from_dict(data: object) -> None:
    before = fingerprint(data)

    def load(engine: str) -> Callable[[], Any]:
        return lambda: cardavia.from_dict(data, engine=engine)

    results = [outcome_of(load(engine)) for engine in ENGINES]
    assert fingerprint(data) == before, "from_dict changed the dict passed in"
    for state, result in results:
        if state == "error":
            assert isinstance(result, InvalidStateError), repr(result)
    games = agree(results, plain=native(data))
    if games is not None:
        plays_on(games)


@st.composite
def json_texts(draw: st.DrawFn) -> str | bytes:
    text = draw(positions)
    kind = draw(st.sampled_from(["truncate", "flip", "insert", "random", "mutated", "bytes"]))
    if kind == "truncate":
        return text[: draw(st.integers(0, len(text)))]
    if kind == "flip":
        i = draw(st.integers(0, len(text) - 1))
        return text[:i] + draw(st.characters()) + text[i + 1 :]
    if kind == "insert":
        i = draw(st.integers(0, len(text)))
        return text[:i] + draw(st.sampled_from([",", "]", "}", '"', "0", "null", "[["])) + text[i:]
    if kind == "random":
        return json.dumps(draw(json_values))
    if kind == "mutated":
        state = json.loads(text)
        mutate(draw, state)
        try:
            return json.dumps(state)
        except (TypeError, ValueError):
            return text
    return draw(st.binary(max_size=40))


def check_from_json(text: str | bytes) -> None:
    def load(engine: str) -> Callable[[], Any]:
        return lambda: cardavia.from_json(text, engine=engine)

    results = [outcome_of(load(engine)) for engine in ENGINES]
    for state, result in results:
        if state == "error":
            assert isinstance(result, (InvalidStateError, TypeError)), repr(result)
    try:
        plain = native(json.loads(text))
    except (ValueError, RecursionError):
        plain = True  # both engines find it malformed, in json.loads
    games = agree(results, plain=plain)
    if games is not None:
        plays_on(games)


# ----------------------------------------------------------- observations


@st.composite
def mutated_observations(draw: st.DrawFn) -> tuple[dict[str, Any], int]:
    """A real observation (either seat's), damaged or not; and a seed."""
    g = cardavia.from_json(draw(positions), engine="rust")
    obs: dict[str, Any] = g.observation(draw(st.integers(0, 1)))
    for _ in range(draw(st.integers(0, 2))):
        mutate(draw, obs)
    return obs, draw(st.integers(0, 2**64 - 1))


def check_worlds(obs: dict[str, Any], seed: int) -> None:
    """The core and the reference's world builder (the oracle) accept the same
    observations and refuse the rest naming the same fault; every world the
    core deals shows the seat the observation itself."""
    from cardavia.reference.worlds import check_observation as oracle

    before = fingerprint(obs)
    results = [
        outcome_of(lambda: cardavia.ai.sample_world(obs, seed=seed)),
        outcome_of(lambda: oracle(obs)),
    ]
    assert fingerprint(obs) == before, "reading an observation changed it"
    states = [state for state, _ in results]
    assert states[0] == states[1], [f"{s}: {str(r)[:300]}" for s, r in results]
    if states[0] == "error":
        count("refused")
        same_refusal(results, native(obs))
        return
    count("accepted")
    world = results[0][1]
    for engine in ENGINES:
        view = cardavia.from_dict(world, engine=engine).observation(obs["seat"])
        assert as_given(view, obs) == obs, engine


#: Fields of a Durak observation that may be missing: written before
#: schema 2, they follow from the rest (docs/SCHEMA.md, Versioning).
BOUT_KEYS = ("open_attack", "table_ranks", "adds_left", "beating", "can_transfer")


def as_given(view: dict[str, Any], obs: dict[str, Any]) -> dict[str, Any]:
    """``view`` without the derived fields ``obs`` leaves out."""
    shown = {k: v for k, v in view.items() if k in obs or k not in BOUT_KEYS}
    outcome, given = view.get("outcome"), obs.get("outcome")
    if isinstance(outcome, dict) and isinstance(given, dict) and "reason" not in given:
        shown["outcome"] = {k: v for k, v in outcome.items() if k != "reason"}
    return shown


# ----------------------------------------------------------------- tests

ENTRY_POINTS: dict[str, tuple[st.SearchStrategy[Any], Callable[..., None]]] = {
    "new_game": (new_game_args(), check_new_game),
    "play": (play_args(), check_play),
    "observation": (st.tuples(positions, st.integers(-3, 3) | any_values), check_observation),
    "from_dict_mutated": (mutated_states().map(lambda s: (s,)), check_from_dict),
    "from_dict_random": (random_states().map(lambda s: (s,)), check_from_dict),
    "from_json": (json_texts().map(lambda t: (t,)), check_from_json),
    "worlds": (mutated_observations(), check_worlds),
}


def run(entry: str, examples: int) -> int:
    """Run ``examples`` examples of one entry point; the number of calls."""
    strategy, check = ENTRY_POINTS[entry]

    @fuzz_settings(examples)
    @given(strategy)
    def fuzz(args: tuple[Any, ...]) -> None:
        count("examples")
        check(*args)

    CURRENT[0] = entry
    before = COUNTS[entry, "examples"]
    fuzz()
    return COUNTS[entry, "examples"] - before


@pytest.mark.parametrize("entry", sorted(ENTRY_POINTS))
def test_fuzz(entry: str) -> None:
    assert run(entry, DEFAULT_EXAMPLES) >= DEFAULT_EXAMPLES


@pytest.mark.soak
@pytest.mark.parametrize("entry", sorted(ENTRY_POINTS))
def test_fuzz_soak(entry: str) -> None:
    calls = run(entry, SOAK_EXAMPLES)
    counts = {what: n for (name, what), n in sorted(COUNTS.items()) if name == entry}
    print(f"\nfuzz {entry}: {calls} calls per engine; {counts}")
    assert calls >= SOAK_EXAMPLES
