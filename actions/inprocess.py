"""The in-process worker: without a broker (`make run`, the README's default) approved actions run on a small
pool of threads owned by the serving process, never on the request thread that approved them.

It takes work the way the Celery worker does — the status-guarded claim of ``actions.execution`` — so the
same guarantees hold: a message sent twice runs once; work it cannot take (the pool and its backlog are full,
the process is stopping) stays due in the outbox and the periodic sweep sends it again; a process killed
mid-execution leaves the action ``executing`` for the reaper to fail ``worker_lost``. It claims when it
accepts an action, so the approval's answer already says ``executing``.

Bounded: ``BRABO_INPROCESS_WORKERS`` threads and ``BRABO_INPROCESS_BACKLOG`` claimed actions waiting for
one. Started by ``manage.py serve`` when no broker is set, stopped with it: what is running may finish
within the grace period, what was claimed but not started is handed back (runnable, due) for the next start.
A transient fault retries after a backoff, as the Celery task does.

It also runs the notifications' Celery tasks (e-mail, webhook deliveries, Slack posts) that a broker would
carry: :func:`take` hands one to a thread of their own, so a click never waits on a receiver, a mail server or
Slack, and a slow receiver never holds up an execution (nor the reverse). Bounded too: past ``TASK_BACKLOG``
waiting, a task is refused and its sweep (``actions.notifications.sweep``, Slack's) sends it later; what still
waits when the process stops runs within the grace period, or is left to those sweeps.

Outside a server (management commands, the test suite by default) nothing starts it, and the outbox's relay
and the notifications send through Celery's eager mode as before. Tests that need the background path start one with
:func:`start` and wait for it with :meth:`InProcessWorker.drain` (an event, not a duration).
"""

from __future__ import annotations

import logging
import queue
import threading

from django.conf import settings
from django.db import close_old_connections, connections

from . import execution
from .models import RUNNABLE, ProposedAction

log = logging.getLogger(__name__)

MAX_RETRIES = 4  # as actions.tasks.execute_action
TASK_BACKLOG = 1000  # notification tasks waiting for their thread; past that their sweeps send them later
_STOP = object()


class Full(RuntimeError):
    """The in-process worker takes no more tasks now (its backlog is full, or it is stopping)."""


def _backoff(retries: int) -> float:
    """Seconds before retry number ``retries`` (1-based): 2, 4, 8, … at most 60, as the Celery task's."""
    return float(min(60, 2**retries))


class InProcessWorker:
    def __init__(self, threads: int, backlog: int):
        self.threads = threads
        self.capacity = threads + backlog
        self._queue: queue.Queue = queue.Queue()
        self._lock = threading.Lock()
        self._idle = threading.Condition(self._lock)
        self._busy = 0  # claimed and not finished (queued or running)
        self._timers: dict[str, threading.Timer] = {}
        self._stopping = False
        self._tasks: queue.Queue = queue.Queue()
        self._tasks_waiting = 0  # taken and not finished (queued or running)
        self._workers = [
            threading.Thread(target=self._loop, name=f"brabo-execution-{n}", daemon=True)
            for n in range(threads)
        ]
        self._task_thread = threading.Thread(target=self._task_loop, name="brabo-notifications", daemon=True)
        for worker in [*self._workers, self._task_thread]:
            worker.start()

    # -- taking work ---------------------------------------------------------------------------------

    def submit(self, action_id, retries: int = 0) -> bool:
        """Claim ``action_id`` and queue it for a thread. True when the message is done with (claimed here,
        or nothing to run: another claim won or it is settled); False when this worker cannot take it now
        (full or stopping) — the caller leaves it due."""
        with self._lock:
            if self._stopping or self._busy >= self.capacity:
                return False
            action = execution.claim(action_id)
            if action is None:
                return True
            self._busy += 1
        self._queue.put((action, retries))
        return True

    def _loop(self) -> None:
        try:
            while True:
                item = self._queue.get()
                if item is _STOP:
                    return
                action, retries = item
                try:
                    if self._stopping:
                        execution.release_unstarted(action)  # the next start sends it (it is due)
                    elif not execution.mark_started(action):
                        log.warning("action %s was settled while it waited for a thread; not run", action.id)
                    else:
                        execution.run_claimed(action, may_retry=retries < MAX_RETRIES)
                except execution.TransientFault:
                    self._retry_later(str(action.id), retries + 1)
                except Exception:  # run_claimed settles every failure of the action; this is ours
                    log.exception("the in-process worker failed on action %s", action.id)
                finally:
                    close_old_connections()
                    with self._idle:
                        self._busy -= 1
                        self._idle.notify_all()
        finally:
            connections.close_all()

    def run_task(self, task, args: tuple) -> None:
        """Queue the Celery task ``task(*args)`` for this worker's notifications thread. Raises :class:`Full`
        when it cannot take it now (the caller leaves it to its sweep, as after a broker outage)."""
        with self._lock:
            if self._stopping or self._tasks_waiting >= TASK_BACKLOG:
                raise Full(f"the in-process worker takes no more tasks now ({task.name})")
            self._tasks_waiting += 1
        self._tasks.put((task, args))

    def _task_loop(self) -> None:
        try:
            while True:
                item = self._tasks.get()
                if item is _STOP:
                    return
                task, args = item
                try:
                    task(*args)  # the task's own body, as a Celery worker runs it
                except Exception:  # a task's failure is its own (its sweep retries); the thread goes on
                    log.exception("the in-process worker failed on task %s%r", task.name, args)
                finally:
                    close_old_connections()
                    with self._idle:
                        self._tasks_waiting -= 1
                        self._idle.notify_all()
        finally:
            connections.close_all()

    def _retry_later(self, action_id: str, retries: int) -> None:
        delay = _backoff(retries)
        log.warning("action %s: retry %d in %.0f s", action_id, retries, delay)
        timer = threading.Timer(delay, self._retry, (action_id, retries))
        timer.daemon = True
        with self._idle:
            self._timers[action_id] = timer
        timer.start()

    def _retry(self, action_id: str, retries: int) -> None:
        try:
            if not self.submit(action_id, retries):
                _mark_due(action_id)  # the outbox sweep sends it when a thread is free
        finally:
            close_old_connections()
            with self._idle:
                self._timers.pop(action_id, None)
                self._idle.notify_all()

    # -- waiting and stopping ------------------------------------------------------------------------

    def drain(self, timeout: float = 60.0) -> bool:
        """Wait until nothing is claimed, running or waiting for a retry, and no task waits or runs. False if
        that did not happen within ``timeout`` (a bound for a stuck test, not a measure)."""
        with self._idle:
            return self._idle.wait_for(
                lambda: self._busy == 0 and not self._timers and self._tasks_waiting == 0, timeout
            )

    def stop(self, grace: float = 10.0) -> None:
        """Take no more work; hand back what was claimed and not started, let what runs finish within
        ``grace`` seconds. What still runs after that is left to the reaper (``worker_lost``) if the process
        ends first."""
        with self._lock:
            self._stopping = True
            timers, self._timers = list(self._timers.items()), {}
        for action_id, timer in timers:
            timer.cancel()
            _mark_due(action_id)
        for _ in self._workers:
            self._queue.put(_STOP)
        self._tasks.put(_STOP)  # after the tasks already taken: they run within the grace period
        for worker in [*self._workers, self._task_thread]:
            worker.join(grace)
        if self._task_thread.is_alive():
            log.warning("stopping with notification tasks still running; their sweeps send what did not go")
        if any(worker.is_alive() for worker in self._workers):
            log.warning(
                "stopping with an action still running; if it does not finish, the reaper fails it "
                "worker_lost after BRABO_EXECUTION_STUCK_AFTER seconds"
            )


def _mark_due(action_id) -> None:
    ProposedAction.objects.filter(id=action_id, status__in=RUNNABLE).update(dispatch_due=True)


_current: InProcessWorker | None = None
_current_lock = threading.Lock()


def current() -> InProcessWorker | None:
    """The running in-process worker of this process, if one was started."""
    return _current


def take(task, args: tuple) -> bool:
    """Without a broker, in a serving process: hand the Celery task ``task(*args)`` to this process's
    in-process worker (True), so it never runs on the caller's (a request's) thread. False when no worker
    runs here: the caller sends it as before (the broker, or eagerly outside a server). Raises :class:`Full`
    when the worker cannot take it now."""
    worker = _current
    if worker is None:
        return False
    worker.run_task(task, args)
    return True


def start(threads: int | None = None, backlog: int | None = None) -> InProcessWorker:
    """Start this process's in-process worker (one per process). Refused with a broker: then the Celery
    worker runs the actions."""
    global _current
    if settings.CELERY_BROKER_URL:
        raise RuntimeError("CELERY_BROKER_URL is set: the Celery worker runs the actions, not this process")
    with _current_lock:
        if _current is not None:
            raise RuntimeError("this process already runs an in-process worker")
        _current = InProcessWorker(
            threads if threads is not None else settings.BRABO_INPROCESS_WORKERS,
            backlog if backlog is not None else settings.BRABO_INPROCESS_BACKLOG,
        )
        return _current


def stop(grace: float = 10.0) -> None:
    global _current
    with _current_lock:
        worker, _current = _current, None
    if worker is not None:
        worker.stop(grace)
