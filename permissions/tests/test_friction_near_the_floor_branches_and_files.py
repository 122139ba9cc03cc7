"""Friction guards for this session's red team on the floor (R4.6), protected branches (R1.5) and the files that
decide what runs later (R3.7): the ordinary commands next to each attack class stay auto-approved in auto mode, in
Brabo's sandbox and on an agent's machine -- a project's own folders deleted, work on branches that are not
protected, writes under ``src/`` -- and a push of a feature branch keeps the external-effect cap only (it is no
move of a protected branch).

0 of its 25 cases fail on f8fff7d (the session's start): guards.
"""

from __future__ import annotations

import pytest

from permissions.decide import ProjectState

from .helpers import AUTO_MODE, ROOT, term

PROTECTED = ("dev", "qa", "rc", "main", "release/*", "hotfix/**")
SANDBOX = ProjectState(
    execution_mode="container", container_running=True, root=ROOT, protected_branches=PROTECTED
)
HOST = ProjectState(execution_mode="runner", root=ROOT, protected_branches=PROTECTED)

AUTO_APPROVED = [
    "rm -rf build",
    "rm -rf node_modules dist .pytest_cache",
    "rm -rf ./build/*",
    "find build -type f -delete",
    "git commit -m x",
    "git commit -am 'fix: x'",
    "git checkout -b feature/x",
    "git branch -f feature x",
    "git branch -D old-feature",
    "git rebase main",
    "git rebase origin/main",
    "git fetch origin",
    "git pull --rebase",
    "jj describe -m x",
    "jj new",
    "jj bookmark set feature -r @",
    "echo x > src/a.py",
    "cp src/a.py src/b.py",
    "mv src/a.py src/c.py",
    "sed -i s/a/b/ src/x.py",
    "printf 'x' > tests/test_x.py",
    "tee src/y.py < x",
    "mkdir -p src/pkg && touch src/pkg/__init__.py",
]

PUSHES = ["git push origin feature", "git push -u origin feature/x"]


@pytest.mark.parametrize("command", AUTO_APPROVED)
def test_ordinary_work_next_to_the_attack_classes_stays_auto_approved(command):
    for project, runs_in in ((SANDBOX, "sandbox"), (HOST, "agent")):
        v = term(command, autonomy=AUTO_MODE, project=project, cwd=ROOT, runs_in=runs_in)
        assert v.decision == "auto_approve", (command, runs_in, v.reason, v.message)


@pytest.mark.parametrize("command", PUSHES)
def test_a_feature_branch_push_is_the_external_effect_cap_only(command):
    for project, runs_in in ((SANDBOX, "sandbox"), (HOST, "agent")):
        v = term(command, autonomy=AUTO_MODE, project=project, cwd=ROOT, runs_in=runs_in)
        assert (v.decision, v.reason) == ("require_approval", "cap_external_effect"), (
            command,
            runs_in,
            v.reason,
        )
