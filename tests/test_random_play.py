"""Random play with invariants after every move (reference engine).

``random.Random(seed)`` picks among ``legal_moves()``. After every move:

* the invariants of ``helpers.check_invariants`` (every card exactly once,
  hand sizes, current player, idle bouts, points and match points, outcome
  shape exactly as API.md);
* ``legal_moves()`` equals a move generator written here again from RULES.md;
* Durak: the effect of each move (table, bout end, discard or pick-up,
  refill order, next attacker, limit, idle count, end of the deal) equals
  what RULES.md chapters 3 and 4 say;
* Schnapsen: a close records what RULES.md says, and every deal ends exactly
  when and how chapter 5 says (reason and game points), its record telling
  the deal as it ended (points, tricks, marriages, last trick, closer, match
  points).

The default run plays 300 games per game. The ``soak`` test plays
``CARDAVIA_SOAK_GAMES`` games per game (10000 when run with ``-m soak`` and
the variable unset); in a plain run it plays a bounded slice of 30.
"""

from __future__ import annotations

import copy
import os
import random
from collections import Counter
from typing import Any

import cardavia
import pytest
from cardavia.cards import ATLASNYE, SCHNAPSEN
from helpers import CARD_POINTS, beats, check_invariants

GAMES = ("durak", "perevodnoy", "schnapsen")
DEFAULT_GAMES = 300
SOAK_SLICE = 30
SCHNAPSEN_ORDER = "JQKTA"

# ------------------------------------------------------------------ Durak


def durak_legal(d: dict[str, Any], game: str) -> list[str]:
    """RULES.md 3 and 4: the legal moves of a Durak state, written again."""
    if d["outcome"] is not None:
        return []
    attacker, defender = d["attacker"], 1 - d["attacker"]
    trump = d["trump_card"][1]
    table = d["table"]
    ranks = {card[0] for pair in table for card in pair if card is not None}

    def additions() -> list[str]:
        if len(table) >= d["limit"]:
            return []
        return [f"attack:{c}" for c in d["hands"][attacker] if c[0] in ranks]

    if d["taking"]:
        moves = [*additions(), "stop"]
    elif not table:
        moves = [f"attack:{c}" for c in d["hands"][attacker]]
    else:
        unbeaten = [attack for attack, defence in table if defence is None]
        if unbeaten:
            moves = [f"defend:{c}" for c in d["hands"][defender] if beats(c, unbeaten[0], trump)]
            moves.append("take")
            no_defence = all(defence is None for _, defence in table)
            room = len(table) + 1 <= min(6, len(d["hands"][attacker]))
            if game == "perevodnoy" and no_defence and room:
                rank = table[0][0][0]
                moves += [f"transfer:{c}" for c in d["hands"][defender] if c[0] == rank]
        else:
            moves = [*additions(), "stop"]
    return sorted(moves)


def durak_expected(before: dict[str, Any], move: str) -> dict[str, Any]:
    """RULES.md 3 and 4: the state after ``move``, written again (hands as sets)."""
    d = copy.deepcopy(before)
    attacker, defender = d["attacker"], 1 - d["attacker"]
    kind, _, card = move.partition(":")
    for known in d["known"]:  # a card played is on the table: no longer "known in hand"
        if card in known:
            known.remove(card)
    if kind == "attack":
        d["hands"][attacker].remove(card)
        d["table"].append([card, None])
    elif kind == "defend":
        d["hands"][defender].remove(card)
        next(pair for pair in d["table"] if pair[1] is None)[1] = card
    elif kind == "take":
        d["taking"] = True
    elif kind == "transfer":
        d["hands"][defender].remove(card)
        d["table"].append([card, None])
        d["attacker"] = defender
        d["limit"] = min(6, len(d["hands"][attacker]))
    else:
        assert kind == "stop"
        cards = [c for pair in d["table"] for c in pair if c is not None]
        took = d["taking"]
        if took:  # both seats saw the cards picked up
            d["hands"][defender] += cards
            d["known"][defender] += cards
        else:
            d["discard"] += cards
        d["table"], d["taking"] = [], False
        drawn = 0
        for seat in (attacker, defender):  # the attacker draws first
            while len(d["hands"][seat]) < 6 and d["stock"]:
                d["hands"][seat].append(d["stock"].pop(0))
                drawn += 1
                if not d["stock"]:  # the trump card, drawn last, stays public
                    d["known"][seat].append(d["hands"][seat][-1])
        if not took:
            d["attacker"] = defender
        d["idle_bouts"] = d["idle_bouts"] + 1 if took and drawn == 0 else 0
        hands = d["hands"]
        if not d["stock"] and (not hands[0] or not hands[1]):
            if not hands[0] and not hands[1]:
                d["outcome"] = {"winner": None, "loser": None, "draw": True, "reason": "both_out"}
            else:
                loser = 0 if hands[0] else 1
                d["outcome"] = {
                    "winner": 1 - loser,
                    "loser": loser,
                    "draw": False,
                    "reason": "last_cards",
                }
        elif d["idle_bouts"] >= 50:
            d["outcome"] = {"winner": None, "loser": None, "draw": True, "reason": "idle_bouts"}
        else:
            d["limit"] = min(6, len(hands[1 - d["attacker"]]))
    return d


def check_durak_move(before: dict[str, Any], move: str, after: dict[str, Any]) -> None:
    expected = durak_expected(before, move)
    for key in ("table", "stock", "attacker", "taking", "idle_bouts", "outcome"):
        assert after[key] == expected[key], (key, move)
    for seat in (0, 1):
        assert after["hands"][seat] == ATLASNYE.sort(expected["hands"][seat]), (seat, move)
        assert after["known"][seat] == ATLASNYE.sort(expected["known"][seat]), (seat, move)
    assert after["discard"] == ATLASNYE.sort(expected["discard"])
    if after["outcome"] is None:
        assert after["limit"] == expected["limit"], move
    assert after["history"] == [*before["history"], move]


# -------------------------------------------------------------- Schnapsen


def schnapsen_legal(d: dict[str, Any]) -> list[str]:
    """RULES.md 5: the legal moves of a Schnapsen state, written again."""
    if d["outcome"] is not None:
        return []
    leader, trump = d["leader"], d["trump"]
    stock_open = d["closed"] is None and d["indicator"] is not None
    if d["lead"] is None:
        hand = d["hands"][leader]
        moves = [f"play:{c}" for c in hand]
        if stock_open and "J" + trump in hand:
            moves.append("exchange")
        if stock_open and len(hand) == 5:
            moves.append("close")
        for c in hand:
            partner = ("Q" if c[0] == "K" else "K") + c[1]
            if c[0] in "KQ" and partner in hand and c[1] not in d["marriages"][leader]:
                moves.append(f"marriage:{c}")
        return sorted(moves)
    hand, lead = d["hands"][1 - leader], d["lead"]
    cards = list(hand)
    if not stock_open:
        same = [c for c in hand if c[1] == lead[1]]
        higher = [c for c in same if SCHNAPSEN_ORDER.index(c[0]) > SCHNAPSEN_ORDER.index(lead[0])]
        trumps = [c for c in hand if c[1] == trump]
        cards = higher or same or trumps or cards
    return sorted(f"play:{c}" for c in cards)


def trick_winner(lead: str, follow: str, trump: str, leader: int) -> int:
    if follow[1] == lead[1]:
        higher = SCHNAPSEN_ORDER.index(follow[0]) > SCHNAPSEN_ORDER.index(lead[0])
        return 1 - leader if higher else leader
    return 1 - leader if follow[1] == trump else leader


def points(tricks: list[list[Any]], marriages: list[str], trump: str, seat: int) -> int:
    won = [t for t in tricks if t[2] == seat]
    cards = sum(CARD_POINTS[t[0][0]] + CARD_POINTS[t[1][0]] for t in won)
    return cards + (sum(40 if s == trump else 20 for s in marriages) if won else 0)


def game_points(opponent_points: int, opponent_won_trick: bool) -> int:
    if not opponent_won_trick:
        return 3
    return 1 if opponent_points >= 33 else 2


def expected_deal_end(before: dict[str, Any], move: str) -> dict[str, Any] | None:
    """RULES.md 5: the deal record ``move`` produces, or None if the deal
    goes on: who won it, for how many game points and why, and the deal as
    it ended (docs/SCHEMA.md, "Deal records")."""
    score = deal_score(before, move)
    if score is None:
        return None
    leader, trump, closed = before["leader"], before["trump"], before["closed"]
    tricks = [list(t) for t in before["tricks"]]
    marriages = [list(m) for m in before["marriages"]]
    kind, _, card = move.partition(":")
    if kind == "marriage":
        marriages[leader] = [s for s in "SHDC" if s in marriages[leader] or s == card[1]]
    else:
        tricks.append([before["lead"], card, trick_winner(before["lead"], card, trump, leader)])
    won = [sum(1 for t in tricks if t[2] == s) for s in (0, 1)]
    declared = [sum(40 if s == trump else 20 for s in marriages[seat]) for seat in (0, 1)]
    left = list(before["match_points"])
    left[score["winner"]] = max(0, left[score["winner"]] - score["game_points"])
    return {
        **score,
        "trump": trump,
        "points": [points(tricks, marriages[s], trump, s) for s in (0, 1)],
        "tricks_won": won,
        "marriages": marriages,
        "marriage_points": [declared[s] if won[s] else 0 for s in (0, 1)],
        "pending_points": [0 if won[s] else declared[s] for s in (0, 1)],
        "last_trick": tricks[-1],
        "closed_by": None if closed is None else closed["by"],
        "match_points": left,
    }


def deal_score(before: dict[str, Any], move: str) -> dict[str, Any] | None:
    """Who wins the deal ``move`` ends, for how many game points and why."""
    leader, trump, closed = before["leader"], before["trump"], before["closed"]
    tricks = [list(t) for t in before["tricks"]]
    marriages = [list(m) for m in before["marriages"]]
    kind, _, card = move.partition(":")
    if kind == "marriage":
        marriages[leader] = [s for s in "SHDC" if s in marriages[leader] or s == card[1]]
        seat = leader
    elif kind == "play" and before["lead"] is not None:
        seat = trick_winner(before["lead"], card, trump, leader)
        tricks.append([before["lead"], card, seat])
    else:
        return None

    def pts(s: int) -> int:
        return points(tricks, marriages[s], trump, s)

    def won(s: int) -> bool:
        return any(t[2] == s for t in tricks)

    if pts(seat) >= 66:
        opponent = 1 - seat
        if closed is None:
            gp = game_points(pts(opponent), won(opponent))
            return {"winner": seat, "game_points": gp, "reason": "reached_66"}
        if closed["by"] == seat:
            gp = game_points(closed["opponent_points"], closed["opponent_won_trick"])
            return {"winner": seat, "game_points": gp, "reason": "closer_reached_66"}
        gp = 2 if closed["opponent_won_trick"] else 3
        return {"winner": seat, "game_points": gp, "reason": "opponent_reached_66"}
    stock_open = closed is None and before["indicator"] is not None
    played_out = kind == "play" and not stock_open and not before["hands"][leader]
    if not played_out:
        return None
    if closed is None:
        return {"winner": seat, "game_points": 1, "reason": "last_trick"}
    opponent = 1 - closed["by"]
    gp = 2 if closed["opponent_won_trick"] else 3
    return {"winner": opponent, "game_points": gp, "reason": "closer_failed"}


def check_schnapsen_move(before: dict[str, Any], move: str, after: dict[str, Any]) -> None:
    record = expected_deal_end(before, move)
    if record is None:
        assert after["deals"] == before["deals"], move
    else:
        assert after["deals"] == [*before["deals"], record], move
        left = list(before["match_points"])
        left[record["winner"]] = max(0, left[record["winner"]] - record["game_points"])
        assert after["match_points"] == left
        if 0 not in left:  # the next deal: dealer alternates, non-dealer leads
            assert after["dealer"] == 1 - before["dealer"]
            assert after["leader"] == before["dealer"] and after["tricks"] == []
            assert after["closed"] is None and after["marriages"] == [[], []]
            assert len(after["stock"]) == 9 and after["indicator"] is not None
    if move == "close":
        opponent = 1 - before["leader"]
        marriages = before["marriages"][opponent]
        assert after["closed"] == {
            "by": before["leader"],
            "opponent_points": points(before["tricks"], marriages, before["trump"], opponent),
            "opponent_won_trick": any(t[2] == opponent for t in before["tricks"]),
            "tricks": len(before["tricks"]),
        }
    if move == "exchange":
        jack = "J" + before["trump"]
        assert (
            after["indicator"] == jack and before["indicator"] in after["hands"][before["leader"]]
        )
        assert after["exchange"] == {
            "seat": before["leader"],
            "jack": jack,
            "took": before["indicator"],
        }
    assert after["history"] == [*before["history"], move]


# --------------------------------------------------------------- the games


def play_checked(game: str, seed: int) -> Any:
    """One random game, every move checked; returns the finished game."""
    g = cardavia.new_game(game, seed=seed, engine="reference")
    rng = random.Random(seed)
    check_invariants(g)
    for _ in range(5000):
        if g.is_over:
            return g
        before = g.to_dict()
        legal = g.legal_moves()
        if game == "schnapsen":
            assert legal == schnapsen_legal(before)
        else:
            assert legal == durak_legal(before, game)
        move = rng.choice(legal)
        g.play(move)
        after = g.to_dict()
        if game == "schnapsen":
            check_schnapsen_move(before, move, after)
        else:
            check_durak_move(before, move, after)
        check_invariants(g)
    raise AssertionError(f"{game} seed {seed} did not end")


def summary(g: Any) -> str:
    outcome = g.outcome
    assert outcome is not None
    if g.game == "schnapsen":
        return f"seat {outcome['winner']}"
    return "draw" if outcome["draw"] else f"seat {outcome['winner']}"


@pytest.mark.parametrize("game", GAMES)
def test_random_games(game: str) -> None:
    results: Counter[str] = Counter()
    for seed in range(DEFAULT_GAMES):
        results[summary(play_checked(game, seed))] += 1
    assert sum(results.values()) == DEFAULT_GAMES
    assert results["seat 0"] > 50 and results["seat 1"] > 50  # both seats win


def soak_games(config: pytest.Config) -> int:
    value = os.environ.get("CARDAVIA_SOAK_GAMES")
    if value:
        return int(value)
    if "soak" in (config.getoption("markexpr") or ""):
        return 10_000
    return SOAK_SLICE


@pytest.mark.soak
@pytest.mark.parametrize("game", GAMES)
def test_soak(game: str, request: pytest.FixtureRequest) -> None:
    n = soak_games(request.config)
    first = 1_000_000  # seeds the default run does not play
    finished = sum(1 for seed in range(first, first + n) if play_checked(game, seed).is_over)
    assert finished == n


def test_card_points_cover_the_schnapsen_deck() -> None:
    assert sum(CARD_POINTS[card[0]] for card in SCHNAPSEN.cards) == 120
