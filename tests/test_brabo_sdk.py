"""The client SDK's transport against a local fake server: retries with backoff, one idempotency key per
logical POST, errors as values, and the HTTP framings a proxy in front of Brabo may use."""

from __future__ import annotations

import json
from http.server import BaseHTTPRequestHandler

import pytest

from brabo_client import _wire
from brabo_client.sdk import BraboError, Client, Unavailable
from tests.loopback import LoopbackServer


class FlakyBrabo(LoopbackServer):
    """Answers the first ``failures`` requests with ``fail_status``, then a proposal; records every
    request's headers."""

    def __init__(self, failures: int, fail_status: int = 503, chunked: bool = False):
        self.failures, self.fail_status, self.chunked = failures, fail_status, chunked
        self.seen: list[dict] = []
        self._serve()

    def _handler(self):
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def do_POST(self):
                length = int(self.headers.get("Content-Length", 0))
                body = json.loads(self.rfile.read(length))
                fake.seen.append({"headers": dict(self.headers), "body": body, "path": self.path})
                if len(fake.seen) <= fake.failures:
                    self._send(fake.fail_status, {"detail": "busy"})
                    return
                if body.get("action_type") == "nope":
                    self._send(400, {"detail": "unknown action_type 'nope'", "reason": "invalid"})
                    return
                self._send(201, {"id": "a1", "status": "auto_approved", "action_type": body["action_type"]})

            def _send(self, status, obj):
                raw = json.dumps(obj).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                if fake.chunked:
                    self.send_header("Transfer-Encoding", "chunked")
                    self.end_headers()
                    for part in (raw[:5], raw[5:]):
                        self.wfile.write(f"{len(part):x}\r\n".encode() + part + b"\r\n")
                    self.wfile.write(b"0\r\n\r\n")
                else:
                    self.send_header("Content-Length", str(len(raw)))
                    self.end_headers()
                    self.wfile.write(raw)

        return Handler


def client(fake, **kw):
    sleeps: list[float] = []
    c = Client(f"http://{fake.address}", "brabo_agent_k", sleep=sleeps.append, **kw)
    return c, sleeps


def test_5xx_is_retried_with_growing_backoff_and_the_same_idempotency_key():
    with FlakyBrabo(failures=2) as fake:
        c, sleeps = client(fake)
        action = c.propose("terminal", {"command": "ls"})
    assert action.status == "auto_approved" and len(fake.seen) == 3
    keys = {r["headers"]["Idempotency-Key"] for r in fake.seen}
    assert len(keys) == 1 and len(keys.pop()) >= 32  # one logical call, one key
    assert fake.seen[0]["headers"]["Authorization"] == "Bearer brabo_agent_k"
    # exponential backoff (0.25 s, then 0.5 s) with jitter of 0.5x-1.5x
    assert len(sleeps) == 2 and 0.125 <= sleeps[0] <= 0.375 and 0.25 <= sleeps[1] <= 0.75


def test_each_logical_post_gets_its_own_key():
    with FlakyBrabo(failures=0) as fake:
        c, _ = client(fake)
        c.propose("terminal", {"command": "ls"})
        c.propose("terminal", {"command": "ls"})
    assert fake.seen[0]["headers"]["Idempotency-Key"] != fake.seen[1]["headers"]["Idempotency-Key"]


def test_retries_give_up_as_unavailable_and_4xx_is_never_retried():
    with FlakyBrabo(failures=10, fail_status=502) as fake:
        c, sleeps = client(fake, retries=3)
        with pytest.raises(Unavailable) as exc:
            c.propose("terminal", {"command": "ls"})
    assert len(fake.seen) == 4 and "HTTP 502" in str(exc.value)
    with FlakyBrabo(failures=0) as fake:
        c, sleeps = client(fake)
        with pytest.raises(BraboError) as refused:
            c.propose("nope", {})
    assert (
        (refused.value.status, refused.value.reason) == (400, "invalid")
        and len(fake.seen) == 1
        and not sleeps
    )


def test_a_refused_connection_is_retried_then_unavailable():
    c = Client("http://127.0.0.1:9", "k", retries=2, sleep=lambda s: None)
    with pytest.raises(Unavailable) as exc:
        c.get("a1")
    assert "cannot reach Brabo" in exc.value.detail and "3 attempts" in exc.value.detail


def test_chunked_answers_are_read_whole():
    with FlakyBrabo(failures=0, chunked=True) as fake:
        c, _ = client(fake)
        assert c.propose("terminal", {"command": "ls"}).id == "a1"


@pytest.mark.parametrize(
    "url,parts",
    [
        ("http://127.0.0.1:8000", ("http", "127.0.0.1", 8000, "")),
        ("https://brabo.example.com/base/", ("https", "brabo.example.com", 443, "/base")),
        ("http://[::1]:9000", ("http", "::1", 9000, "")),
    ],
)
def test_urls(url, parts):
    assert _wire.split_url(url) == parts


@pytest.mark.parametrize("url", ["ftp://x", "127.0.0.1:8000", "http://", "http://u:p@host", "http://h:port"])
def test_bad_urls_are_refused(url):
    with pytest.raises(ValueError):
        Client(url, "k")
