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
    # every line is answered, and the status says one of them was an error
    assert proc.returncode == 1, proc.stderr
    out = [json.loads(x) for x in proc.stdout.splitlines()]
    assert [o.get("decision") for o in out] == ["auto_approve", None, "deny"]
    assert "error" in out[1]
    clean = stdin.replace('"not json"\n', "").replace("not json\n", "")
    assert (
        manage("eval", "--permissions", str(perms), "--project-json", str(project), stdin=clean).returncode
        == 0
    )


def test_policy_eval_names_a_missing_role_and_an_unknown_action_type():
    # both answered deny/iam, as if a rule had refused them
    lines = [
        {"action_type": "terminal", "command": "ls"},
        {"action_type": "teleport", "role": "owner"},
        {"action_type": "terminal", "command": "ls", "role": "admin"},
        {"action_type": "terminal", "command": "ls", "role": None},
    ]
    proc = manage("eval", stdin="".join(json.dumps(x) + "\n" for x in lines))
    out = [json.loads(x) for x in proc.stdout.splitlines()]
    assert proc.returncode == 1
    assert "role is required" in out[0]["error"] and "maintainer" in out[0]["error"]
    assert "unknown action_type 'teleport'" in out[1]["error"] and "git_merge" in out[1]["error"]
    assert "role must be one of" in out[2]["error"]
    assert (out[3]["decision"], out[3]["reason"]) == ("deny", "iam")  # said explicitly: no role


def test_the_readmes_policy_eval_example_runs_as_written():
    # the README's example was not copy-pasteable ("not valid JSON" twice, exit 0)
    readme = open(os.path.join(REPO, "README.md"), encoding="utf-8").read()
    block = readme.split("### The policy engine from the command line", 1)[1].split("```sh", 1)[1]
    example = block.split("```", 1)[0]
    eval_line = next(line for line in example.splitlines() if "policy eval" in line)
    request = eval_line.split("'", 2)[1]
    proc = manage("eval", stdin=request + "\n")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    verdict = json.loads(proc.stdout)
    assert (verdict["decision"], verdict["reason"]) == ("require_approval", "compound_uncovered")


def test_policy_lint_refuses_a_fifo_at_once(tmp_path):
    # lint opened a FIFO and waited for a writer forever
    fifo = tmp_path / "permissions.json"
    os.mkfifo(fifo)
    proc = manage("lint", str(fifo))
    assert proc.returncode == 2 and "not a regular file" in proc.stdout


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


def test_r12_2_policy_eval_with_a_permissions_file_that_is_not_there_is_a_clear_error(tmp_path):
    proc = manage("eval", "--permissions", str(tmp_path / "missing.json"), stdin="{}\n")
    assert proc.returncode == 2
    assert "missing.json: no such file" in proc.stderr and "Traceback" not in proc.stderr
    assert proc.stdout == ""  # nothing was judged against an empty rule set


def test_r12_2_a_program_that_waits_for_each_verdict_gets_it_while_stdin_stays_open():
    import queue
    import threading

    proc = subprocess.Popen(
        [sys.executable, "-c", BOOT, "eval"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=REPO,
    )
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None  # all piped
    lines: queue.Queue[str] = queue.Queue()
    stdout = proc.stdout

    def pump() -> None:
        for line in stdout:
            lines.put(line)

    threading.Thread(target=pump, daemon=True).start()
    try:
        for command in ("rm -rf /", "ls"):
            proc.stdin.write(
                json.dumps({"action_type": "terminal", "role": "developer", "command": command}) + "\n"
            )
            proc.stdin.flush()
            verdict = json.loads(lines.get(timeout=30))  # answered before the next line is written
            assert verdict["decision"] == ("deny" if command == "rm -rf /" else "require_approval")
    finally:
        proc.stdin.close()
        proc.wait(timeout=30)
        proc.stdout.close()
        proc.stderr.close()
    assert proc.returncode == 0
