"""The fixtures every CLI and web test uses (imported by both conftests):
an isolated home, and the stand-in opponent in place of the AI."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from cardavia_cli.words import i18n
from cli_helpers import StandIn, isolate_home, use_stand_ins


@pytest.fixture(autouse=True)
def isolated_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    isolate_home(tmp_path, monkeypatch)
    yield tmp_path
    i18n.set_language("en")


@pytest.fixture(autouse=True)
def stand_ins(monkeypatch: pytest.MonkeyPatch) -> list[StandIn]:
    """Commands and tables play ``StandIn`` instead of the AI (a web
    server's thread builds its opponents through ``for_level`` too)."""
    return use_stand_ins(monkeypatch)
