"""A Durak state dict (docs/SCHEMA.md) written, read and checked: only the
positions the rules of RULES.md chapters 3 and 4 can reach are accepted.

The twin of ``rust/cardavia-core/src/durak/state.rs``: the checks of
``from_dict`` run in the same order, so that both engines name the same
first fault.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any, TypeVar

from ...cards import rank
from ..checks import (
    SCHEMA_VERSION,
    check_bool,
    check_cards,
    check_conservation,
    check_depth,
    check_entries,
    check_header,
    check_history,
    check_int,
    check_keys,
    check_list,
    check_pair,
    check_seed,
    fault,
    item,
)
from .outcome import check_outcome, check_reason, end_reason, read_groups
from .rules import (
    DECK,
    IDLE_BOUT_LIMIT,
    MAX_ATTACKS,
    DurakRules,
    beats,
)
from .seats import MAX_SEATS

D = TypeVar("D", bound=DurakRules)

STATE_KEYS = (
    "schema", "game", "seed", "deck", "trump_card", "hands", "stock", "table",
    "discard", "attacker", "taking", "limit", "idle_bouts", "known",
    "history", "outcome",
)  # fmt: skip
#: The keys a state of three seats or more adds (RULES 7); a state without
#: them has two seats and nobody out or passed.
SEAT_KEYS = ("players", "out", "passed")


def to_dict(game: DurakRules) -> dict[str, Any]:
    d = {
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
        "outcome": copy_outcome(game.outcome),
    }
    # Two seats write the dict of chapter 3 unchanged.
    if game.players > 2:
        d["players"] = game.players
        d["out"] = [list(group) for group in game.out]
        d["passed"] = sorted(game.passed)
    return d


def copy_outcome(outcome: dict[str, Any] | None) -> dict[str, Any] | None:
    if outcome is None:
        return None
    copied = dict(outcome)
    if "out" in copied:
        copied["out"] = [list(group) for group in copied["out"]]
    return copied


def from_dict(cls: type[D], data: object) -> D:
    check_depth(data)
    d = check_keys(data, STATE_KEYS + SEAT_KEYS, "state", SEAT_KEYS)
    check_header(d, cls.game)
    game = cls.__new__(cls)
    players = 2 if "players" not in d else check_int(d["players"], "players", 2, MAX_SEATS)
    game.players = players
    game.seed = None if d["seed"] is None else check_seed(d["seed"], "seed")
    game.deck = DECK.check_order(d["deck"])
    game.trump_card = DECK.check_card(d["trump_card"], "trump_card")
    hands = check_entries(d["hands"], "hands", players)
    game.hands = [check_cards(hands[i], DECK, f"hands[{i}]", sorted_=True) for i in range(players)]
    game.stock = check_cards(d["stock"], DECK, "stock", sorted_=False)
    game.table = [
        check_table_pair(pair, i) for i, pair in enumerate(check_list(d["table"], "table"))
    ]
    game.discard = check_cards(d["discard"], DECK, "discard", sorted_=True)
    game.attacker = check_int(d["attacker"], "attacker", 0, players - 1)
    game.taking = check_bool(d["taking"], "taking")
    game.limit = check_int(d["limit"], "limit", 0, MAX_ATTACKS)
    game.idle_bouts = check_int(d["idle_bouts"], "idle_bouts", 0, IDLE_BOUT_LIMIT)
    known = check_entries(d["known"], "known", players)
    game.known = [check_cards(known[i], DECK, f"known[{i}]", sorted_=True) for i in range(players)]
    game.out = [] if "out" not in d else read_groups(d["out"], "out", players)
    game.passed = set() if "passed" not in d else read_passed(d["passed"], players)
    game.history = check_history(d["history"], cls.MOVES, cls.game)
    game.outcome = check_outcome(d["outcome"], players=players)
    if "out" not in d:
        derive_out(game)
    check_consistency(game)
    return game


def read_passed(value: object, players: int) -> set[int]:
    """Ascending seats below ``players``, each once: the throwers passed."""
    seats = [
        check_int(seat, item("passed", i), 0, players - 1)
        for i, seat in enumerate(check_list(value, "passed"))
    ]
    if any(a >= b for a, b in pairwise(seats)):
        raise fault("order", "passed")
    return set(seats)


def derive_out(game: DurakRules) -> None:
    """A duel's state says nothing of the seats out, so a finished one has
    them from its hands: the empty ones, once the stock is empty."""
    if game.outcome is not None and game.players == 2 and not game.stock:
        empty = [seat for seat in range(2) if not game.hands[seat]]
        if empty:
            game.out = [empty]


def check_table_pair(value: object, i: int) -> list[str | None]:
    what = item("table", i)
    pair = check_pair(value, what)
    attack = DECK.check_card(pair[0], item(what, 0))
    defence = None if pair[1] is None else DECK.check_card(pair[1], item(what, 1))
    return [attack, defence]


def check_consistency(game: DurakRules) -> None:
    table_cards = [card for pair in game.table for card in pair if card is not None]
    places = {f"hands[{seat}]": game.hands[seat] for seat in range(game.players)}
    check_conservation(
        {**places, "stock": game.stock, "table": table_cards, "discard": game.discard}, DECK
    )
    if game.stock and game.stock[-1] != game.trump_card:
        raise fault("trump_not_at_bottom", "stock")
    for seat in range(game.players):
        stray = [card for card in game.known[seat] if card not in game.hands[seat]]
        if stray:
            raise fault("known_not_in_hand", item("known", seat), stray[0])
    if len(game.discard) % 2:
        raise fault("odd_discard", "discard", len(game.discard))
    if len(game.table) > MAX_ATTACKS:
        raise fault("too_many_attacks", "table", len(game.table), max=MAX_ATTACKS)
    _check_out(game)
    if game.outcome is not None:
        if game.table or game.taking:
            raise fault("finished_with_table", "outcome")
        if game.passed:
            raise fault("bad_passes", "passed")
        _check_finished(game)
        return
    _check_bout(game)


def _check_out(game: DurakRules) -> None:
    """The seats out: each once, each group ascending, each with an empty
    hand and only once the stock is empty."""
    seen: set[int] = set()
    for i, group in enumerate(game.out):
        if not group or any(a >= b for a, b in pairwise(group)):
            raise fault("order", item("out", i))
        for seat in group:
            if seat in seen:
                raise fault("duplicate", "out", seat)
            seen.add(seat)
            if game.hands[seat]:
                raise fault("out_with_cards", item("hands", seat), seat)
        if game.stock:
            raise fault("out_with_cards", "stock", len(game.stock))


def _check_finished(game: DurakRules) -> None:
    outcome = game.outcome
    assert outcome is not None
    left = game.seats_in()
    if game.players == 2:
        _check_finished_duel(game, outcome)
        nobody_in = not game.hands[0] and not game.hands[1]
    else:
        if outcome["draw"]:
            if left and game.idle_bouts < IDLE_BOUT_LIMIT:
                raise fault("draw_with_cards", "outcome", limit=IDLE_BOUT_LIMIT)
        else:
            loser = outcome["loser"]
            if left != [loser] or game.stock or not game.hands[loser]:
                raise fault("loser_not_last", "outcome.loser", loser)
        if outcome["out"] != game.out:
            raise fault("does_not_follow", "outcome.out", outcome["out"])
        nobody_in = not left
    check_reason(outcome, end_reason(outcome, game.players, nobody_in))


def _check_finished_duel(game: DurakRules, outcome: dict[str, Any]) -> None:
    """Chapter 3's checks of a finished duel, as they always were."""
    if outcome["draw"]:
        ended = not game.stock and not game.hands[0] and not game.hands[1]
        if not ended and game.idle_bouts < IDLE_BOUT_LIMIT:
            raise fault("draw_with_cards", "outcome", limit=IDLE_BOUT_LIMIT)
    elif game.stock or game.hands[outcome["winner"]] or not game.hands[outcome["loser"]]:
        raise fault("winner_with_cards", "outcome")


def _check_bout(game: DurakRules) -> None:
    if game.idle_bouts >= IDLE_BOUT_LIMIT:
        raise fault("idle_limit", "idle_bouts", game.idle_bouts, limit=IDLE_BOUT_LIMIT)
    left = game.seats_in()
    empty_in = any(not game.hands[seat] for seat in left)
    if len(left) < 2 or (not game.stock and empty_in and not game.table):
        raise fault("should_be_over", "hands")
    if game.attacker not in left:
        raise fault("attacker_out", "attacker", game.attacker)
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
    _check_passes(game)


def _check_passes(game: DurakRules) -> None:
    """The throwers pass in priority order, so the seats passed are the first
    few of that order; never all of them (the bout would have ended), and
    none before the first attack."""
    order = game.thrower_order()
    first = set(order[: len(game.passed)])
    if first != game.passed or len(game.passed) >= len(order) or (game.passed and not game.table):
        raise fault("bad_passes", "passed", sorted(game.passed))


def _defended_count(game: DurakRules) -> int:
    return sum(1 for _, defence in game.table if defence is not None)
