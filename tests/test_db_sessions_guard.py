"""The guard that no database connection outlives its test (tests/db_sessions.py, the root conftest): a thread
that ended with its connection open, or still holds one when the test ends, is named with the test that
opened it; one that gave its connection back is not; the sessions on the test database are named by who
opened them. On PostgreSQL, where a session left open stops the run's database from being dropped."""

from __future__ import annotations

import threading

import psycopg
import pytest
from django.db import connection

from tests import db_sessions

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def postgres_only():
    if connection.vendor != "postgresql":
        pytest.skip("the guard looks at PostgreSQL's sessions (set DATABASE_URL; CI does)")


def _query(close: bool, before_closing: threading.Event | None = None) -> None:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        if before_closing is not None:
            assert before_closing.wait(60)
    finally:
        if close:
            connection.close()


def _run(name: str, close: bool, before_closing: threading.Event | None = None) -> threading.Thread:
    thread = threading.Thread(target=_query, args=(close, before_closing), name=name)
    thread.start()
    return thread


def test_a_thread_that_ended_with_its_connection_open_is_named_and_its_connection_given_back(request):
    _run("forgetful", close=False).join()

    held = db_sessions.held_by_other_threads(settle=60)

    assert [(h.thread.name, h.test) for h in held] == [("forgetful", request.node.nodeid)]
    assert "thread 'forgetful' (ended, left open) the connection it opened in " in held[0].describe()
    assert request.node.nodeid in held[0].describe()
    assert held[0].wrapper.connection is None  # back in the pool: nothing left on the database
    assert db_sessions.held_by_other_threads(settle=60) == []  # reported once


def test_a_thread_that_closed_its_connection_is_not_named():
    _run("tidy", close=True).join()

    assert db_sessions.held_by_other_threads(settle=60) == []


def test_a_running_thread_is_waited_for_while_it_gives_its_connection_back():
    go = threading.Event()
    thread = _run("finishing", close=True, before_closing=go)
    try:
        go.set()  # it closes while the guard waits (the settle time is only a safety net)
        assert db_sessions.held_by_other_threads(settle=60) == []
    finally:
        go.set()
        thread.join()


def test_a_thread_still_holding_its_connection_when_the_test_ends_is_named():
    go = threading.Event()
    thread = _run("lingering", close=True, before_closing=go)
    try:
        while thread.is_alive() and not _holds(thread):
            go.wait(0.01)
        held = db_sessions.held_by_other_threads(settle=0)
        assert [h.thread.name for h in held] == ["lingering"]
        assert "thread 'lingering' (still running, holds) the connection" in held[0].describe()
    finally:
        go.set()
        thread.join()
    assert held[0].wrapper.connection is None  # the thread closed its own: the guard never touches a live one


def _holds(thread: threading.Thread) -> bool:
    with db_sessions._lock:
        return any(h.thread is thread for h in db_sessions._held)


def test_the_sessions_on_the_test_database_are_named_by_who_opened_them(request):
    name = connection.settings_dict["NAME"]
    _run("forgetful", close=False).join()
    params = connection.get_connection_params()
    for key in ("cursor_factory", "context", "server_side_binding", "prepare_threshold"):
        params.pop(key, None)
    try:
        with psycopg.connect(**params, autocommit=True, application_name="outsider") as outsider:
            found = {s.pid: s.describe() for s in db_sessions._sessions_on(name)}
            pid = outsider.info.backend_pid
            assert "not opened by this process's Django (application 'outsider')" in found[pid]
        forgotten = [s for s in found.values() if f"thread 'forgetful' in {request.node.nodeid}" in s]
        assert len(forgotten) == 1, found
    finally:
        db_sessions.held_by_other_threads(settle=60)
