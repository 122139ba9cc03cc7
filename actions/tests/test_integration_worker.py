"""End to end with a real Celery worker process, Redis and PostgreSQL (SPEC §9, R8.5).

Actions are created approved directly (test setup) and enqueued the production way: enqueue_execution
inside a transaction, sent after commit. Results come back through the waiting channel (R8.4).
"""

from __future__ import annotations

import os
import signal
import time
from datetime import timedelta
from pathlib import Path

import pytest
from django.db import transaction

from actions import events, execution
from actions.enqueue import enqueue_execution, redispatch_unclaimed
from actions.models import ProposedAction, SessionEvent
from actions.tests.exec_fixtures import OWNER_TOKEN, git
from actions.tests.fake_provider import FakeProvider

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

WAIT = 60  # seconds; an upper bound for a stuck worker, never a performance assertion


def enqueue(action) -> None:
    with transaction.atomic():
        enqueue_execution(action.id)


def wait_settled(action) -> ProposedAction:
    from actions.waiting import wait_for

    def settled():
        return ProposedAction.objects.filter(id=action.id, status__in=("executed", "failed")).exists()

    assert wait_for(str(action.id), settled, WAIT), f"action {action.id} did not settle"
    action.refresh_from_db()
    return action


def test_an_approved_terminal_action_runs_sandboxed_and_its_output_comes_back_through_wait(
    worker_dirs, team, make_action
):
    from containers.bwrap import bwrap_path
    from containers.models import ProjectContainer

    if bwrap_path() is None and os.environ.get("CI") != "true":
        pytest.skip("bubblewrap is not installed")
    ProjectContainer.objects.create(project=team.project, state="running")
    Path(team.project.root(), "hello.txt").write_text("from the project\n")
    action = make_action(team.project, "terminal", {"command": "cat hello.txt; pwd"})

    enqueue(action)
    action = wait_settled(action)

    assert action.status == "executed" and action.result is not None, action.result
    assert action.result["stdout"] == "from the project\n/work\n"
    assert [e.type for e in SessionEvent.objects.filter(action=action)] == [events.ACTION_EXECUTED]


def test_git_push_through_the_worker_reaches_a_local_bare_repository(
    worker_dirs, team, make_action, tmp_path
):
    root = Path(team.project.root())
    git(root, "init", "-q", "-b", "main")
    (root / "a.txt").write_text("a\n")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "a")
    bare = tmp_path / "remote.git"
    git(tmp_path, "init", "-q", "--bare", str(bare))
    team.project.git_remote_url = str(bare)
    team.project.save()
    action = make_action(team.project, "git_push", {"branch": "main"})

    enqueue(action)
    action = wait_settled(action)

    assert action.status == "executed", action.result
    assert git(bare, "rev-parse", "refs/heads/main") == git(root, "rev-parse", "HEAD")


@pytest.mark.parametrize("kind", ["github", "gitlab"])
def test_pr_open_and_merge_through_the_worker_with_the_owners_token(
    worker_dirs, team, make_action, owner_token, kind
):
    from projects.models import Task

    with FakeProvider(OWNER_TOKEN) as fake:
        owner_token(kind, f"{fake.url}/{kind}" + ("/api/v4" if kind == "gitlab" else ""))
        team.project.repository = "acme/app"
        team.project.save()
        opened = make_action(
            team.project,
            "pr_open",
            {"branch": "dev", "base": "main", "title": "Ship"},
            status="auto_approved",
        )
        enqueue(opened)
        opened = wait_settled(opened)
        assert opened.status == "executed" and opened.result is not None, opened.result
        number = opened.result["pr"]

        task = Task.objects.create(project=team.project, title="ship", status="awaiting_approval")
        merge = make_action(
            team.project, "git_merge", {"pr": str(number), "target_branch": "main"}, task=task
        )
        enqueue(merge)
        merge = wait_settled(merge)

    assert merge.status == "executed", merge.result
    assert fake.prs[number]["merged"]
    task.refresh_from_db()
    assert task.status == "done"
    assert SessionEvent.objects.filter(type=events.TASK_STATUS_CHANGED, action=merge).count() == 1
    every_payload = str(list(SessionEvent.objects.values_list("payload", flat=True)))
    assert OWNER_TOKEN not in every_payload + str(opened.result) + str(merge.result)
    assert OWNER_TOKEN not in worker_dirs.log_text()


def test_the_same_task_delivered_twice_executes_once(worker_dirs, team, make_action):
    from actions.tasks import execute_action

    action = make_action(team.project, "spend", {"amount": 1, "currency": "EUR", "purpose": "x"})
    with transaction.atomic():
        enqueue_execution(action.id)
        enqueue_execution(action.id)  # a duplicate message, as a redelivery would produce
    action = wait_settled(action)
    execute_action.apply(args=[str(action.id)])  # and once more in this process, after it settled

    action.refresh_from_db()
    assert action.status == "executed" and action.attempts == 1
    assert SessionEvent.objects.filter(action=action, type=events.ACTION_EXECUTED).count() == 1


def test_a_worker_killed_mid_execution_leaves_the_action_recoverable(
    worker_dirs, team, make_action, tmp_path_factory
):
    """SIGKILL the worker while the command runs; the reaper fails the action `worker_lost`, and a later
    redelivery does not run it again."""
    from actions.tasks import execute_action
    from conftest import WorkerProcess
    from containers.bwrap import bwrap_path
    from containers.models import ProjectContainer

    if bwrap_path() is None and os.environ.get("CI") != "true":
        pytest.skip("bubblewrap is not installed")
    ProjectContainer.objects.create(project=team.project, state="running")
    victim = WorkerProcess(worker_dirs.workspaces.parent, "brabo-victim")
    try:
        victim.route()
        action = make_action(team.project, "terminal", {"command": "echo started > started.txt; sleep 120"})
        enqueue(action)
        marker = Path(team.project.root(), "started.txt")
        deadline = time.monotonic() + WAIT
        while not marker.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert marker.exists(), victim.log_text()[-2000:]
        os.kill(victim.proc.pid, signal.SIGKILL)
        victim.proc.wait()
    finally:
        victim.stop()
        worker_dirs.route()

    action.refresh_from_db()
    assert action.status == "executing"
    assert execution.reap_stuck_actions(older_than=0) == 1
    action.refresh_from_db()
    assert action.status == "failed" and action.result["error"]["code"] == "worker_lost"

    execute_action.apply(args=[str(action.id)])  # the broker redelivers the unacknowledged message
    action.refresh_from_db()
    assert action.status == "failed" and action.attempts == 1
    assert SessionEvent.objects.filter(action=action, type=events.ACTION_EXECUTED).count() == 0


def test_an_approved_action_whose_message_was_lost_is_sent_again_and_runs_once(
    worker_dirs, team, make_action
):
    # approved, but its message never reached the broker (e.g. it was down when the approval published)
    action = make_action(team.project, "spend", {"amount": 1, "currency": "EUR", "purpose": "x"})
    ProposedAction.objects.filter(id=action.id).update(updated_at=action.updated_at - timedelta(minutes=10))

    assert redispatch_unclaimed(older_than=300) == 1
    action = wait_settled(action)

    assert action.status == "executed" and action.attempts == 1
    assert redispatch_unclaimed(older_than=300) == 0  # settled: nothing more to send
