"""Live updates: one server-sent-events stream per person, scoped by tenancy.

Each message is "an action changed": ``{"id", "project", "status", "event"}`` under the SSE id of the event
that changed it (``SessionEvent.id``), so a reconnecting browser sends ``Last-Event-ID`` and resumes there.
No payload, no command, no output travels on it: the page fetches what it shows through its own views.
Two proposals at once may commit their events in either order: a stream waits a few seconds for an id below
the highest it has read (``actions.tail``), so a frame's id is not always above the one before it.

Wake-ups are ``actions.waiting``'s — the same mechanism the ``wait`` endpoint uses (Redis pub/sub when
BRABO_REDIS_URL is set, an in-process condition otherwise) on each visible project's events key, which
``actions.announce`` publishes after every recorded event. The stream re-reads the database after each
wake-up, re-computing what the person may see (a member removed mid-stream stops receiving).

Under the ASGI server (`make run`, production) a stream is the async ``astream`` below: a listener of the
process's one Feed, a few kilobytes and no thread. Under a WSGI server ``stream`` holds one thread
and queries per wake-up. Either ends after BRABO_SSE_MAX_SECONDS (the browser reconnects by itself), sends a
heartbeat comment every BRABO_SSE_HEARTBEAT seconds, and one person holds at most BRABO_SSE_MAX_STREAMS per
process.
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
import time
import weakref
from collections.abc import Generator
from contextlib import contextmanager
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.signals import user_logged_out
from django.db import DatabaseError, connection
from django.db.models import Q
from django.db.models.signals import post_delete, post_save
from django.http import JsonResponse, StreamingHttpResponse
from guardian.models import UserObjectPermission

from brabo import slots
from permissions.action_types import MAINTAINER, role_at_least
from projects.access import PersonFence, visible_projects
from projects.models import Membership, PersonalToken

from . import waiting
from .events import BUDGET_READER_TYPES
from .models import SessionEvent
from .tail import Tail

log = logging.getLogger(__name__)

BATCH = 100
_open: dict[int, int] = {}  # person → streams open without a tab id
# person → tab id → (generation, wake). A browser tab names itself (live.js keeps a random id in
# sessionStorage), so each page it navigates to reuses the tab's one slot: the new stream takes the slot
# over and the old one (whose page is gone, though the server has not noticed yet) ends at its next
# wake-up, woken at once where it can be. A tab never trips its own limit however fast a person clicks.
_tabs: dict[int, dict[str, tuple[int, object]]] = {}
_generation = 0
_open_lock = threading.Lock()
_TAB_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")


class Slot:
    """One stream's hold on its person's quota: ``current()`` turns False once the same tab opened a newer
    stream; ``release()`` frees it (once) unless that newer stream holds it by then."""

    def __init__(self, user_id: int, tab: str | None, generation: int = 0):
        self.user_id, self.tab, self.generation = user_id, tab, generation
        self._released = False

    def current(self) -> bool:
        if self.tab is None:
            return True
        with _open_lock:
            held = _tabs.get(self.user_id, {}).get(self.tab)
            return held is not None and held[0] == self.generation

    def on_superseded(self, wake) -> None:
        """``wake`` is called (from the thread that opens the newer stream) when this one is taken over."""
        if self.tab is None:
            return
        with _open_lock:
            tabs = _tabs.get(self.user_id, {})
            if self.tab in tabs and tabs[self.tab][0] == self.generation:
                tabs[self.tab] = (self.generation, wake)

    def release(self) -> None:
        if self._released:
            return
        self._released = True
        if self.tab is None:
            _release(self.user_id)
            return
        with _open_lock:
            tabs = _tabs.get(self.user_id, {})
            if self.tab in tabs and tabs[self.tab][0] == self.generation:
                del tabs[self.tab]
                if not tabs:
                    _tabs.pop(self.user_id, None)


def _tab_of(request) -> str | None:
    raw = request.GET.get("tab") or ""
    return raw if 8 <= len(raw) <= 64 and all(c in _TAB_CHARS for c in raw) else None


def _acquire(user_id: int, tab: str | None = None) -> Slot | None:
    global _generation
    wake = None
    with _open_lock:
        tabs = _tabs.setdefault(user_id, {})
        if tab is not None and tab in tabs:
            wake = tabs[tab][1]  # the tab's earlier stream: taken over, not counted twice
        elif _open.get(user_id, 0) + len(tabs) >= settings.BRABO_SSE_MAX_STREAMS:
            if not tabs:
                _tabs.pop(user_id, None)
            return None
        _generation += 1
        if tab is None:
            _open[user_id] = _open.get(user_id, 0) + 1
            if not tabs:
                _tabs.pop(user_id, None)
            return Slot(user_id, None)
        tabs[tab] = (_generation, None)
        slot = Slot(user_id, tab, _generation)
    if callable(wake):
        try:
            wake()
        except RuntimeError:  # the old stream's loop is gone: it has ended already
            pass
    return slot


def _release(user_id: int) -> None:
    with _open_lock:
        left = _open.get(user_id, 1) - 1
        if left <= 0:
            _open.pop(user_id, None)
        else:
            _open[user_id] = left


def _cursor(request) -> int | None:
    raw = request.headers.get("Last-Event-ID") or request.GET.get("last_event_id") or ""
    if not raw:
        return None
    try:
        value = int(raw)
    except ValueError:
        return -1
    return value if value >= 0 else -1


def _release_connection() -> None:
    if not connection.in_atomic_block:
        connection.close()  # a stream holds a thread, not a database connection (as the wait endpoint)


def _action_events(project_ids: list, ids: Q):
    """The events a stream reports: an action's, of the person's projects, among ``ids`` (after a cursor, or
    what a Tail has not read yet). An event without an action (team, settings) neither reaches the page nor
    wakes the loop."""
    return SessionEvent.objects.filter(ids, project_id__in=project_ids, action__isnull=False)


def _changes(project_ids: list, after: int) -> list[dict]:
    rows = (
        _action_events(project_ids, Q(id__gt=after))
        .order_by("id")
        .values("id", "action_id", "project_id", "type", "action__status")[:BATCH]
    )
    return [_change(r) for r in rows]


def _change(row: dict[str, Any]) -> dict[str, Any]:
    return {
        "sse_id": row["id"],
        "id": str(row["action_id"]),
        "project": str(row["project_id"]),
        "status": row["action__status"],
        "event": row["type"],
    }


def _frame(change: dict) -> str:
    sse_id = change.pop("sse_id")
    return f"id: {sse_id}\nevent: action\ndata: {json.dumps(change, separators=(',', ':'))}\n\n"


# end_streams() moves the epoch: every thread-held stream opened before it ends at once, and the call waits
# until their threads have left the database (a server stopping; a test's live server between two tests).
STOP_KEY = "live-streams:stop"
_epoch = 0
_running = 0
_running_changed = threading.Condition()


def end_streams(timeout: float = 10.0) -> bool:
    """End this process's thread-held streams; True once none is left running (within ``timeout``)."""
    global _epoch
    with _running_changed:
        _epoch += 1
    waiting.publish_now(STOP_KEY)
    with _running_changed:
        return _running_changed.wait_for(lambda: _running == 0, timeout=timeout)


def _count_running(step: int) -> None:
    global _running
    with _running_changed:
        _running += step
        _running_changed.notify_all()


def events(
    user,
    after: int | None,
    *,
    max_seconds: float,
    heartbeat: float,
    current=lambda: True,
    wake_key: str = "",
    fence: PersonFence | None = None,
) -> Generator[str, None, None]:
    """A thread-held stream's text: what changed after event ``after`` (None: from now on). ``fence``: the
    session it was opened with; it ends with it (re-read at each wake-up, its person's announcement one)."""
    deadline = time.monotonic() + max_seconds
    epoch = _epoch
    if fence is not None:
        inner = current

        def current() -> bool:
            return inner() and fence.refusal() is None

    _count_running(1)
    try:
        # read before the first line: a client that has that line hears of every event committed after it
        tail = _start_tail() if after is None else Tail(after)
        yield "retry: 2000\n\n"
        yield from _event_frames(
            user, tail, deadline, heartbeat, lambda: current() and _epoch == epoch, wake_key
        )
    except DatabaseError as exc:  # the browser reconnects (retry above) and resumes from its Last-Event-ID
        log.warning("a live stream ended early: the database did not answer (%s)", exc)
    finally:
        _release_connection()
        _count_running(-1)


def _event_frames(user, tail: Tail, deadline: float, heartbeat: float, current, wake_key: str):
    """The frames of one thread-held stream until its deadline, a newer stream of its tab, or end_streams()."""
    while current():  # False once the same tab opened a newer stream, or end_streams() ran
        reads = _visible_ids(user)  # re-read at each wake-up: a role lowered, a membership removed
        project_ids = _project_ids(reads)
        changes, more = _tail_changes(reads, tail)
        _release_connection()
        if changes:
            yield "".join(_frame(c) for c in changes)
        if changes or more:
            continue
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return

        def changed(ids=project_ids) -> bool:
            if not current():
                return True  # taken over: the loop above ends the stream
            hit = _action_events(ids, tail.where()).exists()
            _release_connection()
            return hit

        keys = [waiting.project_events_key(pid) for pid in project_ids]
        keys.append(STOP_KEY)
        keys.append(waiting.person_key(user.pk))  # signed out, deactivated: ``current`` re-reads it
        if wake_key:
            keys.append(wake_key)
        if not waiting.wait_for(keys, changed, min(heartbeat, remaining), recheck=heartbeat):
            yield ": heartbeat\n\n"


def _tail_changes(reads: frozenset[str], tail: Tail) -> tuple[list[dict], bool]:
    """What a thread-held stream reports from the events the tail has not read yet: those of its projects'
    actions its person may read (``_visible_ids``). The tail reads every project's events (a gap is then a
    transaction in flight, not another workspace's event)."""
    rows, more = _feed_rows(tail)
    return [
        _change(r)
        for r in rows
        if r["action_id"] is not None and _read_key(str(r["project_id"]), r["type"]) in reads
    ], more


class _Stream:
    """The body iterator; ``close`` (called by the server when the response ends, the client left, or it
    was never iterated) frees the person's stream slot exactly once."""

    def __init__(self, gen: Generator[str, None, None], release):
        self._gen, self._release, self._released = gen, release, False

    def __iter__(self):
        return self._gen

    def close(self) -> None:
        try:
            self._gen.close()
        finally:
            if not self._released:
                self._released = True
                self._release()


def _too_many() -> JsonResponse:
    return JsonResponse(
        {
            "detail": f"at most {settings.BRABO_SSE_MAX_STREAMS} live streams per person are open; "
            "close a console tab (the others keep updating).",
            "reason": "too_many_streams",
        },
        status=429,
    )


def stream(request):
    """``GET /admin/console/events/stream/`` (a signed-in person's session)."""
    cursor = _cursor(request)
    if cursor == -1:
        return JsonResponse(
            {"detail": "Last-Event-ID must be the id of an event received earlier.", "reason": "invalid"},
            status=400,
        )
    user = request.user
    slot = _acquire(user.pk, _tab_of(request))
    if slot is None:
        return _too_many()
    wake_key = f"live-slot:{user.pk}:{slot.tab}:{slot.generation}" if slot.tab else ""
    if wake_key:  # taken over by a newer stream of the same tab: woken at once, not at the next heartbeat
        slot.on_superseded(lambda: waiting.publish(wake_key))

    body = _Stream(
        events(
            user,
            cursor,
            max_seconds=settings.BRABO_SSE_MAX_SECONDS,
            heartbeat=settings.BRABO_SSE_HEARTBEAT,
            current=slot.current,
            wake_key=wake_key,
            fence=PersonFence.of_request(request),
        ),
        slot.release,
    )
    response = StreamingHttpResponse(body, content_type="text/event-stream")
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # a proxy in front must not buffer the stream
    return response


# -- one feed, many listeners --------------------------------------------------------------------------------
#
# Under the ASGI server a stream is an async view (`astream`): it holds no thread. One Feed per process reads
# the new events ONCE per wake-up (one query for every listener; while events keep coming, at most one every
# READ_INTERVAL, so each listener's socket gets one write per read) and hands each listener the frames of the
# projects it may see, from the set of its visible projects kept in memory: no query per event per listener.
# That set is read when the stream opens, again every BRABO_SSE_TENANCY_REFRESH seconds, and at once after any
# event that is not an action's (team and settings changes are such events): until then a listener whose set
# is stale receives nothing it was not already allowed (frames wait until the set is re-read, then are
# filtered by it — fail closed).

FEED_KEY_PREFIX = "project-events:"
TENANCY_KEY = FEED_KEY_PREFIX + "tenancy"  # announced when a membership or a per-project grant changes
COALESCE = 0.02  # seconds after a wake-up before the feed reads (the proposal's other events come with it)
READ_INTERVAL = 0.5  # seconds at least between two reads while events keep coming (a console needs no more)
START_WINDOW = 256  # ids below the newest a feed starting now still waits for (transactions in flight)


class _Listener:
    __slots__ = ("user", "projects", "stale", "frames", "signal", "refreshed_at", "person_changed")

    def __init__(self, user, projects: frozenset[str], now: float):
        self.user = user
        self.projects = projects
        self.stale = False
        self.person_changed = False  # its person was announced: re-read its session before the next frame
        self.frames: list[tuple[str, str]] = []  # (project id, the SSE frame's text)
        self.signal = asyncio.Event()
        self.refreshed_at = now

    def offer(self, batch: list[tuple[str, str]]) -> None:
        """One read's frames, (project id, text) each: those this person may see are kept (all of them while
        the set is stale: they are filtered once it has been read again)."""
        mine = batch if self.stale else [item for item in batch if item[0] in self.projects]
        if mine:
            self.frames.extend(mine)
            self.signal.set()


def _start_tail() -> Tail:
    """Where a reader of every project's events starts: after the newest event, still waiting for the ids
    just below it that transactions in flight may commit (see ``actions.tail``)."""
    newest = list(SessionEvent.objects.order_by("-id").values_list("id", flat=True)[:START_WINDOW])
    return Tail.recent(newest[0], newest, START_WINDOW) if newest else Tail(0)


def _feed_rows(tail: Tail) -> tuple[list[dict[str, Any]], bool]:
    """Every project's events the tail has not read yet, each once (the feed's one query per wake-up), and
    whether the read was cut short by its limit (more are there to read at once)."""
    read = (
        SessionEvent.objects.filter(tail.where())
        .order_by("id")
        .values("id", "action_id", "project_id", "type", "action__status")[: BATCH * 5]
    )
    rows: list[dict[str, Any]] = [dict(r) for r in read]
    fresh = tail.take([r["id"] for r in rows])
    return [r for r, new in zip(rows, fresh, strict=True) if new], len(rows) == BATCH * 5


class Feed:
    """This process's reader of new events; started by the first listener, stopped with the last."""

    def __init__(self) -> None:
        self.listeners: set[_Listener] = set()
        self.tail = Tail(0)
        # the highest event id handed out, set on the loop after each read (the tail moves on a slot's thread
        # during one): a listener joining now hears of what comes after it
        self.cursor = 0
        self.reads = 0  # queries made (tests assert one per wake-up, whatever the number of listeners)
        self._task: asyncio.Task | None = None
        self._ready: asyncio.Event = asyncio.Event()

    async def join(self, listener: _Listener) -> int:
        """Add a listener; returns the feed's cursor at that moment (what it delivers comes after it)."""
        self.listeners.add(listener)
        if self._task is None or self._task.done():
            self._ready = asyncio.Event()
            self._task = asyncio.get_running_loop().create_task(self._run(), name="brabo-live-feed")
        await self._ready.wait()
        return self.cursor

    def leave(self, listener: _Listener) -> None:
        self.listeners.discard(listener)
        if not self.listeners and self._task is not None:
            self._task.cancel()
            self._task = None

    async def _run(self) -> None:
        the_hub = waiting.hub()
        watch = _TenancyWatch(self)
        the_hub.waiters.setdefault(TENANCY_KEY, set()).add(watch)  # type: ignore[arg-type]
        try:
            await self._read(the_hub)
        finally:
            watchers = the_hub.waiters.get(TENANCY_KEY, set())
            watchers.discard(watch)  # type: ignore[arg-type]
            if not watchers:
                the_hub.waiters.pop(TENANCY_KEY, None)

    async def _read(self, the_hub) -> None:
        loop = asyncio.get_running_loop()
        with the_hub.prefix_ticket(FEED_KEY_PREFIX) as ticket:
            try:
                self.tail = await slots.run(_start_tail)
                self.cursor = self.tail.high
            finally:
                self._ready.set()
            while self.listeners:
                read_at = loop.time()
                try:
                    rows, more = await slots.run(_feed_rows, self.tail)
                    self.reads += 1
                except Exception as exc:  # the database is down: listeners keep their heartbeats
                    log.warning("live feed could not read events (%s); retrying", type(exc).__name__)
                    rows, more = [], False
                self.cursor = self.tail.high
                self._hand_out(rows)
                if not more:
                    await ticket.sleep(the_hub.recheck_interval())
                    # Under a burst the events of the next moments are read together: one read, and one
                    # chunk written to each listener's socket, per READ_INTERVAL however many proposals come.
                    await asyncio.sleep(max(COALESCE, READ_INTERVAL - (loop.time() - read_at)))

    def _hand_out(self, rows: list[dict[str, Any]]) -> None:
        if any(r["action_id"] is None for r in rows):
            for listener in self.listeners:
                listener.stale = True  # a team or settings change: re-read what each may see, first
        # each frame formatted once, whatever the number of listeners
        batch = [
            (_read_key(str(r["project_id"]), r["type"]), _frame(_change(r)))
            for r in rows
            if r["action_id"] is not None
        ]
        if batch:
            for listener in self.listeners:
                listener.offer(batch)


class _PersonWatch:
    """Woken (by the hub, on the loop) when the listener's person was announced (``waiting.person_key``):
    before its next frame it re-reads its session (``PersonFence``) and what its person may see."""

    __slots__ = ("listener",)

    def __init__(self, listener: _Listener):
        self.listener = listener

    def wake(self) -> None:
        self.listener.person_changed = self.listener.stale = True
        self.listener.signal.set()


@contextmanager
def _watching_person(listener: _Listener):
    the_hub = waiting.hub()
    key = waiting.person_key(listener.user.pk)
    watch = _PersonWatch(listener)
    the_hub.waiters.setdefault(key, set()).add(watch)  # type: ignore[arg-type]
    try:
        yield
    finally:
        watchers = the_hub.waiters.get(key, set())
        watchers.discard(watch)  # type: ignore[arg-type]
        if not watchers:
            the_hub.waiters.pop(key, None)


async def _ended(listener: _Listener, fence: PersonFence | None) -> bool:
    """After its person was announced: whether the session the stream was opened with has ended."""
    if not listener.person_changed:
        return False
    listener.person_changed = False
    return fence is not None and await slots.run(fence.refusal) is not None


class _TenancyWatch:
    """Woken (by the hub, on the loop) when a membership or a project grant changed: from that moment every
    listener's frames wait until it has re-read what its person may see."""

    __slots__ = ("feed",)

    def __init__(self, feed: Feed):
        self.feed = feed

    def wake(self) -> None:
        for listener in self.feed.listeners:
            listener.stale = True


_feeds: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Feed] = weakref.WeakKeyDictionary()


def feed() -> Feed:
    loop = asyncio.get_running_loop()
    found = _feeds.get(loop)
    if found is None:
        found = _feeds[loop] = Feed()
    return found


def _visible_ids(user) -> frozenset[str]:
    """What ``user`` may read on a stream, as the keys its frames are filed under (``_read_key``): the id of
    each project they see, and ``<id>:budget`` where they also read its budget (maintainer+, as GET
    .../events/ shows a threshold crossing: ``events.readable_by``). Read again when a membership changes, so
    a role lowered mid-stream narrows it."""
    rows = list(visible_projects(user).values_list("id", "workspace_id"))
    roles = dict(Membership.objects.filter(user=user).values_list("workspace_id", "role"))
    keys = {str(pk) for pk, _ in rows}
    keys.update(f"{pk}{BUDGET_SUFFIX}" for pk, ws in rows if role_at_least(roles.get(ws), MAINTAINER))
    return frozenset(keys)


BUDGET_SUFFIX = ":budget"


def _read_key(project_id: str, event_type: str) -> str:
    """The key a frame of ``event_type`` on ``project_id`` is filed under: who holds it may read it."""
    return project_id + BUDGET_SUFFIX if event_type in BUDGET_READER_TYPES else project_id


def _project_ids(reads: frozenset[str]) -> list[str]:
    return [key for key in reads if not key.endswith(BUDGET_SUFFIX)]


def _backlog(reads: frozenset[str], after: int, upto: int) -> list[dict]:
    return [
        c
        for c in _changes(_project_ids(reads), after)
        if c["sse_id"] <= upto and _read_key(c["project"], c["event"]) in reads
    ]


async def aevents(
    user, after: int | None, *, max_seconds: float, heartbeat: float, release, slot=None, fence=None
):
    """``fence``: the session the stream was opened with (``PersonFence``); the stream ends with it."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + max_seconds
    the_feed = feed()
    listener = _Listener(user, await slots.run(_visible_ids, user), loop.time())
    current = slot.current if slot is not None else (lambda: True)
    if slot is not None:  # taken over by a newer stream of the same tab: wake up and end
        slot.on_superseded(lambda: loop.call_soon_threadsafe(listener.signal.set))
    # its person announced (signed out, deactivated, a membership changed): woken at once, re-read first
    listener.person_changed = fence is not None  # and once at the start: a sign-out just before it
    with _watching_person(listener):
        try:
            yield "retry: 2000\n\n"
            upto = await the_feed.join(listener)
            # A resuming browser (Last-Event-ID) first gets what it missed up to the feed's cursor, read once.
            while after is not None and after < upto:
                missed = await slots.run(_backlog, listener.projects, after, upto)
                if not missed:
                    break
                after = missed[-1]["sse_id"]
                yield "".join(_frame(c) for c in missed)
            while current():
                if await _ended(listener, fence):
                    return  # signed out, expired, deactivated: the browser's reconnect meets the sign-in page
                now = loop.time()
                if listener.stale or now - listener.refreshed_at >= settings.BRABO_SSE_TENANCY_REFRESH:
                    listener.stale = False  # frames offered from here on are filtered by the set read now
                    listener.projects = await slots.run(_visible_ids, user)
                    listener.refreshed_at = loop.time()
                if listener.frames:
                    frames, listener.frames = listener.frames, []
                    allowed = [frame for project, frame in frames if project in listener.projects]
                    if allowed:
                        yield "".join(allowed)
                    continue
                remaining = deadline - loop.time()
                if remaining <= 0:
                    return
                listener.signal.clear()
                try:
                    await asyncio.wait_for(listener.signal.wait(), timeout=min(heartbeat, remaining))
                except TimeoutError:
                    yield ": heartbeat\n\n"
        finally:
            the_feed.leave(listener)
            release()


def _open_stream(request):
    """The sync half of opening a stream: who asks, may they, from where. Returns (response, user, cursor)
    where a response is a refusal."""
    from django.contrib import admin

    if not admin.site.has_permission(request):
        from django.contrib.auth.views import redirect_to_login
        from django.urls import reverse

        return redirect_to_login(request.get_full_path(), reverse("admin:login")), None, None
    cursor = _cursor(request)
    if cursor == -1:
        return (
            JsonResponse(
                {"detail": "Last-Event-ID must be the id of an event received earlier.", "reason": "invalid"},
                status=400,
            ),
            None,
            None,
        )
    user = request.user
    user.is_authenticated  # noqa: B018 — loaded here, on the slot, never in the loop
    return None, user, cursor


def _fence_of(request) -> PersonFence | None:
    """What the stream ends with: the session it was opened with (the person's credentials, not a project)."""
    return PersonFence.of_request(request)


async def astream(request):
    """``GET /admin/console/events/stream/`` under the ASGI server (see the Feed above)."""
    refusal, user, cursor = await slots.run(_open_stream, request)
    if refusal is not None:
        return refusal
    fence = await slots.run(_fence_of, request)
    slot = _acquire(user.pk, _tab_of(request))
    if slot is None:
        return _too_many()
    body = aevents(
        user,
        cursor,
        max_seconds=settings.BRABO_SSE_MAX_SECONDS,
        heartbeat=settings.BRABO_SSE_HEARTBEAT,
        release=slot.release,
        slot=slot,
        fence=fence,
    )
    response = StreamingHttpResponse(body, content_type="text/event-stream")
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"
    return response


def _tenancy_changed(sender, instance=None, **kwargs) -> None:
    waiting.publish(TENANCY_KEY)  # after the commit, to every process's feed (Redis) or this one's
    if getattr(instance, "user_id", None) is not None:
        waiting.publish(waiting.person_key(instance.user_id))  # their open waits re-read their right


def _person_changed(sender, instance=None, **kwargs) -> None:
    """A person saved (deactivated, a new password) or one of their tokens (revoked): their open waits and
    streams re-read what let them in."""
    user_id = getattr(instance, "user_id", None) or getattr(instance, "pk", None)
    if user_id is not None:
        waiting.publish(waiting.person_key(user_id))


def _signed_out(sender, user=None, **kwargs) -> None:
    if user is not None:  # (an anonymous sign-out signs out nobody)
        waiting.publish(waiting.person_key(user.pk))


def connect_tenancy_signals() -> None:
    """Membership rows and guardian's per-project grants decide what a listener may see: any change of
    either makes every feed re-read its listeners' projects before their next frame. Those, a person's
    own row, their tokens and their signing out announce the person (``waiting.person_key``): their open
    waits and streams re-read their credentials and right (``projects.access.PersonFence``)."""
    for model in (Membership, UserObjectPermission):
        post_save.connect(_tenancy_changed, sender=model, dispatch_uid=f"live-tenancy-save-{model.__name__}")
        post_delete.connect(
            _tenancy_changed, sender=model, dispatch_uid=f"live-tenancy-delete-{model.__name__}"
        )
    for person_model in (get_user_model(), PersonalToken):
        name = person_model.__name__
        post_save.connect(_person_changed, sender=person_model, dispatch_uid=f"live-person-save-{name}")
        post_delete.connect(_person_changed, sender=person_model, dispatch_uid=f"live-person-delete-{name}")
    user_logged_out.connect(_signed_out, dispatch_uid="live-person-signed-out")
    # a stored session deleted announces its person from the session store (actions.session_store)
