"""R4.10: the programs that leave a place's content at another path -- a copy, a move, a link, a clone -- and
which of their words name the originals and which the new place.

A rule that prints a place (a deny of `cat secrets/prod.key`) is met by the same file read through the name a
copy gave it earlier in the command: `mv secrets/prod.key k && cat k`, `ln -s secrets s && cat s/prod.key`, `cp
-r . /tmp/p && cat /tmp/p/secrets/prod.key` (permissions.decide._paths_spelt reads the later path as the
original's). So do cpio's and pax's copy modes, jar, `git archive` and `git bundle`, and an archive streamed
through a pipe (`tar cf - . | tar xf - -C /tmp/o`: STREAM). Each program's options are read by its table
(permissions.commands.option_reader), so an option's value is never taken for an original; an option a table does
not list is read both ways (more originals: the safe side).
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass

from permissions.commands.option_reader import Program
from permissions.commands.option_tables import RSYNC, SCP
from permissions.commands.option_tables_files import CP, LN, MV, TAR, TAR_NAMES, UNZIP, tar_words
from permissions.commands.options import read_by
from permissions.commands.recursive_reads import GIT_STORE
from permissions.commands.uploads import _remote_place

__all__ = [
    "AS",
    "CLIPBOARD",
    "CLIPBOARD_READERS",
    "COPIERS",
    "EITHER",
    "HERE",
    "INTO",
    "ON_THE_NAME",
    "PARENTS",
    "REPOSITORY",
    "STREAM",
    "Copy",
    "copies_in",
    "prints_clipboard",
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

# macOS's ditto: `ditto SRC... DST` copies each source's contents into DST; `--keepParent` (with `-c`) keeps the
# source's own folder in the archive (`ditto -c -k --keepParent secrets a.zip`: `secrets/prod.key` in it).
_DITTO = Program(
    "ditto",
    """
    -V
    -v
    -X
    -c
    -x
    -k
    -z
    -j
    --keepParent
    --rsrc
    --norsrc
    --extattr
    --noextattr
    --qtn
    --noqtn
    --acl
    --noacl
    --sequesterRsrc
    --nocache
    --hfsCompression
    --nohfsCompression
    --preserveHFSCompression
    --nopreserveHFSCompression
    --zlibCompressionLevel=
    --arch=
    --bom=
    --password
    """,
)

# cpio's pass-through mode (`find . | cpio -pdm DIR`): the names it reads from its input, as written, copied
# under DIR. The list is the pipeline's: read as every place below the folder it runs in.
_CPIO = Program(
    "cpio",
    """
    -p --pass-through
    -o --create
    -i --extract
    -d --make-directories
    -m --preserve-modification-time
    -u --unconditional
    -v --verbose
    -V --dot
    -l --link
    -L --dereference
    -a --reset-access-time
    -0 --null
    -R= --owner=
    -E= --pattern-file=
    -F= --file=
    -O=
    -I=
    -H= --format=
    -D= --directory=
    -B
    -C= --io-size=
    --block-size=
    --no-preserve-owner
    --sparse
    --quiet
    """,
)

# pax's copy mode (`pax -rw SRC... DIR`): each source under DIR by its path as written.
_PAX = Program(
    "pax",
    """
    -r
    -w
    -a
    -c
    -d
    -i
    -k
    -l
    -n
    -t
    -u
    -v
    -X
    -H
    -L
    -P
    -O
    -0
    -b=
    -f=
    -o=
    -p=
    -s=
    -x=
    -T=
    -G=
    -U=
    -B=
    -D=
    -E=
    -Y=
    -Z=
    """,
)

# `git archive` (the repository's tree as an archive, at `-o FILE` or on the standard output) and `git bundle
# create FILE` (a repository a later `git clone FILE` checks out).
_GIT_ARCHIVE = Program(
    "archive",
    """
    -o= --output=
    --format=
    --prefix=
    --remote=
    --exec=
    --add-file=
    --add-virtual-file=
    --mtime=
    --worktree-attributes
    -l --list
    -v --verbose
    -0
    -1
    -2
    -3
    -4
    -5
    -6
    -7
    -8
    -9
    """,
    abbrev=True,
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
# the standard streams (`-f -`, `tar cf - . | tar xf - -C /tmp/o`) is read as one place, STREAM: what one writes
# there another reads (the pipe between them).
_TARS = TAR_NAMES
_ZIP_VALUED = frozenset(
    {"-b", "-P", "-t", "-tt", "-n", "-Z", "-O", "-s", "--out", "--password", "--temp-path"}
)
_ZIP_LISTS = frozenset({"-x", "-i", "--exclude", "--include"})  # (each takes the words up to the next option)
STREAM = "/dev/stdout"
_PY_ARCHIVES = frozenset({"zipfile", "tarfile"})  # `python3 -m zipfile -c a.zip src`, `-e a.zip dir`

# The npm packages that copy (`npx cpy-cli SRC... DEST`, `copyfiles`, `ncp`, `cpx`): the last operand the new
# place; each keeps the sources' paths or not by its options (`--flat`, `-u N`): read both ways.
_NODE_COPIERS = frozenset({"cpy", "cpy-cli", "copyfiles", "copyup", "ncp", "cpx", "cpx2"})
_NODE_VALUED = frozenset(
    {"-u", "--up", "-e", "--exclude", "-t", "--transform", "--cwd", "--rename", "--ignore", "--concurrency"}
)

# Compressors (session 26): `gzip -k F` leaves F.gz, `gzip -c F` writes it to the standard output (a redirection
# makes it a file: decide._redirected), `gzip F` replaces F by F.gz, `gunzip -c F.gz` writes F; what each leaves
# holds F's content (read back by zcat, permissions.matching._PRINTS_PLACES). By the word that runs them: the
# suffix each writes, and whether it decompresses by its name.
_COMPRESSORS = {
    "gzip": (".gz", False),
    "pigz": (".gz", False),
    "gunzip": (".gz", True),
    "unpigz": (".gz", True),
    "bzip2": (".bz2", False),
    "bunzip2": (".bz2", True),
    "xz": (".xz", False),
    "unxz": (".xz", True),
    "lzma": (".lzma", False),
    "zstd": (".zst", False),
    "unzstd": (".zst", True),
    "lz4": (".lz4", False),
    "brotli": (".br", False),
}
_COMPRESSOR_VALUED = frozenset(
    {"-S", "--suffix", "-o", "--output", "-b", "-T", "--threads", "-p", "--processes"}
)


# red team: gpg's encrypting, signing and storing commands leave each file's content at FILE.gpg (FILE.asc armored,
# or `-o`'s value): `gpg -c --batch --passphrase x .env && gpg -d … .env.gpg` printed it (gpg -d is a printer).
_GPG_WRITES = frozenset("ces") | {
    "symmetric",
    "encrypt",
    "sign",
    "store",
    "clearsign",
    "clear-sign",
    "detach-sign",
}
_GPG_VALUED = frozenset(
    {
        "-o",
        "--output",
        "-r",
        "--recipient",
        "-u",
        "--local-user",
        "--passphrase",
        "--passphrase-file",
        "--homedir",
    }
    | {"--cipher-algo", "--compress-algo", "--digest-algo", "-z", "--trust-model", "--pinentry-mode", "-R"}
)


def _gpg(args: tuple[str, ...]) -> list[Copy]:
    """What gpg leaves of the files it encrypts, signs or stores (_GPG_WRITES), where it leaves it."""
    files: list[str] = []
    acts: set[str] = set()
    output: str | None = None
    k = 0
    while k < len(args):
        w = args[k]
        k += 1
        if w in _GPG_VALUED:
            output = args[k] if w in ("-o", "--output") and k < len(args) else output
            k += 1
        elif w[:2] == "--":
            name, eq, value = w[2:].partition("=")
            output = value if eq and name == "output" else output
            acts.add(name)
        elif w[:1] == "-" and len(w) > 1:
            acts.update(w[1:])
        else:
            files.append(w)
    if acts.isdisjoint(_GPG_WRITES):
        return []
    suffix = ".asc" if acts & {"a", "armor", "clearsign", "clear-sign"} else ".gpg"
    return [Copy((f,), STREAM if output == "-" else output or f + suffix, AS) for f in files]


# red team: the clipboard, a place the command may write and read back (`pbcopy < .env && pbpaste`, `xclip -sel c .env;
# xclip -o -sel c`): the programs that copy their input -- or, xclip and xsel, the files they are given -- there; its
# readers print it (permissions.matching._FILES_READ).
CLIPBOARD = "/\x00clipboard"
_TO_CLIPBOARD = frozenset({"pbcopy", "wl-copy", "clip", "clip.exe", "xclip", "xsel"})
# xclip's and xsel's options that print the clipboard instead, and those taking the next word
_CLIPBOARD_OUT = frozenset({"-o", "-out", "--output"})
_CLIPBOARD_VALUED = frozenset(
    {"-selection", "-sel", "-se", "-display", "-d", "-loops", "-l", "-target", "-t"}
)


CLIPBOARD_READERS = frozenset({"pbpaste", "wl-paste", "xclip", "xsel"})


def prints_clipboard(view: tuple[str, ...]) -> bool:
    """Whether ``view`` prints the clipboard (permissions.matching.content_reads: `pbcopy < .env && pbpaste`) --
    pbpaste, wl-paste; xclip's `-o`; xsel's `-o`, or no input letter (it prints the selection when its output is no
    terminal). (_clipped reads the same options the other way.)"""
    if view[0] in ("pbpaste", "wl-paste"):
        return True
    if view[0] == "xclip":
        return "-o" in view or "-out" in view
    letters = _xsel_letters(view[1:])
    return "o" in letters or "--output" in view or not ("i" in letters or "a" in letters or "--input" in view)


def _xsel_letters(args: tuple[str, ...]) -> str:
    return "".join(w[1:] for w in args if w[:1] == "-" and w[1:2] != "-")


def _clipped(name: str, args: tuple[str, ...]) -> list[Copy]:
    """What a clipboard writer leaves on the clipboard: its input, and xclip's files."""
    letters = _xsel_letters(args) if name == "xsel" else ""
    if _CLIPBOARD_OUT.intersection(args) or "o" in letters:
        return []  # (xsel with no letter takes its input when it is given one: `xsel -b < .env`)
    files: list[str] = []
    skip = False
    for w in args if name == "xclip" else ():
        if skip:
            skip = False
        elif w in _CLIPBOARD_VALUED:
            skip = True
        elif w[:1] != "-":
            files.append(w)
    return [Copy(tuple(files) or (STREAM,), CLIPBOARD, AS)]


def _compressed(name: str, args: tuple[str, ...]) -> list[Copy]:
    """What a compressor leaves of the files it is given (_COMPRESSORS)."""
    suffix, undo = _COMPRESSORS[name]
    files: list[str] = []
    flags = ""
    output: str | None = None
    k = 0
    while k < len(args):
        w = args[k]
        k += 1
        if w[:2] == "--":
            flags += {"--stdout": "c", "--to-stdout": "c", "--decompress": "d", "--uncompress": "d"}.get(
                w, ""
            )
        elif w[:1] == "-" and len(w) > 1:
            if w in _COMPRESSOR_VALUED and k < len(args):
                output = args[k] if w in ("-o", "--output") else output
                k += 1
            else:
                flags += w[1:]
        else:
            files.append(w)
    undo = undo or "d" in flags
    if not files:  # the standard input, to the standard output (`... | gunzip > k`)
        return [Copy((STREAM,), output or STREAM, AS)] if output else [Copy((STREAM,), STREAM, AS)]
    out: list[Copy] = []
    for f in files:
        to = STREAM if "c" in flags else output or (f.removesuffix(suffix) if undo else f + suffix)
        if to != f:
            out.append(Copy((f,), to, AS))
    return out


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
        "cpio",
        "pax",
        "jar",
        "link",
    }
    | _NODE_COPIERS
    | {"7z", "7za", "7zz"}
    | _TARS
    | _PY_ARCHIVES
    | _COMPRESSORS.keys()
    | {"gpg", "gpg2"}
    | _TO_CLIPBOARD
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
        return [_streamed(c) for c in _git(view)]
    if name in _NODE_COPIERS:
        return _node_copy(view[1:])
    if name == "link":  # `link FILE NEW`: a hard link
        return [Copy((view[1],), view[2], AS, same=True)] if len(view) == 3 and "-" not in view[1][:1] else []
    if name in _ARCHIVERS:
        return [_streamed(c) for c in _ARCHIVERS[name](view[1:])]
    if name in _COMPRESSORS:
        return _compressed(name, view[1:])
    if name in ("gpg", "gpg2"):
        return _gpg(view[1:])
    if name in _TO_CLIPBOARD:
        return _clipped(name, view[1:])
    table = _TABLES.get(name)
    if table is None:
        return []
    out: list[Copy] = []
    for reading in read_by(table, view[1:]):
        found = _copy(name, reading.keys, reading.operands)
        if found is not None:
            out.append(found)
    return out


def read_from_the_link(view: tuple[str, ...]) -> tuple[str, ...] | None:
    """`ln -s ORIGINAL... LINK`: ``view``'s words with each relative original as the path it is read from -- the
    link's own folder (`ln -s ../shared src/shared`: `src/../shared`; both folders when LINK may be a folder
    that exists), an original that may be read from two folders given twice. None unless every reading is a
    symbolic link made without `-r` (whose originals are read from where the command runs)."""
    name = view[0]
    if name not in ("ln", "gln"):
        return None
    words = list(view)
    for reading in read_by(LN, view[1:]):
        made = _copy(name, reading.keys, reading.operands)
        if made is None or not made.link or "relative" in reading.keys:
            return None
        to = made.to.rstrip("/") or "/"
        folders: tuple[str, ...] = (to,) if made.shape == INTO else (posixpath.dirname(to) or ".",)
        if made.shape == EITHER:
            folders += (to,)
        for original in made.originals:
            if original[:1] in ("/", "~") or original not in words:
                continue
            at = words.index(original)
            words[at] = f"{folders[0]}/{original}"
            words += [f"{f}/{original}" for f in folders[1:]]
    return tuple(words)


def _streamed(copy: Copy) -> Copy:
    """``copy`` with an archive written to or read from the standard streams (`-`) at STREAM."""
    if copy.to == "-" or copy.to.startswith("-/"):
        return Copy(copy.originals, STREAM + copy.to[1:], copy.shape)
    if "-" in copy.originals:
        return Copy(tuple(STREAM if w == "-" else w for w in copy.originals), copy.to, copy.shape)
    return copy


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
    elif (
        "relative" in keys and name == "rsync"
    ):  # `rsync -R secrets/prod.key /tmp/o`: /tmp/o/secrets/prod.key
        shape = PARENTS
    elif name == "ditto" and {"keepParent", "c"} <= keys:
        shape = INTO
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
    """`git clone SRC [DEST]` of a local repository, `git worktree add PATH`: the repository's files there; `git mv`,
    `git bundle create`, `git archive`; the files `git add` and its kin copy into git's store (_git_staged)."""
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
            source = _work_tree(ops[0].removeprefix("file://")) if ops else ""
            if not source or "://" in source or _remote_place(source):
                continue
            to = ops[1] if len(ops) > 1 else source.rstrip("/").rpartition("/")[2].removesuffix(".git")
            out.append(Copy((REPOSITORY if source in HERE else source,), to or ".", AS))
        return out
    if rest[:2] == ("worktree", "add"):
        return [
            Copy((REPOSITORY,), r.operands[0], AS) for r in read_by(_WORKTREE_ADD, rest[2:]) if r.operands
        ]
    if rest[:1] == ("mv",):  # `git mv SRC... DST`: moved as mv moves
        moved = [w for w in rest[1:] if w[:1] != "-"]
        if len(moved) < 2 or {"-n", "--dry-run"} & set(rest):
            return []
        return [Copy(tuple(moved[:-1]), moved[-1], INTO if len(moved) > 2 else EITHER, same=True)]
    if rest[:2] == ("bundle", "create") and len(rest) > 2:  # (its options take no value but `--version=`)
        bundle = next((w for w in rest[2:] if w[:1] != "-"), None)
        return [Copy((REPOSITORY,), bundle, AS)] if bundle else []
    if rest[:1] == ("archive",):
        return [c for r in read_by(_GIT_ARCHIVE, rest[1:]) for c in _git_archive(r.keys)]
    staged = _git_staged(rest)
    return [Copy(staged, GIT_STORE, INTO)] if staged else []


# red team: the subcommands that copy files into what git stores (its index, a stash), and the options of each that
# take the next word: `git add -f .env`, `git stash push -- .env`, `git update-index --add .env`, `git commit -- .env`.
_STAGERS: dict[tuple[str, ...], frozenset[str]] = {
    ("add",): frozenset({"--chmod", "--pathspec-from-file"}),
    ("stage",): frozenset({"--chmod", "--pathspec-from-file"}),
    ("update-index",): frozenset({"--cacheinfo", "--chmod", "--index-info"}),
    ("stash", "push"): frozenset({"-m", "--message", "--pathspec-from-file"}),
    ("stash", "save"): frozenset({"-m", "--message"}),
}


def _git_staged(rest: tuple[str, ...]) -> tuple[str, ...]:
    """The paths ``rest`` (git's subcommand and its words) copies into git's store (read loosely: each word that is
    not an option nor an option's value; after `--`, each word; `commit`'s only after `--`)."""
    if rest[:1] == ("commit",):
        return rest[rest.index("--") + 1 :] if "--" in rest else ()
    head = rest[:2] if rest[:2] in _STAGERS else rest[:1]
    valued = _STAGERS.get(head)
    if valued is None:
        return ()
    out: list[str] = []
    k = len(head)
    while k < len(rest):
        w = rest[k]
        k += 1
        if w == "--":
            out += rest[k:]
            break
        if w[:1] == "-":
            k += w in valued
        else:
            out.append(w)
    return tuple(out)


def _node_copy(args: tuple[str, ...]) -> list[Copy]:
    """`cpy SRC... DEST`, `copyfiles SRC... DEST`, `ncp SRC DEST`: into DEST, by the path as written or not."""
    ops: list[str] = []
    k = 0
    while k < len(args):
        w = args[k]
        k += 1
        if w[:1] == "-":
            k += w in _NODE_VALUED
        elif w[:1] != "!":  # (a glob left out: `'!src/x.png'`)
            ops.append(w)
    if len(ops) < 2:
        return []
    originals = tuple(ops[:-1])
    return [Copy(originals, ops[-1], PARENTS), Copy(originals, ops[-1], EITHER)]


def _work_tree(source: str) -> str:
    """A repository named by its `.git` folder (`git clone ./.git c`) as the folder holding it."""
    if source.rstrip("/") in (".git", "./.git"):
        return "."
    head, sep, tail = source.rstrip("/").rpartition("/")
    return head if sep and tail == ".git" and head else source


def _git_archive(keys: frozenset[str]) -> list[Copy]:
    """`git archive [-o FILE] [--prefix=P/] TREE`: the repository's files at FILE (the standard output: `-`),
    under P; none of a remote's (`--remote=`) or a listing (`-l`)."""
    if any(k.startswith("remote=") for k in keys) or "list" in keys:
        return []
    to = next((k[7:] for k in keys if k.startswith("output=")), "-")
    prefix = next((k[7:].strip("/") for k in keys if k.startswith("prefix=")), "")
    return [Copy((REPOSITORY,), f"{to}/{prefix}" if prefix else to, AS)]


def _tar(args: tuple[str, ...]) -> list[Copy]:
    out: list[Copy] = []
    for r in read_by(TAR, tar_words(args)):
        archive = next((k[5:] for k in r.keys if k.startswith("file=")), "-")  # (none: the standard streams)
        if "create" in r.keys and r.operands:
            folders = [k[10:] for k in r.keys if k.startswith("directory=")]
            out += (
                _tar_made(r.operands, archive, folders) if folders else [Copy(r.operands, archive, PARENTS)]
            )
        elif "extract" in r.keys:
            folder = next((k[10:] for k in r.keys if k.startswith("directory=")), ".")
            out.append(Copy((archive,), folder, AS))
    return out


def _tar_made(operands: tuple[str, ...], archive: str, folders: list[str]) -> list[Copy]:
    """`tar -C DIR -czf A NAME...`: each relative NAME is DIR/NAME, a member under its name as written (which
    `-C` a name follows is the order of the words: each is read with each)."""
    out: list[Copy] = []
    for name in operands:
        if name[:1] in ("/", "~", "$"):
            out.append(Copy((name,), archive, PARENTS))
            continue
        member = name.rstrip("/").removeprefix("./")
        for folder in folders:
            if member in ("", "."):
                out.append(Copy((folder,), archive, AS))
            else:
                parent = member.rpartition("/")[0]
                out.append(
                    Copy(
                        (f"{folder.rstrip('/')}/{member}",),
                        f"{archive}/{parent}" if parent else archive,
                        INTO,
                    )
                )
    return out


def _cpio(args: tuple[str, ...]) -> list[Copy]:
    """`find . | cpio -pdm DIR` (each name it is given, below DIR as written), `cpio -o` (an archive of them on
    the standard output or `-F FILE`), `cpio -i` (one unpacked where it runs or in `-D DIR`)."""
    out: list[Copy] = []
    for r in read_by(_CPIO, args):
        archive = next((k[5:] for k in r.keys if k.startswith("file=")), "-")
        if "pass-through" in r.keys and r.operands:
            out.append(Copy((".", "/"), r.operands[-1], AS))
        elif "create" in r.keys:
            out.append(Copy((".", "/"), archive, AS))
        elif "extract" in r.keys:
            out.append(
                Copy((archive,), next((k[10:] for k in r.keys if k.startswith("directory=")), "."), AS)
            )
    return out


def _pax(args: tuple[str, ...]) -> list[Copy]:
    """`pax -rw SRC... DIR`: each source below DIR by its path as written."""
    return [
        Copy(r.operands[:-1], r.operands[-1], PARENTS)
        for r in read_by(_PAX, args)
        if {"r", "w"} <= r.keys and len(r.operands) > 1
    ]


def _jar(args: tuple[str, ...]) -> list[Copy]:
    """`jar cf A SRC...` (`-C DIR NAME`: DIR/NAME as NAME), `jar xf A` (where it runs): a zip's members. The
    letters `f`, `m` and `e` take the next words in their order."""
    if not args:
        return []
    if args[0][:2] == "--":  # `jar --create --file=A SRC...`
        mode = "".join(_JAR_LONG.get(w.partition("=")[0], "") for w in args if w[:2] == "--")
        named = [w.partition("=")[2] for w in args if w.startswith("--file=")]
        rest = [w for w in args if w[:2] != "--"]
        if "f" in mode and not named and rest:
            named = [rest.pop(0)]  # `--file A`
        archive = named[0] if named else "-"
    else:
        mode = args[0].lstrip("-")
        if not mode.isalpha():
            return []
        rest = list(args[1:])
        valued = {c: rest.pop(0) if rest else "" for c in mode if c in "fme"}
        archive = valued.get("f") or "-"
    if "x" in mode:
        return [Copy((archive,), ".", AS)]
    if "c" not in mode and "u" not in mode:
        return []
    out: list[Copy] = []
    k = 0
    while k < len(rest):
        if rest[k] == "-C" and k + 2 < len(rest):
            out += _tar_made((rest[k + 2],), archive, [rest[k + 1]])
            k += 3
            continue
        if rest[k][:1] != "-":
            out.append(Copy((rest[k],), archive, PARENTS))
        k += 1
    return out


_JAR_LONG = {"--create": "c", "--extract": "x", "--update": "u", "--file": "f"}


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
    "cpio": _cpio,
    "pax": _pax,
    "jar": _jar,
}
