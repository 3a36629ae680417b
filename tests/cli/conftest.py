"""Fixtures of the CLI tests: an isolated home (config and data dirs), the
stand-in opponent, no language from the environment."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from cardavia_cli import i18n, opponent
from cli_helpers import StandIn
from typer.testing import CliRunner


@pytest.fixture(autouse=True)
def isolated_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("CARDAVIA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CARDAVIA_DATA_DIR", str(tmp_path / "data"))
    for name in ("CARDAVIA_LANG", "LC_ALL", "LANG", "LANGUAGE", "NO_COLOR", "FORCE_COLOR"):
        monkeypatch.delenv(name, raising=False)
    yield tmp_path
    i18n.set_language("en")


@pytest.fixture(autouse=True)
def stand_ins(monkeypatch: pytest.MonkeyPatch) -> list[StandIn]:
    """The commands play against ``StandIn`` instead of the AI; the list
    holds every opponent they built, in order."""
    built: list[StandIn] = []

    def build(level: str) -> StandIn:
        built.append(StandIn(level))
        return built[-1]

    monkeypatch.setattr(opponent, "for_level", build)
    return built


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture
def games_dir(tmp_path: Path) -> Path:
    return tmp_path / "data" / "games"
