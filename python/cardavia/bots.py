"""Baseline opponents: ``random`` and ``greedy``, for every game.

A bot is a function ``(observation, rng) -> move`` that sees only an
observation, like the AI. The greedy heuristics, by game:

Durak and perevodnoy
    Every seat but the defender (the main attacker, at a larger table the
    throwers too) attacks with the lowest card that is not a trump (the
    lowest trump if there is nothing else). Add cards while taking or after a defence only
    when they are cheap: not trumps and below a jack. Defend with the
    cheapest card that beats (any non-trump before any trump); take rather
    than spend a trump of rank queen or higher while the stock still has
    cards. In perevodnoy, transfer with a non-trump card when allowed.
Schnapsen
    Exchange the trump jack whenever possible; declare a marriage whenever
    possible (forty before twenty); lead the card worth the fewest points,
    non-trumps first; as follower win a trick worth ten or more points
    with the cheapest winning card, otherwise throw the cheapest card
    allowed. Never close.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from .api import GAMES
from .cards import ATLASNYE, SCHNAPSEN, SCHNAPSEN_POINTS, suit
from .errors import InvalidArgumentError, InvalidStateError

Bot = Callable[[Mapping[str, Any], random.Random], str]


def _legal(obs: Mapping[str, Any]) -> list[str]:
    if not isinstance(obs, Mapping):
        raise InvalidStateError(kind="object", field="observation", value=obs)
    moves = obs.get("legal_moves")
    if not isinstance(moves, list) or not moves:
        raise InvalidStateError(kind="not_to_move", field="legal_moves", value=moves)
    return [str(move) for move in moves]


def random_bot(obs: Mapping[str, Any], rng: random.Random) -> str:
    """A legal move chosen uniformly at random."""
    return rng.choice(_legal(obs))


def _durak_cost(card: str, trump: str) -> tuple[int, int]:
    """Cheaper first: non-trumps before trumps, then by rank."""
    return (suit(card) == trump, ATLASNYE.strength(card))


def greedy_durak(obs: Mapping[str, Any], rng: random.Random) -> str:
    legal = _legal(obs)
    trump = str(obs["trump"])
    cards = {kind: sorted((m.split(":")[1] for m in legal if m.startswith(kind + ":")),
                          key=lambda c: _durak_cost(c, trump))
             for kind in ("attack", "defend", "transfer")}  # fmt: skip
    # The defender alone beats, takes or transfers; at a table of three or
    # more the seat to move may be a thrower, not the main attacker.
    if obs["seat"] != obs["defender"]:
        if not obs["table"]:
            return "attack:" + cards["attack"][0]
        cheap = [
            c
            for c in cards["attack"]
            if suit(c) != trump and ATLASNYE.strength(c) < ATLASNYE.strength("JS")
        ]
        return "attack:" + cheap[0] if cheap else "stop"
    transfers = [c for c in cards["transfer"] if suit(c) != trump]
    if transfers:
        return "transfer:" + transfers[0]
    if cards["defend"]:
        best = cards["defend"][0]
        expensive = suit(best) == trump and ATLASNYE.strength(best) >= ATLASNYE.strength("QS")
        if expensive and obs["stock_size"] > 0:
            return "take"
        return "defend:" + best
    return "take"


def _points(card: str) -> int:
    return SCHNAPSEN_POINTS[card[0]]


def greedy_schnapsen(obs: Mapping[str, Any], rng: random.Random) -> str:
    legal = _legal(obs)
    trump = str(obs["trump"])
    if "exchange" in legal:
        return "exchange"
    marriages = [m for m in legal if m.startswith("marriage:")]
    if marriages:
        return max(marriages, key=lambda m: (suit(m[-2:]) == trump, m))
    plays = [m.split(":")[1] for m in legal if m.startswith("play:")]
    cheapest = sorted(plays, key=lambda c: (suit(c) == trump, _points(c), c))
    lead = obs["lead"]
    if lead is None:
        return "play:" + cheapest[0]
    winning = [c for c in cheapest if _beats(c, str(lead), trump)]
    if winning and _points(str(lead)) >= 10:
        return "play:" + winning[0]
    return "play:" + cheapest[0]


def _beats(card: str, lead: str, trump: str) -> bool:
    if suit(card) == suit(lead):
        return SCHNAPSEN.strength(card) > SCHNAPSEN.strength(lead)
    return suit(card) == trump


def greedy_bot(obs: Mapping[str, Any], rng: random.Random) -> str:
    """The documented heuristic of the observation's game."""
    if not isinstance(obs, Mapping):
        raise InvalidStateError(kind="object", field="observation", value=obs)
    if obs.get("game") == "schnapsen":
        return greedy_schnapsen(obs, rng)
    if obs.get("game") in ("durak", "perevodnoy"):
        return greedy_durak(obs, rng)
    raise InvalidStateError(
        kind="not_a_game", field="game", value=obs.get("game"), games=list(GAMES)
    )


BOTS: dict[str, Bot] = {"random": random_bot, "greedy": greedy_bot}


def get_bot(name: str) -> Bot:
    if name not in BOTS:
        raise InvalidArgumentError(kind="choice", field="bot", value=name, choices=list(BOTS))
    return BOTS[name]
