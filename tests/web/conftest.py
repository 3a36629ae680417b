"""Fixtures of the web table's tests: an isolated home, the stand-in
opponent of the CLI tests, the application under Starlette's TestClient."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from cardavia_cli.web.app import create_app
from cardavia_cli.web.options import WebOptions
from starlette.testclient import TestClient

# The CLI tests' helpers (the stand-in opponent, lesson answers) are shared.
sys.path.insert(0, str(Path(__file__).parent.parent / "cli"))

from browser_server import Served, serve_in_thread
from home_fixtures import isolated_env, stand_ins
from web_helpers import HOST, make_options

__all__ = ["isolated_env", "stand_ins"]  # the CLI tests' own


@pytest.fixture
def options() -> WebOptions:
    return make_options()


@pytest.fixture
def client(options: WebOptions) -> Iterator[TestClient]:
    with TestClient(create_app(options), base_url=f"http://{HOST}") as test_client:
        yield test_client


@pytest.fixture
def games_dir(tmp_path: Path) -> Path:
    return tmp_path / "data" / "games"


# ------------------------------------------------------------ browser tests

CHROMIUM = Path("/usr/lib/chromium/chromium")
ARTIFACTS = Path(__file__).parent / "artifacts"


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """pytest-playwright drives Debian's Chromium (``playwright install``
    downloads nothing here). CI installs it and sets CARDAVIA_REQUIRE_BROWSER,
    so a missing browser fails there instead of skipping."""
    if not CHROMIUM.exists():
        if os.environ.get("CARDAVIA_REQUIRE_BROWSER"):
            pytest.fail(f"{CHROMIUM} is missing: apt-get install chromium")
        pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium)")
    return {**browser_type_launch_args, "executable_path": str(CHROMIUM)}


@pytest.fixture(scope="session")
def served() -> Iterator[Served]:
    with serve_in_thread() as server:
        yield server


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """Screenshots for people to look at (git-ignored)."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
