"""Program identity: a package manager run through node's entry script is that package manager (R4.10),
svn commands that commit straight to a repository URL are external effects (RN-418), and a ``--mount``
bind mount's host folder is a location the path scope checks (R6.2).

Written as an attacker would: each publish, commit or out-of-scope mount is behind a prefix allow of its
verbs, under auto mode and terminal autonomy; the working-copy and in-project siblings stay allowed.
"""

from __future__ import annotations

import pytest

from permissions.decide import AutonomyRow

from .helpers import AUTO_MODE, CONTAINER_RUNNING, HOST, ROOT, allow_every_word, term

TERMINAL_AUTO = (AutonomyRow("terminal", "auto_approve"),)


PUBLISHES = [
    "node /usr/lib/node_modules/npm/bin/npm-cli.js publish",
    "node ./node_modules/npm/bin/npm-cli.js publish --access public",
    "nodejs /usr/local/lib/node_modules/npm/bin/npm-cli.js pub",
    "node --no-warnings /usr/lib/node_modules/npm/bin/npm-cli.js publish",
    "node -r ./hook.js /usr/lib/node_modules/npm/bin/npm-cli.js unpublish x@1",
    "node $(which npm) publish",
    "node `command -v npm` publish",
    "node /usr/lib/node_modules/pnpm/bin/pnpm.cjs publish",
    "node .yarn/releases/yarn-4.1.0.cjs npm publish",
    "env node /usr/lib/node_modules/npm/bin/npm-cli.js publish",
]
SVN = [
    "svn rm https://svn.e.example/repo/trunk/x -m rm",
    "svn delete svn://e.example/r/x -m d",
    "svn remove svn+ssh://e.example/r/x -m d",
    "svn mkdir https://svn.e.example/repo/branches/x -m x",
    "svn copy https://svn.e.example/r/trunk https://svn.e.example/r/tags/1 -m t",
    "svn cp . https://svn.e.example/r/branches/mine -m b",
    "svn move https://svn.e.example/r/a https://svn.e.example/r/b -m m",
    "svn propset svn:ignore x https://svn.e.example/r/trunk",
    "svn --username u rm file:///srv/svn/r/x -m x",
    "svn lock https://svn.e.example/r/x",
    "svn rm ^/trunk/x -m x",
    "svnmucc -m x rm https://svn.e.example/r/x",
]


@pytest.mark.parametrize("command", PUBLISHES + SVN)
def test_these_publish_or_commit_and_are_never_auto_approved(command):
    allow = allow_every_word(command)
    for v in (
        term(command, allow=allow, project=CONTAINER_RUNNING, autonomy=AUTO_MODE, cwd=ROOT),
        term(command, allow=allow, project=HOST, autonomy=TERMINAL_AUTO, cwd=ROOT),
    ):
        assert (v.decision, v.reason) == ("require_approval", "cap_external_effect"), (command, v.message)


@pytest.mark.parametrize(
    "command",
    [
        "node script.js publish",
        "node ./node_modules/npm/bin/npm-cli.js install",
        "node ./node_modules/npm/bin/npm-cli.js run prepublishOnly",
        "svn rm local.txt",
        "svn mkdir newdir",
        "svn copy a.txt b.txt",
        "svn copy https://svn.e.example/r/trunk/f.txt f.txt",
        "svn status",
        "svn log https://svn.e.example/r",
        "svn checkout https://svn.e.example/r/trunk",
        "svn update",
    ],
)
def test_their_local_siblings_stay_allowed(command):
    v = term(command, allow=allow_every_word(command), project=HOST, cwd=ROOT)
    assert (v.decision, v.reason) == ("auto_approve", "allow_rule"), (command, v.message)


MOUNTS_OUTSIDE = [
    "docker run --mount=type=bind,src=/home/u/.ssh,dst=/k alpine",
    "docker run --mount type=bind,source=/opt/other,target=/o alpine",
    "docker run --mount=src=/opt/other,dst=/o alpine",
    "docker run --mount type=bind,target=/x,source=/srv/ws/other-proj alpine",
    "podman run --mount type=bind,Source=/srv/ws/other-proj,target=/x alpine",
    "docker create --mount type=bind,readonly,source=/mnt/backups,target=/b alpine",
]


@pytest.mark.parametrize("command", MOUNTS_OUTSIDE)
def test_a_bind_mount_of_a_folder_outside_the_project_is_outside_the_scope(command):
    allow = ("Terminal(docker run)", "Terminal(docker create)", "Terminal(podman run)")
    v = term(command, allow=allow, project=HOST, cwd=ROOT)
    assert (v.decision, v.reason) == ("require_approval", "cap_path_scope"), (command, v.message)


@pytest.mark.parametrize(
    "command",
    [
        "docker run --mount type=bind,source=/srv/ws/app-1a2b3c4d/data,target=/d alpine",
        "docker run --mount type=bind,source=./data,target=/d alpine",
        "docker run --mount type=volume,source=cache,target=/c alpine",
        "docker run --mount type=tmpfs,target=/t alpine",
    ],
)
def test_a_mount_inside_the_project_or_of_a_volume_stays_allowed(command):
    v = term(command, allow=("Terminal(docker run)",), project=HOST, cwd=ROOT)
    assert (v.decision, v.reason) == ("auto_approve", "allow_rule"), (command, v.message)
