"""Test support: a threaded HTTP server on 127.0.0.1 (ephemeral port) for the fakes that stand in for
external systems at their HTTP boundary (GitHub/GitLab, a git smart-HTTP remote, the Docker Engine)."""

from __future__ import annotations

import socket
import threading
from http.server import ThreadingHTTPServer
from typing import Self

# how often the serving loop looks for a shutdown: the block's end waits for it (the standard 0.5 s, once per
# fake per test, added up to tens of seconds across the suite)
POLL = 0.02


class LoopbackServer:
    """Subclasses build their request handler in ``_handler()`` and call ``_serve()`` at the end of
    ``__init__``; ``with fake:`` runs the server for the block."""

    def _handler(self):
        raise NotImplementedError

    def _serve(self) -> None:
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._thread = threading.Thread(target=self._server.serve_forever, args=(POLL,), daemon=True)

    def __enter__(self) -> Self:
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._server.shutdown()
        self._server.server_close()

    @property
    def address(self) -> str:
        host, port = self._server.server_address[:2]
        return f"{host!s}:{port}"


class RawLoopback:
    """A TCP server on 127.0.0.1 (ephemeral port) for tests that answer in raw HTTP, byte for byte (what no
    HTTP library would send): each connection is handed to ``_one`` in a thread of its own until ``close()``.
    Subclasses set their own fields, then call ``super().__init__()``."""

    def __init__(self) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(16)
        self.stop = threading.Event()
        threading.Thread(target=self._serve, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.sock.getsockname()[1]}"

    def _serve(self) -> None:
        self.sock.settimeout(0.2)
        while not self.stop.is_set():
            try:
                conn, _ = self.sock.accept()
            except OSError:
                continue
            threading.Thread(target=self._one, args=(conn,), daemon=True).start()

    def _one(self, conn: socket.socket) -> None:
        raise NotImplementedError

    @staticmethod
    def request_head(conn: socket.socket) -> bytes | None:
        """What the client sent up to the blank line after its headers (and any of its body read with it), or
        None when it hung up first."""
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = conn.recv(65536)
            if not chunk:
                return None
            data += chunk
        return data

    def close(self) -> None:
        self.stop.set()
        self.sock.close()
