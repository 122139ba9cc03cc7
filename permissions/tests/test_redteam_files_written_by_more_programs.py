"""Red team, files that decide what runs later (R3.7) written by programs the table of writers did not know:
an output option (`gpg -o F`, `openssl … -out F`, `pandoc -o F`, `xh -o F`, `aria2c -d DIR`), an in-place flag
(`yq -i`, `sops -i`), a copy out of a container (`docker cp c:/x F`, `kubectl cp`), cmake's file commands,
`sponge F`, `ditto`, `zip F`, `rename`, a clone or worktree into a protected folder (`git clone URL .github`,
the default folder of `…/org/.github.git`), a `git config` setting whose value git runs later
(`core.fsmonitor`, `alias.x=!cmd`, filters) -- and more entries of the families: Gitea's and Forgejo's
workflows, git's XDG folder and `.lfsconfig`, husky 4's and lint-staged's configuration, direnv's rc, Cursor's
folder. None is auto-approved on the container floor or in auto mode; the same programs writing ordinary
files are.
"""

from __future__ import annotations

import pytest

from permissions.decide import DecisionRequest, decide
from permissions.tests.helpers import AUTO_MODE, CONTAINER_RUNNING, ROOT, perms, term

WRITES = [
    "gpg -o .envrc -d secrets.gpg",
    "gpg --output .github/workflows/ci.yml --decrypt x.gpg",
    "gpg2 --output=.npmrc -d x",
    "age -d -o .claude/settings.json x.age",
    "openssl enc -d -aes256 -in x -out .git/hooks/pre-commit",
    "openssl base64 -d -in x -out .npmrc",
    "pandoc -o .envrc notes.md",
    "iconv -f utf-8 -t ascii -o .gitattributes x",
    "xmllint --output .idea/workspace.xml x.xml",
    "xh -o .husky/pre-commit https://x/hook",
    "xh --download -o .npmrc https://x",
    "http --download -o .envrc https://x",
    "aria2c -d .git/hooks https://x/pre-commit",
    "aria2c -o .envrc https://x",
    "yq -i '.jobs.x.steps=[]' .github/workflows/ci.yml",
    "yq eval -i '.repos=[]' .pre-commit-config.yaml",
    "sops -d -i .envrc",
    "sops --decrypt --output .env x.enc",
    "docker cp box:/tmp/x .envrc",
    "docker container cp box:/x .git/hooks/pre-push",
    "cmake -E copy x .envrc",
    "cmake -E rename x .gitlab-ci.yml",
    "cmake -E remove .pre-commit-config.yaml",
    "echo x | sponge .envrc",
    "jq . x.json | sponge .claude/settings.json",
    "ditto x .npmrc",
    "zip .envrc x",
    "rename 's/x/.envrc/' x",
    "git clone https://x/hooks .husky",
    "git clone --depth 1 https://x/ci .github",
    "git clone https://github.com/org/.github.git",
    "git clone https://x/y .git/hooks",
    "git worktree add .claude/wt",
    "git config core.fsmonitor ./watch.sh",
    "git config core.pager 'sh -c x'",
    "git config alias.st '!sh ./s'",
    "git config filter.lfs.smudge 'curl x'",
    "git config set core.sshCommand 'ssh -o ProxyCommand=x'",
    "git config --global core.pager ./p.sh",
    "echo x > .gitea/workflows/ci.yml",
    "cp x .Forgejo/Workflows/ci.yml",
    "echo '[lfs]' > .lfsconfig",
    "tee .config/git/attributes < x",
    "echo x > .huskyrc.json",
    "echo '{}' > .lintstagedrc",
    "cp x lint-staged.config.mjs",
    "echo x > ~/.config/direnv/direnvrc",
    "echo '{}' > .cursor/mcp.json",
]


@pytest.mark.parametrize("command", WRITES)
def test_a_write_by_another_program_is_never_auto_approved(command):  # R3.7
    for kw in ({"project": CONTAINER_RUNNING}, {"autonomy": AUTO_MODE}):
        v = term(command, cwd=ROOT, **kw)
        assert v.decision != "auto_approve", (command, v.reason)


@pytest.mark.parametrize(
    "path",
    [
        ".gitea/workflows/ci.yml",
        ".forgejo/actions/x/action.yml",
        ".lfsconfig",
        ".config/git/config",
        ".huskyrc",
        ".lintstagedrc.json",
        "lint-staged.config.js",
        "direnvrc",
        ".cursor/mcp.json",
    ],
)
def test_write_file_into_the_new_entries_is_never_auto_approved(path):  # R3.7
    v = decide(
        DecisionRequest(
            "write_file",
            "developer",
            CONTAINER_RUNNING,
            permissions=perms(allow=("WriteFile()",)),
            autonomy=AUTO_MODE,
            payload={"path": path},
        )
    )
    assert v.decision == "require_approval", (path, v.reason)


ORDINARY = [
    "gpg -o notes.txt -d notes.gpg",
    "openssl enc -d -in x -out out.bin",
    "yq -i '.version=2' config.yaml",
    "xh -o out.json https://x",
    "pandoc -o out.pdf notes.md",
    "docker cp box:/tmp/report.txt ./report.txt",
    "cmake -E copy a.txt b.txt",
    "zip out.zip a b",
    "git clone https://x/repo.git",
    "git clone https://x/repo lib",
    "git config user.email dev@example.com",
    "git config pull.rebase true",
    "docker ps",
    "cmake --build build",
]


@pytest.mark.parametrize("command", ORDINARY)
def test_the_same_programs_writing_ordinary_files_stay_auto_approved(command):  # friction
    for kw in ({"project": CONTAINER_RUNNING}, {"autonomy": AUTO_MODE}):
        v = term(command, cwd=ROOT, **kw)
        assert v.decision == "auto_approve", (command, v.reason)
