"""git: what its options and subcommands do with their arguments (SPEC R4.8, R5 step 6, R7.3).

Global options before the subcommand (git.c handle_options), git's own commands (any other subcommand is an
alias or a program on the PATH: R4.9, programs that run programs), the options and subcommands that make git run a program
(R4.8: a prefix allow never covers them), the forms of ``branch``/``tag``/``remote``/``worktree``/``config``
that change state, the config keys whose value is a command line (R4.9, programs that run programs: read as a segment), the
commands of ``hub`` (GitHub's git wrapper) and the one canonicaliser of branch names (RN-006, merge targets spelled another way).
"""

from __future__ import annotations

from collections.abc import Sequence

from permissions.commands.find import FIND_RUNNERS
from permissions.commands.git_branches import (
    branch_effects,
    branch_pattern_matches,
    canonical_branch,
    names_protected_branch,
    protected_branch_move,
    remote_config_write,
)
from permissions.commands.git_globals import GIT_GLOBAL_FLAGS, GIT_GLOBAL_VALUE_OPTS, _git_subcommand
from permissions.commands.rebase_todo import TODO_WRITTEN, rewrites_the_todo

__all__ = [
    "GIT_COMMANDS",
    "GIT_GLOBAL_FLAGS",
    "GIT_GLOBAL_VALUE_OPTS",
    "GIT_MUTATING_SIBLINGS",
    "branch_effects",
    "branch_pattern_matches",
    "canonical_branch",
    "git_carried",
    "git_changes_state",
    "hub_runs_git",
    "names_protected_branch",
    "protected_branch_move",
    "remote_config_write",
    "runs_other_programs",
    "unknown_git_command",
]


# git's own commands (programs that run programs, closed world, R4.9): the builtins and the programs git installs in its
# exec-path, in every release from 2.39 to 2.47 (command-list.txt, `git --list-cmds=main`). For any other
# word git runs an alias from its configuration (`alias.st = !curl …` is a shell line) or a `git-<word>`
# program found on the PATH: no rule can read either, so such a segment is opaque (R4.9). Left out on purpose
# (when unsure, allow matches less, R4.8): commands added after 2.39 (`replay`, `refs`: an alias there) or
# removed before 2.47 (`bisect--helper`, `add--interactive`, `env--helper`), and those distributions ship in
# separate packages, absent by default, so the name falls through to an alias or the PATH (`svn`,
# `send-email`, `p4`, `gui`, `citool`, `cvsimport`, `cvsexportcommit`, `cvsserver`, `archimport`,
# contrib's `subtree`), and extensions such as `lfs` (a `git-lfs` program on the PATH).
GIT_COMMANDS = frozenset(
    """
    add am annotate apply archive bisect blame branch bugreport bundle cat-file check-attr check-ignore
    check-mailmap check-ref-format checkout checkout--worker checkout-index cherry cherry-pick clean clone
    column commit commit-graph commit-tree config count-objects credential credential-cache
    credential-cache--daemon credential-store daemon describe diagnose diff diff-files diff-index diff-tree
    difftool difftool--helper fast-export fast-import fetch fetch-pack filter-branch fmt-merge-msg
    for-each-ref for-each-repo format-patch fsck fsck-objects fsmonitor--daemon gc get-tar-commit-id grep
    hash-object help hook http-backend http-fetch http-push imap-send index-pack init init-db instaweb
    interpret-trailers log ls-files ls-remote ls-tree mailinfo mailsplit maintenance merge merge-base
    merge-file merge-index merge-octopus merge-one-file merge-ours merge-recursive merge-recursive-ours
    merge-recursive-theirs merge-resolve merge-subtree merge-tree mergetool mergetool--lib mktag mktree
    multi-pack-index mv name-rev notes pack-objects pack-redundant pack-refs patch-id pickaxe prune
    prune-packed pull push quiltimport range-diff read-tree rebase receive-pack reflog remote remote-ext
    remote-fd remote-ftp remote-ftps remote-http remote-https repack replace request-pull rerere reset
    restore rev-list rev-parse revert rm send-pack sh-i18n sh-i18n--envsubst sh-setup shell shortlog show
    show-branch show-index show-ref sparse-checkout stage stash status stripspace submodule
    submodule--helper switch symbolic-ref tag unpack-file unpack-objects update-index update-ref
    update-server-info upload-archive upload-archive--writer upload-pack var verify-commit verify-pack
    verify-tag version web--browse whatchanged worktree write-tree
    """.split()
)


UNKNOWN_GIT_COMMAND = (
    "runs an alias from git's configuration or a git-{0} program found on the PATH, which no rule can read"
    " ('{0}' is not one of git's own commands)"
)


# R3.4's lesson applied to R7.3 [beyond]: these subcommands have mutating siblings behind the same verb +
# subcommand (`git branch -a` vs `git branch -D x`), so an approve-always click keeps the exact form.
GIT_MUTATING_SIBLINGS = frozenset(
    {"branch", "remote", "worktree", "config", "tag", "stash", "submodule", "notes"}
)


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
# git's own commands that run a program by their nature: configured tools, hooks (`git hook run`), credential
# helpers, a browser, a server, a command named in a remote URL (`remote-ext`), shell-library plumbing.
_GIT_RUNNING_SUBCOMMANDS = frozenset(
    {
        "filter-branch",
        "difftool",
        "difftool--helper",
        "mergetool",
        "mergetool--lib",
        "instaweb",
        "hook",
        "web--browse",
        "credential",
        "credential-cache",
        "credential-cache--daemon",
        "credential-store",
        "daemon",
        "http-backend",
        "shell",
        "remote-ext",
        "remote-fd",
        "fsmonitor--daemon",
        "sh-setup",
        "sh-i18n",
        "merge-one-file",
        "merge-index",  # red team: runs the program its first operand names on every unmerged file
    }
)


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
    """True for `find ... -exec/-delete`, `git -c ...`, `git ... --exec=...`, `git <alias>` and alike (R4.8);
    `hub` handing its words to git as git would be."""
    verb = words[0] if words else ""
    if verb == "find":
        return any(w in FIND_RUNNERS for w in words)
    if verb == "hub":
        return hub_runs_git(words) and runs_other_programs(("git", *words[1:]))
    if verb != "git":
        return False
    k = _git_subcommand(words)
    if k < 0 or (k > 1 and _reads_another_repository(words, k)):
        return True
    if k >= len(words):
        return False
    sub = words[k]
    rest = words[k + 1 :]
    if sub in _GIT_RUNNING_SUBCOMMANDS or sub not in GIT_COMMANDS:
        return True  # R4.9, programs that run programs: a word outside git's own commands is an alias or a git-<word> program
    if any(w.startswith(_GIT_RUNNING_PREFIXES) for w in rest):
        return True
    runners = _GIT_RUNNING_OPTIONS.get(sub)
    if runners is not None and _carries_runner(rest, *runners):
        return True
    if sub == "submodule" and "foreach" in rest:
        return True
    return sub == "bisect" and rest[:1] == ("run",)


def _reads_another_repository(words: tuple[str, ...], k: int) -> bool:
    """red team, R4.8: `git --git-dir=X` reads X's config, whose settings run programs (core.pager,
    core.fsmonitor, aliases, core.hooksPath) -- a folder R3.7 does not keep when no component of X is a git folder
    (`.git`, a bare repository's `x.git`: writing into those asks). ``k``: the subcommand's index."""
    for j in range(1, k):
        w = words[j]
        if w == "--git-dir" and j + 1 < k:
            place = words[j + 1]
        elif w.startswith("--git-dir="):
            place = w[len("--git-dir=") :]
        else:
            continue
        if not any(c.lower().endswith(".git") for c in place.replace("\\", "/").split("/")):
            return True
    return False


def unknown_git_command(view: tuple[str, ...]) -> str | None:
    """R4.9, programs that run programs: why a ``git`` view runs what no rule can read because its subcommand is not
    one of git's own commands (an alias, or a ``git-<word>`` program), or None. A view whose global options
    leave the subcommand uncertain is judged through its readings (permissions.commands.views)."""
    k = _git_subcommand(view)
    if k < 1 or k >= len(view):
        return None
    sub = view[k]
    if sub in GIT_COMMANDS:
        return None
    return UNKNOWN_GIT_COMMAND.format(sub)


# hub (GitHub's git wrapper, hub 2.x): its own commands; any other subcommand, and the git commands it
# extends (`push`, `merge`, `clone`, `checkout` ...), hub hands to git, so that segment is also read as git.
HUB_COMMANDS = frozenset(
    "alias api browse ci-status compare create delete fork gist issue pr pull-request release sync".split()
)


def hub_runs_git(view: tuple[str, ...]) -> bool:
    """Whether ``hub ...`` hands its words to git (the segment is then also read as ``git ...``): every
    form but hub's own commands. Global options first (`hub -C dir push`): read as git reads them."""
    return len(view) > 1 and (view[1].startswith("-") or view[1] not in HUB_COMMANDS)


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
    """True when a `git branch|tag|remote|worktree|config` segment may create, delete, rename or set (also
    through `hub`)."""
    if len(words) >= 2 and words[0] == "hub" and hub_runs_git(words):
        words = ("git", *words[1:])
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


# -- commands git runs that are written in its arguments (programs that run programs, SPEC R4.9) -------------
# The last part of a config key (case-insensitive) whose value is a command line git hands to a shell:
# core.pager/sshCommand/editor/fsmonitor/askPass/gitProxy, sequence.editor, diff.external,
# diff.<driver>.textconv/command, merge.<driver>.driver, filter.<driver>.clean/smudge/process,
# credential.helper, gpg.program, interactive.diffFilter, uploadpack.packObjectsHook,
# remote.<name>.uploadpack/receivepack, difftool/mergetool/man/browser.<tool>.cmd, sendemail.*cmd.
_COMMAND_KEYS = frozenset(
    {
        "sshcommand",
        "pager",
        "editor",
        "fsmonitor",
        "askpass",
        "gitproxy",
        "external",
        "textconv",
        "command",
        "driver",
        "clean",
        "smudge",
        "process",
        "helper",
        "program",
        "cmd",
        "difffilter",
        "packobjectshook",
        "uploadpack",
        "receivepack",
        "sendmailcmd",
        "tocmd",
        "cccmd",
        "headercmd",
        "smtpserver",
        # R4.9
        "alternaterefscommand",
        "proccommand",
        "path",  # browser.<tool>.path, man.<tool>.path, mergetool.<tool>.path: the program run
        # red team: gpg.ssh.defaultKeyCommand (run to pick the key when a commit or tag is signed)
        "defaultkeycommand",
    }
)


# `git filter-repo --commit-callback '...'`: Python code given as an argument (R4.9).
_FILTER_REPO_CODE = (
    "--filename-callback",
    "--message-callback",
    "--name-callback",
    "--email-callback",
    "--refname-callback",
    "--blob-callback",
    "--commit-callback",
    "--tag-callback",
    "--reset-callback",
    "--file-info-callback",
)


_FILTER_BRANCH_FILTERS = (
    "--env-filter",
    "--tree-filter",
    "--index-filter",
    "--parent-filter",
    "--msg-filter",
    "--commit-filter",
    "--tag-name-filter",
)


# Per subcommand, options whose value is a command line (long names as `--x CMD` or `--x=CMD`; letters
# as `-x CMD` or `-xCMD`).
_COMMAND_OPTIONS: dict[str, tuple[tuple[str, ...], str]] = {
    "rebase": (("--exec",), "x"),
    "difftool": (("--extcmd",), "x"),
    "clone": (("--upload-pack",), "u"),
    "fetch": (("--upload-pack",), ""),
    "pull": (("--upload-pack",), ""),
    "ls-remote": (("--upload-pack",), "u"),
    "fetch-pack": (("--upload-pack", "--exec"), ""),
    "archive": (("--exec",), ""),
    "push": (("--receive-pack", "--exec"), ""),
    "send-pack": (("--receive-pack", "--exec"), ""),
    "filter-branch": (_FILTER_BRANCH_FILTERS, ""),
    # R4.9: `git grep -O<cmd>` / `--open-files-in-pager=<cmd>` runs cmd on the matching files (the
    # value is optional and attached; a next word is read too, which only makes deny see more).
    "grep": (("--open-files-in-pager",), "O"),
}


def config_command(key: str, value: str) -> tuple[str | None, str | None]:
    """For ``git -c key=value`` / ``git config key value``: (the command line the value is, why the
    setting loads code no rule can read) -- each None when it does not."""
    parts = key.split(".")
    if len(parts) < 2:
        return None, None
    section = parts[0].strip().lower()
    name = parts[-1].strip().lower()
    if section == "alias":
        v = value.lstrip()
        # `!cmd` is a shell line; otherwise the alias is git words, which the caps treat as external.
        return (v[1:], None) if v.startswith("!") else (None, None)
    if section == "url" and name in ("insteadof", "pushinsteadof") and len(parts) > 2:
        # red team: `url.<ext::cmd>.insteadOf=https://x` turns an ordinary address into an ext:: one
        base = ".".join(parts[1:-1]).strip()
        if base.lower().startswith("ext::"):
            return ext_command(base), _EXT_WHY
        return None, None
    if section == "remote" and name in ("url", "pushurl") and value.strip().lower().startswith("ext::"):
        return ext_command(value.strip()), _EXT_WHY  # red team: `remote.origin.url=ext::cmd`, fetched later
    if section == "protocol" and name == "allow":
        # `protocol.ext.allow=always`: git may run the command an `ext::` address names (R4.9).
        return None, "git may run a transport program named in an address"
    if section == "core" and name == "hookspath":
        return None, "git runs its hooks from another directory"
    if section == "init" and name == "templatedir":
        # red team: the next `git init` / `git clone` copies its hooks from there (and clone runs them).
        return None, "git copies hooks from another directory into the repositories it creates"
    if section == "submodule" and name == "update" and value.lstrip().startswith("!"):
        # red team: `submodule.<name>.update = !cmd` (from .git/config) runs cmd at `git submodule update`.
        return value.lstrip()[1:], None
    if section == "safe" and name in ("directory", "barerepository"):
        # red team: `safe.directory=*` turns off git's check that a repository belongs to this user (whose
        # hooks and configuration would then run); `safe.bareRepository=all` lets an embedded one be used.
        return None, "git trusts a repository it would refuse (a safety check turned off)"
    if section in ("include", "includeif") and name == "path":
        return None, "git reads more configuration from a file"
    if section == "sequence" and name == "editor" and rewrites_the_todo(value):
        return value.strip() or None, TODO_WRITTEN  # red team: rebase -i's todo list (exec lines)
    if section == "pager" or name in _COMMAND_KEYS:
        value = value.strip()
        if value.startswith("!"):
            value = value[1:]  # credential.helper=!cmd: a shell line
        return (value, None) if value.strip() else (None, None)
    return None, None


def _option_values(rest: tuple[str, ...], longs: tuple[str, ...], letters: str) -> list[str]:
    out: list[str] = []
    k = 0
    n = len(rest)
    while k < n:
        w = rest[k]
        k += 1
        if w == "--":
            break
        if w.startswith("--"):
            name, eq, value = w.partition("=")
            # parse-options takes unambiguous abbreviations (`--exe=cmd`): any prefix of a command option.
            if len(name) > 3 and any(o.startswith(name) for o in longs):
                if eq:
                    out.append(value)
                elif k < n:
                    out.append(rest[k])
                    k += 1
        elif len(w) > 1 and w[0] == "-" and letters:
            for j in range(1, len(w)):
                if w[j] in letters:
                    if j + 1 < len(w):
                        out.append(w[j + 1 :])
                    elif k < n:
                        out.append(rest[k])
                        k += 1
                    break
    return out


def _config_positionals(rest: Sequence[str]) -> list[str]:
    """`git config`'s positional words (the name, then the value), its options that take a value skipped and a
    leading `set` (git 2.46's subcommand) dropped."""
    positionals: list[str] = []
    j = 0
    while j < len(rest):
        w = rest[j]
        j += 1
        if w in ("-f", "--file", "--blob", "--type", "--default", "--comment", "--value"):
            j += 1
        elif not w.startswith("-"):
            positionals.append(w)
    if positionals[:1] == ["set"]:
        positionals = positionals[1:]
    return positionals


def _clone_settings(rest: Sequence[str]) -> list[tuple[str, str]]:
    """The (key, value) settings `git clone -c k=v` / `--config k=v` / `--config=k=v` writes into the clone;
    red team: `--template=<dir>` is init.templateDir for this clone (its checkout runs the template's hooks)."""
    found: list[tuple[str, str]] = [("init.templateDir", "")] if _clone_template(rest) else []
    for j, w in enumerate(rest):
        if w in ("-c", "--config") and j + 1 < len(rest):
            key, _, value = rest[j + 1].partition("=")
            found.append((key, value))
        elif w.startswith("--config="):
            key, _, value = w[len("--config=") :].partition("=")
            found.append((key, value))
    return found


def _rebase_todo_editor(view: tuple[str, ...]) -> str | None:
    """Red team: ``git -c core.editor=CMD rebase -i`` with no sequence editor given -- git hands the todo list to
    its editor, which may write exec lines into it (permissions.commands.rebase_todo)."""
    keys = [view[k + 1].partition("=") for k in range(len(view) - 1) if view[k] == "-c"]
    if any(key.strip().lower() == "sequence.editor" for key, _, _ in keys):
        return None  # (read by config_command)
    for key, _, value in keys:
        if key.strip().lower() == "core.editor" and rewrites_the_todo(value):
            return TODO_WRITTEN
    return None


def git_carried(view: tuple[str, ...]) -> tuple[list[str], str | None]:
    """The command lines a ``git`` segment hands to a shell (read as segments, R4.9), and why it runs
    code no rule can read, if it does."""
    scripts: list[str] = []
    opaque = _rebase_todo_editor(view) if "rebase" in view else None
    n = len(view)
    k = 1

    def setting(key: str, value: str) -> None:
        nonlocal opaque
        script, why = config_command(key, value)
        if script is not None:
            scripts.append(script)
        if why is not None and opaque is None:
            opaque = why

    while k < n and view[k].startswith("-") and view[k] != "-":
        w = view[k]
        if w == "-c":
            key, _, value = (view[k + 1] if k + 1 < n else "").partition("=")
            setting(key, value)
            k += 2
        elif w == "--config-env" or w.startswith("--config-env="):
            spec = w[len("--config-env=") :] if "=" in w else (view[k + 1] if k + 1 < n else "")
            key = spec.partition("=")[0]
            if config_command(key, "x") != (None, None) or key.lower().startswith("alias."):
                opaque = opaque or "a git setting that runs a command takes its value from the environment"
            k += 1 if "=" in w else 2
        elif w.startswith("--exec-path="):
            opaque = opaque or "git runs its programs from another directory"
            k += 1
        elif w in GIT_GLOBAL_VALUE_OPTS:
            k += 2
        else:
            k += 1
    if k >= n:
        return scripts, opaque
    sub = view[k]
    rest = view[k + 1 :]
    if sub == "config":
        positionals = _config_positionals(rest)
        if len(positionals) >= 2:
            setting(positionals[0], positionals[1])
    elif sub == "clone":
        for key, value in _clone_settings(rest):
            setting(key, value)
    elif sub == "submodule" and "foreach" in rest:
        tail = rest[rest.index("foreach") + 1 :]
        while tail and tail[0] in ("--recursive", "-q", "--quiet"):
            tail = tail[1:]
        if tail:
            scripts.append(" ".join(tail))  # git runs the words through a shell
    elif sub == "bisect" and rest[:1] == ("run",) and len(rest) > 1:
        scripts.append(" ".join(_quote(w) for w in rest[1:]))
    runners = _COMMAND_OPTIONS.get(sub)
    if runners is not None:
        scripts.extend(_option_values(rest, *runners))
    if sub == "filter-repo" and any(w.partition("=")[0] in _FILTER_REPO_CODE for w in rest):
        opaque = opaque or "git filter-repo runs Python code given as an argument"
    ext = _ext_lines(rest)
    if ext:
        scripts.extend(ext)
        opaque = opaque or _EXT_WHY
    return scripts, opaque


_EXT_WHY = "git runs the transport command an ext:: address names"


def _ext_lines(rest: Sequence[str]) -> list[str]:
    """R4.9: the command lines the `ext::` addresses among a git subcommand's words run; red team: also an option's
    value (`git archive --remote=ext::cmd`)."""
    lines: list[str] = []
    for w in rest:
        if "::" not in w:
            continue  # (every word of every git segment passes here)
        address = w if w[:5].lower() == "ext::" else w.partition("=")[2] if "=ext::" in w.lower() else ""
        if address:
            line = ext_command(address)
            loose = address[len("ext::") :].replace("% ", " ")  # (read as one line too: deny sees more)
            lines.extend((line, loose) if loose != line else (line,))
    return lines


# git's remote-ext placeholders: the service it asks for (`%s`, `%S`); `%G` / `%V` begin an argument git keeps
# to itself (not handed to the program).
_EXT_SERVICE = {"s": "upload-pack", "S": "git-upload-pack", "%": "%", " ": " "}


def ext_command(address: str) -> str:
    """The command line an ``ext::`` address runs (git's remote-ext.c): words split at unescaped spaces, ``% ``
    a space inside a word, ``%%`` a percent, ``%s``/``%S`` the service; the program runs with no shell between, so
    each word is quoted as one (red team: ``ext::sh -c rm% -rf% /`` is ``sh -c 'rm -rf /'``)."""
    words: list[str] = []
    word: list[str] = []
    text = address[len("ext::") :]
    k = 0
    while k < len(text):
        c = text[k]
        k += 1
        if c == " ":
            if word:
                words.append("".join(word))
            word = []
        elif c == "%" and k < len(text):
            word.append(_EXT_SERVICE.get(text[k], "%" + text[k]))
            k += 1
        else:
            word.append(c)
    if word:
        words.append("".join(word))
    kept = [w for w in words if not w.startswith(("%G", "%V"))]
    return " ".join(_quote(w) for w in kept)


def _clone_template(rest: Sequence[str]) -> bool:
    """`git clone --template=<dir>` (or `--template <dir>`, or an abbreviation parse-options takes: `--te`
    and longer; `--t` is also `--tags`)."""
    for w in rest:
        if w == "--":
            return False
        name = w.partition("=")[0]
        if len(name) >= 4 and "--template".startswith(name):
            return True
    return False


def _quote(word: str) -> str:
    """A word as one shell word (argv handed on without a shell)."""
    if word and all(c.isalnum() or c in "-_./=:,+@%" for c in word):
        return word
    return "'" + word.replace("'", "'\\''") + "'"
