"""The WSGI module loads the broker transport at start-up, not in the first auto-approved proposal."""

from __future__ import annotations

from .probe import run_probe

PROBE = "import sys, brabo.wsgi; print('kombu.transport.redis' in sys.modules, 'redis' in sys.modules)"


def test_a_redis_broker_is_resolved_when_the_worker_starts(tmp_path):
    # resolving the transport does not connect: an address nothing listens on is fine
    assert run_probe(PROBE, tmp_path, CELERY_BROKER_URL="redis://127.0.0.1:9/0").split() == ["True", "True"]


def test_without_a_broker_nothing_is_loaded(tmp_path):
    assert run_probe(PROBE, tmp_path, CELERY_BROKER_URL="").split() == ["False", "False"]
