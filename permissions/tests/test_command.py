"""R12.2 / R12.3 through the management command itself, as `manage.py policy ...` runs it, in a subprocess.

No database: `policy eval` and `policy lint` must run without one.
"""

import json
import os
import subprocess
import sys

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BOOT = """
import sys
import django
from django.conf import settings
settings.configure(INSTALLED_APPS=["permissions"], DATABASES={})
django.setup()
from django.core.management import ManagementUtility
ManagementUtility(["manage.py", "policy", *sys.argv[1:]]).execute()
"""


def manage(*args, stdin=""):
    return subprocess.run(
        [sys.executable, "-c", BOOT, *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=60,
        check=False,
    )


def test_r12_2_policy_eval_command_streams_ndjson(tmp_path):
    perms = tmp_path / "permissions.json"
    perms.write_text('{"allow": ["Terminal(pnpm test)"], "deny": ["Terminal(curl)"], "ask": []}')
    project = tmp_path / "project.json"
    project.write_text(json.dumps({"execution_mode": "runner", "root": "/srv/ws/app"}))
    lines = [
        {"action_type": "terminal", "role": "developer", "command": "pnpm test"},
        "not json",
        {"action_type": "terminal", "role": "developer", "command": "curl x"},
    ]
    stdin = "".join((x if isinstance(x, str) else json.dumps(x)) + "\n" for x in lines)
    proc = manage("eval", "--permissions", str(perms), "--project-json", str(project), stdin=stdin)
    assert proc.returncode == 0, proc.stderr
    out = [json.loads(x) for x in proc.stdout.splitlines()]
    assert [o.get("decision") for o in out] == ["auto_approve", None, "deny"]
    assert "error" in out[1]


def test_r12_2_policy_eval_with_a_malformed_permissions_file_is_a_clear_error(tmp_path):
    perms = tmp_path / "permissions.json"
    perms.write_text('{"allow": ["Terminal(ls"]}')
    proc = manage("eval", "--permissions", str(perms))
    assert proc.returncode == 2
    assert "unbalanced" in proc.stderr and "Traceback" not in proc.stderr


def test_r12_3_policy_lint_command(tmp_path):
    f = tmp_path / "permissions.json"
    f.write_text('{"allow": ["GitPush(x)"]}')
    proc = manage("lint", str(f))
    assert proc.returncode == 1
    assert "can never match" in proc.stdout


FAKE_POLICY_INPUT = """
from permissions.decide import DecisionRequest, Permissions, ProjectState

def decision_request_for(project_slug, agent_name, command):
    if project_slug != "app":
        raise LookupError(f"no project {project_slug!r}")
    project = ProjectState("runner", False, "/srv/ws/app-1", scope_root_id="app-1")
    perms = Permissions(allow=("Terminal(ls)",), deny=("Terminal(curl)",))
    return DecisionRequest("terminal", "developer", project, command=command, permissions=perms), []
"""


def manage_with_fake_projects(tmp_path, *args):
    pkg = tmp_path / "actions"
    pkg.mkdir(exist_ok=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "policy_input.py").write_text(FAKE_POLICY_INPUT)
    env = {**os.environ, "PYTHONPATH": f"{tmp_path}{os.pathsep}{REPO}"}
    return subprocess.run(
        [sys.executable, "-c", BOOT, *args],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=60,
        check=False,
        env=env,
    )


def test_r12_3_policy_check_explains_one_command(tmp_path):
    proc = manage_with_fake_projects(
        tmp_path, "check", "--project", "app", "--", "ls", "-la", "&&", "curl", "x"
    )
    assert proc.returncode == 0, proc.stderr
    assert "decision: deny" in proc.stdout
    assert "reason:   deny_rule" in proc.stdout
    assert "'curl x': deny (Terminal(curl))" in proc.stdout


def test_r12_3_policy_check_json_is_the_verdict_shape(tmp_path):
    proc = manage_with_fake_projects(tmp_path, "check", "--project", "app", "--json", "--", "ls", "-la")
    assert proc.returncode == 0, proc.stderr
    verdict = json.loads(proc.stdout)
    assert verdict["decision"] == "auto_approve" and verdict["reason"] == "allow_rule"


def test_r12_3_policy_check_unknown_project_is_a_clear_error(tmp_path):
    proc = manage_with_fake_projects(tmp_path, "check", "--project", "nope", "--", "ls")
    assert proc.returncode == 2
    assert "no project 'nope'" in proc.stderr and "Traceback" not in proc.stderr
