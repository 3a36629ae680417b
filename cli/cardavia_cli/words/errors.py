"""The engine's errors in the player's language: one catalogue for the
terminal and the web alike.

An error of ``cardavia`` is data (``kind``, ``field``, ``value`` and its
detail; ``cardavia.errors``); its words are made here, from the kind. The
kinds a player can meet through the CLI (a tournament's players and
journal, Ray, a saved game's moves) have sentences of their own; the rest
only a program can provoke, and they keep the engine's English text inside
a translated frame. The web table's own refusals of a message (its
``kind``, ``field`` and ``value``; ``web.protocol``) are worded here too. A
refused move is told by ``refusals``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from cardavia import CardaviaError

from .card_faces import CardView
from .glossary import game_title
from .i18n import _
from .refusals import reason_text

JOURNAL_KINDS = frozenset(
    {
        "journal_json",
        "journal_game",
        "journal_deal",
        "journal_seat",
        "journal_outcome",
        "journal_points",
        "journal_pairs",
    }
)


def _listed(items: object) -> str:
    if isinstance(items, (list, tuple)):
        return ", ".join(str(item) for item in items)
    return str(items)


def _texts(value: str, detail: Mapping[str, Any]) -> dict[str, Callable[[], str]]:
    """Each kind a player can meet, as a sentence (made only when asked)."""

    def get(key: str) -> str:
        return _listed(detail.get(key, ""))

    return {
        "player": lambda: _(
            "There is no player “{value}”: choose one of {choices}, ai:ITERATIONS, "
            "ai:ITERATIONS:ROLLOUTS (ROLLOUTS one of {rollouts}), "
            "ai:ITERATIONS:ROLLOUTS:WORLDS (WORLDS one of {worlds}) or cmd:COMMAND."
        ).format(
            value=value,
            choices=get("choices"),
            rollouts=get("rollouts"),
            worlds=get("worlds"),
        ),
        "player_command": lambda: _("The player “{value}” is not a command: {reason}").format(
            value=value, reason=get("reason")
        ),
        "no_command": lambda: _("The player “{value}” names no command after cmd:.").format(
            value=value
        ),
        "player_start": lambda: _("The player “{value}” could not be started: {reason}").format(
            value=value, reason=get("reason")
        ),
        "player_ended": lambda: _(
            "The player “{value}” gave no move: it ended with exit code {code}."
        ).format(value=value, code=get("code")),
        "player_silent": lambda: _(
            "The player “{value}” gave no move: it closed its output."
        ).format(value=value),
        "illegal_answer": lambda: _(
            "The player “{player}” answered “{value}”, which is not a legal move."
        ).format(player=get("player"), value=value),
        "integer": lambda: _("{field} must be a whole number from {low} to {high}.").format(
            field=get("field"), low=get("low"), high=get("high")
        ),
        "choice": lambda: _("There is no {field} “{value}”: choose one of {choices}.").format(
            field=get("field"), value=value, choices=get("choices")
        ),
        "unknown_game": lambda: _("There is no game “{value}”; choose one of {choices}.").format(
            value=value, choices=get("games")
        ),
        "two_players": lambda: _(
            "{game} is a game for two: it cannot be played at a table of {value}."
        ).format(game=game_title(get("game")), value=value),
        "missing_dependency": lambda: _(
            "{package} is not installed here. Install it with: pip install {install}"
        ).format(package=get("package"), install=get("install")),
        "ray_address": lambda: _("Cannot connect to Ray at {value}: {reason}").format(
            value=value, reason=get("reason")
        ),
        "needs_ray": lambda: _("{value} is the address of a Ray cluster: add --ray.").format(
            value=value
        ),
        "ray_task": lambda: _("A task failed on Ray: {reason}").format(reason=get("reason")),
        "other_tournament": lambda: _(
            "The journal {value} is of another tournament ({theirs}): use a new file, "
            "or the same game, players and seed."
        ).format(value=value, theirs=get("theirs")),
        "other_run": lambda: _("{value} belongs to another run ({theirs}).").format(
            value=value, theirs=get("theirs")
        ),
        "not_a_journal": lambda: _("{value} is not a tournament journal.").format(value=value),
        "unreadable": lambda: _("{value} cannot be read ({reason}).").format(
            value=value, reason=get("reason")
        ),
        "unwritable": lambda: _("{value} cannot be written ({reason}).").format(
            value=value, reason=get("reason")
        ),
        "game_over": lambda: _("“{value}”: the game is over.").format(value=value),
    }


def error_text(error: Exception, view: CardView | None = None) -> str:
    """What the player reads for ``error``, in the current language."""
    if not isinstance(error, CardaviaError) or error.kind is None:
        return str(error)
    value = "" if error.value is None else str(error.value)
    detail = {"field": error.field, **error.detail}
    if error.kind == "illegal_move" and error.detail.get("reason") is not None:
        faces = view or CardView(game="durak", color=False)
        reason = reason_text({"reason": error.detail["reason"], **error.detail}, "", faces)
        return _("“{value}” is not legal now: {reason}").format(value=value, reason=reason)
    if error.kind in JOURNAL_KINDS:
        return _("The journal {journal} is damaged at line {line}.").format(
            journal=detail.get("journal", error.value), line=detail.get("line", "?")
        )
    text = _texts(value, detail).get(error.kind)
    if text is not None:
        return text()
    return _("The engine refused it: {text}").format(text=str(error))


def players_refusal(game: str, value: object, error: CardaviaError | None) -> str:
    """Why a table of ``value`` players cannot be laid for ``game``: the
    engine's bounds (``error.detail``), in the player's words."""
    name = game_title(game)
    if error is not None and error.kind == "two_players":
        return _(
            "{game} is played by two; only Durak and its transferable variant seat more."
        ).format(game=name)
    detail = error.detail if error is not None else {}
    low, high = detail.get("low"), detail.get("high")
    if low is None or high is None:
        return _("The number of players must be a whole number, not “{value}”.").format(value=value)
    return _("{game} is played by {low} to {high} players, not {value}.").format(
        game=name, low=low, high=high, value=value
    )


def _table_texts() -> dict[str, str]:
    """The web table's refusals of a message, as templates."""
    return {
        "too_large": _("The message is too large: {size} bytes, at most {limit}."),
        "bad_json": _("The message is not a JSON object."),
        "not_object": _("The message is not a JSON object."),
        "unknown_type": _("Unknown message type “{value}”."),
        "unknown_field": _("Unknown field “{field}” in the message."),
        "missing_field": _("The message lacks the field “{field}”."),
        "wrong_type": _("The field “{field}” has the wrong type."),
        "unknown_game": _("There is no game “{value}”; choose one of {choices}."),
        "unknown_language": _("There is no language “{value}”; choose one of {choices}."),
        "unknown_level": _("There is no level “{value}”; choose one of {choices}."),
        "too_long": _("The text is too long: at most {limit} characters."),
        "illegal_move": _("“{value}” is not a legal move now."),
        "bad_file": _("“{value}” is not the name of a saved game."),
        "no_game": _("No game is on: deal a new one."),
        "game_over": _("This game is over: deal a new one."),
        "not_your_turn": _("Wait: it is the computer's turn."),
        "too_many_games": _(
            "This table has saved {limit} new games since it started; "
            "restart cardavia web to play on."
        ),
        "too_many_connections": _(
            "{limit} tables are open already; close one and reload this page."
        ),
        "too_fast": _(
            "Too many messages at once (at most {limit} a second): "
            "this one was not acted on, and nothing changed."
        ),
        "no_lesson": _("No lesson is open."),
        "no_replay": _("No replay is open."),
        "no_such_step": _("There is no position {value}: choose 0 to {last}."),
        "finished": _("That game is over; replay it instead."),
    }


def table_error_text(
    kind: str,
    *,
    field: str | None = None,
    value: Any = None,
    choices: Iterable[str] = (),
    detail: Mapping[str, Any] | None = None,
) -> str:
    """What the page shows when the table refuses a message of ``kind``."""
    detail = dict(detail or {})
    template = _table_texts().get(kind)
    if template is None:
        # "not_understood", "lesson", "save", "open_elsewhere", "players"
        # (``players_refusal``) and "internal" carry their sentence.
        return str(detail.get("text") or _("Something went wrong; the table is unchanged."))
    return template.format(
        value="" if value is None else str(value)[:80],
        size=value,
        field=field,
        choices=", ".join(choices),
        **detail,
    )
