"""The ASGI server's bridge to Django's WSGI handler (``brabo.asgi``): which requests take the async routes,
what a synchronous request's WSGI call is given (its body, spooled to disk past FILE_UPLOAD_MAX_MEMORY_SIZE,
its headers, repeated ones joined, the client's address) and what it answers (status, headers, a body
gathered or streamed, the app closed on the slot's thread that ran it), and the slots' own hop
(``brabo.slots.SlotExecutor.call``). The WSGI application here is a stand-in, so no database is needed."""

from __future__ import annotations

import asyncio
import io
import json
import threading
from functools import partial

import pytest
from asgiref.sync import sync_to_async
from django.urls import Resolver404, path

from brabo import asgi, slots

# -- which requests are served async -----------------------------------------------------------------------


def _resolved(scope) -> bool:
    """The resolver asked for every path (what async_route did before its table): the oracle."""
    try:
        match = asgi._async_routes.resolve(scope["path"])
    except Resolver404:
        return False
    when = getattr(match.func, "serve_async_when", None)
    return asyncio.iscoroutinefunction(match.func) if when is None else bool(when(scope))


ACTION = "6f1c2a4e-9b3d-4c1e-8a2f-0d5e7b9c1a23"  # fixed: xdist workers must collect the same ids
PATHS = [
    "/",
    "/healthz",
    "/healthz/",
    "/readyz",
    "/readyzz",
    "/api/actions/",
    "/api/actions",
    "/api/actions/x",
    "/api/actions//",
    "//api/actions/",
    f"/api/actions/{ACTION}/wait/",
    f"/api/actions/{ACTION}/wait",
    f"/api/actions/{ACTION}/",
    "/api/actions/not-a-uuid/wait/",
    "/api/hooks/claude-code/",
    "/api/hooks/",
    "/api/hooks/a/b/",
    "/admin/console/events/stream/",
    "/admin/console/events/",
    "/api/projects/",
    "/mcp",
    "/api/actions/é/",
]
SCOPES = [
    ("GET", b""),
    ("POST", b""),
    ("POST", b"wait=5"),
    ("POST", b"wait=0"),
    ("POST", b"wait=x"),
    ("GET", b"wait=5"),
]


@pytest.mark.parametrize("request_path", PATHS)
def test_the_route_table_answers_as_the_resolver_for_every_path_and_method(request_path):
    for method, query in SCOPES:
        scope = {"type": "http", "method": method, "path": request_path, "query_string": query}
        assert asgi.async_route(scope) == _resolved(scope), (method, request_path, query)


def test_a_proposal_is_sync_unless_it_waits_and_the_waits_hooks_and_probes_are_async():
    def route(method, where, query=b""):
        return asgi.async_route({"type": "http", "method": method, "path": where, "query_string": query})

    assert not route("POST", "/api/actions/")
    assert not route("GET", "/api/actions/", b"wait=5")
    assert route("POST", "/api/actions/", b"wait=5")
    assert route("GET", f"/api/actions/{ACTION}/wait/")
    assert not route("GET", "/api/actions/not-a-uuid/wait/")
    assert route("POST", "/api/hooks/claude-code/")
    assert route("GET", "/healthz") and route("GET", "/readyz")
    assert not route("GET", "/api/projects/")


async def _async_view(request):
    return None


def _sync_view(request):
    return None


def test_a_plain_route_an_earlier_pattern_also_matches_is_left_to_the_resolver():
    exact, prefixes = asgi._route_table([path("<str:name>/", _async_view), path("plain/", _sync_view)])
    assert "/plain/" not in exact and prefixes == ("/", "/plain/")
    exact, prefixes = asgi._route_table([path("plain/", _sync_view), path("<str:name>/", _async_view)])
    assert exact == {"/plain/": False} and prefixes == ("/",)


# -- the request's body --------------------------------------------------------------------------------------


def _receiver(*messages):
    pending = list(messages)

    async def receive():
        return pending.pop(0)

    return receive


def _chunk(data: bytes, more: bool = False) -> dict:
    return {"type": "http.request", "body": data, "more_body": more}


def _on_disk(body) -> bool:
    return not isinstance(getattr(body, "_file", body), io.BytesIO)


def _read(*messages):
    return asyncio.run(asgi._read_body(_receiver(*messages)))


def test_a_body_within_the_memory_limit_stays_in_memory_and_a_longer_one_is_spooled_to_disk(settings):
    settings.FILE_UPLOAD_MAX_MEMORY_SIZE = 1000
    for messages, on_disk in [
        ((_chunk(b"a" * 1000),), False),
        ((_chunk(b"a" * 1001),), True),
        ((_chunk(b"a" * 400, True), _chunk(b"b" * 400, True), _chunk(b"c" * 200)), False),
        ((_chunk(b"a" * 400, True), _chunk(b"b" * 400, True), _chunk(b"c" * 201)), True),
        ((_chunk(b"", True), _chunk(b"x" * 2000)), True),
        ((_chunk(b""),), False),
        (({"type": "http.request"},), False),
    ]:
        body = _read(*messages)
        expected = b"".join(m.get("body", b"") for m in messages)
        assert body is not None and body.read() == expected
        assert _on_disk(body) == on_disk, [len(m.get("body", b"")) for m in messages]
        body.close()


def test_a_client_that_leaves_before_its_body_ends_gets_no_call():
    assert _read({"type": "http.disconnect"}) is None
    assert _read(_chunk(b"a" * 10, True), {"type": "http.disconnect"}) is None


# -- the WSGI call on a slot ---------------------------------------------------------------------------------


class _App:
    """A WSGI app that answers what it was given, as JSON, and notes where it ran and was closed."""

    def __init__(self, body_chunks=None, fail=False):
        self.body_chunks, self.fail = body_chunks, fail
        self.ran_on: str | None = None
        self.closed_on: list[str] = []

    def __call__(self, environ, start_response):
        self.ran_on = threading.current_thread().name
        if self.fail:
            raise ValueError("the app failed")
        keys = [
            "REQUEST_METHOD",
            "SCRIPT_NAME",
            "PATH_INFO",
            "QUERY_STRING",
            "CONTENT_TYPE",
            "CONTENT_LENGTH",
        ]
        keys += ["HTTP_X_REPEATED", "HTTP_AUTHORIZATION", "REMOTE_ADDR", "REMOTE_PORT", "SERVER_NAME"]
        keys += ["SERVER_PORT", "SERVER_PROTOCOL", "wsgi.url_scheme"]
        seen = {key: environ.get(key) for key in keys}
        seen["body"] = environ["wsgi.input"].read().decode()
        start_response(
            "201 Created", [("Content-Type", "application/json"), ("X-Twice", "1"), ("X-Twice", "2")]
        )
        return _Closing(self, self.body_chunks or [json.dumps(seen).encode()])


class _Closing:
    def __init__(self, app: _App, chunks: list[bytes]):
        self.app, self.chunks = app, chunks

    def __iter__(self):
        return iter(self.chunks)

    def close(self):
        self.app.closed_on.append(threading.current_thread().name)


def _serve(monkeypatch, app, scope_extra=None, messages=None):
    monkeypatch.setattr(asgi, "_wsgi", app)
    scope = {
        "type": "http",
        "method": "POST",
        "path": "/api/thing/",
        "query_string": b"a=1&b=%C3%A9",
        "root_path": "",
        "http_version": "1.1",
        "scheme": "http",
        "server": ("127.0.0.1", 8000),
        "client": ("10.1.2.3", 40000),
        "headers": [
            (b"content-type", b"application/json"),
            (b"content-length", b"13"),
            (b"x-repeated", b"a"),
            (b"authorization", b"Bearer k"),
            (b"x-repeated", b"b"),
        ],
        **(scope_extra or {}),
    }
    sent: list[dict] = []

    async def send(message):
        sent.append(message)

    async def main():
        try:
            await asgi.application(scope, _receiver(*(messages or [_chunk(b'{"x": "body"}')])), send)
        finally:
            busy = slots.slots().busy
            slots.slots().shutdown()
        return busy

    busy = asyncio.run(main())
    assert busy == 0  # the slot was given back
    return sent


def test_a_sync_request_gets_its_body_headers_and_client_address_and_its_answer_is_sent(monkeypatch):
    app = _App()
    sent = _serve(monkeypatch, app)
    start, body = sent
    assert start["type"] == "http.response.start" and start["status"] == 201
    assert start["headers"] == [
        (b"content-type", b"application/json"),
        (b"x-twice", b"1"),
        (b"x-twice", b"2"),
    ]
    assert body["type"] == "http.response.body" and body["more_body"] is False
    assert json.loads(body["body"]) == {
        "REQUEST_METHOD": "POST",
        "SCRIPT_NAME": "",
        "PATH_INFO": "/api/thing/",
        "QUERY_STRING": "a=1&b=%C3%A9",
        "CONTENT_TYPE": "application/json",
        "CONTENT_LENGTH": "13",
        "HTTP_X_REPEATED": "a,b",  # a header sent twice reaches Django joined, as under a WSGI server
        "HTTP_AUTHORIZATION": "Bearer k",
        "REMOTE_ADDR": "10.1.2.3",
        "REMOTE_PORT": "40000",
        "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "8000",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "wsgi.url_scheme": "http",
        "body": '{"x": "body"}',
    }
    assert str(app.ran_on).startswith("brabo-sync-") and app.closed_on == [app.ran_on]


def test_the_root_path_and_a_path_beyond_latin1_reach_django_as_a_wsgi_server_gives_them(monkeypatch):
    app = _App()
    extra = {"root_path": "/brabo", "path": "/brabo/api/é/", "client": None, "server": None}
    _start, body = _serve(monkeypatch, app, extra)
    seen = json.loads(body["body"])
    assert seen["SCRIPT_NAME"] == "/brabo" and seen["PATH_INFO"] == "/api/é/".encode().decode("latin1")
    assert seen["REMOTE_ADDR"] is None and (seen["SERVER_NAME"], seen["SERVER_PORT"]) == ("localhost", "80")


def test_a_long_answer_is_sent_in_pieces_and_the_app_closed_once_on_its_slot(monkeypatch):
    piece = b"x" * (100 * 1024)
    app = _App(body_chunks=[piece] * 7)  # 700 KB: more than one gathering
    sent = _serve(monkeypatch, app)
    bodies = [m for m in sent if m["type"] == "http.response.body"]
    assert len(bodies) > 1 and all(m["more_body"] for m in bodies[:-1]) and not bodies[-1]["more_body"]
    assert b"".join(m["body"] for m in bodies) == piece * 7
    assert app.closed_on == [app.ran_on]


def test_an_app_that_raises_lets_the_error_reach_the_server_and_frees_its_slot(monkeypatch):
    app = _App(fail=True)
    with pytest.raises(ValueError, match="the app failed"):
        _serve(monkeypatch, app)
    assert str(app.ran_on).startswith("brabo-sync-")


# -- the slots' hop ------------------------------------------------------------------------------------------


def test_a_slot_runs_calls_on_its_own_thread_in_order_and_returns_results_and_errors():
    async def main():
        loop = asyncio.get_running_loop()
        slot = slots.SlotExecutor(max_workers=1, thread_name_prefix="brabo-sync-test")
        order: list[int] = []

        def step(i: int) -> str:
            order.append(i)
            return threading.current_thread().name

        names = await asyncio.gather(*(slot.call(loop, partial(step, i)) for i in range(20)))
        assert order == list(range(20)) and len(set(names)) == 1 and names[0].startswith("brabo-sync-test")

        def fail():
            raise KeyError("boom")

        with pytest.raises(KeyError, match="boom"):
            await slot.call(loop, fail)
        # still usable after an error, and by sync_to_async as any executor
        assert (
            await sync_to_async(
                lambda: threading.current_thread().name, thread_sensitive=False, executor=slot
            )()
            == names[0]
        )
        slot.shutdown(wait=True)
        with pytest.raises(RuntimeError):
            slot.call(loop, lambda: None)

    asyncio.run(main())


def test_no_more_requests_run_at_once_than_there_are_slots_and_waiting_ones_go_in_turn():
    async def main():
        current = slots.Slots(2)
        loop = asyncio.get_running_loop()
        running, most, started, acquired = [0], [0], [], []
        gate = threading.Event()

        def work(i):
            running[0] += 1
            most[0] = max(most[0], running[0])
            started.append(i)
            gate.wait(5)
            running[0] -= 1

        async def borrower(i):
            async with current.slot() as executor:
                acquired.append(i)
                await executor.call(loop, lambda: work(i))

        tasks = []
        for i in range(6):
            tasks.append(asyncio.create_task(borrower(i)))
            await asyncio.sleep(0)  # arrive in this order
        for _ in range(1000):
            if current.busy == 2 and len(started) == 2:
                break
            await asyncio.sleep(0.01)
        gate.set()
        await asyncio.gather(*tasks)
        current.shutdown()
        return most[0], acquired, started

    most, acquired, started = asyncio.run(main())
    assert most == 2 and acquired == [0, 1, 2, 3, 4, 5] and sorted(started) == acquired
