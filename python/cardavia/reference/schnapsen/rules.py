"""Schnapsen for two players, its rules: RULES.md chapter 5.

Written to be read beside the rules: a whole match of deals, who moves,
the legal moves and what each move does. ``scoring.py`` scores a finished
deal, ``state.py`` reads, writes and checks the state dict, and ``view.py``
makes the observation. The Rust twin is
``rust/cardavia-core/src/schnapsen/rules.rs``.
"""

from __future__ import annotations

from typing import Any

from ...cards import SCHNAPSEN, SCHNAPSEN_POINTS, SUITS, suit
from ...rng import SplitMix64, shuffle
from ..base import ReferenceGame, resolve_seed
from .scoring import copy_deal, deal_played_out, deal_won_by_66

DECK = SCHNAPSEN
CARD_POINTS = SCHNAPSEN_POINTS
MATCH_POINTS = 7
WINNING_POINTS = 66
HAND_SIZE = 5

# Every move string Schnapsen can spell (legal or not): a marriage is led
# with a king or a queen.
MOVES = frozenset(
    ["exchange", "close"]
    + [f"play:{card}" for card in DECK.cards]
    + [f"marriage:{card}" for card in DECK.cards if card[0] in "KQ"]
)


def card_points(card: str) -> int:
    return CARD_POINTS[card[0]]


def trick_winner(lead: str, follow: str, trump: str, leader: int) -> int:
    """The higher card of the led suit wins unless a trump was played."""
    if suit(follow) == suit(lead):
        return leader if DECK.strength(lead) > DECK.strength(follow) else 1 - leader
    return 1 - leader if suit(follow) == trump else leader


class SchnapsenRules(ReferenceGame):
    """A match of Schnapsen deals, seven match points counted down to zero:
    the position and the rules. ``SchnapsenGame`` (``__init__.py``) adds
    the state dict and the observation."""

    game = "schnapsen"
    MOVES = MOVES

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

    # ------------------------------------------------------ end of the deal

    def _deal_record(self, score: dict[str, Any]) -> dict[str, Any]:
        """What the summary of the deal just ended shows (docs/SCHEMA.md,
        "Deal records"): its score, and the deal as it ended."""
        won = [self.tricks_won(0), self.tricks_won(1)]
        declared = [self.marriage_points(0), self.marriage_points(1)]
        return {
            **score,
            "trump": self.trump,
            "points": [self.points(0), self.points(1)],
            "tricks_won": won,
            "marriages": [list(suits) for suits in self.marriages],
            "marriage_points": [declared[s] if won[s] else 0 for s in (0, 1)],
            "pending_points": [0 if won[s] else declared[s] for s in (0, 1)],
            "last_trick": list(self.tricks[-1]),
            "closed_by": None if self.closed is None else self.closed["by"],
            "match_points": list(self.match_points),
        }

    def _end_deal_by_66(self, seat: int) -> None:
        opponent = 1 - seat
        points, won = self.points(opponent), self.tricks_won(opponent) > 0
        self._score_deal(deal_won_by_66(seat, self.closed, points, won))

    def _end_deal_played_out(self, last_winner: int) -> None:
        self._score_deal(deal_played_out(last_winner, self.closed))

    def _score_deal(self, score: dict[str, Any]) -> None:
        """Record the deal as it ended; the match goes on with the next deal,
        dealt by the other seat, until a seat has counted its points down to
        zero."""
        winner = score["winner"]
        self.match_points[winner] = max(0, self.match_points[winner] - score["game_points"])
        self.deals.append(self._deal_record(score))
        if self.match_points[winner] == 0:
            self.outcome = {
                "winner": winner,
                "match_points": list(self.match_points),
                "deals": [copy_deal(deal) for deal in self.deals],
            }
            return
        self._deal(shuffle(list(DECK.cards), self.rng), dealer=1 - self.dealer)
