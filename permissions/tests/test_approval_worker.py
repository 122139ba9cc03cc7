"""R11.4: the built-in approval policy worker (approval.json, mode file re-read per call, fail closed)."""

import io
import json
import sys

import pytest

from permissions.approval_worker import ApprovalConfig, ApprovalError, builtin_decision, parse_config, serve
from permissions.decide import DecisionRequest, decide
from permissions.hooks import PolicyHookRunner

from .helpers import HOST


def data(decision="ask", name="terminal"):
    return {"name": name, "arguments": {}, "external": False, "decision": decision}


def test_r11_4_builtin_policy_keeps_an_existing_deny(tmp_path):
    mode = tmp_path / "mode.json"
    mode.write_text('{"mode": "auto"}')
    assert builtin_decision(data("deny"), ApprovalConfig(), str(mode)) == "deny"


def test_r11_4_deny_tools_are_denied_whatever_the_mode(tmp_path):
    mode = tmp_path / "mode.json"
    mode.write_text('{"mode": "auto"}')
    assert (
        builtin_decision(data("allow"), ApprovalConfig("auto", frozenset({"terminal"})), str(mode)) == "deny"
    )


def test_r11_4_mode_file_beats_config_mode_and_is_reread_every_call(tmp_path):
    mode = tmp_path / "mode.json"
    mode.write_text('{"mode": "auto"}')
    cfg = ApprovalConfig("ask")
    assert builtin_decision(data(), cfg, str(mode)) == "allow"
    mode.write_text('{"mode": "ask"}')
    assert builtin_decision(data("allow"), cfg, str(mode)) == "ask"


def test_r11_5_the_default_mode_is_ask():
    assert builtin_decision(data("allow"), ApprovalConfig(), None) == "ask"
    assert builtin_decision(data("ask"), ApprovalConfig(), None) == "ask"
    assert builtin_decision(data("deny"), ApprovalConfig(), None) == "deny"


@pytest.mark.parametrize("flag", ["--yolo", "--dangerously-skip-permissions"])
def test_r11_5_yolo_and_its_synonym_start_in_auto_and_set_mode_ask_switches_back(tmp_path, flag):
    import subprocess

    mode = tmp_path / "mode.json"
    frame = json.dumps({"id": 7, "event": "tool_approval", "data": data("allow")}) + "\n"

    def ask_worker(*args):
        out = subprocess.run(
            [sys.executable, "-m", "permissions.approval_worker", *args],
            input=frame,
            capture_output=True,
            text=True,
            timeout=30,
        )
        return json.loads(out.stdout)["data"]["decision"]

    assert ask_worker() == "ask"  # no flag, no file: ask
    assert ask_worker(flag) == "allow"  # starts in auto, without a mode file
    assert ask_worker("--mode-file", str(mode), flag) == "allow"
    assert json.loads(mode.read_text()) == {"mode": "auto"}  # the file says so, for the other workers
    switched = subprocess.run(
        [sys.executable, "-m", "permissions.approval_worker", "--mode-file", str(mode), "--set-mode", "ask"],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert switched.returncode == 0 and json.loads(mode.read_text()) == {"mode": "ask"}
    assert builtin_decision(data("allow"), ApprovalConfig(), str(mode)) == "ask"  # later calls see it
    bad = subprocess.run(
        [sys.executable, "-m", "permissions.approval_worker", "--set-mode", "ask"],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert bad.returncode == 2 and "--mode-file" in bad.stderr


@pytest.mark.parametrize("content", [None, "{", '{"mode": "yolo"}', '{"mode": "auto", "x": 1}', " " * 5000])
def test_r11_4_missing_corrupt_or_unknown_mode_file_fails_the_call(tmp_path, content):
    mode = tmp_path / "mode.json"
    if content is not None:
        mode.write_text(content)
    with pytest.raises(ApprovalError):
        builtin_decision(data(), ApprovalConfig(), str(mode))


@pytest.mark.parametrize(
    "raw",
    [{"mode": "yolo"}, {"deny_tools": "shell"}, {"deny_tools": [1]}, {"mode": "ask", "extra": True}, []],
)
def test_r11_4_invalid_approval_json_is_an_error(raw):
    with pytest.raises(ApprovalError):
        parse_config(raw)


def test_r11_4_serve_answers_errors_without_a_decision(tmp_path):
    out = io.StringIO()
    frames = [{"id": 1, "event": "tool_approval", "data": data()}, "garbage"]
    stdin = io.StringIO("".join((f if isinstance(f, str) else json.dumps(f)) + "\n" for f in frames))
    serve(ApprovalConfig(), str(tmp_path / "missing.json"), stdin, out)
    replies = [json.loads(x) for x in out.getvalue().splitlines()]
    assert replies[0]["id"] == 1 and "error" in replies[0] and "data" not in replies[0]
    assert "error" in replies[1]


def test_r11_4_worker_as_a_hook_end_to_end(tmp_path):
    # R11.1-R11.4: registered like any hook; switching the mode only affects later calls
    mode = tmp_path / "mode.json"
    mode.write_text('{"mode": "auto"}')
    hook = PolicyHookRunner(
        "builtin",
        [sys.executable, "-m", "permissions.approval_worker", "--mode-file", str(mode)],
        deadline=10,
    )
    try:
        req = DecisionRequest("terminal", "developer", HOST, command="make")
        assert decide(req, [hook]).decision == "auto_approve"
        mode.write_text('{"mode": "ask"}')
        assert decide(req, [hook]).decision == "require_approval"
        mode.unlink()
        v = decide(req, [hook])
        assert (v.decision, v.reason) == ("deny", "hook")
        assert "mode file cannot be read" in v.message
    finally:
        hook.close()
