"""Friction (R4.7: what a substitution prints is no location the scope can judge, unless the command makes it
one): a container run mounting the working folder through its substitution -- `-v "$(pwd)":/app`, `` -v
`pwd`:/app `` -- is the everyday idiom of every container guide and reads as `-v "$PWD":/app` does (a bind of
the project, not of the host), so it is auto-approved as that is. Any other substitution, a climb out of the
folder, or a second mount that is the host's keeps it asking as a privileged run (the host given away).
"""

from __future__ import annotations

import pytest

from .redteam import never_auto_where, stays_auto_where


@pytest.mark.parametrize(
    "command",
    [
        'docker run --rm -v "$(pwd)":/app -w /app node:20 npm test',
        "docker run --rm -v $(pwd):/app -w /app node:20 npm test",
        "docker run --rm -v `pwd`:/src alpine ls /src",
        'docker run --rm -v "$(pwd)/data":/data alpine ls /data',
        'docker run --rm --volume "$(pwd)":/work python:3.11 python -V',
        'docker run --rm --mount type=bind,source="$(pwd)",target=/app node:20 ls /app',
        'podman run --rm -v "$(pwd):/src:Z" -w /src python:3.11 python -V',
        'docker run --rm -v "$(pwd -P)":/app alpine ls /app',
        'docker run --rm -it -v "$(pwd)":/app -v "$(pwd)/.cache":/root/.cache node:20 node -v',
    ],
)
def test_the_working_folder_by_its_substitution_is_the_project(command):
    stays_auto_where(command)


@pytest.mark.parametrize(
    "command",
    [
        'docker run --rm -v "$(pwd)/..":/app alpine ls',
        'docker run --rm -v "$(dirname $(pwd))":/app alpine ls',
        'docker run --rm -v "$(cat mount.txt)":/app alpine ls',
        'docker run --rm -v "$(echo /)":/host alpine ls',
        'docker run --rm -v "$(pwd)":/app -v "$(echo /etc)":/e alpine ls',
        'docker run --rm -v "$(pwd; echo /etc)":/app alpine ls',
        'docker run --rm -v "$(pwd)":/app -v ~/.ssh:/keys alpine ls',
        'docker run --rm -v "$(pwd)":/app --privileged alpine ls',
        'docker run --rm -v "$(pwd)":/app -v /var/run/docker.sock:/s alpine ls',
        'docker run --rm -v "$(pwd)":/w alpine rm -rf /w',
        'docker run --rm -v "$(printf /)":/h alpine ls',
    ],
)
def test_any_other_mount_keeps_asking(command):
    never_auto_where(command)


@pytest.mark.parametrize(
    "command",
    [
        'cd / && docker run --rm -v "$(pwd)":/host alpine ls',
        'cd ~ && docker run --rm -v "$(pwd)":/h alpine ls',
    ],
)
def test_off_the_sandbox_the_folder_it_moved_to_is_judged(command):
    # (leaving the project with cd asks there; in the sandbox no engine reaches the host)
    never_auto_where(command, ("host", "agent"))
