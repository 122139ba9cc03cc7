"""``brabo runner``: the program that executes a ``runner`` or ``mounted`` project's approved work (SPEC R9.3)
on the machine that holds the project.

    brabo runner --server http://127.0.0.1:8000 --root ~/src/app          # key from $BRABO_RUNNER_KEY
    brabo runner --key-file ~/.config/brabo/runner-key --root . --yolo    # start in auto mode (R11.5)
    brabo runner --mode-file ~/.config/brabo/mode.json --set-mode ask      # "/mode ask" from another shell
    python -m brabo_client.runner ...                                      # the same, without the entry point

It authenticates with its runner key (``Authorization: Bearer brabo_runner_…``), long-polls
``GET /api/runner/work/?timeout=N``, runs each piece of work in ``--root`` and reports it once with
``POST /api/runner/work/{action_id}/result/``. Standard library only: it runs on the user's machine, where
Brabo's server code is not installed.

What it runs, and how:
- ``terminal`` ``{command, cwd?}``: inside a bubblewrap sandbox when ``bwrap`` works here (the root at
  ``/work``, its permissions.json read-only, read-only system, private ``/tmp``, no network unless
  ``--share-net``, a clean environment, no privilege whoever runs the runner) -- the server's own sandbox
  (brabo_client/sandbox.py); otherwise directly in the root, with a warning at start and ``"sandbox":
  "none"`` in every result -- but never with privilege: when the probe finds the sandbox privileged, or the
  runner is root without a working sandbox, terminal work is refused ``sandbox_privileged`` (R9.7). The
  runner's key is never in a command's environment.
- ``write_file`` ``{path, content}``: written atomically inside the root.
- ``container_start`` / ``container_stop`` / ``container_remove``: the runner's "container" is this sandbox,
  so start proves the root is usable and the sandbox starts; stop and remove have nothing to tear down.
- Anything else is refused (the server records ``runner_refused``).
A ``cwd`` or path outside the root -- ``..``, an absolute path elsewhere, a symbolic link leading out, or
``.git`` for writes -- is reported as a named failure (``cwd_outside_project`` / ``path_outside_project``)
and never executed.

Console modes (R11.4/R11.5), our reading for a runner: the server already decided the action (policy or a
person); the runner's console mode is a second, local consent by the person at the machine that will run it.
In ``ask`` (the default) every piece of work with an effect on the machine (``terminal``, ``write_file``) is
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
import shutil
import signal
import stat
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path

from brabo_client import sandbox

__all__ = ["main", "register"]

WORKDIR = "/work"  # the root as seen inside the sandbox, as on the server (R6.1)
MODES = ("ask", "auto")
MODE_FILE_LIMIT = 4096  # R11.4
MAX_POLL = 30  # the server's long-poll ceiling
EXIT_OK, EXIT_USAGE, EXIT_KEY_REJECTED = 0, 2, 3
ASKED_TYPES = ("terminal", "write_file")
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
    parts = [p for p in rel.split("/") if p not in ("", ".")]
    if ".." in parts:
        raise Failure(code, f"{what} {raw!r} climbs out of the project root with '..'.")
    if not allow_git and ".git" in parts:
        raise Failure(code, f"{what} {raw!r} is inside .git, which the runner does not write.")
    candidate = root.joinpath(*parts)
    if not _under(os.path.realpath(candidate), os.path.realpath(root)):
        raise Failure(code, f"{what} {raw!r} leads outside the project root through a symbolic link.")
    return candidate


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


def probe_sandbox(root: Path, *, share_net: bool) -> tuple[str | None, str, bool]:
    """(bwrap path, "", False) when the sandbox starts here and holds no privilege (R9.7: the probe tries to
    remount, unmount and write the policy file); (None, why, refused) otherwise. ``refused``: no command
    may run at all -- the sandbox would hold privilege, or the runner is root and a plain run would be too."""
    bwrap = shutil.which("bwrap")
    if bwrap is None:
        why = "bubblewrap (bwrap) is not installed (Debian/Ubuntu: apt-get install bubblewrap)"
        return None, why, os.geteuid() == 0
    verdict = sandbox.probe(sandbox.Launcher(bwrap, share_net=share_net))
    if verdict.ok:
        return bwrap, "", False
    return None, verdict.why, verdict.code == "sandbox_privileged" or os.geteuid() == 0


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
        self.say(f"approved work to run here:\n    {summary}\n  Run it? [y/N] (or /mode auto)")
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


# -- the work ---------------------------------------------------------------------------------------


class Runner:
    def __init__(self, args: argparse.Namespace, console: Console, root: Path):
        self.args = args
        self.console = console
        self.root = root
        self.bwrap, self.no_sandbox_why, self.refused = probe_sandbox(root, share_net=args.share_net)

    def refuse_if_privileged(self) -> None:
        """R9.7: never a privileged run -- not a sandbox with privilege, not a plain run as root."""
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

    def _run(self, work: dict) -> dict:
        kind = work.get("action_type")
        payload: dict = work["payload"] if isinstance(work.get("payload"), dict) else {}
        if kind in CONTAINER_TYPES:
            return self._container(kind)
        if kind not in ASKED_TYPES:
            raise Failure(
                "unsupported_action_type",
                f"this runner runs terminal, write_file and container lifecycle work, not {kind!r}.",
                refused=True,
            )
        if not self.root.is_dir():
            raise Failure("project_root_missing", f"the runner's root {self.root} is not a folder any more.")
        if kind == "terminal":
            command = payload.get("command")
            if not isinstance(command, str) or not command.strip():
                raise Failure("invalid_payload", "terminal work needs a non-empty command.")
            cwd = resolve_inside(
                self.root,
                str(payload.get("cwd") or ""),
                what="cwd",
                code="cwd_outside_project",
                allow_git=True,
            )
            if not cwd.is_dir():
                raise Failure("cwd_missing", f"the folder {payload.get('cwd')!r} does not exist in the root.")
            self.refuse_if_privileged()
            self._consent(f"$ {command}   (in {cwd})")
            return self._terminal(command, cwd)
        path, content = payload.get("path"), payload.get("content")
        if not isinstance(path, str) or not path.strip() or not isinstance(content, str):
            raise Failure("invalid_payload", "write_file work needs a text path and text content.")
        target = resolve_inside(self.root, path, what="path", code="path_outside_project", allow_git=False)
        if target.is_dir():
            raise Failure("path_is_a_folder", f"{path!r} is a folder.")
        self._consent(f"write {len(content.encode())} bytes to {target}")
        return self._write(target, path, content)

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

    def _write(self, target: Path, path: str, content: str) -> dict:
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=".brabo-", dir=target.parent)
            try:
                with os.fdopen(fd, "w", encoding="utf-8") as fh:
                    fh.write(content)
                os.replace(tmp, target)
            except BaseException:
                with_suppressed(os.unlink, tmp)
                raise
        except OSError as exc:
            raise Failure("write_failed", f"{path!r} could not be written: {exc.strerror or exc}.") from None
        return {"path": path, "bytes": len(content.encode())}

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


# -- the server ---------------------------------------------------------------------------------------


class Api:
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
            with urllib.request.urlopen(req, timeout=timeout) as resp:  # noqa: S310 (the configured server)
                raw = resp.read()
                return resp.status, (json.loads(raw) if raw else None)
        except urllib.error.HTTPError as err:
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
        return self._call("POST", f"/api/runner/work/{action_id}/result/", body, 30)


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
        console.say(f"work {action_id}: {work.get('action_type')}")
        body = runner.handle(work)
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
    else:
        key = os.environ.get("BRABO_RUNNER_KEY", "").strip()
    if not key.startswith("brabo_runner_"):
        console.say(
            "a runner key (brabo_runner_...) is needed: set BRABO_RUNNER_KEY or pass --key-file. A maintainer "
            "registers the runner with POST /api/runners/ {project, name} and gets the key once."
        )
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
    if runner.refused:
        console.say(f"WARNING: {runner.no_sandbox_why}. Commands will be REFUSED (sandbox_privileged) until the "
                    "runner runs as an unprivileged user with a working bubblewrap.")  # fmt: skip
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
