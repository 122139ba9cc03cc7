"""Word-prefix matching of Terminal patterns, and typed-pattern lookup (SPEC R4.1-R4.3, R4.8).

Permissions are compiled once per :class:`~permissions.decide.Permissions` object into an index keyed by
the first word, so a decision looks at the few patterns that share the segment's verb instead of all.
Matching is asymmetric (R4.8): deny and ask are tried against every view of the segment (assignments,
verb paths and wrappers peeled off) and read ``X:*`` as "X, or X:anything"; allow is tried only against
the segment as written and never covers, by prefix, a segment that runs other programs or deletes, nor a
git segment that changes branches, tags, remotes, worktrees or config (a read-anchored pattern such as
``Terminal(git branch -v)`` is not ``git branch -v -D main``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from permissions.grammar import Pattern, PatternError, WordSpec, parse_pattern
from permissions.wrappers import GIT_GLOBAL_FLAGS, GIT_GLOBAL_VALUE_OPTS, views

__all__ = [
    "CompiledList",
    "CompiledPermissions",
    "compile_list",
    "git_changes_state",
    "pattern_matches",
    "runs_other_programs",
]


def _word_matches(spec: WordSpec, word: str, loose: bool) -> bool:
    stem, prefix = spec
    if not prefix:
        return word == stem
    if word.startswith(stem):
        return True
    # Loose (deny/ask): `curl:*` also names the bare verb `curl` (the familiar `cmd:*` spelling).
    return loose and len(stem) > 1 and stem[-1] == ":" and word == stem[:-1]


def pattern_matches(pattern: Pattern, words: Sequence[str], loose: bool = False) -> bool:
    """R4.1: the pattern's words are a word prefix of ``words``."""
    specs = pattern.words
    if len(specs) > len(words):
        return False
    for k, spec in enumerate(specs):
        if not _word_matches(spec, words[k], loose):
            return False
    return True


_Entry = tuple[Pattern, "tuple[str, ...] | None"]  # (pattern, its words when none is a wildcard)


class CompiledList:
    """One of allow / deny / ask, indexed by the first one or two words for lookup."""

    __slots__ = ("by_one", "by_two", "loose", "patterns", "scan", "typed")

    def __init__(self, patterns: Iterable[Pattern], loose: bool) -> None:
        self.by_two: dict[tuple[str, str], list[_Entry]] = {}  # first two words literal
        self.by_one: dict[str, list[_Entry]] = {}  # first word literal, second absent or a wildcard
        self.scan: list[_Entry] = []  # empty content or a wildcard first word: tried for every segment
        self.typed: dict[str, Pattern] = {}  # action_type -> first `Label()` pattern
        self.loose = loose
        self.patterns: list[Pattern] = []
        for p in patterns:
            self.patterns.append(p)
            if not p.matchable:
                continue
            if p.action_type != "terminal":
                self.typed.setdefault(p.action_type, p)
                continue
            words = p.words
            exact = None if any(pre for _, pre in words) else tuple(w for w, _ in words)
            entry: _Entry = (p, exact)
            if not words:
                self.typed.setdefault("terminal", p)  # `Terminal()` matches every command (R3.2)
                self.scan.append(entry)
            elif words[0][1]:
                self.scan.append(entry)
            elif len(words) >= 2 and not words[1][1]:
                self.by_two.setdefault((words[0][0], words[1][0]), []).append(entry)
            else:
                self.by_one.setdefault(words[0][0], []).append(entry)

    def match_words(self, words: tuple[str, ...]) -> Pattern | None:
        if not words:
            return None
        loose = self.loose
        if len(words) >= 2 and self.by_two:
            for p, exact in self.by_two.get((words[0], words[1]), ()):
                if exact is not None:
                    if words[: len(exact)] == exact:
                        return p
                elif pattern_matches(p, words, loose):
                    return p
        for p, exact in self.by_one.get(words[0], ()):
            if exact is not None:
                if words[: len(exact)] == exact:
                    return p
            elif pattern_matches(p, words, loose):
                return p
        for p, _ in self.scan:
            if pattern_matches(p, words, loose):
                return p
        return None

    @property
    def empty(self) -> bool:
        return not self.by_one and not self.by_two and not self.scan

    def match_views(self, all_views: Sequence[tuple[str, ...]]) -> Pattern | None:
        """Deny/ask: the segment as written or any view of it (R4.8)."""
        for view in all_views:
            hit = self.match_words(view)
            if hit is not None:
                return hit
        return None

    def match_any_view(self, words: tuple[str, ...]) -> Pattern | None:
        if self.empty:
            return None
        return self.match_views(views(words))

    def match_as_written(self, words: tuple[str, ...]) -> Pattern | None:
        """Allow: the segment exactly as written; a prefix never covers a program-running segment (R4.8)."""
        hit = self.match_words(words)
        if hit is None:
            return None
        if (
            (words[0] == "find" or words[0] == "git")
            and _prefix_never_covers(words)
            and not _exact(hit, words)
        ):
            return None
        return hit

    def match_exactly(self, words: tuple[str, ...]) -> Pattern | None:
        """R4.9: an allow pattern written for exactly these words (no wildcard, no word left over)."""
        if not words:
            return None
        first = self.by_two.get((words[0], words[1]), ()) if len(words) >= 2 else ()
        for p, exact in (*first, *self.by_one.get(words[0], ())):
            if exact == words:
                return p
        return None


def _exact(p: Pattern, words: tuple[str, ...]) -> bool:
    return len(p.words) == len(words) and all(not pre and stem == w for (stem, pre), w in zip(p.words, words))


def compile_list(entries: Iterable[str], loose: bool) -> CompiledList:
    """Compile valid entries; invalid ones are the file loader's business (it refuses the file)."""
    out: list[Pattern] = []
    for e in entries:
        try:
            out.append(parse_pattern(e))
        except PatternError:
            continue
    return CompiledList(out, loose)


DENY_RANK, ASK_RANK, ALLOW_RANK = 0, 1, 2
_Ranked = tuple[int, Pattern, "tuple[str, ...] | None", bool]  # (rank, pattern, exact words, loose)


class CompiledPermissions:
    """The three lists, plus one merged index for the common case of a segment with nothing to look through."""

    __slots__ = ("_one", "_scan", "_two", "allow", "ask", "deny")

    def __init__(self, allow: Iterable[str], deny: Iterable[str], ask: Iterable[str]) -> None:
        self.allow = compile_list(allow, loose=False)
        self.deny = compile_list(deny, loose=True)
        self.ask = compile_list(ask, loose=True)
        self._two: dict[tuple[str, str], list[_Ranked]] = {}
        self._one: dict[str, list[_Ranked]] = {}
        self._scan: list[_Ranked] = []
        for rank, lst in ((DENY_RANK, self.deny), (ASK_RANK, self.ask), (ALLOW_RANK, self.allow)):
            for key2, entries in lst.by_two.items():
                self._two.setdefault(key2, []).extend((rank, p, ex, lst.loose) for p, ex in entries)
            for key1, entries in lst.by_one.items():
                self._one.setdefault(key1, []).extend((rank, p, ex, lst.loose) for p, ex in entries)
            self._scan.extend((rank, p, ex, lst.loose) for p, ex in lst.scan)

    def judge_as_written(self, words: tuple[str, ...]) -> tuple[int, Pattern] | None:
        """deny > ask > allow for a segment whose only view is itself, in one index walk (§5 step 4)."""
        best: tuple[int, Pattern] | None = None
        if len(words) >= 2:
            candidates = self._two.get((words[0], words[1]))
            if candidates:
                best = self._walk(candidates, words, best)
                if best is not None and best[0] == DENY_RANK:
                    return best
        candidates = self._one.get(words[0])
        if candidates:
            best = self._walk(candidates, words, best)
            if best is not None and best[0] == DENY_RANK:
                return best
        if self._scan:
            best = self._walk(self._scan, words, best)
        return best

    @staticmethod
    def _walk(
        candidates: list[_Ranked], words: tuple[str, ...], best: tuple[int, Pattern] | None
    ) -> tuple[int, Pattern] | None:
        best_rank = 3 if best is None else best[0]
        guarded: bool | None = None  # _prefix_never_covers(words), computed at most once
        for rank, p, exact, loose in candidates:
            if rank >= best_rank:
                continue
            if exact is not None:
                if words[: len(exact)] != exact:
                    continue
            elif not pattern_matches(p, words, loose):
                continue
            if rank == ALLOW_RANK and (words[0] == "find" or words[0] == "git") and not _exact(p, words):
                if guarded is None:
                    guarded = _prefix_never_covers(words)
                if guarded:
                    continue  # R4.8: a prefix never covers a program-running or git-state-changing segment
            best_rank = rank
            best = (rank, p)
            if rank == DENY_RANK:
                break
        return best


# R4.8: options that make a program run other programs or delete by itself.
_FIND_RUNNERS = frozenset({"-exec", "-execdir", "-ok", "-okdir", "-delete", "-fprint", "-fprintf", "-fls"})
# git global options (before the subcommand) that set config or the helper path: config can name programs.
_GIT_RUNNING_GLOBALS = frozenset({"-c", "--config-env", "--exec-path"})
# Long options that name a program to run, after any subcommand (matched as written and as `--opt=...`).
_GIT_RUNNING_PREFIXES = (
    "--exec",
    "--upload-pack",
    "--receive-pack",
    "--extcmd",
    "--tool",
    "--ext-diff",
    "--open-files-in-pager",
)
# Per subcommand, the options that make git run a program (given in the command, or configured): long
# names, matched exactly, as `--name=...` and as any abbreviation git's parse-options would take
# (`--exe=cmd`); and short letters, matched alone, with the value attached (`-xcmd`) or inside a cluster
# (`-ix cmd`). A letter that is really part of another option's value (`-Xours`) only makes allow match less.
_DIFF_RUNNERS = (("ext-diff", "textconv"), "")
_GIT_RUNNING_OPTIONS: dict[str, tuple[tuple[str, ...], str]] = {
    "rebase": (("exec",), "x"),
    "grep": (("open-files-in-pager", "textconv"), "O"),
    "clone": (("upload-pack", "template", "config"), "uc"),  # -c/--config: core.sshCommand for the fetch
    "fetch": (("upload-pack",), ""),  # fetch's -u is --update-head-ok
    "pull": (("upload-pack",), ""),
    "ls-remote": (("upload-pack",), "u"),
    "fetch-pack": (("upload-pack", "exec"), ""),
    "archive": (("exec",), ""),
    "push": (("receive-pack", "exec"), ""),  # push's -u is --set-upstream
    "send-pack": (("receive-pack", "exec"), ""),
    "send-email": (("to-cmd", "cc-cmd", "header-cmd", "sendmail-cmd", "smtp-server"), ""),
    "diff": _DIFF_RUNNERS,
    "diff-tree": _DIFF_RUNNERS,
    "diff-index": _DIFF_RUNNERS,
    "diff-files": _DIFF_RUNNERS,
    "log": _DIFF_RUNNERS,
    "show": _DIFF_RUNNERS,
    "whatchanged": _DIFF_RUNNERS,
    "format-patch": _DIFF_RUNNERS,
    "stash": _DIFF_RUNNERS,
    "blame": (("textconv",), ""),
    "annotate": (("textconv",), ""),
    "cat-file": (("textconv", "filters"), ""),
}
# Real options that are also abbreviations of a runner: git takes the exact name first.
_GIT_NOT_ABBREVIATIONS = frozenset({"text"})
# Subcommands that exist to run commands (or tools) given to them.
_GIT_RUNNING_SUBCOMMANDS = frozenset({"filter-branch", "difftool", "mergetool", "instaweb"})


def _git_subcommand(words: tuple[str, ...]) -> int:
    """Index of the subcommand of ``git <globals> <subcommand>``; -1 when a global option may run a
    program (`-c`, `--config-env`, `--exec-path=`) or its arity is not known, so the subcommand is a guess."""
    n = len(words)
    k = 1
    while k < n and words[k].startswith("-"):
        w = words[k]
        if w in _GIT_RUNNING_GLOBALS or w.startswith(("--config-env=", "--exec-path=")):
            return -1
        if w in GIT_GLOBAL_VALUE_OPTS:
            k += 2
        elif w in GIT_GLOBAL_FLAGS or (w.startswith("--") and "=" in w):
            k += 1
        else:
            return -1  # git refuses an option it does not know; allow does not guess past it
    return k


def _carries_runner(rest: tuple[str, ...], longs: tuple[str, ...], letters: str) -> bool:
    for w in rest:
        if w == "--":
            return False
        if len(w) < 2 or w[0] != "-":
            continue
        if w[1] == "-":
            name = w[2:].partition("=")[0]
            if name and name not in _GIT_NOT_ABBREVIATIONS and any(o.startswith(name) for o in longs):
                return True
        elif letters and any(c in letters for c in w[1:]):
            return True
    return False


def runs_other_programs(words: tuple[str, ...]) -> bool:
    """True for `find ... -exec/-delete`, `git -c ...`, `git ... --exec=...` and alike (R4.8)."""
    verb = words[0] if words else ""
    if verb == "find":
        return any(w in _FIND_RUNNERS for w in words)
    if verb != "git":
        return False
    k = _git_subcommand(words)
    if k < 0:
        return True
    if k >= len(words):
        return False
    sub = words[k]
    rest = words[k + 1 :]
    if sub in _GIT_RUNNING_SUBCOMMANDS:
        return True
    if any(w.startswith(_GIT_RUNNING_PREFIXES) for w in rest):
        return True
    runners = _GIT_RUNNING_OPTIONS.get(sub)
    if runners is not None and _carries_runner(rest, *runners):
        return True
    if sub == "submodule" and "foreach" in rest:
        return True
    return sub == "bisect" and rest[:1] == ("run",)


# -- git subcommands whose bare or read-anchored forms list, and whose other forms change state ---------------
# The seeds allow reading through read-anchored prefixes (R3.4: `git branch -v`, `git remote -v`,
# `git config --get` ...). Word-prefix matching would let such a pattern cover `git branch -v -D main`, so a
# prefix allow never covers a segment that, read the way git reads it, changes branches, tags, remotes,
# worktrees or config. Unknown options and abbreviations that could name a write count as writes.
_WRITE = "\0write"


def _long_name(name: str, reads: frozenset[str], writes: tuple[str, ...]) -> str:
    """The read option ``name`` stands for (parse-options: exact, else an unambiguous prefix), or _WRITE."""
    if name in reads:
        return name
    if not name or any(o.startswith(name) for o in writes):
        return _WRITE  # a write, an abbreviation of one, or ambiguous with one
    hits = [o for o in reads if o.startswith(name)]
    return hits[0] if len(hits) == 1 else _WRITE


class _Reads:
    """What one subcommand may carry and still only read."""

    __slots__ = ("listing", "longs", "short", "short_listing", "short_values", "values", "writes")

    def __init__(
        self,
        listing: str,
        longs: str,
        values: str,
        writes: str,
        short: str,
        short_listing: str,
        short_values: str = "",
    ) -> None:
        self.listing = frozenset(listing.split())  # long options that put it in list (or read) mode
        self.longs = frozenset(longs.split()) | self.listing  # every read-only long option
        self.values = frozenset(values.split())  # read options that take the next word as their value
        self.writes = tuple(writes.split())  # long options that write (or may: `--no-track`, `--comment`)
        self.short = short + short_listing + short_values  # read-only letters
        self.short_listing = short_listing  # letters that put it in list (or read) mode
        self.short_values = short_values  # read-only letters that take a value (attached, else the next word)


# git branch: list mode if -l/--list, or a filter (--contains, --merged, --points-at ...); otherwise a
# positional creates a branch, even after -v/-q/--sort/--format (checked against git 2.39).
_BRANCH = _Reads(
    "list contains no-contains merged no-merged points-at show-current",
    "all remotes verbose quiet ignore-case sort format color no-color column no-column abbrev no-abbrev"
    " omit-empty",
    "contains no-contains merged no-merged points-at sort format",
    "delete move copy force set-upstream-to unset-upstream edit-description track no-track set-upstream"
    " create-reflog recurse-submodules",
    "arvqi",
    "l",
)
# git tag: list mode if -l/--list, -n<num>, or a filter; -v verifies; otherwise a positional creates a tag.
_TAG = _Reads(
    "list contains no-contains merged no-merged points-at verify",
    "sort format color column no-column ignore-case omit-empty",
    "contains no-contains merged no-merged points-at sort format",
    "annotate sign local-user force delete message file edit no-edit cleanup create-reflog trailer",
    "i0123456789",
    "lnv",
)
# git config: a read action (--get ...), or one key, only reads; two positionals set a value.
_CONFIG = _Reads(
    "get get-all get-regexp get-urlmatch get-color get-colorbool list",
    "global system local worktree file blob type bool int bool-or-int path expiry-date no-type null"
    " name-only includes no-includes show-origin show-scope default fixed-value",
    "file blob type default",
    "add replace-all unset unset-all rename-section remove-section edit comment",
    "z",
    "l",
    "f",
)
_REMOTE_READ_VERBS = frozenset({"show", "get-url"})


def _read_options(rest: tuple[str, ...], reads: _Reads) -> tuple[list[str], bool] | None:
    """The positionals of ``rest`` and whether list mode is on; None when an option may write."""
    positionals: list[str] = []
    listing = False
    k = 0
    n = len(rest)
    while k < n:
        w = rest[k]
        k += 1
        if w == "--":
            positionals.extend(rest[k:])
            break
        if len(w) < 2 or w[0] != "-":
            positionals.append(w)
            continue
        if w[1] == "-":
            name, eq, _ = w[2:].partition("=")
            full = _long_name(name, reads.longs, reads.writes)
            if full == _WRITE:
                return None
            listing = listing or full in reads.listing
            if full in reads.values and not eq:
                k += 1  # `--sort key`, `--contains HEAD`: the value is not a positional
            continue
        for j in range(1, len(w)):
            c = w[j]
            if c in reads.short_values:
                if j + 1 == len(w):
                    k += 1
                break
            if c not in reads.short:
                return None
            listing = listing or c in reads.short_listing
    return positionals, listing


def git_changes_state(words: tuple[str, ...]) -> bool:
    """True when a `git branch|tag|remote|worktree|config` segment may create, delete, rename or set."""
    if len(words) < 2 or words[0] != "git":
        return False
    k = _git_subcommand(words)
    if k < 0 or k >= len(words):
        return k < 0
    sub = words[k]
    rest = words[k + 1 :]
    if sub == "remote" or sub == "worktree":
        # Their top-level options take no value, so the first positional is the sub-verb.
        verb = next((w for w in rest if not w.startswith("-")), None)
        if verb is None:
            return False  # `git remote [-v]` lists; a bare `git worktree` prints its usage
        return verb not in _REMOTE_READ_VERBS if sub == "remote" else verb != "list"
    reads = _BRANCH if sub == "branch" else _TAG if sub == "tag" else _CONFIG if sub == "config" else None
    if reads is None:
        return False
    parsed = _read_options(rest, reads)
    if parsed is None:
        return True
    positionals, listing = parsed
    if listing:
        return False
    if reads is _CONFIG:
        # `git config k v` sets; so do git 2.46's `set`, `unset`, `rename-section`, `remove-section`,
        # `edit` (`get k` and `list` read).
        return positionals[:1] == ["edit"] or (
            len(positionals) >= 2 and positionals[0] not in ("get", "list")
        )
    return bool(positionals)  # `git branch -v foo`, `git tag -i t`: a positional outside list mode creates


def _prefix_never_covers(words: tuple[str, ...]) -> bool:
    """R4.8: an allow pattern covers this `find`/`git` segment only when it spells the whole segment."""
    return runs_other_programs(words) or git_changes_state(words)
