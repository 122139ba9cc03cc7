"""R12.6 -- the command hook reads an answer of bounded size, however the body is framed: a server (or whatever
answers at BRABO_URL) that announces a huge body, streams one endless chunk, a chunk-size line that never
ends, or a body with no length that never closes, is refused as soon as the answer passes the hook's cap --
named as an answer too large to be Brabo's -- not read into memory until the deadline.

Each case is a real hook process (the fast form ``brabo hook install`` writes) against a local server that sends
one fixed head and then streams filler until the hook hangs up. The configured agent timeout is 20 s:
a hook that only stops at its deadline gives the deadline's refusal, which these tests tell apart from the cap's.
"""

from __future__ import annotations

import socket

import pytest

from brabo_client import _wire
from tests.loopback import RawLoopback
from tests.test_hook_deadline import refusal_of, run_hook

FILLER = b"a" * 65536


class Streamer(RawLoopback):
    """A TCP server on 127.0.0.1 that answers each request with ``head`` and then ``FILLER`` (or ``filler``)
    without end, until the client hangs up."""

    def __init__(self, head: bytes, filler: bytes = FILLER):
        self.head, self.filler = head, filler
        self.sent = 0
        super().__init__()

    def _one(self, conn: socket.socket) -> None:
        with conn:
            conn.settimeout(10)
            try:
                if self.request_head(conn) is None:
                    return
                conn.sendall(self.head)
                while not self.stop.is_set():
                    conn.sendall(self.filler)
                    self.sent += len(self.filler)
            except OSError:
                return


# (head, what the refusal names)
HEADS = {
    "one endless chunk": (
        b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n7fffffffffff\r\n",
        "too large: over 1 MB",
    ),
    "chunks without end": (
        b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n",
        "too large: over 1 MB",
    ),
    "a chunk-size line that never ends": (
        b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1",
        "a chunk-size line over 4096 bytes",
    ),
    "no length, never closing": (
        b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r\n",
        "too large: over 1 MB",
    ),
    "a Content-Length past the cap": (
        b"HTTP/1.1 200 OK\r\nContent-Length: 1073741824\r\n\r\n",
        "too large: over 1 MB",
    ),
}
FILLERS = {
    "chunks without end": b"10000\r\n" + FILLER + b"\r\n",
    "a chunk-size line that never ends": b"1" * 65536,
}


@pytest.mark.parametrize("agent", ["claude-code", "codex"])
@pytest.mark.parametrize("case", list(HEADS))
def test_an_answer_past_the_cap_is_refused_at_the_cap_not_at_the_deadline(agent, case):
    head, named = HEADS[case]
    server = Streamer(head, FILLERS.get(case, FILLER))
    try:
        reason = refusal_of(agent, *run_hook(agent, server.url, agent_timeout=20))
    finally:
        server.close()
    assert named in reason, reason
    assert "did not answer within" not in reason


# Framing that is not HTTP's: a Content-Length or a chunk size Python's int() reads but HTTP does not spell
# that way -- a sign, blanks inside, underscores, a 0x prefix -- is not an answer.
BAD_FRAMING = {
    "negative Content-Length": b"HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n{}",
    "Content-Length with an underscore": b"HTTP/1.1 200 OK\r\nContent-Length: 0_2\r\n\r\n{}",
    "Content-Length with a plus": b"HTTP/1.1 200 OK\r\nContent-Length: +2\r\n\r\n{}",
    "two Content-Lengths in one": b"HTTP/1.1 200 OK\r\nContent-Length: 2, 2\r\n\r\n{}",
    "chunk size with 0x": b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0x2\r\n{}\r\n0\r\n\r\n",
    "negative chunk size": b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n-2\r\n{}\r\n0\r\n\r\n",
    "chunk size with an underscore": b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0_2\r\n{}\r\n0\r\n\r\n",
    "chunk data longer than its size": b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1\r\n{}\r\n0\r\n\r\n",
    "a status of other digits": "HTTP/1.1 2\u00b2\u00b3 OK\r\nContent-Length: 2\r\n\r\n{}".encode("latin-1"),
    "a status of four digits": b"HTTP/1.1 0200 OK\r\nContent-Length: 2\r\n\r\n{}",
}


@pytest.mark.parametrize("raw", list(BAD_FRAMING.values()), ids=list(BAD_FRAMING))
def test_framing_http_does_not_spell_is_no_answer(raw):
    chunks = [raw]

    def recv(_n: int) -> bytes:
        return chunks.pop() if chunks else b""

    with pytest.raises(_wire.HttpError):
        _wire._read_response(recv)


@pytest.mark.parametrize(
    "raw, body",
    [
        (b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}", b"{}"),
        (b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2;x=y\r\n{}\r\n0\r\n\r\n", b"{}"),
        (b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nA\r\n0123456789\r\n0\r\n\r\n", b"0123456789"),
        (b"HTTP/1.1 200 OK\r\n\r\n{}", b"{}"),
    ],
)
def test_well_framed_answers_still_read(raw, body):
    chunks = [raw]

    def recv(_n: int) -> bytes:
        return chunks.pop() if chunks else b""

    assert _wire._read_response(recv)[:2] == (200, body)
