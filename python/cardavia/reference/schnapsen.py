"""Schnapsen for two players, a whole match of deals: RULES.md chapter 5.

The Rust twin is ``rust/cardavia-core/src/schnapsen/``.
"""

from __future__ import annotations

from typing import Any

from ..cards import SCHNAPSEN, SCHNAPSEN_POINTS, SUITS, suit
from ..rng import MASK64, SplitMix64, shuffle
from .base import ReferenceGame, resolve_seed
from .checks import (
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

DECK = SCHNAPSEN
CARD_POINTS = SCHNAPSEN_POINTS
MATCH_POINTS = 7
WINNING_POINTS = 66
HAND_SIZE = 5

# Why a deal ended; the outcome's "reason" strings.
REACHED_66 = "reached_66"
LAST_TRICK = "last_trick"
CLOSER_REACHED_66 = "closer_reached_66"
CLOSER_FAILED = "closer_failed"
OPPONENT_REACHED_66 = "opponent_reached_66"
REASONS = (REACHED_66, LAST_TRICK, CLOSER_REACHED_66, CLOSER_FAILED, OPPONENT_REACHED_66)
# The game points each reason can award (RULES 5, Game points of a deal).
REASON_POINTS = {
    REACHED_66: (1, 2, 3),
    LAST_TRICK: (1,),
    CLOSER_REACHED_66: (1, 2, 3),
    CLOSER_FAILED: (2, 3),
    OPPONENT_REACHED_66: (2, 3),
}

# Every move string Schnapsen can spell (legal or not): a marriage is led
# with a king or a queen.
MOVES = frozenset(
    ["exchange", "close"]
    + [f"play:{card}" for card in DECK.cards]
    + [f"marriage:{card}" for card in DECK.cards if card[0] in "KQ"]
)

STATE_KEYS = (
    "schema", "game", "seed", "deck", "rng", "match_points", "deals", "dealer",
    "trump", "indicator", "stock", "hands", "leader", "lead", "tricks",
    "marriages", "closed", "exchange", "known", "history", "outcome",
)  # fmt: skip


def card_points(card: str) -> int:
    return CARD_POINTS[card[0]]


def trick_winner(lead: str, follow: str, trump: str, leader: int) -> int:
    """The higher card of the led suit wins unless a trump was played."""
    if suit(follow) == suit(lead):
        return leader if DECK.strength(lead) > DECK.strength(follow) else 1 - leader
    return 1 - leader if suit(follow) == trump else leader


def game_points(opponent_points: int, opponent_won_trick: bool) -> int:
    """1, 2 or 3 game points by the opponent's points and tricks."""
    if not opponent_won_trick:
        return 3
    return 1 if opponent_points >= 33 else 2


class SchnapsenGame(ReferenceGame):
    """A match of Schnapsen deals, seven match points counted down to zero."""

    game = "schnapsen"

    def __init__(self, seed: int | None = None, deck: list[str] | None = None) -> None:
        self.seed = resolve_seed(seed, deck)
        # One SplitMix64 stream shuffles every deal; an explicit deck stands
        # for deal 1 and the stream (of seed 0 if none) shuffles the rest.
        self.rng = SplitMix64(0 if self.seed is None else self.seed)
        if deck is not None:
            first = DECK.check_order(deck)
        else:
            first = shuffle(list(DECK.cards), self.rng)
        self.deck = first
        self.match_points = [MATCH_POINTS, MATCH_POINTS]
        self.deals: list[dict[str, Any]] = []
        self.history = []
        self.outcome = None
        self._deal(first, dealer=1)

    def _deal(self, order: list[str], dealer: int) -> None:
        """Setup of a deal: 3 + 3, the indicator, 2 + 2, the stock of nine."""
        non_dealer = 1 - dealer
        self.dealer = dealer
        self.hands: list[list[str]] = [[], []]
        self.hands[non_dealer] = DECK.sort(order[0:3] + order[7:9])
        self.hands[dealer] = DECK.sort(order[3:6] + order[9:11])
        self.indicator: str | None = order[6]
        self.trump = suit(order[6])
        self.stock = order[11:20]
        self.leader = non_dealer
        self.lead: str | None = None
        self.tricks: list[list[Any]] = []
        self.marriages: list[list[str]] = [[], []]
        self.closed: dict[str, Any] | None = None
        self.exchange: dict[str, Any] | None = None
        self.known: list[list[str]] = [[], []]

    # ----------------------------------------------------------- the position

    @property
    def follower(self) -> int:
        return 1 - self.leader

    @property
    def stock_open(self) -> bool:
        return self.closed is None and self.indicator is not None

    @property
    def strict(self) -> bool:
        """Strict rules once the stock is closed or exhausted."""
        return not self.stock_open

    def tricks_won(self, seat: int) -> int:
        return sum(1 for trick in self.tricks if trick[2] == seat)

    def card_points_won(self, seat: int) -> int:
        return sum(
            card_points(trick[0]) + card_points(trick[1])
            for trick in self.tricks
            if trick[2] == seat
        )

    def marriage_points(self, seat: int) -> int:
        return sum(40 if s == self.trump else 20 for s in self.marriages[seat])

    def points(self, seat: int) -> int:
        """Card points won plus marriages, which count once a trick is won."""
        counted = self.marriage_points(seat) if self.tricks_won(seat) else 0
        return self.card_points_won(seat) + counted

    @property
    def current_player(self) -> int | None:
        if self.outcome is not None:
            return None
        return self.leader if self.lead is None else self.follower

    # ---------------------------------------------------------- legal moves

    def legal_moves(self) -> list[str]:
        if self.outcome is not None:
            return []
        if self.lead is None:
            return sorted(self._leader_moves())
        return sorted(f"play:{card}" for card in self._follower_cards(self.lead))

    def _leader_moves(self) -> list[str]:
        hand = self.hands[self.leader]
        moves = [f"play:{card}" for card in hand]
        if self.stock_open:
            if "J" + self.trump in hand:
                moves.append("exchange")
            if len(hand) == HAND_SIZE:
                moves.append("close")
        for card in hand:
            if card[0] in "KQ" and suit(card) not in self.marriages[self.leader]:
                partner = ("Q" if card[0] == "K" else "K") + suit(card)
                if partner in hand:
                    moves.append(f"marriage:{card}")
        return moves

    def _follower_cards(self, lead: str) -> list[str]:
        hand = self.hands[self.follower]
        if not self.strict:
            return list(hand)
        same_suit = [card for card in hand if suit(card) == suit(lead)]
        if same_suit:
            higher = [c for c in same_suit if DECK.strength(c) > DECK.strength(lead)]
            return higher or same_suit
        trumps = [card for card in hand if suit(card) == self.trump]
        return trumps or list(hand)

    # ------------------------------------------------------------ applying

    def _apply(self, move: str) -> None:
        kind, _, card = move.partition(":")
        if kind == "exchange":
            self._exchange()
        elif kind == "close":
            opponent = self.follower
            self.closed = {
                "by": self.leader,
                "opponent_points": self.points(opponent),
                "opponent_won_trick": self.tricks_won(opponent) > 0,
                "tricks": len(self.tricks),
            }
        elif kind == "marriage":
            self._declare_marriage(card)
        elif self.lead is None:
            self._play_card(self.leader, card)
            self.lead = card
        else:
            self._play_card(self.follower, card)
            self._finish_trick(card)

    def _exchange(self) -> None:
        seat, jack, taken = self.leader, "J" + self.trump, self.indicator
        assert taken is not None
        self.hands[seat] = DECK.sort([c for c in self.hands[seat] if c != jack] + [taken])
        self.known[seat] = DECK.sort(self.known[seat] + [taken])
        self.indicator = jack
        self.exchange = {"seat": seat, "jack": jack, "took": taken}

    def _declare_marriage(self, card: str) -> None:
        seat = self.leader
        partner = ("Q" if card[0] == "K" else "K") + suit(card)
        self.marriages[seat] = [s for s in SUITS if s in self.marriages[seat] or s == suit(card)]
        if partner not in self.known[seat]:
            self.known[seat] = DECK.sort(self.known[seat] + [partner])
        self._play_card(seat, card)
        self.lead = card
        if self.points(seat) >= WINNING_POINTS:
            self._end_deal_by_66(seat)

    def _play_card(self, seat: int, card: str) -> None:
        self.hands[seat].remove(card)
        if card in self.known[seat]:
            self.known[seat].remove(card)

    def _finish_trick(self, follow: str) -> None:
        lead = self.lead
        assert lead is not None
        winner = trick_winner(lead, follow, self.trump, self.leader)
        self.tricks.append([lead, follow, winner])
        self.lead = None
        self.leader = winner
        if self.points(winner) >= WINNING_POINTS:
            self._end_deal_by_66(winner)
            return
        if self.stock_open:
            self._draw(winner)
        if not self.hands[0] and not self.hands[1]:
            self._end_deal_played_out(winner)

    def _draw(self, winner: int) -> None:
        """Winner draws first; from the last two cards the loser gets the indicator."""
        loser = 1 - winner
        self.hands[winner] = DECK.sort(self.hands[winner] + [self.stock.pop(0)])
        if self.stock:
            self.hands[loser] = DECK.sort(self.hands[loser] + [self.stock.pop(0)])
        else:
            indicator = self.indicator
            assert indicator is not None
            self.hands[loser] = DECK.sort(self.hands[loser] + [indicator])
            self.known[loser] = DECK.sort(self.known[loser] + [indicator])
            self.indicator = None

    # ---------------------------------------------------------- deal scoring

    def _end_deal_by_66(self, seat: int) -> None:
        opponent = 1 - seat
        if self.closed is None:
            points = game_points(self.points(opponent), self.tricks_won(opponent) > 0)
            self._score_deal(seat, points, REACHED_66)
        elif self.closed["by"] == seat:
            points = game_points(self.closed["opponent_points"], self.closed["opponent_won_trick"])
            self._score_deal(seat, points, CLOSER_REACHED_66)
        else:
            points = 2 if self.closed["opponent_won_trick"] else 3
            self._score_deal(seat, points, OPPONENT_REACHED_66)

    def _end_deal_played_out(self, last_winner: int) -> None:
        if self.closed is None:
            self._score_deal(last_winner, 1, LAST_TRICK)
        else:
            opponent = 1 - self.closed["by"]
            points = 2 if self.closed["opponent_won_trick"] else 3
            self._score_deal(opponent, points, CLOSER_FAILED)

    def _score_deal(self, winner: int, points: int, reason: str) -> None:
        self.deals.append({"winner": winner, "game_points": points, "reason": reason})
        self.match_points[winner] = max(0, self.match_points[winner] - points)
        if self.match_points[winner] == 0:
            self.outcome = {
                "winner": winner,
                "match_points": list(self.match_points),
                "deals": [dict(deal) for deal in self.deals],
            }
            return
        self._deal(shuffle(list(DECK.cards), self.rng), dealer=1 - self.dealer)

    # ------------------------------------------------------ state and views

    def to_dict(self) -> dict[str, Any]:
        return {
            "schema": 1,
            "game": self.game,
            "seed": self.seed,
            "deck": list(self.deck),
            "rng": self.rng.state,
            "match_points": list(self.match_points),
            "deals": [dict(deal) for deal in self.deals],
            "dealer": self.dealer,
            "trump": self.trump,
            "indicator": self.indicator,
            "stock": list(self.stock),
            "hands": [list(hand) for hand in self.hands],
            "leader": self.leader,
            "lead": self.lead,
            "tricks": [list(trick) for trick in self.tricks],
            "marriages": [list(suits) for suits in self.marriages],
            "closed": None if self.closed is None else dict(self.closed),
            "exchange": None if self.exchange is None else dict(self.exchange),
            "known": [list(cards) for cards in self.known],
            "history": list(self.history),
            "outcome": self._outcome_copy(),
        }

    def _outcome_copy(self) -> dict[str, Any] | None:
        if self.outcome is None:
            return None
        return {
            "winner": self.outcome["winner"],
            "match_points": list(self.outcome["match_points"]),
            "deals": [dict(deal) for deal in self.outcome["deals"]],
        }

    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may know: its hand, and every public fact."""
        return {
            **self.seat_view(seat),
            "trump": self.trump,
            "indicator": self.indicator,
            "stock_size": len(self.stock) + (self.indicator is not None),
            "closed": None if self.closed is None else dict(self.closed),
            "exhausted": self.indicator is None,
            "exchange": None if self.exchange is None else dict(self.exchange),
            "dealer": self.dealer,
            "leader": self.leader,
            "lead": self.lead,
            "tricks": [list(trick) for trick in self.tricks],
            "marriages": [list(suits) for suits in self.marriages],
            "points": [self.points(0), self.points(1)],
            "pending_points": [
                0 if self.tricks_won(s) else self.marriage_points(s) for s in (0, 1)
            ],
            "tricks_won": [self.tricks_won(0), self.tricks_won(1)],
            "match_points": list(self.match_points),
            "deals": [dict(deal) for deal in self.deals],
            "history": list(self.history),
            "outcome": self._outcome_copy(),
        }

    @classmethod
    def from_dict(cls, data: object) -> SchnapsenGame:
        check_depth(data)
        d = check_keys(data, STATE_KEYS, "state")
        check_header(d, cls.game)
        game = cls.__new__(cls)
        game.seed = None if d["seed"] is None else check_seed(d["seed"], "seed")
        game.deck = DECK.check_order(d["deck"])
        game.rng = SplitMix64(check_int(d["rng"], "rng", 0, MASK64))
        mp = check_pair(d["match_points"], "match_points")
        game.match_points = [
            check_int(mp[i], f"match_points[{i}]", 0, MATCH_POINTS) for i in (0, 1)
        ]
        game.deals = [
            cls._check_deal(deal, f"deals[{i}]")
            for i, deal in enumerate(check_list(d["deals"], "deals"))
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
            cls._check_trick(trick, i) for i, trick in enumerate(check_list(d["tricks"], "tricks"))
        ]
        marriages = check_pair(d["marriages"], "marriages")
        game.marriages = [cls._check_suits(marriages[i], f"marriages[{i}]") for i in (0, 1)]
        game.closed = cls._check_closed(d["closed"])
        game.exchange = cls._check_exchange(d["exchange"])
        known = check_pair(d["known"], "known")
        game.known = [check_cards(known[i], DECK, f"known[{i}]", sorted_=True) for i in (0, 1)]
        game.history = check_history(d["history"], MOVES, cls.game)
        game.outcome = cls._check_outcome(d["outcome"])
        game._check_consistency()
        return game

    @staticmethod
    def _check_deal(value: object, what: str) -> dict[str, Any]:
        d = check_keys(value, ("winner", "game_points", "reason"), what)
        reason = d["reason"]
        if reason not in REASONS:
            raise fault("reason", f"{what}.reason", reason)
        winner = check_seat(d["winner"], f"{what}.winner")
        points = check_int(d["game_points"], f"{what}.game_points", 1, 3)
        if points not in REASON_POINTS[reason]:
            raise fault("reason_points", f"{what}.game_points", points, reason=reason)
        return {"winner": winner, "game_points": points, "reason": reason}

    @staticmethod
    def _check_trick(value: object, i: int) -> list[Any]:
        what = item("tricks", i)
        trick = check_entries(value, what, 3)
        return [
            DECK.check_card(trick[0], item(what, 0)),
            DECK.check_card(trick[1], item(what, 1)),
            check_seat(trick[2], item(what, 2)),
        ]

    @staticmethod
    def _check_suits(value: object, what: str) -> list[str]:
        suits = check_list(value, what)
        if any(s not in SUITS for s in suits) or suits != [s for s in SUITS if s in suits]:
            raise fault("suits", what, value)
        return list(suits)

    @staticmethod
    def _check_closed(value: object) -> dict[str, Any] | None:
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

    @staticmethod
    def _check_exchange(value: object) -> dict[str, Any] | None:
        if value is None:
            return None
        d = check_keys(value, ("seat", "jack", "took"), "exchange")
        return {
            "seat": check_seat(d["seat"], "exchange.seat"),
            "jack": DECK.check_card(d["jack"], "exchange.jack"),
            "took": DECK.check_card(d["took"], "exchange.took"),
        }

    @classmethod
    def _check_outcome(cls, value: object) -> dict[str, Any] | None:
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
                cls._check_deal(deal, f"outcome.deals[{i}]")
                for i, deal in enumerate(check_list(d["deals"], "outcome.deals"))
            ],
        }

    def _check_consistency(self) -> None:
        self._check_match()
        places = {
            "hands[0]": self.hands[0],
            "hands[1]": self.hands[1],
            "stock": self.stock,
            "indicator": [] if self.indicator is None else [self.indicator],
            "lead": [] if self.lead is None else [self.lead],
            "tricks": [card for trick in self.tricks for card in trick[:2]],
        }
        check_conservation(places, DECK)
        for seat in (0, 1):
            stray = [card for card in self.known[seat] if card not in self.hands[seat]]
            if stray:
                raise fault("known_not_in_hand", item("known", seat), stray[0])
            led = {suit(card) for card in self._cards_led_by(seat) if card[0] in "KQ"}
            for s in self.marriages[seat]:
                if s not in led:
                    raise fault("marriage_not_led", item("marriages", seat), s, suit=s)
                # Declaring needs both, so no king or queen of the suit can
                # have been played before: the declaring lead is the first.
                first = self._first_court(s)
                if first is None or first[1:] != (seat, True):
                    raise fault("marriage_not_first", item("marriages", seat), s, suit=s, seat=seat)
        if self.outcome is not None:
            self._check_closed_record()
            return
        for seat in (0, 1):
            if self.points(seat) >= WINNING_POINTS:
                raise fault("deal_should_be_over", "points", self.points(seat), seat=seat)
        self._check_deal_progress()
        self._check_closed_record()

    def _check_match(self) -> None:
        won = [MATCH_POINTS, MATCH_POINTS]
        for deal in self.deals:
            if 0 in won:
                raise fault("deal_after_match", "deals")
            won[deal["winner"]] = max(0, won[deal["winner"]] - deal["game_points"])
        if won != self.match_points:
            raise fault("match_points", "match_points")
        finished = 0 in won
        if finished != (self.outcome is not None):
            raise fault("outcome_timing", "outcome")
        if self.outcome is not None and (
            self.outcome["match_points"] != won
            or self.outcome["deals"] != self.deals
            or won[self.outcome["winner"]] != 0
        ):
            raise fault("outcome_mismatch", "outcome")
        if self.dealer != (1 + len(self.deals)) % 2 and self.outcome is None:
            raise fault("dealer", "dealer", self.dealer)

    def _cards_led_by(self, seat: int) -> list[str]:
        """The cards ``seat`` led this deal; each trick's winner leads the next."""
        led = []
        leader = 1 - self.dealer
        for i, (lead, follow, winner) in enumerate(self.tricks):
            if trick_winner(lead, follow, self.trump, leader) != winner:
                raise fault("trick_winner", item("tricks", i), winner)
            if leader == seat:
                led.append(lead)
            leader = winner
        if leader != self.leader:
            raise fault("leader", "leader", self.leader)
        if self.lead is not None and self.leader == seat:
            led.append(self.lead)
        return led

    def _first_court(self, s: str) -> tuple[int, int, bool] | None:
        """Where the first king or queen of suit ``s`` was played this deal:
        (trick index, seat, whether it was led); the current lead counts as
        trick ``len(tricks)``. Assumes the tricks were checked."""
        leader = 1 - self.dealer
        plays = []
        for i, (lead, follow, winner) in enumerate(self.tricks):
            plays += [(i, leader, True, lead), (i, 1 - leader, False, follow)]
            leader = winner
        if self.lead is not None:
            plays.append((len(self.tricks), self.leader, True, self.lead))
        for i, seat, led, card in plays:
            if card in ("K" + s, "Q" + s):
                return i, seat, led
        return None

    def _check_closed_record(self) -> None:
        """The record of a close follows from the tricks before it: the seat
        to lead then closed, and the opponent's points and tricks are those
        of that moment (RULES 5). A marriage is declared with the first king
        or queen of its suit played, so its trick tells whether it was
        declared before the close and counted."""
        if self.closed is None:
            return
        at_close = self.closed["tricks"]
        if at_close > len(self.tricks):
            raise fault("closed_beyond_tricks", "closed.tricks", at_close)
        before = self.tricks[:at_close]
        closer = before[-1][2] if before else 1 - self.dealer
        if self.closed["by"] != closer:
            raise fault("closed_by", "closed.by", self.closed["by"], closer=closer)
        opponent = 1 - closer
        won = [trick for trick in before if trick[2] == opponent]
        points = sum(card_points(trick[0]) + card_points(trick[1]) for trick in won)
        if won:
            for s in self.marriages[opponent]:
                first = self._first_court(s)
                if first is not None and first[0] < at_close:
                    points += 40 if s == self.trump else 20
        if self.closed["opponent_won_trick"] != bool(won):
            raise fault(
                "closed_won_trick",
                "closed.opponent_won_trick",
                self.closed["opponent_won_trick"],
                opponent=opponent,
                had="won a trick" if won else "won no trick",
            )
        if self.closed["opponent_points"] != points:
            raise fault(
                "closed_points",
                "closed.opponent_points",
                self.closed["opponent_points"],
                opponent=opponent,
                points=points,
            )

    def _check_deal_progress(self) -> None:
        if self.indicator is not None and suit(self.indicator) != self.trump:
            raise fault("indicator_suit", "indicator", self.indicator)
        if self.indicator is None and self.stock:
            raise fault("indicator_last", "stock")
        n_stock = len(self.stock) + (self.indicator is not None)
        if n_stock % 2:
            raise fault("odd_stock", "stock", n_stock)
        hand_sizes = [len(hand) for hand in self.hands]
        played = len(self.tricks)
        if self.lead is not None:
            hand_sizes[self.leader] += 1
        if hand_sizes[0] != hand_sizes[1]:
            raise fault("unequal_hands", "hands")
        if self.closed is None:
            expected = HAND_SIZE if n_stock else 10 - played
            if n_stock and played != (10 - n_stock) // 2:
                raise fault("stock_tricks", "stock", n_stock)
        else:
            if played < self.closed["tricks"] or n_stock != 10 - 2 * self.closed["tricks"]:
                raise fault("closed_stock", "closed.tricks", self.closed["tricks"])
            expected = hand_sizes[0]
            if played + hand_sizes[0] > 10 or hand_sizes[0] + played < HAND_SIZE:
                raise fault("hands_after_close", "hands", hand_sizes[0])
        if hand_sizes[0] != expected or expected == 0:
            raise fault("hand_size", "hands", hand_sizes[0], expected=expected)
        if self.exchange is not None and (
            self.exchange["jack"] != "J" + self.trump
            or suit(self.exchange["took"]) != self.trump
            or self.exchange["took"] == self.exchange["jack"]
        ):
            raise fault("exchange_cards", "exchange")
        if (
            self.exchange is not None
            and self.indicator is not None
            and self.indicator != self.exchange["jack"]
        ):
            raise fault("exchange_indicator", "exchange")
