"""A tenant's approved command tries to act on the kernel, the host or another tenant's sandbox, through the
real bubblewrap sandbox launched exactly as the worker and the runner launch it (R9.7), as whatever user runs
these tests (root here: the root launcher drops to the sandbox user). Each attempt prints a marker only when
it succeeded; none may."""

from __future__ import annotations

import os
import signal
import stat
import subprocess

import pytest

from brabo_client import sandbox as sb

from .sandbox_run import run


@pytest.fixture
def folder(tmp_path):
    f = tmp_path / "project"
    f.mkdir()
    (f / sb.POLICY_FILE).write_text("{}\n")
    (f / "mine.txt").write_text("mine\n")
    return f


PY = "python3 -I -S -c "
ATTACKS = {
    # the OOM killer would pick the worker or the database instead of the command
    "oom_score_adj": "echo -1000 > /proc/self/oom_score_adj && grep -q '^-1000' /proc/self/oom_score_adj && echo GOT",
    "sysrq": "echo h > /proc/sysrq-trigger && echo GOT",
    "sysctl": "echo brabo > /proc/sys/kernel/hostname && echo GOT",
    "core_pattern": "echo '|/work/x' > /proc/sys/kernel/core_pattern && echo GOT",
    # a crash hands the process to the host's crash handler (a core_pattern pipe: apport, systemd-coredump,
    # run as root in the host's namespaces) or writes its memory into the project: no core, the limit fixed
    "core_dump": "ulimit -c unlimited 2>/dev/null; sh -c 'kill -SEGV $$'; ls /work /tmp | grep -q '^core' && echo GOT",
    "core_limit": 'ulimit -c 1 2>/dev/null; [ "$(ulimit -Hc)" != 0 ] && echo GOT',
    "uid_map": "echo '0 0 1' > /proc/self/uid_map && echo GOT",
    "setgroups": "echo allow > /proc/self/setgroups && echo GOT",
    "chown_root": "touch /work/f && chown 0:0 /work/f && echo GOT",
    "chown_other": "touch /work/f && chown 1000:1000 /work/f && echo GOT",
    "mknod": "mknod /work/mem c 1 1 && echo GOT",
    "hostname": "hostname brabo-evil && echo GOT",
    "clock": "date -s '2001-01-01' >/dev/null 2>&1 && echo GOT",
    "realtime": "chrt -f 10 true && echo GOT",
    "io_realtime": "ionice -c1 -n0 true && echo GOT",
    "nice": PY + "'import os; os.nice(-5); print(\"GOT\")'",
    "setuid_root": PY + "'import os; os.setuid(0); print(\"GOT\")'",
    "setresuid": PY + "'import os; os.setresuid(1000, 1000, 1000); print(\"GOT\")'",
    "unshare_user": "unshare -r id && echo GOT",
    "unshare_mount": "unshare -m true && echo GOT",
    "unshare_net": "unshare -n true && echo GOT",
    "tiocsti": PY
    + '\'import fcntl, termios, os\nfor fd in (0, 1, 2):\n    try: fcntl.ioctl(fd, termios.TIOCSTI, b"x"); print("GOT")\n'
    + '    except OSError: pass\ntry:\n    t = os.open("/dev/tty", os.O_RDWR); fcntl.ioctl(t, termios.TIOCSTI, b"x"); print("GOT")\n'
    + "except OSError: pass'",
    "dmesg": "dmesg >/dev/null 2>&1 && echo GOT",
    "kallsyms_addresses": "grep -qv '^0000000000000000 ' /proc/kallsyms && echo GOT",
    "kcore": "head -c1 /proc/kcore >/dev/null 2>&1 && echo GOT",
    "raw_socket": PY + "'import socket; socket.socket(socket.AF_INET, socket.SOCK_RAW, 1); print(\"GOT\")'",
    "packet_socket": PY + "'import socket; socket.socket(socket.AF_PACKET, socket.SOCK_RAW); print(\"GOT\")'",
    "bind_low_port_on_host": PY
    + '\'import socket; s=socket.socket(); s.bind(("0.0.0.0", 80)); print("GOT")\'',
}


@pytest.mark.parametrize("name", sorted(ATTACKS))
def test_an_approved_command_gains_no_privilege_over_the_host(sandbox, folder, name):
    done = run(folder, f"{{ {ATTACKS[name]}; }} 2>/dev/null; echo done")
    assert done["stdout"].rstrip().endswith("done"), done
    assert "GOT" not in done["stdout"], done
    assert (folder / "mine.txt").read_text() == "mine\n"


def _as_sandbox_user():
    uid, gid = sb.sandbox_ids()
    os.setgroups([])
    os.setresgid(gid, gid, gid)
    os.setresuid(uid, uid, uid)


def test_another_tenants_sandbox_running_as_the_same_host_user_cannot_be_signalled(sandbox, folder):
    # a root worker runs every tenant's sandbox as the same host uid; only the pid namespace separates them
    if os.geteuid() != 0:
        pytest.skip("only a root launcher runs sandboxes as BRABO_SANDBOX_UID")
    other = subprocess.Popen(["sleep", "300"], preexec_fn=_as_sandbox_user, start_new_session=True)  # noqa: PLW1509
    try:
        done = run(
            folder,
            f"kill -9 -1; kill -9 {other.pid}; pkill -9 sleep; "
            + PY
            + f"'import os; os.kill({other.pid}, 9)'; echo done",
        )
        assert done["stdout"].rstrip().endswith("done") or done["exit_code"] is not None
        assert other.poll() is None, "another tenant's process was killed from inside the sandbox"
    finally:
        os.kill(other.pid, signal.SIGKILL)
        other.wait()


def test_a_command_killed_at_its_time_limit_leaves_no_daemon_behind(sandbox, folder):
    # the time limit kills the launcher's process group; a daemon in a new session is in none of it, and only
    # the sandbox's pid namespace (ending with bubblewrap, --die-with-parent) takes it along
    marker = f"brabo-daemon-{os.getpid()}-{id(folder)}"
    bwrap = sb.bwrap_path()
    assert bwrap is not None
    done = sb.Launcher(bwrap).run(
        folder,
        None,
        sb.WORKDIR,
        f"(setsid bash -c 'exec -a {marker}-a sleep 300' &); nohup bash -c 'exec -a {marker}-b sleep 300' "
        f">/dev/null 2>&1 & until [ $(pgrep -fc ^{marker}-) -ge 2 ]; do :; done; echo started; sleep 300",
        timeout=5,
        cap=4096,
    )
    assert done["timed_out"] and "started" in done["stdout"], done
    for _ in range(600):  # the kernel reaps the namespace once bubblewrap is gone: wait for that, not a time
        ps = subprocess.run(["ps", "-eo", "args"], capture_output=True, text=True, check=True).stdout
        if marker not in ps:
            break
        subprocess.run(["sleep", "0.05"], check=True)
    assert marker not in ps, ps


# -- no set-user-id or set-group-id file left on the host ------------------------------------------------------

# Every way a file or folder gets a set-id bit: changing a mode (chmod, fchmod, fchmodat, fchmodat2), creating
# with one (open and openat with O_CREAT or O_TMPFILE, creat, mknod, mknodat), for the user's id and the group's.
SET_ID = r"""
import ctypes, os, stat, sys
libc = ctypes.CDLL(None, use_errno=True)
nr = {"x86_64": {"fchmodat2": 452, "open": 2, "creat": 85, "mknod": 133},
      "aarch64": {"fchmodat2": 452}}.get(os.uname().machine, {})
def attempt(name, call):
    try:
        call()
    except OSError:
        pass
for bit, tag in ((stat.S_ISUID, "u"), (stat.S_ISGID, "g")):
    mode = 0o755 | bit
    def made(how):
        path = f"/work/{how}-{tag}"
        os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o755))
        return path
    attempt("chmod", lambda: os.chmod(made("chmod"), mode))
    attempt("chmod_dir", lambda: (os.mkdir(f"/work/dir-{tag}"), os.chmod(f"/work/dir-{tag}", mode)))
    attempt("fchmod", lambda: os.fchmod(os.open(made("fchmod"), os.O_RDONLY), mode))
    attempt("fchmodat", lambda: libc.fchmodat(-100, made("fchmodat").encode(), mode, 0))
    if "fchmodat2" in nr:
        path = made("fchmodat2").encode()
        libc.syscall(nr["fchmodat2"], -100, path, mode, 0)
    attempt("open", lambda: os.close(os.open(f"/work/open-{tag}", os.O_CREAT | os.O_WRONLY, mode)))
    if "open" in nr:
        libc.syscall(nr["open"], f"/work/rawopen-{tag}".encode(), os.O_CREAT | os.O_WRONLY, mode)
        libc.syscall(nr["creat"], f"/work/creat-{tag}".encode(), mode)
        libc.syscall(nr["mknod"], f"/work/mknod-{tag}".encode(), stat.S_IFREG | mode, 0)
    attempt("mknod", lambda: os.mknod(f"/work/mknodat-{tag}", stat.S_IFREG | mode))
    def tmpfile():
        fd = os.open("/work", os.O_TMPFILE | os.O_WRONLY, mode)
        os.link(f"/proc/self/fd/{fd}", f"/work/tmpfile-{tag}")
    attempt("tmpfile", tmpfile)
    attempt("openat2", lambda: libc.syscall(437, -100, b"/work/openat2", b"\0" * 24, 24))
print("done")
"""


@pytest.mark.skipif(not os.path.exists("/usr/bin/python3"), reason="the attacks need python3 in the sandbox")
def test_no_file_with_a_set_id_bit_is_left_on_the_host(sandbox, folder):
    """A set-user-id file the sandbox leaves in the project runs, on the host, as the sandbox's host user --
    the worker's own uid, or (a root worker) BRABO_SANDBOX_UID, which every tenant's folder is opened to: any
    program or user of the host that runs it holds that. Setting either bit is refused (as systemd's
    RestrictSUIDSGID= does), whichever call tries; ordinary modes and the sticky bit stay."""
    done = run(folder, f"python3 -I -S -c '{SET_ID}'; chmod 1777 /work/sticky 2>/dev/null || mkdir -m 1777 /work/sticky; "
               "touch /work/own && chmod 750 /work/own && chmod +x /work/own && chmod g+w /work/own && echo modes-ok")  # fmt: skip
    assert "done" in done["stdout"] and "modes-ok" in done["stdout"], done
    set_id = {
        p.name: oct(p.lstat().st_mode)
        for p in folder.iterdir()
        if p.lstat().st_mode & (stat.S_ISUID | stat.S_ISGID)
    }
    assert set_id == {}, (set_id, done)
    assert (folder / "sticky").stat().st_mode & stat.S_ISVTX
