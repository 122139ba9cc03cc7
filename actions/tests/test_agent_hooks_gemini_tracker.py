"""Gemini CLI's task tracker tools (0.61.0, packages/core/src/tools/trackerTools.ts): what each reads and writes,
and how Brabo's hook answers them (actions/agent_hooks.py ``tracker``).

The tracker keeps one JSON record per task in Gemini CLI's own temporary folder
(``~/.gemini/tmp/<project>/[<session>/]tracker/<id>.json``, TrackerService): ``tracker_get_task``,
``tracker_list_tasks`` and ``tracker_visualize`` read those records; ``tracker_create_task`` (a generated id),
``tracker_update_task`` and ``tracker_add_dependency`` write them -- nothing of the project, nothing sent anywhere,
as Claude Code's TaskCreate/TaskUpdate and Gemini CLI's own write_todos. The reads are in the matcher's
read-only list; the writes reach the hook and are judged: passed with nothing recorded when every task id they name
is a plain id (the file name the tracker builds from it, ``path.join(tasksDir, `${id}.json`)``, stays in its
folder), else a person decides -- they used to get ``--other`` (Gemini CLI: deny unless ``other=allow``), a nag.
"""

from __future__ import annotations

import re

import pytest

from actions.agent_hooks import PROTOCOLS
from brabo_client.hook_install import MATCHER, READ_ONLY

ROOT = "/home/ana/app"
gemini = PROTOCOLS["gemini-cli"]


def body(tool, tool_input):
    return {
        "session_id": "s",
        "cwd": ROOT,
        "hook_event_name": "BeforeTool",
        "tool_name": tool,
        "tool_input": tool_input,
    }


READS = [
    ("tracker_get_task", {"id": "a1b2c3"}),
    ("tracker_list_tasks", {}),
    ("tracker_list_tasks", {"status": "open", "type": "bug", "parentId": "a1b2c3"}),
    ("tracker_visualize", {}),
]
WRITES = [
    ("tracker_create_task", {"title": "t", "description": "d", "type": "task"}),
    ("tracker_create_task", {"title": "t", "description": "d", "type": "epic", "parentId": "a1b2c3"}),
    (
        "tracker_create_task",
        {"title": "t", "description": "d", "type": "bug", "dependencies": ["a1b2c3", "0f0f0f"]},
    ),
    ("tracker_update_task", {"id": "a1b2c3", "status": "closed"}),
    ("tracker_update_task", {"id": "a1b2c3", "title": "rm -rf / ../../x", "dependencies": ["0f0f0f"]}),
    ("tracker_add_dependency", {"taskId": "a1b2c3", "dependencyId": "0f0f0f"}),
]
# A task id that is not a plain id: the tracker joins it into a file path it reads (and, for an update, writes
# back), so it may reach out of the tracker's folder.
NOT_PLAIN = [
    ("tracker_update_task", {"id": "../../"}),
    ("tracker_update_task", {"id": "../../../../home/ana/.gemini/settings"}),
    ("tracker_update_task", {"id": "a1b2c3", "dependencies": ["../x"]}),
    ("tracker_update_task", {"id": "a1b2c3", "dependencies": "a1b2c3"}),
    ("tracker_update_task", {"id": 7}),
    ("tracker_update_task", {"id": "/etc/x"}),
    ("tracker_update_task", {"id": "..\\..\\x"}),
    ("tracker_update_task", {"id": ""}),
    ("tracker_update_task", {"id": "a" * 200}),
    ("tracker_add_dependency", {"taskId": "a1b2c3", "dependencyId": "../../y"}),
    ("tracker_add_dependency", {"taskId": "..", "dependencyId": "a1b2c3"}),
    ("tracker_create_task", {"title": "t", "description": "d", "type": "task", "parentId": "../p"}),
    (
        "tracker_create_task",
        {"title": "t", "description": "d", "type": "task", "dependencies": ["a1b2c3", "x/y"]},
    ),
    ("tracker_get_task", {"id": "../../../../home/ana/.aws/credentials"}),
    ("tracker_list_tasks", {"parentId": "../x"}),
]


def reaches(tool: str) -> bool:
    return re.search(MATCHER["gemini-cli"], tool) is not None


@pytest.mark.parametrize("tool,tool_input", READS)
def test_the_tracker_reads_are_the_read_only_tools_and_pass_if_sent(tool, tool_input):
    assert tool in READ_ONLY["gemini-cli"].split("|") and not reaches(tool)
    mapped = gemini.map(body(tool, tool_input), ROOT)  # (an install from before the list named them)
    assert mapped.refusal == "free" and not mapped.proposals, mapped


@pytest.mark.parametrize("tool,tool_input", WRITES)
def test_the_tracker_writes_reach_the_hook_and_pass_when_they_stay_in_the_trackers_folder(tool, tool_input):
    assert reaches(tool)
    mapped = gemini.map(body(tool, tool_input), ROOT)
    assert mapped.refusal == "free" and not mapped.proposals, mapped
    assert "tracker" in mapped.why


@pytest.mark.parametrize("tool,tool_input", NOT_PLAIN)
def test_a_tracker_call_naming_a_task_id_that_is_a_path_waits_for_a_person(tool, tool_input):
    mapped = gemini.map(body(tool, tool_input), ROOT)
    assert mapped.refusal == "acting" and not mapped.proposals, mapped
    assert tool in mapped.why and "task id" in mapped.why


def test_only_gemini_clis_own_tracker_names_are_read_so():
    # another agent's tool of the same name, and a name merely starting so, are not the tracker
    assert PROTOCOLS["claude-code"].map(body("tracker_create_task", {}), ROOT).refusal == "unmapped"
    assert gemini.map(body("tracker_delete_everything", {"id": "a1b2c3"}), ROOT).refusal == "unmapped"
    assert gemini.map(body("mcp_x_tracker_create_task", {}), ROOT).refusal != "free"
