"""git and branch names (RN-006, merge targets spelled another way, R1.5): the one canonicaliser of branch names, whether a name
or pattern is a protected branch, the remote settings a `git config` writes, and which git commands move a
branch (:func:`protected_branch_move`) -- by any git command, not only a merge. Re-exported by
:mod:`permissions.commands.git`.

A git command is read through git's option table (SPEC R4.10, :mod:`permissions.commands.option_tables_git`,
by :func:`permissions.commands.options.normalised`): abbreviations, clusters, values attached or apart and
options after operands are read as git reads them. This module holds only what a move or a rewrite means.
"""

from __future__ import annotations

import fnmatch
import re
import unicodedata
from collections.abc import Collection, Sequence

from permissions.commands.git_globals import _git_subcommand
from permissions.commands.jj_bookmarks import UNKNOWN as _JJ_UNKNOWN
from permissions.commands.jj_bookmarks import jj_moved, jj_new_parents, jj_squashes_into_parent
from permissions.commands.option_reader import Program, Reading, _AbbrevSubs
from permissions.commands.option_tables_git import GIT
from permissions.commands.options import normalised, read_by

# -- branch names (RN-006, merge targets spelled another way) ------------------------------------------------
_BAD_BRANCH_CHARS = frozenset(" ~^:?*[\\\x7f")


def canonical_branch(name: str | None) -> str | None:
    """The branch a merge target names, as git reads a branch name; None when it is not one.

    Surrounding whitespace and a ``refs/heads/`` prefix do not make ``main`` another branch. A revision
    expression or refspec (``main^{}``, ``HEAD:main``, ``+main``, ``:main``, ``main~0``, ``main@{0}``), a
    ref outside ``refs/heads/``, or a name ``git check-ref-format --branch`` refuses is not a branch name:
    None. Compatibility forms (NFKC: full-width letters) are folded so they cannot pose as another name.
    """
    if name is None:
        return None
    branch = unicodedata.normalize("NFKC", name).strip()
    if branch.startswith("refs/heads/"):
        branch = branch[len("refs/heads/") :]
    elif branch.startswith("refs/"):
        return None
    if not branch or branch == "@" or branch == "HEAD" or branch[0] in "-/+" or branch[-1] in "/.":
        return None
    if ".." in branch or "@{" in branch or "//" in branch or branch.endswith(".lock"):
        return None
    for c in branch:
        if c in _BAD_BRANCH_CHARS or unicodedata.category(c)[0] in "CZ":
            return None  # control and format characters (zero-width), spaces, revision syntax
    if any(part.startswith(".") or part.endswith(".lock") for part in branch.split("/")):
        return None
    return branch


def names_protected_branch(name: str | None, protected: tuple[str, ...] | frozenset[str]) -> bool:
    """RN-006, fail closed: True when ``name`` is not a plain branch name, or when any way git or a
    provider could read it (``heads/main``, ``origin/main``, ``MAIN`` on a case-insensitive file system)
    names a protected branch."""
    branch = canonical_branch(name)
    if branch is None:
        return True
    # R1.5 [beyond]: an entry may be a pattern (`release/*`), see branch_pattern_matches; every `/`-suffix
    # of the name is a reading of it (`origin/main`, `heads/main`).
    return any_suffix_protected(branch, protected)


# -- git configuration that changes where pushes go (an external effect, §5 step 6) --------------------------
_CONFIG_READS = frozenset(
    {"get", "get-all", "get-regexp", "get-urlmatch", "get-color", "get-colorbool", "list"}
)  # fmt: skip


_CONFIG_WRITES = frozenset({"add", "replace-all", "unset", "unset-all", "rename-section", "remove-section"})


_CONFIG_WRITE_VERBS = frozenset({"set", "unset", "rename-section", "remove-section", "edit"})


def _remote_key(word: str) -> bool:
    """``remote.<name>.url|pushurl|...``, ``remote.pushDefault``, ``url.<base>.insteadOf|pushInsteadOf``,
    ``branch.<name>.remote|pushRemote``: where fetches and pushes go (sections and names are case-insensitive;
    a whole ``remote.*``/``url.*`` section counts, for ``--rename-section``/``--remove-section``)."""
    low = word.strip().lower()
    if low.startswith(("remote.", "url.")) or low in ("remote", "url"):
        return True
    if low.startswith("http."):
        return low.endswith(_HTTP_WHERE)
    if low.startswith("submodule."):
        return low.endswith(".url")
    return low.startswith("branch.") and low.endswith((".remote", ".pushremote"))


# red team: the `http.*` keys that choose where a fetch's or a push's traffic goes or whom it trusts -- a proxy
# (`http.proxy`, `http.<url>.proxy`), a host's address (`http.curloptResolve`), the certificates it accepts
# (`http.sslCAInfo`, `http.sslCAPath`) -- and a submodule's address (`submodule.<name>.url`, which overrides
# .gitmodules for every later `git submodule update`).
_HTTP_WHERE = (".proxy", ".curloptresolve", ".sslcainfo", ".sslcapath")


def _config_writes_remote(reading: Reading) -> bool:
    """One reading of ``git config ...``: whether it writes a remote setting (or opens the editor)."""
    names = _names(reading)
    if "edit" in names:
        return True  # the editor can set anything
    writes = bool(names & _CONFIG_WRITES) or any(n[:1] == "?" for n in names)
    if names & _CONFIG_READS and not writes:
        return False
    ops = reading.operands
    if ops[:1] in (("get",), ("list",)):
        return False
    if ops[:1] == ("edit",):
        return True
    valued = _values(reading, "value", "comment")
    keys = any(_remote_key(p) for p in ops) or any(_remote_key(v) for v in valued)
    if not keys:
        return False
    return writes or len(ops) >= 2 or (bool(ops) and ops[0] in _CONFIG_WRITE_VERBS)


def remote_config_write(view: tuple[str, ...]) -> bool:
    """§5 step 6: ``git config`` that sets, adds, unsets, renames or removes a key deciding where git pushes
    (``remote.*.url``, ``remote.*.pushurl``, ``url.*.insteadOf``, ``url.*.pushInsteadOf`` ...), or opens the
    editor on the configuration (it can set any of them). Its options as git's option table reads them
    (abbreviated, clustered, anywhere before ``--``); an option the table does not know may write."""
    if len(view) < 2 or view[0] != "git" or "config" not in view:
        return False
    readings = [r for r in normalised(view) if r.path[1:2] == ("config",)]
    if not readings and _git_subcommand(view) < 0:
        # uncertain global options: read from the word itself (fail closed)
        readings = [r for r in read_by(GIT, view[view.index("config") :]) if r.path[1:2] == ("config",)]
    return any(_config_writes_remote(r) for r in readings)


def branch_pattern_matches(pattern: str, name: str) -> bool:
    """Whether a protected-branch entry matches a branch name (both compared without regard to case, R1.5).

    An entry may be a pattern (``release/*``, ``hotfix/**``): GitHub matches ``*`` within one path component
    and ``**`` across them; git's own ref globs let ``*`` cross ``/``. The cap reads the wider of the two
    (``*`` and ``**`` both cross ``/``, ``?`` one character, ``[...]`` a class, ``[^...]`` as ``[!...]``):
    reading more names as protected only ever asks a person."""
    p = unicodedata.normalize("NFKC", pattern).strip().casefold()
    n = unicodedata.normalize("NFKC", name).casefold()
    if p.startswith("refs/heads/"):
        p = p[len("refs/heads/") :]
    if not any(c in p for c in "*?["):
        return p == n
    return fnmatch.fnmatchcase(n, p.replace("[^", "[!"))


_ENTRY_CACHE: dict[str, tuple[str, re.Pattern[str] | None]] = {}


def _entry(pattern: str) -> tuple[str, re.Pattern[str] | None]:
    """A protected entry as compared: (its folded literal, or the regex of its glob at a reading's start)."""
    hit = _ENTRY_CACHE.get(pattern)
    if hit is None:
        p = unicodedata.normalize("NFKC", pattern).strip().casefold()
        if p.startswith("refs/heads/"):
            p = p[len("refs/heads/") :]
        regex = None
        if any(c in p for c in "*?["):
            regex = re.compile("(?:^|/)" + fnmatch.translate(p.replace("[^", "[!")))
        if len(_ENTRY_CACHE) > 1024:
            _ENTRY_CACHE.clear()
        hit = _ENTRY_CACHE[pattern] = (p, regex)
    return hit


def any_suffix_protected(name: str, protected: Collection[str]) -> bool:
    """Whether any ``/``-suffix of ``name`` (``origin/main`` -> ``main``) matches a protected entry, compared
    as :func:`branch_pattern_matches` compares: one pass per entry, however many ``/`` the name has."""
    n = unicodedata.normalize("NFKC", name).casefold()
    for pattern in protected:
        literal, regex = _entry(pattern)
        if regex is None:
            if n == literal or n.endswith("/" + literal):
                return True
        elif regex.search(n) is not None:
            return True
    return False


def _protected_name(word: str, protected: Sequence[str]) -> bool:
    """Whether a branch word of a git command (a name, ``refs/heads/NAME``, a refspec's destination) may
    name a protected branch: any ``/``-suffix reading (``heads/main``, ``origin/main``), a name built by an
    expansion, or a glob destination (``refs/heads/*``)."""
    w = unicodedata.normalize("NFKC", word).strip().lstrip("+")
    if not w:
        return False
    if "$" in w or "`" in w or "@{" in w:
        # decided when it runs -- a variable, or a name git interprets: `@{-1}` (the branch checked out
        # before), `@{u}`/`x@{upstream}`/`x@{push}` (an upstream, which may be a local protected branch)
        return True
    low = w.casefold()
    if low.startswith("refs/heads/"):
        w = w[len("refs/heads/") :]
    elif low.startswith("refs/"):
        if "*" in low:
            return low.startswith("refs/*")  # refs/tags/*, refs/remotes/origin/*: no local branch
        # red team: git resolves a name as refs/NAME, then refs/tags/NAME, before refs/heads/NAME -- a ref
        # there shadows the branch (as `git tag main` does); refs/remotes/... and other namespaces do not
        rest = w[len("refs/") :]
        if rest.casefold().startswith("tags/"):
            rest = rest[len("tags/") :]
        return any(branch_pattern_matches(p, rest) for p in protected)
    if "*" in w:
        return True
    return any_suffix_protected(w, protected)


# What a git command's options mean for branches: its option keys and operands as git's own parser reads them
# (git's option table, R4.10: unique abbreviations, clusters, `--opt=value` or `--opt value`, options after
# operands, `--`). A key the table does not know (``?--x``) has no certain meaning: fail closed.
_BRANCH_NO_MOVE = frozenset(
    {"list", "set-upstream-to", "unset-upstream", "edit-description", "show-current", "contains",
     "no-contains", "merged", "no-merged", "points-at"}
)  # fmt: skip


_BRANCH_ALL_NAMES = frozenset({"delete", "move", "copy"})


# Subcommands that move the branch checked out (HEAD's branch).
_MOVES_CURRENT = frozenset({"reset", "commit", "merge", "pull", "rebase", "cherry-pick", "revert", "am"})


# The subcommands whose reading _subcommand_effects looks into; any other moves no branch by its name, and moves
# the branch checked out when it is in _MOVES_CURRENT.
_READ_FOR_BRANCHES = frozenset(
    {"branch", "checkout", "switch", "worktree", "update-ref", "symbolic-ref", "fetch", "pull", "stash", "rebase",
     "filter-branch", "filter-repo", "tag", "replace", "fast-import", "receive-pack"}
)  # fmt: skip


# R1.5: what writes refs that no word of the command names -- `fast-import` the refs its stream names,
# `receive-pack` those a push sends it on its input.
_WRITES_REFS_READ_FROM_INPUT = frozenset({"fast-import", "receive-pack"})


def _read_first_words() -> frozenset[str]:
    """The words after `git` for which branch_effects reads the view even when no word is an option: those
    _subcommand_effects answers by, and every word git's table reads another way -- an alias, an implied
    subcommand, a level named by another path, or one whose operands give option keys (`push`'s `+main`)."""
    found = set(_READ_FOR_BRANCHES | _MOVES_CURRENT) | set(GIT.sub_aliases) | set(GIT.implies)

    def keyed(level: Program, seen: set[int]) -> bool:
        if id(level) in seen:
            return False
        seen.add(id(level))
        return level.operand_keys is not None or any(keyed(s, seen) for s in level.subcommands.values())

    for word in GIT.subcommands:
        entered = GIT.sub(word)
        if entered is None or entered[1] or entered[0].path != ("git", word) or keyed(entered[0], set()):
            found.add(word)
    return frozenset(found)


# (None when git's table abbreviates its subcommands: any word might then enter one)
_READ_FIRST: frozenset[str] | None = None if isinstance(GIT.sub_aliases, _AbbrevSubs) else _read_first_words()


_UNKNOWN = "\0unknown"


# (the branch words it creates, resets, renames, copies, deletes or updates; the branch it leaves checked out,
# or None when unchanged; whether it moves the branch checked out)
_Effects = tuple[list[str], str | None, bool]
_NOTHING: _Effects = ([], None, False)


def _names(reading: Reading) -> frozenset[str]:
    """The option keys of a reading without their values (``create=main`` is ``create``)."""
    return frozenset(k.partition("=")[0] for k in reading.keys)


def _values(reading: Reading, *names: str) -> list[str]:
    """The values the options ``names`` were given (``-b main``, ``-bmain``, ``--orph=main`` ...), sorted."""
    out = {value for k in reading.keys for name, eq, value in (k.partition("="),) if eq and name in names}
    return sorted(out)


def _branch_moved(reading: Reading, names: frozenset[str]) -> _Effects:
    """``git branch ...``: the branch names it creates, resets (``-f``), renames, copies or deletes. An option
    the table does not know may be any of them: every operand then counts."""
    if names & _BRANCH_ALL_NAMES or any(n[:1] == "?" for n in names):
        ops = list(reading.operands)
        if "move" in names and len(ops) == 1:
            # `git branch -m new`: the branch checked out is renamed away (and `new` is checked out)
            return ops, ops[0], True
        return ops, None, False
    if names & _BRANCH_NO_MOVE:
        return _NOTHING
    return list(reading.operands[:1]), None, False


def _switched(reading: Reading, names: frozenset[str], creates: tuple[str, ...], dashdash: bool) -> _Effects:
    """``git checkout``/``git switch``: the branch it creates or resets (``-b``/``-B``/``-c``/``-C``/
    ``--orphan``), else the one it checks out (one operand, not ``--detach``, not ``checkout x -- paths``)."""
    created = _values(reading, *creates)
    if created:
        return created, created[-1], False
    ops = reading.operands
    if dashdash or len(ops) != 1 or "detach" in names:
        return _NOTHING
    return (
        [],
        ops[0],
        False,
    )  # (`-` and `@{-N}`: the branch checked out before, read by protected_branch_move)


def _worktree_added(reading: Reading, names: frozenset[str]) -> _Effects:
    """``git worktree add <path> [<branch>]``: the branch it creates (``-b``/``-B``/``--orphan``), else the one
    it checks out in the new worktree -- named, or (none named) the path's last component, which git checks
    out when such a branch exists and creates from HEAD when none does. A later commit in the same command
    (``git -C <path> commit``, ``cd <path> && git commit``) moves that branch: it is read as the branch checked
    out, wherever the command commits (over-approximated, as ``checkout`` is)."""
    created = _values(reading, "b", "B")
    if not created and "orphan" in names:
        created = list(reading.operands[:1])  # an unborn branch named by the word it is given
    if created or "detach" in names or not reading.operands:
        return created, None, False
    if len(reading.operands) > 1:
        return [], reading.operands[1], False
    guessed = reading.operands[0].rstrip("/").rsplit("/", 1)[-1]
    return [guessed], guessed, False


def _update_ref(reading: Reading, names: frozenset[str]) -> _Effects:
    if "stdin" in names:
        return [_UNKNOWN], None, False
    ops = reading.operands
    if not ops:
        return _NOTHING
    if ops[0] in ("HEAD", "@"):
        return [], None, True
    return [ops[0]], None, False


# R1.5: `git tag` options that do not create a tag; `git replace` options that do not replace an object.
_TAG_NO_CREATE = frozenset({"delete", "list", "verify", "contains", "no-contains", "merged", "no-merged",
                            "points-at", "n"})  # fmt: skip
_REPLACE_NO_REWRITE = frozenset({"delete", "list", "convert-graft-file"})


def _shadowed(reading: Reading, names: frozenset[str], sub: str) -> _Effects:
    """R1.5, red team: `git tag [-f] main x` makes a ref `main` that git resolves before the branch (a tag
    wins over a branch of the same name); `git replace [-f] main x`, `--edit main`, `--graft main p` make
    main's commit read as another. Either rewrites what the protected name resolves to: the name counts as
    moved. (Deleting, listing and verifying do not.) A replace of `HEAD`/`@` rewrites the branch checked
    out."""
    if not reading.operands or names & (_TAG_NO_CREATE if sub == "tag" else _REPLACE_NO_REWRITE):
        return _NOTHING
    if sub == "replace" and reading.operands[0] in ("HEAD", "@"):
        return [], None, True
    return [reading.operands[0]], None, False


def _symbolic_ref(reading: Reading, names: frozenset[str]) -> _Effects:
    ops = reading.operands
    if "delete" in names or any(n[:1] == "?" for n in names):
        return [o for o in ops if o != "HEAD"], None, False  # `-d refs/heads/main`: the ref removed
    if len(ops) < 2:
        return _NOTHING
    if ops[0] == "HEAD":
        return [], ops[1][len("refs/heads/") :] if ops[1].startswith("refs/heads/") else ops[1], False
    return [ops[0]], None, False


def _fetched(reading: Reading, names: frozenset[str], sub: str) -> _Effects:
    """``git fetch``/``git pull``: the local refs its refspecs write (``. x:main``, ``origin +x:main``);
    refspecs read from stdin may write any."""
    if "stdin" in names:
        return [_UNKNOWN], None, sub == "pull"
    ops = reading.operands[1:]
    moved = [p.rpartition(":")[2] for p in ops if ":" in p and "://" not in p]
    # `git fetch origin tag main`: refs/tags/main:refs/tags/main, a tag that shadows the branch
    moved += ["refs/tags/" + ops[k + 1] for k, p in enumerate(ops[:-1]) if p == "tag"]
    return moved, None, sub == "pull"


def _rebased(reading: Reading, names: frozenset[str]) -> _Effects:
    """``git rebase [--onto x] [upstream] [branch]`` (``--root [branch]``): the branch it rewrites (with
    ``--root``, every operand: git refuses more than one, fail closed)."""
    ops = reading.operands
    if "update-refs" in names:
        # every local branch pointing into the rebased range is rewritten with it: any branch may move (with
        # `--no-update-refs` also given, which of the two is last is not kept by the reading: fail closed)
        return [_UNKNOWN, *ops[1:2]], ops[1] if len(ops) > 1 else None, len(ops) < 2
    if "root" in names and ops:
        return list(ops), ops[0], False
    if len(ops) > 1:
        return [ops[1]], ops[1], False
    return [], None, True


def _stash_branch(reading: Reading) -> _Effects:
    if reading.path[2:] == ("branch",) and reading.operands:
        return [reading.operands[0]], reading.operands[0], False
    return _NOTHING


# Rev-list options that name every branch (`git filter-branch -- --all`).
_EVERY_BRANCH = ("--all", "--branches", "--glob", "?--all", "?--branches", "?--glob")


def _filtered(reading: Reading) -> _Effects:
    """``git filter-branch [options] [--] <rev-list args>``: it rewrites every branch its rev-list arguments
    name (``main``, ``x..main``; ``--all``, ``--branches``, ``--glob=...``: any branch), HEAD's when none."""
    revs = [w for w in reading.operands[1:] if w[:1] != "^"]
    if any(w.startswith(_EVERY_BRANCH) for w in (*revs, *reading.keys)):
        return [_UNKNOWN], None, False
    moved = [
        re.split(r"[~^@:]", part)[0] for w in revs for part in re.split(r"\.\.\.?", w) if part[:1] != "^"
    ]
    moved = [name for name in moved if name and name[:1] != "-"]
    # red team: `HEAD` (`HEAD~5..HEAD`; `@` splits to nothing) is the branch checked out, not a branch of that name
    named = [name for name in moved if name.upper() != "HEAD"]
    return named, None, len(named) < len(moved) or not moved


# red team: `git filter-repo` (git's own recommended successor of filter-branch) rewrites every branch unless
# `--refs` names some, and nothing with `--analyze` or `--dry-run`.
_REPO_FILTER_READS_ONLY = ("--analyze", "--dry-run", "?--analyze", "?--dry-run")
_REPO_FILTER_REFS = ("--refs", "?--refs")


def _repo_filtered(reading: Reading) -> _Effects:
    """``git filter-repo``: every branch (``_UNKNOWN``), or with ``--refs`` the words that may be its refs (every
    operand, and a value glued to it: more is safe)."""
    if any(k.startswith(_REPO_FILTER_READS_ONLY) for k in reading.keys):
        return _NOTHING
    refs = [k.partition("=")[2] for k in reading.keys if k.partition("=")[0] in _REPO_FILTER_REFS]
    if not refs:
        return [_UNKNOWN], None, False
    names = [n for n in (*refs, *reading.operands[1:]) if n]
    return [re.split(r"[~^@:]", n)[0] or n for n in names], None, False


def _configured_refspecs(reading: Reading) -> list[str]:
    """The local refs refspecs given through options write when git fetches: ``git -c
    remote.origin.fetch=+x:refs/heads/main fetch``, ``git fetch --refmap=+x:main origin x``."""
    out: list[str] = []
    for key in reading.keys:
        name, eq, value = key.partition("=")
        if not eq:
            continue
        if name == "c":
            setting, _, value = value.partition("=")
            low = setting.lower()
            if not (low.startswith("remote.") and low.endswith(".fetch")):
                continue
        elif name not in ("refmap", "?--refmap"):
            continue
        if ":" in value:
            out.append(value.rpartition(":")[2])
    return out


def _reading_effects(reading: Reading, dashdash: bool) -> _Effects:
    """What one reading of a ``git`` command does to local branches."""
    moved, checkout, current = _subcommand_effects(reading, dashdash)
    configured = _configured_refspecs(reading) if reading.keys else []
    return (moved + configured if configured else moved), checkout, current


def _subcommand_effects(reading: Reading, dashdash: bool) -> _Effects:
    """What one reading of a ``git`` command does to local branches, by its subcommand."""
    path = reading.path
    sub = path[1] if len(path) > 1 else (reading.operands[0] if reading.operands else "")
    if sub not in _READ_FOR_BRANCHES:
        return [], None, sub in _MOVES_CURRENT
    names = _names(reading)
    if sub == "branch":
        return _branch_moved(reading, names)
    if sub == "checkout":
        return _switched(reading, names, ("b", "B", "orphan"), dashdash)
    if sub == "switch":
        return _switched(reading, names, ("create", "orphan"), False)
    if path[1:] == ("worktree", "add"):
        return _worktree_added(reading, names)
    if sub == "update-ref":
        return _update_ref(reading, names)
    if sub in _WRITES_REFS_READ_FROM_INPUT:
        return [_UNKNOWN], None, False
    if sub == "symbolic-ref":
        return _symbolic_ref(reading, names)
    if sub in ("fetch", "pull"):
        return _fetched(reading, names, sub)
    if sub == "stash":
        return _stash_branch(reading)
    if sub == "rebase":
        return _rebased(reading, names)
    if sub == "filter-branch":
        return _filtered(reading)
    if sub == "filter-repo":
        return _repo_filtered(reading)
    if sub == "tag" or sub == "replace":
        return _shadowed(reading, names, sub)
    return [], None, sub in _MOVES_CURRENT


def branch_effects(view: tuple[str, ...]) -> tuple[list[str], str | None, bool]:
    """What one ``git`` view does to local branches: (the branch words it creates, resets, renames, copies,
    deletes or updates; the branch it leaves checked out, or None when unchanged; whether it moves the
    branch checked out). ``_UNKNOWN`` stands for a ref no word names (``update-ref --stdin``). Read as git's
    option table reads it; where an option of unknown arity gives two readings, what either does."""
    if len(view) < 2 or view[0] != "git":
        return [], None, False
    if _READ_FIRST is not None and view[1] not in _READ_FIRST:
        for w in view:
            if len(w) > 1 and w[0] == "-":
                break
        else:
            # No option, and a first word whose reading _subcommand_effects does not look into: what every
            # reading answers (no option key, one subcommand word), without reading it (`git status`).
            return [], None, False
    return _effects_read(view)


def _effects_read(view: tuple[str, ...]) -> tuple[list[str], str | None, bool]:
    """branch_effects by the full reading (normalised)."""
    moved: dict[str, None] = {}
    checkout: str | None = None
    moves_current = False
    dashdash = "--" in view[:-1]  # paths may follow (`git checkout main --` is a switch: none does)
    for reading in normalised(view):
        words, out, current = _reading_effects(reading, dashdash)
        moved.update(dict.fromkeys(words))
        checkout = checkout if checkout is not None else out
        moves_current = moves_current or current
    return list(moved), checkout, moves_current


def protected_branch_move(
    seg_views: Sequence[Sequence[tuple[str, ...]]], protected: Sequence[str]
) -> int | None:
    """R1.5 [beyond]: the index of the first segment whose git command moves a protected branch -- creates,
    resets, renames onto or away, copies onto, deletes or updates it (``branch -f``, ``branch -M``,
    ``update-ref``, ``fetch . x:main``, ``checkout -B``, ``switch -C``, ``rebase x main``), or moves the branch
    checked out while that branch is known from the same command to be a protected one
    (``git checkout main && git reset --hard x``) -- or None. Jujutsu's bookmarks are git's branches
    (:mod:`permissions.commands.jj_bookmarks`)."""
    if not protected:
        return None
    current: str | None = None
    before: list[str | None] = []  # the branches checked out earlier in the command, the latest last
    jj_parents: list[str] = []  # the bookmarks a `jj new` made the working copy's parents
    for i, views in enumerate(seg_views):
        next_current = current
        for view in views:
            if len(view) < 2 or view[0] != "git":
                if len(view) > 1 and view[0] == "jj" and _jj_moves(view, protected, jj_parents):
                    return i
                continue
            moved, checkout, moves_current = branch_effects(view)
            for name in moved:
                if name == _UNKNOWN or _protected_name(name, protected):
                    return i
            if moves_current and current is not None and _protected_name(current, protected):
                return i
            if checkout is not None:
                next_current = _checked_out(checkout, next_current, before)
        if next_current != current:
            before.append(current)
        current = next_current
    return None


def _jj_moves(view: tuple[str, ...], protected: Sequence[str], parents: list[str]) -> bool:
    """Whether a ``jj`` view moves a protected bookmark: one it names, or the working copy's parent an earlier
    ``jj new`` made a protected one, squashed or absorbed into (``parents`` follows the ``jj new``)."""
    if any(n == _JJ_UNKNOWN or _protected_name(n, protected) for n in jj_moved(view)):
        return True
    made = jj_new_parents(view)
    if made is not None:
        parents[:] = made
        return False
    return jj_squashes_into_parent(view) and any(
        n == _JJ_UNKNOWN or _protected_name(n, protected) for n in parents
    )


_PREVIOUS = re.compile(r"@\{-([0-9]+)\}")


def _checked_out(name: str, current: str | None, before: list[str | None]) -> str | None:
    """The branch ``git checkout NAME`` leaves checked out: NAME, or for ``-``/``@{-N}`` the N-th branch checked
    out before it, as far as the command shows it (None: one from before the command, not known). Another name
    git interprets (``@{u}``, ``x@{push}``) is not known either."""
    if name == "-":
        name = "@{-1}"
    elif "@{" not in name:
        return name
    m = _PREVIOUS.fullmatch(name)
    if m is None:
        return None
    n = int(m.group(1))
    if n == 0:
        return current
    return before[-n] if 0 < n <= len(before) else None
