"""Celery tasks of the projects app (registered with beat in brabo/celery.py)."""

from __future__ import annotations

from celery import shared_task

from . import idempotency


@shared_task(name="projects.purge_idempotency_keys", ignore_result=True)
def purge_idempotency_keys() -> int:
    """Periodic: drop stored answers of Idempotency-Keys older than 24 h."""
    return idempotency.purge_expired()
