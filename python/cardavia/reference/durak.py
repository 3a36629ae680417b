"""Classic Durak (podkidnoy) for two players: RULES.md chapter 3.

Written to be read beside the rules; ``perevodnoy.py`` adds the transfer
and the Rust twin is ``rust/cardavia-core/src/durak/``.
"""

from __future__ import annotations

from typing import Any

from ..cards import ATLASNYE, rank, suit
from ..rng import SplitMix64, shuffle
from .base import ReferenceGame, resolve_seed
from .checks import (
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

DECK = ATLASNYE
HAND_SIZE = 6
MAX_ATTACKS = 6
IDLE_BOUT_LIMIT = 50

STATE_KEYS = (
    "schema", "game", "seed", "deck", "trump_card", "hands", "stock", "table",
    "discard", "attacker", "taking", "limit", "idle_bouts", "known",
    "history", "outcome",
)  # fmt: skip


def durak_moves(kinds: tuple[str, ...]) -> frozenset[str]:
    """Every move string a Durak game can spell (legal or not)."""
    return frozenset(["take", "stop"] + [f"{kind}:{card}" for kind in kinds for card in DECK.cards])


def beats(defence: str, attack: str, trump: str) -> bool:
    """RULES.md 3, Beating: higher in the same suit, or a trump on a non-trump."""
    if suit(defence) == suit(attack):
        return DECK.strength(defence) > DECK.strength(attack)
    return suit(defence) == trump


class DurakGame(ReferenceGame):
    """One deal of two-player Durak."""

    game = "durak"
    transfers = False
    MOVES = durak_moves(("attack", "defend"))

    def __init__(self, seed: int | None = None, deck: list[str] | None = None) -> None:
        self.seed = resolve_seed(seed, deck)
        if deck is not None:
            order = DECK.check_order(deck)
        else:
            assert self.seed is not None
            order = shuffle(list(DECK.cards), SplitMix64(self.seed))
        self.deck = order
        # Setup: six each, deck[12] face up, the stock is the rest with the
        # trump card at the bottom so that it is drawn last.
        self.hands = [DECK.sort(order[0:6]), DECK.sort(order[6:12])]
        self.trump_card = order[12]
        self.stock = [*order[13:], order[12]]
        self.table: list[list[str | None]] = []
        self.discard: list[str] = []
        self.attacker = self._first_attacker()
        self.taking = False
        self.limit = min(MAX_ATTACKS, len(self.hands[self.defender]))
        self.idle_bouts = 0
        self.known: list[list[str]] = [[], []]
        self.history = []
        self.outcome = None

    @property
    def trump(self) -> str:
        return suit(self.trump_card)

    @property
    def defender(self) -> int:
        return 1 - self.attacker

    def _first_attacker(self) -> int:
        """The holder of the lowest trump; seat 0 if neither holds one."""
        lowest: tuple[int, int] | None = None
        for seat in (0, 1):
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

    @property
    def current_player(self) -> int | None:
        if self.outcome is not None:
            return None
        if not self.taking and self._open_attack() is not None:
            return self.defender
        return self.attacker

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
        """Rank-matching cards the attacker may add while below the limit."""
        if self._attack_count() >= self.limit:
            return []
        ranks = self._ranks_on_table()
        return [f"attack:{card}" for card in self.hands[self.attacker] if rank(card) in ranks]

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
            self._play_card(self.attacker, card)
            self.table.append([card, None])
        elif kind == "defend":
            self._play_card(self.defender, card)
            open_index = self._open_attack()
            assert open_index is not None
            self.table[open_index][1] = card
        elif kind == "take":
            self.taking = True
        elif kind == "stop":
            self._end_bout()
        elif kind == "transfer":
            self._apply_transfer(card)
        else:  # pragma: no cover - legal_moves never offers anything else
            raise AssertionError(move)

    def _apply_transfer(self, card: str) -> None:  # pragma: no cover - classic has none
        raise AssertionError("classic Durak has no transfer")

    def _play_card(self, seat: int, card: str) -> None:
        self.hands[seat].remove(card)
        if card in self.known[seat]:
            self.known[seat].remove(card)

    def _end_bout(self) -> None:
        table_cards = [card for pair in self.table for card in pair if card is not None]
        took = self.taking
        if took:
            # The defender picks up everything; both seats saw these cards.
            defender = self.defender
            self.hands[defender] = DECK.sort(self.hands[defender] + table_cards)
            self.known[defender] = DECK.sort(self.known[defender] + table_cards)
        else:
            self.discard = DECK.sort(self.discard + table_cards)
        self.table = []
        self.taking = False

        drew = self._refill(self.attacker) + self._refill(self.defender)
        if not took:
            self.attacker = self.defender
        self.idle_bouts = self.idle_bouts + 1 if took and drew == 0 else 0

        if not self.stock and (not self.hands[0] or not self.hands[1]):
            if not self.hands[0] and not self.hands[1]:
                self.outcome = {"winner": None, "loser": None, "draw": True}
            else:
                loser = 0 if self.hands[0] else 1
                self.outcome = {"winner": 1 - loser, "loser": loser, "draw": False}
        elif self.idle_bouts >= IDLE_BOUT_LIMIT:
            self.outcome = {"winner": None, "loser": None, "draw": True}
        else:
            self.limit = min(MAX_ATTACKS, len(self.hands[self.defender]))

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

    # ------------------------------------------------------ state and views

    def to_dict(self) -> dict[str, Any]:
        return {
            "schema": 1,
            "game": self.game,
            "seed": self.seed,
            "deck": list(self.deck),
            "trump_card": self.trump_card,
            "hands": [list(hand) for hand in self.hands],
            "stock": list(self.stock),
            "table": [list(pair) for pair in self.table],
            "discard": list(self.discard),
            "attacker": self.attacker,
            "taking": self.taking,
            "limit": self.limit,
            "idle_bouts": self.idle_bouts,
            "known": [list(cards) for cards in self.known],
            "history": list(self.history),
            "outcome": None if self.outcome is None else dict(self.outcome),
        }

    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may know: its hand, and every public fact."""
        return {
            **self.seat_view(seat),
            "trump": self.trump,
            "trump_card": self.trump_card,
            "stock_size": len(self.stock),
            "table": [list(pair) for pair in self.table],
            "discard": list(self.discard),
            "attacker": self.attacker,
            "defender": self.defender,
            "taking": self.taking,
            "limit": self.limit,
            "idle_bouts": self.idle_bouts,
            "history": list(self.history),
            "outcome": None if self.outcome is None else dict(self.outcome),
        }

    @classmethod
    def from_dict(cls, data: object) -> DurakGame:
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
            cls._check_table_pair(pair, i) for i, pair in enumerate(check_list(d["table"], "table"))
        ]
        game.discard = check_cards(d["discard"], DECK, "discard", sorted_=True)
        game.attacker = check_seat(d["attacker"], "attacker")
        game.taking = check_bool(d["taking"], "taking")
        game.limit = check_int(d["limit"], "limit", 0, MAX_ATTACKS)
        game.idle_bouts = check_int(d["idle_bouts"], "idle_bouts", 0, IDLE_BOUT_LIMIT)
        known = check_pair(d["known"], "known")
        game.known = [check_cards(known[i], DECK, f"known[{i}]", sorted_=True) for i in (0, 1)]
        game.history = check_history(d["history"], cls.MOVES, cls.game)
        game.outcome = cls._check_outcome(d["outcome"])
        game._check_consistency()
        return game

    @staticmethod
    def _check_table_pair(value: object, i: int) -> list[str | None]:
        what = item("table", i)
        pair = check_pair(value, what)
        attack = DECK.check_card(pair[0], item(what, 0))
        defence = None if pair[1] is None else DECK.check_card(pair[1], item(what, 1))
        return [attack, defence]

    @staticmethod
    def _check_outcome(value: object) -> dict[str, Any] | None:
        if value is None:
            return None
        d = check_keys(value, ("winner", "loser", "draw"), "outcome")
        draw = check_bool(d["draw"], "outcome.draw")
        if draw:
            if d["winner"] is not None or d["loser"] is not None:
                raise fault("draw_with_winner", "outcome")
            return {"winner": None, "loser": None, "draw": True}
        winner = check_seat(d["winner"], "outcome.winner")
        loser = check_seat(d["loser"], "outcome.loser")
        if winner == loser:
            raise fault("winner_is_loser", "outcome", winner)
        return {"winner": winner, "loser": loser, "draw": False}

    def _check_consistency(self) -> None:
        table_cards = [card for pair in self.table for card in pair if card is not None]
        check_conservation(
            {
                "hands[0]": self.hands[0],
                "hands[1]": self.hands[1],
                "stock": self.stock,
                "table": table_cards,
                "discard": self.discard,
            },
            DECK,
        )
        if self.stock and self.stock[-1] != self.trump_card:
            raise fault("trump_not_at_bottom", "stock")
        if (
            not self.stock
            and self.trump_card not in self.hands[0] + self.hands[1] + table_cards + self.discard
        ):  # pragma: no cover - conservation covers it
            raise fault("missing_card", "state", self.trump_card)
        for seat in (0, 1):
            stray = [card for card in self.known[seat] if card not in self.hands[seat]]
            if stray:
                raise fault("known_not_in_hand", item("known", seat), stray[0])
        if len(self.discard) % 2:
            raise fault("odd_discard", "discard", len(self.discard))
        if len(self.table) > MAX_ATTACKS:
            raise fault("too_many_attacks", "table", len(self.table), max=MAX_ATTACKS)
        if self.outcome is not None:
            if self.table or self.taking:
                raise fault("finished_with_table", "outcome")
            self._check_finished()
            return
        self._check_bout()

    def _check_finished(self) -> None:
        assert self.outcome is not None
        if self.outcome["draw"]:
            ended = not self.stock and not self.hands[0] and not self.hands[1]
            if not ended and self.idle_bouts < IDLE_BOUT_LIMIT:
                raise fault("draw_with_cards", "outcome", limit=IDLE_BOUT_LIMIT)
        elif (
            self.stock
            or self.hands[self.outcome["winner"]]
            or not self.hands[self.outcome["loser"]]
        ):
            raise fault("winner_with_cards", "outcome")

    def _check_bout(self) -> None:
        if self.idle_bouts >= IDLE_BOUT_LIMIT:
            raise fault("idle_limit", "idle_bouts", self.idle_bouts, limit=IDLE_BOUT_LIMIT)
        if not self.stock and (not self.hands[0] or not self.hands[1]) and not self.table:
            raise fault("should_be_over", "hands")
        if len(self.table) > self.limit:
            raise fault("over_limit", "table", len(self.table), limit=self.limit)
        if self.limit < 1:
            raise fault("no_attack_allowed", "limit", self.limit)
        if self.limit > len(self.hands[self.defender]) + self._defended_count():
            raise fault("limit_above_hand", "limit", self.limit)
        seen_open = False
        for i, (attack, defence) in enumerate(self.table):
            if defence is None:
                seen_open = True
            elif seen_open:
                raise fault("beaten_after_open", item("table", i))
            elif attack is not None and not beats(defence, attack, self.trump):
                raise fault("does_not_beat", item("table", i), defence, attack=attack)
        if self.taking and self._open_attack() is None:
            raise fault("taking_nothing_open", "taking", True)
        if self._defended_count() == 0 and len({rank(str(a)) for a, _ in self.table}) > 1:
            raise fault("mixed_ranks", "table")
        if not self.transfers and not self.taking and len(self.table) - self._defended_count() > 1:
            raise fault("several_open", "table")
        # The limit was min(6, defender's hand) when the bout began (or at
        # the last transfer); since then the defender's hand has only lost
        # the defences, all played after any transfer.
        expected = min(MAX_ATTACKS, len(self.hands[self.defender]) + self._defended_count())
        if self.limit != expected:
            raise fault("limit_mismatch", "limit", self.limit, expected=expected)

    def _defended_count(self) -> int:
        return sum(1 for _, defence in self.table if defence is not None)
