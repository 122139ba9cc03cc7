"""Test support: a threaded HTTP server on 127.0.0.1 (ephemeral port) for the fakes that stand in for
external systems at their HTTP boundary (GitHub/GitLab, a git smart-HTTP remote, the Docker Engine)."""

from __future__ import annotations

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
