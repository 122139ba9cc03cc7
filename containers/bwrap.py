"""The bubblewrap adapter: each command runs in a fresh sandbox on this host.

Only the project folder is visible (read-write at /work, its permissions.json read-only, R3.5); the system is
read-only and minimal (/usr, the loader's links, a short list of /etc files, accounts of its own); /tmp is
private; there is no network (a new, empty network namespace) and every other namespace is new as well. The sandbox dies with its
parent; at the time limit the whole process group is killed. There is no long-lived container:
start/stop/remove only keep the registered state, and ``remove`` has nothing to discard but that state.

R9.7: the sandbox holds no privilege whatever user the worker runs as -- no capability in any namespace, an
unprivileged uid inside and outside (a root worker runs it as ``BRABO_SANDBOX_UID``). The sandbox itself is
``brabo_client.sandbox``, shared with the runner program. Before the first sandboxed command of a process
(and at worker start) a probe launches a real sandbox that tries to remount, unmount and write where it
must not; when it succeeds at any of it, or holds a capability, every sandboxed command is refused
``sandbox_privileged`` with the probe's finding -- never run unsandboxed or privileged instead. The probe
also proves the system-call filter is in force; without it (no libseccomp) every sandboxed command is refused
``sandbox_seccomp_unavailable``, unless the operator set ``BRABO_SANDBOX_SECCOMP=off`` (said at start).
"""

from __future__ import annotations

import logging
import os
import re
import threading
from dataclasses import replace
from pathlib import Path

from actions.execution import ExecutionFailure
from brabo_client import sandbox
from brabo_client.runner import folder_inside
from brabo_client.sandbox import Launcher, Verdict, bwrap_path

from .broker import WORKDIR, CommandResult, ContainerSpec, host_folder, protected_policy_file

__all__ = ["BwrapBroker", "bwrap_path", "check_guarantee", "run_capped", "sandbox_argv", "sandbox_guarantee"]

log = logging.getLogger(__name__)

# How sandboxes are launched here; the probe launches its own exactly the same way. (The tests swap in a
# deliberately privileged launcher to see the probe refuse it.)
LAUNCHER: type[Launcher] = Launcher

_verdict: Verdict | None = None
_verdict_lock = threading.Lock()


def _unavailable() -> ExecutionFailure:
    return ExecutionFailure(
        "sandbox_unavailable",
        "bubblewrap (bwrap) is not installed on the execution host, so commands cannot run sandboxed.",
        "The operator installs the Debian package bubblewrap, or configures BRABO_DOCKER_HOST.",
    )


def sandbox_guarantee() -> Verdict:
    """R9.7 — the probe's verdict for this process, probed once (at worker start, or at first use)."""
    global _verdict
    with _verdict_lock:
        if _verdict is None:
            bwrap = bwrap_path()
            if bwrap is None:
                return Verdict(False, "bubblewrap (bwrap) is not installed", "sandbox_unavailable")
            verdict = sandbox.probe(LAUNCHER(bwrap))
            if not verdict.ok:
                log.error("sandboxed work is refused (%s): %s", verdict.code, verdict.why)
            if verdict.code == "sandbox_unavailable" and not verdict.ok:
                return verdict  # may pass once the host recovers (a full /tmp, a slow start): probe again
            _verdict = verdict
        return _verdict


def forget_guarantee() -> None:
    """Probe again at the next use (after the launcher or the host changed)."""
    global _verdict
    with _verdict_lock:
        _verdict = None


def check_guarantee() -> None:
    """Raise the named failure when this host cannot run a sandbox without privilege."""
    verdict = sandbox_guarantee()
    if verdict.ok:
        return
    if verdict.code == "sandbox_privileged":
        raise ExecutionFailure(
            "sandbox_privileged",
            f"The worker refuses to run sandboxed commands: {verdict.why}",
            sandbox.PRIVILEGED_NEXT_STEP,
        )
    if verdict.code == "sandbox_seccomp_unavailable":
        raise ExecutionFailure(
            "sandbox_seccomp_unavailable",
            f"The worker refuses to run sandboxed commands: {verdict.why}",
            sandbox.SECCOMP_NEXT_STEP,
        )
    raise ExecutionFailure(
        "sandbox_unavailable",
        f"The bubblewrap sandbox does not work on this host: {verdict.why}",
        "The operator installs bubblewrap and allows user namespaces, or configures BRABO_DOCKER_HOST; then "
        "restarts the worker.",
    )


def sandbox_argv(folder: Path, cwd: str, command: str) -> list[str]:
    """The argv of ``command`` run at ``cwd`` (a path under /work) in a sandbox over ``folder``; raises
    ExecutionFailure when the sandbox is missing or would hold privilege, or the policy file is unsafe."""
    bwrap = bwrap_path()
    if bwrap is None:
        raise _unavailable()
    check_guarantee()
    policy = protected_policy_file(folder)
    try:
        return LAUNCHER(bwrap).argv(folder, policy, cwd, command)
    except sandbox.SandboxError as exc:
        if exc.code == "sandbox_privileged":
            raise ExecutionFailure("sandbox_privileged", exc.message, exc.next_step) from None
        if exc.code == "sandbox_seccomp_unavailable":
            raise ExecutionFailure("sandbox_seccomp_unavailable", exc.message, exc.next_step) from None
        raise ExecutionFailure("sandbox_unavailable", exc.message, exc.next_step) from None


def run_capped(argv: list[str], *, timeout: int, output_cap: int) -> CommandResult:
    """Run ``argv`` in its own process group; keep at most ``output_cap`` bytes per stream (draining the
    rest so the process never blocks on a full pipe); kill the group at ``timeout`` seconds."""
    try:
        done = sandbox.run_capped(
            argv, timeout=timeout, cap=output_cap, cwd="/", env=dict(sandbox.LAUNCH_ENV)
        )
    except sandbox.SandboxError as exc:  # the filter could not be given to this launch
        raise ExecutionFailure("sandbox_seccomp_unavailable", exc.message, exc.next_step) from None
    return CommandResult(
        exit_code=done["exit_code"],
        stdout=done["stdout"],
        stderr=done["stderr"],
        truncated=done["truncated"],
        timed_out=done["timed_out"],
    )


class BwrapBroker:
    name = "bwrap"

    def run_command(self, project, command: str, cwd: str, timeout: int, output_cap: int) -> CommandResult:
        folder = host_folder(project)
        # R9.7: looked for as the sandbox sees it, its links followed inside the project only -- a link a
        # command wrote may name any host path, and following it here told whether that path exists
        found = folder_inside(folder, cwd[len(WORKDIR) :].split("/"))
        if found == "outside":
            raise ExecutionFailure(
                "cwd_outside_project",
                f"The folder {cwd} leads outside the project through a symbolic link.",
                "Propose the command with a cwd inside the project (or remove the link).",
            )
        if not isinstance(found, Path):
            raise ExecutionFailure(
                "cwd_missing",
                f"The folder {cwd} does not exist in the project.",
                "Propose the command with an existing cwd (or create the folder first).",
            )
        done = run_capped(sandbox_argv(folder, cwd, command), timeout=timeout, output_cap=output_cap)
        # bubblewrap's own words name its sources (the folder's host path, when the worker is not root)
        top = str(folder).rstrip("/")
        return replace(
            done, stdout=done.stdout.replace(top, WORKDIR), stderr=done.stderr.replace(top, WORKDIR)
        )

    def start(self, project, spec: ContainerSpec) -> dict:
        folder = host_folder(project)
        if not folder.is_dir():
            raise ExecutionFailure(
                "project_folder_missing",
                f"The project folder {project.scope_root_id()} does not exist on the execution host.",
                "Create the project again or restore its folder, then start the container.",
            )
        # Prove the sandbox works here, without privilege (R9.7), and over this folder, before "running".
        probe = run_capped(sandbox_argv(folder, WORKDIR, "true"), timeout=30, output_cap=4096)
        if probe.exit_code != 0:
            raise ExecutionFailure(
                "sandbox_unavailable",
                "The bubblewrap sandbox does not start on this host: "
                f"{probe.stderr.replace(str(folder).rstrip('/'), WORKDIR).strip()[:300]}",
                "The operator installs bubblewrap and allows user namespaces, or configures BRABO_DOCKER_HOST.",
            )
        return {"broker": self.name, "sandbox": "bubblewrap"}

    def stop(self, project) -> dict:
        return {"broker": self.name}

    def remove(self, project) -> dict:
        return {"broker": self.name}


def startup_check() -> tuple[bool, str] | None:
    """R9.7 — whether a sandboxed command holds no privilege here, said once at start (``brabo.startup``):
    None without bubblewrap (``sandbox_unavailable`` at first use, as before)."""
    if bwrap_path() is None:
        return None
    verdict = sandbox_guarantee()
    if verdict.ok:
        said = "sandbox probe: a sandboxed command holds no privilege here"
        if sandbox.SECCOMP_OFF_NOTE not in verdict.note:
            said += " and runs behind the seccomp filter"
        return True, f"{said}, but {verdict.note}" if verdict.note else said
    return False, f"sandboxed commands are refused ({verdict.code}): {verdict.why}"


def path_on_its_filesystem(folder: str, mountinfo: str) -> str:
    """R6.4 — what /proc/self/mountinfo's fourth field shows of ``folder`` once bound into a sandbox: its path
    from the root of the filesystem it lives on (the kernel prints a bind mount's root so, for every mount;
    no bind, staging or namespace changes it), read from ``mountinfo`` (this process's)."""
    best: tuple[str, str] | None = None
    for line in mountinfo.splitlines():
        fields = line.split(" ")
        if len(fields) < 5:
            continue
        root, point = (re.sub(r"\\([0-7]{3})", lambda m: chr(int(m[1], 8)), f) for f in fields[3:5])
        inside = folder == point or folder.startswith(point.rstrip("/") + "/")
        if inside and (best is None or len(point) >= len(best[1])):  # the last mount over a point is seen
            best = (root, point)
    if best is None:
        return folder
    root, point = best
    return root.rstrip("/") + folder[len(point.rstrip("/")) :] or "/"


def _own_mountinfo() -> str:
    with open("/proc/self/mountinfo", encoding="utf-8", errors="surrogateescape") as f:
        return f.read()


def workspaces_check() -> tuple[bool, str] | None:
    """Said once at start (``brabo.startup``): the path a sandboxed command reads of its project folder in its
    /proc/self/mountinfo, when the project folders' base is not the root of a filesystem of its own -- the one
    place a command still reads the host's layout (README); None when there is nothing to say."""
    from django.conf import settings

    if bwrap_path() is None:
        return None
    try:
        mountinfo = _own_mountinfo()
    except OSError:
        return None
    shown = []
    for name in ("PROJECT_WORKSPACES_ROOT", "BRABO_PROJECTS_BASE"):
        seen = path_on_its_filesystem(os.path.realpath(getattr(settings, name)), mountinfo)
        if seen != "/":
            shown.append(f"{name}: {seen.rstrip('/')}/<folder>")
    if not shown:
        return None
    return (
        True,
        "sandbox: a command reads its project folder's path on the filesystem it lives on in /proc/self/"
        f"mountinfo ({'; '.join(shown)}); keep them on a filesystem of their own to show only the folder's name",
    )


def probe_at_worker_start(**_kwargs) -> None:
    """Celery's ``worker_ready`` (connected by ``brabo.wiring``): prove the sandbox at start and log
    it (the worker still serves other work; every sandboxed command is then refused ``sandbox_privileged``)."""
    for answer in (startup_check(), workspaces_check()):
        if answer is not None:
            ok, sentence = answer
            logging.getLogger("brabo.sandbox").log(logging.INFO if ok else logging.ERROR, sentence)
