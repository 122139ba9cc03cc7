"""One Redis pattern subscription, read a chunk at a time.

Every web process that holds a wait or a live feed subscribes to the announcements (``actions.waiting``) and
so receives every announcement of every process, its own included: one or more per proposal, read by the
process that is serving the proposals. redis-py's ``PubSub.get_message`` reads one message with a coroutine
per line, a timer per call and a dict per message: about 35 µs of CPU each, measured alone, and the live
streams' main cost on a proposal (bench/README.md, "Open live-update streams"). Here redis-py still makes the
connection (the URL, AUTH, TLS, unix sockets, its handshake) and sends the PSUBSCRIBE; the replies are then
read as they come, as many as one read of the socket holds, and split by :class:`Replies`, which knows the
only replies a subscribed connection receives: arrays (RESP2's ``*``, RESP3's push ``>``) of bulk strings,
integers and simple strings, and a simple string alone (RESP3's ``+PONG``). Anything else ends the connection with :class:`ProtocolError` (the caller
reconnects, as after any Redis failure).

Liveness without a timer per read: the caller calls :meth:`Subscription.tick` every few seconds; it PINGs when
nothing arrived for ``ping_after`` seconds and closes the connection when that PING found no answer by the
next ``ping_after`` seconds -- the pending :meth:`Subscription.read` then raises ``ConnectionError``.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

# The longest a reply held in the buffer may grow: announcements are a channel name and a token; a server
# that sends more is not speaking to this reader.
MAX_BUFFERED = 1 << 20
READ_SIZE = 1 << 16


class ProtocolError(ConnectionError):
    """What Redis sent is no reply a subscribed connection receives."""


class Replies:
    """Splits what a subscribed connection reads into its replies: each a list of ``bytes`` (bulk
    strings; integers and simple strings as their text; a null bulk string as None). A reply cut between
    two reads waits in the buffer for the rest."""

    __slots__ = ("_buffer",)

    def __init__(self) -> None:
        self._buffer = b""

    def feed(self, data: bytes) -> list[list[Any]]:
        buffer = self._buffer + data if self._buffer else data
        replies: list[list[Any]] = []
        pos, size = 0, len(buffer)
        while pos < size:
            end = _reply(buffer, pos, replies)
            if end < 0:
                break
            pos = end
        self._buffer = buffer[pos:]
        if len(self._buffer) > MAX_BUFFERED:
            raise ProtocolError(f"a reply of more than {MAX_BUFFERED} bytes")
        return replies


def _reply(buffer: bytes, pos: int, replies: list[list[Any]]) -> int:
    """Append the reply at ``pos`` and return where the next one starts, or -1 when it is not all here."""
    line_end = buffer.find(b"\r\n", pos)
    if line_end < 0:
        return -1
    kind = buffer[pos]
    if kind == 45:  # '-': an error reply (a refused PSUBSCRIBE, a wrong password, ...)
        raise ProtocolError(buffer[pos + 1 : line_end].decode(errors="replace"))
    if kind == 43:  # '+': a simple string (RESP3 answers a subscriber's PING with +PONG)
        replies.append([buffer[pos + 1 : line_end]])
        return line_end + 2
    if kind not in (42, 62):  # '*' array, '>' push
        raise ProtocolError(f"unexpected reply {buffer[pos : pos + 16]!r}")
    count = _number(buffer, pos + 1, line_end)
    items: list[Any] = []
    p = line_end + 2
    for _ in range(count):
        end = buffer.find(b"\r\n", p)
        if end < 0:
            return -1
        kind = buffer[p]
        if kind == 36:  # '$' bulk string
            length = _number(buffer, p + 1, end)
            if length < 0:
                items.append(None)
                p = end + 2
                continue
            start = end + 2
            if start + length + 2 > len(buffer):
                return -1
            items.append(buffer[start : start + length])
            p = start + length + 2
        elif kind in (58, 43):  # ':' integer, '+' simple string
            items.append(buffer[p + 1 : end])
            p = end + 2
        else:
            raise ProtocolError(f"unexpected item {buffer[p : p + 16]!r}")
    replies.append(items)
    return p


def _number(buffer: bytes, start: int, end: int) -> int:
    try:
        return int(buffer[start:end])
    except ValueError:
        raise ProtocolError(f"not a length: {buffer[start:end][:16]!r}") from None


class Subscription:
    """A pattern subscription on its own connection (see the module's docstring)."""

    def __init__(self, url: str, pattern: str, *, connect_timeout: float = 2.0, ping_after: float = 15.0):
        self.url, self.pattern = url, pattern
        self.connect_timeout, self.ping_after = connect_timeout, ping_after
        self._client: Any = None
        self._connection: Any = None
        self._reader: asyncio.StreamReader | None = None
        self._replies = Replies()
        self._heard_at = time.monotonic()
        self._pinged_at: float | None = None
        self._closed_by_us = False
        self._dead = ""

    async def open(self) -> None:
        """Connect, subscribe, and return once Redis confirmed the subscription."""
        import redis.asyncio as aredis

        self._client = aredis.Redis.from_url(self.url, socket_connect_timeout=self.connect_timeout)
        self._connection = self._client.connection_pool.make_connection()
        await self._connection.connect()
        reader = getattr(self._connection, "_reader", None)
        if not isinstance(reader, asyncio.StreamReader):  # redis-py's parsers read the same stream
            raise ConnectionError("this redis-py's connection has no stream to read (see brabo.redis_pubsub)")
        self._reader = reader
        await self._connection.send_command("PSUBSCRIBE", self.pattern)
        async with asyncio.timeout(self.connect_timeout):
            while True:
                replies = await self.read()
                if replies is None:
                    raise ConnectionError("the subscription was closed while it was made")
                if any(r and r[0] == b"psubscribe" for r in replies):
                    return

    async def read(self) -> list[list[Any]] | None:
        """The replies of the next read of the socket (a PING's answer among them); None once
        :meth:`close` was called. Raises ``ConnectionError`` when the connection ended otherwise."""
        assert self._reader is not None
        data = await self._reader.read(READ_SIZE)
        if not data:
            if self._closed_by_us:
                return None
            raise ConnectionError(self._dead or "Redis closed the subscription's connection")
        self._heard_at = time.monotonic()
        self._pinged_at = None
        return self._replies.feed(data)

    async def tick(self) -> None:
        """PING a connection silent for ``ping_after`` seconds; close one whose PING went unanswered."""
        now = time.monotonic()
        if self._pinged_at is not None:
            if now - self._pinged_at >= self.ping_after:
                self._dead = f"no answer from Redis to a PING within {self.ping_after:g} s"
                await self._disconnect()
        elif now - self._heard_at >= self.ping_after:
            self._pinged_at = now
            try:
                await self._connection.send_command("PING")
            except Exception as exc:  # the pending read() reports it
                self._dead = f"a PING to Redis failed ({type(exc).__name__})"
                await self._disconnect()

    async def close(self) -> None:
        """End the subscription: a pending :meth:`read` returns None."""
        self._closed_by_us = True
        await self._disconnect()

    async def _disconnect(self) -> None:
        if self._connection is not None:
            await self._connection.disconnect(nowait=True)
        if self._client is not None:
            await self._client.aclose()
