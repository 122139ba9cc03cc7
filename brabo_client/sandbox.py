"""The bubblewrap sandbox of the server's worker and of the runner program: one implementation (SPEC R9.7,
R3.5, R6.1). Standard library only: the runner runs on a machine where Brabo's server code is not installed.

A sandboxed command holds no privilege, whatever user launches it (R9.7):
- it runs in a new user namespace as uid/gid 65534 inside, with every capability dropped (effective,
  permitted, inheritable, ambient and the bounding set), ``no_new_privs`` set, no further user namespaces,
  a new session, and it dies with its launcher;
- outside, that uid is never root. bubblewrap maps the inside uid onto the uid that launches it, so a root
  worker does not launch it as root: it launches it as ``BRABO_SANDBOX_UID`` (default 65534, ``nobody``)
  through a small helper that first stages the project folder in a private mount namespace (bubblewrap
  resolves its sources as the inside user, who may not be able to walk to them) and then gives up root.
  Files a root worker owns in the project folder are opened to that uid with a POSIX ACL entry (never a
  change of owner: root's own git keeps working), so the sandbox can write the project and nothing else.
  As uid 0 without capabilities the sandbox would still own every root-owned file it can reach — sysctls
  under /proc, bound device nodes, the setuid bit of files it creates — which is why root is never used;
- ``permissions.json`` is bound read-only over itself (R3.5); the caller checks it is one regular file, and
  a root launcher's helper binds it from a descriptor opened without following links and checked again;
- every mount is ``nosuid``; the system is read-only, without the host-wide configuration of its programs
  (git ``--system``, npm ``--global``: where credentials for every user live); ``/tmp`` is private; the
  network is a new, empty namespace unless the caller shares it (the runner's ``--share-net``: then a Landlock
  domain keeps the machine's abstract unix sockets -- an X server, a D-Bus bus -- out of reach, where the
  kernel can, Linux 6.12; the probe's verdict says so where it cannot);
- it takes a bounded share of the host (:class:`Limits`): the root and ``/dev`` are read-only and ``/tmp``
  and ``/dev/shm`` are tmpfs of a fixed size -- a tmpfs belongs to no process, so one filled without a bound
  takes the host's memory and the OOM killer reclaims it from the worker or the database, never from the
  command -- and its processes are capped (a hard limit the command cannot raise), so a fork bomb meets the
  cap. Nothing it starts outlives it: its pid namespace ends with it;
- a seccomp filter (``brabo_client.syscall_filter``) closes the parts of the kernel container runtimes close
  by default -- new namespaces, the key store, bpf, perf events, userfaultfd, io_uring, modules, the mount
  API, ptrace, ASLR turned off -- and answers EPERM. Without libseccomp nothing runs
  (``sandbox_seccomp_unavailable``), unless the operator turned the filter off (``BRABO_SANDBOX_SECCOMP=off``).

``probe()`` proves the guarantee where it matters — a real sandbox launched exactly as commands are, that
reads its own capability sets, uid and ``no_new_privs``, tries to remount ``/usr``, unmount and rewrite the
policy file and write ``/usr`` (with the shell's tools and the raw system calls), while the host checks who
owns the file it wrote, and checks the seccomp filter is in force (``Seccomp: 2``, ``keyctl`` refused) — and a
caller refuses sandboxed work with the probe's reason when it fails
(``sandbox_privileged``), never falling back to an unsandboxed or privileged run.
"""

from __future__ import annotations

import errno
import functools
import os
import resource
import shutil
import signal
import stat
import struct
import subprocess
import sys
import tempfile
import threading
from dataclasses import dataclass, replace
from pathlib import Path

from brabo_client import syscall_filter

WORKDIR = "/work"
POLICY_FILE = "permissions.json"
INSIDE_ID = 65534  # the sandbox's uid and gid as seen inside (nobody)
DEFAULT_SANDBOX_ID = 65534  # the host uid/gid a root launcher runs the sandbox as
SANDBOX_HOSTNAME = "brabo-sandbox"  # not the host's: a worker's name says where it runs
SANDBOX_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
ETC_FILES = (
    "/etc/alternatives", "/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/nsswitch.conf",
    "/etc/localtime", "/etc/ssl", "/etc/ca-certificates", "/etc/mime.types",
)  # fmt: skip
# R9.7, R6.4: the sandbox's own accounts, not the host's. The host's /etc/passwd and /etc/group name its
# people and services, their home folders (host paths) and who may use what (the docker group's members);
# inside, every file of the host belongs to an unmapped uid anyway (shown as nobody), so root and the
# sandbox's user are all there is to name. Each is written into a fresh descriptor at launch (run_capped) and
# bound read-only (bubblewrap's --ro-bind-data).
ACCOUNT_FILES = {
    "/etc/passwd": (
        "root:x:0:0:root:/root:/usr/sbin/nologin\n"
        f"nobody:x:{INSIDE_ID}:{INSIDE_ID}:nobody:/tmp:/usr/sbin/nologin\n"
    ),
    "/etc/group": f"root:x:0:\nnogroup:x:{INSIDE_ID}:\n",
}
# R9.7: the host lends the sandbox its programs, not their host-wide configuration. /etc/gitconfig (git
# --system) is not in ETC_FILES, and the $(prefix)/etc of /usr and /usr/local -- npm's --global npmrc, a
# source-built git's gitconfig -- is hidden under an empty read-only folder: that is where an operator keeps
# credentials for every user of the machine (a registry token, an http.extraHeader bearer, a credential
# helper), and every tenant's command would read them.
HOST_PROGRAM_CONFIG = ("/usr/etc", "/usr/local/etc")
NET_ETC_FILES = ("/etc/resolv.conf", "/etc/hosts")
# R9.7: the sandbox's /proc is its own (pid, network, ipc, uts and cgroup namespaces), but many of its entries
# are the kernel's, host-wide. Masked as Docker and runc mask theirs (their default maskedPaths), and more: the
# host kernel's command line (boot secrets, the provider's infrastructure), the boot id (which machine: the
# same for every tenant on it), the kernel's symbols and memory maps, and live counters of every tenant's
# activity (each interrupt and softirq, each disk's reads and writes, pressure stall times). A file is
# covered by /dev/null (bound without devices: it cannot even be opened), a folder by an empty read-only
# tmpfs; only what exists on this kernel (bubblewrap cannot create a file in /proc). The kernel's host-wide
# tables under /proc/sys count every tenant's open files, looked-up names (negative dentries: which names
# another tenant asked for), asynchronous I/O and terminals -- read before and after, they tell another
# tenant's activity and carry a channel between two commands -- and /proc/partitions and /proc/swaps name the
# host's disks and a swap file's host path; the limits beside them (file-max, nr_open, inotify, pty/max) stay.
# schedstat (each CPU's run and wait times: every tenant's) and bootconfig (the kernel's boot parameters, as
# cmdline) where the kernel has them.
# What ordinary tools read stays: /proc/stat (ps takes the boot time from it, top the CPU times), meminfo,
# uptime, loadavg, cpuinfo and vmstat (free, vmstat, nproc, python, node) -- loadavg, uptime, the memory totals
# and the process count are sysinfo(2)'s answer anyway, which no mask hides. One table: the Docker broker's
# MaskedPaths are these (containers/docker_engine.py).
PROC_MASKED_FILES = (
    "/proc/kcore", "/proc/keys", "/proc/key-users", "/proc/timer_list", "/proc/timer_stats",
    "/proc/sched_debug", "/proc/latency_stats", "/proc/interrupts", "/proc/softirqs", "/proc/diskstats",
    "/proc/cmdline", "/proc/sys/kernel/random/boot_id", "/proc/kallsyms", "/proc/iomem", "/proc/ioports",
    "/proc/vmallocinfo", "/proc/slabinfo", "/proc/buddyinfo", "/proc/zoneinfo", "/proc/pagetypeinfo",
    "/proc/kpagecount", "/proc/kpageflags", "/proc/kpagecgroup", "/proc/kmsg",
    "/proc/sys/fs/file-nr", "/proc/sys/fs/inode-nr", "/proc/sys/fs/inode-state", "/proc/sys/fs/dentry-state",
    "/proc/sys/fs/dentry-negative", "/proc/sys/fs/aio-nr", "/proc/sys/kernel/pty/nr",
    "/proc/partitions", "/proc/swaps", "/proc/schedstat", "/proc/bootconfig",
)  # fmt: skip
# irq/N/spurious counts each interrupt (the masked interrupts file, line by line); fs/<type>/<disk>/ holds each
# filesystem's allocation state and activity counters (ext4's mb_groups, xfs's stat): other tenants' writes;
# sys/fs/quota the quota subsystem's lookups, reads, writes and syncs, every tenant's.
PROC_MASKED_FOLDERS = (
    "/proc/acpi", "/proc/scsi", "/proc/asound", "/proc/pressure", "/proc/irq", "/proc/fs", "/proc/sys/fs/quota",
)  # fmt: skip
# In a sandbox's argv, the place of the filter's descriptor: ``run_capped`` opens a fresh one at each launch
# and puts its number there (bubblewrap reads a descriptor to its end, so none can be shared or kept).
SECCOMP_FD_SLOT = "{brabo-seccomp-fd}"
# The same for each of ACCOUNT_FILES: the place of the descriptor holding it.
DATA_FD_SLOTS = {path: f"{{brabo-data-fd:{path}}}" for path in ACCOUNT_FILES}
# Where bubblewrap's own options start in a sandbox's argv: ``run_capped`` hands them over through a descriptor
# (``--args``), so bubblewrap's command line -- which every process inside reads as /proc/1/cmdline -- names
# no host path (the project folder's, its policy file's). The options end at the first ``--``.
OPTIONS_SLOT = "{brabo-options}"
SECCOMP_VARIABLE = "BRABO_SANDBOX_SECCOMP"
SECCOMP_NEXT_STEP = (
    "The operator installs libseccomp (Debian/Ubuntu: apt-get install libseccomp2; Fedora: dnf install "
    "libseccomp) and restarts the worker (or runner) -- or, knowingly, sets BRABO_SANDBOX_SECCOMP=off to run "
    "sandboxed commands without the system-call filter."
)


@dataclass(frozen=True)
class Limits:
    """How much of the host one sandboxed command may take: the sizes of its two writable tmpfs (MiB), its
    processes and threads (RLIMIT_NPROC, soft and hard, counted in its own user namespace), the largest file
    any of its processes may write (RLIMIT_FSIZE, MiB: the shared disk is not filled by one file) and each
    process's address space (RLIMIT_AS, MiB: one process cannot take the host's memory). Both are per file and
    per process, not totals: many files fill a disk (a quota of the workspaces' filesystem bounds that), many
    processes the memory (a cgroup does)."""

    tmp_mb: int = 1024
    shm_mb: int = 256
    processes: int = 4096
    file_mb: int = 4096
    address_space_mb: int = 16384


LIMIT_VARIABLES = (
    ("BRABO_SANDBOX_TMP_MB", "tmp_mb"),
    ("BRABO_SANDBOX_SHM_MB", "shm_mb"),
    ("BRABO_SANDBOX_MAX_PROCESSES", "processes"),
    ("BRABO_SANDBOX_MAX_FILE_MB", "file_mb"),
    ("BRABO_SANDBOX_ADDRESS_SPACE_MB", "address_space_mb"),
)


def configured_limits() -> Limits:
    """:class:`Limits` with what the operator set (``BRABO_SANDBOX_TMP_MB``, ``BRABO_SANDBOX_SHM_MB``,
    ``BRABO_SANDBOX_MAX_PROCESSES``: positive whole numbers); a value that is not one runs nothing."""
    values = {}
    for variable, name in LIMIT_VARIABLES:
        raw = os.environ.get(variable, "").strip()
        if not raw:
            continue
        if not (raw.isascii() and raw.isdigit()) or not 0 < int(raw) < 2**31:
            raise SandboxError(
                "sandbox_unavailable",
                f"{variable}={raw[:40]!r} is not a positive whole number, so the sandbox has no bound to give.",
                f"Set {variable} to a positive whole number (or unset it for the default "
                f"{getattr(Limits(), name)}), then restart.",
            )
        values[name] = int(raw)
    return Limits(**values)


def process_cap(limits: Limits) -> int:
    """The process cap a sandbox gets: ``limits.processes``, or the launcher's own hard limit when that is
    lower (a cap cannot be raised, and asking for more would start nothing)."""
    _soft, hard = resource.getrlimit(resource.RLIMIT_NPROC)
    return limits.processes if hard == resource.RLIM_INFINITY else max(1, min(limits.processes, hard))


def byte_caps(limits: Limits) -> tuple[int, int]:
    """(largest file, address space) in bytes a sandbox gets: the configured MiB, or the launcher's own hard
    limit when lower, in whole KiB (the shell's unit)."""
    caps = []
    for which, mb in ((resource.RLIMIT_FSIZE, limits.file_mb), (resource.RLIMIT_AS, limits.address_space_mb)):
        _soft, hard = resource.getrlimit(which)
        wanted = mb << 20
        caps.append(wanted if hard == resource.RLIM_INFINITY else max(1024, min(wanted, hard) // 1024 * 1024))
    return caps[0], caps[1]


# Set by the sandbox's shell before it runs the command: the hard limit cannot be raised again inside (no
# capability). bash and busybox name processes -u, dash -p; the probe checks the limit took effect.
# The file size and address space limits are given in KiB: bash's unit for -f and -v (dash and busybox count
# -f in 512-byte blocks); the probe reads both back from /proc/self/limits in bytes.
# R9.7: no core dumps (soft and hard 0). A crash wrote the process's memory into the project (a file as large
# as the process); where the host's core_pattern is a pipe (systemd-coredump, apport: run as root in the
# host's namespaces) a limit of 0 tells the handler to store no core. The kernel still starts that handler
# for each crash whatever the limit (only 1 stops it, and a command may always lower its own limit to 0):
# no sandbox can close that, the host's core_pattern does (README).
_LIMITS_PRELUDE = (
    "ulimit -u {n} 2>/dev/null || ulimit -p {n} 2>/dev/null || "
    "{{ echo 'brabo sandbox: the process limit cannot be set' >&2; exit 125; }}; "
    "ulimit -f {f} 2>/dev/null && ulimit -v {v} 2>/dev/null && ulimit -c 0 2>/dev/null || "
    "{{ echo 'brabo sandbox: the file size, address space or core limit cannot be set' >&2; exit 125; }}; "
    'exec "$0" -c "$1"'
)

# The environment bubblewrap (and the root helper) are started with. Not the launcher's: bubblewrap's own
# process stays the sandbox's pid 1, and a sandboxed command can read /proc/1/environ -- the worker's
# secrets (database URL, encryption keys) or the runner's key must not be there.
LAUNCH_ENV = {"PATH": SANDBOX_PATH, "LANG": "C.UTF-8"}
PRIVILEGED_NEXT_STEP = (
    "Run the worker (or runner) as an unprivileged user — the Docker image's `brabo` user — or, when it must "
    "run as root, keep BRABO_SANDBOX_UID at an unprivileged uid (default 65534) on a filesystem with POSIX "
    "ACLs and a kernel that allows user namespaces; then restart it."
)


class SandboxError(Exception):
    """The sandbox cannot run this command here: ``code`` names why (``sandbox_unavailable`` — no working
    bubblewrap; ``sandbox_privileged`` — it would hold privilege; ``policy_file_unsafe``)."""

    def __init__(self, code: str, message: str, next_step: str):
        super().__init__(message)
        self.code = code
        self.message = message
        self.next_step = next_step


def seccomp_wanted() -> bool:
    """Whether sandboxes get the system-call filter: ``BRABO_SANDBOX_SECCOMP`` ``on`` (the default) or
    ``off``; any other value runs nothing."""
    raw = os.environ.get(SECCOMP_VARIABLE, "").strip().lower()
    if raw in ("", "on"):
        return True
    if raw == "off":
        return False
    raise SandboxError(
        "sandbox_seccomp_unavailable",
        f"{SECCOMP_VARIABLE}={raw[:40]!r} is neither on nor off, so it is unclear whether sandboxed commands "
        "may run without the system-call filter.",
        f"Set {SECCOMP_VARIABLE} to on (the default: the filter is required) or off, then restart.",
    )


def seccomp_filter() -> bytes:
    """The compiled filter; raises ``sandbox_seccomp_unavailable`` when it cannot be built here."""
    try:
        return syscall_filter.compiled()
    except syscall_filter.FilterUnavailable as exc:
        raise SandboxError(
            "sandbox_seccomp_unavailable",
            f"The sandbox's system-call filter cannot be built: {exc}; no command runs without it.",
            SECCOMP_NEXT_STEP,
        ) from None


# Landlock (Linux 5.13; its scopes 6.12): landlock_create_ruleset's number (444 on every architecture; the
# helpers below also call landlock_restrict_self, 446) and the ABI version whose scopes close abstract unix
# sockets made outside the sandbox.
_LANDLOCK_CREATE_RULESET = 444
LANDLOCK_SCOPE_ABI = 6


@functools.lru_cache(maxsize=1)
def landlock_abi() -> int:
    """This kernel's Landlock ABI version (0: none, or turned off)."""
    import ctypes

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        version = libc.syscall(ctypes.c_long(_LANDLOCK_CREATE_RULESET), None, ctypes.c_size_t(0),
                               ctypes.c_uint32(1))  # fmt: skip  # LANDLOCK_CREATE_RULESET_VERSION
    except (OSError, AttributeError):
        return 0
    return max(int(version), 0)


def bwrap_path() -> str | None:
    return shutil.which("bwrap")


def sandbox_ids() -> tuple[int, int]:
    """The host uid and gid a root launcher runs the sandbox as (``BRABO_SANDBOX_UID``/``_GID``)."""
    ids = []
    for name in ("BRABO_SANDBOX_UID", "BRABO_SANDBOX_GID"):
        raw = os.environ.get(name, "").strip() or str(DEFAULT_SANDBOX_ID)
        if not raw.isdigit() or int(raw) == 0 or int(raw) >= 2**32 - 1:
            raise SandboxError(
                "sandbox_privileged",
                f"{name}={raw!r} is not an unprivileged numeric id, so a root worker has no one to run the "
                "sandbox as.",
                f"Set {name} to an unused uid/gid above 0 (default {DEFAULT_SANDBOX_ID}), then restart.",
            )
        ids.append(int(raw))
    return ids[0], ids[1]


# -- the command line ------------------------------------------------------------------------------------


def bwrap_argv(
    bwrap: str, work: str, policy: str | None, cwd: str, command: str, *, share_net: bool,
    limits: Limits = Limits(), seccomp: bool = True,
) -> list[str]:  # fmt: skip
    """The bubblewrap command line of one sandboxed command: ``work`` bound at /work, ``policy`` (when
    there is one) read-only over its permissions.json, within ``limits``, behind the system-call filter
    (``seccomp``: its descriptor is :data:`SECCOMP_FD_SLOT` until :func:`run_capped` launches it). Every flag
    R9.7 needs is here."""
    argv = [
        bwrap,
        OPTIONS_SLOT,  # what follows up to "--" is read from a descriptor (run_capped), not the command line
        "--unshare-all",  # ipc, pid, net (a new, empty network), uts, cgroup ...
        "--unshare-user",  # ... and always a user namespace (never "-try"): the uid inside is not the launcher's
        "--disable-userns",  # no further user namespace inside: no way back to a full capability set
        "--uid", str(INSIDE_ID), "--gid", str(INSIDE_ID),
        "--cap-drop", "ALL",  # effective, permitted, inheritable, ambient and bounding sets all empty
        "--die-with-parent",
        "--new-session",  # no TIOCSTI into the launcher's terminal
        "--clearenv",
        "--setenv", "PATH", SANDBOX_PATH,
        "--setenv", "HOME", "/tmp",
        "--setenv", "LANG", "C.UTF-8",
        "--setenv", "TERM", "dumb",
        "--ro-bind", "/usr", "/usr",
    ]  # fmt: skip
    for config in sorted(
        {os.path.realpath(c) for c in HOST_PROGRAM_CONFIG}
    ):  # a link's target, when it is under /usr
        if config.startswith("/usr/") and os.path.isdir(config):
            argv += ["--perms", "0755", "--size", "4096", "--tmpfs", config, "--remount-ro", config]
    if share_net:
        argv.insert(3, "--share-net")
    else:  # the new UTS namespace would start with the host's name (with the network shared -- the runner's
        # --share-net, on its own machine -- the host's /etc/hosts names the host, so the name stays)
        argv[4:4] = ["--hostname", SANDBOX_HOSTNAME]
    for top in ("/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"):
        if os.path.islink(top):
            argv += ["--symlink", os.readlink(top), top]
        elif os.path.isdir(top):
            argv += ["--ro-bind", top, top]
    for path in ETC_FILES + (NET_ETC_FILES if share_net else ()):
        argv += ["--ro-bind-try", path, path]
    for path, slot in DATA_FD_SLOTS.items():
        argv += ["--ro-bind-data", slot, path]
    argv += ["--bind", work, WORKDIR]
    if policy is not None:  # R3.5: the rules are not the governed's to rewrite — read-only over itself
        argv += ["--ro-bind", policy, f"{WORKDIR}/{POLICY_FILE}"]
    argv += [
        "--size", str(limits.tmp_mb << 20), "--tmpfs", "/tmp",
        "--proc", "/proc",
        "--dev", "/dev",
        "--size", str(limits.shm_mb << 20), "--tmpfs", "/dev/shm",
        "--remount-ro", "/dev",  # not recursive: /dev/shm stays writable, within its size
        "--remount-ro", "/",  # bubblewrap's own root tmpfs, unbounded otherwise
        "--chdir", cwd,
    ]  # fmt: skip
    argv += proc_masks()
    if seccomp:
        argv += ["--seccomp", SECCOMP_FD_SLOT]
    shell = "/bin/bash" if os.path.exists("/usr/bin/bash") or os.path.exists("/bin/bash") else "/bin/sh"
    file_bytes, space_bytes = byte_caps(limits)
    prelude = _LIMITS_PRELUDE.format(
        n=process_cap(limits),
        f=file_bytes // (1024 if shell == "/bin/bash" else 512),
        v=space_bytes // 1024,
    )
    return [*argv, "--", shell, "-c", prelude, shell, command]


def proc_masks() -> list[str]:
    """bubblewrap's options masking the host-wide entries of the sandbox's /proc (after its ``--proc``)."""
    argv: list[str] = []
    for path in PROC_MASKED_FILES:
        if os.path.exists(path):
            argv += ["--ro-bind", "/dev/null", path]
    for path in PROC_MASKED_FOLDERS:
        if os.path.isdir(path):
            argv += ["--perms", "0555", "--size", "4096", "--tmpfs", path, "--remount-ro", path]
    return argv


# R9.7: the runner's --share-net keeps its machine's network namespace, and the abstract unix sockets are the
# network namespace's: the desktop's X server (@/tmp/.X11-unix/X0 lets the user's own uid in -- the sandbox's
# uid outside: its keys read, keystrokes typed into a terminal), a D-Bus bus, an agent's socket. Before
# bubblewrap starts, its launch is put in a Landlock domain that scopes them (Linux 6.12): no socket made
# outside it is connected to; the ones its own processes make are. It needs no_new_privs (bubblewrap sets it
# anyway). Without a new network namespace this is the only thing between a command and those sockets, so a
# domain that cannot be made runs nothing (exit 125). Defines ``scope()``; ``fail`` is the caller's.
_SCOPE = r"""
import ctypes, os, struct
def scope():
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(38, 1, 0, 0, 0) != 0:  # PR_SET_NO_NEW_PRIVS
        fail("no_new_privs")
    attr = ctypes.create_string_buffer(struct.pack("<QQQ", 0, 0, 1), 24)  # scoped: abstract unix sockets
    fd = libc.syscall(ctypes.c_long(444), attr, ctypes.c_size_t(24), ctypes.c_uint32(0))
    if fd < 0:
        fail("landlock_create_ruleset")
    if libc.syscall(ctypes.c_long(446), ctypes.c_long(fd), ctypes.c_uint32(0)) != 0:
        fail("landlock_restrict_self")
    os.close(fd)
"""
# The launcher of an unprivileged worker or runner with --share-net: scope, then execute bubblewrap.
_SCOPE_HELPER = (
    r"""
import ctypes, os, sys
def fail(what):
    sys.stderr.write("brabo sandbox: %s failed: %s\n" % (what, os.strerror(ctypes.get_errno())))
    sys.exit(125)
"""
    + _SCOPE
    + """
scope()
os.execv(sys.argv[1], sys.argv[1:])
"""
)


def scopes_abstract_sockets(share_net: bool) -> bool:
    """Whether a launch is put in the Landlock domain that scopes abstract unix sockets: only with the host's
    network shared (a new network namespace holds none of the host's) and where the kernel can."""
    return share_net and landlock_abi() >= LANDLOCK_SCOPE_ABI


# The helper a root launcher runs bubblewrap through (with ``python -I -S -c``): in a private mount namespace
# it mounts a small tmpfs over /tmp (after opening the project folder and its policy file), binds them there
# — so the unprivileged user can reach them whatever the modes of the folders above — then drops every
# group, the gid and the uid (which empties its capability sets) and executes bubblewrap.
# argv: uid gid folder has-policy(0/1) scope(0/1) bwrap-argv...
STAGED_WORK = "/tmp/work"
STAGED_POLICY = "/tmp/policy"
_HELPER = (
    r"""
import ctypes, os, stat, sys
libc = ctypes.CDLL(None, use_errno=True)
def fail(what, err=None):
    err = ctypes.get_errno() if err is None else err
    sys.stderr.write("brabo sandbox: %s failed: %s\n" % (what, os.strerror(err)))
    sys.exit(125)
def mount(src, dst, fstype, flags, data):
    enc = lambda s: None if s is None else s.encode()
    if libc.mount(enc(src), enc(dst), enc(fstype), ctypes.c_ulong(flags), enc(data)) != 0:
        fail("mount " + dst)
uid, gid, folder, has_policy = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4] == "1"
scoped = sys.argv[5] == "1"
argv = sys.argv[6:]
if uid == 0 or gid == 0:
    fail("drop", 1)
if libc.unshare(0x00020000) != 0:  # CLONE_NEWNS
    fail("unshare")
mount(None, "/", None, 0x40000 | 0x4000, None)  # MS_PRIVATE | MS_REC: nothing leaks back to the host
work = os.open(folder, os.O_PATH | os.O_DIRECTORY | os.O_CLOEXEC)
policy = -1
if has_policy:  # R3.5: bound from the very file checked here -- one regular file, never a link
    try:
        policy = os.open("permissions.json", os.O_PATH | os.O_NOFOLLOW | os.O_CLOEXEC, dir_fd=work)
    except OSError as exc:
        fail("permissions.json", exc.errno)
    st = os.fstat(policy)
    if not stat.S_ISREG(st.st_mode) or st.st_nlink != 1:
        sys.stderr.write("brabo sandbox: permissions.json is not one regular file\n")
        sys.exit(125)
mount("brabo-stage", "/tmp", "tmpfs", 0x2 | 0x4 | 0x8, "mode=0755,size=64k")  # nosuid,nodev,noexec
os.mkdir("/tmp/work")
mount("/proc/self/fd/%d" % work, "/tmp/work", None, 0x1000, None)  # MS_BIND
if policy >= 0:
    os.close(os.open("/tmp/policy", os.O_CREAT | os.O_WRONLY, 0o644))
    mount("/proc/self/fd/%d" % policy, "/tmp/policy", None, 0x1000, None)
    os.close(policy)
os.close(work)
os.setgroups([])
os.setresgid(gid, gid, gid)
os.setresuid(uid, uid, uid)
if 0 in os.getresuid() or 0 in os.getresgid():
    fail("drop", 1)
"""
    + _SCOPE
    + """
if scoped:
    scope()
os.execv(argv[0], argv)
"""
)


# -- write access for the sandbox user (a root launcher only) ---------------------------------------------

_ACL_ACCESS = "system.posix_acl_access"
_ACL_DEFAULT = "system.posix_acl_default"
_USER_OBJ, _USER, _GROUP_OBJ, _GROUP, _MASK, _OTHER = 0x01, 0x02, 0x04, 0x08, 0x10, 0x20
_NO_ID = 0xFFFFFFFF


def _acl_entries(blob: bytes | None, mode: int) -> list[tuple[int, int, int]]:
    if not blob:
        return [
            (_USER_OBJ, (mode >> 6) & 7, _NO_ID),
            (_GROUP_OBJ, (mode >> 3) & 7, _NO_ID),
            (_OTHER, mode & 7, _NO_ID),
        ]
    (version,) = struct.unpack_from("<I", blob)
    if version != 2 or (len(blob) - 4) % 8:
        raise OSError("unreadable ACL")
    return [struct.unpack_from("<HHI", blob, 4 + 8 * i) for i in range((len(blob) - 4) // 8)]


def _acl_granting(blob: bytes | None, mode: int, uid: int, perm: int) -> bytes | None:
    """The ACL ``blob`` (or the one ``mode`` implies) with ``uid`` given ``perm``; None when it already has."""
    entries = _acl_entries(blob, mode)
    users = {i: p for t, p, i in entries if t == _USER}
    mask = next((p for t, p, _ in entries if t == _MASK), None)
    if users.get(uid, 0) & perm == perm and (mask is None or mask & perm == perm):
        return None
    users[uid] = users.get(uid, 0) | perm
    single = {t: p for t, p, _ in entries if t in (_USER_OBJ, _GROUP_OBJ, _OTHER)}
    groups = sorted((i, p) for t, p, i in entries if t == _GROUP)
    union = single[_GROUP_OBJ] | perm
    for p in list(users.values()) + [p for _, p in groups]:
        union |= p
    out = [(_USER_OBJ, single[_USER_OBJ], _NO_ID)]
    out += [(_USER, users[i], i) for i in sorted(users)]
    out += [(_GROUP_OBJ, single[_GROUP_OBJ], _NO_ID)] + [(_GROUP, p, i) for i, p in groups]
    out += [(_MASK, union | (mask or 0), _NO_ID), (_OTHER, single[_OTHER], _NO_ID)]
    return struct.pack("<I", 2) + b"".join(struct.pack("<HHI", t, p, i) for t, p, i in out)


def _grant(fd: int, st: os.stat_result, uid: int) -> None:
    path = f"/proc/self/fd/{fd}"  # the inode this descriptor holds: a path swapped meanwhile is not followed
    is_dir = stat.S_ISDIR(st.st_mode)
    perm = 7 if is_dir else 6 | (1 if st.st_mode & 0o100 else 0)
    for name, wanted in ((_ACL_ACCESS, perm),) + (((_ACL_DEFAULT, 7),) if is_dir else ()):
        try:
            blob = os.getxattr(path, name)
        except OSError as exc:
            if exc.errno != errno.ENODATA:
                raise
            blob = None
        if name == _ACL_DEFAULT and blob is None:
            new: bytes | None = _acl_granting(None, 0o700 | (st.st_mode & 0o077), uid, wanted)
        else:
            new = _acl_granting(blob, st.st_mode, uid, wanted)
        if new is not None:
            os.setxattr(path, name, new)


def grant_write(folder_fd: int, uid: int) -> None:
    """Give ``uid`` read-write access to the project folder's directories and regular files: an ACL entry,
    never a change of owner (``ls -l`` then shows the ACL mask as the group bits). No symbolic link is
    followed, no other filesystem entered, no file with other names (a hard link may lead outside) opened;
    the policy file at the root is left alone (it is bound read-only anyway). Raises SandboxError when the
    filesystem has no POSIX ACLs."""
    try:
        _grant_tree(folder_fd, uid)
    except RecursionError:
        raise SandboxError(
            "sandbox_unavailable",
            "The project folder is nested too deeply to open to the sandbox user.",
            "Remove the deeply nested folders, then propose the command again.",
        ) from None
    except OSError as exc:
        raise SandboxError(
            "sandbox_privileged",
            f"The worker runs as root and cannot open the project folder to the unprivileged sandbox user "
            f"({exc.strerror or exc}); a sandbox running as root is refused.",
            PRIVILEGED_NEXT_STEP,
        ) from None


def _grant_tree(dir_fd: int, uid: int, *, top: bool = True, device: int | None = None) -> None:
    here = os.fstat(dir_fd)
    device = here.st_dev if device is None else device
    _grant(dir_fd, here, uid)
    for name in os.listdir(dir_fd):
        if top and name == POLICY_FILE:
            continue
        try:
            fd = os.open(name, os.O_PATH | os.O_NOFOLLOW | os.O_CLOEXEC, dir_fd=dir_fd)
        except FileNotFoundError:
            continue
        try:
            st = os.fstat(fd)
            if st.st_dev != device:
                continue  # another filesystem mounted inside (the root helper binds the folder alone anyway)
            if stat.S_ISDIR(st.st_mode):
                sub = os.open(f"/proc/self/fd/{fd}", os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
                try:
                    _grant_tree(sub, uid, top=False, device=device)
                finally:
                    os.close(sub)
            elif stat.S_ISREG(st.st_mode) and st.st_nlink == 1:
                # a file with other names may be the same inode as one outside the folder (git's local
                # clones hard-link their objects to the source repository): never opened to the sandbox
                _grant(fd, st, uid)
        finally:
            os.close(fd)


# -- running ---------------------------------------------------------------------------------------------


def run_capped(
    argv: list[str], *, timeout: float, cap: int, cwd: str | None = None, env: dict | None = None
) -> dict:
    """Run ``argv`` in its own process group; keep at most ``cap`` bytes of each stream (draining the rest
    so the process never blocks on a full pipe); kill the whole group at ``timeout`` seconds. A sandbox's
    filter (:data:`SECCOMP_FD_SLOT`), its accounts (:data:`DATA_FD_SLOTS`) and its options
    (:data:`OPTIONS_SLOT`) are each given a descriptor of their own here."""
    argv, fds = _launch_descriptors(argv)
    try:
        proc = subprocess.Popen(
            argv, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            start_new_session=True, pass_fds=fds,
        )  # fmt: skip
    finally:
        for fd in fds:
            os.close(fd)
    kept = {"out": bytearray(), "err": bytearray()}
    dropped = {"out": 0, "err": 0}

    def drain(stream, key):
        while chunk := stream.read(65536):
            room = cap - len(kept[key])
            if room > 0:
                kept[key] += chunk[:room]
            dropped[key] += max(0, len(chunk) - max(room, 0))
        stream.close()

    readers = [
        threading.Thread(target=drain, args=(s, k), daemon=True)
        for s, k in ((proc.stdout, "out"), (proc.stderr, "err"))
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
    return {
        "exit_code": None if timed_out else proc.returncode,
        "stdout": kept["out"].decode(errors="replace"),
        "stderr": kept["err"].decode(errors="replace"),
        "truncated": bool(dropped["out"] or dropped["err"]),
        "timed_out": timed_out,
    }


def _launch_descriptors(argv: list[str]) -> tuple[list[str], tuple[int, ...]]:
    """``argv`` with its slots filled with fresh descriptors, and those descriptors (the caller passes them to
    the launch, then closes them); none is left open when one cannot be made."""
    fds: list[int] = []
    try:
        if SECCOMP_FD_SLOT in argv:
            seccomp_filter()  # the named refusal when it cannot be built
            fds.append(syscall_filter.open_for_launch())
            argv = [str(fds[-1]) if a == SECCOMP_FD_SLOT else a for a in argv]
        for path, slot in DATA_FD_SLOTS.items():
            if slot in argv:
                fds.append(syscall_filter.descriptor_holding("brabo-data", ACCOUNT_FILES[path].encode()))
                argv = [str(fds[-1]) if a == slot else a for a in argv]
        if OPTIONS_SLOT in argv:
            argv, options_fd = _options_by_descriptor(argv)
            fds.append(options_fd)
    except BaseException:
        for fd in fds:
            os.close(fd)
        raise
    return argv, tuple(fds)


def _options_by_descriptor(argv: list[str]) -> tuple[list[str], int]:
    """``argv`` with bubblewrap's options (from :data:`OPTIONS_SLOT` to the first ``--``) moved into a fresh
    descriptor read by ``--args``, and that descriptor (the caller passes it to the launch, then closes it)."""
    at = argv.index(OPTIONS_SLOT)
    end = argv.index("--", at)
    fd = syscall_filter.descriptor_holding(
        "brabo-options", "".join(f"{a}\0" for a in argv[at + 1 : end]).encode()
    )
    return [*argv[:at], "--args", str(fd), *argv[end:]], fd


def command_argv(bwrap: str, folder: Path, policy: Path | None, cwd: str, command: str, *,
                 share_net: bool = False, limits: Limits | None = None) -> list[str]:  # fmt: skip
    """The argv that runs ``command`` at ``cwd`` in a sandbox with ``folder`` at /work and ``policy`` (the
    caller checked it is one regular file, or None) read-only over its permissions.json.

    Not root: bubblewrap itself, its uid inside mapped onto the launcher's own, unprivileged uid. Root (R9.7):
    the project folder is opened to the sandbox user (an ACL entry), and the helper stages it and drops to
    that user before bubblewrap starts -- so the sandbox is never root on the host."""
    limits = limits or configured_limits()
    seccomp = seccomp_wanted()
    if seccomp:
        seccomp_filter()  # refused before anything is granted or staged when the filter cannot be built
    scoped = scopes_abstract_sockets(share_net)
    if os.geteuid() != 0:
        argv = bwrap_argv(bwrap, str(folder), None if policy is None else str(policy), cwd, command,
                          share_net=share_net, limits=limits, seccomp=seccomp)  # fmt: skip
        return [sys.executable, "-I", "-S", "-c", _SCOPE_HELPER, *argv] if scoped else argv
    uid, gid = sandbox_ids()
    try:
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    except OSError as exc:
        raise SandboxError("sandbox_unavailable", f"The project folder cannot be opened ({exc.strerror}).",
                           "Restore the project folder, then propose the command again.") from None  # fmt: skip
    try:
        grant_write(fd, uid)
    finally:
        os.close(fd)
    inner = bwrap_argv(bwrap, STAGED_WORK, None if policy is None else STAGED_POLICY, cwd, command,
                       share_net=share_net, limits=limits, seccomp=seccomp)  # fmt: skip
    helper = [sys.executable, "-I", "-S", "-c", _HELPER, str(uid), str(gid), str(folder)]
    return [*helper, "1" if policy is not None else "0", "1" if scoped else "0", *inner]


@dataclass
class Launcher:
    """How a sandboxed command is started on this host: ``bwrap`` is bubblewrap's path; ``share_net`` keeps
    the host's network (the runner's ``--share-net``); ``limits`` bound what a command takes of the host.
    A subclass may build its argv differently (the tests' deliberately privileged launcher, which the probe
    must refuse)."""

    bwrap: str
    share_net: bool = False
    limits: Limits | None = None  # None: configured_limits(), read at each launch

    def argv(self, folder: Path, policy: Path | None, cwd: str, command: str) -> list[str]:
        return command_argv(
            self.bwrap, folder, policy, cwd, command, share_net=self.share_net, limits=self.limits
        )

    def run(
        self, folder: Path, policy: Path | None, cwd: str, command: str, *, timeout: float, cap: int
    ) -> dict:
        argv = self.argv(folder, policy, cwd, command)
        return run_capped(argv, timeout=timeout, cap=cap, cwd="/", env=dict(LAUNCH_ENV))


# -- the probe -------------------------------------------------------------------------------------------

# Runs inside a sandbox launched exactly as commands are. Each line is key=value; the verdict is Python's.
_PROBE = r"""
grep -E '^(Cap(Inh|Prm|Eff|Bnd|Amb)|NoNewPrivs|Uid|Seccomp):' /proc/self/status | sed -e 's/:[[:space:]]*/=/' -e 's/[[:space:]][[:space:]]*/ /g'
if (echo x > /usr/.brabo-sandbox-probe) 2>/dev/null; then echo usr=yes; rm -f /usr/.brabo-sandbox-probe; else echo usr=no; fi
if (echo changed > /work/permissions.json) 2>/dev/null; then echo policy=yes; else echo policy=no; fi
if (chmod 666 /work/permissions.json) 2>/dev/null; then echo policychmod=yes; else echo policychmod=no; fi
if (echo x > /work/.brabo-probe) 2>/dev/null; then echo work=yes; else echo work=no; fi
sed -n 's/^Max processes  *\([0-9a-z]*\)  *\([0-9a-z]*\).*/nproc=\1 \2/p' /proc/self/limits
sed -n 's/^Max file size  *\([0-9a-z]*\)  *\([0-9a-z]*\).*/fsize=\1 \2/p' /proc/self/limits
sed -n 's/^Max core file size  *\([0-9a-z]*\)  *\([0-9a-z]*\).*/core=\1 \2/p' /proc/self/limits
sed -n 's/^Max address space  *\([0-9a-z]*\)  *\([0-9a-z]*\).*/as=\1 \2/p' /proc/self/limits
if (echo x > /.brabo-probe) 2>/dev/null; then echo rootfs=yes; else echo rootfs=no; fi
if (echo x > /dev/.brabo-probe) 2>/dev/null; then echo devfs=yes; else echo devfs=no; fi
if mount -o remount,bind,rw /usr >/dev/null 2>&1; then echo remount=yes; else echo remount=no; fi
if umount /work/permissions.json >/dev/null 2>&1; then echo umount=yes; else echo umount=no; fi
if command -v python3 >/dev/null 2>&1; then python3 -I -S -c '
import ctypes
libc = ctypes.CDLL(None, use_errno=True)
remount = libc.mount(None, b"/usr", None, ctypes.c_ulong(0x20 | 0x1000), None)  # MS_REMOUNT | MS_BIND, rw
print("sysremount=" + ("yes" if remount == 0 else "no"))
print("sysumount=" + ("yes" if libc.umount2(b"/work/permissions.json", 2) == 0 else "no"))  # MNT_DETACH
import errno, os
nr = {"x86_64": 250, "aarch64": 219}.get(os.uname().machine)  # keyctl: the filter answers EPERM
if nr is not None:
    ok = libc.syscall(ctypes.c_long(nr), ctypes.c_long(0), ctypes.c_long(-3), ctypes.c_long(0)) >= 0
    print("keyctl=" + ("yes" if ok else errno.errorcode.get(ctypes.get_errno(), "?")))
'; fi
"""


@dataclass(frozen=True)
class Verdict:
    ok: bool
    why: str  # empty when ok; else what the probe found, in one sentence
    code: str = "sandbox_privileged"
    note: str = ""  # when ok: what the operator chose to weaken (the filter turned off)


def _read_probe(stdout: str) -> dict[str, str]:
    facts = {}
    for line in stdout.splitlines():
        key, sep, value = line.partition("=")
        if sep:
            facts[key.strip()] = value.strip()
    return facts


def judge(facts: dict[str, str]) -> list[str]:
    """What the probe's facts show to be privileged (empty: none)."""
    wrong = []
    for cap in ("CapEff", "CapPrm", "CapBnd", "CapAmb", "CapInh"):
        value = facts.get(cap)
        if value is None or value.strip("0") != "":
            wrong.append(f"{cap} is {value or 'unknown'} (must be 0)")
    if facts.get("NoNewPrivs") != "1":
        wrong.append("no_new_privs is not set")
    uids = facts.get("Uid", "").split()
    if not uids or any(u == "0" for u in uids):
        wrong.append("the command runs as uid 0 inside")
    for key, what in (
        ("remount", "remounted /usr read-write"),
        ("sysremount", "remounted /usr read-write (mount(2))"),
        ("sysumount", "unmounted the read-only permissions.json (umount2(2))"),
        ("umount", "unmounted the read-only permissions.json"),
        ("policy", "wrote permissions.json"),
        ("policychmod", "changed the mode of permissions.json"),
        ("usr", "wrote to /usr"),
    ):
        if key.startswith("sys") and key not in facts:
            continue  # no python3 in the sandbox: the shell's mount/umount and the capability sets stand
        if facts.get(key) != "no":
            wrong.append(f"it {what}" if facts.get(key) == "yes" else f"the {key} check did not run")
    return wrong


def unbounded_by(facts: dict[str, str], limits: Limits) -> list[str]:
    """What the probe's facts show to escape ``limits`` (empty: none)."""
    wrong = []
    cap = process_cap(limits)
    if facts.get("nproc") != f"{cap} {cap}":
        wrong.append(f"its processes are capped at {facts.get('nproc') or 'unknown'}, not {cap}")
    for key, what, variable, size in zip(
        ("fsize", "as"), ("largest file", "address space"),
        ("BRABO_SANDBOX_MAX_FILE_MB", "BRABO_SANDBOX_ADDRESS_SPACE_MB"), byte_caps(limits), strict=True,
    ):  # fmt: skip
        if facts.get(key) != f"{size} {size}":
            wrong.append(
                f"its {what} is capped at {facts.get(key) or 'unknown'} bytes, not {size} ({variable})"
            )
    for key, where in (("rootfs", "/"), ("devfs", "/dev")):
        if facts.get(key) != "no":
            wrong.append(f"it can fill {where}, a filesystem in the host's memory without a size")
    if facts.get("core") != "0 0":
        wrong.append(
            f"its processes may dump core (limit {facts.get('core') or 'unknown'}, not 0): into the project, "
            "or to the host's crash handler, which runs as root"
        )
    return wrong


def unfiltered_by(facts: dict[str, str]) -> list[str]:
    """What the probe's facts show of a missing system-call filter (empty: it is in force)."""
    wrong = []
    if facts.get("Seccomp") != "2":
        wrong.append(
            f"the sandbox runs in seccomp mode {facts.get('Seccomp') or 'unknown'} (must be 2, a filter)"
        )
    if facts.get("keyctl", "EPERM") != "EPERM":  # absent: no python3 in the sandbox, the mode stands
        wrong.append(f"keyctl(2) answered {facts['keyctl']} (the filter answers EPERM)")
    return wrong


ABSTRACT_SOCKETS_NOTE = (
    "with --share-net, sandboxed commands can connect to this machine's abstract unix sockets (an X server, "
    "a D-Bus bus): this kernel's Landlock cannot scope them (Linux 6.12 can); run without --share-net, or "
    "on a newer kernel, where that matters"
)
SECCOMP_OFF_NOTE = f"the seccomp filter is OFF ({SECCOMP_VARIABLE}=off): sandboxed commands reach the kernel's whole interface"


def probe(launcher: Launcher, *, timeout: float = 60) -> Verdict:
    """Launch the probe in a real sandbox on a private, throw-away project folder and judge what it saw."""
    with tempfile.TemporaryDirectory(prefix="brabo-sandbox-probe-") as tmp:
        folder = Path(tmp) / "project"
        folder.mkdir()
        (folder / POLICY_FILE).write_text('{"probe": true}\n')
        try:
            done = launcher.run(folder, folder / POLICY_FILE, WORKDIR, _PROBE, timeout=timeout, cap=16384)
        except SandboxError as exc:
            return Verdict(False, exc.message, exc.code)
        except OSError as exc:
            return Verdict(False, f"bubblewrap cannot start: {exc}", "sandbox_unavailable")
        facts = _read_probe(done["stdout"])
        if done["exit_code"] != 0 or "CapEff" not in facts:
            detail = (done["stderr"].strip() or f"exit code {done['exit_code']}")[:300]
            return Verdict(
                False, f"the bubblewrap sandbox does not start here: {detail}", "sandbox_unavailable"
            )
        wrong = judge(facts)
        made = folder / ".brabo-probe"
        # the uid inside says nothing of the uid outside: what the host sees as the owner of a file the
        # sandbox wrote does (uid 0 there owns every root-owned file the sandbox can reach, caps or not)
        if made.exists() and made.stat().st_uid == 0:
            wrong.append("it writes files as root on the host")
        if (folder / POLICY_FILE).read_text() != '{"probe": true}\n':
            wrong.append("permissions.json changed on the host")
        if facts.get("work") != "yes":
            return Verdict(False, "the sandbox cannot write its project folder", "sandbox_unavailable")
        unbounded = unbounded_by(facts, launcher.limits or configured_limits())
        if unbounded and not wrong:
            return Verdict(
                False,
                "the sandbox does not bound what a command takes of the host: " + "; ".join(unbounded) + ".",
                "sandbox_unavailable",
            )
        if wrong:
            return Verdict(False, "a sandboxed command would hold privilege here: " + "; ".join(wrong) + ".")
        return _with_host_notes(_filter_verdict(facts), launcher)


CORE_PATTERN = "/proc/sys/kernel/core_pattern"


def _crash_handler() -> str:
    """The program the host's core_pattern pipes a crash to ("" for a plain file name, or when unread)."""
    try:
        with open(CORE_PATTERN, encoding="utf-8", errors="replace") as f:
            pattern = f.read().strip()
    except OSError:
        return ""
    return pattern[1:].split()[0] if pattern.startswith("|") and pattern[1:].split() else ""


def _with_host_notes(verdict: Verdict, launcher: Launcher) -> Verdict:
    """``verdict`` with what the host itself leaves open added to its note (said at start)."""
    if not verdict.ok:
        return verdict
    notes = [verdict.note]
    if launcher.share_net and not scopes_abstract_sockets(True):
        notes.append(ABSTRACT_SOCKETS_NOTE)
    handler = _crash_handler()
    if handler:
        notes.append(
            f"this host's kernel.core_pattern pipes every crash to {handler}, which the kernel starts as root for "
            "a crash inside a sandbox too; set it to a plain file name (core) where tenants run"
        )
    return replace(verdict, note="; ".join(n for n in notes if n))


def _filter_verdict(facts: dict[str, str]) -> Verdict:
    try:
        wanted = seccomp_wanted()
    except SandboxError as exc:
        return Verdict(False, exc.message, exc.code)
    if not wanted:
        return Verdict(True, "", note=SECCOMP_OFF_NOTE)
    unfiltered = unfiltered_by(facts)
    if unfiltered:
        return Verdict(
            False,
            "the sandbox's system-call filter is not in force: " + "; ".join(unfiltered) + ".",
            "sandbox_seccomp_unavailable",
        )
    return Verdict(True, "")
