"""What follows a written event once its transaction commits: the project's live streams are woken,
and an event of a notifying type is handed to the notifications worker.

The kernel's event log (``brabo.domain.record``) calls :func:`announce` for every event it writes (the port is
installed by ``brabo.wiring``); the proposal path, which inserts its event together with the action, calls
:func:`announce_proposal` right after the insert, which also hands an auto-approved action's execution to the
worker. Nothing here can fail the caller: everything runs after the commit and swallows a broker or Redis
outage (the notifications sweep and the outbox's relay sweep send what could not be sent).

After the commit, everything one event announces goes to Redis in ONE round trip — the live-update
publish, the notification's Celery message and the execution's — when the wake-ups and the broker share one
Redis (the default: BRABO_REDIS_URL is the broker's URL) and the messages can be written directly
(``brabo.celery_wire``). Otherwise each goes its own way, as before.

A caller may hold a proposal's announcements until its answer has gone out (:func:`held`): the agent hook
endpoint does (``actions.hooks_api``), because an agent waits on every tool call for that answer and none of
this changes it — the action and its event are already committed, the outbox row is already due, and
whatever is lost if the process dies in between is sent by the same sweeps as a Redis outage.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import partial

from django.conf import settings
from django.db import transaction

from brabo import celery_wire
from projects.keys import AGENT_KEY_ROTATED
from projects.services import AGENT_REVOKED
from projects.teams import AGENT_SUSPENDED

from . import enqueue, notifications, waiting

log = logging.getLogger(__name__)


# what makes an agent's key stop opening Brabo: its open waits are woken to re-read it (R8.4, R12.1)
KEY_FENCE_EVENTS = frozenset({AGENT_REVOKED, AGENT_SUSPENDED, AGENT_KEY_ROTATED})


def announce(event):
    transaction.on_commit(lambda: _send(event, notifications.notifies(event), None))
    if event.type in KEY_FENCE_EVENTS and isinstance(event.payload, dict) and event.payload.get("agentId"):
        waiting.publish(waiting.agent_key(event.payload["agentId"]))
    return event


def announce_proposal(event, *, execute=None):
    """The proposal path: ``event``'s announcements and, with ``execute`` (an auto-approved action's id, whose
    row was written ``dispatch_due``: the outbox), its execution's message, after the commit."""
    notify = notifications.notifies(event)
    transaction.on_commit(lambda: _send_or_hold(event, notify, execute))
    return event


_held: ContextVar[list[Callable[[], None]] | None] = ContextVar("brabo_announce_held", default=None)


@contextmanager
def held(later: list[Callable[[], None]]) -> Iterator[None]:
    """Within this block, a committed proposal's announcements are appended to ``later`` instead of sent; the
    caller runs them (:func:`send_held`) once its answer is out — and before anything that waits for a
    person, who must first be told."""
    token = _held.set(later)
    try:
        yield
    finally:
        _held.reset(token)


def send_held(later: list[Callable[[], None]]) -> None:
    """Send what :func:`held` kept back, in order; never raises (as :func:`_send`)."""
    while later:
        try:
            later.pop(0)()
        except Exception:  # never the caller's failure: the sweeps send what could not be sent
            log.exception("could not send a held announcement")


def _send_or_hold(event, notify: bool, execute) -> None:
    later = _held.get()
    if later is None:
        _send(event, notify, execute)
    else:
        later.append(partial(_send, event, notify, execute))


def _one_round_trip(notify: bool, execute) -> bool:
    url = settings.BRABO_REDIS_URL
    if not url or url != settings.CELERY_BROKER_URL:
        return False
    return bool(
        (not notify or celery_wire.usable_for(notifications.notify_event))
        and (execute is None or celery_wire.usable_for(enqueue.execute_action))
    )


def _send(event, notify: bool, execute) -> None:
    key = waiting.project_events_key(event.project_id)
    if not _one_round_trip(notify, execute):
        waiting.publish_now(key)
        if notify:
            notifications.enqueue(event.pk)
        if execute is not None:
            enqueue.relay([execute])
        return
    waiting.publish_in_process(key)
    commands: list[tuple] = [("PUBLISH", *waiting.redis_message(key))]
    queue = celery_wire.queue_key()
    if notify:
        commands.append(("LPUSH", queue, notifications.notify_message(event.pk, queue)))
    if execute is not None:
        commands.append(("LPUSH", queue, enqueue.execution_message(execute, queue)))
        name, value, ttl = enqueue.in_flight_marker(execute)  # the outbox's "sent", beside the message
        commands.append(("SET", name, value, "EX", ttl))
    try:
        # one write and its replies on a connection this thread keeps (brabo.redis_thread), no pooled borrow
        results = celery_wire.run_on_thread_connection(commands)
    except Exception as exc:  # Redis unreachable: nothing was sent; the sweeps send the messages later
        log.warning(
            "could not announce event %s (%s); its waiters notice at their next check, the sweeps send its "
            "notification and execution when Redis is back",
            event.pk,
            type(exc).__name__,
        )
        return
    if execute is not None and isinstance(results[-2], Exception):
        log.warning("could not send action %s to the broker (%s); it stays due", execute, results[-2])
        enqueue.not_in_flight(execute)
