"""Settings parsers fail loudly with the variable's name and the fix (STYLE.md practice 8)."""

from __future__ import annotations

import pytest

from brabo.env import ImproperlyConfiguredEnv, env_abs_path, env_bool, env_int, env_list


def test_env_bool(monkeypatch):
    monkeypatch.setenv("X_FLAG", "yes")
    assert env_bool("X_FLAG") is True
    monkeypatch.setenv("X_FLAG", "maybe")
    with pytest.raises(ImproperlyConfiguredEnv, match="X_FLAG='maybe' is not a boolean"):
        env_bool("X_FLAG")


def test_env_int(monkeypatch):
    monkeypatch.setenv("X_N", "12")
    assert env_int("X_N", 3) == 12
    monkeypatch.setenv("X_N", "twelve")
    with pytest.raises(ImproperlyConfiguredEnv, match="X_N='twelve' is not a whole number"):
        env_int("X_N", 3)
    monkeypatch.setenv("X_N", "0")
    with pytest.raises(ImproperlyConfiguredEnv, match="below the minimum 1"):
        env_int("X_N", 3, minimum=1)


def test_env_list_and_path(monkeypatch, tmp_path):
    monkeypatch.setenv("X_L", "a, b,,c")
    assert env_list("X_L", []) == ["a", "b", "c"]
    monkeypatch.setenv("X_P", "relative/dir")
    with pytest.raises(ImproperlyConfiguredEnv, match="X_P='relative/dir' must be an absolute path"):
        env_abs_path("X_P", tmp_path)
    monkeypatch.delenv("X_P")
    assert env_abs_path("X_P", tmp_path) == tmp_path


def test_create_user_token_creates_the_user_and_prints_a_working_token(db, capsys):
    from django.contrib.auth import get_user_model
    from django.core.management import CommandError, call_command
    from rest_framework.test import APIClient

    call_command("create_user_token", "scripter")
    key = capsys.readouterr().out.strip()
    assert key.startswith("brabo_user_")
    assert get_user_model().objects.filter(username="scripter").exists()
    c = APIClient()
    c.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert c.get("/api/workspaces/").status_code == 200
    from projects.models import WorkspaceEvent

    # through the service: the token is on the audit log like one made in the console
    assert WorkspaceEvent.objects.filter(type="token.created", actor_label="scripter").count() == 1
    with pytest.raises(CommandError, match="name is required"):
        call_command("create_user_token", "scripter", "--name", "  ")


def test_seed_demo_is_idempotent_and_prints_a_working_agent_key(db, capsys):
    from django.core.management import call_command
    from rest_framework.test import APIClient

    call_command("seed_demo")
    call_command("seed_demo")
    out = capsys.readouterr().out
    key = out.strip().split("Demo agent key (dev-api): ")[-1].split()[0]
    assert "/admin/" in out and "admin / brabo-demo" in out
    c = APIClient()
    c.credentials(HTTP_AUTHORIZATION=f"Bearer {key}")
    from projects.models import Project

    project = Project.objects.get(name="demo-app")
    assert Project.objects.filter(name="demo-app").count() == 1
    resp = c.get(f"/api/projects/{project.id}/")  # people-only endpoint: the key authenticates (not 401)
    assert resp.status_code == 403 and "Agents cannot" in resp.json()["detail"]


def test_schema_and_docs_are_served(client, db):
    assert client.get("/api/schema/").status_code == 200
    assert client.get("/api/docs/").status_code == 200
    assert client.get("/admin/login/").status_code == 200


def _database_options(tmp_path, **env) -> str:
    from .probe import run_probe

    probe = "from django.conf import settings; print(sorted(settings.DATABASES['default'].get('OPTIONS', {}).items()))"
    return run_probe(probe, tmp_path, **env)


def test_postgresql_prepares_repeated_statements_unless_turned_off(tmp_path):
    url = "postgres://u@127.0.0.1:5432/d"
    assert _database_options(tmp_path, DATABASE_URL=url, BRABO_DB_POOL="false") == str(
        [("prepare_threshold", 5), ("server_side_binding", True)]
    )
    assert (
        _database_options(
            tmp_path, DATABASE_URL=url, BRABO_DB_PREPARED_STATEMENTS="false", BRABO_DB_POOL="false"
        )
        == "[]"
    )
    assert "server_side_binding" not in _database_options(tmp_path)  # SQLite: not a PostgreSQL option


def test_postgresql_connections_come_from_a_pool_sized_from_the_web_threads(tmp_path):
    # connections held by a process are bounded by the pool; Django's pool needs CONN_MAX_AGE=0
    from .probe import run_probe

    probe = (
        "from django.conf import settings; d = settings.DATABASES['default'];"
        "print(d['CONN_MAX_AGE'], d['OPTIONS']['pool']['max_size'], d['OPTIONS']['pool']['min_size'])"
    )
    url = "postgres://u@127.0.0.1:5432/d"
    # the sync slots, plus the ASGI server's housekeeping and two readiness-probe threads and the beat thread
    assert run_probe(probe, tmp_path, DATABASE_URL=url, BRABO_WEB_THREADS="4") == "0 8 1"
    # the default 16 slots: capped at 20 (waiting agents hold no slot and no connection)
    assert run_probe(probe, tmp_path, DATABASE_URL=url, BRABO_DB_CONN_MAX_AGE="60") == "0 20 1"
    assert run_probe(probe, tmp_path, DATABASE_URL=url, BRABO_WEB_THREADS="64") == "0 20 1"
    assert run_probe(probe, tmp_path, DATABASE_URL=url, BRABO_DB_POOL_MAX_SIZE="3") == "0 3 1"
    assert "pool" not in _database_options(tmp_path)  # SQLite: no pool


def test_a_sqlite_database_url_gets_the_embedded_defaults_settings(tmp_path):
    # DATABASE_URL=sqlite:///… lost WAL, immediate transactions and the busy wait
    embedded = _database_options(tmp_path)
    assert "('transaction_mode', 'IMMEDIATE')" in embedded and "journal_mode=WAL" in embedded
    from_url = _database_options(tmp_path, DATABASE_URL=f"sqlite:///{tmp_path / 'other.sqlite3'}")
    assert from_url == embedded


def test_the_suite_never_writes_the_checkouts_var(db, settings):
    """A test that seeds the demo writes the key into its own folder; the checkout's
    var/demo-agent-key, which a running `make run` hands out, stays exactly as it was."""
    from pathlib import Path

    from django.core.management import call_command

    checkout_key = Path(__file__).resolve().parent.parent / "var" / "demo-agent-key"
    before = checkout_key.read_bytes() if checkout_key.exists() else None
    call_command("seed_demo")
    assert (Path(settings.VAR_DIR) / "demo-agent-key").is_file()
    assert Path(settings.VAR_DIR).resolve() != checkout_key.parent.resolve()
    assert (checkout_key.read_bytes() if checkout_key.exists() else None) == before


def test_a_test_that_takes_no_fixture_runs_in_its_processs_folders_never_the_checkouts():
    """The root conftest gives such a test (the engine's, most of the suite) the folders of its test process: they
    exist, lie outside the checkout, and keep production's refusals (no `local` root) and the fast hasher."""
    from pathlib import Path

    from django.conf import settings

    checkout = Path(__file__).resolve().parent.parent
    for name in ("VAR_DIR", "PROJECT_WORKSPACES_ROOT", "BRABO_PROJECTS_BASE"):
        folder = Path(getattr(settings, name)).resolve()
        assert folder.is_dir(), name
        assert checkout not in folder.parents and folder != checkout, (name, folder)
    assert settings.BRABO_LOCAL_ROOTS == []
    assert settings.PASSWORD_HASHERS == ["django.contrib.auth.hashers.MD5PasswordHasher"]


def test_a_test_that_takes_a_fixture_gets_folders_of_its_own(tmp_path, settings):
    """Any fixture (here tmp_path and settings) brings the test its own folders, made in its tmp_path."""
    from pathlib import Path

    assert Path(settings.VAR_DIR) == tmp_path / "var" and (tmp_path / "var").is_dir()
    assert Path(settings.PROJECT_WORKSPACES_ROOT) == tmp_path / "workspaces"
    assert (tmp_path / "workspaces").is_dir() and (tmp_path / "projects-base").is_dir()
    assert Path(settings.BRABO_LOCAL_GIT_ROOT) == tmp_path / "git"


@pytest.mark.parametrize(
    ("name", "value"),
    [("BRABO_DEBUG", "maybe"), ("BRABO_SSE_MAX_STREAMS", "many"), ("DATABASE_URL", "mysql+x://nope")],
)
def test_a_bad_environment_value_stops_manage_py_with_one_line_not_a_traceback(tmp_path, name, value):
    # start-up ended with a traceback whose last line held the message
    import os
    import subprocess
    import sys

    from .probe import ROOT

    env = {k: v for k, v in os.environ.items() if not k.startswith(("BRABO_", "DATABASE_URL", "CELERY_"))}
    env.update(BRABO_VAR_DIR=str(tmp_path / "var"), **{name: value})
    out = subprocess.run(
        [sys.executable, "manage.py", "check"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 2
    assert "Traceback" not in out.stderr
    assert out.stderr.startswith("brabo: configuration error: ") and name in out.stderr
    assert out.stderr.count("\n") == 1


def test_without_a_broker_a_task_sent_eagerly_logs_no_broker_warning(tmp_path):
    """`make run` has no broker: its first step (seed_demo) sends notifications, eagerly. Celery still builds a
    producer's connection for each send, and kombu's default broker (amqp, no host) logged "No hostname was
    supplied. Reverting to default 'localhost'" at the newcomer's first command."""
    from .probe import run_probe_whole

    probe = (
        "import django; django.setup(); from brabo.celery import app\n"
        "@app.task(name='probe.answer')\n"
        "def answer(): return 42\n"
        "print(app.conf.task_always_eager, answer.delay().get())"
    )
    out = run_probe_whole(probe, tmp_path)
    assert out.stdout.split() == ["True", "42"]
    assert "hostname" not in out.stderr.lower() and "WARNING" not in out.stderr, out.stderr[-2000:]


def test_without_a_broker_eager_tasks_log_their_failures_not_each_success(tmp_path):
    """`make run` runs every task in-process (eager): Celery's tracer logged "Task ... succeeded in ...s" at INFO
    for each, so the periodic jobs filled the newcomer's terminal with seven lines every ten seconds. Without a
    broker, a success is not logged; a failure still is, with its task's name."""
    from .probe import run_probe_whole

    probe = (
        "import django; django.setup(); from brabo.celery import app\n"
        "@app.task(name='probe.fine')\n"
        "def fine(): return 42\n"
        "@app.task(name='probe.broken')\n"
        "def broken(): raise ValueError('the probe failed')\n"
        "print(fine.delay().get())\n"
        "broken.apply()\n"
    )
    out = run_probe_whole(probe, tmp_path)
    assert out.stdout.split() == ["42"]
    assert "probe.fine" not in out.stderr and "succeeded" not in out.stderr, out.stderr[-2000:]
    assert "probe.broken" in out.stderr and "the probe failed" in out.stderr, out.stderr[-2000:]


def test_with_a_broker_the_worker_keeps_its_own_task_log_level(tmp_path):
    """The quiet above is for the in-process mode only: an operator's worker (`celery -A brabo worker -l info`)
    decides its own level, so nothing of Brabo's sets the tracer's."""
    from .probe import run_probe

    probe = (
        "import django, logging; django.setup(); from brabo.celery import app\n"
        "app.conf.broker_url  # configure, as a worker's start does\n"
        "print(logging.getLogger('celery.app.trace').level)"
    )
    assert run_probe(probe, tmp_path, CELERY_BROKER_URL="redis://127.0.0.1:1/0") == str(0)
