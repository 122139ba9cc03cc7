"""R12.2 policy eval and R12.3 policy lint, through permissions.cli (no Django, no database)."""

import io
import json

from permissions.cli import run_eval, run_lint
from permissions.decide import Permissions, ProjectState

SPEC_EXAMPLE = {
    "action_type": "terminal",
    "command": "pnpm test && curl x",
    "cwd": "/srv/ws/app-1a2b3c4d",
    "target_branch": "main",
    "role": "maintainer",
    "permissions": {"allow": ["Terminal(pnpm test)"], "deny": [], "ask": []},
    "autonomy": [{"action_type": "*", "mode": "auto_approve"}],
    "project": {
        "execution_mode": "container",
        "container_running": False,
        "root": "/srv/ws/app-1a2b3c4d",
        "protected_branches": ["dev", "qa", "rc", "main"],
    },
}


def evaluate(lines, **defaults):
    out = io.StringIO()
    errors = run_eval(io.StringIO("".join(line + "\n" for line in lines)), out, **defaults)
    return [json.loads(x) for x in out.getvalue().splitlines()], errors


def test_r12_2_spec_example_request():
    # R12.2: the request of the spec; auto mode drops compound_uncovered, curl x has no cap
    [verdict], errors = evaluate([json.dumps(SPEC_EXAMPLE)])
    assert errors == 0
    assert set(verdict) == {"decision", "reason", "message", "segments"}
    assert (verdict["decision"], verdict["reason"]) == ("auto_approve", "autonomy")
    assert verdict["segments"] == [
        {"command": "pnpm test", "verdict": "auto_approve", "pattern": "Terminal(pnpm test)"},
        {"command": "curl x", "verdict": "no_rule", "pattern": None},
    ]


def test_r12_2_malformed_lines_answer_error_and_the_stream_goes_on():
    lines = [
        "{not json",
        json.dumps({"command": "ls"}),
        json.dumps({"action_type": "terminal", "role": "developer"}),
        json.dumps({"action_type": "terminal", "role": "developer", "command": "ls", "bogus": 1}),
        json.dumps(
            {
                "action_type": "terminal",
                "role": "developer",
                "command": "ls",
                "permissions": {"allow": ["Terminal(ls"]},
            }
        ),
        json.dumps(
            {
                "action_type": "terminal",
                "role": "developer",
                "command": "ls",
                "autonomy": [{"action_type": "*", "mode": "yolo"}],
            }
        ),
        json.dumps([1, 2]),
        "",
        json.dumps({"action_type": "terminal", "role": "developer", "command": "ls"}),
    ]
    out, errors = evaluate(lines)
    assert len(out) == len(lines)
    assert errors == len(lines) - 1
    assert all(set(o) == {"error"} and o["error"] for o in out[:-1])
    assert out[-1]["decision"] == "require_approval"
    assert "unbalanced" in out[4]["error"]


def test_r12_2_defaults_for_lines_without_permissions_or_project():
    perms = Permissions(allow=("Terminal(make)",))
    project = ProjectState("container", True, "/srv/ws/app")
    out, _ = evaluate(
        [
            json.dumps({"action_type": "terminal", "role": "developer", "command": "make"}),
            json.dumps(
                {
                    "action_type": "terminal",
                    "role": "developer",
                    "command": "make",
                    "permissions": {"allow": []},
                    "project": {"root": "/srv/ws/app"},
                }
            ),
        ],
        default_permissions=perms,
        default_project=project,
    )
    assert out[0]["reason"] == "allow_rule"
    assert out[1]["reason"] == "default"


def test_r12_2_cwd_defaults_to_the_root_and_branches_to_the_four():
    base = {"role": "maintainer", "project": {"execution_mode": "runner", "root": "/srv/ws/app"}}
    out, _ = evaluate(
        [
            json.dumps(
                {
                    **base,
                    "action_type": "terminal",
                    "command": "cat ../x",
                    "permissions": {"allow": ["Terminal(cat)"]},
                }
            ),
            json.dumps(
                {
                    **base,
                    "action_type": "git_merge",
                    "target_branch": "rc",
                    "permissions": {"allow": ["GitMerge()"]},
                }
            ),
        ]
    )
    assert out[0]["reason"] == "cap_path_scope"
    assert out[1]["reason"] == "cap_protected_merge"


def test_r12_2_many_lines_in_order():
    lines = [
        json.dumps({"action_type": "terminal", "role": "developer", "command": f"echo {k}"})
        for k in range(1500)
    ]
    out, errors = evaluate(lines)
    assert errors == 0 and len(out) == 1500
    assert [o["segments"][0]["command"] for o in out] == [f"echo {k}" for k in range(1500)]


def test_r12_3_lint_clean_file(tmp_path):
    f = tmp_path / "permissions.json"
    f.write_text('{"allow": ["Terminal(ls)"], "deny": [], "ask": ["GitPush()"]}')
    out = io.StringIO()
    assert run_lint(str(f), out) == 0
    assert out.getvalue().endswith(": ok\n")


def test_r12_3_lint_reports_malformed_and_never_matching(tmp_path):
    f = tmp_path / "permissions.json"
    f.write_text('{"allow": [\n"GitPush(x)",\n"Terminal(ls"\n]}')
    out = io.StringIO()
    assert run_lint(str(f), out) == 1
    text = out.getvalue()
    assert f"{f}:line 2: warning:" in text and "can never match" in text
    assert f"{f}:line 3: error:" in text and "unbalanced" in text


def test_r12_3_lint_missing_file_is_a_clear_error(tmp_path):
    out = io.StringIO()
    assert run_lint(str(tmp_path / "nope.json"), out) == 2
    assert "cannot be read" in out.getvalue()


# -- where it runs (SPEC §5) ---------------------------------------------------------------------------------

RUNNING = {"execution_mode": "container", "container_running": True, "root": "/srv/ws/app-1a2b3c4d"}


def test_runs_in_defaults_to_where_brabo_runs_an_api_proposal():
    base = {"action_type": "terminal", "command": "kill -9 1", "role": "developer", "project": RUNNING}
    [sandbox, agent, host, default], errors = evaluate(
        [json.dumps({**base, "runs_in": r}) for r in ("sandbox", "agent", "host")] + [json.dumps(base)]
    )
    assert errors == 0
    assert (sandbox["decision"], sandbox["reason"]) == ("auto_approve", "container_floor")
    assert default == sandbox  # a stream written before runs_in existed answers as it did
    assert (agent["decision"], agent["reason"]) == ("require_approval", "default")
    assert host == agent


def test_a_runner_project_defaults_to_host_and_keeps_the_path_scope_in_auto_mode():
    line = {
        "action_type": "terminal",
        "command": "ls /etc",
        "role": "developer",
        "autonomy": [{"action_type": "*", "mode": "auto_approve"}],
        "project": {"execution_mode": "runner", "root": "/srv/ws/app-1a2b3c4d"},
    }
    [default, sandbox], _ = evaluate([json.dumps(line), json.dumps({**line, "runs_in": "sandbox"})])
    assert (default["decision"], default["reason"]) == ("require_approval", "cap_path_scope")
    assert sandbox["decision"] == "auto_approve"  # RN-603, inside a sandbox only


def test_runs_in_must_be_one_of_three():
    base = {"action_type": "terminal", "command": "ls", "role": "developer"}
    answers, errors = evaluate([json.dumps({**base, "runs_in": r}) for r in ("Agent", "", 3, "container")])
    assert errors == 4
    assert all(a == {"error": "runs_in must be one of sandbox, host, agent"} for a in answers)


def test_a_write_file_payload_is_judged_for_r3_7():
    line = {"action_type": "write_file", "role": "developer", "permissions": {"allow": ["WriteFile()"]}}
    answers, errors = evaluate(
        [
            json.dumps({**line, "payload": {"path": ".claude/settings.json", "content": "{}"}}),
            json.dumps({**line, "payload": {"path": "src/app.py", "content": "x"}}),
            json.dumps({**line, "payload": "x"}),
        ]
    )
    assert errors == 1 and answers[2] == {"error": "payload must be an object (write_file: {path, content})"}
    assert (answers[0]["decision"], answers[0]["reason"]) == ("require_approval", "unparseable")
    assert ".claude/" in answers[0]["message"]
    assert answers[1]["decision"] == "auto_approve"
