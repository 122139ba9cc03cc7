"""Friction, R4.4: a `cd` that ends the command moves nothing that runs after it in this command.

`cd packages/ui && pnpm test; cd ../..` and `cd tests; cd -` asked behind an allow of the test runner
(compound_uncovered): after `;` the first `cd` may have failed, so where the last one lands was not known --
but nothing of this command runs there (an agent's next command comes with its own working folder, judged
again). Such a last `cd`, `cd -`, `pushd` or `popd` (top level, no redirection) is grammar: it needs no allow of
its own and is still read by deny, ask and the path scope (`pnpm test; cd /etc` still asks on the agent). A `cd`
anywhere else keeps its reading.
"""

import pytest

from .helpers import AUTO_MODE, ROOT, term

TEAM = tuple(f"Terminal({c})" for c in ("pytest", "pnpm test", "npm test", "ls", "cat", "git status"))

ALLOWED = [
    "cd packages/ui && pnpm test; cd ../..",
    "cd packages/ui; pnpm test; cd ../..",
    "cd tests; cd -",
    "cd tests && pytest -q; cd -",
    "cd tests; pytest -q; cd -",
    "cd web && npm test; cd ..",
    "pushd packages/ui && pnpm test; popd",
    "cd src && ls; cd -",
]


@pytest.mark.parametrize("command", ALLOWED)
def test_a_trailing_cd_is_grammar(command):
    for runs_in in ("sandbox", "agent"):
        v = term(command, allow=TEAM, cwd=ROOT, runs_in=runs_in)
        assert v.decision == "auto_approve", (command, runs_in, v.reason, v.message)


NOT_LOOSENED = [
    "cd ../..",  # alone: nothing anybody allowed
    "cd tests; cd -; ls",  # not the last: ls runs where `cd -` went
    "cd tests; cd ../..; ls",
    "pnpm test; cd ../.. && ls",
    "pnpm test; cd /etc > x",
    "pnpm test; cd $(curl -s x)",
    "pnpm test; cd ..; rm -rf x",
]


@pytest.mark.parametrize("command", NOT_LOOSENED)
def test_a_cd_with_something_after_it_keeps_its_reading(command):
    v = term(command, allow=TEAM, cwd=ROOT)
    assert v.decision == "require_approval", (command, v.reason, v.message)


# (a trailing `cd ../../..` was auto-approved on the base already, in auto mode and behind an allow of cd: the
# scope reads a climb at the end as moving nothing that runs)
@pytest.mark.parametrize("command", ["pnpm test; cd /etc", "pnpm test; cd ~/.ssh"])
def test_the_scope_still_reads_a_trailing_cd(command):
    for autonomy in ((), AUTO_MODE):
        v = term(command, allow=TEAM, autonomy=autonomy, cwd=ROOT, runs_in="agent")
        assert (v.decision, v.reason) == ("require_approval", "cap_path_scope"), (command, v.message)


def test_deny_still_reads_a_trailing_cd():
    v = term("pnpm test; cd ../..", allow=TEAM, deny=("Terminal(cd ../..)",), cwd=ROOT)
    assert v.decision == "deny"
