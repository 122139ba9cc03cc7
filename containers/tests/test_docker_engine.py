"""The Docker Engine adapter through the real docker SDK against a local fake engine (no Docker here)."""

from __future__ import annotations

import hashlib
import json
import os

import pytest

from actions import execution
from brabo_client import sandbox
from containers.broker import ContainerSpec
from containers.docker_engine import DockerEngineBroker, container_name
from containers.tests.fake_docker import FakeDockerEngine


@pytest.fixture
def engine():
    with FakeDockerEngine() as fake:
        yield fake


def test_start_creates_a_networkless_container_with_the_folder_at_work_and_the_resources(team, engine):
    broker = DockerEngineBroker(engine.base_url)
    out = broker.start(team.project, ContainerSpec(cpu=1.5, memory_mb=2048, image="debian:bookworm-slim"))
    (created,) = [r for r in engine.requests if r[1] == "/containers/create"]
    body, query = created[2]["body"], created[2]["query"]
    assert query["name"] == container_name(team.project)
    assert body["Image"] == "debian:bookworm-slim" and body["WorkingDir"] == "/work"
    host = body["HostConfig"]
    assert host["Binds"] == [f"{team.project.root()}:/work:rw"]
    assert host["NetworkMode"] == "none"
    assert host["NanoCpus"] == 1_500_000_000 and host["Memory"] == 2048 * 1024 * 1024
    assert host["SecurityOpt"] == ["no-new-privileges"]
    assert engine.containers[out["container"]]["State"]["Status"] == "running"


def test_run_command_streams_caps_and_reports_the_exit_code(team, engine):
    broker = DockerEngineBroker(engine.base_url)
    broker.start(team.project, ContainerSpec(cpu=1, memory_mb=512, image="img"))
    engine.exec_results["make test"] = (b"x" * 5000, b"warn\n", 2)
    result = broker.run_command(team.project, "make test", "/work/src", timeout=30, output_cap=1024)
    assert (result.exit_code, len(result.stdout), result.stderr, result.truncated) == (
        2,
        1024,
        "warn\n",
        True,
    )
    (ex,) = engine.execs.values()
    assert (
        ex["Cmd"] == ["timeout", "-k", "5", "30", "sh", "-c", "make test"] and ex["WorkingDir"] == "/work/src"
    )


def test_the_time_limit_exit_is_reported_as_timed_out(team, engine):
    broker = DockerEngineBroker(engine.base_url)
    broker.start(team.project, ContainerSpec(cpu=1, memory_mb=512, image="img"))
    engine.exec_results["sleep 999"] = (b"", b"", 124)
    assert broker.run_command(team.project, "sleep 999", "/work", timeout=1, output_cap=1024).timed_out


def test_stop_and_remove(team, engine):
    broker = DockerEngineBroker(engine.base_url)
    cid = broker.start(team.project, ContainerSpec(cpu=1, memory_mb=512, image="img"))["container"]
    broker.stop(team.project)
    assert engine.containers[cid]["State"]["Status"] == "exited"
    broker.remove(team.project)
    assert engine.containers == {}
    assert broker.remove(team.project) == {"broker": "docker"}  # removing what is gone is a no-op


def test_a_missing_image_and_an_unreachable_engine_are_named(team, engine):
    broker = DockerEngineBroker(engine.base_url)
    with pytest.raises(execution.ExecutionFailure) as missing:
        broker.start(team.project, ContainerSpec(cpu=1, memory_mb=512, image="missing:latest"))
    assert missing.value.code == "container_image_missing"
    with pytest.raises(execution.TransientFault) as down:
        DockerEngineBroker("tcp://127.0.0.1:9").start(
            team.project, ContainerSpec(cpu=1, memory_mb=512, image="i")
        )
    assert down.value.failure.code == "container_engine_unreachable"


def test_container_start_action_through_the_docker_broker(team, engine, settings, make_action):
    settings.BRABO_CONTAINER_BROKER = "docker"
    settings.BRABO_DOCKER_HOST = engine.base_url
    action = make_action(team.project, "container_start", {"image": "debian:bookworm-slim"})
    execution.execute(action.id)
    action.refresh_from_db()
    assert action.status == "executed" and action.result["broker"] == "docker"
    engine.exec_results["echo hi"] = (b"hi\n", b"", 0)
    term = make_action(team.project, "terminal", {"command": "echo hi"})
    execution.execute(term.id)
    term.refresh_from_db()
    assert term.result == {"exit_code": 0, "stdout": "hi\n", "stderr": "", "truncated": False}


def test_the_container_holds_no_privilege_and_a_bounded_share_of_the_host(team, engine, monkeypatch):
    """R9.7 for the Docker adapter: its commands run as an unprivileged user (the worker's own uid, files in
    the project stay the worker's; a root worker's sandbox uid), with no capability, no setuid program of
    the project honoured, and a process cap -- what the bubblewrap sandbox gives."""
    monkeypatch.setenv("BRABO_SANDBOX_UID", "4242")
    monkeypatch.setenv("BRABO_SANDBOX_GID", "4343")
    broker = DockerEngineBroker(engine.base_url)
    broker.start(team.project, ContainerSpec(cpu=1, memory_mb=512, image="img"))
    (created,) = [r for r in engine.requests if r[1] == "/containers/create"]
    body = created[2]["body"]
    host = body["HostConfig"]
    expected = "4242:4343" if os.geteuid() == 0 else f"{os.getuid()}:{os.getgid()}"
    assert body["User"] == expected and body["User"].split(":")[0] != "0"
    assert host["CapDrop"] == ["ALL"] and not host.get("CapAdd")
    assert not host.get("Privileged")
    assert host["PidsLimit"] == sandbox.Limits().processes
    file_bytes = (
        sandbox.Limits().file_mb << 20
    )  # no file past it on the shared disk (BRABO_SANDBOX_MAX_FILE_MB)
    assert {"Name": "fsize", "Soft": file_bytes, "Hard": file_bytes} in host.get("Ulimits", []), host
    assert {"Name": "core", "Soft": 0, "Hard": 0} in host["Ulimits"], host  # no core dump, as in bubblewrap
    assert "HOME=/tmp" in body["Env"]


def test_every_command_runs_unprivileged_even_in_a_container_created_before(team, engine, monkeypatch):
    """A container made before R9.7 reached this adapter runs as root with Docker's default capabilities:
    each command is still executed as the unprivileged user (who holds no effective capability)."""
    monkeypatch.setenv("BRABO_SANDBOX_UID", "4242")
    monkeypatch.setenv("BRABO_SANDBOX_GID", "4343")
    broker = DockerEngineBroker(engine.base_url)
    broker.start(team.project, ContainerSpec(cpu=1, memory_mb=512, image="img"))
    (cid,) = engine.containers
    engine.containers[cid]["Config"].pop("User", None)  # as an older Brabo created it
    broker.run_command(team.project, "id -u", "/work", timeout=30, output_cap=1024)
    (ex,) = engine.execs.values()
    expected = "4242:4343" if os.geteuid() == 0 else f"{os.getuid()}:{os.getgid()}"
    assert ex["User"] == expected and "HOME=/tmp" in (ex["Env"] or [])


# Docker's own default masks (moby's oci.DefaultSpec: Linux.MaskedPaths). HostConfig.MaskedPaths *replaces*
# that list, so none of them may be missing from ours.
DOCKER_DEFAULT_MASKS = (
    "/proc/asound", "/proc/acpi", "/proc/interrupts", "/proc/kcore", "/proc/keys", "/proc/latency_stats",
    "/proc/timer_list", "/proc/timer_stats", "/proc/sched_debug", "/proc/scsi", "/sys/firmware",
    "/sys/devices/virtual/powercap",
)  # fmt: skip


def _created_host_configs(engine) -> list[dict]:
    return [r[2]["body"]["HostConfig"] for r in engine.requests if r[1] == "/containers/create"]


def test_the_container_masks_what_the_bubblewrap_sandbox_masks(team, engine):
    """R9.7: the host-wide /proc entries the bubblewrap sandbox hides (the kernel's command line, the boot id,
    its symbols and memory maps, every tenant's interrupts, disk and pressure counters) are hidden in the
    project's container too -- Docker's default list covers only some of them -- and Docker's own defaults
    stay, read-only paths included."""
    DockerEngineBroker(engine.base_url).start(team.project, ContainerSpec(cpu=1, memory_mb=512, image="img"))
    (host,) = _created_host_configs(engine)
    masked = set(host.get("MaskedPaths") or ())
    wanted = {*sandbox.PROC_MASKED_FILES, *sandbox.PROC_MASKED_FOLDERS, *DOCKER_DEFAULT_MASKS}
    assert not wanted - masked, sorted(wanted - masked)
    for entry in ("/proc/cmdline", "/proc/sys/kernel/random/boot_id", "/proc/kallsyms", "/proc/diskstats"):
        assert entry in masked
    # ReadonlyPaths left to the engine's default (/proc/bus, /proc/fs, /proc/irq, /proc/sys, ...), never emptied
    assert "ReadonlyPaths" not in host or {"/proc/sys", "/proc/sysrq-trigger"} <= set(host["ReadonlyPaths"])


def test_the_container_shares_no_namespace_with_the_host_or_another_tenant(team, engine):
    """R9.7: a tenant's container has its own IPC namespace, named -- not the engine's default, which an older
    engine or a daemon's --default-ipc-mode=shareable (or host) sets so that another container, or the host,
    joins its System V and POSIX message queues, shared memory and semaphores -- and the host's pid,
    network, uts, user and cgroup namespaces are none of its own."""
    DockerEngineBroker(engine.base_url).start(team.project, ContainerSpec(cpu=1, memory_mb=512, image="img"))
    (host,) = _created_host_configs(engine)
    assert host.get("IpcMode") == "private", host
    assert host["NetworkMode"] == "none"
    for shared in ("PidMode", "UTSMode", "UsernsMode", "CgroupnsMode"):
        assert host.get(shared, "") in ("", "private"), (shared, host)


def test_a_container_made_with_a_shareable_ipc_is_outdated(team, engine):
    """The isolation mark names the IPC namespace: a container made before it was named is replaced."""
    from containers import docker_engine

    broker = DockerEngineBroker(engine.base_url)
    broker.start(team.project, ContainerSpec(cpu=1, memory_mb=512, image="img"))
    (cid,) = engine.containers
    before = json.dumps({"masked": docker_engine.MASKED_PATHS, "cap_drop": ["ALL"],
                         "security_opt": ["no-new-privileges"]}).encode()  # fmt: skip
    engine.containers[cid]["Config"]["Labels"]["brabo.isolation"] = hashlib.sha256(before).hexdigest()[:16]
    with pytest.raises(execution.ExecutionFailure) as refused:
        broker.run_command(team.project, "id -u", "/work", timeout=30, output_cap=1024)
    assert refused.value.code == "container_outdated"


@pytest.mark.parametrize("label", [None, "", "0123456789abcdef", "stale"])
def test_a_container_made_without_todays_isolation_runs_no_command(team, engine, label):
    """A container an older Brabo created (Docker's default masks only) or one whose isolation mark someone
    edited: no command runs in it; container_start replaces it (the project folder is bound, nothing of the
    project is lost) and commands run in the new one."""
    broker = DockerEngineBroker(engine.base_url)
    old = broker.start(team.project, ContainerSpec(cpu=1, memory_mb=512, image="img"))["container"]
    labels = engine.containers[old]["Config"]["Labels"]
    if label is None:
        labels.pop("brabo.isolation", None)
    else:
        labels["brabo.isolation"] = label
    engine.exec_results["id -u"] = (b"4242\n", b"", 0)
    with pytest.raises(execution.ExecutionFailure) as refused:
        broker.run_command(team.project, "id -u", "/work", timeout=30, output_cap=1024)
    assert refused.value.code == "container_outdated"
    assert "container_start" in refused.value.next_step
    assert not engine.execs  # nothing ran in it
    new = broker.start(team.project, ContainerSpec(cpu=1, memory_mb=512, image="img"))["container"]
    assert new != old and old not in engine.containers
    assert engine.containers[new]["State"]["Status"] == "running"
    assert broker.run_command(team.project, "id -u", "/work", timeout=30, output_cap=1024).exit_code == 0


def test_a_container_with_todays_isolation_is_kept(team, engine):
    broker = DockerEngineBroker(engine.base_url)
    first = broker.start(team.project, ContainerSpec(cpu=1, memory_mb=512, image="img"))["container"]
    broker.stop(team.project)
    assert broker.start(team.project, ContainerSpec(cpu=1, memory_mb=512, image="img"))["container"] == first
    assert len(_created_host_configs(engine)) == 1
