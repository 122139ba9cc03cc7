"""What a hostile approved command can take from the host's resources, through the real bubblewrap sandbox
(brabo_client/sandbox.py, shared by the worker and the runner program).

Memory held in a tmpfs belongs to no process: the kernel's OOM killer cannot reclaim it by killing the
command, so it kills the worker, PostgreSQL or Redis instead, while the files stay for as long as the
sandbox lives. So no filesystem of the sandbox is an unbounded tmpfs it can write: the root and /dev are
read-only, /tmp and /dev/shm have a size. Processes are capped (a fork bomb meets the cap, not the host's
process table), the command cannot raise the cap, and nothing it starts -- setsid, nohup, disown --
outlives it.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from brabo_client import sandbox as sb

MIB = 1024 * 1024


@pytest.fixture
def folder(tmp_path):
    f = tmp_path / "project"
    f.mkdir()
    return f


def bwrap() -> str:
    path = sb.bwrap_path()
    assert path is not None  # the sandbox fixture skipped otherwise
    return path


def run(folder: Path, command: str, *, launcher: sb.Launcher | None = None, timeout: float = 60) -> dict:
    launcher = launcher or sb.Launcher(bwrap())
    done = launcher.run(folder, None, sb.WORKDIR, command, timeout=timeout, cap=1 << 20)
    assert not done["timed_out"], done
    return done


def _writable_memory_mounts(mountinfo: str) -> list[tuple[str, int | None]]:
    """(mount point, size in bytes or None) of every tmpfs mounted read-write."""
    found = []
    for line in mountinfo.splitlines():
        head, sep, tail = line.partition(" - ")
        if not sep:
            continue
        fields, (fstype, _source, *super_opts) = head.split(), tail.split()
        if fstype != "tmpfs" or "rw" not in fields[5].split(","):
            continue
        options = super_opts[0].split(",") if super_opts else []
        size = next((o[5:] for o in options if o.startswith("size=")), None)
        unit = {"k": 1024, "m": MIB, "g": 1024 * MIB}.get((size or "0")[-1:].lower(), 1)
        found.append((fields[4], None if size is None else int(size.rstrip("kKmMgG")) * unit))
    return found


def test_no_writable_tmpfs_in_the_sandbox_is_unbounded(sandbox, folder):
    done = run(folder, "cat /proc/self/mountinfo")
    mounts = _writable_memory_mounts(done["stdout"])
    assert mounts, done  # /tmp at least
    limits = sb.Limits()
    budget = {"/tmp": limits.tmp_mb * MIB, "/dev/shm": limits.shm_mb * MIB}
    for point, size in mounts:
        assert point in budget, f"{point} is a writable tmpfs: {mounts}"
        assert size is not None and size <= budget[point], (point, size)


@pytest.mark.parametrize("where", ["/", "/dev", "/dev/pts", "/proc"])
def test_the_root_and_dev_take_no_file(sandbox, folder, where):
    done = run(folder, f"head -c 1024 /dev/zero > {where.rstrip('/')}/brabo-fill && echo WROTE; true")
    assert "WROTE" not in done["stdout"], done


@pytest.mark.parametrize("where", ["/tmp", "/dev/shm"])
def test_a_full_tmp_stops_the_command_not_the_host(sandbox, folder, where):
    launcher = sb.Launcher(bwrap(), limits=sb.Limits(tmp_mb=1, shm_mb=1))
    done = run(
        folder, f"head -c 3M /dev/zero > {where}/fill || echo FULL; ls -l {where}/fill", launcher=launcher
    )
    assert "FULL" in done["stdout"], done
    assert "No space left on device" in done["stderr"], done


def test_the_process_cap_is_set_and_the_command_cannot_raise_it(sandbox, folder):
    cap = sb.Limits().processes
    done = run(
        folder,
        "grep '^Max processes' /proc/self/limits; ulimit -u unlimited && echo RAISED; "
        f"ulimit -Hu {cap + 1} && echo RAISED; true",
    )
    assert done["stdout"].split()[2:4] == [str(cap), str(cap)], done
    assert "RAISED" not in done["stdout"], done


FORKS = """
import os, signal
kids = []
for _ in range(64):
    try:
        pid = os.fork()
    except OSError:
        break
    if pid == 0:
        signal.pause()
        os._exit(0)
    kids.append(pid)
print("started", len(kids))
for kid in kids:
    os.kill(kid, signal.SIGKILL)
"""


def test_a_fork_bomb_meets_the_cap(sandbox, folder):
    if not Path("/usr/bin/python3").exists():
        pytest.skip("no python3 in the sandbox's /usr to fork with")
    launcher = sb.Launcher(bwrap(), limits=sb.Limits(processes=16))
    (folder / "forks.py").write_text(FORKS)
    done = run(folder, "python3 -I -S forks.py", launcher=launcher)
    started = int(done["stdout"].split()[1])
    assert 0 < started < 16, done  # the cap counts the sandbox's own processes too; 64 never run


def test_nothing_the_command_starts_outlives_it(sandbox, folder):
    marker = f"brabo-survivor-{uuid.uuid4().hex}"
    done = run(
        folder,
        f"(setsid nohup bash -c 'exec -a {marker} sleep 600' >/dev/null 2>&1 &); "
        f"(bash -c 'exec -a {marker} sleep 600' & disown); "
        f"nohup bash -c 'exec -a {marker} sleep 600' >/dev/null 2>&1 & "
        f"until [ \"$(grep -la '^{marker}' /proc/[0-9]*/cmdline 2>/dev/null | wc -l)\" -ge 3 ]; do sleep 0.05; done; "
        "echo left",
    )
    assert done["stdout"].strip() == "left", done
    # the namespace's processes are killed when its first one ends, and the kernel finishes each one's exit on
    # its own: on a loaded machine one can still be mid-exit when the command's answer is in. A real survivor
    # sleeps ten minutes; each is given until it has been seen gone, or a minute, whichever comes first.
    deadline = time.monotonic() + 60
    while (survivors := _running(marker)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert survivors == []


def _running(marker: str) -> list[str]:
    """The processes whose command line carries ``marker`` (one mid-exit or a zombie shows none)."""
    found = []
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            try:
                if marker.encode() in Path(f"/proc/{pid}/cmdline").read_bytes():
                    found.append(pid)
            except OSError:
                continue
    return found


def test_the_probe_refuses_a_sandbox_without_the_caps(sandbox):
    class Uncapped(sb.Launcher):
        def argv(self, folder, policy, cwd, command):
            argv = super().argv(folder, policy, cwd, command)
            at = argv.index("--")
            return [*argv[: at + 1], argv[at + 1], "-c", argv[-1]]  # the command without its limits

    verdict = sb.probe(Uncapped(bwrap()))
    assert not verdict.ok and "processes" in verdict.why, verdict
    assert sb.probe(sb.Launcher(bwrap())).ok


def test_an_abstract_unix_socket_of_the_host_is_unreachable(sandbox, folder):
    """Abstract unix sockets belong to a network namespace, not to a file: the sandbox's is its own."""
    if not Path("/usr/bin/python3").exists():
        pytest.skip("no python3 in the sandbox's /usr to connect with")
    name = f"brabo-host-service-{uuid.uuid4().hex}"
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind("\0" + name)
    listener.listen(1)
    try:
        probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        probe.connect("\0" + name)  # reachable from the host
        probe.close()
        (folder / "connect.py").write_text(
            "import socket\ns = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)\n"
            f"try:\n    s.connect('\\0{name}')\n    print('CONNECTED')\nexcept OSError as e:\n    print('refused', e)\n"
        )
        done = run(folder, "python3 -I -S connect.py")
    finally:
        listener.close()
    assert "refused" in done["stdout"] and "CONNECTED" not in done["stdout"], done


def test_a_launcher_already_capped_lower_still_starts_sandboxes(sandbox, folder):
    """A host whose hard process limit is below the sandbox's cap (an operator's, systemd's) runs commands at
    that limit -- asking for more would start nothing -- and the probe accepts it."""
    script = (
        "import resource, sys; sys.path.insert(0, sys.argv[1])\n"
        "resource.setrlimit(resource.RLIMIT_NPROC, (900, 900))\n"
        "from pathlib import Path\nfrom brabo_client import sandbox as sb\n"
        "launcher = sb.Launcher(sb.bwrap_path())\n"
        "print('probe', sb.probe(launcher).ok)\n"
        "done = launcher.run(Path(sys.argv[2]), None, '/work', 'ulimit -u', timeout=60, cap=4096)\n"
        "print('cap', done['stdout'].strip(), done['exit_code'])\n"
    )
    done = subprocess.run(
        [sys.executable, "-I", "-c", script, str(Path(sb.__file__).parent.parent), str(folder)],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.stdout.split("\n")[:2] == ["probe True", "cap 900 0"], done


def test_the_operator_sets_the_bounds(sandbox, folder, monkeypatch):
    monkeypatch.setenv("BRABO_SANDBOX_TMP_MB", "1")
    monkeypatch.setenv("BRABO_SANDBOX_MAX_PROCESSES", "300")
    done = run(folder, "head -c 3M /dev/zero > /tmp/fill || echo FULL; ulimit -u")
    assert done["stdout"].split() == ["FULL", "300"], done
    assert sb.probe(sb.Launcher(bwrap())).ok


@pytest.mark.parametrize("value", ["0", "-5", "lots", "1.5", "9" * 12, "\u0661\u0662"])
def test_a_bound_that_is_not_a_positive_number_runs_nothing(sandbox, folder, monkeypatch, value):
    monkeypatch.setenv("BRABO_SANDBOX_MAX_PROCESSES", value)
    verdict = sb.probe(sb.Launcher(bwrap()))
    assert (
        not verdict.ok
        and verdict.code == "sandbox_unavailable"
        and "BRABO_SANDBOX_MAX_PROCESSES" in verdict.why
    )
    with pytest.raises(sb.SandboxError) as refused:
        sb.Launcher(bwrap()).run(folder, None, sb.WORKDIR, "echo ran", timeout=60, cap=4096)
    assert refused.value.code == "sandbox_unavailable"


# -- the largest file and the address space (RLIMIT_FSIZE, RLIMIT_AS) ---------------------------------------


def test_the_file_size_and_address_space_caps_are_set_and_the_command_cannot_raise_them(sandbox, folder):
    limits = sb.Limits()
    done = run(
        folder,
        "grep -E '^Max (file size|address space)' /proc/self/limits; "
        "ulimit -f unlimited && echo RAISED; ulimit -Hf unlimited && echo RAISED; "
        "ulimit -v unlimited && echo RAISED; ulimit -Hv unlimited && echo RAISED; true",
    )
    lines = [ln.split() for ln in done["stdout"].splitlines() if ln.startswith("Max ")]
    assert [ln[-3:-1] for ln in lines] == [
        [str(limits.file_mb * MIB)] * 2,
        [str(limits.address_space_mb * MIB)] * 2,
    ], done
    assert "RAISED" not in done["stdout"], done


@pytest.mark.parametrize(
    "write",
    [
        "head -c 3M /dev/zero > {where}/big",
        "dd if=/dev/zero of={where}/big bs=64k count=48 2>/dev/null",
        "head -c 900k /dev/zero > {where}/big && head -c 900k /dev/zero >> {where}/big",
        "truncate -s 3M {where}/big",
        "python3 -I -S -c \"f = open('{where}/big', 'wb'); f.seek(3 << 20); f.write(b'x')\"",
        "python3 -I -S -c \"import os; fd = os.open('{where}/big', os.O_WRONLY | os.O_CREAT); os.pwrite(fd, b'x', 5 << 20)\"",
    ],
)
@pytest.mark.parametrize("where", ["/work", "/tmp"])
def test_no_file_grows_past_the_cap_on_the_shared_disk_or_in_tmp(sandbox, folder, write, where):
    launcher = sb.Launcher(bwrap(), limits=sb.Limits(file_mb=1))
    done = run(
        folder, f"{{ {write.format(where=where)}; }} 2>/dev/null; stat -c %s {where}/big", launcher=launcher
    )
    size = int(done["stdout"].split()[-1])
    assert size <= MIB, done
    if where == "/work":
        assert (folder / "big").stat().st_size <= MIB


@pytest.mark.parametrize(
    "take",
    [
        "python3 -I -S -c \"b = bytearray(600 << 20); print('TOOK')\"",
        "python3 -I -S -c \"import mmap; m = mmap.mmap(-1, 600 << 20); print('TOOK')\"",
        "head -c 600M /dev/zero | python3 -I -S -c \"import sys; d = sys.stdin.buffer.read(); print('TOOK', len(d))\"",
    ],
)
def test_one_process_cannot_take_more_memory_than_its_address_space(sandbox, folder, take):
    if not Path("/usr/bin/python3").exists():
        pytest.skip("no python3 in the sandbox's /usr")
    launcher = sb.Launcher(bwrap(), limits=sb.Limits(address_space_mb=256))
    done = run(folder, f"{take} 2>&1; echo after", launcher=launcher)
    assert "TOOK" not in done["stdout"] and done["stdout"].rstrip().endswith("after"), done
    assert "MemoryError" in done["stdout"] or "Cannot allocate memory" in done["stdout"], done


def test_the_operator_sets_the_file_and_address_space_caps(sandbox, folder, monkeypatch):
    monkeypatch.setenv("BRABO_SANDBOX_MAX_FILE_MB", "2")
    monkeypatch.setenv("BRABO_SANDBOX_ADDRESS_SPACE_MB", "3000")
    done = run(folder, "ulimit -f; ulimit -v")
    assert done["stdout"].split() == [str(2 * 1024), str(3000 * 1024)], done  # bash's KiB
    assert sb.probe(sb.Launcher(bwrap())).ok


@pytest.mark.parametrize("variable", ["BRABO_SANDBOX_MAX_FILE_MB", "BRABO_SANDBOX_ADDRESS_SPACE_MB"])
@pytest.mark.parametrize("value", ["0", "-1", "unlimited", "2G", "9" * 12])
def test_a_file_or_address_space_cap_that_is_not_a_positive_number_runs_nothing(
    sandbox, folder, monkeypatch, variable, value
):
    monkeypatch.setenv(variable, value)
    verdict = sb.probe(sb.Launcher(bwrap()))
    assert not verdict.ok and verdict.code == "sandbox_unavailable" and variable in verdict.why, verdict
    with pytest.raises(sb.SandboxError) as refused:
        sb.Launcher(bwrap()).run(folder, None, sb.WORKDIR, "echo ran", timeout=60, cap=4096)
    assert refused.value.code == "sandbox_unavailable" and variable in refused.value.message


@pytest.mark.parametrize(
    "which, variable", [("f", "BRABO_SANDBOX_MAX_FILE_MB"), ("v", "BRABO_SANDBOX_ADDRESS_SPACE_MB")]
)
def test_the_probe_refuses_a_sandbox_whose_file_or_address_space_cap_did_not_take(sandbox, which, variable):
    class Uncapped(sb.Launcher):
        def argv(self, folder, policy, cwd, command):
            argv = super().argv(folder, policy, cwd, command)
            at = argv.index("--") + 3  # the prelude
            argv[at] = argv[at].replace(f"ulimit -{which} ", f"ulimit -S -{which} ")  # soft only: raisable
            return argv

    verdict = sb.probe(Uncapped(bwrap()))
    assert not verdict.ok and verdict.code == "sandbox_unavailable" and variable in verdict.why, verdict


def test_the_probe_refuses_a_sandbox_whose_processes_may_dump_core(sandbox):
    """A soft limit of 0 is raised again by the command (its crash then reaches the host's crash handler, run
    as root, or writes its memory into the project): the probe sees the hard limit and refuses."""

    class Dumping(sb.Launcher):
        def argv(self, folder, policy, cwd, command):
            argv = super().argv(folder, policy, cwd, command)
            at = argv.index("--") + 3  # the prelude
            argv[at] = argv[at].replace("ulimit -c 0", "ulimit -S -c 0")
            return argv

    verdict = sb.probe(Dumping(bwrap()))
    assert not verdict.ok and verdict.code == "sandbox_unavailable" and "dump core" in verdict.why, verdict


def test_a_launcher_whose_own_file_and_address_space_limits_are_lower_starts_sandboxes_at_them(
    sandbox, folder
):
    script = (
        "import resource, sys; sys.path.insert(0, sys.argv[1])\n"
        "resource.setrlimit(resource.RLIMIT_FSIZE, (5 << 20, 5 << 20))\n"
        "resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))\n"
        "from pathlib import Path\nfrom brabo_client import sandbox as sb\n"
        "launcher = sb.Launcher(sb.bwrap_path())\n"
        "print('probe', sb.probe(launcher).ok)\n"
        "done = launcher.run(Path(sys.argv[2]), None, '/work', 'ulimit -f; ulimit -v', timeout=60, cap=4096)\n"
        "print('caps', ' '.join(done['stdout'].split()), done['exit_code'])\n"
    )
    done = subprocess.run(
        [sys.executable, "-I", "-c", script, str(Path(sb.__file__).parent.parent), str(folder)],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.stdout.split("\n")[:2] == ["probe True", f"caps {5 * 1024} {3 * 1024 * 1024} 0"], done


@pytest.mark.parametrize(
    "pattern, said",
    [
        ("|/usr/share/apport/apport -p%p -s%s -c%c -d%d -P%P -u%u -g%g -- %E", "/usr/share/apport/apport"),
        ("|/usr/lib/systemd/systemd-coredump %P %u %g %s %t %c %h", "/usr/lib/systemd/systemd-coredump"),
        ("core", None),
        ("/var/crash/core.%e.%p", None),
    ],
)
def test_a_host_that_pipes_crashes_to_a_program_is_told_at_start(
    sandbox, monkeypatch, tmp_path, pattern, said
):
    """Every crash inside a sandbox starts the host's pipe core handler as root, whatever the sandbox's core
    limit: the probe's note (the worker's start, the runner's warning) names the program."""
    (tmp_path / "core_pattern").write_text(pattern + "\n")
    monkeypatch.setattr(sb, "CORE_PATTERN", str(tmp_path / "core_pattern"))
    verdict = sb.probe(sb.Launcher(bwrap()))
    assert verdict.ok, verdict
    if said is None:
        assert "core_pattern" not in verdict.note, verdict
    else:
        assert f"pipes every crash to {said}" in verdict.note, verdict
