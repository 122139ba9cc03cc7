"""SPEC §5 (agent): a reading tool's places are judged by where they lead on the agent's machine. A Glob of
``docs/**`` where ``docs`` is a link to the home folder, a Grep of ``vendor`` where ``vendor -> ~/.ssh``, an LS
of ``cfg`` leading to ``~/.aws``: the server sees only the text. The command hook follows the links
(``brabo_client/hook.py`` ``read_links``) and sends where each place leads (``brabo_resolved_paths``); the
server reads both (actions/agent_hooks.py ``reader``). On 86d1cb0 the reading tools' ``path`` fields and glob
patterns were not followed (only ``file_path``-like fields were): every case here failed there, but the guards
named in them."""

from __future__ import annotations

import pytest

from brabo_client.hook import RESOLVED_FIELD, resolve_links


@pytest.fixture
def planted(tmp_path):
    app, home = tmp_path / "app", tmp_path / "home"
    (app / "src").mkdir(parents=True)
    (home / ".ssh").mkdir(parents=True)
    (home / ".ssh" / "id_rsa").write_text("key\n")
    (app / "docs").symlink_to(home)  # a folder outside
    (app / "src" / "vendor").symlink_to(home / ".ssh")
    (app / "inner").symlink_to(app / "src")  # a link that stays inside
    return app, home


def resolved(app, tool, tool_input, agent="claude-code"):
    body = {"tool_name": tool, "tool_input": tool_input, "cwd": str(app)}
    out, _ = resolve_links(body, str(app), agent)
    assert isinstance(out, dict)
    return out["tool_input"]


def test_a_search_folder_through_a_link_is_sent_where_it_leads(planted):
    app, home = planted
    for tool, ti in [
        ("Grep", {"pattern": "BEGIN", "path": f"{app}/src/vendor"}),
        ("LS", {"path": f"{app}/docs"}),
        ("Glob", {"pattern": "*", "path": f"{app}/docs/.ssh"}),
    ]:
        sent = resolved(app, tool, ti)
        assert str(home) in " ".join(sent[RESOLVED_FIELD].values()), (tool, sent)


def test_a_glob_patterns_folder_part_is_followed(planted):
    app, home = planted
    sent = resolved(app, "Glob", {"pattern": "docs/.ssh/*"})
    assert sent[RESOLVED_FIELD] == {"docs/.ssh/*": f"{home}/.ssh/*"}
    sent = resolved(app, "glob", {"pattern": "src/vendor/**", "dir_path": "."}, agent="gemini-cli")
    assert sent[RESOLVED_FIELD] == {"src/vendor/**": f"{home}/.ssh/**"}
    sent = resolved(app, "read_many_files", {"include": ["src/*.py", "docs/.ssh/id_*"]}, agent="gemini-cli")
    assert sent[RESOLVED_FIELD] == {"docs/.ssh/id_*": f"{home}/.ssh/id_*"}
    # a brace alternative is a pattern of its own, as the glob libraries expand it
    sent = resolved(app, "Glob", {"pattern": "{src,docs/.ssh}/*"})
    assert sent[RESOLVED_FIELD] == {"docs/.ssh/*": f"{home}/.ssh/*"}
    sent = resolved(app, "Glob", {"pattern": "{lib,{src/vendor,x}}/id_*"})
    assert sent[RESOLVED_FIELD] == {"src/vendor/id_*": f"{home}/.ssh/id_*"}


def test_gemini_clis_relative_paths_start_at_the_project_root(planted, tmp_path):
    app, home = planted
    body = {"tool_name": "list_directory", "tool_input": {"dir_path": "docs"}, "cwd": str(app / "src")}
    out, _ = resolve_links(body, str(app), "gemini-cli")
    assert isinstance(out, dict) and out["tool_input"][RESOLVED_FIELD] == {"docs": str(home)}


def test_what_is_not_a_place_or_leads_nowhere_else_is_not_sent(planted):
    app, _ = planted
    # guards: a Grep's pattern is a regular expression; a link inside the project; a plain folder
    for tool, ti in [
        ("Grep", {"pattern": "docs/.ssh", "path": f"{app}/src"}),
        ("Glob", {"pattern": "inner/*.py"}),
        ("LS", {"path": f"{app}/src"}),
        ("Glob", {"pattern": "nope/../docs-not-there/*"}),
    ]:
        sent = resolved(app, tool, ti)
        leads = [v for v in sent.get(RESOLVED_FIELD, {}).values() if not v.startswith(str(app))]
        assert leads == [], (tool, sent)


def test_a_sender_cannot_write_the_resolutions_itself(planted):
    app, _ = planted
    sent = resolved(app, "Read", {"file_path": f"{app}/src/a.py", RESOLVED_FIELD: {"x": "/etc/passwd"}})
    assert RESOLVED_FIELD not in sent  # a guard: only the hook writes it (the server reads the text as well)


# -- MCP tools' path arguments --------------------------------------------------------------------------------
# A filesystem MCP server given more than the project (the home folder, as a user may give it) writes and reads
# where a planted link leads: `notes.md -> ~/.bashrc`. The command hook sends each absolute path argument that
# leads through a link; the server refuses the call (nothing proposed) when one leads outside the project or to
# a file that decides what runs later -- as it does for a shell word. Failing on 86d1cb0 but the guards.


def test_an_mcp_path_through_a_link_is_sent_where_it_leads(planted):
    app, home = planted
    for tool in ("mcp__fs__write_file", "mcp_fs_write_file"):
        sent = resolved(app, tool, {"path": f"{app}/docs/.bashrc", "content": "x"})
        assert sent[RESOLVED_FIELD] == {f"{app}/docs/.bashrc": f"{home}/.bashrc"}
    sent = resolved(app, "mcp__fs__read_multiple_files", {"paths": [f"{app}/src/vendor/id_rsa", 3, None]})
    assert sent[RESOLVED_FIELD] == {f"{app}/src/vendor/id_rsa": f"{home}/.ssh/id_rsa"}
    sent = resolved(app, "mcp__fs__move_file", {"source": f"{app}/src/a", "destination": f"{app}/docs/x"})
    assert sent[RESOLVED_FIELD] == {f"{app}/docs/x": f"{home}/x"}


def test_what_an_mcp_call_names_without_a_link_is_sent_as_it_is(planted):
    app, _ = planted
    # guards: no link on the way, a relative path (where the server starts it is its own), a tool no MCP one,
    # an argument of another shape
    for tool, ti in [
        ("mcp__fs__write_file", {"path": f"{app}/src/a.py", "content": "x"}),
        ("mcp__fs__write_file", {"path": "docs/.bashrc", "content": "x"}),
        ("mcp__github__get_me", {}),
        ("mcp__fs__read_file", {"path": 7, "paths": {"a": 1}}),
        ("Write", {"file_path": f"{app}/src/a.py", "path": f"{app}/docs/.bashrc", "content": "x"}),
    ]:
        assert RESOLVED_FIELD not in resolved(app, tool, ti), (tool, ti)
