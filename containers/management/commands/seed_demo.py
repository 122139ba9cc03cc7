"""`manage.py seed_demo` — the demo workspace `make run` leaves behind, set up through the real services, so
the README's calls work with no account anywhere:

- the workspace ``Demo`` (owner ``admin``) uses the **local git provider** (bare repositories on this host);
- the project ``demo-app`` (execution mode ``container``) is a git worktree with a first commit on ``main``,
  checked out on the branch ``hello``; its repository is ``demo/demo-app``, a bare repository in the
  workspace's local git folder that is also its push remote;
- execution is activated (R3.4: the dev-terminal rules, ``git_commit`` autonomy for ``dev-api``);
- its container is started by a ``container_start`` the admin proposes and approves, executed through the
  real executor (the bubblewrap broker proves the sandbox starts);
- the agent ``dev-api`` has a key that stays valid across runs: it is kept in ``var/demo-agent-key``
  (mode 0600) and minted again only when that file is missing or no longer matches.

Idempotent: a second run changes nothing that works and repairs what does not.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from actions import execution
from actions import services as actions_services
from actions.models import ProposedAction
from actions.providers.local import init_bare, repository_path
from containers.models import RUNNING, ProjectContainer
from projects import services
from projects.git_settings import workspace_git_root
from projects.keys import rotate_agent_key
from projects.models import Agent, Membership, Project, Workspace, WorkspaceCredentials

DEMO_USER = "admin"
DEMO_PASSWORD = "brabo-demo"
DEMO_REPOSITORY = "demo/demo-app"
DEMO_BRANCH = "hello"


def key_file() -> Path:
    return Path(settings.VAR_DIR) / "demo-agent-key"


def _git(cwd: Path, *args: str) -> subprocess.CompletedProcess:
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(cwd),
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_AUTHOR_NAME": "Brabo demo",
        "GIT_AUTHOR_EMAIL": "demo@localhost",
        "GIT_COMMITTER_NAME": "Brabo demo",
        "GIT_COMMITTER_EMAIL": "demo@localhost",
    }
    return subprocess.run(
        ["git", "-c", "core.hooksPath=/dev/null", *args], cwd=cwd, env=env, capture_output=True, text=True
    )


class Command(BaseCommand):
    help = "Seed the demo workspace (local git provider, activated project, running container, stable agent key)."

    def add_arguments(self, parser):
        parser.add_argument("--base-url", default="http://127.0.0.1:8000")

    def handle(self, *args, base_url, **options):
        base_url = base_url.rstrip("/")
        user, created, ws, project, agent = self._tenancy()  # each step its own transition; a rerun resumes
        key = self._stable_key(user, agent)
        self._repository(user, ws, project)
        if not project.execution_active:
            services.activate_execution(project=project, actor=user)
        container = self._container(user, project)
        self._print(base_url, created, project, key, container)

    # -- tenancy ---------------------------------------------------------------------------------------
    def _tenancy(self):
        User = get_user_model()
        user, created = User.objects.get_or_create(
            username=DEMO_USER, defaults={"is_staff": True, "is_superuser": True}
        )
        if created:
            user.set_password(DEMO_PASSWORD)
            user.save()
        ws = Workspace.objects.filter(owner=user, name="Demo").first() or services.create_workspace(
            actor=user, name="Demo"
        )
        project = Project.objects.filter(workspace=ws, name="demo-app").first() or services.create_project(
            actor=user, workspace=ws, name="demo-app", execution_mode="container"
        )
        agent = Agent.objects.filter(project=project, name="dev-api").first()
        if agent is None:
            principal = Membership.objects.get(workspace=ws, user=user)
            agent, key = services.create_agent(
                actor=user, project=project, name="dev-api", principal=principal, kind="claude_code"
            )
            self._write_key(key)
        creds = WorkspaceCredentials.objects.filter(workspace=ws).first()
        if creds is None or not creds.provider_kind:
            services.set_credentials(actor=user, workspace=ws, provider_kind="local")  # no account needed
        return user, created, ws, project, agent

    def _write_key(self, key: str) -> None:
        path = key_file()
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as fh:
            fh.write(key + "\n")
        os.chmod(tmp, 0o600)
        os.replace(tmp, path)

    def _stable_key(self, user, agent: Agent) -> str:
        """The key in var/demo-agent-key while it still opens the agent; otherwise a fresh one (stored hashed,
        so a lost file cannot be recovered, only replaced) through ``keys.rotate_agent_key``, so the
        replacement is an ``agent.key_rotated`` event like any other rotation."""
        path = key_file()
        try:
            key = path.read_text().strip()
        except OSError:
            key = ""
        if key and Agent.hash_key(key) == agent.key_hash and agent.revoked_at is None:
            os.chmod(path, 0o600)
            return key
        if agent.revoked_at is not None:
            # The demo brings its one agent back (a revoked agent keeps its name, so no new dev-api can be
            # made); the fresh key below is what it answers to from now on.
            agent = services.restore_agent(actor=user, agent=agent)
        _, key = rotate_agent_key(actor=user, agent=agent)
        self._write_key(key)
        return key

    # -- the repository: a worktree, its bare remote, the local provider ---------------------------------
    def _repository(self, user, ws, project: Project) -> None:
        bare = repository_path(workspace_git_root(ws.id), DEMO_REPOSITORY)
        init_bare(bare, project.default_branch)
        work = Path(project.root())
        work.mkdir(parents=True, exist_ok=True)
        if not (work / ".git").exists():
            _git(work, "init", "-q", f"--initial-branch={project.default_branch}")
            # Brabo's rules file (and its lock) live in the folder but are not the project's
            (work / ".gitignore").write_text("permissions.json\npermissions.json.lock\n")
            (work / "README.md").write_text("# demo-app\n\nThe Brabo demo project.\n")
            _git(work, "add", "-A")
            _git(work, "commit", "-q", "-m", "First commit")
            _git(work, "push", "-q", str(bare), f"{project.default_branch}:{project.default_branch}")
            _git(work, "switch", "-q", "-c", DEMO_BRANCH)
        if not project.repository or not project.git_remote_url:
            services.set_project_git(
                project=project, actor=user, repository=DEMO_REPOSITORY, git_remote_url=str(bare)
            )

    # -- the container ------------------------------------------------------------------------------------
    def _container(self, user, project: Project) -> str:
        """Start the project's container the way a person does: propose container_start, approve it, and
        execute it here (the worker, if one runs later, finds it already claimed)."""
        if ProjectContainer.objects.filter(project=project, state=RUNNING).exists():
            return "running"
        decision = actions_services.propose_action(
            project=project, action_type="container_start", payload={}, user=user
        )
        if decision.action.status == "pending":
            actions_services.approve_action(action_id=decision.action.id, actor=user)
        # Without a broker the approval has already run it (in-process); executing it again would only log
        # that it "is not runnable", which reads like a fault in `make run`'s output.
        if ProposedAction.objects.filter(id=decision.action.id, status="approved").exists():
            execution.execute(decision.action.id)
        action = ProposedAction.objects.get(id=decision.action.id)
        if action.status == "executed":
            return "running"
        error = (action.result or {}).get("error") or {}
        return f"not running: {error.get('message', action.status)} {error.get('nextStep') or error.get('next_step', '')}"

    def _print(self, base_url, created, project, key, container) -> None:
        self.stdout.write(
            "\n".join(
                [
                    "",
                    "Brabo is ready.",
                    f"  Admin (approval console): {base_url}/admin/",
                    f"  Login:                    {DEMO_USER} / {DEMO_PASSWORD}"
                    + ("" if created else "  (unchanged if you set another password)"),
                    f"  API docs:                 {base_url}/api/docs/",
                    f"  Demo project:             {project.name} (id {project.id}), container {container}",
                    f"  Demo agent key (dev-api): {key}   (kept in {key_file()})",
                    "",
                    "  Try:  curl -s -X POST '" + base_url + "/api/actions/?wait=30' \\",
                    f"          -H 'Authorization: Bearer {key}' -H 'Content-Type: application/json' \\",
                    """          -d '{"action_type": "terminal", "payload": {"command": "git status"}}'""",
                    "",
                ]
            )
        )
