# ruff: noqa: F811 — `hooked` is the fixture imported from test_agent_hooks_live, taken as an argument
"""The HTTP form of R12.6: what the hooks do with the inputs the agents really send.

* A Codex ``apply_patch`` through ``brabo hook codex`` is judged by where every path of the patch really
  leads on the agent's machine (real symlinks in a tmp folder, pointing out of the project).
* A Write or Edit too large for a request is a deny that says the size and the limit.
* Gemini CLI answers ``ask`` where a person at the terminal may decide (``pending=ask``; Gemini >= 0.36).
* Gemini strips variables named like ``*KEY*`` from hook environments, and everything but ``GEMINI_CLI_*``
  in CI: the key is read from ``GEMINI_CLI_BRABO_AGENT_KEY`` or a key file.
* The HTTP hook's wait for a person ends before the agent's timeout (``agent_timeout``).
* ``brabo --version``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading

import pytest
from django.conf import settings

from actions import payloads
from actions.models import ProposedAction
from brabo_client import __version__
from brabo_client.sdk import Client, Unavailable
from tests.test_agent_hooks_live import ROOT, agent_input, claude_tool, decision_of, hooked, verdict  # noqa: F401

pytestmark = pytest.mark.django_db(transaction=True)


def codex_patch(patch: str, cwd: str) -> dict:
    return {**agent_input("codex", "apply_patch", {"command": patch}), "cwd": cwd}


@pytest.fixture
def project_dir(tmp_path):
    """app/ with links that lead out of it: app/out -> ../outside (a folder), app/evil.txt -> a file outside."""
    app, outside = tmp_path / "app", tmp_path / "outside"
    app.mkdir()
    outside.mkdir()
    (outside / "secret.txt").write_text("s")
    (app / "out").symlink_to(outside)
    (app / "evil.txt").symlink_to(outside / "secret.txt")
    (app / "src").mkdir()
    (app / "src" / "ok.py").write_text("x = 1\n")
    return app


@pytest.mark.parametrize(
    "header",
    [
        "*** Add File: out/new.txt\n+x",  # a new file under a linked folder
        "*** Update File: evil.txt\n@@\n-s\n+t",  # a linked file
        "*** Delete File: out/secret.txt",
        "*** Update File: src/ok.py\n*** Move to: out/moved.py\n@@\n-x = 1\n+x = 2",  # moved out through a link
    ],
)
def test_codex_patch_paths_are_judged_by_where_their_links_lead(hooked, project_dir, header):
    patch = f"*** Begin Patch\n{header}\n*** End Patch\n"
    code, answer, err = hooked.command("codex", codex_patch(patch, str(project_dir)), root=str(project_dir))
    assert verdict("codex", code, answer) == "deny"
    assert "outside the project root" in answer["hookSpecificOutput"]["permissionDecisionReason"]
    assert not ProposedAction.objects.exists()


def test_codex_patch_inside_the_project_is_proposed_at_its_real_path(hooked, project_dir, tmp_path):
    (tmp_path / "alias").symlink_to(project_dir)  # the agent's cwd and root reached through a link
    patch = "*** Begin Patch\n*** Update File: src/ok.py\n@@\n-x = 1\n+x = 2\n*** Add File: src/b.py\n+y\n*** End Patch\n"
    code, answer, _ = hooked.command(
        "codex", codex_patch(patch, str(tmp_path / "alias")), root=str(project_dir)
    )
    assert verdict("codex", code, answer) == "allow"
    assert sorted(ProposedAction.objects.values_list("payload__path", flat=True)) == ["src/b.py", "src/ok.py"]


def test_the_server_refuses_a_patch_path_the_command_hook_did_not_resolve(hooked):
    """The resolutions must cover every path of the patch: one missing is a refusal, never a pass."""
    patch = "*** Begin Patch\n*** Add File: a.txt\n+x\n*** Add File: b.txt\n+y\n*** End Patch\n"
    body = codex_patch(patch, ROOT)
    body["tool_input"]["brabo_resolved_paths"] = {"a.txt": ROOT + "/a.txt"}
    answer = hooked.http(body, agent="codex")
    assert answer["hookSpecificOutput"]["permissionDecision"] == "deny"
    assert "did not resolve" in answer["hookSpecificOutput"]["permissionDecisionReason"]
    body["tool_input"]["brabo_resolved_paths"] = {"a.txt": ROOT + "/a.txt", "b.txt": "/etc/b.txt"}
    assert hooked.http(body, agent="codex")["hookSpecificOutput"]["permissionDecision"] == "deny"
    assert not ProposedAction.objects.exists()


@pytest.mark.parametrize("form", ["http", "command"])
@pytest.mark.parametrize(
    "size",
    [payloads.MAX_PAYLOAD_BYTES + 10, settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 10],
    ids=["over-the-proposal-limit", "over-the-request-limit"],
)
def test_a_write_too_large_is_a_deny_that_names_its_size_and_the_limit(hooked, form, size):
    body = claude_tool("Write", {"file_path": ROOT + "/big.bin", "content": "x" * size})
    if form == "http":
        answer = hooked.http(body)
    else:
        answer = hooked.command("claude-code", body)[1]
    assert decision_of(answer) == "deny"
    reason = answer["hookSpecificOutput"]["permissionDecisionReason"]
    assert "internal error" not in reason
    limit = (
        payloads.MAX_PAYLOAD_BYTES
        if size < settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        else settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    )
    assert str(limit) in reason and "bytes" in reason and "smaller parts" in reason
    assert not ProposedAction.objects.exists()


def test_an_edit_too_large_is_a_deny_that_names_its_size(hooked):
    edit = {
        "file_path": ROOT + "/a.py",
        "old_string": "a",
        "new_string": "b" * (payloads.MAX_PAYLOAD_BYTES // 2),
    }
    answer = hooked.http(claude_tool("Edit", edit))
    assert decision_of(answer) == "deny"
    assert str(payloads.MAX_PAYLOAD_BYTES) in answer["hookSpecificOutput"]["permissionDecisionReason"]


@pytest.mark.parametrize("form", ["http", "command"])
def test_gemini_cli_asks_the_person_at_the_terminal_when_told_to(hooked, form):
    body = agent_input("gemini-cli", "run_shell_command", {"command": "make deploy"})
    if form == "http":
        answer = hooked.http(body, agent="gemini-cli", pending="ask")
    else:
        answer = hooked.command("gemini-cli", body, "--pending", "ask")[1]
    assert answer["decision"] == "ask" and answer["systemMessage"]  # the prompt shows systemMessage
    action = ProposedAction.objects.get(status="pending")
    assert str(action.id) in answer["reason"]


def test_the_key_survives_geminis_environment_filter(hooked, team, tmp_path):
    """Gemini passes hooks only GEMINI_CLI_* in CI: the key and URL under those names, or a key file."""
    body = agent_input("gemini-cli", "run_shell_command", {"command": "git status"})
    env = {
        "PATH": os.environ["PATH"],
        "HOME": str(tmp_path),
        "GEMINI_CLI_BRABO_URL": hooked.url,
        "GEMINI_CLI_BRABO_AGENT_KEY": team.agent_key,
        "GEMINI_CLI_BRABO_PROJECT_ROOT": ROOT,
    }
    assert _hook("gemini-cli", body, env)["decision"] == "allow"
    key_file = tmp_path / "agent-key"
    key_file.write_text(team.agent_key + "\n")
    env = {**env, "GEMINI_CLI_BRABO_AGENT_KEY": ""}
    assert _hook("gemini-cli", body, env, "--key-file", str(key_file))["decision"] == "allow"
    denied = _hook("gemini-cli", body, env)  # no key anywhere: refused, and told where to put it
    assert denied["decision"] == "deny" and "GEMINI_CLI_BRABO_AGENT_KEY" in denied["reason"]


def _hook(agent, body, env, *args):
    proc = subprocess.run(
        [sys.executable, "-m", "brabo_client", "hook", agent, *args],
        input=json.dumps(body).encode(),
        capture_output=True,
        env=env,
        cwd=settings.BASE_DIR,
        timeout=60,
    )
    return json.loads(proc.stdout)


def test_the_http_hooks_wait_ends_before_the_agent_timeout(hooked, team):
    """timeout=50 under a hook the agent kills at 8 s: Brabo answers (a refusal) within those 8 s — a client
    that gives up at 8 s, as the agent does, gets it."""
    client = Client(hooked.url, team.agent_key, retries=0)
    body = agent_input("claude-code", "Bash", {"command": "make deploy"})
    try:
        answer = client.hook(
            "claude-code", body, root=ROOT, params={"timeout": "50", "agent_timeout": "8"}, timeout=8
        )
    except Unavailable:
        pytest.fail("the HTTP hook kept waiting past the agent's timeout")
    assert decision_of(answer) == "deny"
    assert "then retry the same tool call" in answer["hookSpecificOutput"]["permissionDecisionReason"]


def test_a_waiting_http_hook_is_still_approved_within_its_clamped_wait(hooked, team):
    from actions import services

    answers = []
    body = agent_input("claude-code", "Bash", {"command": "npm publish"})
    worker = threading.Thread(
        target=lambda: answers.append(hooked.http(body, timeout="600", agent_timeout="600"))
    )
    worker.start()
    action = None
    for _ in range(600):
        action = ProposedAction.objects.filter(status="pending").first()
        if action:
            break
        worker.join(0.05)
    assert action is not None, "no pending action appeared"
    services.approve_action(action_id=action.id, actor=team.maintainer)
    worker.join(120)
    assert decision_of(answers[0]) == "allow"


def test_brabo_version_is_the_packages():
    out = subprocess.run(
        [sys.executable, "-m", "brabo_client", "--version"],
        capture_output=True,
        cwd=settings.BASE_DIR,
        timeout=60,
    )
    assert out.returncode == 0 and out.stdout.decode().strip() == f"brabo {__version__}"
