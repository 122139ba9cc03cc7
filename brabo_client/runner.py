"""``brabo runner``: the program that executes a ``runner`` or ``mounted`` project's approved work (SPEC R9.3)
on the machine that holds the project.

    brabo runner --server http://127.0.0.1:8000 --root ~/src/app          # key from $BRABO_RUNNER_KEY
    brabo runner --key-file ~/.config/brabo/runner-key --root . --yolo    # start in auto mode (R11.5)
    brabo runner --mode-file ~/.config/brabo/mode.json --set-mode ask      # "/mode ask" from another shell
    python -m brabo_client.runner ...                                      # the same, without the entry point

It authenticates with its runner key (``Authorization: Bearer brabo_runner_…``, sent to ``--server`` only:
a redirect is not followed), long-polls
``GET /api/runner/work/?timeout=N``, runs each piece of work in ``--root`` and reports it once with
``POST /api/runner/work/{action_id}/result/``. Standard library only: it runs on the user's machine, where
Brabo's server code is not installed.

What it runs, and how:
- ``terminal`` ``{command, cwd?}``: inside a bubblewrap sandbox when ``bwrap`` works here (the root at
  ``/work``, its permissions.json read-only, read-only system, private sized ``/tmp``, a process cap, no
  network unless
  ``--share-net``, a clean environment, no privilege whoever runs the runner) -- the server's own sandbox
  (brabo_client/sandbox.py); otherwise directly in the root, with a warning at start and ``"sandbox":
  "none"`` in every result -- but never with privilege: when the probe finds the sandbox privileged, or the
  runner is root without a working sandbox, terminal work is refused ``sandbox_privileged`` (R9.7). The
  runner's key is never in a command's environment.
- ``write_file`` ``{path, content, cwd?}``: written atomically inside the root. The path is relative (to the
  root, or to ``cwd``); every folder on the way is opened without following symbolic links (O_NOFOLLOW, one
  folder at a time), so no link, old or raced in, can lead the write outside the root.
- ``git_commit`` ``{message, paths?, cwd?}``: staged and committed inside the sandbox when there is one (the
  checkout's config can name programs that staging runs); hooks, fsmonitor and signing off.
- ``git_push`` ``{branch, remote?}``: pushed from a throwaway bare clone that shares the checkout's objects
  and reads none of its config, to the checkout's ``origin`` as it was when the runner started (a changed
  origin is refused: an agent's command can rewrite .git/config), with this machine's own git credentials
  (the user's credential helper or ssh keys). The checkout's git folders and object stores must lie inside
  the root (``git_objects_outside_project``): .git can name another clone of the same origin. The
  workspace owner's token never comes to a runner.
- ``container_start`` / ``container_stop`` / ``container_remove``: the runner's "container" is this sandbox,
  so start proves the root is usable and the sandbox starts; stop and remove have nothing to tear down.
- Anything else is refused (the server records ``runner_refused``).
Before any of it runs, the work must be what the server recorded as approved: its payload hashes to the
``payload_hash`` the server states (the hash stored at proposal) and its ``status`` is ``executing``;
otherwise it is reported failed (``payload_hash_missing`` / ``payload_hash_mismatch`` /
``work_not_executing``) and nothing runs. The runner cannot verify the approval itself -- the hash and the
state are the server's word -- so this catches a payload changed on the way or a server handing out work it
should not, not a server that lies.
A ``cwd`` or path outside the root -- ``..``, an absolute path elsewhere (an absolute file path at all), a
symbolic link leading out, or ``.git`` in any spelling for writes -- is reported as a named failure
(``cwd_outside_project`` / ``path_outside_project``) and never executed.

Console modes (R11.4/R11.5), our reading for a runner: the server already decided the action (policy or a
person); the runner's console mode is a second, local consent by the person at the machine that will run it.
In ``ask`` (the default) every piece of work with an effect on the machine (all but container lifecycle) is
shown at the runner's terminal and runs only on an explicit ``y``; with no terminal to ask (stdin is not a
TTY) or no answer within ``--ask-timeout`` it is refused, never run. ``--yolo`` (synonym
``--dangerously-skip-permissions``) starts in ``auto``: approved work runs without asking -- auto is not
forced allow, the root check still refuses. ``/mode ask`` or ``/mode auto`` typed at the runner's terminal
switches for later work only; an ask already shown must still be answered. With ``--mode-file`` the mode
lives in that file (``{"mode": "ask"|"auto"}``, at most 4096 bytes), re-read for every piece of work; a
missing, corrupt or unknown file refuses that work -- never a stale ``auto``.

Connection: a server that restarts or is unreachable is retried with exponential backoff (with jitter, up to
``--max-backoff`` seconds); a finished result is kept and re-sent until the server takes it. A key the
server rejects (401: unknown or revoked) stops the runner with exit code 3.
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import random
import shlex
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import threading
import time
import unicodedata
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from pathlib import Path

from brabo_client import sandbox
from brabo_client.payload_hash import payload_matches

__all__ = ["main", "register"]

WORKDIR = "/work"  # the root as seen inside the sandbox, as on the server (R6.1)
MODES = ("ask", "auto")
MODE_FILE_LIMIT = 4096  # R11.4
MAX_POLL = 30  # the server's long-poll ceiling
EXIT_OK, EXIT_USAGE, EXIT_KEY_REJECTED = 0, 2, 3
ASKED_TYPES = ("terminal", "write_file", "git_commit", "git_push")
CONTAINER_TYPES = ("container_start", "container_stop", "container_remove")


class Failure(Exception):
    """Work that is not executed: reported as ``failed`` with ``code`` (or ``refused``), never run."""

    def __init__(self, code: str, message: str, *, refused: bool = False):
        super().__init__(message)
        self.code = code
        self.message = message
        self.refused = refused

    def report(self) -> dict:
        if self.refused:
            return {"outcome": "refused", "error": {"code": self.code, "message": self.message}}
        return {"outcome": "failed", "error": {"code": self.code, "message": self.message}}


class KeyRejected(Exception):
    """The server answered 401: the key is unknown or was revoked."""


class ServerUnavailable(Exception):
    """Connection refused, reset, timed out, or a 5xx: the server is restarting or down; retry later."""


# -- paths inside the root ------------------------------------------------------------------------


def _under(real: str, real_root: str) -> bool:
    return real == real_root or real.startswith(real_root.rstrip("/") + "/")


def resolve_inside(root: Path, raw: str, *, what: str, code: str, allow_git: bool) -> Path:
    """``raw`` -- relative to the root, ``/work/...`` (the sandbox's view) or an absolute path under the
    root -- as a host path under the root. ``..``, anything elsewhere and symbolic links leading out are a
    :class:`Failure` named ``code``; so is ``.git`` unless ``allow_git`` (writes never touch .git)."""
    root_s = str(root).rstrip("/") or "/"
    rel = raw.strip()
    if rel == WORKDIR or rel.startswith(WORKDIR + "/"):
        rel = rel[len(WORKDIR) :]
    elif rel.startswith("/"):
        if not _under(rel, root_s):
            raise Failure(code, f"{what} {raw!r} is outside the project root this runner serves.")
        rel = rel[len(root_s) :]
    if "\x00" in rel:
        raise Failure(code, f"{what} {raw!r} contains a NUL character.")
    parts = [p for p in rel.split("/") if p not in ("", ".")]
    if ".." in parts:
        raise Failure(code, f"{what} {raw!r} climbs out of the project root with '..'.")
    if not allow_git and any(names_git_folder(p) for p in parts):
        raise Failure(code, f"{what} {raw!r} is inside .git, which the runner does not write.")
    candidate = root.joinpath(*parts)
    if as_seen_inside(root, parts)[0] == "outside":
        raise Failure(code, f"{what} {raw!r} leads outside the project root through a symbolic link.")
    return candidate


MAX_LINKS = 40  # the kernel's own bound on the links of one path (ELOOP past it)


def as_seen_inside(root: Path, parts: list[str], *, absolute_root: str = WORKDIR) -> tuple[str, Path | None]:
    """``parts`` under the root resolved as the sandbox resolves ``/work/<parts>`` -- and nothing outside the
    root looked at (R9.7: a link the project's commands wrote may name any host path; following it on the host
    told whether that path exists). A link's absolute target is read in the sandbox's view (``/work/...`` is
    the root); one elsewhere, or ``..`` above the root, is ``("outside", None)`` whatever it names on the host.
    ``("found", the physical path, without links)``, or ``("missing", None)`` (a component missing or not a
    folder, a loop of links). ``absolute_root``: what an absolute link target names the root as (the host's
    path of the root, for what the host's own programs read)."""
    top = absolute_root.rstrip("/") or "/"
    todo = list(reversed(parts))
    done: list[str] = []
    links = 0
    while todo:
        part = todo.pop()
        if part in ("", "."):
            continue
        if part == "..":
            if not done:
                return "outside", None
            done.pop()
            continue
        here = root.joinpath(*done, part)
        try:
            st = os.lstat(here)
        except (OSError, ValueError):  # missing, a file on the way, too long, a NUL
            return "missing", None
        if not stat.S_ISLNK(st.st_mode):
            done.append(part)
            continue
        links += 1
        try:
            target = os.readlink(here)
        except OSError:
            return "missing", None
        if links > MAX_LINKS:
            return "missing", None
        if target.startswith("/"):
            if target.rstrip("/") != top and not target.startswith(top + "/"):
                return "outside", None
            done, target = [], target[len(top) :]
        todo.extend(reversed(target.split("/")))
    return "found", root.joinpath(*done)


def folder_inside(root: Path, parts: list[str]) -> str | Path:
    """The physical folder ``parts`` names under the root as the sandbox sees it, or why not: ``"outside"``
    or ``"missing"`` (no folder there)."""
    state, path = as_seen_inside(root, parts)
    if state != "found" or path is None:
        return state
    try:
        return path if stat.S_ISDIR(os.lstat(path).st_mode) else "missing"
    except OSError:
        return "missing"


# Characters HFS+ (macOS) ignores in a name, so ".g\u200cit" opens .git there (git's own core.protectHFS).
_IGNORED_IN_NAMES = dict.fromkeys(
    map(ord, "\u200b\u200c\u200d\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
             "\u206a\u206b\u206c\u206d\u206e\u206f\ufeff")
)  # fmt: skip


def names_git_folder(part: str) -> bool:
    """Whether a path component opens the repository's .git on some filesystem this runner may serve:
    any case (macOS and Windows folders ignore it), HFS+'s ignored characters, NTFS's trailing dots and
    spaces and its short name ``git~1`` -- the same names git itself refuses in a tree."""
    name = part.translate(_IGNORED_IN_NAMES).lower().rstrip(" .")
    return name in (".git", "git~1")


def relative_parts(raw: str, *, what: str) -> list[str]:
    """A file path of write work as its components under the folder it is relative to. Only relative
    paths: an absolute one (the server's view, or any other) names no file on this machine. ``..``, NUL and
    .git are refused (``path_outside_project``); symbolic links are met by :func:`write_inside`."""
    if not raw.strip() or raw.startswith("/") or "\x00" in raw:
        raise Failure(
            "path_outside_project",
            f"{what} {raw!r} must be a path relative to the project root (no leading '/', no NUL).",
        )
    parts = [p for p in raw.split("/") if p not in ("", ".")]
    if not parts:
        raise Failure("path_outside_project", f"{what} {raw!r} names the folder itself, not a file.")
    if ".." in parts:
        raise Failure("path_outside_project", f"{what} {raw!r} climbs out of the project root with '..'.")
    if any(names_git_folder(p) for p in parts):
        raise Failure(
            "path_outside_project", f"{what} {raw!r} is inside .git, which the runner does not write."
        )
    return parts


_DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)


def _open_folder(parent: int, name: str, shown: str) -> int:
    """Open (creating it when missing) the folder ``name`` in the open folder ``parent``, never following
    a symbolic link: a link is refused here, so a path cannot be bent outside the root between a check and
    the write (there is no check apart from the open itself)."""
    for _ in range(2):
        try:
            return os.open(name, _DIR_FLAGS, dir_fd=parent)
        except FileNotFoundError:
            try:
                os.mkdir(name, 0o777, dir_fd=parent)
            except FileExistsError:
                pass  # made meanwhile: open it (still without following a link)
        except OSError:
            # ELOOP (Linux, macOS), EMLINK (FreeBSD) or ENOTDIR: ask the name itself what it is
            try:
                found = os.stat(name, dir_fd=parent, follow_symlinks=False).st_mode
            except OSError:
                raise Failure(
                    "write_failed", f"{shown!r} could not be written: {name!r} cannot be opened."
                ) from None
            if stat.S_ISLNK(found):
                raise Failure(
                    "path_outside_project",
                    f"{shown!r} passes through the symbolic link {name!r}; the runner never follows a link "
                    "when it writes, so a path cannot lead outside the root.",
                ) from None
            raise Failure(
                "write_failed", f"{shown!r} could not be written: {name!r} is in the way and is not a folder."
            ) from None
    raise Failure("write_failed", f"{shown!r} could not be written: the folder {name!r} keeps disappearing.")


def write_inside(root: Path, parts: list[str], content: str, shown: str) -> None:
    """Write ``content`` to ``root/parts...`` atomically (a temporary file renamed over the target), each
    folder opened relative to the one before with O_NOFOLLOW, missing folders created. A symbolic link at
    the file's own name is replaced by the file, never followed; an existing file keeps its mode."""
    try:
        data = content.encode("utf-8")
    except UnicodeEncodeError:
        raise Failure(
            "invalid_payload", f"the content for {shown!r} is not valid text (a lone surrogate)."
        ) from None
    fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY | getattr(os, "O_CLOEXEC", 0))
    try:
        for name in parts[:-1]:
            inner = _open_folder(fd, name, shown)
            os.close(fd)
            fd = inner
        name = parts[-1]
        try:
            st = os.stat(name, dir_fd=fd, follow_symlinks=False)
        except FileNotFoundError:
            st = None
        if st is not None and stat.S_ISDIR(st.st_mode):
            raise Failure("path_is_a_folder", f"{shown!r} is a folder.")
        tmp = f".brabo-{os.getpid()}-{random.getrandbits(48):012x}"
        flags = (
            os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
        )
        out = os.open(tmp, flags, 0o666, dir_fd=fd)
        try:
            with os.fdopen(out, "wb") as fh:
                fh.write(data)
                if st is not None and stat.S_ISREG(st.st_mode):
                    os.fchmod(fh.fileno(), stat.S_IMODE(st.st_mode))
            os.rename(tmp, name, src_dir_fd=fd, dst_dir_fd=fd)
        except BaseException:
            with_suppressed(lambda: os.unlink(tmp, dir_fd=fd))
            raise
    finally:
        os.close(fd)


# -- the sandbox ----------------------------------------------------------------------------------


def sandbox_argv(bwrap: str, root: Path, cwd: str, command: str, *, share_net: bool) -> list[str]:
    """The same sandbox as the server's bubblewrap broker (brabo_client/sandbox.py): the root at /work, its
    permissions.json read-only (R3.5), no privilege whoever runs the runner (R9.7)."""
    try:
        return sandbox.command_argv(bwrap, root, policy_file(root), cwd, command, share_net=share_net)
    except sandbox.SandboxError as exc:
        raise Failure(exc.code, f"{exc.message} {exc.next_step}") from None


def policy_file(root: Path) -> Path | None:
    """R3.5 — the root's permissions.json when it is one regular file (bound read-only), None when absent;
    a link, folder, FIFO or a file with other names runs nothing."""
    path = root / sandbox.POLICY_FILE
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise Failure(
            "policy_file_unsafe", f"permissions.json cannot be inspected ({exc.strerror})."
        ) from None
    if not stat.S_ISREG(st.st_mode) or st.st_nlink > 1:
        raise Failure(
            "policy_file_unsafe", "permissions.json is not one regular file, so no command runs beside it."
        )
    return path


def run_capped(argv: list[str], *, cwd: str | None, env: dict | None, timeout: float, cap: int) -> dict:
    """Run ``argv`` in its own process group with capped output, killed at ``timeout`` (brabo_client/sandbox)."""
    return sandbox.run_capped(argv, cwd=cwd, env=env, timeout=timeout, cap=cap)


def probe_sandbox(root: Path, *, share_net: bool) -> tuple[str | None, str, str]:
    """(bwrap path, note, False) when the sandbox starts here and holds no privilege (R9.7: the probe tries to
    remount, unmount and write the policy file; note: the seccomp filter was turned off, or empty); (None,
    why, refused) otherwise. ``refused`` (a failure code, or empty): no command may run at all -- the sandbox
    would hold privilege or lacks its system-call filter, or the runner is root and a plain run would be
    privileged too."""
    bwrap = shutil.which("bwrap")
    if bwrap is None:
        why = "bubblewrap (bwrap) is not installed (Debian/Ubuntu: apt-get install bubblewrap)"
        return None, why, "sandbox_privileged" if os.geteuid() == 0 else ""
    verdict = sandbox.probe(sandbox.Launcher(bwrap, share_net=share_net))
    if verdict.ok:
        return bwrap, verdict.note, ""
    # without the system-call filter the sandbox is refused, and a plain run would have no sandbox at all
    if verdict.code in ("sandbox_privileged", "sandbox_seccomp_unavailable"):
        return None, verdict.why, verdict.code
    return None, verdict.why, "sandbox_privileged" if os.geteuid() == 0 else ""


def plain_env() -> dict[str, str]:
    """The environment of an unsandboxed command: the user's, minus everything Brabo's (the runner key)."""
    return {k: v for k, v in os.environ.items() if not k.startswith("BRABO_")}


# -- console modes (R11.4 / R11.5) -----------------------------------------------------------------


class ModeError(Exception):
    pass


def read_mode_file(path: str) -> str:
    """R11.4, the same format the built-in approval worker reads (permissions/approval_worker.py)."""
    try:
        with open(path, "rb") as fh:
            data = fh.read(MODE_FILE_LIMIT + 1)
    except OSError as exc:
        raise ModeError(f"the mode file {path} cannot be read ({exc.strerror or exc})") from None
    if len(data) > MODE_FILE_LIMIT:
        raise ModeError(f"the mode file {path} is larger than {MODE_FILE_LIMIT} bytes")
    try:
        raw = json.loads(data)
    except ValueError:
        raise ModeError(f"the mode file {path} is not valid JSON") from None
    mode = raw.get("mode") if isinstance(raw, dict) else None
    if mode not in MODES or set(raw) != {"mode"}:
        raise ModeError(f'the mode file {path} must be exactly {{"mode": "ask"}} or {{"mode": "auto"}}')
    return str(mode)


def write_mode_file(path: str, mode: str) -> None:
    """Replace the file atomically, so a reader never sees it half-written."""
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=".mode-", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(json.dumps({"mode": mode}) + "\n")
        os.replace(tmp, path)
    except BaseException:
        with_suppressed(os.unlink, tmp)
        raise


def with_suppressed(fn: Callable, *args) -> None:
    try:
        fn(*args)
    except OSError:
        pass


def printable(text: str) -> str:
    """``text`` as the terminal should show it to the person asked: every character that would steer the
    terminal rather than be read -- a carriage return, an escape sequence, a backspace, a line break, a
    direction override or another invisible format character -- written as its escape (``\\r``,
    ``\\x1b``, ``\\u202e``), so the line read is the work that runs."""
    return "".join(
        c
        if c.isprintable() and unicodedata.category(c) != "Cf"
        else c.encode("unicode_escape").decode("ascii")
        for c in text
    )


class Console:
    """The person at the runner's terminal: the mode, ``/mode`` commands and y/N answers."""

    def __init__(self, *, mode: str, mode_file: str | None, interactive: bool, out=None):
        self.mode_file = mode_file
        self._mode = mode
        self.interactive = interactive
        self.out = out or sys.stderr
        self.answers: queue.Queue[str] = queue.Queue()
        self.lock = threading.Lock()

    def mode(self) -> str:
        """The current mode, read afresh from the mode file when there is one (ModeError when unusable)."""
        if self.mode_file:
            return read_mode_file(self.mode_file)
        with self.lock:
            return self._mode

    def set_mode(self, mode: str) -> None:
        if self.mode_file:
            write_mode_file(self.mode_file, mode)
        with self.lock:
            self._mode = mode
        self.say(f"mode: {mode} (from the next piece of work on)")

    def say(self, text: str) -> None:
        print(f"[brabo runner] {text}", file=self.out, flush=True)

    def read_terminal(self, stream) -> None:
        """Thread body: ``/mode ask|auto`` switches; any other line answers the ask being shown."""
        for line in stream:
            text = line.strip()
            if text.startswith("/mode"):
                arg = text[len("/mode") :].strip()
                if arg in MODES:
                    try:
                        self.set_mode(arg)
                    except OSError as exc:
                        self.say(f"the mode file cannot be written: {exc}")
                else:
                    try:
                        self.say(f"mode: {self.mode()}  (switch with /mode ask or /mode auto)")
                    except ModeError as exc:
                        self.say(str(exc))
                continue
            self.answers.put(text)

    def confirm(self, summary: str, timeout: float) -> bool:
        """Ask the person at the terminal; True only for an explicit yes within ``timeout``."""
        while not self.answers.empty():  # nothing typed before the question answers it
            self.answers.get_nowait()
        self.say(f"approved work to run here:\n    {printable(summary)}\n  Run it? [y/N] (or /mode auto)")
        deadline = time.monotonic() + timeout
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return False
            try:
                answer = self.answers.get(timeout=remaining)
            except queue.Empty:
                return False
            if answer.lower() in ("y", "yes"):
                return True
            if answer.lower() in ("", "n", "no"):
                return False
            self.say("answer y or n")


# -- git on this machine --------------------------------------------------------------------------------

# Options that make git ignore what the checkout's own config could make it run (an agent's terminal work can
# write .git/config and hooks): no hooks, no fsmonitor, no ext:: transport, no signing program.
SAFE_GIT = (
    "-c", "core.hooksPath=/dev/null",
    "-c", "core.fsmonitor=false",
    "-c", "protocol.ext.allow=never",
    "-c", "commit.gpgSign=false",
)  # fmt: skip
# Variables of the user's shell that would make git work on another repository than the one named.
GIT_LOCATION_VARS = frozenset(
    {
        "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY", "GIT_COMMON_DIR",
        "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_NAMESPACE", "GIT_CEILING_DIRECTORIES",
    }
)  # fmt: skip
# What git_commit runs (in the sandbox when there is one): exit 3 nothing staged, 4 add failed, 5 commit failed.
# Named paths are literal: no pathspec magic (":(glob)", ":!", ":/") reinterprets what was approved.
COMMIT_SCRIPT = """export GIT_AUTHOR_NAME=Brabo GIT_AUTHOR_EMAIL=brabo@localhost GIT_COMMITTER_NAME=Brabo \\
  GIT_COMMITTER_EMAIL=brabo@localhost GIT_CONFIG_NOSYSTEM=1 GIT_TERMINAL_PROMPT=0 GIT_LITERAL_PATHSPECS=1
{git} add {add} || exit 4
{git} diff --cached --quiet --no-ext-diff && exit 3
{git} commit -q -m {message} || exit 5
{git} rev-parse HEAD && {git} rev-parse --abbrev-ref HEAD
"""
TAIL = 2000  # characters of git's output kept in a message


def git_env(root: Path) -> dict[str, str]:
    """The environment of git run on this machine, outside the sandbox: the user's own (so their
    credential helpers and ssh keys push), minus Brabo's variables (the runner key) and any that point git
    at another repository; git never looks for a repository above the root and never prompts."""
    env = {k: v for k, v in plain_env().items() if k not in GIT_LOCATION_VARS}
    env.update(GIT_TERMINAL_PROMPT="0", GIT_CEILING_DIRECTORIES=str(root.parent))
    return env


def read_origin(folder: Path, root: Path) -> str | None:
    """The checkout's ``remote.origin.url`` as its own config says it (no rewriting), or None."""
    try:
        done = subprocess.run(
            ["git", *SAFE_GIT, "config", "--get", "remote.origin.url"], cwd=folder,
            env={**git_env(root), "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": os.devnull},
            stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=30,
        )  # fmt: skip
    except (OSError, subprocess.TimeoutExpired):
        return None
    url = done.stdout.strip()
    return url if done.returncode == 0 and url else None


GIT_ALTERNATE_DEPTH = 5  # git reads the alternates of stores nested this deep, and ignores deeper ones


def _outside_root(what: str) -> Failure:
    return Failure(
        "git_objects_outside_project",
        f"the checkout's {what} lies outside the runner's root; the runner pushes its own checkout only "
        "(a .git file, link, commondir or alternates written into .git can name another repository).",
    )


def git_folders_inside(cwd: Path, root: Path, env: dict[str, str]) -> None:
    """The checkout's git folder, its common folder and every object store they borrow from lie inside the
    root (a :class:`Failure` ``git_objects_outside_project`` otherwise): an approved command can write .git
    to name another repository on this machine -- another clone of the same origin passes the origin check."""
    done = run_capped(
        ["git", *SAFE_GIT, "rev-parse", "--path-format=absolute", "--git-dir", "--git-common-dir"],
        cwd=str(cwd), env=env, timeout=60, cap=65536,
    )  # fmt: skip
    if done["timed_out"] or done["exit_code"] != 0:
        raise Failure(
            "worktree_missing", f"the folder {cwd} is not a git checkout: {done['stderr'].strip()[-TAIL:]}"
        )
    folders = [Path(line) for line in done["stdout"].splitlines() if line.strip()]
    top = os.path.realpath(root)
    if not folders or any(not _under(os.path.realpath(f), top) for f in folders):
        raise _outside_root("git folder")
    for folder in folders:
        stores_inside(folder / "objects", root)
        if links_out(folder, root):
            raise _outside_root("link in the git folder")


def leads_inside(path: Path | str, root: Path) -> bool:
    """Whether ``path`` -- a path of this machine, as git here reads it -- stays in the root, its links
    followed inside the root only: nothing outside the root is looked at (R9.7)."""
    return resolved_inside(path, root)[0]


def resolved_inside(path: Path | str, root: Path) -> tuple[bool, Path | None]:
    """Whether ``path`` stays in the root (as :func:`leads_inside`), and where it leads there: the physical
    path, without links (None when it names nothing, or when the root is ``/``)."""
    top, text = os.path.normpath(str(root)), str(path)
    if top == "/":
        return True, None
    if text != top and not text.startswith(top + "/"):
        return False, None
    state, physical = as_seen_inside(root, text[len(top) :].split("/"), absolute_root=top)
    return state != "outside", physical


def links_out(folder: Path, root: Path, seen: dict[str, tuple | None] | None = None) -> bool:
    """Whether a symbolic link anywhere in the git folder ``folder`` leads out of the root: git reads a ref,
    HEAD, config or loose object through it -- another repository's objects linked in one by one under their
    own names were pushed (its history, to a remote the agent reads). Each entry's type comes from the folder
    listing; only links are resolved, inside the root, and a link to a folder is walked too (git reads
    through it: ``.git/refs`` linked to a folder of the project whose branch links out). The hooks folder is
    not looked at: no git Brabo runs reads it (``core.hooksPath=/dev/null``), and a person may keep their
    hooks elsewhere. ``seen``, when given, gets the state of every folder walked (:func:`folder_state`, read
    before it is listed) and where each link led, so that :func:`as_walked` can tell later, without a walk,
    that nothing was added, removed, renamed or led elsewhere since."""
    todo = [str(folder)]
    walked: set[str] = set()
    while todo:
        here = todo.pop()
        if here in walked:
            continue  # a folder reached again through a link (or a loop of them)
        walked.add(here)
        if seen is not None:
            seen[here] = folder_state(here)
        try:
            entries = list(os.scandir(here))
        except OSError:
            continue
        for entry in entries:
            if here == str(folder) and entry.name == "hooks":
                continue
            if entry.is_symlink():
                inside, physical = resolved_inside(entry.path, root)
                if not inside:
                    return True
                if seen is not None:
                    seen[entry.path] = ("link", str(physical))
                if physical is not None and os.path.isdir(physical):  # without links: nothing followed
                    todo.append(str(physical))
            elif entry.is_dir(follow_symlinks=False):
                todo.append(entry.path)
    return False


def folder_state(path: str) -> tuple | None:
    """What changes whenever an entry of the folder ``path`` is added, removed or renamed (its change time:
    set by the kernel, never by the user, unlike the modification time), and the folder's identity; None
    when there is none."""
    try:
        st = os.lstat(path)
    except OSError:
        return None
    return (st.st_dev, st.st_ino, st.st_mode, st.st_mtime_ns, st.st_ctime_ns)


def as_walked(seen: dict[str, tuple | None], root: Path) -> bool:
    """Whether everything :func:`links_out` walked is as it was then: no entry of any walked folder added,
    removed or renamed (so no link made since: a link replaces or adds a name), and each link it met leads
    where it led (a link further along its way, outside the walk, may have been changed)."""
    for path, state in seen.items():
        if state is not None and state[0] == "link":
            if str(resolved_inside(path, root)[1]) != state[1]:
                return False
        elif folder_state(path) != state:
            return False
    return bool(seen)


def stores_inside(objects: Path, root: Path) -> None:
    """Every object store ``objects`` borrows from (:func:`alternates`) lies inside the root."""
    top = os.path.realpath(root)
    if any(not _under(os.path.realpath(store), top) for store in alternates(objects)):
        raise _outside_root("alternate object store")


def alternates(objects: Path) -> list[Path]:
    """Every object store ``objects`` borrows from (``info/alternates``, followed as deep as git follows
    them), as absolute paths; relative entries are relative to the store listing them, as git reads them. A
    listing that cannot be read, a quoted path or one deeper than git reads is reported as a place no root
    holds (``/(…)``): refused rather than guessed about. The runner's check (:func:`stores_inside`) and the
    worker's (``containers.git_local``) read it."""
    found: list[Path] = []
    todo = [(objects, 0)]
    while todo:
        store, level = todo.pop()
        listing = store / "info" / "alternates"
        if not listing.is_file():
            continue
        if level > GIT_ALTERNATE_DEPTH:
            found.append(Path("/(alternates nested deeper than git reads)"))
            continue
        try:
            text = listing.read_text(errors="replace")[:65536]
        except OSError:
            found.append(Path("/(an alternates list that cannot be read)"))
            continue
        for line in text.splitlines():
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            if line.startswith('"'):  # a quoted path: refuse rather than unquote it
                found.append(Path("/(a quoted alternate)"))
                continue
            path = Path(line) if line.startswith("/") else store / line
            found.append(path)
            todo.append((path, level + 1))
    return found


def shown_url(url: str) -> str:
    """``url`` fit to show and to report to the server: without a user name or password in it."""
    parts = urllib.parse.urlsplit(url)
    if parts.scheme and (parts.username or parts.password) and parts.hostname:
        host = parts.hostname + (f":{parts.port}" if parts.port else "")
        return urllib.parse.urlunsplit(parts._replace(netloc=host))
    return url


def scrub(text: str, url: str) -> str:
    """Git's output with the remote's credentials (if its URL carries any) taken out, then its tail."""
    safe = shown_url(url)
    if safe != url:
        text = text.replace(url, safe)
        password = urllib.parse.urlsplit(url).password
        if password:
            text = text.replace(password, "***")
    return text.strip()[-TAIL:]


def push_failure(stderr: str, branch: str) -> Failure:
    low = stderr.lower()
    if "rejected" in low or "non-fast-forward" in low or "fetch first" in low:
        return Failure("push_rejected", f"the remote rejected the push of {branch}: {stderr}")
    if (
        "authentication failed" in low
        or "could not read username" in low
        or "permission denied" in low
        or "returned error: 40" in low
    ):
        return Failure(
            "runner_git_auth_failed",
            f"the remote refused this machine's git credentials for the push of {branch}: {stderr}",
        )
    if "could not resolve host" in low or "connection refused" in low or "timed out" in low:
        return Failure("git_remote_unreachable", f"the git remote could not be reached: {stderr}")
    return Failure("git_push_failed", f"git push failed: {stderr}")


# -- the work ---------------------------------------------------------------------------------------


class Runner:
    def __init__(self, args: argparse.Namespace, console: Console, root: Path):
        self.args = args
        self.console = console
        self.root = root
        self.bwrap, self.no_sandbox_why, self.refused = probe_sandbox(root, share_net=args.share_net)
        # git_push goes only where the checkout's origin pointed when the person started the runner: an
        # agent's terminal work can rewrite .git/config, so a later origin is not trusted (changed: refused).
        self.push_url = read_origin(root, root)

    def refuse_if_privileged(self) -> None:
        """R9.7: never a privileged run -- not a sandbox with privilege, not a plain run as root."""
        if self.refused == "sandbox_seccomp_unavailable":
            raise Failure(
                "sandbox_seccomp_unavailable",
                f"this runner refuses to run commands: {self.no_sandbox_why} {sandbox.SECCOMP_NEXT_STEP}",
            )
        if self.refused:
            raise Failure(
                "sandbox_privileged",
                f"this runner refuses to run commands: {self.no_sandbox_why}"
                + (
                    " (and it runs as root, so an unsandboxed run would be privileged)"
                    if os.geteuid() == 0
                    else ""
                )
                + ". Run it as an unprivileged user with a working bubblewrap, then restart it.",
            )

    def sandbox_name(self) -> str:
        return "bubblewrap" if self.bwrap else "none"

    def handle(self, work: dict) -> dict:
        """One piece of work -> the report body. Never raises for the work itself."""
        try:
            return {"outcome": "executed", "result": self._run(work)}
        except Failure as failure:
            return failure.report()
        except Exception as exc:  # a fault of this program: reported, so the server does not wait for it
            return Failure(
                "runner_error", f"the runner failed unexpectedly: {type(exc).__name__}: {exc}"[:900]
            ).report()

    def _run(self, work: dict) -> dict:
        kind = work.get("action_type")
        payload: dict = work["payload"] if isinstance(work.get("payload"), dict) else {}
        if kind in CONTAINER_TYPES:
            return self._container(kind)
        if kind not in ASKED_TYPES:
            raise Failure(
                "unsupported_action_type",
                f"this runner runs terminal, write_file, git_commit, git_push and container lifecycle work, "
                f"not {kind!r}.",
                refused=True,
            )
        if not self.root.is_dir():
            raise Failure("project_root_missing", f"the runner's root {self.root} is not a folder any more.")
        if kind == "terminal":
            command = payload.get("command")
            if not isinstance(command, str) or not command.strip():
                raise Failure("invalid_payload", "terminal work needs a non-empty command.")
            cwd = self._cwd(payload, allow_git=True)
            self.refuse_if_privileged()
            self._consent(f"$ {command}   (in {cwd})")
            return self._terminal(command, cwd)
        if kind == "write_file":
            return self._write_file(payload)
        if kind == "git_commit":
            return self._git_commit(payload)
        return self._git_push(payload)

    def _cwd(self, payload: dict, *, allow_git: bool) -> Path:
        raw = payload.get("cwd")
        if raw is not None and not isinstance(raw, str):
            raise Failure("invalid_payload", "cwd must be text: a folder inside the project root.")
        cwd = resolve_inside(
            self.root, raw or "", what="cwd", code="cwd_outside_project", allow_git=allow_git
        )
        # the folder as the sandbox sees it, its links followed inside the root only (never on this machine)
        found = folder_inside(self.root, list(cwd.relative_to(self.root).parts))
        if not isinstance(found, Path):
            raise Failure("cwd_missing", f"the folder {raw!r} does not exist in the root.")
        if not allow_git and any(names_git_folder(p) for p in found.relative_to(self.root).parts):
            raise Failure(
                "cwd_outside_project", f"cwd {raw!r} leads into .git, which the runner does not write."
            )
        return found

    def _write_file(self, payload: dict) -> dict:
        path, content = payload.get("path"), payload.get("content")
        if not isinstance(path, str) or not path.strip() or not isinstance(content, str):
            raise Failure("invalid_payload", "write_file work needs a text path and text content.")
        parts = relative_parts(path, what="path")
        # an agent worktree's cwd is a lexical prefix; the write then opens every folder without following links
        base = self._cwd(payload, allow_git=False) if payload.get("cwd") else self.root
        where = list(base.relative_to(self.root).parts) + parts
        self._consent(f"write {len(content.encode(errors='replace'))} bytes to {self.root.joinpath(*where)}")
        try:
            write_inside(self.root, where, content, path)
        except OSError as exc:
            raise Failure("write_failed", f"{path!r} could not be written: {exc.strerror or exc}.") from None
        return {"path": path, "bytes": len(content.encode())}

    def _git_commit(self, payload: dict) -> dict:
        """Stage ``paths`` (default: everything) and commit, in the sandbox when there is one: staging can
        run programs the checkout's config names (filter drivers), which an agent's work can write."""
        message = payload.get("message")
        if not isinstance(message, str) or not message.strip():
            raise Failure("invalid_payload", "git_commit work needs a non-empty text message.")
        paths = payload.get("paths")
        if paths is not None and not (isinstance(paths, list) and all(isinstance(p, str) for p in paths)):
            raise Failure("invalid_payload", "paths must be a list of file paths.")
        cwd = self._cwd(payload, allow_git=False)
        for p in paths or ():
            relative_parts(p, what="path")
        git = "git " + " ".join(shlex.quote(a) for a in SAFE_GIT)
        add = "-A" if paths is None else "-- " + " ".join(shlex.quote(p) for p in paths)
        script = COMMIT_SCRIPT.format(git=git, add=add, message=shlex.quote(message))
        self._consent(f"git commit -m {message!r}" + (f" -- {' '.join(paths)}" if paths else " (all changes)")
                      + f"   (in {cwd})")  # fmt: skip
        if self.bwrap:
            rel = os.path.relpath(cwd, self.root)
            inner = WORKDIR if rel == "." else f"{WORKDIR}/{rel}"
            argv = sandbox_argv(self.bwrap, self.root, inner, script, share_net=False)
            done = run_capped(
                argv, cwd="/", env=dict(sandbox.LAUNCH_ENV), timeout=self.args.command_timeout, cap=65536
            )
        else:
            self.refuse_if_privileged()  # R9.7: staging runs the checkout's filter programs
            done = run_capped(["/bin/sh", "-c", script], cwd=str(cwd), env=git_env(self.root),
                              timeout=self.args.command_timeout, cap=65536)  # fmt: skip
        if done["timed_out"]:
            raise Failure("git_timeout", f"git did not finish within {self.args.command_timeout} seconds.")
        code = done["exit_code"]
        if code == 3:
            raise Failure("nothing_to_commit", "there are no changes to commit.")
        if code != 0:
            step = {4: "git add", 5: "git commit"}.get(code, "git")
            raise Failure("git_commit_failed", f"{step} failed: {done['stderr'].strip()[-TAIL:]}")
        sha, branch = (done["stdout"].strip().splitlines() + ["", ""])[:2]
        return {"sha": sha, "branch": branch, "sandbox": self.sandbox_name()}

    def _git_push(self, payload: dict) -> dict:
        """Push the branch to the origin pinned at start, from a throwaway bare clone that shares the
        checkout's objects and reads none of its config, with this machine's own git credentials (the
        user's credential helper or ssh keys): the workspace owner's token never comes to a runner."""
        branch = payload.get("branch")
        if not isinstance(branch, str) or not branch.strip():
            raise Failure("invalid_payload", "git_push work needs a text branch.")
        branch = branch.strip()
        if payload.get("remote") not in (None, "", "origin"):
            raise Failure(
                "remote_not_allowed",
                f"the runner pushes only to its checkout's origin, not to {payload.get('remote')!r}.",
            )
        cwd = self._cwd(payload, allow_git=False)
        if self.push_url is None:
            raise Failure(
                "runner_remote_missing",
                f"the checkout at {self.root} had no origin remote when this runner started, so it does not "
                "know where to push; set one (git remote add origin URL) and restart the runner.",
            )
        now = read_origin(cwd, self.root)
        if now != self.push_url:
            raise Failure(
                "runner_remote_changed",
                f"the checkout's origin is now {shown_url(now) if now else 'unset'}, not "
                f"{shown_url(self.push_url)} as when this runner started; the runner pushes only where "
                "the person who started it agreed. Restart the runner to accept the new origin.",
            )
        env = git_env(self.root)
        timeout = self.args.command_timeout
        git_folders_inside(cwd, self.root, env)
        checked = run_capped(["git", "check-ref-format", "--branch", branch], cwd=tempfile.gettempdir(),
                             env=env, timeout=timeout, cap=4096)  # fmt: skip
        if branch.startswith("-") or checked["exit_code"] != 0:
            raise Failure("invalid_payload", f"{branch!r} is not a valid branch name.")
        url = self.push_url
        self._consent(f"git push {branch} to {shown_url(url)}   (from {cwd})")
        ref = f"refs/heads/{branch}"
        with tempfile.TemporaryDirectory(prefix="brabo-push-") as tmp:
            mirror = os.path.join(tmp, "push.git")
            cloned = run_capped(
                ["git", *SAFE_GIT, "clone", "-q", "--bare", "--shared", "--no-tags", "--single-branch",
                 "--branch", branch, "--", str(cwd), mirror],
                cwd=tmp, env=env, timeout=timeout, cap=65536,
            )  # fmt: skip
            if cloned["exit_code"] != 0:
                raise Failure(
                    "branch_missing",
                    f"the branch {branch!r} does not exist in the checkout: {cloned['stderr'].strip()[-TAIL:]}",
                )
            # the clone read the checkout's .git again: the stores the mirror borrows from are what it pushes
            stores_inside(Path(mirror) / "objects", self.root)
            pushed = run_capped(["git", *SAFE_GIT, "push", "--porcelain", "--", url, f"{ref}:{ref}"],
                                cwd=mirror, env=env, timeout=timeout, cap=65536)  # fmt: skip
            if pushed["timed_out"]:
                raise Failure("git_timeout", f"git push did not finish within {timeout} seconds.")
            if pushed["exit_code"] != 0:
                raise push_failure(scrub(pushed["stderr"], url), branch)
            sha = run_capped(["git", "rev-parse", ref], cwd=mirror, env=env, timeout=timeout, cap=4096)
        return {
            "branch": branch,
            "sha": sha["stdout"].strip(),
            "remote": shown_url(url),
            "output": scrub(pushed["stdout"], url),
        }

    def _consent(self, summary: str) -> None:
        """R11.5: ``auto`` runs; ``ask`` needs the person at the terminal; an unusable mode file refuses."""
        try:
            mode = self.console.mode()
        except ModeError as exc:
            raise Failure("mode_unreadable", f"{exc}; the work was not run.", refused=True) from None
        if mode == "auto":
            return
        if not self.console.interactive:
            raise Failure(
                "nobody_to_ask",
                "the runner is in ask mode and has no terminal to ask at; start it with --yolo, or switch "
                "its mode file to auto, to run approved work without asking.",
                refused=True,
            )
        if not self.console.confirm(summary, self.args.ask_timeout):
            raise Failure("declined_at_runner", "the person at the runner's terminal declined.", refused=True)

    def _terminal(self, command: str, cwd: Path) -> dict:
        if self.bwrap:
            rel = os.path.relpath(cwd, self.root)
            inner = WORKDIR if rel == "." else f"{WORKDIR}/{rel}"
            argv = sandbox_argv(self.bwrap, self.root, inner, command, share_net=self.args.share_net)
            done = run_capped(
                argv,
                cwd="/",
                env=dict(sandbox.LAUNCH_ENV),
                timeout=self.args.command_timeout,
                cap=self.args.output_cap,
            )
        else:
            shell = "/bin/bash" if os.path.exists("/bin/bash") else "/bin/sh"
            done = run_capped([shell, "-c", command], cwd=str(cwd), env=plain_env(),
                              timeout=self.args.command_timeout, cap=self.args.output_cap)  # fmt: skip
        if done.pop("timed_out"):
            raise Failure(
                "command_timeout",
                f"the command did not finish within {self.args.command_timeout} seconds and was stopped.",
            )
        return {**done, "sandbox": self.sandbox_name()}

    def _container(self, kind: str) -> dict:
        if kind != "container_start":
            # The runner's container is a fresh sandbox per command: nothing stays up to stop or discard.
            return {
                "state": "stopped" if kind == "container_stop" else "removed",
                "sandbox": self.sandbox_name(),
            }
        if not self.root.is_dir() or not os.access(self.root, os.W_OK):
            raise Failure("project_root_missing", f"the runner's root {self.root} is not a writable folder.")
        self.bwrap, self.no_sandbox_why, self.refused = probe_sandbox(
            self.root, share_net=self.args.share_net
        )
        self.refuse_if_privileged()
        return {"state": "running", "sandbox": self.sandbox_name()}


# -- the work as the server stated it ---------------------------------------------------------------


def unverified(work: dict) -> Failure | None:
    """Why work from the server must not run, or None. The runner cannot check an approval (that is the
    server's record); it checks what it can: the payload it was handed hashes to the hash the server recorded
    at proposal (``payload_hash``, the earlier exact-JSON form accepted too), and the server says the work is
    ``executing`` -- the only state a runner's work is ever in."""
    stated = work.get("payload_hash")
    if not isinstance(stated, str) or not stated:
        return Failure(
            "payload_hash_missing",
            "the server sent this work without the hash of its approved payload, so the runner cannot tell it "
            "is what was approved; update the server (or the runner) so both speak the same protocol.",
        )
    if not payload_matches(work.get("payload"), stated):
        return Failure(
            "payload_hash_mismatch",
            "the payload this runner received does not hash to the hash the server recorded when the action "
            "was proposed, so it is not what was approved; nothing was run.",
        )
    if work.get("status") != "executing":
        return Failure(
            "work_not_executing",
            f"the server handed this work over in state {str(work.get('status'))[:40]!r}, not 'executing', "
            "so it is not approved work being executed; nothing was run.",
        )
    return None


# -- the server ---------------------------------------------------------------------------------------


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    """urllib follows a redirect with every header of the request -- the runner key's included -- to any
    host the answer names; the runner follows none (the 3xx then comes back as an HTTPError)."""

    def redirect_request(self, req, fp, code, msg, headers, newurl):  # noqa: PLR0913 (urllib's signature)
        return None


_OPENER = urllib.request.build_opener(_NoRedirect)


class Api:
    """The server the runner was started with. Its key goes there and nowhere else: a redirect is not
    followed but reported (as an unreachable server: retried with backoff, the key kept)."""

    def __init__(self, server: str, key: str):
        self.server = server.rstrip("/")
        self.key = key

    def _call(self, method: str, path: str, body: dict | None, timeout: float) -> tuple[int, dict | None]:
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(
            self.server + path, data=data, method=method,
            headers={"Authorization": f"Bearer {self.key}", "Accept": "application/json",
                     **({"Content-Type": "application/json"} if data is not None else {})},
        )  # fmt: skip
        try:
            with _OPENER.open(req, timeout=timeout) as resp:  # the configured server only
                raw = resp.read()
                return resp.status, (json.loads(raw) if raw else None)
        except urllib.error.HTTPError as err:
            if 300 <= err.code < 400:
                where = "".join(c for c in str(err.headers.get("Location") or "nowhere") if c.isprintable())
                raise ServerUnavailable(
                    f"the server answered a redirect ({err.code}) to {where[:300]}; the runner follows no "
                    f"redirect, so its key goes only to {self.server} -- start it with --server set to "
                    "Brabo's own URL"
                ) from None
            raw = err.read()
            try:
                parsed = json.loads(raw) if raw else None
            except ValueError:
                parsed = None
            if err.code == 401:
                detail = (parsed or {}).get("detail") if isinstance(parsed, dict) else None
                raise KeyRejected(detail or "the server rejected the runner key (401)") from None
            if err.code >= 500 or err.code in (408, 429):
                raise ServerUnavailable(f"the server answered {err.code}") from None
            return err.code, parsed if isinstance(parsed, dict) else {"detail": raw.decode(errors="replace")}
        except (urllib.error.URLError, ConnectionError, TimeoutError, OSError) as exc:
            raise ServerUnavailable(str(getattr(exc, "reason", exc))) from None

    def poll(self, timeout: int) -> dict | None:
        status, body = self._call("GET", f"/api/runner/work/?timeout={timeout}", None, timeout + 15)
        if status == 204:
            return None
        if status == 200 and isinstance(body, dict) and "action_id" in body:
            return body
        raise ServerUnavailable(f"unexpected answer {status} to the work poll: {body}")

    def report(self, action_id: str, body: dict) -> tuple[int, dict | None]:
        # the id is the server's, but it goes into a URL: quoted, so no text of it can change the request
        path = f"/api/runner/work/{urllib.parse.quote(str(action_id), safe='')}/result/"
        return self._call("POST", path, body, 30)


class Backoff:
    """Exponential with jitter: 0.5 s, 1 s, 2 s ... up to ``cap``; reset by a successful call."""

    def __init__(self, cap: float, sleep: Callable[[float], object]):
        self.cap = cap
        self.failures = 0
        self.sleep = sleep

    def wait(self) -> float:
        delay = min(self.cap, 0.5 * (2**self.failures)) * random.uniform(0.5, 1.0)
        self.failures = min(self.failures + 1, 30)
        self.sleep(delay)
        return delay

    def reset(self) -> bool:
        was_down = self.failures > 0
        self.failures = 0
        return was_down


class Stopping:
    """SIGTERM/SIGINT: leave at once while only waiting for work; finish and report work already taken."""

    def __init__(self):
        self.event = threading.Event()
        self.busy = False

    def __call__(self, signum, frame):
        self.event.set()
        if not self.busy:
            raise SystemExit(EXIT_OK)

    def is_set(self) -> bool:
        return self.event.is_set()

    def wait(self, seconds: float) -> bool:
        return self.event.wait(seconds)


def serve(api: Api, runner: Runner, console: Console, args: argparse.Namespace, stop: Stopping) -> int:
    backoff = Backoff(args.max_backoff, stop.wait)
    while not stop.is_set():
        try:
            stop.busy = False
            work = api.poll(args.poll_timeout)
            stop.busy = True
        except KeyRejected as exc:
            console.say(
                f"the server rejected this runner's key: {exc}. Ask a maintainer to register it again."
            )
            return EXIT_KEY_REJECTED
        except ServerUnavailable as exc:
            if backoff.failures == 0:
                console.say(f"cannot reach {api.server} ({exc}); retrying with backoff")
            backoff.wait()
            continue
        if backoff.reset():
            console.say(f"connected to {api.server} again")
        if work is None:
            continue
        action_id = str(work["action_id"])
        console.say(printable(f"work {action_id}: {work.get('action_type')}"))
        refused = unverified(work)
        body = refused.report() if refused is not None else runner.handle(work)
        code = send_report(api, action_id, body, console, backoff, stop)
        if code is not None:
            return code
    return EXIT_OK


def send_report(api, action_id, body, console, backoff, stop) -> int | None:
    """Deliver one report, retrying through outages (the work has run: its result must not be lost)."""
    while not stop.is_set():
        try:
            status, answer = api.report(action_id, body)
        except KeyRejected as exc:
            console.say(f"the server rejected this runner's key while reporting {action_id}: {exc}")
            return EXIT_KEY_REJECTED
        except ServerUnavailable as exc:
            if backoff.failures == 0:
                console.say(f"cannot report {action_id} ({exc}); retrying with backoff")
            backoff.wait()
            continue
        backoff.reset()
        if status == 200:
            console.say(f"work {action_id}: {body['outcome']} -> {(answer or {}).get('status')}")
        elif status == 400 and body["outcome"] == "executed":
            # The server refused the result itself (too large, not storable): say so instead of losing it.
            body = {
                "outcome": "failed",
                "error": {
                    "code": "runner_result_rejected",
                    "message": str((answer or {}).get("detail"))[:900],
                },
            }
            continue
        else:  # 404 / 409: not ours any more, or settled meanwhile (e.g. the reaper failed it)
            console.say(f"work {action_id}: the server did not take the report ({status}): {answer}")
        return None
    return EXIT_OK


# -- command line ----------------------------------------------------------------------------------


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--server", default=os.environ.get("BRABO_URL", "http://127.0.0.1:8000"),
                   help="Brabo's base URL (default $BRABO_URL or http://127.0.0.1:8000)")  # fmt: skip
    p.add_argument("--key-file", help="a file holding the runner key (default: $BRABO_RUNNER_KEY)")
    p.add_argument("--root", default=".", help="the project root on this machine (default: here)")
    p.add_argument("--yolo", "--dangerously-skip-permissions", dest="yolo", action="store_true",
                   help="start in auto mode: approved work runs without asking here")  # fmt: skip
    p.add_argument("--mode-file", help="keep the mode in this file, re-read for every piece of work")
    p.add_argument("--set-mode", choices=MODES, help="with --mode-file: switch the mode (/mode) and exit")
    p.add_argument("--share-net", action="store_true", help="give sandboxed commands the network")
    p.add_argument("--poll-timeout", type=int, default=25, help="seconds per long-poll (1-30)")
    p.add_argument("--max-backoff", type=float, default=10.0, help="longest wait between reconnects")
    p.add_argument("--ask-timeout", type=float, default=300.0, help="seconds to wait for a y/N answer")
    p.add_argument("--command-timeout", type=float, default=600.0, help="a command's time limit")
    p.add_argument("--output-cap", type=int, default=256 * 1024, help="bytes kept of stdout and of stderr")


def register(subparsers) -> argparse.ArgumentParser:
    """Add ``runner`` to a ``brabo`` command line's subparsers; dispatch calls :func:`main`."""
    p = subparsers.add_parser("runner", help="run a runner/mounted project's approved work on this machine")
    add_arguments(p)
    p.set_defaults(func=main)
    return p


def _key(args, console: Console) -> str | None:
    if args.key_file:
        try:
            key = Path(args.key_file).read_text(encoding="utf-8").strip()
        except OSError as exc:
            console.say(f"the key file cannot be read: {exc.strerror or exc}")
            return None
        except UnicodeDecodeError:
            console.say("the key file holds bytes that are not text; it should hold only the key")
            return None
    else:
        key = os.environ.get("BRABO_RUNNER_KEY", "").strip()
    if not key.startswith("brabo_runner_"):
        console.say(
            "a runner key (brabo_runner_...) is needed: set BRABO_RUNNER_KEY or pass --key-file. A maintainer "
            "registers the runner with POST /api/runners/ {project, name} and gets the key once."
        )
        return None
    if not (key.isascii() and key.isprintable()) or " " in key:
        # it travels in the Authorization header: a line break there would end it and start another header
        console.say("the runner key holds a blank, a line break or a character outside ASCII; no key does")
        return None
    return key


def main(args: argparse.Namespace) -> int:
    interactive = sys.stdin is not None and sys.stdin.isatty()
    console = Console(mode="auto" if args.yolo else "ask", mode_file=args.mode_file, interactive=interactive)
    if args.set_mode:
        if not args.mode_file:
            console.say("--set-mode needs --mode-file, the file a running runner re-reads")
            return EXIT_USAGE
        write_mode_file(args.mode_file, args.set_mode)
        print(f"mode: {args.set_mode} (from the next piece of work on)")
        return EXIT_OK
    if not 1 <= args.poll_timeout <= MAX_POLL:
        console.say(f"--poll-timeout must be 1 to {MAX_POLL} seconds")
        return EXIT_USAGE
    root = Path(args.root).expanduser().resolve()
    if not root.is_dir() or root == Path("/"):
        console.say(f"--root {root} must be an existing project folder (not /)")
        return EXIT_USAGE
    key = _key(args, console)
    if key is None:
        return EXIT_USAGE
    if args.mode_file:
        try:
            if args.yolo or not os.path.exists(args.mode_file):
                write_mode_file(
                    args.mode_file, "auto" if args.yolo else "ask"
                )  # R11.5: --yolo starts in auto
        except OSError as exc:
            console.say(f"the mode file cannot be written: {exc}")
            return EXIT_USAGE
    runner = Runner(args, console, root)
    if runner.bwrap and runner.no_sandbox_why:
        console.say(f"WARNING: {runner.no_sandbox_why}.")
    if runner.refused:
        console.say(f"WARNING: {runner.no_sandbox_why}. Commands will be REFUSED ({runner.refused}) until the "
                    "runner runs as an unprivileged user with a working bubblewrap and libseccomp.")  # fmt: skip
    elif runner.bwrap is None:
        console.say(
            f"WARNING: {runner.no_sandbox_why}. Commands will run WITHOUT a sandbox, directly in {root}, "
            "with your user's rights and network. Install bubblewrap to confine them."
        )
    try:
        mode = console.mode()
    except ModeError as exc:
        mode = f"unusable ({exc})"
    console.say(
        f"serving {root} for {args.server} (sandbox: {runner.sandbox_name()}, mode: {mode}"
        + ("; type /mode ask or /mode auto to switch)" if interactive else ")")
    )
    console.say(
        f"git_push goes to {shown_url(runner.push_url)}, the root's origin now (a changed origin is refused)"
        if runner.push_url
        else "the root has no origin remote: git_push work will fail until one is set and the runner restarted"
    )
    if interactive:
        threading.Thread(target=console.read_terminal, args=(sys.stdin,), daemon=True).start()
    stop = Stopping()
    previous = {s: signal.signal(s, stop) for s in (signal.SIGTERM, signal.SIGINT)}
    try:
        return serve(Api(args.server, key), runner, console, args, stop)
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)


def cli(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="brabo runner", description=__doc__.split("\n\n")[0])
    add_arguments(parser)
    return main(parser.parse_args(argv))


if __name__ == "__main__":
    raise SystemExit(cli())
