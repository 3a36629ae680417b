"""A Durak state dict (docs/SCHEMA.md) written, read and checked: only the
positions the rules of RULES.md chapters 3 and 4 can reach are accepted.

The twin of ``rust/cardavia-core/src/durak/state.rs``: the checks of
``from_dict`` run in the same order, so that both engines name the same
first fault.
"""

from __future__ import annotations

from typing import Any, TypeVar

from ...cards import rank
from ..checks import (
    SCHEMA_VERSION,
    check_bool,
    check_cards,
    check_conservation,
    check_depth,
    check_header,
    check_history,
    check_int,
    check_keys,
    check_list,
    check_pair,
    check_seat,
    check_seed,
    fault,
    item,
)
from .rules import (
    BOTH_OUT,
    DECK,
    END_REASONS,
    IDLE_BOUT_LIMIT,
    IDLE_BOUTS,
    LAST_CARDS,
    MAX_ATTACKS,
    DurakRules,
    beats,
)

D = TypeVar("D", bound=DurakRules)

STATE_KEYS = (
    "schema", "game", "seed", "deck", "trump_card", "hands", "stock", "table",
    "discard", "attacker", "taking", "limit", "idle_bouts", "known",
    "history", "outcome",
)  # fmt: skip


def to_dict(game: DurakRules) -> dict[str, Any]:
    return {
        "schema": SCHEMA_VERSION,
        "game": game.game,
        "seed": game.seed,
        "deck": list(game.deck),
        "trump_card": game.trump_card,
        "hands": [list(hand) for hand in game.hands],
        "stock": list(game.stock),
        "table": [list(pair) for pair in game.table],
        "discard": list(game.discard),
        "attacker": game.attacker,
        "taking": game.taking,
        "limit": game.limit,
        "idle_bouts": game.idle_bouts,
        "known": [list(cards) for cards in game.known],
        "history": list(game.history),
        "outcome": None if game.outcome is None else dict(game.outcome),
    }


def from_dict(cls: type[D], data: object) -> D:
    check_depth(data)
    d = check_keys(data, STATE_KEYS, "state")
    check_header(d, cls.game)
    game = cls.__new__(cls)
    game.seed = None if d["seed"] is None else check_seed(d["seed"], "seed")
    game.deck = DECK.check_order(d["deck"])
    game.trump_card = DECK.check_card(d["trump_card"], "trump_card")
    hands = check_pair(d["hands"], "hands")
    game.hands = [check_cards(hands[i], DECK, f"hands[{i}]", sorted_=True) for i in (0, 1)]
    game.stock = check_cards(d["stock"], DECK, "stock", sorted_=False)
    game.table = [
        check_table_pair(pair, i) for i, pair in enumerate(check_list(d["table"], "table"))
    ]
    game.discard = check_cards(d["discard"], DECK, "discard", sorted_=True)
    game.attacker = check_seat(d["attacker"], "attacker")
    game.taking = check_bool(d["taking"], "taking")
    game.limit = check_int(d["limit"], "limit", 0, MAX_ATTACKS)
    game.idle_bouts = check_int(d["idle_bouts"], "idle_bouts", 0, IDLE_BOUT_LIMIT)
    known = check_pair(d["known"], "known")
    game.known = [check_cards(known[i], DECK, f"known[{i}]", sorted_=True) for i in (0, 1)]
    game.history = check_history(d["history"], cls.MOVES, cls.game)
    game.outcome = check_outcome(d["outcome"])
    _check_consistency(game)
    return game


def check_table_pair(value: object, i: int) -> list[str | None]:
    what = item("table", i)
    pair = check_pair(value, what)
    attack = DECK.check_card(pair[0], item(what, 0))
    defence = None if pair[1] is None else DECK.check_card(pair[1], item(what, 1))
    return [attack, defence]


def check_outcome(value: object, reason_optional: bool = False) -> dict[str, Any] | None:
    """The outcome dict; ``reason_optional`` for an observation, which may
    have been written before the outcome had a reason."""
    if value is None:
        return None
    optional = ("reason",) if reason_optional else ()
    d = check_keys(value, ("winner", "loser", "draw", "reason"), "outcome", optional)
    draw = check_bool(d["draw"], "outcome.draw")
    if draw:
        if d["winner"] is not None or d["loser"] is not None:
            raise fault("draw_with_winner", "outcome")
        outcome: dict[str, Any] = {"winner": None, "loser": None, "draw": True}
    else:
        winner = check_seat(d["winner"], "outcome.winner")
        loser = check_seat(d["loser"], "outcome.loser")
        if winner == loser:
            raise fault("winner_is_loser", "outcome", winner)
        outcome = {"winner": winner, "loser": loser, "draw": False}
    if "reason" in d:
        if not isinstance(d["reason"], str) or d["reason"] not in END_REASONS:
            raise fault("reason", "outcome.reason", d["reason"])
        outcome["reason"] = d["reason"]
    return outcome


def end_reason(outcome: dict[str, Any], hands: list[list[str]]) -> str:
    """The reason a finished position shows: both hands empty is a draw of
    both seats going out (the end of a bout checks it first), another draw
    is the idle-bout draw, a win is the loser left with cards."""
    if not outcome["draw"]:
        return LAST_CARDS
    return BOTH_OUT if not hands[0] and not hands[1] else IDLE_BOUTS


def _check_consistency(game: DurakRules) -> None:
    table_cards = [card for pair in game.table for card in pair if card is not None]
    check_conservation(
        {
            "hands[0]": game.hands[0],
            "hands[1]": game.hands[1],
            "stock": game.stock,
            "table": table_cards,
            "discard": game.discard,
        },
        DECK,
    )
    if game.stock and game.stock[-1] != game.trump_card:
        raise fault("trump_not_at_bottom", "stock")
    if (
        not game.stock
        and game.trump_card not in game.hands[0] + game.hands[1] + table_cards + game.discard
    ):  # pragma: no cover - conservation covers it
        raise fault("missing_card", "state", game.trump_card)
    for seat in (0, 1):
        stray = [card for card in game.known[seat] if card not in game.hands[seat]]
        if stray:
            raise fault("known_not_in_hand", item("known", seat), stray[0])
    if len(game.discard) % 2:
        raise fault("odd_discard", "discard", len(game.discard))
    if len(game.table) > MAX_ATTACKS:
        raise fault("too_many_attacks", "table", len(game.table), max=MAX_ATTACKS)
    if game.outcome is not None:
        if game.table or game.taking:
            raise fault("finished_with_table", "outcome")
        _check_finished(game)
        return
    _check_bout(game)


def _check_finished(game: DurakRules) -> None:
    assert game.outcome is not None
    if game.outcome["draw"]:
        ended = not game.stock and not game.hands[0] and not game.hands[1]
        if not ended and game.idle_bouts < IDLE_BOUT_LIMIT:
            raise fault("draw_with_cards", "outcome", limit=IDLE_BOUT_LIMIT)
    elif game.stock or game.hands[game.outcome["winner"]] or not game.hands[game.outcome["loser"]]:
        raise fault("winner_with_cards", "outcome")
    expected = end_reason(game.outcome, game.hands)
    if game.outcome["reason"] != expected:
        raise fault("does_not_follow", "outcome.reason", game.outcome["reason"], expected=expected)


def _check_bout(game: DurakRules) -> None:
    if game.idle_bouts >= IDLE_BOUT_LIMIT:
        raise fault("idle_limit", "idle_bouts", game.idle_bouts, limit=IDLE_BOUT_LIMIT)
    if not game.stock and (not game.hands[0] or not game.hands[1]) and not game.table:
        raise fault("should_be_over", "hands")
    if len(game.table) > game.limit:
        raise fault("over_limit", "table", len(game.table), limit=game.limit)
    if game.limit < 1:
        raise fault("no_attack_allowed", "limit", game.limit)
    if game.limit > len(game.hands[game.defender]) + _defended_count(game):
        raise fault("limit_above_hand", "limit", game.limit)
    seen_open = False
    for i, (attack, defence) in enumerate(game.table):
        if defence is None:
            seen_open = True
        elif seen_open:
            raise fault("beaten_after_open", item("table", i))
        elif attack is not None and not beats(defence, attack, game.trump):
            raise fault("does_not_beat", item("table", i), defence, attack=attack)
    if game.taking and game._open_attack() is None:
        raise fault("taking_nothing_open", "taking", True)
    if _defended_count(game) == 0 and len({rank(str(a)) for a, _ in game.table}) > 1:
        raise fault("mixed_ranks", "table")
    if not game.transfers and not game.taking and len(game.table) - _defended_count(game) > 1:
        raise fault("several_open", "table")
    # The limit was min(6, defender's hand) when the bout began (or at the
    # last transfer); since then the defender's hand has only lost the
    # defences, all played after any transfer.
    expected = min(MAX_ATTACKS, len(game.hands[game.defender]) + _defended_count(game))
    if game.limit != expected:
        raise fault("limit_mismatch", "limit", game.limit, expected=expected)


def _defended_count(game: DurakRules) -> int:
    return sum(1 for _, defence in game.table if defence is not None)
