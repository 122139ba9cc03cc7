"""R3.7, red team: the pipelines that hosted runners and platforms read from the repository and run on a push
with the project's secrets, beyond the ones R3.7 names -- Semaphore, Codemagic, Bitrise, Cirrus's Starlark, AWS
CodeBuild, Harness, TeamCity's versioned settings, Bamboo specs, Rultor, Codefresh, Drone's other spellings,
SourceHut, Cloud Build's JSON, Amplify, and the hosting platforms' build and release commands (Netlify, Vercel,
Render, Railway and Nixpacks, the Procfile's release phase, Platform.sh, Elastic Beanstalk's extensions and
hooks) -- and the files that start programs when a workspace or an editor opens the project (Gitpod's tasks,
Firebase Studio's .idx, Replit's onBoot, Helix's language servers, Neovim's and Vim's exrc) or load into a shell
(devbox.json). Each is written through the typed write_file under its autonomy and in auto mode, and through
every kind of shell write behind a prefix allow of the writer, in any case: none is auto-approved. The
platforms' other files (fly.toml, firebase.json, wrangler.toml: read by a deploy a person starts, which asks)
and ordinary files beside these stay as they were.
"""

from __future__ import annotations

import pytest

from permissions.decide import AutonomyRow, DecisionRequest, ProjectState, decide
from permissions.seeds import DEV_TERMINAL_ALLOW_PATTERNS

from .helpers import AUTO_MODE, ROOT, perms

PROJECT = ProjectState(execution_mode="container", container_running=True, root=ROOT)
WRITE_AUTO = (AutonomyRow("write_file", "auto_approve"),)

FILES = [
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
    "netlify.toml",
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
    "web/netlify.toml",
    ".gitpod.yml",
    ".idx/dev.nix",
    ".replit",
    ".helix/languages.toml",
    ".nvim.lua",
    ".nvimrc",
    ".exrc",
    "devbox.json",
]

_WRITERS = [
    "echo x > '{p}'",
    "printf x >> '{p}'",
    "tee '{p}'",
    "cp evil '{p}'",
    "mv evil '{p}'",
    "sed -i s/a/b/ '{p}'",
    "rm -f '{p}'",
]


def _write_file(path: str, autonomy=WRITE_AUTO):
    return decide(
        DecisionRequest(
            "write_file",
            "developer",
            PROJECT,
            permissions=perms(allow=("WriteFile()",)),
            autonomy=autonomy,
            payload={"path": path},
        )
    )


@pytest.mark.parametrize("path", FILES)
def test_write_file_into_one_is_never_auto_approved(path):
    for autonomy in (WRITE_AUTO, AUTO_MODE):
        v = _write_file(path, autonomy)
        assert v.decision == "require_approval", (path, v.reason)


@pytest.mark.parametrize("path", FILES)
def test_a_shell_write_into_one_is_never_auto_approved(path):
    for template in _WRITERS:
        command = template.format(p=path)
        verb = command.split()[0]
        allow = (*DEV_TERMINAL_ALLOW_PATTERNS, f"Terminal({verb})")
        for autonomy in ((), AUTO_MODE):
            for runs_in in ("sandbox", "agent"):
                v = decide(
                    DecisionRequest(
                        "terminal",
                        "developer",
                        PROJECT,
                        command=command,
                        cwd=ROOT,
                        permissions=perms(allow=allow),
                        autonomy=autonomy,
                        runs_in=runs_in,
                    )
                )
                assert v.decision != "auto_approve", (command, runs_in, v.reason)


@pytest.mark.parametrize(
    "path",
    [
        "fly.toml",
        "firebase.json",
        "wrangler.toml",
        "app.json",
        "src/vercel.ts",
        "docs/netlify.md",
        "helix/x.toml",
    ],
)
def test_the_platforms_other_files_and_ordinary_files_stay_auto_approved(path):
    assert _write_file(path).decision == "auto_approve", path
