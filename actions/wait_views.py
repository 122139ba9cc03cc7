"""The wait endpoints as async views (issue 24, R8.4): ``GET /api/actions/{id}/wait/?timeout=N`` and
``POST /api/actions/?wait=N``, served by ``brabo.async_urls`` under the ASGI server.

The request is answered by the same DRF view as under WSGI (authentication, tenancy, validation, the
proposal itself), run on a sync slot. When that view would wait, it leaves a :class:`DeferredWait` instead
and returns; the wait then happens here, on ``actions.waiting``'s hub, holding no thread and no database
connection. The action is re-read on a slot only when a notification names it (or at the re-check
interval), and the final answer is the view's own serializer's, rendered on a slot.
"""

from __future__ import annotations

from contextlib import AbstractContextManager, ExitStack
from typing import Any
from urllib.parse import parse_qs

from django.http import HttpResponse
from django.views.decorators.csrf import csrf_exempt

from brabo import slots

from . import waiting
from .models import ProposedAction
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


def _answer(response, plan: DeferredWait) -> HttpResponse:
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

        async def settled() -> bool:
            return await slots.run(_settled, action)

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
