"""How many sit at the table: the player's ``--players`` (or ``?players=``
on the web, or the ``players`` setting), checked by the engine, which
alone knows the bounds (RULES.md chapter 7: Durak 2 to 6, Schnapsen two).
A refusal is the engine's error, for ``words.errors.players_refusal`` to
put in the player's words."""

from __future__ import annotations

import cardavia

from ..words.glossary import DURAKS


class PlayersRefused(Exception):
    """A number of players the game cannot be played by."""

    def __init__(self, game: str, value: object, error: cardavia.CardaviaError | None) -> None:
        super().__init__(f"{game}: {value!r}")
        self.game = game
        self.value = value
        self.error = error


def seat_count(game: str, players: object) -> int:
    """``players`` if ``game`` can be dealt to that many (None: two, or
    the default the caller passed); ``PlayersRefused`` otherwise."""
    if players is None or (players == 2 and game not in DURAKS and not isinstance(players, bool)):
        return 2
    try:
        return cardavia.new_game(game, seed=0, players=players).players  # type: ignore[arg-type]
    except cardavia.InvalidArgumentError as exc:
        raise PlayersRefused(game, players, exc) from None
    except TypeError:
        raise PlayersRefused(game, players, None) from None


def typed_number(text: str) -> object:
    """``--players`` as typed: a number if it reads as one, else the text
    (which the engine refuses, and the player reads why)."""
    try:
        return int(text)
    except ValueError:
        return text


def default_players(game: str, setting: int) -> int:
    """The table the ``players`` setting gives ``game``: only the Durak
    games seat more than two."""
    return setting if game in DURAKS else 2


def asked_seats(game: str, typed: str | None, setting: int | None = None) -> int:
    """The table ``game`` is laid for: ``--players`` as typed if given,
    else the ``players`` setting's table (None: two); ``PlayersRefused``
    if the game cannot seat it."""
    if typed is not None:
        return seat_count(game, typed_number(typed))
    return seat_count(game, None if setting is None else default_players(game, setting))
