"""R1.5 [beyond], red team: Jujutsu rewriting the commit a protected bookmark points at moves that bookmark (a git
branch in a colocated repository) -- the protected-merge cap.

Written as an attacker would: the commands that rewrite a revision jj's table did not list (``jj sign``, ``jj
unsign``, ``jj resolve``, ``jj file chmod`` with ``-r main``), and the working copy made a child of a protected
bookmark's commit by ``jj new`` (``-A`` too) and then squashed or absorbed into that parent with no revision named
(``jj new main && jj squash``). Each is asked with reason cap_protected_merge behind an allow of every segment, in
auto mode, in the sandbox and on an agent's machine. The same on a bookmark that is not protected, or a
working copy made a child of another commit since, stays as it was.

16 of its 28 cases fail on f8fff7d (the session's start).
"""

from __future__ import annotations

import pytest

from permissions.decide import ProjectState

from .helpers import AUTO_MODE, ROOT, allow_every_word, term

PROTECTED = ("dev", "qa", "rc", "main", "release/*", "hotfix/**")
SANDBOX = ProjectState(
    execution_mode="container", container_running=True, root=ROOT, protected_branches=PROTECTED
)
HOST = ProjectState(execution_mode="runner", root=ROOT, protected_branches=PROTECTED)

MOVES = [
    "jj sign -r main",
    "jj sign --revisions dev",
    "jj sign -r 'main | dev'",
    "jj unsign -r main",
    "jj resolve -r main",
    "jj resolve --revision release/2 x.txt",
    "jj file chmod x a.sh -r main",
    "jj file chmod --revision=qa x a.sh",
    "jj new main && jj squash",
    "jj new main; jj squash -m x",
    "jj new main && jj absorb",
    "jj new -A main && jj squash",
    "jj new dev -m wip && jj squash",
    "jj --no-pager new rc && jj squash",
    "jj new hotfix/a/b && jj squash --keep-emptied",
    "jj new x main && jj squash",
]

ORDINARY = [
    "jj sign -r feature",
    "jj resolve",
    "jj file chmod x a.sh",
    "jj file show -r main a.txt",
    "jj new feature && jj squash",
    "jj new main && jj squash --into feature",
    "jj new main && jj new feature && jj squash",
    "jj new main",
    "jj squash",
    "jj absorb",
    "jj new main && jj describe -m x",
    "jj log -r main",
]


def _verdicts(command: str):
    allow = allow_every_word(command) + tuple(
        f"Terminal({s.strip()})" for s in command.replace("&&", ";").split(";") if s.strip()
    )
    for project, runs_in in ((SANDBOX, "sandbox"), (HOST, "agent")):
        yield runs_in, term(command, allow=allow, autonomy=AUTO_MODE, project=project, runs_in=runs_in)
        yield runs_in, term(command, allow=allow, project=project, runs_in=runs_in)


@pytest.mark.parametrize("command", MOVES)
def test_a_protected_bookmarks_commit_rewritten_is_the_protected_merge_cap(command):
    for runs_in, v in _verdicts(command):
        assert (v.decision, v.reason) == ("require_approval", "cap_protected_merge"), (
            command,
            runs_in,
            v.reason,
        )


@pytest.mark.parametrize("command", ORDINARY)
def test_rewriting_another_commit_is_not_the_cap(command):
    for runs_in, v in _verdicts(command):
        assert v.reason != "cap_protected_merge", (command, runs_in, v.message)
