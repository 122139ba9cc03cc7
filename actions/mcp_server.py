"""Brabo as an MCP server: any agent that speaks the Model Context Protocol proposes actions, waits
for their decision and reads its own actions through one endpoint, ``/mcp``, with one line of configuration.

* **Transport**: MCP's streamable HTTP, stateless and answered as JSON (the official SDK, ``mcp``): each POST
  stands alone, so any web process answers any call (``BRABO_WEB_WORKERS`` > 1 needs no sticky sessions).
  Served by ``brabo.asgi`` under uvicorn (``make run``, ``python -m brabo.web``); a WSGI server has no MCP.
* **Authentication**: ``Authorization: Bearer <agent key>`` on every request, checked by the same function as
  the REST API's (``projects.authentication.authenticate_agent_key``): an unknown, runner or revoked key is
  401, a suspended agent 403, before anything of MCP runs. Host and Origin are held to ``ALLOWED_HOSTS``
  (Django's own rule), so a page in a browser cannot reach the endpoint through DNS rebinding.
* **The message**: the gate reads the body itself, up to the REST API's limit (413 ``too_large`` past it), and
  refuses by name what the transport would misread: a JSON-RPC batch, a value that is no JSON-RPC 2.0 object, a
  request whose id is missing or no string or whole number (``_shape_refusal``). A notification (no id, a
  ``notifications/`` method) is answered 202 and runs no tool.
* **Tools**: ``propose_<action_type>`` for every type an agent may propose, its ``payload`` schema drawn from
  the table the OpenAPI schema is drawn from (``actions.schema.payload_json_schema``); ``wait_for_action``
  (R8.4: until settled or the timeout, on ``actions.waiting``'s hub, holding no thread, counted against the
  agent's and workspace's caps on concurrent waits, 429 ``too_many_waits``); ``list_actions`` (the agent's
  own, newest first). A tool's refusal is a tool error carrying the REST API's body for the same refusal
  (``detail``, ``reason``, the HTTP ``status``), from the same exception handler.

Every piece of database work runs on a sync slot (``brabo.slots``), as the async REST views' does.
"""

from __future__ import annotations

import asyncio
import json
import logging
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from functools import cache
from typing import Any
from urllib.parse import urlsplit

import mcp_types as types
from django.conf import settings
from django.http.request import split_domain_port, validate_host
from mcp.server.context import ServerRequestContext
from mcp.server.lowlevel import Server
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from rest_framework.exceptions import AuthenticationFailed

from brabo import slots
from brabo.api_errors import ApiError, exception_handler
from brabo.query_filters import apply_filters
from permissions.action_types import ACTION_TYPES, PERSON_ONLY_TYPES
from projects.authentication import KeyFence, authenticate_agent_key, refuse_if_fenced, refuse_if_suspended
from projects.models import Agent

from . import quorum, services, waiting
from .models import PENDING, STATUSES, ProposedAction
from .payloads import SHAPES
from .schema import payload_json_schema
from .serializers import ActionSerializer
from .views import ACTION_FILTERS, MAX_WAIT_SECONDS, ActionViewSet, agent_proposal
from .wait_views import await_settled

log = logging.getLogger(__name__)

PATHS = ("/mcp", "/mcp/")  # where brabo.asgi serves it
PROPOSE = "propose_"
WAIT = "wait_for_action"
LIST = "list_actions"
DEFAULT_WAIT_SECONDS = 50  # under the shortest default tool timeout of the common clients (Codex: 60 s)
LIST_LIMIT = 100
_SCOPE_AGENT = "brabo.agent"  # the ASGI scope key the gate leaves the authenticated agent under
_SCOPE_GONE = "brabo.gone"  # and the event set when the client hangs up
_SCOPE_FENCE = "brabo.fence"  # and the key it came with (a wait ends with it: KeyFence)

INSTRUCTIONS = (
    "Brabo governs what you do: propose each action with its propose_<type> tool instead of doing it "
    "yourself. Brabo's policy decides at once: auto_approved (Brabo runs it; pass wait to get its result in "
    "the same call), pending (a person decides: call wait_for_action with its id until it is settled) or "
    "denied (the answer says why). list_actions shows what you proposed."
)


def proposable_types() -> list[str]:
    """The action types an agent may propose (R2.3: never the people-only ones)."""
    return [t for t in ACTION_TYPES if t not in PERSON_ONLY_TYPES]


# -- the tools ----------------------------------------------------------------------------------------------

_TASK = {"type": "string", "format": "uuid", "description": "A task of your project this action belongs to."}


def _propose_tool(action_type: str) -> types.Tool:
    kind = ACTION_TYPES[action_type]
    fields = ", ".join(SHAPES.get(action_type, {})) or "none required"
    return types.Tool(
        name=PROPOSE + action_type,
        title=f"Propose {kind.label}",
        description=(
            f"Propose a {action_type} action (payload fields: {fields}; it needs your principal's role to be "
            f"{kind.min_role} or above). Returns the action: its id, status (auto_approved, pending, denied), "
            "the reason and the sentence a person reads, and once it ran its result."
        ),
        input_schema={
            "type": "object",
            "properties": {
                "payload": payload_json_schema(action_type),
                "task": _TASK,
                "wait": {
                    "type": "number",
                    "minimum": 0,
                    "maximum": MAX_WAIT_SECONDS,
                    "description": "Seconds to wait for an auto-approved action's result (default 0: answer "
                    "with the decision at once). A pending action is waited on with wait_for_action.",
                },
            },
            "required": ["payload"],
            "additionalProperties": False,
        },
        annotations=types.ToolAnnotations(read_only_hint=False, destructive_hint=True, open_world_hint=True),
    )


@cache
def tools() -> tuple[types.Tool, ...]:
    return (
        *(_propose_tool(t) for t in proposable_types()),
        types.Tool(
            name=WAIT,
            title="Wait for an action",
            description=(
                "Wait until one of your actions is settled (executed, failed, denied or expired) or the timeout "
                "passes, and return it: its status, who decided and its result. Call it again while the "
                "status is still pending or approved."
            ),
            input_schema={
                "type": "object",
                "properties": {
                    "action_id": {"type": "string", "format": "uuid", "description": "The action's id."},
                    "timeout": {
                        "type": "number",
                        "minimum": 0,
                        "maximum": MAX_WAIT_SECONDS,
                        "description": f"Seconds to wait at most (default {DEFAULT_WAIT_SECONDS}; 0 reads it "
                        "at once).",
                    },
                },
                "required": ["action_id"],
                "additionalProperties": False,
            },
            annotations=types.ToolAnnotations(
                read_only_hint=True, idempotent_hint=True, open_world_hint=False
            ),
        ),
        types.Tool(
            name=LIST,
            title="List my actions",
            description="The actions you proposed, newest first.",
            input_schema={
                "type": "object",
                "properties": {
                    "status": {"type": "string", "enum": list(STATUSES), "description": "Only this status."},
                    "action_type": {
                        "type": "string",
                        "enum": list(ACTION_TYPES),
                        "description": "Only this type.",
                    },
                    "task": {**_TASK, "description": "Only the actions of this task."},
                    "limit": {
                        "type": "integer",
                        "minimum": 1,
                        "maximum": LIST_LIMIT,
                        "description": "How many (default 20).",
                    },
                },
                "additionalProperties": False,
            },
            annotations=types.ToolAnnotations(
                read_only_hint=True, idempotent_hint=True, open_world_hint=False
            ),
        ),
    )


def _invalid(detail: str) -> ApiError:
    return ApiError(detail, reason="invalid")


def _arguments(name: str, given: dict[str, Any] | None, allowed: tuple[str, ...]) -> dict[str, Any]:
    args = dict(given or {})
    unknown = sorted(set(args) - set(allowed))
    if unknown:  # a misspelt "timeout" silently ignored would wait for nothing
        raise _invalid(
            f"{name} takes no argument {', '.join(unknown)}; its arguments are {', '.join(allowed)}."
        )
    return args


def _seconds(args: dict[str, Any], name: str, default: float) -> float:
    value = args.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= MAX_WAIT_SECONDS:
        raise _invalid(f"{name} must be a number of seconds from 0 to {MAX_WAIT_SECONDS}.")
    return float(value)


def _text(args: dict[str, Any], name: str) -> str | None:
    value = args.get(name)
    if value is not None and not isinstance(value, str):
        raise _invalid(f"{name} must be a string.")
    return value or None


def _id(args: dict[str, Any], name: str, what: str) -> str | None:
    """An id argument, checked here: one that is no UUID is bad input, not a database error."""
    value = _text(args, name)
    if value is not None:
        try:
            uuid.UUID(value)
        except ValueError:
            raise _invalid(f"{name} must be {what} (a UUID).") from None
    return value


# -- what each tool does (database work on a sync slot) -------------------------------------------------------


def _action_data(action: ProposedAction, hints: list[str] | None = None) -> dict[str, Any]:
    data = dict(ActionSerializer(action).data)
    if hints:
        data["hints"] = hints
    return data


def _own_action(agent: Agent, action_id: str) -> ProposedAction:
    found = ActionViewSet.queryset.filter(agent=agent, pk=action_id).first()
    if found is None:  # R1.1: another agent's action reads as one that does not exist
        raise ApiError(
            "Not found: it does not exist, or it is not yours to see.", status_code=404, reason="not_found"
        )
    return found


def _reread(agent: Agent, action: ProposedAction, fence: KeyFence) -> dict[str, Any]:
    # revoked, rotated out or suspended while it waited: its refusal, not the decision
    refuse_if_fenced(fence)
    action = _own_action(agent, str(action.pk))
    if action.status == PENDING:
        services.waiter_attached(action)  # R8.4: still waiting on it
    return _action_data(action)


async def _settle(
    agent: Agent, action: ProposedAction, timeout: float, gone: asyncio.Event, fence: KeyFence
) -> None:
    """R8.4, as ``GET /api/actions/{id}/wait/``: counted against the caps, holding no thread, given up
    when the client hangs up (the SDK does not notice, and a wait nobody reads must not hold a cap), and
    ended when the agent's key stops opening Brabo (``fence``; the caller answers with its refusal)."""
    if timeout and not action.is_settled:
        with waiting.wait_allowance(agent_id=agent.id, workspace_id=action.project.workspace_id):
            settled = asyncio.ensure_future(await_settled(action, timeout, fence))
            hung_up = asyncio.ensure_future(gone.wait())
            try:
                await asyncio.wait((settled, hung_up), return_when=asyncio.FIRST_COMPLETED)
            finally:
                for task in (settled, hung_up):
                    task.cancel()
                await asyncio.gather(settled, hung_up, return_exceptions=True)


async def _propose(
    agent: Agent, gone: asyncio.Event, fence: KeyFence, action_type: str, given: dict[str, Any] | None
) -> dict[str, Any]:
    args = _arguments(PROPOSE + action_type, given, ("payload", "task", "wait"))
    if "payload" not in args:
        raise _invalid(f"payload is required: the {action_type} payload, an object.")
    wait = _seconds(args, "wait", 0)
    task = _id(args, "task", "a task's id")
    decision = await slots.run(agent_proposal, agent, action_type, args["payload"], task)
    action = decision.action
    if action.status != PENDING:  # R8.4: an auto-approved action's result comes back in the same call
        await _settle(agent, action, wait, gone, fence)

    def answer() -> dict[str, Any]:
        if wait and action.status != PENDING:
            refuse_if_fenced(fence)  # it waited for the result: none after its key stopped working
        action.refresh_from_db()
        return _action_data(action, decision.hints)

    return await slots.run(answer)


async def _wait(
    agent: Agent, gone: asyncio.Event, fence: KeyFence, given: dict[str, Any] | None
) -> dict[str, Any]:
    args = _arguments(WAIT, given, ("action_id", "timeout"))
    action_id = _id(args, "action_id", "an action's id")
    if not action_id:
        raise _invalid("action_id is required: the id a propose_ tool answered with.")
    timeout = _seconds(args, "timeout", DEFAULT_WAIT_SECONDS)

    def attach() -> ProposedAction:
        action = _own_action(agent, action_id)
        services.waiter_attached(action)
        return action

    action = await slots.run(attach)
    await _settle(agent, action, timeout, gone, fence)
    return await slots.run(_reread, agent, action, fence)


_LIST_FILTERS = tuple(f for f in ACTION_FILTERS if f.name in ("status", "action_type", "task"))


def _list_sync(agent: Agent, filters: dict[str, str], limit: int) -> dict[str, Any]:
    qs = apply_filters(ActionViewSet.queryset.filter(agent=agent), filters, _LIST_FILTERS)
    rows = list(qs.order_by("-created_at", "id")[:limit])
    quorum.attach(rows)  # the page's two-person rules in one query
    return {"actions": ActionSerializer(rows, many=True).data}


async def _list(agent: Agent, given: dict[str, Any] | None) -> dict[str, Any]:
    args = _arguments(LIST, given, ("status", "action_type", "task", "limit"))
    limit = args.get("limit", 20)
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= LIST_LIMIT:
        raise _invalid(f"limit must be a whole number from 1 to {LIST_LIMIT}.")
    filters = {f.name: value for f in _LIST_FILTERS if (value := _text(args, f.name))}
    return await slots.run(_list_sync, agent, filters, limit)


# -- the MCP server -------------------------------------------------------------------------------------------


def _result(data: dict[str, Any], *, error: bool = False) -> types.CallToolResult:
    text = json.dumps(data, ensure_ascii=False, default=str)
    return types.CallToolResult(
        content=[types.TextContent(text=text)], structured_content=json.loads(text), is_error=error
    )


def _handled(exc: Exception):
    """The REST API's exception handler's answer to ``exc``, on a sync slot: raised again here so that the
    handler's log of an unexpected fault carries its traceback."""
    try:
        raise exc
    except Exception as raised:  # noqa: BLE001 — the handler answers every exception (an unknown one: 500)
        return exception_handler(raised, {})


def _refusal(exc: Exception) -> types.CallToolResult:
    """The REST API's answer to the same refusal (its exception handler), as a tool error."""
    response = _handled(exc)
    assert response is not None  # the handler answers every exception (an unknown one: 500, logged)
    body = {"status": response.status_code, **dict(response.data or {})}
    if response.has_header("Retry-After"):
        body["retry_after"] = int(response["Retry-After"])
    return _result(body, error=True)


def _caller(ctx: ServerRequestContext[Any, Any]) -> tuple[Agent, asyncio.Event, KeyFence]:
    scope = getattr(ctx.request, "scope", None) or {}
    agent, gone, fence = scope.get(_SCOPE_AGENT), scope.get(_SCOPE_GONE), scope.get(_SCOPE_FENCE)
    if not isinstance(agent, Agent) or not isinstance(gone, asyncio.Event) or not isinstance(fence, KeyFence):
        raise AuthenticationFailed("No agent key on this request.")  # only the gate's requests reach here
    return agent, gone, fence


async def _call_tool(
    ctx: ServerRequestContext[Any, Any], params: types.CallToolRequestParams
) -> types.CallToolResult:
    try:
        agent, gone, fence = _caller(ctx)
        name = params.name
        if name.startswith(PROPOSE) and name[len(PROPOSE) :] in proposable_types():
            data = await _propose(agent, gone, fence, name[len(PROPOSE) :], params.arguments)
        elif name == WAIT:
            data = await _wait(agent, gone, fence, params.arguments)
        elif name == LIST:
            data = await _list(agent, params.arguments)
        else:
            raise ApiError(
                f"No tool {name[:80]!r}; list the tools (tools/list) for the ones this server offers.",
                status_code=404,
                reason="not_found",
            )
    except Exception as exc:  # noqa: BLE001 — every refusal and fault is a tool error, never a traceback
        return await slots.run(_refusal, exc)
    return _result(data)


async def _list_tools(ctx: ServerRequestContext[Any, Any], params: types.PaginatedRequestParams | None):
    return types.ListToolsResult(tools=list(tools()))


def server() -> Server:
    return Server(
        "brabo",
        title="Brabo",
        instructions=INSTRUCTIONS,
        on_list_tools=_list_tools,
        on_call_tool=_call_tool,
    )


# -- the gate and the ASGI app --------------------------------------------------------------------------------


Refusal = tuple[int, str, str, list[tuple[bytes, bytes]]]


def _refuse(
    detail: str, reason: str, *, status: int, headers: list[tuple[bytes, bytes]] | None = None
) -> Refusal:
    return status, detail, reason, headers or []


async def _send_refusal(send, refusal: Refusal) -> None:
    """A refusal before MCP: a JSON-RPC error (MCP clients show its message) carrying the REST body."""
    status, detail, reason, headers = refusal
    error = {"code": types.INVALID_REQUEST, "message": detail, "data": {"detail": detail, "reason": reason}}
    body = json.dumps({"jsonrpc": "2.0", "id": None, "error": error}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                *headers,
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


def _bearer_key(scope) -> str:
    """The key of the request's ``Authorization: Bearer <key>`` (the gate let only such a request in)."""
    parts = (_header(scope, b"authorization") or "").split()
    return parts[1] if len(parts) == 2 else ""


def _header(scope, name: bytes) -> str | None:
    values = [v for k, v in scope.get("headers", ()) if k == name]
    return values[-1].decode("latin1") if values else None


def _host_allowed(host: str | None) -> bool:
    if not host:
        return False
    domain, _port = split_domain_port(host)
    return bool(domain) and validate_host(domain, settings.ALLOWED_HOSTS)


def _authenticate(key: str) -> Agent:
    agent = authenticate_agent_key(key)
    refuse_if_suspended(agent)  # 403 agent_suspended, as the REST API's
    return agent


# Bytes of a body read past the limit, and dropped, before the refusal is sent: a client still sending is not
# cut off mid-request (it would read a reset, not the 413), and one sending without end is, past this.
_DRAINED_AT_MOST = 64 * 1024 * 1024


async def _read_body(scope, receive) -> bytes | Refusal | None:
    """The request's body, read here and not by the SDK's transport, which reads any size into memory: a
    refusal past the REST API's limit (DATA_UPLOAD_MAX_MEMORY_SIZE: 413 ``too_large``, told by its
    Content-Length before a byte is read); None when the client leaves first."""
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    length = (_header(scope, b"content-length") or "").strip()
    over = limit is not None and length.isdigit() and int(length) > limit
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            return None
        size += len(message.get("body", b""))
        over = over or (limit is not None and size > limit)
        if not over:
            chunks.append(message.get("body", b""))
        if not message.get("more_body", False) or size > _DRAINED_AT_MOST:
            break
    if over:
        return _refuse(f"The request body is over {limit // 1024} KB; send less.", "too_large", status=413)
    return b"".join(chunks)


_ONE_MESSAGE = (
    'Send one JSON-RPC 2.0 message per POST: an object with "jsonrpc": "2.0", a "method" and, for a request, '
    'an "id" (a string or a whole number).'
)


def _shape_refusal(body: bytes) -> Refusal | None:
    """A refusal of a message the SDK's transport would misread: a batch (MCP has none since 2025-06-18), a
    value that is no JSON-RPC 2.0 object (both answered with pydantic's dump of the input), or a request whose
    id is no string or whole number or is missing (MCP: never null; it was taken for a notification, answered
    202 and never run). Anything else -- JSON that does not parse too -- the transport reads."""
    if body.lstrip()[:1] == b"[":
        return _refuse(f"JSON-RPC batches are not served. {_ONE_MESSAGE}", "invalid", status=400)
    try:
        message = json.loads(body)
    except (ValueError, RecursionError):
        return None  # the transport answers its parse error
    if not isinstance(message, dict) or message.get("jsonrpc") != "2.0":
        return _refuse(_ONE_MESSAGE, "invalid", status=400)
    if "method" not in message:
        return None  # a response to the server (it asks none) is the transport's
    method = message["method"]
    # a request's method sent without an id: a notification to JSON-RPC, which the transport runs nothing for
    # and answers with no body; MCP's own notifications are all named notifications/...
    unanswered = isinstance(method, str) and "id" not in message and not method.startswith("notifications/")
    id_ = message.get("id", "")
    if unanswered or not isinstance(method, str) or isinstance(id_, bool) or not isinstance(id_, str | int):
        return _refuse(
            f"{_ONE_MESSAGE} A message without an id is a notification: it runs no tool.",
            "invalid",
            status=400,
        )
    return None


async def _watch_hang_up(receive, gone: asyncio.Event) -> None:
    while (await receive())["type"] != "http.disconnect":
        pass
    gone.set()


class McpApp:
    """The ASGI app ``brabo.asgi`` routes ``/mcp`` to: the gate, then the SDK's streamable HTTP transport. Its
    session manager lives for one ASGI lifespan (``lifespan()``)."""

    def __init__(self) -> None:
        self.server = server()
        self.manager: StreamableHTTPSessionManager | None = None

    @asynccontextmanager
    async def lifespan(self) -> AsyncIterator[None]:
        manager = StreamableHTTPSessionManager(app=self.server, json_response=True, stateless=True)
        async with manager.run():
            self.manager = manager
            try:
                yield
            finally:
                self.manager = None

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            return
        agent_or_refusal = await self._gate(scope)
        if not isinstance(agent_or_refusal, Agent):
            await _send_refusal(send, agent_or_refusal)
            return
        if self.manager is None:
            await _send_refusal(
                send,
                _refuse(
                    "the MCP endpoint is starting or stopping; retry in a moment.", "not_ready", status=503
                ),
            )
            return
        body = await _read_body(scope, receive)
        if body is None:
            return  # the client left before it sent the whole request
        refusal = body if isinstance(body, tuple) else _shape_refusal(body)
        if refusal is not None:
            await _send_refusal(send, refusal)
            return
        gone = asyncio.Event()
        watching: list[asyncio.Task] = []

        async def watched_receive():
            """The request's body (read by ``_read_body``); after it, only the hang-up, which a watcher
            listens for (a waiting tool gives up then: ``_settle``)."""
            if watching:
                await gone.wait()
                return {"type": "http.disconnect"}
            watching.append(asyncio.ensure_future(_watch_hang_up(receive, gone)))
            return {"type": "http.request", "body": body, "more_body": False}

        fence = KeyFence.of_key(agent_or_refusal, _bearer_key(scope))
        scope = {**scope, _SCOPE_AGENT: agent_or_refusal, _SCOPE_GONE: gone, _SCOPE_FENCE: fence}
        try:
            await self.manager.handle_request(scope, watched_receive, send)
        finally:
            for task in watching:
                task.cancel()

    async def _gate(self, scope) -> Agent | Refusal:
        if scope["method"] != "POST":
            # stateless and answered as JSON: no stream to GET (the spec's answer is 405), no session to DELETE
            return _refuse(
                f"This MCP endpoint takes POST only; {scope['method'][:16]} is not served.",
                "method_not_allowed",
                status=405,
                headers=[(b"allow", b"POST")],
            )
        if not _host_allowed(_header(scope, b"host")):
            return _refuse(
                "This host is not one the server answers for (ALLOWED_HOSTS).", "invalid", status=400
            )
        origin = _header(scope, b"origin")
        if origin is not None and not _host_allowed(urlsplit(origin).netloc):
            return _refuse(
                "Requests from a web page of another origin are refused.", "permission_denied", status=403
            )
        bearer = [(b"www-authenticate", b'Bearer realm="brabo"')]
        parts = (_header(scope, b"authorization") or "").split()
        if not parts or parts[0].lower() != "bearer":
            return _refuse(
                "Authentication credentials were not provided: send Authorization: Bearer <agent key>.",
                "not_authenticated",
                status=401,
                headers=bearer,
            )
        if len(parts) != 2:
            return _refuse(
                "Malformed Authorization header; use 'Bearer <agent key>'.",
                "authentication_failed",
                status=401,
                headers=bearer,
            )
        try:
            return await slots.run(_authenticate, parts[1])
        except AuthenticationFailed as exc:
            return _refuse(str(exc.detail), "authentication_failed", status=401, headers=bearer)
        except Exception as exc:  # noqa: BLE001 — suspended (403), the database down (503): the REST body
            response = await slots.run(_handled, exc)
            data = dict(response.data) if response is not None else {}
            status = response.status_code if response is not None else 500
            return status, str(data.get("detail", "")), str(data.get("reason", "internal")), []
