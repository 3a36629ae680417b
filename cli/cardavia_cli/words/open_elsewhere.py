"""What a player is told when a game is open in another terminal or tab
(play/game_lock.py holds the lock), and the answer that takes it over."""

from __future__ import annotations

from datetime import date, datetime

from .i18n import _


def _since(stamp: str, today: date | None = None) -> str | None:
    """The local time of ``stamp``; the date too unless it is today's."""
    try:
        moment = datetime.fromisoformat(stamp).astimezone()
    except ValueError:
        return None
    if moment.date() == (today or datetime.now().astimezone().date()):
        return moment.strftime("%H:%M")
    return moment.strftime("%Y-%m-%d %H:%M")


def open_elsewhere_text(where: str | None, since: str | None) -> str:
    """ "This game is open elsewhere", with where and since when if known."""
    moment = _since(since) if since else None
    if moment is not None and where == "web":
        return _("This game is open elsewhere: at a table in the browser, since {time}.").format(
            time=moment
        )
    if moment is not None and where == "terminal":
        return _("This game is open elsewhere: in a terminal, since {time}.").format(time=moment)
    return _("This game is open elsewhere.")


def take_over_prompt() -> str:
    return _("Take it over here? It then stops being saved there. (y/N)")


def is_yes(answer: str) -> bool:
    # TRANSLATORS: the answers that mean yes, separated by |; y and yes are
    # understood in every language as well.
    words = [*_("y|yes").split("|"), "y", "yes"]
    return answer.strip().casefold() in {word.strip().casefold() for word in words}


def taken_over_text() -> str:
    return _("This game was taken over elsewhere; it is no longer saved here.")
