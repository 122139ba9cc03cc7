"""§5 and R12.2: a command decided again answers as it did the first time, whatever else changed between the two
decisions -- the rules, where it runs from, the project's root or its protected branches. decide() keeps what it
read from a command's text and from each segment (agents repeat both), so each test decides the same text twice
under different inputs and checks every answer against what that input alone gives."""

from __future__ import annotations

from dataclasses import replace

import pytest

from permissions.decide import DecisionRequest, ProjectState, decide
from permissions.shell import parse_command

from .helpers import HOST, ROOT, perms, term


def _twice(make):  # type: ignore[no-untyped-def]
    """Each request decided twice, in an order that puts a different request between the repeats."""
    first = [decide(r) for r in make()]
    second = [decide(r) for r in reversed(make())][::-1]
    return first, second


def test_the_same_segment_under_two_rule_sets_takes_each_set_s_answer():
    cmd = "npm test && git status"
    allowed = ("Terminal(npm test)", "Terminal(git status)")
    for _ in range(2):
        assert term(cmd, allow=allowed).decision == "auto_approve"
        assert term(cmd, allow=allowed[:1]).reason == "compound_uncovered"
        assert term(cmd, allow=allowed, deny=("Terminal(git status)",)).decision == "deny"
        assert term(cmd, allow=allowed, ask=("Terminal(npm)",)).reason == "ask_rule"


def test_cd_is_judged_from_where_each_command_starts():
    """`cd ..` is inside the scope from a sub-folder and outside it from the root: the segment's answer depends
    on where the command runs from, never on an earlier decision of the same text."""
    allow = ("Terminal(ls)",)
    inside, outside = f"{ROOT}/src", ROOT
    for _ in range(2):
        assert term("cd .. && ls", allow=allow, cwd=inside).decision == "auto_approve"
        assert term("cd .. && ls", allow=allow, cwd=outside).decision == "require_approval"


def test_path_scope_follows_the_project_root():
    other = replace(HOST, root="/srv/ws/other")
    allow = ("Terminal(cat)",)
    for _ in range(2):
        assert term(f"cat {ROOT}/a.txt", allow=allow).decision == "auto_approve"
        v = term(f"cat {ROOT}/a.txt", allow=allow, project=other)
        assert v.reason == "cap_path_scope"


def test_protected_branch_moves_follow_the_project_s_branches():
    allow = ("Terminal(git branch -f main HEAD~1)",)
    guarded = replace(HOST, protected_branches=("main",))
    free = replace(HOST, protected_branches=("release",))
    for _ in range(2):
        assert term("git branch -f main HEAD~1", allow=allow, project=guarded).reason == "cap_protected_merge"
        assert term("git branch -f main HEAD~1", allow=allow, project=free).decision == "auto_approve"


def test_a_protected_write_follows_where_the_command_runs():
    allow = ("Terminal(cp)",)
    for _ in range(2):
        assert term("cp a.yml .github/workflows/ci.yml", allow=allow).reason == "unparseable"
        assert term("cp a.yml ci.yml", allow=allow).decision == "auto_approve"


@pytest.mark.parametrize(
    "command",
    [
        "ls -la && git status",
        "echo $(rm -rf /tmp/x)",
        "cd src && rm -rf ../..",
        "python -c 'import os' && npm test",
        "git push origin HEAD:main",
        "a;" * 3_000,  # longer than what is kept: read every time
        "|".join(f"a{k}" for k in range(60)),  # past MAX_SEGMENTS
    ],
)
def test_every_answer_is_the_same_the_second_time(command):
    rules = perms(("Terminal(ls)", "Terminal(git status)", "Terminal(npm test)"), ("Terminal(rm -rf /)",))
    container = ProjectState(execution_mode="container", container_running=True, root=ROOT)

    def make():  # type: ignore[no-untyped-def]
        return [
            DecisionRequest("terminal", "developer", project, command=command, cwd=cwd, permissions=rules)
            for project in (HOST, container)
            for cwd in (None, ROOT, f"{ROOT}/src")
        ]

    first, second = _twice(make)
    assert first == second
    assert parse_command(command) == parse_command(command)
