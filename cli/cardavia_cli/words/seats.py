"""Who sits where: the player is seat 0 and the computer seat 1, in the
terminal, on the web and in lessons (the engine knows no human; RULES.md
says seat 0 is "you")."""

from __future__ import annotations

from .i18n import _

HUMAN = 0
COMPUTER = 1


def seat_names() -> tuple[str, str]:
    """Seat 0 and seat 1 in a short list: you, the computer."""
    return _("you"), _("computer")
