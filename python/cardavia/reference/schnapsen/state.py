"""The Schnapsen state dict of docs/SCHEMA.md: written, and read back only
if it is a position the rules of RULES.md chapter 5 can reach (the match,
the deal, every trick, marriage, close and exchange).

Mirrors ``rust/cardavia-core/src/schnapsen/state.rs`` check for check and
in its order: the two engines refuse a broken state by one fault.
"""

from __future__ import annotations

from typing import Any, TypeVar

from ...cards import SUITS, suit
from ...rng import MASK64, SplitMix64
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
    check_seat,
    check_seed,
    fault,
    item,
)
from .rules import (
    DECK,
    HAND_SIZE,
    MATCH_POINTS,
    MOVES,
    WINNING_POINTS,
    SchnapsenRules,
    card_points,
    trick_winner,
)
from .scoring import (
    CLOSER_FAILED,
    CLOSER_REACHED_66,
    LAST_TRICK,
    OPPONENT_REACHED_66,
    REACHED_66,
    REASON_POINTS,
    REASONS,
    copy_deal,
    game_points,
)

S = TypeVar("S", bound=SchnapsenRules)

#: The keys of a deal record (docs/SCHEMA.md, "Deal records").
DEAL_KEYS = (
    "winner", "game_points", "reason", "trump", "points", "tricks_won", "marriages",
    "marriage_points", "pending_points", "last_trick", "closed_by", "match_points",
)  # fmt: skip
# The most points a seat can end a deal with: every card point (120) and
# every marriage (100).
MAX_DEAL_POINTS = 220
MAX_MARRIAGE_POINTS = 100
# How many tricks a deal ended for each reason has been played: all ten
# when played out; after a close at trick k (0-4) the hands give five
# more, and the closed stock is never played out.
TRICKS_BY_REASON = {
    LAST_TRICK: (10, 10),
    CLOSER_FAILED: (5, 9),
    CLOSER_REACHED_66: (1, 9),
    OPPONENT_REACHED_66: (1, 9),
    REACHED_66: (1, 10),
}

STATE_KEYS = (
    "schema", "game", "seed", "deck", "rng", "match_points", "deals", "dealer",
    "trump", "indicator", "stock", "hands", "leader", "lead", "tricks",
    "marriages", "closed", "exchange", "known", "history", "outcome",
)  # fmt: skip


def to_dict(game: SchnapsenRules) -> dict[str, Any]:
    return {
        "schema": SCHEMA_VERSION,
        "game": game.game,
        "seed": game.seed,
        "deck": list(game.deck),
        "rng": game.rng.state,
        "match_points": list(game.match_points),
        "deals": [copy_deal(deal) for deal in game.deals],
        "dealer": game.dealer,
        "trump": game.trump,
        "indicator": game.indicator,
        "stock": list(game.stock),
        "hands": [list(hand) for hand in game.hands],
        "leader": game.leader,
        "lead": game.lead,
        "tricks": [list(trick) for trick in game.tricks],
        "marriages": [list(suits) for suits in game.marriages],
        "closed": None if game.closed is None else dict(game.closed),
        "exchange": None if game.exchange is None else dict(game.exchange),
        "known": [list(cards) for cards in game.known],
        "history": list(game.history),
        "outcome": outcome_copy(game),
    }


def outcome_copy(game: SchnapsenRules) -> dict[str, Any] | None:
    if game.outcome is None:
        return None
    return {
        "winner": game.outcome["winner"],
        "match_points": list(game.outcome["match_points"]),
        "deals": [copy_deal(deal) for deal in game.outcome["deals"]],
    }


def from_dict(cls: type[S], data: object) -> S:
    check_depth(data)
    d = check_keys(data, STATE_KEYS, "state")
    check_header(d, cls.game)
    game = cls.__new__(cls)
    game.seed = None if d["seed"] is None else check_seed(d["seed"], "seed")
    game.deck = DECK.check_order(d["deck"])
    game.rng = SplitMix64(check_int(d["rng"], "rng", 0, MASK64))
    mp = check_pair(d["match_points"], "match_points")
    game.match_points = [check_int(mp[i], f"match_points[{i}]", 0, MATCH_POINTS) for i in (0, 1)]
    game.deals = [
        check_deal(deal, f"deals[{i}]") for i, deal in enumerate(check_list(d["deals"], "deals"))
    ]
    game.dealer = check_seat(d["dealer"], "dealer")
    if d["trump"] not in SUITS:
        raise fault("suit", "trump", d["trump"])
    game.trump = d["trump"]
    game.indicator = (
        None if d["indicator"] is None else DECK.check_card(d["indicator"], "indicator")
    )
    game.stock = check_cards(d["stock"], DECK, "stock", sorted_=False)
    hands = check_pair(d["hands"], "hands")
    game.hands = [check_cards(hands[i], DECK, f"hands[{i}]", sorted_=True) for i in (0, 1)]
    game.leader = check_seat(d["leader"], "leader")
    game.lead = None if d["lead"] is None else DECK.check_card(d["lead"], "lead")
    game.tricks = [
        check_trick(trick, i) for i, trick in enumerate(check_list(d["tricks"], "tricks"))
    ]
    marriages = check_pair(d["marriages"], "marriages")
    game.marriages = [check_suits(marriages[i], f"marriages[{i}]") for i in (0, 1)]
    game.closed = check_closed(d["closed"])
    game.exchange = check_exchange(d["exchange"])
    known = check_pair(d["known"], "known")
    game.known = [check_cards(known[i], DECK, f"known[{i}]", sorted_=True) for i in (0, 1)]
    game.history = check_history(d["history"], MOVES, cls.game)
    game.outcome = check_outcome(d["outcome"])
    _check_consistency(game)
    return game


def check_deal(value: object, what: str) -> dict[str, Any]:
    d = check_keys(value, DEAL_KEYS, what)
    reason = d["reason"]
    if reason not in REASONS:
        raise fault("reason", f"{what}.reason", reason)
    winner = check_seat(d["winner"], f"{what}.winner")
    points = check_int(d["game_points"], f"{what}.game_points", 1, 3)
    if points not in REASON_POINTS[reason]:
        raise fault("reason_points", f"{what}.game_points", points, reason=reason)
    if d["trump"] not in SUITS:
        raise fault("suit", f"{what}.trump", d["trump"])
    deal: dict[str, Any] = {"winner": winner, "game_points": points, "reason": reason}
    deal["trump"] = d["trump"]
    deal["points"] = _small_pair(d["points"], f"{what}.points", MAX_DEAL_POINTS)
    deal["tricks_won"] = _small_pair(d["tricks_won"], f"{what}.tricks_won", 10)
    marriages = check_pair(d["marriages"], f"{what}.marriages")
    deal["marriages"] = [check_suits(marriages[i], f"{what}.marriages[{i}]") for i in (0, 1)]
    for key in ("marriage_points", "pending_points"):
        deal[key] = _small_pair(d[key], f"{what}.{key}", MAX_MARRIAGE_POINTS)
    deal["last_trick"] = last_trick = _read_trick(d["last_trick"], f"{what}.last_trick")
    if last_trick[0] == last_trick[1]:
        raise fault("duplicate", f"{what}.last_trick", last_trick[0])
    closed_by = d["closed_by"]
    deal["closed_by"] = None if closed_by is None else check_seat(closed_by, f"{what}.closed_by")
    deal["match_points"] = _small_pair(d["match_points"], f"{what}.match_points", MATCH_POINTS)
    _check_record(deal, what)
    return deal


def _small_pair(value: object, what: str, high: int) -> list[int]:
    """Two small counts, one per seat, each in ``0..high``."""
    pair = check_pair(value, what)
    return [check_int(pair[i], item(what, i), 0, high) for i in (0, 1)]


def _check_record(deal: dict[str, Any], what: str) -> None:
    """A deal record agrees with itself: its tricks, marriages and points
    fit the reason the deal ended for and the game points it awarded
    (RULES 5)."""
    reason, won = deal["reason"], deal["tricks_won"]
    total = won[0] + won[1]
    low, high = TRICKS_BY_REASON[reason]
    if not low <= total <= high:
        raise fault("deal_tricks", f"{what}.tricks_won", won, reason=reason, low=low, high=high)
    last_winner = deal["last_trick"][2]
    if won[last_winner] == 0 or (reason == LAST_TRICK and last_winner != deal["winner"]):
        raise fault("deal_last_trick", f"{what}.last_trick", last_winner, reason=reason)
    both = [s for s in deal["marriages"][0] if s in deal["marriages"][1]]
    if both:
        raise fault("deal_marriages", f"{what}.marriages", both[0])
    declared = [
        sum(40 if s == deal["trump"] else 20 for s in deal["marriages"][seat]) for seat in (0, 1)
    ]
    counted = [declared[seat] if won[seat] else 0 for seat in (0, 1)]
    pending = [declared[seat] - counted[seat] for seat in (0, 1)]
    for key, expected in (("marriage_points", counted), ("pending_points", pending)):
        if deal[key] != expected:
            raise fault("does_not_follow", f"{what}.{key}", deal[key], expected=expected)
    points = deal["points"]
    cards = [points[seat] - counted[seat] for seat in (0, 1)]
    if (
        any(cards[seat] < 0 or (cards[seat] > 0) != (won[seat] > 0) for seat in (0, 1))
        or sum(cards) > 120
        or (sum(cards) == 120) != (total == 10)
    ):
        raise fault("deal_card_points", f"{what}.points", points)
    w, loser = deal["winner"], 1 - deal["winner"]
    by_66 = reason not in (LAST_TRICK, CLOSER_FAILED)
    if (points[w] >= WINNING_POINTS) != by_66 or points[loser] >= WINNING_POINTS:
        raise fault("deal_66", f"{what}.points", points, reason=reason, winner=w)
    closer = {
        REACHED_66: None,
        LAST_TRICK: None,
        CLOSER_REACHED_66: w,
        CLOSER_FAILED: loser,
        OPPONENT_REACHED_66: loser,
    }[reason]
    if deal["closed_by"] != closer:
        raise fault(
            "deal_closed_by", f"{what}.closed_by", deal["closed_by"], reason=reason, expected=closer
        )
    # The game points a close awards come from the opponent's points at the
    # close, which the record does not hold; only a seat that never won a
    # trick tells them: it had none at the close either.
    expected_points = None
    if reason == REACHED_66:
        expected_points = game_points(points[loser], won[loser] > 0)
    elif (reason == CLOSER_REACHED_66 and not won[loser]) or (
        reason == CLOSER_FAILED and not won[w]
    ):
        expected_points = 3
    if expected_points is not None and deal["game_points"] != expected_points:
        raise fault(
            "deal_game_points", f"{what}.game_points", deal["game_points"], expected=expected_points
        )


def _read_trick(value: object, what: str) -> list[Any]:
    """A trick, ``[lead, follow, winner]``."""
    trick = check_entries(value, what, 3)
    return [
        DECK.check_card(trick[0], item(what, 0)),
        DECK.check_card(trick[1], item(what, 1)),
        check_seat(trick[2], item(what, 2)),
    ]


def check_trick(value: object, i: int) -> list[Any]:
    return _read_trick(value, item("tricks", i))


def check_suits(value: object, what: str) -> list[str]:
    suits = check_list(value, what)
    if any(s not in SUITS for s in suits) or suits != [s for s in SUITS if s in suits]:
        raise fault("suits", what, value)
    return list(suits)


def check_closed(value: object) -> dict[str, Any] | None:
    if value is None:
        return None
    d = check_keys(value, ("by", "opponent_points", "opponent_won_trick", "tricks"), "closed")
    won = check_bool(d["opponent_won_trick"], "closed.opponent_won_trick")
    return {
        "by": check_seat(d["by"], "closed.by"),
        "opponent_points": check_int(d["opponent_points"], "closed.opponent_points", 0, 200),
        "opponent_won_trick": won,
        # The stock is open only while two cards or more remain in it.
        "tricks": check_int(d["tricks"], "closed.tricks", 0, 4),
    }


def check_exchange(value: object) -> dict[str, Any] | None:
    if value is None:
        return None
    d = check_keys(value, ("seat", "jack", "took"), "exchange")
    return {
        "seat": check_seat(d["seat"], "exchange.seat"),
        "jack": DECK.check_card(d["jack"], "exchange.jack"),
        "took": DECK.check_card(d["took"], "exchange.took"),
    }


def check_outcome(value: object) -> dict[str, Any] | None:
    if value is None:
        return None
    d = check_keys(value, ("winner", "match_points", "deals"), "outcome")
    mp = check_pair(d["match_points"], "outcome.match_points")
    return {
        "winner": check_seat(d["winner"], "outcome.winner"),
        "match_points": [
            check_int(mp[i], f"outcome.match_points[{i}]", 0, MATCH_POINTS) for i in (0, 1)
        ],
        "deals": [
            check_deal(deal, f"outcome.deals[{i}]")
            for i, deal in enumerate(check_list(d["deals"], "outcome.deals"))
        ],
    }


def _check_consistency(game: SchnapsenRules) -> None:
    _check_match(game)
    places = {
        "hands[0]": game.hands[0],
        "hands[1]": game.hands[1],
        "stock": game.stock,
        "indicator": [] if game.indicator is None else [game.indicator],
        "lead": [] if game.lead is None else [game.lead],
        "tricks": [card for trick in game.tricks for card in trick[:2]],
    }
    check_conservation(places, DECK)
    for seat in (0, 1):
        stray = [card for card in game.known[seat] if card not in game.hands[seat]]
        if stray:
            raise fault("known_not_in_hand", item("known", seat), stray[0])
        led = {suit(card) for card in _cards_led_by(game, seat) if card[0] in "KQ"}
        for s in game.marriages[seat]:
            if s not in led:
                raise fault("marriage_not_led", item("marriages", seat), s, suit=s)
            # Declaring needs both, so no king or queen of the suit can
            # have been played before: the declaring lead is the first.
            first = _first_court(game, s)
            if first is None or first[1:] != (seat, True):
                raise fault("marriage_not_first", item("marriages", seat), s, suit=s, seat=seat)
    if game.outcome is not None:
        _check_closed_record(game)
        _check_last_deal(game)
        return
    for seat in (0, 1):
        if game.points(seat) >= WINNING_POINTS:
            raise fault("deal_should_be_over", "points", game.points(seat), seat=seat)
    _check_deal_progress(game)
    _check_closed_record(game)


def _check_match(game: SchnapsenRules) -> None:
    won = [MATCH_POINTS, MATCH_POINTS]
    for i, deal in enumerate(game.deals):
        if 0 in won:
            raise fault("deal_after_match", "deals")
        won[deal["winner"]] = max(0, won[deal["winner"]] - deal["game_points"])
        if deal["match_points"] != won:
            raise fault(
                "match_points",
                f"deals[{i}].match_points",
                deal["match_points"],
                expected=list(won),
            )
    if won != game.match_points:
        raise fault("match_points", "match_points")
    finished = 0 in won
    if finished != (game.outcome is not None):
        raise fault("outcome_timing", "outcome")
    if game.outcome is not None and (
        game.outcome["match_points"] != won
        or game.outcome["deals"] != game.deals
        or won[game.outcome["winner"]] != 0
    ):
        raise fault("outcome_mismatch", "outcome")
    if game.dealer != (1 + len(game.deals)) % 2 and game.outcome is None:
        raise fault("dealer", "dealer", game.dealer)


def _cards_led_by(game: SchnapsenRules, seat: int) -> list[str]:
    """The cards ``seat`` led this deal; each trick's winner leads the next."""
    led = []
    leader = 1 - game.dealer
    for i, (lead, follow, winner) in enumerate(game.tricks):
        if trick_winner(lead, follow, game.trump, leader) != winner:
            raise fault("trick_winner", item("tricks", i), winner)
        if leader == seat:
            led.append(lead)
        leader = winner
    if leader != game.leader:
        raise fault("leader", "leader", game.leader)
    if game.lead is not None and game.leader == seat:
        led.append(game.lead)
    return led


def _first_court(game: SchnapsenRules, s: str) -> tuple[int, int, bool] | None:
    """Where the first king or queen of suit ``s`` was played this deal:
    (trick index, seat, whether it was led); the current lead counts as
    trick ``len(tricks)``. Assumes the tricks were checked."""
    leader = 1 - game.dealer
    plays = []
    for i, (lead, follow, winner) in enumerate(game.tricks):
        plays += [(i, leader, True, lead), (i, 1 - leader, False, follow)]
        leader = winner
    if game.lead is not None:
        plays.append((len(game.tricks), game.leader, True, game.lead))
    for i, seat, led, card in plays:
        if card in ("K" + s, "Q" + s):
            return i, seat, led
    return None


def _check_closed_record(game: SchnapsenRules) -> None:
    """The record of a close follows from the tricks before it: the seat
    to lead then closed, and the opponent's points and tricks are those
    of that moment (RULES 5). A marriage is declared with the first king
    or queen of its suit played, so its trick tells whether it was
    declared before the close and counted."""
    if game.closed is None:
        return
    at_close = game.closed["tricks"]
    if at_close > len(game.tricks):
        raise fault("closed_beyond_tricks", "closed.tricks", at_close)
    before = game.tricks[:at_close]
    closer = before[-1][2] if before else 1 - game.dealer
    if game.closed["by"] != closer:
        raise fault("closed_by", "closed.by", game.closed["by"], closer=closer)
    opponent = 1 - closer
    won = [trick for trick in before if trick[2] == opponent]
    points = sum(card_points(trick[0]) + card_points(trick[1]) for trick in won)
    if won:
        for s in game.marriages[opponent]:
            first = _first_court(game, s)
            if first is not None and first[0] < at_close:
                points += 40 if s == game.trump else 20
    if game.closed["opponent_won_trick"] != bool(won):
        raise fault(
            "closed_won_trick",
            "closed.opponent_won_trick",
            game.closed["opponent_won_trick"],
            opponent=opponent,
            had="won a trick" if won else "won no trick",
        )
    if game.closed["opponent_points"] != points:
        raise fault(
            "closed_points",
            "closed.opponent_points",
            game.closed["opponent_points"],
            opponent=opponent,
            points=points,
        )


def _check_last_deal(game: SchnapsenRules) -> None:
    """Once the match is over the last deal stays as it ended, so its
    record says what the position shows."""
    last = len(game.deals) - 1
    deal = game.deals[last]
    facts = (
        ("trump", game.trump),
        ("points", [game.points(0), game.points(1)]),
        ("tricks_won", [game.tricks_won(0), game.tricks_won(1)]),
        ("marriages", game.marriages),
        ("last_trick", list(game.tricks[-1]) if game.tricks else None),
        ("closed_by", None if game.closed is None else game.closed["by"]),
    )
    for key, expected in facts:
        if deal[key] != expected:
            raise fault("does_not_follow", f"deals[{last}].{key}", deal[key], expected=expected)


def _check_deal_progress(game: SchnapsenRules) -> None:
    if game.indicator is not None and suit(game.indicator) != game.trump:
        raise fault("indicator_suit", "indicator", game.indicator)
    if game.indicator is None and game.stock:
        raise fault("indicator_last", "stock")
    n_stock = len(game.stock) + (game.indicator is not None)
    if n_stock % 2:
        raise fault("odd_stock", "stock", n_stock)
    hand_sizes = [len(hand) for hand in game.hands]
    played = len(game.tricks)
    if game.lead is not None:
        hand_sizes[game.leader] += 1
    if hand_sizes[0] != hand_sizes[1]:
        raise fault("unequal_hands", "hands")
    if game.closed is None:
        expected = HAND_SIZE if n_stock else 10 - played
        if n_stock and played != (10 - n_stock) // 2:
            raise fault("stock_tricks", "stock", n_stock)
    else:
        if played < game.closed["tricks"] or n_stock != 10 - 2 * game.closed["tricks"]:
            raise fault("closed_stock", "closed.tricks", game.closed["tricks"])
        expected = hand_sizes[0]
        if played + hand_sizes[0] > 10 or hand_sizes[0] + played < HAND_SIZE:
            raise fault("hands_after_close", "hands", hand_sizes[0])
    if hand_sizes[0] != expected or expected == 0:
        raise fault("hand_size", "hands", hand_sizes[0], expected=expected)
    if game.exchange is not None and (
        game.exchange["jack"] != "J" + game.trump
        or suit(game.exchange["took"]) != game.trump
        or game.exchange["took"] == game.exchange["jack"]
    ):
        raise fault("exchange_cards", "exchange")
    if (
        game.exchange is not None
        and game.indicator is not None
        and game.indicator != game.exchange["jack"]
    ):
        raise fault("exchange_indicator", "exchange")
