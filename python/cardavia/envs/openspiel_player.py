"""An OpenSpiel bot served as a tournament player (``cmd:``), see
``cardavia.external``:

    python -m cardavia.envs.openspiel_player ismcts:1000
    cardavia tournament durak --a easy \\
        --b "cmd:python -m cardavia.envs.openspiel_player ismcts:1000"

``ismcts:N[:C]``: OpenSpiel's ISMCTS bot with N simulations a move and
exploration constant C (default 2), random rollouts played in the core
(``cardavia.envs.openspiel.ismcts_bot``); ``ismcts-python:N[:C]``: the same
with OpenSpiel's own ``RandomRolloutEvaluator``. Each move is searched
afresh from a state made from the observation, seeded by the request.
"""

from __future__ import annotations

import sys

from ..errors import InvalidArgumentError
from ..serve import main as serve_main
from ..tournament import Player
from .openspiel import bot_player, ismcts_bot

KINDS = {"ismcts": True, "ismcts-python": False}


def make(spec: str) -> Player:
    """The player ``spec`` names."""
    parts = spec.split(":")
    try:
        if parts[0] not in KINDS or len(parts) not in (2, 3):
            raise ValueError(spec)
        iterations = int(parts[1])
        uct_c = float(parts[2]) if len(parts) == 3 else 2.0
        if iterations < 1 or uct_c < 0:
            raise ValueError(spec)
    except ValueError:
        raise InvalidArgumentError(
            kind="choice", field="player", value=spec, choices=[f"{k}:N[:C]" for k in KINDS]
        ) from None
    core = KINDS[parts[0]]
    return bot_player(
        spec,
        lambda game, seed: ismcts_bot(game, iterations, seed=seed, uct_c=uct_c, core_rollouts=core),
    )


def main(argv: list[str] | None = None) -> int:
    return serve_main(argv, make, "cardavia.envs.openspiel_player")


if __name__ == "__main__":
    sys.exit(main())
