"""R4.10, red team: the folders a program reads every file of and prints what they hold -- a recursive search
(`grep -r KEY secrets`, `rg KEY secrets`, `git grep KEY -- secrets`) and an archive written to the output (`tar cf -
secrets`, `zip -r - secrets`, `7z a -so x.7z secrets`).

Under a deny of `cat secrets/prod.json` (or of `cat secrets/*`), each of these printed the file and was
auto-approved: the rule names the file, the command only the folder it lies in. :func:`folders_read` gives the
folders such a view reads everything below; permissions.decide asks for the places a rule names below them. Not a
search printing names or counts only (`grep -rl`, `rg -c`, `rg --files`), nor an archive written to a file (a
copy: it prints nothing).
"""

from __future__ import annotations

from permissions.commands.option_tables_files import TAR_NAMES

__all__ = ["GIT_STORE", "RECURSIVE_READERS", "folders_read"]

_GREPS = frozenset({"grep", "egrep", "fgrep", "ggrep", "zgrep"})
# searchers that descend into a folder they are given without being asked
_ALWAYS = frozenset({"rg", "ag", "ack", "ack-grep", "pt", "sift"})
_ARCHIVERS = TAR_NAMES | frozenset({"zip", "7z", "7za", "7zz"})
RECURSIVE_READERS = _GREPS | _ALWAYS | _ARCHIVERS | frozenset({"git"})
# red team: what git stores -- its index and its commits, where `git add -f .env` copies a file
# (permissions.commands.copies) -- read whole by the subcommands that print stored content: `git add -f .env &&
# git diff --cached` printed the file under a deny of `cat .env`.
GIT_STORE = ".git/objects"
_GIT_PRINTERS = frozenset(
    {
        "diff",
        "show",
        "log",
        "whatchanged",
        "format-patch",
        "stash",
        "cat-file",
        "range-diff",
        "fast-export",
        "blame",
        "annotate",
        "request-pull",
        "difftool",
    }
)
# git's own options that take the next word (`git -C dir diff`)
_GIT_VALUED = frozenset(
    {"-C", "-c", "--git-dir", "--work-tree", "--namespace", "--exec-path", "--config-env"}
)

# a searcher's options that print names or counts, not what a file holds
_NAMES_ONLY = frozenset(
    {
        "--files-with-matches",
        "--files-without-match",
        "--count",
        "--count-matches",
        "--quiet",
        "--files",
        "--name-only",
        "--silent",
    }
)
_NAMES_LETTERS = frozenset("lLcq")
# a searcher's options giving the pattern (then every operand is a place), and those taking the next word
_PATTERN_GIVEN = frozenset({"-e", "-f", "--regexp", "--file"})
_VALUED = frozenset(
    {
        "-e",
        "-f",
        "--regexp",
        "--file",
        "-m",
        "--max-count",
        "-A",
        "-B",
        "-C",
        "-g",
        "--glob",
        "-t",
        "-T",
        "--type",
        "--include",
        "--exclude",
        "--exclude-dir",
        "-d",
        "--directories",
        "-j",
        "--threads",
        "-M",
        "--max-columns",
    }
)
_GREP_RECURSION = frozenset({"--recursive", "--dereference-recursive", "--directories=recurse"})


def _searched(words: tuple[str, ...], always: bool) -> list[str]:
    """The folders a searcher's words (past its name) search, when it descends into them and prints lines."""
    recursive = always
    given = False
    operands: list[str] = []
    k = 0
    while k < len(words):
        w = words[k]
        if w == "--":
            operands += words[k + 1 :]
            break
        if w[:1] == "-" and len(w) > 1:
            name = w.partition("=")[0]
            if name in _NAMES_ONLY or (w[1:2] != "-" and not _NAMES_LETTERS.isdisjoint(w[1:])):
                return []  # names or counts only
            recursive = recursive or w in _GREP_RECURSION or (w[1:2] != "-" and ("r" in w or "R" in w))
            recursive = recursive or (w in ("-d", "--directories") and words[k + 1 : k + 2] == ("recurse",))
            given = given or name in _PATTERN_GIVEN or (w[1:2] != "-" and w[1:2] in ("e", "f"))
            k += 2 if w in _VALUED else 1
            continue
        operands.append(w)
        k += 1
    if not recursive:
        return []
    # (with no folder, the one it runs in: `cd secrets && rg KEY` -- the command's own starting folder is
    # permissions.decide's to leave out)
    return (operands if given else operands[1:]) or ["."]


def _archived(words: tuple[str, ...], verb: str) -> list[str]:
    """The members an archiver writes to its output (`tar cf - x`, `tar -c x`, `zip -r - x`, `7z a -so a.7z x`)."""
    plain = [w for w in words if w[:1] != "-" or w == "-"]
    if verb == "zip":
        return plain[1:] if plain[:1] == ["-"] and ("-r" in words or "--recurse-paths" in words) else []
    if verb.startswith("7z"):
        return plain[2:] if plain[:1] == ["a"] and "-so" in words else []
    first = words[0] if words else ""
    letters = first.lstrip("-") if first[:2] != "--" else ""
    if "c" not in letters and "--create" not in words:
        return []
    if "f" in letters or "--file" in words or any(w.startswith("--file=") for w in words):
        to_output = "-" in words or "--file=-" in words
        if not to_output:
            return []  # an archive written to a file: a copy
    return [w for w in plain if w != "-" and w != first]


def _git_store(view: tuple[str, ...]) -> list[str]:
    """[GIT_STORE] for a git view whose subcommand prints what git stores (see above)."""
    k = 1
    while k < len(view) and view[k][:1] == "-":
        k += 2 if view[k] in _GIT_VALUED else 1
    return [GIT_STORE] if k < len(view) and (view[k] in _GIT_PRINTERS or view[k] == "grep") else []


def folders_read(view: tuple[str, ...]) -> list[str]:
    """The operands of ``view`` whose every file it reads and prints (see above); [] for any other view."""
    if not view:
        return []
    verb = view[0]
    if verb in _GREPS or verb in _ALWAYS:
        return _searched(view[1:], verb in _ALWAYS)
    if verb == "git":
        at = next((k for k, w in enumerate(view) if w == "grep"), 0)
        return [*(_searched(view[at + 1 :], True) if at else []), *_git_store(view)]
    if verb in _ARCHIVERS:
        return _archived(view[1:], verb)
    return []
