"""The seats of a Durak table and their roles in a bout: RULES.md chapter 7.

Who is next, who throws in and in what order, who goes out and how the
deal ends. With two seats every method here reduces to chapter 3: the
defender is the other seat, the attacker the only thrower. The Rust twin
is ``rust/cardavia-core/src/durak/seats.rs``.
"""

from __future__ import annotations

from typing import Any

MAX_SEATS = 6


class Seats:
    """The table: ``players`` seats clockwise, some of them out."""

    players: int
    attacker: int
    hands: list[list[str]]
    #: The seats that went out, bout by bout, each group in seat order.
    out: list[list[int]]
    #: The throwers that have passed since the last defence card or take.
    passed: set[int]
    outcome: dict[str, Any] | None

    def is_out(self, seat: int) -> bool:
        return any(seat in group for group in self.out)

    def seats_in(self) -> list[int]:
        return [seat for seat in range(self.players) if not self.is_out(seat)]

    def next_in(self, seat: int) -> int:
        """The next seat in after ``seat``, clockwise (``seat`` itself when
        no other seat is in)."""
        for step in range(1, self.players + 1):
            candidate = (seat + step) % self.players
            if not self.is_out(candidate):
                return candidate
        return seat

    @property
    def defender(self) -> int:
        """The next seat in after the main attacker."""
        return self.next_in(self.attacker)

    def thrower_order(self) -> list[int]:
        """Every seat in but the defender, in priority order: the main
        attacker first, then clockwise."""
        order = [self.attacker]
        seat = self.next_in(self.attacker)
        while seat != self.attacker:
            if seat != self.defender:
                order.append(seat)
            seat = self.next_in(seat)
        return order

    def thrower(self) -> int:
        """The thrower to move: the first in priority order that has not
        passed."""
        for seat in self.thrower_order():
            if seat not in self.passed:
                return seat
        return self.attacker  # pragma: no cover - the bout ends first

    def leave(self) -> None:
        """With the stock empty, every seat in with an empty hand goes out,
        all together."""
        group = [seat for seat in self.seats_in() if not self.hands[seat]]
        if group:
            self.out.append(group)

    def results(self) -> list[float]:
        """Each seat's result (RULES 7): the durak 0, every other seat 1; in
        a draw the seats that went out in the last bout, or after an idle
        draw the seats still in, ½."""
        if self.outcome is None:
            return [0.0] * self.players
        if not self.outcome["draw"]:
            return [0.0 if seat == self.outcome["loser"] else 1.0 for seat in range(self.players)]
        left = self.seats_in()
        sharing = left if left else (self.out[-1] if self.out else [])
        return [0.5 if seat in sharing else 1.0 for seat in range(self.players)]
