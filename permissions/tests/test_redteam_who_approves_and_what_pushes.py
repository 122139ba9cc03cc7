"""Red team: R3.7's "changes who decides" and two acts the families missed.

- The files that decide who must approve a change before it merges -- GitHub's and GitLab's CODEOWNERS (at
  the root, in .github/, docs/ or .gitlab/), Prow's and Chromium's OWNERS and OWNERS_ALIASES, the settings
  app's .github/settings.yml (branch protection as a file) -- are protected: never auto-approved when
  written, moved, edited or deleted; reading them is ordinary.
- `git config safe.directory '*'` (and `--global --add`, `safe.bareRepository all`, `-c safe.directory=*`)
  turns off git's check that a repository belongs to this user: it asks.
- `skaffold build` pushes the images it builds (with `--push`, and by default to a cluster that is not local):
  an external effect unless `--push=false`; its deploys (`run`, `deploy`) asked already.
"""

from __future__ import annotations

import pytest

from permissions.decide import AutonomyRow, DecisionRequest, ProjectState, decide

from .helpers import AUTO_MODE, ROOT, allow_every_word, assert_capped, perms, term

PROJECT = ProjectState(execution_mode="container", container_running=True, root=ROOT)

OWNER_FILES = [
    "CODEOWNERS",
    ".github/CODEOWNERS",
    "docs/CODEOWNERS",
    ".gitlab/CODEOWNERS",
    "codeowners",
    ".GitHub/CodeOwners",
    "OWNERS",
    "pkg/api/OWNERS",
    "OWNERS_ALIASES",
    ".github/settings.yml",
    "CODEOWNERS.",
]
_WRITERS = [
    "echo '* @me' > '{p}'",
    "echo '* @me' >> '{p}'",
    "tee '{p}'",
    "cp evil '{p}'",
    "mv evil '{p}'",
    "sed -i s/@team/@me/ '{p}'",
    "rm -f '{p}'",
    "truncate -s 0 '{p}'",
]


@pytest.mark.parametrize("path", OWNER_FILES)
def test_write_file_into_one_is_never_auto_approved(path):
    for autonomy in ((AutonomyRow("write_file", "auto_approve"),), AUTO_MODE):
        v = decide(
            DecisionRequest(
                "write_file",
                "developer",
                PROJECT,
                permissions=perms(allow=("WriteFile()",)),
                autonomy=autonomy,
                payload={"path": path},
            )
        )
        assert v.decision == "require_approval", (path, v.reason)


@pytest.mark.parametrize("path", OWNER_FILES)
@pytest.mark.parametrize("template", _WRITERS)
def test_a_shell_write_into_one_is_never_auto_approved(path, template):
    command = template.format(p=path)
    for v in (
        term(command, autonomy=AUTO_MODE),
        term(command, project=PROJECT),
        term(command, allow=allow_every_word(command)),
    ):
        assert v.decision != "auto_approve", (command, v.reason)


@pytest.mark.parametrize(
    "command",
    [
        "cat .github/CODEOWNERS",
        "grep -n team CODEOWNERS",
        "echo x > OWNERS.md",
        "echo x > docs/codeowners.txt",
        "echo x > src/owners.py",
        "echo x > .github/ISSUE_TEMPLATE/bug.md",
    ],
)
def test_files_beside_them_stay_auto_approved(command):
    assert term(command, autonomy=AUTO_MODE).decision == "auto_approve", command


@pytest.mark.parametrize(
    "command",
    [
        "git config safe.directory '*'",
        "git config --global safe.directory '*'",
        "git config --global --add safe.directory '*'",
        "git config --global --add safe.directory /srv/other",
        "git config --system --add safe.directory '*'",
        "git config --global safe.bareRepository all",
        "git config --global SAFE.Directory '*'",
        "git -c safe.directory='*' status",
        "git -C /srv/other -c safe.directory=/srv/other log",
    ],
)
def test_turning_off_git_safety_checks_asks(command):
    for v in (term(command, autonomy=AUTO_MODE), term(command, project=PROJECT)):
        assert v.decision == "require_approval", (command, v.reason)


@pytest.mark.parametrize(
    "command",
    ["git config --global --get safe.directory", "git config --get-all safe.directory", "git config --list"],
)
def test_reading_git_settings_stays_auto_approved(command):
    assert term(command, autonomy=AUTO_MODE).decision == "auto_approve", command


@pytest.mark.parametrize(
    "command",
    [
        "skaffold build --push",
        "skaffold build --push=true",
        "skaffold build",
        "skaffold build -p prod",
        "skaffold -v info build --push",
        "skaffold build --file-output=tags.json",
        "skaffold run",
        "skaffold deploy",
        "skaffold deploy --build-artifacts=tags.json",
        "skaffold dev",
        "skaffold apply manifests.yaml",
        "skaffold delete",
    ],
)
def test_skaffold_builds_that_push_and_its_deploys_ask(command):
    assert_capped(command)


@pytest.mark.parametrize(
    "command",
    [
        "skaffold build --push=false",
        "skaffold render",
        "skaffold diagnose",
        "skaffold version",
        "skaffold fix",
    ],
)
def test_skaffold_forms_that_stay_here_are_not_capped(command):
    assert term(command, autonomy=AUTO_MODE).decision == "auto_approve", command
