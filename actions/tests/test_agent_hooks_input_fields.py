"""Red team, SPEC §5 (agent) and R12.6: the fields of a known tool's input that decide how much it changes or
where it runs are carried into the proposal or refused -- never dropped.

What a person approves is the proposal, and the approval covers a retried call only when its proposal is the
same (actions/hooks_api.py ``fingerprint``). A field the mapping skipped is a change nobody is shown and a
retry the approval covers though it does something else. Gemini CLI 0.61.0's ``replace`` replaces every
occurrence under ``allow_multiple: true`` (packages/core/src/tools/edit.ts, captured from the pinned CLI: the
hook input is ``{file_path, old_string, new_string, allow_multiple, instruction}``) -- it was proposed as one
replacement; Claude Code's NotebookEdit ``cell_type`` turns a markdown cell into code that runs. A field of
the wrong type where a folder or a count belongs (``dir_path: ["/etc"]``, Codex's ``workdir: 7``) is not a
shape the agent documents: the call is refused by name (HookInputError, a deny), not judged as if the field
were absent."""

from __future__ import annotations

import pytest

from actions.agent_hooks import PROTOCOLS, HookInputError

ROOT = "/home/ana/app"
claude, gemini, codex = PROTOCOLS["claude-code"], PROTOCOLS["gemini-cli"], PROTOCOLS["codex"]


def body(tool, tool_input, cwd=ROOT):
    return {
        "session_id": "s1",
        "cwd": cwd,
        "hook_event_name": "PreToolUse",
        "tool_name": tool,
        "tool_input": tool_input,
    }


def payload(proto, tool, tool_input):
    (p,) = proto.map(body(tool, tool_input), ROOT).proposals
    return p.payload


REPLACE = {"file_path": ROOT + "/f.txt", "old_string": "a", "new_string": "b", "instruction": "x"}


@pytest.mark.parametrize(
    "extra, every",
    [
        ({"allow_multiple": True}, True),
        ({"allow_multiple": False}, False),
        ({}, False),
        ({"expected_replacements": 3}, True),  # (releases before allow_multiple)
        ({"expected_replacements": 1}, False),
        ({"allow_multiple": True, "expected_replacements": 1}, True),
    ],
)
def test_a_gemini_replace_of_every_occurrence_is_proposed_as_one(extra, every):
    p = payload(gemini, "replace", REPLACE | extra)
    assert p["edits"][0]["replace_all"] is every, extra
    assert ("(every occurrence)" in p["content"]) is every  # what the person approving reads


def test_a_retry_that_replaces_every_occurrence_is_not_the_call_approved():
    one = payload(gemini, "replace", REPLACE)
    every = payload(gemini, "replace", REPLACE | {"allow_multiple": True})
    assert one != every


@pytest.mark.parametrize(
    "proto, tool, tool_input",
    [
        (gemini, "replace", REPLACE | {"allow_multiple": "true"}),
        (gemini, "replace", REPLACE | {"allow_multiple": 1}),
        (gemini, "replace", REPLACE | {"expected_replacements": "3"}),
        (gemini, "replace", REPLACE | {"expected_replacements": True}),
        (
            claude,
            "Edit",
            {"file_path": ROOT + "/a.py", "old_string": "a", "new_string": "b", "replace_all": "false"},
        ),
        (
            claude,
            "MultiEdit",
            {
                "file_path": ROOT + "/a.py",
                "edits": [{"old_string": "a", "new_string": "b", "replace_all": 0}],
            },
        ),
        (gemini, "run_shell_command", {"command": "ls", "dir_path": ["/etc"]}),
        (gemini, "run_shell_command", {"command": "ls", "dir_path": {"path": "/etc"}}),
        (gemini, "run_shell_command", {"command": "ls", "directory": 7}),
        (gemini, "run_shell_command", {"command": "ls", "dir_path": "", "directory": ["/etc"]}),
        (codex, "Bash", {"command": "ls", "workdir": 7}),
        (codex, "Bash", {"command": "ls", "workdir": ["/etc"]}),
        (
            claude,
            "NotebookEdit",
            {"notebook_path": ROOT + "/n.ipynb", "new_source": "x", "cell_type": ["code"]},
        ),
        (claude, "NotebookEdit", {"notebook_path": ROOT + "/n.ipynb", "new_source": "x", "edit_mode": 1}),
        (
            claude,
            "NotebookEdit",
            {"notebook_path": ROOT + "/n.ipynb", "new_source": "x", "cell_id": {"id": 1}},
        ),
    ],
)
def test_a_field_of_the_wrong_type_is_refused_not_skipped(proto, tool, tool_input):
    with pytest.raises(HookInputError):
        proto.map(body(tool, tool_input), ROOT)


def test_a_notebook_cell_made_code_is_not_the_markdown_cell_approved():
    base = {"notebook_path": ROOT + "/n.ipynb", "new_source": "import os; os.system('x')", "cell_id": "c1"}
    markdown = payload(claude, "NotebookEdit", base | {"cell_type": "markdown"})
    code = payload(claude, "NotebookEdit", base | {"cell_type": "code"})
    assert markdown != code
    assert code["cell_type"] == "code"


@pytest.mark.parametrize(
    "proto, tool, tool_input",
    [
        (gemini, "run_shell_command", {"command": "ls", "dir_path": "src"}),
        (gemini, "run_shell_command", {"command": "ls", "dir_path": None}),
        (gemini, "run_shell_command", {"command": "ls", "dir_path": ""}),
        (codex, "Bash", {"command": "ls", "workdir": "src"}),
        (codex, "Bash", {"command": "ls", "workdir": None}),
        (
            claude,
            "Edit",
            {"file_path": ROOT + "/a.py", "old_string": "a", "new_string": "b", "replace_all": True},
        ),
        (claude, "NotebookEdit", {"notebook_path": ROOT + "/n.ipynb", "new_source": "x"}),
        (
            claude,
            "NotebookEdit",
            {
                "notebook_path": ROOT + "/n.ipynb",
                "new_source": "x",
                "cell_id": None,
                "edit_mode": "insert",
                "cell_type": "code",
            },
        ),
        (gemini, "replace", REPLACE | {"expected_replacements": None, "allow_multiple": None}),
    ],
)
def test_the_documented_shapes_still_map(proto, tool, tool_input):
    assert proto.map(body(tool, tool_input), ROOT).proposals
