"""The pure-Python reference engine: the rules written to be read.

One folder or module per game, mirroring ``rust/cardavia-core/src`` file
for file (``durak/``, ``perevodnoy.py``, ``schnapsen/``). Slow on purpose
(no bitsets, no tricks); the Rust core must agree with it move for move.
The rules are docs/RULES.md, cited by chapter ("RULES.md ch. 3").
"""

from __future__ import annotations

from .base import ReferenceGame
from .durak import DurakGame
from .perevodnoy import PerevodnoyGame
from .schnapsen import SchnapsenGame

GAME_CLASSES: dict[str, type[ReferenceGame]] = {
    "durak": DurakGame,
    "perevodnoy": PerevodnoyGame,
    "schnapsen": SchnapsenGame,
}

__all__ = ["GAME_CLASSES", "DurakGame", "PerevodnoyGame", "ReferenceGame", "SchnapsenGame"]
