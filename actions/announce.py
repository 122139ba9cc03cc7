"""What follows a written event once its transaction commits (issue 16): the project's live streams are woken,
and an event of a notifying type is handed to the notifications worker.

The kernel's event log (``brabo.domain.record``) calls :func:`announce` for every event it writes (the port is
installed by ``brabo.wiring``); the proposal path, which inserts its event together with the action, calls it
right after the insert. Nothing here can fail the caller: both steps run after the commit and swallow a
broker or Redis outage (the notifications sweep sends what could not be enqueued).
"""

from __future__ import annotations

from django.db import transaction

from . import notifications, waiting


def announce(event):
    waiting.publish(waiting.project_events_key(event.project_id))
    if notifications.notifies(event):
        transaction.on_commit(lambda: notifications.enqueue(event.pk))
    return event
