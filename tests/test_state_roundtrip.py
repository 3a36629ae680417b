"""State round trips, observation leaks and clone independence (reference engine).

At every step of random games:

* ``to_dict`` -> ``cardavia.from_dict`` and ``to_json`` -> ``cardavia.from_json``
  rebuild a game whose state, JSON text, legal moves, current player, outcome
  and both observations are exactly equal, and which plays on identically;
* ``observation(seat)`` has exactly the documented keys (nothing like seed,
  deck, rng or the stock order) and no card string of the opponent's hidden
  cards anywhere; every card it names is the seat's own hand, the table,
  the discard, the tricks, the lead, a known list or the trump / indicator
  (Schnapsen history moves of earlier deals excepted: those cards were
  public when played, in another deal);
* swapping the opponent's hidden cards with the stock and reordering the
  stock leaves the seat's observation unchanged.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import cardavia
import pytest
from cardavia.cards import ATLASNYE, SCHNAPSEN
from helpers import (
    DURAK_OBSERVATION_KEYS,
    SCHNAPSEN_OBSERVATION_KEYS,
    new,
    play_all,
    schnapsen_deck,
)

GAMES = ("durak", "perevodnoy", "schnapsen")
ROUNDTRIP_GAMES = 40
MOVE_KINDS = {"play", "marriage", "exchange", "close"}


def strings(value: Any) -> list[str]:
    """Every string anywhere inside ``value`` (keys included), move strings split."""
    found: list[str] = []
    if isinstance(value, str):
        found += [value, *value.split(":")]
    elif isinstance(value, dict):
        for key, item in value.items():
            found += strings(key) + strings(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            found += strings(item)
    return found


def check_roundtrip(g: Any) -> None:
    d = g.to_dict()
    assert json.loads(json.dumps(d)) == d  # JSON-serialisable as it is
    rebuilt = cardavia.from_dict(d, engine="reference")
    assert rebuilt.to_dict() == d
    text = g.to_json()
    assert json.loads(text) == d
    from_text = cardavia.from_json(text, engine="reference")
    assert from_text.to_json() == text
    assert cardavia.from_json(text.encode(), engine="reference").to_dict() == d
    for other in (rebuilt, from_text):
        assert other.game == g.game and other.engine == "reference"
        assert other.legal_moves() == g.legal_moves()
        assert other.current_player == g.current_player
        assert other.is_over == g.is_over and other.outcome == g.outcome
        assert other.history == g.history
        for seat in (0, 1):
            assert other.observation(seat) == g.observation(seat)


def deal_start(history_len: int, d: dict[str, Any], marks: list[tuple[int, int]]) -> int:
    """Index in the history where the current Schnapsen deal began."""
    if "deals" not in d:
        return 0
    if not marks or marks[-1][0] != len(d["deals"]):
        marks.append((len(d["deals"]), history_len))
    return marks[-1][1]


def check_observation(g: Any, seat: int, deal_began: int) -> None:
    d = g.to_dict()
    obs = g.observation(seat)
    opponent = 1 - seat
    schnapsen = g.game == "schnapsen"
    keys = SCHNAPSEN_OBSERVATION_KEYS if schnapsen else DURAK_OBSERVATION_KEYS
    assert set(obs) == keys
    assert not {"seed", "deck", "rng", "stock"} & set(obs)
    assert obs["seat"] == seat and obs["hand"] == d["hands"][seat]
    assert obs["hand_sizes"] == [len(d["hands"][0]), len(d["hands"][1])]
    assert obs["current_player"] == g.current_player
    assert obs["legal_moves"] == (g.legal_moves() if g.current_player == seat else [])
    if d["stock"]:
        assert d["stock"] not in list(obs.values())
    hidden = set(d["hands"][opponent]) - set(d["known"][opponent])
    if schnapsen:
        earlier_deals = obs["history"][:deal_began]
        # The records of earlier deals name cards of those deals only.
        outcome = obs["outcome"] and {**obs["outcome"], "deals": []}
        current = {
            **obs,
            "history": obs["history"][deal_began:],
            "deals": [],
            "outcome": outcome,
        }
        named = set(strings(current))
        public = {c for t in d["tricks"] for c in t[:2]} | {d["lead"], d["indicator"]}
        if d["exchange"] is not None:
            public |= {d["exchange"]["jack"], d["exchange"]["took"]}
        allowed = set(d["hands"][seat]) | set(d["known"][0]) | set(d["known"][1]) | public
        cards = set(SCHNAPSEN.cards)
        assert set(strings(current["history"])) & cards <= public
        assert all(m.partition(":")[0] in MOVE_KINDS for m in earlier_deals)
    else:
        named = set(strings(obs))
        table = {c for pair in d["table"] for c in pair if c is not None}
        allowed = (
            set(d["hands"][seat])
            | table
            | set(d["discard"])
            | set(d["known"][0])
            | set(d["known"][1])
            | {d["trump_card"]}
        )
        cards = set(ATLASNYE.cards)
    assert not named & hidden, f"seat {seat} sees {sorted(named & hidden)}"
    assert named & cards <= allowed, sorted((named & cards) - allowed)


def hidden_variant(d: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """The same public facts for ``seat``: the opponent's unknown cards and the
    stock shuffled together (Durak's trump card stays at the bottom)."""
    v = copy.deepcopy(d)
    opponent = 1 - seat
    deck = SCHNAPSEN if v["game"] == "schnapsen" else ATLASNYE
    known = v["known"][opponent]
    hidden = [c for c in v["hands"][opponent] if c not in known]
    if v["game"] == "schnapsen":
        pool, bottom = v["stock"], []
        v["rng"] = rng.getrandbits(64)
    else:
        pool, bottom = v["stock"][:-1], v["stock"][-1:]
    mixed = hidden + pool
    rng.shuffle(mixed)
    v["hands"][opponent] = deck.sort(known + mixed[: len(hidden)])
    v["stock"] = mixed[len(hidden) :] + bottom
    return v


@pytest.mark.parametrize("game", GAMES)
def test_roundtrip_and_observations_at_every_step(game: str) -> None:
    variants = 0
    for seed in range(ROUNDTRIP_GAMES):
        g = cardavia.new_game(game, seed=seed, engine="reference")
        rng = random.Random(seed)
        marks: list[tuple[int, int]] = []
        while True:
            check_roundtrip(g)
            d = g.to_dict()
            began = deal_start(len(d["history"]), d, marks)
            for seat in (0, 1):
                check_observation(g, seat, began)
                if g.is_over:
                    continue
                v = cardavia.from_dict(hidden_variant(d, seat, rng), engine="reference")
                assert v.observation(seat) == g.observation(seat)
                variants += v.to_dict() != d
            if g.is_over:
                break
            move = rng.choice(g.legal_moves())
            twin = cardavia.from_dict(g.to_dict(), engine="reference")
            g.play(move)
            twin.play(move)
            assert twin.to_dict() == g.to_dict()
    assert variants > 100  # the hidden cards really were moved


@pytest.mark.parametrize("game", GAMES)
def test_clone_is_independent(game: str) -> None:
    for seed in range(10):
        g = cardavia.new_game(game, seed=seed, engine="reference")
        rng = random.Random(seed)
        while not g.is_over:
            before = g.to_dict()
            c = g.clone()
            assert c is not g and c.to_dict() == before and c.history == g.history
            c.play(rng.choice(c.legal_moves()))
            while not c.is_over and rng.random() < 0.7:
                c.play(rng.choice(c.legal_moves()))
            assert g.to_dict() == before  # the original is untouched
            assert c.history[: len(g.history)] == g.history
            assert len(c.history) > len(g.history)
            ahead = c.to_dict()
            move = rng.choice(g.legal_moves())
            g.play(move)
            assert g.history == [*before["history"], move]
            assert c.to_dict() == ahead  # and the clone does not follow the original


@pytest.mark.parametrize("game", GAMES)
def test_returned_dicts_are_copies(game: str) -> None:
    g = cardavia.new_game(game, seed=3, engine="reference")
    g.play(g.legal_moves()[0])
    g.play(g.legal_moves()[0])
    before = g.to_dict()
    d = g.to_dict()
    d["hands"][0].clear()
    d["history"].append("x")
    d["known"][1].append("AS")
    seat = g.current_player
    assert seat is not None
    obs = g.observation(seat)
    obs["hand"].clear()
    obs["legal_moves"].clear()
    obs["history"].clear()
    obs["known"][0].append("AS")
    assert g.to_dict() == before
    assert g.observation(seat)["legal_moves"] == g.legal_moves()


def test_finished_games_roundtrip() -> None:
    durak = new("durak", list(ATLASNYE.cards))
    while not durak.is_over:
        durak.play(durak.legal_moves()[-1])
    schnapsen = new(
        "schnapsen",
        schnapsen_deck(["AS", "AH", "KC", "QC", "JD"], ["TS", "TH", "JS", "JH", "QD"], "JC"),
    )
    play_all(schnapsen, ["play:AS", "play:TS", "play:AH", "play:TH", "marriage:KC"])
    while not schnapsen.is_over:
        schnapsen.play(schnapsen.legal_moves()[0])
    for g in (durak, schnapsen):
        check_roundtrip(g)
        rebuilt = cardavia.from_json(g.to_json(), engine="reference")
        assert rebuilt.is_over and rebuilt.legal_moves() == [] and rebuilt.current_player is None
