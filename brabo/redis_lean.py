"""Redis commands on the proposal path, sent on one connection per thread.

Every proposal makes two round trips to Redis: the rate caps' script before any work, and the announcements
after the commit (``actions.announce``). Through ``redis.Redis`` each cost ~80 µs of CPU on the bench
machine against ~25 µs for the same bytes written and read on a connection: the pool's lock and its
"unread data?" poll on every borrow, the retry and event layers, the response callbacks. Here each thread
of each process keeps its own connection (made with the pool's own settings from the URL: timeouts, TLS,
credentials, database) and :meth:`LeanClient.run` writes the commands in one send and reads one reply per
command. A connection is never left out of step with its replies: any failure while writing or reading
closes it, and the next call connects afresh. A connection the server closed while it sat idle fails on
use; that ``ConnectionError`` is retried once on a new connection (what redis-py's own retry would do); a
timeout is not retried, the caller's fallback runs.
"""

from __future__ import annotations

import os
import threading
from typing import Any


class LeanClient:
    def __init__(self, url: str, **kwargs: Any):
        import redis  # only where Redis is configured: the embedded default never loads it

        self._pool = redis.ConnectionPool.from_url(url, **kwargs)
        self._local = threading.local()
        self._errors = redis.exceptions

    def _connection(self):
        local = self._local
        conn = getattr(local, "conn", None)
        if conn is None or local.pid != os.getpid():  # a forked child never writes on its parent's socket
            conn = local.conn = self._pool.connection_class(**self._pool.connection_kwargs)
            local.pid = os.getpid()
        return conn

    def run(self, *commands: tuple) -> list:
        """Send ``commands`` in one write and return their replies in order; a command Redis refused gives its
        ``ResponseError`` in its place (the others still ran). Raises ``redis.RedisError`` when the
        connection fails (nothing can be said then of which commands ran)."""
        conn = self._connection()
        try:
            try:
                return self._round_trip(conn, commands)
            except self._errors.ConnectionError:
                conn.disconnect()
                return self._round_trip(conn, commands)  # an idle connection the server had closed: once more
        except BaseException:
            conn.disconnect()
            raise

    def _round_trip(self, conn, commands) -> list:
        conn.send_packed_command(conn.pack_commands(commands), check_health=False)
        replies: list = []
        for _ in commands:
            try:
                replies.append(conn.read_response())
            except self._errors.ResponseError as exc:  # an error reply: the stream is still in step
                replies.append(exc)
        return replies

    def run_script(self, script: str, sha: str, keys: list, args: list):
        """EVALSHA, loading the script first when this Redis does not know it (a restart, a new server);
        raises a refused script's ``ResponseError``."""
        (reply,) = self.run(("EVALSHA", sha, len(keys), *keys, *args))
        if isinstance(reply, self._errors.NoScriptError):
            (reply,) = self.run(("SCRIPT", "LOAD", script), ("EVALSHA", sha, len(keys), *keys, *args))[1:]
        if isinstance(reply, self._errors.ResponseError):
            raise reply
        return reply
