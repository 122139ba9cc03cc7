"""R1.5 [beyond], red team: a protected branch rewritten by git's history filters is moved, whatever allow covers
the command -- the protected-merge cap.

Written as an attacker would: ``git filter-branch`` given ``HEAD`` (or a range ending there) once the command has
checked out a protected branch (``git checkout main && git filter-branch --msg-filter cat HEAD``), which read
``HEAD`` as a branch of that name; and ``git filter-repo``, which rewrites every branch unless ``--refs`` names
some. Each is asked with reason cap_protected_merge even behind an allow written for each of its exact segments
(which lifts R3.7's and R4.9's asks, never a cap), in auto mode, on the container floor and on an agent's
machine. Rewriting a branch that is not protected, or analysing without rewriting, stays as it was.

22 of its 34 cases fail on f8fff7d (the session's start).
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

REWRITES = [
    "git checkout main && git filter-branch -f --tree-filter 'rm -f x' HEAD",
    "git checkout main && git filter-branch --msg-filter cat HEAD",
    "git checkout main && git filter-branch -f --index-filter 'git rm --cached x' -- HEAD",
    "git checkout main && git filter-branch --env-filter 'x=1' HEAD~5..HEAD",
    "git checkout main && git filter-branch -f --msg-filter cat head",
    "git switch dev && git filter-branch -f --msg-filter cat HEAD",
    "git switch release/2.0 && git filter-branch -f --msg-filter cat HEAD",
    "git checkout hotfix/a/b && git filter-branch -f --tree-filter true HEAD~2..HEAD",
    "git checkout -q qa; git filter-branch -f --msg-filter cat HEAD",
    "git checkout x && git checkout main && git filter-branch -f --msg-filter cat HEAD",
    "git checkout main && git -c core.pager=cat filter-branch -f --msg-filter cat HEAD",
    "git filter-repo --path x --invert-paths --force",
    "git filter-repo --force --path secrets.txt --invert-paths",
    "git filter-repo --replace-text expressions.txt --force",
    "git filter-repo --refs main --path x --force",
    "git filter-repo --refs=main --force",
    "git filter-repo --refs release/3 --path x --force",
    "git filter-repo --refs feature main --path x --force",
    "git checkout main && git filter-repo --force --path x",
    "git -C . filter-repo --force --subdirectory-filter src",
    "git filter-repo --force --mailmap .mailmap",
    "git filter-repo --strip-blobs-bigger-than 10M --force",
]

ORDINARY = [
    "git filter-repo --analyze",
    "git filter-repo --dry-run --path x",
    "git filter-repo --refs feature --path x --force",
    "git filter-repo --refs=feature --path x --force",
    "git checkout feature && git filter-branch -f --msg-filter cat HEAD",
    "git filter-branch -f --msg-filter cat feature",
    "git checkout main && git checkout feature && git filter-branch -f --msg-filter cat HEAD",
    "git checkout main && git log --oneline",
    "git checkout main && git status",
    "git commit -m x",
    "git push origin feature",
    "git checkout -b feature/x && git commit -am x",
]


def _exact(command: str) -> tuple[str, ...]:
    segments = [s.strip() for s in command.replace("&&", ";").split(";") if s.strip()]
    return (*allow_every_word(command), *(f"Terminal({s})" for s in segments))


@pytest.mark.parametrize("command", REWRITES)
def test_a_history_filter_that_rewrites_a_protected_branch_is_the_protected_merge_cap(command):
    for project, runs_in in ((SANDBOX, "sandbox"), (HOST, "agent")):
        v = term(command, allow=_exact(command), autonomy=AUTO_MODE, project=project, runs_in=runs_in)
        assert (v.decision, v.reason) == ("require_approval", "cap_protected_merge"), (
            command,
            runs_in,
            v.reason,
        )
        v = term(command, allow=_exact(command), project=project, runs_in=runs_in)
        assert v.decision == "require_approval", (command, runs_in, v.reason)


@pytest.mark.parametrize("command", ORDINARY)
def test_rewriting_or_reading_an_unprotected_branch_is_not_the_cap(command):
    for project, runs_in in ((SANDBOX, "sandbox"), (HOST, "agent")):
        v = term(command, allow=_exact(command), autonomy=AUTO_MODE, project=project, runs_in=runs_in)
        assert v.reason != "cap_protected_merge", (command, runs_in, v.message)
