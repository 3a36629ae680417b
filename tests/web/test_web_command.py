"""``cardavia web`` as a person starts it: it prints the table's address
with its token, serves the page and its socket, refuses a port in use, and
stops cleanly on Ctrl-C."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from cardavia_cli.words.glossary import game_title
from cardavia_cli.words.i18n import speaking
from click.testing import CliRunner

URL = re.compile(r"http://127\.0\.0\.1:(\d+)/\?token=([\w-]+)(\S*)")


def default_sigint() -> None:
    """Ctrl-C as from a terminal, however pytest itself was started (a
    background job starts with SIGINT ignored; see tests/cli)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def start(tmp_path: Path, *args: str) -> tuple[subprocess.Popen[str], re.Match[str]]:
    env = dict(os.environ)
    env.update(
        {"CARDAVIA_DATA_DIR": str(tmp_path / "data"), "CARDAVIA_CONFIG_DIR": str(tmp_path / "c")}
    )
    process = subprocess.Popen(
        [sys.executable, "-m", "cardavia_cli", "web", "--no-browser", "--port", "0", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
        preexec_fn=default_sigint,
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    found = URL.search(line)
    if found is None:
        process.kill()
        pytest.fail(f"no address in {line!r}")
    return process, found


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[str], re.Match[str]]]:
    process, found = start(tmp_path, "--lang", "uk", "--level", "easy")
    yield process, found
    if process.poll() is None:
        process.kill()
        process.wait()


def test_serves_the_page_and_stops_on_ctrl_c(
    served: tuple[subprocess.Popen[str], re.Match[str]],
) -> None:
    process, found = served
    port, token, rest = found.groups()
    assert "lang=uk" in rest and "level=easy" in rest
    base = f"http://127.0.0.1:{port}"
    with urllib.request.urlopen(f"{base}/?token={token}", timeout=10) as page:
        assert page.status == 200 and b"table.js" in page.read()
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(f"{base}/", timeout=10)
    assert refused.value.code == 403
    process.send_signal(signal.SIGINT)
    out, _ = process.communicate(timeout=20)
    assert process.returncode == 0, out
    assert "Traceback" not in out
    assert out.strip().splitlines()[-1]  # the closing line, in Ukrainian
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", int(port)), timeout=2).close()


def test_the_socket_plays_over_a_real_connection(
    served: tuple[subprocess.Popen[str], re.Match[str]],
) -> None:
    """uvicorn with its WebSocket library: a socket opens, and a game is dealt."""
    from websockets.sync.client import connect

    _process, found = served
    port, token, _rest = found.groups()
    origin = f"http://127.0.0.1:{port}"
    with connect(f"ws://127.0.0.1:{port}/ws?token={token}", origin=origin) as ws:  # type: ignore[arg-type]
        welcome = json.loads(ws.recv(timeout=10))
        assert welcome["type"] == "welcome" and welcome["language"] == "uk"
        ws.send(json.dumps({"type": "new", "game": "durak"}))
        state = json.loads(ws.recv(timeout=30))
        with speaking("uk"):
            assert state["type"] == "state" and state["view"]["title"] == game_title("durak")
        ws.send("x" * 100_000)  # beyond the frame limit: the socket is closed
        with pytest.raises(Exception, match=r"1009|too big|message"):
            while True:
                ws.recv(timeout=10)
    with pytest.raises(Exception, match="403"):
        connect(f"ws://127.0.0.1:{port}/ws?token={token}", origin="http://evil.example")


def test_a_port_in_use_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from cardavia_cli.main import app

    monkeypatch.setenv("CARDAVIA_CONFIG_DIR", str(tmp_path / "c"))
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        result = CliRunner().invoke(app, ["web", "--no-browser", "--port", str(port)])
    assert result.exit_code == 1
    assert f"127.0.0.1:{port}" in result.output and "--port" in result.output


def test_the_command_is_listed() -> None:
    from cardavia_cli.main import app

    result = CliRunner().invoke(app, ["web", "--help"])
    assert result.exit_code == 0
    for option in ("--port", "--host", "--no-browser", "--lang", "--level"):
        assert option in result.output
