"""The web process's sync slots: the bounded set of threads that run Django's synchronous code
under the ASGI server.

A slot is one long-lived thread (a single-thread executor). A synchronous request borrows a slot for its
whole life (``brabo.asgi``), as a gunicorn gthread request held a thread; an async view (a wait, a live
stream) borrows one only for each short piece of database work (:func:`run`) and holds none while it waits.
BRABO_WEB_THREADS slots per process (default 16): requests beyond them queue in the event loop, which costs
a few kilobytes each, never a thread.

Database connections are per thread in Django. Whatever a piece of work opened is closed (given back to
psycopg's pool) when the work ends, in the thread that opened it, so nothing leaks from one borrower of a
slot to the next (CONN_MAX_AGE=0 under the pool; with a persistent CONN_MAX_AGE a slot keeps at most one).
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor, thread
from contextlib import asynccontextmanager
from typing import Any, TypeVar

from asgiref.sync import sync_to_async

from brabo.env import env_int

T = TypeVar("T")

SIZE = env_int("BRABO_WEB_THREADS", 16, minimum=1)


def close_connections() -> None:
    """Give back this thread's database connections (Django's request_finished does the same), unless a
    transaction is still open on one (then it is the caller's to finish)."""
    from django.db import close_old_connections, connections

    for conn in connections.all(initialized_only=True):
        if conn.in_atomic_block:
            return
    close_old_connections()


def _settle(waiter: asyncio.Future, result: Any, error: BaseException | None) -> None:
    if not waiter.cancelled():
        if error is None:
            waiter.set_result(result)
        else:
            waiter.set_exception(error)


class _Call:
    """A function run on a slot's thread whose outcome is handed straight to an asyncio future."""

    __slots__ = ("loop", "waiter", "fn")

    def __init__(self, loop: asyncio.AbstractEventLoop, waiter: asyncio.Future, fn: Callable[[], Any]):
        self.loop, self.waiter, self.fn = loop, waiter, fn

    def run(self) -> None:  # what ThreadPoolExecutor's worker calls on each item of its queue
        outcome: tuple[Any, BaseException | None]
        try:
            outcome = (self.fn(), None)
        except BaseException as exc:  # the awaiting side gets it, as from run_in_executor
            outcome = (None, exc)
        try:
            self.loop.call_soon_threadsafe(_settle, self.waiter, *outcome)
        except RuntimeError:  # the loop is closed: nobody awaits it any more
            pass


class SlotExecutor(ThreadPoolExecutor):
    """One slot's thread (a one-thread executor, for ``sync_to_async`` too). :meth:`call` is the synchronous
    requests' hop: the function goes on the thread's queue and its outcome comes back to an asyncio future
    through ``call_soon_threadsafe``, without ``loop.run_in_executor``'s concurrent Future, its condition
    and the chaining of the two futures (a hop took about twice the CPU that way)."""

    def call(self, loop: asyncio.AbstractEventLoop, fn: Callable[[], T]) -> asyncio.Future[T]:
        """``fn()`` on this slot's thread; await the returned future for its result or exception."""
        waiter: asyncio.Future[T] = loop.create_future()
        with self._shutdown_lock:  # type: ignore[attr-defined]  # ThreadPoolExecutor's own, as submit() takes
            if self._broken or self._shutdown or thread._shutdown:  # type: ignore[attr-defined]
                raise RuntimeError("cannot schedule new calls after shutdown")
            self._work_queue.put(_Call(loop, waiter, fn))  # type: ignore[attr-defined, arg-type]  # run() is all it calls
            self._adjust_thread_count()  # type: ignore[attr-defined]
        return waiter


class Slots:
    """The slots of one event loop. ``size`` threads, lent one at a time; the queue of free ones is the
    fairness: waiting borrowers are served in order."""

    def __init__(self, size: int):
        self.size = size
        self._free: asyncio.Queue[SlotExecutor] = asyncio.Queue()
        for i in range(size):
            self._free.put_nowait(SlotExecutor(max_workers=1, thread_name_prefix=f"brabo-sync-{i}"))
        self.busy = 0

    @asynccontextmanager
    async def slot(self) -> AsyncIterator[SlotExecutor]:
        executor = await self._free.get()
        self.busy += 1
        try:
            yield executor
        finally:
            self.busy -= 1
            self._free.put_nowait(executor)

    async def run(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``fn(*args, **kwargs)`` on a slot's thread; its database connections are closed after."""

        def work() -> T:
            try:
                return fn(*args, **kwargs)
            finally:
                close_connections()

        async with self.slot() as executor:
            return await sync_to_async(work, thread_sensitive=False, executor=executor)()

    def shutdown(self) -> None:
        while not self._free.empty():
            self._free.get_nowait().shutdown(wait=False)


_by_loop: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Slots] = weakref.WeakKeyDictionary()


def slots(size: int | None = None) -> Slots:
    """This event loop's slots (one set per loop: a test's loop gets its own)."""
    loop = asyncio.get_running_loop()
    found = _by_loop.get(loop)
    if found is None:
        found = _by_loop[loop] = Slots(size or SIZE)
    return found


async def run(fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    return await slots().run(fn, *args, **kwargs)
