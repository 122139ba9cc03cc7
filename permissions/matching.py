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

import posixpath
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from fnmatch import fnmatchcase
from typing import Any, TypeAlias

from permissions.action_types import AUTO_APPROVE, DENY, REQUIRE_APPROVAL
from permissions.commands.copies import CLIPBOARD, CLIPBOARD_READERS, prints_clipboard
from permissions.commands.file_printers import PRINTER_PROGRAMS, printed_files
from permissions.commands.git import git_changes_state, runs_other_programs
from permissions.commands.option_tables_git import pull_merges
from permissions.commands.options import (
    CODE_RUN,
    OPTIONS_UNREAD,
    PROGRAMS,
    UNREAD,
    WIDER,
    Reading,
    gate,
    level_at,
    normalise,
    normalised,
    program_name,
    spellings,
)
from permissions.commands.settings_writers import socat_files
from permissions.commands.syntax import option_values
from permissions.commands.tasks import TASK_VERBS
from permissions.commands.views import (
    ARGUMENT_READERS,
    ENV_READERS,
    HANDED_NAMES,
    INITIALIZES,
    KNOWN_PROGRAMS,
    KUBECTL_CARRIERS,
    KUBECTL_NAMES,
    is_assignment,
    look_through,
    option_of_variable,
    views_under,
)
from permissions.commands.windows import posix_spellings
from permissions.commands.windows_names import CMD, POWERSHELL, SHARED
from permissions.commands.windows_names import PROGRAMS as WINDOWS_POSIX
from permissions.commands.wrappers import (
    OTHER_NAMES,
    POSARGS_RUNNERS,
    RUNNERS,
    RUNS_WHAT_FOLLOWS,
    SUBCOMMAND_RUNNERS,
    UNKNOWN_WORD_RUNS,
    WRAPPERS,
    peels_after,
)
from permissions.floor import REMOVERS, long_recursive
from permissions.glob_syntax import EXPANSION_OPERATOR, bash_glob, expanded_value
from permissions.grammar import Pattern, PatternError, WordSpec, parse_pattern
from permissions.literal_search import literal_trie
from permissions.memos import Memo
from permissions.where import DELETING_PROGRAMS, HOME, named_below
from permissions.wrappers import views

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

    __slots__ = ("_mentions", "by_one", "by_two", "gates", "loose", "meant", "patterns", "scan", "typed")

    def __init__(self, patterns: Iterable[Pattern], loose: bool) -> None:
        self._mentions: dict[frozenset[str], re.Pattern[str]] = {}
        self.by_two: dict[tuple[str, str], list[_Entry]] = {}  # first two words literal
        self.by_one: dict[str, list[_Entry]] = {}  # first word literal, second absent or a wildcard
        self.scan: list[_Entry] = []  # empty content or a wildcard first word: tried for every segment
        self.typed: dict[str, Pattern] = {}  # action_type -> first `Label()` pattern
        self.loose = loose
        self.patterns: list[Pattern] = []
        # R4.10: a loose list (deny, ask) also matches by meaning, keyed by every spelling of the program.
        self.meant: dict[str, list[tuple[Pattern, tuple[AnyMeaning, ...]]]] = {}
        self.gates: dict[str, frozenset[str] | None] = {}  # see options.gate: words one must see, or None
        for p in patterns:
            self.patterns.append(p)
            if not p.matchable:
                continue
            if p.label == "Mcp":
                continue  # an Mcp(...) pattern names calls, not the type (permissions.mcp)
            if p.action_type != "terminal":
                self.typed.setdefault(p.action_type, p)
                continue
            if not p.words:
                self.typed.setdefault("terminal", p)  # `Terminal()` matches every command (R3.2)
            if not loose:
                self._index(p)
                for q in _here_named(p):
                    self._index(q)
                continue
            for q in (
                q
                for base in (p, *_folder_starred(p))
                for q in (
                    base,
                    *_posix_named(base),
                    *_home_named(base),
                    *_script_named(base),
                    *_entry_named(base),
                    *_readers_named(base),
                    *_package_scripts_named(base),
                    *_tasks_named(base),
                    *_other_name_named(base),
                    *_assigned_as_options(base),
                    *_same_act_named(base),
                    *_deleters_named(base),
                    *_modes_named(base),
                )
            ):
                found = meanings(q)
                if found:
                    found = (*found, *_pulls_merging(found))
                    for name in _names_of_program(program_name(q.words[0][0])):
                        self.meant.setdefault(name, []).append((q, found))
                        _widen_gate(self.gates, name, q, found)
                for one in _as_named(q):
                    self._index(one)

    def _index(self, p: Pattern) -> None:
        words = p.words
        exact = None if any(pre for _, pre in words) else tuple(w for w, _ in words)
        entry: _Entry = (p, exact)
        if not words or words[0][1]:
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
        meant = self.meant.get(words[0]) if self.meant else None
        if meant is not None and _may_mean(self.gates[words[0]], words):
            readings = _any_readings(words)
            for p, found in meant:
                if any(m.matches(r) for m in found for r in readings):
                    return p
        return None

    def mentioned(self, plain: str, also: frozenset[str] = frozenset()) -> tuple[str, Pattern | None] | None:
        """The first program a pattern of this list (or ``also``) names, standing as a word anywhere in
        ``plain``: (that word, its pattern, or None for a word of ``also``). A pattern with no literal first
        word (`Terminal()`, `Terminal(*)`) names every command: the word is then ``""``. Over-matches on
        purpose (R4.8), for a command too complex to read in full (R4.7, the read budget)."""
        if self.scan:
            return "", self.scan[0][0]
        rx = self._mentions.get(also)
        if rx is None:
            words = {*also, *self.by_one, *(a for a, _ in self.by_two)}
            if not words:
                return None
            # the longest name standing as a whole word (nothing of a word before it, nor after)
            alternatives = literal_trie(words, after_first="(?<![A-Za-z0-9_].)")
            rx = self._mentions[also] = re.compile(rf"(?:{alternatives})(?![A-Za-z0-9_])")
        m = rx.search(plain)
        if m is None:
            return None
        word = m.group()
        found = [
            p
            for p, _ in (
                *self.by_one.get(word, ()),
                *(e for k, es in self.by_two.items() if k[0] == word for e in es),
            )
        ]
        # the rule as written naming the word first (`Terminal(git reset --hard)` for `git`, not `Terminal(rm -rf)`,
        # whose reading names `git clean`), else the floor's verb, else any
        own = next((p for p in found if word in p.text), None)
        return word, own if own is not None or word in also else (found[0] if found else None)

    @property
    def empty(self) -> bool:
        return not self.by_one and not self.by_two and not self.scan and not self.meant

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

    def match_as_written(
        self, words: tuple[str, ...], all_views: Sequence[tuple[str, ...]] = ()
    ) -> Pattern | None:
        """Allow: the segment exactly as written; a prefix never covers a program-running segment (R4.8).
        ``all_views``: the segment's views, when it has more than itself (a wrapper's, a launcher's)."""
        hit = self.match_words(words)
        if hit is None:
            return None
        if words[0] in _GUARDED and _prefix_never_covers(words) and not _exact(hit, words):
            return None
        if len(all_views) > 1 and not _exact(hit, words):
            fed = _feeds(words, all_views)
            if fed or _wraps(words, all_views):
                # R4.8, R4.9: a wrapper's or a launcher's prefix covers the command it runs only when it names it
                # -- or, xargs', when an allow of this list covers that command on its own
                starts = _wrapped_starts(words, all_views)
                if starts and not _reaches(hit, starts) and not (fed and self._covers_run(starts)):
                    return self._reaching(words, starts)
        return hit

    def _covers_run(self, starts: list[tuple[int, tuple[str, ...]]]) -> bool:
        """Whether this (allow) list covers, as written, the command xargs runs (the first of ``starts``): the
        words it is fed are that command's last arguments, which a prefix of it covers as it covers the command
        typed out (`Terminal(grep)` covers `xargs grep -l TODO`)."""
        run = min(starts)[1]
        return self.match_as_written(run, views(run)) is not None

    def _reaching(self, words: tuple[str, ...], starts: list[tuple[int, tuple[str, ...]]]) -> Pattern | None:
        """The first pattern of this (allow) list that matches ``words`` and names every command they run."""
        pair = self.by_two.get((words[0], words[1]), []) if len(words) > 1 else []
        for p, _ in (*pair, *self.by_one.get(words[0], ()), *self.scan):
            if pattern_matches(p, words) and (_exact(p, words) or _reaches(p, starts)):
                return p
        return None

    def match_exactly(self, words: tuple[str, ...]) -> Pattern | None:
        """R4.9: an allow pattern written for exactly these words (no wildcard, no word left over)."""
        if not words:
            return None
        first = self.by_two.get((words[0], words[1]), ()) if len(words) >= 2 else ()
        for p, exact in (*first, *self.by_one.get(words[0], ())):
            if exact == words:
                return p
        return None


def _folder_starred(p: Pattern) -> tuple[Pattern, ...]:
    """Deny and ask (R4.8: when unsure they match more): a pattern whose last word is a folder and a `*` after its
    `/` (`cat secrets/*`, `rm -rf data/*`) -- literal under R4.2, so it would meet only the word `secrets/*` --
    also as the folder's prefix, meeting every path under it (`cat secrets/prod.json`). SPEC R4.2 keeps the word
    literal (its example is the floor's `rm -rf /*`); a team's deny of `cat secrets/*` means what is in it, the
    safest reading. The floor's own patterns are untouched (not in the file)."""
    specs = p.words
    if len(specs) < 2 or specs[-1][1] or not specs[-1][0].endswith("/*") or len(specs[-1][0]) < 3:
        return ()
    return (replace(p, words=(*specs[:-1], (specs[-1][0][:-1], True))),)


def _here_named(p: Pattern) -> tuple[Pattern, ...]:
    r"""Friction (R4.8: an allow names the program file as written, and this is the same file): an allow whose
    command word is a relative path with a separator (`scripts/test.sh`, `.venv/bin/python`) also as written from
    the working folder (`./scripts/test.sh`) -- and one written with Windows' separators (`.venv\Scripts\python.exe`,
    which the shell's reading writes without them) as `.\` before it reads (`..venvScriptspython.exe`); the
    reverse for one written with `./` (`./scripts/test.sh` as `scripts/test.sh`). A bare name (`x.sh`) is a
    program looked up on PATH, not the file: never."""
    if not p.words or p.words[0][1] or p.action_type != "terminal":
        return ()
    first = p.words[0][0]
    raw = p.content.split(None, 1)[0] if p.content.strip() else ""
    out: list[str] = []
    if first.startswith("./"):
        if "/" in first[2:]:
            out.append(first[2:])
    elif "/" in first and first[:1] not in "/~$" and not first.startswith(".."):
        out.append("./" + first)
    if "\\" in raw[1:] and raw[:2] != ".\\" and raw[:1] not in "\\/~$" and raw[1:2] != ":":
        out.append("." + first)
    return tuple(replace(p, words=((w, False), *p.words[1:])) for w in out)


def _exact(p: Pattern, words: tuple[str, ...]) -> bool:
    return len(p.words) == len(words) and all(not pre and stem == w for (stem, pre), w in zip(p.words, words))


def compile_list(entries: Iterable[str], loose: bool) -> CompiledList:
    """Compile valid entries; invalid ones are the file loader's business (it refuses the file). A loose list
    (deny, ask) also holds, for a pattern spelled with a launcher, the tool it launches (_launched_forms)."""
    out: list[Pattern] = []
    for e in entries:
        try:
            p = parse_pattern(e)
        except PatternError:
            continue
        out.append(p)
        if loose:
            out.extend(_launched_forms(p))
    return CompiledList(out, loose)


# R4.10: launchers that run a named tool from the package registries (`npx`, `pnpm dlx`, `yarn dlx`, `bunx`,
# `uvx`, `pipx run`, `npm exec`): the same tool by another launcher is the same program.
_LAUNCHER_FIRST = frozenset(RUNNERS) | {"dx"}
_LAUNCHER_PAIRS = frozenset(
    {("npm", "exec"), ("npm", "x"), ("pnpm", "dlx"), ("pnpm", "exec"), ("yarn", "dlx"), ("yarn", "exec"),
     ("bun", "x"), ("pipx", "run"), ("deno", "x")}
)  # fmt: skip


def _launched_forms(p: Pattern) -> list[Pattern]:
    """R4.10 (red team): a deny or ask pattern spelled with a launcher (`Terminal(npx rimraf)`) also names the
    tool it launches, whatever launches it (`pnpm dlx rimraf src`, `bunx rimraf`, `npm exec -- rimraf`): the
    launched words as the views read them (the package's own command, its version dropped), the pattern's text
    kept for the sentence a person reads. A wrapper's pattern (`Terminal(env rm)`) is not widened. A project
    initializer (`create-x`, `@s/create-x`, `@s/create`) is also what `npm init x` / `npm create x`, `yarn
    create x`, `pnpm create x` and `bun create x` run (_initialized); and a pattern spelled with one of those
    (`Terminal(yarn create evil)`) names the package it runs (`create-evil`), which the views of every other
    spelling read (`npx create-evil`, `npm init evil`, `pnpm create evil@1`)."""
    words = p.words
    if p.action_type != "terminal" or not words or words[0][1] or any(pre for _, pre in words[:-1]):
        return []
    literal = tuple(stem for stem, _ in words)
    out: list[Pattern] = []
    seen: set[tuple[WordSpec, ...]] = {words}

    def add(found: tuple[WordSpec, ...]) -> None:
        if found not in seen:
            seen.add(found)
            out.append(Pattern(p.text, p.label, p.action_type, p.content, found, p.matchable))

    packages = [words]  # the package words as written (not a command name the views guess for it)
    pair = literal[:2]
    if len(literal) > 1 and (literal[0] in _LAUNCHER_FIRST or pair in _LAUNCHER_PAIRS or pair in INITIALIZES):
        for view in views(literal)[1:]:
            k = len(literal) - len(
                view
            )  # the view is the pattern's tail, its program word as the view reads it
            if k >= 1 and view[1:] == literal[k + 1 :]:
                # (`Terminal(npm create evil*)`: the initializer's package still ends in a wildcard, `create-evil*`;
                # a launcher's star is no program's name: `Terminal(npx r*)` is not every `r…` tool)
                star = words[k][1] and k == len(words) - 1 and pair in INITIALIZES and bool(view[0])
                launched = ((view[0], star), *words[k + 1 :])
                add(launched)
                if literal[k].partition("@")[0] == view[0].partition("@")[0] or literal[k] == view[0]:
                    packages.append(launched)
    for launched in packages:
        name = _initialized(launched[0][0])
        if name is not None:
            for initializer in _INITIALIZERS:
                add((*((w, False) for w in initializer), (name, False), *launched[1:]))
                if len(launched) == 1:  # `npm create evil@latest my-app`: the initializer with a version
                    add((*((w, False) for w in initializer), (f"{name}@", True)))
    return out


# `npm init x` runs `create-x` (`npm init @s/x`: `@s/create-x`; `npm init @s`: `@s/create`), as do `npm create`,
# `yarn create`, `pnpm create` and `bun create` (npm's and the others' documentation).
_INITIALIZERS = (("npm", "init"), ("npm", "create"), ("npm", "innit"), ("yarn", "create"), ("pnpm", "create"),
                 ("bun", "create"))  # fmt: skip


def _initialized(program: str) -> str | None:
    """The initializer word the managers turn into the package ``program`` (None when it is no `create-` one)."""
    name = program.partition("@")[0] if program[:1] != "@" else program
    if name.startswith("create-") and len(name) > 7:
        return name[7:]
    scope, slash, rest = name.partition("/")
    if scope[:1] == "@" and slash:
        if rest == "create":
            return scope
        if rest.startswith("create-") and len(rest) > 7:
            return f"{scope}/{rest[7:]}"
    return None


def _path_like(word: str) -> bool:
    return "/" in word or word[:1] == "."


def _names_a_place(p: Pattern) -> bool:
    """Whether a Terminal pattern names a path among its words after the first: one written as a path (`./x`,
    `/srv/data`, `.env`) or as a file's name (`docker compose -f prod.yml`), or -- for a program whose table reads
    no subcommands, where a word is an operand and not a command's or a ref's name -- any plain name (`cat
    secrets`, `rm -rf data`; not `chmod 777`)."""
    if p.words and _script_path(p.words[0]):
        return True  # `./deploy.sh`: the script, wherever it is run from and by whatever reads it
    rest = [stem for stem, _ in p.words[1:] if (stem[:1].isalnum() or _path_like(stem)) and "://" not in stem]
    if any(_path_like(stem) for stem in rest):  # (a URL is compared by Meaning: _fold_url)
        return True
    name = program_name(p.words[0][0]) if p.words else ""
    if name in _TASK_NAMED:
        return False  # `make clean`, `mix ecto.migrate`: a task's or a target's name
    if any("." in stem for stem in rest):
        return True  # a file's name (`prod.yml`)
    table = PROGRAMS.get(name)
    return (table is None or not table.subcommands) and any(_may_name_a_place(s) for s in rest)


# Programs whose plain words name tasks or targets, not places (permissions.commands.tasks' runners, and the
# build tools whose tasks are dotted or plain names).
_TASK_NAMED = TASK_VERBS | frozenset(
    {"mix", "gradle", "gradlew", "mvn", "mvnw", "sbt", "lein", "bazel", "bazelisk"}
)


def _may_name_a_place(word: str) -> bool:
    """A pattern's word that may be a place's name: no option, no setting (`a=b`), no URL, no number."""
    return bool(word) and word[:1] != "-" and "=" not in word and "://" not in word and not word.isdigit()


def _place_named_by(p: Pattern) -> tuple[str, ...]:
    """The command words a segment's view is led by when ``p`` may name its paths ("" when any word may); for a
    script's path, the script's name (what a view led by any path to it ends with: decide._paths_spelt) and the
    shell's words that source it."""
    first, prefix = p.words[0]
    if prefix:
        return ("",)
    if _script_path(p.words[0]):
        return (first, fold_path(first), first.rpartition("/")[2], *SOURCING)
    if _prints_places(p):
        # (each reader of the place: _readers_named; git printing a committed copy: content_reads)
        return (
            first,
            *_PRINTS_PLACES,
            *_READS_PLACES,
            *_CONTENT_READERS,
            *SCRIPT_RUNNERS,
            *SOURCE_QUOTERS,
            *FED_SCRIPTS,
            PRINTS_A_PLACE,
        )
    if program_name(first) == "rm":
        # (each program deleting the place: where.deletion_views, read as `rm -rf` of what it deletes)
        return (first, *_names_of_program("rm"), *DELETING_PROGRAMS, DELETES_A_PLACE)
    return (first, *_names_of_program(program_name(first)))


# R4.10: the programs that print a file's content given its name, every operand a place (`cat`, `head`, `less`,
# `base64`) -- and those given a pattern or a program first (`grep KEY .env`, `awk 1 .env`, `sort .env`).
_PRINTS_PLACES = frozenset(
    "cat bat batcat less more most nl tac head tail strings xxd od hexdump base64 base32 basenc uuencode glow"
    " highlight pygmentize gron unexpand shuf tsort ptx pv"
    # the decompressors' printers (`zcat -f .env` prints a file that is not compressed as it is)
    " zcat gzcat bzcat xzcat lzcat zstdcat lz4cat brcat zless zmore bzless bzmore xzless xzmore"
    # table viewers (csvkit's, VisiData, fx)
    " csvlook csvcut csvgrep csvsort csvformat csvjson csvstat in2csv fx vd visidata tabview"
    # red team: the pager and the text browsers printing a local file (`pg .env`, `w3m -dump .env`)
    " pg w3m lynx links elinks".split()
)
_READS_PLACES = frozenset(
    "grep egrep fgrep rg ag ack awk gawk mawk nawk sort uniq cut paste jq yq column fold fmt pr expand rev"
    " iconv sed diff sdiff diff3 colordiff cmp comm join look csplit split mlr dasel tar zip 7z 7za csvtool xsv qsv"
    # Python's modules that print a file they are given (`python3 -m json.tool .env`: the view led by the module)
    " json.tool tokenize quopri"
    # red team: ICU's iconv, the word and syntax diffs, and Python's modules that print a file's tokens, tree,
    # bytecode (its names and constants) or encoding (`python3 -m ast .env`, `python3 -m uu .env`)
    " uconv wdiff delta difft icdiff dis ast shlex uu tabnanny".split()
)


# git's subcommands that print what a file holds or how it changed, given its path (`git blame .env`, `git diff --
# .env`), each with whether it prints changes only when asked (`git log -p`) -- and the options asking for them,
# and those that make the others print names or counts only (`git diff --stat`)
_GIT_PRINTS_FILES = {
    "log": True,
    "whatchanged": True,
    "show": False,
    "diff": False,
    "blame": False,
    "annotate": False,
    "grep": False,
    "format-patch": False,
    "stash": True,  # `git stash show -p stash@{0} -- .env`
}
_GIT_PATCH = frozenset({"-p", "-u", "--patch", "--cc", "--word-diff", "--color-words", "--patch-with-stat"})
_GIT_NAMES_ONLY = frozenset(
    "--stat --name-only --name-status --numstat --shortstat --summary --dirstat --no-patch -s --quiet --raw"
    " --compact-summary".split()
)
# git options whose value is the next word (`git grep -e KEY`, `git log -n 5`, `git blame -L 1,5`)
_GIT_VALUES = frozenset(
    {"-e", "-f", "-n", "-S", "-G", "-L", "-C", "-c", "--author", "--grep", "--since", "--until"}
)


# R4.10, R4.8: the programs that run a file they are given as a script -- PHP prints whatever in it is no code (all
# of `.env`), the others print the lines a syntax error stops at (`python3 .env`, `node .env`): decide._scripts_run.
SCRIPT_RUNNERS = frozenset(
    "python python3 python2 pypy pypy3 node nodejs deno bun tsx ts-node ruby perl lua luajit Rscript php php-cgi"
    " bash sh zsh dash ksh mksh fish tclsh wish".split()
)
# ... and the compilers and checkers that quote the source line they report on (`gcc -fsyntax-only .env`, `ruff
# check .env`, `python3 -m py_compile .env`): every file they are given may be printed.
SOURCE_QUOTERS = frozenset(
    "gcc g++ cc c++ clang clang++ tcc rustc tsc ruff shellcheck pyflakes py_compile mypy".split()
)

# R4.10, red team: the database clients' options naming a script file they run (`psql -f .env`: an error quotes
# the line it stops at, `LINE 1: DB_PASSWORD=...`); a `.read FILE` or `source FILE` word is one too (sqlite3's,
# mysql's `-e 'source .env'`)
SCRIPT_FILE_OPTIONS: dict[str, frozenset[str]] = {
    "psql": frozenset({"-f", "--file"}),
    "cqlsh": frozenset({"-f", "--file"}),
    "usql": frozenset({"-f", "--file"}),
    "clickhouse-client": frozenset({"--queries-file"}),
    "sqlcmd": frozenset({"-i"}),
    "duckdb": frozenset({"-f", "-init"}),
    "sqlite3": frozenset({"-init"}),
    "mysql": frozenset(),
    "mariadb": frozenset(),
}
# ... and the programs that run what they are fed on their input as a script, quoting a line an error stops at
# (`psql < .env`, `mysql < .env`, `redis-cli < .env`, `python3 < .env`): what they are fed maybe printed
FED_SCRIPTS = (
    SCRIPT_RUNNERS
    | frozenset(SCRIPT_FILE_OPTIONS)
    | frozenset(
        {
            "redis-cli",
            "valkey-cli",
            "keydb-cli",
            "mongosh",
            "mongo",
            "pgcli",
            "mycli",
            "litecli",
            "clickhouse",
            "isql",
        }
    )
)


# In CompiledPermissions.path_rules when a deny or ask pattern prints a place (`cat .env`): no program's name, a
# mark decide._paths_spelt reads (the shell's own readers, content_reads, what is handed at run time).
PRINTS_A_PLACE = "\x00prints a place"
# ... and when one deletes a place (`rm -rf data`): decide._paths_spelt reads other deleters as `rm -rf`.
DELETES_A_PLACE = "\x00deletes a place"
# The programs content_reads reads a place's content from (git's copies and history, `dd if=`, `curl file://`,
# `openssl -in`)
_CONTENT_READERS = (
    "git",
    "dd",
    "socat",
    "curl",
    "openssl",
    "xargs",
    "perl",
    "ruby",
    "unzip",
    *sorted(CLIPBOARD_READERS),
    *sorted(PRINTER_PROGRAMS - {"git"}),
)


def content_reads(view: tuple[str, ...]) -> list[tuple[str, ...]]:
    """R4.10: git printing a file's committed or staged copy (`git show HEAD:.env`, `git show :.env`, `git cat-file -p
    main:config/.env`), its history or changes to it (`git log -p -- .env`, `git diff HEAD~5 -- .env`, `git blame
    .env`, `git grep KEY -- .env`), and `dd if=.env` -- each read as `cat` of that file, for a rule printing it
    (_readers_named); so are xargs' file of operands (`xargs -a .env echo`), Perl's and Ruby's line loops
    (_looped_over) and the files a searcher picks by a glob (`grep -r --include=.env`, as named_below's globs);
    [] for any other view. So are the files a program prints by its own reading (permissions.commands.file_printers:
    `dotenv list`, `sops -d .env`, `terraform output`, `aws configure get`)."""
    head = view[:1]
    if head and head[0] in CLIPBOARD_READERS and prints_clipboard(view):
        return [("cat", CLIPBOARD)]
    if head and head[0] in PRINTER_PROGRAMS:
        printed = printed_files(view)
        if printed or head[0] != "git":
            return [("cat", fold_path(f)) for f in printed]
    if head == (
        "unzip",
    ):  # `unzip -p a.zip .env`: a member printed, as tar's `-O` members are (_READS_PLACES)
        return _unzip_printed(view)
    read = _FILES_READ.get(head[0]) if head else None
    if read is not None:
        return [("cat", fold_path(f)) for f in read(view)]
    if head and head[0] in _LINE_LOOPERS:  # `perl -pe '' .env`, `ruby -ne 'puts $_' .env`
        return _looped_over(view)
    if head and head[0] in _SEARCHERS:  # `grep -r KEY --include=.env .`, `rg -g .env KEY`: the files it picks
        globs = [g for g in option_values(view[1:], _SEARCHER_GLOB) if g[:1] != "!"]
        return [("cat", d) for g in globs for d in named_below(g)]
    if len(view) < 3 or view[0] != "git":
        return []
    k = 1
    while k < len(view) and view[k][:1] == "-":
        k += 2 if view[k] in ("-C", "-c") else 1  # git's own options (`--no-pager`, `-C dir`)
    if k >= len(view):
        return []
    sub = view[k]
    if sub in ("show", "cat-file"):
        out: list[tuple[str, ...]] = [
            ("cat", _plain_path(path))
            for w in view[k + 1 :]
            if w[:1] != "-" and (path := w.partition(":")[2])
        ]
        if out or sub == "cat-file":
            return out
    patched = _GIT_PRINTS_FILES.get(sub)
    return [] if patched is None else _git_file_reads(view[k + 1 :], sub, patched)


# curl's options sending a file's content (`-d @.env`, `--data-binary=@.env`, `-F f=@.env`, `-F f=<.env`, `-T .env`),
# as curl's option table reads them (abbreviated too: `--data-bin`, `--upload`): a server that echoes the request
# (any on the machine) prints it back. (`--data-raw` and `--form-string` send an `@` as it is.)
_CURL_FILE_BODY = frozenset({"data", "data-binary", "data-ascii", "data-urlencode", "json", "form"})


def _curl_sent(view: tuple[str, ...]) -> list[str]:
    """The files a curl view sends as its data, a form's field or an upload."""
    out: list[str] = []
    for r in normalised(view):
        for key in r.keys:
            name, eq, value = key.partition("=")
            if not eq:
                continue
            if name == "upload-file":
                out.append(value)
            elif name in _CURL_FILE_BODY and ("@" in value or (name == "form" and "=<" in value)):
                out.append(value.partition("@" if "@" in value else "<")[2].partition(";")[0])
    return [f for f in out if f and f != "-"]


def _curl_read(view: tuple[str, ...]) -> list[str]:
    """`curl file:///srv/app/.env`: a local file by its URL; a file it sends (`-d @.env`)."""
    return [w[7:].removeprefix("localhost") for w in view[1:] if w[:7].lower() == "file://"] + _curl_sent(
        view
    )


def _unzip_printed(view: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The members `unzip -p`/`-c` prints (every operand after the archive, not those after `-x`), as one `cat`
    view; [] when it extracts to files or lists."""
    printing = False
    members: list[str] = []
    excluded = False
    k = 1
    while k < len(view):
        w = view[k]
        k += 1
        if w[:1] == "-" and len(w) > 1:
            excluded = w == "-x"
            printing = printing or (w[:2] != "--" and ("p" in w[1:] or "c" in w[1:]))
            k += 1 if w in ("-d", "-P") else 0
        elif not excluded:
            members.append(w)
    return [("cat", *(fold_path(m) for m in members[1:]))] if printing and len(members) > 1 else []


# xargs' file of operands, the searchers' file pickers (a glob, `!` excluding)
_XARGS_FILE = frozenset({"-a", "--arg-file"})
_SEARCHERS = frozenset({"grep", "egrep", "fgrep", "rg"})
_SEARCHER_GLOB = frozenset({"--include", "-g", "--glob", "--iglob"})


# content_reads' programs printing the files they are given by a word of their own, each read as `cat` of them
_FILES_READ: dict[str, Callable[[tuple[str, ...]], list[str]]] = {
    "dd": lambda view: [w[3:] for w in view[1:] if w.startswith("if=") and len(w) > 3],
    "curl": _curl_read,
    # `socat -u FILE:.env STDOUT`: a file address passed on to the output
    "socat": socat_files,
    # `openssl base64 -in .env`, `openssl enc -base64 -in .env`
    "openssl": lambda view: [view[k + 1] for k in range(1, len(view) - 1) if view[k] == "-in"],
    # `xargs -a .env echo`: the file's words handed to a command that prints them
    "xargs": lambda view: option_values(view[1:], _XARGS_FILE),
}


# Interpreters whose -p runs their code on each line of the files they are given and prints it, as sed does, and
# whose -n does when the code prints (a word of the code saying so)
_LINE_LOOPERS = frozenset({"perl", "ruby"})
_PRINTING_CODE = re.compile(r"\b(?:print|printf|say|puts|p)\b")


def _looped_over(view: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The files an interpreter's line loop prints (`perl -pe '' .env`, `perl -lne print .env`) as one `cat` view
    per reading of its option table (option_tables_files' PERL, RUBY); none when it edits them in place (`-i`),
    runs a script file, or its code prints nothing."""
    out: list[tuple[str, ...]] = []
    for r in normalised(view):
        keys = r.keys
        code = next((k[2:] for k in keys if k[:2] in ("e=", "E=")), None)
        if code is None or "i" in keys or not ("p" in keys or ("n" in keys and _PRINTING_CODE.search(code))):
            continue
        files = [fold_path(w) for w in r.operands if w != CODE_RUN and w[:1] != "-"]
        if files:
            out.append(("cat", *files))
    return out


def _plain_path(path: str) -> str:
    return fold_path(path[2:] if path.startswith("./") else path)


def _line_loc_end(value: str, at: int) -> int:
    """Where one end of a `-L` range that starts at ``at`` ends (git's line-log.c parse_loc): a number with its
    sign, or a `/regex/` (after an optional `^`) ending at its first unescaped `/`; ``at`` when neither."""
    k = at + (value[at : at + 1] in ("+", "-"))
    while k < len(value) and value[k].isdigit():
        k += 1
    if k > at:
        return k
    k = at + (value[at : at + 1] == "^")
    if value[k : k + 1] != "/":
        return at
    k += 1
    while k < len(value) and value[k] != "/":
        k += 2 if value[k] == "\\" else 1
    return min(k + 1, len(value))


def _line_range_file(value: str) -> str:
    """The file a `-L` value names: everything after the colon that follows its range (`1,5:a:b` is `a:b`; a
    `:funcname:` range ends at its second colon; a `/regex/` may hold colons). A value git would not read as a
    range gives the text after its first colon."""
    if value[:1] == ":":
        end = value.find(":", 1)
    else:
        end = _line_loc_end(value, 0)
        if value[end : end + 1] == ",":
            end = _line_loc_end(value, end + 1)
        if value[end : end + 1] != ":":
            end = value.find(":")
    return value[end + 1 :] if end >= 0 else ""


def _git_file_reads(args: tuple[str, ...], sub: str, patched: bool) -> list[tuple[str, ...]]:
    """The paths a git subcommand printing files names (content_reads), as one `cat` view; [] when its options make
    it print names or counts only, or (``patched``) print no change at all."""
    options = [w.partition("=")[0] for w in args if w[:1] == "-"]
    asks_patch = any(o in _GIT_PATCH or o.startswith("-L") for o in options)
    if (patched and not asks_patch) or (not asks_patch and not _GIT_NAMES_ONLY.isdisjoint(options)):
        return []
    paths: list[str] = []
    pattern = sub == "grep" and not any(o in ("-e", "-f", "--regexp", "--file") for o in options)
    k = 0
    while k < len(args):
        w = args[k]
        k += 1
        if w == "--":
            paths += args[k:]
            break
        if w[:1] != "-":
            if pattern:
                pattern = False  # (git grep's pattern, not a place)
            else:
                paths.append(w)
        elif w.startswith("-L"):  # `-L 1,5:.env`, `-L:func:.env`: the file after the range
            value = w[2:] or (args[k] if k < len(args) else "")
            k += 0 if w[2:] else 1
            paths.append(_line_range_file(value))
        elif w in _GIT_VALUES:
            k += 1
    named = [_plain_path(p) for p in paths if p]
    # a pathspec's glob matches a leading dot and across folders (`git log -p -- '*.env'` prints `.env`'s history)
    globbed = [("cat", g) for p in named if "*" in p or "?" in p or "[" in p for g in named_below(p)]
    return [("cat", *named), *globbed] if named else []


def _prints_places(p: Pattern) -> bool:
    """Whether a pattern is a program printing the content of places it names, every operand a place."""
    specs = p.words
    return (
        len(specs) > 1
        and not specs[0][1]
        and program_name(specs[0][0]) in _PRINTS_PLACES
        and not any(prefix for _, prefix in specs[1:-1])
        and (
            not specs[-1][1] or bool(specs[-1][0])
        )  # (`cat .env*`: the last a name's prefix, not a lone `*`)
        and _all_places(specs[1:])
    )


def _readers_named(p: Pattern) -> tuple[Pattern, ...]:
    """R4.10, deny and ask: a pattern printing places (`cat .env`, `less secrets/prod.json`) is the act of reading
    them, met by every program that prints a file's content given its name: the same pattern led by each (`head
    .env`, `grep -r KEY .env`, `base64 .env`: the places among its words, in any order). The same text, for the
    reason."""
    if not _prints_places(p):
        return ()
    specs = p.words
    first = program_name(specs[0][0])
    return tuple(
        replace(p, words=((reader, False), *specs[1:]))
        for reader in sorted(_PRINTS_PLACES | _READS_PLACES)
        if reader != first
    )


def _script_path(spec: WordSpec) -> bool:
    """A pattern's first word that is a path to a program no table knows: a project's script (`./deploy.sh`,
    `scripts/release.sh`, `bin/deploy`)."""
    stem, prefix = spec
    return not prefix and "/" in stem and "://" not in stem and program_name(stem) not in KNOWN_PROGRAMS


SOURCING = ("source", ".")  # (the shell's words that source a file)


def _script_named(p: Pattern) -> tuple[Pattern, ...]:
    """R4.10, deny and ask: a pattern led by a script's path (`./deploy.sh --prod`) also as that path written plainly
    (`deploy.sh`: what a script run by an interpreter, `bash deploy.sh`, or from another folder is read as, its
    path written from where the command starts: matching.paths_from) and sourced by the shell (`source deploy.sh`,
    `. deploy.sh`); the same text, for the reason."""
    if not p.words or not _script_path(p.words[0]):
        return ()
    script = fold_path(p.words[0][0])
    rest = p.words[1:]
    leads: list[tuple[WordSpec, ...]] = [((script, False),)] if script != p.words[0][0] else []
    leads += [((word, False), (script, False)) for word in SOURCING]
    return tuple(replace(p, words=(*lead, *rest)) for lead in leads)


def fold_path(word: str) -> str:
    """``word`` as the path it names, written plainly: `./.env` is `.env`, `/srv/data/` and `//srv/./data` are
    `/srv/data`, `a/../b` is `b` (read as written: a link may lead elsewhere, and deny then matches more). A
    URL or a word that is no path is kept."""
    if "/" not in word:
        return word
    if "://" in word:
        return _fold_url(word)
    folded = posixpath.normpath(word)
    return "/" + folded.lstrip("/") if folded[:2] == "//" else folded


def _fold_url(word: str) -> str:
    """A URL as the place it names, for a deny or ask to compare (R4.8: match more): `//HOST./PATH/` -- any
    scheme; the host in lower case, its labels from the top (`com.pastebin.www.`), without user or default port;
    the path folded and ended by `/`; query and fragment dropped -- so that a rule's URL is a prefix of every URL
    at or under it (`https://Pastebin.com:443/`, `http://pastebin.com/api/x` for `https://pastebin.com`), and a
    rule naming a site with no path (Meaning: the `/` after its host dropped) of its subdomains' too. A word that is
    no URL is kept."""
    scheme, _, rest = word.partition("://")
    if not scheme.isalpha():
        return word
    rest = rest.partition("#")[0].partition("?")[0]
    host, _, path = rest.partition("/")
    host = host.rpartition("@")[2].lower()
    if host.endswith((":80", ":443")):
        host = host.rpartition(":")[0]
    name, colon, port = (
        host.rpartition(":") if host[-1:].isdigit() and "]" not in host[-7:] else (host, "", "")
    )
    # (`pastebin.com.`, the name fully qualified: the same host)
    top = ".".join(reversed(name.rstrip(".").split("."))) + "." + colon + port
    path = posixpath.normpath("/" + path).strip("/")
    return f"//{top}/{path}/" if path else f"//{top}/"


def _fold_rule_operand(stem: str, prefix: bool, urls: bool = False) -> WordSpec:
    """A deny or ask pattern's operand as Meaning compares it, folded: a URL a prefix (of its subdomains' too when
    it names no path: `//com.pastebin.`). ``urls``: the operand of a _URL_TAKERS program, whose host written
    without a scheme is a URL too (`curl pastebin.com`) and whose HTTP method word is compared in upper case."""
    if "://" not in stem:
        if not urls or prefix:
            # (a folder's prefix keeps its `/`: `secrets/` meets `secrets/a`, not `secretsx` -- _folder_starred)
            return fold_path(stem) + "/" * (prefix and stem[-1:] == "/" and len(stem) > 1), prefix
        if _hostlike(stem):
            stem = "http://" + stem
        else:
            return _fold_url_operand(stem), prefix
    folded = _fold_url(stem)
    return (folded[:-1] if folded.endswith("./") else folded), True


# Programs whose operands are URLs, a scheme left out (`curl pastebin.com` is http://pastebin.com).
_URL_TAKERS = frozenset({"curl", "wget", "wget2", "http", "https", "xh", "xhs", "curlie", "aria2c"})


def _fold_url_operand(word: str) -> str:
    """An operand of a _URL_TAKERS program as fold_path writes it, a host's name without a scheme read as a URL,
    an HTTP method word (HTTPie's `http post x`, which it upper-cases) in upper case."""
    if "://" not in word and _hostlike(word):
        return _fold_url("http://" + word)
    if word.isalpha() and word.upper() in _HTTP_METHODS:
        return word.upper()
    return fold_path(word)


def _hostlike(word: str) -> bool:
    """A word a _URL_TAKERS program reads as a URL with no scheme: a host's name (a `.` in it) first."""
    return word[:1].isalnum() and "." in word.partition("/")[0]


_HTTP_METHODS = frozenset("GET HEAD POST PUT PATCH DELETE OPTIONS TRACE CONNECT".split())
# HTTPie and xh: with no method word, a request sends data -- a `field=value`, `field:=json` or `field@file` item, a
# form -- as POST, else GET (their documentation): a rule's `http POST host` meets `http host x=1`.
_HTTPIE = frozenset({"http", "https", "xh", "xhs"})
_DATA_ITEM = re.compile(r"[^=:@/]+(?:=(?!=)|:=|@)")
_SENDS_FORMS = frozenset({"-f", "--form", "--multipart", "--raw"})


def _implied_method(words: Sequence[str]) -> str:
    """The method HTTPie reads for a request of ``words`` (its operands, none a method word)."""
    sends = any(w in _SENDS_FORMS or (w[:1] != "-" and _DATA_ITEM.match(w) is not None) for w in words)
    return "POST" if sends else "GET"


def _all_addresses(ops: tuple[WordSpec, ...]) -> bool:
    """Whether a _URL_TAKERS pattern's operands are web addresses (one at least) and HTTP method words only: met
    among the segment's words in any order (`curl -d @x example.com pastebin.com` contacts both; HTTPie's method
    word stands before its URL, request items after it)."""
    addresses = [stem for stem, prefix in ops if not prefix or "://" in stem]
    return (
        len(addresses) == len(ops)
        and any("://" in stem or _hostlike(stem) for stem in addresses)
        and all("://" in stem or _hostlike(stem) or stem.upper() in _HTTP_METHODS for stem in addresses)
    )


_PWD_PREFIXES = ("$PWD/", "${PWD}/")
_OPERATED = frozenset(
    {"${PWD%", "${PWD#", "${PWD/", "${PWD:", "${PWD,", "${PWD^", "${PWD~", "${PWD@", "${HOME"}
)
_OPERATED_PLACE = re.compile(r"\$\{(PWD|HOME)" + EXPANSION_OPERATOR + r"([^{}$`]*)\}(.*)", re.DOTALL)
_HOME_WORDS = ("~", "$HOME", "${HOME}")


def _at_home(word: str) -> str | None:
    """What follows the home folder in ``word`` (`/.ssh` for `~/.ssh`, `$HOME/.ssh`, `${HOME}/.ssh`; "" for the
    folder itself), or None when ``word`` does not start there."""
    for lead in _HOME_WORDS:
        if word.startswith(lead) and (len(word) == len(lead) or word[len(lead)] == "/"):
            return word[len(lead) :]
    return None


def _as_written_home(place: str, users: bool = False) -> str:
    """An absolute place as a pattern writes it: under the home folder (where.HOME), from `~`; ``users``: under
    any user's home folder too (`/root`, `/home/NAME`, `/Users/NAME`: whose is not known, deny matches more)."""
    if place.startswith(HOME):
        return "~" + place[len(HOME) :]
    if users:
        parts = place.split("/")  # ['', 'home', NAME, ...]
        if len(parts) >= 2 and parts[1] == "root":
            return "/".join(("~", *parts[2:]))
        if len(parts) >= 3 and parts[1] in ("home", "Users") and parts[2]:
            return "/".join(("~", *parts[3:]))
    return place


def paths_from(view: tuple[str, ...], folder: str, start: str) -> list[tuple[str, ...]]:
    """``view``, run in ``folder``, with its paths written absolute (`data` as `/srv/data` in `/srv`) and written
    relative to ``start``, where the command starts, where they are inside it (`/srv/ws/app/.env`, `$PWD/.env`,
    `../.env` run in `/srv/ws/app/sub` as `.env`), each also with its plain words kept (a plain word may be a
    subcommand or a name): each a view when it changes a word (R4.10: the same place another way;
    permissions.decide._paths_spelt)."""
    here = folder.rstrip("/") + "/"
    top = start.rstrip("/") + "/"
    head = view[0]
    # a program run by its path (`../deploy.sh`)
    lead, led = _respelt(head, _place(head, here) if "/" in head else None, top)
    relative: list[str] = [led]
    absolute: list[str] = [lead]
    # ... and with a plain word kept as written (`compose` in `docker compose -f ../prod.yml` is a subcommand)
    relative_paths: list[str] = [led]
    absolute_paths: list[str] = [lead]
    homes: list[str] = [head]  # a user's home folder written `~` (`/home/me/.ssh` as `~/.ssh`)
    for w in view[1:]:
        place = _place(w, here)
        spelt, inside = _respelt(w, place, top)
        absolute.append(spelt)
        relative.append(inside)
        plain = w[:1].isalnum() and "/" not in w
        absolute_paths.append(w if plain else spelt)
        relative_paths.append(w if plain else inside)
        homes.append(w if plain or place is None else _as_written_home(place, users=True))
    views = dict.fromkeys(tuple(v) for v in (relative, absolute, relative_paths, absolute_paths, homes))
    return [v for v in views if v != view]


def _respelt(word: str, place: str | None, top: str) -> tuple[str, str]:
    """``word`` (naming ``place``, or None) written absolute -- as written when it is, from `~` under the home
    folder -- and relative to ``top`` where the place is inside it; the word as written for no place."""
    if place is None:
        return word, word
    return (word if word[:1] == "/" else _as_written_home(place)), (
        place[len(top) :] if place.startswith(top) else word
    )


def windows_places(view: tuple[str, ...]) -> tuple[str, ...] | None:
    """``view`` (a Windows segment read in a POSIX program's words) with its paths written as fold_path writes a
    POSIX one (`.\\.env` as `.env`, `src\\..\\secrets.txt` as `secrets.txt`), or None when no word changes."""
    out = [view[0]]
    for w in view[1:]:
        out.append(fold_path(w.replace("\\", "/")) if w[:1] != "-" and ("\\" in w or w[:2] == "./") else w)
    spelt = tuple(out)
    return spelt if spelt != view else None


_UNDER_HOME = {
    "XDG_CONFIG_HOME": "/.config",
    "XDG_DATA_HOME": "/.local/share",
    "XDG_STATE_HOME": "/.local/state",
    "XDG_CACHE_HOME": "/.cache",
}
_OTHER_HOME = re.compile(
    r"~(?:[A-Za-z_][\w.-]*|\$\{?(?:USER|LOGNAME)\}?)(?=/|$)"
    r"|\$(?:\{(XDG_(?:CONFIG|DATA|STATE|CACHE)_HOME)\}|(XDG_(?:CONFIG|DATA|STATE|CACHE)_HOME)(?!\w))"
)
_PROC_PLACE = re.compile(r"/proc/(?:[\w$-]+|\$\{\w+\})(?:/task/[^/]+)?/(root|cwd)(?:/|$)")


def _place(word: str, here: str) -> str | None:
    """The absolute path ``word`` names run in ``here`` (a folder ending in `/`), or None for an option, an
    expansion or a word that names no path."""
    if not word or word[:1] == "-" or word == ".":
        return None
    if word.startswith(_PWD_PREFIXES):
        return fold_path(here + word.partition("/")[2])
    if word[:6] in _OPERATED and (m := _OPERATED_PLACE.match(word)) is not None:
        # red team: the folder or the home folder as an expansion changes it (`${PWD%/src}/.env`, `${HOME%/}`)
        value = expanded_value(here[:-1] or "/" if m.group(1) == "PWD" else HOME, m.group(2), m.group(3))
        if value is None:
            return None
        word = value + m.group(4)
    if word[:6] == "/proc/" and (m := _PROC_PLACE.match(word)) is not None:
        # a process's root or working folder (`/proc/self/cwd/.env`; another's too: the agent's shell, `$PPID`)
        return fold_path(("/" if m.group(1) == "root" else here) + word[m.end() :])
    home = _at_home(word)
    if home is not None:
        return fold_path(HOME + home)
    if word[:1] in ("~", "$") and (m := _OTHER_HOME.match(word)) is not None:
        # a user's home by name (`~root`, `~$USER`: whose is not known, deny more) or a folder under it that the
        # environment names (`$XDG_CONFIG_HOME/..`)
        return fold_path(HOME + _UNDER_HOME.get(m.group(1) or m.group(2) or "", "") + word[m.end() :])
    if "$" in word or "`" in word or "://" in word:
        return None
    if word[:1] == "/":
        return fold_path(word)
    if _path_like(word) or word[:1].isalnum() or word[:1] in _GLOB_LEADS:
        # (red team: a glob names the places it matches there -- `cd secrets && cat *`)
        return fold_path(here + word)
    return None


_GLOB_LEADS = frozenset("*?[")


def _operands_match(ops: tuple[WordSpec, ...], words: Iterable[str]) -> bool:
    for (stem, prefix), w in zip(ops, words):
        if w != stem and not (prefix and w.startswith(stem)):
            return False
    return True


def _places_among(ops: tuple[WordSpec, ...], words: Sequence[str], under: bool = False) -> bool:
    """Every place a pattern names is among ``words`` wherever it stands (`cat x .env` reads `.env` as `cat .env`
    does, `rm -rf build data` deletes `data`): R4.10, the act and not the order it is written in. ``under``: a
    place inside it counts too (`rm -rf data/*`, `rm -rf data/sub` delete what `rm -rf data` would)."""
    return all(
        any(
            w == stem or (prefix and w.startswith(stem)) or (under and w.startswith(stem.rstrip("/") + "/"))
            for w in words
        )
        for stem, prefix in ops
    )


def _acts_on_a_list(path: tuple[str, ...]) -> bool:
    """Whether a subcommand's operands are the items it acts on, each alike (`kubectl delete namespace staging
    prod`, `npm install react lodash`, `docker rm web db`): not one that runs a command or a script its operands
    are handed to (`docker run IMAGE CMD`, `npm run build -- x`, `uv run pytest`)."""
    return (
        len(path) > 1
        and path[-1] not in _RUNS_ITS_OPERANDS
        and (path[0], path[-1]) not in RUNS_WHAT_FOLLOWS
        and not peels_after(path[0], path[-1])
    )


# Subcommands whose operands after the first are handed to what they run (a script's, a task's arguments).
_RUNS_ITS_OPERANDS = frozenset(
    {"run", "run-script", "exec", "x", "dlx", "start", "test", "script", "execute"}
)


def _all_items(ops: tuple[WordSpec, ...]) -> bool:
    """Whether a pattern's operands are plain items (a name, a number, a path), no wildcard, option or setting."""
    return bool(ops) and all(
        stem and not prefix and stem[:1] != "-" and "=" not in stem and "://" not in stem
        for stem, prefix in ops
    )


def _met_anywhere(name: str, ops: tuple[WordSpec, ...]) -> bool:
    """Whether the operands of a pattern of program ``name`` (no subcommand) are met among a segment's words in any
    order: places, for a program that reads, writes or deletes the places it is given (not `chown`'s owner,
    `chmod`'s mode), or web addresses, for a program that contacts them (_all_addresses)."""
    return ((name in _FILE_OPERANDS or name in _READS_PLACES) and _all_places(ops)) or (
        name in _URL_TAKERS and _all_addresses(ops)
    )


_DELETES_UNDER = frozenset({"rm", "rmdir", "unlink", "shred", "srm", "trash", "trash-put"})
_FILE_OPERANDS = (
    _DELETES_UNDER | _PRINTS_PLACES | frozenset("wc file stat source . touch truncate cp mv".split())
)


def _all_places(ops: tuple[WordSpec, ...]) -> bool:
    """Whether every one of a pattern's operands names a place (no wildcard word, no option, no setting)."""
    return bool(ops) and all(
        stem and _may_name_a_place(stem) for stem, prefix in ops if not prefix or "://" in stem
    )


class Meaning:
    """R4.10: a deny/ask pattern read through its program's option table, once, when the policy loads.

    It matches a reading of a segment (permissions.commands.options.normalise) when its program and
    subcommand path is a prefix of the segment's, each of its option keys is among the segment's (however
    spelled there: clustered, long, abbreviated, after the operands), and its operands are a word prefix of
    what follows the path. The pattern still matches literally too: meaning only widens what it refuses."""

    __slots__ = ("anywhere", "fold", "folded", "keys", "operands", "path", "under")

    def __init__(self, path: tuple[str, ...], keys: frozenset[str], operands: tuple[WordSpec, ...]) -> None:
        self.path = path
        self.keys = keys
        self.operands = operands
        # A path among the operands (`cat .env`, `rm -rf /srv/data`) is the same path written another way
        # (`./.env`, `/srv/data/`, `//srv/./data`): the operands folded, or None when none is a path.
        # a pattern whose operands all name places meets them wherever the segment writes them (_places_among)
        urls = len(path) == 1 and path[0] in _URL_TAKERS  # (a web address: however and wherever written)
        self.anywhere = (len(path) == 1 and _met_anywhere(path[0], operands)) or (
            _acts_on_a_list(path) and _all_items(operands)
        )
        self.folded = (
            tuple(_fold_rule_operand(stem, prefix, urls) for stem, prefix in operands)
            if self.anywhere or any(_path_like(stem) for stem, _ in operands)
            else None
        )
        # (a URL's operand is a prefix: every URL at or under it, however written -- _fold_url)
        self.fold = _fold_url_operand if path and path[0] in _URL_TAKERS else fold_path
        self.under = self.anywhere and path[0] in _DELETES_UNDER  # (a deleter's place: what is inside it too)

    def matches(self, r: Reading) -> bool:
        path = self.path
        n = len(path)
        if r.path[:n] != path or not self.keys <= r.keys:
            return False
        ops = self.operands
        if not ops:
            return True
        rest = r.path[n:] + r.operands if len(r.path) > n else r.operands
        if self.fold is _fold_url_operand:
            rest = (
                *(key[4:] for key in r.keys if key[:4] == "url="),
                *rest,
            )  # curl's `--url X`: an operand too
        if len(ops) > len(rest):
            return False
        for (stem, prefix), w in zip(ops, rest):
            if w != stem and not (prefix and w.startswith(stem)):
                return self.folded is not None and self._folded_match(rest)
        return True

    def _folded_match(self, rest: tuple[str, ...]) -> bool:
        assert self.folded is not None
        words = [self.fold(w) for w in rest]
        return _operands_match(self.folded, words) or (
            self.anywhere and _places_among(self.folded, words, self.under)
        )

    def may_match(self, r: Reading) -> bool:
        """It would match ``r`` if the operands ``r`` reads at run time (UNREAD) were the pattern's, or the
        options it reads from a file (OPTIONS_UNREAD) held the pattern's."""
        any_keys = OPTIONS_UNREAD in r.keys
        if UNREAD not in r.operands and not any_keys:
            return False
        n = len(self.path)
        if r.path[:n] != self.path or not (any_keys or self.keys <= r.keys):
            return False
        rest = r.path[n:] + r.operands if len(r.path) > n else r.operands
        if len(self.operands) > len(rest):
            return False
        for (stem, prefix), w in zip(self.operands, rest):
            if w != UNREAD and w != stem and not (prefix and w.startswith(stem)):
                return False
        return True


def _widen_gate(
    gates: dict[str, frozenset[str] | None],
    name: str,
    p: Pattern,
    found: tuple[AnyMeaning, ...],
) -> None:
    """The words a segment must hold for some pattern of ``name`` (``p``, read as ``found``) to match it by meaning
    (None: any). A pattern of the program alone matches every segment it leads as written: its reading by meaning
    widens no gate (`Terminal(mkdir)` beside a deny of `chmod 777`)."""
    if p.words == ((name, False),):
        gates.setdefault(name, frozenset())
        return
    if name in gates and gates[name] is None:
        return
    words: frozenset[str] = gates.get(name) or frozenset()
    if name in _MODE_SETTERS and all(_of_a_mode(m) for m in found) and (not words or words is _MODE_GATE):
        gates[name] = _MODE_GATE  # (_modes_named's patterns alone: a segment with an option word holding `m`)
        return
    for m in found:
        first = m.operands[0] if m.operands else None
        g = gate(m.path, first[0] if first is not None and not first[1] else None)
        if g is None and m.path == ("find",) and isinstance(m, Meaning) and len(m.keys) == 1:
            # find's primaries are whole words (`-delete`), never abbreviated
            g = frozenset("-" + k for k in m.keys)
        if g is None:
            gates[name] = None
            return
        words |= g
    gates[name] = words


class _OptionWithM(frozenset[str]):
    """The gate of _modes_named's patterns: met by a segment holding an option word with an `m` in it (`-m`, `-pm`,
    `-m777`, `--mode=…`, `--mo …`) -- mkdir's everyday `mkdir -p x` is not read through its table."""

    __slots__ = ()

    def isdisjoint(self, other: Iterable[object]) -> bool:
        return not any(isinstance(w, str) and w[:1] == "-" and "m" in w for w in other)


_MODE_GATE = _OptionWithM()


def _of_a_mode(m: AnyMeaning) -> bool:
    return isinstance(m, Meaning) and any(k.startswith("mode=") for k in m.keys)


def _may_mean(g: frozenset[str] | None, words: tuple[str, ...]) -> bool:
    return g is None or not g.isdisjoint(words)


# The path of a reading _wrapped_readings gives: the command under a wrapper, as its operands.
_WRAPPED = ("\x00wrapped",)


class WrappedMeaning:
    """R4.10: a deny/ask pattern led by a wrapper or launcher that has no option table of its own (`sudo rm -rf
    *`, `xargs rm -rf`, `python -m pip install --user`), read once when the policy loads: it matches a segment
    led by the same program whose command under it (the wrapper's own options read by views: `sudo -u root rm
    -r -f x`) matches the pattern's command under it, as written or by meaning. (A deny of `rm -rf` already
    reaches `sudo rm -r -f x` through the segment's views; this is the other way round.)"""

    __slots__ = ("inner", "inner_meanings", "keys", "operands", "path")

    def __init__(self, wrapper: str, inner: Pattern, inner_meanings: tuple[Any, ...]) -> None:
        self.path = (wrapper,)  # (options.gate: no table, any segment the wrapper leads is read)
        self.keys: frozenset[str] = frozenset()
        self.operands: tuple[WordSpec, ...] = ()
        self.inner = inner
        self.inner_meanings = inner_meanings

    def matches(self, r: Reading) -> bool:
        if r.path != _WRAPPED:
            return False
        under = r.operands
        if pattern_matches(self.inner, under, True):
            return True
        if not self.inner_meanings:
            return False
        return any(m.matches(x) for m in self.inner_meanings for x in _any_readings(under))

    def may_match(self, r: Reading) -> bool:
        return False  # (its readings hold no operand read at run time: the command's words are its operands)


class PullMeaning:
    """R4.10: a deny/ask pattern of `git merge` (read by git's table: ``merge``) also meets a `git pull` that merges
    what it fetches -- no rebase asked for (option_tables_git.pull_merges) -- read as the merge of the branches it
    names past the remote (`git pull origin main` merges main). Only the rules read it so: the caps and the
    protected branches read a pull as the pull it is."""

    __slots__ = ("keys", "merge", "operands", "path")

    def __init__(self, merge: Meaning) -> None:
        self.path = ("git", "pull")  # (options.gate: the segments led by `git pull`)
        self.keys: frozenset[str] = frozenset()
        self.operands: tuple[WordSpec, ...] = ()
        self.merge = merge

    def matches(self, r: Reading) -> bool:
        return (
            r.path == self.path
            and pull_merges(r)
            and self.merge.matches(Reading(("git", "merge"), r.keys, r.operands[1:]))
        )

    def may_match(self, r: Reading) -> bool:
        return False


def _pulls_merging(found: tuple[AnyMeaning, ...]) -> tuple[PullMeaning, ...]:
    """A PullMeaning for each of ``found`` that is `git merge`'s."""
    return tuple(PullMeaning(m) for m in found if isinstance(m, Meaning) and m.path[:2] == ("git", "merge"))


# Python's interpreter under its other released names (`python -m pip` in a rule is `python3 -m pip` too).
_PYTHONS = (
    "python",
    "python3",
    "python2",
    *(f"python3.{minor}" for minor in range(6, 20)),
    # free-threaded, windowless and debug builds (spell29's report)
    *(f"python3.{minor}t" for minor in range(13, 20)),
    "pythonw",
    "python-dbg",
    "python3-dbg",
)


def _names_of_program(name: str) -> tuple[str, ...]:
    """Every command word a pattern led by program ``name`` is kept under: its table's spellings, or Python's."""
    return _PYTHONS if name in _PYTHONS else spellings(name)


class FoldedMeaning:
    """R4.10: a deny/ask pattern of a program with no option table that names a path (`cat .env`, `cat
    /etc/shadow`): it matches the segment's words with its paths written another way (`cat ./.env`, `cat
    //etc/shadow`), a word prefix as R4.1's, each path compared as fold_path writes it."""

    __slots__ = (
        "anywhere",
        "fold",
        "keys",
        "listed",
        "method",
        "operands",
        "path",
        "script",
        "under",
        "words",
    )

    def __init__(
        self, name: str, words: tuple[WordSpec, ...], listed: bool = False, script: bool = False
    ) -> None:
        self.path = (name,)  # (options.gate: no table, any segment the program leads is read)
        self.keys: frozenset[str] = frozenset()
        self.operands: tuple[WordSpec, ...] = ()
        urls = name in _URL_TAKERS
        self.words = tuple(_fold_rule_operand(stem, prefix, urls) for stem, prefix in words)
        self.fold = _fold_url_operand if urls else fold_path
        # a pattern naming places only: they are met among the segment's words that are no option, in any order
        # (`cat -n .env`, `cat a .env` for `cat .env`: with no table, an option's value is kept as a word) -- as
        # are a web address and a method word (`http -v POST pastebin.com x=1` for `http POST pastebin.com`)
        self.anywhere = _met_anywhere(name, words)
        self.under = self.anywhere and name in _DELETES_UNDER  # (a deleter's place: what is inside it too)
        # a subcommand and the items it acts on (_LISTS_ITEMS): the subcommand the first word that is no option,
        # the items among the words after it (`gem uninstall rake rails` for `gem uninstall rails`)
        self.listed = listed
        # an interpreter's script: met past the interpreter's options, by its name in another folder (_script_run)
        self.script = script
        # HTTPie's method when none is written: POST when it sends data (_implied_method)
        self.method = name in _HTTPIE

    def matches(self, r: Reading) -> bool:
        if r.path == _WRAPPED or len(self.words) > len(r.operands) + self.method:
            return False
        words = [self.fold(w) for w in r.operands]
        if self.method and _HTTP_METHODS.isdisjoint(words):
            words.append(_implied_method(r.operands))
        if _operands_match(self.words, words):
            return True
        if self.script:
            return _operands_match(self.words, _script_run(words, self.words[0][0]))
        if self.listed:
            plain = [w for w in words if w[:1] != "-"]
            return plain[:1] == [self.words[0][0]] and _places_among(self.words[1:], plain[1:])
        return self.anywhere and _places_among(self.words, [w for w in words if w[:1] != "-"], self.under)

    def may_match(self, r: Reading) -> bool:
        return False


def _folded_meanings(p: Pattern) -> tuple[FoldedMeaning, ...]:
    """A FoldedMeaning for a pattern that names a path -- for Python, its script too (`python manage.py flush`
    meets `python3 ./manage.py flush`) -- or, for a program whose operands are all places, only places by their
    plain names (`less id_rsa`)."""
    specs = p.words[1:]
    name = program_name(p.words[0][0])
    script = (
        (name in _PYTHONS or name in _SCRIPT_INTERPRETERS)
        and bool(specs)
        and not specs[0][1]
        and _names_a_script(specs[0][0])
    )
    places = script or any(_path_like(stem) for stem, _ in specs) or _met_anywhere(name, specs)
    listed = (
        not places
        and name in _LISTS_ITEMS
        and len(specs) > 1
        and _all_items(specs)
        and specs[0][0] not in _RUNS_ITS_OPERANDS
        and not peels_after(name, specs[0][0])
    )
    if not (places or listed) or any(pre for _, pre in specs[:-1]):
        return ()  # no path named, or a wildcard before the last word (literally only)
    return (FoldedMeaning(name, specs, listed, script),)


# Interpreters a project's script is run by, beside Python's (`php artisan`, `node ace`, `ruby bin/rails`).
_SCRIPT_INTERPRETERS = frozenset({"php", "node", "nodejs", "ruby", "perl", "bun", "deno"})
# An interpreter's options that take the next word (`python3 -W ignore x.py`, `php -d memory_limit=-1 artisan`,
# `node -r dotenv/config ace`): skipped before the script it runs.
_INTERPRETER_VALUES = frozenset(
    {"-W", "-X", "-Q", "-c", "-d", "-r", "-I", "-E", "-C", "--require", "--import", "--loader"}
)
# A project's entry scripts, by the name its framework gives them, and the interpreter that runs them.
_ENTRY_INTERPRETER = {
    "manage.py": "python",
    "artisan": "php",
    "bin/console": "php",
    "bin/magento": "php",
    "craft": "php",
    "yii": "php",
    "spark": "php",
    "bin/cake": "php",
    "ace": "node",
    "bin/rails": "ruby",
    "bin/rake": "ruby",
}
_BY_SUFFIX = {
    ".py": "python",
    ".php": "php",
    ".js": "node",
    ".mjs": "node",
    ".cjs": "node",
    ".rb": "ruby",
    ".pl": "perl",
}
# Django's manage.py is django-admin with the project's settings: the same commands.
_DJANGO = ("django-admin", "django-admin.py")


def _names_a_script(word: str) -> bool:
    """An interpreter's word that names a script it runs (`manage.py`, `bin/console`, `artisan`), not an option or
    a subcommand of its own (`bun install`, `deno run`)."""
    return word[:1] != "-" and ("." in word or "/" in word or word in _ENTRY_INTERPRETER)


def _script_run(words: Sequence[str], script: str) -> list[str]:
    """An interpreter's operands (folded) from the script it runs: its options and their values skipped, the
    script written as ``script`` when it is that script in another folder (a script is known by its name, as
    `/usr/bin/curl` is `curl`)."""
    k = 0
    while k < len(words) and words[k][:1] == "-" and words[k] != "-":
        k += 2 if words[k] in _INTERPRETER_VALUES else 1
    rest = list(words[k:])
    if rest and "/" not in script and rest[0].rpartition("/")[2] == script:
        rest[0] = script
    return rest


def _entry_named(p: Pattern) -> tuple[Pattern, ...]:
    """R4.10, deny and ask: a pattern naming a project's script by its interpreter (`python manage.py flush`, `php
    artisan migrate:fresh`) also as the script run itself (`./manage.py flush`, `./artisan migrate:fresh`, `uv run
    manage.py flush`), and one naming the script (`./manage.py flush`, `bin/console x`) also by its interpreter;
    Django's manage.py and django-admin one another. The same text, for the reason."""
    specs = p.words
    if not specs or any(prefix for _, prefix in specs[:2]):
        return ()
    first, second = specs[0][0], specs[1][0] if len(specs) > 1 else "-"
    name = program_name(first)
    rest = specs[2:]
    leads: list[tuple[str, ...]] = []
    if (name in _PYTHONS or name in _SCRIPT_INTERPRETERS) and _names_a_script(second):
        script = fold_path(second)
        base = script.rpartition("/")[2]
        leads += [(script,), (base,)]
    elif name in _DJANGO:
        base, rest = "manage.py", specs[1:]
        leads += [("manage.py",), ("python", "manage.py")]
    else:
        script = fold_path(first)
        base = script.rpartition("/")[2]
        interpreter = _ENTRY_INTERPRETER.get(script) or _ENTRY_INTERPRETER.get(base)
        if interpreter is None and "/" in first:
            interpreter = _BY_SUFFIX.get(base[base.rfind(".") :]) if "." in base else None
        if interpreter is None:
            return ()
        rest = specs[1:]
        leads += [(interpreter, script), (script,), (base,)]
    if base == "manage.py":
        leads += [(d,) for d in _DJANGO]
    own = tuple(stem for stem, _ in specs[: len(specs) - len(rest)])
    return tuple(
        replace(p, words=(*((w, False) for w in lead), *rest)) for lead in dict.fromkeys(leads) if lead != own
    )


# Package managers that run a project's package.json script: `npm run S` (`run-script`), `yarn S`, `pnpm S`, `bun
# S` for a script no command of theirs is named (their tables' subcommands), and npm's, Yarn's and pnpm's own
# commands that run the script of their name (`npm test` runs the "test" script).
_SCRIPT_RUNNERS = ("npm", "yarn", "pnpm", "bun")
_RUN_VERBS = frozenset({"run", "run-script"})
_RUNS_ITS_SCRIPT = {
    "npm": frozenset({"test", "start", "stop", "restart"}),
    "yarn": frozenset({"test", "start"}),
    "pnpm": frozenset({"test", "start"}),
    "bun": frozenset(),
}


def _script_run_by(words: tuple[str, ...]) -> tuple[str, tuple[str, ...]] | None:
    """The package.json script ``words`` (a package manager's command, as written) run and what follows it, or
    None."""
    first = words[0]
    if first not in _SCRIPT_RUNNERS or len(words) < 2:
        return None
    found = normalise(words)
    if not found:
        return None
    r = found[0]
    path, ops = r.path, r.operands
    if r.keys:
        return None  # (an option before the script: the pattern names more than the script)
    if len(path) == 2 and path[1] in _RUN_VERBS:
        return (ops[0], ops[1:]) if ops and words[2:3] == ops[:1] else None
    if len(path) == 2 and path[1] in _RUNS_ITS_SCRIPT[first] and words[1:2] == path[1:]:
        return path[1], words[2:]
    if len(path) == 1 and ops and first != "npm" and words[1:2] == ops[:1] and ops[0][:1] != "-":
        return ops[0], ops[1:]
    return None


def _package_scripts_named(p: Pattern) -> tuple[Pattern, ...]:
    """R4.10, deny and ask: a pattern running a project's package.json script (`npm run deploy`, `npm test`, `yarn
    deploy`) also as every package manager runs it (`npm run-script deploy`, `yarn deploy`, `pnpm run deploy`,
    `bun run deploy`; `npm run test` for `npm test`): the act is the script's, whoever starts it. The same text,
    for the reason. A subcommand of the manager's own is no script (`bun test`, `pnpm deploy`)."""
    specs = p.words
    # (a script's name may end the pattern with a `*`: `npm run deploy:*`, every deploy: script)
    starred = specs[-1][1] and bool(specs[-1][0]) and len(specs) <= 3
    if len(specs) < 2 or any(prefix for _, prefix in specs[: 3 - starred]):
        return ()
    words = tuple(stem for stem, _ in specs)
    run = _script_run_by(words)
    if run is None or (starred and run[1]):
        return ()
    script, _ = run
    rest = specs[len(specs) - len(run[1]) :] if run[1] else ()
    leads: list[tuple[str, ...]] = []
    for runner in _SCRIPT_RUNNERS:
        leads.append((runner, "run", script))
        own = PROGRAMS[runner]
        if script in _RUNS_ITS_SCRIPT[runner] or (
            runner != "npm" and script not in own.subcommands and script not in own.sub_aliases
        ):
            leads.append((runner, script))
    kept = words[: len(words) - len(rest)]
    return tuple(
        replace(p, words=(*((w, False) for w in lead[:-1]), (lead[-1], starred), *rest))
        for lead in dict.fromkeys(leads)
        if lead != kept
    )


# One act, spelt by each program that does it (R4.10): a pattern led by one member's words is also led by each
# other's, the rest of its words kept -- except in a family whose members place what follows differently (an
# image pushed: `docker push x` but `docker build --push -t x .`), named by the act's words alone.
_SAME_ACTS: tuple[tuple[bool, tuple[tuple[str, ...], ...]], ...] = (
    # a package published to the npm registry
    (
        True,
        (
            ("npm", "publish"),
            ("pnpm", "publish"),
            ("yarn", "publish"),
            ("yarn", "npm", "publish"),
            ("bun", "publish"),
        ),
    ),
    # a Cloudflare Worker deployed (wrangler's older name for the command)
    (True, (("wrangler", "deploy"), ("wrangler", "publish"))),
    # a package published to PyPI (or the index a rule's rest names)
    (
        True,
        (
            ("twine", "upload"),
            ("uv", "publish"),
            ("poetry", "publish"),
            ("hatch", "publish"),
            ("flit", "publish"),
            ("pdm", "publish"),
        ),
    ),
    # a JavaScript package installed for the whole machine
    (
        True,
        (
            ("npm", "install", "-g"),
            ("npm", "install", "--global"),
            ("npm", "i", "-g"),
            ("npm", "add", "-g"),
            ("pnpm", "add", "-g"),
            ("pnpm", "add", "--global"),
            ("yarn", "global", "add"),
            ("bun", "add", "-g"),
            ("bun", "add", "--global"),
            ("bun", "install", "-g"),
        ),
    ),
    # a command run as another user, root by default
    (True, (("sudo",), ("doas",), ("pkexec",), ("run0",))),
    # a shell on another machine
    (True, (("ssh",), ("mosh",))),
    # HTTPie, its https command, and xh (HTTPie's command line)
    (True, (("http",), ("https",), ("xh",), ("xhs",))),
    # a CLI by the other names it installs (by its package's name: wrappers.PACKAGE_BINS)
    (True, (("vercel",), ("vc",), ("now",))),
    (True, (("serverless",), ("sls",))),
    # an image pushed to a registry
    (
        False,
        (
            ("docker", "push"),
            ("docker", "image", "push"),
            ("docker", "build", "--push"),
            ("docker", "buildx", "build", "--push"),
            ("podman", "push"),
        ),
    ),
)


def _same_act_named(p: Pattern) -> tuple[Pattern, ...]:
    """R4.10, deny and ask: a pattern led by the words of an act one of several programs does (`npm publish`,
    `twine upload`, `npm install -g`, `docker push`) also led by each other program's words for it (`pnpm publish`,
    `uv publish`, `yarn global add`, `docker buildx build --push`), the rest kept (_SAME_ACTS); the same text, for
    the reason."""
    specs = p.words
    if not specs or specs[0][1] or specs[0][0] not in _ACT_LEADS:
        return ()
    words = tuple(stem for stem, _ in specs)
    for keeps_rest, members in _SAME_ACTS:
        for member in members:
            n = len(member)
            if (
                words[:n] != member
                or any(prefix for _, prefix in specs[:n])
                or (not keeps_rest and n < len(specs))
            ):
                continue
            rest = specs[n:]
            return tuple(replace(p, words=(*((w, False) for w in m), *rest)) for m in members if m != member)
    return ()


_ACT_LEADS = frozenset(member[0] for _, members in _SAME_ACTS for member in members)


# R4.10: what a recursive deletion is written as by the programs that delete a tree without asking (a rule of rm's
# recursive deletion names them: `find -delete`, `git clean -d`, `rsync --delete`, `trash`) -- one way only: a
# deny of `rsync --delete` is no deny of `rm -rf`.
_TREE_DELETIONS = (
    ("find", "-delete"),
    ("git", "clean", "-f", "-d"),
    ("rsync", "--delete"),
    ("rsync", "--remove-source-files"),
    # (no option table reads these three: their usual clusters, each a prefix)
    *(
        (deleter, flags)
        for deleter in ("srm", "wipe", "rmtrash")
        for flags in ("-r", "-R", "-rf", "-fr", "-Rf", "-fR")
    ),
    ("trash",),
    ("trash-put",),
    ("gio", "trash"),
)


def _deleters_named(p: Pattern) -> tuple[Pattern, ...]:
    """R4.10, deny and ask: a pattern of rm's recursive deletion and options only (`rm -rf`, `rm -r`, `rm
    --recursive --force`) also led by each other program's words for deleting a tree (_TREE_DELETIONS); the same
    text, for the reason. (With places, `rm -rf data`, every deleter is read as rm: where.deletion_views.)"""
    specs = p.words
    if len(specs) < 2 or specs[0][1] or program_name(specs[0][0]) != "rm":
        return ()
    rest = [stem for stem, prefix in specs[1:] if not prefix or stem]
    if not rest or any(w[:1] != "-" for w in rest) or not any(_recursive_flag(w) for w in rest):
        return ()
    return tuple(replace(p, words=tuple((w, False) for w in lead)) for lead in _TREE_DELETIONS)


# R4.10, red team: the programs that set a file's mode as they make it (option_tables_files' INSTALL, MKDIR ...).
_MODE_SETTERS = ("install", "ginstall", "mkdir", "mkfifo", "mknod")


def _modes_named(p: Pattern) -> tuple[Pattern, ...]:
    """R4.10, deny and ask: a pattern of chmod's mode alone (`chmod 777`, `chmod a+rwx *`) also as each program that
    makes a file with that mode (`install --mode=777`, `mkdir --mode=777`; the mode read as chmod reads it: `install
    -m 0777 a x`, `mkdir -pm a+rwx d`); the same text, for the reason. Not with chmod's places or `-R`: the
    others make the file they name, they change no tree."""
    specs = p.words
    if (
        len(specs) < 2
        or specs[0][1]
        or program_name(specs[0][0]) != "chmod"
        or specs[2:] not in ((), (_LONE_STAR,))
    ):
        return ()
    mode, prefix = specs[1]
    if prefix or not mode or mode[:1] == "-":
        return ()
    return tuple(
        replace(p, words=((name, False), (f"--mode={mode}", False), *specs[2:])) for name in _MODE_SETTERS
    )


def _recursive_flag(word: str) -> bool:
    """rm's `-r`/`-R` in a cluster of short options, or `--recursive` by any prefix getopt takes (floor's reading)."""
    return long_recursive(word) if word[:2] == "--" else "r" in word or "R" in word


# rails runs a rake task as rake does (`rails db:migrate` is `rake db:migrate`): a task is a word with a colon.
_TASK_RUNNERS = ("rails", "rake")


def _other_name_named(p: Pattern) -> tuple[Pattern, ...]:
    """R4.10, deny and ask: a pattern led by a program's other released name (`flyctl deploy`, `helm3 uninstall`,
    `mariadb`: wrappers.OTHER_NAMES) also led by the program's own name, which the same program answers to; the
    same text, for the reason."""
    specs = p.words
    if not specs or specs[0][1]:
        return ()
    own = OTHER_NAMES.get(specs[0][0])
    return (replace(p, words=((own, False), *specs[1:])),) if own is not None else ()


def _tasks_named(p: Pattern) -> tuple[Pattern, ...]:
    """R4.10, deny and ask: a pattern running a rake task by rails (`rails db:migrate`) also by rake, and the
    reverse; the same text, for the reason."""
    specs = p.words
    if len(specs) < 2 or specs[0][1] or specs[1][1] or ":" not in specs[1][0] or specs[1][0][:1] == "-":
        return ()
    name = program_name(specs[0][0])
    if name not in _TASK_RUNNERS:
        return ()
    other = _TASK_RUNNERS[1 - _TASK_RUNNERS.index(name)]
    return (replace(p, words=((other, False), *specs[1:])),)


def _assigned_as_options(p: Pattern) -> tuple[Pattern, ...]:
    """R4.10, deny and ask: a pattern setting variables its program reads as options (`AWS_PROFILE=prod aws s3 rm`,
    `RAILS_ENV=production rails server`) also as the program given those options (`aws --profile prod s3 rm`,
    `rails server -e production`); the same text, for the reason. Only when every assignment is such an option."""
    lead = _assignments_led(p)
    if lead is None:
        return ()
    specs = p.words[len(lead) :]
    program = program_name(specs[0][0])
    options: list[WordSpec] = []
    for word in lead:
        name, _, value = word.partition("=")
        option = option_of_variable(program, name)
        if option is None or not value:
            return ()
        options.append((f"{option}={value}", False))
    if program == "docker":  # (docker reads its own options before its command only)
        return (replace(p, words=(specs[0], *options, *specs[1:])),)
    # the others read them anywhere: after the words, before a trailing `*` or a `--` ending the options
    end = next((k for k, spec in enumerate(specs) if spec == ("--", False)), len(specs))
    end -= end == len(specs) and specs[-1] == _LONE_STAR
    return (replace(p, words=(*specs[:end], *options, *specs[end:])),)


# Programs with no option table whose first word is a subcommand and whose other operands are the items it acts
# on, each alike (package and machine managers: `gem uninstall rake rails`, `vagrant destroy web db`).
_LISTS_ITEMS = frozenset(
    "gem dnf yum microdnf zypper apk port choco scoop winget pipx bundle rustup flatpak snap virsh multipass"
    " vagrant lxc incus pixi rye pdm pipenv opam cabal nuget asdf mise".split()
)


_GLOB = re.compile(r"[*?\[]")


class GlobMeaning:
    """R4.8, R4.10: a deny/ask pattern that names a path (a Meaning with ``folded`` operands, a FoldedMeaning),
    met by a segment that writes a glob where it names the path (`cat .e*v` for `cat .env`): the shell may expand
    it to that path, so the pattern may be the act -- it asks, never denies (as an operand read at run time,
    UNREAD, does). The glob is read as the shell reads it: component by component, a leading `.` matched only
    by a leading `.` (`cat *` does not name `.env`)."""

    __slots__ = ("keys", "meaning", "operands", "ops", "path")

    def __init__(self, meaning: Meaning | FoldedMeaning, ops: tuple[WordSpec, ...]) -> None:
        self.meaning = meaning
        self.path, self.keys, self.operands = meaning.path, meaning.keys, meaning.operands
        self.ops = ops

    def matches(self, r: Reading) -> bool:
        m = self.meaning
        if r.path == _WRAPPED:
            return False
        if isinstance(m, Meaning):
            n = len(m.path)
            if r.path[:n] != m.path or not m.keys <= r.keys:
                return False
            rest = r.path[n:] + r.operands if len(r.path) > n else r.operands
        else:
            rest = r.operands
        if len(self.ops) > len(rest):
            return False
        if m.anywhere:
            return self._anywhere(rest)
        globbed = False
        for (stem, prefix), w in zip(self.ops, rest):
            folded = fold_path(w)
            if folded == stem or (prefix and folded.startswith(stem)):
                continue
            if _GLOB.search(w) is not None and _glob_may(folded, stem, prefix):
                globbed = True
                continue
            return False
        return globbed

    def _anywhere(self, rest: tuple[str, ...]) -> bool:
        """For a pattern naming places met in any order (`cat .env`): every place among the words that are no
        option, as written or by a glob that may name it, one glob at least (`cat -n .e*`, `grep KEY .e*`, `cat x
        .e*`; red team, R4.10)."""
        words = [fold_path(w) for w in rest if w[:1] != "-"]
        globbed = False
        for stem, prefix in self.ops:
            if any(w == stem or (prefix and w.startswith(stem)) for w in words):
                continue
            if not any(_GLOB.search(w) is not None and _glob_may(w, stem, prefix) for w in words):
                return False
            globbed = True
        return globbed

    def may_match(self, r: Reading) -> bool:
        return False


def _glob_may(glob: str, stem: str, prefix: bool) -> bool:
    """Whether ``glob`` may name the place ``stem`` -- with ``prefix`` (a pattern's `secrets/*`, `.env*`), a place
    whose name starts with it: its folders matched component by component, then any name below the last (`secret[s]
    /prod.json`, `*/prod.json`, `**/x` for `secrets/`) or, for a name's start, a glob component whose literal head
    agrees with it (`.e*` for `.env`)."""
    if not prefix:
        return _glob_may_name(glob, stem)
    globs, names = glob.split("/"), stem.split("/")
    if len(globs) < len(names) or not _glob_may_name("/".join(globs[: len(names) - 1]), "/".join(names[:-1])):
        return False
    last, g = names[-1], globs[len(names) - 1]
    if not last:
        return True  # (a folder's every name: any component below it)
    head = _GLOB.split(g, 1)[0]
    return (last[:1] != "." or g[:1] == ".") and (head.startswith(last) or last.startswith(head))


def _glob_may_name(glob: str, path: str) -> bool:
    globs, names = glob.split("/"), path.split("/")
    if len(globs) != len(names):
        return False
    for g, name in zip(globs, names):
        if name[:1] == "." and g[:1] != ".":
            return False
        if not fnmatchcase(name, bash_glob(g)):  # (`[^x]`, `[[:alpha:]]` read as bash reads them)
            return False
    return True


def _glob_meanings(found: tuple[AnyMeaning, ...]) -> tuple[GlobMeaning, ...]:
    out: list[GlobMeaning] = []
    for m in found:
        if isinstance(m, FoldedMeaning):
            out.append(GlobMeaning(m, m.words))
        elif isinstance(m, Meaning) and m.folded is not None:
            out.append(GlobMeaning(m, m.folded))
    return tuple(out)


def _any_readings(words: tuple[str, ...]) -> tuple[Reading, ...]:
    """A segment's readings for the meanings of its program: by its option table, else as the command under a
    wrapper (WrappedMeaning), else its words as written (FoldedMeaning)."""
    return _readings(words) or _wrapped_readings(words) or (Reading(words[:1], frozenset(), words[1:]),)


def _as_named(p: Pattern) -> tuple[Pattern, ...]:
    """R4.10, deny and ask: ``p``, and ``p`` led by each other name of its program when it has some that no option
    table reads (`python manage.py flush` is `python3 manage.py flush` too); the same text, for the reason."""
    words = p.words
    if not words or words[0][1] or words[0][0] not in _PYTHONS:
        return (p,)
    return (p, *(replace(p, words=((name, False), *words[1:])) for name in _PYTHONS if name != words[0][0]))


# PowerShell's and cmd's names for the acts windows_names reads -- not the POSIX programs' own names they also
# answer to (a rule `wget -O-` is wget's, read as it stands)
_WINDOWS_HEADS = (frozenset(POWERSHELL) | frozenset(CMD)) - SHARED


def _posix_named(p: Pattern) -> tuple[Pattern, ...]:
    """R4.10, deny and ask: a pattern written in PowerShell's or cmd's words (`Remove-Item -Recurse`, `ri`, `del
    /s`, `iwr`: any case, any alias) also in the POSIX program's it stands for (`rm -r`, `curl`), as
    permissions.commands.windows reads a segment off the sandbox; the same text, for the reason. () for any
    other pattern (a POSIX program's own words among them)."""
    specs = p.words
    if not specs or specs[0][1] or specs[0][0].lower() not in _WINDOWS_HEADS:
        return ()
    specs = _without_trailing_star(specs)
    if any(prefix for _, prefix in specs):
        return ()  # a wildcard inside: literally only
    text = " ".join(stem for stem, _ in specs)
    found = [view for views, certain in posix_spellings(text, WINDOWS_POSIX) if certain for view in views]
    if ("curl",) in found:
        found.append(("wget",))  # Windows PowerShell's other alias of Invoke-WebRequest
    return tuple(replace(p, words=tuple((w, False) for w in view)) for view in found)


def _home_named(p: Pattern) -> tuple[Pattern, ...]:
    """R4.10, deny and ask: a pattern naming a place under the home folder as `$HOME/x` or `${HOME}/x`, also as
    `~/x` (how paths_from writes a segment's places there); the same text, for the reason."""
    specs = p.words
    if not any(stem.startswith(_HOME_WORDS[1:]) for stem, _ in specs[1:]):
        return ()
    homed = tuple(
        ("~" + at, prefix) if stem[:1] == "$" and (at := _at_home(stem)) is not None else (stem, prefix)
        for stem, prefix in specs
    )
    return (replace(p, words=homed),) if homed != specs else ()


def _wrapped_readings(words: tuple[str, ...]) -> tuple[Reading, ...]:
    """For a segment led by a program with no option table: each command it runs, one layer in, as a reading
    a WrappedMeaning reads (none for most programs)."""
    return tuple(Reading(_WRAPPED, frozenset(), under) for under in views_under(words))


def _wrapped_meanings(p: Pattern) -> tuple[WrappedMeaning, ...]:
    """The WrappedMeaning of ``p`` when its first word is a wrapper or launcher whose command under it is the
    rest of its words (after the wrapper's options); () otherwise."""
    specs = p.words
    words = tuple(stem for stem, _ in specs)
    if specs[-1] == _LONE_STAR:
        words = words[:-1]  # `sudo rm -rf *`: the command under it is `rm -rf` and anything after
    under = views_under(words)
    if len(under) != 1 or not under[0] or len(under[0]) >= len(words) or words[-len(under[0]) :] != under[0]:
        return ()
    inner = replace(p, words=specs[len(words) - len(under[0]) :])
    return (WrappedMeaning(program_name(specs[0][0]), inner, meanings(inner)),)


def meanings(p: Pattern, expand: bool = True) -> tuple[AnyMeaning, ...]:
    """R4.10: the readings of a Terminal pattern whose program has an option table (WrappedMeaning for one led
    by a wrapper or launcher with none, FoldedMeaning for one that names a path); () when it has none, or when
    a wildcard stands where the table reads an option or a subcommand (the pattern then matches literally
    only; SubcommandStar for a lone `*` where the table reads a subcommand, unless not ``expand``)."""
    specs = p.words
    if not specs or specs[0][1]:
        return ()
    if PROGRAMS.get(program_name(specs[0][0])) is None:
        return (_wrapped_meanings(p) or _folded_meanings(p)) if len(specs) > 1 else ()
    specs = _without_trailing_star(specs)
    if not specs or any(pre and stem for stem, pre in specs[:-1]):
        return ()  # a word's prefix before the last word: literally only
    last_stem, last_prefix = specs[-1]
    if last_prefix and (last_stem[:1] == "-" or not last_stem):
        return ()
    # a lone `*` before the last word (`git push * --force`): any one operand where it stands
    stars = sum(1 for spec in specs if spec == _LONE_STAR)
    readings = normalise([_ANY_OPERAND if spec == _LONE_STAR else spec[0] for spec in specs])
    if not readings:
        return ()
    out: list[AnyMeaning] = list(_subcommand_stars(p, specs, readings[0])) if expand else []
    for r in readings:
        if WIDER in r.keys:
            continue  # a reading the segment has, not the pattern
        ops = tuple(_LONE_STAR if w == _ANY_OPERAND else (w, False) for w in r.operands)
        if stars and ops.count(_LONE_STAR) != stars:
            return ()  # a lone `*` was read as a subcommand or an option's value
        if last_prefix:
            if not ops or ops[-1][0] != last_stem:
                return ()  # the wildcard word was read as a subcommand or an option's value
            ops = (*ops[:-1], (last_stem, True))
        out.append(Meaning(r.path, r.keys, ops))
    return tuple(out)


class SubcommandStar:
    """R4.10: a lone `*` where the program reads a subcommand (`git * --force`, `gh * delete`): for each of the
    program's subcommands, the pattern with that subcommand in the star's place, read through its table --
    so `git push -f` meets `git * --force` as `git push --force` does. Looked up by the segment's subcommand,
    once per reading. ``path`` and ``operands`` are those of the meaning the star's word reads as an operand
    (kept beside it: a subcommand the table does not list), for the gate."""

    __slots__ = ("by_word", "depth", "operands", "path")

    def __init__(self, depth: int, by_word: dict[str, tuple[Meaning, ...]], path: tuple[str, ...]) -> None:
        self.depth = depth
        self.by_word = by_word
        self.path = path
        self.operands: tuple[WordSpec, ...] = ()

    def matches(self, r: Reading) -> bool:
        found = self.by_word.get(r.path[self.depth]) if len(r.path) > self.depth else None
        return found is not None and any(m.matches(r) for m in found)

    def may_match(self, r: Reading) -> bool:
        found = self.by_word.get(r.path[self.depth]) if len(r.path) > self.depth else None
        return found is not None and any(m.may_match(r) for m in found)


def _subcommand_stars(p: Pattern, specs: tuple[WordSpec, ...], first: Reading) -> tuple[SubcommandStar, ...]:
    """The SubcommandStar of ``p`` when its first lone `*` stands right after the subcommand path its table
    read, at a level that has subcommands; () otherwise (one star expanded: the pattern's other stars are read
    as they are without it)."""
    k = specs.index(_LONE_STAR) if _LONE_STAR in specs else -1
    if k < 1 or first.path != (program_name(specs[0][0]), *(stem for stem, _ in specs[1:k])):
        return ()
    level = level_at(first.path)
    if level is None or not level.subcommands:
        return ()
    by_word: dict[str, list[Meaning]] = {}
    for word in level.subcommands:
        named = replace(p, words=(*specs[:k], (word, False), *specs[k + 1 :]))
        for m in meanings(named, expand=False):
            if isinstance(m, Meaning) and len(m.path) > k:
                by_word.setdefault(m.path[k], []).append(m)
    if not by_word:
        return ()
    return (SubcommandStar(k, {w: tuple(ms) for w, ms in by_word.items()}, first.path),)


# What a deny or ask pattern means (R4.10), one reading of it.
AnyMeaning: TypeAlias = "Meaning | WrappedMeaning | FoldedMeaning | SubcommandStar | PullMeaning"
# A lone `*` (R4.2: any one word), and in a meaning's operands any one operand where it stood.
_LONE_STAR: WordSpec = ("", True)
_ANY_OPERAND = "\x00any"


def _without_trailing_star(specs: tuple[WordSpec, ...]) -> tuple[WordSpec, ...]:
    """The pattern's words as its meaning reads them: `cmd:*` and `cmd *` -- the familiar spellings of "cmd and
    anything after" -- are `cmd` (the literal match still takes `cmd:x`, and wants a word after `cmd *`)."""
    last_stem, last_prefix = specs[-1]
    if last_prefix and len(last_stem) > 1 and last_stem[-1] == ":":
        return (*specs[:-1], (last_stem[:-1], False))
    if specs[-1] == _LONE_STAR and len(specs) > 1 and specs[-2] != _LONE_STAR:
        return specs[:-1]
    return specs


# A segment's readings, by its words (kept in permissions.commands.options, shared with the caps).
_readings = normalised


DENY_RANK, ASK_RANK, ALLOW_RANK = 0, 1, 2
# A segment's reading (permissions.segments' Known): (verdict, the pattern's text, reason kind) -- by the rank of
# the pattern that speaks for it, or NO_READING when none does.
NO_RULE = "no_rule"
RuleReading = tuple[str, "str | None", "str | None"]
NO_READING: RuleReading = (NO_RULE, None, None)
RANK_READINGS: dict[int, tuple[str, str]] = {
    DENY_RANK: (DENY, "deny_rule"),
    ASK_RANK: (REQUIRE_APPROVAL, "ask_rule"),
    ALLOW_RANK: (AUTO_APPROVE, "allow_rule"),
}
# (rank, pattern, its meanings)
_Meant = tuple[int, Pattern, "tuple[AnyMeaning | GlobMeaning, ...]"]
_Ranked = tuple[int, Pattern, "tuple[str, ...] | None", bool]  # (rank, pattern, exact words, loose)


class CompiledPermissions:
    """The three lists, plus one merged index for the common case of a segment with nothing to look through."""

    __slots__ = (
        "_gates",
        "_meant",
        "_meant_names",
        "_one",
        "_ruled_cases",
        "_scan",
        "_two",
        "allow",
        "ask",
        "by_first",
        "deny",
        "readings_by_first",
        "reads_environment",
        "named_first",
        "segment_memo",
        "windows_posix",
        "path_rules",
        "printed_places",
        "env_led",
    )

    def __init__(self, allow: Iterable[str], deny: Iterable[str], ask: Iterable[str]) -> None:
        self.allow = compile_list(allow, loose=False)
        self.deny = compile_list(deny, loose=True)
        self.ask = compile_list(ask, loose=True)
        self._two: dict[tuple[str, str], list[_Ranked] | tuple[int, Pattern]] = {}
        self._one: dict[str, list[_Ranked] | tuple[int, Pattern]] = {}
        self._scan: list[_Ranked] = []
        for rank, lst in ((DENY_RANK, self.deny), (ASK_RANK, self.ask), (ALLOW_RANK, self.allow)):
            for key2, entries in lst.by_two.items():
                self._two.setdefault(key2, []).extend(  # type: ignore[union-attr]
                    (rank, p, ex, lst.loose) for p, ex in entries
                )
            for key1, entries in lst.by_one.items():
                self._one.setdefault(key1, []).extend(  # type: ignore[union-attr]
                    (rank, p, ex, lst.loose) for p, ex in entries
                )
            self._scan.extend((rank, p, ex, lst.loose) for p, ex in lst.scan)
        # A list whose every pattern spells exactly the words it is indexed by (`Terminal(wc)` under `wc`,
        # `Terminal(git log)` under (git, log)) matches every segment the look-up finds it for, so its walk's
        # answer is known now: its lowest rank, the first pattern of that rank. It is kept in place of the list
        # (_judge tells the two apart), but where R4.8's guard reads the segment (an allow for `find`, `git`,
        # `hub`).
        _fix(self._two, 2)
        _fix(self._one, 1)
        # R4.10: deny and ask read through their program's option table, once, here; allow stays literal.
        self._meant: dict[str, list[_Meant]] = {}
        self._gates: dict[str, frozenset[str] | None] = {}
        for rank, lst in ((DENY_RANK, self.deny), (ASK_RANK, self.ask)):
            for name, meant in lst.meant.items():
                self._meant.setdefault(name, []).extend((rank, p, found) for p, found in meant)
                # a glob where the pattern names a path may be that path: ask (R4.8, as for UNREAD)
                self._meant[name].extend(
                    (ASK_RANK, p, g) for p, found in meant if (g := _glob_meanings(found))
                )
                for p, found in meant:
                    _widen_gate(self._gates, name, p, found)
        self._meant_names = frozenset(self._meant)
        refused = _names_of(self.deny, self.ask)
        # R4.10: whether a deny or ask pattern reads a program that takes options from what an earlier segment
        # exported -- by its option table (ENV_READERS), or as written when it reads its arguments from a variable
        # (ARGUMENT_READERS: `export MAVEN_ARGS=deploy && mvn -q` under a deny of `mvn deploy`)
        self.reads_environment = not ENV_READERS.isdisjoint(
            self._meant_names
        ) or not ARGUMENT_READERS.isdisjoint(refused)
        # SPEC §5, R4.10: the POSIX programs PowerShell's and cmd's spellings are read as (`Remove-Item -Recurse`
        # as `rm -r`) that a deny or ask pattern names -- read off the sandbox only when there is one.
        self.windows_posix = refused & WINDOWS_POSIX
        # R4.10: the programs a deny or ask pattern names a path for (`cat .env`, `rm -rf data`; "" for a pattern
        # led by a wildcard: any): decide() then also reads their segments' paths from where they run
        # (permissions.decide._paths_spelt).
        placed = [
            p
            for lst in (self.deny, self.ask)
            for p in lst.patterns
            if p.action_type == "terminal" and _names_a_place(p)
        ]
        self.path_rules: frozenset[str] = frozenset(name for p in placed for name in _place_named_by(p))
        # ... and the places the patterns printing a place name (`.env`, `secrets/` of `cat secrets/*`): what a
        # program reading every file below a folder meets (permissions.decide._read_below)
        self.printed_places: tuple[str, ...] = tuple(
            dict.fromkeys(
                fold_path(stem) + ("/" if stem.endswith("/") else "")
                for p in placed
                if _prints_places(p)
                for stem, _ in p.words[1:]
                if _may_name_a_place(stem)
            )
        )
        # R4.10: the assignments a deny or ask pattern sets before its program (`NODE_ENV=production npm run deploy`),
        # by the program's names: decide() reads a segment with the environment it runs in (permissions.exported)
        self.env_led: dict[str, list[tuple[str, ...]]] = {}
        for lst in (self.deny, self.ask):
            for p in lst.patterns:
                lead = _assignments_led(p) if p.action_type == "terminal" else None
                if lead is not None:
                    # (a script's path as written and plainly, or a program's names)
                    word = p.words[len(lead)][0]
                    for name in {word, fold_path(word), *_names_of_program(program_name(word))}:
                        self.env_led.setdefault(name, []).append(lead)
        # ... and those patterns' words as they spell them, by their case-folded spelling (places_as_ruled)
        self._ruled_cases: dict[str, str] = {
            stem.casefold(): stem for p in placed for stem, _ in p.words[1:] if _may_name_a_place(stem)
        }
        # permissions.segments keeps what it read from each segment under these rules here (a segment's
        # reading depends on the segment and the rules alone): one dict for commands that can still be
        # auto-approved, one for those that cannot (it reads less of them).
        self.segment_memo: tuple[Memo[Any, Any], Memo[Any, Any]] = (Memo(), Memo())
        # The first words some pattern can match (None: a pattern whose first word is a wildcard can match any):
        # judge_as_written answers None for any other first word, which the caller can tell without the call.
        self.named_first: frozenset[str] | None = (
            None if self._scan else frozenset(self._one) | {a for a, _ in self._two} | frozenset(self._meant)
        )
        # What judge_as_written answers for a segment led by a word whose patterns all spell one or two words
        # (`Terminal(wc)`, `Terminal(go test)`: lists _fix answered), none by meaning, no wildcard first word:
        # (the answer for the first word, {second word: the answer for both} or None), which the caller can
        # take without the call.
        self.by_first: dict[str, tuple[tuple[int, Pattern] | None, dict[str, tuple[int, Pattern]] | None]] = (
            {} if self._scan else _by_first(self._one, self._two, self._meant)
        )
        # ... and those answers as a segment's reading (permissions.segments takes them as they are)
        self.readings_by_first = _readings_by_first(self.by_first)

    def places_as_ruled(self, view: tuple[str, ...]) -> tuple[str, ...] | None:
        """``view`` with each word a place-naming deny or ask pattern spells in another case written as the
        pattern writes it (`cat .ENV` as `cat .env`), or None when no word changes: for a machine whose file
        system folds case (SPEC §5, R4.10)."""
        ruled = self._ruled_cases
        out: list[str] | None = None
        for k in range(1, len(view)):
            w = view[k]
            spelt = ruled.get(w.casefold())
            if spelt is not None and spelt != w:
                if out is None:
                    out = list(view)
                out[k] = spelt
        return tuple(out) if out is not None else None

    def mention(self, text: str, floor_verbs: frozenset[str]) -> tuple[int, str, Pattern | None] | None:
        """For a command too complex to read in full (R4.7, the read budget): the first program the floor
        (``floor_verbs``) or a deny pattern names anywhere in ``text``, else the first an ask pattern names, as
        (rank, word, pattern or None for the floor). Quotes and escapes only split a word into pieces
        (`c''url`, `\\curl`) and a backslash-newline joins two lines into one, so they are dropped first."""
        plain = text.replace("\\\n", "").replace("'", "").replace('"', "").replace("\\", "")
        hit = self.deny.mentioned(plain, floor_verbs)
        if hit is not None:
            return DENY_RANK, hit[0], hit[1]
        hit = self.ask.mentioned(plain)
        if hit is not None:
            return ASK_RANK, hit[0], hit[1]
        return None

    def deny_or_ask(self, all_views: Sequence[tuple[str, ...]]) -> tuple[int, Pattern] | None:
        """What ``deny.match_views`` then ``ask.match_views`` answer (R4.8: any view), in one index walk per
        view: the first view's first deny pattern, else the first view's first ask pattern."""
        best: tuple[int, Pattern] | None = None
        for view in all_views:
            if view:
                best = self._judge(view, best, ALLOW_RANK)
                if best is not None and best[0] == DENY_RANK:
                    return best
        return best

    def _judge(
        self, words: tuple[str, ...], best: tuple[int, Pattern] | None = None, limit: int = 3
    ) -> tuple[int, Pattern] | None:
        """The best of ``best`` and the patterns ranked below ``limit`` that match ``words``."""
        if len(words) >= 2:
            candidates = self._two.get((words[0], words[1]))
            if candidates:
                if isinstance(candidates, tuple):  # the walk's answer, known when the rules loaded
                    if candidates[0] < (limit if best is None else best[0]):
                        best = candidates
                else:
                    best = self._walk(candidates, words, best, limit)
                if best is not None and best[0] == DENY_RANK:
                    return best
        candidates = self._one.get(words[0])
        if candidates:
            if isinstance(candidates, tuple):
                if candidates[0] < (limit if best is None else best[0]):
                    best = candidates
            else:
                best = self._walk(candidates, words, best, limit)
            if best is not None and best[0] == DENY_RANK:
                return best
        if self._scan:
            best = self._walk(self._scan, words, best, limit)
            if best is not None and best[0] == DENY_RANK:
                return best
        if self._meant:
            meant = self._meant.get(words[0])
            if meant is not None:
                g = self._gates[words[0]]
                if g is None or not g.isdisjoint(words):
                    best = self._by_meaning(meant, words, best, limit)
        return best

    @staticmethod
    def _by_meaning(
        meant: list[_Meant], words: tuple[str, ...], best: tuple[int, Pattern] | None, limit: int
    ) -> tuple[int, Pattern] | None:
        """R4.10: the deny/ask patterns for this program that match a reading of the segment."""
        best_rank = limit if best is None else best[0]
        readings: tuple[Reading, ...] | None = None
        unread: bool | None = None  # whether a reading holds an operand read at run time, once asked
        for rank, p, found in meant:
            if rank >= best_rank:
                continue
            if readings is None:
                readings = _readings(words) or _any_readings(words)  # (most: by the table, one call)
            if any(m.matches(r) for m in found for r in readings):
                best_rank = rank
                best = (rank, p)
                if rank == DENY_RANK:
                    break
            elif ASK_RANK < best_rank and unread is not False:
                if unread is None:
                    # a program's readings share them (chmod's mode, npm's option file)
                    unread = UNREAD in readings[0].operands or OPTIONS_UNREAD in readings[0].keys
                if unread and any(m.may_match(r) for m in found for r in readings):
                    best_rank = ASK_RANK  # an operand read at run time (UNREAD) may be the pattern's: ask
                    best = (ASK_RANK, p)
        return best

    # deny > ask > allow for a segment whose only view is itself, in one index walk (§5 step 4); called
    # once per segment on hostile-sized input, so it is _judge itself rather than a method calling it.
    judge_as_written = _judge

    @staticmethod
    def _walk(
        candidates: list[_Ranked], words: tuple[str, ...], best: tuple[int, Pattern] | None, limit: int
    ) -> tuple[int, Pattern] | None:
        best_rank = limit if best is None else best[0]
        guarded: bool | None = None  # _prefix_never_covers(words), computed at most once
        for rank, p, exact, loose in candidates:
            if rank >= best_rank:
                continue
            if exact is not None:
                if words[: len(exact)] != exact:
                    continue
            elif not pattern_matches(p, words, loose):
                continue
            if rank == ALLOW_RANK and words[0] in _GUARDED and not _exact(p, words):
                if guarded is None:
                    guarded = _prefix_never_covers(words)
                if guarded:
                    continue  # R4.8: a prefix never covers a program-running or git-state-changing segment
            best_rank = rank
            best = (rank, p)
            if rank == DENY_RANK:
                break
        return best


def _assignments_led(p: Pattern) -> tuple[str, ...] | None:
    """The assignments a pattern sets before its program (`A=1 B=2 cmd ...`: ("A=1", "B=2")), or None."""
    k = 0
    words = p.words
    while k < len(words) and not words[k][1] and "=" in words[k][0] and is_assignment(words[k][0]):
        k += 1
    return tuple(w for w, _ in words[:k]) if 0 < k < len(words) and not words[k][1] else None


def _names_of(*lists: CompiledList) -> frozenset[str]:
    """The programs the terminal patterns of ``lists`` name (every one of WINDOWS_POSIX for a pattern whose
    first word is a wildcard)."""
    named: set[str] = set()
    for lst in lists:
        if lst.scan:
            return WINDOWS_POSIX
        named.update(lst.by_one, (a for a, _ in lst.by_two), lst.meant)
    return frozenset(program_name(w) for w in named)


def _fix(index: dict[Any, list[_Ranked] | tuple[int, Pattern]], n: int) -> None:
    """Replace each list of ``index`` (keyed by a segment's first ``n`` words) that _walk would answer without
    reading the segment by that answer: every pattern is exactly its ``n`` key words (found by the look-up, so
    it matches), and no allow is for a verb R4.8's guard reads. _walk keeps the first pattern of the lowest
    rank below the rank it is given; so does _judge with the pair kept here."""
    for key, entries in index.items():
        assert isinstance(entries, list)
        if not all(exact is not None and len(exact) == n for _, _, exact, _ in entries):
            continue
        first = key if n == 1 else key[0]
        if first in _GUARDED and any(rank == ALLOW_RANK for rank, _, _, _ in entries):
            continue
        low = min(rank for rank, _, _, _ in entries)
        index[key] = next((rank, p) for rank, p, _, _ in entries if rank == low)


def _by_first(
    one: dict[str, list[_Ranked] | tuple[int, Pattern]],
    two: dict[tuple[str, str], list[_Ranked] | tuple[int, Pattern]],
    meant: dict[str, list[_Meant]],
) -> dict[str, tuple[tuple[int, Pattern] | None, dict[str, tuple[int, Pattern]] | None]]:
    """CompiledPermissions.by_first: _judge's answer, by first (and second) word, wherever it reads nothing
    else -- no pattern by meaning for the word, every list of it answered by _fix. _judge takes the pair's
    answer, then the first word's where its rank is lower (deny returns at once: the lowest rank)."""
    pairs: dict[str, dict[str, tuple[int, Pattern]]] = {}
    unfixed: set[str] = set()
    for (a, b), c in two.items():
        if isinstance(c, tuple):
            pairs.setdefault(a, {})[b] = c
        else:
            unfixed.add(a)
    out: dict[str, tuple[tuple[int, Pattern] | None, dict[str, tuple[int, Pattern]] | None]] = {}
    for a in {*one, *pairs}:
        own = one.get(a)
        if a in meant or a in unfixed or isinstance(own, list):
            continue
        by_second = pairs.get(a)
        if by_second is not None and own is not None:
            by_second = {b: (c if c[0] <= own[0] else own) for b, c in by_second.items()}
        out[a] = (own, by_second)
    return out


def rule_reading(ranked: tuple[int, Pattern] | None) -> RuleReading:
    """The reading of a segment ``ranked`` (_judge's answer, judge_as_written's) speaks for."""
    if ranked is None:
        return NO_READING
    verdict, kind = RANK_READINGS[ranked[0]]
    return verdict, ranked[1].text, kind


def _readings_by_first(
    by_first: dict[str, tuple[tuple[int, Pattern] | None, dict[str, tuple[int, Pattern]] | None]],
) -> dict[str, tuple[RuleReading, dict[str, RuleReading] | None]]:
    """CompiledPermissions.readings_by_first: by_first with each answer as the segment's reading (rule_reading)."""
    return {
        first: (
            rule_reading(own),
            None if by_second is None else {b: rule_reading(c) for b, c in by_second.items()},
        )
        for first, (own, by_second) in by_first.items()
    }


# Verbs whose segment a prefix allow may not cover (runs_other_programs, git_changes_state).
_GUARDED = frozenset({"find", "git", "hub"})


def _prefix_never_covers(words: tuple[str, ...]) -> bool:
    """R4.8: an allow pattern covers this `find`/`git`/`hub` segment only when it spells the whole segment."""
    return runs_other_programs(words) or git_changes_state(words)


# R4.8, R4.9: programs that run a command line they are given -- transparent wrappers (`env`, `timeout 5`,
# `nice`, `flock LOCK`), the package managers' launchers that fetch or find a package's program and run it
# (`npx`, `bunx`, `uvx`, `pnpm dlx`, `npm exec`, `yarn dlx`, `bun x`, `pipx run`, `uv run`, pnpm's word that
# names no pnpm command, `corepack pnpm`, `deno run npm:x`; the project initializers, `npm init x`, `yarn|pnpm|bun
# create x`, `deno init --npm x`), and the runners of environments, secrets and containers that run a
# program after their subcommand (SUBCOMMAND_RUNNERS: `poetry run`, `hatch env run --`, `op run --`, `mise exec
# --`, `direnv exec DIR`, `docker run IMAGE`, `docker compose exec SERVICE`, `kubectl exec POD --`, `bundle
# exec`, ...), tox's and nox's posargs, kubectl by its other names, the multi-call binaries (`coreutils rm`,
# `shx rm`). A prefix allow of one covers what it runs only when the pattern names that command
# (`Terminal(env)` is not `env rm -rf src`, `Terminal(poetry run)` is not `poetry run rm -rf src`); one that
# runs nothing (`env`, `timeout --help`, `poetry install`, `docker ps`) has a single view and is covered as
# before. (find, git and hub have their own guard; xargs's command reads its arguments from the input and has
# its own reading; a program Brabo does not know that may hand its words on -- views.hands_on -- is judged as
# written, and so are interpreters given a file or a module.)
_WRAPPING = (
    (frozenset(WRAPPERS) - {"xargs"})
    | frozenset(RUNNERS)
    | frozenset(verb for verb, _ in SUBCOMMAND_RUNNERS)
    | frozenset(UNKNOWN_WORD_RUNS)
    | POSARGS_RUNNERS
    | KUBECTL_NAMES
    | KUBECTL_CARRIERS
    | {"npm", "pnpm", "yarn", "bun", "pipx", "uv", "corepack", "coreutils", "shx", "docker-compose", "deno"}
    | {"podman-compose"}
) - _GUARDED

# Subcommands whose next word names the program's own tool first (`cmake -E copy a b`, `R CMD INSTALL .`), and
# only then, maybe, a program: what they run counts only when it acts (_acts).
_OWN_TOOLS = frozenset({("cmake", "-E"), ("r", "CMD"), ("R", "CMD")})
# Programs that, run, only answer yes or no: a runner's word naming one is read as the script of that name
# (`hatch run test`, the script hatch's own template writes) -- either way nothing else runs.
_INERT = frozenset({"test", "[", "true", "false", ":"})
# Besides the programs that act (views' HANDED_NAMES: deleters, shells, interpreters, network tools), those that
# change the project's files in place -- their modes, owners, places or contents: a maybe-command of these counts.
_CHANGERS = frozenset(REMOVERS) | {
    "chmod",
    "chown",
    "chgrp",
    "chattr",
    "chflags",
    "setfacl",
    "cp",
    "ln",
    "truncate",
    "tee",
    "rmdir",
    "unlink",
    "sed",
    "find",
}


def _feeds(words: tuple[str, ...], all_views: Sequence[tuple[str, ...]]) -> bool:
    """Whether ``words`` is xargs running a command, as written or by another name (`/usr/bin/xargs`,
    `gxargs`: its first view then is the same words renamed). R4.8: xargs is a transparent wrapper, and what it
    runs is a command of its own -- a prefix allow of xargs that does not name it covers it only when an allow
    covers that command (`Terminal(xargs)` is not `xargs pkill node`, nor `xargs nc host`, nor `xargs ./x.sh`)."""
    return words[0] == "xargs" or _renamed(words, all_views) == "xargs"


def _renamed(words: tuple[str, ...], all_views: Sequence[tuple[str, ...]]) -> str:
    """The program the first view of ``words`` names when that view is the same words renamed (`/usr/bin/env`,
    `gtimeout`, `gxargs`), else ""."""
    renamed = all_views[1]
    return renamed[0] if len(renamed) == len(words) and renamed[1:] == words[1:] else ""


def _wraps(words: tuple[str, ...], all_views: Sequence[tuple[str, ...]]) -> bool:
    """Whether ``words`` is led by a wrapper or launcher, as written or by another name (`/usr/bin/env`,
    `gtimeout`: its first view then is the same words renamed)."""
    first = words[0]
    if first in _WRAPPING:
        return True
    if "=" in first and is_assignment(first):
        # red team: `FOO=1 npx evil`, `FOO=1 env rm -rf src` -- the first view is the segment past its
        # assignments; and the assignments themselves name no program (`Terminal(FOO=1)` is not `FOO=1 rm -rf
        # src`, as `Terminal(env)` is not `env rm -rf src`): the command past them is one the pattern must name
        return bool(all_views[1])
    return _renamed(words, all_views) in _WRAPPING


def _wrapped_starts(
    words: tuple[str, ...], all_views: Sequence[tuple[str, ...]]
) -> list[tuple[int, tuple[str, ...]]]:
    """Where in ``words`` each command the segment runs starts, with that command (a view below the segment as
    written). A view that is the tail of ``words`` starts where the tail does; one rewritten (`rimraf x` read as
    `rm -r -f x`, env's `-S` string split, options added from assignments) at the last word it does not share
    with them -- never before its command's name. The program itself again (`yarn workspace web build` read as
    `yarn build`) is not another command (what it runs in turn is another view), nor is an option read as a
    program's name (an empty word). A word pnpm, esy, `bun run` or hatch may run as a package script (`pnpm
    build`) and that names no program Brabo knows is read as the script, as it was; the words after a script,
    or after tox's or nox's `--` (their posargs), are arguments the configured command may be handed -- they
    count only when they would run a program that acts (`tox -e py -- rm -rf src`, not `tox -e py -- pytest
    tests/`), and so do the words after `cmake -E` or `R CMD`."""
    n = len(words)
    out: list[tuple[int, tuple[str, ...]]] = []
    if words[1:2] == ("pip",) and words[0] == "uv":
        return out  # R4.10: uv's own pip interface, read as pip's command line (it runs no program)
    maybe = _posargs_from(words)
    own = maybe == 2 and (words[0], words[1]) in _OWN_TOOLS  # an unknown word is the program's own tool
    # (a segment led by assignments: the command past them is a start the pattern must name, as the assignments
    # name no program -- `Terminal(FOO=1)` is not `FOO=1 rm -rf src`; what a wrapper or launcher there runs is
    # another command -- `FOO=1 npx evil`)
    bare = all_views[1] if "=" in words[0] and is_assignment(words[0]) else None
    if bare and words[n - len(bare) :] == bare:
        out.append((n - len(bare), bare))  # the command past the assignments (R4.8: they name no program)
    for v in all_views[1:]:
        if not v or not v[0] or v is bare:
            continue
        c = 0
        m = min(len(v), n)
        while c < m and v[-1 - c] == words[-1 - c]:
            c += 1
        k = n - c if c == len(v) else n - c - 1
        if k < 1 or v[0] == words[0] or (bare is not None and bare and v[0] == bare[0]):
            continue  # (the program itself again: `FOO=1 npm test` read with npm's options from FOO)
        if _maybe_script(words, k, v):
            maybe = min(maybe, k + 1)  # the script's arguments (`hatch run test -- -k x`)
        elif k < maybe or _acts(v, not own):
            out.append((k, v))
    return out


def _posargs_from(words: tuple[str, ...]) -> int:
    """The first word of ``words`` from which a command started is a maybe (_wrapped_starts): after tox's or
    nox's `--` (not tox's `exec`, which runs what follows), from the word after `cmake -E` / `R CMD`; else
    past the end."""
    n = len(words)
    if words[0] in POSARGS_RUNNERS and "--" in words:
        dashes = words.index("--")
        return n if "exec" in words[1:dashes] else dashes + 1
    if (words[0], words[1]) in _OWN_TOOLS:
        return 2
    return n


def _acts(view: tuple[str, ...], unknown: bool) -> bool:
    """Whether what ``view`` would really run (its innermost reading) is a program that acts (views' HANDED_NAMES:
    `rm`, `git`, `curl`, a shell, an interpreter running a file) or changes files in place (`chmod`, `mv`, `sed`),
    or, ``unknown``, is none Brabo knows (`bash ./clean.sh` runs `clean.sh`) -- not `pytest -x`, nor `python -m
    pytest`, nor cmake's own `make_directory`."""
    inner = look_through(view)
    if not inner:
        return False
    first = inner[0]
    return first in HANDED_NAMES or first in _CHANGERS or (unknown and first not in KNOWN_PROGRAMS)


_RUNS_A_SCRIPT = frozenset({("bun", "run"), ("yarn", "run")})


def _maybe_script(words: tuple[str, ...], k: int, view: tuple[str, ...]) -> bool:
    """R4.9: `pnpm build`, `pnpm --filter web build`, `bun run build`, `hatch run cov`, `hatch env run -- cov`
    run the package or project script of that name when there is one (so do `yarn build`, `yarn run build`, `bun
    build-docs`): a word no program Brabo knows (or one that only answers yes or no, `test`) is read as the script
    (friction); a known one may be the program (`pnpm vitest`, `pnpm git push`, `hatch run pytest`). `pnpm dlx`,
    `pnpm exec`, `bun x` run a program whatever it is."""
    if not view or (view[0] in KNOWN_PROGRAMS and view[0] not in _INERT):
        return False
    verb, before = words[0], words[k - 1]
    commands = UNKNOWN_WORD_RUNS.get(verb, frozenset())  # (pnpm's own: `pnpm env use`)
    for j in range(1, k):
        w = words[j]
        if (
            w in _WRAPPING
            and words[j - 1][:1] != "-"  # (not an option's value: `pnpm --filter env build`)
            and (verb, w) not in SUBCOMMAND_RUNNERS  # (`hatch env run`)
            and w not in commands
        ):
            return False  # red team: `pnpm exec npx create-x`, `hatch run npx x`: a launcher's package, no script
    if (verb, before) in _RUNS_A_SCRIPT:
        return True  # (`bun run build`, `yarn run build`: the script, else a dependency's binary)
    if verb == "hatch":
        return "run" in words[1:k]
    # (`pnpm create vite`: the initializer's package, create-vite, not a script)
    return (
        verb in UNKNOWN_WORD_RUNS
        and (verb, before) not in SUBCOMMAND_RUNNERS
        and (verb, before) not in INITIALIZES
    )


def _reaches(p: Pattern, starts: list[tuple[int, tuple[str, ...]]]) -> bool:
    """Whether the prefix ``p`` spells, literally, a word at every place a command the segment runs starts
    (`Terminal(timeout 60 npm test)` reaches `npm` in `timeout 60 npm test -k x`), and none of those commands
    is one R4.8's own guard keeps from a prefix (`Terminal(env git)` is not `env git push`)."""
    specs = p.words
    for k, v in starts:
        if k >= len(specs) or specs[k][1]:
            return False
        if v[0] in _GUARDED and _prefix_never_covers(v):
            return False
    return True
