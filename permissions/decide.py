"""decide(): the policy decision for one proposed action, in the exact order of SPEC §5.

1. IAM -> deny.  2. Base require_approval; container floor -> auto_approve.  3. Agent autonomy.
4. permissions.json + built-ins (per segment for terminal).  5. Policy hooks.  6. Caps.
Explicit opinions replace the verdict so far; a silent step never lowers it; deny returns at once.
Plain data in, a :class:`Verdict` out -- no Django, no I/O (hooks are passed in by the caller).
"""

from __future__ import annotations

import gc
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from permissions.action_types import ACTION_TYPES, AUTO_APPROVE, DENY, REQUIRE_APPROVAL, role_at_least
from permissions.autonomy import Resolution, resolve_autonomy
from permissions.caps import CAP_VERBS as _CAP_VERBS
from permissions.caps import external_effect_views, network_redirect
from permissions.commands import (
    FILE_WRITERS,
    OPAQUE_VERBS,
    PATH_WRITERS,
    opaque_reason,
    runs_a_written_file,
)
from permissions.commands.arithmetic import arithmetic_on_input
from permissions.commands.git import canonical_branch, names_protected_branch, protected_branch_move
from permissions.commands.neutral import NEUTRAL_FIRST, neutral
from permissions.commands.options import canonical_words
from permissions.commands.privilege import privileged_view
from permissions.commands.wrappers import PEELED_VERBS, RESOLVED_PAIRS, RESOLVED_PREFIXES, SUBCOMMAND_RUNNERS
from permissions.floor import BUILTIN_DENY, FLOOR_VERBS, floor_denies_views
from permissions.hooks import PolicyHook, run_hooks
from permissions.matching import ASK_RANK, DENY_RANK, CompiledPermissions
from permissions.messages import sentence
from permissions.protected_paths import may_write_any, protected_file, protected_writes
from permissions.scope import Scope, scope_for
from permissions.shell import TOO_COMPLEX, ParsedCommand, Segment, parse_command
from permissions.where import UNKNOWN, floor_where
from permissions.wrappers import views

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

NO_RULE = "no_rule"
_NO_AUTONOMY = Resolution(None, None, None)
_UNCOVERED: tuple[str, str | None, str | None] = (NO_RULE, None, None)
NEUTRAL = "neutral"  # a segment kind, never a reason: see permissions.commands.neutral
_NEUTRAL_VERDICT: tuple[str, str | None, str | None] = (AUTO_APPROVE, None, NEUTRAL)
# Verbs whose segment may have more than one view; `npm`, `uv` ... only with their runner subcommand.
_SUB_FIRST = frozenset(verb for verb, _ in SUBCOMMAND_RUNNERS)
_LOOK_THROUGH = PEELED_VERBS - _SUB_FIRST
_RESOLVED_STARTS = frozenset(prefix[:2] for prefix in RESOLVED_PREFIXES)
_WRITES = FILE_WRITERS | PATH_WRITERS  # verbs that may write a file a later segment runs
_DELETES = FLOOR_VERBS | {"xargs", "git", "rsync"}  # h26d hook: deleters permissions.where reads (issue 26)
# SPEC §5: where an action runs. Only Brabo's own sandbox has the container floor, the container roots and a
# private /tmp; `host` and `agent` are decided with the host root and the path scope in every mode.
RUNS_IN: tuple[str, ...] = ("sandbox", "host", "agent")
SANDBOX = "sandbox"
# Issue 11 class 12: past the read budget, constructs that build a word the text does not spell: ANSI-C
# quoting (`$'\x63url'`) and a brace list glued to a word (`{x,cu}rl`, `c{u,}rl`). A list standing alone
# (`{curl,x}`, hostile `{a,{a,...}}`) spells its alternatives, which the name search sees.
_HIDES_WORDS = re.compile(r"\$'|\w\{[^{}\s]*,|,[^{}\s]*\}\w")
_HIDDEN_WORDS = "it builds words with ANSI-C quoting or brace expansion, where a denied program could hide"
_RANKED: dict[int, tuple[str, str]] = {
    0: (DENY, "deny_rule"),
    1: (REQUIRE_APPROVAL, "ask_rule"),
    2: (AUTO_APPROVE, "allow_rule"),
}  # a segment verdict: no pattern speaks for it

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
class SegmentVerdict:
    command: str
    verdict: str  # deny | require_approval | auto_approve | no_rule
    pattern: str | None


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
    __slots__ = ("decision", "detail", "reason")

    def __init__(self, decision: str, reason: str) -> None:
        self.decision = decision
        self.reason = reason
        self.detail: str | None = None

    def opinion(self, decision: str, reason: str, detail: str | None = None) -> None:
        self.decision = decision
        self.reason = reason
        self.detail = detail


def _verdict(
    req: DecisionRequest, st: _State, segments: tuple[SegmentVerdict, ...], auto_mode: bool
) -> Verdict:
    root_id = req.project.scope_root_id
    v = _new(Verdict)  # see the note above _new
    d = v.__dict__
    d["decision"] = st.decision
    d["reason"] = st.reason
    d["message"] = sentence(st.reason, root_id, st.detail)
    d["segments"] = segments
    d["scope_root"] = root_id
    d["auto_mode"] = auto_mode
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

    Issue 26 item 6: the cyclic garbage collector is paused for the decision. A decision makes no lasting
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
    verdict = _decide(req, hooks)
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


def _decide(req: DecisionRequest, hooks: Sequence[PolicyHook]) -> Verdict:
    atype = ACTION_TYPES.get(req.action_type)
    # 1. IAM (R2.1). An unknown type has no minimum anyone meets.
    if atype is None:
        st = _State(DENY, "iam")
        st.detail = f"unknown action type {req.action_type!r}"
        return _verdict(req, st, (), False)
    if not role_at_least(req.role, atype.min_role):
        st = _State(DENY, "iam")
        st.detail = f"{req.action_type} needs {atype.min_role} or above"
        return _verdict(req, st, (), False)

    terminal = req.action_type == "terminal"
    project = req.project
    # SPEC §5: the floor, the container roots (R6.1) and a private /tmp exist only in Brabo's own sandbox; any
    # other (or unknown) runs_in is decided with the host root, a running container changing nothing.
    in_sandbox = req.runs_in == SANDBOX
    running = project.container_running and in_sandbox
    # 2. Base, and the container floor (RN-492/493).
    if terminal and running and project.execution_mode == "container":
        st = _State(AUTO_APPROVE, "container_floor")
    else:
        st = _State(REQUIRE_APPROVAL, "default")

    # 3. Autonomy (ADR 0189 §2).
    res = resolve_autonomy(req.autonomy, req.action_type) if req.autonomy else _NO_AUTONOMY
    auto_mode = res.auto_mode
    if res.mode is not None:
        if res.mode == DENY:
            st.opinion(DENY, "autonomy")
            return _verdict(req, st, (), auto_mode)
        st.opinion(res.mode, "autonomy")

    comp = compiled(req.permissions)
    segs: tuple[SegmentVerdict, ...] = ()
    never_auto: str | None = None  # why this command can never be auto-approved
    opaque_note: str | None = None  # why a segment is opaque, for the sentence people read (issue 11)
    parsed: ParsedCommand | None = None
    seg_views: list[list[tuple[str, ...]]] = []
    scope: Scope | None = None

    # 4. permissions.json + built-ins.
    if not terminal:
        at = req.action_type
        if at in comp.deny.typed:
            st.opinion(DENY, "deny_rule", comp.deny.typed[at].text)
            return _verdict(req, st, (), auto_mode)
        if at in comp.ask.typed:
            st.opinion(REQUIRE_APPROVAL, "ask_rule", comp.ask.typed[at].text)
        elif at in comp.allow.typed:
            st.opinion(AUTO_APPROVE, "allow_rule", comp.allow.typed[at].text)
    else:
        command = req.command or ""
        parsed = parse_command(command)
        out: list[SegmentVerdict] = []
        denied: tuple[str, str] | None = None  # (reason, pattern)
        asked: str | None = None
        allowed_reason: str | None = None
        uncovered = 0
        opaque: str | None = None  # why an uncovered segment's meaning cannot be read (R4.9)
        check_deny = not comp.deny.empty
        check_ask = not comp.ask.empty
        # A command that cannot be auto-approved whatever its segments say (R4.7: unparseable, or past
        # MAX_COMMAND_CHARS / MAX_SEGMENTS). Its every segment is still judged, but two things only an
        # auto-approval needs are skipped on hostile-sized input: the views list kept for the caps (built
        # again below if a hook asks), and the opaque reading of a segment no rule allowed (it can only turn an
        # allow into "no rule", and its sentence is never shown: the reason is "unparseable", with its own).
        doomed = parsed.unparseable or len(command) > MAX_COMMAND_CHARS or len(parsed.segments) > MAX_SEGMENTS
        # Past MAX_SEGMENTS nothing can be auto-approved, but every segment is still judged (R4.7); hostile
        # input repeats itself, so identical segments are judged once. (The scope declaration is not
        # evaluated there: `cd` cannot make such a command auto-approved anyway.)
        memo: dict[tuple[tuple[str, ...], frozenset[int]], tuple[str, str | None, str | None]] | None = (
            {} if len(parsed.segments) > MAX_SEGMENTS else None
        )
        opaque_memo: dict[tuple[tuple[str, ...], frozenset[int]], str | None] = {}
        written_memo: dict[tuple[str, ...], tuple[str, str | None, str | None]] | None = (
            {} if memo is not None else None
        )
        # Past MAX_SEGMENTS, a Segment object met again (the reader hands out one object for a piece
        # repeated word for word) takes its first occurrence's verdict whole, the same SegmentVerdict
        # object included. Keyed by identity: hashing every distinct segment costs more than it saves,
        # and only when some object does repeat: holding a verdict per distinct segment costs too.
        seen: (
            dict[int, tuple[SegmentVerdict, list[tuple[str, ...]], str, str | None, str | None, str | None]]
            | None
        ) = {} if memo is not None and len(set(map(id, parsed.segments))) < len(parsed.segments) else None
        cwds: list[frozenset[str]] | None = None  # the directories each segment runs in, once a `cd` is met
        may_delete = False  # some view of a segment is a deleter (rm, find, xargs): the floor reads where
        for index, seg in enumerate(parsed.segments):
            hit = seen.get(id(seg)) if seen is not None else None
            if hit is not None:
                sv, vs, verdict, pattern, kind, seg_opaque = hit
                if not doomed:
                    seg_views.append(vs)
            else:
                words = seg.words
                first = words[0] if words else ""
                vs = _views_of(words)
                if not doomed:
                    seg_views.append(vs)
                if first in _DELETES or (
                    len(vs) > 1 and not may_delete and any(v and v[0] in _DELETES for v in vs)
                ):
                    may_delete = True  # the floor reads where it lands, below (permissions.where)
                if len(vs) == 1 and first and first not in FLOOR_VERBS and first != "cd":
                    # The common case inlined: nothing to look through, no floor verb, no scope declaration.
                    # Its answer depends on the words alone (_judge_segment takes this very index walk), so past
                    # MAX_SEGMENTS it is memoised by the words: no key to build, no redirect exclusion.
                    known = written_memo.get(words) if written_memo is not None else None
                    if known is None:
                        ranked = comp.judge_as_written(words)
                        if ranked is None:
                            known = _UNCOVERED
                        else:
                            ranked_verdict, ranked_kind = _RANKED[ranked[0]]
                            known = (ranked_verdict, ranked[1].text, ranked_kind)
                        if written_memo is not None:
                            written_memo[words] = known
                elif memo is not None and not seg.redirects:
                    key = (words, seg.dynamic)
                    known = memo.get(key)
                    if known is None:
                        known = memo[key] = _judge_segment(seg, vs, comp, check_deny, check_ask, None)
                else:
                    dirs = None
                    if first == "cd":
                        if scope is None:
                            scope = scope_for(project.execution_mode, running, project.root, req.cwd)
                        if cwds is None:
                            cwds = scope.cwd_sets(parsed.segments, command) or []
                        dirs = cwds[index] if index < len(cwds) else None  # issue 26: where `cd` moved
                    known = _judge_segment(seg, vs, comp, check_deny, check_ask, scope, dirs)
                if (
                    known[2] is None
                    and not doomed  # neutral only matters to an auto-approval
                    and (first in NEUTRAL_FIRST or first.startswith("IFS="))
                    and neutral(words, seg.dynamic, seg.text)
                ):
                    known = _NEUTRAL_VERDICT  # issue 26: grammar around segments judged on their own
                verdict, pattern, kind = known
                seg_opaque = seg.opaque
                if (
                    seg_opaque is None
                    and (not doomed or verdict == AUTO_APPROVE)
                    and (
                        len(vs) > 1
                        or first in OPAQUE_VERBS
                        or first[-1:].isdigit()
                        or "{" in first
                        or not first.isascii()
                    )
                ):
                    # R4.9: inline code, a program read from the input, code loaded through the environment.
                    if memo is not None:
                        okey = (words, seg.dynamic)
                        if okey in opaque_memo:
                            seg_opaque = opaque_memo[okey]
                        else:
                            seg_opaque = opaque_memo[okey] = opaque_reason(vs, seg.dynamic)
                    else:
                        seg_opaque = opaque_reason(vs, seg.dynamic)
                if (
                    seg_opaque is not None
                    and verdict == AUTO_APPROVE
                    and comp.allow.match_exactly(words) is None
                ):
                    # R4.9: a prefix allow (or the scope declaration) never covers an opaque segment.
                    if opaque_note is None:
                        opaque_note = _opaque_note(seg.text, seg_opaque, pattern)
                    verdict, pattern, kind = _UNCOVERED
                sv = _new(SegmentVerdict)  # see the note above _new (inlined: once per segment)
                d = sv.__dict__
                d["command"] = seg.text
                d["verdict"] = verdict
                d["pattern"] = pattern
                if seen is not None:
                    seen[id(seg)] = (sv, vs, verdict, pattern, kind, seg_opaque)
            if seg_opaque is not None and kind is None and opaque is None:
                opaque = seg_opaque
                if opaque_note is None:
                    opaque_note = _opaque_note(seg.text, seg_opaque, None)
            out.append(sv)
            if kind is None:
                uncovered += 1
            elif verdict == DENY:
                if denied is None:
                    denied = (kind, pattern or "")
            elif kind == "ask_rule":
                if asked is None:
                    asked = pattern
            elif kind == NEUTRAL:
                pass  # needs no allow, and never auto-approves a command by itself
            elif kind == "allow_rule" or allowed_reason is None:
                allowed_reason = kind
        if denied is None and may_delete:
            # R4.6 [beyond]: where a deletion lands once `cd`, `..`, `~`, `$HOME`, `/proc/*/root` and operands
            # piped into xargs are read (permissions.where).
            if scope is None:
                scope = scope_for(project.execution_mode, running, project.root, req.cwd)
            lands = floor_where(parsed.segments, None if doomed else seg_views, command, _start(req, scope))
            if lands is not None:
                denied = ("builtin_deny", BUILTIN_DENY[0])
                out[lands] = SegmentVerdict(parsed.segments[lands].text, DENY, BUILTIN_DENY[0])
        segs = tuple(out)
        if denied is None and parsed.problem == TOO_COMPLEX:
            # Reading stopped at its budget (issue 11 class 12): the segments past it were never read, so
            # deny (then ask) checks the whole text for a program a rule or the floor names (R4.7, R4.8).
            mention = comp.mention(command, FLOOR_VERBS)
            if mention is not None and mention[0] == DENY_RANK:
                _, word, pat = mention
                named = f"'{word}', which " if word else ""
                if pat is None:
                    denied = ("builtin_deny", f"{TOO_COMPLEX}; it names {named}a built-in rule denies")
                else:
                    denied = ("deny_rule", f"{TOO_COMPLEX}; it names {named}{pat.text} denies")
            elif _HIDES_WORDS.search(command) is not None:
                # Words the name search cannot see, which a full reading decodes and deny-checks:
                # `$'\x63url'`, `{c,}url`. Denied rather than left to a person (R4.7: deny sees every segment).
                denied = ("builtin_deny", f"{TOO_COMPLEX}; {_HIDDEN_WORDS}")
            elif mention is not None and asked is None and mention[2] is not None:
                asked = mention[2].text  # an ask rule speaks for the unread part too
        if denied is not None:
            st.opinion(DENY, denied[0], denied[1])
            return _verdict(req, st, segs, auto_mode)
        if parsed.unparseable:
            never_auto = parsed.problem or "the command cannot be parsed"
        elif len(command) > MAX_COMMAND_CHARS:
            never_auto = f"the command is longer than {MAX_COMMAND_CHARS} characters"
        elif len(parsed.segments) > MAX_SEGMENTS:
            never_auto = f"the command has more than {MAX_SEGMENTS} segments"
        else:
            never_auto = arithmetic_on_input(command, parsed.segments)  # issue 11 class 1
            if (
                never_auto is None
                and len(parsed.segments) > 1
                and any(s.redirects or s.words[:1] and s.words[0] in _WRITES for s in parsed.segments)
            ):
                never_auto = runs_a_written_file([(s.words, s.redirects) for s in parsed.segments])
            if never_auto is None and may_write_any(parsed.segments, seg_views):
                # R3.7: a write into a file that decides what runs later, which only an allow written for that
                # exact segment covers (a redirection cannot be written in a pattern, so nothing covers it).
                never_auto = _protected_write(req, parsed, seg_views, comp, in_sandbox, command)
        if asked is not None:
            st.opinion(REQUIRE_APPROVAL, "ask_rule", asked)  # a file `ask` holds in auto mode too
        elif never_auto is not None:
            st.opinion(REQUIRE_APPROVAL, "unparseable", never_auto)
        elif len(segs) == 1:
            if allowed_reason is not None:
                st.opinion(AUTO_APPROVE, allowed_reason, segs[0].pattern)
            # else: a single command with no rule is silent (R4.4)
        elif len(segs) > 1:
            if uncovered == 0 and allowed_reason is not None:
                st.opinion(AUTO_APPROVE, allowed_reason)
            elif not auto_mode:
                # R4.4: a segment with no rule is a concrete opinion. Dropped in auto mode (RN-603).
                st.opinion(REQUIRE_APPROVAL, "compound_uncovered")

    # 5. Policy hooks (seed 002, R11).
    if hooks:
        if terminal and parsed is not None and len(seg_views) < len(parsed.segments):
            seg_views = [_views_of(s.words) for s in parsed.segments]  # skipped above (doomed)
        if terminal:
            external = (
                _terminal_cap(seg_views, parsed, None, True, protected=project.protected_branches) is not None
            )
        else:
            external = req.action_type in ("git_push", "pr_open", "git_merge")
        answer = run_hooks(hooks, req, st.decision, external)
        if answer is not None:
            decision, detail = answer
            st.opinion(decision, "hook", detail)
            if decision == DENY:
                return _verdict(req, st, segs, auto_mode)

    # 6. Caps: auto_approve -> require_approval, whatever was configured. Never touch deny.
    if st.decision == AUTO_APPROVE:
        at = req.action_type
        if at == "git_merge":
            # RN-006, issue 11 class 8: any spelling git or the provider could read as a protected branch.
            if names_protected_branch(req.target_branch, project.protected_branches):
                named = canonical_branch(req.target_branch) or (req.target_branch or "").strip()
                st.opinion(REQUIRE_APPROVAL, "cap_protected_merge", named or "no target branch given")
        elif at in _TYPE_CAPS:
            st.opinion(REQUIRE_APPROVAL, _TYPE_CAPS[at])
        elif at == "write_file":
            # R3.7: no pattern names a path for a typed action (R3.2), so a person approves each such write.
            why = _protected_file_write(req.payload)
            if why is not None:
                st.opinion(REQUIRE_APPROVAL, "unparseable", why)
        elif terminal and parsed is not None:
            if scope is None:
                scope = scope_for(project.execution_mode, running, project.root, req.cwd)
            # RN-603 drops the path scope in auto mode inside Brabo's sandbox only (SPEC §5).
            cap = _terminal_cap(
                seg_views,
                parsed,
                scope,
                auto_mode and in_sandbox,
                req.command or "",
                project.protected_branches,
            )
            if cap is not None:
                st.opinion(REQUIRE_APPROVAL, cap[0], cap[1])
            elif never_auto is not None:
                st.opinion(REQUIRE_APPROVAL, "unparseable", never_auto)
            elif parsed.unseen is not None or opaque is not None:
                # A shell fed commands no rule sees, or an opaque segment no exact allow covers (R4.9):
                # applied last, so it never replaces another step's reason -- but autonomy, auto mode and
                # the container floor never auto-approve it.
                st.opinion(REQUIRE_APPROVAL, "unparseable", parsed.unseen or opaque_note or opaque)
    if (
        terminal
        and opaque_note is not None
        and st.detail is None
        and st.decision == REQUIRE_APPROVAL
        and st.reason in _EXPLAINED
    ):
        # Issue 11: say which segment no allow could cover, and why, in the message (R12.2's free text; the
        # reason code and the segments stay as they are).
        st.detail = opaque_note
    return _verdict(req, st, segs, auto_mode)


# Verdict reasons whose sentence gains the opaque segment that kept the command from auto-approval.
_EXPLAINED = frozenset({"default", "compound_uncovered", "autonomy", "container_floor"})


def _opaque_note(text: str, why: str, dropped: str | None) -> str:
    """Issue 11, R4.9: why a segment was not auto-approved, for people (policy eval, the approval card)."""
    shown = text if len(text) <= 80 else text[:77] + "..."
    note = f"'{shown}' {why}" if why[:1].islower() and not why.startswith("the ") else f"'{shown}': {why}"
    if dropped:
        note += f"; {dropped} is a prefix allow, and only an allow written for exactly these words covers it"
    return note


_PROTECTED_MEMO: dict[tuple[str, str, tuple[str, ...]], tuple[tuple[int, bool, str], ...]] = {}


def _protected_write(
    req: DecisionRequest,
    parsed: ParsedCommand,
    seg_views: list[list[tuple[str, ...]]],
    comp: CompiledPermissions,
    in_sandbox: bool,
    command: str,
) -> str | None:
    """R3.7 for a terminal command: why it writes a protected file with no allow written for exactly the
    writing segment (a redirection cannot be written in a pattern: nothing covers it), or None."""
    project = req.project
    scope = scope_for(project.execution_mode, project.container_running and in_sandbox, project.root, req.cwd)
    # Agents repeat their commands: the reading depends on the text and where it starts only (memoised).
    key = (command, scope.cwd, scope.roots)
    found = _PROTECTED_MEMO.get(key)
    if found is None:
        if len(_PROTECTED_MEMO) >= 4096:
            _PROTECTED_MEMO.clear()
        found = _PROTECTED_MEMO[key] = tuple(
            protected_writes(parsed.segments, seg_views, scope.cwd, scope.roots, command)
        )
    for i, by_redirect, why in found:
        seg = parsed.segments[i]
        if by_redirect or comp.allow.match_exactly(seg.words) is None:
            shown = seg.text if len(seg.text) <= 80 else seg.text[:77] + "..."
            return f"'{shown}': {why}; only an allow written for exactly this command covers it"
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


def _start(req: DecisionRequest, scope: Scope) -> str:
    """The directory a terminal command starts in, UNKNOWN when neither the request nor the project says."""
    return scope.cwd if (req.cwd or req.project.root) else UNKNOWN


def _views_of(words: tuple[str, ...]) -> list[tuple[str, ...]]:
    """R4.8: the segment as written and what its wrappers run; most first words have nothing to look
    through, which this tells without calling views()."""
    first = words[0] if words else ""
    if (
        first in _LOOK_THROUGH
        or "=" in first
        or "/" in first
        or (
            first in _SUB_FIRST
            and len(words) > 1
            and ((first, words[1]) in RESOLVED_PAIRS or words[1][:1] == "-")  # `pnpm -r exec`
        )
        or (
            first[:2] in _RESOLVED_STARTS and first.startswith(RESOLVED_PREFIXES)
        )  # R4.10: `git-push`, `python3.12`
    ):
        return views(words)
    return [words]


def _judge_segment(
    seg: Segment,
    vs: list[tuple[str, ...]],
    comp: CompiledPermissions,
    check_deny: bool,
    check_ask: bool,
    scope: Scope | None,
    dirs: frozenset[str] | None = None,
) -> tuple[str, str | None, str | None]:
    """Step 4 for one segment: (verdict, pattern, reason kind or None when no rule speaks)."""
    words = seg.words
    if not words:
        return NO_RULE, None, None
    if words[0] in FLOOR_VERBS or len(vs) > 1:
        hit = floor_denies_views(vs)
        if hit is not None:
            return DENY, hit, "builtin_deny"
    if len(vs) == 1:
        ranked = comp.judge_as_written(words)
        if ranked is not None:
            rank, pat = ranked
            if rank == DENY_RANK:
                return DENY, pat.text, "deny_rule"
            if rank == ASK_RANK:
                return REQUIRE_APPROVAL, pat.text, "ask_rule"
            return AUTO_APPROVE, pat.text, "allow_rule"
        if scope is not None and words[0] == "cd" and scope.cd_inside(seg, dirs):
            return AUTO_APPROVE, None, "scope_cd"
        return NO_RULE, None, None
    if check_deny or check_ask:
        ranked = comp.deny_or_ask(vs)
        if ranked is not None:
            if ranked[0] == DENY_RANK:
                return DENY, ranked[1].text, "deny_rule"
            return REQUIRE_APPROVAL, ranked[1].text, "ask_rule"
    p = comp.allow.match_as_written(words)
    if p is not None:
        return AUTO_APPROVE, p.text, "allow_rule"
    if scope is not None and words[0] == "cd" and scope.cd_inside(seg, dirs):
        return AUTO_APPROVE, None, "scope_cd"
    return NO_RULE, None, None


def _terminal_cap(
    seg_views: list[list[tuple[str, ...]]],
    parsed: ParsedCommand | None,
    scope: Scope | None,
    auto_mode: bool,
    parsed_command: str = "",
    protected: Sequence[str] = (),
) -> tuple[str, str] | None:
    """§5 step 6 for terminal: external effect, a protected branch moved (R1.5), then privileged, then
    (outside auto mode) path scope."""
    if parsed is None:
        return None
    segments = parsed.segments
    privileged_at: str | None = None
    for seg, vs in zip(segments, seg_views):
        if seg.redirects and network_redirect(seg.redirects):
            return "cap_external_effect", seg.text  # issue 11: bash opens a network connection
        for view in vs:
            if not view:
                continue
            verb = view[0]
            if verb in _CAP_VERBS:
                if external_effect_views((view,)) or external_effect_views(canonical_words(view)):
                    return "cap_external_effect", seg.text  # R4.10: also as its option table reads it
                if privileged_at is None and privileged_view(view):
                    privileged_at = seg.text
    if protected and any(v and v[0] == "git" for vs in seg_views for v in vs):
        moved = protected_branch_move(seg_views, protected)  # R1.5: by any git command, not only a merge
        if moved is not None:
            return "cap_protected_merge", segments[moved].text
    if privileged_at is not None:
        return "cap_privileged", privileged_at
    if not auto_mode and scope is not None:
        outside = scope.outside_paths(segments, parsed_command)
        if outside:
            return "cap_path_scope", outside[0]
    return None
