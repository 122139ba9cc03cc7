"""Where the sandbox could tell a tenant the worker machine's layout: the project folder's host path (and so the
install's folders, the naming of other tenants' folders), read from inside an approved command (R9.7).

Each place is read from a real sandbox, launched as the worker launches it here (root: the helper that stages the
folder and drops to the sandbox user) and as an unprivileged worker launches it (bubblewrap directly, as the
Docker image's user): the environment, the working folder (``pwd -P``, /proc/*/cwd, /proc/*/root), every
process's command line, environment and descriptors (bubblewrap's own command line named the project folder and
its policy file when an unprivileged worker launched it: its options now come through a descriptor, ``--args``),
/proc/self/mounts, the mount points of /proc/self/mountinfo, and bubblewrap's and the shell's error messages.

One place is left, said here and in the README: /proc/self/mountinfo's fourth field is the path of a bind mount's
root inside its filesystem, which the kernel prints for every mount -- /work's shows the project folder's path
from the root of the filesystem it lives on. No bind, staging or mount namespace hides it (the kernel computes
it from the folder itself); an operator who keeps the project folders on a filesystem of their own
(PROJECT_WORKSPACES_ROOT, BRABO_PROJECTS_BASE) leaves only the folder's own name there, and the start says
what it shows when they are not (``workspaces_check``).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from brabo_client import sandbox as sb

from .sandbox_run import run
from .test_sandbox_privilege import _readable_copy

ROOT = os.geteuid() == 0
MARK = "hostlayout-d41d8cd9"  # a name only the host path holds

# What a tenant's command reads; each prints under its own heading.
PLACES = {
    "env": "env",
    "pwd": "pwd; pwd -P; cd -P /work && pwd; /bin/pwd",
    "cwd_root_links": "for p in /proc/[0-9]*; do readlink $p/cwd $p/root $p/exe; done 2>/dev/null",
    "cmdlines": "for p in /proc/[0-9]*; do tr '\\0' ' ' < $p/cmdline; echo; done 2>/dev/null",
    "environs": "for p in /proc/[0-9]*; do tr '\\0' ' ' < $p/environ; echo; done 2>/dev/null",
    "descriptors": "for p in /proc/[0-9]*; do ls -l $p/fd $p/map_files 2>/dev/null; done",
    "maps": "for p in /proc/[0-9]*; do cat $p/maps 2>/dev/null; done | awk '{print $6}' | sort -u",
    "mounts": "cat /proc/self/mounts /proc/1/mounts",
    "mountstats": "cat /proc/self/mountstats /proc/1/mountstats",
    "accounts": "cat /etc/passwd /etc/group",
    "mount_points": "awk '{print $5}' /proc/self/mountinfo",
    "mountinfo_but_the_root_field": "awk '{$4=\"\"; print}' /proc/self/mountinfo",
    "errors": "cd /work/nothing; ls /work/nothing; cat /proc/1/root/etc/nothing; cd ..; cd ..; pwd",
    "work_listing": "ls -la / /work /proc/self/ns 2>&1; stat -c '%n %i' /work /work/permissions.json",
    "own_files": "readlink -f /work/permissions.json /work/. /work/..; realpath /work",
}
PROBE = "".join(f"echo '=== {name}'; {{ {cmd}; }} 2>&1; " for name, cmd in PLACES.items()) + "echo '=== end'"


def _sections(stdout: str) -> dict[str, str]:
    out, name = {}, None
    for line in stdout.splitlines():
        if line.startswith("=== "):
            name = line[4:]
            out[name] = ""
        elif name is not None:
            out[name] += line + "\n"
    assert "end" in out and set(PLACES) <= set(out), stdout
    return out


def _leaks(sections: dict[str, str], host_path: str) -> dict[str, list[str]]:
    found = {}
    for name, text in sections.items():
        lines = [ln for ln in text.splitlines() if MARK in ln or host_path in ln]
        if lines:
            found[name] = lines
    return found


def test_the_worker_as_it_runs_here_names_no_host_path_but_in_mountinfos_root_field(sandbox, tmp_path):
    folder = tmp_path / MARK / "acme-project-1234abcd"
    folder.mkdir(parents=True)
    (folder / sb.POLICY_FILE).write_text("{}\n")
    sections = _sections(run(folder, PROBE)["stdout"])
    assert sections["pwd"].split() == ["/work"] * 4, sections["pwd"]
    assert _leaks(sections, str(folder)) == {}


@pytest.mark.skipif(not ROOT, reason="needs root to start a process as another, unprivileged user")
def test_an_unprivileged_worker_names_no_host_path_but_in_mountinfos_root_field(sandbox):
    """bubblewrap launched directly (no root helper): its options held the folder's and the policy file's
    host paths, readable by every process inside as /proc/1/cmdline."""
    python = "/usr/bin/python3"
    if not Path(python).exists():
        pytest.skip("no system python3 to run as another user")
    top = Path(tempfile.mkdtemp(prefix="brabo-host-path-", dir="/tmp"))
    try:
        top.chmod(0o755)
        (top / "lib").mkdir()
        _readable_copy(Path(__file__).resolve().parents[2] / "brabo_client", top / "lib" / "brabo_client")
        folder = top / MARK / "acme-project-1234abcd"
        folder.mkdir(parents=True)
        (folder / sb.POLICY_FILE).write_text("{}\n")
        for path in (top / MARK, folder, folder / sb.POLICY_FILE):
            os.chown(path, 65534, 65534)
        code = (
            f"import sys; sys.path.insert(0, {str(top / 'lib')!r})\n"
            "from pathlib import Path\nfrom brabo_client import sandbox as s\n"
            f"folder = Path({str(folder)!r})\n"
            "done = s.Launcher(s.bwrap_path()).run(folder, folder / 'permissions.json', '/work', "
            f"{PROBE!r}, timeout=60, cap=1 << 20)\n"
            "sys.stdout.write(done['stdout'])\n"
        )
        done = subprocess.run(
            [python, "-I", "-c", code], user=65534, group=65534, extra_groups=[], cwd="/",
            env={"PATH": "/usr/bin:/bin", "HOME": "/tmp", "TMPDIR": "/tmp"},
            capture_output=True, text=True, timeout=120,
        )  # fmt: skip
    finally:
        shutil.rmtree(top, ignore_errors=True)
    sections = _sections(done.stdout)
    assert sections["pwd"].split() == ["/work"] * 4, (sections["pwd"], done.stderr)
    assert _leaks(sections, str(folder)) == {}


def test_mountinfos_root_field_is_the_one_place_left_and_holds_only_the_path_on_its_filesystem(
    sandbox, tmp_path
):
    """The residual, pinned: the only host-path text inside is /work's own root field (and the policy file's,
    bound over it); an operator's filesystem for the project folders shortens it to the folder's name."""
    folder = tmp_path / MARK / "acme-project-1234abcd"
    folder.mkdir(parents=True)
    (folder / sb.POLICY_FILE).write_text("{}\n")
    lines = run(folder, "cat /proc/self/mountinfo")["stdout"].splitlines()
    with_mark = [ln.split()[3:5] for ln in lines if MARK in ln]
    assert [point for _, point in with_mark] == ["/work", "/work/permissions.json"], lines


def test_the_hosts_name_is_not_the_sandboxs(sandbox, tmp_path):
    """A new UTS namespace starts with a copy of the host's name (a worker's name says where it runs: its
    cluster, its site): the sandbox gets a fixed one instead."""
    folder = tmp_path / "project"
    folder.mkdir()
    (folder / sb.POLICY_FILE).write_text("{}\n")
    done = run(folder, "uname -n; cat /proc/sys/kernel/hostname /proc/sys/kernel/domainname")
    assert done["stdout"].split() == [sb.SANDBOX_HOSTNAME, sb.SANDBOX_HOSTNAME, "(none)"], done


def test_a_sandbox_that_does_not_start_names_the_folder_as_work(sandbox, tmp_path, monkeypatch):
    """bubblewrap's own error (an unprivileged worker's names its sources: the project folder's host path)
    reaches whoever started the container: the folder is named as the sandbox names it."""
    from types import SimpleNamespace

    from actions.execution import ExecutionFailure
    from containers import bwrap
    from containers.broker import CommandResult, ContainerSpec

    folder = tmp_path / MARK / "acme-project-1234abcd"
    folder.mkdir(parents=True)
    failed = CommandResult(
        1, "", f"bwrap: Can't find source path {folder}/permissions.json: Permission denied", False
    )
    monkeypatch.setattr(bwrap, "run_capped", lambda *a, **k: failed)
    with pytest.raises(ExecutionFailure) as failure:
        bwrap.BwrapBroker().start(SimpleNamespace(root=lambda: str(folder)), ContainerSpec(1, 512, "img"))
    assert failure.value.code == "sandbox_unavailable"
    assert MARK not in failure.value.message and "/work/permissions.json" in failure.value.message


def test_bubblewraps_own_words_about_a_command_name_the_folder_as_work(sandbox, tmp_path, monkeypatch):
    from types import SimpleNamespace

    from containers import bwrap
    from containers.broker import CommandResult

    folder = tmp_path / MARK / "acme-project-1234abcd"
    folder.mkdir(parents=True)
    said = f"bwrap: Can't bind mount {folder} on /newroot/work: No such file or directory"
    monkeypatch.setattr(bwrap, "run_capped", lambda *a, **k: CommandResult(1, said, said, False))
    done = bwrap.BwrapBroker().run_command(
        SimpleNamespace(root=lambda: str(folder)), "true", "/work", 60, 4096
    )
    assert MARK not in done.stdout + done.stderr and "bind mount /work on" in done.stderr, done


# -- the residual, said to the operator at start ------------------------------------------------------------

MOUNTINFO = (
    "22 1 254:0 / / rw,relatime - ext4 /dev/vda rw\n"
    "30 22 254:1 /volumes/brabo_data/_data /var/lib/brabo rw,relatime - ext4 /dev/vdb rw\n"
    "31 30 0:40 / /var/lib/brabo/own rw,relatime - xfs /dev/vdc rw\n"
    "32 22 254:0 /srv/with\\040space /mnt/spaced rw,relatime - ext4 /dev/vda rw\n"
)


@pytest.mark.parametrize(
    "folder, shown",
    [
        ("/var/lib/brabo/workspaces", "/volumes/brabo_data/_data/workspaces"),  # a bind (a Docker volume)
        ("/var/lib/brabo", "/volumes/brabo_data/_data"),
        ("/var/lib/brabo/own", "/"),  # a filesystem of its own: nothing but the folder's name is left
        ("/var/lib/brabo/own/projects", "/projects"),
        ("/var/lib/brabo-other/x", "/var/lib/brabo-other/x"),  # a name that only begins like a mount point
        ("/mnt/spaced/ws", "/srv/with space/ws"),
    ],
)
def test_the_path_a_folder_shows_on_its_filesystem(folder, shown):
    from containers.bwrap import path_on_its_filesystem

    assert path_on_its_filesystem(folder, MOUNTINFO) == shown


def test_the_start_says_what_a_sandbox_shows_of_the_workspaces_as_the_sandbox_shows_it(
    sandbox, tmp_path, settings
):
    """The operator learns at start what every command will read in its mountinfo (the workspaces' path on
    their filesystem), and that one of their own hides it: the sentence names exactly what a real sandbox
    over a project folder there shows."""
    from containers import bwrap

    settings.PROJECT_WORKSPACES_ROOT = tmp_path / MARK
    settings.BRABO_PROJECTS_BASE = tmp_path / "base"
    folder = tmp_path / MARK / "acme-project-1234abcd"
    folder.mkdir(parents=True)
    (folder / sb.POLICY_FILE).write_text("{}\n")
    lines = run(folder, "cat /proc/self/mountinfo")["stdout"].splitlines()
    (seen,) = [ln.split()[3] for ln in lines if ln.split()[4] == "/work"]
    answer = bwrap.workspaces_check()
    assert answer is not None
    ok, sentence = answer
    assert ok and "PROJECT_WORKSPACES_ROOT" in sentence and "filesystem of their own" in sentence
    assert seen.removesuffix("/acme-project-1234abcd") + "/" in sentence, (seen, sentence)


def test_the_start_says_nothing_of_workspaces_on_a_filesystem_of_their_own(settings, monkeypatch):
    from containers import bwrap

    settings.PROJECT_WORKSPACES_ROOT = "/var/lib/brabo/own/ws"
    settings.BRABO_PROJECTS_BASE = "/var/lib/brabo/own"
    monkeypatch.setattr(bwrap, "_own_mountinfo", lambda: MOUNTINFO)
    monkeypatch.setattr(bwrap, "bwrap_path", lambda: "/usr/bin/bwrap")
    answer = bwrap.workspaces_check()
    assert answer is not None
    ok, sentence = answer
    assert ok and "BRABO_PROJECTS_BASE" not in sentence and "/ws/" in sentence
    settings.PROJECT_WORKSPACES_ROOT = "/var/lib/brabo/own"
    assert bwrap.workspaces_check() is None
