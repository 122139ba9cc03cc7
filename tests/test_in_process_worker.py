"""Without a broker, approval never runs the action on the request thread. The serving process's
in-process worker (actions.inprocess) claims it on commit and runs it in the background; the approval answers
``executing`` at once, and the action settles later with its output."""

from __future__ import annotations

import os

import pytest

from actions import execution, inprocess
from actions.enqueue import relay_due
from actions.models import ProposedAction

pytestmark = pytest.mark.django_db(transaction=True)

# A command that runs until the test lets it finish (the file `go` appears), for at most 20 s.
HELD = "i=0; while [ ! -e go ] && [ $i -lt 200 ]; do sleep 0.1; i=$((i+1)); done; echo finished after $i"


@pytest.fixture
def sandbox():
    from containers.bwrap import bwrap_path

    if bwrap_path() is None:
        reason = "bubblewrap (bwrap) is not installed: apt-get install bubblewrap"
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(reason)
        pytest.skip(reason)


@pytest.fixture
def local_project(team, local_base):
    root = local_base / "app"
    root.mkdir()
    project = team.world.project(team.ws, "local-app", execution_mode="local", local_path=str(root))
    agent, key = team.world.agent(project, team.maintainer, "dev-local")
    return project, key, root


def _propose(team, key, command):
    response = team.world.client(agent_key=key).post(
        "/api/actions/", {"action_type": "terminal", "payload": {"command": command}}, format="json"
    )
    assert response.status_code == 201, response.content
    assert response.json()["status"] == "pending", response.json()
    return response.json()["id"]


def _approve(team, action_id):
    response = team.world.client(team.maintainer).post(f"/api/actions/{action_id}/approve/")
    assert response.status_code == 200, response.content
    return response.json()


def test_approve_answers_executing_while_the_command_still_runs(
    team, local_project, sandbox, in_process_worker
):
    project, key, root = local_project
    action_id = _propose(team, key, HELD)

    answer = _approve(team, action_id)

    # the command cannot have finished (nothing created `go`): the answer came back while it runs elsewhere
    assert (answer["status"], answer["result"]) == ("executing", None)
    assert ProposedAction.objects.get(id=action_id).status == "executing"
    (root / "go").touch()
    assert in_process_worker.drain()
    action = ProposedAction.objects.get(id=action_id)
    assert action.status == "executed" and action.result is not None
    assert action.result["exit_code"] == 0 and action.result["stdout"].startswith("finished after")


def test_approve_of_a_type_brabo_only_records_answers_executing_then_settles(team, in_process_worker):
    response = team.world.client(agent_key=team.agent_key).post(
        "/api/actions/", {"action_type": "parallelize", "payload": {"count": 2}}, format="json"
    )
    assert response.status_code == 201, response.content
    action_id = response.json()["id"]

    assert _approve(team, action_id)["status"] == "executing"
    assert in_process_worker.drain()
    assert ProposedAction.objects.get(id=action_id).status == "executed"


def test_a_full_worker_leaves_the_approval_due_and_the_sweep_sends_it(team, local_project, sandbox, settings):
    """Bounded: one thread and no backlog. The second approval is answered `approved` (not run on the request
    either); it stays due in the outbox and the periodic sweep hands it over once the thread is free."""
    project, key, root = local_project
    settings.CELERY_BROKER_URL = ""  # the server without a broker
    worker = inprocess.start(threads=1, backlog=0)
    try:
        first = _propose(team, key, HELD)
        second = _propose(team, key, "echo second")
        assert _approve(team, first)["status"] == "executing"
        answer = _approve(team, second)
        assert answer["status"] == "approved"
        assert ProposedAction.objects.get(id=second).dispatch_due is True

        (root / "go").touch()
        assert worker.drain()
        assert relay_due() == 1
        assert worker.drain()
        outcome = {
            a.id.hex: (a.status, a.result and a.result["stdout"]) for a in ProposedAction.objects.all()
        }
        assert outcome[second.replace("-", "")] == ("executed", "second\n")
    finally:
        worker.drain()
        inprocess.stop()


def test_stopping_hands_back_what_was_claimed_but_not_started(team, make_action):
    """A stop between the claim and the run: the action is runnable and due again, its attempt not counted,
    so the next start runs it once (the claim is the real worker's, status-guarded)."""
    action = make_action(team.project, "parallelize", {"count": 2}, decided_by=team.maintainer)
    claimed = execution.claim(action.id)
    assert claimed is not None and execution.claim(action.id) is None  # one claim or nobody
    assert execution.release_unstarted(claimed)
    action.refresh_from_db()
    assert (action.status, action.dispatch_due, action.attempts) == ("approved", True, 0)


def test_the_worker_is_refused_with_a_broker(settings):
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:1/0"
    with pytest.raises(RuntimeError, match="Celery worker runs the actions"):
        inprocess.start()
    assert inprocess.current() is None


def test_an_action_reaped_while_it_waited_for_a_thread_is_not_run(team, local_project, sandbox, settings):
    """One thread busy, the second action claimed and waiting: the reaper fails it meanwhile (its worker looks
    lost). When the thread frees, it must not run the command the action's page already says failed."""
    project, key, root = local_project
    settings.CELERY_BROKER_URL = ""  # the server without a broker
    worker = inprocess.start(threads=1, backlog=1)
    try:
        first = _propose(team, key, HELD)
        second = _propose(team, key, "touch ran")
        assert _approve(team, first)["status"] == "executing"
        assert _approve(team, second)["status"] == "executing"  # claimed, waiting for the thread
        assert execution.reap_stuck_actions(older_than=-1) == 2  # both look stuck to an impatient reaper
        (root / "go").touch()
        assert worker.drain()
        assert not (root / "ran").exists()
        lost = ProposedAction.objects.get(id=second).result
        assert lost is not None and lost["error"]["code"] == "worker_lost"
    finally:
        worker.drain()
        inprocess.stop()


def test_the_serve_command_s_port_starts_and_stops_the_worker(settings):
    """`manage.py serve` without a broker starts what the apps registered (actions: this worker) and stops it."""
    from brabo import startup

    settings.CELERY_BROKER_URL = ""
    startup.start_in_process_services()
    try:
        assert inprocess.current() is not None
    finally:
        startup.stop_in_process_services()
    assert inprocess.current() is None
