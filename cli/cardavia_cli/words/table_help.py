"""What the table explains on request: how to type a move, the words of
each game, and the cards already played (``discards``)."""

from __future__ import annotations

from typing import Any

from .card_faces import CardView, sort_cards
from .glossary import move_kinds
from .i18n import _, ngettext
from .moves_input import display_word
from .seats import seat_names


def played_cards_text(obs: dict[str, Any], view: CardView) -> str:
    """The discard pile (Durak) or the tricks of the deal (Schnapsen)."""
    game = str(obs["game"])
    if game == "schnapsen":
        tricks = obs.get("tricks") or []
        if not tricks:
            return _("No trick has been played in this deal yet.")
        you, them = seat_names()
        shown = [
            f"{view.label(lead)} {view.label(follow)} ({you if winner == 0 else them})"
            for lead, follow, winner in tricks
        ]
        return _("Tricks of this deal: {tricks}").format(tricks=" · ".join(shown))
    discard = sort_cards(list(obs.get("discard") or []), game, obs.get("trump"))
    if not discard:
        return _("The discard pile is empty.")
    return ngettext(
        "Discard pile ({n} card): {cards}", "Discard pile ({n} cards): {cards}", len(discard)
    ).format(n=len(discard), cards=" ".join(view.label(card) for card in discard))


# Cards spelt in letters, each of the game's own deck.
LETTERS = {"schnapsen": "QS, as, 10h"}


def help_text(view: CardView) -> str:
    lines = [
        _("How to move:"),
        _("  a number from the list of moves, e.g. 1"),
        _("  a card, as shown ({queen}, {ten}) or in letters ({letters})").format(
            queen=view.label("QS"),
            ten=view.label("TH"),
            letters=LETTERS.get(view.game, "QS, 7s, 10h"),
        ),
        _("  a word, in your language or in English: {words}").format(
            words=", ".join(move_words(view.game))
        ),
        _("  a word and a card: {example}").format(example=word_example(view)),
    ]
    if view.game == "schnapsen":
        lines.append(
            _("  a marriage by what it counts: 20 or 40, or “{example}”").format(
                example="20 " + display_word("marriage")
            )
        )
    lines += [
        _("  ? shows the computer's advice; rules shows the rules; quit saves and stops"),
        _("  discards shows the discard pile (Schnapsen: the tricks of the deal)"),
    ]
    return "\n".join(lines)


def move_words(game: str) -> list[str]:
    return [display_word(kind) for kind in move_kinds(game)]


def word_example(view: CardView) -> str:
    if view.game == "schnapsen":
        return display_word("marriage") + " " + view.label("KH")
    return display_word("attack") + " " + view.label("8C")
