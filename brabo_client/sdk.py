"""A typed client for Brabo's agent API (README "Using it"): ``propose``, ``get``, ``wait``, ``run_terminal``.

Standard library only, and light: ``brabo hook`` starts as a new process on every tool call of a coding
agent, so the transport is ``brabo_client._wire`` (a socket rather than ``http.client``/``urllib``, JSON
through the ``json`` package's C helpers without ``re`` behind them), which also holds the call's retries and
the errors below: the hook calls it without this module's classes.

Reliability: every request retries connection faults, 429 and 5xx with exponential backoff and jitter
(``retries`` attempts after the first). Every POST carries an ``Idempotency-Key`` header — one key per
logical call, the same on each retry — so a server that honours the header never records a retried
proposal twice (a server that ignores it may, if a response was lost after the proposal was made).

Configuration: ``BRABO_URL`` (default ``http://127.0.0.1:8000``) and ``BRABO_AGENT_KEY``.
"""

import time

from . import _wire
from ._wire import DEFAULT_URL, MIN_ATTEMPT, BraboError, Unavailable, quote

__all__ = ["DEFAULT_URL", "MIN_ATTEMPT", "Action", "BraboError", "Client", "Unavailable"]

TYPE_CHECKING = False
# typing and collections cost milliseconds to import; only type checkers need them. Annotations naming them
# are quoted: the modules the command hook loads do without ``from __future__ import annotations``, which
# imports the ``__future__`` module at run time (bench/hooks.py).
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

SERVER_WAIT_MAX = 600.0  # the API's longest single wait (actions/views.py MAX_WAIT_SECONDS)
SETTLED = ("executed", "failed", "denied")


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
        self.url, self._parts = _wire.endpoint(url or DEFAULT_URL)
        self.key = key
        self.timeout, self.retries, self.backoff, self._sleep = timeout, retries, backoff, sleep

    # -- transport --------------------------------------------------------------------------------------

    def _retrying(self) -> dict:
        """The retry settings every call of this client hands to the wire."""
        return {"retries": self.retries, "backoff": self.backoff, "sleep": self._sleep}

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
        return _wire.call(
            self.url,
            self._parts,
            self.key,
            method,
            path,
            body,
            query=query,
            headers=headers,
            timeout=timeout or self.timeout,
            idempotency_key=idempotency_key,
            deadline=deadline,
            **self._retrying(),
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
        return _wire.hook_call(
            self.url,
            self._parts,
            self.key,
            agent,
            body,
            root=root,
            params=params,
            timeout=timeout or self.timeout,
            deadline=deadline,
            **self._retrying(),
        )
