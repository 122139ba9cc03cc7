"""Pre-tool hook endpoints for coding agents: ``POST /api/hooks/{claude-code,gemini-cli,codex}/``.

The body is the agent's own hook input; the answer is the agent's own hook output
(``actions.agent_hooks`` holds the three protocols and cites their documentation). Authenticated with
the agent's key (``Authorization: Bearer <agent key>``). Claude Code calls its endpoint directly (an
``"type": "http"`` hook); ``brabo hook <agent>`` forwards a command hook's stdin here for all three.

Query parameters (the documented settings of a hook):

* ``timeout`` — seconds to wait for a person's decision (default 50, at most 600), clamped to end before
  the agent's own hook timeout (R12.6): the agent runs the tool when its hook times out.
* ``agent_timeout`` — the hook timeout the agent was configured with (default: the agent's documented
  default, ``agent_hooks.HOOK_TIMEOUT`` — Claude Code's HTTP hooks: 600 s, assumed 60). The wait ends at
  ``agent_timeout − margin − reserve`` at the latest (``agent_hooks.server_wait``).
* ``pending`` — ``wait`` (default): a proposal that needs approval waits for a person in the Brabo console,
  and is denied at the timeout; ``ask``: the person at the agent's terminal decides at once (Claude Code
  and Gemini CLI; the Brabo action stays pending in the console). Use ``ask`` only for an interactive
  session.
* ``other`` — ``ask`` (default), ``deny`` or ``allow``: the answer for a tool Brabo has no action type
  for (an MCP tool has one too: ``mcp_call``, decided by the ``Mcp(...)`` rules). An ``ask`` becomes a deny where nobody at the terminal may decide (``pending=wait``, or an agent
  without an "ask" answer).

Approve, then retry (R12.6): a hook call that needs a person is remembered by its fingerprint (the agent,
the hook protocol, the tool and the action it maps to, cwd and path included). The same call again re-attaches
to that action while it is pending — no second pending action; once a person approves it, the next identical
call within ``RETRY_WINDOW`` of the approval is allowed, once (the approval is used up by a status-guarded
UPDATE, so two racing retries cannot both use it); a person's denial answers identical calls with their
reason for the same window; an expired action, a used approval or one older than the window is proposed
again.

Header ``X-Brabo-Project-Root``: the project's folder on the agent's machine; tool paths and the shell's
cwd are made relative to it. Without it, file tools and shell commands are refused ("outside"). Two forms
(``project_root``): the path as it is, starting with ``/`` (what Claude Code's HTTP hook sends from its
settings, and every client before the second form: HTTP reads it as Latin-1), or RFC 8187's ext-value,
``UTF-8''`` and the path's bytes percent-encoded (``brabo_client._wire.root_header``, for any other path:
``/home/张三/app``, bytes that are not UTF-8, a line break). A value of the second form that is not
well-formed is refused, naming what is wrong.

Header ``X-Brabo-Hook-Nonce`` (the command hook's, 32 lower-case hex digits): echoed in ``X-Brabo-Hook-Answer``
on every answer, refusals included -- the command hook takes a decision only from an answer that carries its
call's nonce, so another JSON service at its URL (one answering ``{}``, which is Codex's allow) is refused.

Every failure is answered 200 with a deny in the agent's format: a non-2xx answer is a non-blocking
error for Claude Code, which would run the tool — fail closed.
"""

from __future__ import annotations

import hashlib
import json
import logging
import posixpath
import re
import time
from datetime import timedelta
from functools import partial
from urllib.parse import unquote_to_bytes

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.db import IntegrityError, connections, transaction
from django.db.models import Q
from django.urls import path
from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.exceptions import APIException
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response

from brabo.errors import DomainError
from brabo.parsers import TextAsSentJSONParser
from brabo.sql import fetch_one
from brabo_client._wire import HOOK_ANSWER, HOOK_NONCE
from brabo_client.hook import event_refusal
from projects.api_base import BraboAPIView
from projects.authentication import KeyFence, refuse_if_fenced, request_agent

from . import announce, hooks_schema, payloads, services, waiting
from .agent_hooks import ALLOW, ASK, DENY, PROTOCOLS, AgentProtocol, HookInputError, Mapped, server_wait
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
# R12.6 — how long after a person's decision the same hook call retried gets it: long enough for an agent
# (or its user) to notice the refusal and retry, short enough that an old approval does not linger.
RETRY_WINDOW = timedelta(minutes=10)
_DECIDED = (APPROVED, EXECUTING, EXECUTED, DENIED)  # a person's decision a retry may meet


class HookRefused(Exception):
    """The hook call cannot be decided; answered as a deny naming why."""


def project_root(value: str | None) -> str | None:
    """The project root an ``X-Brabo-Project-Root`` value names (module docstring), or None when there is none.

    The encoded form's bytes are read as ``os.fsdecode`` reads a file name (UTF-8, other bytes kept as lone
    surrogates), the spelling the hook's JSON gives the cwd and the tool paths in, so that the root compares
    with them. Anything else is refused (HookRefused): a ``%`` without two hexadecimal digits after it, a
    character past ASCII, a blank or a control character where only percent-encoding belongs, a NUL byte (no
    path holds one), a root that is not absolute -- never guessed at, and never an error status, which Claude
    Code's HTTP hook would take as leave to run the tool (R12.6)."""
    if not value:
        return None
    charset, quote_mark, rest = value.partition("'")
    if value.startswith("/") or not quote_mark or not charset.replace("-", "").isalnum():
        if any(c < " " or c == "\x7f" for c in value):  # (HTTP hands a header's bytes over as Latin-1)
            raise HookRefused(f"the {ROOT_HEADER} header holds a control character; no project root does.")
        return value  # the path as it is: the form every client before the encoded one sends
    if charset.lower() != "utf-8":
        raise HookRefused(
            f"the {ROOT_HEADER} header names the character set {charset[:32]!r}; a root's bytes are read as "
            "UTF-8 (UTF-8''%2Fhome%2F...)."
        )
    _language, tag_end, encoded = rest.partition("'")  # a language tag: a path has no use for one
    if not tag_end:
        raise HookRefused(
            f"the {ROOT_HEADER} header is not well-formed: the encoded form is {charset}'' followed by the "
            "path's bytes, percent-encoded (UTF-8''%2Fhome%2F...)."
        )
    if not (encoded.isascii() and encoded.isprintable()) or " " in encoded:
        raise HookRefused(
            f"the {ROOT_HEADER} header is not well-formed: after {charset}'' only percent-encoded bytes "
            "(%XX) and ASCII letters, digits and marks may follow, no blank, control character or other "
            "character."
        )
    data = _unpercent(encoded)
    if 0 in data:
        raise HookRefused(f"the {ROOT_HEADER} header names a path holding a NUL byte (%00); no path does.")
    root = data.decode("utf-8", "surrogateescape")
    if not root.startswith("/"):
        raise HookRefused(
            f"the {ROOT_HEADER} header names {root!r}, which is not an absolute path; the project root is the "
            "project's folder from '/'."
        )
    return root


def _unpercent(encoded: str) -> bytes:
    """The bytes percent-encoded ``encoded`` (printable ASCII) spells; HookRefused for a ``%`` that is not
    followed by two hexadecimal digits (which ``unquote_to_bytes`` would keep as it is)."""
    bad = _BAD_PERCENT(encoded)
    if bad is not None:
        raise HookRefused(
            f"the {ROOT_HEADER} header is not well-formed: a '%' must be followed by two hexadecimal "
            f"digits (%2F); got '{encoded[bad.start() : bad.start() + 3]}'."
        )
    return unquote_to_bytes(encoded)


_NONCE = re.compile(r"[0-9a-f]{32}").fullmatch  # what the command hook sends (brabo_client._wire.hook_call)
_BAD_PERCENT = re.compile(r"%(?![0-9A-Fa-f]{2})").search


def _seconds(params, name: str, default: float) -> float:
    raw = params.get(name, "")
    try:
        value = default if raw == "" else float(raw)
    except ValueError:
        value = -1.0
    if not 0 <= value <= MAX_TIMEOUT:
        raise HookRefused(f"{name} must be a number of seconds from 0 to {MAX_TIMEOUT:.0f}; got {raw!r}.")
    return value


def _settings(params, proto: AgentProtocol) -> tuple[float, str, str]:
    wanted = _seconds(params, "timeout", DEFAULT_TIMEOUT)
    # R12.6 — the wait ends before the agent's own hook timeout, which would let the tool run.
    timeout = server_wait(wanted, _seconds(params, "agent_timeout", proto.hook_timeout))
    pending = params.get("pending", "wait")
    if pending not in ("wait", "ask"):
        raise HookRefused(f"pending must be wait or ask; got {pending!r}.")
    other = params.get("other", ASK)
    if other not in (ASK, DENY, ALLOW):
        raise HookRefused(f"other must be ask, deny or allow; got {other!r}.")
    return timeout, pending, other


class HookAnswerRenderer(JSONRenderer):
    """The hook's answer as JSON with every character past ASCII escaped (``\\u00e9``), so that any string
    renders. A reason may quote text that is not UTF-8 -- the path of a link on the agent's machine spelt in
    other bytes, a lone surrogate sent as JSON's ``\\udcff`` -- which DRF's renderer (UTF-8, unescaped) cannot
    encode: the answer was an HTTP 500, and Claude Code's HTTP hook runs the tool on a 500 (R12.6)."""

    ensure_ascii = True


class AgentHookView(BraboAPIView):
    """Decide one tool call of a coding agent through Brabo's policy, in that agent's hook protocol."""

    people_only = False
    renderer_classes = [HookAnswerRenderer]  # JSON only: an agent reads no other answer
    parser_classes = [TextAsSentJSONParser]  # the tool input as the agent sent it, lone surrogates too
    dangerously_allow_machines = "a coding agent's own hook: only an agent key may call it"
    dangerously_unscoped = "the agent key is the scope: the call is judged in the key's project"

    @extend_schema(
        request={"application/json": hooks_schema.REQUEST},
        responses={200: hooks_schema.RESPONSE},
        parameters=[
            OpenApiParameter(
                "agent",
                OpenApiTypes.STR,
                OpenApiParameter.PATH,
                enum=list(PROTOCOLS),
                description="the coding agent whose hook protocol the body and the answer follow",
            ),
            OpenApiParameter("timeout", OpenApiTypes.NUMBER, description="seconds to wait for a person"),
            OpenApiParameter(
                "agent_timeout",
                OpenApiTypes.NUMBER,
                description="the agent's hook timeout in seconds; the wait ends before it",
            ),
            OpenApiParameter(
                ROOT_HEADER,
                OpenApiTypes.STR,
                OpenApiParameter.HEADER,
                description="the project's folder on the agent's machine: the path as it is (starting with "
                "'/', read as Latin-1), or UTF-8'' and the path's bytes percent-encoded (RFC 8187), for any "
                "other path",
            ),
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
        timeout, pending, other = _settings(request.query_params, proto)
        root = project_root(request.headers.get(ROOT_HEADER))
        not_pre_tool = event_refusal(agent, request.data)  # no proposal for a call that is not a pre-tool one
        if not_pre_tool is not None:
            raise HookRefused(not_pre_tool)
        try:
            mapped = proto.map(request.data, root)
        except HookInputError as exc:
            raise HookRefused(f"the {agent} hook input is not as documented: {exc}.") from None
        steps = self._deciding(caller, proto, mapped, timeout, pending, other, request)

        def answer(verdict: tuple[str, str]) -> dict:
            decision, reason = verdict
            if decision == ASK and not (proto.can_ask and pending == "ask"):
                decision = DENY
                why = (
                    "nobody at the terminal may decide (pending=wait)"
                    if proto.can_ask
                    else (f"{agent} has no documented 'ask' answer")
                )
                reason += f" It needs a person, and {why}, so it is refused for now."
            return proto.answer(decision, reason)

        try:
            # The proposal's announcements (live streams, notifications, an auto-approved action's execution
            # message and its outbox flag) go out after the answer (finalize_response): the agent waits for
            # nothing it does not need.
            with announce.held(self._after_answer):
                step = next(steps)  # up to its first wait for a person, or its answer
        except StopIteration as done:
            return Response(answer(done.value))
        announce.send_held(self._after_answer)  # a person is to decide: tell them before waiting
        # A wait: its place under the caps on concurrent waits; at a cap the call is refused as a
        # deny (handle_exception), never answered with an error the agent would take as "run the tool".
        allowance = waiting.wait_allowance(agent_id=caller.id, workspace_id=caller.project.workspace_id)
        # the key this call came with: revoked, rotated out or suspended while it waits, the decision is a
        # deny with that refusal, never the person's approval (R12.1)
        fence = KeyFence.of_request(request)
        plan = getattr(request, "brabo_deferred_wait", None)
        if plan is not None:
            # Under the ASGI server the async route waits (actions.wait_views), holding no thread; it resumes
            # the decision on a sync slot after each wait.
            plan.defer_steps(
                steps, step, answer, allowance, lambda exc: self.handle_exception(exc).data, fence
            )
            return Response(None)
        with allowance:
            while True:
                action, seconds = step
                waiting.wait_for(
                    waiting.wait_keys(str(action.id), fence), partial(_decided, action, fence), seconds
                )
                refuse_if_fenced(fence)
                try:
                    step = steps.send(None)
                except StopIteration as done:
                    return Response(answer(done.value))

    _after_answer: list

    def initial(self, request, *args, **kwargs):
        self._after_answer = []
        super().initial(request, *args, **kwargs)

    def finalize_response(self, request, response, *args, **kwargs):
        """What the decision held back (``announce.held``) runs when the answer has been sent: the WSGI server
        closes the response after writing it, and so does Django's ASGI handler the copy ``brabo.asgi``'s
        hook route sends (``wait_views._plain`` carries it over); Django runs the closers before it lets the
        request's database connection go."""
        response = super().finalize_response(request, response, *args, **kwargs)
        nonce = request.headers.get(HOOK_NONCE, "")
        if _NONCE(nonce):
            # the command hook's proof that this answer is Brabo's decision of its call (brabo_client._wire
            # hook_call): every answer of this view carries it, refusals included
            response[HOOK_ANSWER] = nonce
        later = getattr(self, "_after_answer", None)
        if later:
            response._resource_closers.append(partial(announce.send_held, later))
        return response

    def handle_exception(self, exc):
        proto = PROTOCOLS.get(self.kwargs.get("agent", ""), PROTOCOLS["claude-code"])
        if isinstance(exc, RequestDataTooBig):
            size = self.request.META.get("CONTENT_LENGTH") or "?"
            limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
            return Response(
                proto.answer(
                    DENY,
                    f"Brabo refused this tool call: its hook input is {size} bytes, over the {limit} bytes "
                    f"({limit / 1048576:.1f} MB) Brabo reads in one request, so nobody can review it. Write "
                    "the file in smaller parts.",
                )
            )
        if isinstance(exc, HookRefused | DomainError | APIException):
            detail = exc.detail if isinstance(exc, APIException) else str(exc)
            return Response(proto.answer(DENY, f"Brabo refused this tool call: {detail}"))
        log.exception("agent hook failed")
        return Response(
            proto.answer(DENY, "Brabo could not decide this tool call (internal error, logged); retry.")
        )

    # -- deciding ---------------------------------------------------------------------------------------

    def _deciding(self, caller, proto, mapped: Mapped, timeout, pending, other, request):
        """The decision, as a generator: it yields ``(action, seconds)`` where it waits for a person to decide
        ``action`` (the caller does the waiting: a blocked thread under WSGI, an awaited hub under ASGI) and
        returns ``(decision, reason)``."""
        if mapped.refusal == "unmapped":
            return (
                other,
                f"Brabo has no action type for the tool {mapped.tool}; the configured answer is {other}.",
            )
        if mapped.refusal == "free":  # nothing to judge (agent_hooks.subagent): no proposal, no record
            return ALLOW, f"Brabo: {mapped.why}"
        if mapped.refusal:
            return ASK, f"Brabo: {mapped.why}"
        project = caller.project
        planned = []
        for p in mapped.proposals:
            payload = dict(p.payload)
            if p.action_type == "terminal" and p.cwd_in_root:
                payload["cwd"] = posixpath.join(project.root(), p.cwd_in_root)
            if p.action_type in ("write_file", "mcp_call"):
                _refuse_if_too_large(mapped.tool, payload)
            planned.append(
                (p.action_type, payload, fingerprint(caller, proto, mapped.tool, p.action_type, payload))
            )
        if mapped.quiet and all(
            services.would_auto_approve(project=project, agent=caller, action_type=t, payload=pl)
            for t, pl, _ in planned
        ):
            # a reading tool the rules let through (agent_hooks.reader): nothing recorded, as an agent reads
            # its project all day; anything else is proposed below (recorded, a person decides)
            return ALLOW, f"Brabo: {mapped.why}"
        console = request.build_absolute_uri("/admin/console/")
        deadline = time.monotonic() + timeout
        for _ in range(3):
            actions = _attach_or_propose(caller, project, planned)
            if pending == "wait":
                for a in actions:
                    remaining = deadline - time.monotonic()
                    if a.status == PENDING and remaining > 0:
                        yield (
                            a,
                            remaining,
                        )  # resumed once it is decided or the time is up (_decided re-read it)
            # (statuses as read by the lookup, the proposal or the wait: no second read on the fast path)
            if any(a.status not in ALLOWED_STATES for a in actions) or _use_approvals(actions, planned):
                return _verdict(actions, console, pending)
            # Another identical call used the approval first (R12.6: once): this one asks again.
        raise HookRefused("identical tool calls keep using each other's approvals; retry the tool call.")


def fingerprint(caller, proto: AgentProtocol, tool: str, action_type: str, payload: dict) -> str:
    """R12.6 — what makes a retried hook call "the same tool call": the agent, its hook protocol, the tool
    and the action it maps to (payload with cwd and path, as proposed)."""
    blob = json.dumps(
        [str(caller.id), proto.name, tool, action_type, payload], sort_keys=True, separators=(",", ":")
    )
    return hashlib.sha256(blob.encode()).hexdigest()


def _refuse_if_too_large(tool: str, payload: dict) -> None:
    """A write over the proposal's size limit is refused by name, with its size and the limit."""
    size = len(json.dumps(payload))  # as actions.payloads measures it
    if size > payloads.MAX_PAYLOAD_BYTES:
        raise HookRefused(
            f"the {tool} of {payload.get('path', 'this file')} is {size} bytes as a proposal, over the "
            f"{payloads.MAX_PAYLOAD_BYTES} bytes ({payloads.MAX_PAYLOAD_BYTES // 1024} KB) one action may "
            "carry, so nobody can review it. Write the file in smaller parts."
        )


def _attach_or_propose(caller, project, planned) -> list[ProposedAction]:
    """Each planned proposal's action: the pending one an identical call already made, or the one a person
    decided within RETRY_WINDOW (approval not yet used), else a new proposal — which keeps its fingerprint
    when it waits for a person. A twin proposed at the same moment by a concurrent identical call is refused
    by the database's one-pending-per-fingerprint constraint (nothing written), and attaches to the winner.
    No transaction: the fast path (an auto-approved call) costs one indexed read more than a bare proposal."""
    prints = [fp for _, _, fp in planned]
    for _ in range(3):
        known = _remembered(caller, prints)
        try:
            return [
                known.get(fp)
                or services.propose_action(
                    project=project,
                    agent=caller,
                    action_type=action_type,
                    payload=payload,
                    hook_fingerprint=fp,
                ).action
                for action_type, payload, fp in planned
            ]
        except IntegrityError:
            continue  # a concurrent identical call's pending action holds the fingerprint: attach to it
    raise HookRefused("too many identical tool calls at once; retry the tool call.")


_LOOKUP_SQL: dict[tuple[str, int], str] = {}


def _remembered(caller, prints: list[str]) -> dict[str, ProposedAction]:
    """The actions identical calls left (R12.6): pending, or decided by a person within RETRY_WINDOW — by
    fingerprint, the newest winning. Every hook call runs this and almost always finds nothing, so it first
    asks whether there is anything at all: one hand-built statement (``LIMIT 1``) through the fingerprint
    index, run by ``brabo.sql.fetch_one`` (the ORM's compilation of the same query, and a new cursor per call,
    cost more CPU than the rest of the hook's own work); when it finds a row, the actions are read whole under
    the same conditions, and that second read is the one that counts."""
    connection = connections[ProposedAction.objects.db]
    sql = _LOOKUP_SQL.get((connection.alias, len(prints)))
    if sql is None:
        qn, meta = connection.ops.quote_name, ProposedAction._meta
        col = {f.name: qn(str(f.column)) for f in meta.concrete_fields if f.name in _LOOKUP_COLUMNS}
        sql = _LOOKUP_SQL[(connection.alias, len(prints))] = (
            f"SELECT {col['id']} FROM {qn(meta.db_table)} "
            f"WHERE {col['agent']} = %s AND {col['hook_fingerprint']} IN ({', '.join(['%s'] * len(prints))}) "
            f"AND ({col['status']} = %s OR ({col['status']} IN ({', '.join(['%s'] * len(_DECIDED))}) "
            f"AND {col['decided_by']} IS NOT NULL AND {col['decided_at']} >= %s)) LIMIT 1"
        )
    meta = ProposedAction._meta
    now = timezone.now()
    since = meta.get_field("decided_at").get_db_prep_value(now - RETRY_WINDOW, connection)
    agent_id = meta.get_field("agent").target_field.get_db_prep_value(caller.pk, connection)
    if fetch_one(connection, sql, [agent_id, *prints, PENDING, *_DECIDED, since]) is None:
        return {}
    known: dict[str, ProposedAction] = {}
    for a in (
        ProposedAction.objects.filter(agent=caller, hook_fingerprint__in=prints)
        .filter(
            Q(status=PENDING)
            | Q(status__in=_DECIDED, decided_by__isnull=False, decided_at__gte=now - RETRY_WINDOW)
        )
        .order_by("created_at", "id")
    ):
        known[a.hook_fingerprint] = a  # the newest wins
    return known


_LOOKUP_COLUMNS = ("id", "hook_fingerprint", "agent", "status", "decided_by", "decided_at")


def _use_approvals(actions: list[ProposedAction], planned) -> bool:
    """Use up (atomically, all or none) the person's approvals this call is allowed by; False when another
    call used one first. An approval is used once: the guarded UPDATE clears the fingerprint it is found by."""
    used = [(a, fp) for a, (_, _, fp) in zip(actions, planned) if a.decided_by_id and a.hook_fingerprint]
    if not used:
        return True
    try:
        with transaction.atomic():
            for a, fp in used:
                if not ProposedAction.objects.filter(id=a.id, hook_fingerprint=fp).update(
                    hook_fingerprint=""
                ):
                    raise _Lost
    except _Lost:
        return False
    return True


class _Lost(Exception):
    """Another identical hook call used the approval first."""


def _status(action: ProposedAction) -> str:
    action.refresh_from_db(fields=["status", "result", "denial_reason", "decided_by", "decided_at"])
    return action.status


def _decided(action: ProposedAction, fence: KeyFence | None = None) -> bool:
    return _status(action) != PENDING or (fence is not None and fence.refusal() is not None)


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
        f"Brabo: this needs a person's approval — {a.message}. Approve action {a.id} in the console, then "
        f"retry the same tool call ({console}; an approval lets that call through once within "
        f"{RETRY_WINDOW.seconds // 60} minutes)."
    )


urlpatterns = [path("<str:agent>/", AgentHookView.as_view(), name="agent-hook")]
