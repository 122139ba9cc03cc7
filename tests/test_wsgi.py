"""The WSGI module loads the broker transport at start-up, not in the first auto-approved proposal."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROBE = "import sys, brabo.wsgi; print('kombu.transport.redis' in sys.modules, 'redis' in sys.modules)"


def _probe(tmp_path, broker: str) -> str:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CELERY_", "DATABASE_URL", "BRABO_"))}
    env.update(BRABO_VAR_DIR=str(tmp_path), CELERY_BROKER_URL=broker)
    out = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, out.stderr[-2000:]
    return out.stdout.split()


def test_a_redis_broker_is_resolved_when_the_worker_starts(tmp_path):
    # resolving the transport does not connect: an address nothing listens on is fine
    assert _probe(tmp_path, "redis://127.0.0.1:9/0") == ["True", "True"]


def test_without_a_broker_nothing_is_loaded(tmp_path):
    assert _probe(tmp_path, "") == ["False", "False"]
