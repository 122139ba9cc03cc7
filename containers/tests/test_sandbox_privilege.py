"""R9.7 — a sandboxed command holds no privilege, whatever user runs the worker.

Run through the real bubblewrap. The suite runs as root on its CI machine, which is exactly the attack
setting of the finding: as root, bubblewrap used to keep every capability, so an approved ``bash build.sh``
could remount /usr read-write, unmount the read-only bind over permissions.json and rewrite it. Each attack
is tried with the shell's tools and with the raw system calls (python3's ctypes), and its effect is checked
on the host, not only from the command's own output.
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import tempfile
from pathlib import Path

import pytest

from actions import execution
from brabo_client import sandbox as sb
from containers import bwrap
from containers.bwrap import BwrapBroker

from .privileged import PrivilegedLauncher

ROOT = os.geteuid() == 0
HAS_PY = Path("/usr/bin/python3").exists()
SYSCALLS = """
import ctypes, os
libc = ctypes.CDLL(None, use_errno=True)
def attempt(name, call):
    try:
        print(name + "=" + ("ok" if call() == 0 else os.strerror(ctypes.get_errno())))
    except OSError as exc:
        print(name + "=" + exc.strerror)
attempt("remount_usr", lambda: libc.mount(None, b"/usr", None, ctypes.c_ulong(0x20 | 0x1000), None))
attempt("remount_root", lambda: libc.mount(None, b"/", None, ctypes.c_ulong(0x20), None))
attempt("umount_policy", lambda: libc.umount2(b"/work/permissions.json", 2))
attempt("umount_proc", lambda: libc.umount2(b"/proc", 2))
attempt("mount_tmpfs", lambda: libc.mount(b"x", b"/work", b"tmpfs", ctypes.c_ulong(0), None))
attempt("bind_etc", lambda: libc.mount(b"/etc", b"/work", None, ctypes.c_ulong(0x1000), None))
attempt("new_userns", lambda: libc.unshare(0x10000000))
attempt("new_mountns", lambda: libc.unshare(0x00020000))
attempt("chroot", lambda: libc.chroot(b"/tmp"))
attempt("setuid_root", lambda: libc.setuid(0))
attempt("policy_open_write", lambda: os.open("/work/permissions.json", os.O_WRONLY) and 0)
"""


def sh(project, command, cwd="/work"):
    return BwrapBroker().run_command(project, command, cwd, timeout=60, output_cap=256 * 1024)


def lines(result) -> dict[str, str]:
    found = {}
    for line in result.stdout.splitlines():
        key, sep, value = line.partition("=")
        if sep:
            found[key] = value
    return found


@pytest.fixture(autouse=True)
def fresh_probe():
    bwrap.forget_guarantee()
    yield
    bwrap.forget_guarantee()


@pytest.fixture
def folder(team):
    folder = Path(team.project.root())
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "permissions.json").write_text('{"deny": ["Spend()"]}')
    os.chmod(folder / "permissions.json", 0o644)
    return folder


def test_inside_there_is_no_capability_and_no_root(team, sandbox, folder):
    result = sh(team.project, "grep -E '^(Cap|NoNewPrivs|Uid|Gid)' /proc/self/status; id -u; touch mine")
    status = {k: v.split() for k, _, v in (ln.partition(":") for ln in result.stdout.splitlines()) if v}
    for cap in ("CapInh", "CapPrm", "CapEff", "CapBnd", "CapAmb"):
        assert int(status[cap][0], 16) == 0, (cap, status[cap])
    assert status["NoNewPrivs"] == ["1"]
    assert set(status["Uid"]) == {"65534"} and set(status["Gid"]) == {"65534"}
    # what the host sees: the sandbox's files belong to an unprivileged uid, never root
    owner = (folder / "mine").stat().st_uid
    assert owner != 0
    assert owner == (65534 if ROOT else os.getuid())


@pytest.mark.skipif(not HAS_PY, reason="python3 is needed in the sandbox for the raw system calls")
def test_an_approved_command_cannot_remount_or_unmount(team, sandbox, folder):
    before = (folder / "permissions.json").read_text()
    (folder / ".syscalls.py").write_text(SYSCALLS)
    command = "; ".join(
        [
            "mount -o remount,bind,rw /usr && echo shell-remount=ok",
            "mount -o remount,rw / && echo shell-remount-root=ok",
            "umount /work/permissions.json && echo shell-umount=ok",
            "umount -l /work/permissions.json && echo shell-umount-lazy=ok",
            "mount -t tmpfs none /work && echo shell-mount=ok",
            "unshare -Ur true && echo shell-userns=ok",
            "python3 -I -S /work/.syscalls.py",
            "echo rewritten > /work/permissions.json && echo policy-write=ok",
            "echo end=1",
        ]
    )
    result = sh(team.project, command)
    found = lines(result)
    assert found.pop("end") == "1", result.stderr
    assert not [k for k in found if k.startswith("shell-") or k == "policy-write"], found
    assert {k: v for k, v in found.items() if v == "ok"} == {}
    assert set(found) >= {"remount_usr", "umount_policy", "new_userns", "setuid_root", "policy_open_write"}
    assert found["remount_usr"] == "Operation not permitted"
    assert found["umount_policy"] == "Operation not permitted"
    assert found["new_userns"] in ("No space left on device", "Operation not permitted")
    assert (folder / "permissions.json").read_text() == before


def test_nothing_outside_the_project_folder_is_written(team, sandbox, folder, tmp_path):
    home = Path(os.path.expanduser("~"))
    home_marker = home / ".brabo-sandbox-escape"
    host_tmp = Path("/tmp/brabo-sandbox-escape")
    core_pattern = Path("/proc/sys/kernel/core_pattern").read_text().strip()
    dev_null = os.stat("/dev/null")
    other = Path(team.other_project.root())
    other.mkdir(parents=True, exist_ok=True)
    (other / "theirs.txt").write_text("other tenant\n")
    command = "; ".join(
        [
            "echo x > /usr/brabo-escape && echo usr=ok",
            "echo x >> /etc/passwd && echo etc=ok",
            "echo x > /etc/brabo-escape && echo etc-new=ok",  # the sandbox's own tmpfs root, not the host's
            f"echo x > {home_marker} && echo home=ok",
            f"echo x > {host_tmp} && echo tmp=ok",
            f"echo x > {other}/theirs.txt && echo other=ok",
            f"printf '%s' '{core_pattern}' > /proc/sys/kernel/core_pattern && echo sysctl=ok",
            "echo 1 > /proc/sys/vm/drop_caches && echo drop_caches=ok",
            "chmod 600 /dev/null && echo dev-chmod=ok",
            "touch -d 2001-01-01 /dev/null && echo dev-utime=ok",
            "echo inside > /work/inside.txt && echo work=ok",
        ]
    )
    result = sh(team.project, command)
    found = lines(result)
    # /etc and /tmp inside are the sandbox's own (a private tmpfs each): they may be written, and the host's
    # are checked below
    assert set(found) - {"etc-new", "tmp"} == {"work"}, (found, result.stderr)
    assert (folder / "inside.txt").read_text() == "inside\n"
    assert not Path("/usr/brabo-escape").exists() and not Path("/etc/brabo-escape").exists()
    assert not home_marker.exists() and not host_tmp.exists()
    assert (other / "theirs.txt").read_text() == "other tenant\n"
    assert Path("/proc/sys/kernel/core_pattern").read_text().strip() == core_pattern
    now = os.stat("/dev/null")
    assert (now.st_mode, now.st_mtime) == (dev_null.st_mode, dev_null.st_mtime)


@pytest.mark.parametrize(
    "attack",
    [
        "echo '{}' > permissions.json",
        "truncate -s 0 permissions.json",
        "rm -f permissions.json",
        "mv permissions.json moved.json",
        "mv other.json permissions.json",
        "cp other.json permissions.json",
        "chmod 666 permissions.json",
        "chmod u+s permissions.json",
        "touch -d 2001-01-01 permissions.json",
        "ln -f permissions.json alias.json && echo '{}' > alias.json",
        "umount /work/permissions.json; echo '{}' > permissions.json",
        "umount -l /work/permissions.json; rm -f permissions.json; echo '{}' > permissions.json",
        "cd / && mv /work /work2; echo '{}' > /work2/permissions.json",
        "python3 -I -S -c \"import ctypes; ctypes.CDLL(None).umount2(b'/work/permissions.json', 2); "
        "open('/work/permissions.json', 'w').write('{}')\"",
        "python3 -I -S -c \"import os; os.replace('other.json', 'permissions.json')\"",
        "python3 -I -S -c \"import os; os.chmod('permissions.json', 0o777)\"",
    ],
)
def test_permissions_json_cannot_change(team, sandbox, folder, attack):
    (folder / "other.json").write_text("{}")
    before = os.stat(folder / "permissions.json")
    sh(team.project, attack)
    after = os.stat(folder / "permissions.json")
    assert (folder / "permissions.json").read_text() == '{"deny": ["Spend()"]}'
    assert (after.st_ino, after.st_mode, after.st_mtime_ns, after.st_nlink) == (
        before.st_ino,
        before.st_mode,
        before.st_mtime_ns,
        1,
    )
    assert not (folder / "moved.json").exists() and not (folder / "alias.json").exists()


def test_a_setuid_file_made_in_the_sandbox_never_belongs_to_root(team, sandbox, folder):
    sh(team.project, "cp /bin/true tool && chmod 4755 tool; chmod 2755 tool; ls -ln tool")
    st = (folder / "tool").stat()
    assert st.st_uid != 0  # at worst the sandbox's own unprivileged uid; never a setuid-root plant
    if ROOT:
        assert st.st_gid != 0


def test_ordinary_work_still_runs(team, sandbox, folder):
    # the project as a root worker leaves it: root-owned files and folders, a git repository
    env = {**os.environ, "GIT_CONFIG_NOSYSTEM": "1", "HOME": str(folder.parent)}
    (folder / "src").mkdir()
    (folder / "src" / "app.py").write_text("def add(a, b):\n    return a + b\n")
    (folder / "test_app.py").write_text(
        "import sys\nsys.path.insert(0, 'src')\nfrom app import add\nassert add(1, 2) == 3\nprint('tests ok')\n"
    )
    (folder / "build.sh").write_text("#!/bin/sh\necho built > out.txt\n")
    os.chmod(folder / "build.sh", 0o755)
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@localhost"]
    subprocess.run([*git, "init", "-q", "-b", "main", str(folder)], check=True, env=env)
    subprocess.run([*git, "-C", str(folder), "add", "-A"], check=True, env=env)
    subprocess.run([*git, "-C", str(folder), "commit", "-qm", "init"], check=True, env=env)
    result = sh(
        team.project,
        "git status --short --branch && echo '# more' >> src/app.py && sed -i 's/a + b/b + a/' src/app.py && "
        "mkdir -p build/deep && echo made > build/deep/f && ./build.sh && cat out.txt && "
        + ("python3 test_app.py && " if HAS_PY else "")
        + "git diff --stat && echo all-done",
    )
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("## main\n") and "built\n" in result.stdout
    assert result.stdout.rstrip().endswith("all-done")
    if HAS_PY:
        assert "tests ok" in result.stdout
    assert "b + a" in (folder / "src" / "app.py").read_text()
    assert (folder / "build" / "deep" / "f").read_text() == "made\n"
    # root's own git still works in the folder the sandbox wrote (no change of owner)
    done = subprocess.run(
        [*git, "-C", str(folder), "status", "--short"], capture_output=True, text=True, env=env
    )
    assert done.returncode == 0 and "src/app.py" in done.stdout
    assert folder.stat().st_uid == os.geteuid()


def test_the_probe_passes_here_and_refuses_a_privileged_sandbox(sandbox):
    assert bwrap.sandbox_guarantee().ok
    path = bwrap.bwrap_path()
    assert path is not None  # the sandbox fixture found bwrap
    verdict = sb.probe(PrivilegedLauncher(path))
    assert not verdict.ok and verdict.code == "sandbox_privileged"
    assert "CapEff is" in verdict.why and "(must be 0)" in verdict.why
    if ROOT:
        assert "writes files as root on the host" in verdict.why


def test_a_worker_whose_sandbox_is_privileged_refuses_sandboxed_work(
    team, sandbox, running, make_action, monkeypatch, folder
):
    monkeypatch.setattr(bwrap, "LAUNCHER", PrivilegedLauncher)
    action = make_action(team.project, "terminal", {"command": "touch ran-anyway"}, status="auto_approved")
    execution.execute(action.id)
    action.refresh_from_db()
    assert action.status == "failed"
    error = action.result["error"]
    assert error["code"] == "sandbox_privileged"
    assert "CapEff" in error["message"] and "unprivileged user" in error["next_step"]
    assert not (folder / "ran-anyway").exists()  # refused before anything ran: no silent privileged run
    # start (container_start's broker call) is refused the same way
    with pytest.raises(execution.ExecutionFailure) as failed:
        BwrapBroker().run_command(team.project, "true", "/work", timeout=30, output_cap=1024)
    assert failed.value.code == "sandbox_privileged"


@pytest.mark.skipif(not ROOT, reason="the sandbox user is chosen only by a root worker")
def test_a_root_worker_runs_the_sandbox_as_the_configured_user(team, sandbox, folder, monkeypatch):
    monkeypatch.setenv("BRABO_SANDBOX_UID", "4242")
    monkeypatch.setenv("BRABO_SANDBOX_GID", "4243")
    result = sh(team.project, "id -u; echo x > made")
    assert result.stdout.splitlines()[0] == "65534"
    st = (folder / "made").stat()
    assert (st.st_uid, st.st_gid) == (4242, 4243)


@pytest.mark.skipif(not ROOT, reason="the sandbox user is chosen only by a root worker")
@pytest.mark.parametrize("value", ["0", "root", "-1"])
def test_a_root_worker_never_runs_the_sandbox_as_root(team, sandbox, folder, monkeypatch, value):
    monkeypatch.setenv("BRABO_SANDBOX_UID", value)
    with pytest.raises(execution.ExecutionFailure) as failed:
        sh(team.project, "touch ran")
    assert failed.value.code == "sandbox_privileged"
    assert "BRABO_SANDBOX_UID" in failed.value.message
    assert not (folder / "ran").exists()


@pytest.mark.skipif(not ROOT, reason="needs root to start a process as another, unprivileged user")
def test_an_unprivileged_launcher_gets_the_same_guarantee():
    """The worker as the Docker image runs it (a plain user): the probe passes, an attack changes nothing on
    the host, and the sandbox's files are that user's own."""
    python = "/usr/bin/python3"  # the client is standard library only; the venv may live under /root
    if not Path(python).exists():
        pytest.skip("no system python3 to run as another user")
    # That user reads the client from a copy of its own: the checkout may sit where only root can enter (a
    # fresh clone in a 0700 temporary folder: `scripts/test-under-load.sh`; /root), and the test's tmp_path
    # is 0700 too.
    repo = Path(tempfile.mkdtemp(prefix="brabo-unprivileged-", dir="/tmp"))
    try:
        _readable_copy(Path(__file__).resolve().parents[2] / "brabo_client", repo / "brabo_client")
        done = _run_as_nobody(python, repo)
    finally:
        shutil.rmtree(repo, ignore_errors=True)
    found = dict(line.split("=", 1) for line in done.stdout.splitlines() if "=" in line)
    assert found == {
        "probe": "ok",
        "policy": "{}",
        "mode": "644",
        "owner": "65534",
        "capeff": "0000000000000000",
    }, (done.stdout, done.stderr)
    assert not Path("/usr/escape").exists()


def _readable_copy(package: Path, into: Path) -> None:
    """``package``'s modules under ``into``, readable by every user (0755 folders, 0644 files)."""
    into.parent.chmod(0o755)
    shutil.copytree(package, into, ignore=shutil.ignore_patterns("__pycache__"))
    for path in [into, *into.rglob("*")]:
        path.chmod(0o755 if path.is_dir() else 0o644)


def _run_as_nobody(python: str, repo: Path) -> subprocess.CompletedProcess:
    code = """
import os, tempfile
from pathlib import Path
from brabo_client import sandbox as s
launcher = s.Launcher(s.bwrap_path())
verdict = s.probe(launcher)
print("probe=" + ("ok" if verdict.ok else verdict.why))
with tempfile.TemporaryDirectory() as tmp:
    folder = Path(tmp)
    (folder / "permissions.json").write_text("{}")
    done = launcher.run(folder, folder / "permissions.json", "/work", (
        "mount -o remount,bind,rw /usr; umount /work/permissions.json; echo x > permissions.json; "
        "chmod 666 permissions.json; echo x > /usr/escape; echo made > made; "
        "grep CapEff /proc/self/status"), timeout=60, cap=65536)
    print("policy=" + (folder / "permissions.json").read_text())
    print("mode=%o" % ((folder / "permissions.json").stat().st_mode & 0o777))
    print("owner=%d" % (folder / "made").stat().st_uid)
    print("capeff=" + done["stdout"].split()[-1])
"""
    return subprocess.run(
        [python, "-I", "-c", f"import sys; sys.path.insert(0, {str(repo)!r})\n{code}"],
        user=65534,
        group=65534,
        extra_groups=[],
        cwd="/",
        env={"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": "/tmp", "TMPDIR": "/tmp"},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_policy_file_bind_is_checked_on_the_file_itself(team, sandbox, folder):
    # a hard link made on the host between the check and the start is still refused (one regular file)
    os.link(folder / "permissions.json", folder / "alias.json")
    with pytest.raises(execution.ExecutionFailure) as failed:
        sh(team.project, "true")
    assert failed.value.code == "policy_file_unsafe"
    assert stat.S_ISREG(os.lstat(folder / "permissions.json").st_mode)


@pytest.mark.skipif(not ROOT, reason="a root worker opens the folder to the sandbox user; this is its limit")
def test_a_hard_link_into_the_project_does_not_open_its_other_name(team, sandbox, folder, tmp_path):
    outside = tmp_path / "outside.txt"  # e.g. a git object shared with the local provider's bare repository
    outside.write_text("kept\n")
    os.link(outside, folder / "linked.txt")
    result = sh(team.project, "echo x >> linked.txt && echo WROTE; chmod 666 linked.txt && echo CHMOD; true")
    assert "WROTE" not in result.stdout and "CHMOD" not in result.stdout
    assert outside.read_text() == "kept\n" and outside.stat().st_mode & 0o777 == 0o644


def test_no_process_in_the_sandbox_carries_the_workers_environment(team, sandbox, folder, monkeypatch):
    # bubblewrap's own process is the sandbox's pid 1: its environment must not be the worker's secrets
    monkeypatch.setenv("BRABO_ENCRYPTION_KEYS", "worker-secret-key-value")
    result = sh(
        team.project,
        "for p in /proc/[0-9]*; do cat $p/environ $p/cmdline 2>/dev/null | tr '\\0' '\\n'; done; echo scanned",
    )
    assert result.stdout.rstrip().endswith("scanned")
    assert "PATH=" in result.stdout  # the scan did read environments
    assert "worker-secret-key-value" not in result.stdout


def test_no_setuid_program_gives_privilege_back(team, sandbox, folder):
    setuid = [p for p in ("/usr/bin/su", "/usr/bin/newgrp", "/usr/bin/mount") if os.stat(p).st_mode & 0o4000]
    if not setuid:
        pytest.skip("no setuid-root program on this host to try")
    result = sh(
        team.project,
        "sed 's/^/MI /' /proc/self/mountinfo; "
        + "; ".join(
            f"{p} --help >/dev/null 2>&1; {p} -c 'grep CapEff /proc/self/status' 2>&1" for p in setuid
        )
        + "; /usr/bin/newgrp root </dev/null 2>&1; echo done",
    )
    mounts = [ln[3:] for ln in result.stdout.splitlines() if ln.startswith("MI ")]
    assert mounts and all("nosuid" in ln.split(" - ")[0].split()[5].split(",") for ln in mounts), mounts
    assert "CapEff:\t000001" not in result.stdout
    assert result.stdout.rstrip().endswith("done")
