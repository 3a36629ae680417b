"""The routes of the web table and who may use them: the page only with the
launch token and this host, the static files, and the WebSocket only with
the token, from this server's own page, within the connection limit."""

from __future__ import annotations

import pytest
from cardavia_cli.web.app import create_app
from cardavia_cli.web.options import allowed_hosts, url_host
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from web_helpers import HOST, ORIGIN, TOKEN, make_options, table


def test_the_page_needs_the_token(client: TestClient) -> None:
    assert client.get("/").status_code == 403
    assert client.get("/?token=wrong").status_code == 403
    refused = client.get(f"/?token={TOKEN}x")
    assert refused.status_code == 403
    assert "cardavia web" in refused.text
    page = client.get(f"/?token={TOKEN}&lang=ru&game=durak")
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    assert '<script type="module" src="/static/table.js">' in page.text


def test_the_page_forbids_everything_foreign(client: TestClient) -> None:
    headers = client.get(f"/?token={TOKEN}").headers
    policy = headers["content-security-policy"]
    assert "default-src 'none'" in policy and "script-src 'self'" in policy
    assert "connect-src 'self'" in policy and "frame-ancestors 'none'" in policy
    assert headers["referrer-policy"] == "no-referrer"
    assert headers["cache-control"] == "no-store"


def test_another_host_name_is_refused(client: TestClient) -> None:
    """A page of another site whose name points at 127.0.0.1 (DNS
    rebinding) reaches the server under its own name: refused."""
    answer = client.get(f"/?token={TOKEN}", headers={"host": "evil.example:7066"})
    assert answer.status_code == 400


@pytest.mark.parametrize(
    ("name", "kind"),
    [("table.js", "javascript"), ("style.css", "text/css"), ("index.html", "text/html")],
)
def test_static_files(client: TestClient, name: str, kind: str) -> None:
    answer = client.get(f"/static/{name}")
    assert answer.status_code == 200
    assert kind in answer.headers["content-type"]
    assert answer.text.strip()


def test_the_page_loads_nothing_from_elsewhere(client: TestClient) -> None:
    """Offline by construction: no address outside this server in the page,
    its style or its script (the one inline image is a data: URL)."""
    for name in ("index.html", "style.css", "table.js"):
        text = client.get(f"/static/{name}").text
        for foreign in ("http://", "https://", "//cdn", "@import"):
            assert foreign not in text.replace("http://www.w3.org/2000/svg", ""), (name, foreign)


def test_unknown_paths_are_404(client: TestClient) -> None:
    assert client.get("/static/nothing.js").status_code == 404
    assert client.get("/static/../web/app.py").status_code == 404
    assert client.get("/api").status_code == 404


def test_the_socket_needs_token_and_origin(client: TestClient) -> None:
    attempts = [
        ("/ws", {"origin": ORIGIN}),
        ("/ws?token=wrong", {"origin": ORIGIN}),
        (f"/ws?token={TOKEN}", {}),
        (f"/ws?token={TOKEN}", {"origin": "http://evil.example"}),
        (f"/ws?token={TOKEN}", {"origin": "null"}),
        (f"/ws?token={TOKEN}", {"origin": f"https://{HOST}"}),
        (f"/ws?token={TOKEN}", {"origin": "http://evil.example", "host": "evil.example"}),
    ]
    for path, headers in attempts:
        with pytest.raises(WebSocketDisconnect) as refused, client.websocket_connect(path, headers):
            pass
        assert refused.value.code == 1008, (path, headers)


def test_the_socket_opens_with_token_and_origin(client: TestClient) -> None:
    with table(client, lang=None) as opened:
        welcome = opened.welcome
    assert welcome["type"] == "welcome"
    assert welcome["games"] == ["durak", "perevodnoy", "schnapsen"]
    assert [code for code, _name in welcome["languages"]] == [
        "en",
        "ru",
        "uk",
        "el",
        "vi",
        "ms",
        "nb",
        "de",
    ]
    assert welcome["levels"] == ["easy", "normal", "hard"]
    assert welcome["language"] == "en" and welcome["level"] == "easy"


def test_connections_are_limited() -> None:
    app = create_app(make_options(connections=2))
    with TestClient(app, base_url=f"http://{HOST}") as client:
        with table(client) as first, table(client) as second:
            path = f"/ws?token={TOKEN}"
            with client.websocket_connect(path, headers={"origin": ORIGIN}) as third:
                refusal = third.receive_json()
                assert refusal["type"] == "error"
                assert refusal["kind"] == "too_many_connections"
                assert "2" in refusal["text"]
                with pytest.raises(WebSocketDisconnect) as closed:
                    third.receive_text()
                assert closed.value.code == 1013
            # The two open tables still answer.
            assert first.ask_one(type="saves")["type"] == "saves"
            assert second.ask_one(type="saves")["type"] == "saves"
        # Closed tables free their places.
        with table(client) as again:
            assert again.ask_one(type="saves")["type"] == "saves"


def test_allowed_hosts() -> None:
    assert allowed_hosts("127.0.0.1", 7066) == {
        "127.0.0.1:7066",
        "localhost:7066",
        "[::1]:7066",
    }
    assert allowed_hosts("192.168.1.5", 80) == {"192.168.1.5:80"}
    assert allowed_hosts("0.0.0.0", 80) == frozenset()  # any name; the token guards
    assert url_host("::1") == "[::1]"


def test_options_check_origin_against_host() -> None:
    options = make_options()
    assert options.origin_allowed(ORIGIN, HOST)
    assert not options.origin_allowed(ORIGIN, "evil.example")
    assert not options.origin_allowed(None, HOST)
    assert not options.token_ok(None) and not options.token_ok("") and options.token_ok(TOKEN)
