"""Policy hooks: operator-configured external workers chained after the file (SPEC R11, seed 002).

Registering a hook is trusting local code, so hooks come only from a server-side JSON file the caller
names -- never from the tenant API. Each hook is a resident worker speaking newline-delimited JSON with a
15 s deadline per call (R11.2). Everything that is not a clean, matching answer fails closed (R11.3):
start failure, error, timeout, wrong id, invalid frame, missing or unknown decision -> deny, naming the
hook and the fault; no fallback to the default and no automatic retry of that call.

Config file::

    {"hooks": [{"name": "corp-policy", "exec": ["/opt/policy/bin/worker"], "cwd": "/opt/policy",
                "events": ["tool_approval"], "action_types": ["terminal"]}]}
"""

from __future__ import annotations

import json
import os
import selectors
import subprocess
import threading
import time
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from permissions.action_types import ACTION_TYPES, AUTO_APPROVE, DENY, REQUIRE_APPROVAL

if TYPE_CHECKING:
    from permissions.decide import DecisionRequest

__all__ = [
    "DEFAULT_DEADLINE",
    "TOOL_APPROVAL",
    "HookConfigError",
    "HookFailure",
    "PolicyHook",
    "PolicyHookRunner",
    "load_hook_config",
    "run_hooks",
]

DEFAULT_DEADLINE = 15.0
TOOL_APPROVAL = "tool_approval"
_TO_WIRE = {AUTO_APPROVE: "allow", REQUIRE_APPROVAL: "ask", DENY: "deny"}
_FROM_WIRE = {v: k for k, v in _TO_WIRE.items()}
_MAX_FRAME = 1 << 20  # a reply line longer than 1 MiB is an invalid frame


class HookFailure(Exception):
    """A hook call that did not produce a clean decision. The message names the fault."""


class HookConfigError(ValueError):
    """The server-side hook configuration is not valid; nothing runs from it."""


@runtime_checkable
class PolicyHook(Protocol):
    """What decide() needs from a hook. Raise :class:`HookFailure` (or anything) to fail closed."""

    @property
    def name(self) -> str: ...

    def applies_to(self, action_type: str) -> bool: ...

    def tool_approval(self, data: Mapping[str, Any], workspace: str) -> str:
        """Return "allow", "ask" or "deny" for the R11.2 ``data`` object."""
        ...


class PolicyHookRunner:
    """A resident NDJSON worker process (R11.2). Started on first use, restarted after a fault."""

    def __init__(
        self,
        name: str,
        argv: Sequence[str],
        cwd: str | None = None,
        action_types: Sequence[str] | None = None,
        deadline: float = DEFAULT_DEADLINE,
    ) -> None:
        self._name = name
        self.argv = list(argv)
        self.cwd = cwd
        self.action_types = frozenset(action_types) if action_types is not None else None
        self.deadline = deadline
        self._proc: subprocess.Popen[bytes] | None = None
        self._buf = b""
        self._next_id = 0
        self._lock = threading.Lock()

    @property
    def name(self) -> str:
        return self._name

    def applies_to(self, action_type: str) -> bool:
        return self.action_types is None or action_type in self.action_types

    def _start(self) -> subprocess.Popen[bytes]:
        if self._proc is not None and self._proc.poll() is None:
            return self._proc
        self._buf = b""
        try:
            self._proc = subprocess.Popen(
                self.argv,
                cwd=self.cwd,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                close_fds=True,
            )
        except OSError as exc:
            self._proc = None
            raise HookFailure(f"the worker could not start ({exc.strerror or exc})") from exc
        return self._proc

    def close(self) -> None:
        proc, self._proc = self._proc, None
        if proc is None:
            return
        try:
            if proc.stdin:
                proc.stdin.close()
            proc.wait(timeout=1)
        except (OSError, subprocess.TimeoutExpired):
            proc.kill()
            proc.wait()
        finally:
            if proc.stdout:
                proc.stdout.close()

    def _fault(self, why: str) -> HookFailure:
        # After any fault the worker's stream state is unknown: discard it; the next call starts afresh.
        proc, self._proc = self._proc, None
        if proc is not None:
            proc.kill()
            proc.wait()
            for stream in (proc.stdin, proc.stdout):
                try:
                    if stream:
                        stream.close()
                except OSError:
                    pass
        return HookFailure(why)

    def _read_line(self, proc: subprocess.Popen[bytes], until: float) -> bytes:
        assert proc.stdout is not None
        fd = proc.stdout.fileno()
        with selectors.DefaultSelector() as sel:
            sel.register(fd, selectors.EVENT_READ)
            while b"\n" not in self._buf:
                left = until - time.monotonic()
                if left <= 0 or not sel.select(left):
                    raise self._fault(f"no answer within {self.deadline:g} s")
                chunk = os.read(fd, 65536)
                if not chunk:
                    raise self._fault("the worker exited without answering")
                self._buf += chunk
                if len(self._buf) > _MAX_FRAME:
                    raise self._fault("the answer is larger than 1 MiB")
        line, _, self._buf = self._buf.partition(b"\n")
        return line

    def tool_approval(self, data: Mapping[str, Any], workspace: str) -> str:
        with self._lock:
            proc = self._start()
            self._next_id += 1
            call_id = self._next_id
            frame = {"id": call_id, "event": TOOL_APPROVAL, "workspace": workspace, "data": dict(data)}
            try:
                assert proc.stdin is not None
                proc.stdin.write(json.dumps(frame, separators=(",", ":")).encode() + b"\n")
                proc.stdin.flush()
            except OSError as exc:
                raise self._fault(f"the worker is not reading ({exc.strerror or exc})") from exc
            line = self._read_line(proc, time.monotonic() + self.deadline)
            try:
                reply = json.loads(line)
            except ValueError:
                raise self._fault("the answer is not a JSON frame") from None
            if not isinstance(reply, dict):
                raise self._fault("the answer is not a JSON object")
            if reply.get("id") != call_id:
                raise self._fault(f"the answer has id {reply.get('id')!r}, expected {call_id}")
            body = reply.get("data")
            if not isinstance(body, dict):
                error = reply.get("error")
                if isinstance(error, str) and error:
                    raise HookFailure(f"the worker reported an error: {error[:200]}")
                raise HookFailure("the answer has no data object")
            decision = body.get("decision")  # R11.2: only `decision` is taken
            if not isinstance(decision, str) or decision not in _FROM_WIRE:
                raise HookFailure(f"the answer's decision {decision!r} is not allow, ask or deny")
            return decision


def _hook_data(req: DecisionRequest, decision: str, external: bool) -> dict[str, Any]:
    # R11.2: the call's real arguments, so a hook can judge a spend's amount or a push's branch.
    arguments: dict[str, Any] = dict(req.payload or {})
    if req.action_type == "terminal":
        arguments.update(command=req.command or "", cwd=req.cwd or req.project.root)
    elif req.action_type == "git_merge":
        arguments["target_branch"] = req.target_branch
    return {
        "name": req.action_type,
        "arguments": arguments,
        "external": external,
        "decision": _TO_WIRE[decision],
    }


def run_hooks(
    hooks: Sequence[PolicyHook], req: DecisionRequest, decision: str, external: bool
) -> tuple[str, str] | None:
    """Step 5: chain the hooks in order. Returns (decision, detail) when a hook changed the verdict."""
    current = decision
    changed_by: str | None = None
    workspace = req.project.workspace_dir_name or req.project.scope_root_id or ""  # R11.2
    for hook in hooks:
        try:
            if not hook.applies_to(req.action_type):
                continue
            answer = hook.tool_approval(_hook_data(req, current, external), workspace)
        except Exception as exc:  # noqa: BLE001 - R11.3: any fault of any hook fails closed
            return DENY, f"policy hook {getattr(hook, 'name', '?')!s} failed: {exc}"
        mapped = _FROM_WIRE.get(answer) if isinstance(answer, str) else None
        if mapped is None:
            return DENY, f"policy hook {hook.name} answered {answer!r}, not allow, ask or deny"
        if mapped == DENY:
            return DENY, f"policy hook {hook.name} denied"
        if mapped != current:
            current = mapped
            changed_by = hook.name
    if changed_by is None:
        return None
    return current, f"policy hook {changed_by} answered {_TO_WIRE[current]}"


def _abs_str(value: object) -> bool:
    return isinstance(value, str) and value.startswith("/")


def load_hook_config(path: str, deadline: float = DEFAULT_DEADLINE) -> list[PolicyHookRunner]:
    """Read the operator's hook file (R11.1). Any invalid entry refuses the whole file."""
    try:
        with open(path, encoding="utf-8") as fh:
            raw = json.load(fh)
    except OSError as exc:
        raise HookConfigError(f"hook config {path}: cannot be read ({exc.strerror or exc})") from exc
    except ValueError as exc:
        raise HookConfigError(f"hook config {path}: not valid JSON ({exc})") from exc
    if not isinstance(raw, dict) or set(raw) - {"hooks"}:
        raise HookConfigError(f'hook config {path}: expected {{"hooks": [...]}} and nothing else')
    entries = raw.get("hooks", [])
    if not isinstance(entries, list):
        raise HookConfigError(f'hook config {path}: "hooks" must be a list')
    out: list[PolicyHookRunner] = []
    allowed = {"name", "exec", "cwd", "events", "action_types"}
    for k, e in enumerate(entries):
        where = f"hook config {path}, entry {k}"
        if not isinstance(e, dict):
            raise HookConfigError(f"{where}: must be an object")
        unknown = set(e) - allowed
        if unknown:
            raise HookConfigError(f"{where}: unknown field(s) {sorted(unknown)}")
        argv = e.get("exec")
        if (
            not isinstance(argv, list)
            or not argv
            or not all(isinstance(a, str) for a in argv)
            or not _abs_str(argv[0])
        ):
            raise HookConfigError(
                f'{where}: "exec" must be a non-empty argv list whose program is an absolute path'
            )
        cwd = e.get("cwd")
        if cwd is not None and not _abs_str(cwd):
            raise HookConfigError(f'{where}: "cwd" must be an absolute path')
        events = e.get("events", [TOOL_APPROVAL])
        if not isinstance(events, list) or not all(isinstance(ev, str) for ev in events):
            raise HookConfigError(f'{where}: "events" must be a list of event names')
        if TOOL_APPROVAL not in events:
            continue  # this hook takes no approval events
        types = e.get("action_types")
        if types is not None and (
            not isinstance(types, list) or not all(isinstance(t, str) and t in ACTION_TYPES for t in types)
        ):
            raise HookConfigError(f'{where}: "action_types" must list known action types')
        name = e.get("name", os.path.basename(argv[0]))
        if not isinstance(name, str) or not name:
            raise HookConfigError(f'{where}: "name" must be a non-empty string')
        out.append(PolicyHookRunner(name, argv, cwd, types, deadline))
    return out
