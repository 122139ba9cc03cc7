"""Files that decide what runs later, the families R3.7 names: CI pipelines (and the pipelines every hosted runner
and platform reads from the repository and runs on a push, with the project's secrets), git hook managers,
editors' task runners and settings (and the start tasks of cloud workspaces, the editors' server lists),
environment loaders, package managers' settings.

Written as an attacker would: each file written through the typed ``write_file`` under its autonomy and
through shell writes of every kind, in any case and with the spellings a case-insensitive or Windows file
system reads as the same name. None is auto-approved; ordinary source edits stay auto-approved.
"""

from __future__ import annotations

import pytest

from .helpers import (
    AUTO_MODE,
    WRITE_AUTO,
    assert_shell_writes_never_auto_approved,
    dev_terminal,
    dev_write_file,
)

FILES = [
    # CI
    ".github/actions/setup/action.yml",
    ".gitlab/ci/build.yml",
    ".gitlab-ci.yaml",
    ".circleci/config.yml",
    "azure-pipelines.yml",
    ".azure-pipelines/deploy.yml",
    "Jenkinsfile",
    "jenkinsfile",
    "Jenkinsfile.release",
    ".buildkite/pipeline.yml",
    ".travis.yml",
    "bitbucket-pipelines.yml",
    ".drone.yml",
    ".woodpecker/build.yml",
    "cloudbuild.yaml",
    ".tekton/pipeline.yaml",
    # hosted runners that read their pipeline from the repository and run it on a push, with the secrets
    ".semaphore/semaphore.yml",
    "codemagic.yaml",
    "bitrise.yml",
    ".cirrus.star",
    "buildspec.yml",
    "BuildSpec.yaml",
    ".harness/pipeline.yaml",
    ".teamcity/settings.kts",
    "bamboo-specs/bamboo.yml",
    ".rultor.yml",
    "codefresh.yml",
    ".drone.yaml",
    ".drone.star",
    ".drone.jsonnet",
    ".build.yml",
    ".builds/linux.yml",
    "cloudbuild.json",
    "amplify.yml",
    # hosting platforms' build, release and deploy commands, run on a push
    "netlify.toml",
    "web/netlify.toml",
    "vercel.json",
    "Vercel.JSON",
    "render.yaml",
    "railway.json",
    "railway.toml",
    "nixpacks.toml",
    "Procfile",
    "procfile",
    ".platform.app.yaml",
    ".platform/hooks/prebuild/01.sh",
    ".ebextensions/01-packages.config",
    # git hook managers
    "lefthook.yml",
    ".lefthook.yml",
    "lefthook-local.yml",
    ".githooks/pre-commit",
    ".overcommit.yml",
    ".simple-git-hooks.json",
    # editors
    ".vscode/settings.json",
    ".vscode/launch.json",
    ".VSCode/Settings.JSON",
    ".idea/workspace.xml",
    ".idea/runConfigurations/x.xml",
    ".devcontainer/devcontainer.json",
    ".devcontainer.json",
    ".zed/tasks.json",
    # cloud workspaces' start tasks; editors' project files that name the programs they start
    ".gitpod.yml",
    ".idx/dev.nix",
    ".replit",
    ".helix/languages.toml",
    ".nvim.lua",
    ".nvimrc",
    ".exrc",
    # environment loaders
    ".env",
    ".env.local",
    ".env.production",
    ".ENV",
    ".flaskenv",
    "mise.toml",
    ".mise.toml",
    ".tool-versions",
    "devbox.json",
    # package managers
    ".pypirc",
    "pip.ini",
    "uv.toml",
    "poetry.toml",
    ".condarc",
    ".pnpmfile.cjs",
    "bunfig.toml",
    ".yarn/releases/yarn-4.1.0.cjs",
    ".yarn/plugins/x.cjs",
    ".cargo/config.toml",
    ".cargo/config",
    ".CARGO/Config.toml",
    ".gemrc",
    ".bundle/config",
    ".mvn/extensions.xml",
    ".mvn/wrapper/maven-wrapper.properties",
    "gradle/wrapper/gradle-wrapper.properties",
    # Windows reads these names as the protected ones (trailing dots and spaces, a stream suffix)
    ".npmrc.",
    ".envrc ",
    ".npmrc::$DATA",
    ".github/workflows./ci.yml",
    "sub/dir/.circleci/config.yml",
]


@pytest.mark.parametrize("path", FILES)
def test_write_file_into_one_is_never_auto_approved(path):
    for autonomy in (WRITE_AUTO, AUTO_MODE):
        v = dev_write_file(path, autonomy)
        assert v.decision == "require_approval", (path, v.reason)


_WRITERS = [
    "echo x > '{p}'",
    "tee '{p}'",
    "cp evil '{p}'",
    "mv evil '{p}'",
    "sed -i s/a/b/ '{p}'",
    "rm -f '{p}'",
]


@pytest.mark.parametrize("path", FILES)
def test_a_shell_write_into_one_is_never_auto_approved(path):
    assert_shell_writes_never_auto_approved(path, _WRITERS)


@pytest.mark.parametrize(
    "command",
    [
        "lefthook install",
        "npx lefthook install",
        "npx simple-git-hooks",
        "mise use node@20",
        "mise trust",
        "asdf local nodejs 20",
        "poetry config --local virtualenvs.in-project true",
        "bundle config set --local path vendor",
        "dotenv set KEY value",
    ],
)
def test_a_cli_that_writes_one_is_never_auto_approved(command):
    v = dev_terminal(command, AUTO_MODE)
    assert v.decision != "auto_approve", (command, v.reason)


@pytest.mark.parametrize(
    ("protected", "ordinary"),
    [
        (".vscode/settings.json", "src/settings.json"),
        (".env", "src/env.py"),
        ("Jenkinsfile", "docs/jenkins.md"),
        (".circleci/config.yml", "config/app.yml"),
        ("lefthook.yml", "hooks/useThing.ts"),
        (".cargo/config.toml", "Cargo.toml"),
        (".pypirc", "pyproject.toml"),
        (".idea/workspace.xml", "src/idea.py"),
        (".github/actions/x/action.yml", ".github/ISSUE_TEMPLATE/bug.md"),
        (".devcontainer/devcontainer.json", "package.json"),
        # the platforms' deploy-only files: the deploy that reads them asks
        ("vercel.json", "fly.toml"),
        ("netlify.toml", "firebase.json"),
        ("Procfile", "wrangler.toml"),
        ("render.yaml", "app.json"),
        (".helix/languages.toml", "helix/x.toml"),
    ],
)
def test_ordinary_files_beside_them_stay_auto_approved(protected, ordinary):
    assert dev_write_file(protected).decision == "require_approval", protected
    assert dev_write_file(ordinary).decision == "auto_approve", ordinary
