"""Worlds consistent with an observation: the determinisation of the search.

Given what one seat knows (``observation(seat)``), deal the unknown cards
at random into the opponent's hand and the stock, respecting everything
public: cards known in the opponent's hand, the trump card at the bottom
of the Durak stock, and in Schnapsen the suits the opponent has shown it
lacks under the strict rules. The result is a full state dict, loaded with
``from_dict``, which checks it whole, so an inconsistent observation is
rejected with ``InvalidStateError``. The Rust twin is
``rust/cardavia-core/src/search/`` (``durak.rs``, ``schnapsen.rs``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..cards import ATLASNYE, SCHNAPSEN, suit
from ..errors import InvalidStateError
from .base import ReferenceGame
from .checks import check_seat
from .durak import DurakGame
from .perevodnoy import PerevodnoyGame
from .schnapsen import SchnapsenGame

DURAK_OBSERVATION_KEYS = (
    "game", "seat", "current_player", "legal_moves", "hand", "hand_sizes", "known", "trump",
    "trump_card", "stock_size", "table", "discard", "attacker", "defender", "taking", "limit",
    "idle_bouts", "history", "outcome",
)  # fmt: skip
SCHNAPSEN_OBSERVATION_KEYS = (
    "game", "seat", "current_player", "legal_moves", "hand", "hand_sizes", "known", "trump",
    "indicator", "stock_size", "closed", "exhausted", "exchange", "dealer", "leader", "lead",
    "tricks", "marriages", "points", "pending_points", "tricks_won", "match_points", "deals",
    "history", "outcome",
)  # fmt: skip


def _get(obs: Mapping[str, Any], keys: tuple[str, ...]) -> Mapping[str, Any]:
    missing = [key for key in keys if key not in obs]
    if missing:
        raise InvalidStateError(f"observation: missing field {missing[0]!r}")
    return obs


def _count(value: object, what: str, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= high:
        raise InvalidStateError(f"observation: {what} must be an integer from 0 to {high}")
    return value


def _cards(value: object, what: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(card, str) for card in value):
        raise InvalidStateError(f"observation: {what} must be a list of cards")
    return list(value)


def sample_world(obs: object, rng: random.Random) -> ReferenceGame:
    """One full game consistent with ``obs``; raises on an inconsistent one."""
    if not isinstance(obs, Mapping):
        raise InvalidStateError(f"observation must be an object, got {type(obs).__name__}")
    try:
        return _sample(obs, rng)
    except (TypeError, KeyError, IndexError, AttributeError, ValueError) as exc:
        if isinstance(exc, InvalidStateError):
            raise
        # A field of the wrong type or shape met on the way: still a bad
        # observation, never a crash.
        raise InvalidStateError(f"observation: malformed field ({exc})") from None


def _sample(obs: Mapping[str, Any], rng: random.Random) -> ReferenceGame:
    game = obs.get("game")
    if game in ("durak", "perevodnoy"):
        return _sample_durak(_get(obs, DURAK_OBSERVATION_KEYS), rng)
    if game == "schnapsen":
        return _sample_schnapsen(_get(obs, SCHNAPSEN_OBSERVATION_KEYS), rng)
    raise InvalidStateError(
        f"observation: game {game!r} is not one of durak, perevodnoy, schnapsen"
    )


def _sample_durak(obs: Mapping[str, Any], rng: random.Random) -> ReferenceGame:
    seat = check_seat(obs["seat"], "observation: seat")
    other = 1 - seat
    hand = _cards(obs["hand"], "hand")
    known = [_cards(cards, "known") for cards in _pair(obs["known"], "known")]
    sizes = [_count(n, "hand_sizes", 36) for n in _pair(obs["hand_sizes"], "hand_sizes")]
    stock_size = _count(obs["stock_size"], "stock_size", 24)
    if len(hand) != sizes[seat]:
        raise InvalidStateError("observation: hand does not match hand_sizes")
    table = obs["table"]
    if not isinstance(table, list):
        raise InvalidStateError("observation: table must be a list of pairs")
    table_cards = [c for pair in table if isinstance(pair, list) for c in pair if c is not None]
    discard = _cards(obs["discard"], "discard")
    trump_card = ATLASNYE.check_card(obs["trump_card"], "observation: trump_card")
    seen = set(hand) | set(known[other]) | set(table_cards) | set(discard)
    if stock_size:
        seen.add(trump_card)
    unknown = [card for card in ATLASNYE.cards if card not in seen]
    rng.shuffle(unknown)
    need = sizes[other] - len(known[other])
    if need < 0 or need + max(stock_size - 1, 0) != len(unknown):
        raise InvalidStateError("observation: card counts do not add up to the deck")
    opponent = ATLASNYE.sort(known[other] + unknown[:need])
    stock = unknown[need:] + ([trump_card] if stock_size else [])
    hands = [list(hand), opponent] if seat == 0 else [opponent, list(hand)]
    state = {
        "schema": 1,
        "game": obs["game"],
        "seed": None,
        "deck": list(ATLASNYE.cards),
        "trump_card": trump_card,
        "hands": hands,
        "stock": stock,
        "table": table,
        "discard": discard,
        "attacker": obs["attacker"],
        "taking": obs["taking"],
        "limit": obs["limit"],
        "idle_bouts": obs["idle_bouts"],
        "known": known,
        "history": obs["history"],
        "outcome": obs["outcome"],
    }
    cls = DurakGame if obs["game"] == "durak" else PerevodnoyGame
    return cls.from_dict(state)


def _pair(value: object, what: str) -> list[Any]:
    if not isinstance(value, list) or len(value) != 2:
        raise InvalidStateError(f"observation: {what} must be a pair")
    return value


def schnapsen_voids(obs: Mapping[str, Any], seat: int) -> set[str]:
    """Cards the opponent of ``seat`` cannot hold, from its answers under the
    strict rules: not following suit shows a void in that suit (and in
    trumps if it did not trump either); following low shows it has no
    higher card of the suit."""
    trump = obs["trump"]
    excluded: set[str] = set()
    leader = 1 - check_seat(obs["dealer"], "observation: dealer")
    strict_from = _strict_from(obs)
    for i, (lead, follow, winner) in enumerate(obs["tricks"]):
        if i >= strict_from and leader == seat:
            excluded |= _excluded_by_answer(lead, follow, trump)
        leader = winner
    return excluded


def _strict_from(obs: Mapping[str, Any]) -> int:
    """Index of the first trick played under the strict rules."""
    closed = obs["closed"]
    if isinstance(closed, Mapping) and isinstance(closed.get("tricks"), int):
        return int(closed["tricks"])
    # Without a closing record the stock is exhausted after five tricks.
    return 5 if obs["exhausted"] else 10


def _excluded_by_answer(lead: str, follow: str, trump: str) -> set[str]:
    led_suit = suit(lead)
    same = [c for c in SCHNAPSEN.cards if suit(c) == led_suit]
    higher = {c for c in same if SCHNAPSEN.strength(c) > SCHNAPSEN.strength(lead)}
    if suit(follow) == led_suit:
        # Followed: if it did not beat, it held no higher card of the suit.
        return set() if follow in higher else higher
    voids = set(same)
    if suit(follow) != trump:
        voids |= {c for c in SCHNAPSEN.cards if suit(c) == trump}
    return voids


def _sample_schnapsen(obs: Mapping[str, Any], rng: random.Random) -> ReferenceGame:
    seat = check_seat(obs["seat"], "observation: seat")
    other = 1 - seat
    hand = _cards(obs["hand"], "hand")
    known = [_cards(cards, "known") for cards in _pair(obs["known"], "known")]
    sizes = [_count(n, "hand_sizes", 5) for n in _pair(obs["hand_sizes"], "hand_sizes")]
    if len(hand) != sizes[seat]:
        raise InvalidStateError("observation: hand does not match hand_sizes")
    tricks = obs["tricks"]
    if not isinstance(tricks, list) or not all(
        isinstance(t, list) and len(t) == 3 and all(isinstance(c, str) for c in t[:2])
        for t in tricks
    ):
        raise InvalidStateError("observation: tricks must be [lead, follow, winner] lists")
    indicator = obs["indicator"]
    lead = obs["lead"]
    seen = set(hand) | set(known[other]) | {c for t in tricks for c in t[:2]}
    seen |= {c for c in (indicator, lead) if isinstance(c, str)}
    unknown = [card for card in SCHNAPSEN.cards if card not in seen]
    stock_size = _count(obs["stock_size"], "stock_size", 10)
    face_down = stock_size - (1 if indicator is not None else 0)
    need = sizes[other] - len(known[other])
    if need < 0 or face_down < 0 or need + face_down != len(unknown):
        raise InvalidStateError("observation: card counts do not add up to the deck")
    voids = schnapsen_voids(obs, seat)
    allowed = [card for card in unknown if card not in voids]
    if len(allowed) < need:
        raise InvalidStateError("observation: the opponent's answers leave too few cards")
    rng.shuffle(allowed)
    chosen = allowed[:need]
    rest = [card for card in unknown if card not in chosen]
    rng.shuffle(rest)
    opponent = SCHNAPSEN.sort(known[other] + chosen)
    hands = [list(hand), opponent] if seat == 0 else [opponent, list(hand)]
    state = {
        "schema": 1,
        "game": "schnapsen",
        "seed": None,
        "deck": list(SCHNAPSEN.cards),
        "rng": 0,
        "match_points": obs["match_points"],
        "deals": obs["deals"],
        "dealer": obs["dealer"],
        "trump": obs["trump"],
        "indicator": indicator,
        "stock": rest,
        "hands": hands,
        "leader": obs["leader"],
        "lead": lead,
        "tricks": tricks,
        "marriages": obs["marriages"],
        "closed": obs["closed"],
        "exchange": obs["exchange"],
        "known": known,
        "history": obs["history"],
        "outcome": obs["outcome"],
    }
    return SchnapsenGame.from_dict(state)
