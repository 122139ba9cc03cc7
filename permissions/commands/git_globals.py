"""git's global options (git.c handle_options), before its subcommand: which take a value, which take none,
which run a program, and where the subcommand is (:func:`_git_subcommand`). Read by :mod:`permissions.commands.git`
and :mod:`permissions.commands.git_branches`.
"""

from __future__ import annotations

# git's global options (git.c handle_options: exact words, no abbreviations, no clusters). These take the
# next word as their value (`git -C dir`, `git -c k=v`); `--opt=value` is one word.
GIT_GLOBAL_VALUE_OPTS = frozenset(
    {"-C", "-c", "--git-dir", "--work-tree", "--namespace", "--super-prefix", "--config-env", "--attr-source"}
)


# ... and these take none. Anything else before the subcommand has no certain arity.
GIT_GLOBAL_FLAGS = frozenset(
    {
        "-p",
        "--paginate",
        "-P",
        "--no-pager",
        "--bare",
        "--no-replace-objects",
        "--no-lazy-fetch",
        "--no-advice",
        "--literal-pathspecs",
        "--glob-pathspecs",
        "--noglob-pathspecs",
        "--icase-pathspecs",
        "--no-optional-locks",
        "--html-path",
        "--man-path",
        "--info-path",
        "-v",
        "--version",
        "-h",
        "--help",
    }
)


# git global options (before the subcommand) that set config or the helper path: config can name programs.
_GIT_RUNNING_GLOBALS = frozenset({"-c", "--config-env", "--exec-path"})


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
