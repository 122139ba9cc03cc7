"""R4.10: the programs that leave a place's content at another path -- a copy, a move, a link, a clone -- and
which of their words name the originals and which the new place.

A rule that prints a place (a deny of `cat secrets/prod.key`) is met by the same file read through the name a
copy gave it earlier in the command: `mv secrets/prod.key k && cat k`, `ln -s secrets s && cat s/prod.key`, `cp
-r . /tmp/p && cat /tmp/p/secrets/prod.key` (permissions.decide._paths_spelt reads the later path as the
original's). Each program's options are read by its table (permissions.commands.option_reader), so an option's
value is never taken for an original; an option a table does not list is read both ways (more originals: the
safe side).
"""

from __future__ import annotations

from dataclasses import dataclass

from permissions.commands.option_reader import Program
from permissions.commands.option_tables import RSYNC, SCP
from permissions.commands.option_tables_files import CP, LN, MV, TAR, UNZIP, tar_words
from permissions.commands.options import read_by
from permissions.commands.uploads import _remote_place

__all__ = [
    "AS",
    "COPIERS",
    "EITHER",
    "HERE",
    "INTO",
    "ON_THE_NAME",
    "PARENTS",
    "REPOSITORY",
    "Copy",
    "copies_in",
]

# Where the originals land under the new name's place (``to``).
AS = "as"  # `to` is the copy itself (`cp -T a b`, `git clone a b`, `rsync a/ b`)
INTO = "into"  # each original goes inside `to` under its own name (`cp a b dir/`, `cp -t dir a`)
EITHER = "either"  # one or the other, as `to` exists or not when it runs (`cp -r a b`)
PARENTS = "parents"  # each original's path as written, inside `to` (`cp --parents a/b dir`)

# An original that is the whole repository the command runs in (`git worktree add`, `git clone .`): the folder
# the segment runs in and the project's root (it may run in a subfolder).
REPOSITORY = "\x00repository"

# The words that name the folder the command runs in (as a copy's original or its new place).
HERE = frozenset({".", "./", "$PWD", "${PWD}", "$(pwd)", "`pwd`"})


@dataclass(frozen=True, slots=True)
class Copy:
    """What one segment leaves: ``originals`` (words as written) at ``to`` (a word), the ``shape`` they land in;
    ``link``: a symbolic link, whose relative original is read from the link's own folder (and from where the
    command runs, which is the same folder for the common `ln -s a b`). What is done to a copy's name other than
    reading or running it leaves the original alone (`cp -r data /tmp/d && rm -rf /tmp/d`): ON_THE_NAME."""

    originals: tuple[str, ...]
    to: str
    shape: str
    link: bool = False
    same: bool = False  # a move or a link (hard or symbolic): the new name is the original, not a copy of it


# install(1): a copy unless `-d` (which makes folders).
_INSTALL = Program(
    "install",
    """
    -d --directory
    -D
    -t= --target-directory=
    -T --no-target-directory
    -m= --mode=
    -o= --owner=
    -g= --group=
    -S= --suffix=
    -b
    --backup=?
    -C --compare
    -c
    -p --preserve-timestamps
    -s --strip
    --strip-program=
    -v --verbose
    -Z
    --context=?
    """,
    abbrev=True,
)

# macOS's ditto: `ditto SRC... DST` copies each source's contents into DST.
_DITTO = Program(
    "ditto",
    """
    -V -v -X -c -x -k -z -j
    --rsrc --norsrc --extattr --noextattr --qtn --noqtn --acl --noacl --keepParent --sequesterRsrc --nocache
    --hfsCompression --nohfsCompression --preserveHFSCompression --nopreserveHFSCompression --zlibCompressionLevel=
    --arch= --bom= --password
    """,
)

# git clone: the repository's files (tracked ones, `.env` too when committed) at its new folder.
_CLONE = Program(
    "clone",
    """
    -b= --branch=
    -o= --origin=
    -c= --config=
    -u= --upload-pack=
    -j= --jobs=
    --depth=
    --reference=
    --reference-if-able=
    --separate-git-dir=
    --template=
    --filter=
    --shallow-since=
    --shallow-exclude=
    --bundle-uri=
    --server-option=
    --recurse-submodules=?
    -l --local
    -s --shared
    -n --no-checkout
    -q --quiet
    -v --verbose
    --bare
    --mirror
    --no-hardlinks
    --single-branch
    --no-single-branch
    --sparse
    --no-tags
    --dissociate
    --progress
    --remote-submodules
    """,
    abbrev=True,
)

# git worktree add PATH [COMMIT]: the repository's files at PATH.
_WORKTREE_ADD = Program(
    "add",
    "-f --force; --detach; --checkout; --no-checkout; --lock; --reason=; -b=; -B=; --orphan; -q --quiet; --track;"
    " --no-track; --guess-remote; --no-guess-remote".replace("; ", "\n"),
    abbrev=True,
)

# The programs whose act on a path changes that name's file, not what it holds elsewhere: a copy's name given to
# them is not the original's (deleters, movers, copiers, mode and owner changers). Any other program given a copy
# reads or runs what the original holds.
ON_THE_NAME = frozenset(
    "rm rmdir unlink shred srm wipe trash trash-put rimraf del-cli gio rip rmtrash gvfs-trash chmod chown chgrp"
    " chattr chflags touch truncate setfacl xattr".split()
)

# Archivers: an archive made of places holds them as its members, under their paths as written (`tar czf a.tgz .`,
# `zip -r a.zip secrets`), and extracting it puts them back under a folder (`tar xzf a.tgz -C /tmp/o`, `unzip a.zip -d
# o`): read as a copy into the archive's path as if it were a folder, then a copy of that folder
# (`tar czf /tmp/a.tgz . && tar xzf /tmp/a.tgz -C /tmp/o && cat /tmp/o/.env`). An archive written to or read from
# the standard streams (`-f -`) is left out: the pipeline is read elsewhere.
_TARS = frozenset({"tar", "gtar", "bsdtar"})
_ZIP_VALUED = frozenset(
    {"-b", "-P", "-t", "-tt", "-n", "-Z", "-O", "-s", "--out", "--password", "--temp-path"}
)
_ZIP_LISTS = frozenset({"-x", "-i", "--exclude", "--include"})  # (each takes the words up to the next option)
_PY_ARCHIVES = frozenset({"zipfile", "tarfile"})  # `python3 -m zipfile -c a.zip src`, `-e a.zip dir`

# The programs read here, by the word that runs them (a view's first word).
COPIERS = frozenset(
    {
        "cp",
        "gcp",
        "mv",
        "gmv",
        "ln",
        "gln",
        "install",
        "ginstall",
        "rsync",
        "scp",
        "ditto",
        "git",
        "zip",
        "unzip",
    }
    | {"7z", "7za", "7zz"}
    | _TARS
    | _PY_ARCHIVES
)
_TABLES = {
    "cp": CP,
    "gcp": CP,
    "mv": MV,
    "gmv": MV,
    "ln": LN,
    "gln": LN,
    "install": _INSTALL,
    "ginstall": _INSTALL,
    "rsync": RSYNC,
    "scp": SCP,
    "ditto": _DITTO,
}


def copies_in(view: tuple[str, ...]) -> list[Copy]:
    """Every reading of what ``view`` copies, moves or links (a table's reading of an unknown option gives two);
    [] for a view that does none of that."""
    name = view[0].rpartition("/")[2] if view else ""
    if name == "git":
        return _git(view)
    if name in _ARCHIVERS:
        return [c for c in _ARCHIVERS[name](view[1:]) if "-" not in (c.to, *c.originals)]
    table = _TABLES.get(name)
    if table is None:
        return []
    out: list[Copy] = []
    for reading in read_by(table, view[1:]):
        found = _copy(name, reading.keys, reading.operands)
        if found is not None:
            out.append(found)
    return out


def _copy(name: str, keys: frozenset[str], operands: tuple[str, ...]) -> Copy | None:
    if name in ("install", "ginstall") and "directory" in keys:
        return None
    target = next((k.partition("=")[2] for k in keys if k.startswith("target-directory=")), None)
    local = tuple(w for w in operands if not _remote_place(w)) if name in ("rsync", "scp") else operands
    link = name.endswith("ln") and "symbolic" in keys or "symbolic-link" in keys
    same = name.endswith(("ln", "mv")) or bool(keys & _SAME_KEYS)
    if target is not None:
        return Copy(local, target, INTO, link, same) if local else None
    if not local:
        return None
    if len(local) == 1:
        if name.endswith("ln"):  # `ln -s /a/b`: the link `b` where the command runs
            return Copy(local, ".", INTO, link, same)
        return None
    originals, to = local[:-1], local[-1]
    if len(local) != len(operands):  # a remote word among them: the last local one is no new place
        return None
    if "parents" in keys:
        shape = PARENTS
    elif "no-target-directory" in keys or name == "ditto":
        shape = AS
    elif len(originals) > 1:
        shape = INTO
    else:
        shape = EITHER
    return Copy(originals, to, shape, link, same)


# cp's links instead of copies, rsync's moves.
_SAME_KEYS = frozenset({"link", "symbolic-link", "remove-source-files", "remove-sent-files"})


def _git(view: tuple[str, ...]) -> list[Copy]:
    """`git clone SRC [DEST]` of a local repository, `git worktree add PATH`: the repository's files there."""
    words = view[1:]
    k = 0
    while (
        k < len(words) and words[k][:1] == "-"
    ):  # git's own options (`-C dir`, `-c k=v`): the two that take one
        k += 2 if words[k] in ("-C", "-c") else 1
    rest = words[k:]
    if rest[:1] == ("clone",):
        out = []
        for reading in read_by(_CLONE, rest[1:]):
            ops = reading.operands
            source = ops[0].removeprefix("file://") if ops else ""
            if not source or "://" in source or _remote_place(source):
                continue
            to = ops[1] if len(ops) > 1 else source.rstrip("/").rpartition("/")[2].removesuffix(".git")
            out.append(Copy((REPOSITORY if source in HERE else source,), to or ".", AS))
        return out
    if rest[:2] == ("worktree", "add"):
        return [
            Copy((REPOSITORY,), r.operands[0], AS) for r in read_by(_WORKTREE_ADD, rest[2:]) if r.operands
        ]
    return []


def _tar(args: tuple[str, ...]) -> list[Copy]:
    out: list[Copy] = []
    for r in read_by(TAR, tar_words(args)):
        archive = next((k[5:] for k in r.keys if k.startswith("file=")), None)
        if archive is None:
            continue
        if "create" in r.keys and r.operands:
            out.append(Copy(r.operands, archive, PARENTS))
        elif "extract" in r.keys:
            folder = next((k[10:] for k in r.keys if k.startswith("directory=")), ".")
            out.append(Copy((archive,), folder, AS))
    return out


def _zip(args: tuple[str, ...]) -> list[Copy]:
    operands: list[str] = []
    k, listing = 0, False
    while k < len(args):
        w = args[k]
        k += 1
        if w[:1] == "-" and len(w) > 1:
            listing = w in _ZIP_LISTS
            k += w in _ZIP_VALUED
        elif not listing:
            operands.append(w)
    return [Copy(tuple(operands[1:]), operands[0], PARENTS)] if len(operands) > 1 else []


def _unzip(args: tuple[str, ...]) -> list[Copy]:
    out: list[Copy] = []
    for r in read_by(UNZIP, args):
        if r.operands and r.keys.isdisjoint(("pipe", "list", "test", "zipinfo")):
            folder = next((k[6:] for k in r.keys if k.startswith("exdir=")), ".")
            out.append(Copy((r.operands[0],), folder, AS))
    return out


def _seven_zip(args: tuple[str, ...]) -> list[Copy]:
    """`7z a A SRC...`, `7z x A -oDIR` (its switches start with `-`, a value glued on)."""
    command = args[0] if args else ""
    operands = [w for w in args[1:] if w[:1] != "-"]
    if command in ("a", "u") and len(operands) > 1:
        return [Copy(tuple(operands[1:]), operands[0], PARENTS)]
    if command in ("x", "e") and operands:
        folder = next((w[2:] for w in args if w.startswith("-o") and len(w) > 2), ".")
        return [Copy((operands[0],), folder, AS)]
    return []


def _python_archive(args: tuple[str, ...]) -> list[Copy]:
    """`python3 -m zipfile -c A SRC...`, `-e A DIR` (tarfile the same)."""
    if len(args) > 2 and args[0] in ("-c", "--create"):
        return [Copy(args[2:], args[1], PARENTS)]
    if len(args) > 2 and args[0] in ("-e", "--extract"):
        return [Copy((args[1],), args[2], AS)]
    return []


_ARCHIVERS = {
    **dict.fromkeys(_TARS, _tar),
    "zip": _zip,
    "unzip": _unzip,
    **dict.fromkeys(("7z", "7za", "7zz"), _seven_zip),
    **dict.fromkeys(_PY_ARCHIVES, _python_archive),
}
