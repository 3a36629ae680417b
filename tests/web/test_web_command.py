"""``cardavia web`` as a person starts it: it prints the table's address
with its token, serves the page and its socket, refuses a port in use, and
stops cleanly on Ctrl-C; ``--players N`` goes into the address and is
refused, as ``play --players``, before a port is opened."""

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
from typing import Any

import pytest
from cardavia_cli.play.config import load_config, save_config
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
    for option in ("--port", "--host", "--no-browser", "--lang", "--level", "--players"):
        assert option in result.output


def test_players_go_into_the_address_and_the_welcome(tmp_path: Path) -> None:
    """``--players 4``: the address the browser opens carries players=4, and
    the server offers 4 to a page that has chosen no table yet."""
    from websockets.sync.client import connect

    process, found = start(tmp_path, "--players", "04", "--lang", "nb")
    try:
        port, token, rest = found.groups()
        assert "players=4" in rest.split("&")
        origin = f"http://127.0.0.1:{port}"
        with connect(f"ws://127.0.0.1:{port}/ws?token={token}", origin=origin) as ws:  # type: ignore[arg-type]
            welcome = json.loads(ws.recv(timeout=10))
        assert welcome["type"] == "welcome" and welcome["default_players"] == 4
    finally:
        process.kill()
        process.wait()


class Launched:
    """``serve`` as ``cardavia web`` calls it, recorded instead of run."""

    def __init__(self) -> None:
        self.calls: list[dict[str, Any]] = []

    def __call__(self, sock: socket.socket, host: str, **kwargs: Any) -> None:
        from cardavia_cli.web.launch import table_url

        self.calls.append(kwargs)
        kwargs["announce"](table_url(host, 7066, "t", **kwargs["url_params"]))


@pytest.fixture
def launched(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Launched:
    monkeypatch.setenv("CARDAVIA_CONFIG_DIR", str(tmp_path / "c"))
    monkeypatch.setenv("CARDAVIA_DATA_DIR", str(tmp_path / "data"))
    recorder = Launched()
    monkeypatch.setattr("cardavia_cli.web.launch.serve", recorder)
    return recorder


def test_the_players_setting_is_the_default(launched: Launched) -> None:
    from cardavia_cli.main import app

    config = load_config()
    config.players = 5
    save_config(config)
    result = CliRunner().invoke(app, ["web", "--no-browser", "--port", "0"])
    assert result.exit_code == 0, result.output
    # The setting is the server's default; only --players is in the address,
    # so the page's own last choice still wins over the setting.
    assert launched.calls[0]["players"] == 5
    assert "players=" not in result.output
    result = CliRunner().invoke(app, ["web", "--no-browser", "--port", "0", "--players", "3"])
    assert result.exit_code == 0, result.output
    assert launched.calls[1]["players"] == 3 and "players=3" in result.output


def test_two_players_are_named_in_the_address_too(launched: Launched) -> None:
    from cardavia_cli.main import app

    result = CliRunner().invoke(app, ["web", "--no-browser", "--port", "0", "--players", "2"])
    assert result.exit_code == 0, result.output
    assert launched.calls[0]["players"] == 2 and "players=2" in result.output


@pytest.mark.parametrize(
    ("value", "lang", "said"),
    [
        ("7", "ru", "Дурак: играют от 2 до 6 человек, а не 7."),
        ("1", "de", "spielt man zu 2 bis 6, nicht zu 1."),
        ("four", "uk", "four"),
        ("9", "en", "Durak is played by 2 to 6 players, not 9."),
        ("0", "el", "0"),
    ],
)
def test_a_bad_count_is_refused_as_play_refuses_it(
    launched: Launched, value: str, lang: str, said: str
) -> None:
    """The same words and exit code as ``play durak --players``, and before
    any port is taken: the port given is in use, yet the count is what is
    refused."""
    from cardavia_cli.main import app

    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = str(taken.getsockname()[1])
        args = ["--players", value, "--lang", lang]
        web = CliRunner().invoke(app, ["web", "--no-browser", "--port", port, *args])
    play = CliRunner().invoke(app, ["play", "durak", *args], input="quit\n")
    assert web.exit_code == play.exit_code == 1
    assert said in web.output
    assert web.output.strip() == play.output.strip().splitlines()[-1].strip()
    assert port not in web.output and launched.calls == []


def test_a_bad_players_setting_is_not_reached(launched: Launched) -> None:
    """A count the engine refuses cannot be saved as the setting, so the
    default is always one the table seats."""
    from cardavia_cli.main import app

    result = CliRunner().invoke(app, ["config", "set", "players", "8"])
    assert result.exit_code != 0
    result = CliRunner().invoke(app, ["web", "--no-browser", "--port", "0"])
    assert result.exit_code == 0 and launched.calls[0]["players"] == 2
