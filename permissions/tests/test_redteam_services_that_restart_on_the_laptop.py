"""SPEC §5 (where it runs: "the path scope holds for [host and agent] in every mode (auto mode included)"), R6,
red team on a developer's laptop: a container given a restart policy, which the engine starts again by itself
at every start of the machine, long after the session that made it -- a service left behind, as `systemctl
enable --now`, `brew services start`, `launchctl load` and `pm2 startup` are (those already asked off the
sandbox) -- each auto-approved in auto mode and under a terminal autonomy row when a coding agent's hook ran it:
`docker run --restart=always`, `docker update --restart unless-stopped x`, `on-failure`, the same with podman,
nerdctl and finch, and a Podman quadlet installed as a systemd unit.

Each is now outside the path scope off the sandbox (`cap_path_scope`). The runs an agent makes all day (`docker
run --rm -it node npm test`, `docker restart x`, `docker update --cpus 2 x`, `--restart=no`) stay auto-approved
everywhere; inside Brabo's own sandbox nothing changes. (A restart policy written in a compose file, `docker
compose up -d`, is the file's: not read here.)
"""

from __future__ import annotations

import pytest

from permissions.tests.redteam import (
    OFF_THE_SANDBOX,
    a_machine_change_on_the_laptop,
    never_auto_where,
    stays_auto_where,
)

from .helpers import AUTO_MODE, term

ATTACKS = [
    "docker run --restart=always -d evil",
    "docker run -d --restart always evil",
    "docker run -d --restart unless-stopped --name db postgres",
    "docker run -d --restart on-failure:5 evil",
    "docker run -d --restart=ALWAYS evil",
    "docker container run -d --restart=always evil",
    "docker create --restart=always evil",
    "docker container create --restart unless-stopped evil",
    "docker update --restart=always x",
    "docker update --restart always x",
    "docker container update --restart=unless-stopped x",
    "docker --context default run -d --restart=always evil",
    "docker -l error update --restart=always x",
    "podman run --restart=always -d evil",
    "podman update --restart=always x",
    "podman create --restart unless-stopped evil",
    "podman quadlet install evil.container",
    "nerdctl run -d --restart=always evil",
    "finch run --restart unless-stopped -d evil",
    "env docker update --restart=always x",
    "nohup docker run -d --restart=always evil",
    "docker.exe run -d --restart=always evil",
]


@pytest.mark.parametrize("command", ATTACKS)
def test_never_auto_approved_off_the_sandbox(command):
    never_auto_where(command, places=OFF_THE_SANDBOX)


@pytest.mark.parametrize("command", ATTACKS)
def test_outside_the_path_scope_in_auto_mode_on_the_laptop(command):
    v = a_machine_change_on_the_laptop(command)
    assert "starts again by itself" in v.message, v.message


READS_KEPT = [
    "docker run --rm -it node:20 npm test",
    "docker run --rm --restart=no node npm test",
    "docker run --rm -v .:/app -w /app node:20 npm ci",
    "docker create --name x alpine",
    "docker restart x",
    "docker update --cpus 2 x",
    "docker ps",
    "docker inspect -f '{{.HostConfig.RestartPolicy.Name}}' x",
    "docker compose up -d",
    "docker compose restart web",
    "podman ps -a",
    "podman quadlet list",
]


@pytest.mark.parametrize("command", READS_KEPT)
def test_reads_kept(command):
    stays_auto_where(command)


@pytest.mark.parametrize("command", ["docker run --restart=always -d x", "docker update --restart always x"])
def test_the_sandbox_keeps_its_answer(command):
    assert term(command, autonomy=AUTO_MODE, runs_in="sandbox").decision == "auto_approve", command
