"""The wait endpoints as async views (R8.4): ``GET /api/actions/{id}/wait/?timeout=N`` and
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
from brabo.api_errors import exception_handler
from projects.authentication import Fence, refuse_if_fenced

from . import waiting
from .hooks_api import AgentHookView
from .models import PENDING, SETTLED, ProposedAction
from .views import ActionViewSet


class DeferredWait:
    """What the DRF view hands over: the action to wait on, for how long, how to answer after, and the
    caller's allowance (its place under the caps, held until the answer is sent)."""

    def __init__(self) -> None:
        self.action: ProposedAction | None = None
        self.timeout = 0.0
        self.finish: Any = None
        self.shareable = False
        self.fence: Fence | None = (
            None  # the waiter's key, token or session, re-read when woken and before answering
        )
        self._held = ExitStack()

    def defer(
        self,
        action: ProposedAction,
        timeout: float,
        finish,
        allowance: AbstractContextManager,
        *,
        shareable: bool = False,
        fence: Fence | None = None,
    ) -> None:
        """``shareable``: ``finish()`` answers every caller alike for one state of the action (the wait
        endpoint), so waiters woken together may share one rendering. ``fence``: an agent's key
        (``KeyFence``) or a person's token or session (``PersonFence``): the wait ends with it."""
        self._held.enter_context(allowance)  # a refusal (429) is raised here, inside the DRF view
        self.action, self.timeout, self.finish, self.shareable = action, timeout, finish, shareable
        self.fence = fence

    # A view whose decision interleaves waits with more work (the agent hooks: propose, wait, use the
    # approval, maybe again) hands over a generator instead: it yields (action, seconds) where it would wait
    # for ``action`` to leave ``pending``, and returns the view's answer data; ``on_error`` turns an exception
    # raised after a wait into answer data (the hooks answer every failure as a deny, never an error).
    steps: Any = None
    step: tuple[ProposedAction, float] | None = None
    on_error: Any = None

    def defer_steps(
        self, steps, step, finish, allowance: AbstractContextManager, on_error, fence: Fence | None = None
    ) -> None:
        self._held.enter_context(allowance)
        self.steps, self.step, self.finish, self.on_error = steps, step, finish, on_error
        self.fence = fence

    def advance(self, response) -> HttpResponse | None:
        """On a slot: run the decision on to its next wait (None), or to its answer (the response). A key
        that stopped opening Brabo while it waited ends the decision with its refusal (``on_error``)."""
        try:
            refuse_if_fenced(self.fence)
            self.step = self.steps.send(None)
            return None
        except StopIteration as done:
            response.data = self.finish(done.value)
        except Exception as exc:  # noqa: BLE001 — the view's own error answer
            response.data = self.on_error(exc)
        return _plain(response)

    def release(self) -> None:
        self._held.close()


_wait_view = ActionViewSet.as_view({"get": "wait"})
_hook_view = AgentHookView.as_view()
_collection_view = ActionViewSet.as_view({"get": "list", "post": "create"})


def _plain(response) -> HttpResponse:
    """The DRF response, rendered, as a plain one (Django's async handler then renders nothing)."""
    if hasattr(response, "render") and not getattr(response, "is_rendered", True):
        response.render()
    plain = HttpResponse(response.content, status=response.status_code)
    for name, value in response.items():
        plain[name] = value
    # what the view left for after its answer (the hooks' held announcements) runs when this one is closed,
    # which Django's handler does once it has sent it
    plain._resource_closers.extend(response._resource_closers)  # type: ignore[attr-defined]  # HttpResponseBase.close runs it; the stubs omit it
    response._resource_closers.clear()
    return plain


def _settled(action: ProposedAction) -> bool:
    action.refresh_from_db()
    return action.is_settled


def _state_now(action_id: str) -> tuple[str, object] | None:
    """(status, updated_at) of the action; None when it is gone (its project deleted)."""
    return ProposedAction.objects.filter(id=action_id).values_list("status", "updated_at").first()


class _Shared:
    """After a notification, every waiter of the same action asks the same question (is it settled? what is
    the answer?): one computation answers all that woke before it started. A computation that began earlier
    may have read the row before the decision committed, so a waiter never joins one older than its wake-up."""

    def __init__(self) -> None:
        self.inflight: dict[tuple, tuple[float, asyncio.Future]] = {}

    async def run(self, key: tuple, since: float, fn, *args):
        entry = self.inflight.get(key)
        if entry is None or entry[0] < since:
            future = asyncio.ensure_future(slots.run(fn, *args))
            entry = self.inflight[key] = (asyncio.get_running_loop().time(), future)

            def forget(_f, key=key, entry=entry):
                if self.inflight.get(key) is entry:
                    del self.inflight[key]

            future.add_done_callback(forget)
        return await asyncio.shield(entry[1])


_shares: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _Shared] = weakref.WeakKeyDictionary()


def _shared() -> _Shared:
    loop = asyncio.get_running_loop()
    found = _shares.get(loop)
    if found is None:
        found = _shares[loop] = _Shared()
    return found


def _copy(response: HttpResponse) -> HttpResponse:
    copy = HttpResponse(response.content, status=response.status_code)
    for name, value in response.items():
        copy[name] = value
    return copy


def _refused(response, exc: Exception) -> HttpResponse:
    """The refusal a fresh call with the waiting key gets (401, 403 ``agent_suspended``), as the view answers
    it: the REST API's exception handler, rendered like the view's own answer."""
    answer = exception_handler(exc, {})
    assert answer is not None  # the handler answers every exception
    response.status_code, response.data = answer.status_code, answer.data
    for name, value in answer.items():
        response[name] = value
    return _plain(response)


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


async def key_refusal(fence: Fence | None, since: float | None = None) -> Exception | None:
    """The refusal of a wait's credentials that stopped opening Brabo (``Fence.read``), read on a slot no earlier
    than ``since`` (default: now), shared by the waiters of one key that ask together."""
    if fence is None:
        return None
    if since is None:
        since = asyncio.get_running_loop().time()
    refusal, fence.ends_at = await _shared().run(fence.share_key, since, fence.read)
    return refusal


def fence_ends(fence: Fence | None):
    """``waiting.wait_async``'s ``until`` for a wait fenced by ``fence``: it wakes when its key's overlap window
    ends (nothing announces that moment), re-reads the key, and ends with its refusal."""
    return fence.seconds_left if fence is not None else None


async def await_settled(
    action: ProposedAction, timeout: float, fence: Fence | None = None
) -> tuple[tuple[str, object] | None, float]:
    """Await, holding no thread, until ``action`` is settled or ``timeout`` seconds passed (R8.4), or, with
    ``fence``, the waiting agent's key stopped opening Brabo (woken by its announcement; the caller answers
    with the refusal). Waiters of one action woken together share one read of its state, and waiters of one
    key one read of the key. Returns the last state read that way ((status, updated_at), None when none was
    or the action is gone) and when it was read; the caller re-reads the action for its answer."""
    loop = asyncio.get_running_loop()
    key = str(action.id)
    state: tuple[str, object] | None = None
    woke_at = 0.0

    async def settled() -> bool:
        nonlocal state, woke_at
        if not woke_at:  # its own look, right after it registered (nothing to share a stale answer with)
            woke_at = loop.time()
            return await slots.run(_settled, action)
        woke_at = loop.time()
        state = await _shared().run(("state", key), woke_at, _state_now, key)
        if state is None or state[0] in SETTLED:
            return True
        # not settled: the wake was its key's change or a re-check (the answer re-reads the key anyway)
        return fence is not None and await key_refusal(fence, woke_at) is not None

    await waiting.wait_async(waiting.wait_keys(key, fence), settled, timeout, until=fence_ends(fence))
    return state, woke_at


async def _serve(request, view, **kwargs) -> HttpResponse:
    plan = request.brabo_deferred_wait = DeferredWait()
    try:

        def first():
            response = view(request, **kwargs)
            deferred = plan.action is not None or plan.steps is not None
            return response if deferred else _plain(response)

        response = await slots.run(first)
        if plan.steps is not None:
            return await _serve_steps(plan, response)
        action = plan.action
        if action is None:
            return response  # answered at once (settled, an error, no wait asked)

        key = str(action.id)
        state, woke_at = await await_settled(action, plan.timeout, plan.fence)
        # per waiter, before any answer (one shared below is the decision): its key read after its last
        # wake, as its state was (one read for the waiters of one key woken together)
        refusal = await key_refusal(plan.fence, woke_at or None)
        if refusal is not None:
            return await slots.run(_refused, response, refusal)
        if plan.shareable and state is not None and state[0] in SETTLED:
            # the same settled action, the same answer for every waiter that woke with it: rendered once
            media = getattr(response, "accepted_media_type", "")
            shared = await _shared().run(("answer", key, *state, media), woke_at, _answer, response, plan)
            return _copy(shared)
        return await slots.run(_answer, response, plan)
    finally:
        plan.release()


def _decided(action: ProposedAction, fence: Fence | None = None) -> bool:
    action.refresh_from_db(fields=["status", "result", "denial_reason", "decided_by", "decided_at"])
    return action.status != PENDING or (fence is not None and fence.refusal() is not None)


async def _serve_steps(plan: DeferredWait, response) -> HttpResponse:
    while plan.step is not None:
        action, seconds = plan.step

        async def decided(action=action) -> bool:
            return await slots.run(_decided, action, plan.fence)

        await waiting.wait_async(
            waiting.wait_keys(str(action.id), plan.fence), decided, seconds, until=fence_ends(plan.fence)
        )
        answered = await slots.run(plan.advance, response)
        if answered is not None:
            return answered
    raise AssertionError("a stepped decision ended without an answer")  # advance() always answers


# DRF's own authentication enforces CSRF where it applies (a session); token callers carry none.
@csrf_exempt
async def action_wait(request, pk):
    return await _serve(request, _wait_view, pk=str(pk))


@csrf_exempt
async def agent_hook(request, agent):
    """``POST /api/hooks/{agent}/``: a hook call that waits for a person holds no thread (R12.6)."""
    return await _serve(request, _hook_view, agent=agent)


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
