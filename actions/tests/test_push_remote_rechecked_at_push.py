"""The push remote is checked again when the push runs, not only when it is set (R9.7: the owner's token goes only
to the provider's host, over its transport).

A maintainer may set a remote only on the workspace provider's own origin (its scheme, host and port); the
owner may set any (it is their token). That was checked when the remote was set and never again: after the
provider changed (GitHub to a GitHub Enterprise host, another port, https to http, another kind, no provider at
all) -- or the owner who set an off-provider remote handed the workspace to someone else -- the next push sent
the current owner's token to a host nobody answerable for it chose. Now a push checks the remote against the
provider as it is and who set it: a remote off the provider's origin is pushed to only when the current owner
set it; otherwise the push fails ``remote_off_provider`` before any git runs, and nothing reaches the remote.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from actions import execution
from actions.tests.exec_fixtures import OWNER_TOKEN, git
from actions.tests.git_http_server import GitHttpRemote
from projects.services import set_credentials, set_project_git


@pytest.fixture
def repo(team) -> Path:
    root = Path(team.project.root())
    git(root, "init", "-q", "-b", "main")
    (root / "README.md").write_text("hello\n")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "initial")
    return root


def _provider(team, kind: str, base: str) -> None:
    set_credentials(actor=team.owner, workspace=team.ws, provider_kind=kind, provider_base_url=base,
                    provider_token=OWNER_TOKEN)  # fmt: skip


def _push(team, make_action):
    action = make_action(team.project, "git_push", {"branch": "main"}, status="auto_approved")
    execution.execute(action.id)
    action.refresh_from_db()
    return action


# (the provider when the maintainer set the remote, the remote, the provider at push time)
CHANGED = [
    (("github", ""), "https://github.com/acme/app.git", ("github", "https://ghe.corp.example/api/v3")),
    (("github", ""), "https://github.com/acme/app.git", ("gitlab", "")),
    (("gitlab", "https://gitlab.corp.example:8443"), "https://gitlab.corp.example:8443/g/app.git", ("gitlab", "https://gitlab.corp.example:9443")),
    (("gitlab", "http://gitlab.lan.example"), "http://gitlab.lan.example/g/app.git", ("gitlab", "https://gitlab.lan.example")),
    (("gitlab", "https://gitlab.lan.example"), "https://gitlab.lan.example/g/app.git", ("gitlab", "https://gitlab.other.example")),
    (("github", "https://ghe.corp.example/api/v3"), "https://ghe.corp.example/acme/app.git", ("github", "")),
    (("github", ""), "https://github.com/acme/app.git", ("local", "")),
]  # fmt: skip


@pytest.mark.parametrize("before, remote, after", CHANGED)
def test_a_maintainers_remote_is_not_pushed_to_after_the_provider_moved(
    team, repo, make_action, before, remote, after
):
    _provider(team, *before)
    set_project_git(project=team.project, actor=team.maintainer, git_remote_url=remote)
    _provider(team, *after)
    team.project.refresh_from_db()
    action = _push(team, make_action)
    assert action.status == "failed", action.result
    assert action.result["error"]["code"] == "remote_off_provider", action.result
    assert OWNER_TOKEN not in str(action.result)


def test_a_maintainers_remote_is_not_pushed_to_once_the_provider_is_gone(team, repo, make_action):
    from projects.models import WorkspaceCredentials

    _provider(team, "github", "")
    set_project_git(
        project=team.project, actor=team.maintainer, git_remote_url="https://github.com/acme/app.git"
    )
    WorkspaceCredentials.objects.filter(workspace=team.ws).update(provider_kind="")
    action = _push(team, make_action)
    assert action.status == "failed" and action.result["error"]["code"] in (
        "remote_off_provider",
        "credentials_missing",
    ), action.result


def test_an_off_provider_remote_the_owner_set_is_pushed_to(team, repo, tmp_path, make_action):
    served = tmp_path / "served"
    served.mkdir()
    git(served, "init", "-q", "--bare", "app.git")
    _provider(team, "github", "https://api.github.example")
    with GitHttpRemote(served, OWNER_TOKEN) as remote:
        set_project_git(project=team.project, actor=team.owner, git_remote_url=remote.url("app.git"))
        action = _push(team, make_action)
    assert action.status == "executed", action.result
    assert True in remote.auth_seen


def test_an_off_provider_remote_set_by_a_former_owner_is_not_pushed_to(team, repo, tmp_path, make_action):
    """The owner who set it is not the owner any more (or was never recorded): the token now is someone else's."""
    served = tmp_path / "served"
    served.mkdir()
    git(served, "init", "-q", "--bare", "app.git")
    _provider(team, "github", "https://api.github.example")
    with GitHttpRemote(served, OWNER_TOKEN) as remote:
        set_project_git(project=team.project, actor=team.owner, git_remote_url=remote.url("app.git"))
        for setter in (team.maintainer, None):
            team.project.git_remote_set_by = setter
            team.project.save()
            action = _push(team, make_action)
            assert action.status == "failed", action.result
            assert action.result["error"]["code"] == "remote_off_provider", action.result
    assert remote.auth_seen == [] or True not in remote.auth_seen


@pytest.mark.parametrize("setter", ["maintainer", "unrecorded"])
def test_a_remote_on_the_providers_origin_is_pushed_to_whoever_set_it(
    team, repo, make_action, monkeypatch, setter
):
    """The check passes; the push itself then runs (here it cannot reach github.com: a named network failure)."""
    _provider(team, "github", "")
    set_project_git(
        project=team.project, actor=team.maintainer, git_remote_url="https://github.com/acme/app.git"
    )
    if setter == "unrecorded":
        team.project.git_remote_set_by = None
        team.project.save()
    from containers import git_local

    reached = []

    def pushed(*args, **kwargs):
        reached.append(args)
        raise execution.ExecutionFailure("git_push_failed", "stopped here", "none")

    monkeypatch.setattr(git_local, "_objects_inside_project", pushed)
    action = _push(team, make_action)
    assert reached and action.result["error"]["code"] == "git_push_failed", action.result
