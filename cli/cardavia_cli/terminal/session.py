"""The interactive game: the table, the prompt, the computer's replies, and
the log written after every move."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rich.console import Console
from rich.text import Text

from ..play.game_lock import TakenOver
from ..play.logged_game import LoggedGame
from ..play.record_file import tallied_lines
from ..terminal import table
from ..words.advice import advice_rows, chance_text, chances_heading, suggestion_text
from ..words.card_faces import CardView
from ..words.glossary import game_title
from ..words.i18n import _, current_language
from ..words.moves_input import Parsed, echo, ordered_moves
from ..words.narration import move_label, outcome_text
from ..words.open_elsewhere import taken_over_text
from ..words.rules_text import rules_markdown, rules_sections
from ..words.seats import HUMAN
from ..words.summaries import (
    DealSummary,
    continue_prompt,
    deal_heading,
    deal_lines,
    end_summary,
    game_heading,
    saved_line,
)
from ..words.table_help import help_text, played_cards_text
from ..words.table_seats import seated_end_lines, seated_outcome_text
from .markdown import print_markdown
from .thinking import thinking


class QuitGame(Exception):
    """The player asked to stop (quit, end of input)."""


@dataclass
class Settings:
    hints: bool
    view: CardView


class PlaySession:
    def __init__(
        self,
        played: LoggedGame,
        settings: Settings,
        console: Console,
        read_line: Callable[[str], str],
    ) -> None:
        self.played = played
        self.game = played.game
        self.log = played.log
        self.opponent = played.opponent
        self.settings = settings
        self.console = console
        self.read_line = read_line
        self.events: list[str] = []
        # Another terminal or tab took the game over: this one stopped.
        self.taken_over = False

    # ------------------------------------------------------------ moves

    @property
    def seated(self) -> bool:
        """A table of more than two: each move is told as it is made."""
        return self.log.players > 2

    def apply(self, seat: int, move: str) -> None:
        self.events.extend(self.played.apply(seat, move, self.settings.view))
        if self.seated:
            self.print_events()
        summary = self.played.last_deal
        if summary is not None and not summary.match_over:
            self.deal_over(summary)

    def computer_moves(self) -> None:
        """The computers' moves up to the player's turn; at a bigger table
        one seat at a time, each told as it is made, and a run of seats
        that can only pass told in one sentence."""
        while self.played.computer_to_move():
            passes = self.played.forced_passes(self.settings.view)
            if passes:
                self.events.extend(passes)
                self.print_events()
                continue
            seat = self.played.computer_seat()
            obs, seed = self.played.computer_request()
            with thinking(self.console, self.settings.view):
                move = self.opponent.choose(obs, seed)
            self.apply(seat, move)

    def deal_over(self, summary: DealSummary) -> None:
        """What happened, the deal's summary, then Enter for the next deal."""
        self.print_events()
        self.print_summary(deal_heading(summary), deal_lines(summary, self.settings.view))
        prompt = continue_prompt(summary)
        if prompt is not None:
            self.prompt(prompt + " > ")

    def print_events(self) -> None:
        view = self.settings.view
        for event in self.events:
            self.console.print(Text(f"{view.event_mark} {event}", style=view.style("accent")))
        self.events = []

    def print_summary(self, heading: str, lines: list[str]) -> None:
        view = self.settings.view
        self.console.print()
        self.console.print(Text(f"── {heading} ──", style=view.style("accent")))
        for line in lines:
            self.console.print(line, highlight=False, soft_wrap=False)

    # ------------------------------------------------------------- loop

    def run(self) -> bool:
        """Play to the end; False if the player stopped early (saved), or
        if the game was taken over elsewhere (not saved here any more)."""
        try:
            return self.play_on()
        except TakenOver:
            self.taken_over = True
            self.console.print()
            self.console.print(
                Text(taken_over_text(), style=self.settings.view.style("bad")), highlight=False
            )
            return False
        finally:
            self.played.close()

    def play_on(self) -> bool:
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
        self.finish()
        return True

    def finish(self) -> None:
        """The last position, the summary of how it ended, the result."""
        obs = self.game.observation(HUMAN)
        view = self.settings.view
        self.show(obs, [])
        self.events = []
        if self.seated:
            lines = seated_end_lines(obs, self.played.hands(), self.played.out_after(), view)
            self.print_summary(game_heading(), lines)
            self.console.print(Text(seated_outcome_text(obs), style=view.style("good")))
        else:
            self.print_summary(*end_summary(obs, self.played.computer_hand(), view))
            self.console.print(Text(outcome_text(obs), style=view.style("good")))
        for line in tallied_lines(self.played.tallied):
            self.console.print(line, highlight=False, soft_wrap=True)
        self.console.print(saved_line(self.log.game, self.log.path), highlight=False)

    def stopped(self) -> None:
        self.console.print()
        if not self.log.moves:
            # Saves start with the first move: no list of empty games.
            self.console.print(_("Nothing was played, so nothing was saved."), highlight=False)
            return
        self.played.save()
        self.console.print(_("Game saved. To continue it, run:"), highlight=False)
        self.console.print(
            f"  cardavia play {self.log.game} --resume {self.log.path} --lang {current_language()}",
            highlight=False,
            soft_wrap=True,
        )

    def show(self, obs: dict[str, Any], moves: list[str]) -> None:
        self.console.print()
        self.console.print(
            table.render(
                obs,
                self.settings.view,
                moves=moves,
                events=self.events,
                hints=self.settings.hints,
                out_after=self.played.out_after() if self.seated else None,
            )
        )

    def prompt(self, text: str) -> str:
        answer = self.read_line(text)
        return answer

    def ask(self, obs: dict[str, Any], moves: list[str]) -> str:
        """Read lines until one names a legal move."""
        view = self.settings.view
        while True:
            line = self.prompt(move_prompt() + " > ")
            parsed = self.played.parse(line, view)
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
            self.rules()
            self.show(obs, moves)
        elif command == "hint":
            self.advice(obs)
        elif command == "discards":
            self.console.print(played_cards_text(obs, self.settings.view), highlight=False)

    def rules(self) -> None:
        """The rules one section at a time: the list of sections, then any
        section by its number, until Enter."""
        found = rules_markdown(self.game.game, current_language())
        if found is None:
            self.console.print(_("The rules text is not available."))
            return
        sections = rules_sections(found[0])
        view = self.settings.view
        self.console.print(
            Text(
                _("The rules of {game}:").format(game=game_title(self.game.game)),
                style=view.style("accent"),
            )
        )
        for i, (title, _body) in enumerate(sections, 1):
            self.console.print(f"  {i:>2}. {title}", highlight=False)
        while True:
            answer = self.prompt(
                _("Section (1-{n}; Enter: back to the table)").format(n=len(sections)) + " > "
            ).strip()
            if not answer:
                return
            if answer.isdigit() and 1 <= int(answer) <= len(sections):
                print_markdown(self.console, sections[int(answer) - 1][1])
            else:
                self.console.print(
                    Text(
                        _("There is no section {answer}.").format(answer=echo(answer)),
                        style=view.style("bad"),
                    )
                )

    def advice(self, obs: dict[str, Any]) -> None:
        with thinking(self.console, self.settings.view):
            rows = self.opponent.analyse(obs, self.played.advice_seed())
        self.console.print(advice_text(rows, obs, self.settings.view), highlight=False)


def move_prompt() -> str:
    return _("Your move (number, card or word; ? for advice)")


def advice_text(rows: list[dict[str, Any]], obs: dict[str, Any], view: CardView) -> Text:
    """The computer's choice, then every legal move with the chance it
    leaves, highest first (the moves it barely tried last, unrated)."""
    out = Text()
    if not rows:
        return out
    out.append(
        suggestion_text(move_label(str(rows[0]["move"]), obs, view)) + "\n",
        style=view.style("good"),
    )
    heading = chances_heading(str(obs["game"]), int(obs.get("players", 2)))
    out.append(heading + "\n", style=view.style("muted"))
    for _move, label, chance in advice_rows(rows, obs, view):
        out.append("  " + chance_text(label, chance) + "\n")
    return out
