"""What /proc and /sys of a sandbox tell a tenant about the machine it runs on and the other tenants on it,
through the real bubblewrap sandbox launched exactly as the worker and the runner launch it
(brabo_client/sandbox.py) -- as whatever user runs these tests (root here: the root launcher's path).

R9.7: the host lends the sandbox nothing. The sandbox's /proc is a fresh one (its own pid, network, ipc, uts
and cgroup namespaces), but many of its entries are the kernel's, host-wide: the host kernel's command line (a
secret passed at boot, the provider's infrastructure), the boot's id (which machine, shared by every tenant
on it), the kernel's symbol table and memory map, and live counters of other tenants' activity (every
interrupt, every disk's reads and writes, the pressure stall times). Masked as Docker and runc mask theirs
(their default ``maskedPaths``: /proc/kcore, keys, timer_list, sched_debug, latency_stats, interrupts,
acpi, scsi, asound ...), plus the ones above. What ordinary tools read (``/proc/stat``, ``meminfo``,
``uptime``, ``loadavg``, ``cpuinfo``) stays: ps, top, free, nproc, python, node and git keep working
(``loadavg`` and ``uptime`` are the kernel's ``sysinfo(2)`` answer anyway, which no mask hides).
"""

from __future__ import annotations

import os

import pytest

from brabo_client import sandbox as sb

from .sandbox_run import run, run_each


@pytest.fixture
def folder(tmp_path):
    f = tmp_path / "project"
    f.mkdir()
    (f / sb.POLICY_FILE).write_text("{}\n")
    return f


# -- host-wide files: nothing comes out of them ------------------------------------------------------------

MASKED_FILES = (
    # Docker's and runc's default masked paths
    "/proc/kcore",
    "/proc/keys",
    "/proc/timer_list",
    "/proc/timer_stats",
    "/proc/sched_debug",
    "/proc/latency_stats",
    "/proc/interrupts",
    # the host's identity and boot secrets
    "/proc/cmdline",
    "/proc/sys/kernel/random/boot_id",
    "/proc/key-users",
    # the kernel's layout: symbols, physical and virtual memory maps, allocator state
    "/proc/kallsyms",
    "/proc/iomem",
    "/proc/ioports",
    "/proc/vmallocinfo",
    "/proc/slabinfo",
    "/proc/buddyinfo",
    "/proc/zoneinfo",
    "/proc/pagetypeinfo",
    "/proc/kpagecount",
    "/proc/kpageflags",
    "/proc/kpagecgroup",
    "/proc/kmsg",
    # live counters of every tenant's activity
    "/proc/softirqs",
    "/proc/diskstats",
    # the kernel's own tables, host-wide and counted as every tenant opens and looks up files, allocates
    # asynchronous I/O and opens terminals: a command reads another tenant's activity from them (and two
    # commands talk through them)
    "/proc/sys/fs/file-nr",
    "/proc/sys/fs/inode-nr",
    "/proc/sys/fs/inode-state",
    "/proc/sys/fs/dentry-state",
    "/proc/sys/fs/dentry-negative",
    "/proc/sys/fs/aio-nr",
    "/proc/sys/kernel/pty/nr",
    # the host's disks and swap: their names, sizes, and a swap file's host path
    "/proc/partitions",
    "/proc/swaps",
    # where the kernel has them (not every build does): each CPU's run and wait times, the boot parameters
    "/proc/schedstat",
    "/proc/bootconfig",
)


def test_a_host_wide_file_gives_nothing(sandbox, folder):
    # one launch reads them all (each read only reads); every file is named with what it gave
    printed, done = run_each(
        folder, {p: f"head -c 4096 {p} 2>/dev/null | od -An -c | head -3" for p in MASKED_FILES}
    )
    gave = {path: text for path, text in printed.items() if text.strip()}
    assert gave == {}, (gave, done)


MASKED_FOLDERS = (
    "/proc/acpi",
    "/proc/scsi",
    "/proc/asound",
    "/proc/pressure",
    # each interrupt's own counts (irq/N/spurious: the masked /proc/interrupts, one line at a time) and each
    # filesystem's allocation state and activity (fs/ext4/<disk>/mb_groups, fs/xfs/stat: others' writes)
    "/proc/irq",
    "/proc/fs",
    # the quota subsystem's counters (lookups, reads, writes, syncs): every tenant's, host-wide
    "/proc/sys/fs/quota",
)


def test_a_host_wide_folder_is_empty(sandbox, folder):
    printed, done = run_each(
        folder, {p: f"ls -A {p} 2>/dev/null; grep -rs . {p} | head -c 200" for p in MASKED_FOLDERS}
    )
    gave = {path: text for path, text in printed.items() if text.strip()}
    assert gave == {}, (gave, done)


def test_the_boot_id_is_not_the_hosts(sandbox, folder):
    host = open("/proc/sys/kernel/random/boot_id").read().strip()
    done = run(
        folder, "cat /proc/sys/kernel/random/boot_id 2>/dev/null; grep -r . /proc/sys/kernel 2>/dev/null"
    )
    assert host not in done["stdout"], done


def test_the_hosts_kernel_command_line_is_nowhere_in_proc(sandbox, folder):
    host = open("/proc/cmdline").read().strip()
    assert len(host) > 10  # something to look for
    done = run(folder, "cat /proc/cmdline /proc/1/cmdline /proc/self/cmdline 2>/dev/null | tr '\\0' ' '")
    assert host not in done["stdout"], done


@pytest.mark.parametrize(
    "command",
    [
        "umount /proc/cmdline",
        "umount -l /proc/cmdline",
        "umount /proc/pressure",
        "python3 -I -S -c 'import ctypes,sys; l=ctypes.CDLL(None); sys.exit(l.umount2(b\"/proc/cmdline\", 2))'",
        "mount --bind /proc/self/cmdline /proc/cmdline",
    ],
)
def test_a_mask_cannot_be_taken_off(sandbox, folder, command):
    done = run(folder, f"{command} >/dev/null 2>&1; head -c 200 /proc/cmdline 2>/dev/null | wc -c")
    assert done["stdout"].strip() == "0", done


# -- /sys: not there at all ----------------------------------------------------------------------------------


SYS_PATHS = (
    "/sys",
    "/sys/firmware",
    "/sys/fs/cgroup",
    "/sys/class/net",
    "/sys/devices/virtual/dmi/id/product_uuid",
    "/sys/devices/virtual/powercap",
    "/sys/kernel/debug",
    "/sys/block",
)


def test_sys_is_not_in_the_sandbox(sandbox, folder):
    printed, done = run_each(folder, {p: f"ls -A {p} 2>/dev/null && echo THERE" for p in SYS_PATHS})
    there = {path: text for path, text in printed.items() if text.strip()}
    assert there == {}, (there, done)


# -- what is the sandbox's own: its network, its cgroup, its processes ------------------------------------------


NET_TABLES = ("tcp", "tcp6", "udp", "udp6", "unix", "raw", "raw6", "packet", "netlink")


def test_proc_net_lists_no_socket_of_the_host(sandbox, folder):
    printed, done = run_each(
        folder,
        {t: f"tail -n +2 /proc/net/{t} 2>/dev/null | grep -v ' 0000000000000000 '" for t in NET_TABLES},
    )
    # a fresh network namespace holds no socket but the ones the command opens (netlink: the kernel's own)
    listed = {}
    for table, text in printed.items():
        lines = [ln for ln in text.splitlines() if ln.strip()]
        if table == "netlink":
            lines = [ln for ln in lines if ln.split()[2:3] != ["0"]]  # the kernel's sockets have port id 0
        if lines:
            listed[table] = lines
    assert listed == {}, (listed, done)


def test_proc_net_dev_names_only_the_loopback(sandbox, folder):
    done = run(folder, "tail -n +3 /proc/net/dev | cut -d: -f1")
    assert done["stdout"].split() == ["lo"], done


def test_the_cgroup_is_the_sandboxs_own_root(sandbox, folder):
    done = run(folder, "cat /proc/self/cgroup")
    lines = done["stdout"].split()
    assert lines and all(line.endswith(":/") for line in lines), done


def test_only_the_sandboxs_processes_are_listed(sandbox, folder):
    done = run(folder, "ls -d /proc/[0-9]* | wc -l")
    assert 0 < int(done["stdout"].strip()) < 8, done


# -- what ordinary tools need still works ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "command, expect",
    [
        ("ps -e -o pid,comm | grep -c .", None),
        ("top -b -n 1 | head -5 | grep -c -i -E 'tasks|mem'", None),
        ("free -m | grep -c Mem", "1"),
        ("nproc", None),
        ("uptime | grep -c load", "1"),
        ("vmstat 1 1 | tail -1 | wc -w", None),
        (
            "python3 -c 'import os, platform; print(os.cpu_count() > 0, bool(platform.platform()))'",
            "True True",
        ),
        (
            "node -e 'const os=require(\"os\"); console.log(os.cpus().length > 0, os.totalmem() > 0)'",
            "true true",
        ),
        (
            "cd /tmp && git init -q r && cd r && git -c user.name=a -c user.email=a@b commit -q --allow-empty -m x && git log --oneline | wc -l",
            "1",
        ),
    ],
)
def test_ordinary_tools_still_work(sandbox, folder, command, expect):
    done = run(folder, command)
    assert done["exit_code"] == 0, done
    out = done["stdout"].strip()
    assert out, done
    if expect is not None:
        assert out == expect, done
    else:
        assert int(out.split()[-1]) > 0, done


# -- the runner's sandbox (its --share-net) masks the same ---------------------------------------------------------


def test_the_runners_sandbox_masks_the_same(sandbox, folder):
    bwrap = sb.bwrap_path()
    assert bwrap is not None  # the sandbox fixture skipped otherwise
    paths = ("/proc/cmdline", "/proc/interrupts", "/proc/sys/kernel/random/boot_id")
    printed, done = run_each(
        folder,
        {p: f"head -c 200 {p} 2>/dev/null | wc -c" for p in paths},
        launcher=sb.Launcher(bwrap, share_net=True),
    )
    gave = {path: text.strip() for path, text in printed.items() if text.strip() != "0"}
    assert gave == {}, (gave, done)


def test_other_processes_file_locks_are_not_listed(sandbox, folder, tmp_path):
    import fcntl

    held = tmp_path / "held.lock"
    with open(held, "w") as f:
        fcntl.flock(f, fcntl.LOCK_EX)  # the worker's (another tenant's) lock, held while the sandbox looks
        inode = os.stat(held).st_ino
        done = run(folder, "cat /proc/locks; echo END")
    assert done["stdout"].strip().endswith("END"), done
    assert f":{inode} " not in done["stdout"], done


def test_the_limits_programs_read_in_proc_sys_stay(sandbox, folder):
    """The masks take the host-wide counters, not the limits beside them: node's watchers read the inotify
    limit, runtimes the open-file limits, terminals the pty limit."""
    paths = (
        "/proc/sys/fs/file-max",
        "/proc/sys/fs/nr_open",
        "/proc/sys/fs/inotify/max_user_watches",
        "/proc/sys/fs/pipe-max-size",
        "/proc/sys/kernel/pty/max",
        "/proc/sys/kernel/pid_max",
    )
    printed, done = run_each(folder, {p: f"cat {p} 2>/dev/null" for p in paths if os.path.exists(p)})
    unread = {path: text for path, text in printed.items() if not text.strip().isdigit()}
    assert printed and unread == {}, (unread, done)
