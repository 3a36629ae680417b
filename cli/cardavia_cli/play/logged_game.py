"""A game against the computer as the terminal and the web table both play
it: the engine's game, its log rewritten after every move, the opponent
with the seeds of its decisions, and the sentences that tell each move."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import cardavia

from ..words.card_faces import CardView
from ..words.narration import narrate
from ..words.seats import COMPUTER, HUMAN
from ..words.summaries import DealSummary, finished_deal
from .opponent import Opponent, move_seed
from .record_file import Tallied, count_finished
from .saves import GameLog, write_log

# Advice uses other seeds than the opponent's own decisions.
ADVICE_SALT = 0x5A5A


@dataclass
class LoggedGame:
    game: cardavia.Game
    log: GameLog
    opponent: Opponent
    # The Schnapsen deal the last move ended, if it ended one.
    last_deal: DealSummary | None = field(default=None, init=False)
    # What counting the finished game in the player's record did.
    tallied: Tallied | None = field(default=None, init=False)

    def public_view(self) -> dict[str, Any]:
        """What narration reads: seat 0's observation (its hand plays no part)."""
        return self.game.observation(HUMAN)

    def play(self, seat: int, move: str, view: CardView) -> list[str]:
        """Play ``move`` for ``seat``, record it in the log (not yet saved),
        and tell what happened. An illegal move raises
        ``cardavia.IllegalMoveError`` and changes nothing."""
        before = self.public_view()
        self.game.play(move)
        after = self.public_view()
        self.log.record(seat, move)
        if self.game.is_over:
            self.log.finished = True
            self.log.outcome = self.game.outcome
        self.last_deal = finished_deal(before, after)
        return narrate(move, seat, before, after, view)

    def computer_hand(self) -> list[str]:
        """The computer's cards, for the end of the game (never shown before)."""
        return [str(card) for card in self.game.observation(COMPUTER)["hand"]]

    def apply(self, seat: int, move: str, view: CardView) -> list[str]:
        """``play``, then save the log."""
        events = self.play(seat, move, view)
        self.save()
        return events

    def save(self) -> None:
        """Write the log; once the game is over, count it in the record
        (after the log, so the game is on disk before it is counted)."""
        write_log(self.log)
        if self.game.is_over and self.tallied is None:
            self.tallied = count_finished(self.log)

    def computer_to_move(self) -> bool:
        return not self.game.is_over and self.game.current_player == COMPUTER

    def computer_request(self) -> tuple[dict[str, Any], int]:
        """The computer's observation and the seed of its next decision."""
        return self.game.observation(COMPUTER), move_seed(self.log.seed, len(self.log.moves))

    def advice_seed(self) -> int:
        return move_seed(self.log.seed, len(self.log.moves)) ^ ADVICE_SALT
