"""SPEC §5 step 4 for a terminal command: each segment judged against permissions.json and the built-ins.

:func:`read_segments` walks the segments the shell reader found and answers, per segment, a
:class:`SegmentVerdict` (deny > ask > allow within the segment, the scope declaration for `cd`, R4.9's opaque
segments no prefix allow covers), and for the command the tallies step 4 turns into an opinion. The caches that
keep hostile-sized input cheap (R4.7) live here with the judging they serve. Plain data, no Django.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from permissions.action_types import AUTO_APPROVE, DENY, REQUIRE_APPROVAL
from permissions.commands import (
    FED_COMMANDS,
    OPAQUE_VERBS,
    STREAM_LOADERS,
    feeds_a_program,
    loads_from_input,
    opaque_reason,
)
from permissions.commands.environment import HOME_UNREAD, located_words
from permissions.commands.interpreters import CODE_FLOOR_VERBS, may_name_a_stream
from permissions.commands.interpreters import FROM_INPUT as PROGRAM_FROM_INPUT
from permissions.commands.neutral import NEUTRAL_FIRST, neutral
from permissions.commands.repls import INLINE
from permissions.commands.shell_starters import FED_ESCAPES
from permissions.commands.views import KNOWN_PROGRAMS, hands_on, views_of
from permissions.commands.windows import env_drive_kept, environment_read, powershell_value, powershell_values
from permissions.commands.wrappers import (
    PEELED_VERBS,
    RESOLVED_PREFIXES,
    SUBCOMMAND_RUNNERS,
    versioned_program,
)
from permissions.floor import (
    BUILTIN_DENY,
    CLEARING,
    DISK_VERBS,
    FLOOR_VERBS,
    FOLDER_CLEARERS,
    NOT_DISKS,
    REMOVERS,
    floor_denies_views,
    folder_cleared,
    may_write_disk,
    writes_disk,
)
from permissions.matching import (
    ALLOW_RANK,
    ASK_RANK,
    DENY_RANK,
    NO_READING,
    NO_RULE,
    CompiledPermissions,
    rule_reading,
)
from permissions.scope import DIRECTORY_CHANGERS, Scope, descends, goes_back
from permissions.shell import ParsedCommand, Segment
from permissions.where import CODE_MAY_DELETE, picks_as_written

__all__ = [
    "KNOWN_CHARS",
    "NEUTRAL",
    "NO_RULE",
    "SegmentReading",
    "SegmentVerdict",
    "opaque_note",
    "read_known_segments",
    "read_segments",
    "views_of",
]

_UNCOVERED: tuple[str, str | None, str | None] = NO_READING  # (NO_RULE, None, None)
NEUTRAL = "neutral"  # a segment kind, never a reason: see permissions.commands.neutral
_NEUTRAL_VERDICT: tuple[str, str | None, str | None] = (AUTO_APPROVE, None, NEUTRAL)
# The shell's own directory changes that may end a command as grammar (_Reader._ends).
_TRAILING_MOVES = frozenset({"cd", "pushd", "popd"})
# Verbs whose segment may have more than one view; `npm`, `uv` ... only with their runner subcommand.
_SUB_FIRST = frozenset(verb for verb, _ in SUBCOMMAND_RUNNERS)
_LOOK_THROUGH = PEELED_VERBS - _SUB_FIRST
_RESOLVED_STARTS = frozenset(prefix[:3] for prefix in RESOLVED_PREFIXES)
# First words views_of may look through (so may a first word with `=` or `/`, or starting as a resolved
# prefix does): a cheap test before the call.
_MAY_LOOK = _LOOK_THROUGH | _SUB_FIRST
_DELETES = (
    FLOOR_VERBS | {"xargs", "git", "rsync"} | frozenset(REMOVERS)
)  # verbs as written whose deletions permissions.where reads
# Past MAX_SEGMENTS, the interpreters too: what their inline code deletes (_read_one reads it with its opaque code).
_DELETES_OR_CODE = _DELETES | CODE_FLOOR_VERBS


def _may_look(first: str, words: tuple[str, ...]) -> bool:
    """views_of's own test, before the call: whether a segment starting with ``first`` may have more than one
    view -- most first words have nothing to look through; a program Brabo does not know may hand on a
    command (red team, views.hands_on)."""
    return (
        first in _MAY_LOOK
        or "=" in first
        or "/" in first
        or first[:3] in _RESOLVED_STARTS
        or not first.islower()  # R4.10: `GIT push`, `RM -rf /` on a case-insensitive file system
        or "." in first  # R4.10: `git.exe`, `rm.exe`
        or (first[-1:].isdigit() and versioned_program(first) is not None)  # R4.10: `psql16`, `helm-v3`
        or (first not in KNOWN_PROGRAMS and len(words) > 2 and hands_on(words))  # `foo -- git push`
    )


# _may_look's answer for every program Brabo knows, whatever its other words (one lookup per segment; the
# commands package has loaded views.KNOWN_PROGRAMS before this module runs)
_LOOKS: dict[str, bool] = {first: _may_look(first, (first,)) for first in KNOWN_PROGRAMS}

_new = object.__new__  # see permissions.decide: filling a frozen dataclass's dict directly, once per segment


def _writes_a_disk(first: str, words: tuple[str, ...], redirects: tuple[str, ...]) -> bool:
    """Whether a segment led by a disk verb or with redirects may write a disk (``floor.may_write_disk``;
    R4.6): such a segment is the floor's to read, never the plain walk of the rules. Callers test ``first in
    DISK_VERBS or redirects`` first, inline: most segments have neither, and pay no call."""
    if first not in DISK_VERBS and not (
        "/dev/" in "\0".join(redirects) and not NOT_DISKS.issuperset(redirects)
    ):
        return False
    return may_write_disk(words, redirects)


Known = tuple[str, str | None, str | None]  # (verdict, pattern, reason kind or None when no rule speaks)
_Key = tuple[tuple[str, ...], frozenset[int]]


@dataclass(frozen=True)
class SegmentVerdict:
    command: str
    verdict: str  # deny | require_approval | auto_approve | no_rule
    pattern: str | None


class SegmentReading:
    """What step 4 learned from the segments: their verdicts and the tallies of the command's opinion. (The
    tallies keep their class default until a segment sets them: one reading per decision, set only as needed.)"""

    denied: tuple[str, str] | None = None  # (reason, pattern)
    asked: str | None = None
    allowed_reason: str | None = None
    uncovered: int = 0
    opaque: str | None = None  # why an uncovered segment's meaning cannot be read (R4.9)
    opaque_note: str | None = None  # why a segment is opaque, for the sentence people read (R4.9)
    may_delete: bool = False  # some view of a segment is a deleter (rm, find, xargs): the floor reads where

    def __init__(self) -> None:
        self.out: list[SegmentVerdict] = []
        self.seg_views: list[list[tuple[str, ...]]] = []  # kept unless the command is doomed


class _Reader:
    """The per-command context of the walk: the rules, the caches, where `cd` moves."""

    __slots__ = (
        "check_ask",
        "check_deny",
        "command",
        "comp",
        "cwds",
        "memo",
        "opaque_memo",
        "parsed",
        "scope",
        "scope_of",
        "written_memo",
    )

    def __init__(
        self,
        parsed: ParsedCommand,
        command: str,
        comp: CompiledPermissions,
        many: bool,
        scope_of: Callable[[], Scope],
    ) -> None:
        self.parsed = parsed
        self.command = command
        self.comp = comp
        self.check_deny = not comp.deny.empty
        self.check_ask = not comp.ask.empty
        # Past MAX_SEGMENTS nothing can be auto-approved, but every segment is still judged (R4.7); hostile
        # input repeats itself, so identical segments are judged once. (The scope declaration is not
        # evaluated there: `cd` cannot make such a command auto-approved anyway.)
        self.memo: dict[_Key, Known] | None = {} if many else None
        self.opaque_memo: dict[_Key, str | None] = {}
        self.written_memo: dict[tuple[str, ...], Known] | None = {} if many else None
        self.scope: Scope | None = None
        self.scope_of = scope_of
        self.cwds: list[frozenset[str]] | None = (
            None  # the directories each segment runs in, once a `cd` is met
        )

    def known(self, index: int, seg: Segment, vs: list[tuple[str, ...]], first: str) -> Known:
        """The rules' answer for a segment off the common path: looked through, a floor verb or `cd`."""
        words = seg.words
        if self.memo is not None and not seg.redirects:
            key = (words, seg.dynamic)
            known = self.memo.get(key)
            if known is None:
                known = self.memo[key] = judge_segment(
                    seg, vs, self.comp, self.check_deny, self.check_ask, None
                )
            return known
        dirs = None
        if first in DIRECTORY_CHANGERS:
            if self.scope is None:
                self.scope = self.scope_of()
            if self.cwds is None:
                self.cwds = self.scope.cwd_sets(self.parsed.segments, self.command) or []
            dirs = self.cwds[index] if index < len(self.cwds) else None  # R4.6, R6.2: where `cd` moved
            back = goes_back(words)
            if back or (len(words) == 2 and 1 in seg.dynamic):
                # `cd "$p"` in `for p in packages/*`; `cd -`, `popd` back to where permissions.where knows
                down = (
                    index + 1 < len(self.cwds) and self.scope.back_inside(words, self.cwds[index + 1])
                    if back
                    else first != "popd" and descends(words[1], self.parsed.segments, self.command)
                )
                known = judge_segment(
                    seg, vs, self.comp, self.check_deny, self.check_ask, self.scope, dirs, down
                )
                return _NEUTRAL_VERDICT if known[2] is None and self._ends(index, seg) else known
        known = judge_segment(seg, vs, self.comp, self.check_deny, self.check_ask, self.scope, dirs)
        if known[2] is None and first in _TRAILING_MOVES and self._ends(index, seg):
            return _NEUTRAL_VERDICT
        return known

    def _ends(self, index: int, seg: Segment) -> bool:
        """Friction, R4.4: whether ``seg``, a directory change, ends the command -- the last segment, at the top
        level, with no redirection and nothing after it: it moves nothing that runs in this command
        (`cd packages/ui && pnpm test; cd ../..`, `cd tests; cd -`). Deny, ask and the path scope still read it."""
        return (
            index == len(self.parsed.segments) - 1
            and not seg.hidden
            and not seg.redirects
            and seg.words[0] in _TRAILING_MOVES
            and self.command.rstrip().endswith(seg.text)
        )

    def opaque_of(self, seg: Segment, vs: list[tuple[str, ...]]) -> str | None:
        """R4.9's opaque reading of a segment past MAX_SEGMENTS, memoised by its words."""
        okey = (seg.words, seg.dynamic)
        if okey in self.opaque_memo:
            return self.opaque_memo[okey]
        found = self.opaque_memo[okey] = opaque_reason(vs, seg.dynamic)
        return found


def read_segments(
    parsed: ParsedCommand,
    command: str,
    comp: CompiledPermissions,
    doomed: bool,
    many: bool,
    scope_of: Callable[[], Scope],
    windows: bool = False,
) -> tuple[SegmentReading, Scope | None]:
    """Judge every segment of ``parsed`` (R4.7: all of them, even when the command is ``doomed`` -- it
    cannot be auto-approved whatever its segments say -- or ``many``, past MAX_SEGMENTS). Doomed, two things
    only an auto-approval needs are skipped on hostile-sized input: the views kept for the caps (built again if
    a hook asks), and the opaque reading of a segment no rule allowed (it can only turn an allow into "no rule",
    and its sentence is never shown: the reason is "unparseable", with its own). Returns the reading and the
    scope, when a `cd` needed it (``scope_of`` builds it). ``windows``: the command may run in PowerShell (SPEC
    §5), whose statements that only set or print a value are neutral (permissions.commands.windows)."""
    reading = SegmentReading()
    ps = windows and not doomed and powershell_values(command)
    out = reading.out
    seg_views = reading.seg_views
    judge_as_written = comp.judge_as_written
    named_first = comp.named_first
    # The rest of the walk's context (memos past MAX_SEGMENTS, where `cd` moves), made when a segment needs it.
    r: _Reader | None = None
    written_memo: dict[tuple[str, ...], Known] | None = {} if many else None
    # Past MAX_SEGMENTS, a Segment object met again (the reader hands out one object for a piece repeated word
    # for word) takes its first occurrence's verdict whole, the same SegmentVerdict object included. Keyed by
    # identity: hashing every distinct segment costs more than it saves, and only when some object does repeat:
    # holding a verdict per distinct segment costs too.
    segments = parsed.segments
    seen: dict[int, _Seen] | None = {} if many and len(set(map(id, segments))) < len(segments) else None
    for index, seg in enumerate(segments):
        hit = seen.get(id(seg)) if seen is not None else None
        if hit is not None:
            sv, vs, kind, seg_opaque = hit
            if not doomed:
                seg_views.append(vs)
            out.append(sv)
            _tally(reading, seg, sv, kind, seg_opaque)
            continue
        words = seg.words
        first = words[0] if words else ""
        # views_of's own test first (_may_look, known for most first words): most have nothing to look through.
        looks = _LOOKS.get(first)
        vs = views_of(words) if (_may_look(first, words) if looks is None else looks) else [words]
        if not doomed:
            seg_views.append(vs)
        if first in _DELETES_OR_CODE or (
            len(vs) > 1 and not reading.may_delete and any(v and v[0] in _DELETES_OR_CODE for v in vs)
        ):
            reading.may_delete = True  # the floor reads where it lands (permissions.where)
        if (
            len(vs) == 1
            and first
            and first not in FLOOR_VERBS
            and first not in DIRECTORY_CHANGERS
            and not ((first in DISK_VERBS or seg.redirects) and _writes_a_disk(first, words, seg.redirects))
        ):
            # The common case inlined: nothing to look through, no floor verb, no scope declaration. Its answer
            # depends on the words alone (judge_segment takes this very index walk), so past MAX_SEGMENTS it is
            # memoised by the words: no key to build, no redirect exclusion. A first word no pattern names has
            # no answer (named_first), without the walk.
            cached = (
                _UNCOVERED
                if named_first is not None and first not in named_first
                else written_memo.get(words)
                if written_memo is not None
                else None
            )
            if cached is not None:
                known = cached
            else:
                known = rule_reading(judge_as_written(words))
                if written_memo is not None:
                    written_memo[words] = known
        else:
            if r is None:
                r = _Reader(parsed, command, comp, many, scope_of)
            known = r.known(index, seg, vs, first)
        if known[2] is None and not doomed and (ps or first in NEUTRAL_FIRST or "=" in first):
            known = _unruled(seg, first, known, ps, command)  # the neutral grammar, PowerShell's values
        # (bash runs nothing of a PowerShell value)
        seg_opaque = _opaque_as_read(seg, known, ps, command) if ps else seg.opaque
        if (
            seg_opaque is None
            and seg.opaque is None
            and known is not _PS_VALUE
            and (not doomed or known[0] == AUTO_APPROVE)
            and _may_be_opaque(vs, first)
        ):
            # R4.9: inline code, a program read from the input, code loaded through the environment (memoised
            # past MAX_SEGMENTS).
            if not many:
                seg_opaque = _located_opaque(seg, opaque_reason(vs, seg.dynamic))
            else:
                if r is None:
                    r = _Reader(parsed, command, comp, many, scope_of)
                seg_opaque = r.opaque_of(seg, vs)
        if seg_opaque is not None and known[0] == AUTO_APPROVE and comp.allow.match_exactly(words) is None:
            # R4.9: a prefix allow (or the scope declaration) never covers an opaque segment.
            if reading.opaque_note is None:
                reading.opaque_note = opaque_note(seg.text, seg_opaque, known[1])
            known = _UNCOVERED
        sv = _new(SegmentVerdict)
        d = sv.__dict__
        d["command"] = seg.text
        d["verdict"] = known[0]
        d["pattern"] = known[1]
        kind = known[2]
        if seen is not None:
            seen[id(seg)] = (sv, vs, kind, seg_opaque)
        out.append(sv)
        if seg_opaque is None and (kind == "allow_rule" or kind == "scope_cd"):
            # The common case inlined (as _tally counts it): an allowed segment that is not opaque.
            if kind == "allow_rule" or reading.allowed_reason is None:
                reading.allowed_reason = kind
        else:
            _tally(reading, seg, sv, kind, seg_opaque)
    return reading, (r.scope if r is not None else None)


def read_known_segments(
    parsed: ParsedCommand,
    command: str,
    comp: CompiledPermissions,
    doomed: bool,
    scope_of: Callable[[], Scope],
    windows: bool = False,
) -> tuple[SegmentReading, Scope | None]:
    """What read_segments answers, for a command of at most MAX_SEGMENTS segments and KNOWN_CHARS characters:
    a segment's reading depends on the segment and the rules alone (but for `cd`, which reads where the command
    has moved), and agents repeat their segments (`git status`, `npm test`), so it is kept per rule set
    (CompiledPermissions.segment_memo), keyed by the Segment (its words, text, redirects, expansions, ...)."""
    reading = SegmentReading()
    memo = comp.segment_memo[doomed]
    r: _Reader | None = None
    out = reading.out
    seg_views = reading.seg_views
    # SPEC §5: PowerShell's readings, after the memo (its readings are the same wherever the command runs)
    ps = windows and not doomed and powershell_values(command)
    segments = parsed.segments
    if len(memo) > memo.limit - len(segments):
        memo.clear()  # Memo.keep's emptying, once for the command: the segments below never fill it past its limit
    for index, seg in enumerate(segments):
        one = memo.get(seg)
        if one is None:
            one = _read_one(seg, comp, doomed)
            if one is not None:
                memo[seg] = one
            else:
                if r is None:
                    r = _Reader(parsed, command, comp, False, scope_of)
                one = _read_cd(seg, index, r, comp, doomed)
        if ps and one[2] is None:
            # SPEC §5: `$env:X = 'y'`, `$env:PATH -split ';'`, `1..3`, `(...).Count`
            one = _powershell(seg, one, comp, command)
        # counted as _tally counts, the common case inlined (one call less per segment)
        sv, vs, kind, seg_opaque, deletes, note = one
        if not doomed:
            seg_views.append(vs)
        if deletes:
            reading.may_delete = True  # the floor reads where it lands (permissions.where)
        if note is not None and reading.opaque_note is None:
            reading.opaque_note = note
        out.append(sv)
        if seg_opaque is not None:
            _tally(reading, seg, sv, kind, seg_opaque)
        elif kind == "allow_rule":
            reading.allowed_reason = kind
        elif kind is None:
            reading.uncovered += 1  # no rule speaks for it, nothing opaque: what _tally counts
        elif kind != "scope_cd":
            _tally(reading, seg, sv, kind, seg_opaque)
        elif reading.allowed_reason is None:
            reading.allowed_reason = kind  # (an allow's reason is kept over the scope declaration's)
    return reading, (r.scope if r is not None else None)


# The per-rule-set segment memo (CompiledPermissions.segment_memo) is emptied when it holds its limit of
# segments; commands longer than KNOWN_CHARS (hostile sizes) are read without it, so it never holds more than a
# few MB.
KNOWN_CHARS = 2048

# A segment's reading below MAX_SEGMENTS: its verdict, views, reason kind, why it is opaque, whether one of
# its views deletes (the floor then reads where), and the opaque note it gives the command (or None).
_One = tuple[SegmentVerdict, list[tuple[str, ...]], str | None, str | None, bool, str | None]


# SPEC §5: a segment that is one of PowerShell's statements that only set or print a value: neutral (the same
# verdict as _NEUTRAL_VERDICT, a tuple of its own so that read_segments knows it holds nothing opaque).
_PS_VALUE: tuple[str, str | None, str | None] = (AUTO_APPROVE, None, NEUTRAL)


def _unruled(seg: Segment, first: str, known: Known, ps: bool, command: str) -> Known:
    """For a segment no rule spoke for (``known``): neutral when it is grammar around segments judged on their
    own, _PS_VALUE when it is one of PowerShell's values (``ps``: the command may hold one), else ``known``."""
    if _is_neutral(seg, first):
        return _NEUTRAL_VERDICT
    if ps and powershell_value(seg.text, command):
        return _PS_VALUE
    return known


def _powershell(seg: Segment, one: _One, comp: CompiledPermissions, command: str) -> _One:
    """A segment no rule spoke for (``one``), as PowerShell reads it: one of its statements that only set or print
    a value (permissions.commands.windows.powershell_value) is neutral; one led by an environment variable read
    whole (`$env:PATH -split ';'`) is what the rules say of its words -- to PowerShell `$env:PATH` is as literal
    a word as `git`, and bash runs no command of either (powershell_values) --; else ``one``."""
    if powershell_value(seg.text, command):
        kind: str | None = NEUTRAL
        pattern = None
    elif _led_by_a_read(seg) and env_drive_kept(command):
        ranked = comp.judge_as_written(seg.words)  # (a deny or an ask would have spoken already)
        if ranked is None or ranked[0] != ALLOW_RANK:
            return one
        kind = "allow_rule"
        pattern = ranked[1].text
    else:
        return one
    sv = _new(SegmentVerdict)
    d = sv.__dict__
    d["command"] = seg.text
    d["verdict"] = AUTO_APPROVE
    d["pattern"] = pattern
    return sv, one[1], kind, None, one[4], None


_FIRST_ONLY = frozenset({0})


def _led_by_a_read(seg: Segment) -> bool:
    """Whether the only thing opaque in ``seg`` is its command word, an environment variable read whole as
    PowerShell spells it (`$env:PATH -split ';'`: permissions.commands.windows.environment_read)."""
    return (
        seg.dynamic == _FIRST_ONLY
        and seg.opaque is not None
        and environment_read(seg.words[0])
        and seg.opaque == f"the command word {seg.words[0]!r} is not literal"
    )


def _opaque_as_read(seg: Segment, known: Known, ps: bool, command: str) -> str | None:
    """Why ``seg`` is opaque (R4.9), read_segments' reading: nothing for one of PowerShell's values, nor for a
    segment an allow covers whose command word is an environment variable read whole (``ps``: the command may
    run in PowerShell, permissions.commands.windows.powershell_values)."""
    if known is _PS_VALUE or (
        ps and known[2] == "allow_rule" and _led_by_a_read(seg) and env_drive_kept(command)
    ):
        return None
    return seg.opaque


def _is_neutral(seg: Segment, first: str) -> bool:
    """Grammar around segments judged on their own (permissions.commands.neutral)."""
    return (first in NEUTRAL_FIRST or "=" in first) and neutral(seg.words, seg.dynamic, seg.text)


def _may_be_opaque(vs: list[tuple[str, ...]], first: str) -> bool:
    """Whether opaque_reason can find anything in this segment: the verbs it reads, more than one view, a
    first word that may be a versioned interpreter, a brace or not ASCII."""
    return len(vs) > 1 or first in OPAQUE_VERBS or first[-1:].isdigit() or "{" in first or not first.isascii()


# The programs Brabo knows that _may_be_opaque answers no for, a segment of one view led by one (whatever its
# other words): one look-up instead of its tests in _read_one.
_CLEAR_FIRST = frozenset(first for first in KNOWN_PROGRAMS if not _may_be_opaque([(first,)], first))


# The programs Brabo knows that lead a segment none of _read_one's sets of first words speaks for: not `cd`,
# no deleter, no floor verb, no disk verb.
_CLEARING = CLEARING
_PLAIN_READ = frozenset(KNOWN_PROGRAMS - DIRECTORY_CHANGERS - _DELETES - FLOOR_VERBS - DISK_VERBS - {""})


# What a segment's program is given as its code or its commands on the input: the floor reads what it is fed.
_FROM_INPUTS = (PROGRAM_FROM_INPUT, FED_COMMANDS)


def _fed_by_redirect(seg: Segment, first: str) -> str | None:
    """The segment's own opaque reading, or -- red team -- FED_COMMANDS for a program of shell_starters.FED_ESCAPES
    given a file or another command's output by a redirect (`gdb -batch < <(echo 'shell git push')`, `ed < s.ed`
    written before): commands of its own no rule reads (as `sh < x.sh`), which the floor reads (permissions.where)."""
    if seg.opaque is not None or first not in FED_ESCAPES:
        return seg.opaque
    fed = any(k < len(seg.redirects) and seg.redirects[k] != "/dev/null" for k in seg.inputs)
    return FED_COMMANDS if fed else None


def _read_one(seg: Segment, comp: CompiledPermissions, doomed: bool) -> _One | None:
    """What read_segments learns from one segment below MAX_SEGMENTS, or None for `cd` (where it leads depends
    on where the command has moved: not a function of the segment alone). _finish_one for the segment,
    inlined (one call less per segment)."""
    words = seg.words
    first = words[0] if words else ""
    if first in _SIMPLE_FIRST and not seg.redirects:
        return _read_simple(seg, words, first, comp)  # the commonest first words, with what they need only
    # (most first words: none of the sets tested below, one look-up for all of them)
    plain = first in _PLAIN_READ
    if not plain and first in DIRECTORY_CHANGERS:
        return None
    # views_of's own test first (_may_look, known for most first words): most have nothing to look through.
    looks = _LOOKS.get(first)
    if _may_look(first, words) if looks is None else looks:
        vs = views_of(words)
        many = len(vs) > 1
        if not plain and first in _DELETES:
            deletes = picks_as_written(words)  # `git status`: the floor picks nothing, and is not asked
        else:
            deletes = many and any(v and v[0] in _DELETES for v in vs)
    else:
        vs = [words]
        many = False
        deletes = not plain and first in _DELETES and picks_as_written(words)
    if not deletes and (many or first in FOLDER_CLEARERS) and _CLEARING(seg.text) is not None:
        # red team: a program that clears a folder it is told (`uv venv --clear ~`, `python3 -m venv --clear /`)
        deletes = any(v and v[0] in FOLDER_CLEARERS and folder_cleared(v) for v in vs)
    if not many and (
        (plain and not seg.redirects)
        or (
            first
            and first not in FLOOR_VERBS
            and not ((first in DISK_VERBS or seg.redirects) and _writes_a_disk(first, words, seg.redirects))
        )
    ):
        # the index walk, inlined: judge_as_written's reading, known from the first two words for most
        # (CompiledPermissions.readings_by_first, whose first words all have some pattern); a first word no
        # pattern names has no answer (named_first), without the walk.
        fixed = comp.readings_by_first.get(first)
        if fixed is not None:
            known, by_second = fixed
            if by_second is not None and len(words) > 1:
                known = by_second.get(words[1], known)
        elif comp.named_first is not None and first not in comp.named_first:
            known = _UNCOVERED
        else:
            known = rule_reading(comp.judge_as_written(words))
    else:
        known = judge_segment(seg, vs, comp, not comp.deny.empty, not comp.ask.empty, None)
    # _finish_one, inlined: the neutral grammar, R4.9's opaque reading and the verdict.
    if (
        known[2] is None
        and not doomed
        and (first in NEUTRAL_FIRST or "=" in first)
        and neutral(words, seg.dynamic, seg.text)
    ):
        known = _NEUTRAL_VERDICT  # grammar around segments judged on their own
    seg_opaque = seg.opaque if not seg.inputs else _fed_by_redirect(seg, first)
    verdict = known[0]
    if (
        seg_opaque is None
        # (doomed: never auto-approved, but inline code is still read for what it deletes, R4.7)
        and (not doomed or verdict == AUTO_APPROVE or first in CODE_FLOOR_VERBS)
        # _may_be_opaque, inlined (its answer for one view known for most first words: _CLEAR_FIRST)
        and (
            many
            or (
                first not in _CLEAR_FIRST
                and (first in OPAQUE_VERBS or first[-1:].isdigit() or "{" in first or not first.isascii())
            )
            # settings a program loads from the input (commands.STREAM_LOADERS: `pytest -c /dev/stdin`)
            or (first in STREAM_LOADERS and may_name_a_stream(seg.text) is not None)
        )
    ):
        seg_opaque = _opaque_read(seg, vs)
    note = None
    if seg_opaque is not None:
        if not deletes and (
            (seg_opaque is INLINE and CODE_MAY_DELETE(seg.text) is not None)
            or seg_opaque in _FROM_INPUTS
            # (behind a wrapper whose own reason comes first: `env -i python3 <<EOF`)
            or (many and feeds_a_program(words))
        ):
            # R4.6: where what inline code recognisably deletes lands, and what code fed on the input deletes
            # (permissions.where, permissions.commands.fed_code)
            deletes = True
        if verdict == AUTO_APPROVE and comp.allow.match_exactly(words) is None:
            # R4.9: a prefix allow (or the scope declaration) never covers an opaque segment.
            note = opaque_note(seg.text, seg_opaque, known[1])
            known = _UNCOVERED
            verdict = known[0]
    sv = _new(SegmentVerdict)
    d = sv.__dict__
    d["command"] = seg.text
    d["verdict"] = verdict
    d["pattern"] = known[1]
    return sv, vs, known[2], seg_opaque, deletes, note


# The programs Brabo knows whose segment _read_one reads, when it has no redirection, by its first two words and
# the rules alone: a plain read (no `cd`, no deleter, no floor or disk verb), one view (nothing to look through,
# _LOOKS), never opaque by itself (_CLEAR_FIRST) and no neutral grammar (NEUTRAL_FIRST); a program's name holds
# no `=`. For them _read_simple is _read_one's walk without the tests that answer alike for each, whatever
# ``doomed`` is (test_read_one_fast_path.py holds the two equal).
_SIMPLE_FIRST = frozenset(
    first
    for first in _PLAIN_READ
    if _LOOKS.get(first) is False
    and first in _CLEAR_FIRST
    and first not in NEUTRAL_FIRST
    and "=" not in first
)


def _read_simple(seg: Segment, words: tuple[str, ...], first: str, comp: CompiledPermissions) -> _One:
    """_read_one for a segment led by one of _SIMPLE_FIRST, with no redirection."""
    fixed = comp.readings_by_first.get(first)
    if fixed is not None:
        known, by_second = fixed
        if by_second is not None and len(words) > 1:
            known = by_second.get(words[1], known)
    elif comp.named_first is not None and first not in comp.named_first:
        known = _UNCOVERED
    else:
        known = rule_reading(comp.judge_as_written(words))
    seg_opaque = seg.opaque  # (what the reader found: _read_one's own opaque reading finds nothing here ...)
    if first in STREAM_LOADERS and seg_opaque is None and may_name_a_stream(seg.text) is not None:
        seg_opaque = loads_from_input([words])  # (... but settings from the input: `gcc @/dev/stdin`)
    note = None
    if seg_opaque is not None and known[0] == AUTO_APPROVE and comp.allow.match_exactly(words) is None:
        # R4.9: a prefix allow (or the scope declaration) never covers an opaque segment.
        note = opaque_note(seg.text, seg_opaque, known[1])
        known = _UNCOVERED
    # red team: a program that clears a folder it is told (`go clean -modcache`, `pytest --basetemp=~`): the floor
    # reads where (permissions.where)
    deletes = first in FOLDER_CLEARERS and _CLEARING(seg.text) is not None and bool(folder_cleared(words))
    sv = _new(SegmentVerdict)
    d = sv.__dict__
    d["command"] = seg.text
    d["verdict"] = known[0]
    d["pattern"] = known[1]
    return sv, [words], known[2], seg_opaque, deletes, note


def _read_cd(seg: Segment, index: int, r: _Reader, comp: CompiledPermissions, doomed: bool) -> _One:
    """A `cd` segment's reading (the scope declaration: where the command has moved)."""
    vs = views_of(seg.words)
    return _finish_one(seg, vs, comp, doomed, r.known(index, seg, vs, seg.words[0]), False)


def _finish_one(
    seg: Segment,
    vs: list[tuple[str, ...]],
    comp: CompiledPermissions,
    doomed: bool,
    known: Known,
    deletes: bool,
) -> _One:
    """The neutral grammar, R4.9's opaque reading and the verdict, for a segment the rules answered ``known``."""
    words = seg.words
    first = words[0] if words else ""
    if known[2] is None and not doomed and _is_neutral(seg, first):
        known = _NEUTRAL_VERDICT  # grammar around segments judged on their own
    seg_opaque = seg.opaque
    if (
        seg_opaque is None
        and (not doomed or known[0] == AUTO_APPROVE)
        # _may_be_opaque, inlined (one call less per segment)
        and (
            len(vs) > 1
            or first in OPAQUE_VERBS
            or first[-1:].isdigit()
            or "{" in first
            or not first.isascii()
            # settings a program loads from the input (commands.STREAM_LOADERS: `pytest -c /dev/stdin`)
            or (first in STREAM_LOADERS and may_name_a_stream(seg.text) is not None)
        )
    ):
        seg_opaque = _opaque_read(seg, vs)
    note = None
    if seg_opaque is not None and known[0] == AUTO_APPROVE and comp.allow.match_exactly(words) is None:
        # R4.9: a prefix allow (or the scope declaration) never covers an opaque segment.
        note = opaque_note(seg.text, seg_opaque, known[1])
        known = _UNCOVERED
    sv = _new(SegmentVerdict)
    d = sv.__dict__
    d["command"] = seg.text
    d["verdict"] = known[0]
    d["pattern"] = known[1]
    return sv, vs, known[2], seg_opaque, deletes, note


_Seen = tuple[SegmentVerdict, list[tuple[str, ...]], str | None, str | None]  # sv, views, kind, opaque


def _tally(
    reading: SegmentReading, seg: Segment, sv: SegmentVerdict, kind: str | None, seg_opaque: str | None
) -> None:
    """Count one segment's verdict into the command's: the first deny, the first ask, the allow's reason."""
    if seg_opaque is not None and kind is None and reading.opaque is None:
        reading.opaque = seg_opaque
        if reading.opaque_note is None:
            reading.opaque_note = opaque_note(seg.text, seg_opaque, None)
    if kind is None:
        reading.uncovered += 1
    elif sv.verdict == DENY:
        if reading.denied is None:
            reading.denied = (kind, sv.pattern or "")
    elif kind == "ask_rule":
        if reading.asked is None:
            reading.asked = sv.pattern
    elif kind == NEUTRAL:
        pass  # needs no allow, and never auto-approves a command by itself
    elif kind == "allow_rule" or reading.allowed_reason is None:
        reading.allowed_reason = kind


def shown(text: str) -> str:
    """A command or a segment as a sentence for people quotes it: at most 80 characters."""
    return text if len(text) <= 80 else text[:77] + "..."


def _opaque_read(seg: Segment, vs: list[tuple[str, ...]]) -> str | None:
    """R4.9: inline code, a program read from the input, code loaded through the environment (opaque_reason, a
    located tool home read as _located_opaque reads it) ... and settings or a definition loaded from the input."""
    why = opaque_reason(vs, seg.dynamic)
    if why is None:
        return loads_from_input(vs) if may_name_a_stream(seg.text) is not None else None
    return _located_opaque(seg, why) if why.endswith(HOME_UNREAD) else why


def _located_opaque(seg: Segment, why: str | None) -> str | None:
    """``why`` (opaque_reason's reading of ``seg``), a tool home given what a toolchain locator prints read as a
    toolchain's own place (permissions.commands.environment.located_words: `JAVA_HOME=$(/usr/libexec/java_home
    -v 17) mvn test`, whose views hold only the reader's `$(…)`)."""
    if why is None or not why.endswith(HOME_UNREAD):
        return why
    located = located_words(seg.text, seg.words)
    return why if located is None else opaque_reason(views_of(located), seg.dynamic)


def opaque_note(text: str, why: str, dropped: str | None) -> str:
    """R4.9: why a segment was not auto-approved, for people (policy eval, the approval card)."""
    quoted = shown(text)
    note = f"'{quoted}' {why}" if why[:1].islower() and not why.startswith("the ") else f"'{quoted}': {why}"
    if dropped:
        note += f"; {dropped} is a prefix allow, and only an allow written for exactly these words covers it"
    return note


def judge_segment(
    seg: Segment,
    vs: list[tuple[str, ...]],
    comp: CompiledPermissions,
    check_deny: bool,
    check_ask: bool,
    scope: Scope | None,
    dirs: frozenset[str] | None = None,
    down: bool = False,
) -> Known:
    """Step 4 for one segment: (verdict, pattern, reason kind or None when no rule speaks). ``down``: a `cd`
    whose expanded target goes down from where it is (permissions.scope.descends)."""
    words = seg.words
    if not words:
        return NO_RULE, None, None
    first = words[0]
    if (
        first in FLOOR_VERBS
        or len(vs) > 1
        or ((first in DISK_VERBS or seg.redirects) and _writes_a_disk(first, words, seg.redirects))
    ):
        hit = floor_denies_views(vs) or (
            BUILTIN_DENY[0] if seg.redirects and writes_disk(seg.written()) else None
        )
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
        if scope is not None and words[0] in DIRECTORY_CHANGERS and scope.cd_inside(seg, dirs, down):
            return AUTO_APPROVE, None, "scope_cd"
        return NO_RULE, None, None
    if check_deny or check_ask:
        ranked = comp.deny_or_ask(vs)
        if ranked is not None:
            if ranked[0] == DENY_RANK:
                return DENY, ranked[1].text, "deny_rule"
            return REQUIRE_APPROVAL, ranked[1].text, "ask_rule"
    p = comp.allow.match_as_written(words, vs)
    if p is None and words[0] == "git" and words[1] == "-C":
        p = comp.allow.match_as_written(_here(words))  # `git -C dir status` under `Terminal(git status)`
    if p is not None:
        return AUTO_APPROVE, p.text, "allow_rule"
    if scope is not None and words[0] in DIRECTORY_CHANGERS and scope.cd_inside(seg, dirs, down):
        return AUTO_APPROVE, None, "scope_cd"
    return NO_RULE, None, None


def _here(words: tuple[str, ...]) -> tuple[str, ...]:
    """``git -C dir [-C dir2] rest`` as ``git rest``: -C only moves where git runs, as `cd dir && git rest`
    does; the folder is judged where a location is (the path scope, R6.1), the rest by the allow as written."""
    k = 1
    while k + 1 < len(words) and words[k] == "-C":
        k += 2
    return ("git", *words[k:])
