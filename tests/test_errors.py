"""Errors are data: a class, a kind, a field and a value, from which
``cardavia.errors`` makes the text once for both engines."""

from __future__ import annotations

import pickle

import cardavia
import pytest
from cardavia import IllegalMoveError, InvalidStateError, _native
from cardavia.errors import TEXTS, describe


def test_every_kind_the_core_raises_has_a_text() -> None:
    kinds = set(_native.ERROR_KINDS)
    assert len(kinds) == len(_native.ERROR_KINDS)
    assert kinds - {"integer"} <= set(TEXTS), kinds - set(TEXTS)


@pytest.mark.parametrize("engine", ["rust", "reference"])
def test_an_error_carries_its_parts(engine: str) -> None:
    data = cardavia.new_game("durak", seed=3, engine=engine).to_dict()
    data["hands"][1][2] = "ZZ"
    with pytest.raises(InvalidStateError) as info:
        cardavia.from_dict(data, engine=engine)
    error = info.value
    assert (error.kind, error.field, error.value) == ("card", "hands[1][2]", "ZZ")
    assert error.detail == {"deck": "atlasnye"}
    assert str(error) == "hands[1][2]: 'ZZ' is not a card of the atlasnye deck"


@pytest.mark.parametrize("engine", ["rust", "reference"])
def test_an_illegal_move_carries_the_legal_ones(engine: str) -> None:
    g = cardavia.new_game("schnapsen", seed=4, engine=engine)
    with pytest.raises(IllegalMoveError) as info:
        g.play("take")
    error = info.value
    assert (error.kind, error.field, error.value) == ("illegal_move", "move", "take")
    assert error.legal == g.legal_moves()
    assert (error.reason, error.detail["reason"]) == ("not_a_move", "not_a_move")
    assert str(error).startswith(
        f"'take' is not legal for seat {g.current_player}: "
        "no move of this game is spelled so (not_a_move); legal: "
    )


def test_errors_pickle_with_their_parts() -> None:
    g = cardavia.new_game("durak", seed=5)
    with pytest.raises(IllegalMoveError) as info:
        g.play("stop")
    back = pickle.loads(pickle.dumps(info.value))
    assert type(back) is IllegalMoveError
    assert (back.kind, back.field, back.value, back.legal, str(back)) == (
        "illegal_move",
        "move",
        "stop",
        g.legal_moves(),
        str(info.value),
    )


def test_a_text_with_a_part_missing_still_names_the_field() -> None:
    assert describe("card", "stock[3]", "XX", {}) == "stock[3]: card ('XX')"
    assert describe("no_such_kind", "limit", 7, {}) == "limit: no_such_kind (7)"
    assert describe("integer", "seed", -1, {"low": 0, "high": 2**64 - 1}) == (
        "seed must be between 0 and 2**64-1, got -1"
    )
    assert describe("integer", "seat", 1.5, {"low": 0, "high": 1}) == (
        "seat must be an integer, got float"
    )
    # A plain message still works, for errors made outside the engines.
    assert str(InvalidStateError("journal: not a journal")) == "journal: not a journal"
