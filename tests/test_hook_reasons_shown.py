# ruff: noqa: F811 — `hooked` is the fixture imported from test_agent_hooks_live, taken as an argument
"""R12.6, red team: a hook's reason holds no character that acts in the agent's terminal.

Claude Code shows an ``ask``'s reason to the person at the terminal (``pending=ask``), Gemini CLI its
``systemMessage``, and every agent hands a deny's reason to its model. A reason may quote what the model wrote:
the policy's sentence names the segment it could not check in full (``'echo x > .husky/pre…commit'``). Escape
sequences in that text (``ESC[2K ESC[1G`` erase the line and go back to its start, OSC 8 makes a link,
``U+202E`` reverses what follows, a newline starts a line that looks like Brabo's) reached the terminal as they
were: the quoted command could hide itself or fake the sentence around it. Now every reason shows them as marks
(``⟨U+001B⟩``, ``⏎``), as the console and Slack do (``actions.shown.visible``)."""

from __future__ import annotations

import pytest

from actions.agent_hooks import PROTOCOLS
from tests.test_agent_hooks_live import ROOT, agent_input, hooked  # noqa: F401

pytestmark = pytest.mark.django_db(transaction=True)

HIDING = [
    "\x1b[2K\x1b[1G",  # erase the line, back to its start
    "\x1b]8;;https://evil.example\x07",  # a hyperlink
    "\u202e",  # right-to-left override
    "\r",
    "\x9b2K",  # CSI in one byte (C1)
    "\n\nBrabo: approved by ana.",
    "\u200b\u2066",
]
ACTING = ("\x1b", "\x07", "\x9b", "\r", "\u202e", "\u2066", "\u200b", "\n")


def _reasons(agent: str, answer: dict) -> list[str]:
    if agent == "gemini-cli":
        return [answer["reason"], *([answer["systemMessage"]] if "systemMessage" in answer else [])]
    return [answer["hookSpecificOutput"]["permissionDecisionReason"]]


@pytest.mark.parametrize("agent", PROTOCOLS)
@pytest.mark.parametrize("decision", ["allow", "deny", "ask"])
@pytest.mark.parametrize("hidden", HIDING)
def test_every_answer_shows_acting_characters_as_marks(agent, decision, hidden):
    answer = PROTOCOLS[agent].answer(decision, f"Brabo: it writes 'a{hidden}b'.")
    for reason in _reasons(agent, answer) if answer else []:
        assert not any(c in reason for c in ACTING), repr(reason)
        assert "'a" in reason and "b'." in reason


@pytest.mark.parametrize("agent", ["claude-code", "gemini-cli"])
@pytest.mark.parametrize("hidden", ["\x1b[2K\x1b[1G", "\u202e", "\x9b2K"])
def test_an_ask_quoting_the_command_shows_its_escapes(hooked, agent, hidden):
    """The command is quoted by the policy's sentence; the person at the terminal sees its escapes as marks."""
    tool = "Bash" if agent == "claude-code" else "run_shell_command"
    body = agent_input(agent, tool, {"command": f"echo x > .husky/pre{hidden}commit"})
    answer = hooked.http(body, agent=agent, pending="ask")
    [reason, *_] = _reasons(agent, answer)
    assert ".husky/pre" in reason and "commit" in reason
    assert not any(c in reason for c in ACTING), repr(reason)
    assert "⟨U+" in reason


def test_the_command_hooks_own_refusal_shows_the_path_it_quotes(tmp_path):
    """A refusal the hook writes itself quotes a path of the agent's machine (here the ``.env`` Gemini CLI
    loads, in a folder whose name holds an escape sequence)."""
    import json
    import os
    import shlex
    import subprocess

    from brabo_client import hook

    project = tmp_path / "app\x1b[2K\x1b[1Gok"
    project.mkdir()
    (project / ".env").write_text("BRABO_URL=http://127.0.0.1:9\n")
    body = agent_input("gemini-cli", "run_shell_command", {"command": "ls"})
    body["cwd"] = str(project)
    proc = subprocess.run(
        shlex.split(hook.command("gemini-cli", ["--agent-timeout", "20"])),
        input=json.dumps(body).encode(),
        capture_output=True,
        env={"PATH": os.environ["PATH"], "HOME": str(tmp_path), "BRABO_AGENT_KEY": "k"},
        cwd=project,
        timeout=60,
    )
    answer = json.loads(proc.stdout)
    assert answer["decision"] == "deny" and "app⟨U+001B⟩[2K⟨U+001B⟩[1Gok" in answer["reason"]
    assert not any(c in answer["reason"] + answer["systemMessage"] for c in ACTING)
