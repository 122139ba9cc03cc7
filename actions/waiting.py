"""Waking agents that wait on an action's outcome (R8.4), and runners that wait for work (R9.3).

A change is announced on a notification channel named by a key (an action's id,
``runner_work_key(project_id)`` for work handed to a project's runners, or ``project_events_key(project_id)``
for every event of a project, which the console's live stream listens to): Redis pub/sub when
BRABO_REDIS_URL is set, otherwise an in-process condition (the embedded single-process setup of
`make run`). Waiters re-read the database after every wake-up, so a lost notification costs at most one
re-check interval, never a wrong answer, and state survives server restarts.

Two ways to wait: :func:`wait_for` blocks the calling thread (the WSGI server, a runner's poll,
a management command); :func:`wait_async` is awaited by the async views under the ASGI server and holds no
thread: one :class:`Hub` per process (per event loop) keeps every waiter as a small object keyed by what it
listens to, ONE Redis subscriber connection per process (a pattern subscription on ``brabo:action:*``)
feeds it while the process holds a wait or a live feed (and a few seconds after: a process that holds none
decodes nothing of what every proposal announces), and a publish from this process's own threads reaches
it directly (``call_soon_threadsafe``). A wait takes its place, then waits for the subscription, THEN reads
the state it waits on: a change published after that read wakes it, one before it is in what it read.
While Redis is unreachable the hub reconnects in the background and its waiters re-check every
BRABO_WAIT_RECHECK seconds; once it listens again every waiter re-checks once (what was published while
nobody listened is not lost).

Concurrent waits are capped per agent and per workspace in each web process (BRABO_MAX_WAITS_PER_AGENT,
BRABO_MAX_WAITS_PER_WORKSPACE): past a cap the wait is refused 429 ``too_many_waits`` with Retry-After, so one
tenant's waiting agents cannot take another's share of the process.
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
import time
import weakref
from collections.abc import Awaitable, Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import partial
from typing import TYPE_CHECKING

from django.conf import settings
from django.db import transaction

from brabo import process_id
from brabo.api_errors import ApiError
from brabo.redis_pubsub import Subscription

if TYPE_CHECKING:
    import redis

log = logging.getLogger(__name__)

CHANNEL_PREFIX = "brabo:action:"
# A process subscribes to announcements while it holds a wait, and stays subscribed this many seconds after
# the last one ends (waits come in runs); a wait waits at most SUBSCRIBE_WAIT seconds for the subscription.
SUBSCRIPTION_LINGER = 10.0
SUBSCRIBE_WAIT = 2.0
# What this process publishes carries its token: its own subscriber skips those (they were delivered to
# its waiters directly). Random per process start; a forked child (Celery's pool) gets its own pid in it.
PROCESS_TOKEN = f"{os.getpid()}-{os.urandom(6).hex()}".encode()
_local = threading.Condition()
_local_generation: dict[str, int] = {}
_clients: dict[str, redis.Redis] = {}
_clients_lock = threading.Lock()


def _redis() -> redis.Redis:
    """The process's Redis client for BRABO_REDIS_URL: one connection pool per process and URL, reused by
    every publish and wait (a client per publish opened a TCP connection and re-read the library's
    version for its handshake on every proposal). redis-py's pool is thread-safe and resets itself in a
    forked child, so a gunicorn or Celery fork never shares a socket with its parent."""
    url = settings.BRABO_REDIS_URL
    client = _clients.get(url)
    if client is None:
        import redis

        with _clients_lock:
            client = _clients.get(url)
            if client is None:
                client = _clients[url] = redis.Redis.from_url(
                    url, socket_timeout=5, socket_connect_timeout=5, health_check_interval=30
                )
    return client


def _token() -> bytes:
    """The publishing process's token; re-derived after a fork so a child never passes for its parent."""
    global PROCESS_TOKEN, _token_pid
    if _token_pid != process_id.pid():  # no system call per publish (brabo.process_id)
        _token_pid = process_id.pid()
        PROCESS_TOKEN = f"{_token_pid}-{os.urandom(6).hex()}".encode()
        _hubs.clear()  # a parent's loops are not this process's
    return PROCESS_TOKEN


_token_pid = os.getpid()


def runner_work_key(project_id) -> str:
    return f"runner-work:{project_id}"


def agent_key(agent_id) -> str:
    """Announced when an agent's key stops opening Brabo -- revoked, rotated, its agent suspended
    (``actions.announce``): its open waits re-read their key (``projects.authentication.KeyFence``)."""
    return f"agent:{agent_id}"


def person_key(user_id) -> str:
    """Announced when what a person's open waits and streams were let in with may have ended -- a token
    revoked, a session signed out, the person deactivated, a membership or project grant changed
    (``actions.live.connect_tenancy_signals``): they re-read it (``projects.access.PersonFence``)."""
    return f"person:{user_id}"


def fence_key(fence) -> str:
    """The announcement a fence's wait listens to: its agent's (``KeyFence``) or its person's (``PersonFence``)."""
    user_id = getattr(fence, "user_id", None)
    return person_key(user_id) if user_id is not None else agent_key(fence.agent_id)


def wait_keys(key: str, fence) -> tuple[str, ...]:
    """What a wait on ``key`` listens to: with a fence, also its agent's or person's changes."""
    return (key,) if fence is None else (key, fence_key(fence))


def project_events_key(project_id) -> str:
    """Announced after every recorded event of the project (actions.announce): live streams wait on it."""
    return f"project-events:{project_id}"


def publish(key) -> None:
    """Announce a change under ``key`` (an action id, or a runner-work key). It fires after the current
    transaction commits (at once outside one)."""
    transaction.on_commit(lambda: publish_now(str(key)))


def publish_now(key: str) -> None:
    publish_in_process(key)
    if settings.BRABO_REDIS_URL:
        try:
            _redis().publish(*redis_message(key))
        except Exception:  # the waiter re-checks the row at its next tick; never fail the transition for this
            log.warning(
                "could not announce a change of %s; its waiters will notice at their next check",
                key,
            )


def publish_in_process(key: str) -> None:
    """Wake this process's own waiters of ``key`` (blocked threads and the hub's); the Redis publish that
    reaches the other processes is the caller's (:func:`publish_now`, or ``actions.announce``'s pipeline
    with :func:`redis_message`)."""
    with _local:
        _local_generation[key] = _local_generation.get(key, 0) + 1
        _local.notify_all()
    if _hubs:
        _notify_hubs(key)


def redis_message(key: str) -> tuple[str, bytes]:
    """The channel and message of ``key``'s Redis publish."""
    return CHANNEL_PREFIX + key, _token()


def _keys(key: str | Sequence[str]) -> tuple[str, ...]:
    return (key,) if isinstance(key, str) else tuple(str(k) for k in key)


def _generations(keys: tuple[str, ...]) -> tuple[int, ...]:
    return tuple(_local_generation.get(k, 0) for k in keys)


def _changed_since(keys: tuple[str, ...], seen: tuple[int, ...]) -> bool:
    return _generations(keys) != seen


def wait_for(
    key: str | Sequence[str], is_done: Callable[[], bool], timeout: float, *, recheck: float = 2.0
) -> bool:
    """Block until ``is_done()`` is true or ``timeout`` seconds passed. Returns is_done()'s last value.
    ``key`` is what announcements are published under (see ``publish``); several keys wake on any of them
    (a live stream waits on each visible project's events key).

    Woken by the notification channel; re-checks at most every ``recheck`` seconds as a safety net.
    """
    deadline = time.monotonic() + max(0.0, timeout)
    if not settings.BRABO_REDIS_URL:
        return _wait_local(key, is_done, deadline, recheck)
    if not _keys(key):  # nothing to listen to (a person who sees no project): re-check on the clock
        return _wait_local(key, is_done, deadline, recheck)
    if is_done():
        return True
    return _wait_redis(key, is_done, deadline, recheck)


def _wait_local(key: str | Sequence[str], is_done, deadline: float, recheck: float) -> bool:
    keys = _keys(key)
    while True:
        # The generation is read BEFORE the check: a publish that lands between the check and the wait
        # changes it, so the wait returns at once instead of sleeping through a wake-up already sent.
        with _local:
            seen = _generations(keys)
        if is_done():
            return True
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return False
        with _local:
            _local.wait_for(partial(_changed_since, keys, seen), timeout=min(remaining, recheck))


def _wait_redis(key: str | Sequence[str], is_done, deadline: float, recheck: float) -> bool:
    import redis

    client = _redis()
    pubsub = client.pubsub(ignore_subscribe_messages=True)
    try:
        try:
            pubsub.subscribe(*(CHANNEL_PREFIX + k for k in _keys(key)))
            if is_done():  # settled between the first check and the subscription
                return True
            while True:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return is_done()
                pubsub.get_message(timeout=min(remaining, recheck))
                if is_done():
                    return True
        except redis.RedisError as exc:
            # Redis down or restarted mid-wait: the database is the truth, so keep waiting by
            # re-reading it every `recheck` seconds; the agent gets its answer, only a little later.
            log.warning("wake-ups for %s unavailable (%s); waiting by re-checking", key, type(exc).__name__)
            return _wait_local(key, is_done, deadline, recheck)
    finally:
        try:
            pubsub.close()  # gives its connection back to the shared pool; the client itself stays open
        except Exception:
            pass


# -- caps on concurrent waits --------------------------------------------------------------------------------

_wait_counts: dict[tuple[str, str], int] = {}
_wait_counts_lock = threading.Lock()


class TooManyWaits(ApiError):
    """A wait refused at a cap: answered 429 ``too_many_waits`` with Retry-After (DRF's exception handler
    sends ``wait`` as that header)."""

    def __init__(self, detail: str, retry_after: int):
        super().__init__(detail, status_code=429, reason="too_many_waits")
        self.wait = retry_after


def _caps(agent_id, workspace_id) -> list[tuple[tuple[str, str], int, str]]:
    caps = []
    if agent_id is not None:
        caps.append((("agent", str(agent_id)), settings.BRABO_MAX_WAITS_PER_AGENT, "this agent"))
    if workspace_id is not None:
        caps.append(
            (("workspace", str(workspace_id)), settings.BRABO_MAX_WAITS_PER_WORKSPACE, "this workspace")
        )
    return caps


@contextmanager
def wait_allowance(*, agent_id=None, workspace_id=None) -> Iterator[None]:
    """Count one wait of ``agent_id`` in ``workspace_id`` for as long as the block runs; refuse it with
    TooManyWaits when either already holds its cap of concurrent waits in this process. A refusal is
    decided from two counters under a lock: no query, no I/O, so a workspace at its cap costs the others
    nothing."""
    caps = _caps(agent_id, workspace_id)
    with _wait_counts_lock:
        for key, cap, whom in caps:
            if _wait_counts.get(key, 0) >= cap:
                raise TooManyWaits(
                    f"{whom} already holds {cap} concurrent waits on this server, its cap; retry after "
                    f"{settings.BRABO_WAIT_RETRY_AFTER} s or wait on fewer actions at once.",
                    settings.BRABO_WAIT_RETRY_AFTER,
                )
        for key, _cap, _whom in caps:
            _wait_counts[key] = _wait_counts.get(key, 0) + 1
    try:
        yield
    finally:
        with _wait_counts_lock:
            for key, _cap, _whom in caps:
                left = _wait_counts.get(key, 1) - 1
                if left <= 0:
                    _wait_counts.pop(key, None)
                else:
                    _wait_counts[key] = left


def waits_held(*, agent_id=None, workspace_id=None) -> int:
    key = ("agent", str(agent_id)) if agent_id is not None else ("workspace", str(workspace_id))
    with _wait_counts_lock:
        return _wait_counts.get(key, 0)


# -- waiting without a thread --------------------------------------------------------------------------------


class _Ticket:
    """One async waiter: the keys it listens to and a flag set by any notification since it last looked.
    A few hundred bytes; the future exists only while it sleeps."""

    __slots__ = ("keys", "notified", "future")

    def __init__(self, keys: tuple[str, ...]):
        self.keys = keys
        self.notified = False
        self.future: asyncio.Future[None] | None = None

    def wake(self) -> None:
        self.notified = True
        if self.future is not None and not self.future.done():
            self.future.set_result(None)

    async def sleep(self, seconds: float) -> None:
        """Until a notification (or one already received since the last sleep) or ``seconds``."""
        if not self.notified and seconds > 0:
            self.future = asyncio.get_running_loop().create_future()
            try:
                await asyncio.wait((self.future,), timeout=seconds)
            finally:
                self.future = None
        self.notified = False


class Hub:
    """This process's waiters, by key, and its one Redis subscriber. Lives on one event loop."""

    def __init__(self, loop: asyncio.AbstractEventLoop):
        self.loop = loop
        self.waiters: dict[str, set[_Ticket]] = {}
        self.prefix_waiters: dict[str, set[_Ticket]] = {}  # a process-wide reader (the live feed)
        self.listening = False  # the Redis subscription is up: notifications from other processes arrive
        self.wakeups = 0
        self.closing = False  # the process is stopping: every wait answers now (:meth:`close_waits`)
        self._task: asyncio.Task | None = None
        self._held = asyncio.Event()  # set when a ticket is taken: the subscriber subscribes
        self._failing = False  # the last subscription attempt failed: waits do not wait for the next
        self._subscribing: list[asyncio.Future[None]] = []  # waits until the subscription is up

    # notifications, on the loop's thread
    def notify(self, key: str) -> None:
        for ticket in tuple(self.waiters.get(key, ())):
            ticket.wake()
        for prefix, tickets in self.prefix_waiters.items():
            if key.startswith(prefix):
                for ticket in tuple(tickets):
                    ticket.wake()
        self.wakeups += 1

    def notify_all(self) -> None:
        for tickets in (*self.waiters.values(), *self.prefix_waiters.values()):
            for ticket in tuple(tickets):
                ticket.wake()

    def told(self, key: str) -> bool:
        """From any thread: whether nobody on this loop needs waking for ``key`` — no wait listens to it by
        name, and every reader of a prefix it starts with (the live feed) has been notified since it last
        looked. Such a reader looks again before it reads, and reads after that look, so an announcement of
        a change committed before this call is read with it; the loop is not woken once per proposal."""
        if key in self.waiters:
            return False
        for prefix, tickets in tuple(self.prefix_waiters.items()):  # copied in C: no other thread runs
            if key.startswith(prefix) and not all(ticket.notified for ticket in tuple(tickets)):
                return False
        return True

    def close_waits(self) -> None:
        """The process is stopping: every wait it holds answers now with the action's current state,
        as at its timeout (R8.4: the agent waits again, on any process), instead of being cut or answered
        500 when the server's grace period ends. Waits started from now on answer at once the same way."""
        self.closing = True
        self.notify_all()

    def count(self) -> int:
        return len({t for tickets in self.waiters.values() for t in tickets if isinstance(t, _Ticket)})

    @contextmanager
    def ticket(self, keys: tuple[str, ...]) -> Iterator[_Ticket]:
        ticket = _Ticket(keys)
        for key in keys:
            self.waiters.setdefault(key, set()).add(ticket)
        self._held.set()
        try:
            yield ticket
        finally:
            for key in keys:
                tickets = self.waiters.get(key)
                if tickets is not None:
                    tickets.discard(ticket)
                    if not tickets:
                        del self.waiters[key]

    @contextmanager
    def prefix_ticket(self, prefix: str) -> Iterator[_Ticket]:
        """A ticket woken by every key that starts with ``prefix``."""
        ticket = _Ticket((prefix,))
        self.prefix_waiters.setdefault(prefix, set()).add(ticket)
        self._held.set()
        try:
            yield ticket
        finally:
            tickets = self.prefix_waiters.get(prefix, set())
            tickets.discard(ticket)
            if not tickets:
                self.prefix_waiters.pop(prefix, None)

    def recheck_interval(self) -> float:
        """How often a waiter re-reads the database without a notification: rarely while the subscription
        is up (it is only a safety net), every BRABO_WAIT_RECHECK seconds otherwise."""
        if self.listening:
            return float(settings.BRABO_WAIT_RECHECK_SUBSCRIBED)
        return float(settings.BRABO_WAIT_RECHECK)

    def holds_waits(self) -> bool:
        """Whether anything on this loop listens to announcements (a wait, a live feed)."""
        return bool(self.waiters or self.prefix_waiters)

    async def subscription(self) -> None:
        """Return once the Redis subscription is up, so that what is read next cannot miss a wake-up
        published after it; at once without Redis, while Redis is failing, or after SUBSCRIBE_WAIT
        seconds (then the subscription's coming up wakes every waiter, which looks again)."""
        if self.listening or self._task is None or self._failing:
            return
        future = self.loop.create_future()
        self._subscribing.append(future)
        try:
            await asyncio.wait((future,), timeout=SUBSCRIBE_WAIT)
        finally:
            if future in self._subscribing:
                self._subscribing.remove(future)

    def _subscribed(self, up: bool) -> None:
        self.listening, self._failing = up, not up
        if up:
            # anything published while nobody listened: every waiter looks once
            self.notify_all()
        for future in self._subscribing:
            if not future.done():
                future.set_result(None)
        self._subscribing.clear()

    # the Redis subscriber: subscribed only while this loop holds a wait or a live feed, so a process that
    # holds none decodes no announcement (every proposal publishes one); SUBSCRIPTION_LINGER seconds after
    # the last wait ends the connection is closed.
    def start(self) -> None:
        if settings.BRABO_REDIS_URL and self._task is None:
            self._task = self.loop.create_task(self._listen(settings.BRABO_REDIS_URL), name="brabo-wakeups")

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            try:
                await task
            except (asyncio.CancelledError, Exception):
                pass
        self.listening = False
        self._subscribed(False)

    async def _listen(self, url: str) -> None:
        backoff = 0.5
        while True:
            if not self.holds_waits():
                self._held.clear()
                await self._held.wait()
            subscription = Subscription(url, CHANNEL_PREFIX + "*")
            try:
                await subscription.open()
                self._subscribed(True)
                await self._relay(subscription)
                backoff = 0.5
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                if self.listening:
                    log.warning("wake-ups from Redis lost (%s); waiters re-check the database", exc)
                self._subscribed(False)
                await asyncio.sleep(backoff)
                backoff = min(backoff * 2, 10.0)
            finally:
                self.listening = False
                try:
                    await subscription.close()
                except Exception:
                    pass

    async def _relay(self, subscription) -> None:
        """Hand the subscription's messages to the waiters until no wait has been held for
        SUBSCRIPTION_LINGER seconds (:meth:`_watch` then closes it)."""
        prefix = len(CHANNEL_PREFIX)
        watch = self.loop.create_task(self._watch(subscription), name="brabo-wakeups-watch")
        try:
            while (replies := await subscription.read()) is not None:
                for reply in replies:
                    # (this process's own publishes were delivered directly)
                    if reply[0] == b"pmessage" and reply[3] != PROCESS_TOKEN:
                        self.notify(reply[2][prefix:].decode())
        finally:
            watch.cancel()

    async def _watch(self, subscription) -> None:
        """Every few seconds: end the subscription once no wait was held for SUBSCRIPTION_LINGER seconds,
        and keep it alive (or find it dead) with a PING when it is silent."""
        idle_since: float | None = None
        while True:
            await asyncio.sleep(min(SUBSCRIPTION_LINGER / 2, 5.0))
            now = self.loop.time()
            if self.holds_waits():
                idle_since = None
            elif idle_since is None:
                idle_since = now
            elif now - idle_since >= SUBSCRIPTION_LINGER:
                await subscription.close()
                return
            await subscription.tick()


_hubs: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Hub] = weakref.WeakKeyDictionary()
_hubs_lock = threading.Lock()


def hub() -> Hub:
    """The running loop's hub (started on first use)."""
    loop = asyncio.get_running_loop()
    found = _hubs.get(loop)
    if found is None:
        with _hubs_lock:
            found = _hubs[loop] = Hub(loop)
        found.start()
    return found


def _notify_hubs(key: str) -> None:
    """From any thread: wake this process's async waiters on ``key``."""
    for loop, found in list(_hubs.items()):
        # A hub holding no wait has nobody to wake: a wait registers before it reads the state announced
        # (committed before this publish), so one that registers after this look reads the change itself.
        if loop.is_closed() or not found.holds_waits() or found.told(key):
            continue
        try:
            loop.call_soon_threadsafe(found.notify, key)
        except RuntimeError:  # the loop closed meanwhile
            pass


async def wait_async(
    key: str | Sequence[str],
    is_done: Callable[[], Awaitable[bool]],
    timeout: float,
    *,
    until: Callable[[], float | None] | None = None,
) -> bool:
    """Await until ``await is_done()`` is true or ``timeout`` seconds passed; returns its last value.
    ``is_done`` runs only at the start, after a notification on one of the keys, and at the re-check
    interval: a waiter costs no thread and no query while nothing happens. ``until``: seconds from now to
    a moment nothing announces (a key's overlap window ends), None for none; ``is_done`` runs then too."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + max(0.0, timeout)
    the_hub = hub()
    # Registered BEFORE the first check: a publish landing between the check and the sleep sets the
    # ticket's flag, and the sleep returns at once.
    with the_hub.ticket(_keys(key)) as ticket:
        # ...and the subscription is up before it: a publish from another process after the check reaches it
        await the_hub.subscription()
        ticket.notified = False  # what woke it so far (the subscription coming up) is seen by the check
        while True:
            if await is_done():
                return True
            remaining = deadline - loop.time()
            if remaining <= 0 or the_hub.closing:
                return False
            await ticket.sleep(min(remaining, the_hub.recheck_interval(), _until(until)))


def _until(until: Callable[[], float | None] | None) -> float:
    """Seconds to a wait's own wake-up (``wait_async``'s ``until``); at least a few milliseconds, so a clock a
    hair behind the moment re-reads it once more rather than spinning."""
    left = until() if until is not None else None
    return float("inf") if left is None else max(left, 0.01)
