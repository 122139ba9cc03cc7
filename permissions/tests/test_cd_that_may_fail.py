"""R4.6 and R6.2, red team: `cd X && A; B` -- A runs in X, but B runs whether the `cd` worked or not. Where a
command may be was narrowed to X for the rest of the command, so a `cd` that fails (a folder that does not
exist) put B back where the command was before it, unseen: `cd /; cd /nonexistent && true; rm -rf sb*` deleted
/sbin, and `cd a/b/c/d/e && true; cat ../../../../../etc/passwd` read above the project. Past the `&&` chain a
failed `cd` may have left the command where it was, and `cd -` goes to the previous directory only where that
is known -- `cd packages/ui && npm test && cd - && git status` is back at the project's folder.
"""

from __future__ import annotations

import pytest

from .helpers import AUTO_MODE, CONTAINER_RUNNING, HOST, ROOT, term

FLOOR_ALLOW = ("Terminal(rm)", "Terminal(cd)", "Terminal(true)", "Terminal(ls)", "Terminal(echo)")

DELETES_UNDER_THE_ROOT = [
    "cd /; cd /nonexistent && true; rm -rf sb*",
    "cd /; cd /nonexistent && true\nrm -rf sb*",
    "cd /; cd /nonexistent && true & rm -rf sb*",
    "cd /; cd nope && ls; rm -rf li?",
    "cd / && cd /nope && echo moved; rm -rf sb*",
    "cd /; cd /nope && cd /nope2 && true; rm -rf sb*",
    "cd /; cd /nope && true; true; rm -rf sb*",
    "cd /\ncd /nope && true\nrm -rf sb*",
    # the chain ends after a subshell, a group or a substitution, whose own operators are not the chain's
    "cd /; cd /nope && (true); rm -rf sb*",
    "cd /; cd /nope && (true) && (true); rm -rf sb*",
    "cd /; cd /nope && (true)\nrm -rf sb*",
    "cd /; cd /nope && (true) & rm -rf sb*",
    "cd /; cd /nope && { true; }; rm -rf sb*",
    "cd /; cd /nope && x=$(true); rm -rf sb*",
]


@pytest.mark.parametrize("command", DELETES_UNDER_THE_ROOT)
def test_a_cd_that_may_fail_leaves_the_floor_where_it_was(command):
    v = term(
        command, allow=FLOOR_ALLOW, autonomy=AUTO_MODE, project=CONTAINER_RUNNING, cwd=ROOT, runs_in="sandbox"
    )
    assert v.decision == "deny", (command, v.reason, v.message)


READS_ABOVE = [
    "cd a/b/c/d/e && true; cat ../../../../../etc/passwd",
    "cd a/b/c/d/e && ls\ncat ../../../../../etc/passwd",
    "cd a/b/c/d/e && true & cat ../../../../../etc/passwd",
    "cd x/y/z && ls; cp ../../../../etc/shadow leak",
    "cd src && ls; cat ../README.md",  # if src does not exist, `..` is above the project
]


@pytest.mark.parametrize("command", READS_ABOVE)
@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
def test_a_cd_that_may_fail_leaves_the_scope_where_it_was(command, runs_in):
    allow = ("Terminal(cat)", "Terminal(cd)", "Terminal(true)", "Terminal(ls)", "Terminal(cp)")
    v = term(command, allow=allow, cwd=ROOT, runs_in=runs_in)
    assert (v.decision, v.reason) == ("require_approval", "cap_path_scope"), (command, v.reason, v.message)


READER = ("Terminal(npm test)", "Terminal(git status)", "Terminal(cat)", "Terminal(ls)")


@pytest.mark.parametrize(
    "command",
    [
        "cd packages/ui && npm test && cd - && git status",
        "cd packages/ui && npm test && cd - && cat README.md",
        "cd a && cd b && cd - && ls",  # back in a
        "cd src && ls && cat ../README.md",  # the chain runs only where the cd worked
        "cd build && ls; git status",  # nothing after the chain climbs
    ],
)
def test_cd_back_where_it_is_known_needs_no_rule(command):
    v = term(command, allow=READER, cwd=ROOT)
    assert v.decision == "auto_approve", (command, v.reason, v.message)


@pytest.mark.parametrize(
    "command",
    [
        "cd - && git status",  # the shell's previous directory: anywhere
        "cd packages/ui; npm test; cd - && cat x",  # a failed first cd leaves the shell's own
        "cd /tmp && cd - && cat x",
        "cd packages/ui || true; cd - && ls",
    ],
)
@pytest.mark.parametrize("allow_cd", [False, True])
def test_cd_back_where_it_is_not_known_asks(command, allow_cd):
    allow = (*READER, "Terminal(cd)") if allow_cd else READER
    v = term(command, allow=allow, cwd=ROOT)
    assert v.decision == "require_approval", (command, v.reason, v.message)
    v = term(command, autonomy=AUTO_MODE, project=HOST, cwd=ROOT, runs_in="agent")
    assert v.decision == "require_approval", (command, v.reason, v.message)
