"""The ``brabo`` entry point as a process: ``brabo run``'s exit codes against a live server (and a real
worker for the commands that run), ``brabo policy check`` offline, the subcommand registry."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from django.conf import settings

from actions.tests.conftest import Proposer

from .loopback import POLL

EX_USAGE, EX_UNAVAILABLE, EX_FAILED, EX_TIMEOUT, EX_DENIED, EX_REFUSED = 64, 69, 70, 75, 77, 78


def brabo(*args, url="http://127.0.0.1:9", key="", cwd=None, extra_env=None):
    env = {**os.environ, "BRABO_URL": url, "BRABO_AGENT_KEY": key, **(extra_env or {})}
    proc = subprocess.run(
        [sys.executable, "-m", "brabo_client", *args],
        capture_output=True,
        env=env,
        cwd=cwd or settings.BASE_DIR,
        timeout=180,
    )
    return proc.returncode, proc.stdout.decode(), proc.stderr.decode()


# -- without a server ----------------------------------------------------------------------------------------


def test_usage_errors_exit_64_not_argparse_2():
    assert brabo("run")[0] == EX_USAGE  # no command
    assert brabo("run", "--", "ls")[0] == EX_USAGE  # no key
    assert brabo("run", "--timeout", "soon", "--", "ls", key="k")[0] == EX_USAGE
    assert brabo("frobnicate")[0] == EX_USAGE
    assert brabo()[0] == EX_USAGE


def test_unreachable_brabo_exits_69_after_retries():
    code, _, err = brabo("run", "--", "ls", key="brabo_agent_x")
    assert code == EX_UNAVAILABLE and "cannot reach Brabo" in err


def test_policy_check_offline_per_segment(tmp_path):
    perms = tmp_path / "permissions.json"
    perms.write_text(json.dumps({"allow": ["Terminal(git status)"], "deny": ["Terminal(curl *)"], "ask": []}))
    code, out, _ = brabo("policy", "check", "--permissions", str(perms), "--", "git status")
    assert code == 0 and "decision: auto_approve" in out
    code, out, _ = brabo("policy", "check", "--permissions", str(perms), "--", "git status && make x")
    assert code == 1 and "'git status': auto_approve" in out and "'make x': no_rule" in out
    code, out, _ = brabo("policy", "check", "--permissions", str(perms), "--json", "--", "curl", "x")
    assert code == EX_DENIED and json.loads(out)["reason"] == "deny_rule"
    assert brabo("policy", "check", "--permissions", str(tmp_path / "nope.json"), "--", "ls")[0] == EX_USAGE
    perms.write_text("{not json")
    assert brabo("policy", "check", "--permissions", str(perms), "--", "ls")[0] == EX_USAGE


def test_policy_check_answers_for_the_agents_machine_by_default(tmp_path):
    """§5, where it runs: a hook call is decided as the agent's own machine, so a running container changes nothing;
    the old default (container floor off, container roots on) disagreed with the server's hook."""
    perms = tmp_path / "permissions.json"
    perms.write_text(json.dumps({"allow": ["Terminal(ls)"], "deny": [], "ask": []}))
    running = ("--mode", "container", "--container-running")
    check = ("policy", "check", "--permissions", str(perms), "--json", *running)
    code, out, _ = brabo(*check, "--", "kill -9 1")
    assert code == 1 and json.loads(out)["reason"] == "default"
    code, out, _ = brabo(*check, "--runs-in", "sandbox", "--", "kill -9 1")
    assert code == 0 and json.loads(out)["reason"] == "container_floor"
    auto = ("--autonomy", '[{"action_type": "*", "mode": "auto_approve"}]')
    code, out, _ = brabo(*check, *auto, "--", "ls /tmp")
    assert code == 1 and json.loads(out)["reason"] == "cap_path_scope"
    code, _, err = brabo(*check, "--autonomy", "{nope", "--", "ls")
    assert code == EX_USAGE and "--autonomy is not JSON" in err
    code, _, err = brabo(*check, "--autonomy", '[{"mode": "x"}]', "--", "ls")
    assert code == EX_USAGE and "autonomy[0]" in err


def test_policy_check_says_clearly_when_the_engine_is_not_importable(tmp_path):
    """The client alone (copied out of the checkout, run from elsewhere) has no engine: exit 69, and why."""
    import shutil

    alone = tmp_path / "site"
    shutil.copytree(settings.BASE_DIR / "brabo_client", alone / "brabo_client")
    perms = tmp_path / "p.json"
    perms.write_text("{}")
    env = {"PYTHONPATH": str(alone), "BRABO_HOME": ""}
    code, _, err = brabo(
        "policy", "check", "--permissions", str(perms), "--", "ls", cwd=tmp_path, extra_env=env
    )
    assert code == 69 and "BRABO_HOME" in err


def test_the_runner_subcommand_is_only_listed_when_its_module_exists():
    from brabo_client import cli

    assert ("runner" in cli.available()) == (settings.BASE_DIR / "brabo_client" / "runner.py").exists()


def test_the_hook_path_imports_no_other_subcommand():
    code = (
        "import sys; from brabo_client import cli; cli.build_parser('hook');"
        "print(sorted(m for m in sys.modules if m.startswith('brabo_client')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, cwd=settings.BASE_DIR, text=True)
    loaded = out.stdout.strip()
    assert (
        "brabo_client.hook" in loaded
        and "brabo_client.run" not in loaded
        and "brabo_client.policy" not in loaded
    )


# -- against a live server ----------------------------------------------------------------------------------


@pytest.fixture
def live(team, live_server):
    p = Proposer(team)
    p.write_permissions(allow=["Terminal(git status)"], deny=["Terminal(curl *)"], ask=[])
    return live_server.url


@pytest.mark.django_db(transaction=True)
def test_denied_exits_77_with_the_reason(live, team):
    code, out, err = brabo("run", "--", "curl", "https://x", url=live, key=team.agent_key)
    assert code == EX_DENIED and "denied" in err and out == ""


@pytest.mark.django_db(transaction=True)
def test_still_pending_at_the_timeout_exits_75_and_says_who_must_approve(live, team):
    code, _, err = brabo("run", "--timeout", "1", "--", "make", "deploy", url=live, key=team.agent_key)
    assert code == EX_TIMEOUT
    assert "pending" in err and "/admin/console/" in err and "to approve" in err
    assert "timed out" in err


@pytest.mark.django_db(transaction=True)
def test_refused_by_the_api_exits_78(live, team):
    code, _, err = brabo("run", "--", "ls", url=live, key="brabo_agent_not-a-key")
    assert code == EX_REFUSED and "Unknown agent key" in err


# -- commands that really run: a Celery worker and the bubblewrap sandbox ------------------------------------


@pytest.fixture
def running(worker_dirs, team, live_server):
    from containers.bwrap import bwrap_path
    from containers.models import ProjectContainer

    if bwrap_path() is None and os.environ.get("CI") != "true":
        pytest.skip("bubblewrap is not installed")
    ProjectContainer.objects.create(project=team.project, state="running")  # the container floor approves
    Proposer(team).write_permissions(allow=["Terminal(echo *)", "Terminal(exit *)", "Terminal(ls)"])
    return live_server.url


@pytest.mark.integration
@pytest.mark.django_db(transaction=True)
def test_ok_and_the_commands_own_exit_code(running, team):
    code, out, _ = brabo("run", "--timeout", "60", "--", "echo hello", url=running, key=team.agent_key)
    assert (code, out) == (0, "hello\n")
    code, out, _ = brabo(
        "run", "--timeout", "60", "--", "echo partial; exit 3", url=running, key=team.agent_key
    )
    assert (code, out) == (3, "partial\n")
    code, _, err = brabo("run", "--timeout", "60", "--", "exit 75", url=running, key=team.agent_key)
    assert code == 1 and "the command exited 75" in err  # never mistaken for Brabo's "timed out"


@pytest.mark.integration
@pytest.mark.django_db(transaction=True)
def test_a_named_execution_failure_exits_70_with_its_code(running, team):
    missing = os.path.join(team.project.root(), "no-such-dir")
    code, _, err = brabo(
        "run", "--timeout", "60", "--cwd", missing, "--", "ls", url=running, key=team.agent_key
    )
    assert code == EX_FAILED and "cwd_missing" in err


def test_a_url_that_is_not_brabos_api_is_named_not_printed():
    # `brabo run --url …/admin` printed Django's HTML 403 page
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    class Html403(BaseHTTPRequestHandler):
        def do_POST(self):
            page = b"<!DOCTYPE html><html><body><h1>403 Forbidden</h1><p>CSRF verification failed.</p></body></html>"
            self.send_response(403)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(page)))
            self.end_headers()
            self.wfile.write(page)

        do_GET = do_POST

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Html403)
    threading.Thread(target=server.serve_forever, args=(POLL,), daemon=True).start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/admin"
        code, out, err = brabo("run", "--", "ls", url=url, key="brabo_agent_x")
    finally:
        server.shutdown()
    assert code != 0
    assert "not Brabo's API" in err and "BRABO_URL" in err and url in err
    assert "<html" not in (out + err).lower() and "Traceback" not in err
