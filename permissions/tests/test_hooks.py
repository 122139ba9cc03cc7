"""R11: policy hooks -- NDJSON resident workers, deadline, fail closed."""

import json
import sys
import textwrap

import pytest

from permissions.decide import AutonomyRow, DecisionRequest, decide
from permissions.hooks import HookConfigError, PolicyHookRunner, load_hook_config

from .helpers import CONTAINER_RUNNING, HOST, perms

WORKER = textwrap.dedent(
    """
    import json, sys, time
    mode = sys.argv[1]
    log = open(sys.argv[2], "a") if len(sys.argv) > 2 else None
    for line in sys.stdin:
        req = json.loads(line)
        if log:
            log.write(line); log.flush()
        if mode == "crash":
            sys.exit(3)
        if mode == "sleep":
            time.sleep(3600)  # never answers: the deadline decides, however slow the machine is
        if mode == "garbage":
            print("not json", flush=True); continue
        reply_id = req["id"] + 1 if mode == "wrong_id" else req["id"]
        data = dict(req["data"])
        if mode == "missing":
            data.pop("decision")
        elif mode == "echo":
            pass
        elif mode == "rename":
            data["decision"] = "allow"; data["name"] = "spend"; data["arguments"] = {"command": "true"}
        else:
            data["decision"] = mode
        print(json.dumps({"id": reply_id, "data": data}), flush=True)
    """
)


@pytest.fixture
def worker(tmp_path):
    script = tmp_path / "worker.py"
    script.write_text(WORKER)
    runners = []

    def make(mode, deadline=5.0, action_types=None, log=None):
        argv = [sys.executable, str(script), mode] + ([str(log)] if log else [])
        r = PolicyHookRunner(f"hook-{mode}", argv, action_types=action_types, deadline=deadline)
        runners.append(r)
        return r

    yield make
    for r in runners:
        r.close()


def req(command="make", project=HOST, **kw):
    return DecisionRequest("terminal", "developer", project, command=command, permissions=perms(**kw))


def test_r11_2_request_frame_and_allow(worker, tmp_path):
    # R11.2: {"id", "event": "tool_approval", "workspace", "data": {name, arguments, external, decision}}
    log = tmp_path / "log.ndjson"
    hook = worker("allow", log=log)
    v = decide(req(), [hook])
    assert (v.decision, v.reason) == ("auto_approve", "hook")
    frame = json.loads(log.read_text().splitlines()[0])
    assert frame["event"] == "tool_approval"
    assert frame["id"] == 1
    assert frame["data"] == {
        "name": "terminal",
        "arguments": {"command": "make", "cwd": HOST.root},
        "external": False,
        "decision": "ask",
    }


def test_r11_2_worker_is_resident_across_calls(worker, tmp_path):
    log = tmp_path / "log.ndjson"
    hook = worker("ask", log=log)
    for _ in range(3):
        decide(req(), [hook])
    ids = [json.loads(line)["id"] for line in log.read_text().splitlines()]
    assert ids == [1, 2, 3]


def test_r11_2_hook_deny_returns(worker):
    v = decide(req(allow=("Terminal(make)",)), [worker("deny"), worker("allow")])
    assert (v.decision, v.reason) == ("deny", "hook")
    assert "hook-deny" in v.message


def test_r11_2_hook_ask_replaces_auto_approve(worker):
    v = decide(req(project=CONTAINER_RUNNING), [worker("ask")])
    assert (v.decision, v.reason) == ("require_approval", "hook")


def test_r11_2_hook_that_agrees_leaves_the_reason_to_the_earlier_step(worker):
    v = decide(req(allow=("Terminal(make)",)), [worker("echo")])
    assert (v.decision, v.reason) == ("auto_approve", "allow_rule")


def test_r11_2_only_decision_is_taken(worker, tmp_path):
    # R11.2: returned name/arguments never replace the real call
    log = tmp_path / "second.ndjson"
    v = decide(req(), [worker("rename"), worker("echo", log=log)])
    frame = json.loads(log.read_text().splitlines()[0])
    assert frame["data"]["name"] == "terminal" and frame["data"]["arguments"]["command"] == "make"
    assert frame["data"]["decision"] == "allow"
    assert v.decision == "auto_approve"


@pytest.mark.parametrize(
    "mode, fault",
    [
        ("crash", "exited"),
        ("wrong_id", "id"),
        ("garbage", "JSON"),
        ("missing", "decision"),
        ("maybe", "decision"),
    ],
)
def test_r11_3_faults_fail_closed(worker, mode, fault):
    # R11.3: error, wrong id, invalid frame, missing or unknown decision -> deny naming hook and fault
    v = decide(req(allow=("Terminal(make)",)), [worker(mode)])
    assert (v.decision, v.reason) == ("deny", "hook")
    assert f"hook-{mode}" in v.message and fault in v.message


def test_r11_3_timeout_fails_closed(worker):
    v = decide(req(allow=("Terminal(make)",)), [worker("sleep", deadline=0.3)])
    assert (v.decision, v.reason) == ("deny", "hook")
    assert "within 0.3 s" in v.message


def test_r11_3_start_failure_fails_closed():
    hook = PolicyHookRunner("missing", ["/nonexistent/worker"])
    v = decide(req(allow=("Terminal(make)",)), [hook])
    assert (v.decision, v.reason) == ("deny", "hook")
    assert "could not start" in v.message


def test_r11_3_worker_restarts_after_a_fault_for_the_next_call(worker):
    hook = worker("sleep", deadline=0.2)
    assert decide(req(), [hook]).decision == "deny"
    hook.argv[2] = "allow"
    # The restarted worker must start and answer: give it a deadline no loaded machine misses (a 0.2 s one
    # failed 2 of 6 runs under -n 8, when starting Python alone took longer).
    hook.deadline = 60
    assert decide(req(), [hook]).decision == "auto_approve"


def test_r11_1_hooks_filtered_by_action_type(worker):
    hook = worker("deny", action_types=["git_push"])
    assert decide(req(), [hook]).decision == "require_approval"


def test_s5_6_caps_apply_after_a_hook_allow(worker):
    v = decide(req(command="git push origin main"), [worker("allow")])
    assert (v.decision, v.reason) == ("require_approval", "cap_external_effect")


def test_s5_hooks_never_see_a_denied_action(worker, tmp_path):
    log = tmp_path / "log.ndjson"
    d = DecisionRequest(
        "terminal", "developer", HOST, command="ls", autonomy=(AutonomyRow("terminal", "deny"),)
    )
    assert decide(d, [worker("allow", log=log)]).decision == "deny"
    assert not log.exists()


def test_r11_1_config_file_is_validated(tmp_path):
    cfg = tmp_path / "hooks.json"
    cfg.write_text(
        json.dumps(
            {
                "hooks": [
                    {
                        "name": "corp",
                        "exec": [sys.executable, "-c", "pass"],
                        "events": ["tool_approval"],
                        "action_types": ["terminal"],
                    }
                ]
            }
        )
    )
    hooks = load_hook_config(str(cfg))
    assert [h.name for h in hooks] == ["corp"] and hooks[0].applies_to("terminal")
    assert not hooks[0].applies_to("git_push")


@pytest.mark.parametrize(
    "body, what",
    [
        ({"hooks": [{"exec": ["relative/worker"]}]}, "absolute"),
        ({"hooks": [{"exec": ["/bin/true"], "cwd": "rel"}]}, "cwd"),
        ({"hooks": [{"exec": ["/bin/true"], "extra": 1}]}, "unknown field"),
        ({"hooks": [{"exec": ["/bin/true"], "action_types": ["nope"]}]}, "action_types"),
        ({"hooks": {}}, "list"),
        ({"plugins": []}, "nothing else"),
    ],
)
def test_r11_1_invalid_config_is_refused(tmp_path, body, what):
    cfg = tmp_path / "hooks.json"
    cfg.write_text(json.dumps(body))
    with pytest.raises(HookConfigError) as exc:
        load_hook_config(str(cfg))
    assert what in str(exc.value)


def test_r11_2_typed_actions_carry_their_arguments_and_the_workspace_is_the_folder_name(worker, tmp_path):
    """A hook must be able to judge a spend's amount or a merge's PR; `workspace` is workspace_dir_name
    even for a mounted project whose scope identifier is its mount folder."""
    from dataclasses import replace

    log = tmp_path / "log.ndjson"
    hook = worker("ask", log=log)
    mounted = replace(
        HOST, execution_mode="mounted", scope_root_id="shared/mnt", workspace_dir_name="app-1a2b3c4d"
    )
    spend = {"amount": 120, "currency": "EUR", "purpose": "GPU hours"}
    decide(DecisionRequest("spend", "owner", mounted, payload=spend), [hook])
    decide(
        DecisionRequest(
            "git_merge",
            "owner",
            mounted,
            target_branch="feature/x",
            payload={"pr": 7, "target_branch": "feature/x"},
        ),
        [hook],
    )
    frames = [json.loads(x) for x in log.read_text().splitlines()]
    assert [f["workspace"] for f in frames] == ["app-1a2b3c4d", "app-1a2b3c4d"]
    assert frames[0]["data"]["arguments"] == spend
    assert frames[1]["data"]["arguments"] == {"pr": 7, "target_branch": "feature/x"}


def test_r4_7_a_long_command_still_tells_the_hook_it_reaches_out_and_keeps_its_caps(worker, tmp_path):
    # R4.7 + R11.2: past MAX_SEGMENTS decide() skips what only an auto-approval needs; a hook still hears
    # that one of the segments reaches out, and a hook's allow still meets the caps.
    log = tmp_path / "log.ndjson"
    command = "; ".join(["ls"] * 60 + ["git push origin main"])
    v = decide(req(command=command, allow=("Terminal(ls)", "Terminal(git push)")), [worker("allow", log=log)])
    assert (v.decision, v.reason) == ("require_approval", "cap_external_effect")
    assert json.loads(log.read_text().splitlines()[0])["data"]["external"] is True


class _AllowEverything:
    """An in-process hook that answers allow to every action."""

    name = "allow-all"

    def applies_to(self, action_type):  # type: ignore[no-untyped-def]
        return True

    def tool_approval(self, data, workspace):  # type: ignore[no-untyped-def]
        return "allow"


_ALLOW_AND_ASK = perms(
    allow=("Terminal(printf)", "Terminal(echo)", "Terminal(git status)", "Terminal(read)"),
    ask=("Terminal(make)", "Terminal(sh)", "Terminal(git)", "Terminal(echo)"),
)


@pytest.mark.parametrize(
    "command",
    [
        "printf 'all:' > Makefile && make",  # a runner's file written, then the runner
        "echo 1 > a.sh; sh a.sh",  # a script written, then run
        "git status > .git/hooks/pre-commit",  # R3.7: a file that decides what runs later
        "read n; echo $((n))",  # R4.9: arithmetic on what the command reads
    ],
)
def test_a_hook_approving_what_an_ask_holds_never_auto_approves_what_can_never_be(command):
    """§5: an ask rule holds the command; a hook may still approve it (step 5), and then why it can never be
    auto-approved still applies -- read even though step 4 stopped at the ask."""
    req = DecisionRequest("terminal", "developer", HOST, command=command, permissions=_ALLOW_AND_ASK)
    held = decide(req)
    assert (held.decision, held.reason) == ("require_approval", "ask_rule")
    v = decide(req, (_AllowEverything(),))
    assert (v.decision, v.reason) == ("require_approval", "unparseable")


def test_a_hook_approves_what_an_ask_holds_when_nothing_else_forbids_it():
    req = DecisionRequest("terminal", "developer", HOST, command="make", permissions=_ALLOW_AND_ASK)
    assert decide(req).reason == "ask_rule"
    v = decide(req, (_AllowEverything(),))
    assert (v.decision, v.reason) == ("auto_approve", "hook")
