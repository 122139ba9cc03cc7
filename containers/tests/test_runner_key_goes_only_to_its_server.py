"""The runner's key goes to the server it was started with and nowhere else (brabo_client/runner.py).

A server that answers with a redirect -- a proxy in front of it, a vanity host, a compromised route, a
server that is not Brabo -- must not take the runner's ``Authorization: Bearer brabo_runner_…`` header to
the host it names: urllib follows redirects and copies the header to the new host. A redirect is an
answer the runner does not follow; it is reported and retried like an unreachable server. Local fake
servers, one per host.
"""

from __future__ import annotations

import http.server
import threading
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from brabo_client import runner as rp
from tests.loopback import POLL

KEY = "brabo_runner_" + "k" * 40


class _Recorder(http.server.BaseHTTPRequestHandler):
    seen: list[dict[str, str]]
    answer: tuple[int, dict[str, str], bytes]

    def _any(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        if length:
            self.rfile.read(length)
        self.seen.append({"path": self.path, "authorization": self.headers.get("Authorization", "")})
        status, headers, body = self.answer
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_GET = do_POST = do_HEAD = _any

    def log_message(self, *args) -> None:
        pass


@contextmanager
def server(status: int, headers: dict[str, str] | None = None, body: bytes = b"") -> Iterator:
    seen: list[dict[str, str]] = []
    handler = type("Handler", (_Recorder,), {"seen": seen, "answer": (status, headers or {}, body)})
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, args=(POLL,), daemon=True)  # its end waits a poll
    thread.start()
    try:
        yield httpd, seen, f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


@pytest.mark.parametrize("status", [301, 302, 303, 307, 308])
def test_a_redirect_of_the_work_poll_never_carries_the_key_elsewhere(status):
    with (
        server(204) as (_, elsewhere, evil_url),
        server(status, {"Location": f"{evil_url}/api/runner/work/?timeout=1"}) as (_, at_server, url),
    ):
        api = rp.Api(url, KEY)
        with pytest.raises(rp.ServerUnavailable) as raised:
            api.poll(1)
    assert at_server and at_server[0]["authorization"] == f"Bearer {KEY}"
    assert elsewhere == []  # the other host never heard from the runner, let alone saw its key
    assert "redirect" in str(raised.value) and evil_url in str(raised.value)


@pytest.mark.parametrize("status", [301, 302, 303, 307, 308])
def test_a_redirect_of_a_report_never_carries_the_key_or_the_result_elsewhere(status):
    with (
        server(200, body=b"{}") as (_, elsewhere, evil_url),
        server(status, {"Location": f"{evil_url}/collect"}) as (_, _at_server, url),
    ):
        api = rp.Api(url, KEY)
        with pytest.raises(rp.ServerUnavailable):
            api.report("a1", {"outcome": "executed", "result": {"stdout": "the project's output"}})
    assert elsewhere == []


def test_a_redirect_is_retried_and_never_stops_the_runner_or_leaks(tmp_path):
    """Through serve(): the runner says where it was sent, backs off, and keeps its key to itself."""
    with (
        server(204) as (_, elsewhere, evil_url),
        server(302, {"Location": f"{evil_url}/api/runner/work/"}) as (_, at_server, url),
    ):
        said: list[str] = []

        class Console:
            def say(self, text: str) -> None:
                said.append(text)

        class Stop:  # three rounds of the loop, whatever each round does
            rounds = 0
            busy = False

            def is_set(self) -> bool:
                self.rounds += 1
                return self.rounds > 3

            def wait(self, seconds: float) -> bool:
                return False

        args = type("Args", (), {"max_backoff": 0.01, "poll_timeout": 1})()
        code = rp.serve(rp.Api(url, KEY), None, Console(), args, Stop())  # type: ignore[arg-type]
    assert code == rp.EXIT_OK
    assert len(at_server) == 3 and elsewhere == []
    assert any("redirect" in line for line in said), said
