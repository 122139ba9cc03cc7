"""git's option table (R4.10): its global options and every subcommand's. How a table is written:
:mod:`permissions.commands.options`.
"""

from __future__ import annotations

from permissions.commands.option_reader import Program, Reading, _subs, mark_as_written

# git: the global options (git.c: exact words, no clusters), then each command's parse-options table
# (clusters, unique abbreviations, options anywhere before `--`).
_GIT_FORCE_REFSPEC = ("force",)

# `-t` of checkout, switch and branch: git 2.35 let it take an attached value (`-tdirect`); before that it took
# none, and `git checkout -tb main` is `-t -b main` there. Read as a flag: the letters after it are options
# (a move of `main` is not hidden as a tracking mode), `--track[=mode]` as git reads it today.


def _git_push_operand(word: str) -> tuple[str, ...]:
    """`git push origin +main` forces that ref; `git push origin :main` deletes it."""
    if word.startswith("+"):
        return _GIT_FORCE_REFSPEC
    if word.startswith(":") and len(word) > 1:
        return ("delete",)
    return ()


# The options of git log / show / diff that have more than one spelling, and the common ones that take a value.
_GIT_HISTORY = """
    -p -u --patch
    -s --no-patch
    -U= --unified=
    -W --function-context
    --stat=?
    --numstat
    --shortstat
    --name-only
    --name-status
    -n= --max-count=
    --skip=
    --since= --after=
    --until= --before=
    --author=
    --committer=
    --grep=
    -i --regexp-ignore-case
    -E --extended-regexp
    -F --fixed-strings
    -S=
    -G=
    -L=
    -M=? --find-renames=?
    -C=? --find-copies=?
    -R
    -w --ignore-all-space
    -b --ignore-space-change
    --all
    --branches=?
    --tags=?
    --remotes=?
    --follow
    --graph
    --oneline
    --decorate=?
    --no-decorate
    --format= --pretty=?
    --abbrev-commit
    --reverse
    --merges
    --no-merges
    --first-parent
    --color=?
    --no-color
    --raw
    --binary
    --full-diff
    --ext-diff
    --no-ext-diff
    --textconv
    --no-textconv
    -q --quiet
    -z
    """


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
    -t -> track
    --track=?
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
    -t -> track
    --track=?
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
    -t -> track
    --track=?
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
    --deepen=
    --shallow-since=
    --shallow-exclude=
    --update-shallow
    -j= --jobs=
    -o= --server-option=
    --negotiation-tip=
    --upload-pack=
    -a --append
    -k --keep
    --dry-run
    -4 --ipv4
    -6 --ipv6
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
    -o= --server-option=
    --negotiation-tip=
    --negotiate-only
    --filter=
    --refetch
    --submodule-prefix=
    --recurse-submodules-default=
    --no-recurse-submodules
    -k --keep
    --prefetch
    --stdin
    --show-forced-updates
    --no-show-forced-updates
    --auto-maintenance --auto-gc
    --no-auto-maintenance --no-auto-gc
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
    --all
    --append
    --regexp
    --url=
    --show-names
    --no-show-names
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
    symbolic_ref="-q --quiet; -d --delete; -m=; --short; --recurse; --no-recurse",
    replace="-f --force; -d --delete; -l --list; --edit; --graft; --convert-graft-file; --format=; --raw",
    # R4.10: the history and diff readers' options with more than one spelling (revision.c, diff.c).
    log=_GIT_HISTORY,
    show=_GIT_HISTORY,
    whatchanged=_GIT_HISTORY,
    diff=_GIT_HISTORY + "\n--cached --staged\n--no-index",
    format_patch=_GIT_HISTORY + "\n-o= --output-directory=\n--stdout",
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


# red team (R4.10): `git send-pack` is the plumbing `git push` runs -- `git send-pack --force origin main` force-pushes
# as `git push --force origin main` does (git's documentation; no short `-f`), and `+ref` forces that ref.
_GIT_SUBS["send-pack"] = Program(
    "send-pack",
    """
    --force
    --force-with-lease=? -> force-with-lease force
    --force-if-includes
    --all
    --mirror
    --dry-run
    --verbose
    --quiet
    --thin
    --atomic
    --signed=?
    --push-option=
    --receive-pack= --exec=
    --stdin
    --helper-status
    --stateless-rpc
    """,
    abbrev=True,
)
_GIT_SUBS["send-pack"].operand_keys = _git_push_operand


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
# R4.10: `git stash clear` drops every entry -- a deny of `git stash drop` refuses it; a deny of `clear` (drop
# with `all`) still lets one `drop` through.
_STASH.implies = {"clear": ("drop", ("all",))}


# R4.10: pathspecs that name the whole work tree from its top -- `:/`, `:(top)`, `:/.`, `./` -- read as `.`
# (where the command runs at the top they are the same; elsewhere they name more: deny matches more).
_TOP_PATHSPECS = frozenset({":/", ":/.", ":/./", ":(top)", ":(top).", ":(top)./", "./", "./."})
_PATHSPEC_COMMANDS = frozenset({"checkout", "restore", "rm", "add", "clean", "reset", "stash"})


# R4.10: the plumbing that does a porcelain's act -- `git update-ref -d refs/heads/x` is `git branch -D x`,
# `git update-ref refs/heads/x <commit>` is `git branch -f x <commit>`, and likewise for refs/tags/ and `git
# tag`: also read as the porcelain, so a deny of `git branch -D` or `git tag -d` refuses it.
_REF_PORCELAIN = (("refs/heads/", "branch"), ("refs/tags/", "tag"))


def _ref_update(r: Reading) -> tuple[Reading, ...]:
    ref = r.operands[0] if r.operands else ""
    for prefix, porcelain in _REF_PORCELAIN:
        if ref.startswith(prefix) and len(ref) > len(prefix):
            name = ref[len(prefix) :]
            if "d" in r.keys:
                keys = frozenset({"delete", "force"} if porcelain == "branch" else {"delete"})
                return (r, Reading(("git", porcelain), keys, (name,)))
            return (r, Reading(("git", porcelain), frozenset({"force"}), (name, *r.operands[1:2])))
    return (r,)


# R4.10: `git pull --rebase` rebases (as does `-c pull.rebase=true pull`): also read as `git rebase`, so a deny of
# it refuses the pull that does it -- `=interactive` as `-i`, `=merges` as `--rebase-merges`. `=false` (or
# `--no-rebase` alone) merges.
_PULL_REBASES = {
    "true": (),
    "interactive": ("interactive",),
    "i": ("interactive",),
    "merges": ("rebase-merges",),
}


def _pull_rebase(r: Reading) -> tuple[Reading, ...]:
    ways: list[tuple[str, ...]] = []
    valued = False  # `--rebase=false` also holds the bare key `rebase`: its value decides
    for k in r.keys:
        if k.startswith(("rebase=", "c=pull.rebase=")):
            valued = valued or k[0] == "r"
            way = _PULL_REBASES.get(k.rpartition("=")[2].lower())
            if way is not None:
                ways.append(way)
    if "rebase" in r.keys and not valued:
        ways.append(())
    if not ways:
        return (r,)
    return (r, *(Reading(("git", "rebase"), frozenset(way), ()) for way in dict.fromkeys(ways)))


def pull_merges(r: Reading) -> bool:
    """Whether a `git pull` reading merges what it fetched (no rebase asked for: _pull_rebase)."""
    return len(_pull_rebase(r)) == 1


# R4.10: a push refspec names the branch it updates however written -- `HEAD:main`, `feat:main`, `+main`,
# `refs/heads/main`, `main:refs/heads/main` -- so `git push origin main` is also read with each refspec as the
# branch it updates (`+` forces): a deny of `git push origin main` refuses `git push origin HEAD:main`.
def _push_refspecs(r: Reading) -> tuple[Reading, ...]:
    ops = r.operands
    if len(ops) < 2 or not any(w[:1] == "+" or ":" in w or w.startswith("refs/") for w in ops[1:]):
        return (r,)
    keys = r.keys
    names: list[str] = []
    for w in ops[1:]:
        if w[:1] == "+":
            keys, w = keys | {"force"}, w[1:]
        dst = w.rpartition(":")[2] or w  # (`:x` deletes x; `x:` is x)
        names.append(dst[11:] if dst.startswith("refs/heads/") else dst)
    return (r, Reading(r.path, keys, (ops[0], *names)))


def _send_pack(r: Reading) -> tuple[Reading, ...]:
    return (r, *_push_refspecs(Reading(("git", "push"), r.keys, r.operands)))


_ALSO_READ = {"update-ref": _ref_update, "pull": _pull_rebase, "send-pack": _send_pack}


# R4.10, red team: settings given with `git -c` that do an option's act -- `clean.requireForce=false` lets `git
# clean` delete without `-f` (so it is `git clean -f`), a push refspec with `+` (`remote.origin.push=+refs/...`)
# force-pushes what a bare `git push` sends, `remote.<name>.mirror=true` pushes as `--mirror` does. git reads a
# setting's section and key in any case, and `false`, `no`, `off`, `0` and the empty value as false.
_GIT_FALSE = frozenset({"false", "no", "off", "0", ""})


def _set_by_config(sub: str, keys: frozenset[str]) -> tuple[str, ...]:
    """The option keys the `-c` settings among ``keys`` give ``git <sub>``."""
    found: list[str] = []
    for k in keys:
        if k[:2] != "c=":
            continue
        name, eq, value = k[2:].partition("=")
        name = name.lower()
        if sub == "clean" and name == "clean.requireforce" and eq and value.lower() in _GIT_FALSE:
            found.append("force")
        elif sub == "push" and name[:7] == "remote.":
            if name.endswith(".push") and value[:1] == "+":
                found.append("force")
            elif name.endswith(".mirror") and (not eq or value.lower() not in _GIT_FALSE):
                found += ("mirror", "force")
    return tuple(found)


def _git_rewrite(r: Reading) -> tuple[Reading, ...]:
    path = r.path
    if len(path) < 2:
        return (r,)
    if path[1] in ("clean", "push"):
        extra = _set_by_config(path[1], r.keys)
        if extra:
            r = Reading(path, r.keys | frozenset(extra), r.operands)
        if path[1] == "push" and len(path) == 2:
            return _push_refspecs(r)
    if path[1] not in _PATHSPEC_COMMANDS:
        also = _ALSO_READ.get(path[1])
        return also(r) if also is not None and len(path) == 2 else (r,)
    if not _TOP_PATHSPECS.intersection(r.operands):
        return (r,)
    return (Reading(r.path, r.keys, tuple("." if w in _TOP_PATHSPECS else w for w in r.operands)),)


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


GIT.rewrite = _git_rewrite
# (the rewrite reads another path, or other operands, only for these commands; the settings' keys aside)
mark_as_written(GIT, _PATHSPEC_COMMANDS | frozenset(_ALSO_READ) | {"push"})


for _porcelain in ("branch", "tag"):
    GIT.subcommands[_porcelain].rewritten_from = ("update-ref",)
GIT.subcommands["rebase"].rewritten_from = ("pull",)
GIT.subcommands["push"].rewritten_from = ("send-pack",)
# git's parse-options reads `--no-X` as X off for every flag it does not forbid it on.
for _git_level in _GIT_SUBS.values():
    _git_level.negates = True
