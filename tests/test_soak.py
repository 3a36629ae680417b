"""The soak of ``benches/soak.py``: random games with every invariant checked.

The default run checks that the Rust core's checking mode
(``cardavia._native.soak``) works and refuses bad arguments; the ``soak``
tests run bounded slices of the full run (``--games 1000000 --parity
10000``): ``CARDAVIA_CORE_SOAK_GAMES`` games per game through the core
(20,000 by default) and ``CARDAVIA_SOAK_PARITY_GAMES`` lockstep games
through ``benches/soak.py`` (200 by default).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import cardavia
import pytest
from cardavia import InvalidArgumentError, UnknownGameError, _native

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benches"))
import soak  # type: ignore[import-not-found]

CORE_GAMES = int(os.environ.get("CARDAVIA_CORE_SOAK_GAMES", "20000"))
PARITY_GAMES = int(os.environ.get("CARDAVIA_SOAK_PARITY_GAMES", "200"))


@pytest.mark.parametrize("game", cardavia.GAMES)
def test_core_checking_mode(game: str) -> None:
    report: dict[str, Any] = _native.soak(game, 300, 11, 2)
    assert report["violation"] is None
    assert report["game"] == game and report["games"] == 300
    assert report["moves"] > 300 * 20
    assert report["round_trips"] > 300
    # Game i is dealt from the run's seed and i alone: threads do not matter.
    assert _native.soak(game, 300, 11, 1) == report
    assert _native.soak(game, 0, 11, 1)["games"] == 0


def test_core_soak_arguments() -> None:
    with pytest.raises(UnknownGameError, match="unknown game"):
        _native.soak("chess", 1, 0, 1)
    for bad in ((1.0, 0, 1), (1, -1, 1), (1, 0, 0), (1, 0, 10_000), (-1, 0, 1)):
        with pytest.raises((TypeError, InvalidArgumentError)):
            _native.soak("durak", *bad)
    with pytest.raises(TypeError):
        _native.soak(None, 1, 0, 1)  # type: ignore[arg-type]


@pytest.mark.soak
@pytest.mark.parametrize("game", cardavia.GAMES)
def test_core_soak(game: str) -> None:
    report = soak.core_soak(game, CORE_GAMES, os.cpu_count() or 1)
    assert report["violation"] is None
    assert report["games"] == CORE_GAMES


@pytest.mark.soak
@pytest.mark.parametrize("game", cardavia.GAMES)
def test_parity_soak_slice(game: str) -> None:
    report = soak.parity_soak(game, PARITY_GAMES, jobs=1)
    assert report["violation"] is None
    assert report["games"] == PARITY_GAMES
    assert report["fully_compared"] == -(-PARITY_GAMES // 10)


@pytest.mark.soak
def test_the_script_reports_clean(capsys: pytest.CaptureFixture[str]) -> None:
    assert soak.main(["--games", "50", "--parity", "4", "--jobs", "1"]) == 0
    assert capsys.readouterr().out.rstrip().splitlines()[-1].startswith("clean in")
