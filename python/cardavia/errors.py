"""The one exception hierarchy of Cardavia, raised by both engines.

An error is data: its class, the ``kind`` of rule broken, the ``field``
where (a path such as ``hands[1][3]`` or ``outcome.winner``), the offending
``value`` and any ``detail`` the explanation needs (bounds, the card it
meets, the deck). The Rust core raises these very classes with those parts
(it imports them from here), and the text is made here, once, from them:
``describe`` and ``TEXTS``. Two engines that refuse the same input agree on
class, kind and field; only the text is shared.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

__all__ = [
    "REFUSALS",
    "TEXTS",
    "CardaviaError",
    "IllegalMoveError",
    "InvalidArgumentError",
    "InvalidStateError",
    "MissingDependencyError",
    "UnknownGameError",
    "describe",
    "describe_refusal",
]

#: The explanation of each kind of error, formatted with ``field``,
#: ``value`` (and ``type``, its type's name) and the error's detail.
TEXTS: dict[str, str] = {
    # Reading JSON values: what a field should have been.
    "json": "malformed JSON: {reason}",
    "too_deep": "{field}: nested more than {max} levels deep",
    "object": "{field} must be an object, got {type}",
    "list": "{field} must be a list, got {type}",
    "entries": "{field} must hold {expected} entries, got {value}",
    "boolean": "{field} must be true or false, got {type}",
    "missing_field": "{field}: missing field {value!r}",
    "unknown_field": "{field}: unknown field {value!r}",
    "schema": "{field}: version {value!r} is not supported (expected {expected})",
    "game": "{field}: expected {expected!r}, got {value!r}",
    "not_a_game": "{field}: {value!r} is not one of {games}",
    "card": "{field}: {value!r} is not a card of the {deck} deck",
    "duplicate": "{field}: {value} appears more than once",
    "order": "{field} must be in canonical order",
    "missing_cards": "{field}: missing {cards}",
    "two_places": "{value} is both in {first} and in {field}",
    "missing_card": "card {value} is missing from the {field}",
    "move": "{field}: {value!r} is not a {game} move",
    "suit": "{field}: {value!r} is not a suit letter",
    "suits": "{field} must list distinct suit letters in order S H D C",
    "reason": "{field}: {value!r} is not a known reason",
    "reason_points": "{field}: {value} does not fit the reason {reason!r}",
    # Durak: the position does not follow the rules of chapter 3 and 4.
    "trump_not_at_bottom": "{field}: the trump card must lie at the bottom of the stock",
    "known_not_in_hand": "{field}: {value} is not in that hand",
    "odd_discard": "{field}: holds beaten pairs, an even number of cards, not {value}",
    "too_many_attacks": "{field}: more than {max} attacks",
    "finished_with_table": "{field}: a finished game has an empty table",
    "draw_with_cards": "{field}: a draw needs both hands empty or {limit} idle bouts",
    "winner_with_cards": "{field}: the winner must have an empty hand, and the stock must be empty",
    "draw_with_winner": "{field}: a draw has no winner and no loser",
    "winner_is_loser": "{field}: the winner cannot also be the loser",
    "idle_limit": "{field}: {limit} idle bouts end the game",
    "should_be_over": "{field}: with the stock empty an empty hand ends the game",
    "over_limit": "{field}: {value} attacks exceed the limit {limit}",
    "no_attack_allowed": "{field}: a bout allows at least one attack",
    "limit_above_hand": "{field}: larger than the defender's hand allows",
    "beaten_after_open": "{field}: beaten after an unbeaten attack",
    "does_not_beat": "{field}: {value} does not beat {attack}",
    "taking_nothing_open": "{field}: the defender takes only facing an unbeaten attack",
    "mixed_ranks": "{field}: before any defence all attacks share one rank",
    "several_open": "{field}: classic Durak has one open attack at a time",
    "limit_mismatch": (
        "{field}: {value}, but the defender's hand when the bout began makes it {expected}"
    ),
    # Durak at three seats or more (chapter 7).
    "out_with_cards": "{field}: a seat goes out only with an empty hand and an empty stock",
    "attacker_out": "{field}: seat {value} is out and cannot attack",
    "bad_passes": (
        "{field}: the throwers pass in priority order, once an attack is on the table,"
        " and not all of them while the bout goes on"
    ),
    "no_winner": "{field}: from three players on the deal has a loser, not a winner",
    "loser_not_last": "{field}: the durak is the one seat still in, holding cards",
    "two_players": "{field}: {game} is played by two; it takes no {field}, got {value}",
    # Schnapsen: the match, the deal and its record (chapter 5).
    "deal_after_match": "{field}: a deal after the match was won",
    "match_points": "{field} do not follow from the deals",
    "outcome_timing": "{field}: must be set exactly when a seat reaches 0",
    "outcome_mismatch": "{field} does not match the deals",
    "dealer": "{field}: seat 1 deals first and the deal alternates",
    "trick_winner": "{field}: the winner does not follow from the cards",
    "leader": "{field}: the last trick's winner leads",
    "marriage_not_led": "{field}: no king or queen of {suit} led",
    "marriage_not_first": (
        "{field}: the first king or queen of {suit} played was not led by seat {seat}"
    ),
    "deal_should_be_over": "{field}: seat {seat} has 66 and the deal goes on",
    "closed_beyond_tricks": "{field}: more than the tricks played",
    "closed_by": "{field}: seat {closer} led when the stock was closed",
    "closed_won_trick": "{field}: seat {opponent} had {had} when the stock was closed",
    "closed_points": (
        "{field}: {value}, but seat {opponent} had {points} points when the stock was closed"
    ),
    "indicator_suit": "{field}: not of the trump suit",
    "indicator_last": "{field}: the indicator is the last card of the stock",
    "odd_stock": "{field}: the stock always holds an even number of cards",
    "unequal_hands": "{field}: both seats hold the same number of cards",
    "stock_tricks": "{field}: does not match the number of tricks played",
    "closed_stock": "{field}: does not match the stock left at closing",
    "hands_after_close": "{field}: too few or too many cards after closing",
    "hand_size": "{field}: expected {expected} cards each",
    "exchange_cards": "{field}: the trump jack can only be exchanged for the trump indicator",
    "exchange_indicator": (
        "{field}: the exchanged jack is the indicator until the stock is exhausted"
    ),
    # An observation that no position explains.
    "not_to_move": "{field}: not this seat's turn (no legal moves)",
    "hand_sizes": "{field}: does not match hand_sizes",
    "card_counts": "{field}: card counts do not add up to the deck",
    "voids": "{field}: the opponent's answers leave too few cards",
    "does_not_follow": "{field} does not follow from the position",
    # Moves, games and arguments.
    "illegal_move": "{value!r} is not legal for seat {seat}: {why}; legal: {moves}",
    "game_over": "{value!r}: the game is over",
    "unknown_game": "unknown {field} {value!r}; choose one of {games}",
    "choice": "unknown {field} {value!r}; choose one of {choices}",
    "seed_or_deck": "a game needs a seed or a deck",
    "budget": "a search needs iterations or time_ms",
    "too_many": "{field}: more than {max} items",
    "corrupt": "{field}: {what}",
    # Research environments (cardavia.envs).
    "action": "{field}: {value!r} is not an action of {game} (0 to {high})",
    "no_history": ("{field}: it did not start from the deal, so its history cannot be resampled"),
    "seed_or_start": "{field}: an environment starts from a seed or a position, not both",
    "lengths": "{field}: {value} given for {expected} {what}",
    "mixed_games": "{field}: a {value} environment in a batch of {expected}",
    # A Schnapsen deal record that disagrees with itself (docs/SCHEMA.md).
    "deal_tricks": (
        "{field}: {value} make a number of tricks that a deal ended by {reason!r} "
        "cannot have ({low} to {high})"
    ),
    "deal_last_trick": "{field}: seat {value} cannot have won the last trick of this deal",
    "deal_marriages": "{field}: both seats declared the marriage in {value}",
    "deal_card_points": "{field}: {value} do not fit the tricks won and the marriages counted",
    "deal_66": "{field}: {value} do not fit the reason {reason!r} for seat {winner}",
    "deal_closed_by": "{field}: {value!r}, but a deal ended by {reason!r} closed by {expected!r}",
    "deal_game_points": "{field}: {value}, but the deal's points and tricks make it {expected}",
    # Optional integrations (cardavia.distributed, cardavia.selfplay).
    "missing_dependency": "{field}={value!r} needs {package}: pip install {install}",
    "ray_address": "cannot connect to Ray at {value!r}: {reason}",
    "needs_ray": "{field}={value!r} is a Ray address: it needs backend='ray'",
    "ray_task": "{field} {value} failed on Ray: {reason}",
    "other_run": "{field}: {value} belongs to another run ({theirs})",
    # The package's own refusals: players and tournaments, their journals,
    # external players and ``cardavia.serve`` (no core kind: the core never
    # raises them).
    "player": (
        "unknown {field} {value!r}; choose one of {choices}, ai:ITERATIONS, "
        "ai:ITERATIONS:ROLLOUTS (ROLLOUTS one of {rollouts}), "
        "ai:ITERATIONS:ROLLOUTS:WORLDS (WORLDS one of {worlds}) or cmd:COMMAND"
    ),
    "player_command": "{field} {value!r}: {reason}",
    "no_command": "{field} {value!r}: no command after cmd:",
    "player_start": "{field} {value!r} cannot be started: {reason}",
    "player_ended": "{field} {value!r} gave no move: it ended with exit code {code}",
    "player_silent": "{field} {value!r} gave no move: it closed its output",
    "illegal_answer": "player {player!r} answered {value!r}, which is not a legal move",
    "request": "{field} must be an object with an observation",
    "players_mismatch": "{field}: the request is for {value} seats, its observation for {seats}",
    "not_a_journal": "{field} {value}: not a tournament journal",
    "other_tournament": (
        "{field} {value} is of another tournament ({theirs}); "
        "use a new file or the same game, players and seed"
    ),
    "unreadable": "{field} {value}: cannot be read ({reason})",
    "unwritable": "{field} {value}: cannot be written ({reason})",
    "journal_json": "journal {journal}, line {line}: not JSON",
    "journal_game": "journal {journal}, line {line}: a game must be an object",
    "journal_deal": "journal {journal}, line {line}: deal must be a non-negative integer",
    "journal_seat": "journal {journal}, line {line}: a_seat must be 0 or 1",
    "journal_outcome": "journal {journal}, line {line}: outcome must be an object with a winner",
    "journal_table_seat": "journal {journal}, line {line}: a_seat must be a seat, 0 to {high}",
    "journal_table_outcome": (
        "journal {journal}, line {line}: outcome must be an object with a draw, a loser"
        " of the table or none, and the seats out"
    ),
    "journal_points": (
        "journal {journal}, line {line}: game points and deals must be non-negative integers"
    ),
    "journal_pairs": "journal {journal}, line {line}: seconds and moves must be pairs of numbers",
}


#: Why a move is refused: every reason of the core's list
#: (``cardavia._native.REFUSAL_REASONS``, in its order), with its English
#: text, formatted with the reason's data (docs/SCHEMA.md, "Refusals").
#: The players' texts, in their languages, are the CLI's.
REFUSALS: dict[str, str] = {
    "game_over": "the game is over",
    "not_a_move": "no move of this game is spelled so",
    "not_in_hand": "{card} is not in the hand",
    # Durak and perevodnoy.
    "not_defender": "only the defender takes, beats or transfers",
    "not_attacker": "only the attacker attacks or stops; the defender beats {attack} or takes",
    "open_first": "the bout opens with a card first",
    "bout_limit": "the bout's limit of {limit} attack cards is reached",
    "rank_not_on_table": "no card of rank {rank} is on the table (ranks there: {ranks})",
    "does_not_beat": "{card} does not beat {attack} ({how})",
    "no_transfer": "classic Durak has no transfer",
    "transfer_after_defence": "a card has been beaten in this bout, so it cannot be transferred",
    "transfer_rank": "only a card of the attack's rank {rank} transfers",
    "next_defender_too_few": (
        "seat {next_defender} holds {hand_size} cards and could not face {attacks} attacks"
    ),
    # Schnapsen.
    "must_beat": "the strict rules ask for a higher card of the suit of {lead}",
    "must_follow": "the strict rules ask for a card of the suit of {lead}",
    "must_trump": "the strict rules ask for a trump ({trump}), with no card of the suit of {lead}",
    "leader_only": "only the leader does that, before leading; {lead} is to be answered",
    "stock_closed": "the stock is closed",
    "stock_exhausted": "the stock is exhausted",
    "no_trump_jack": "the trump jack {jack} is not in the hand",
    "close_needs_five": "closing needs five cards in hand, not {hand_size}",
    "not_king_or_queen": "a marriage is led with a king or a queen, not {card}",
    "marriage_declared": "the marriage in {suit} has been declared already",
    "no_marriage": "a marriage in {suit} needs {partner} in hand as well",
}


def describe_refusal(reason: object, data: dict[str, Any]) -> str:
    """The English text of a refusal reason (``REFUSALS``) from its data."""
    text = REFUSALS.get(reason) if isinstance(reason, str) else None
    if text is None:
        return "it is not one of the legal moves"
    parts = {key: _listed(item) if isinstance(item, list) else item for key, item in data.items()}
    try:
        return text.format(**parts)
    except (KeyError, IndexError, ValueError):
        return str(reason)


def _listed(items: object) -> str:
    if isinstance(items, Iterable) and not isinstance(items, (str, bytes)):
        return ", ".join(str(item) for item in items)
    return str(items)


def _bound(number: object) -> str:
    return "2**64-1" if number == 2**64 - 1 else str(number)


def describe(kind: str, field: str, value: object, detail: dict[str, Any]) -> str:
    """The text of an error from its parts."""
    if kind == "integer":
        low, high = detail.get("low"), detail.get("high")
        if isinstance(value, int) and not isinstance(value, bool):
            return f"{field} must be between {_bound(low)} and {_bound(high)}, got {value}"
        return f"{field} must be an integer, got {type(value).__name__}"
    text = TEXTS.get(kind)
    if text is None:
        return f"{field}: {kind} ({value!r})"
    parts = {key: _listed(item) if isinstance(item, list) else item for key, item in detail.items()}
    parts.setdefault("moves", _listed(detail.get("legal", [])))
    parts.setdefault("cards", _listed(value))
    if kind == "illegal_move":
        reason = detail.get("reason")
        why = describe_refusal(reason, detail)
        named = isinstance(reason, str) and reason in REFUSALS
        parts.setdefault("why", f"{why} ({reason})" if named else why)
    try:
        return text.format(field=field, value=value, type=type(value).__name__, **parts)
    except (KeyError, IndexError, ValueError):
        # A part missing from the detail: still say what and where.
        return f"{field}: {kind} ({value!r})"


class CardaviaError(Exception):
    """Base class of every error Cardavia raises on purpose.

    Made either from a message, or from the parts of a fault (``kind``,
    ``field``, ``value`` and detail), whose text ``describe`` writes.
    """

    def __init__(
        self,
        message: str | None = None,
        *,
        kind: str | None = None,
        field: str = "",
        value: Any = None,
        **detail: Any,
    ) -> None:
        self.kind = kind
        self.field = field
        self.value = value
        self.detail = detail
        if message is None:
            message = describe(kind or "", field, value, detail)
        super().__init__(message)

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled (to another process) with its parts, not only its text.
        return (_rebuild, (type(self), str(self), self._parts()))

    def _parts(self) -> dict[str, Any]:
        return {"kind": self.kind, "field": self.field, "value": self.value, **self.detail}


def _rebuild(cls: type[CardaviaError], message: str, parts: dict[str, Any]) -> CardaviaError:
    return cls(message, **parts)


class IllegalMoveError(CardaviaError, ValueError):
    """A move that is malformed, or not legal in the current position.

    ``legal`` holds the moves that were legal when the move was rejected;
    ``reason`` (an ``illegal_move`` error's, one of ``REFUSALS``) says why,
    and ``detail`` holds it with its data. ``None`` for an error without a
    reason (``game_over``, an environment's action).
    """

    def __init__(
        self, message: str | None = None, legal: list[str] | None = None, **parts: Any
    ) -> None:
        self.legal: list[str] = list(legal or [])
        reason = parts.get("reason")
        self.reason: str | None = reason if isinstance(reason, str) else None
        if message is None and parts.get("kind") == "illegal_move":
            parts.setdefault("moves", ", ".join(self.legal))
        super().__init__(message, **parts)

    def _parts(self) -> dict[str, Any]:
        return {**super()._parts(), "legal": self.legal}


class InvalidStateError(CardaviaError, ValueError):
    """A deck, seed, state dict, JSON text or observation that is malformed
    or inconsistent."""


class UnknownGameError(CardaviaError, ValueError):
    """A game id that is not one of ``cardavia.GAMES``."""


class InvalidArgumentError(CardaviaError, ValueError):
    """An argument of the right type but out of range: a seat that is not
    0 or 1, a negative budget, an unknown policy or level."""


class MissingDependencyError(CardaviaError, ImportError):
    """An optional integration whose package is not installed: Ray or
    pyarrow (the ``[ray]`` extra). ``install`` in the detail says how."""
