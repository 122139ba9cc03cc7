"""Pre-tool hook endpoints for coding agents: ``POST /api/hooks/{claude-code,gemini-cli,codex}/``.

The body is the agent's own hook input; the answer is the agent's own hook output
(``actions.agent_hooks`` holds the three protocols and cites their documentation). Authenticated with
the agent's key (``Authorization: Bearer <agent key>``). Claude Code calls its endpoint directly (an
``"type": "http"`` hook); ``brabo hook <agent>`` forwards a command hook's stdin here for all three.

Query parameters (the documented settings of a hook):

* ``timeout`` — seconds to wait for a person's decision (default 50, at most 600). Keep it below the
  agent's own hook timeout: Claude Code runs the tool when an HTTP hook times out.
* ``pending`` — ``wait`` (default): a proposal that needs approval waits for a person in the Brabo console,
  and is denied at the timeout; ``ask``: the person at the agent's terminal decides at once (Claude Code
  only; the Brabo action stays pending in the console). Use ``ask`` only for an interactive session.
* ``other`` — ``ask`` (default), ``deny`` or ``allow``: the answer for a tool Brabo has no action type
  for. An ``ask`` becomes a deny where nobody at the terminal may decide (``pending=wait``, or an agent
  without an "ask" answer).

Header ``X-Brabo-Project-Root``: the project's folder on the agent's machine; tool paths and the shell's
cwd are made relative to it. Without it, file tools and shell commands are refused ("outside").

Every failure is answered 200 with a deny in the agent's format: a non-2xx answer is a non-blocking
error for Claude Code, which would run the tool — fail closed.
"""

from __future__ import annotations

import logging
import posixpath
import time
from functools import partial

from django.urls import path
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.exceptions import APIException
from rest_framework.response import Response
from rest_framework.views import APIView

from brabo.errors import DomainError
from projects.authentication import request_agent

from . import services, waiting
from .agent_hooks import ALLOW, ASK, DENY, PROTOCOLS, HookInputError, Mapped
from .models import (
    APPROVED,
    AUTO_APPROVED,
    DENIED,
    EXECUTED,
    EXECUTING,
    EXPIRED,
    FAILED,
    PENDING,
    ProposedAction,
)

log = logging.getLogger(__name__)

DEFAULT_TIMEOUT = 50.0
MAX_TIMEOUT = 600.0
ALLOWED_STATES = (AUTO_APPROVED, APPROVED, EXECUTING, EXECUTED)
ROOT_HEADER = "X-Brabo-Project-Root"


class HookRefused(Exception):
    """The hook call cannot be decided; answered as a deny naming why."""


def _settings(params) -> tuple[float, str, str]:
    raw = params.get("timeout", "")
    try:
        timeout = DEFAULT_TIMEOUT if raw == "" else float(raw)
    except ValueError:
        timeout = -1.0
    if not 0 <= timeout <= MAX_TIMEOUT:
        raise HookRefused(f"timeout must be a number of seconds from 0 to {MAX_TIMEOUT:.0f}; got {raw!r}.")
    pending = params.get("pending", "wait")
    if pending not in ("wait", "ask"):
        raise HookRefused(f"pending must be wait or ask; got {pending!r}.")
    other = params.get("other", ASK)
    if other not in (ASK, DENY, ALLOW):
        raise HookRefused(f"other must be ask, deny or allow; got {other!r}.")
    return timeout, pending, other


class AgentHookView(APIView):
    """Decide one tool call of a coding agent through Brabo's policy, in that agent's hook protocol."""

    @extend_schema(
        request=OpenApiTypes.OBJECT,
        responses=OpenApiTypes.OBJECT,
        parameters=[
            OpenApiParameter("timeout", OpenApiTypes.NUMBER, description="seconds to wait for a person"),
            OpenApiParameter("pending", OpenApiTypes.STR, enum=["wait", "ask"]),
            OpenApiParameter("other", OpenApiTypes.STR, enum=[ASK, DENY, ALLOW]),
        ],
    )
    def post(self, request, agent: str):
        proto = PROTOCOLS.get(agent)
        if proto is None:
            raise HookRefused(f"no hook protocol named {agent!r}; use one of {', '.join(PROTOCOLS)}.")
        caller = request_agent(request)
        if caller is None:
            raise HookRefused("only an agent's key may call a hook endpoint (Authorization: Bearer <key>).")
        timeout, pending, other = _settings(request.query_params)
        root = request.headers.get(ROOT_HEADER) or None
        try:
            mapped = proto.map(request.data, root)
        except HookInputError as exc:
            raise HookRefused(f"the {agent} hook input is not as documented: {exc}.") from None
        decision, reason = self._decide(caller, mapped, timeout, pending, other, request)
        if decision == ASK and not (proto.can_ask and pending == "ask"):
            decision = DENY
            why = (
                "nobody at the terminal may decide (pending=wait)"
                if proto.can_ask
                else (f"{agent} has no documented 'ask' answer")
            )
            reason += f" It needs a person, and {why}, so it is refused for now."
        return Response(proto.answer(decision, reason))

    def handle_exception(self, exc):
        proto = PROTOCOLS.get(self.kwargs.get("agent", ""), PROTOCOLS["claude-code"])
        if isinstance(exc, HookRefused | DomainError | APIException):
            detail = exc.detail if isinstance(exc, APIException) else str(exc)
            return Response(proto.answer(DENY, f"Brabo refused this tool call: {detail}"))
        log.exception("agent hook failed")
        return Response(
            proto.answer(DENY, "Brabo could not decide this tool call (internal error, logged); retry.")
        )

    # -- deciding ---------------------------------------------------------------------------------------

    def _decide(self, caller, mapped: Mapped, timeout, pending, other, request) -> tuple[str, str]:
        if mapped.refusal == "unmapped":
            return (
                other,
                f"Brabo has no action type for the tool {mapped.tool}; the configured answer is {other}.",
            )
        if mapped.refusal:
            return ASK, f"Brabo: {mapped.why}"
        project = caller.project
        actions = []
        for p in mapped.proposals:
            payload = dict(p.payload)
            if p.action_type == "terminal" and p.cwd_in_root:
                payload["cwd"] = posixpath.join(project.root(), p.cwd_in_root)
            actions.append(
                services.propose_action(
                    project=project, agent=caller, action_type=p.action_type, payload=payload
                ).action
            )
        console = request.build_absolute_uri("/admin/console/")
        if pending == "wait":
            deadline = time.monotonic() + timeout
            for a in actions:
                remaining = deadline - time.monotonic()
                if a.status == PENDING and remaining > 0:
                    waiting.wait_for(str(a.id), partial(_decided, a), remaining)
        return _verdict(actions, console, pending)


def _status(action: ProposedAction) -> str:
    action.refresh_from_db(fields=["status", "result", "denial_reason", "decided_by", "decided_at"])
    return action.status


def _decided(action: ProposedAction) -> bool:
    return _status(action) != PENDING


def _who(action: ProposedAction) -> str:
    person = action.decided_by if action.decided_by_id else None
    return person.get_username() if person else "Brabo's policy"


def _verdict(actions: list[ProposedAction], console: str, pending: str) -> tuple[str, str]:
    for a in actions:
        if a.status == DENIED:
            why = a.denial_reason if a.decided_by_id else a.message
            return DENY, f"Brabo: {_who(a)} denied this ({a.action_type}, action {a.id}): {why}"
        if a.status == EXPIRED:
            return DENY, f"Brabo: nobody decided action {a.id} in time; it expired (approval_expired)."
        if a.status == FAILED:
            return DENY, f"Brabo: action {a.id} failed before the agent could run it: {a.result}"
    still = [a for a in actions if a.status not in ALLOWED_STATES]
    if not still:
        a = actions[-1]
        if a.decided_by_id:
            return ALLOW, f"Brabo: approved by {_who(a)} (action {a.id})."
        return ALLOW, f"Brabo: auto-approved — {a.message}"
    a = still[0]
    if pending == "ask":
        return ASK, (
            f"Brabo: this needs a person's approval — {a.message} (action {a.id}; also in the console: {console})."
        )
    return DENY, (
        f"Brabo: still waiting for a person's approval — {a.message}. Approve action {a.id} in the console "
        f"({console}), then let the agent try again."
    )


urlpatterns = [path("<str:agent>/", AgentHookView.as_view(), name="agent-hook")]
