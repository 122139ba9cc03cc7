"""This process's id, read without a system call.

The proposal path asks "am I still the process that made this?" several times per request — its Redis
connections (``brabo.redis_thread``), the publish token (``actions.waiting``), Celery's ``origin`` and
``reply_to`` (``brabo.celery_wire``) — so that a forked child (a gunicorn worker, Celery's pool) never reuses
its parent's sockets or passes for it. ``os.getpid()`` is a system call each time; here the id is read once
at import and again in every child right after ``os.fork()`` (``os.register_at_fork``, which runs before any
other Python code in the child), so :func:`pid` is the same answer for the cost of a global read.
"""

from __future__ import annotations

import os

_pid = os.getpid()


def _forked() -> None:
    global _pid
    _pid = os.getpid()


os.register_at_fork(after_in_child=_forked)


def pid() -> int:
    """``os.getpid()``, kept current across forks."""
    return _pid
