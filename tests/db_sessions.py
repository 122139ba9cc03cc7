"""No database connection outlives its test: the guard of the root conftest.

PostgreSQL refuses to drop a database another session is still on, so a thread that ended (or outlived its
test) with a Django connection open made the run end with 'database "test_brabo_gw0" is being accessed by
other users' — on whichever test happened to run last. A connection borrowed from psycopg's pool (settings:
BRABO_DB_POOL) is not closed when its thread ends: the thread's DatabaseWrapper only goes with a garbage
collection, and a pooled psycopg connection does not close itself when deleted, so whether the session was
still there at the end of the run depended on the collector.

Every connection Django opens is noted here with its thread, its test and its backend pid (known without a
round trip). At the end of each test, the connections threads other than the test's own opened and still hold
fail the test, naming the thread and the test that opened them (:func:`held_by_other_threads`); at the end of
the run, before the database is dropped, the sessions still on it fail the run, each named by who opened it
(:func:`sessions_left`).
"""

from __future__ import annotations

import sys
import threading
import time
import traceback
from dataclasses import dataclass
from typing import Any

_lock = threading.Lock()
_test = ""  # the test running now ("" between tests)
_test_thread: threading.Thread | None = None  # the thread running it
_opened_by: dict[int, tuple[str, str]] = {}  # backend pid → (thread name, test) of its latest borrower


@dataclass
class Held:
    """A connection a thread other than the test's own opened."""

    wrapper: Any  # the thread's DatabaseWrapper
    thread: threading.Thread
    test: str
    pid: int

    def describe(self) -> str:
        state = "still running, holds" if self.thread.is_alive() else "ended, left open"
        return (
            f"thread {self.thread.name!r} ({state}) the connection it opened in "
            f"{self.test or 'a fixture between tests'} (backend pid {self.pid})"
        )


_held: list[Held] = []


def set_current_test(nodeid: str) -> None:
    global _test, _test_thread
    _test, _test_thread = nodeid, threading.current_thread()


def _note(sender, connection, **kwargs) -> None:
    if connection.vendor != "postgresql" or connection.connection is None:
        return
    pid = connection.connection.info.backend_pid
    thread = threading.current_thread()
    with _lock:
        _opened_by[pid] = (thread.name, _test)
        if thread is not _test_thread:
            _held.append(Held(connection, thread, _test, pid))


def install() -> None:
    """Note the connections opened from now on (called by the thread that runs the tests)."""
    global _test_thread
    from django.db.backends.signals import connection_created

    _test_thread = _test_thread or threading.current_thread()

    connection_created.connect(_note, dispatch_uid="brabo-test-db-sessions")


def held_by_other_threads(settle: float = 30.0) -> list[Held]:
    """The connections other threads opened since the last call and still hold. A thread still running is
    given up to ``settle`` seconds to give its connection back (a served request finishing its response);
    one that ended without closing it never will. The ended threads' connections are given back here."""
    deadline = time.monotonic() + settle
    while True:
        with _lock:
            _held[:] = [h for h in _held if h.wrapper.connection is not None]
            left = list(_held)
        if not any(h.thread.is_alive() for h in left) or time.monotonic() >= deadline:
            break
        time.sleep(0.05)
    with _lock:
        _held.clear()
    for h in left:
        if not h.thread.is_alive():  # nobody else can use it any more
            h.wrapper.inc_thread_sharing()
            try:
                h.wrapper.close()
            finally:
                h.wrapper.dec_thread_sharing()
    return left


@dataclass
class Session:
    pid: int
    application: str
    state: str
    query: str
    opened_by: tuple[str, str] | None

    def describe(self) -> str:
        who = (
            f"opened by thread {self.opened_by[0]!r} in {self.opened_by[1] or 'a fixture between tests'}"
            if self.opened_by
            else f"not opened by this process's Django (application {self.application!r})"
        )
        return f"backend pid {self.pid}, {who}; {self.state}, last query {self.query[:200]!r}"


def _sessions_on(database: str) -> list[Session]:
    from django.db import connection

    with connection._nodb_cursor() as cursor:  # from the maintenance database: not one of the sessions
        cursor.execute(
            "SELECT pid, application_name, state, query FROM pg_stat_activity"
            " WHERE datname = %s AND pid <> pg_backend_pid()",
            [database],
        )
        rows = cursor.fetchall()
    with _lock:
        return [Session(pid, app, st or "", q or "", _opened_by.get(pid)) for pid, app, st, q in rows]


def sessions_left(database: str, settle: float = 10.0) -> list[Session]:
    """The sessions still on ``database`` once this thread's connections and the pool are closed (what
    dropping it does first), after up to ``settle`` seconds for closing ones to go (DROP DATABASE waits 5)."""
    from django.db import connections

    for conn in connections.all(initialized_only=True):
        conn.close()
        if hasattr(conn, "close_pool"):
            conn.close_pool()
    deadline = time.monotonic() + settle
    while True:
        left = _sessions_on(database)
        if not left or time.monotonic() >= deadline:
            return left
        time.sleep(0.1)


def end_sessions(sessions: list[Session]) -> None:
    """End them, so the database can still be dropped after the failure is reported."""
    from django.db import connection

    with connection._nodb_cursor() as cursor:
        for s in sessions:
            cursor.execute("SELECT pg_terminate_backend(%s)", [s.pid])


def threads_alive(known: set[int]) -> list[str]:
    """The threads alive now that were not at the start of the run, each with where it stands."""
    frames = sys._current_frames()
    out = []
    for t in threading.enumerate():
        if t.ident in known or t is threading.current_thread():
            continue
        frame = frames.get(t.ident or -1)
        where = "".join(traceback.format_stack(frame, limit=4)) if frame else "(no frame)\n"
        out.append(f"thread {t.name!r} (daemon={t.daemon}):\n{where}")
    return out
