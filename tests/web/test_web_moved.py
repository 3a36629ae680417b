"""After a restart of ``cardavia web`` the old page holds a key the new
server did not make: instead of a refusal its Reconnect could never get
past, a key of an earlier launch (web/address.py) is told where the table
is now, on the socket and on a reload. Any other key is refused as before."""

from __future__ import annotations

import json
import stat
from pathlib import Path

import pytest
from cardavia_cli.web import address
from cardavia_cli.web.app import TABLE_MOVED, create_app
from cardavia_cli.web.launch import launch_options
from cardavia_cli.web.options import WebOptions
from cardavia_cli.web.page_text import page_strings
from cardavia_cli.words.i18n import LANGUAGES, speaking
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

HOST = "127.0.0.1"
PORT = 7066
ORIGIN = f"http://{HOST}:{PORT}"
OWN_PAGE = {"origin": ORIGIN, "host": f"{HOST}:{PORT}"}


def restart(language: str = "en") -> tuple[WebOptions, WebOptions]:
    """Two launches of ``cardavia web`` on the same port, one after the other."""
    first, _url = launch_options(HOST, PORT, language, "easy", {"lang": None, "level": None})
    second, _url = launch_options(HOST, PORT, language, "easy", {"lang": None, "level": None})
    return first, second


def served(options: WebOptions) -> TestClient:
    return TestClient(create_app(options), base_url=ORIGIN)


def refused_code(client: TestClient, token: str, headers: dict[str, str]) -> int:
    """The close code of a handshake the server refuses."""
    with pytest.raises(WebSocketDisconnect) as refused:
        client.websocket_connect(f"/ws?token={token}", headers=dict(headers)).__enter__()
    return refused.value.code


def test_the_address_file_remembers_the_earlier_launches(isolated_env: Path) -> None:
    first, second = restart()
    assert second.address is not None and second.token in second.address
    assert second.moved_from(first.token)
    assert not second.moved_from(second.token.upper())
    assert not second.moved_from(None)
    assert not first.moved_from(second.token)  # the first knew nothing later
    record = json.loads(address.address_path().read_text(encoding="utf-8"))
    assert record["url"] == second.address
    # Only digests of the old keys; the file is its owner's alone.
    assert first.token not in json.dumps(record)
    assert stat.S_IMODE(address.address_path().stat().st_mode) == 0o600


def test_only_the_last_launches_are_remembered(isolated_env: Path) -> None:
    launches = [launch_options(HOST, PORT, "en", "easy", {})[0] for _ in range(address.KEPT + 2)]
    last = launches[-1]
    known = [options.token for options in launches[:-1] if last.moved_from(options.token)]
    assert known == [options.token for options in launches[-1 - address.KEPT : -1]]


@pytest.mark.parametrize("damage", ["", "not json", "[1, 2]", '{"format": "other"}'])
def test_a_damaged_address_file_only_forgets(isolated_env: Path, damage: str) -> None:
    path = address.address_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(damage, encoding="utf-8")
    options, url = launch_options(HOST, PORT, "en", "easy", {})
    assert options.earlier == frozenset()
    assert json.loads(path.read_text(encoding="utf-8"))["url"] == url


def test_the_old_page_is_told_where_the_table_moved(isolated_env: Path) -> None:
    first, second = restart()
    old_key = f"/ws?token={first.token}"
    with served(second) as client, client.websocket_connect(old_key, headers=dict(OWN_PAGE)) as ws:
        moved = json.loads(ws.receive_text())
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_text()
    assert moved["type"] == "moved" and moved["url"] == second.address
    assert second.address in moved["text"]
    assert closed.value.code == TABLE_MOVED


def test_a_reload_of_the_old_page_goes_to_the_new_table(isolated_env: Path) -> None:
    first, second = restart()
    with served(second) as client:
        moved = client.get(f"/?token={first.token}&lang=ru", follow_redirects=False)
        stranger = client.get("/?token=never-made-here", follow_redirects=False)
    assert moved.status_code == 303 and moved.headers["location"] == second.address
    assert stranger.status_code == 403


@pytest.mark.parametrize(
    "headers",
    [
        {**OWN_PAGE, "origin": "http://evil.example"},
        {"origin": "http://evil.example:7066", "host": "evil.example:7066"},
    ],
)
def test_another_site_learns_nothing_with_an_old_key(
    isolated_env: Path, headers: dict[str, str]
) -> None:
    first, second = restart()
    with served(second) as client:
        assert refused_code(client, first.token, headers) == 1008


def test_a_stranger_key_is_refused_as_before(isolated_env: Path) -> None:
    _first, second = restart()
    with served(second) as client:
        assert refused_code(client, "never-made", OWN_PAGE) == 1008


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_page_says_it_in_every_language(lang: str) -> None:
    keys = ("moved", "moved_open", "not_answering")
    with speaking("en"):
        english = page_strings()
    with speaking(lang):
        strings = page_strings()
    for key in keys:
        assert strings[key]
        if lang != "en":
            assert strings[key] != english[key], (lang, key)
