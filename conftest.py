"""Shared test fixtures: people, workspaces, projects, agents and API clients.

Under CI=true the suite refuses the embedded SQLite / eager-Celery fallback: a green CI run must mean
the tests ran against PostgreSQL, Redis and a real worker.
"""

from __future__ import annotations

import gc
import inspect
import os
from typing import TYPE_CHECKING

import pytest
from rest_framework.test import APIClient

if TYPE_CHECKING:  # the models load only once Django is set up (after this module)
    from django.contrib.auth.models import User

    from projects.models import Agent, Project, Workspace


def pytest_configure(config):
    # pytest keeps every test's report until the run ends, so the collector's full passes grow with the run:
    # at Python's default thresholds they were a tenth of the engine's tests' time. Rarer young collections
    # (each still frees what a test left in cycles) make the full ones rare too.
    gc.set_threshold(10_000, 50, 1000)
    if os.environ.get("CI", "").lower() not in ("1", "true", "yes"):
        return
    missing = [name for name in ("DATABASE_URL", "CELERY_BROKER_URL") if not os.environ.get(name)]
    if missing:
        pytest.exit(
            f"CI=true but {', '.join(missing)} unset: the suite refuses the SQLite/eager fallback.", 3
        )
    if not os.environ["DATABASE_URL"].startswith(("postgres://", "postgresql://")):
        pytest.exit("CI=true needs DATABASE_URL to point at PostgreSQL.", 3)


_threads_at_start: set[int] = set()


def pytest_sessionstart(session):
    import threading

    _threads_at_start.update(t.ident for t in threading.enumerate() if t.ident is not None)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item, nextitem):
    """Each connection opened from here on is noted with this test's name (tests/db_sessions.py)."""
    from tests import db_sessions

    db_sessions.set_current_test(item.nodeid)
    try:
        return (yield)
    finally:
        db_sessions.set_current_test("")


@pytest.fixture(autouse=True)
def _no_connection_outlives_its_test():
    """A thread the test started (a helper, a served request, a background worker) gives its database
    connection back before the test ends: one left open stays on the database the next test flushes and the
    run drops at its end ("being accessed by other users"). Its own connection, the test's thread's, is
    pytest-django's to close."""
    from tests import db_sessions

    yield
    held = db_sessions.held_by_other_threads()
    if held:
        pytest.fail(
            "a database connection outlived its test (close it in its thread, in a finally, or join the "
            "thread before the test ends):\n" + "\n".join(h.describe() for h in held),
            pytrace=False,
        )


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """The test database; at the end of the run, before it is dropped, no other session may be on it."""
    from django.db import connection

    from tests import db_flush, db_sessions

    db_sessions.install()
    if connection.vendor == "postgresql":
        db_flush.install()  # the flush ending each transactional test: DELETE, not TRUNCATE (tests/db_flush.py)
    yield
    if connection.vendor != "postgresql":
        return
    with django_db_blocker.unblock():
        left = db_sessions.sessions_left(connection.settings_dict["NAME"])
        if not left:
            return
        db_sessions.end_sessions(left)  # the database is still dropped; the run fails below
    pytest.fail(
        f"sessions were still on the test database {connection.settings_dict['NAME']} at the end of the run:\n"
        + "\n".join(s.describe() for s in left)
        + "\nthreads still alive:\n"
        + "\n".join(db_sessions.threads_alive(_threads_at_start)),
        pytrace=False,
    )


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix, tmp_path_factory):
    """SQLite tests use a database file in the session's temporary folder with the embedded default's
    settings (WAL, immediate transactions, a busy wait), never Django's in-memory database: its shared cache
    locks whole tables and answers "database table is locked" at once instead of waiting (race
    tests failed with 503 on a busy machine)."""
    from django.conf import settings

    db = settings.DATABASES["default"]
    if db["ENGINE"] == "django.db.backends.sqlite3" and not db.get("TEST", {}).get("NAME"):
        db.setdefault("TEST", {})["NAME"] = str(tmp_path_factory.mktemp("sqlite") / "test.sqlite3")


@pytest.fixture(scope="session", autouse=True)
def _run_dirs(tmp_path_factory):
    """The project folders of a test that takes no fixture: one set per test process, in the run's temporary
    folder -- never the checkout's var/ (a test that takes any fixture gets its own, :func:`_project_dirs`)."""
    from django.test import override_settings

    folders = _folders(tmp_path_factory.mktemp("run-dirs"))
    for name in _MADE:
        folders[name].mkdir()
    with override_settings(**folders, **_refused_and_fast()):
        yield


@pytest.fixture(autouse=True)
def _project_dirs(request):
    """Every test gets its own project folders, so nothing leaks between tests or into ./var.

    Except a test that takes no fixture and no mark that brings one (most of the engine's tests: they decide
    and touch no folder, no database): it runs in the folders of :func:`_run_dirs`. pytest's ``tmp_path`` and
    the settings overrides cost about 1.5 ms a test, a tenth of the whole run."""
    if _takes_nothing(request):
        return
    settings, tmp_path = request.getfixturevalue("settings"), request.getfixturevalue("tmp_path")
    for name, folder in _folders(tmp_path).items():
        setattr(settings, name, folder)
    for name in _MADE:
        getattr(settings, name).mkdir()
    for name, value in _refused_and_fast().items():
        setattr(settings, name, value)


def _folders(base):
    """The settings naming a test's folders under ``base``: runtime files (the demo agent's key, beat's
    schedule) go to its own var/, never the checkout's that a running `make run` is using."""
    return {
        "PROJECT_WORKSPACES_ROOT": base / "workspaces",
        "BRABO_PROJECTS_BASE": base / "projects-base",
        "BRABO_LOCAL_GIT_ROOT": base / "git",
        "VAR_DIR": base / "var",
    }


def _refused_and_fast() -> dict:
    """Production's refusals and the fast hasher, in lists of the test's own (a test may change them in place)."""
    return {
        # As in production with BRABO_LOCAL_ROOTS unset, `local` projects are refused; a test that creates one
        # asks for the ``local_base`` fixture (R1.4).
        "BRABO_LOCAL_ROOTS": [],
        # Password hashing is deliberately slow in production; tests log people in, they do not test PBKDF2.
        "PASSWORD_HASHERS": ["django.contrib.auth.hashers.MD5PasswordHasher"],
    }


_MADE = ("VAR_DIR", "PROJECT_WORKSPACES_ROOT", "BRABO_PROJECTS_BASE")  # the folders made before the test


def _takes_nothing(request) -> bool:
    """The test asks for no fixture (its arguments are all parameters, none handed to a fixture by ``indirect``)
    and has no mark that brings one."""
    node = request.node
    if (
        request.instance is not None
        or any(node.iter_markers("django_db"))
        or any(node.iter_markers("usefixtures"))
        or any(m.kwargs.get("indirect") for m in node.iter_markers("parametrize"))
    ):
        return False
    callspec = getattr(node, "callspec", None)
    given = callspec.params.keys() if callspec is not None else ()
    return not (set(inspect.signature(request.function).parameters) - set(given))


@pytest.fixture
def local_base(settings, tmp_path):
    """A folder the operator allows for `local` projects (BRABO_LOCAL_ROOTS), private to the test: create
    local roots inside it."""
    base = tmp_path / "local-roots"
    base.mkdir()
    settings.BRABO_LOCAL_ROOTS = [base]
    return base


class World:
    """Builds tenancy fixtures with the real service functions (no hand-made rows)."""

    def __init__(self):
        from django.contrib.auth import get_user_model

        self.User = get_user_model()

    def user(self, username: str, **extra):
        return self.User.objects.create_user(username=username, password="pw-" + username, **extra)

    def workspace(self, owner, name: str = "Acme"):
        from projects.services import create_workspace

        return create_workspace(actor=owner, name=name)

    def member(self, workspace, user, role: str):
        from projects.models import Membership

        return Membership.objects.create(workspace=workspace, user=user, role=role)

    def project(self, workspace, name: str = "app", **kw):
        from projects.services import create_project

        kw.setdefault("actor", workspace.owner)
        return create_project(workspace=workspace, name=name, **kw)

    def agent(self, project, principal_user, name: str = "dev-api"):
        from projects.models import Membership
        from projects.services import create_agent

        principal = Membership.objects.get(workspace_id=project.workspace_id, user=principal_user)
        return create_agent(actor=project.workspace.owner, project=project, name=name, principal=principal)

    def client(self, user=None, *, agent_key: str | None = None) -> APIClient:
        c = APIClient()
        if agent_key:
            c.credentials(HTTP_AUTHORIZATION=f"Bearer {agent_key}")
        elif user is not None:
            c.force_authenticate(user)
        return c


@pytest.fixture
def world(db) -> World:
    return World()


class Team:
    """What the ``team`` fixture sets up; a test may add its own people to it."""

    world: World
    owner: User
    maintainer: User
    developer: User
    outsider: User
    ws: Workspace
    project: Project
    agent: Agent
    agent_key: str
    other_ws: Workspace
    other_project: Project
    other_agent: Agent
    other_agent_key: str


@pytest.fixture
def team(world):
    """One workspace with an owner, a maintainer, a developer, a project and an agent; plus an outsider
    who owns a second workspace with its own project."""

    t = Team()
    t.owner = world.user("olivia")
    t.maintainer = world.user("max")
    t.developer = world.user("dev")
    t.outsider = world.user("eve")
    t.ws = world.workspace(t.owner, "Acme")
    world.member(t.ws, t.maintainer, "maintainer")
    world.member(t.ws, t.developer, "developer")
    t.project = world.project(t.ws, "app")
    t.agent, t.agent_key = world.agent(t.project, t.maintainer, "dev-api")
    t.other_ws = world.workspace(t.outsider, "Evil Corp")
    t.other_project = world.project(t.other_ws, "evil-app")
    t.other_agent, t.other_agent_key = world.agent(t.other_project, t.outsider, "dev-evil")
    t.world = world
    return t


# -- a real Celery worker for @pytest.mark.integration tests (issue: execution) -------------------------


def _integration_env_or_skip() -> tuple[str, str]:
    """DATABASE_URL (PostgreSQL) and CELERY_BROKER_URL, or skip (CI=true already refused to start without)."""
    db, broker = os.environ.get("DATABASE_URL", ""), os.environ.get("CELERY_BROKER_URL", "")
    if not broker or not db.startswith(("postgres://", "postgresql://")):
        pytest.skip(
            "integration: set DATABASE_URL (PostgreSQL) and CELERY_BROKER_URL (Redis) to run a real worker"
        )
    return db, broker


class WorkerProcess:
    """A `celery worker` subprocess on its own queue, against pytest-django's test database."""

    def __init__(self, base_dir, name: str, extra_env: dict[str, str] | None = None):
        import subprocess
        import sys
        from urllib.parse import urlsplit

        from django.conf import settings
        from django.db import connection

        db, broker = _integration_env_or_skip()
        self.name = f"{name}-{os.getpid()}"
        self.queue = f"brabo-test-{self.name}"
        self.log_path = base_dir / f"{self.name}.log"
        parts = urlsplit(db)
        test_db = parts._replace(path="/" + connection.settings_dict["NAME"]).geturl()
        env = {
            **os.environ,
            "DATABASE_URL": test_db,
            "CELERY_BROKER_URL": broker,
            "BRABO_CELERY_QUEUE": self.queue,
            "PROJECT_WORKSPACES_ROOT": str(base_dir / "workspaces"),
            "BRABO_PROJECTS_BASE": str(base_dir / "projects-base"),
            "BRABO_LOCAL_GIT_ROOT": str(base_dir / "git"),
            "BRABO_VAR_DIR": str(base_dir / "var"),
            # the worker's own home (a test may poison it, as a neighbour would) and the base for
            # `local` roots, both in the session's folder, apart from each other
            "HOME": str(base_dir / "worker-home"),
            "XDG_CONFIG_HOME": str(base_dir / "worker-home" / ".config"),
            "BRABO_LOCAL_ROOTS": str(base_dir / "local-roots"),
            "BRABO_DB_CONN_MAX_AGE": "0",
            "BRABO_ENCRYPTION_KEYS": ",".join(settings.ENCRYPTION_KEYS),
            # the notification tests' webhook receiver listens on 127.0.0.1
            "BRABO_WEBHOOK_ALLOW_PRIVATE": "true",
            **(extra_env or {}),
        }
        argv = [sys.executable, "-m", "celery", "-A", "brabo", "worker", "-P", "solo", "-Q", self.queue,
                "-n", f"{self.name}@%h", "--without-gossip", "--without-mingle", "-l", "INFO"]  # fmt: skip
        self.home = base_dir / "worker-home"
        self.local_roots = base_dir / "local-roots"
        (self.home / ".config").mkdir(parents=True, exist_ok=True)
        self.local_roots.mkdir(exist_ok=True)
        self._log = open(self.log_path, "wb")  # noqa: SIM115 — closed in stop()
        self.proc = subprocess.Popen(
            argv, env=env, stdout=self._log, stderr=subprocess.STDOUT, cwd=settings.BASE_DIR
        )
        self.workspaces = base_dir / "workspaces"
        self.projects_base = base_dir / "projects-base"
        self.local_git = base_dir / "git"
        self.workspaces.mkdir(exist_ok=True)
        self.projects_base.mkdir(exist_ok=True)
        self._wait_ready()

    def _wait_ready(self, seconds: float = 60) -> None:
        import time

        from brabo.celery import app

        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"celery worker exited early:\n{self.log_path.read_text()[-3000:]}")
            replies = app.control.ping(destination=[self.proc_hostname()], timeout=0.5)
            if replies:
                return
        self.stop()
        raise RuntimeError(
            f"celery worker did not answer ping in {seconds}s:\n{self.log_path.read_text()[-3000:]}"
        )

    def proc_hostname(self) -> str:
        import socket

        return f"{self.name}@{socket.gethostname()}"

    def route(self):
        """Send this process's enqueued tasks to this worker's queue."""
        from brabo.celery import app

        app.conf.task_default_queue = self.queue

    def wait_idle(self, seconds: float = 30) -> bool:
        """Until the worker has no task running, reserved or scheduled (a solo worker answers between
        tasks only), so no task of this test touches the database while the next one flushes it: a
        TRUNCATE meeting the worker's foreign-key lock is a deadlock. False when it stayed busy."""
        import time

        from brabo.celery import app

        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            inspect = app.control.inspect(destination=[self.proc_hostname()], timeout=0.5)
            replies = [inspect.active(), inspect.reserved(), inspect.scheduled()]
            busy = any(tasks for reply in replies if reply for tasks in reply.values())
            if None not in replies and not busy:
                return True
        return False

    def log_text(self) -> str:
        self._log.flush()
        return self.log_path.read_text(errors="replace")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=20)
            except Exception:
                self.proc.kill()
                self.proc.wait()
        self._log.close()


@pytest.fixture(scope="session")
def worker_fake_slack():
    """The local fake Slack the session's real worker talks to: its Web API base is in the
    worker's environment, fixed when the worker starts."""
    from actions.tests.fake_slack import SESSION_TOKEN, FakeSlack

    with FakeSlack(SESSION_TOKEN) as fake:
        yield fake


@pytest.fixture(scope="session")
def celery_worker_proc(django_db_setup, django_db_blocker, tmp_path_factory, worker_fake_slack):
    """One real worker for the session (started after the test database exists, stopped before it is
    dropped). Tests using it are `@pytest.mark.integration` with `transactional_db` and the
    `worker_dirs` fixture, so the worker and the test see the same project folders."""
    _integration_env_or_skip()
    worker = WorkerProcess(
        tmp_path_factory.mktemp("celery"),
        "brabo-worker",
        extra_env={
            "BRABO_SLACK_API_URL": worker_fake_slack.api_url,
            "BRABO_SLACK_RESPONSE_URL_PREFIX": worker_fake_slack.respond_prefix,
        },
    )
    yield worker
    worker.stop()


@pytest.fixture
def worker_dirs(celery_worker_proc, settings):
    """Route this test's tasks to the real worker, and only this test's: afterwards the tasks of tests that
    do not ask for the worker (notifications of their events) go to the default queue, which no worker
    reads, instead of racing their database teardown."""
    from brabo.celery import app

    settings.PROJECT_WORKSPACES_ROOT = celery_worker_proc.workspaces
    settings.BRABO_PROJECTS_BASE = celery_worker_proc.projects_base
    settings.BRABO_LOCAL_GIT_ROOT = celery_worker_proc.local_git
    settings.BRABO_LOCAL_ROOTS = [celery_worker_proc.local_roots]
    previous = app.conf.task_default_queue
    celery_worker_proc.route()
    yield celery_worker_proc
    celery_worker_proc.wait_idle()
    app.conf.task_default_queue = previous


# -- execution fixtures (issue: execution) -----------------------------------------------------------


@pytest.fixture
def make_action():
    """An action already approved (or in any given status), created directly: execution tests start where
    an approval ends."""

    def make(
        project, action_type: str, payload: dict | None = None, *, status: str = "approved", task=None, **kw
    ):
        from actions.models import ProposedAction, payload_hash
        from actions.payloads import pr_number_of

        payload = payload or {}
        if status == "approved":
            # approved means a person decided it (R8.1): the owner, unless the test names someone
            kw.setdefault("decided_by", project.workspace.owner)
        return ProposedAction.objects.create(
            project=project,
            action_type=action_type,
            payload=payload,
            payload_hash=payload_hash(payload),
            status=status,
            reason="default",
            message="test setup",
            task=task,
            # as a proposal stores it (actions.payloads.read_payload): the PR's number, or "" for no PR
            merge_pr=str(pr_number_of(payload.get("pr")) or "") if action_type == "git_merge" else "",
            **kw,
        )

    return make


@pytest.fixture
def owner_token(team):
    """Stores the workspace owner's provider token, encrypted like in production: owner_token(kind, base_url)."""
    from actions.tests.exec_fixtures import OWNER_TOKEN
    from projects.services import set_credentials

    def configure(kind: str, base_url: str, token: str = OWNER_TOKEN):
        set_credentials(
            actor=team.owner,
            workspace=team.ws,
            provider_kind=kind,
            provider_base_url=base_url,
            provider_token=token,
        )
        return token

    return configure


@pytest.fixture
def in_process_worker(transactional_db, settings):
    """The broker-less serving process's background worker (actions.inprocess), as `manage.py serve`
    starts it: approvals are claimed on commit and run on its threads. ``drain()`` waits for the event that
    everything it took has settled (never a duration). Needs committed rows, hence ``transactional_db``."""
    from actions import inprocess

    # The broker-less path even where the suite has a broker (CI): this process is the server without one.
    settings.CELERY_BROKER_URL = ""
    worker = inprocess.start(threads=2, backlog=4)
    try:
        yield worker
    finally:
        assert worker.drain(timeout=60), "the in-process worker did not finish its actions"
        inprocess.stop()
