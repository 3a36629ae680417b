"""Classic Durak (podkidnoy), its rules: RULES.md chapter 3, at a table of 2
to 6 seats as chapter 7 extends it (the seats' order and roles: ``seats.py``).

Written to be read beside the rules: the deal, who moves, the legal moves
and what each move does. ``state.py`` reads, writes and checks the state
dict, ``view.py`` makes the observation, and ``../perevodnoy.py`` adds the
transfer. The Rust twin is ``rust/cardavia-core/src/durak/rules.rs``.
"""

from __future__ import annotations

from typing import Any

from ...cards import ATLASNYE, rank, suit
from ...rng import SplitMix64, shuffle
from ..base import ReferenceGame, resolve_seed
from .seats import Seats

DECK = ATLASNYE
HAND_SIZE = 6
MAX_ATTACKS = 6
IDLE_BOUT_LIMIT = 50
# How a finished game was decided, the outcome's "reason": a seat played
# its last card with the stock empty, both did in the same bout, or 50
# bouts in a row were idle.
LAST_CARDS = "last_cards"
BOTH_OUT = "both_out"
IDLE_BOUTS = "idle_bouts"
# From three seats on, every seat left went out in the same bout.
ALL_OUT = "all_out"
END_REASONS = (LAST_CARDS, BOTH_OUT, IDLE_BOUTS, ALL_OUT)


def durak_moves(kinds: tuple[str, ...]) -> frozenset[str]:
    """Every move string a Durak game can spell (legal or not)."""
    return frozenset(["take", "stop"] + [f"{kind}:{card}" for kind in kinds for card in DECK.cards])


def beats(defence: str, attack: str, trump: str) -> bool:
    """RULES.md 3, Beating: higher in the same suit, or a trump on a non-trump."""
    if suit(defence) == suit(attack):
        return DECK.strength(defence) > DECK.strength(attack)
    return suit(defence) == trump


class DurakRules(Seats, ReferenceGame):
    """One deal of Durak at 2 to 6 seats: the position and the rules.

    ``DurakGame`` (``__init__.py``) adds the state dict and the observation,
    ``PerevodnoyGame`` the transfer."""

    game = "durak"
    transfers = False
    MOVES = durak_moves(("attack", "defend"))

    def __init__(
        self, seed: int | None = None, deck: list[str] | None = None, players: int = 2
    ) -> None:
        self.players = players
        self.seed = resolve_seed(seed, deck)
        if deck is not None:
            order = DECK.check_order(deck)
        else:
            assert self.seed is not None
            order = shuffle(list(DECK.cards), SplitMix64(self.seed))
        self.deck = order
        # Setup: six each; below six seats the next card is turned up and
        # lies at the bottom of the stock, drawn last; at six every card is
        # dealt and seat 5's last card shows the trump (RULES 7).
        self.hands = [DECK.sort(order[6 * s : 6 * s + 6]) for s in range(players)]
        self.known: list[list[str]] = [[] for _ in range(players)]
        dealt = 6 * players
        if dealt < len(order):
            self.trump_card = order[dealt]
            self.stock = [*order[dealt + 1 :], order[dealt]]
        else:
            self.trump_card = order[-1]
            self.stock = []
            self.known[players - 1] = [self.trump_card]
        self.table: list[list[str | None]] = []
        self.discard: list[str] = []
        self.out = []
        self.passed = set()
        self.attacker = self._first_attacker()
        self.taking = False
        self.limit = min(MAX_ATTACKS, len(self.hands[self.defender]))
        self.idle_bouts = 0
        self.history = []
        self.outcome = None

    @property
    def trump(self) -> str:
        return suit(self.trump_card)

    def _first_attacker(self) -> int:
        """The holder of the lowest trump; seat 0 if no hand holds one."""
        lowest: tuple[int, int] | None = None
        for seat in range(self.players):
            for card in self.hands[seat]:
                if suit(card) == self.trump:
                    candidate = (DECK.strength(card), seat)
                    if lowest is None or candidate < lowest:
                        lowest = candidate
        return 0 if lowest is None else lowest[1]

    # ----------------------------------------------------------- the position

    def _attack_count(self) -> int:
        return len(self.table)

    def _open_attack(self) -> int | None:
        """Index of the oldest attack not yet beaten, if any."""
        for i, (_, defence) in enumerate(self.table):
            if defence is None:
                return i
        return None

    def _ranks_on_table(self) -> set[str]:
        return {rank(card) for pair in self.table for card in pair if card is not None}

    # ------------------------------------------------------ the bout's facts

    def open_attack(self) -> str | None:
        """The oldest attack not yet beaten: the one a defence answers."""
        index = self._open_attack()
        return None if index is None else self.table[index][0]

    def table_ranks(self) -> list[str]:
        """The ranks on the table, low to high."""
        on_table = self._ranks_on_table()
        return [r for r in DECK.ranks if r in on_table]

    def adds_left(self, seat: int) -> int:
        """How many more attack cards this bout may take, as far as ``seat``
        can tell: the room below the limit, and no more than the cards of
        the throwers yet to pass that fit (its own: its cards of a rank on
        the table, or any card to open; another's: its hand size). With two
        seats the only thrower is the attacker."""
        if self.outcome is not None:
            return 0
        room = max(0, self.limit - self._attack_count())
        ranks = self._ranks_on_table()
        fitting = 0
        for thrower in self.thrower_order():
            if thrower in self.passed:
                continue
            hand = self.hands[thrower]
            if seat == thrower and self.table:
                fitting += sum(1 for card in hand if rank(card) in ranks)
            else:
                fitting += len(hand)
        return min(room, fitting)

    def beating(self, seat: int) -> list[str]:
        """``seat``'s cards that beat the open attack, if it is the defender."""
        attack = self.open_attack()
        if attack is None or seat != self.defender:
            return []
        return [card for card in self.hands[seat] if beats(card, attack, self.trump)]

    def can_transfer(self) -> bool:
        """Whether the bout still allows a transfer (RULES 4), whatever the
        defender holds; never in classic Durak."""
        return False

    @property
    def current_player(self) -> int | None:
        if self.outcome is not None:
            return None
        if not self.taking and self._open_attack() is not None:
            return self.defender
        return self.thrower()

    # ---------------------------------------------------------- legal moves

    def legal_moves(self) -> list[str]:
        if self.outcome is not None:
            return []
        if self.taking:
            moves = [*self._additions(), "stop"]
        elif not self.table:
            moves = [f"attack:{card}" for card in self.hands[self.attacker]]
        elif self._open_attack() is not None:
            moves = self._defender_moves()
        else:
            moves = [*self._additions(), "stop"]
        return sorted(moves)

    def _additions(self) -> list[str]:
        """Rank-matching cards the thrower to move may add while below the
        limit."""
        if self._attack_count() >= self.limit:
            return []
        ranks = self._ranks_on_table()
        return [f"attack:{card}" for card in self.hands[self.thrower()] if rank(card) in ranks]

    def _defender_moves(self) -> list[str]:
        open_index = self._open_attack()
        assert open_index is not None
        attack = self.table[open_index][0]
        assert attack is not None
        moves = [
            f"defend:{card}"
            for card in self.hands[self.defender]
            if beats(card, attack, self.trump)
        ]
        return [*moves, "take"]

    # ------------------------------------------------------------ applying

    def _apply(self, move: str) -> None:
        kind, _, card = move.partition(":")
        if kind == "attack":
            self._play_card(self.thrower(), card)
            self.table.append([card, None])
        elif kind == "defend":
            self._play_card(self.defender, card)
            open_index = self._open_attack()
            assert open_index is not None
            self.table[open_index][1] = card
            # Every defence card gives every thrower its turn again.
            self.passed = set()
        elif kind == "take":
            self.taking = True
            # Every thrower gets one more turn to add cards.
            self.passed = set()
        elif kind == "stop":
            self.passed.add(self.thrower())
            if all(seat in self.passed for seat in self.thrower_order()):
                self._end_bout()
        elif kind == "transfer":
            self._apply_transfer(card)
        else:  # pragma: no cover - legal_moves never offers anything else
            raise AssertionError(move)

    def _apply_transfer(self, card: str) -> None:  # pragma: no cover - classic has none
        raise AssertionError("classic Durak has no transfer")

    def _why_transfer(self, card: str) -> dict[str, Any]:  # pragma: no cover - classic has none
        raise AssertionError("classic Durak has no transfer")

    def _play_card(self, seat: int, card: str) -> None:
        self.hands[seat].remove(card)
        if card in self.known[seat]:
            self.known[seat].remove(card)

    def _end_bout(self) -> None:
        table_cards = [card for pair in self.table for card in pair if card is not None]
        took = self.taking
        defender = self.defender
        if took:
            # The defender picks up everything; every seat saw these cards.
            self.hands[defender] = DECK.sort(self.hands[defender] + table_cards)
            self.known[defender] = DECK.sort(self.known[defender] + table_cards)
        else:
            self.discard = DECK.sort(self.discard + table_cards)
        self.table = []
        self.taking = False
        self.passed = set()

        # The throwers in priority order draw first, the defender last.
        drew = sum(self._refill(seat) for seat in self.thrower_order())
        drew += self._refill(defender)
        self.idle_bouts = self.idle_bouts + 1 if took and drew == 0 else 0
        if not self.stock:
            self.leave()

        left = self.seats_in()
        if len(left) <= 1 or self.idle_bouts >= IDLE_BOUT_LIMIT:
            # A finished deal keeps chapter 3's last attacker: the defender
            # after a defence.
            if not took:
                self.attacker = defender
            self.outcome = self._final_outcome(left)
            return
        if not took and not self.is_out(defender):
            self.attacker = defender
        else:
            self.attacker = self.next_in(defender)
        self.limit = min(MAX_ATTACKS, len(self.hands[self.defender]))

    def _final_outcome(self, left: list[int]) -> dict[str, Any]:
        """No seat in: a draw; one seat in: the durak; two or more (50 idle
        bouts): a draw. Two seats keep chapter 3's winner."""
        outcome: dict[str, Any]
        if len(left) == 1:
            loser = left[0]
            winner = 1 - loser if self.players == 2 else None
            outcome = {"winner": winner, "loser": loser, "draw": False, "reason": LAST_CARDS}
        elif not left:
            reason = BOTH_OUT if self.players == 2 else ALL_OUT
            outcome = {"winner": None, "loser": None, "draw": True, "reason": reason}
        else:
            outcome = {"winner": None, "loser": None, "draw": True, "reason": IDLE_BOUTS}
        if self.players > 2:
            outcome["out"] = [list(group) for group in self.out]
        return outcome

    def _refill(self, seat: int) -> int:
        """Draw up to six; the trump card, drawn last, stays public knowledge."""
        drawn = 0
        while len(self.hands[seat]) < HAND_SIZE and self.stock:
            card = self.stock.pop(0)
            self.hands[seat] = DECK.sort(self.hands[seat] + [card])
            if not self.stock:
                self.known[seat] = DECK.sort(self.known[seat] + [card])
            drawn += 1
        return drawn
