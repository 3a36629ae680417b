"""Fixtures of the CLI tests: an isolated home (config and data dirs), the
stand-in opponent, no language from the environment."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from home_fixtures import isolated_env, stand_ins

__all__ = ["isolated_env", "stand_ins"]  # shared with tests/web


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture
def games_dir(tmp_path: Path) -> Path:
    return tmp_path / "data" / "games"
