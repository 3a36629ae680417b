"""A game against the computer as the terminal and the web table both play
it: the engine's game, its log rewritten after every move, the opponent
with the seeds of its decisions, and the sentences that tell each move.

At a table of more than two the player is seat 0 and every other seat a
computer: each chooses from its own observation with the seed of its own
decision (the ply), and a run of computer seats whose only move is to
pass is played at once and told in one sentence (``forced_passes``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cardavia

from ..words.card_faces import CardView
from ..words.i18n import current_language, speaking
from ..words.moves_input import Parsed, parse_input
from ..words.narration import narrate
from ..words.seated_narration import consequences, narrate_seated, passes_text
from ..words.seats import COMPUTER, HUMAN
from ..words.summaries import DealSummary, finished_deal
from .bouts import out_after_bouts
from .game_lock import GameLock
from .opponent import Opponent, move_seed
from .record_file import Tallied, count_finished
from .saves import GameLog, SaveError, load_log, new_log_path, write_log

# Advice uses other seeds than the opponent's own decisions.
ADVICE_SALT = 0x5A5A


@dataclass
class LoggedGame:
    game: cardavia.Game
    log: GameLog
    opponent: Opponent
    # "terminal" or "web": what the lock tells a player who finds it open.
    where: str = "terminal"
    # This opening's hold on the save; taken at the first write of a new
    # game (nothing is saved before the first move), at once on a resume.
    lock: GameLock | None = None
    # The language the game was played in before this opening, whose words
    # are understood as well as the current language's.
    played_in: str | None = None
    # The Schnapsen deal the last move ended, if it ended one.
    last_deal: DealSummary | None = field(default=None, init=False)
    # What counting the finished game in the player's record did.
    tallied: Tallied | None = field(default=None, init=False)

    def __post_init__(self) -> None:
        self.played_in = self.log.lang
        self.log.lang = current_language()

    def out_after(self) -> dict[int, int]:
        """Seat → the bout after which it went out (tables of more than two)."""
        if self.log.players <= 2:
            return {}
        return out_after_bouts(self.log)

    def save(self) -> None:
        """Write the log, from the first move on, while this opening holds
        the game; ``TakenOver`` (and nothing written) once another has
        taken it over, or if it did while this write went on. Once the game
        is over it is counted in the player's record, after it is on disk
        (a game that was taken over is counted by whoever finishes it)."""
        if not self.log.moves:
            return
        if self.lock is None:
            if self.log.path is None:
                self.log.path = new_log_path(self.log.game, self.log.seed)
            self.lock = GameLock.acquire(self.log.path, self.where)
        self.lock.check()
        write_log(self.log)
        self.lock.check()
        if self.game.is_over and self.tallied is None:
            self.tallied = count_finished(self.log)

    def close(self) -> None:
        """Leave the game: another terminal or tab may open it now."""
        if self.lock is not None:
            self.lock.release()

    def parse(self, text: str, view: CardView) -> Parsed:
        """A typed line, in the current language or the one the game was
        played in before (a game resumed in another language still knows
        the words its player used)."""
        parsed = parse_input(text, self.game, view)
        other = self.played_in
        if parsed.kind != "invalid" or other is None or other == current_language():
            return parsed
        with speaking(other):
            before = parse_input(text, self.game, view)
        return parsed if before.kind == "invalid" else before

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
        if self.log.players > 2:
            return narrate_seated(move, seat, before, after, view)
        return narrate(move, seat, before, after, view)

    def computer_hand(self) -> list[str]:
        """The computer's cards, for the end of the game (never shown before)."""
        return [str(card) for card in self.game.observation(COMPUTER)["hand"]]

    def hands(self) -> list[list[str]]:
        """Every seat's cards, for the end of the game (never shown before)."""
        return [
            [str(card) for card in self.game.observation(seat)["hand"]]
            for seat in range(self.game.players)
        ]

    def forced_passes(self, view: CardView) -> list[str]:
        """At a table of more than two: while a computer seat's only move is
        to pass, play it for that seat (the engine never does; RULES.md
        chapter 3), save, and tell the run at once: one sentence for the
        seats, then what the last pass brought about (the bout's end, seats
        going out). Nothing for a duel, whose every move the computer
        chooses as it always did."""
        if self.log.players <= 2:
            return []
        seats: list[int] = []
        lines: list[str] = []
        while self.computer_to_move() and self.game.legal_moves() == ["stop"]:
            seat = int(self.game.current_player or 0)
            before = self.public_view()
            self.game.play("stop")
            self.log.record(seat, "stop")
            after = self.public_view()
            seats.append(seat)
            if self.game.is_over:
                self.log.finished = True
                self.log.outcome = self.game.outcome
            lines = consequences(before, after, "stop")
            if lines:
                break  # the bout ended: told before anyone moves again
        if not seats:
            return []
        self.save()
        return [passes_text(seats), *lines]

    def apply(self, seat: int, move: str, view: CardView) -> list[str]:
        """``play``, then save the log."""
        events = self.play(seat, move, view)
        self.save()
        return events

    def computer_to_move(self) -> bool:
        """Is a computer seat to move (any seat but the player's)?"""
        return not self.game.is_over and self.game.current_player not in (None, HUMAN)

    def computer_seat(self) -> int:
        """The computer seat to move (``computer_to_move`` first)."""
        seat = self.game.current_player
        return COMPUTER if seat is None else int(seat)

    def computer_request(self) -> tuple[dict[str, Any], int]:
        """The observation of the computer seat to move and the seed of its
        next decision."""
        seat = self.computer_seat()
        return self.game.observation(seat), move_seed(self.log.seed, len(self.log.moves))

    def advice_seed(self) -> int:
        return move_seed(self.log.seed, len(self.log.moves)) ^ ADVICE_SALT


def open_saved(path: Path, where: str, *, take_over: bool = False) -> tuple[GameLog, GameLock]:
    """A saved game, locked for this opening, then read (so a takeover reads
    every move the other opening saved). ``OpenElsewhere`` if it is open
    elsewhere and not ``take_over``; ``SaveError`` if it cannot be read."""
    load_log(path)  # no lock file beside a file that is not a saved game
    lock = GameLock.acquire(path, where, take_over=take_over)
    try:
        return load_log(path), lock
    except SaveError:
        lock.release()
        raise
