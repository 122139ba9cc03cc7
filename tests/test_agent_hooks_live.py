"""The coding-agent hooks end to end against a live server (R12.6): Claude Code's HTTP hook,
and ``brabo hook claude-code|gemini-cli|codex`` run as real processes, with the agents' documented input
shapes — allow, deny, ask, pending-then-approved, timeout, unknown tools, paths outside the root."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from typing import Any

import pytest
from django.conf import settings

from actions import execution, services
from actions.models import RUNNABLE, ProposedAction
from actions.tests.conftest import Proposer
from brabo_client.sdk import Client

pytestmark = pytest.mark.django_db(transaction=True)

ROOT = "/home/ana/app"  # the project folder on the agent's machine


def bash(command, cwd=ROOT, tool_use_id="toolu_01"):
    return {
        "session_id": "sess-1",
        "transcript_path": "/home/ana/.claude/t.jsonl",
        "cwd": cwd,
        "permission_mode": "default",
        "hook_event_name": "PreToolUse",
        "tool_name": "Bash",
        "tool_input": {"command": command, "description": "run it"},
        "tool_use_id": tool_use_id,
    }


def claude_tool(tool, tool_input):
    return {**bash("x"), "tool_name": tool, "tool_input": tool_input}


def decision_of(answer):
    out = answer["hookSpecificOutput"]
    assert out["hookEventName"] == "PreToolUse"
    assert out["permissionDecisionReason"]  # always a sentence a person can read
    return out["permissionDecision"]


@pytest.fixture
def hooked(team, live_server):
    proposer = Proposer(team)
    proposer.write_permissions(
        allow=["Terminal(git status)", "WriteFile()"], deny=["Terminal(curl *)"], ask=[]
    )

    class Hooked:
        url = live_server.url
        agent = proposer

        def http(self, body, agent="claude-code", key=team.agent_key, root=ROOT, **params):
            client = Client(live_server.url, key, retries=0)
            return client.hook(agent, body, root=root, params=params, timeout=60)

        def command(self, agent, body, *args, key=team.agent_key, url=None, root=ROOT):
            env = {
                **os.environ,
                "BRABO_URL": url or live_server.url,
                "BRABO_AGENT_KEY": key,
                "BRABO_PROJECT_ROOT": root,
            }
            proc = subprocess.run(
                [sys.executable, "-m", "brabo_client", "hook", agent, *args],
                input=json.dumps(body).encode(),
                capture_output=True,
                env=env,
                cwd=settings.BASE_DIR,
                timeout=120,
            )
            out = proc.stdout.decode()
            return proc.returncode, (json.loads(out) if out.strip() else None), proc.stderr.decode()

    yield Hooked()
    _settle_gates()


def _settle_gates():
    """Settle the allowed gates here, so a Celery worker another test routed to (CI runs one) is not still
    writing them while the test database is flushed. The claim is status-guarded: whoever comes second
    does nothing."""
    for action_id in ProposedAction.objects.filter(status__in=RUNNABLE).values_list("id", flat=True):
        execution.execute(action_id)
    for _ in range(400):
        if not ProposedAction.objects.filter(status="executing").exists():
            return
        time.sleep(0.05)


# -- Claude Code, HTTP hook -------------------------------------------------------------------------------


def test_http_allow_records_a_gate_the_agent_runs(hooked):
    answer = hooked.http(bash("git status"))
    assert decision_of(answer) == "allow"
    action = ProposedAction.objects.get()
    # a Celery worker (CI runs one) may be settling the gate right now: "executing" is that moment
    assert action.action_type == "terminal" and action.status in ("auto_approved", "executing", "executed")
    assert action.payload == {"command": "git status", "runs_in": "agent"}


def test_http_deny_is_a_deny(hooked):
    answer = hooked.http(bash("curl https://evil.example"))
    assert decision_of(answer) == "deny"
    assert "deny" in answer["hookSpecificOutput"]["permissionDecisionReason"].lower()
    assert ProposedAction.objects.get().status == "denied"


def test_http_pending_answers_ask_only_where_the_terminal_may_decide(hooked):
    ask = hooked.http(bash("make deploy"), pending="ask")
    assert decision_of(ask) == "ask"
    waited = hooked.http(bash("make deploy"), pending="wait", timeout="0")
    assert decision_of(waited) == "deny"  # nobody decided in time: refused, never allowed
    reason = waited["hookSpecificOutput"]["permissionDecisionReason"]
    action = ProposedAction.objects.get()  # the identical call re-attached to the pending action (R12.6)
    assert action.status == "pending"
    assert f"Approve action {action.id} in the console" in reason and "/admin/console/" in reason
    assert "then retry the same tool call" in reason


def test_http_pending_then_approved_by_a_person_is_allowed(hooked, team):
    answers = []
    worker = threading.Thread(target=lambda: answers.append(hooked.http(bash("npm publish"), timeout="60")))
    worker.start()
    action = None
    for _ in range(600):  # the proposal appears while the hook waits
        action = ProposedAction.objects.filter(status="pending").first()
        if action:
            break
        worker.join(0.05)
    assert action is not None, "the hook never proposed"
    services.approve_action(action_id=action.id, actor=team.maintainer)
    worker.join(60)
    assert decision_of(answers[0]) == "allow"
    assert "approved by max" in answers[0]["hookSpecificOutput"]["permissionDecisionReason"]


def test_http_pending_then_denied_by_a_person_is_denied_with_their_reason(hooked, team):
    answers = []
    worker = threading.Thread(target=lambda: answers.append(hooked.http(bash("npm publish"), timeout="60")))
    worker.start()
    action = None
    for _ in range(600):
        action = ProposedAction.objects.filter(status="pending").first()
        if action:
            break
        worker.join(0.05)
    assert action is not None, "no pending action appeared"
    services.deny_action(action_id=action.id, actor=team.maintainer, reason="not on a Friday")
    worker.join(60)
    assert decision_of(answers[0]) == "deny"
    assert "not on a Friday" in answers[0]["hookSpecificOutput"]["permissionDecisionReason"]


def test_http_write_and_edit_map_to_write_file_relative_to_the_root(hooked):
    w = hooked.http(claude_tool("Write", {"file_path": ROOT + "/src/new.py", "content": "print(1)\n"}))
    e = hooked.http(
        claude_tool("Edit", {"file_path": ROOT + "/src/old.py", "old_string": "a", "new_string": "b"})
    )
    assert decision_of(w) == decision_of(e) == "allow"
    paths = sorted(ProposedAction.objects.values_list("payload__path", flat=True))
    assert paths == ["src/new.py", "src/old.py"]


def test_http_write_outside_the_root_is_never_allowed_nor_proposed(hooked):
    for path in ("/etc/passwd", ROOT + "/../.bashrc", "/home/ana/app-other/x"):
        body = claude_tool("Write", {"file_path": path, "content": "x"})
        assert decision_of(hooked.http(body)) == "deny", path
        assert decision_of(hooked.http(body, pending="ask")) == "ask", path
    no_root = hooked.http(claude_tool("Write", {"file_path": ROOT + "/a", "content": "x"}), root=None)
    assert decision_of(no_root) == "deny"
    assert "BRABO_PROJECT_ROOT" in no_root["hookSpecificOutput"]["permissionDecisionReason"]
    assert not ProposedAction.objects.exists()


def test_http_unknown_tool_takes_the_configured_default(hooked):
    read = claude_tool("SomeNewTool", {"url": "https://example.com", "prompt": "x"})
    assert decision_of(hooked.http(read)) == "deny"  # ask, but nobody at the terminal may answer
    assert decision_of(hooked.http(read, pending="ask")) == "ask"
    assert decision_of(hooked.http(read, other="allow")) == "allow"
    assert decision_of(hooked.http(read, other="deny", pending="ask")) == "deny"
    assert not ProposedAction.objects.exists()


@pytest.mark.parametrize("key", ["", "brabo_agent_not-a-real-key"])
def test_http_bad_credentials_are_a_200_deny_never_an_error_claude_would_ignore(hooked, key):
    answer = hooked.http(bash("git status"), key=key)
    assert decision_of(answer) == "deny"
    assert not ProposedAction.objects.exists()


def test_http_person_token_and_bad_settings_and_bad_input_are_denies(hooked, team):
    from projects.models import PersonalToken

    _, token = PersonalToken.issue(team.maintainer)
    client = Client(hooked.url, "", retries=0)
    person = client.request(
        "POST", "/api/hooks/claude-code/", bash("git status"), headers={"Authorization": f"Token {token}"}
    )
    assert decision_of(person) == "deny"
    assert decision_of(hooked.http(bash("git status"), timeout="9999")) == "deny"
    assert decision_of(hooked.http(bash("git status"), pending="maybe")) == "deny"
    assert decision_of(hooked.http({"tool_name": "Bash", "tool_input": "ls"})) == "deny"
    assert decision_of(hooked.http(bash("git status"), agent="cursor")) == "deny"
    assert not ProposedAction.objects.exists()


# -- command hooks (processes, as the agents start them) ---------------------------------------------------


def test_command_hook_claude_code_allow_deny_and_unknown(hooked):
    code, answer, _ = hooked.command("claude-code", bash("git status"))
    assert code == 0 and decision_of(answer) == "allow"
    code, answer, _ = hooked.command("claude-code", bash("curl x"))
    assert code == 0 and decision_of(answer) == "deny"
    code, answer, _ = hooked.command(
        "claude-code", claude_tool("SomeNewTool", {"pattern": "*"}), "--pending", "ask"
    )
    assert code == 0 and decision_of(answer) == "ask"
    code, answer, _ = hooked.command("claude-code", bash("make deploy"), "--timeout", "0")
    assert code == 0 and decision_of(answer) == "deny"


def test_command_hook_fails_closed_when_brabo_is_unreachable_or_input_is_garbage(hooked):
    code, answer, _ = hooked.command("claude-code", bash("git status"), url="http://127.0.0.1:9")
    assert code == 0 and decision_of(answer) == "deny"
    code, answer, err = hooked.command("codex", bash("git status"), url="http://127.0.0.1:9")
    assert code == 2 and "refused" in err  # Codex's documented block: exit 2, the reason on stderr
    code, answer, _ = hooked.command("gemini-cli", "not json", key="")
    assert code == 0 and answer["decision"] == "deny"


def test_command_hook_gemini_cli(hooked):
    body = {
        "session_id": "g1",
        "transcript_path": "/tmp/t.json",
        "cwd": ROOT,
        "hook_event_name": "BeforeTool",
        "timestamp": "2026-11-30T12:00:00Z",
        "tool_name": "run_shell_command",
        "tool_input": {"command": "git status", "description": "status"},
    }
    code, answer, _ = hooked.command("gemini-cli", body)
    assert code == 0 and answer["decision"] == "allow"
    code, answer, _ = hooked.command("gemini-cli", {**body, "tool_input": {"command": "curl x"}})
    assert code == 0 and answer["decision"] == "deny" and answer["reason"]
    edit = {
        **body,
        "tool_name": "replace",
        "tool_input": {"file_path": ROOT + "/a.py", "old_string": "1", "new_string": "2"},
    }
    code, answer, _ = hooked.command("gemini-cli", edit)
    assert code == 0 and answer["decision"] == "allow"
    code, answer, _ = hooked.command(
        "gemini-cli", {**body, "tool_input": {"command": "make deploy"}}, "--timeout", "0"
    )
    assert code == 0 and answer["decision"] == "deny"  # pending: no "ask" in Gemini CLI, refused for now


def test_command_hook_codex(hooked):
    body = {
        "session_id": "c1",
        "turn_id": "t1",
        "cwd": ROOT,
        "hook_event_name": "PreToolUse",
        "model": "gpt-5",
        "tool_name": "Bash",
        "tool_input": {"command": "git status"},
        "tool_use_id": "call_1",
    }
    code, answer, _ = hooked.command("codex", body)
    assert code == 0 and answer is None  # allowed: nothing to say, Codex's own approval policy applies
    code, answer, err = hooked.command("codex", {**body, "tool_input": {"command": "curl x"}})
    assert code == 2 and answer["hookSpecificOutput"]["permissionDecision"] == "deny" and err.strip()
    patch = "*** Begin Patch\n*** Add File: notes.txt\n+hello\n*** End Patch\n"
    code, answer, _ = hooked.command(
        "codex", {**body, "tool_name": "apply_patch", "tool_input": {"command": patch}}
    )
    assert code == 0 and answer is None
    assert ProposedAction.objects.filter(action_type="write_file", payload__path="notes.txt").exists()


# -- every adapter, the same cases, each agent's documented input shapes -----------------------------------

# Per agent: its hook event's name, and per tool kind the tool's name with its input (or a maker of it).
SHAPES: dict[str, dict[str, Any]] = {
    "claude-code": {
        "event": "PreToolUse",
        "shell": ("Bash", lambda c: {"command": c}),
        "write": ("Write", {"file_path": ROOT + "/docs/a.md", "content": "# A\n"}),
        "edit": ("Edit", {"file_path": ROOT + "/src/b.py", "old_string": "x = 1", "new_string": "x = 2"}),
        "unknown": ("WebSearch", {"query": "brabo"}),
    },
    "gemini-cli": {
        "event": "BeforeTool",
        "shell": ("run_shell_command", lambda c: {"command": c, "description": "run"}),
        "write": ("write_file", {"file_path": ROOT + "/docs/a.md", "content": "# A\n"}),
        "edit": ("replace", {"file_path": ROOT + "/src/b.py", "old_string": "x = 1", "new_string": "x = 2"}),
        "unknown": ("google_web_search", {"query": "brabo"}),
    },
    "codex": {
        "event": "PreToolUse",
        "shell": ("Bash", lambda c: {"command": c}),
        "write": (
            "apply_patch",
            {"command": "*** Begin Patch\n*** Add File: docs/a.md\n+# A\n*** End Patch\n"},
        ),
        "edit": (
            "apply_patch",
            {"command": "*** Begin Patch\n*** Update File: src/b.py\n@@\n-x = 1\n+x = 2\n*** End Patch\n"},
        ),
        "unknown": ("web_search", {"query": "brabo"}),
    },
}


def agent_input(agent, tool, tool_input):
    return {
        "session_id": f"{agent}-s",
        "cwd": ROOT,
        "hook_event_name": SHAPES[agent]["event"],
        "timestamp": "2026-11-30T12:00:00Z",
        "tool_name": tool,
        "tool_input": tool_input,
        "tool_use_id": "call-1",
    }


def verdict(agent, code, answer):
    """allow / deny / ask as each agent would read the hook's answer."""
    if agent == "claude-code":
        assert code == 0
        return answer["hookSpecificOutput"]["permissionDecision"]
    if agent == "gemini-cli":
        assert code == 0 and answer["reason"]
        return answer["decision"]
    if answer is None:
        assert code == 0
        return "allow"
    assert code == 2 and answer["hookSpecificOutput"]["permissionDecisionReason"]
    return answer["hookSpecificOutput"]["permissionDecision"]


@pytest.mark.parametrize("agent", list(SHAPES))
def test_each_adapter_allow_deny_unknown_and_timeout(hooked, agent):
    s = SHAPES[agent]
    shell_tool, shell_input = s["shell"]

    def run(tool, tool_input, *args):
        return verdict(agent, *hooked.command(agent, agent_input(agent, tool, tool_input), *args)[:2])

    assert run(shell_tool, shell_input("git status")) == "allow"
    assert run(shell_tool, shell_input("curl https://x")) == "deny"
    assert run(*s["write"]) == "allow"
    assert run(*s["edit"]) == "allow"
    assert run(*s["unknown"]) == "deny"  # other=ask, and nobody at the terminal may answer
    assert run(shell_tool, shell_input("make deploy"), "--timeout", "0") == "deny"
    expected_ask = "deny" if agent == "codex" else "ask"  # Codex takes no "ask"; Gemini CLI >= 0.36 does
    assert run(shell_tool, shell_input("make deploy"), "--pending", "ask") == expected_ask
    paths = set(
        ProposedAction.objects.filter(action_type="write_file").values_list("payload__path", flat=True)
    )
    assert paths == {"docs/a.md", "src/b.py"}


@pytest.mark.parametrize("agent", list(SHAPES))
def test_each_adapter_governs_an_mcp_merge_by_its_target(hooked, agent):
    """The command form (``brabo hook <agent>``) forwards an MCP tool call, which becomes an
    mcp_call: a GitHub MCP merge into main waits for a person even under an allow rule naming the tool, and so
    does one whose call names a feature branch as its base -- the merge tool takes none (it merges into the
    pull request's base), and with no provider here Brabo cannot read that base."""
    hooked.agent.write_permissions(allow=["Mcp(github.merge_pull_request)"])

    def merge(base, *args):
        body = agent_input(
            agent, "mcp__github__merge_pull_request", {"owner": "acme", "pullNumber": 7, "base": base}
        )
        if agent == "gemini-cli":
            body["mcp_context"] = {
                "server_name": "github",
                "tool_name": "merge_pull_request",
                "url": "https://x",
            }
        return verdict(agent, *hooked.command(agent, body, *args)[:2])

    assert merge("main", "--timeout", "0") == "deny"  # nobody decided in time
    held = ProposedAction.objects.get(action_type="mcp_call")
    assert (held.status, held.reason, held.payload["arguments"]["base"]) == (
        "pending",
        "cap_protected_merge",
        "main",
    )
    assert merge("feature/login", "--timeout", "0") == "deny"
    named = ProposedAction.objects.filter(action_type="mcp_call").exclude(id=held.id).get()
    assert (named.status, named.reason) == ("pending", "cap_protected_merge")


@pytest.mark.parametrize("agent", list(SHAPES))
def test_each_adapter_pending_then_approved(hooked, team, agent):
    shell_tool, shell_input = SHAPES[agent]["shell"]
    results = []
    body = agent_input(agent, shell_tool, shell_input("npm publish"))
    worker = threading.Thread(target=lambda: results.append(hooked.command(agent, body, "--timeout", "60")))
    worker.start()
    action = None
    for _ in range(1200):
        action = ProposedAction.objects.filter(status="pending").first()
        if action:
            break
        worker.join(0.05)
    assert action is not None, "the hook never proposed"
    services.approve_action(action_id=action.id, actor=team.maintainer)
    worker.join(60)
    assert verdict(agent, *results[0][:2]) == "allow"


def test_command_hook_judges_a_symlink_by_where_it_leads(hooked, tmp_path):
    """On the agent's machine the command hook resolves links: app/link -> ../outside is outside."""
    app, outside = tmp_path / "app", tmp_path / "outside"
    app.mkdir()
    outside.mkdir()
    (app / "link").symlink_to(outside)
    (tmp_path / "app-alias").symlink_to(app)  # a root given through a link still works

    def write(path, root):
        body = {**claude_tool("Write", {"file_path": str(path), "content": "x"}), "cwd": str(app)}
        return decision_of(hooked.command("claude-code", body, root=str(root))[1])

    assert write(app / "link" / "evil.txt", app) == "deny"
    assert write(app / "real.txt", app) == "allow"
    assert write(app / "real2.txt", tmp_path / "app-alias") == "allow"
    assert list(ProposedAction.objects.values_list("payload__path", flat=True).order_by("created_at")) == [
        "real.txt",
        "real2.txt",
    ]


def test_command_hook_with_bad_arguments_denies_instead_of_failing_open(hooked):
    """A hook that exits with a usage error is a non-blocking error to the agent: the tool would run."""
    code, answer, _ = hooked.command("claude-code", bash("git status"), "--pending", "maybe")
    assert code == 0 and decision_of(answer) == "deny"
    code, answer, err = hooked.command("codex", bash("git status"), "--timeout")
    assert code == 2 and "bad arguments" in err
    assert not ProposedAction.objects.exists()
