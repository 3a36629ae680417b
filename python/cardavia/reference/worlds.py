"""Worlds consistent with an observation: the determinisation of the search.

Given what one seat knows (``observation(seat)``), deal the unknown cards
at random into the opponent's hand and the stock, respecting everything
public: cards known in the opponent's hand, the trump card at the bottom
of the Durak stock, and in Schnapsen the suits the opponent has shown it
lacks under the strict rules. The observation is checked whole first, in
this order: its fields, one by one; the card counts; the position they
make (every check of ``from_dict``); then every field that follows from the
position (who moves, the legal moves, the trump suit, the points, ...).

The oracle of ``rust/cardavia-core/src/durak/view.rs`` and
``schnapsen/view.rs`` (``Worlds::from_observation``): both refuse the same
observations with the same kind and field, and deal only worlds whose view
is the observation itself.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..cards import ATLASNYE, SCHNAPSEN, Deck, suit
from . import GAME_CLASSES
from .base import ReferenceGame
from .checks import (
    SCHEMA_VERSION,
    check_bool,
    check_cards,
    check_depth,
    check_entries,
    check_int,
    check_keys,
    check_list,
    check_pair,
    check_seat,
    fault,
)
from .durak import DurakGame
from .durak import outcome as durak_outcome
from .durak import state as durak_state
from .durak import view as durak_view
from .durak.seats import MAX_SEATS
from .perevodnoy import PerevodnoyGame
from .schnapsen import MOVES as SCHNAPSEN_MOVES
from .schnapsen import SchnapsenGame
from .schnapsen import state as schnapsen_state

DURAK_OBSERVATION_KEYS = (
    "game", "seat", "current_player", "legal_moves", "hand", "hand_sizes", "known", "trump",
    "trump_card", "stock_size", "table", "discard", "attacker", "defender", "taking", "limit",
    "open_attack", "table_ranks", "adds_left", "beating", "can_transfer",
    "idle_bouts", "history", "outcome", "players", "out", "throwers", "passed",
)  # fmt: skip
#: The bout's facts: derived, and missing from an observation written
#: before schema 2, which is read as before; and those of three seats or
#: more (RULES 7), which a duel's observation leaves out.
DURAK_OPTIONAL = (
    "open_attack", "table_ranks", "adds_left", "beating", "can_transfer",
    "players", "out", "throwers", "passed",
)  # fmt: skip
SCHNAPSEN_OBSERVATION_KEYS = (
    "game", "seat", "current_player", "legal_moves", "hand", "hand_sizes", "known", "trump",
    "indicator", "stock_size", "closed", "exhausted", "exchange", "dealer", "leader", "lead",
    "tricks", "marriages", "points", "pending_points", "tricks_won", "match_points", "deals",
    "history", "outcome",
)  # fmt: skip
#: The fields of an observation that follow from the position, compared last.
DURAK_DERIVED = ("trump", "defender", "current_player", "legal_moves", *DURAK_OPTIONAL)
SCHNAPSEN_DERIVED = (
    "exhausted", "points", "pending_points", "tricks_won", "current_player", "legal_moves",
)  # fmt: skip


@dataclass
class Template:
    """A checked observation: a full state consistent with it (the hidden
    cards placed in canonical order), the cards the opponent may hold, and
    how many of them it holds unseen."""

    seat: int
    state: dict[str, Any]
    unknown: list[str]
    allowed: list[str]
    need: int


def same(a: object, b: object) -> bool:
    """Equal as JSON values: ``True`` is not ``1``, ``1.0`` is not ``1``."""
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, Mapping) and isinstance(b, Mapping):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    return type(a) is type(b) and a == b


def check_observation(obs: object) -> Template:
    """The observation checked whole; raises ``InvalidStateError`` naming
    the first fault (kind and field)."""
    check_depth(obs, "observation")
    if not isinstance(obs, Mapping):
        raise fault("object", "observation", obs)
    if "game" not in obs:
        raise fault("missing_field", "observation", "game")
    game = obs["game"]
    if not isinstance(game, str) or game not in GAME_CLASSES:
        raise fault("not_a_game", "game", game, games=list(GAME_CLASSES))
    derived: tuple[str, ...]
    if game == "schnapsen":
        check_keys(obs, SCHNAPSEN_OBSERVATION_KEYS, "observation")
        template = _schnapsen_template(obs)
        derived = SCHNAPSEN_DERIVED
    else:
        check_keys(obs, DURAK_OBSERVATION_KEYS, "observation", optional=DURAK_OPTIONAL)
        template = _durak_template(obs)
        derived = DURAK_DERIVED
    world = GAME_CLASSES[game].from_dict(template.state)
    if game == "schnapsen":
        template.allowed = _schnapsen_allowed(template, world)
    view = world.observation(template.seat)
    if isinstance(world, DurakGame) and "players" not in view:
        # A duel's observation may carry the facts of a table all the same.
        view.update(durak_view.table_fields(world))
    for key in derived:
        # Only an optional key can be missing here.
        if key in obs and not same(obs[key], view[key]):
            raise fault("does_not_follow", key, obs[key])
    return template


def sample_world(obs: object, rng: random.Random) -> ReferenceGame:
    """One full game consistent with ``obs``; raises on an inconsistent one."""
    return deal_world(check_observation(obs), rng)


def deal_world(template: Template, rng: random.Random) -> ReferenceGame:
    """A world of a checked observation, its hidden cards dealt anew: each
    opponent keeps its hand size and the cards known in it."""
    state = dict(template.state)
    seat = template.seat
    deck = SCHNAPSEN if state["game"] == "schnapsen" else ATLASNYE
    known = state["known"]
    hands = [list(hand) for hand in state["hands"]]
    others = [s for s in range(len(hands)) if s != seat]
    pool = list(template.allowed)
    dealt: list[str] = []
    for s in others:
        need = len(hands[s]) - len(known[s])
        chosen = rng.sample([card for card in pool if card not in dealt], need)
        dealt += chosen
        hands[s] = deck.sort(known[s] + chosen)
    rest = [card for card in template.unknown if card not in dealt]
    rng.shuffle(rest)
    state["hands"] = hands
    bottom = state["stock"][len(rest) :]  # the Durak trump card stays last
    state["stock"] = rest + bottom
    return GAME_CLASSES[state["game"]].from_dict(state)


# ------------------------------------------------------------------ Durak


def _durak_template(obs: Mapping[str, Any]) -> Template:
    players = 2 if "players" not in obs else check_int(obs["players"], "players", 2, MAX_SEATS)
    if players > 2:
        # A larger table's observation says who is out and who passed.
        for key in ("out", "passed"):
            if key not in obs:
                raise fault("missing_field", "observation", key)
    seat, hand, sizes, known = _seat_fields(obs, ATLASNYE, 36, players)
    others = [s for s in range(players) if s != seat]
    trump_card = ATLASNYE.check_card(obs["trump_card"], "trump_card")
    stock_size = check_int(obs["stock_size"], "stock_size", 0, 24)
    table = [durak_state.check_table_pair(pair, i) for i, pair in enumerate(_list(obs, "table"))]
    discard = check_cards(obs["discard"], ATLASNYE, "discard", sorted_=True)
    attacker = check_int(obs["attacker"], "attacker", 0, players - 1)
    taking = check_bool(obs["taking"], "taking")
    limit = check_int(obs["limit"], "limit", 0, 6)
    idle_bouts = check_int(obs["idle_bouts"], "idle_bouts", 0, 50)
    history = _history(obs, DurakGame.MOVES if obs["game"] == "durak" else PerevodnoyGame.MOVES)
    outcome = durak_outcome.check_outcome(obs["outcome"], reason_optional=True, players=players)
    out = [] if "out" not in obs else durak_outcome.read_groups(obs["out"], "out", players)
    passed = set() if "passed" not in obs else durak_state.read_passed(obs["passed"], players)
    if len(hand) != sizes[seat]:
        raise fault("hand_sizes", "hand", len(hand))
    table_cards = [card for pair in table for card in pair if card is not None]
    seen = set(hand) | {card for s in others for card in known[s]} | set(table_cards)
    seen |= set(discard)
    if stock_size:
        seen.add(trump_card)
    unknown = [card for card in ATLASNYE.cards if card not in seen]
    needs = [0] * players
    for s in others:
        needs[s] = sizes[s] - len(known[s])
        if needs[s] < 0:
            raise fault("card_counts", "stock_size", stock_size)
    hidden = sum(needs)
    if hidden + max(stock_size - 1, 0) != len(unknown):
        raise fault("card_counts", "stock_size", stock_size)
    # The unseen cards in canonical order: the opponents' first, seat by
    # seat, then the stock.
    hands: list[list[str]] = []
    placed = 0
    for s in range(players):
        if s == seat:
            hands.append(hand)
            continue
        hands.append(ATLASNYE.sort(known[s] + unknown[placed : placed + needs[s]]))
        placed += needs[s]
    if outcome is not None and "reason" not in outcome:
        # Written before the outcome had a reason: it follows from the hands.
        nobody_in = all(not h for h in hands)
        outcome["reason"] = durak_outcome.end_reason(outcome, players, nobody_in)
    state = {
        "schema": SCHEMA_VERSION,
        "game": obs["game"],
        "seed": None,
        "deck": list(ATLASNYE.cards),
        "trump_card": trump_card,
        "hands": hands,
        "stock": unknown[hidden:] + ([trump_card] if stock_size else []),
        "table": table,
        "discard": discard,
        "attacker": attacker,
        "taking": taking,
        "limit": limit,
        "idle_bouts": idle_bouts,
        "known": known,
        "history": history,
        "outcome": outcome,
    }
    if players > 2 or "out" in obs or "passed" in obs:
        state["players"] = players
        state["out"] = out
        state["passed"] = sorted(passed)
    return Template(seat, state, unknown, unknown, hidden)


# -------------------------------------------------------------- Schnapsen


def _schnapsen_template(obs: Mapping[str, Any]) -> Template:
    seat, hand, sizes, known = _seat_fields(obs, SCHNAPSEN, 5)
    other = 1 - seat
    mp = check_pair(obs["match_points"], "match_points")
    match_points = [check_int(mp[i], f"match_points[{i}]", 0, 7) for i in (0, 1)]
    deals = [
        schnapsen_state.check_deal(deal, f"deals[{i}]")
        for i, deal in enumerate(_list(obs, "deals"))
    ]
    dealer = check_seat(obs["dealer"], "dealer")
    trump = obs["trump"]
    if trump not in ("S", "H", "D", "C"):
        raise fault("suit", "trump", trump)
    indicator = obs["indicator"]
    if indicator is not None:
        indicator = SCHNAPSEN.check_card(indicator, "indicator")
    stock_size = check_int(obs["stock_size"], "stock_size", 0, 10)
    leader = check_seat(obs["leader"], "leader")
    lead = obs["lead"]
    if lead is not None:
        lead = SCHNAPSEN.check_card(lead, "lead")
    tricks = [schnapsen_state.check_trick(t, i) for i, t in enumerate(_list(obs, "tricks"))]
    marriages_pair = check_pair(obs["marriages"], "marriages")
    marriages = [schnapsen_state.check_suits(marriages_pair[i], f"marriages[{i}]") for i in (0, 1)]
    closed = schnapsen_state.check_closed(obs["closed"])
    exchange = schnapsen_state.check_exchange(obs["exchange"])
    history = _history(obs, SCHNAPSEN_MOVES)
    outcome = schnapsen_state.check_outcome(obs["outcome"])
    if len(hand) != sizes[seat]:
        raise fault("hand_sizes", "hand", len(hand))
    seen = set(hand) | set(known[other]) | {card for t in tricks for card in t[:2]}
    seen |= {card for card in (indicator, lead) if card is not None}
    unknown = [card for card in SCHNAPSEN.cards if card not in seen]
    face_down = stock_size - (1 if indicator is not None else 0)
    need = sizes[other] - len(known[other])
    if need < 0 or face_down < 0 or need + face_down != len(unknown):
        raise fault("card_counts", "stock_size", stock_size)
    opponent = SCHNAPSEN.sort(known[other] + unknown[:need])
    hands = [hand, opponent] if seat == 0 else [opponent, hand]
    state = {
        "schema": SCHEMA_VERSION,
        "game": "schnapsen",
        "seed": None,
        "deck": list(SCHNAPSEN.cards),
        "rng": 0,
        "match_points": match_points,
        "deals": deals,
        "dealer": dealer,
        "trump": trump,
        "indicator": indicator,
        "stock": unknown[need:],
        "hands": hands,
        "leader": leader,
        "lead": lead,
        "tricks": tricks,
        "marriages": marriages,
        "closed": closed,
        "exchange": exchange,
        "known": known,
        "history": history,
        "outcome": outcome,
    }
    return Template(seat, state, unknown, unknown, need)


def _schnapsen_allowed(template: Template, world: ReferenceGame) -> list[str]:
    """The unknown cards the opponent may hold, once the tricks are known to
    be consistent: its answers under the strict rules exclude some."""
    assert isinstance(world, SchnapsenGame)
    voids = schnapsen_voids(world, template.seat)
    allowed = [card for card in template.unknown if card not in voids]
    if len(allowed) < template.need:
        raise fault("voids", "tricks")
    return allowed


def schnapsen_voids(game: SchnapsenGame, seat: int) -> set[str]:
    """Cards the opponent of ``seat`` cannot hold, from its answers under the
    strict rules: not following suit shows a void in that suit (and in
    trumps if it did not trump either); following low shows it has no
    higher card of the suit."""
    excluded: set[str] = set()
    leader = 1 - game.dealer
    # Strict play began at the close, or when the stock ran out after five tricks.
    if game.closed is not None:
        strict_from = game.closed["tricks"]
    else:
        strict_from = 5 if game.indicator is None else 10
    for i, (lead, follow, winner) in enumerate(game.tricks):
        if i >= strict_from and leader == seat:
            excluded |= _excluded_by_answer(lead, follow, game.trump)
        leader = winner
    return excluded


def _excluded_by_answer(lead: str, follow: str, trump: str) -> set[str]:
    led_suit = suit(lead)
    same_suit = [c for c in SCHNAPSEN.cards if suit(c) == led_suit]
    higher = {c for c in same_suit if SCHNAPSEN.strength(c) > SCHNAPSEN.strength(lead)}
    if suit(follow) == led_suit:
        # Followed: if it did not beat, it held no higher card of the suit.
        return set() if follow in higher else higher
    voids = set(same_suit)
    if suit(follow) != trump:
        voids |= {c for c in SCHNAPSEN.cards if suit(c) == trump}
    return voids


# ---------------------------------------------------------------- helpers


def _list(obs: Mapping[str, Any], key: str) -> list[Any]:
    return check_list(obs[key], key)


def _seat_fields(
    obs: Mapping[str, Any], deck: Deck, most: int, players: int = 2
) -> tuple[int, list[str], list[int], list[list[str]]]:
    """What every observation says of the seat and the hands: the seat, its
    hand, every hand's size (at most ``most``) and the cards known in each,
    for a table of ``players`` seats."""
    seat = check_int(obs["seat"], "seat", 0, players - 1)
    hand = check_cards(obs["hand"], deck, "hand", sorted_=True)
    entries = check_entries(obs["hand_sizes"], "hand_sizes", players)
    sizes = [check_int(entries[i], f"hand_sizes[{i}]", 0, most) for i in range(players)]
    entries = check_entries(obs["known"], "known", players)
    known = [check_cards(entries[i], deck, f"known[{i}]", sorted_=True) for i in range(players)]
    return seat, hand, sizes, known


def _history(obs: Mapping[str, Any], moves: frozenset[str]) -> list[str]:
    from .checks import check_history

    return check_history(obs["history"], moves, str(obs["game"]))
