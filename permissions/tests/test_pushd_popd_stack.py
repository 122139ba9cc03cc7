"""`pushd` and `popd` keep a stack of directories (R4.6, R6.2): where a `popd` lands is the top of that stack,
not the previous directory.

bash's directory stack: `pushd DIR` puts the directory it leaves on the stack and moves to DIR; `popd` takes
the top off and moves there; a bare `pushd` swaps the top two; `pushd -n DIR` puts DIR under the top without
moving; `pushd +N`/`popd +N` rotate or drop entries. The directory tracker (permissions.where) read every
`popd` and bare `pushd` as `cd -`, so the floor judged a deletion where the command was not
(`cd / && pushd /tmp && cd a && popd && rm -rf *` empties `/`, read as emptying `/tmp`), and the path scope
asked for every `pushd`/`popd` (`pushd src && make && popd`). The stack is followed as far as the command
shows it; once a `pushd`/`popd` may have failed (`;`, or its `&&` chain ended), or the order was rotated, a
`popd` may land on any directory the command put on the stack, or on one of the shell's own (unknown).
"""

from __future__ import annotations

import pytest

from permissions.decide import ProjectState
from permissions.tests.helpers import AUTO_MODE, CONTAINER_RUNNING, term

# Each lands on `/` through the stack, then empties it (the floor, R4.6).
LANDS_ON_ROOT = [
    "cd / && pushd /tmp && cd /tmp/a && popd && rm -rf *",
    "cd / && pushd /tmp > /dev/null && cd a && popd > /dev/null && rm -rf *",
    "cd / && pushd /tmp && cd a && popd && find . -delete",
    "cd / && pushd /usr && cd lib && popd && rm -rf sb*",
    "cd / && pushd /usr && cd lib && popd && rm -rf ./*",
    "cd / && pushd -n /tmp && pushd /var && cd lib && popd && rm -rf *",
    "cd /tmp && pushd -n / && popd && rm -rf *",
    "cd /tmp && pushd -n / && popd >/dev/null 2>&1 && rm -rf ./*",
    "cd /tmp && pushd / && pushd /tmp && pushd +1 && rm -rf sb*",
    "cd /tmp && pushd / && pushd /var && popd +0 && rm -rf sb*",
    "for i in 1 2; do popd && rm -rf sb*; pushd -n /; done",
    "while true; do popd && rm -rf ./*; pushd -n /; done",
    "cd / && pushd /tmp && builtin cd /tmp/a && builtin popd && rm -rf *",
    "cd / && pushd /tmp && cd /tmp/a && command popd && rm -rf *",
    "cd / ; pushd /tmp ; cd /tmp/a ; popd ; rm -rf *",
    "cd / && pushd /tmp && cd a || true; popd; rm -rf *",
    # DIRSTACK is the stack itself: what is assigned there is where a popd lands
    "cd /tmp && pushd /tmp && DIRSTACK[1]=/ && popd && rm -rf *",
    "cd /tmp && pushd /var && DIRSTACK[1]=$X && popd && rm -rf ./*",
    "pushd /tmp && declare -a DIRSTACK && DIRSTACK[1]=/ && popd && rm -rf *",
]


@pytest.mark.parametrize("command", LANDS_ON_ROOT)
def test_the_floor_follows_the_stack_to_the_root(command):
    for v in (
        term(command, project=CONTAINER_RUNNING, autonomy=AUTO_MODE),
        term(
            command,
            allow=("Terminal(rm)", "Terminal(find)", "Terminal(cd)", "Terminal(pushd)", "Terminal(popd)"),
        ),
    ):
        assert (v.decision, v.reason) == ("deny", "builtin_deny"), (command, v.message)


@pytest.mark.parametrize(
    "command",
    [
        # bash: `pushd /` stacks /tmp; `cd /tmp` replaces the top; the bare `pushd` swaps back to /tmp
        "cd /tmp && pushd / && cd /tmp && pushd && rm -rf sb*",
        # two pushes, two pops: back where the command started (the project), not at `/`
        "pushd / && pushd /tmp && cd a && popd && popd && rm -rf sb*",
        "pushd / > /dev/null && cd /tmp && popd > /dev/null && rm -rf sb*",
    ],
)
def test_a_popd_back_into_the_project_is_not_the_root(command):
    v = term(command, project=CONTAINER_RUNNING, autonomy=AUTO_MODE)
    assert v.decision != "deny", v.message


ALLOW = (
    "Terminal(make)",
    "Terminal(npm test)",
    "Terminal(ls)",
    "Terminal(cat)",
    "Terminal(git status)",
    "Terminal(pytest)",
)

BACK_INSIDE = [
    "pushd src && make && popd",
    "pushd src && make && popd && git status",
    "pushd packages/ui && npm test && popd && ls",
    "pushd packages/ui > /dev/null && npm test && popd > /dev/null",
    "pushd src >/dev/null 2>&1 && ls && popd >/dev/null 2>&1 && cat README.md",
    "pushd src && cat ../README.md && popd",
    "cd src && pushd ../docs && ls && popd && cat ../README.md",
    "pushd src && pushd ../docs && popd && popd && cat README.md",
    "pushd src && pushd ../docs && pushd && ls && popd && popd",  # the bare `pushd` swaps inside
    "pushd tests && pytest -q && popd && pushd src && make && popd",
    "cd src && pushd .. && ls && popd && cat ../x.md",  # back in src: `../x.md` is the project's
]


@pytest.mark.parametrize("command", BACK_INSIDE)
@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
def test_a_stack_that_stays_inside_is_the_scope_declaration(command, runs_in):
    v = term(command, allow=ALLOW, runs_in=runs_in)
    assert (v.decision, v.reason) == ("auto_approve", "allow_rule"), (command, v.message)


OUTSIDE = [
    "popd && ls",  # the shell's own stack: not known
    "popd > /dev/null && cat ../README.md",
    "pushd && ls",  # swaps with the shell's own entry
    "pushd src && popd && popd && ls",  # the second pops past what the command pushed
    "pushd src; make; popd && ls",  # `pushd src` may have failed: the `popd` may take the shell's own
    "pushd src && make; popd; ls",  # the chain ended: the same
    "pushd +1 && ls",
    "pushd -n src && popd && ls",  # the order decides: not followed exactly
    "pushd /etc && popd && ls",
    "pushd ../.. && popd && ls",
    "pushd ~ && popd && ls",
    'pushd "$HOME" && popd && ls',
    "pushd src && popd -n && ls",
    "cd src && pushd .. && popd && popd && cat ../x.md",
    "for d in a b; do pushd $d && make && popd; done; cat ../x",
    "pushd src > /tmp/out && make && popd",  # the redirection itself is outside
    "pushd src && DIRSTACK[1]=/etc && popd && ls",
]


@pytest.mark.parametrize("command", OUTSIDE)
@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
def test_a_stack_the_command_does_not_show_asks(command, runs_in):
    v = term(command, allow=ALLOW, runs_in=runs_in)
    assert v.decision == "require_approval", (command, v.message)


def test_the_scope_declaration_needs_a_scope():
    # no project folder (an invalid root): nothing is inside, so the stack declares nothing
    v = term("pushd src && make && popd", allow=ALLOW, project=ProjectState(execution_mode="local", root="/"))
    assert v.decision == "require_approval", v.message
