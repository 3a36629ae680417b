"""The words of the page itself (buttons, settings, headings), sent to the
browser in the player's language. Move labels, narration, facts and rules
come with each message, made by the same code as the terminal's."""

from __future__ import annotations

import cardavia

from ..play.opponent import LEVELS
from ..words.games import game_summary
from ..words.glossary import game_title, level_name
from ..words.i18n import _, pgettext
from ..words.seats import seat_names
from ..words.table_seats import players_text

# Each language in its own name, as a language menu shows it to those who
# read it (the same in every language, so not translated).
LANGUAGE_NAMES: dict[str, str] = {
    "en": "English",
    "ru": "Русский",
    "uk": "Українська",
    "el": "Ελληνικά",
    "vi": "Tiếng Việt",
    "ms": "Bahasa Melayu",
    "nb": "Norsk bokmål",
    "de": "Deutsch",
}


def page_strings() -> dict[str, str]:
    strings = {
        "deal": _("Deal a new game"),
        "welcome": _("Choose a game to play against the computer."),
        "learn": _("Learn"),
        "learn_heading": _("Learn a game step by step"),
        "saves": _("Saved games"),
        "record": _("Record"),
        "rules": _("Rules"),
        "hint": _("Hint"),
        "settings": _("Display"),
        "language": _("Language"),
        "level": _("Level"),
        "contrast": _("Contrast"),
        "grain": _("Grain"),
        "temperature": _("Colour temperature"),
        "high_contrast": _("High contrast"),
        "pace": _("The computer's pace"),
        "close": _("Close"),
        "new_deal": _("New game"),
        "send": _("Play"),
        "input": _("Your move (number, card or word; ? for advice)"),
        "opponent": _("The computer's hand"),
        "hand": _("Your hand"),
        "table": _("The table"),
        "moves": _("Your moves:"),
        "events": _("What happened"),
        "thinking": _("The computer is thinking…"),
        "lost": _("The connection to the table was lost."),
        "reconnect": _("Reconnect"),
        "not_answering": _(
            "The table does not answer. If cardavia web was stopped, start it again, "
            "then press Reconnect."
        ),
        "moved": _("The table has moved: cardavia web was started again."),
        "moved_open": _("Open the table at its new address"),
        "next_step": _("Next step"),
        "skip": _("Skip this step"),
        "discards": _("Discard pile"),
        "first": _("To the start"),
        "previous": _("Previous move"),
        "next": _("Next move"),
        "last": _("To the end"),
        "replay": _("Replay"),
        "resume": _("Continue"),
        "delete": _("Delete"),
        "delete_sure": _("Delete for good?"),
        "taken_over_heading": _("Taken over elsewhere"),
        "open_elsewhere_heading": _("Open elsewhere"),
        "no_saves": _("No saved games yet."),
        "won": _("you won"),
        "lost_game": _("you lost"),
        "draw": _("a draw"),
        "unfinished": _("not finished"),
        "face_down": _("a card face down"),
        "sounds": _("Card sounds"),
        # Beside a game's name in the lessons: the steps of a bigger table.
        "learn_table": players_text(3),
        # How many sit at the next Durak table (the player and the computers).
        "players": _("Players"),
        "players_note": _(
            "For {durak} and {perevodnoy}; {schnapsen} is always a game for two."
        ).format(
            durak=game_title("durak"),
            perevodnoy=game_title("perevodnoy"),
            schnapsen=game_title("schnapsen"),
        ),
        # The browser tab's title, before the game's name.
        "tab.you": _("Your turn"),
        "tab.computer": _("The computer's turn"),
        "tab.over": _("The game is over"),
        # The Schnapsen scoreboard's columns: this deal's points, and the
        # match points still to lose, counted down from 7.
        "score.points": pgettext("scoreboard", "Points"),
        "score.match": pgettext("scoreboard", "Match"),
    }
    strings["you"], strings["computer"] = seat_names()
    for game in cardavia.GAMES:
        strings[f"game.{game}"] = game_title(game)
        strings[f"summary.{game}"] = game_summary(game)
    for level in LEVELS:
        strings[f"level.{level}"] = level_name(level)
    return strings
