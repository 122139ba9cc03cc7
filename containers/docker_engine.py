"""The Docker Engine adapter (docker SDK). Also works against Podman's Docker-compatible socket.

One long-lived container per project, named ``brabo-<workspace_dir_name>``, the project folder bind-mounted
at /work, no network (like the bubblewrap sandbox), ``no-new-privileges``, no capability, an unprivileged
user (R9.7), a process cap, and the resources resolved by container_start (R9.5). Commands run with
``docker exec`` under ``timeout``; output is read as a stream and capped. Images are never pulled from here: an image missing on the engine is a named failure.
"""

from __future__ import annotations

import hashlib
import json
import os

from actions.execution import ExecutionFailure, TransientFault
from brabo_client import sandbox

from .broker import POLICY_FILE, WORKDIR, CommandResult, ContainerSpec, host_folder, protected_policy_file

API_VERSION = "1.43"  # fixed, so no version round-trip; Docker ≥ 24 and Podman ≥ 4 speak it
TIMED_OUT = 124  # coreutils timeout's exit status when the limit was hit
KILL_GRACE = 5
# R9.7: the /proc entries the bubblewrap sandbox hides, hidden here too, and Docker's own default masks kept:
# HostConfig.MaskedPaths replaces the engine's default list (moby's oci.DefaultSpec), it does not add to it.
# ReadonlyPaths is left unset: the engine's default (/proc/bus, /proc/fs, /proc/irq, /proc/sys,
# /proc/sysrq-trigger) stays.
DOCKER_DEFAULT_MASKS = (
    "/proc/asound", "/proc/acpi", "/proc/interrupts", "/proc/kcore", "/proc/keys", "/proc/latency_stats",
    "/proc/timer_list", "/proc/timer_stats", "/proc/sched_debug", "/proc/scsi", "/sys/firmware",
    "/sys/devices/virtual/powercap",
)  # fmt: skip
MASKED_PATHS = tuple(
    dict.fromkeys((*DOCKER_DEFAULT_MASKS, *sandbox.PROC_MASKED_FILES, *sandbox.PROC_MASKED_FOLDERS))
)
# What the container was made with, as a label: a container an older Brabo made (with fewer masks, or none of
# its own) is told apart from today's without reading the engine's HostConfig back (Podman reports it
# differently); any change to the isolation below changes the mark.
ISOLATION_LABEL = "brabo.isolation"
ISOLATION_MARK = hashlib.sha256(
    json.dumps(
        {
            "masked": MASKED_PATHS,
            "cap_drop": ["ALL"],
            "security_opt": ["no-new-privileges"],
            "ipc": "private",
            "core": 0,
        }
    ).encode()
).hexdigest()[:16]


def _volumes(folder) -> dict:
    """The project folder at /work, and its permissions.json read-only over itself (R3.5)."""
    volumes = {str(folder): {"bind": WORKDIR, "mode": "rw"}}
    policy = protected_policy_file(folder)
    if policy is not None:
        volumes[str(policy)] = {"bind": f"{WORKDIR}/{POLICY_FILE}", "mode": "ro"}
    return volumes


def _unprivileged_user() -> str:
    """``uid:gid`` the container's commands run as: never root (R9.7)."""
    if os.geteuid() != 0:
        return f"{os.getuid()}:{os.getgid()}"
    try:
        uid, gid = sandbox.sandbox_ids()
    except sandbox.SandboxError as exc:
        raise ExecutionFailure(exc.code, exc.message, exc.next_step) from None
    return f"{uid}:{gid}"


def _process_cap() -> int:
    try:
        return sandbox.configured_limits().processes
    except sandbox.SandboxError as exc:
        raise ExecutionFailure(exc.code, exc.message, exc.next_step) from None


def _no_core():
    from docker.types import Ulimit

    return Ulimit(name="core", soft=0, hard=0)


def _file_cap():
    from docker.types import Ulimit

    try:
        size = sandbox.configured_limits().file_mb << 20
    except sandbox.SandboxError as exc:
        raise ExecutionFailure(exc.code, exc.message, exc.next_step) from None
    return Ulimit(name="fsize", soft=size, hard=size)


def _isolated_as_today(container) -> bool:
    return (container.labels or {}).get(ISOLATION_LABEL) == ISOLATION_MARK


def container_name(project) -> str:
    return f"brabo-{project.workspace_dir_name}"


class DockerEngineBroker:
    name = "docker"

    def __init__(self, base_url: str):
        import docker

        self._errors = docker.errors
        try:
            self.client = docker.DockerClient(base_url=base_url, version=API_VERSION, timeout=60)
        except docker.errors.DockerException as exc:
            raise TransientFault(
                "container_engine_unreachable",
                f"The container engine at BRABO_DOCKER_HOST could not be reached ({type(exc).__name__}).",
                "Check that the Docker/Podman service runs and BRABO_DOCKER_HOST points at its socket.",
            ) from None

    # -- helpers ----------------------------------------------------------------------------------
    def _call(self, what: str, fn, *args, **kwargs):
        import requests

        try:
            return fn(*args, **kwargs)
        except self._errors.ImageNotFound:
            raise ExecutionFailure(
                "container_image_missing",
                f"The image is not on the container engine, so Brabo could not {what}.",
                "The operator pulls the image on the engine host (docker pull <image>), then retry.",
            ) from None
        except self._errors.NotFound:
            raise
        except self._errors.APIError as exc:
            if exc.status_code and exc.status_code >= 500:
                raise TransientFault(
                    "container_engine_error",
                    f"The container engine failed to {what}: {exc.explanation}",
                    "Brabo retries on its own; if it persists, check the engine's logs.",
                ) from None
            raise ExecutionFailure(
                "container_engine_refused",
                f"The container engine refused to {what}: {exc.explanation}",
                "Check the container's configuration (image, resources) and propose the action again.",
            ) from None
        except (requests.exceptions.ConnectionError, self._errors.DockerException) as exc:
            raise TransientFault(
                "container_engine_unreachable",
                f"The container engine could not be reached to {what} ({type(exc).__name__}).",
                "Check that the Docker/Podman service runs and BRABO_DOCKER_HOST points at its socket.",
            ) from None

    def _get(self, project):
        try:
            return self._call("find the container", self.client.containers.get, container_name(project))
        except self._errors.NotFound:
            return None

    # -- the port ---------------------------------------------------------------------------------
    def start(self, project, spec: ContainerSpec) -> dict:
        existing = self._get(project)
        if existing is not None and not _isolated_as_today(existing):
            # made by an older Brabo (fewer masks): replaced, not reused -- the project folder is bound from
            # the host, so nothing of the project is lost with it
            self._call("replace the outdated container", existing.remove, force=True)
            existing = None
        if existing is not None:
            if existing.status != "running":
                self._call("start the container", existing.start)
            return {"broker": self.name, "container": existing.id}
        api = self.client.api
        host_config = api.create_host_config(
            binds=_volumes(host_folder(project)),
            network_mode="none",
            # R9.7: an IPC namespace of its own, named: the engine's default is the daemon's --default-ipc-mode
            # (shareable on older engines and where an operator set it: another container joins its System V
            # and POSIX message queues, shared memory and semaphores)
            ipc_mode="private",
            nano_cpus=int(spec.cpu * 1_000_000_000),
            mem_limit=f"{spec.memory_mb}m",
            pids_limit=_process_cap(),  # a fork bomb meets the cap, not the host's process table
            # no file past BRABO_SANDBOX_MAX_FILE_MB on the shared disk, and no core dump (R9.7: into the project,
            # or to the host's crash handler, run as root), as in the bubblewrap sandbox
            ulimits=[_file_cap(), _no_core()],
            # R9.7: no capability, as in the bubblewrap sandbox
            cap_drop=["ALL"],
            security_opt=["no-new-privileges"],
        )
        host_config["MaskedPaths"] = list(MASKED_PATHS)  # the SDK has no option for it; the API has
        created = self._call(
            "create the container",
            api.create_container,  # create, not run: run would pull a missing image
            spec.image,
            command=["sleep", "infinity"],
            name=container_name(project),
            working_dir=WORKDIR,
            # R9.7: an unprivileged user -- the worker's own uid (files in the project stay the worker's), a
            # root worker's BRABO_SANDBOX_UID
            user=_unprivileged_user(),
            environment={"HOME": "/tmp"},
            labels={"brabo.project": str(project.id), ISOLATION_LABEL: ISOLATION_MARK},
            host_config=host_config,
        )
        self._call("start the container", api.start, created["Id"])
        return {"broker": self.name, "container": created["Id"]}

    def run_command(self, project, command: str, cwd: str, timeout: int, output_cap: int) -> CommandResult:
        container = self._get(project)
        if container is None or container.status != "running":
            raise ExecutionFailure(
                "container_not_running",
                "The project's container is not running on the container engine.",
                "Start the container (container_start), then propose the command again.",
            )
        if not _isolated_as_today(container):
            raise ExecutionFailure(
                "container_outdated",
                "The project's container was made by an older Brabo, without today's isolation (the host's "
                "/proc entries it hides), so no command runs in it.",
                "Run container_start: it replaces the container (the project folder is kept), then propose "
                "the command again.",
            )
        api = self.client.api
        argv = ["timeout", "-k", str(KILL_GRACE), str(timeout), "sh", "-c", command]
        # as the unprivileged user on every exec, not only at create: a container made earlier may default
        # to root, and a non-root uid holds no effective capability whatever the container's bounding set
        exec_id = self._call(
            "run the command", api.exec_create, container.id, argv, workdir=cwd, user=_unprivileged_user(),
            environment={"HOME": "/tmp"},
        )["Id"]  # fmt: skip
        stream = self._call("run the command", api.exec_start, exec_id, stream=True, demux=True)
        kept = {"out": bytearray(), "err": bytearray()}
        truncated = False
        for out, err in stream:
            for key, chunk in (("out", out), ("err", err)):
                if not chunk:
                    continue
                room = output_cap - len(kept[key])
                kept[key] += chunk[: max(room, 0)]
                truncated |= len(chunk) > room
        code = self._call("read the command's exit status", api.exec_inspect, exec_id).get("ExitCode")
        timed_out = code == TIMED_OUT
        return CommandResult(
            exit_code=None if timed_out else code,
            stdout=kept["out"].decode(errors="replace"),
            stderr=kept["err"].decode(errors="replace"),
            truncated=truncated,
            timed_out=timed_out,
        )

    def stop(self, project) -> dict:
        container = self._get(project)
        if container is not None and container.status == "running":
            self._call("stop the container", container.stop, timeout=10)
        return {"broker": self.name}

    def remove(self, project) -> dict:
        container = self._get(project)
        if container is not None:
            self._call("remove the container", container.remove, force=True)
        return {"broker": self.name}
