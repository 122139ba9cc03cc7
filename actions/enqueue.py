"""The one way to schedule an execution: a transactional outbox (R9.1, STYLE.md practice 2).

The row itself is the outbox: ``dispatch_due`` is set in the same transaction that makes the action runnable,
so "this must be sent" commits together with the approval. After the commit a relay sends the Celery
message (a broker-less serving process hands the action to its own ``actions.inprocess`` worker instead)
and clears the flag — or, on the proposal path's one round trip to Redis (``actions.announce``), marks the
message in flight beside it (:func:`in_flight_marker`), one statement fewer, and leaves the flag to the
worker's claim; when the broker is down the send fails quietly, the answer to the person or the agent
is still the normal one (the approval did commit), and the beat sweep ``relay_due`` sends it once the
broker is back. Delivery is at-least-once (the relay and the sweep can both send); the status-guarded claim in
``actions.execution`` makes the execution itself exactly-once.
"""

from __future__ import annotations

import logging
from datetime import timedelta

from celery import shared_task
from django.conf import settings
from django.db import connections, transaction
from django.db.models import Q
from django.utils import timezone

from brabo import celery_wire

from . import inprocess
from .events import ACTION_WAIT_ENDED, Actor, record
from .models import APPROVED, RUNNABLE, ProposedAction
from .tasks import execute_action

log = logging.getLogger(__name__)


def enqueue_execution(action_id, *, marked: bool = False) -> None:
    """Mark ``action_id`` due for dispatch in the caller's transaction (unless the caller's own write already
    set ``dispatch_due``) and relay it once that transaction commits."""
    if not marked:
        ProposedAction.objects.filter(id=action_id).update(dispatch_due=True)
    transaction.on_commit(lambda: relay([action_id]))


def relay(action_ids) -> int:
    """Send one execution message per id; clear the flag of those sent. Never raises: what could not be sent
    stays due for the sweep. Returns how many were sent."""
    sent = 0
    worker = inprocess.current()
    for action_id in action_ids:
        if worker is not None:
            # No broker, and this process serves: its own background threads take the action;
            # the claim clears the due flag. A full pool leaves it due for the sweep.
            if worker.submit(action_id):
                sent += 1
            else:
                log.warning("the in-process worker is full; action %s stays due and is sent later", action_id)
            continue
        try:
            send(action_id)
        except Exception as exc:  # broker down or unreachable: the row stays due; the sweep sends it later
            log.warning(
                "could not send action %s to the broker (%s); it stays due and is sent when the broker is back",
                action_id,
                type(exc).__name__,
            )
            continue
        _clear_due(action_id)
        sent += 1
    return sent


def execution_message(action_id, queue: str | None = None) -> bytes:
    """The execution's Celery message as ``execute_action.delay`` writes it (``brabo.celery_wire``), for a
    caller that pushes it itself (``actions.announce``, in one round trip with its announcements)."""
    return celery_wire.message(execute_action, (str(action_id),), queue)


def send(action_id) -> None:
    """One execution message for ``action_id``; raises when the broker cannot take it."""
    if celery_wire.usable_for(execute_action):
        celery_wire.client().lpush(celery_wire.queue_key(), execution_message(action_id))
    else:
        execute_action.delay(str(action_id))


def sent(action_id) -> None:
    """The message of ``action_id`` reached the broker: the outbox row is no longer due."""
    _clear_due(action_id)


IN_FLIGHT_PREFIX = "brabo:dispatched:"


def in_flight_marker(action_id) -> tuple[str, str, int]:
    """The key, value and lifetime (``SET key value EX seconds``) that say the execution's message of
    ``action_id`` is on the broker's queue, written in the same pipeline as the message
    (``actions.announce``) instead of clearing the row's flag with a second statement: the row stays
    ``dispatch_due`` until the worker's claim clears it, and :func:`relay_due` does not send again what is
    marked. It lives as long as ``BRABO_DISPATCH_LOST_AFTER``: a message still unclaimed then counts as lost
    either way (:func:`redispatch_unclaimed`), and a Redis that lost its data lost the marker with the
    message, so the sweep sends it again."""
    return IN_FLIGHT_PREFIX + str(action_id), "1", settings.BRABO_DISPATCH_LOST_AFTER


def not_in_flight(action_id) -> None:
    """The pipeline's push of the message failed while its marker may have been written: remove it, so
    the sweep sends the message (best effort: a marker left behind delays it to ``redispatch_unclaimed``)."""
    try:
        celery_wire.client().delete(IN_FLIGHT_PREFIX + str(action_id))
    except Exception as exc:
        log.warning("could not remove the in-flight marker of action %s (%s)", action_id, type(exc).__name__)


def _in_flight(action_ids: list) -> set:
    """Which of ``action_ids`` have their message on the queue already (:func:`in_flight_marker`), in one
    round trip; none when markers are not written here or Redis cannot say (then all are sent: a duplicate
    is harmless, a message never sent is not)."""
    if not action_ids or not celery_wire.available():
        return set()
    try:
        found = celery_wire.client().mget([IN_FLIGHT_PREFIX + str(i) for i in action_ids])
    except Exception as exc:
        log.warning("could not read the in-flight markers (%s); sending every due action", type(exc).__name__)
        return set()
    return {i for i, marker in zip(action_ids, found, strict=True) if marker is not None}


_CLEAR_SQL: dict[str, str] = {}


def _clear_due(action_id) -> None:
    """The relay's one write after a send (hand-built once per connection, since every
    auto-approved proposal runs it and the ORM's compilation cost more CPU than the UPDATE)."""
    connection = connections[ProposedAction.objects.db]
    sql = _CLEAR_SQL.get(connection.alias)
    if sql is None:
        table = connection.ops.quote_name(ProposedAction._meta.db_table)
        sql = _CLEAR_SQL[connection.alias] = (
            f"UPDATE {table} SET dispatch_due = %s WHERE id = %s AND dispatch_due = %s"
        )
    with connection.cursor() as cursor:
        cursor.execute(sql, [False, ProposedAction._meta.pk.get_db_prep_value(action_id, connection), True])


def release_held(*, now=None, limit: int = 500) -> int:
    """The wait timers: every approved action whose rule's wait is over becomes due for dispatch
    and is no longer held (``execute_after`` cleared: the claim's guard reads it; the approval's and this
    release's ``proposed_action.wait_ended`` events keep the times), status-guarded, each in its own
    transaction; the outbox relays it after the commit. ``now``: the clock (tests pass a later one; nobody sleeps). Returns how many
    were released."""
    now = now or timezone.now()
    due = list(
        ProposedAction.objects.filter(status=APPROVED, dispatch_due=False, execute_after__lte=now)
        .order_by("execute_after")
        .values_list("id", "project_id", "execute_after")[:limit]
    )
    released = 0
    for action_id, project_id, execute_after in due:
        with transaction.atomic():
            if not ProposedAction.objects.filter(
                id=action_id, status=APPROVED, dispatch_due=False, execute_after__lte=now
            ).update(dispatch_due=True, execute_after=None, updated_at=timezone.now()):
                continue  # cancelled, or released by another sweep, meanwhile
            record(
                ACTION_WAIT_ENDED,
                project_id=project_id,
                actor=Actor.system("wait-timer"),
                action=ProposedAction.objects.get(id=action_id),
                payload={"executeAfter": execute_after.isoformat() if execute_after else None},
            )
            enqueue_execution(action_id, marked=True)
        released += 1
    return released


IN_FLIGHT_PAGES = 20  # a sweep looks past at most this many pages of queued messages for one never sent


def _due_not_in_flight(limit: int) -> list:
    """The runnable actions still due whose message is not on the queue (:func:`in_flight_marker`), oldest
    first, at most ``limit``. Rows whose message is queued stay due until a worker claims them, so behind a
    long queue the oldest due rows are all in flight: the sweep pages past them (keyset, along
    ``action_dispatch_due_idx``) so that one whose send failed is not starved by them."""
    due = ProposedAction.objects.filter(dispatch_due=True, status__in=RUNNABLE).order_by("updated_at", "id")
    chosen: list = []
    page_qs = due
    for _ in range(IN_FLIGHT_PAGES):
        page = list(page_qs.values_list("id", "updated_at")[:limit])
        in_flight = _in_flight([action_id for action_id, _at in page])
        chosen += [action_id for action_id, _at in page if action_id not in in_flight]
        if len(chosen) >= limit or len(page) < limit:
            break
        last_id, last_at = page[-1]
        page_qs = due.filter(Q(updated_at__gt=last_at) | Q(updated_at=last_at, id__gt=last_id))
    return chosen[:limit]


def relay_due(limit: int = 500, *, now=None) -> int:
    """Periodic (beat): release held actions whose wait timer is over, then send every runnable
    action still due (its relay failed or its process died between the commit and the send). Returns how
    many were sent."""
    release_held(now=now, limit=limit)
    ProposedAction.objects.filter(dispatch_due=True).exclude(status__in=RUNNABLE).update(dispatch_due=False)
    due = _due_not_in_flight(limit)
    if due:
        log.info("relaying %d action(s) whose dispatch is still due", len(due))
    return relay(due)


def redispatch_unclaimed(*, older_than: int | None = None, limit: int = 500) -> int:
    """Send again the actions runnable (approved or auto-approved) for longer than BRABO_DISPATCH_LOST_AFTER
    seconds: their message was lost (the broker was down when the approval or a retry published it, or it
    was purged), so no worker will ever claim them. A duplicate of a message still queued is harmless: the
    claim is status-guarded. Each action sent is stamped, so a slow queue gets one extra message per
    period, not one a minute. Returns how many were sent."""
    seconds = older_than if older_than is not None else settings.BRABO_DISPATCH_LOST_AFTER
    now = timezone.now()
    lost = ProposedAction.objects.filter(
        status__in=RUNNABLE, updated_at__lt=now - timedelta(seconds=seconds)
    ).exclude(execute_after__gt=now)  # a held action is waiting on purpose, not lost
    sent = 0
    for action_id in list(lost.values_list("id", flat=True)[:limit]):
        if ProposedAction.objects.filter(id=action_id, status__in=RUNNABLE).update(
            updated_at=now, dispatch_due=True
        ):
            log.warning(
                "action %s runnable for over %s s without a worker claiming it; sending it again",
                action_id,
                seconds,
            )
            enqueue_execution(action_id, marked=True)
            sent += 1
    return sent


# The outbox's periodic jobs (brabo/celery.py beat schedule), named as they were when they lived in
# actions.tasks: the task module cannot import the outbox that sends its messages.
@shared_task(name="actions.tasks.redispatch_unclaimed")
def redispatch_unclaimed_task() -> int:
    """Periodic: send again approved actions whose message was lost."""
    return redispatch_unclaimed()


@shared_task(name="actions.tasks.relay_due_dispatches")
def relay_due_dispatches() -> int:
    """Periodic: the outbox sweep — send what the on-commit relay could not."""
    return relay_due()
