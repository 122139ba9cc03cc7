"""A typed client for Brabo's agent API (README "Using it"): ``propose``, ``get``, ``wait``, ``run_terminal``.

Standard library only, and light: ``brabo hook`` starts as a new process on every tool call of a coding
agent, so the transport is ``brabo_client._http`` (a socket) rather than ``http.client``/``urllib``, and JSON
goes through ``brabo_client._jsonwire`` (the ``json`` package's C helpers, without ``re`` behind them).

Reliability: every request retries connection faults, 429 and 5xx with exponential backoff and jitter
(``retries`` attempts after the first). Every POST carries an ``Idempotency-Key`` header — one key per
logical call, the same on each retry — so a server that honours the header never records a retried
proposal twice (a server that ignores it may, if a response was lost after the proposal was made).

Configuration: ``BRABO_URL`` (default ``http://127.0.0.1:8000``) and ``BRABO_AGENT_KEY``.
"""

import time

from . import _http, _jsonwire
from ._http import quote, urlencode

try:  # the C module under ``os``, whose import the command hook's process does without (brabo_client/hook.py)
    from posix import urandom
except ImportError:
    from os import urandom

TYPE_CHECKING = False
# typing and collections cost milliseconds to import; only type checkers need them. Annotations naming them
# are quoted: the modules the command hook loads do without ``from __future__ import annotations``, which
# imports the ``__future__`` module at run time (bench/hooks.py).
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

DEFAULT_URL = "http://127.0.0.1:8000"
SERVER_WAIT_MAX = 600.0  # the API's longest single wait (actions/views.py MAX_WAIT_SECONDS)
SETTLED = ("executed", "failed", "denied")
MIN_ATTEMPT = 0.05  # seconds: an attempt with less than this left of its deadline is not started


class BraboError(Exception):
    """The API refused the call (4xx): ``status``, the stable ``reason`` code and the ``detail`` sentence."""

    def __init__(self, status: int, detail: str, reason: str | None = None):
        super().__init__(f"{detail} (HTTP {status}{', ' + reason if reason else ''})")
        self.status, self.detail, self.reason = status, detail, reason


class Unavailable(BraboError):
    """Brabo could not be reached, or kept answering 5xx, after every retry."""


class Action:
    """An action as the API shows it (``GET /api/actions/{id}/``); ``raw`` is the whole JSON object.
    (A plain class, not a dataclass: importing ``dataclasses`` costs more than a hook's decision.)"""

    __slots__ = (
        "id",
        "status",
        "action_type",
        "reason",
        "message",
        "payload",
        "result",
        "settled",
        "decided_by",
        "segments",
        "scope_root",
        "raw",
    )

    def __init__(self, data: dict):
        self.id: str = str(data.get("id", ""))
        self.status: str = str(data.get("status", ""))
        self.action_type: str = str(data.get("action_type", ""))
        self.reason: str = str(data.get("reason") or "")
        self.message: str = str(data.get("message") or "")
        self.payload: dict = data.get("payload") or {}
        self.result: Any = data.get("result")
        self.settled: bool = bool(data.get("settled"))
        self.decided_by: str | None = data.get("decided_by")
        self.segments: list = data.get("segments") or []
        self.scope_root: str = str(data.get("scope_root") or "")  # the terminal command's scope (R6.4)
        self.raw: dict = data

    @classmethod
    def from_api(cls, data: "Any") -> "Action":
        if not isinstance(data, dict):
            raise BraboError(502, f"Brabo answered something that is not an action: {str(data)[:200]}")
        return cls(data)

    def __repr__(self) -> str:
        return f"Action(id={self.id!r}, status={self.status!r}, action_type={self.action_type!r})"

    @property
    def pending(self) -> bool:
        return self.status == "pending"


class Client:
    def __init__(
        self,
        url: str | None = None,
        key: str | None = None,
        *,
        timeout: float = 30.0,
        retries: int = 4,
        backoff: float = 0.25,
        sleep: "Callable[[float], None]" = time.sleep,
    ):
        if not url or key is None:  # the command hook passes both (and never imports os)
            import os

            url = url or os.environ.get("BRABO_URL")
            key = key if key is not None else os.environ.get("BRABO_AGENT_KEY", "")
        self.url = (url or DEFAULT_URL).rstrip("/")
        self.key = key
        try:
            self._scheme, self._host, self._port, self._base_path = _http.split_url(self.url)
        except ValueError:
            raise ValueError(
                f"BRABO_URL must be an http(s) URL such as {DEFAULT_URL}; got {self.url!r}"
            ) from None
        self.timeout, self.retries, self.backoff, self._sleep = timeout, retries, backoff, sleep

    # -- transport --------------------------------------------------------------------------------------

    def request(
        self,
        method: str,
        path: str,
        body: "Any" = None,
        *,
        query: dict | None = None,
        headers: dict | None = None,
        timeout: float | None = None,
        idempotency_key: str | None = None,
        deadline: float | None = None,
    ) -> "Any":
        """One API call with retries; returns the decoded JSON body. Raises BraboError / Unavailable.

        ``deadline`` (``time.monotonic()``) bounds the whole call, retries and their backoff included: each
        attempt gets at most what is left of it, and no attempt starts once it is (nearly) spent."""
        target = self._base_path + path + ("?" + urlencode(query) if query else "")
        data = None if body is None else _jsonwire.dumps(body).encode()
        head = {"Accept": "application/json", **(headers or {})}
        if self.key:
            head["Authorization"] = f"Bearer {self.key}"
        if data is not None:
            head["Content-Type"] = "application/json"
        if method == "POST":
            head["Idempotency-Key"] = idempotency_key or urandom(16).hex()  # same key on every retry
        last = ""
        attempts = 0
        for attempt in range(self.retries + 1):
            if attempt:  # exponential backoff with jitter, so retrying clients do not arrive together
                jitter = 0.5 + int.from_bytes(urandom(2), "big") / 65535
                pause = self.backoff * (2 ** (attempt - 1)) * jitter
                if deadline is not None:
                    pause = min(pause, deadline - time.monotonic() - MIN_ATTEMPT)
                    if pause < 0:
                        break  # no time left for another attempt
                self._sleep(pause)
            per_try = timeout or self.timeout
            if deadline is not None:
                per_try = min(per_try, deadline - time.monotonic())
                if per_try < MIN_ATTEMPT:
                    break
            attempts += 1
            try:
                status, raw = _http.request(
                    self._scheme, self._host, self._port, method, target, data, head, per_try
                )
            except OSError as exc:  # refused, reset, timed out, or not HTTP
                last = f"cannot reach Brabo at {self.url}: {exc}"
                continue
            if status == 429 or status >= 500:
                last = f"Brabo answered HTTP {status} at {path}"
                continue
            try:
                decoded = _jsonwire.loads(raw) if raw else None
            except ValueError:
                # not Brabo's API answering (`--url …/admin` printed Django's HTML 403 page): say
                # which address answered and how to fix it, never the page itself.
                raise BraboError(
                    status,
                    f"{self.url}{path} answered HTTP {status} with something that is not Brabo's API (not "
                    f"JSON); set --url / BRABO_URL to the server's base address, e.g. http://127.0.0.1:8000 — "
                    f"without /admin or /api",
                    "not_brabo_api",
                ) from None
            if status >= 400:
                if isinstance(decoded, dict):
                    raise BraboError(status, str(decoded.get("detail", decoded)), decoded.get("reason"))
                raise BraboError(status, f"HTTP {status}")
            return decoded
        if not attempts:
            last = f"no time left to reach Brabo at {self.url}"
        raise Unavailable(
            503, f"{last} (after {attempts} attempt{'s' if attempts != 1 else ''})", "unavailable"
        )

    # -- the API ----------------------------------------------------------------------------------------

    def propose(
        self,
        action_type: str,
        payload: dict,
        *,
        wait: float | None = None,
        task: str | None = None,
        idempotency_key: str | None = None,
    ) -> Action:
        """``POST /api/actions/`` — the decision at once; with ``wait`` an auto-approved action's result."""
        body: dict = {"action_type": action_type, "payload": payload}
        if task:
            body["task"] = task
        query = {"wait": f"{wait:g}"} if wait else None
        data = self.request(
            "POST",
            "/api/actions/",
            body,
            query=query,
            timeout=self.timeout + (wait or 0),
            idempotency_key=idempotency_key,
        )
        return Action.from_api(data)

    def get(self, action_id: str) -> Action:
        return Action.from_api(self.request("GET", f"/api/actions/{quote(action_id, safe='')}/"))

    def wait(
        self,
        action_id: str,
        timeout: float,
        *,
        slice_seconds: float = SERVER_WAIT_MAX,
        on_tick: "Callable[[Action], None] | None" = None,
    ) -> Action:
        """Until the action is settled (executed, failed, denied) or ``timeout`` seconds passed; returns its
        last state. ``on_tick`` sees the state after each server wait of at most ``slice_seconds``."""
        deadline = time.monotonic() + max(0.0, timeout)
        path = f"/api/actions/{quote(action_id, safe='')}/wait/"
        while True:
            remaining = deadline - time.monotonic()
            step = max(0.0, min(remaining, slice_seconds, SERVER_WAIT_MAX))
            action = Action.from_api(
                self.request("GET", path, query={"timeout": f"{step:.1f}"}, timeout=self.timeout + step)
            )
            if on_tick is not None:
                on_tick(action)
            if action.settled or action.status in SETTLED or deadline - time.monotonic() <= 0:
                return action

    def run_terminal(
        self,
        command: str,
        *,
        cwd: str | None = None,
        timeout: float = 600.0,
        on_tick: "Callable[[Action], None] | None" = None,
    ) -> Action:
        """Propose a terminal command and wait (up to ``timeout`` s) for its outcome."""
        payload: dict = {"command": command}
        if cwd:
            payload["cwd"] = cwd
        action = self.propose("terminal", payload, wait=min(timeout, 30.0) if timeout else None)
        if on_tick is not None:
            on_tick(action)
        if action.settled or action.status in SETTLED:
            return action
        return self.wait(action.id, timeout, slice_seconds=2.0, on_tick=on_tick)

    def hook(
        self,
        agent: str,
        body: "Any",
        *,
        root: str | None,
        params: dict,
        timeout: float,
        deadline: float | None = None,
    ) -> "Any":
        """``POST /api/hooks/<agent>/`` — the agent's hook input in, the agent's hook output back; the
        whole call (retries included) ends by ``deadline`` when one is given."""
        headers = {"X-Brabo-Project-Root": root} if root else {}
        key = None
        if isinstance(body, dict) and isinstance(body.get("tool_use_id"), str):
            key = f"hook:{agent}:{body.get('session_id', '')}:{body['tool_use_id']}"[:200]
        return self.request(
            "POST",
            f"/api/hooks/{agent}/",
            body,
            query=params,
            headers=headers,
            timeout=timeout,
            idempotency_key=key,
            deadline=deadline,
        )
