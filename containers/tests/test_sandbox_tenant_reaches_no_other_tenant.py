"""One tenant's approved command reaching another tenant through the worker's machine (R9.7), through the real
bubblewrap sandbox launched as the worker launches it (root here: every sandbox runs as the same host user,
BRABO_SANDBOX_UID -- so nothing keyed by that user may join two sandboxes).

Two sandboxes run at once, as two tenants' commands would: the second may not see the first's processes, signal
them, read its /tmp or /dev/shm, reach its abstract unix sockets or its folder. Neither may reach the host's
services on loopback (the PostgreSQL and Redis ports, any listener, TCP or UDP, IPv4 or IPv6), a unix socket
file of the host, or the host's own processes.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import threading
import time
import uuid
from pathlib import Path

import pytest

from brabo_client import sandbox as sb

from .sandbox_run import run

HAS_PYTHON = Path("/usr/bin/python3").exists()


def _project(tmp_path: Path, name: str) -> Path:
    folder = tmp_path / name
    folder.mkdir()
    (folder / sb.POLICY_FILE).write_text("{}\n")
    return folder


# -- the host's services on loopback ------------------------------------------------------------------------


def _listeners():
    made = []
    for family, addr in (
        (socket.AF_INET, "127.0.0.1"),
        (socket.AF_INET, "0.0.0.0"),
        (socket.AF_INET6, "::1"),
    ):
        try:
            s = socket.socket(family, socket.SOCK_STREAM)
            s.bind((addr, 0))
        except OSError:
            continue
        s.listen(8)
        made.append(s)
    return made


def test_no_listener_of_the_host_on_loopback_is_reachable(sandbox, tmp_path):
    folder = _project(tmp_path, "tenant")
    listeners = _listeners()
    ports = sorted({s.getsockname()[1] for s in listeners}) + [5432, 6379]  # and the database's, the broker's
    try:
        targets = (
            [f"127.0.0.1/{p}" for p in ports]
            + [f"::1/{p}" for p in ports]
            + [f"localhost/{p}" for p in ports]
        )
        probe = "; ".join(f"(exec 3<>/dev/tcp/{t}) 2>/dev/null && echo CONNECTED {t}" for t in targets)
        done = run(folder, probe + "; echo end")
    finally:
        for s in listeners:
            s.close()
    assert "CONNECTED" not in done["stdout"] and done["stdout"].rstrip().endswith("end"), done


def test_no_udp_datagram_reaches_the_host(sandbox, tmp_path):
    folder = _project(tmp_path, "tenant")
    receiver = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    receiver.bind(("127.0.0.1", 0))
    receiver.settimeout(0.5)
    port = receiver.getsockname()[1]
    try:
        run(folder, f"for i in 1 2 3; do echo leak > /dev/udp/127.0.0.1/{port}; done 2>/dev/null; true")
        try:
            got = receiver.recv(64)
        except TimeoutError:
            got = b""
    finally:
        receiver.close()
    assert got == b""


def test_a_unix_socket_file_of_the_host_is_unreachable(sandbox, tmp_path):
    """A service's socket file (PostgreSQL's /run/postgresql/.s.PGSQL.5432 is one) in a folder open to all."""
    if not HAS_PYTHON:
        pytest.skip("no python3 in the sandbox's /usr to connect with")
    folder = _project(tmp_path, "tenant")
    where = tmp_path / "run"
    where.mkdir()
    os.chmod(where, 0o777)
    path = where / ".s.PGSQL.5432"
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(str(path))
    os.chmod(path, 0o777)
    server.listen(1)
    try:
        (folder / "c.py").write_text(
            "import socket, sys\nfor p in sys.argv[1:]:\n    s = socket.socket(socket.AF_UNIX)\n    try:\n"
            "        s.connect(p); print('CONNECTED', p)\n    except OSError as e:\n        print('no', e.errno)\n"
        )
        done = run(folder, f"python3 -I -S c.py {path} /proc/1/root{path} /run/postgresql/.s.PGSQL.5432 "
                           "/var/run/postgresql/.s.PGSQL.5432 /run/redis/redis-server.sock /tmp/.s.PGSQL.5432")  # fmt: skip
    finally:
        server.close()
    assert "CONNECTED" not in done["stdout"] and done["stdout"].count("no ") == 6, done


# -- the host's own processes ------------------------------------------------------------------------------


def test_the_hosts_processes_are_neither_seen_nor_signalled(sandbox, tmp_path):
    folder = _project(tmp_path, "tenant")
    marker = f"brabo-host-proc-{uuid.uuid4().hex[:12]}"
    host = subprocess.Popen(["bash", "-c", f"exec -a {marker} sleep 120"], start_new_session=True)
    try:
        done = run(
            folder,
            f"m='{marker[:8]}''{marker[8:]}'; "  # the marker itself is not in this command line
            'grep -la "$m" /proc/[0-9]*/cmdline 2>/dev/null && echo SEEN; ps -eo args 2>/dev/null | grep -c "$m"; '
            f"kill -9 {host.pid} 2>/dev/null && echo SIGNALLED; kill -9 -1 2>/dev/null; echo end",
        )
        time.sleep(0.2)
        alive = host.poll() is None
    finally:
        host.kill()
        host.wait()
    assert "SEEN" not in done["stdout"] and "SIGNALLED" not in done["stdout"], done
    assert alive


# -- two tenants' sandboxes at once ------------------------------------------------------------------------

FIRST = r"""
exec -a {marker} sleep 120 &
victim=$!
echo first-tmp-secret > /tmp/first.txt; echo first-shm-secret > /dev/shm/first.txt
{listener}
echo ready > /work/ready
i=0; while [ ! -e /work/go ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i+1)); done
kill -0 $victim 2>/dev/null && echo ALIVE
cat /work/reached 2>/dev/null
kill $victim
"""

LISTENER = (
    "python3 -I -S -c \"import socket, time\ns = socket.socket(socket.AF_UNIX)\ns.bind('\\0{name}')\n"
    "s.listen(1)\ns.settimeout(30)\ntry:\n    s.accept()\n    open('/work/reached', 'w').write('REACHED')\n"
    'except OSError:\n    pass" & sleep 0.5'
)

SECOND = r"""
m='{marker_a}''{marker_b}'
grep -la "$m" /proc/[0-9]*/cmdline 2>/dev/null && echo SEEN
ls /proc | grep -c '^[0-9]'
cat /tmp/first.txt /dev/shm/first.txt {first}/ready /proc/*/root/tmp/first.txt 2>/dev/null
for p in $(seq 1 400); do [ $p = $$ ] || kill -9 $p 2>/dev/null; done
kill -9 -1 2>/dev/null
{connect}
echo second-done
"""

CONNECT = (
    "python3 -I -S -c \"import socket\ns = socket.socket(socket.AF_UNIX)\ntry:\n    s.connect('\\0{name}')\n"
    "    print('CONNECTED')\nexcept OSError:\n    print('refused')\""
)


def test_a_second_tenants_sandbox_cannot_see_signal_or_reach_the_first(sandbox, tmp_path):
    first, second = _project(tmp_path, "tenant-a"), _project(tmp_path, "tenant-b")
    marker = f"brabo-tenant-a-{uuid.uuid4().hex[:12]}"
    name = f"brabo-tenant-a-{uuid.uuid4().hex[:12]}"
    results: dict = {}
    command = FIRST.format(marker=marker, listener=LISTENER.format(name=name) if HAS_PYTHON else "true")
    worker = threading.Thread(target=lambda: results.update(first=run(first, command)))
    worker.start()
    try:
        deadline = time.monotonic() + 60
        while not (first / "ready").exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert (first / "ready").exists(), "the first sandbox never got ready"
        results["second"] = run(
            second,
            SECOND.format(
                marker_a=marker[:8],
                marker_b=marker[8:],
                first=first,
                connect=CONNECT.format(name=name) if HAS_PYTHON else "true",
            ),
        )
    finally:
        (first / "go").write_text("go\n")
        worker.join(120)
    out_a, out_b = results["first"]["stdout"], results["second"]["stdout"]
    assert "ALIVE" in out_a and "REACHED" not in out_a, results  # not signalled, its socket not reached
    assert out_b.rstrip().endswith("second-done"), results
    assert "SEEN" not in out_b and "secret" not in out_b and "ready" not in out_b, results
    assert "CONNECTED" not in out_b, results
    assert int(out_b.split()[0]) < 10, results  # its own few processes only


def test_pseudo_terminals_are_the_sandboxs_own(sandbox, tmp_path):
    """A new devpts: no other sandbox's or the host's terminal is listed, opened or written."""
    folder = _project(tmp_path, "tenant")
    done = run(
        folder,
        "ls /dev/pts; for t in /dev/pts/[0-9]*; do echo x > $t && echo WROTE $t; done 2>/dev/null; echo end",
    )
    assert done["stdout"].split() == ["ptmx", "end"], done


# -- the host's System V and POSIX IPC objects, its abstract unix sockets ----------------------------------------

IPC_PROBE = r"""
import ctypes, errno, socket, sys
libc = ctypes.CDLL(None, use_errno=True)
key = int(sys.argv[1])
for what, call in (("msg", lambda: libc.msgget(key, 0)), ("shm", lambda: libc.shmget(key, 0, 0)),
                   ("sem", lambda: libc.semget(key, 0, 0))):
    print(what, "REACHED" if call() >= 0 else errno.errorcode.get(ctypes.get_errno(), "?"))
rt = ctypes.CDLL("librt.so.1", use_errno=True)
rt.mq_open.restype = ctypes.c_int
print("mq", "REACHED" if rt.mq_open(sys.argv[2].encode(), 0) >= 0 else errno.errorcode.get(ctypes.get_errno(), "?"))
s = socket.socket(socket.AF_UNIX)
try:
    s.connect("\0" + sys.argv[3])
    print("abstract REACHED")
except OSError as exc:
    print("abstract", errno.errorcode.get(exc.errno, "?"))
"""


@pytest.mark.skipif(not HAS_PYTHON, reason="the probe needs python3 in the sandbox")
def test_the_hosts_ipc_objects_and_abstract_sockets_are_not_reached(sandbox, tmp_path):
    """The worker's host (and every process on it: another tenant's runner, the database) keeps System V
    message queues, shared memory and semaphores by key, POSIX message queues by name and abstract unix
    sockets by name: the sandbox's own IPC and network namespaces hold none of them."""
    import ctypes

    folder = _project(tmp_path, "tenant")
    libc = ctypes.CDLL(None, use_errno=True)
    rt = ctypes.CDLL("librt.so.1", use_errno=True)
    key = int.from_bytes(os.urandom(3), "big") | 0x1000000
    queue, abstract = f"/brabo-host-{uuid.uuid4().hex[:12]}", f"brabo-host-{uuid.uuid4().hex[:12]}"
    created = (libc.msgget(key, 0o1666), libc.shmget(key, 4096, 0o1666), libc.semget(key, 1, 0o1666))
    mq = rt.mq_open(queue.encode(), 0o100 | 0o2, 0o666, None)  # O_CREAT | O_RDWR
    listener = socket.socket(socket.AF_UNIX)
    listener.bind("\0" + abstract)
    listener.listen(1)
    try:
        assert min(created) >= 0 and mq >= 0, "the host's IPC objects could not be made"
        done = run(
            folder,
            f"ipcs 2>/dev/null | grep -ic '{key:#010x}'; python3 -I -S -c '{IPC_PROBE}' {key} {queue} {abstract}",
        )
    finally:
        listener.close()
        libc.msgctl(created[0], 0, None)  # IPC_RMID
        libc.shmctl(created[1], 0, None)
        libc.semctl(created[2], 0, 0)
        os.close(mq)
        rt.mq_unlink(queue.encode())
    lines = done["stdout"].splitlines()
    assert lines[0] == "0", done  # ipcs lists none of the host's
    assert lines[1:] == ["msg ENOENT", "shm ENOENT", "sem ENOENT", "mq ENOENT", "abstract ECONNREFUSED"], done


def _bwrap() -> str:
    bwrap = sb.bwrap_path()
    assert bwrap is not None  # the sandbox fixture skipped otherwise
    return bwrap


def _abstract_scoping() -> bool:
    """Whether this kernel's Landlock scopes abstract unix sockets (ABI 6, Linux 6.12)."""
    return sb.landlock_abi() >= sb.LANDLOCK_SCOPE_ABI


ABSTRACT_PROBE = (
    "import errno, socket, sys\n"
    "def reach(address, family=socket.AF_UNIX):\n"
    "    s = socket.socket(family)\n"
    "    try:\n"
    "        s.connect(address)\n"
    "        return 'REACHED'\n"
    "    except OSError as exc:\n"
    "        return errno.errorcode.get(exc.errno, '?')\n"
    "own = socket.socket(socket.AF_UNIX)\n"
    "own.bind('\\0brabo-own-' + sys.argv[1][-12:])\n"
    "own.listen(1)\n"
    "print('host', reach('\\0' + sys.argv[1]))\n"
    "print('own', reach('\\0brabo-own-' + sys.argv[1][-12:]))\n"
    "print('tcp', reach(('127.0.0.1', int(sys.argv[2])), socket.AF_INET))\n"
)


def _shared_net_run(folder: Path, command: str, *, as_nobody: bool) -> str:
    """What ``command`` printed in a runner's sandbox (--share-net), launched by this user or, bubblewrap
    directly (no root helper), by an unprivileged one."""
    if not as_nobody:
        done = sb.Launcher(_bwrap(), share_net=True).run(
            folder, folder / sb.POLICY_FILE, sb.WORKDIR, command, timeout=60, cap=1 << 16
        )
        return done["stdout"] + done["stderr"]
    from .test_sandbox_privilege import _readable_copy

    top = folder.parent / "launcher"  # the caller's folder is in a folder every user may walk
    top.mkdir()
    _readable_copy(Path(__file__).resolve().parents[2] / "brabo_client", top / "brabo_client")
    for path in (folder, folder / sb.POLICY_FILE):
        os.chown(path, 65534, 65534)
    code = (
        f"import sys; sys.path.insert(0, {str(top)!r})\n"
        "from pathlib import Path\nfrom brabo_client import sandbox as s\n"
        f"folder = Path({str(folder)!r})\n"
        "done = s.Launcher(s.bwrap_path(), share_net=True).run(folder, folder / 'permissions.json', '/work', "
        f"{command!r}, timeout=60, cap=1 << 16)\n"
        "sys.stdout.write(done['stdout'] + done['stderr'])\n"
    )
    launched = subprocess.run(
        ["/usr/bin/python3", "-I", "-c", code], user=65534, group=65534, extra_groups=[], cwd="/",
        env={"PATH": "/usr/bin:/bin", "HOME": "/tmp", "TMPDIR": "/tmp"}, capture_output=True, text=True,
        timeout=120,
    )  # fmt: skip
    return launched.stdout + launched.stderr


@pytest.mark.skipif(not HAS_PYTHON, reason="the probe needs python3 in the sandbox")
@pytest.mark.parametrize("as_nobody", [False, True], ids=["this-user", "unprivileged-launcher"])
def test_the_runners_shared_network_reaches_no_abstract_socket_of_its_machine(sandbox, tmp_path, as_nobody):
    """The runner's --share-net keeps its machine's network namespace, and with it every abstract unix socket on
    the machine: the desktop's X server (@/tmp/.X11-unix/X0, which lets the user's own uid in -- a sandboxed
    command's uid outside -- to read keys and type into a terminal), a D-Bus bus, an agent's socket. Landlock
    scopes them: a socket made outside the sandbox is not connected to, one made inside is; the network stays."""
    if not _abstract_scoping():
        pytest.skip("this kernel's Landlock does not scope abstract unix sockets (Linux 6.12)")
    if as_nobody and os.geteuid() != 0:
        pytest.skip("needs root to start a process as another, unprivileged user")
    base = Path(tempfile.mkdtemp(prefix="brabo-shared-net-", dir="/tmp")) if as_nobody else tmp_path
    base.chmod(0o755)
    folder = _project(base, "tenant")
    name = f"brabo-desktop-{uuid.uuid4().hex[:12]}"
    listener = socket.socket(socket.AF_UNIX)
    listener.bind("\0" + name)
    listener.listen(4)
    tcp = socket.socket()
    tcp.bind(("127.0.0.1", 0))
    tcp.listen(4)
    try:
        printed = _shared_net_run(
            folder, f'python3 -I -S -c "{ABSTRACT_PROBE}" {name} {tcp.getsockname()[1]}', as_nobody=as_nobody
        )
    finally:
        listener.close()
        tcp.close()
        if as_nobody:
            shutil.rmtree(base, ignore_errors=True)
    assert printed.split("\n")[:3] == ["host EPERM", "own REACHED", "tcp REACHED"], printed


def test_a_kernel_that_cannot_scope_them_is_said_at_the_runners_start(sandbox, monkeypatch):
    """Before Linux 6.12 nothing closes the machine's abstract sockets to a --share-net sandbox: the probe's
    verdict says so (the runner prints it as a warning at start); without --share-net there is nothing to say."""
    monkeypatch.setattr(sb, "landlock_abi", lambda: sb.LANDLOCK_SCOPE_ABI - 1)
    shared = sb.probe(sb.Launcher(_bwrap(), share_net=True))
    assert shared.ok and "abstract unix sockets" in shared.note, shared
    assert "abstract" not in sb.probe(sb.Launcher(_bwrap())).note
