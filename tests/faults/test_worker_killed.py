"""Fault: a worker SIGKILLed in the middle of an execution (R9.1). The reaper fails it `worker_lost`; the
redelivered message finds it settled; the provider saw the call exactly once."""

from __future__ import annotations

import os
import signal
import threading

import pytest
from django.db import transaction

from actions import execution
from actions.enqueue import enqueue_execution
from actions.tasks import execute_action
from actions.tests.exec_fixtures import OWNER_TOKEN
from actions.tests.fake_provider import FakeProvider

from .accounting import account

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_sigkill_mid_execution_is_reaped_as_worker_lost_and_never_runs_twice(
    worker_dirs, team, make_action, owner_token
):
    from conftest import WorkerProcess

    with FakeProvider(OWNER_TOKEN) as fake:
        owner_token("github", f"{fake.url}/github")
        team.project.repository = "acme/app"
        team.project.save()
        fake.hold = threading.Event()
        victim = WorkerProcess(worker_dirs.workspaces.parent, "brabo-fault-victim")
        try:
            victim.route()
            action = make_action(team.project, "git_branch_create", {"branch": "rel", "from": "dev"})
            with transaction.atomic():
                enqueue_execution(action.id)
            assert fake.arrived.wait(60), victim.log_text()[-2000:]  # the worker is inside the provider call
            os.kill(victim.proc.pid, signal.SIGKILL)
            victim.proc.wait()
            print(f"[fault:worker-killed] SIGKILLed worker {victim.proc.pid} during the provider call")
        finally:
            fake.hold.set()
            victim.stop()
            worker_dirs.route()

        action.refresh_from_db()
        assert action.status == "executing"
        assert execution.reap_stuck_actions(older_than=0) == 1
        execute_action.apply(args=[str(action.id)])  # the broker redelivers the unacknowledged message
        calls = [r for r in fake.requests if r["method"] == "POST"]

    action.refresh_from_db()
    assert action.status == "failed" and action.result["error"]["code"] == "worker_lost"
    assert action.attempts == 1 and calls == []  # the killed call never completed; nothing ran again
    account([action.id], label="worker-killed", expect_status="failed")
