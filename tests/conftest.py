"""Shared helpers for the test suite."""

from __future__ import annotations

import json
import os
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

FIXTURES = Path(__file__).parent / "fixtures"


def load_fixture(name: str) -> Any:
    return json.loads((FIXTURES / name).read_text())


@pytest.fixture(scope="session")
def rng_vectors() -> Any:
    return load_fixture("rng.json")


@pytest.fixture(params=["ignored", "handled"])
def sigint_at_start(request: pytest.FixtureRequest) -> Iterator[None]:
    """SIGINT as the test process found it: handled (an interactive shell) or
    ignored (a background job of a script, where Python installs no
    KeyboardInterrupt handler and children inherit the ignored signal). A
    test of Ctrl-C runs both ways, so it passes however pytest was started."""
    handler = signal.SIG_IGN if request.param == "ignored" else signal.default_int_handler
    previous = signal.signal(signal.SIGINT, handler)
    yield
    signal.signal(signal.SIGINT, previous)


@pytest.fixture(scope="session")
def ray_local() -> Iterator[Any]:
    """One local Ray instance of two CPUs for the whole session, on the
    loopback address only; skipped where Ray is not installed."""
    ray = pytest.importorskip("ray")
    os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    yield ray
    ray.shutdown()
