"""JSON as the standard has it and as the core's reader (serde_json) reads
it: no NaN or infinity, no number beyond a double. Python's ``json`` takes
all of these; the hooks below refuse them, so that the reference engine's
state checks and the move model's reader refuse what the core refuses.
"""

from __future__ import annotations

import json
import math
from typing import Any

__all__ = ["loads"]

#: The largest number a JSON reader of doubles holds: beyond it the text is
#: refused as the Rust core refuses it.
LARGEST = 1.7976931348623157e308


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _number(text: str) -> float:
    number = float(text)
    if math.isinf(number):
        raise ValueError("number out of range")
    return number


def _integer(text: str) -> int:
    number = int(text)
    if abs(number) > LARGEST:
        raise ValueError("number out of range")
    return number


def loads(text: str | bytes | bytearray) -> Any:
    """``json.loads`` with the hooks: a ``ValueError`` (or a
    ``RecursionError``, for the caller's depth limit) for anything else."""
    return json.loads(
        text, parse_constant=_refuse_constant, parse_float=_number, parse_int=_integer
    )
