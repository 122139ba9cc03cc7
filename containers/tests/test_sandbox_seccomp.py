"""The sandbox's system-call filter (brabo_client/syscall_filter.py), through the real bubblewrap.

A sandboxed command holds no capability, but the kernel's whole interface still answers it unless a seccomp
filter closes what container runtimes close by default (Docker's default profile): new namespaces (the
classic route to kernel exploits), the key store, bpf, perf events, userfaultfd, io_uring, kernel modules and
kexec, the mount API, ptrace, personality flags that turn off ASLR, the clock, the kernel log, swap,
accounting, quotas and open_by_handle_at (the container-breakout call). Each is tried with the raw system call
and the errno it answers is checked -- EPERM from the filter, where the kernel alone answered ``ok`` or a
complaint about the arguments (which means it went on to look at them).

The friction side: ordinary work -- shells with subshells and pipes, python with threads and processes, git,
node, offline pip and npm installs -- keeps running. Without libseccomp the sandbox refuses to run anything
(``sandbox_seccomp_unavailable``) unless the operator turned the filter off (``BRABO_SANDBOX_SECCOMP=off``),
which the start-up probe then says.
"""

from __future__ import annotations

import errno
import io
import json
import os
import platform
import shlex
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

from actions.execution import ExecutionFailure
from brabo_client import runner as runner_program
from brabo_client import sandbox as sb
from brabo_client import syscall_filter
from containers import bwrap
from containers.bwrap import BwrapBroker

X86_64 = platform.machine() == "x86_64"
pytestmark = pytest.mark.skipif(
    platform.machine() not in ("x86_64", "aarch64"), reason="the attack table knows x86_64 and aarch64"
)

# name: (x86_64 number, aarch64 number, arguments). Arguments the kernel would reject on their own are
# chosen where they tell something: without the filter the kernel answers EINVAL/EFAULT/EBADF (it looked).
CALLS = {
    "keyctl": (250, 219, (0, -3, 0)),  # KEYCTL_GET_KEYRING_ID of the session keyring
    "add_key": (248, 217, (b"user", b"brabo", b"v", 1, -3)),
    "request_key": (249, 218, (b"user", b"brabo", None, -3)),
    "bpf": (321, 280, (0, 0, 0)),
    "perf_event_open": (298, 241, (0, 0, -1, -1, 0)),
    "userfaultfd": (323, 282, (1,)),  # UFFD_USER_MODE_ONLY: allowed to anyone by the kernel
    "io_uring_setup": (425, 425, (1, 0)),
    "io_uring_enter": (426, 426, (-1, 0, 0, 0, 0)),
    "io_uring_register": (427, 427, (-1, 0, 0, 0)),
    "kexec_load": (246, 104, (0, 0, 0, 0)),
    "kexec_file_load": (320, 294, (-1, -1, 0, 0, 0)),
    "init_module": (175, 105, (0, 0, b"")),
    "finit_module": (313, 273, (-1, b"", 0)),
    "delete_module": (176, 106, (b"brabo", 0)),
    "mount": (165, 40, (b"x", b"/tmp", b"tmpfs", 0, 0)),
    "umount2": (166, 39, (b"/tmp", 2)),
    "pivot_root": (155, 41, (b"/tmp", b"/tmp")),
    "move_mount": (429, 429, (-1, b"", -1, b"", 0)),
    "open_tree": (428, 428, (-100, b"/tmp", 1)),
    "fsopen": (430, 430, (b"tmpfs", 0)),
    "ptrace": (101, 117, (0, 0, 0, 0)),  # PTRACE_TRACEME
    "personality": (135, 92, (0x0040000,)),  # ADDR_NO_RANDOMIZE
    "acct": (163, 89, (None,)),
    "swapon": (167, 224, (b"/tmp/swap", 0)),
    "swapoff": (168, 225, (b"/tmp/swap",)),
    "reboot": (169, 142, (0, 0, 0, 0)),
    "settimeofday": (164, 170, (None, None)),
    "clock_settime": (227, 112, (0, None)),
    "syslog": (103, 116, (3, None, 0)),
    "lookup_dcookie": (212, 18, (0, None, 0)),
    "quotactl": (179, 60, (0, None, 0, None)),
    "vhangup": (153, 58, ()),
    "open_by_handle_at": (304, 265, (-100, None, 0)),
    "setns": (308, 268, (-1, 0x10000000)),
    "unshare_user": (272, 97, (0x10000000,)),
    "unshare_mount": (272, 97, (0x00020000,)),
    "unshare_net": (272, 97, (0x40000000,)),
    "unshare_pid": (272, 97, (0x20000000,)),
    "unshare_ipc": (272, 97, (0x08000000,)),
    "unshare_uts": (272, 97, (0x04000000,)),
    "unshare_cgroup": (272, 97, (0x02000000,)),
    "unshare_time": (272, 97, (0x00000080,)),
    "clone_user": (56, 220, (0x10000000 | 17, 0, 0, 0, 0)),  # SIGCHLD | CLONE_NEWUSER
    "clone_net": (56, 220, (0x40000000 | 17, 0, 0, 0, 0)),
    "clone_mount": (56, 220, (0x00020000 | 17, 0, 0, 0, 0)),
}
# What the filter answers; anything else (or "ok") means the call reached the kernel.
ANSWER = {"io_uring_setup": ("EPERM", "ENOSYS"), "io_uring_enter": ("EPERM", "ENOSYS"),
          "io_uring_register": ("EPERM", "ENOSYS")}  # fmt: skip

ATTACKS = """
import ctypes, errno, json, os, sys
libc = ctypes.CDLL(None, use_errno=True)
calls = json.loads(sys.argv[1])
for name, (nr, args) in calls.items():
    args = [ctypes.c_long(a) if isinstance(a, int) else (None if a is None else a.encode()) for a in args]
    ctypes.set_errno(0)
    r = libc.syscall(ctypes.c_long(nr), *args)
    e = ctypes.get_errno()
    if r == 0 and name.startswith("clone"):
        os._exit(0)  # the child of a clone that went through
    if r >= 0 and name == "personality":
        libc.syscall(ctypes.c_long(nr), ctypes.c_long(0))
    print(name + "=" + ("ok" if r >= 0 else errno.errorcode.get(e, str(e))), flush=True)
"""


def _calls() -> dict:
    out = {}
    for name, (x86, arm, args) in CALLS.items():
        out[name] = (x86 if X86_64 else arm, [a.decode() if isinstance(a, bytes) else a for a in args])
    return out


@pytest.fixture(scope="module")
def real_bwrap() -> str:
    path = sb.bwrap_path()
    if path is None:
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail("bubblewrap (bwrap) is not installed: apt-get install bubblewrap")
        pytest.skip("bubblewrap (bwrap) is not installed: apt-get install bubblewrap")
    return path


@pytest.fixture(autouse=True)
def filter_on(monkeypatch):
    monkeypatch.delenv("BRABO_SANDBOX_SECCOMP", raising=False)
    bwrap.forget_guarantee()
    yield
    bwrap.forget_guarantee()
    syscall_filter.forget()


def run(folder: Path, command: str, *, bwrap_path: str, policy: Path | None = None) -> dict:
    done = sb.Launcher(bwrap_path).run(folder, policy, sb.WORKDIR, command, timeout=120, cap=1 << 20)
    assert not done["timed_out"], done
    return done


def startup() -> tuple[bool, str]:
    answer = bwrap.startup_check()
    assert answer is not None  # bubblewrap is here
    return answer


def facts(stdout: str) -> dict[str, str]:
    return dict(line.split("=", 1) for line in stdout.splitlines() if "=" in line)


@pytest.fixture(scope="module")
def attacked(real_bwrap, tmp_path_factory) -> dict[str, str]:
    folder = tmp_path_factory.mktemp("attacks")
    command = f"python3 -I -S -c {shlex.quote(ATTACKS)} {shlex.quote(json.dumps(_calls()))}"
    done = run(folder, command, bwrap_path=real_bwrap)
    found = facts(done["stdout"])
    assert set(found) == set(CALLS), done
    return found


@pytest.mark.parametrize("name", sorted(CALLS))
def test_a_syscall_outside_the_sandboxes_surface_is_refused_by_the_filter(attacked, name):
    assert attacked[name] in ANSWER.get(name, ("EPERM",)), f"{name} answered {attacked[name]}"


def test_clone3_answers_enosys_so_libc_falls_back_to_clone(real_bwrap, tmp_path):
    probe = "import ctypes; l = ctypes.CDLL(None, use_errno=True); r = l.syscall(%d, None, 0); print(ctypes.get_errno())"
    done = run(tmp_path, f"python3 -I -S -c {shlex.quote(probe % (435 if X86_64 else 435))}",
               bwrap_path=real_bwrap)  # fmt: skip
    assert done["stdout"].strip() == str(errno.ENOSYS), done


@pytest.mark.skipif(not X86_64, reason="the x32 ABI is x86_64's")
def test_the_x32_abi_is_no_way_around_the_filter(real_bwrap, tmp_path):
    # keyctl and unshare(CLONE_NEWUSER) by their x32 numbers (__X32_SYSCALL_BIT | nr), from a 64-bit process
    code = (
        "import ctypes; l = ctypes.CDLL(None, use_errno=True)\n"
        "for nr, a in ((0x40000000 | 250, (0, -3, 0)), (0x40000000 | 272, (0x10000000,))):\n"
        "    r = l.syscall(ctypes.c_long(nr), *map(ctypes.c_long, a)); print(r, ctypes.get_errno())"
    )
    done = run(tmp_path, f"python3 -I -S -c {shlex.quote(code)}", bwrap_path=real_bwrap)
    assert done["stdout"].split() == ["-1", str(errno.EPERM)] * 2, done


@pytest.mark.parametrize(
    "command",
    [
        "unshare -Ur true",
        "unshare -U true",
        "unshare -m true",
        "unshare -n true",
        "setarch -R true",  # personality(ADDR_NO_RANDOMIZE)
    ],
)
def test_a_command_line_tool_cannot_reach_them_either(real_bwrap, tmp_path, command):
    done = run(tmp_path, f"{command} && echo WENT-THROUGH; true", bwrap_path=real_bwrap)
    assert "WENT-THROUGH" not in done["stdout"], done
    assert "Operation not permitted" in done["stderr"], done


def test_mount_cannot_put_a_tmpfs_anywhere(real_bwrap, tmp_path):
    done = run(
        tmp_path,
        "mount -t tmpfs none /work && echo WENT-THROUGH; mount -t tmpfs none /tmp && echo WENT-THROUGH; "
        "grep -c ' /work .* tmpfs ' /proc/self/mountinfo; true",
        bwrap_path=real_bwrap,
    )
    assert done["stdout"].split() == ["0"], done


def test_the_filter_is_in_force_in_every_sandboxed_process(real_bwrap, tmp_path):
    done = run(tmp_path, "grep '^Seccomp:' /proc/self/status; sh -c 'grep ^Seccomp: /proc/self/status'",
               bwrap_path=real_bwrap)  # fmt: skip
    assert done["stdout"].split() == ["Seccomp:", "2", "Seccomp:", "2"], done


# -- the friction side: ordinary work keeps running ----------------------------------------------------------

THREADS = """
import concurrent.futures, os, subprocess, threading, multiprocessing
seen = []
ts = [threading.Thread(target=seen.append, args=(i,)) for i in range(8)]
[t.start() for t in ts]; [t.join() for t in ts]
with concurrent.futures.ThreadPoolExecutor(4) as pool:
    assert sum(pool.map(abs, range(-50, 0))) == 1275
with multiprocessing.get_context("fork").Pool(2) as pool:
    assert pool.map(abs, [-1, -2]) == [1, 2]
pid = os.fork()
if pid == 0:
    os._exit(7)
assert os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]) == 7
assert subprocess.run(["true"]).returncode == 0
import ctypes
assert ctypes.CDLL(None).personality(0xFFFFFFFF) >= 0  # querying the personality stays allowed
print("threads ok", len(seen))
"""


def test_threads_processes_and_subshells_keep_working(real_bwrap, tmp_path):
    done = run(
        tmp_path,
        f'python3 -c {shlex.quote(THREADS)} && echo "$( (echo sub; (echo nested)) | tr a-z A-Z)" '
        "&& bash -c 'x=$(echo inner) && echo $x' && sort --parallel=4 -S 1M /etc/passwd >/dev/null "
        "&& xargs -P 4 -n 1 echo <<< '1 2 3 4' | sort | tr '\\n' ' ' && echo && uname -m",
        bwrap_path=real_bwrap,
    )
    assert done["exit_code"] == 0, done
    lines = done["stdout"].splitlines()
    assert lines[:3] == ["threads ok 8", "SUB", "NESTED"], done
    assert lines[3:6] == ["inner", "1 2 3 4 ", platform.machine()], done


def test_git_keeps_working(real_bwrap, tmp_path):
    done = run(
        tmp_path,
        "git init -q -b main . && echo a > a && git add a && "
        "git -c user.name=t -c user.email=t@localhost commit -qm one && git log --oneline | wc -l && "
        "git gc -q && git fsck --no-progress 2>&1 && echo git-ok",
        bwrap_path=real_bwrap,
    )
    assert done["exit_code"] == 0, done
    assert done["stdout"].split() == ["1", "git-ok"], done


def _wheel(into: Path) -> Path:
    path = into / "brabo_probe_pkg-1.0-py3-none-any.whl"
    info = "brabo_probe_pkg-1.0.dist-info"
    files = {
        "brabo_probe_pkg/__init__.py": "VALUE = 42\n",
        f"{info}/METADATA": "Metadata-Version: 2.1\nName: brabo-probe-pkg\nVersion: 1.0\n",
        f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: brabo\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    }
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as whl:
        for name, text in files.items():
            whl.writestr(name, text)
        whl.writestr(f"{info}/RECORD", "".join(f"{n},,\n" for n in files) + f"{info}/RECORD,,\n")
    path.write_bytes(buf.getvalue())
    return path


@pytest.mark.skipif(
    subprocess.run(["python3", "-m", "pip", "--version"], capture_output=True).returncode != 0,
    reason="no pip for the system python3",
)
def test_an_offline_pip_install_keeps_working(real_bwrap, tmp_path):
    _wheel(tmp_path)
    done = run(
        tmp_path,
        "python3 -m pip install -q --no-index --no-cache-dir --disable-pip-version-check --target /tmp/site "
        "./brabo_probe_pkg-1.0-py3-none-any.whl && PYTHONPATH=/tmp/site python3 -c "
        "'import brabo_probe_pkg; print(brabo_probe_pkg.VALUE)'",
        bwrap_path=real_bwrap,
    )
    assert done["exit_code"] == 0, done
    assert done["stdout"].split()[-1] == "42", done


@pytest.mark.skipif(shutil.which("npm") is None or shutil.which("node") is None, reason="no node/npm here")
def test_node_and_an_offline_npm_install_keep_working(real_bwrap, tmp_path):
    dep = tmp_path / "dep"
    dep.mkdir()
    (dep / "package.json").write_text('{"name": "brabo-dep", "version": "1.0.0", "main": "index.js"}')
    (dep / "index.js").write_text("module.exports = 6 * 7;\n")
    (tmp_path / "package.json").write_text('{"name": "app", "version": "1.0.0", "private": true}')
    done = run(
        tmp_path,
        "npm install --offline --no-audit --no-fund --cache /tmp/npm-cache ./dep >/dev/null && "
        'node -e \'const {Worker} = require("worker_threads"); '
        'new Worker("require(\\"worker_threads\\").parentPort.postMessage(require(\\"brabo-dep\\"))", '
        '{eval: true}).on("message", (v) => console.log("node", v))\'',
        bwrap_path=real_bwrap,
    )
    assert done["exit_code"] == 0, done
    assert done["stdout"].split()[-2:] == ["node", "42"], done


# -- both launchers carry the filter -----------------------------------------------------------------------


def test_the_worker_and_the_runner_both_launch_with_the_filter(real_bwrap, tmp_path):
    worker = bwrap.sandbox_argv(tmp_path, sb.WORKDIR, "true")
    runner = runner_program.sandbox_argv(real_bwrap, tmp_path, sb.WORKDIR, "true", share_net=True)
    for argv in (worker, runner):
        assert argv[argv.index("--seccomp") + 1] == sb.SECCOMP_FD_SLOT
        assert argv.index("--seccomp") < argv.index("--")  # bubblewrap's option, not the command's


def test_the_probe_refuses_a_sandbox_without_the_filter(real_bwrap):
    class Unfiltered(sb.Launcher):
        def argv(self, folder, policy, cwd, command):
            argv = super().argv(folder, policy, cwd, command)
            at = argv.index("--seccomp")
            del argv[at : at + 2]
            return argv

    verdict = sb.probe(Unfiltered(real_bwrap))
    assert not verdict.ok and verdict.code == "sandbox_seccomp_unavailable", verdict
    assert "seccomp" in verdict.why and "keyctl" in verdict.why, verdict
    assert sb.probe(sb.Launcher(real_bwrap)).ok


# -- the operator's opt-out ------------------------------------------------------------------------------


def test_the_filter_can_be_turned_off_and_the_probe_says_so(real_bwrap, tmp_path, monkeypatch):
    monkeypatch.setenv("BRABO_SANDBOX_SECCOMP", "off")
    argv = sb.Launcher(real_bwrap).argv(tmp_path, None, sb.WORKDIR, "true")
    assert "--seccomp" not in argv
    done = run(tmp_path, "grep '^Seccomp:' /proc/self/status", bwrap_path=real_bwrap)
    assert done["stdout"].split() == ["Seccomp:", "0"], done
    verdict = sb.probe(sb.Launcher(real_bwrap))
    assert verdict.ok and "BRABO_SANDBOX_SECCOMP=off" in verdict.note, verdict
    ok, sentence = startup()
    assert ok and "seccomp filter is OFF" in sentence and "BRABO_SANDBOX_SECCOMP=off" in sentence


def test_the_startup_sentence_names_the_filter_when_it_is_on(real_bwrap):
    ok, sentence = startup()
    assert ok and "seccomp filter" in sentence and "OFF" not in sentence, sentence


def test_the_startup_sentence_names_the_filter_beside_what_the_host_leaves_open(
    real_bwrap, tmp_path, monkeypatch
):
    """A note of the host's own (its core_pattern pipes crashes to a program) does not take the filter's
    mention out of the sentence."""
    (tmp_path / "core_pattern").write_text("|/usr/lib/systemd/systemd-coredump %P %u %g %s %t %c %h\n")
    monkeypatch.setattr(sb, "CORE_PATTERN", str(tmp_path / "core_pattern"))
    ok, sentence = startup()
    assert ok and "runs behind the seccomp filter" in sentence and "systemd-coredump" in sentence, sentence


@pytest.mark.parametrize("value", ["of", "disabled", "0", "yes please"])
def test_an_unknown_filter_setting_runs_nothing(real_bwrap, tmp_path, monkeypatch, value):
    monkeypatch.setenv("BRABO_SANDBOX_SECCOMP", value)
    with pytest.raises(sb.SandboxError) as refused:
        sb.Launcher(real_bwrap).argv(tmp_path, None, sb.WORKDIR, "touch ran")
    assert refused.value.code == "sandbox_seccomp_unavailable"
    assert "BRABO_SANDBOX_SECCOMP" in refused.value.message and "on" in refused.value.next_step


# -- no libseccomp: refused, never run unfiltered ---------------------------------------------------------


@pytest.fixture
def no_libseccomp(monkeypatch):
    monkeypatch.setattr(syscall_filter, "LIBRARY", "libseccomp-brabo-missing.so.2")
    syscall_filter.forget()


def test_without_libseccomp_nothing_runs_and_the_error_says_what_to_install(
    real_bwrap, tmp_path, no_libseccomp
):
    with pytest.raises(sb.SandboxError) as refused:
        sb.Launcher(real_bwrap).run(tmp_path, None, sb.WORKDIR, "touch ran", timeout=30, cap=1024)
    assert refused.value.code == "sandbox_seccomp_unavailable"
    assert "libseccomp" in refused.value.message
    assert "libseccomp2" in refused.value.next_step and "BRABO_SANDBOX_SECCOMP=off" in refused.value.next_step
    assert not (tmp_path / "ran").exists()
    verdict = sb.probe(sb.Launcher(real_bwrap))
    assert not verdict.ok and verdict.code == "sandbox_seccomp_unavailable" and "libseccomp" in verdict.why
    ok, sentence = startup()
    assert not ok and "sandbox_seccomp_unavailable" in sentence and "libseccomp" in sentence


def test_a_worker_without_libseccomp_refuses_sandboxed_work(team, real_bwrap, no_libseccomp):
    folder = Path(team.project.root())
    folder.mkdir(parents=True, exist_ok=True)
    with pytest.raises(ExecutionFailure) as refused:
        BwrapBroker().run_command(team.project, "touch ran", "/work", timeout=30, output_cap=1024)
    assert refused.value.code == "sandbox_seccomp_unavailable"
    assert "libseccomp2" in refused.value.next_step
    assert not (folder / "ran").exists()


def test_a_runner_without_libseccomp_refuses_rather_than_running_unsandboxed(
    real_bwrap, tmp_path, no_libseccomp
):
    path, why, refused = runner_program.probe_sandbox(tmp_path, share_net=False)
    assert path is None and refused and "libseccomp" in why


def test_the_opt_out_runs_without_libseccomp_and_says_so(real_bwrap, tmp_path, no_libseccomp, monkeypatch):
    monkeypatch.setenv("BRABO_SANDBOX_SECCOMP", "off")
    done = run(tmp_path, "echo ran > ran", bwrap_path=real_bwrap)
    assert done["exit_code"] == 0 and (tmp_path / "ran").exists(), done
    verdict = sb.probe(sb.Launcher(real_bwrap))
    assert verdict.ok and "off" in verdict.note
