"""The wait endpoints as async views (issue 24, R8.4): ``GET /api/actions/{id}/wait/?timeout=N`` and
``POST /api/actions/?wait=N``, served by ``brabo.async_urls`` under the ASGI server.

The request is answered by the same DRF view as under WSGI (authentication, tenancy, validation, the
proposal itself), run on a sync slot. When that view would wait, it leaves a :class:`DeferredWait` instead
and returns; the wait then happens here, on ``actions.waiting``'s hub, holding no thread and no database
connection. The action is re-read on a slot only when a notification names it (or at the re-check
interval), and the final answer is the view's own serializer's, rendered on a slot.
"""

from __future__ import annotations

import asyncio
import weakref
from contextlib import AbstractContextManager, ExitStack
from typing import Any
from urllib.parse import parse_qs

from django.http import HttpResponse, JsonResponse
from django.views.decorators.csrf import csrf_exempt

from brabo import slots

from . import waiting
from .models import SETTLED, ProposedAction
from .views import ActionViewSet


class DeferredWait:
    """What the DRF view hands over: the action to wait on, for how long, how to answer after, and the
    caller's allowance (its place under the caps, held until the answer is sent)."""

    def __init__(self) -> None:
        self.action: ProposedAction | None = None
        self.timeout = 0.0
        self.finish: Any = None
        self._held = ExitStack()

    def defer(
        self, action: ProposedAction, timeout: float, finish, allowance: AbstractContextManager
    ) -> None:
        self._held.enter_context(allowance)  # a refusal (429) is raised here, inside the DRF view
        self.action, self.timeout, self.finish = action, timeout, finish

    def release(self) -> None:
        self._held.close()


_wait_view = ActionViewSet.as_view({"get": "wait"})
_collection_view = ActionViewSet.as_view({"get": "list", "post": "create"})


def _plain(response) -> HttpResponse:
    """The DRF response, rendered, as a plain one (Django's async handler then renders nothing)."""
    if hasattr(response, "render") and not getattr(response, "is_rendered", True):
        response.render()
    plain = HttpResponse(response.content, status=response.status_code)
    for name, value in response.items():
        plain[name] = value
    return plain


def _settled(action: ProposedAction) -> bool:
    action.refresh_from_db()
    return action.is_settled


def _settled_now(action_id: str) -> bool:
    status = ProposedAction.objects.filter(id=action_id).values_list("status", flat=True).first()
    return status is None or status in SETTLED  # gone (its project deleted): nothing left to wait for


class _SharedChecks:
    """After a notification, every waiter of the same action asks the same question: one query answers all
    that woke before it started (a check that began earlier may have read the row before the decision
    committed, so a waiter never joins one that started before it woke)."""

    def __init__(self) -> None:
        self.inflight: dict[str, tuple[float, asyncio.Future[bool]]] = {}

    async def settled(self, action_id: str, woke_at: float) -> bool:
        entry = self.inflight.get(action_id)
        if entry is None or entry[0] < woke_at:
            loop = asyncio.get_running_loop()
            future = asyncio.ensure_future(slots.run(_settled_now, action_id))
            entry = self.inflight[action_id] = (loop.time(), future)

            def forget(_f, action_id=action_id, entry=entry):
                if self.inflight.get(action_id) is entry:
                    del self.inflight[action_id]

            future.add_done_callback(forget)
        return await asyncio.shield(entry[1])


_checks: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _SharedChecks] = weakref.WeakKeyDictionary()


def _shared_checks() -> _SharedChecks:
    loop = asyncio.get_running_loop()
    found = _checks.get(loop)
    if found is None:
        found = _checks[loop] = _SharedChecks()
    return found


def _answer(response, plan: DeferredWait) -> HttpResponse:
    assert plan.action is not None
    try:
        plan.action.refresh_from_db()
    except ProposedAction.DoesNotExist:
        return JsonResponse(
            {"detail": "Not found: it does not exist, or it is not yours to see.", "reason": "not_found"},
            status=404,
        )
    response.data = plan.finish()
    return _plain(response)


async def _serve(request, view, **kwargs) -> HttpResponse:
    plan = request.brabo_deferred_wait = DeferredWait()
    try:

        def first():
            response = view(request, **kwargs)
            return response if plan.action is not None else _plain(response)

        response = await slots.run(first)
        action = plan.action
        if action is None:
            return response  # answered at once (settled, an error, no wait asked)

        loop = asyncio.get_running_loop()
        looked = False

        async def settled() -> bool:
            nonlocal looked
            if not looked:  # its own look, right after it registered (nothing to share a stale answer with)
                looked = True
                return await slots.run(_settled, action)
            return await _shared_checks().settled(str(action.id), loop.time())

        await waiting.wait_async(str(action.id), settled, plan.timeout)
        return await slots.run(_answer, response, plan)
    finally:
        plan.release()


# DRF's own authentication enforces CSRF where it applies (a session); token callers carry none.
@csrf_exempt
async def action_wait(request, pk):
    return await _serve(request, _wait_view, pk=str(pk))


@csrf_exempt
async def actions_collection(request):
    return await _serve(request, _collection_view)


def _waits(scope) -> bool:
    """Only ``POST /api/actions/?wait=N`` with N > 0 is served async; the rest of the collection (the queue,
    a proposal without wait) stays on the plain sync path."""
    if scope.get("method") != "POST":
        return False
    raw = parse_qs(scope.get("query_string", b"").decode("latin1")).get("wait", [""])[-1]
    try:
        return float(raw) > 0
    except ValueError:
        return False


actions_collection.serve_async_when = _waits  # type: ignore[attr-defined]
