"""R3.1, R3.3, R3.4: permissions.json I/O."""

import json
import multiprocessing
import os

import pytest

from permissions.decide import Permissions
from permissions.files import (
    PermissionsFileError,
    lint_permissions,
    load_permissions,
    merge_into,
    parse_permissions_text,
    write_permissions,
)
from permissions.seeds import DEV_TERMINAL_ALLOW_PATTERNS, dev_agent_autonomy


def test_r3_1_loads_the_three_lists_in_order():
    text = '{"allow": ["Terminal(pnpm test:*)", "Terminal(git status)"], "deny": ["Terminal(curl:*)"], "ask": ["GitPush()"]}'
    p = parse_permissions_text(text)
    assert p == Permissions(
        ("Terminal(pnpm test:*)", "Terminal(git status)"), ("Terminal(curl:*)",), ("GitPush()",)
    )


def test_r3_1_missing_file_is_no_rule(tmp_path):
    # R3.1: no list matches -> pending; a missing file grants nothing
    assert load_permissions(tmp_path / "permissions.json") == Permissions()


@pytest.mark.parametrize(
    "text, line, what",
    [
        ('{"allow": [\n  "Terminal(ls)",\n  "Terminal(ls"\n]}', 3, "unbalanced"),
        ('{"allow": ["Terminal(ls)"],\n "deny": [3]}', 2, "must be a string"),
        ('{"allow": ["Terminal(ls)"],\n "deny": ["Shell(x)"]}', 2, "unknown label"),
        ('{"allow": [],\n "permit": []}', 2, "unknown top-level key"),
        ('{"allow": [\n}', 2, "not valid JSON"),
        ('{"allow": "Terminal(ls)"}', 1, "must be a list"),
        ('["Terminal(ls)"]', 1, "JSON object"),
        ('{"allow": [],\n"allow": ["Terminal(rm)"]}', None, "appears twice"),
    ],
)
def test_r3_3_malformed_file_is_a_named_error_with_line(text, line, what):
    # R3.3: bad JSON, unknown key, non-string entry, unknown label, unbalanced parentheses
    with pytest.raises(PermissionsFileError) as exc:
        parse_permissions_text(text)
    assert what in str(exc.value)
    assert exc.value.line == line
    assert "permissions.json" in str(exc.value)


def test_r3_3_error_names_the_entry(tmp_path):
    f = tmp_path / "permissions.json"
    f.write_text('{"allow": ["Terminal(ls)", "Terminal(ls"]}')
    with pytest.raises(PermissionsFileError) as exc:
        load_permissions(f)
    assert exc.value.entry == "Terminal(ls"


def test_r3_3_write_is_atomic_and_keeps_order(tmp_path):
    f = tmp_path / "permissions.json"
    perms = Permissions(("Terminal(b)", "Terminal(a)"), ("Terminal(z)",), ("GitPush()",))
    write_permissions(f, perms)
    assert load_permissions(f) == perms
    assert list(json.loads(f.read_text())) == ["allow", "deny", "ask"]
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_r3_3_write_refuses_malformed_patterns(tmp_path):
    with pytest.raises(PermissionsFileError):
        write_permissions(tmp_path / "permissions.json", Permissions(allow=("Terminal(x",)))
    assert not (tmp_path / "permissions.json").exists()


def test_r3_4_merge_appends_only_missing_entries_keeping_order(tmp_path):
    # R3.4: merged, not duplicated
    f = tmp_path / "permissions.json"
    write_permissions(f, Permissions(("Terminal(make)", "Terminal(ls)"), ("Terminal(curl)",)))
    merged = merge_into(f, allow=DEV_TERMINAL_ALLOW_PATTERNS)
    assert merged.allow[:2] == ("Terminal(make)", "Terminal(ls)")
    assert merged.allow.count("Terminal(ls)") == 1
    assert merged.deny == ("Terminal(curl)",)
    again = merge_into(f, allow=DEV_TERMINAL_ALLOW_PATTERNS)
    assert again == merged == load_permissions(f)


def test_r3_4_merge_never_overwrites_a_file_it_could_not_read(tmp_path):
    f = tmp_path / "permissions.json"
    f.write_text("{not json")
    with pytest.raises(PermissionsFileError):
        merge_into(f, allow=("Terminal(ls)",))
    assert f.read_text() == "{not json"


def _merge_one(path: str, k: int) -> None:
    merge_into(path, allow=(f"Terminal(tool{k})",))


def test_r3_3_concurrent_merges_lose_no_entry(tmp_path):
    f = str(tmp_path / "permissions.json")
    # spawn, not fork: forking the test process while another thread (a Celery client, a waiter) holds a
    # lock leaves the child blocked on it forever -- a hang seen in CI.
    ctx = multiprocessing.get_context("spawn")
    procs = [ctx.Process(target=_merge_one, args=(f, k)) for k in range(12)]
    for p in procs:
        p.start()
    for p in procs:
        # a guard against a hang, not a time limit: twelve interpreters starting on a loaded 2-core machine
        # took longer than 120 s once
        p.join(timeout=900)
    assert [p.exitcode for p in procs] == [0] * 12
    assert sorted(load_permissions(f).allow) == sorted(f"Terminal(tool{k})" for k in range(12))


def test_r3_4_seeded_families_are_read_anchored():
    # R3.4: never a bare git branch / git remote / git worktree / git config
    for bare in (
        "Terminal(git branch)",
        "Terminal(git remote)",
        "Terminal(git worktree)",
        "Terminal(git config)",
    ):
        assert bare not in DEV_TERMINAL_ALLOW_PATTERNS
    for needed in (
        "Terminal(ls)",
        "Terminal(git status)",
        "Terminal(git branch -a)",
        "Terminal(git config --get)",
        "Terminal(pnpm test)",
        "Terminal(pytest)",
        "Terminal(cargo test)",
    ):
        assert needed in DEV_TERMINAL_ALLOW_PATTERNS
    assert lint_permissions(json.dumps({"allow": list(DEV_TERMINAL_ALLOW_PATTERNS)})) == []


def test_r3_4_seeded_git_branch_anchor_does_not_cover_delete():
    from .helpers import term

    v = term("git branch -D main", allow=DEV_TERMINAL_ALLOW_PATTERNS)
    assert v.decision == "require_approval"


def test_r3_4_dev_module_agents_get_git_commit_autonomy():
    # RN-689
    assert dev_agent_autonomy("dev-billing") == (("git_commit", "auto_approve"),)
    assert dev_agent_autonomy("dev-lead") == ()
    assert dev_agent_autonomy("qa") == ()


def test_r12_3_lint_reports_every_problem_and_never_matching_patterns():
    text = '{\n"allow": ["GitPush(x)", "Terminal(ls", "Terminal(ls)", "Terminal(ls)"],\n"deny": [1]\n}'
    issues = lint_permissions(text)
    kinds = [(i.severity, i.line) for i in issues]
    assert ("warning", 2) in kinds  # GitPush(x) can never match
    assert ("error", 2) in kinds  # Terminal(ls unbalanced
    assert ("error", 3) in kinds  # non-string entry
    assert any("listed twice" in i.message for i in issues)
    assert any("can never match" in i.message and "GitPush()" in i.message for i in issues)


def test_unreadable_file_fails_closed(tmp_path):
    f = tmp_path / "permissions.json"
    f.write_bytes(b"\xff\xfe{}")
    with pytest.raises(PermissionsFileError):
        load_permissions(f)
    if os.geteuid() != 0:
        f.write_text("{}")
        f.chmod(0)
        with pytest.raises(PermissionsFileError):
            load_permissions(f)


def test_r12_3_lint_warns_about_allow_entries_a_cap_always_overrides():
    text = json.dumps(
        {"allow": ["Terminal(git push)", "Terminal(sudo)", "GitPush()", "Terminal(git status)"]}
    )
    flagged = [i.entry for i in lint_permissions(text) if "can never auto-approve" in i.message]
    assert flagged == ["Terminal(git push)", "Terminal(sudo)", "GitPush()"]


def test_r3_4_seed_read_anchors_leave_mutating_siblings_to_a_person():
    # seed 000: git branch -D/-d/-m/-M, git remote add/remove/set-url, git worktree add/remove/prune and
    # git config <key> <value> (no --get) still need approval
    from .helpers import term

    for cmd in (
        "git branch -D nome",
        "git branch nome-nova",
        "git branch -m a b",
        "git remote remove origin",
        "git worktree add ../x",
        "git worktree prune",
        "git config user.name x",
    ):
        assert term(cmd, allow=DEV_TERMINAL_ALLOW_PATTERNS).decision == "require_approval", cmd
    for cmd in (
        "git branch -a",
        "git remote -v",
        "git worktree list",
        "git config --get user.name",
        "ls -la",
    ):
        assert term(cmd, allow=DEV_TERMINAL_ALLOW_PATTERNS).decision == "auto_approve", cmd


def test_unchanged_file_loads_as_the_same_object_and_a_rewrite_is_seen(tmp_path):
    f = tmp_path / "permissions.json"
    write_permissions(f, Permissions(allow=("Terminal(ls)",)))
    first = load_permissions(f)
    assert load_permissions(f) is first
    merge_into(f, allow=("Terminal(pwd)",))
    assert load_permissions(f).allow == ("Terminal(ls)", "Terminal(pwd)")
    f.write_text('{"allow": ["Terminal(ls"]}')
    with pytest.raises(PermissionsFileError):
        load_permissions(f)


def test_in_place_rewrites_of_the_same_size_are_never_stale(tmp_path):
    # file timestamps are coarse (a jiffy): the loader must not trust them
    f = tmp_path / "permissions.json"
    f.write_text('{"allow": ["Terminal(ls)"]}')
    assert load_permissions(f).allow == ("Terminal(ls)",)
    f.write_text('{"allow": ["Terminal(rm)"]}')
    assert load_permissions(f).allow == ("Terminal(rm)",)
