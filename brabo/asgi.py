"""ASGI entry point: what `manage.py serve` and production run under uvicorn.

Two kinds of request share one event loop:

* **Async routes** (``brabo.async_urls``: the wait endpoints, ``POST /api/actions/?wait=N``, the live-update
  stream, the agent hooks, ``/healthz``, ``/readyz``) go through Django's own ASGI handler and await their
  wait on ``actions.waiting``'s hub: a waiting agent costs a few kilobytes and no thread. Their pieces of
  database work borrow a sync slot (``brabo.slots``) one at a time; Django's own small sync steps
  (its request signals, the middleware's sync halves) run on one shared housekeeping thread, so a waiting
  request never keeps a thread of its own.
* **The MCP endpoint** ``/mcp`` (``actions.mcp_server``): the MCP SDK's streamable HTTP app behind
  the agent-key gate; its tools wait on the same hub as the async routes.
* **Everything else** is Django's WSGI handler run whole on a sync slot, exactly as under gunicorn's threads
  (one thread hop per request, the middleware in sync mode): the proposal path pays nothing for the loop.
  At most BRABO_WEB_THREADS such requests run at once per process; more wait in the loop's queue.

Django's ``request_finished`` closes each request's database connections in the thread that used them, and
``brabo.slots.run`` does the same after each piece of an async view's work: no connection outlives the
request or the piece that opened it (CONN_MAX_AGE=0; under psycopg's pool, "closed" means "given back").
"""

from __future__ import annotations

import asyncio
import io
import logging
import os
import signal
import sys
import tempfile
import threading
from concurrent.futures import ThreadPoolExecutor
from contextlib import AsyncExitStack
from typing import Any, BinaryIO

from asgiref.sync import ThreadSensitiveContext, sync_to_async
from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "brabo.settings")
_django_asgi = get_asgi_application()  # sets Django up; imports below need it

from django.conf import settings  # noqa: E402
from django.contrib.sessions.middleware import SessionMiddleware  # noqa: E402
from django.core.exceptions import SynchronousOnlyOperation  # noqa: E402
from django.core.handlers import base as handler_base  # noqa: E402
from django.core.handlers.asgi import ASGIHandler  # noqa: E402
from django.urls import Resolver404, URLPattern, URLResolver  # noqa: E402
from django.urls.resolvers import RegexPattern, RoutePattern  # noqa: E402
from django.utils.deprecation import MiddlewareMixin  # noqa: E402

from actions import live, waiting  # noqa: E402
from actions.mcp_server import PATHS as MCP_PATHS  # noqa: E402
from actions.mcp_server import McpApp  # noqa: E402
from brabo import async_urls, health, slots, wsgi  # noqa: E402

log = logging.getLogger(__name__)

health.LOAD_REPORTERS.append(
    lambda: {
        "waits": waiting.hub().count(),
        "streams": len(live.feed().listeners),
        "feed_reads": live.feed().reads,
    }
)

ASYNC_URLCONF = "brabo.async_urls"
# Bytes of a synchronous response gathered on its slot before the loop sends them; a longer (streamed) body
# is read on, a block at a time, on the same slot.
_GATHER = 256 * 1024


def _inline_halves(middleware):
    """A MiddlewareMixin whose request/response halves run on the loop, not through a thread hop each
    (Django's default in async mode: with ~8 middleware, 14 hops per request on the one housekeeping thread,
    which made waking 2,000 waiters take seconds). Those halves do no I/O here (headers, cookies, a lazy
    user); one that touches the database anyway raises SynchronousOnlyOperation on the loop and is re-run on
    the housekeeping thread, as Django would have. A session that will be saved is saved there too."""
    if not (isinstance(middleware, type) and issubclass(middleware, MiddlewareMixin)):
        return middleware

    async def half(method, *args):
        try:
            if isinstance(middleware, type) and issubclass(middleware, SessionMiddleware) and len(args) == 2:
                request = args[0]
                session = getattr(request, "session", None)
                if session is not None and (session.modified or settings.SESSION_SAVE_EVERY_REQUEST):
                    return await sync_to_async(method)(*args)
            return method(*args)
        except SynchronousOnlyOperation:
            return await sync_to_async(method)(*args)

    class Inline(middleware):  # type: ignore[valid-type, misc]
        async def __acall__(self, request):
            response = None
            if hasattr(self, "process_request"):
                response = await half(self.process_request, request)
            response = response or await self.get_response(request)
            if hasattr(self, "process_response"):
                response = await half(self.process_response, request, response)
            return response

    Inline.__name__ = Inline.__qualname__ = f"Inline{middleware.__name__}"
    return Inline


class _AsyncRoutesHandler(ASGIHandler):
    """Django's ASGI handler, resolving against the async routes' URLconf, its middleware's halves inline."""

    def load_middleware(self, is_async=False):
        original = handler_base.import_string  # type: ignore[attr-defined]  # the stubs omit its imports
        handler_base.import_string = lambda path: _inline_halves(original(path))  # type: ignore[attr-defined]  # the stubs omit its imports
        try:
            super().load_middleware(is_async=is_async)
        finally:
            handler_base.import_string = original  # type: ignore[attr-defined]  # the stubs omit its imports

    def create_request(self, scope, body_file):
        request, error = super().create_request(scope, body_file)
        if request is not None:
            request.urlconf = ASYNC_URLCONF
        return request, error


_async_handler = _AsyncRoutesHandler()
_wsgi = wsgi.application  # brabo.wsgi also loads the broker's transport now, not on the first proposal
# Django's small sync steps of the async routes (signals, middleware halves): one call at a time, short.
_housekeeping = ThreadPoolExecutor(max_workers=1, thread_name_prefix="brabo-async-housekeeping")


# The MCP endpoint: the SDK's own ASGI app behind Brabo's agent-key gate, beside Django's handlers.
_mcp = McpApp()

_async_routes = URLResolver(RegexPattern(r"^/"), async_urls.async_patterns)


def _when(callback) -> Any:
    """When a request to this view is served async: its ``serve_async_when(scope)``, or always/never."""
    when = getattr(callback, "serve_async_when", None)
    return asyncio.iscoroutinefunction(callback) if when is None else when


def _shadowed(path: str, earlier) -> bool:
    """Whether one of the patterns before a route matches its path (the resolver would answer with it)."""
    for entry in earlier:
        try:
            if entry.resolve(path[1:]):
                return True
        except Resolver404:
            pass
    return False


def _route_table(patterns) -> tuple[dict[str, Any], tuple[str, ...]]:
    """The async routes without converters, by their whole path (the resolver matches such a route only by
    equality), and the literal starts of the others: a path that is none of the first and starts with none
    of the second can match no async route, and is answered without asking the resolver. A plain route
    that an earlier pattern also matches is left to the resolver."""
    exact: dict[str, Any] = {}
    prefixes: list[str] = []
    for i, entry in enumerate(patterns):
        pattern = entry.pattern
        route = "/" + str(pattern)
        plain = isinstance(entry, URLPattern) and isinstance(pattern, RoutePattern) and not pattern.converters
        if plain and not _shadowed(route, patterns[:i]):
            exact.setdefault(route, _when(entry.callback))
        else:
            prefixes.append(route.split("<", 1)[0] if isinstance(pattern, RoutePattern) else "")
    return exact, tuple(prefixes)


_exact_routes, _route_prefixes = _route_table(async_urls.async_patterns)


def async_route(scope) -> bool:
    """Whether this request is one of the async routes (an async view that is not only conditionally so)."""
    path = scope["path"]
    when = _exact_routes.get(path)
    if when is None:
        if not path.startswith(_route_prefixes):
            return False
        try:
            when = _when(_async_routes.resolve(path).func)
        except Resolver404:
            return False
    return when if isinstance(when, bool) else bool(when(scope))


def _environ(scope, body) -> dict[str, Any]:
    script_name = scope.get("root_path", "").encode("utf8").decode("latin1")
    path_info = scope["path"].encode("utf8").decode("latin1")
    if script_name and path_info.startswith(script_name):
        path_info = path_info[len(script_name) :]
    server = scope.get("server") or ("localhost", 80)
    environ: dict[str, Any] = {
        "REQUEST_METHOD": scope["method"],
        "SCRIPT_NAME": script_name,
        "PATH_INFO": path_info,
        "QUERY_STRING": scope.get("query_string", b"").decode("latin1"),
        "SERVER_PROTOCOL": f"HTTP/{scope.get('http_version', '1.1')}",
        "SERVER_NAME": server[0],
        "SERVER_PORT": str(server[1] or 80),
        "wsgi.version": (1, 0),
        "wsgi.url_scheme": scope.get("scheme", "http"),
        "wsgi.input": body,
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": True,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
    }
    if scope.get("client"):
        environ["REMOTE_ADDR"] = scope["client"][0]
        environ["REMOTE_PORT"] = str(scope["client"][1])
    for raw_name, raw_value in scope.get("headers", ()):
        name = raw_name.decode("latin1").upper().replace("-", "_")
        value = raw_value.decode("latin1")
        if name == "CONTENT_LENGTH":
            key = "CONTENT_LENGTH"
        elif name == "CONTENT_TYPE":
            key = "CONTENT_TYPE"
        else:
            key = "HTTP_" + name
        environ[key] = f"{environ[key]},{value}" if key in environ else value
    return environ


async def _read_body(receive) -> BinaryIO | tempfile.SpooledTemporaryFile[bytes] | None:
    """The request's body as ``wsgi.input``, or None when the client left first. A body that came in one
    message within FILE_UPLOAD_MAX_MEMORY_SIZE (nearly every API call) is wrapped as it is; a longer or
    chunked one is spooled, to disk past that size."""
    message = await receive()
    if message["type"] == "http.disconnect":
        return None
    chunk = message.get("body", b"")
    if not message.get("more_body", False) and len(chunk) <= settings.FILE_UPLOAD_MAX_MEMORY_SIZE:
        return io.BytesIO(chunk)
    body = tempfile.SpooledTemporaryFile(max_size=settings.FILE_UPLOAD_MAX_MEMORY_SIZE, mode="w+b")
    body.write(chunk)
    while message.get("more_body", False):
        message = await receive()
        if message["type"] == "http.disconnect":
            body.close()
            return None
        body.write(message.get("body", b""))
    body.seek(0)
    return body


class _SyncCall:
    """One WSGI call on a slot's thread: runs the app, gathers the start of its body."""

    def __init__(self, environ):
        self.environ = environ
        self.status = 500
        self.headers: list[tuple[bytes, bytes]] = []
        self.result: Any = None
        self.iterator: Any = None

    def _start_response(self, status, headers, exc_info=None):
        self.status = int(status.split(" ", 1)[0])
        self.headers = [(k.lower().encode("latin1"), v.encode("latin1")) for k, v in headers]

    def start(self) -> tuple[list[bytes], bool]:
        """Run the app and gather its body; a body gathered whole is closed here too (one thread hop per
        request instead of two, the proposal path's CPU)."""
        self.result = _wsgi(self.environ, self._start_response)
        self.iterator = iter(self.result)
        chunks, more = self.more()
        if not more:
            self.close()
        return chunks, more

    def more(self) -> tuple[list[bytes], bool]:
        chunks, size = [], 0
        for chunk in self.iterator:
            if chunk:
                chunks.append(chunk)
                size += len(chunk)
                if size >= _GATHER:
                    return chunks, True
        return chunks, False

    def close(self) -> None:
        result, self.result = self.result, None
        close = getattr(result, "close", None)
        if close is not None:
            close()  # Django's request_finished: this thread's database connections are given back


async def _serve_sync(scope, receive, send) -> None:
    body = await _read_body(receive)
    if body is None:
        return
    loop = asyncio.get_running_loop()
    try:
        async with slots.slots().slot() as executor:
            call = _SyncCall(_environ(scope, body))
            try:
                chunks, more = await executor.call(loop, call.start)
                await send({"type": "http.response.start", "status": call.status, "headers": call.headers})
                while True:
                    await send({"type": "http.response.body", "body": b"".join(chunks), "more_body": more})
                    if not more:
                        break
                    chunks, more = await executor.call(loop, call.more)
            finally:
                if call.result is not None:  # not closed by start(): a long body, or the app raised
                    await executor.call(loop, call.close)
    finally:
        body.close()


def _answer_waits_on_exit_signals(hub) -> None:
    """When the server is told to stop (SIGTERM, SIGINT), the process's waits answer at once with their
    action's current state (``Hub.close_waits``) while the server lets requests in flight finish, instead of
    being answered 500 when its grace period ends. The server's own handler (uvicorn's, installed before the
    lifespan starts) still runs: it is chained, not replaced."""
    if threading.current_thread() is not threading.main_thread():
        return  # signal handlers belong to the main thread (a test's loop in another thread has none)
    for sig in (signal.SIGTERM, signal.SIGINT):
        previous = signal.getsignal(sig)

        def handler(signum, frame, previous=previous):
            hub.loop.call_soon_threadsafe(hub.close_waits)
            if callable(previous):
                previous(signum, frame)
            elif previous == signal.SIG_DFL:
                signal.default_int_handler(signum, frame) if signum == signal.SIGINT else sys.exit(0)

        signal.signal(sig, handler)


async def _lifespan(receive, send) -> None:
    async with AsyncExitStack() as running:
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                slots.slots()
                # the hub (its Redis subscriber subscribes while a wait or a live feed is held)
                _answer_waits_on_exit_signals(waiting.hub())
                await running.enter_async_context(_mcp.lifespan())
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                await running.aclose()
                await waiting.hub().stop()
                await send({"type": "lifespan.shutdown.complete"})
                return


async def application(scope, receive, send) -> None:
    kind = scope["type"]
    if kind == "lifespan":
        await _lifespan(receive, send)
    elif kind == "http" and scope["path"] in MCP_PATHS:
        await _mcp(scope, receive, send)
    elif kind == "http" and not async_route(scope):
        await _serve_sync(scope, receive, send)
    else:
        async with ThreadSensitiveContext(executor=_housekeeping):
            await _async_handler(scope, receive, send)
