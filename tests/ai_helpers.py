"""Exact solvers and world enumeration for the AI tests.

The AI searches from an observation; to check that a position is what a
test claims ("only this move wins"), the tests solve it exactly with the
Rust engine: every world consistent with the seat's observation (the
opponent's unknown cards and the face-down stock dealt every possible
way), each solved with perfect information by memoised minimax.

* Durak and perevodnoy: the value of a finished deal for the seat is 1 for a
  win, 0.5 for a draw and 0 for a loss.
* Schnapsen: the value of the current deal is the signed number of game
  points the seat wins (+1..+3) or gives away (-1..-3); the search stops
  when the deal ends, as the AI's search horizon does.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Iterator
from typing import Any

import cardavia
from cardavia.cards import ATLASNYE, SCHNAPSEN

Game = Any


def rust_game(game: str, deck: list[str], moves: list[str]) -> Game:
    """A Rust-engine game from an explicit deck, with ``moves`` played."""
    g = cardavia.new_game(game, deck=deck, engine="rust")
    for move in moves:
        g.play(move)
    return g


def _key(g: Game) -> str:
    d = g.to_dict()
    del d["history"]
    return json.dumps(d, sort_keys=True)


Terminal = Callable[[Game], "float | None"]
Memo = dict[str, tuple[float, float]]


def _alphabeta(
    g: Game, seat: int, alpha: float, beta: float, terminal: Terminal, memo: Memo
) -> float:
    """Minimax value for ``seat`` (fail-soft alpha-beta; the memo keeps a
    lower and an upper bound per position)."""
    value = terminal(g)
    if value is not None:
        return value
    key = _key(g)
    low, high = memo.get(key, (-INF, INF))
    if low >= beta or low == high:
        return low
    if high <= alpha:
        return high
    alpha, beta = max(alpha, low), min(beta, high)
    start_alpha, start_beta = alpha, beta
    mine = g.current_player == seat
    best = -INF if mine else INF
    for move in g.legal_moves():
        child = g.clone()
        child.play(move)
        result = _alphabeta(child, seat, alpha, beta, terminal, memo)
        if mine:
            best = max(best, result)
            alpha = max(alpha, best)
        else:
            best = min(best, result)
            beta = min(beta, best)
        if alpha >= beta:
            break
    if best <= start_alpha:
        high = min(high, best)
    elif best >= start_beta:
        low = max(low, best)
    else:
        low = high = best
    memo[key] = (low, high)
    return best


INF = float("inf")


def solve_durak(g: Game, seat: int) -> float:
    """1 / 0.5 / 0: the deal's value for ``seat`` under perfect play by both."""

    def terminal(position: Game) -> float | None:
        outcome = position.outcome
        if outcome is None:
            return None
        if outcome["draw"]:
            return 0.5
        return 1.0 if outcome["winner"] == seat else 0.0

    return _alphabeta(g, seat, -INF, INF, terminal, {})


def deals_done(g: Game) -> list[dict[str, Any]]:
    deals: list[dict[str, Any]] = g.to_dict()["deals"]
    return deals


def solve_schnapsen(g: Game, seat: int, deal: int | None = None) -> float:
    """Signed game points for ``seat`` of deal number ``deal`` (counted from
    0; by default the one being played) under perfect play. Pass ``deal``
    when solving the position after a move that may have ended it."""
    index = len(deals_done(g)) if deal is None else deal

    def terminal(position: Game) -> float | None:
        deals = deals_done(position)
        if len(deals) <= index:
            return None
        points = float(deals[index]["game_points"])
        return points if deals[index]["winner"] == seat else -points

    return _alphabeta(g, seat, -INF, INF, terminal, {})


def after_move(g: Game, move: str, seat: int) -> float:
    """The exact value for ``seat`` of playing ``move`` in ``g``."""
    child = g.clone()
    child.play(move)
    if g.game == "schnapsen":
        return solve_schnapsen(child, seat, deal=len(deals_done(g)))
    return solve_durak(child, seat)


def worlds(g: Game, seat: int) -> Iterator[Game]:
    """Every full position consistent with ``g.observation(seat)``.

    The opponent's cards that ``seat`` cannot see and the face-down stock
    are dealt in every possible way (Schnapsen: also every order of the
    face-down stock; Durak: the stock order too, with the trump card kept
    at the bottom). Schnapsen voids are not applied: the tests use them
    only with the stock open, where nobody has to follow suit."""
    d = g.to_dict()
    other = 1 - seat
    known = set(d["known"][other])
    hidden_hand = [c for c in d["hands"][other] if c not in known]
    if d["game"] == "schnapsen":
        deck = SCHNAPSEN
        assert d["closed"] is None, "a closed stock hides cards the tests do not deal"
        face_down = list(d["stock"])
        fixed_tail: list[str] = []
    else:
        deck = ATLASNYE
        face_down = list(d["stock"][:-1]) if d["stock"] else []
        fixed_tail = [d["stock"][-1]] if d["stock"] else []
    pool = hidden_hand + face_down
    for hand in itertools.combinations(sorted(pool), len(hidden_hand)):
        rest = [c for c in pool if c not in hand]
        for order in itertools.permutations(rest):
            state = json.loads(json.dumps(d))
            state["hands"][other] = deck.sort([*known, *hand])
            state["stock"] = [*order, *fixed_tail]
            yield cardavia.from_dict(state, engine="rust")


def move_values(g: Game, seat: int) -> dict[str, list[float]]:
    """For every legal move of ``seat``: its exact value in every world."""
    values: dict[str, list[float]] = {move: [] for move in g.legal_moves()}
    for world in worlds(g, seat):
        assert world.observation(seat) == g.observation(seat)
        for move in values:
            values[move].append(after_move(world, move, seat))
    return values
