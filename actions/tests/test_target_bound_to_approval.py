"""Red team: where an approved action acts is what was approved, however long it waits to run.

An action acts on the project's settings as they are when the worker runs it: a provider action on the
project's ``repository`` (and ``default_branch`` for a branch made from it) with the workspace's provider host,
a ``git_push`` on its ``git_remote_url``. Those change through the API (``PATCH /api/projects/{id}/``,
``PUT /api/workspaces/{id}/credentials/``) at any time. On the base a maintainer changing them between the
decision and the run -- while the task waited in the broker, during a rule's wait timer, between the two
approvals of a two-person rule, before a retry -- made the worker merge, open, protect or push on a repository
nobody was shown. Now the proposal freezes the target it was decided for, and the worker, on the row its claim
returned, fails the action closed (``target_changed_after_approval``, naming what changed) when the project's
target is not that one any more. A setting the action's type does not act on changes nothing for it.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from actions import execution, executors, quorum, services
from actions.models import ProposedAction
from actions.tests.exec_fixtures import decided, failed_with

pytestmark = pytest.mark.django_db

GITHUB = "https://api.github.com"


@pytest.fixture
def located(team, owner_token):
    """The project with a repository, a default branch and a push remote on GitHub, set through the API."""
    owner_token("github", GITHUB)
    _patch(
        team,
        repository="acme/app",
        default_branch="main",
        git_remote_url="https://github.com/acme/app.git",
    )
    return team


def _patch(team, **fields):
    response = team.world.client(team.owner).patch(f"/api/projects/{team.project.id}/", fields, format="json")
    assert response.status_code == 200, response.content


def _propose(team, action_type, payload):
    team.project.refresh_from_db()  # as a request loads it
    # container lifecycle actions are proposed by people (the containers page), the rest by the agent
    by = {"user": team.owner} if action_type.startswith("container_") else {"agent": team.agent}
    return services.propose_action(
        project=team.project, action_type=action_type, payload=payload, **by
    ).action


def _approved(team, action_type, payload):
    action = _propose(team, action_type, payload)
    assert action.status == "pending", (action.status, action.reason)
    decided(action.id, "approved", team.owner)
    return action


# type -> (payload, the settings it acts on: a change of any of them is a change of its target)
ACTING = {
    "git_merge": ({"pr": "7", "target_branch": "dev"}, ["repository", "provider"]),
    "pr_open": ({"branch": "feat", "base": "main", "title": "t"}, ["repository", "provider"]),
    "git_branch_protect": ({"branch": "release"}, ["repository", "provider"]),
    "git_branch_create": ({"branch": "feat"}, ["repository", "default_branch", "provider"]),
    "git_push": ({"branch": "feat"}, ["git_remote_url", "execution_mode", "folder"]),
    "terminal": ({"command": "make build"}, ["execution_mode", "folder"]),
    "write_file": ({"path": "notes.md", "content": "x"}, ["execution_mode", "folder"]),
    "container_stop": ({}, ["execution_mode", "folder"]),
    "git_repo_create": ({"name": "tools"}, ["provider"]),
}
# a branch made from a named branch does not read the default branch
ACTING_FROM = {"git_branch_create": ({"branch": "feat", "from": "dev"}, ["repository", "provider"])}
CHANGES = {
    "repository": lambda team: _patch(team, repository="acme/other"),
    "default_branch": lambda team: _patch(team, default_branch="develop"),
    "git_remote_url": lambda team: _patch(team, git_remote_url="https://github.com/acme/other.git"),
    "provider": lambda team: _new_provider_host(team),
    # no API changes these; a database edit or a future endpoint would: the work would run somewhere else
    "execution_mode": lambda team: _edit_project(team, execution_mode="mounted"),
    "folder": lambda team: _edit_project(team, workspace_dir_name="elsewhere-00000000"),
}


def _edit_project(team, **fields):
    from projects.models import Project

    Project.objects.filter(id=team.project.id).update(**fields)


def _new_provider_host(team):
    from actions.tests.exec_fixtures import OWNER_TOKEN
    from projects.services import set_credentials

    set_credentials(
        actor=team.owner,
        workspace=team.ws,
        provider_kind="github",
        provider_base_url="https://ghe.example.com/api/v3",
        provider_token=OWNER_TOKEN,
    )


CASES = [(t, change) for t, (_, acts_on) in ACTING.items() for change in acts_on]


@pytest.mark.parametrize("action_type, change", CASES)
def test_a_target_changed_after_approval_fails_closed(located, ran, action_type, change):
    action = _approved(located, action_type, ACTING[action_type][0])
    CHANGES[change](located)

    execution.execute(action.id)

    error = failed_with(action, "target_changed_after_approval")["error"]
    assert ran == []
    assert "approved" in error["message"] and error["next_step"]


@pytest.mark.parametrize(
    "action_type, change",
    [(t, c) for t in ACTING for c in CHANGES if c not in ACTING[t][1]]
    + [("git_branch_create+from", "default_branch")]
    + [("raise_max_parallel", c) for c in CHANGES],
)
def test_a_setting_the_type_does_not_act_on_changes_nothing(located, ran, action_type, change):
    payload = {
        "terminal": {"command": "make build"},
        "raise_max_parallel": {"value": 4},
        "git_branch_create+from": ACTING_FROM["git_branch_create"][0],
    }.get(action_type) or ACTING[action_type][0]
    action_type = action_type.split("+")[0]
    action = _approved(located, action_type, payload)
    CHANGES[change](located)

    execution.execute(action.id)

    action.refresh_from_db()
    assert action.status == "executed", action.result
    assert ran == [action.id]


@pytest.mark.parametrize("action_type", ACTING)
def test_the_same_target_set_again_still_runs(located, ran, action_type):
    action = _approved(located, action_type, ACTING[action_type][0])
    _patch(
        located,
        repository="acme/app",
        default_branch="main",
        git_remote_url="https://github.com/acme/app.git",
    )

    execution.execute(action.id)

    action.refresh_from_db()
    assert action.status == "executed", action.result


def test_a_target_changed_and_changed_back_runs(located, ran):
    action = _approved(located, "git_merge", ACTING["git_merge"][0])
    _patch(located, repository="acme/other")
    _patch(located, repository="acme/app")
    execution.execute(action.id)
    action.refresh_from_db()
    assert action.status == "executed", action.result


def test_the_message_names_what_changed(located, ran):
    action = _approved(located, "git_merge", ACTING["git_merge"][0])
    _patch(located, repository="acme/other")
    execution.execute(action.id)
    error = failed_with(action, "target_changed_after_approval")["error"]
    assert "acme/app" in error["message"] and "acme/other" in error["message"]


def test_auto_approved_work_is_bound_to_its_target_too(located, ran):
    action = _approved(located, "git_branch_protect", {"branch": "release"})
    decided(action.id, "auto_approved")
    _patch(located, repository="acme/other")
    execution.execute(action.id)
    failed_with(action, "target_changed_after_approval")
    assert ran == []


# -- the ways an approved action waits before a worker runs it ---------------------------------------------------


def test_a_target_changed_while_a_wait_timer_held_it(located, ran):
    quorum.set_approval_rules(
        actor=located.owner,
        project=located.project,
        rules=[{"action_type": "git_merge", "approvals": 1, "min_role": "maintainer", "wait_minutes": 5}],
    )
    action = _propose(located, "git_merge", ACTING["git_merge"][0])
    services.approve_action(action_id=action.id, actor=located.owner)
    action.refresh_from_db()
    assert action.status == "approved" and action.execute_after is not None
    _patch(located, repository="acme/other")
    ProposedAction.objects.filter(id=action.id).update(execute_after=timezone.now() - timedelta(seconds=1))

    execution.execute(action.id)

    failed_with(action, "target_changed_after_approval")
    assert ran == []


@pytest.mark.usefixtures("eager_tasks")
def test_a_target_changed_between_the_two_approvals_of_a_rule(
    located, ran, world, django_capture_on_commit_callbacks
):
    mia = world.user("mia")
    world.member(located.ws, mia, "maintainer")
    quorum.set_approval_rules(
        actor=located.owner,
        project=located.project,
        rules=[{"action_type": "git_merge", "approvals": 2, "min_role": "maintainer"}],
    )
    action = _propose(located, "git_merge", ACTING["git_merge"][0])
    services.approve_action(action_id=action.id, actor=mia)
    _patch(located, repository="acme/other")
    with django_capture_on_commit_callbacks(
        execute=True
    ):  # the approval's commit enqueues; the worker runs it
        services.approve_action(action_id=action.id, actor=located.owner)

    failed_with(action, "target_changed_after_approval")
    assert ran == []


@pytest.mark.usefixtures("eager_tasks")
def test_a_target_changed_after_the_click_before_the_worker_picked_it_up(
    located, ran, django_capture_on_commit_callbacks
):
    action = _propose(located, "git_push", ACTING["git_push"][0])
    with django_capture_on_commit_callbacks(execute=False) as enqueued:
        services.approve_action(action_id=action.id, actor=located.owner)
    _patch(located, git_remote_url="https://github.com/acme/other.git")
    for callback in enqueued:  # the worker picks it up now
        callback()

    failed_with(action, "target_changed_after_approval")
    assert ran == []


def test_a_target_changed_before_a_retry(located, monkeypatch):
    calls = []

    def flaky(action, ctx):
        calls.append(action.id)
        raise execution.TransientFault("provider_unavailable", "503 from the provider")

    monkeypatch.setattr(executors, "executor_for", lambda action_type: flaky)
    action = _approved(located, "git_merge", ACTING["git_merge"][0])
    with pytest.raises(execution.TransientFault):
        execution.execute(action.id, may_retry=True)
    _patch(located, repository="acme/other")

    execution.execute(action.id, may_retry=True)  # the retry

    failed_with(action, "target_changed_after_approval")
    assert calls == [action.id]  # only the first attempt reached the provider


def test_a_target_changed_before_a_released_claim_is_delivered_again(located, ran):
    action = _approved(located, "git_merge", ACTING["git_merge"][0])
    claimed = execution.claim(action.id)
    assert claimed is not None and execution.release_unstarted(claimed)  # its process stopped before it ran
    _patch(located, repository="acme/other")

    execution.execute(action.id)  # the redelivery

    failed_with(action, "target_changed_after_approval")
    assert ran == []


def test_the_in_process_worker_checks_the_target_too(located, ran):
    from actions import inprocess

    action = _approved(located, "git_merge", ACTING["git_merge"][0])
    _patch(located, repository="acme/other")
    claimed = execution.claim(action.id)
    assert claimed is not None and execution.mark_started(claimed)
    execution.run_claimed(claimed, may_retry=inprocess.MAX_RETRIES > 0)
    failed_with(action, "target_changed_after_approval")
    assert ran == []


def test_a_changed_folder_is_named_without_any_host_path():
    from actions.targets import changes

    said = changes(
        {"execution_mode": "local", "root": "/srv/projects/site"},
        {"execution_mode": "local", "root": "/srv/projects/other"},
    )
    assert said == ["the project's folder changed"]
