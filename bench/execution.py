"""Benchmark: approval-to-execution-start latency through a real Celery worker (Redis + PostgreSQL).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/brabo CELERY_BROKER_URL=redis://127.0.0.1:6379/15 \\
        /work/main/.venv/bin/python bench/execution.py [--n 300] [--warmup 30]

Uses its own database (the DATABASE_URL name + "_bench", created and migrated if missing) and its own
queue, starts one worker (`-P solo`), then for each action: commits the approval together with the
enqueue (the production path, enqueue_execution on commit) and measures the time from just before that
commit to the worker's claim (``executing_since``, written by the worker's status-guarded UPDATE), one
approval at a time on an idle worker. Both clocks are this machine's. Prints p50/p90/p99/max; the goal is p50 ≤ 10 ms.
"""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def bench_database(url: str) -> str:
    import psycopg

    parts = urlsplit(url)
    name = parts.path.lstrip("/") + "_bench"
    admin = parts._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone():
            conn.execute(f'CREATE DATABASE "{name}"')
    return parts._replace(path="/" + name).geturl()


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=300)
    parser.add_argument("--warmup", type=int, default=30)
    args = parser.parse_args()
    db, broker = os.environ.get("DATABASE_URL", ""), os.environ.get("CELERY_BROKER_URL", "")
    if not db.startswith(("postgres://", "postgresql://")) or not broker:
        print("execution benchmark skipped: set DATABASE_URL (PostgreSQL) and CELERY_BROKER_URL (Redis)")
        return 0
    work = Path(tempfile.mkdtemp(prefix="brabo-bench-"))
    queue = f"brabo-bench-{os.getpid()}"
    os.environ.update(
        DATABASE_URL=bench_database(db),
        BRABO_CELERY_QUEUE=queue,
        PROJECT_WORKSPACES_ROOT=str(work / "workspaces"),
        BRABO_PROJECTS_BASE=str(work / "base"),
        BRABO_LOG_LEVEL="WARNING",
        DJANGO_SETTINGS_MODULE="brabo.settings",
    )
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import transaction

    call_command("migrate", verbosity=0)
    from django.contrib.auth import get_user_model

    from actions.binding import seal_of
    from actions.enqueue import enqueue_execution
    from actions.models import ProposedAction, payload_hash
    from brabo.celery import app
    from projects.models import Project
    from projects.services import create_project, create_workspace

    user, _ = get_user_model().objects.get_or_create(username="bench")
    workspace = create_workspace(actor=user, name=f"bench {time.strftime('%Y%m%d-%H%M%S')} {os.getpid()}")
    project: Project = create_project(actor=user, workspace=workspace, name="bench")

    worker_name = f"bench-{os.getpid()}@{socket.gethostname()}"
    log = open(work / "worker.log", "wb")  # noqa: SIM115
    worker = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "brabo", "worker", "-P", "solo", "-Q", queue, "-n", worker_name,
         "--without-gossip", "--without-mingle", "-l", "WARNING"],
        env=os.environ.copy(), stdout=log, stderr=subprocess.STDOUT, cwd=ROOT,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while not app.control.ping(destination=[worker_name], timeout=0.5):
            if time.monotonic() > deadline or worker.poll() is not None:
                print("worker did not start; see", work / "worker.log")
                return 1
        latencies = []
        for i in range(args.warmup + args.n):
            action = ProposedAction.objects.create(
                project=project, action_type="spend", payload={}, payload_hash=payload_hash({}), status="pending",
                reason="default", message="bench",
            )  # fmt: skip
            with transaction.atomic():  # the decision and its enqueue commit together
                # the policy's decision: an "approved" row needs a person's (execution re-checks who decided)
                # (signed as a proposal signs it: an unsigned decision is refused, decision_forged)
                ProposedAction.objects.filter(id=action.id).update(
                    status="auto_approved", decision_seal=seal_of(action, "auto_approved")
                )
                enqueue_execution(action.id)
                start = time.time()
            # Wait for the settle, then a short pause, so the next approval meets an idle worker (the
            # figure is the latency of one approval, not of a queue behind the previous execution).
            while True:
                status, claimed = ProposedAction.objects.filter(id=action.id).values_list(
                    "status", "executing_since"
                )[0]
                if status in ("executed", "failed"):
                    break
                time.sleep(0.002)
            time.sleep(0.02)
            if i >= args.warmup:
                latencies.append((claimed.timestamp() - start) * 1000)
        print(
            f"approval-to-execution-start latency through the real worker (n={len(latencies)}, Redis, PostgreSQL)"
        )
        for label, p in (("p50", 50), ("p90", 90), ("p99", 99)):
            print(f"  {label}: {percentile(latencies, p):7.2f} ms")
        print(
            f"  max: {max(latencies):7.2f} ms   goal: p50 <= 10 ms -> {'met' if percentile(latencies, 50) <= 10 else 'NOT met'}"
        )
        return 0
    finally:
        worker.terminate()
        worker.wait(timeout=20)
        log.close()


if __name__ == "__main__":
    sys.exit(main())
