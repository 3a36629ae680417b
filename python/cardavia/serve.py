"""Serve one tournament player over standard input and output.

    python -m cardavia.serve normal
    cardavia tournament durak --a hard --b "cmd:/other/venv/bin/python -m cardavia.serve hard"

Reads ``{"observation": ..., "seed": N}`` lines (at a table of three to
six with ``"players": N``) and answers each with the player's move (see
``cardavia.external``). A line that cannot be answered
ends the program with a message on standard error and exit code 2.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import TextIO

from .errors import CardaviaError, InvalidStateError
from .rng import MASK64
from .tournament import Player, make_player


def serve(spec: str | Player, requests: TextIO, answers: TextIO) -> None:
    """Answer every request with the move of ``spec`` (a player's name, or
    the player itself)."""
    player = spec if isinstance(spec, Player) else make_player(spec)
    for line in requests:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
        except json.JSONDecodeError as exc:
            raise InvalidStateError(kind="json", field="request", reason=str(exc)) from None
        if not isinstance(request, dict) or "observation" not in request:
            raise InvalidStateError(kind="request", field="request", value=request)
        seed = request.get("seed", 0)
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MASK64:
            raise InvalidStateError(kind="integer", field="seed", value=seed, low=0, high=MASK64)
        observation = request["observation"]
        seats = request.get("players", 2)
        observed = observation.get("players", 2) if isinstance(observation, dict) else 2
        if type(seats) is not int or seats != observed:
            raise InvalidStateError(
                kind="players_mismatch", field="players", value=seats, seats=observed
            )
        answers.write(player.choose(observation, seed) + "\n")
        answers.flush()


def main(
    argv: list[str] | None = None,
    make: Callable[[str], Player] = make_player,
    program: str = "cardavia.serve",
) -> int:
    """Serve the player ``make`` makes of the one argument (a player's name)."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print(f"usage: python -m {program} PLAYER", file=sys.stderr)
        return 2
    try:
        serve(make(args[0]), sys.stdin, sys.stdout)
    except (CardaviaError, ValueError, TypeError, KeyError) as exc:
        print(f"{program}: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
