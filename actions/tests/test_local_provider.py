"""The local git provider (bare repositories per workspace) behind the same port as GitHub/GitLab, and the
project's repository / remote setting in the API."""

from __future__ import annotations

from pathlib import Path

import pytest

from actions import execution
from actions.tests.exec_fixtures import git
from projects.git_settings import workspace_git_root
from projects.models import Task
from projects.services import set_credentials


def run(action):
    execution.execute(action.id)
    action.refresh_from_db()
    return action


@pytest.fixture
def local(team, make_action):
    """The workspace on the local provider, a repository acme/app created by git_repo_create, and the
    project's worktree pushed to it (main, and a feature branch one commit ahead)."""
    set_credentials(actor=team.owner, workspace=team.ws, provider_kind="local")
    created = run(make_action(team.project, "git_repo_create", {"name": "acme/app"}))
    assert created.status == "executed", created.result
    bare = Path(created.result["url"])
    assert bare == workspace_git_root(team.ws.id) / "acme" / "app.git"
    team.project.repository = "acme/app"
    team.project.git_remote_url = str(bare)
    team.project.save()
    work = Path(team.project.root())
    git(work, "init", "-q", "-b", "main")
    (work / "README.md").write_text("hello\n")
    git(work, "add", "-A")
    git(work, "commit", "-q", "-m", "initial")
    git(work, "push", "-q", str(bare), "main")
    git(work, "checkout", "-q", "-b", "feature")
    (work / "app.py").write_text("print(1)\n")
    git(work, "add", "-A")
    git(work, "commit", "-q", "-m", "feature")
    return bare


def test_push_pr_and_merge_land_in_the_local_bare_repository(team, local, make_action):
    task = Task.objects.create(project=team.project, title="feature", status="in_progress")
    pushed = run(make_action(team.project, "git_push", {"branch": "feature"}))
    assert pushed.status == "executed", pushed.result
    opened = run(
        make_action(
            team.project, "pr_open", {"branch": "feature", "base": "main", "title": "Add app"}, task=task
        )
    )
    assert opened.status == "executed", opened.result
    number = opened.result["pr"]
    merged = run(make_action(team.project, "git_merge", {"pr": number, "target_branch": "main"}))

    assert merged.status == "executed", merged.result
    assert merged.result["merged"] is True
    head = git(local, "rev-parse", "refs/heads/main")
    assert head == merged.result["sha"]
    assert git(local, "rev-parse", f"{head}^2") == pushed.result["sha"]  # a real merge commit
    assert git(local, "show", "main:app.py") == "print(1)"
    task.refresh_from_db()
    assert task.status == "done"  # R8.3 through the local provider as through GitHub


def test_a_merge_into_another_branch_than_approved_or_twice_is_refused(team, local, make_action):
    run(make_action(team.project, "git_push", {"branch": "feature"}))
    number = run(
        make_action(team.project, "pr_open", {"branch": "feature", "base": "main", "title": "t"})
    ).result["pr"]
    wrong = run(make_action(team.project, "git_merge", {"pr": number, "target_branch": "dev"}))
    assert wrong.status == "failed" and wrong.result["error"]["code"] == "target_branch_mismatch"
    assert git(local, "log", "--oneline", "main").count("\n") == 0  # still the one initial commit


def test_a_conflicting_merge_is_a_named_failure_and_moves_nothing(team, local, make_action):
    work = Path(team.project.root())
    run(make_action(team.project, "git_push", {"branch": "feature"}))
    git(work, "checkout", "-q", "main")
    (work / "app.py").write_text("print(2)\n")
    git(work, "add", "-A")
    git(work, "commit", "-q", "-m", "conflict")
    git(work, "push", "-q", str(local), "main")
    before = git(local, "rev-parse", "main")
    number = run(
        make_action(team.project, "pr_open", {"branch": "feature", "base": "main", "title": "t"})
    ).result["pr"]
    merged = run(make_action(team.project, "git_merge", {"pr": number, "target_branch": "main"}))
    assert merged.status == "failed" and merged.result["error"]["code"] == "provider_conflict"
    assert git(local, "rev-parse", "main") == before


def test_branches_are_created_and_protected(team, local, make_action):
    made = run(make_action(team.project, "git_branch_create", {"branch": "dev", "from": "main"}))
    assert made.status == "executed", made.result
    assert git(local, "rev-parse", "dev") == git(local, "rev-parse", "main")
    again = run(make_action(team.project, "git_branch_create", {"branch": "dev", "from": "main"}))
    assert again.status == "failed" and again.result["error"]["code"] == "provider_rejected"
    protected = run(make_action(team.project, "git_branch_protect", {"branch": "dev"}))
    assert protected.status == "executed" and protected.result["protected"] is True


@pytest.mark.parametrize("repo", ["../other/app", "acme/../../x", "acme", "a/b/c", "acme/.hidden", "/abs/x"])
def test_a_repository_name_cannot_leave_the_workspace_folder(team, make_action, repo):
    set_credentials(actor=team.owner, workspace=team.ws, provider_kind="local")
    team.project.repository = repo
    team.project.save()
    opened = run(make_action(team.project, "pr_open", {"branch": "a", "base": "main", "title": "t"}))
    assert opened.status == "failed"
    assert opened.result["error"]["code"] in ("repository_invalid", "repository_not_set")


def test_another_workspaces_repository_with_the_same_name_is_not_reachable(team, world, make_action):
    set_credentials(actor=team.outsider, workspace=team.other_ws, provider_kind="local")
    theirs = run(make_action(team.other_project, "git_repo_create", {"name": "acme/app"}))
    assert theirs.status == "executed"
    set_credentials(actor=team.owner, workspace=team.ws, provider_kind="local")
    team.project.repository = "acme/app"
    team.project.save()
    mine = run(make_action(team.project, "git_branch_create", {"branch": "x", "from": "main"}))
    assert mine.status == "failed" and mine.result["error"]["code"] == "provider_not_found"


# -- the setting, through the API -------------------------------------------------------------------


def patch(client, project, body):
    return client.patch(f"/api/projects/{project.id}/", body, format="json")


def test_a_maintainer_sets_the_repository_and_a_local_remote(team, world):
    bare = workspace_git_root(team.ws.id) / "acme" / "app.git"
    answer = patch(
        world.client(team.maintainer),
        team.project,
        {"repository": "acme/app", "git_remote_url": str(bare), "default_branch": "trunk"},
    )
    assert answer.status_code == 200, answer.json()
    assert answer.json()["repository"] == "acme/app" and answer.json()["git_remote_url"] == str(bare)
    team.project.refresh_from_db()
    assert (team.project.repository, team.project.git_remote_url, team.project.default_branch) == (
        "acme/app",
        str(bare),
        "trunk",
    )


@pytest.mark.parametrize(
    "remote",
    [
        "/etc",
        "/tmp/x.git",
        "{other}/acme/app.git",
        "{mine}/../x.git",
        "ssh://git@github.com/acme/app.git",
        "git@github.com:acme/app.git",
        "file:///srv/x.git",
        "git://github.com/acme/app.git",
        "https://user:pw@github.com/acme/app.git",
        "https://evil.example/acme/app.git",
        "https://github.com/acme/app.git\nhttps://evil.example/x",
        "https://github.com/a b.git",
    ],
)
def test_a_remote_that_could_misdirect_the_owners_token_or_reach_other_folders_is_refused(
    team, world, remote
):
    set_credentials(actor=team.owner, workspace=team.ws, provider_kind="github", provider_token="ghp_x")
    remote = remote.format(other=workspace_git_root(team.other_ws.id), mine=workspace_git_root(team.ws.id))
    answer = patch(world.client(team.maintainer), team.project, {"git_remote_url": remote})
    assert answer.status_code == 400, answer.json()
    assert "git_remote_url" in str(answer.json())
    team.project.refresh_from_db()
    assert team.project.git_remote_url == ""


def test_a_maintainer_may_use_the_providers_host_and_only_the_owner_another(team, world):
    set_credentials(actor=team.owner, workspace=team.ws, provider_kind="github", provider_token="ghp_x")
    ok = patch(
        world.client(team.maintainer), team.project, {"git_remote_url": "https://github.com/acme/app.git"}
    )
    assert ok.status_code == 200
    other = {"git_remote_url": "https://git.example.org/acme/app.git"}
    assert patch(world.client(team.maintainer), team.project, other).status_code == 400
    assert patch(world.client(team.owner), team.project, other).status_code == 200


def test_who_may_change_where_the_code_lives(team, world):
    body = {"repository": "acme/app"}
    assert patch(world.client(team.outsider), team.project, body).status_code == 404
    assert patch(world.client(team.developer), team.project, body).status_code == 403
    assert patch(world.client(agent_key=team.agent_key), team.project, body).status_code in (403, 404)
    assert patch(world.client(team.maintainer), team.project, {"name": "renamed"}).status_code == 400
    assert patch(world.client(team.maintainer), team.project, {"repository": "no-slash"}).status_code == 400
    assert patch(world.client(team.maintainer), team.project, {"default_branch": "-x"}).status_code == 400


def test_a_project_is_created_with_its_repository_or_not_at_all(team, world):
    client = world.client(team.maintainer)
    bad = client.post(
        "/api/projects/",
        {"workspace": str(team.ws.id), "name": "svc", "git_remote_url": "/etc"},
        format="json",
    )
    assert bad.status_code == 400
    assert not team.ws.projects.filter(name="svc").exists()
    good = client.post(
        "/api/projects/",
        {"workspace": str(team.ws.id), "name": "svc", "repository": "acme/svc"},
        format="json",
    )
    assert good.status_code == 201 and good.json()["repository"] == "acme/svc"
