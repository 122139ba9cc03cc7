"""Test support: run a few lines of Python in a fresh interpreter, configured only by the environment given.

For what happens at start-up (settings, the WSGI module), which an already-configured test process cannot
show. The parent's Brabo, database and broker variables are dropped so the probe sees exactly ``env``.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run_probe(code: str, var_dir: Path, **env: str) -> str:
    """Run ``code`` from the project root with BRABO_VAR_DIR=var_dir and ``env``; return its stdout."""
    return run_probe_whole(code, var_dir, **env).stdout.strip()


def run_probe_whole(code: str, var_dir: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """:func:`run_probe`, its standard error kept too (what start-up logged)."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("BRABO_", "DATABASE_URL", "CELERY_"))}
    clean.update(BRABO_VAR_DIR=str(var_dir), DJANGO_SETTINGS_MODULE="brabo.settings", **env)
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=clean, capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, out.stderr[-2000:]
    return out
