"""Option knowledge as data: how the programs people write rules for read their options (SPEC R4.10).

One table per program (and per subcommand): every spelling of an option -- short letters, long names,
aliases -- mapped to one canonical key, with its arity (no value, a required value, an optional value
attached only), whether the program's parser accepts unique abbreviations of long options (git's
parse-options, GNU getopt_long, Python's optparse, nopt) and whether short letters cluster (``-rf``).
``-D`` of ``git branch`` is ``--delete --force``; ``terraform destroy`` is ``terraform apply -destroy``;
``git push origin +main`` forces: such equivalences are keys an option or operand implies.

:func:`normalise` reads a command (a view of a segment: its verb a program's bare name) into its
:class:`Reading`: the program and subcommand path, the set of option keys (``force``, ``request=POST``)
and the operands in order. Options may stand anywhere before ``--`` (GNU getopt permutes; git, npm and
cobra do too) except for programs whose first operand starts another command (``docker run IMAGE cmd``).
An option the table does not know has no certain arity: the command is read both ways.

The matcher (permissions.matching) normalises each ``deny`` / ``ask`` pattern once, when the policy
loads, and a segment once when read; an ``allow`` pattern stays literal (R4.8: meaning widens only what is
refused). A pattern matches a reading when its path is a prefix of the reading's, its option keys are all
among the reading's, and its operands are a word prefix of the reading's remaining words.

A table is one option per line, its spellings separated by spaces (``-r -R --recursive``); ``=`` after a
spelling: it takes a value, ``=?``: an optional value, attached only; ``-> keys``: what the option means
when that is more than its own name. A one-line table separates options with ``;``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from permissions.commands.syntax import NONE, OPTIONAL, REQUIRED

__all__ = ["PROGRAMS", "Program", "Reading", "canonical_words", "normalise", "program_name", "spellings"]

# An unknown option: may or may not take the next word.
_UNKNOWN = -1


class Program:
    """How one program (or one subcommand of it) reads its options and subcommands."""

    __slots__ = (
        "abbrev",
        "bundle",
        "dash_long",
        "implies",
        "intersperse",
        "long",
        "memo",
        "name",
        "operand_keys",
        "parent",
        "path",
        "short",
        "sub_aliases",
        "subcommands",
    )

    def __init__(
        self,
        name: str,
        spec: str = "",
        *,
        abbrev: bool = False,
        bundle: bool = True,
        dash_long: bool = False,
        intersperse: bool = True,
        subcommands: dict[str, Program] | None = None,
        aliases: dict[str, str] | None = None,
        implies: dict[str, tuple[str, tuple[str, ...]]] | None = None,
        parent: Program | None = None,
        operand_keys: Callable[[str], tuple[str, ...]] | None = None,
    ) -> None:
        self.name = name
        self.memo: dict[str, tuple[tuple[str, ...], int] | None] = {}
        self.path: tuple[str, ...] = (name,)
        self.short: dict[str, tuple[tuple[str, ...], int]] = {}
        self.long: dict[str, tuple[tuple[str, ...], int]] = {}
        self.abbrev = abbrev
        self.bundle = bundle
        self.dash_long = dash_long  # Go's flag package, find: `-name` and `--name` are one long option
        self.intersperse = intersperse  # options may follow operands
        self.subcommands = subcommands or {}
        self.sub_aliases = aliases or {}  # `i` -> `install`
        # A subcommand spelling that is another subcommand plus options: `destroy` -> (`apply`, (`destroy`,))
        self.implies = implies or {}
        self.parent = parent  # whose options are read at this level too (npm's config flags)
        self.operand_keys = operand_keys  # keys an operand implies (`git push origin +main`: force)
        for line in spec.split("\n"):
            line = line.strip()
            if line:
                self._add(line)

    def _add(self, line: str) -> None:
        """``-r -R --recursive`` / ``--message= -m=`` / ``--interactive=?`` / ``-D -> delete force``."""
        spellings, _, implied = line.partition("->")
        names = spellings.split()
        kind = NONE
        clean: list[str] = []
        for n in names:
            if n.endswith("=?"):
                kind, n = OPTIONAL, n[:-2]
            elif n.endswith("="):
                kind, n = REQUIRED, n[:-1]
            clean.append(n)
        longs = [n[2:] for n in clean if n.startswith("--")]
        keys = tuple(implied.split()) or ((longs[0],) if longs else (clean[0].lstrip("-"),))
        for n in clean:
            if n.startswith("--"):
                self.long[n[2:]] = (keys, kind)
            else:
                self.short[n[1:]] = (keys, kind)

    def sub(self, word: str) -> tuple[Program, tuple[str, ...]] | None:
        """The subcommand ``word`` names (an alias or, where the parser allows, an abbreviation)."""
        hit = self.implies.get(word)
        if hit is not None:
            return self.subcommands[hit[0]], hit[1]
        word = self.sub_aliases.get(word, word)
        found = self.subcommands.get(word)
        return (found, ()) if found is not None else None

    def long_option(self, name: str) -> tuple[tuple[str, ...], int] | None:
        """An exact long option, else (when the parser abbreviates) every option ``name`` begins: an
        ambiguous abbreviation, which the parser refuses, is read as all of them (deny matches more).
        Answers are kept (hostile input repeats an abbreviation thousands of times)."""
        memo = self.memo
        if name in memo:
            return memo[name]
        if len(memo) >= 1024:
            memo.clear()
        found = memo[name] = self._long_option(name)
        return found

    def _long_option(self, name: str) -> tuple[tuple[str, ...], int] | None:
        level: Program | None = self
        while level is not None:
            hit = level.long.get(name)
            if hit is not None:
                return hit
            level = level.parent
        if not self.abbrev or len(name) < 2:
            return None
        keys: list[str] = []
        kinds: set[int] = set()
        level = self
        while level is not None:
            for full, (k, kind) in level.long.items():
                if full.startswith(name):
                    keys.extend(k)
                    kinds.add(kind)
            level = level.parent
        if not keys:
            return None
        return tuple(keys), (kinds.pop() if len(kinds) == 1 else _UNKNOWN)

    def short_option(self, letter: str) -> tuple[tuple[str, ...], int] | None:
        level: Program | None = self
        while level is not None:
            hit = level.short.get(letter)
            if hit is not None:
                return hit
            level = level.parent
        return None


class Reading:
    """One way a command reads: its program and subcommands, option keys, operands in order."""

    __slots__ = ("keys", "operands", "path")

    def __init__(self, path: tuple[str, ...], keys: frozenset[str], operands: tuple[str, ...]) -> None:
        self.path = path
        self.keys = keys
        self.operands = operands

    def __repr__(self) -> str:
        return f"Reading({self.path}, {sorted(self.keys)}, {self.operands})"


def _long_option(
    cur: Program, w: str, words: Sequence[str], k: int, keys: set[str], take_unknown: bool
) -> tuple[int, bool]:
    """A long option ``w`` (`--name[=value]`, or `-name` where the program reads long options after one dash),
    ``k`` the index after it: its keys added to ``keys``; (the next index, whether its arity is unknown)."""
    n = len(words)
    name, eq, value = w[(2 if w[1] == "-" else 1) :].partition("=")
    hit = cur.long_option(name)
    if hit is None and cur.dash_long and w[1] != "-" and len(name) == 1:
        hit = cur.short_option(name)
    if hit is None:
        keys.add("?" + w.partition("=")[0])
        if eq:
            keys.add("?" + w)
            return k, False
        if take_unknown and k < n and words[k][:1] != "-":
            k += 1
        return k, True
    found, kind = hit
    unsure = False
    if kind == REQUIRED and not eq and k < n:
        value, eq = words[k], "="
        k += 1
    elif kind == _UNKNOWN and not eq:
        unsure = True
        if take_unknown and k < n and words[k][:1] != "-":
            value, eq = words[k], "="
            k += 1
    keys.update(found)
    if eq:
        if kind == NONE and value.lower() in ("false", "0", "no"):
            keys.difference_update(found)  # `--global=false`
            keys.update("no-" + f for f in found)
        else:
            _valued(keys, found, value)
    return k, unsure


def _parse(prog: Program, words: Sequence[str], take_unknown: bool) -> tuple[Reading, bool]:
    """One reading of ``words`` (after the program name); whether an option of unknown arity was met.
    ``take_unknown``: such an option takes the next word (when it is not an option itself)."""
    path = prog.path
    keys: set[str] = set()
    operands: list[str] = []
    cur = prog
    n = len(words)
    k = 0
    unsure = False
    ended = False  # `--`, or an operand of a program that stops reading options there
    while k < n:
        w = words[k]
        k += 1
        if ended or len(w) < 2 or w[0] != "-":
            if not ended and not operands and cur is prog and w[:1] == "+" and prog is CARGO:
                continue  # `cargo +nightly publish`: rustup's toolchain selector
            if not ended and not operands and cur.subcommands:
                entered = cur.sub(w)
                if entered is not None:
                    cur, implied = entered
                    path = cur.path
                    keys.update(implied)
                    continue
            operands.append(w)
            if cur.operand_keys is not None:
                keys.update(cur.operand_keys(w))
            if not cur.intersperse:
                ended = True
            continue
        if w == "--":
            ended = True
            continue
        if w[1] == "-" or cur.dash_long:
            k, unknown = _long_option(cur, w, words, k, keys, take_unknown)
            if unknown:
                unsure = True
            continue
        # Short options: one letter, or (where they bundle) a cluster; a value is the rest or the next word.
        # nopt's shorthands may be several letters (`npm -ws`): a whole-word shorthand comes first.
        whole = cur.short_option(w[1:]) if len(w) > 2 else None
        if whole is not None:
            keys.update(whole[0])
            continue
        j = 1
        unknown_letter = False
        while j < len(w):
            hit = cur.short_option(w[j])
            if hit is None:
                # A letter the table does not know: its arity is unknown. Read on (deny matches more): the
                # letters after it may be options too; the word after it may be its value (second reading).
                keys.add("?-" + w[j])
                unsure = unknown_letter = True
                j += 1
                continue
            found, kind = hit
            keys.update(found)
            rest = w[j + 1 :]
            if kind == REQUIRED or kind == OPTIONAL:
                if rest:
                    value = rest
                elif kind == REQUIRED and k < n:
                    value = words[k]
                    k += 1
                else:
                    break
                _valued(keys, found, value)
                break
            if not cur.bundle:
                if rest:
                    keys.add("?-" + rest)
                break
            j += 1
        else:
            if unknown_letter and take_unknown and k < n and words[k][:1] != "-":
                k += 1
    return Reading(path, frozenset(keys), tuple(operands)), unsure


# A value that is another option's meaning: `npm --location=global` is `npm -g`.
_VALUE_IMPLIES: dict[str, tuple[str, ...]] = {"location=global": ("global",)}


def _valued(keys: set[str], found: tuple[str, ...], value: str) -> None:
    for f in found:
        if "=" in f:
            continue  # a constant the option implies (`curl -d x`: request=POST)
        key = f"{f}={value}"
        keys.add(key)
        implied = _VALUE_IMPLIES.get(key)
        if implied is not None:
            keys.update(implied)


def _hooks_skipped(keys: frozenset[str]) -> bool:
    """`git -c core.hooksPath=/dev/null commit` runs no hook: the act of `--no-verify`."""
    return any(k.lower().startswith(("c=core.hookspath=", "config-env=core.hookspath=")) for k in keys)


def normalise(words: Sequence[str]) -> tuple[Reading, ...] | None:
    """Every reading of ``words`` (a command whose first word is a program's name), or None when no table
    knows the program (it is then matched literally, as before R4.10)."""
    if not words:
        return None
    prog = PROGRAMS.get(program_name(words[0]))
    if prog is None:
        return None
    first, unsure = _parse(prog, words[1:], False)
    found: tuple[Reading, ...] = (first,) if not unsure else (first, _parse(prog, words[1:], True)[0])
    if prog is GIT and any(_hooks_skipped(r.keys) for r in found):
        found = tuple(Reading(r.path, r.keys | {"no-verify"}, r.operands) for r in found)
    return found


_CANONICAL: dict[tuple[str, ...], tuple[tuple[str, ...], ...]] = {}


def canonical_words(view: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """The view as its program's table reads it -- subcommands by their own names (`npm unpub x` is
    `npm unpublish x`, `terraform destroy` is `terraform apply`), operands after -- for the caps, which
    read subcommand words; () for a program with no table. Options are left out: each reading's option
    keys are the matcher's business."""
    hit = _CANONICAL.get(view)
    if hit is None:
        readings = normalise(view) or ()
        hit = tuple(dict.fromkeys((*r.path, *r.operands) for r in readings if (*r.path, *r.operands) != view))
        if len(_CANONICAL) >= 4096:
            _CANONICAL.clear()
        _CANONICAL[view] = hit
    return hit


def program_name(word: str) -> str:
    """The table a command word names: its last path component, versioned names folded (`pip3.12`)."""
    name = word.rsplit("/", 1)[-1]
    return _NAME_ALIASES.get(name, name)


# -- the tables --------------------------------------------------------------------------------------------


def _subs(parent: Program | None = None, /, **specs: str | Program) -> dict[str, Program]:
    out: dict[str, Program] = {}
    for name, spec in specs.items():
        name = name.replace("_", "-")
        if isinstance(spec, Program):
            out[name] = spec
            continue
        if "\n" not in spec:
            spec = "\n".join(spec.split(";"))  # a one-line table: options separated by `;`
        out[name] = Program(name, spec, parent=parent, abbrev=True)
    return out


# GNU coreutils (getopt_long: clusters, unique abbreviations, options anywhere before `--`).
RM = Program(
    "rm",
    """
    -r -R --recursive
    -f --force
    -i
    -I
    --interactive=?
    -d --dir
    -v --verbose
    --one-file-system
    --no-preserve-root
    --preserve-root=?
    """,
    abbrev=True,
)
_CHMOD_LIKE = """
    -R --recursive
    -c --changes
    -f --silent --quiet
    -v --verbose
    --reference=
    --preserve-root
    --no-preserve-root
    """
CHMOD = Program("chmod", _CHMOD_LIKE, abbrev=True)
CHOWN = Program(
    "chown",
    _CHMOD_LIKE + "\n--from=\n-h --no-dereference\n--dereference\n-H\n-L\n-P",
    abbrev=True,
)
CHGRP = Program("chgrp", _CHMOD_LIKE + "\n-h --no-dereference\n--dereference\n-H\n-L\n-P", abbrev=True)
SED = Program(
    "sed",
    """
    -n --quiet --silent
    -e= --expression=
    -f= --file=
    -i=? --in-place=?
    -E -r --regexp-extended
    -s --separate
    -z --null-data
    -u --unbuffered
    -l= --line-length=
    --posix
    --sandbox
    --debug
    --follow-symlinks
    -b --binary
    """,
    abbrev=True,
)
# find: expression words are single-dash long names; `-exec … ;` is matched as its own words.
FIND = Program(
    "find",
    "\n".join(
        """
    --delete
    --exec= --execdir= --ok= --okdir=
    --name= --iname= --path= --ipath= --regex= --iregex= --type= --xtype= --user= --group= --perm=
    --size= --mtime= --mmin= --atime= --amin= --ctime= --cmin= --newer= --maxdepth= --mindepth= --fprint=
    --fprintf= --fls= --printf= --fprint0= --links= --inum= --samefile= --uid= --gid= --used= --context=
    --prune
    --print --print0 --ls --quit --depth --mount --xdev --follow --empty --readable --writable
    --executable --nouser --nogroup --true --false --not --and --or --a --o
    -H
    -L
    -P
    """.split()
    ),
    dash_long=True,
    bundle=False,
)
# curl: clustered short flags, long names exact (older releases took unique abbreviations: read as such).
_CURL_POST = "request request=POST"
CURL = Program(
    "curl",
    f"""
    -X= --request=
    -d= --data= -> data {_CURL_POST}
    --data-binary= -> data-binary {_CURL_POST}
    --data-raw= -> data-raw {_CURL_POST}
    --data-ascii= -> data-ascii {_CURL_POST}
    --data-urlencode= -> data-urlencode {_CURL_POST}
    --json= -> json {_CURL_POST}
    -F= --form= -> form {_CURL_POST}
    --form-string= -> form-string {_CURL_POST}
    -T= --upload-file=
    -o= --output=
    -O --remote-name
    -L --location
    -s --silent
    -S --show-error
    -f --fail
    -k --insecure
    -H= --header=
    -u= --user=
    -x= --proxy=
    -K= --config=
    -i --include
    -I --head
    -v --verbose
    -A= --user-agent=
    -e= --referer=
    -b= --cookie=
    -c= --cookie-jar=
    -G --get
    -Z --parallel
    --url=
    -w= --write-out=
    --compressed
    --retry=
    -m= --max-time=
    --connect-timeout=
    -# --progress-bar
    -N --no-buffer
    --create-dirs
    -C= --continue-at=
    -r= --range=
    -E= --cert=
    --cacert=
    -n --netrc
    -q --disable
    -z= --time-cond=
    -D= --dump-header=
    --fail-with-body
    """,
    abbrev=True,
)

# git: the global options (git.c: exact words, no clusters), then each command's parse-options table
# (clusters, unique abbreviations, options anywhere before `--`).
_GIT_FORCE_REFSPEC = ("force",)


def _git_push_operand(word: str) -> tuple[str, ...]:
    """`git push origin +main` forces that ref; `git push origin :main` deletes it."""
    if word.startswith("+"):
        return _GIT_FORCE_REFSPEC
    if word.startswith(":") and len(word) > 1:
        return ("delete",)
    return ()


_GIT_SUBS: dict[str, Program] = _subs(
    commit="""
    -a --all
    -n --no-verify
    --verify
    -m= --message=
    -F= --file=
    -C= --reuse-message=
    -c= --reedit-message=
    --fixup=
    --squash=
    --amend
    --no-edit
    -e --edit
    -s --signoff
    --no-signoff
    -S=? --gpg-sign=?
    --no-gpg-sign
    -q --quiet
    -v --verbose
    --allow-empty
    --allow-empty-message
    -p --patch
    -i --include
    -o --only
    --author=
    --date=
    -u=? --untracked-files=?
    --dry-run
    --no-post-rewrite
    --cleanup=
    -t= --template=
    --trailer=
    -z --null
    --short
    --branch
    --porcelain
    --long
    --status
    --no-status
    --reset-author
    --pathspec-from-file=
    --pathspec-file-nul
    --interactive
    """,
    push="""
    -f --force
    --force-with-lease=? -> force-with-lease force
    --no-force-with-lease
    --force-if-includes
    --mirror -> mirror force
    -u --set-upstream
    --all --branches
    --tags
    --follow-tags
    --no-follow-tags
    -d --delete
    -n --dry-run
    --no-verify
    --verify
    -o= --push-option=
    --repo=
    --receive-pack= --exec=
    -q --quiet
    -v --verbose
    --porcelain
    --prune
    --atomic
    --no-atomic
    --signed=?
    --no-signed
    --thin
    --no-thin
    --progress
    --no-progress
    -4 --ipv4
    -6 --ipv6
    --recurse-submodules=
    --no-recurse-submodules
    """,
    reset="""
    --hard
    --soft
    --mixed
    --merge
    --keep
    -q --quiet
    -p --patch
    -N --intent-to-add
    --recurse-submodules=?
    --no-recurse-submodules
    --pathspec-from-file=
    --pathspec-file-nul
    --no-refresh
    --refresh
    """,
    clean="""
    -f --force
    -d
    -x
    -X
    -n --dry-run
    -i --interactive
    -q --quiet
    -e= --exclude=
    """,
    checkout="""
    -b=
    -B= -> B force
    -f --force
    --orphan=
    -t=? --track=?
    --no-track
    --detach
    -p --patch
    -q --quiet
    -m --merge
    --ours
    --theirs
    --conflict=
    -l
    --ignore-other-worktrees
    --overwrite-ignore
    --no-overwrite-ignore
    --recurse-submodules=?
    --no-recurse-submodules
    --pathspec-from-file=
    --pathspec-file-nul
    --progress
    --no-progress
    --guess
    --no-guess
    --overlay
    --no-overlay
    """,
    switch="""
    -c= --create=
    -C= --force-create= -> force-create create force
    -d --detach
    -f --force --discard-changes
    --orphan=
    -t=? --track=?
    --no-track
    -m --merge
    --conflict=
    --guess
    --no-guess
    -q --quiet
    --progress
    --no-progress
    --ignore-other-worktrees
    --recurse-submodules=?
    --no-recurse-submodules
    """,
    branch="""
    -d --delete
    -D -> delete force
    -f --force
    -m --move
    -M -> move force
    -c --copy
    -C -> copy force
    -a --all
    -r --remotes
    -v --verbose
    -l --list
    --show-current
    -u= --set-upstream-to=
    --unset-upstream
    --contains=?
    --no-contains=?
    --merged=?
    --no-merged=?
    --points-at=
    --sort=
    --format=
    -t=? --track=?
    --no-track
    --edit-description
    --column=?
    --no-column
    -q --quiet
    --create-reflog
    --abbrev=?
    --no-abbrev
    --color=?
    --no-color
    -i --ignore-case
    --omit-empty
    --recurse-submodules
    """,
    rebase="""
    -i --interactive
    --onto=
    --root
    --continue
    --abort
    --skip
    --quit
    --edit-todo
    --show-current-patch
    -x= --exec=
    --autosquash
    --no-autosquash
    --no-verify
    --verify
    -f --force-rebase --no-ff
    -r=? --rebase-merges=?
    --no-rebase-merges
    --update-refs
    --no-update-refs
    -q --quiet
    -v --verbose
    --keep-base
    -s= --strategy=
    -X= --strategy-option=
    --autostash
    --no-autostash
    --committer-date-is-author-date
    --ignore-date --reset-author-date
    --signoff
    -S=? --gpg-sign=?
    --no-gpg-sign
    -m --merge
    --apply
    -C=
    --whitespace=
    --empty=
    --fork-point
    --no-fork-point
    -n --no-stat
    --stat
    --reschedule-failed-exec
    --no-reschedule-failed-exec
    --keep-empty
    --no-keep-empty
    --reapply-cherry-picks
    --no-reapply-cherry-picks
    --allow-empty-message
    --ignore-whitespace
    """,
    merge="""
    --no-verify
    --verify
    --ff
    --no-ff
    --ff-only
    --squash
    --no-squash
    -m= --message=
    -F= --file=
    -s= --strategy=
    -X= --strategy-option=
    --abort
    --continue
    --quit
    --commit
    --no-commit
    -e --edit
    --no-edit
    --allow-unrelated-histories
    -S=? --gpg-sign=?
    --no-gpg-sign
    -q --quiet
    -v --verbose
    --stat
    -n --no-stat
    --autostash
    --no-autostash
    --signoff
    --no-signoff
    --log=?
    --no-log
    --into-name=
    --progress
    --no-progress
    --rerere-autoupdate
    --no-rerere-autoupdate
    --overwrite-ignore
    --cleanup=
    """,
    tag="""
    -a --annotate
    -d --delete
    -f --force
    -m= --message=
    -F= --file=
    -s --sign
    --no-sign
    -u= --local-user=
    -l --list
    -v --verify
    -n=?
    --contains=?
    --no-contains=?
    --merged=?
    --no-merged=?
    --points-at=
    --sort=
    --format=
    -e --edit
    --cleanup=
    --create-reflog
    -i --ignore-case
    --column=?
    --trailer=
    """,
    add="""
    -A --all --no-ignore-removal
    -f --force
    -u --update
    -p --patch
    -n --dry-run
    -v --verbose
    -i --interactive
    -N --intent-to-add
    -e --edit
    --ignore-removal --no-all
    --refresh
    --ignore-errors
    --ignore-missing
    --renormalize
    --chmod=
    --sparse
    --pathspec-from-file=
    --pathspec-file-nul
    """,
    rm="""
    -r
    -f --force
    --cached
    -n --dry-run
    -q --quiet
    --ignore-unmatch
    --sparse
    --pathspec-from-file=
    --pathspec-file-nul
    """,
    restore="""
    -s= --source=
    -S --staged
    -W --worktree
    -p --patch
    --ours
    --theirs
    -m --merge
    --conflict=
    --ignore-unmerged
    -q --quiet
    --overlay
    --no-overlay
    --recurse-submodules=?
    --progress
    --no-progress
    --pathspec-from-file=
    --pathspec-file-nul
    """,
    pull="""
    -r=? --rebase=?
    --no-rebase
    --ff
    --no-ff
    --ff-only
    --no-verify
    --verify
    -f --force
    --all
    -t --tags
    --no-tags
    -q --quiet
    -v --verbose
    --depth=
    --unshallow
    --autostash
    --no-autostash
    --squash
    --no-squash
    --commit
    --no-commit
    -e --edit
    --no-edit
    -s= --strategy=
    -X= --strategy-option=
    -S=? --gpg-sign=?
    --allow-unrelated-histories
    --prune -p
    --set-upstream
    --recurse-submodules=?
    --progress
    """,
    fetch="""
    --all
    -p --prune
    -P --prune-tags
    -f --force
    -t --tags
    -n --no-tags
    --depth=
    --deepen=
    --shallow-since=
    --shallow-exclude=
    --unshallow
    --update-shallow
    --dry-run
    -q --quiet
    -v --verbose
    --multiple
    -j= --jobs=
    -a --append
    -u --update-head-ok
    --refmap=
    --upload-pack=
    --recurse-submodules=?
    --set-upstream
    --atomic
    --progress
    -4 --ipv4
    -6 --ipv6
    --porcelain
    --write-fetch-head
    --no-write-fetch-head
    """,
    stash=Program(
        "stash",
        """
        -u --include-untracked
        -a --all
        -k --keep-index
        --no-keep-index
        -p --patch
        -S --staged
        -m= --message=
        -q --quiet
        --index
        --pathspec-from-file=
        """,
        abbrev=True,
    ),
    config="""
    --global
    --system
    --local
    --worktree
    -f= --file=
    --blob=
    --get
    --get-all
    --get-regexp
    --get-urlmatch
    --unset
    --unset-all
    --add
    --replace-all
    -l --list
    -e --edit
    --type=
    --bool
    --int
    --bool-or-int
    --path
    --expiry-date
    --show-origin
    --show-scope
    --name-only
    -z --null
    --rename-section
    --remove-section
    --default=
    --comment=
    --value=
    --fixed-value
    --includes
    --no-includes
    """,
    remote=Program(
        "remote",
        "-v --verbose",
        abbrev=True,
        subcommands=_subs(
            add="-t=; -m=; -f; --tags; --no-tags; --mirror=?",
            rename="--progress; --no-progress",
            remove="",
            set_head="-a --auto; -d --delete",
            set_branches="--add",
            get_url="--push; --all",
            set_url="--push; --add; --delete",
            show="-n",
            prune="-n --dry-run",
            update="-p --prune",
        ),
        aliases={"rm": "remove"},
    ),
    worktree=Program(
        "worktree",
        "",
        abbrev=True,
        subcommands=_subs(
            add="-f --force; --detach; --checkout; --no-checkout; --lock; --reason=; -b=; -B=; --orphan; -q --quiet;"
            " --track; --no-track; --guess-remote; --no-guess-remote",
            list="--porcelain; -v --verbose; --expire=; -z",
            lock="--reason=",
            move="-f --force",
            prune="-n --dry-run; -v --verbose; --expire=",
            remove="-f --force",
            repair="",
            unlock="",
        ),
    ),
    update_ref="""
    -d
    -m=
    --no-deref
    --stdin
    -z
    --create-reflog
    """,
)
_GIT_SUBS["push"].operand_keys = _git_push_operand
_STASH = _GIT_SUBS["stash"]
_STASH.subcommands = _subs(
    _STASH,
    push="",
    pop="--index; -q --quiet",
    apply="--index; -q --quiet",
    drop="-q --quiet",
    clear="",
    list="",
    show="",
    branch="",
    save="",
    create="",
    store="",
)


GIT = Program(
    "git",
    """
    -C=
    -c=
    --config-env=
    --git-dir=
    --work-tree=
    --namespace=
    --super-prefix=
    --exec-path=?
    --bare
    -p --paginate
    -P --no-pager
    --no-replace-objects
    --no-lazy-fetch
    --literal-pathspecs
    --glob-pathspecs
    --noglob-pathspecs
    --icase-pathspecs
    --no-optional-locks
    --no-advice
    --html-path
    --man-path
    --info-path
    --list-cmds=
    --attr-source=
    -v --version
    -h --help
    """,
    bundle=False,
    subcommands=_GIT_SUBS,
)


# npm: nopt reads its config flags anywhere on the line, before the command too (`npm -g install`), takes
# unique abbreviations of long names and multi-letter shorthands (`-ws`); commands have aliases and (npm's
# `abbrev`) unique abbreviations.
_NPM_CONFIG = """
    -g --global
    -D --save-dev
    -P --save-prod
    -O --save-optional
    -E --save-exact
    -B --save-bundle
    -S --save
    --no-save
    --save-peer
    -f --force
    --location=
    --ignore-scripts
    --legacy-peer-deps
    --strict-peer-deps
    --dry-run
    --omit=
    --include=
    --registry=
    -w= --workspace=
    -ws --workspaces
    -iwr --include-workspace-root
    --prefix= -C=
    --foreground-scripts
    --production
    --audit
    --no-audit
    --fund
    --no-fund
    --loglevel=
    -d -> loglevel=info
    -dd -> loglevel=verbose
    -ddd --verbose -> loglevel=silly
    -q --quiet -> loglevel=warn
    -s --silent -> loglevel=silent
    -y --yes
    --no-yes
    --tag=
    --access=
    --otp=
    --provenance
    --json
    -l --long
    -p --parseable
    --no-package-lock
    --package-lock-only
    --cache=
    --userconfig=
    --globalconfig=
    --global-style
    --install-strategy=
    --install-links
    -a --all
    --depth=
    --no-bin-links
    --no-optional
    --script-shell=
    --call= -c=
    --package=
    --if-present
    --no-git-tag-version
    --sign-git-tag
    --allow-same-version
    --preid=
    -v --version
    -h --usage --help
    """
_NPM_COMMANDS = (
    "access adduser audit bugs cache ci completion config dedupe deprecate diff dist-tag docs doctor edit exec"
    " explain explore find-dupes fund get help help-search hook init install install-ci-test install-test link"
    " ll login logout ls org outdated owner pack ping pkg prefix profile prune publish query rebuild repo"
    " restart root run-script sbom search set shrinkwrap star stars start stop team test token undeprecate"
    " uninstall unpublish unstar update version view whoami"
).split()
_NPM_ALIASES = {
    "add": "install",
    "i": "install",
    "in": "install",
    "ins": "install",
    "inst": "install",
    "insta": "install",
    "instal": "install",
    "isnt": "install",
    "isnta": "install",
    "isntal": "install",
    "isntall": "install",
    "clean-install": "ci",
    "ic": "ci",
    "install-clean": "ci",
    "isntall-clean": "ci",
    "cit": "install-ci-test",
    "clean-install-test": "install-ci-test",
    "sit": "install-ci-test",
    "it": "install-test",
    "r": "uninstall",
    "rm": "uninstall",
    "remove": "uninstall",
    "un": "uninstall",
    "unlink": "uninstall",
    "run": "run-script",
    "rum": "run-script",
    "urn": "run-script",
    "t": "test",
    "tst": "test",
    "up": "update",
    "upgrade": "update",
    "udpate": "update",
    "x": "exec",
    "ln": "link",
    "list": "ls",
    "la": "ll",
    "c": "config",
    "create": "init",
    "innit": "init",
    "v": "view",
    "info": "view",
    "show": "view",
    "author": "owner",
    "dist-tags": "dist-tag",
    "s": "search",
    "se": "search",
    "ddp": "dedupe",
    "why": "explain",
    "issues": "bugs",
    "home": "docs",
    "verison": "version",
}


class _AbbrevSubs(dict[str, str]):
    """Subcommand aliases, then a unique abbreviation of a command or an alias (npm's `abbrev`)."""

    def __init__(self, aliases: dict[str, str], commands: Sequence[str]) -> None:
        super().__init__(aliases)
        self.names = sorted({*aliases, *commands})
        self.targets = {**{c: c for c in commands}, **aliases}

    def get(self, word: str, default: str | None = None) -> str | None:  # type: ignore[override]
        hit = dict.get(self, word)
        if hit is not None or word in self.targets:
            return hit if hit is not None else word
        found = {self.targets[n] for n in self.names if n.startswith(word)}
        return found.pop() if len(found) == 1 else default if default is not None else word


def _family(
    name: str,
    spec: str,
    commands: Sequence[str],
    aliases: dict[str, str],
    *,
    abbrev: bool,
    sub_abbrev: bool = False,
    intersperse: bool = True,
    specs: dict[str, str] | None = None,
) -> Program:
    """A program whose options are one table read at every level (npm's config, cargo's globals)."""
    root = Program(name, spec, abbrev=abbrev, intersperse=intersperse)
    subs: dict[str, Program] = {}
    for c in commands:
        own = (specs or {}).get(c, "")
        if own and "\n" not in own:
            own = "\n".join(own.split(";"))
        subs[c] = Program(c, own, abbrev=abbrev, parent=root)
    root.subcommands = subs
    root.sub_aliases = _AbbrevSubs(aliases, commands) if sub_abbrev else aliases
    return root


NPM = _family("npm", _NPM_CONFIG, _NPM_COMMANDS, _NPM_ALIASES, abbrev=True, sub_abbrev=True)
_PNPM_FLAGS = """
    -g --global
    -D --save-dev
    -P --save-prod --prod
    -O --save-optional
    -E --save-exact
    --save-peer
    -r --recursive
    -w --workspace-root
    --filter= -F=
    --filter-prod=
    -C= --dir=
    --frozen-lockfile
    --no-frozen-lockfile
    --ignore-scripts
    --no-git-checks
    --access=
    --tag=
    --dry-run
    -f --force
    --otp=
    --publish-branch=
    --offline
    --prefer-offline
    --reporter=
    -s --silent
    --loglevel=
    --parallel
    --stream
    --workspace-concurrency=
    --aggregate-output
    -c --shell-mode
    --resume-from=
    --report-summary
    --if-present
    --no-bail
    --sort
    --no-sort
    --reverse
    --include-workspace-root
    --lockfile-only
    --fix-lockfile
    -L --latest
    -i --interactive
    --depth=
    --json
    --long
    --ignore-workspace
    --shamefully-hoist
    --node-linker=
    --store-dir=
    --use-stderr
    --color
    --no-color
    --provenance
    -h --help
    -v --version
    """
_PNPM_COMMANDS = (
    "add install update remove link unlink import rebuild prune fetch patch patch-commit audit list outdated why"
    " licenses run test exec dlx create start publish pack server store root bin env setup init deploy doctor"
    " config"
).split()
_PNPM_ALIASES = {
    "i": "install",
    "up": "update",
    "upgrade": "update",
    "rm": "remove",
    "uninstall": "remove",
    "un": "remove",
    "ln": "link",
    "t": "test",
    "tst": "test",
    "ls": "list",
    "ll": "list",
    "la": "list",
    "rb": "rebuild",
    "run-script": "run",
}
PNPM = _family("pnpm", _PNPM_FLAGS, _PNPM_COMMANDS, _PNPM_ALIASES, abbrev=True)
_YARN_FLAGS = """
    -D --dev
    -P --peer
    -O --optional
    -E --exact
    -T --tilde
    -W --ignore-workspace-root-check
    --frozen-lockfile
    --immutable
    --ignore-scripts
    --access=
    --tag=
    --new-version=
    --non-interactive
    --cwd=
    --registry=
    --otp=
    --production --prod
    -A --all
    -p --parallel
    -i --interlaced
    -R --recursive
    --include=
    --exclude=
    --topological
    --topological-dev
    -v --verbose
    -s --silent
    --json
    -h --help
    --version
    """
_YARN_COMMANDS = (
    "add install remove publish global dlx exec run workspaces workspace npm up upgrade link unlink pack"
    " version config cache info init why test bin audit outdated login logout owner tag team plugin set"
).split()
YARN = _family("yarn", _YARN_FLAGS, _YARN_COMMANDS, {}, abbrev=False)
for _nested, _inner in (
    ("global", "add remove bin list upgrade"),
    ("npm", "publish login logout info tag whoami"),
):
    _level = YARN.subcommands[_nested]
    _level.subcommands = {c: Program(c, abbrev=False, parent=YARN) for c in _inner.split()}

# pip (optparse: clusters, unique abbreviations of long options; the general options anywhere).
_PIP_GENERAL = """
    -h --help
    --debug
    --isolated
    --require-virtualenv
    --python=
    -v --verbose
    -V --version
    -q --quiet
    --log=
    --no-input
    --keyring-provider=
    --proxy=
    --retries=
    --timeout=
    --exists-action=
    --trusted-host=
    --cert=
    --client-cert=
    --cache-dir=
    --no-cache-dir
    --disable-pip-version-check
    --no-color
    --no-python-version-warning
    --use-feature=
    --use-deprecated=
    --root-user-action=
    """
_PIP_INSTALL = """
    -r= --requirement=
    -e= --editable=
    -U --upgrade
    --user
    -t= --target=
    --prefix=
    --root=
    -i= --index-url=
    --extra-index-url=
    --no-deps
    --pre
    --force-reinstall
    -I --ignore-installed
    --break-system-packages
    --no-index
    -f= --find-links=
    -c= --constraint=
    --upgrade-strategy=
    --require-hashes
    --no-build-isolation
    --dry-run
    --only-binary=
    --no-binary=
    --report=
    --src=
    --no-warn-script-location
    --compile
    --no-compile
    --progress-bar=
    -C= --config-settings=
    --ignore-requires-python
    --no-clean
    --use-pep517
    -d= --dest=
    -w= --wheel-dir=
    """
PIP = _family(
    "pip",
    _PIP_GENERAL,
    (
        "install download uninstall freeze inspect list show check config search cache index wheel hash"
        " completion debug help"
    ).split(),
    {},
    abbrev=True,
    specs={
        "install": _PIP_INSTALL,
        "download": _PIP_INSTALL,
        "wheel": _PIP_INSTALL,
        "uninstall": "-r= --requirement=; -y --yes; --break-system-packages",
    },
)

# cargo (clap: clusters, no abbreviations; the global options after the subcommand too).
_CARGO_BUILD = """
    -p= --package=
    --workspace --all
    --exclude=
    -F= --features=
    --all-features
    --no-default-features
    --target=
    --target-dir=
    -j= --jobs=
    -r --release
    --profile=
    --manifest-path=
    --lib
    --bins
    --bin=
    --example=
    --examples
    --tests
    --test=
    --benches
    --bench=
    --all-targets
    --message-format=
    --keep-going
    --timings=?
    --ignore-rust-version
    """
CARGO = _family(
    "cargo",
    """
    -v --verbose
    -q --quiet
    --color=
    -C=
    --locked
    --offline
    --frozen
    --config=
    -Z=
    --list
    -V --version
    -h --help
    --explain=
    """,
    (
        "build check test run clean doc add remove update yank login logout owner new init fmt clippy bench fix"
        " package vendor tree search publish install uninstall metadata generate-lockfile fetch rustc rustdoc"
        " locate-project pkgid report verify-project info"
    ).split(),
    {"b": "build", "c": "check", "t": "test", "r": "run", "d": "doc", "rm": "remove"},
    abbrev=False,
    specs={
        **dict.fromkeys(
            ("build", "check", "test", "run", "doc", "bench", "clippy", "fix", "rustc"), _CARGO_BUILD
        ),
        "publish": _CARGO_BUILD
        + "\n-n --dry-run\n--allow-dirty\n--no-verify\n--token=\n--registry=\n--index=",
        "package": _CARGO_BUILD + "\n--allow-dirty\n--no-verify\n-l --list\n--registry=\n--index=",
        "install": _CARGO_BUILD
        + "\n--git=\n--path=\n--branch=\n--tag=\n--rev=\n--root=\n-f --force\n--version= --vers=\n--no-track"
        + "\n--debug\n--registry=\n--index=",
        "uninstall": "-p= --package=\n--bin=\n--root=",
        "yank": "--version= --vers=\n--undo\n--token=\n--registry=\n--index=",
        "owner": "-a= --add=\n-r= --remove=\n-l --list\n--token=\n--registry=\n--index=",
        "clean": "-p= --package=\n--doc\n-n --dry-run\n-r --release\n--profile=\n--target=\n--target-dir=",
    },
)
for _name in ("clippy", "fix"):
    CARGO.subcommands[_name]._add("--allow-dirty")
    CARGO.subcommands[_name]._add("--allow-staged")
CARGO.subcommands["clippy"]._add("--fix")
CARGO.subcommands["clippy"]._add("--no-deps")
CARGO.subcommands["fix"]._add("--allow-no-vcs")
CARGO.subcommands["fix"]._add("--broken-code")

# docker (cobra / pflag: clusters, no abbreviations). `docker rm` is `docker container rm`: one program
# object under both spellings, named by its full path. `run` / `exec` / `create` stop reading options at the
# image or container: what follows is the command inside.
_DOCKER_RUN = """
    -i --interactive
    -t --tty
    -d --detach
    --rm
    --privileged
    -v= --volume=
    --mount=
    -e= --env=
    --env-file=
    -p= --publish=
    -P --publish-all
    --name=
    -u= --user=
    -w= --workdir=
    --network= --net=
    --pid=
    --ipc=
    --uts=
    --userns=
    --cgroupns=
    --cap-add=
    --cap-drop=
    --device=
    --security-opt=
    --entrypoint=
    -h= --hostname=
    --platform=
    --pull=
    --init
    -m= --memory=
    --cpus=
    --gpus=
    -l= --label=
    --add-host=
    --dns=
    --restart=
    --read-only
    --tmpfs=
    --shm-size=
    -a= --attach=
    --ulimit=
    --group-add=
    --volumes-from=
    --log-driver=
    --log-opt=
    --stop-signal=
    --cidfile=
    --runtime=
    --detach-keys=
    --sig-proxy=?
    -q --quiet
    """
_DOCKER_EXEC = "-i --interactive\n-t --tty\n-d --detach\n-e= --env=\n--env-file=\n-u= --user=\n-w= --workdir="
_DOCKER_EXEC += "\n--privileged\n--detach-keys="
_DOCKER_BUILD = """
    -t= --tag=
    -f= --file=
    --push -> push output=type=registry
    --load
    --build-arg=
    --no-cache
    --pull
    --target=
    --platform=
    -q --quiet
    --progress=
    -o= --output=
    --secret=
    --ssh=
    --network=
    --label=
    --cache-from=
    --cache-to=
    --iidfile=
    --builder=
    --provenance=?
    --sbom=?
    --allow=
    """


def _docker_level(name: str, spec: str = "", *, intersperse: bool = True, **subs: Program) -> Program:
    if spec and "\n" not in spec:
        spec = "\n".join(spec.split(";"))
    return Program(name, spec, intersperse=intersperse, subcommands=dict(subs) or None)


_D_RUN = _docker_level("run", _DOCKER_RUN, intersperse=False)
_D_CREATE = _docker_level("create", _DOCKER_RUN, intersperse=False)
_D_EXEC = _docker_level("exec", _DOCKER_EXEC, intersperse=False)
_D_RM = _docker_level("rm", "-f --force\n-v --volumes\n-l --link")
_D_STOP = _docker_level("stop", "-t= --time=\n-s= --signal=")
_D_KILL = _docker_level("kill", "-s= --signal=")
_D_PRUNE = _docker_level("prune", "-a --all\n-f --force\n--volumes\n--filter=")
_D_RMI = _docker_level("rm", "-f --force\n--no-prune")
_D_PUSH = _docker_level("push", "-a --all-tags\n-q --quiet\n--disable-content-trust\n--platform=")
_D_BUILD = _docker_level("build", _DOCKER_BUILD)
_D_PULL = _docker_level("pull", "-a --all-tags\n-q --quiet\n--platform=\n--disable-content-trust")
_D_CONTAINER = _docker_level(
    "container",
    run=_D_RUN,
    create=_D_CREATE,
    exec=_D_EXEC,
    rm=_D_RM,
    stop=_D_STOP,
    kill=_D_KILL,
    prune=_D_PRUNE,
)
_D_CONTAINER.sub_aliases = {"remove": "rm"}
_D_IMAGE = _docker_level("image", rm=_D_RMI, push=_D_PUSH, build=_D_BUILD, prune=_D_PRUNE, pull=_D_PULL)
_D_IMAGE.sub_aliases = {"remove": "rm", "rmi": "rm"}
_D_VOLUME = _docker_level("volume", rm=_docker_level("rm", "-f --force"), prune=_D_PRUNE)
_D_VOLUME.sub_aliases = {"remove": "rm"}
_D_SYSTEM = _docker_level("system", prune=_D_PRUNE)
_D_BUILDX = _docker_level("buildx", build=_D_BUILD)
_D_BUILDX.sub_aliases = {"b": "build"}
_D_COMPOSE = _docker_level(
    "compose",
    "-f= --file=\n-p= --project-name=\n--profile=\n--env-file=\n--project-directory=",
    down=_docker_level("down", "-v --volumes\n--rmi=\n--remove-orphans\n-t= --timeout="),
    up=_docker_level("up", "-d --detach\n--build\n--force-recreate\n--remove-orphans\n--no-deps"),
    rm=_docker_level("rm", "-f --force\n-s --stop\n-v --volumes"),
)
DOCKER = Program(
    "docker",
    """
    -H= --host=
    -c= --context=
    --config=
    -l= --log-level=
    -D --debug
    --tls
    --tlsverify
    --tlscacert=
    --tlscert=
    --tlskey=
    -v --version
    -h --help
    """,
    subcommands={
        "container": _D_CONTAINER,
        "image": _D_IMAGE,
        "volume": _D_VOLUME,
        "system": _D_SYSTEM,
        "buildx": _D_BUILDX,
        "compose": _D_COMPOSE,
        "run": _D_RUN,
        "create": _D_CREATE,
        "exec": _D_EXEC,
        "rm": _D_RM,
        "stop": _D_STOP,
        "kill": _D_KILL,
        "rmi": _D_RMI,
        "push": _D_PUSH,
        "build": _D_BUILD,
        "pull": _D_PULL,
    },
)
DOCKER.sub_aliases = {"builder": "buildx"}

# kubectl (cobra / pflag; its global flags anywhere on the line).
_KUBECTL_GLOBAL = """
    -n= --namespace=
    --context=
    --cluster=
    --kubeconfig=
    --user=
    -s= --server=
    --token=
    --as=
    --as-group=
    --as-uid=
    --request-timeout=
    --insecure-skip-tls-verify
    -v= --v=
    --cache-dir=
    --certificate-authority=
    --client-certificate=
    --client-key=
    --tls-server-name=
    --match-server-version
    --warnings-as-errors
    --disable-compression
    --profile=
    --profile-output=
    -h --help
    """
_K_COMMON = """
    -f= --filename=
    -k= --kustomize=
    -R --recursive
    -l= --selector=
    --field-selector=
    --all
    -A --all-namespaces
    --force
    --grace-period=
    --now
    --wait=?
    --timeout=
    --cascade=?
    --dry-run=?
    -o= --output=
    --ignore-not-found=?
    -i --interactive
    --raw=
    --prune
    --server-side
    --overwrite=?
    --force-conflicts
    --field-manager=
    --validate=?
    --record
    --save-config
    -p= --patch=
    --type=
    --local
    --replicas=
    --current-replicas=
    --to-revision=
    --ignore-daemonsets
    --delete-emptydir-data
    --disable-eviction
    --pod-selector=
    -c= --container=
    --stdin
    -t --tty
    -q --quiet
    -w --watch
    -L= --label-columns=
    --show-labels
    --sort-by=
    --tail=
    --since=
    -p --previous
    --all-containers
    """
KUBECTL = _family(
    "kubectl",
    _KUBECTL_GLOBAL,
    (
        "apply create replace patch delete get describe logs exec scale rollout edit label annotate drain cordon"
        " uncordon taint set expose autoscale run cp port-forward proxy attach debug wait diff kustomize config"
        " auth top certificate cluster-info api-resources api-versions explain version plugin events"
    ).split(),
    {},
    abbrev=False,
    specs=dict.fromkeys(
        (
            "apply create replace patch delete get describe logs exec scale rollout edit label annotate drain"
            " cordon uncordon taint set expose autoscale run cp wait diff debug attach"
        ).split(),
        _K_COMMON,
    ),
)
_K_ROLLOUT = KUBECTL.subcommands["rollout"]
_K_ROLLOUT.subcommands = {
    c: Program(c, abbrev=False, parent=_K_ROLLOUT) for c in "restart undo pause resume status history".split()
}

# terraform (Go's flag package: `-name` or `--name`, `-name=value` or `-name value`; no clusters).
# `terraform destroy` is `terraform apply -destroy`.
_TF = """
    --auto-approve
    --target=
    --var=
    --var-file=
    --replace=
    --destroy
    --refresh-only
    --refresh=
    --lock
    --lock-timeout=
    --input=
    --parallelism=
    --state=
    --state-out=
    --backup=
    --compact-warnings
    --no-color
    --json
    --out=
    --force
    --upgrade
    --reconfigure
    --migrate-state
    --backend-config=
    --allow-missing
    --ignore-remote-version
    --dry-run
    --recursive
    --check
    """
TERRAFORM = _family(
    "terraform",
    "--chdir=\n-h --help\n-v --version",
    (
        "apply plan init import state taint untaint workspace force-unlock refresh fmt validate output show"
        " console providers login logout get graph test version metadata modules"
    ).split(),
    {},
    abbrev=False,
    specs=dict.fromkeys(("apply", "plan", "import", "refresh", "taint", "untaint", "init", "fmt"), _TF),
)
TERRAFORM.dash_long = True
TERRAFORM.bundle = False
for _tf in TERRAFORM.subcommands.values():
    _tf.dash_long = True
    _tf.bundle = False
TERRAFORM.implies = {"destroy": ("apply", ("destroy",))}
_TF_STATE = TERRAFORM.subcommands["state"]
_TF_STATE.subcommands = {
    c: Program(c, _TF, dash_long=True, bundle=False) for c in "rm mv push pull list show".split()
}
_TF_WS = TERRAFORM.subcommands["workspace"]
_TF_WS.subcommands = {
    c: Program(c, _TF, dash_long=True, bundle=False) for c in "new delete select list show".split()
}


def _finalise(prog: Program, path: tuple[str, ...], seen: set[int]) -> None:
    """Name every level by its full path (`docker rm` and `docker container rm` are one)."""
    if id(prog) in seen:
        return
    seen.add(id(prog))
    prog.path = path
    for word, sub in prog.subcommands.items():
        _finalise(sub, (*path, word), seen)


PROGRAMS: dict[str, Program] = {
    p.name: p
    for p in (
        RM,
        CHMOD,
        CHOWN,
        CHGRP,
        SED,
        FIND,
        CURL,
        GIT,
        NPM,
        PNPM,
        YARN,
        PIP,
        CARGO,
        DOCKER,
        KUBECTL,
        TERRAFORM,
    )
}
for _p in PROGRAMS.values():
    _finalise(_p, (_p.name,), set())

_NAME_ALIASES = {
    "gsed": "sed",
    "gfind": "find",
    "pip3": "pip",
    "grm": "rm",
    "gchmod": "chmod",
    "gchown": "chown",
}
_NAME_ALIASES.update({f"pip3.{m}": "pip" for m in range(6, 20)})
_NAME_ALIASES.update({f"pip2.{m}": "pip" for m in range(6, 8)})
_NAME_ALIASES["pip2"] = "pip"


def spellings(name: str) -> tuple[str, ...]:
    """Every command word :func:`program_name` reads as the table ``name`` (`pip`, `pip3`, `pip3.12` ...)."""
    return (name, *(alias for alias, target in _NAME_ALIASES.items() if target == name))


def _spellings_of_levels() -> dict[int, set[str]]:
    """For every subcommand level (by identity): the words that enter it from its parent -- its names, the
    aliases naming it, and the spellings that imply it (`destroy` enters terraform's `apply`)."""
    found: dict[int, set[str]] = {}

    def walk(level: Program, seen: set[int]) -> None:
        if id(level) in seen:
            return
        seen.add(id(level))
        for word, sub in level.subcommands.items():
            found.setdefault(id(sub), set()).add(word)
        for alias, target in dict.items(level.sub_aliases):
            named = level.subcommands.get(target)
            if named is not None:
                found.setdefault(id(named), set()).add(alias)
        for word, (target, _) in level.implies.items():
            found.setdefault(id(level.subcommands[target]), set()).add(word)
        for sub in level.subcommands.values():
            walk(sub, seen)

    for prog in PROGRAMS.values():
        walk(prog, set())
    return found


_ENTERED_BY = _spellings_of_levels()


def gate(path: tuple[str, ...], first_operand: str | None = None) -> frozenset[str] | None:
    """The words of which a command must hold one to read as ``path`` or below it (its deepest subcommand's
    spellings), or None when any command of the program may (a bare program, or a parser that abbreviates
    subcommands, npm's). Lets the matcher skip reading a segment no pattern's subcommand can match.
    ``first_operand``: the pattern's first operand, literal (`git cherry-pick`, a command the table does
    not list, is read as `git` and that operand, which the segment must then hold too)."""
    prog = PROGRAMS.get(path[0]) if path else None
    if prog is None or isinstance(prog.sub_aliases, _AbbrevSubs):
        return None
    if len(path) < 2:
        if first_operand is not None and prog.subcommands:
            return frozenset((first_operand,))
        return None
    level: Program = prog
    for word in path[1:]:
        nxt: Program | None = level.subcommands.get(word)
        if nxt is None:
            return None
        level = nxt
    return frozenset(_ENTERED_BY.get(id(level), ()))
