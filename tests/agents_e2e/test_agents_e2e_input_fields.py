"""§5, where it runs, R12.6, through the real Gemini CLI: a ``replace`` of every occurrence (``allow_multiple:
true``, Gemini CLI 0.61.0) is proposed -- shown to the person, and fingerprinted for a retry -- as the replacement
of every occurrence it is, not as one. Fails on a Brabo that read only ``expected_replacements`` (an earlier
release's field): the file changed everywhere while the action said one replacement.
"""

from __future__ import annotations

import pytest

from .agents import dirs_for, hook_inputs, run_agent
from .model_stub import ToolCall

pytestmark = [pytest.mark.agents_e2e, pytest.mark.django_db(transaction=True)]


def test_a_gemini_replace_of_every_occurrence_is_proposed_as_one(agent_clis, brabo, tmp_path):
    brabo.policy(allow=["WriteFile()"])
    project, home = dirs_for(tmp_path, "replace")
    target = project / "f.txt"
    target.write_text("a a a\n")
    call = ToolCall(
        "replace",
        {
            "file_path": str(target),
            "old_string": "a",
            "new_string": "b",
            "allow_multiple": True,
            "instruction": "b",
        },
    )
    capture = tmp_path / "hook.jsonl"
    run = run_agent(
        agent="gemini-cli",
        clis=agent_clis,
        call=call,
        project=project,
        home=home,
        hook=brabo.hook(capture=capture),
    )
    assert run.returncode == 0 and run.tool_results(), run.describe()
    assert [h["tool_input"].get("allow_multiple") for h in hook_inputs(capture)] == [True], run.describe()
    assert target.read_text() == "b b b\n", run.describe()  # Gemini CLI replaced every occurrence
    (action,) = brabo.actions()
    assert action.payload["edits"] == [{"old_string": "a", "new_string": "b", "replace_all": True}]
    assert "(every occurrence)" in action.payload["content"]
