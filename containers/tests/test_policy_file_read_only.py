"""R3.5 — the policy file is read-only inside every sandbox and container Brabo starts: bubblewrap binds it
read-only over itself, the Docker adapter mounts it read-only; a link or FIFO in its place runs nothing."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from actions.execution import ExecutionFailure
from containers.broker import ContainerSpec
from containers.bwrap import BwrapBroker
from containers.docker_engine import DockerEngineBroker
from containers.tests.fake_docker import FakeDockerEngine


def sh(project, command):
    return BwrapBroker().run_command(project, command, "/work", timeout=60, output_cap=64 * 1024)


def test_in_the_sandbox_the_policy_file_reads_but_never_writes(team, sandbox):
    folder = Path(team.project.root())
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "permissions.json").write_text('{"deny": ["Spend()"]}')
    result = sh(
        team.project,
        "cat permissions.json; echo '{}' > permissions.json; rm -f permissions.json; "
        "mv permissions.json x.json; ln -f permissions.json hard.json; chmod 666 permissions.json; "
        "touch other.txt && echo wrote-other",
    )
    assert result.stdout.startswith('{"deny": ["Spend()"]}') and "wrote-other" in result.stdout
    assert "Read-only file system" in result.stderr
    assert (folder / "permissions.json").read_text() == '{"deny": ["Spend()"]}'
    assert not (folder / "x.json").exists() and not (folder / "hard.json").exists()


@pytest.mark.parametrize("kind", ["symlink", "fifo", "folder", "hardlink"])
def test_a_policy_file_that_is_not_one_regular_file_runs_nothing(team, sandbox, tmp_path, kind):
    folder = Path(team.project.root())
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "permissions.json"
    (folder / "mine.json").write_text("{}")
    make = {
        "symlink": lambda: os.symlink("/etc/hostname", path),
        "fifo": lambda: os.mkfifo(path),
        "folder": path.mkdir,
        "hardlink": lambda: os.link(folder / "mine.json", path),  # an agent's writable alias
    }
    make[kind]()
    with pytest.raises(ExecutionFailure) as failed:
        sh(team.project, "echo hi")
    assert failed.value.code == "policy_file_unsafe"
    assert failed.value.message.startswith("permissions.json ")


def test_the_docker_adapter_mounts_the_policy_file_read_only(team):
    folder = Path(team.project.root())
    (folder / "permissions.json").write_text("{}")
    with FakeDockerEngine() as engine:
        DockerEngineBroker(engine.base_url).start(
            team.project, ContainerSpec(cpu=1, memory_mb=512, image="img")
        )
        (created,) = [r for r in engine.requests if r[1] == "/containers/create"]
    binds = created[2]["body"]["HostConfig"]["Binds"]
    assert f"{folder}:/work:rw" in binds
    assert f"{folder / 'permissions.json'}:/work/permissions.json:ro" in binds
