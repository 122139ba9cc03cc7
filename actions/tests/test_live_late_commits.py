"""The live streams miss no event that commits after one with a higher id (PostgreSQL hands out ids when a
transaction inserts, and two proposals at once commit in either order): the async feed every console stream
listens to under the ASGI server, and the thread-held stream of a WSGI server. Each scenario holds one
transaction open with its event written, commits a later event beside it, and only then commits the first."""

from __future__ import annotations

import asyncio
import threading

import pytest
from django.db import connection, transaction

from actions import events, live, waiting
from actions.events import Actor
from actions.models import ProposedAction, payload_hash
from tests.races import postgres_only  # noqa: F401 — autouse: SQLite commits one writer at a time, in order

pytestmark = pytest.mark.django_db(transaction=True)


def _action(project) -> ProposedAction:
    payload = {"command": "make deploy"}
    return ProposedAction.objects.create(
        project=project, action_type="terminal", payload=payload, payload_hash=payload_hash(payload),
        status="pending", reason="default", message="t",
    )  # fmt: skip


def _record(project, action) -> int:
    return events.record(
        events.ACTION_APPROVED, project_id=project.id, actor=Actor.system(), action=action
    ).pk


def _record_elsewhere(project, action) -> int:
    """``_record`` on a thread of asyncio's, whose connection is closed before it returns."""
    try:
        return _record(project, action)
    finally:
        connection.close()


class HeldTransaction:
    """A thread (its own connection) that writes an event inside a transaction and commits it only when
    told; ``event_id`` is known (the id taken) while the transaction is still open."""

    def __init__(self, project, action):
        self.written = threading.Event()
        self.commit = threading.Event()
        self.event_id: int | None = None
        self.error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, args=(project, action), daemon=True)
        self._thread.start()
        assert self.written.wait(30), "the held transaction did not write its event"
        assert self.error is None, self.error

    def _run(self, project, action):
        try:
            with transaction.atomic():
                self.event_id = _record(project, action)
                self.written.set()
                assert self.commit.wait(60)
        except BaseException as exc:  # handed to the test
            self.error = exc
            self.written.set()
        finally:
            connection.close()

    def finish(self):
        self.commit.set()
        self._thread.join(30)
        assert not self._thread.is_alive() and self.error is None, self.error


def _sse_ids(text: str) -> list[int]:
    return [int(line[4:]) for line in text.splitlines() if line.startswith("id: ")]


def test_the_feed_hands_every_listener_an_event_that_commits_after_a_later_one(team, settings):
    settings.BRABO_WAIT_RECHECK = settings.BRABO_WAIT_RECHECK_SUBSCRIBED = 600  # only the wake-ups read
    action = _action(team.project)
    _record(team.project, action)  # the log is not empty: the feed starts after its newest event

    async def scenario() -> list[int]:
        the_feed = live.feed()
        listener = live._Listener(team.owner, frozenset({str(team.project.id)}), 0.0)
        await the_feed.join(listener)
        try:
            held = await asyncio.to_thread(HeldTransaction, team.project, action)
            later = await asyncio.to_thread(_record_elsewhere, team.project, action)
            assert held.event_id is not None and held.event_id < later
            await _until(lambda: later in _sse_ids("".join(f for _, f in listener.frames)))
            await asyncio.to_thread(held.finish)
            await _until(lambda: held.event_id in _sse_ids("".join(f for _, f in listener.frames)))
            return _sse_ids("".join(f for _, f in listener.frames))
        finally:
            the_feed.leave(listener)
            await waiting.hub().stop()

    ids = asyncio.run(scenario())
    assert sorted(ids) == sorted(set(ids)) and len(ids) == 2  # each once


async def _until(condition, seconds: float = 60) -> None:
    """A safety net for a hung test, not a speed assertion."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while not condition():
        assert loop.time() < deadline, "gave up waiting for the feed"
        await asyncio.sleep(0.05)


def test_a_thread_held_stream_reports_an_event_that_commits_after_a_later_one(team):
    action = _action(team.project)
    newest = _record(team.project, action)
    stream = live.events(team.owner, newest, max_seconds=60, heartbeat=0.5)
    assert next(stream).startswith("retry:")  # the stream's start is fixed
    held = HeldTransaction(team.project, action)
    later = _record(team.project, action)
    seen = _read_until(stream, later)
    held.finish()
    seen += _read_until(stream, held.event_id)
    stream.close()
    assert held.event_id is not None and sorted(seen) == sorted({held.event_id, later})


def _read_until(stream, event_id) -> list[int]:
    """The ids the stream reports until ``event_id`` (heartbeats every 0.5 s; the stream itself ends after 60 s,
    a safety net)."""
    seen: list[int] = []
    for chunk in stream:
        seen += _sse_ids(chunk)
        if event_id in seen:
            return seen
    raise AssertionError(f"the stream ended without reporting event {event_id}; it reported {seen}")


def test_a_stream_opened_while_a_transaction_is_in_flight_hears_of_its_event(team):
    """A first connection hears of what changes from now on: an event written before it opened but committed
    after it is such a change (its id is below the newest one the stream started from)."""
    action = _action(team.project)
    held = HeldTransaction(team.project, action)
    before = _record(team.project, action)  # committed before the stream opens: not reported
    stream = live.events(team.owner, None, max_seconds=60, heartbeat=0.5)
    assert next(stream).startswith("retry:")
    held.finish()
    seen = _read_until(stream, held.event_id)
    stream.close()
    assert before not in seen and seen == [held.event_id]
