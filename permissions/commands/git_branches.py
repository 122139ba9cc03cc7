"""git and branch names (RN-006, merge targets spelled another way, R1.5): the one canonicaliser of branch names, whether a name
or pattern is a protected branch, the remote settings a `git config` writes, and which git commands move a
branch (:func:`protected_branch_move`) -- by any git command, not only a merge. Re-exported by
:mod:`permissions.commands.git`.
"""

from __future__ import annotations

import fnmatch
import re
import unicodedata
from collections.abc import Collection, Sequence

from permissions.commands.git_globals import GIT_GLOBAL_VALUE_OPTS, _git_subcommand

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
    {"--get", "--get-all", "--get-regexp", "--get-urlmatch", "--get-color", "--get-colorbool", "--list", "-l"}
)


_CONFIG_WRITE_LONGS = (
    "--add",
    "--replace-all",
    "--unset",
    "--unset-all",
    "--rename-section",
    "--remove-section",
    "--edit",
)


_CONFIG_VALUE_OPTS = frozenset({"-f", "--file", "--blob", "--type", "--default", "--comment", "--value"})


_CONFIG_WRITE_VERBS = frozenset({"set", "unset", "rename-section", "remove-section", "edit"})


def _remote_key(word: str) -> bool:
    """``remote.<name>.url|pushurl|...``, ``remote.pushDefault``, ``url.<base>.insteadOf|pushInsteadOf``,
    ``branch.<name>.remote|pushRemote``: where fetches and pushes go (sections and names are case-insensitive;
    a whole ``remote.*``/``url.*`` section counts, for ``--rename-section``/``--remove-section``)."""
    low = word.strip().lower()
    if low.startswith(("remote.", "url.")) or low in ("remote", "url"):
        return True
    return low.startswith("branch.") and low.endswith((".remote", ".pushremote"))


def remote_config_write(view: tuple[str, ...]) -> bool:
    """§5 step 6: ``git config`` that sets, adds, unsets, renames or removes a key deciding where git pushes
    (``remote.*.url``, ``remote.*.pushurl``, ``url.*.insteadOf``, ``url.*.pushInsteadOf`` ...), or opens the
    editor on the configuration (it can set any of them). Abbreviated options count as git reads them."""
    if len(view) < 2 or view[0] != "git" or "config" not in view:
        return False
    k = _git_subcommand(view)
    if k < 0:
        k = view.index("config")  # uncertain global options: read from the word itself (fail closed)
    if k >= len(view) or view[k] != "config":
        return False
    rest = view[k + 1 :]
    positionals: list[str] = []
    write_option = False
    keys = False
    j = 0
    while j < len(rest):
        w = rest[j]
        j += 1
        if w == "--":
            positionals.extend(rest[j:])
            break
        if w[:1] != "-" or w == "-":
            positionals.append(w)
            continue
        name = w.partition("=")[0]
        if name in _CONFIG_READS:
            return False
        if name == "-e" or (
            name.startswith("--")
            and len(name) > 3
            and any(o.startswith(name) for o in _CONFIG_WRITE_LONGS)
            and not any(r == name for r in _CONFIG_READS)
        ):
            write_option = True
            if name.startswith("--e") or name == "-e":
                return True  # the editor can set anything
        if name in _CONFIG_VALUE_OPTS and "=" not in w:
            j += 1
        elif name in ("--value", "--comment") and _remote_key(w.partition("=")[2]):
            keys = True
    if positionals[:1] in (["get"], ["list"]):
        return False
    if positionals[:1] == ["edit"]:
        return True
    keys = keys or any(_remote_key(p) for p in positionals)
    if not keys:
        return False
    return write_option or len(positionals) >= 2 or positionals[0] in _CONFIG_WRITE_VERBS


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
    if "$" in w or "`" in w:
        return True  # decided when it runs
    low = w.casefold()
    if low.startswith("refs/heads/"):
        w = w[len("refs/heads/") :]
    elif low.startswith("refs/"):
        return "*" in low and low.startswith("refs/*")  # refs/tags/x, refs/remotes/origin/x: no local branch
    if "*" in w:
        return True
    return any_suffix_protected(w, protected)


_BRANCH_LONGS = (
    "delete",
    "move",
    "copy",
    "force",
    "list",
    "set-upstream-to",
    "unset-upstream",
    "edit-description",
    "show-current",
    "contains",
    "no-contains",
    "merged",
    "no-merged",
    "points-at",
    "track",
    "no-track",
    "create-reflog",
    "recurse-submodules",
    "all",
    "remotes",
    "verbose",
    "quiet",
    "ignore-case",
    "sort",
    "format",
    "color",
    "no-color",
    "column",
    "no-column",
    "abbrev",
    "no-abbrev",
    "omit-empty",
)


_BRANCH_NO_MOVE = frozenset(
    {"list", "set-upstream-to", "unset-upstream", "edit-description", "show-current", "contains",
     "no-contains", "merged", "no-merged", "points-at"}
)  # fmt: skip


_BRANCH_ALL_NAMES = frozenset({"delete", "move", "copy"})


def _branch_moved(rest: tuple[str, ...]) -> list[str]:
    """``git branch ...``: the branch names it creates, resets (``-f``), renames, copies or deletes."""
    positionals: list[str] = []
    modes: set[str] = set()
    j = 0
    while j < len(rest):
        w = rest[j]
        j += 1
        if w == "--":
            positionals.extend(rest[j:])
            break
        if w[:1] != "-" or w == "-":
            positionals.append(w)
            continue
        if w.startswith("--"):
            name, eq, _ = w[2:].partition("=")
            hits = [o for o in _BRANCH_LONGS if o == name] or [o for o in _BRANCH_LONGS if o.startswith(name)]
            if len(hits) != 1:
                modes.add("delete")  # unknown or ambiguous: every positional may be a branch it changes
                continue
            modes.add(hits[0])
            if hits[0] in ("set-upstream-to", "sort", "format") and not eq:
                j += 1
            continue
        for i, c in enumerate(w[1:], 1):
            if c in "dD":
                modes.add("delete")
            elif c in "mM":
                modes.add("move")
            elif c in "cC":
                modes.add("copy")
            elif c == "f":
                modes.add("force")
            elif c == "l":
                modes.add("list")
            elif c == "u":
                modes.add("set-upstream-to")
                if i == len(w) - 1:
                    j += 1  # `-u origin/main`: the upstream, not a branch
                break
    if modes & _BRANCH_ALL_NAMES:
        return positionals
    if modes & _BRANCH_NO_MOVE:
        return []
    return positionals[:1]


def _option_value(rest: tuple[str, ...], shorts: str, longs: tuple[str, ...]) -> list[str]:
    """Values of ``-b NAME``/``-bNAME``/``--create NAME``/``--create=NAME`` (and unique abbreviations)."""
    out: list[str] = []
    for j, w in enumerate(rest):
        if w == "--":
            break
        if w.startswith("--"):
            name, eq, value = w[2:].partition("=")
            if len(name) >= 2 and any(o.startswith(name) for o in longs):
                out.append(value if eq else (rest[j + 1] if j + 1 < len(rest) else ""))
        elif w[:1] == "-" and len(w) > 1:
            for i, c in enumerate(w[1:], 1):
                if c in shorts:
                    out.append(w[i + 1 :] or (rest[j + 1] if j + 1 < len(rest) else ""))
                    break
    return out


def _plain_positionals(rest: tuple[str, ...], values: frozenset[str] = frozenset()) -> list[str]:
    out: list[str] = []
    j = 0
    while j < len(rest):
        w = rest[j]
        j += 1
        if w == "--":
            break
        if w[:1] == "-" and len(w) > 1:
            if w in values:
                j += 1
            continue
        out.append(w)
    return out


# Subcommands that move the branch checked out (HEAD's branch).
_MOVES_CURRENT = frozenset({"reset", "commit", "merge", "pull", "rebase", "cherry-pick", "revert", "am"})


_REBASE_VALUES = frozenset({"--onto", "-s", "--strategy", "-X", "--strategy-option", "-x", "--exec"})


_FETCH_VALUES = frozenset(
    {"--depth", "--deepen", "--shallow-since", "--shallow-exclude", "-j", "--jobs", "--negotiation-tip",
     "-o", "--server-option", "--filter", "--upload-pack", "--refmap", "--submodule-prefix"}
)  # fmt: skip


_UNKNOWN = "\0unknown"


def branch_effects(view: tuple[str, ...]) -> tuple[list[str], str | None, bool]:
    """What one ``git`` view does to local branches: (the branch words it creates, resets, renames, copies,
    deletes or updates; the branch it leaves checked out, or None when unchanged; whether it moves the
    branch checked out). ``_UNKNOWN`` stands for a ref no word names (``update-ref --stdin``)."""
    if len(view) < 2 or view[0] != "git":
        return [], None, False
    k = 1
    n = len(view)
    while k < n and view[k][:1] == "-":
        k += 2 if view[k] in GIT_GLOBAL_VALUE_OPTS else 1
    if k >= n:
        return [], None, False
    sub = view[k]
    rest = view[k + 1 :]
    if sub == "branch":
        return _branch_moved(rest), None, False
    if sub in ("checkout", "switch"):
        if sub == "checkout":
            created = _option_value(rest, "bB", ("orphan",))
        else:
            created = _option_value(rest, "cC", ("orphan", "create", "force-create"))
        if created:
            return created, created[-1], False
        if "--" in rest and sub == "checkout":
            return [], None, False  # `git checkout [tree] -- paths`
        pos = _plain_positionals(rest, frozenset({"--conflict", "--pathspec-from-file"}))
        if len(pos) == 1 and "--detach" not in rest and pos[0] != "-":
            return [], pos[0], False
        return [], None, False
    if sub == "worktree":
        if rest[:1] == ("add",):
            return _option_value(rest[1:], "bB", ("orphan",)), None, False
        return [], None, False
    if sub == "update-ref":
        if "--stdin" in rest:
            return [_UNKNOWN], None, False
        pos = _plain_positionals(rest, frozenset({"-m", "--create-reflog"}))
        if not pos:
            return [], None, False
        if pos[0] == "HEAD" or pos[0] == "@":
            return [], None, True
        return [pos[0]], None, False
    if sub == "symbolic-ref":
        pos = _plain_positionals(rest, frozenset({"-m"}))
        if len(pos) >= 2:
            if pos[0] == "HEAD":
                name = pos[1][len("refs/heads/") :] if pos[1].startswith("refs/heads/") else pos[1]
                return [], name, False
            return [pos[0]], None, False
        return [], None, False
    if sub in ("fetch", "pull"):
        pos = _plain_positionals(rest, _FETCH_VALUES)
        moved = [p.rpartition(":")[2] for p in pos[1:] if ":" in p and "://" not in p]
        return moved, None, sub == "pull"
    if sub == "stash":
        pos = _plain_positionals(rest)
        if pos[:1] == ["branch"] and len(pos) > 1:
            return [pos[1]], pos[1], False
        return [], None, False
    if sub == "rebase":
        pos = _plain_positionals(rest, _REBASE_VALUES)
        branch = pos[0] if "--root" in rest and pos else (pos[1] if len(pos) > 1 else None)
        if branch is not None:
            return [branch], branch, False
        return [], None, True
    if sub in _MOVES_CURRENT:
        return [], None, True
    return [], None, False


def protected_branch_move(
    seg_views: Sequence[Sequence[tuple[str, ...]]], protected: Sequence[str]
) -> int | None:
    """R1.5 [beyond]: the index of the first segment whose git command moves a protected branch -- creates,
    resets, renames onto or away, copies onto, deletes or updates it (``branch -f``, ``branch -M``,
    ``update-ref``, ``fetch . x:main``, ``checkout -B``, ``switch -C``, ``rebase x main``), or moves the branch
    checked out while that branch is known from the same command to be a protected one
    (``git checkout main && git reset --hard x``) -- or None."""
    if not protected:
        return None
    current: str | None = None
    for i, views in enumerate(seg_views):
        next_current = current
        for view in views:
            if len(view) < 2 or view[0] != "git":
                continue
            moved, checkout, moves_current = branch_effects(view)
            for name in moved:
                if name == _UNKNOWN or _protected_name(name, protected):
                    return i
            if moves_current and current is not None and _protected_name(current, protected):
                return i
            if checkout is not None:
                next_current = checkout
        current = next_current
    return None
