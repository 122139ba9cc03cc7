"""What a tenant's approved command can learn or borrow from the worker's machine, through the real bubblewrap
sandbox launched exactly as the worker and the runner launch it (brabo_client/sandbox.py), as whatever user
runs these tests (root here: the root launcher's path, which drops to the sandbox user).

R9.7: the host lends the sandbox nothing. Not the worker's environment, descriptors, home folder or other
tenants' folders (by path, or through /proc), and not the host's own configuration of the programs the
sandbox may run: git's system config (``git config --system``, /etc/gitconfig) and npm's global config
(``npm config set --global``, ``$(prefix)/etc/npmrc`` under /usr and /usr/local) are where an operator keeps
credentials for every user of the machine -- a registry token, an ``http.extraHeader`` bearer, a
``url.<with-token>.insteadOf`` -- and a credential helper the host trusts, so none of them is seen inside.
"""

from __future__ import annotations

import os
import socket
import tempfile
from pathlib import Path

import pytest

from brabo_client import sandbox as sb

from .sandbox_run import run, run_each


@pytest.fixture
def folder(tmp_path):
    f = tmp_path / "project"
    f.mkdir()
    (f / sb.POLICY_FILE).write_text("{}\n")
    return f


def test_the_attacks_below_run_as_an_unprivileged_user_whatever_runs_the_tests(sandbox, folder):
    done = run(folder, "id -u; echo done")
    assert done["stdout"].split() == [str(sb.INSIDE_ID), "done"], done


# -- the host's own configuration of the programs the sandbox runs -----------------------------------------

# Program-wide configuration a host keeps for every user: git's --system file ($(prefix)/etc/gitconfig for
# /usr and /usr/local builds), npm's --global file ($(prefix)/etc/npmrc), and their neighbours.
HOST_CONFIG = (
    "/etc/gitconfig",
    "/usr/etc/gitconfig",
    "/usr/local/etc/gitconfig",
    "/usr/etc/npmrc",
    "/usr/local/etc/npmrc",
    "/etc/npmrc",
    "/etc/pip.conf",
    "/etc/xdg/pip/pip.conf",
    "/etc/environment",
    "/etc/shadow",
    "/etc/docker/daemon.json",
    "/etc/hostname",
)


def test_no_program_wide_configuration_of_the_host_is_readable(sandbox, folder):
    # one launch looks for them all (each look only reads); every file is named with what it gave
    printed, done = run_each(
        folder,
        {p: f"cat {p} 2>/dev/null && echo READ; ls -a {os.path.dirname(p)} 2>/dev/null" for p in HOST_CONFIG},
    )
    read = {path: text for path, text in printed.items() if "READ" in text}
    assert read == {}, (read, done)
    named = {path: text for path, text in printed.items() if os.path.basename(path) in text.split()}
    assert named == {}, (named, done)  # not even its name


@pytest.mark.parametrize(
    "command",
    [
        "git config --list --show-origin",
        "git config --system --list",
        "env -u GIT_CONFIG_NOSYSTEM git config --list --show-origin",
        "env -u GIT_CONFIG_NOSYSTEM git config --system --list",
        "git -C /tmp config --show-scope --list",
        "git config --get-urlmatch credential https://source.developers.google.com",
        "git config --get-regexp '^(credential|http|url|include|core)'",
    ],
)
def test_git_in_the_sandbox_reads_no_configuration_of_the_host(sandbox, folder, command):
    done = run(folder, f"cd /tmp && {command} 2>/dev/null; echo done")
    assert done["stdout"] == "done\n", done


@pytest.mark.parametrize(
    "command",
    [
        'npm config get globalconfig >/dev/null; cat "$(npm config get globalconfig)"',
        "npm config list --global 2>/dev/null | grep -v '^;' | grep -v '^$' | grep -v '^globalconfig\\|^prefix\\|^global = true'",
        "npm config get cafile",
    ],
)
def test_npm_in_the_sandbox_reads_no_global_configuration_of_the_host(sandbox, folder, command):
    if not any(os.path.exists(p) for p in ("/usr/bin/npm", "/usr/local/bin/npm")):
        pytest.skip("npm is not installed on this host")
    done = run(folder, f"cd /tmp && {{ {command}; }} 2>/dev/null; echo done")
    lines = [ln for ln in done["stdout"].splitlines() if ln not in ("done", "undefined", "null", "")]
    assert lines == [], done


# -- the worker's own process, home and descriptors --------------------------------------------------------

WORKER_SECRETS = {
    "DATABASE_URL": "postgres://brabo:db-password-value@127.0.0.1:5432/brabo",
    "CELERY_BROKER_URL": "redis://:broker-password-value@127.0.0.1:6379/0",
    "BRABO_SECRET_KEY": "django-secret-key-value",
    "BRABO_ENCRYPTION_KEYS": "fernet-key-value",
    "GITHUB_TOKEN": "ghp_worker-token-value",
    "AWS_SECRET_ACCESS_KEY": "aws-secret-value",
    "BRABO_RUNNER_KEY": "runner-key-value",
}


def test_no_secret_of_the_workers_environment_is_in_any_process_inside(sandbox, folder, monkeypatch):
    for name, value in WORKER_SECRETS.items():
        monkeypatch.setenv(name, value)
    done = run(
        folder,
        "env; for p in /proc/[0-9]*; do cat $p/environ $p/cmdline 2>/dev/null | tr '\\0' '\\n'; done; "
        f"cat /proc/{os.getpid()}/environ /proc/{os.getppid()}/environ 2>/dev/null; echo scanned",
    )
    assert done["stdout"].rstrip().endswith("scanned")
    leaked = [
        name for name, value in WORKER_SECRETS.items() if value in done["stdout"] or name in done["stdout"]
    ]
    assert leaked == [], leaked


def test_no_descriptor_of_the_worker_is_open_in_any_process_inside(sandbox, folder, tmp_path):
    # descriptors the worker holds without close-on-exec: a secret file, a listening socket
    held = open(tmp_path / "worker-secret.txt", "w")  # noqa: SIM115 -- held open across the launch
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)
    os.set_inheritable(held.fileno(), True)
    os.set_inheritable(listener.fileno(), True)
    try:
        # a witness started by the command holds what every process inside was given (in the C locale: while
        # it starts, a program setting up another one holds the locale's gconv cache open for a moment)
        done = run(
            folder,
            "LC_ALL=C sleep 60 & w=$!; ls -l /proc/1/fd /proc/$$/fd /proc/$w/fd > /tmp/fds 2>&1; kill $w; cat /tmp/fds",
        )
    finally:
        held.close()
        listener.close()
    listed = [ln.split()[-3:] for ln in done["stdout"].splitlines() if " -> " in ln]
    assert len(listed) >= 9, done  # three processes' stdio at least
    unexpected = [
        (fd, what) for fd, _, what in listed if fd not in ("0", "1", "2") and what != "anon_inode:[eventfd]"
    ]
    assert unexpected == [], (
        unexpected
    )  # only the command's own stdio, its own /proc walk, bubblewrap's event


def _home_entries() -> list[str]:
    home = Path.home()
    wanted = (
        ".ssh",
        ".gitconfig",
        ".git-credentials",
        ".docker",
        ".aws",
        ".config",
        ".npmrc",
        ".netrc",
        ".kube",
    )
    return [str(home / name) for name in wanted] + [
        str(home),
        "/root",
        "/home",
        "/var/lib",
        "/run",
        "/var/run",
    ]


def test_nothing_of_the_workers_home_or_state_is_there(sandbox, folder):
    printed, done = run_each(
        folder,
        {
            p: f"ls -a {p} 2>/dev/null && echo LISTED; cat {p} 2>/dev/null && echo READ"
            for p in _home_entries()
        },
    )
    there = {path: text for path, text in printed.items() if text}
    assert there == {}, (there, done)


@pytest.mark.parametrize(
    "where",
    [
        "{other}",
        "/proc/{pid}/root{other}",
        "/proc/{pid}/cwd",
        "/proc/{ppid}/root{other}",
        "/proc/1/root{other}",
        "/proc/self/root{other}",
        "/proc/1/cwd/../..{other}",
    ],
)
def test_another_tenants_folder_is_reachable_by_no_path(sandbox, folder, tmp_path, where):
    other = tmp_path / "other-tenant"
    other.mkdir()
    (other / "theirs.txt").write_text("other-tenant-secret\n")
    os.chmod(other, 0o777)  # even a folder open to everyone on the host
    os.chmod(other / "theirs.txt", 0o666)
    path = where.format(other=other, pid=os.getpid(), ppid=os.getppid())
    done = run(folder, f"cat {path}/theirs.txt 2>/dev/null; echo x > {path}/planted 2>/dev/null; echo done")
    assert "other-tenant-secret" not in done["stdout"], done
    assert not (other / "planted").exists()


@pytest.mark.parametrize("where", ["/tmp", "/var/tmp", "/dev/shm"])
def test_the_hosts_shared_scratch_folders_are_not_shared(sandbox, folder, where):
    try:
        fd, made = tempfile.mkstemp(prefix="brabo-host-lends-", dir=where)
    except OSError:
        pytest.skip(f"{where} is not writable here")
    host_file, name = Path(made), os.path.basename(made)
    os.write(fd, b"host-scratch\n")
    os.close(fd)
    os.chmod(made, 0o644)
    try:
        done = run(
            folder, f"cat {where}/{name} 2>/dev/null; echo planted > {where}/{name}-in 2>/dev/null; echo done"
        )
    finally:
        host_file.unlink()
    assert "host-scratch" not in done["stdout"], done
    assert not (Path(where) / f"{name}-in").exists()


# -- the host's accounts -----------------------------------------------------------------------------------------


def test_the_hosts_accounts_are_not_listed(sandbox, folder):
    """The host's /etc/passwd and /etc/group name its people and services, their home folders (host paths) and
    who may use what (the docker group's members): the sandbox gets a list of its own -- root and the sandbox's
    user -- and whoever it runs as is still named (id, whoami, git, ssh, python's pwd)."""
    printed, done = run_each(
        folder,
        {
            "passwd": "cut -d: -f1,6 /etc/passwd",
            "group": "cut -d: -f1,4 /etc/group",
            "getent": "getent passwd; getent group",
            "id": "id; whoami",
            "python": "python3 -I -S -c 'import os, pwd; p = pwd.getpwuid(os.getuid()); print(p.pw_name, p.pw_dir)'",
        },
    )
    assert sorted(printed["passwd"].split()) == ["nobody:/tmp", "root:/root"], (printed, done)
    assert sorted(printed["group"].split()) == ["nogroup:", "root:"], (printed, done)
    assert sorted(printed["getent"].split()) == sorted(
        ["root:x:0:0:root:/root:/usr/sbin/nologin", f"nobody:x:{sb.INSIDE_ID}:{sb.INSIDE_ID}:nobody:/tmp:/usr/sbin/nologin",
         "root:x:0:", f"nogroup:x:{sb.INSIDE_ID}:"]
    ), (printed, done)  # fmt: skip
    assert printed["id"].split() == [
        f"uid={sb.INSIDE_ID}(nobody)", f"gid={sb.INSIDE_ID}(nogroup)", f"groups={sb.INSIDE_ID}(nogroup)", "nobody"
    ], (printed, done)  # fmt: skip
    if Path("/usr/bin/python3").exists():
        assert printed["python"].split() == ["nobody", "/tmp"], (printed, done)
    with open("/etc/passwd") as f:
        host_accounts = {line.split(":")[0] for line in f if line.strip()} - {"root", "nobody"}
    named = {line.split(":")[0] for line in printed["getent"].split()}
    assert host_accounts and not host_accounts & named, (host_accounts, named)
