"""Hermetic git for the worker's own git processes, above all those that carry the owner's token (R9.7).

The worker's machine is shared by every workspace; nothing written there by one tenant may steer another's
git. So a git Brabo runs on the host:
- starts from an empty environment: a private, empty ``HOME`` and ``XDG_CONFIG_HOME`` (a fresh 0700 folder
  per operation), no system or global configuration (``GIT_CONFIG_NOSYSTEM``, ``GIT_CONFIG_GLOBAL`` and
  ``GIT_CONFIG_SYSTEM`` at ``/dev/null``), and nothing else of the worker's environment but ``PATH`` — no
  ``http_proxy``/``https_proxy``/``ALL_PROXY``, ``GIT_SSH_COMMAND``, ``GIT_ASKPASS``, ``GIT_CONFIG_*`` or any
  other ``GIT_*`` variable;
- overrides on its command line every setting that redirects or weakens the transport or runs a program
  (:data:`HERMETIC_CONFIG`), and allows only the one protocol the operation needs;
- and, since ``-c`` cannot remove a URL-scoped section (``url.<x>.insteadOf``, ``http.<url>.proxy``,
  ``credential.<url>.helper``...), the repository that holds the token must carry nothing but the handful of
  keys ``git clone`` writes itself (:func:`unexpected_config`); anything else refuses the operation.

The token is then answered only by ``git_askpass.sh``, and only to the exact prompts that name the remote's
origin: a redirect, a rewrite or a proxy asking for a password gets nothing.

This module is plain Python (no Django), so other callers of git can share it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

# Settings a repository or a home config could use to send the traffic elsewhere, weaken TLS, or run a
# program; each is set here to its harmless value. ``-c`` comes last in git's reading order, so these win
# over every file git reads — except URL-scoped keys, which unexpected_config() refuses instead.
HERMETIC_CONFIG: tuple[str, ...] = (
    "http.proxy=",  # empty: no proxy at all (git's own rule), whatever the environment says
    "https.proxy=",
    "http.sslVerify=true",
    "http.followRedirects=initial",
    "http.saveCookies=false",
    "core.sshCommand=",
    "core.askPass=",
    "core.hooksPath=/dev/null",
    "core.fsmonitor=false",
    "credential.helper=",  # empty resets the list: no helper ever sees the token
    "commit.gpgSign=false",
    "push.gpgSign=false",
    "push.recurseSubmodules=no",
    "submodule.recurse=false",
    "protocol.allow=never",  # then exactly one protocol is allowed, see hermetic_argv()
)

# The keys `git clone --bare --shared` writes into a fresh repository's config; the token-carrying git may
# read nothing else from the repository.
CLONE_KEYS = frozenset(
    {
        "core.repositoryformatversion",
        "core.filemode",
        "core.bare",
        "core.ignorecase",
        "core.precomposeunicode",
        "core.symlinks",
        "core.logallrefupdates",
        "remote.origin.url",
        "remote.origin.fetch",
        "remote.origin.tagopt",
        "extensions.objectformat",
    }
)

IDENTITY = {
    "GIT_AUTHOR_NAME": "Brabo",
    "GIT_AUTHOR_EMAIL": "brabo@localhost",
    "GIT_COMMITTER_NAME": "Brabo",
    "GIT_COMMITTER_EMAIL": "brabo@localhost",
}


def hermetic_argv(*args: str, protocol: str | None = None) -> list[str]:
    """``git -c ... <args>``; ``protocol`` (``https``, ``http``, ``file``) is the only one git may speak."""
    argv = ["git"]
    for setting in HERMETIC_CONFIG:
        argv += ["-c", setting]
    if protocol:
        argv += ["-c", f"protocol.{protocol}.allow=always"]
    return argv + list(args)


def hermetic_env(
    home: Path, extra: dict[str, str] | None = None, *, untrusted: Iterable[str | Path] = ()
) -> dict[str, str]:
    """The whole environment of a hermetic git: built from nothing, never copied from the worker's. ``PATH``
    keeps only the worker's absolute entries outside ``untrusted`` (folders tenants can write), so neither
    ``git`` nor a program it starts can be one a tenant put there."""
    tops = [str(u).rstrip("/") + "/" for u in untrusted]
    path = ":".join(
        p
        for p in os.environ.get("PATH", "/usr/bin:/bin").split(":")
        if p.startswith("/") and not any((p.rstrip("/") + "/").startswith(top) for top in tops)
    )
    env = {
        "PATH": path or "/usr/bin:/bin",
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "XDG_CACHE_HOME": str(home / ".cache"),
        "TMPDIR": str(home),
        "LANG": "C.UTF-8",
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_CONFIG_SYSTEM": "/dev/null",
        "GIT_CONFIG_GLOBAL": "/dev/null",
        "GIT_ATTR_NOSYSTEM": "1",
        "GIT_TERMINAL_PROMPT": "0",
        "GIT_NO_REPLACE_OBJECTS": "1",
        **IDENTITY,
    }
    env.update(extra or {})
    return env


@contextmanager
def private_home(prefix: str = "brabo-git-") -> Iterator[Path]:
    """A fresh empty folder only this process can enter (mkdtemp makes it 0700), removed afterwards."""
    home = Path(tempfile.mkdtemp(prefix=prefix))
    try:
        yield home
    finally:
        shutil.rmtree(home, ignore_errors=True)


def run(
    cwd: Path, home: Path, *args: str, protocol: str | None = None, env: dict[str, str] | None = None,
    timeout: float, untrusted: Iterable[str | Path] = (),
) -> subprocess.CompletedProcess:  # fmt: skip
    return subprocess.run(
        hermetic_argv(*args, protocol=protocol),
        cwd=cwd,
        env=hermetic_env(home, env, untrusted=untrusted),
        capture_output=True,
        text=True,
        timeout=timeout,
        stdin=subprocess.DEVNULL,
    )


def unexpected_config(repo: Path, home: Path, *, timeout: float) -> list[str]:
    """The keys of ``repo``'s own config file (read as a plain file, hermetically) that ``git clone`` does
    not write — ``url.*.insteadOf``, ``http.<url>.proxy``, ``credential.<url>.helper``, ``include.path``,
    ``core.sshCommand``... — sorted; an unreadable config is reported as such (fail closed)."""
    config = repo / "config"
    if not config.is_file() or config.is_symlink():
        return ["(config is not a regular file)"]
    listed = run(repo, home, "config", "--file", str(config), "--name-only", "--list", timeout=timeout)
    if listed.returncode != 0:
        return ["(config cannot be read)"]
    keys = {line.strip().lower() for line in listed.stdout.splitlines() if line.strip()}
    return sorted(keys - CLONE_KEYS)
