"""The bubblewrap adapter: each command runs in a fresh sandbox on this host.

Only the project folder is visible (read-write at /work, its permissions.json read-only, R3.5); the system is read-only and minimal (/usr, the
loader's links, a short list of /etc files); /tmp is private; there is no network (a new, empty network
namespace) and every other namespace is new as well. The sandbox dies with its parent; at the time limit
the whole process group is killed. There is no long-lived container: start/stop/remove only keep the
registered state, and ``remove`` has nothing to discard but that state.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import threading
from pathlib import Path

from actions.execution import ExecutionFailure

from .broker import POLICY_FILE, WORKDIR, CommandResult, ContainerSpec, host_folder, protected_policy_file

ETC_FILES = (
    "/etc/alternatives",
    "/etc/ld.so.cache",
    "/etc/ld.so.conf",
    "/etc/ld.so.conf.d",
    "/etc/passwd",
    "/etc/group",
    "/etc/nsswitch.conf",
    "/etc/localtime",
    "/etc/ssl",
    "/etc/ca-certificates",
    "/etc/gitconfig",
    "/etc/mime.types",
)
SANDBOX_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"


def bwrap_path() -> str | None:
    return shutil.which("bwrap")


def sandbox_argv(folder: Path, cwd: str, command: str) -> list[str]:
    bwrap = bwrap_path()
    if bwrap is None:
        raise ExecutionFailure(
            "sandbox_unavailable",
            "bubblewrap (bwrap) is not installed on the execution host, so commands cannot run sandboxed.",
            "The operator installs the Debian package bubblewrap, or configures BRABO_DOCKER_HOST.",
        )
    argv = [
        bwrap,
        "--unshare-all",  # user, ipc, pid, net (no network), uts, cgroup
        "--die-with-parent",
        "--new-session",
        "--clearenv",
        "--setenv", "PATH", SANDBOX_PATH,
        "--setenv", "HOME", "/tmp",
        "--setenv", "LANG", "C.UTF-8",
        "--setenv", "TERM", "dumb",
        "--ro-bind", "/usr", "/usr",
    ]  # fmt: skip
    for top in ("/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"):
        if os.path.islink(top):
            argv += ["--symlink", os.readlink(top), top]
        elif os.path.isdir(top):
            argv += ["--ro-bind", top, top]
    for path in ETC_FILES:
        argv += ["--ro-bind-try", path, path]
    argv += ["--bind", str(folder), WORKDIR]
    policy = protected_policy_file(folder)
    if policy is not None:  # R3.5: the rules are not the governed's to rewrite — read-only over itself
        argv += ["--ro-bind", str(policy), f"{WORKDIR}/{POLICY_FILE}"]
    argv += [
        "--tmpfs", "/tmp",
        "--proc", "/proc",
        "--dev", "/dev",
        "--chdir", cwd,
    ]  # fmt: skip
    shell = "/bin/bash" if os.path.exists("/usr/bin/bash") or os.path.exists("/bin/bash") else "/bin/sh"
    return [*argv, "--", shell, "-c", command]


def run_capped(argv: list[str], *, timeout: int, output_cap: int) -> CommandResult:
    """Run ``argv`` in its own process group; keep at most ``output_cap`` bytes per stream (draining the
    rest so the process never blocks on a full pipe); kill the group at ``timeout`` seconds."""
    proc = subprocess.Popen(
        argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True
    )
    kept: dict[str, bytearray] = {"out": bytearray(), "err": bytearray()}
    dropped = {"out": 0, "err": 0}

    def drain(stream, key):
        while chunk := stream.read(65536):
            room = output_cap - len(kept[key])
            if room > 0:
                kept[key] += chunk[:room]
            dropped[key] += max(0, len(chunk) - max(room, 0))
        stream.close()

    readers = [
        threading.Thread(target=drain, args=(proc.stdout, "out"), daemon=True),
        threading.Thread(target=drain, args=(proc.stderr, "err"), daemon=True),
    ]
    for r in readers:
        r.start()
    timed_out = False
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        timed_out = True
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.wait()
    for r in readers:
        r.join(timeout=5)
    return CommandResult(
        exit_code=None if timed_out else proc.returncode,
        stdout=kept["out"].decode(errors="replace"),
        stderr=kept["err"].decode(errors="replace"),
        truncated=bool(dropped["out"] or dropped["err"]),
        timed_out=timed_out,
    )


class BwrapBroker:
    name = "bwrap"

    def run_command(self, project, command: str, cwd: str, timeout: int, output_cap: int) -> CommandResult:
        folder = host_folder(project)
        rel = cwd[len(WORKDIR) :].lstrip("/")
        if not (folder / rel).is_dir():
            raise ExecutionFailure(
                "cwd_missing",
                f"The folder {cwd} does not exist in the project.",
                "Propose the command with an existing cwd (or create the folder first).",
            )
        return run_capped(sandbox_argv(folder, cwd, command), timeout=timeout, output_cap=output_cap)

    def start(self, project, spec: ContainerSpec) -> dict:
        folder = host_folder(project)
        if not folder.is_dir():
            raise ExecutionFailure(
                "project_folder_missing",
                f"The project folder {project.scope_root_id()} does not exist on the execution host.",
                "Create the project again or restore its folder, then start the container.",
            )
        # Prove the sandbox works here (bwrap installed, user namespaces allowed) before saying "running".
        probe = run_capped(sandbox_argv(folder, WORKDIR, "true"), timeout=30, output_cap=4096)
        if probe.exit_code != 0:
            raise ExecutionFailure(
                "sandbox_unavailable",
                f"The bubblewrap sandbox does not start on this host: {probe.stderr.strip()[:300]}",
                "The operator allows unprivileged user namespaces (or runs the worker as root), or configures "
                "BRABO_DOCKER_HOST.",
            )
        return {"broker": self.name, "sandbox": "bubblewrap"}

    def stop(self, project) -> dict:
        return {"broker": self.name}

    def remove(self, project) -> dict:
        return {"broker": self.name}
