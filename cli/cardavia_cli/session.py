"""The interactive game: the table, the prompt, the computer's replies, and
the log written after every move."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import cardavia
from rich.console import Console
from rich.markdown import Markdown
from rich.text import Text

from . import table
from .cards_view import CardView
from .i18n import _, current_language
from .logged_game import COMPUTER, HUMAN, LoggedGame
from .moves_input import Parsed, ordered_moves, parse_input
from .narration import move_label, outcome_text
from .opponent import Opponent, win_chance
from .rules_text import rules_markdown
from .saves import GameLog, write_log


class QuitGame(Exception):
    """The player asked to stop (quit, end of input)."""


@dataclass
class Settings:
    hints: bool
    view: CardView


class PlaySession:
    def __init__(
        self,
        game: cardavia.Game,
        log: GameLog,
        opponent: Opponent,
        settings: Settings,
        console: Console,
        read_line: Callable[[str], str],
    ) -> None:
        self.played = LoggedGame(game, log, opponent)
        self.game = game
        self.log = log
        self.opponent = opponent
        self.settings = settings
        self.console = console
        self.read_line = read_line
        self.events: list[str] = []

    # ------------------------------------------------------------ moves

    def apply(self, seat: int, move: str) -> None:
        self.events.extend(self.played.apply(seat, move, self.settings.view))

    def computer_moves(self) -> None:
        while self.played.computer_to_move():
            obs, seed = self.played.computer_request()
            self.apply(COMPUTER, self.opponent.choose(obs, seed))

    # ------------------------------------------------------------- loop

    def run(self) -> bool:
        """Play to the end; False if the player stopped early (saved)."""
        try:
            while True:
                self.computer_moves()
                if self.game.is_over:
                    break
                obs = self.game.observation(HUMAN)
                moves = ordered_moves(obs)
                self.show(obs, moves)
                self.events = []
                if len(moves) == 1:
                    self.console.print(
                        Text(
                            _("Only one move is possible; it is played for you."),
                            style=self.settings.view.style("muted"),
                        )
                    )
                    self.apply(HUMAN, moves[0])
                    continue
                move = self.ask(obs, moves)
                self.apply(HUMAN, move)
        except (QuitGame, KeyboardInterrupt, EOFError):
            self.stopped()
            return False
        obs = self.game.observation(HUMAN)
        self.show(obs, [])
        self.console.print(Text(outcome_text(obs), style=self.settings.view.style("good")))
        self.console.print(
            _("The game is saved in {path}").format(path=self.log.path), highlight=False
        )
        return True

    def stopped(self) -> None:
        write_log(self.log)
        self.console.print()
        self.console.print(_("Game saved. To continue it, run:"), highlight=False)
        self.console.print(
            f"  cardavia play {self.log.game} --resume {self.log.path}",
            highlight=False,
            soft_wrap=True,
        )

    def show(self, obs: dict[str, Any], moves: list[str]) -> None:
        self.console.print()
        self.console.print(
            table.render(
                obs, self.settings.view, moves=moves, events=self.events, hints=self.settings.hints
            )
        )

    def prompt(self, text: str) -> str:
        answer = self.read_line(text)
        return answer

    def ask(self, obs: dict[str, Any], moves: list[str]) -> str:
        """Read lines until one names a legal move."""
        view = self.settings.view
        while True:
            line = self.prompt(_("Your move (number, card or word; ? for advice)") + " > ")
            parsed = parse_input(line, obs, view)
            if parsed.kind == "move" and parsed.move is not None:
                return parsed.move
            if parsed.kind == "choose":
                chosen = self.choose(obs, parsed)
                if chosen is not None:
                    return chosen
                continue
            if parsed.kind == "command":
                self.command(str(parsed.command), obs, moves)
                continue
            self.console.print(Text(parsed.message or "", style=view.style("bad")))

    def choose(self, obs: dict[str, Any], parsed: Parsed) -> str | None:
        view = self.settings.view
        self.console.print(_("That could mean several moves:"))
        for i, option in enumerate(parsed.options, 1):
            self.console.print(f"  {i}. {move_label(option, obs, view)}", highlight=False)
        answer = self.prompt(
            _("Which one? (1-{n}, Enter to go back)").format(n=len(parsed.options)) + " > "
        ).strip()
        if answer.isdigit() and 1 <= int(answer) <= len(parsed.options):
            return parsed.options[int(answer) - 1]
        if answer:
            self.console.print(Text(_("No move chosen."), style=view.style("bad")))
        return None

    def command(self, command: str, obs: dict[str, Any], moves: list[str]) -> None:
        if command == "quit":
            raise QuitGame
        if command == "help":
            self.console.print(help_text(self.settings.view), highlight=False)
        elif command == "rules":
            found = rules_markdown(self.game.game, current_language())
            if found is None:
                self.console.print(_("The rules text is not available."))
            else:
                self.console.print(Markdown(found[0]))
            self.show(obs, moves)
        elif command == "hint":
            self.advice(obs)

    def advice(self, obs: dict[str, Any]) -> None:
        rows = self.opponent.analyse(obs, self.played.advice_seed())
        self.console.print(advice_text(rows, obs, self.settings.view), highlight=False)


def advice_rows(
    rows: list[dict[str, Any]], obs: dict[str, Any], view: CardView
) -> list[tuple[str, str, int]]:
    """(move, its label, its chance to win in percent), best first."""
    values = [float(r["value"]) for r in rows]
    return [
        (
            str(r["move"]),
            move_label(str(r["move"]), obs, view),
            round(win_chance(float(r["value"]), values) * 100),
        )
        for r in rows
    ]


def suggestion_text(label: str) -> str:
    return _("The computer suggests: {move}").format(move=label)


def chance_text(label: str, percent: int) -> str:
    return _("{move}: about {percent}% to win").format(move=label, percent=percent)


def advice_text(rows: list[dict[str, Any]], obs: dict[str, Any], view: CardView) -> Text:
    out = Text()
    rated = advice_rows(rows, obs, view)
    if not rated:
        return out
    out.append(suggestion_text(rated[0][1]) + "\n", style=view.style("good"))
    for _move, label, percent in rated[:5]:
        out.append("  " + chance_text(label, percent) + "\n")
    return out


def help_text(view: CardView) -> str:
    return "\n".join(
        [
            _("How to move:"),
            _("  a number from the list of moves, e.g. 1"),
            _("  a card, as shown ({queen}, {ten}) or in letters (QS, 7s, 10h)").format(
                queen=view.label("QS"), ten=view.label("TH")
            ),
            _("  a word: take, stop, transfer, close, exchange, marriage (also in your language)"),
            _("  a word and a card: marriage KH"),
            _("  ? shows the computer's advice; rules shows the rules; quit saves and stops"),
        ]
    )
