"""Redis connections a serving thread keeps, for the proposal path's two round trips.

A proposal talks to Redis twice: the rate caps' script before the insert (``actions.fairness``) and the
announcements' pipeline after the commit (``actions.announce``). Borrowing a connection from redis-py's pool
for each costs a lock, an "unread data?" poll of the socket and the pool's bookkeeping, and a redis-py
``Pipeline`` adds its retry, observability and reset layers around what is one packed write and its replies.
Here each thread keeps one redis-py client per (URL, timeout) — redis-py's ``single_connection_client`` — and
:func:`run` writes a batch of commands on its connection with redis-py's own packer and reads the replies
with redis-py's own parser.

Kept from the pooled path: an error reply answers in its command's place and the batch goes on; a connection
the server closed (a restart, an idle-client kill) is found when its reply is read rather than by the borrow's
poll, so the batch is written once more on a fresh connection, as redis-py's retry would; a second failure,
or a timeout, raises to the caller, whose fallback runs as before (the caps' own buckets, the sweeps). With
``health_check_interval`` a connection idle that long is PINGed before use (redis-py's check). A forked child
makes its own connections (``brabo.process_id``: the pid is compared without a system call). One connection
per (URL, timeout) per serving thread that proposes.

The timeouts are the kernel's (``redis://`` URLs): redis-py gives its socket a Python-level timeout, and
CPython then ``poll``s the socket before every send and every receive — two extra system calls per round
trip. :class:`_KernelTimedSocket` is a blocking socket whose sends and receives the kernel times out instead
(``SO_SNDTIMEO``/``SO_RCVTIMEO``, the same seconds), and it raises the very exception CPython raises for a
socket timeout (``TimeoutError("timed out")``, i.e. ``socket.timeout``), so redis-py turns it into the same
``redis.TimeoutError``, never retried by :func:`run` (``tests/test_redis_thread.py``, against a server that
stops answering). Connecting keeps redis-py's own timeout; the kernel's is set once connected.
"""

from __future__ import annotations

import socket
import struct
import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from brabo import process_id

if TYPE_CHECKING:
    import redis

_threads = threading.local()


def _clients() -> dict[tuple[str, float, int], redis.Redis]:
    clients = getattr(_threads, "clients", None)
    pid = process_id.pid()
    if clients is None or _threads.pid != pid:
        clients = _threads.clients = {}
        _threads.pid = pid
    return clients


def client(url: str, timeout: float, health_check_interval: int = 0) -> redis.Redis:
    """This thread's client for ``url``: one connection it keeps (made on first use)."""
    clients = _clients()
    key = (url, timeout, health_check_interval)
    found = clients.get(key)
    if found is None:
        import redis
        from redis.backoff import NoBackoff
        from redis.retry import Retry

        kernel = {"connection_class": _connection_class()} if url.startswith("redis://") else {}
        found = clients[key] = redis.Redis.from_url(
            url,
            **kernel,
            socket_timeout=timeout,
            socket_connect_timeout=timeout,
            health_check_interval=health_check_interval,
            single_connection_client=True,
            # a closed connection only: a Redis that does not answer stays one timeout, not two
            retry=Retry(NoBackoff(), 1, supported_errors=(redis.ConnectionError,)),
        )
    return found


class _KernelTimedSocket(socket.socket):
    """A socket redis-py's timeout reaches as the kernel's (``SO_RCVTIMEO``/``SO_SNDTIMEO``) on a blocking
    socket, so CPython sends and receives without polling first. ``settimeout(0)`` (redis-py's "anything to
    read?") is passed through: non-blocking, its ``BlockingIOError`` as before. A send or receive the kernel
    ends for the timeout raises what CPython raises for a Python-level one."""

    __slots__ = ("_kernel",)

    def settimeout(self, value: float | None) -> None:
        if value is not None and value <= 0:
            super().settimeout(value)  # non-blocking (or CPython's own error for a negative value)
            return
        super().settimeout(None)  # blocking: no poll before each call
        if getattr(self, "_kernel", None) != value:
            seconds = value or 0.0  # 0: no limit, as None asks
            limit = struct.pack("ll", int(seconds), int(round((seconds - int(seconds)) * 1e6)))
            self.setsockopt(socket.SOL_SOCKET, socket.SO_RCVTIMEO, limit)
            self.setsockopt(socket.SOL_SOCKET, socket.SO_SNDTIMEO, limit)
            self._kernel = value

    def recv(self, bufsize: int, flags: int = 0) -> bytes:
        try:
            return super().recv(bufsize, flags)
        except BlockingIOError:
            if self.gettimeout() == 0:  # non-blocking by request: the caller handles "nothing yet"
                raise
            raise TimeoutError("timed out") from None  # the kernel's limit passed: as socket.timeout

    def sendall(self, data, flags: int = 0) -> None:  # type: ignore[override]
        try:
            super().sendall(data, flags)
        except BlockingIOError:
            if self.gettimeout() == 0:
                raise
            raise TimeoutError("timed out") from None


_connection_classes: list[type] = []


def _connection_class() -> type:
    """redis-py's TCP connection, its socket handed over to a :class:`_KernelTimedSocket` once connected."""
    if not _connection_classes:
        import redis.connection

        class KernelTimedConnection(redis.connection.Connection):
            def _connect(self):
                sock = super()._connect()  # redis-py's connect, with its connect timeout
                kept = _KernelTimedSocket(sock.family, sock.type, sock.proto, sock.detach())
                kept.settimeout(self.socket_timeout)
                return kept

        _connection_classes.append(KernelTimedConnection)
    return _connection_classes[0]


def drop(url: str, timeout: float, health_check_interval: int = 0) -> None:
    """Close this thread's client for ``url`` (after a fault: the next use starts on a fresh connection)."""
    found = _clients().pop((url, timeout, health_check_interval), None)
    if found is not None:
        try:
            found.close()
        except Exception:  # closing a dead connection: nothing left to do
            pass


def run(kept: redis.Redis, commands: Sequence[tuple[Any, ...]]) -> list[Any]:
    """Write ``commands`` in one packed write on ``kept``'s connection and read their replies, in order, as
    redis-py parses them (no response callbacks: integers and bytes as Redis sent them); a command Redis
    refused has its ``ResponseError`` in its place. A closed connection is replaced and the batch written once
    more; a timeout or a second connection error raises."""
    import redis

    conn = kept.connection
    if conn is None:  # not a single-connection client: a caller's mistake, not a Redis fault
        raise TypeError("redis_thread.run needs a client made by redis_thread.client")
    one = pack(commands, conn.encoder.encoding, conn.encoder.encoding_errors)
    packed = conn.pack_commands(commands) if one is None else [one]  # redis-py sends a list's items
    for attempt in (1, 2):
        try:
            conn.send_packed_command(packed)
            replies: list[Any] = []
            for _command in commands:
                try:
                    replies.append(conn.read_response())
                except redis.ResponseError as refused:
                    replies.append(refused)
            return replies
        except redis.ConnectionError:
            conn.disconnect()
            if attempt == 2:
                raise
    raise AssertionError("unreachable")


def pack(commands: Sequence[tuple[Any, ...]], encoding: str, errors: str) -> bytes | None:
    """The bytes redis-py's packer writes for ``commands`` (RESP arrays of bulk strings; ints and floats by
    their ``repr``, strings in the client's encoding), built in one join instead of its generic per-argument
    steps; None when a command has anything else (a bool, a bytearray, a command name with a space, which
    redis-py splits): then redis-py packs it."""
    out: list[bytes] = []
    for command in commands:
        name = command[0] if command else None
        if type(name) is not str or not (name.isascii() and name.isalpha()):
            return None
        out.append(b"*%d\r\n" % len(command))
        for arg in command:
            kind = type(arg)
            if kind is str:
                arg = arg.encode(encoding, errors)
            elif kind is int or kind is float:
                arg = repr(arg).encode()
            elif kind is not bytes:
                return None
            out.append(b"$%d\r\n%b\r\n" % (len(arg), arg))
    return b"".join(out)
