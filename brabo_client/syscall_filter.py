"""The sandbox's seccomp filter: what a sandboxed command may not ask of the kernel (SPEC R9.7).

A sandboxed command holds no capability, but without a filter the kernel's whole interface still answers it,
and most kernel exploits start from the parts container runtimes close by default (Docker's default
profile): new namespaces (a nested user namespace gives a full capability set over new mounts and network
stacks, the classic route in), the key store, bpf, perf events, userfaultfd, io_uring, kernel modules and
kexec, the mount API, ptrace, ASLR turned off through ``personality``, the clock, the kernel log, swap,
accounting, quotas, ``open_by_handle_at`` (the container-breakout call). Everything else is allowed: the
filter answers those calls EPERM (io_uring: ENOSYS, as if the kernel had none), refuses ``clone``/``unshare``
with any namespace flag, and answers ``clone3`` ENOSYS (its flags sit in memory a filter cannot read, and libc
falls back to ``clone`` on ENOSYS -- what Docker does). It also refuses a set-user-id or set-group-id bit on
any file or folder (chmod and its kin, a file made with one; ``openat2`` ENOSYS), as systemd's
``RestrictSUIDSGID=`` does: one left in the project would run on the host as the sandbox's host user.

Compiled with libseccomp (``libseccomp.so.2``, Debian/Ubuntu ``libseccomp2``) through ctypes, standard
library only: the runner runs where Brabo's server code is not installed. The filter covers the host's
native architecture and the ones its kernel also runs (x86_64: i386 and x32; aarch64: 32-bit arm), so a
32-bit program meets the same rules rather than a way around them. bubblewrap loads it (``--seccomp FD``).
"""

from __future__ import annotations

import ctypes
import os
import threading

LIBRARY = "libseccomp.so.2"

# Answered EPERM: (name, ...) -- names libseccomp resolves for each architecture; one a given architecture
# does not have (stime, umount: 32-bit only) is left out of that architecture's rules by libseccomp itself.
REFUSED = (
    # the key store
    "keyctl", "add_key", "request_key",
    # in-kernel programs and performance counters
    "bpf", "perf_event_open",
    # page faults handled by the caller: the heap-grooming tool of many kernel exploits
    "userfaultfd",
    # kernel modules and a new kernel
    "kexec_load", "kexec_file_load", "init_module", "finit_module", "delete_module", "create_module",
    "query_module", "get_kernel_syms",
    # the mount API, old and new
    "mount", "umount", "umount2", "pivot_root", "move_mount", "open_tree", "fsopen", "fsconfig", "fsmount",
    "fspick", "mount_setattr", "chroot",
    # other processes' memory, and entering namespaces
    "ptrace", "process_vm_readv", "process_vm_writev", "kcmp", "pidfd_getfd", "setns",
    # the machine's own state
    "acct", "swapon", "swapoff", "reboot", "settimeofday", "stime", "clock_settime", "clock_settime64",
    "clock_adjtime", "clock_adjtime64", "syslog", "lookup_dcookie", "quotactl", "quotactl_fd", "nfsservctl",
    "vhangup", "uselib", "_sysctl", "iopl", "ioperm",
    # files by handle, past every path check (the container-breakout call)
    "open_by_handle_at",
)  # fmt: skip
NOT_IMPLEMENTED = ("io_uring_setup", "io_uring_enter", "io_uring_register", "clone3", "openat2")

CLONE_NEWTIME = 0x00000080  # unshare only: in clone's flags this bit is part of the exit signal
NAMESPACE_FLAGS = (
    0x00020000,  # CLONE_NEWNS
    0x02000000,  # CLONE_NEWCGROUP
    0x04000000,  # CLONE_NEWUTS
    0x08000000,  # CLONE_NEWIPC
    0x10000000,  # CLONE_NEWUSER
    0x20000000,  # CLONE_NEWPID
    0x40000000,  # CLONE_NEWNET
)
# personality(2): refused with a flag that weakens the address space (ADDR_NO_RANDOMIZE turns ASLR off);
# 0xffffffff only queries, and ordinary values (PER_LINUX, PER_LINUX32, UNAME26) stay allowed.
PERSONALITY_FLAGS = (
    0x0040000,  # ADDR_NO_RANDOMIZE
    0x0100000,  # MMAP_PAGE_ZERO
    0x0200000,  # ADDR_COMPAT_LAYOUT
    0x0400000,  # READ_IMPLIES_EXEC
)
PERSONALITY_QUERY = 0xFFFFFFFF
# R9.7: no set-user-id or set-group-id file or folder (as systemd's RestrictSUIDSGID=). One left in the project
# runs, on the host, as the sandbox's host user: the worker's own uid, or a root worker's BRABO_SANDBOX_UID,
# which every tenant's folder is opened to. Refused where a mode is set -- (call, the mode's argument) -- and
# where a file is made with one -- (call, the flags' argument or None, the mode's argument): open and openat
# with O_CREAT or O_TMPFILE; openat2's mode sits in memory a filter cannot read, so it answers ENOSYS (libc
# and the programs that call it fall back to openat).
SET_ID_BITS = (0o4000, 0o2000)  # S_ISUID, S_ISGID
O_CREAT, O_TMPFILE_BIT = 0o100, 0o20000000  # the same on x86 and arm, 32 and 64 bits
SET_MODE = (("chmod", 1), ("fchmod", 1), ("fchmodat", 2), ("fchmodat2", 2))
MAKE_WITH_MODE = (
    ("creat", None, 1), ("mknod", None, 1), ("mknodat", None, 2),
    ("open", 1, 2), ("openat", 2, 3),
)  # fmt: skip

_ACT_ALLOW = 0x7FFF0000
_ACT_ERRNO = 0x00050000
_CMP_MASKED_EQ = 7
_ATTR_ACT_BADARCH = 2
_ACT_KILL_PROCESS = 0x80000000
# AUDIT_ARCH_* tokens: native -> the other architectures the same kernel runs
_X86_64, _X86, _X32 = 0xC000003E, 0x40000003, 0x4000003E
_AARCH64, _ARM = 0xC00000B7, 0x40000028
_COMPANIONS = {_X86_64: (_X86, _X32), _AARCH64: (_ARM,)}


class FilterUnavailable(Exception):
    """The filter cannot be built here; the message says why."""


class _Cmp(ctypes.Structure):
    _fields_ = [("arg", ctypes.c_uint), ("op", ctypes.c_int), ("a", ctypes.c_uint64), ("b", ctypes.c_uint64)]


def _errno(code: int) -> int:
    return _ACT_ERRNO | (code & 0xFFFF)


def _load(name: str) -> ctypes.CDLL:
    try:
        lib = ctypes.CDLL(name, use_errno=True)
    except OSError as exc:
        raise FilterUnavailable(f"libseccomp cannot be loaded ({LIBRARY}: {exc})") from None
    try:
        lib.seccomp_init.restype = ctypes.c_void_p
        lib.seccomp_init.argtypes = [ctypes.c_uint32]
        lib.seccomp_release.argtypes = [ctypes.c_void_p]
        lib.seccomp_arch_native.restype = ctypes.c_uint32
        lib.seccomp_arch_add.argtypes = [ctypes.c_void_p, ctypes.c_uint32]
        lib.seccomp_attr_set.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_uint32]
        lib.seccomp_syscall_resolve_name.argtypes = [ctypes.c_char_p]
        lib.seccomp_rule_add_array.argtypes = [
            ctypes.c_void_p, ctypes.c_uint32, ctypes.c_int, ctypes.c_uint, ctypes.POINTER(_Cmp)
        ]  # fmt: skip
        lib.seccomp_export_bpf.argtypes = [ctypes.c_void_p, ctypes.c_int]
    except AttributeError as exc:
        raise FilterUnavailable(f"this libseccomp lacks {exc}") from None
    return lib


def _rule(lib, ctx, action: int, name: str, *cmps: tuple[int, int, int]) -> None:
    nr = lib.seccomp_syscall_resolve_name(name.encode())
    if nr == -1:  # __NR_SCMP_ERROR: this libseccomp does not know the call (older than the kernel's)
        return
    array = (_Cmp * len(cmps))(*(_Cmp(arg, _CMP_MASKED_EQ, mask, value) for arg, mask, value in cmps))
    rc = lib.seccomp_rule_add_array(ctx, action, nr, len(cmps), array if cmps else None)
    if rc < 0:
        raise FilterUnavailable(f"libseccomp refused the rule for {name} ({os.strerror(-rc)})")


def _rules(lib, ctx) -> None:
    eperm = _errno(1)
    for name in REFUSED:
        _rule(lib, ctx, eperm, name)
    for name in NOT_IMPLEMENTED:
        _rule(lib, ctx, _errno(38), name)  # ENOSYS
    for flag in NAMESPACE_FLAGS:
        _rule(lib, ctx, eperm, "clone", (0, flag, flag))
        _rule(lib, ctx, eperm, "unshare", (0, flag, flag))
    _rule(lib, ctx, eperm, "unshare", (0, CLONE_NEWTIME, CLONE_NEWTIME))
    # "flag set and not the query": libseccomp compares an argument once per rule, so one rule per other bit
    # that is clear -- every value with the flag but 0xffffffff has one (the kernel reads 32 bits).
    for flag in PERSONALITY_FLAGS:
        for bit in range(32):
            if 1 << bit != flag:
                _rule(lib, ctx, eperm, "personality", (0, flag | 1 << bit, flag))
    for bit in SET_ID_BITS:
        for name, mode in SET_MODE:
            _rule(lib, ctx, eperm, name, (mode, bit, bit))
        for name, flags, mode in MAKE_WITH_MODE:
            if flags is None:
                _rule(lib, ctx, eperm, name, (mode, bit, bit))
                continue
            for made in (O_CREAT, O_TMPFILE_BIT):
                _rule(lib, ctx, eperm, name, (flags, made, made), (mode, bit, bit))


def build() -> bytes:
    """The filter as the kernel loads it (BPF instructions); raises FilterUnavailable."""
    lib = _load(LIBRARY)
    ctx = lib.seccomp_init(_ACT_ALLOW)
    if not ctx:
        raise FilterUnavailable("libseccomp could not start a filter")
    try:
        native = lib.seccomp_arch_native()
        # A call made under an architecture the filter does not know kills the process, never passes: so a
        # companion this libseccomp cannot add (an old one) closes that door instead of failing the filter.
        if lib.seccomp_attr_set(ctx, _ATTR_ACT_BADARCH, _ACT_KILL_PROCESS) < 0:
            raise FilterUnavailable("libseccomp cannot set the action for foreign architectures")
        for arch in _COMPANIONS.get(native, ()):
            lib.seccomp_arch_add(ctx, arch)
        _rules(lib, ctx)
        fd = os.memfd_create("brabo-seccomp", os.MFD_CLOEXEC)
        try:
            rc = lib.seccomp_export_bpf(ctx, fd)
            if rc < 0:
                raise FilterUnavailable(f"libseccomp cannot write the filter ({os.strerror(-rc)})")
            os.lseek(fd, 0, os.SEEK_SET)
            chunks = []
            while chunk := os.read(fd, 65536):
                chunks.append(chunk)
        finally:
            os.close(fd)
    finally:
        lib.seccomp_release(ctx)
    program = b"".join(chunks)
    if not program or len(program) % 8:
        raise FilterUnavailable("libseccomp wrote no filter")
    return program


_compiled: bytes | None = None
_lock = threading.Lock()


def compiled() -> bytes:
    """The filter, built once per process; raises FilterUnavailable (built again at the next call)."""
    global _compiled
    with _lock:
        if _compiled is None:
            _compiled = build()
        return _compiled


def forget() -> None:
    """Build again at the next use (the tests swap the library)."""
    global _compiled
    with _lock:
        _compiled = None


def descriptor_holding(name: str, data: bytes) -> int:
    """A fresh in-memory descriptor holding ``data``, read from its start, closed on exec (a launch's pass_fds
    opens it to bubblewrap, which reads it to the end); the caller closes it once the launch has started."""
    fd = os.memfd_create(name, os.MFD_CLOEXEC)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
        os.lseek(fd, 0, os.SEEK_SET)
    except BaseException:
        os.close(fd)
        raise
    return fd


def open_for_launch() -> int:
    """A fresh descriptor reading the filter from its start (bubblewrap reads its own to the end, so each
    launch gets one of its own)."""
    return descriptor_holding("brabo-seccomp", compiled())
