"""The built-in deny floor (SPEC R4.6).

``Terminal(rm -rf /)``, ``Terminal(rm -rf /*)`` and ``Terminal(rm -fr /)`` are denied even when absent
from the file. [beyond] The same act spelled differently is recognised too: split or long flags
(``rm -r -f /``, ``rm --recursive --force /``, and the abbreviations GNU getopt accepts: ``rm --recur /``),
``//``, ``/.`` or ``/..``, the verb as a path (``/bin/rm``), behind wrappers, assignments or ``sudo``;
globs over the root's children (``/*/``, ``/?*``, R4.6, globs over the root's children); ``find / -delete`` and
``find / -exec rm``. A floor, not a safety list: real protection is that allow is explicit.

[beyond] Where a command may run on Windows (SPEC §5: ``runs_in`` ``agent`` or ``host``), every drive and UNC
share is a root (``rm -rf 'C:\\'``, ``rm -rf D:/``, ``C:\\*``), and Windows' own deleters are read as rm is:
``Remove-Item -Recurse -Force C:\\``, ``rd /s /q C:\\``, ``del /s /q C:\\*``, ``format C:``, ``Format-Volume``,
``Clear-Disk`` (:data:`WINDOWS_DELETERS`). permissions.where reads them with the command's directory. Brabo's own
sandbox is Linux: there ``C:/x`` is a folder of the project and nothing here applies.
"""

from __future__ import annotations

import binascii
import posixpath
import re
import threading
from collections.abc import Callable, Sequence
from typing import NamedTuple

from permissions.commands.find import FIND_EXEC
from permissions.commands.option_tables_files import TAR_NAMES
from permissions.commands.views import views
from permissions.commands.windows_deletions import (
    DELETION_CUE,
    LOOP_CUE,
    MOVE_CUE,
    deletions_as_removals,
    loops_unrolled,
    moves_as_mv,
)

__all__ = [
    "BUILTIN_DENY",
    "DELETERS",
    "DISK_VERBS",
    "FLOOR_VERBS",
    "NOT_DISKS",
    "REMOVERS",
    "FOLDER_CLEARERS",
    "folder_cleared",
    "CLEARING",
    "ONE_FILE_CLEARERS",
    "deleted_every_name",
    "every_name",
    "WINDOWS_DELETERS",
    "code_prints",
    "deleted_trees",
    "find_exec_deletes",
    "long_recursive",
    "EXEC_DELETERS",
    "floor_denies",
    "floor_denies_views",
    "may_write_disk",
    "names_windows_deleter",
    "windows_listed",
    "WINDOWS_PIPED_DELETERS",
    "EACH_DELETION",
    "WINDOWS_EACH",
    "each_deletes",
    "windows_listing_recurses",
    "windows_deleted",
    "writes_disk",
    "runner_line",
    "statement_texts",
]

BUILTIN_DENY: tuple[str, ...] = ("Terminal(rm -rf /)", "Terminal(rm -rf /*)", "Terminal(rm -fr /)")


class _Deleter(NamedTuple):
    """How one program deletes a folder with everything in it (R4.6: the same act as ``rm -rf``)."""

    recursive_short: str = ""  # letters that make it delete a folder's tree (`-r`, `-R`)
    recursive_long: str = ""  # the long option that does (any unambiguous prefix: `--recur`)
    always: bool = False  # it deletes (or moves to the trash) a folder's whole tree with no option
    subcommand: str = ""  # the word after the program that deletes (`gio trash`)


# R4.6, red team: programs that delete a folder's tree, as a table. The trash commands move it out of reach
# of the running system just the same (`trash-put /`, `gio trash ~`). Programs that cannot delete a folder
# with its contents (`unlink`, `rmdir`, `shred -u`: one file, or an empty folder) are not the floor's.
DELETERS: dict[str, _Deleter] = {
    "rm": _Deleter("rR", "recursive"),
    "srm": _Deleter("rR", "recursive"),  # secure-delete's rm
    "wipe": _Deleter("rR"),
    "rmtrash": _Deleter("rR", "recursive"),  # rm's options, to the trash
    "trash-put": _Deleter(always=True),  # trash-cli
    "trash": _Deleter(always=True),  # trash-cli's and macOS's `trash`, npm's trash-cli
    "gvfs-trash": _Deleter(always=True),
    "gio": _Deleter(always=True, subcommand="trash"),
    "rip": _Deleter(always=True),  # rm-improved: to its graveyard
    "rimraf": _Deleter(always=True),
    "del-cli": _Deleter(always=True),  # npm's del-cli (`npx del-cli '/*'`)
}
# Verbs the floor reads as written (other verbs reach it only through views: wrappers, paths, sudo).
FLOOR_VERBS = frozenset(DELETERS) | {"find"}

# [beyond] R4.6, red team: where a deletion lands -- a whole disk or one of its partitions (the device that
# holds `/`) overwritten, zeroed or given a new file system is the root deleted: `dd of=/dev/sda`,
# `cat /dev/zero > /dev/nvme0n1`, `cp img /dev/sda`, `shred /dev/sda`, `wipefs -a /dev/sda`, `mkfs.ext4
# /dev/sda1`, `blkdiscard /dev/nvme0n1`. Reading one (`dd if=/dev/sda of=disk.img`, `cp /dev/sda x`,
# `wipefs /dev/sda`, `fdisk -l`) is not.
_DISK = re.compile(
    r"/dev/+(?:(?:sd|hd|vd|xvd)[a-z]+[0-9]*|nvme[0-9]+(?:n[0-9]+(?:p[0-9]+)?)?|mmcblk[0-9]+(?:p[0-9]+)?"
    r"|r?disk[0-9]+(?:s[0-9]+)*|dm-[0-9]+|md[0-9]+|mapper/[^/]+|disk/by-[a-z]+/[^/]+|root"
    # red team: the same disks by another name -- `/dev/block/MAJOR:MINOR`, ZFS volumes, network and cache
    # block devices, flash partitions
    r"|block/[0-9]+:[0-9]+|zd[0-9]+(?:p[0-9]+)?|zvol/.+|nbd[0-9]+(?:p[0-9]+)?|rbd[0-9]+(?:p[0-9]+)?"
    r"|bcache[0-9]+|drbd[0-9]+|mtdblock[0-9]+)"
)
_FORMATTERS = frozenset(
    "mkfs mkfs.ext2 mkfs.ext3 mkfs.ext4 mkfs.xfs mkfs.btrfs mkfs.vfat mkfs.fat mkfs.msdos mkfs.ntfs mkfs.exfat"
    " mkfs.f2fs mke2fs mkswap mkntfs blkdiscard newfs newfs_apfs newfs_hfs".split()
)


# [beyond] R4.6, red team: more programs that erase a disk, its partition table or what holds its data -- as
# `wipefs -a` does: a partition table zapped or rewritten (`sgdisk --zap-all`, `parted mklabel`, `sfdisk
# --delete`, `fdisk` and its kin fed their commands), a drive's own erase (`hdparm --security-erase`, `nvme
# format|sanitize`), an encryption or RAID or LVM or ZFS header written over it (`cryptsetup luksFormat|erase`,
# `mdadm --create|--zero-superblock`, `pvcreate`, `zpool create|labelclear`), a destructive test (`badblocks -w`).
# Each lists, prints or checks without writing under its reading options (`fdisk -l`, `sfdisk --dump`, `parted DISK
# print`, `sgdisk --print`), which stay ordinary. (macOS's `diskutil eraseDisk` stays the path scope's ask off the
# sandbox, as permissions/tests/test_redteam_machine_changes_on_the_laptop.py rules.)
def _cluster_has(w: str, letter: str) -> bool:
    return w[:1] == "-" and w[1:2] != "-" and letter in w[1:]


_WIPEFS_FLAGS = re.compile(r"-[bfnqpiJ]*a[bfnqpiJ]*")


def _wipefs(view: tuple[str, ...]) -> bool:
    return any(
        w == "--all" or _WIPEFS_FLAGS.fullmatch(w) is not None or w.startswith(("-o", "--offset"))
        for w in view[1:]
    )


_COMMON_READS = frozenset({"-h", "--help", "-V", "--version", "-?"})
# (each program's options that only list, print, check or dry-run: `-d` is sfdisk's dump but sgdisk's delete)
_TABLE_READS = {
    "sfdisk": _COMMON_READS
    | frozenset(
        "-l --list -d --dump -J --json -s --show-size --verify -F --list-free -T --list-types -g --show-geometry"
        " -n --no-act".split()
    ),
    "sgdisk": _COMMON_READS
    | frozenset(
        "-p --print -v --verify -i --info -b --backup -L --list-types -P --pretend -O --print-mbr".split()
    ),
}


def _table_editor(view: tuple[str, ...]) -> bool:
    """fdisk, gdisk, cfdisk, sfdisk, sgdisk: they write the disk unless every option given only reads it."""
    reads = _TABLE_READS.get(view[0], _LISTS)
    options = [w.partition("=")[0] for w in view[1:] if w[:1] == "-"]
    return not options or any(o not in reads for o in options)


_LISTS = _COMMON_READS | frozenset({"-l", "--list", "-x", "--list-details"})  # fdisk, gdisk, cfdisk, cgdisk


_PARTED_WRITES = frozenset(
    "mklabel mktable mkpart mkpartfs rm resizepart resize name set toggle rescue disk_set disk_toggle type move"
    " cp".split()
)


def _parted(view: tuple[str, ...]) -> bool:
    words = [w for w in view[1:] if w[:1] != "-"]
    return len(words) == 1 or any(w in _PARTED_WRITES for w in words)  # (a disk alone: its prompt, fed)


_HDPARM_ERASES = (
    "--security-erase",
    "--trim-sector-ranges",
    "--write-sector",
    "--make-bad-sector",
    "--fwdownload",
    "--dco-restore",
)


def _by_option(view: tuple[str, ...]) -> bool:
    verb = view[0]
    if verb == "hdparm":
        return any(w.startswith(_HDPARM_ERASES) for w in view[1:])
    if verb == "mdadm":
        return any(
            w in ("--zero-superblock", "--create", "--build", "-B") or (w[:2] == "-C" and w[2:3] != "-")
            for w in view[1:]
        )
    return any(_cluster_has(w, "w") for w in view[1:])  # badblocks: -w is the destructive write test


_DISK_SUBCOMMANDS = {
    "nvme": frozenset({"format", "sanitize", "write-zeroes", "write-uncor", "ns-delete", "delete-ns"}),
    "cryptsetup": frozenset({"luksformat", "erase", "lukserase", "reencrypt", "tcryptformat"}),
    "zpool": frozenset({"create", "labelclear", "add", "attach", "replace"}),
    "pvcreate": frozenset(),
    "pvremove": frozenset(),
    "vgcreate": frozenset(),
}


def _by_subcommand(view: tuple[str, ...]) -> bool:
    acts = _DISK_SUBCOMMANDS[view[0]]
    return not acts or any(w.lower() in acts for w in view[1:] if w[:1] != "-")


_DISK_WRITERS: dict[str, Callable[[tuple[str, ...]], bool]] = {
    "wipefs": _wipefs,
    **dict.fromkeys(("fdisk", "gdisk", "cfdisk", "sfdisk", "sgdisk", "cgdisk"), _table_editor),
    "parted": _parted,
    **dict.fromkeys(("hdparm", "mdadm", "badblocks"), _by_option),
    **dict.fromkeys(_DISK_SUBCOMMANDS, _by_subcommand),
}
DISK_VERBS = _FORMATTERS | {"dd", "shred", "cp", "tee", "pv"} | frozenset(_DISK_WRITERS)


NOT_DISKS = frozenset({"/dev/null", "/dev/stdout", "/dev/stderr", "/dev/stdin", "/dev/tty"})


def is_disk(word: str) -> bool:
    """``word`` names a whole disk or a partition (`/dev/sda`, `/dev/nvme0n1p2`, `/dev/disk2`)."""
    if word in NOT_DISKS:
        return False
    if word[:5] != "/dev/" or "/." in word or "//" in word:
        if word[:1] != "/" or "dev" not in word:
            return False
        word = posixpath.normpath("/" + word.lstrip("/"))  # `//dev/sda`, `/./dev/sda`, `/dev/../dev/sda`
    return _DISK.fullmatch(word) is not None


def _writes_disk(view: tuple[str, ...]) -> bool:
    verb = view[0]
    if verb == "dd":
        return any(w[:3] == "of=" and is_disk(w[3:]) for w in view[1:])
    if verb in _FORMATTERS or verb == "shred":
        return any(is_disk(w) for w in view[1:])
    writer = _DISK_WRITERS.get(verb)
    if writer is not None:  # (alone each lists or prints: a disk named and an act that writes it)
        return any(is_disk(w) for w in view[1:]) and writer(view)
    if verb == "tee":
        return any(is_disk(w) for w in view[1:])
    if verb == "cp" or verb == "pv":
        ops = [w for w in view[1:] if w[:1] != "-"]
        return bool(ops) and is_disk(ops[-1]) and (verb == "cp" or len(ops) > 1)
    return False


def may_write_disk(words: tuple[str, ...], redirects: Sequence[str]) -> bool:
    """Whether the segment ``words`` as written (or a redirect target of it) writes a disk: the floor's
    reading then takes the segment off the plain walk of the rules (callers test `words[0] in DISK_VERBS or
    redirects` first)."""
    return (words[0] in DISK_VERBS and _writes_disk(words)) or (bool(redirects) and writes_disk(redirects))


def writes_disk(written: Sequence[str]) -> bool:
    """R4.6: a redirect target the segment writes is a disk (see _DISK; its views: floor_denies_views)."""
    return any(is_disk(t) for t in written)


_GLOB = frozenset("*?[")


def _is_root(word: str) -> bool:
    """``/``, ``//``, ``/.``, ``/..``, ``/*``, ``/tmp/../*`` ... : the root or everything directly under it.

    [beyond] R4.6: a glob over the root's children (``/*/``, ``/?*``, ``/.[!.]*``,
    ``/[a-z]*``, ``/u*``, ``/*/*``): any path whose first component is a pattern. A literal child
    (``/etc``, also from ``/{bin,usr}``) is not the floor's: R4.6 is a floor, not a safety list. Words
    reach here with quotes removed, so a quoted ``'/*'`` counts too (when unsure, deny more).
    """
    if not word.startswith("/"):
        return False
    # Lexical, one linear scan (R6.3): `..` climbs, and climbing above the root stays at the root.
    parts: list[str] = []
    for part in word.split("/"):
        if part == "..":
            if parts:
                parts.pop()
        elif part not in ("", "."):
            parts.append(part)
    if not parts:
        return True
    first = parts[0]
    return any(c in _GLOB for c in first)  # a pattern over the root's children


def long_recursive(word: str, name_of: str = "recursive") -> bool:
    """``--recursive`` or any abbreviation of it (``--recur``, ``--r``).

    GNU getopt_long takes any unambiguous prefix of a long option. None of rm's other long options
    (--force, --interactive, --one-file-system, --no-preserve-root, --preserve-root, --dir, --verbose,
    --help, --version) starts with ``r``, so every prefix of ``recursive`` is it; ``--recursive=x`` is
    refused by rm and read as recursive all the same (when unsure, deny more).
    """
    name = word[2:].partition("=")[0]
    return bool(name) and bool(name_of) and name_of.startswith(name)


def deleted_trees(view: tuple[str, ...]) -> list[str] | None:
    """The operands whose whole tree a DELETERS program deletes, however its flags are spelled (`rm -r -f`,
    `rm --recur`, `srm -R`, `gio trash`), or None when it does not delete trees (`rm x` without `-r`)."""
    read = _deleter_read(view)
    return read[1] if read is not None and read[0] else None


def deleted_every_name(view: tuple[str, ...]) -> list[str]:
    """red team, R4.6: the operands of a DELETERS program run without recursion (`rm -f ~/*`, `rm /*`, `srm ~/.*`)
    that are a pattern over every name of a folder (every_name): each file of the folder deleted, as `find DIR
    -maxdepth 1 -delete` does -- the floor's where the folder is the root or a home."""
    read = _deleter_read(view)
    return [t for t in read[1] if every_name(t)] if read is not None and not read[0] else []


# A last component that matches every name of a folder (or every dot name): nothing but `*`, `?` and bracket
# expressions after an optional dot, one `*` at least (`*`, `.*`, `?*`, `.[!.]*`, `.??*`, `[a-z]*`). `*.log`, `a*`
# name some of its files, not the folder's.
_EVERY_NAME = re.compile(r"\.?(?:[*?]|\[[^\]/]++\])++").fullmatch  # (possessive: linear on hostile words)


def every_name(word: str) -> bool:
    """Whether ``word``'s last component is a pattern over every name of its folder (_EVERY_NAME)."""
    last = word.rstrip("/").rpartition("/")[2]
    if "\\" in last:
        last = last.rstrip("\\").rpartition("\\")[2]  # (Windows' `C:\*`, `~\*`, read off the sandbox)
    if last[1:2] == ":" and last[:1].isalpha():
        last = last[2:]  # (`C:*`: bash's reading of `C:\*`)
    return "*" in last and _EVERY_NAME(last) is not None


def _deleter_read(view: tuple[str, ...]) -> tuple[bool, list[str]] | None:
    """(whether a DELETERS program deletes its operands' trees, its operands), or None for another program or
    another subcommand (`gio list`)."""
    spec = DELETERS.get(view[0])
    if spec is None:
        return None
    words = view[1:]
    if spec.subcommand:
        if not words or words[0] != spec.subcommand:
            return None
        words = words[1:]
    recursive = spec.always
    targets: list[str] = []
    done = False
    for w in words:
        if not done and w == "--":
            done = True
        elif not done and w.startswith("--"):
            recursive = recursive or long_recursive(w, spec.recursive_long)
        elif not done and w.startswith("-") and len(w) > 1:
            recursive = recursive or any(c in w for c in spec.recursive_short)
        else:
            targets.append(w)
    return recursive, targets


def _deletes_root(view: tuple[str, ...]) -> bool:
    read = _deleter_read(view)
    if read is None:
        return False
    return any(_is_root(t) for t in read[1] if read[0] or every_name(t))


def floor_denies(words: tuple[str, ...]) -> str | None:
    """The built-in pattern this segment falls under, or None."""
    return floor_denies_views(views(words))


# Programs that, run on every path find meets, delete it (R4.6, more deleters): `find / -exec shred -u {} +`.
# red team: and those that empty each file it meets or write over it, which leaves nothing of the tree either:
# `find / -type f -exec truncate -s0 {} +`, `-exec dd if=/dev/zero of={} \;`, `-exec cp /dev/null {} \;`, `-exec mv
# {} /tmp/x \;` (each taken away), and a shell's script doing one of these to its argument (`sh -c ': > "$1"' _ {}`).
EXEC_DELETERS = frozenset(DELETERS) | {"shred", "unlink", "truncate", "gtruncate"}
_RM_WORD = re.compile(
    r"(?:^|[\s;&|(`/])(?:rm|shred|unlink|truncate|srm|wipe|mv)\s|>\|?\s*+['\"]?(?:\$(?:[0-9@*]|\{[0-9@*])|\{\})"
    r"|\bof=['\"]?(?:\$(?:[0-9@*]|\{[0-9@*])|\{\})"
)
# (the found name written over: the destination of a copy, `tee`'s file, `dd`'s output, a move's source)
_EXEC_OVERWRITERS = frozenset({"cp", "gcp", "install", "ginstall", "tee", "gtee"})
_EXEC_MOVERS = frozenset({"mv", "gmv"})


def _exec_destroys(view: tuple[str, ...]) -> bool:
    """Whether a command find runs on each name (``{}`` as written) deletes, empties or overwrites it."""
    verb = view[0].rpartition("/")[2]
    if verb in EXEC_DELETERS or verb == "busybox":
        return True
    if verb in _EXEC_MOVERS:
        return "{}" in view[1:]
    if verb == "dd":
        return any(w[:3] == "of=" and "{}" in w for w in view[1:])
    if verb in _EXEC_OVERWRITERS:
        operands = [w for w in view[1:] if w[:1] != "-"]
        return bool(operands) and (operands[-1] == "{}" or (verb in ("tee", "gtee") and "{}" in operands))
    return False


def find_exec_deletes(rest: Sequence[str]) -> bool:
    """``-delete``, or an ``-exec``/``-execdir``/``-ok``/``-okdir`` whose command deletes, empties or writes over
    each name: ``rm`` (also as a path, or behind a wrapper: ``sudo rm``, ``env rm``, ``busybox rm``), ``shred``,
    ``unlink``, ``truncate``, ``dd of={}``, ``cp x {}``, ``mv {} x``, or a shell script doing one of these
    (``sh -c 'rm -rf "$1"' _ {}``, ``sh -c ': > "$1"' _ {}``)."""
    if "-delete" in rest:
        return True
    n = len(rest)
    for k, w in enumerate(rest):
        if w not in FIND_EXEC or k + 1 >= n:
            continue
        end = k + 1
        while end < n and rest[end] not in (";", "+", "\\;"):
            end += 1
        cmd = tuple(rest[k + 1 : end])
        for view in views(cmd):
            if view and _exec_destroys(view):
                return True
        if any(_RM_WORD.search(" " + a + " ") for a in cmd[1:] if " " in a or ">" in a):
            return True  # a script run by a shell (`sh -c '...rm...'`)
    return False


def _find_deletes_root(words: tuple[str, ...]) -> bool:
    """[beyond] ``find / -delete``, ``find /* -exec rm {} +``: the same act as ``rm -rf /`` (R4.6)."""
    starts: list[str] = []
    for k, w in enumerate(words[1:], 1):
        if w == "--" and not starts:
            continue  # `find -- / -delete`
        if w[:1] in ("-", "(", "!") and w not in ("-H", "-L", "-P") and not w.startswith(("-D", "-O")):
            rest = words[k:]
            break
        starts.append(w)
    else:
        return False
    if not any(_is_root(p) for p in starts):
        return False
    return find_exec_deletes(rest)


# -- R4.6: programs that delete what they archive, move or sync -------------------------------------------------
# `tar --remove-files`, `zip -m` (with recursion), `7z a -sdel`, `rclone purge|delete|move|sync`, `mv`, and
# `gzip -r` (each file replaced by its compressed copy) take their operands' whole trees out of reach as `rm -rf`
# does; permissions.where reads where the words they answer
# land (the working directory, `~`, `C:\\` off the sandbox). A reader answers only the words that may name the
# root, the home folder or a pattern over their children from some directory (:func:`_may_land`): a plain
# relative name is a child at least, so `mv a b`, the common case, answers nothing and costs no more reading.
_LANDING_FIRST = frozenset("/~$`.\\%")  # (`%USERPROFILE%`: cmd's variable, off the sandbox)


def _may_land(word: str) -> bool:
    return word[:1] in _LANDING_FIRST or ".." in word or ":" in word[:3] or any(c in _GLOB for c in word)


def _operands(words: Sequence[str], valued: frozenset[str] = frozenset()) -> list[str]:
    """The words that are no option (nor the value of one of ``valued``, written apart) before or after ``--``."""
    out: list[str] = []
    done = skip = False
    for w in words:
        if skip:
            skip = False
        elif done or w[:1] != "-" or w == "-":
            out.append(w)
        elif w == "--":
            done = True
        else:
            skip = w in valued
    return out


def _prefix_of(word: str, name: str, least: int) -> bool:
    """``--name`` or an abbreviation of it GNU getopt takes (at least ``least`` letters: shorter ones are another
    option's too)."""
    given = word[2:].partition("=")[0]
    return word[:2] == "--" and len(given) >= least and name.startswith(given)


_TAR_VALUED = frozenset(
    {"--file", "--directory", "-f", "-C", "-T", "-X", "-b", "-g", "-H", "-K", "-L", "-N", "-V", "-F", "-I"}
)


def _tar_directory(word: str, nxt: str) -> str | None:
    """The directory ``-C DIR``, ``-CDIR`` or ``--directory[=]DIR`` moves tar to, else None."""
    if word == "-C" or word == "--directory":
        return nxt or None
    if word.startswith("-C") or word.startswith("--directory="):
        return word.partition("=")[2] if word[1] == "-" else word[2:]
    return None


def _tar_removed(view: tuple[str, ...]) -> list[str]:
    """GNU tar's ``--remove-files`` (``--rem`` at least: ``--re`` is also ``--recursion``): every file it archives,
    read from the directory ``-C`` names when one is given (``-C / .`` is the root)."""
    if not any(_prefix_of(w, "remove-files", 3) for w in view[1:]):
        return []
    words = view[1:]
    out: list[str] = []
    for k, w in enumerate(words):
        base = _tar_directory(w, words[k + 1] if k + 1 < len(words) else "")
        if base is not None:
            after = words[k + (2 if w in ("-C", "--directory") else 1) :]
            out.extend(base.rstrip("/") + "/" + t for t in _operands(after, _TAR_VALUED))
    out.extend(_operands(words, _TAR_VALUED))
    return [t for t in out if _may_land(t)]


def _zip_moved(view: tuple[str, ...]) -> list[str]:
    """zip's ``-m``/``--move`` with ``-r``/``-R`` (``--recurse-paths``/``--recurse-patterns``): the folders it
    adds are deleted with their trees (without recursion it deletes the files named, never a tree)."""
    move = recurse = False
    for w in view[1:]:
        if w[:2] == "--":
            move = move or _prefix_of(w, "move", 2)
            recurse = recurse or _prefix_of(w, "recurse-paths", 3) or _prefix_of(w, "recurse-patterns", 3)
        elif w[:1] == "-":
            move = move or "m" in w
            recurse = recurse or "r" in w or "R" in w
    if not (move and recurse):
        return []
    return [t for t in _operands(view[1:]) if _may_land(t)]


def _7z_deleted(view: tuple[str, ...]) -> list[str]:
    """7-Zip's ``a``/``u`` with ``-sdel`` (any case): the files it adds, folders whole, are deleted."""
    words = _operands(view[1:])
    if not words or words[0] not in ("a", "u") or not any(w.lower() == "-sdel" for w in view[1:]):
        return []
    return [t for t in words[1:] if _may_land(t)]


# rclone's commands that delete local trees: the path (`purge`, `delete`), the sources (`move`, `moveto`), the
# destination's files the source lacks (`sync`, `bisync`: `rclone sync empty/ /`).
_RCLONE = {"purge": 0, "delete": 0, "move": -1, "moveto": -1, "sync": 1, "bisync": 1}
# rclone's options that take the next word (a filter, a limit, a file it reads or logs to): their value is no
# path it deletes (`rclone sync dist/ remote:site --exclude /`). An option not listed is read as a flag, so its
# value counts as an operand (deny more).
_RCLONE_VALUED = frozenset(
    "--exclude --include --filter --exclude-from --include-from --filter-from --files-from --files-from-raw"
    " --exclude-if-present --min-size --max-size --min-age --max-age --max-depth --config --log-file"
    " --log-level --log-format --stats --stats-log-level --stats-unit --transfers --checkers --bwlimit"
    " --bwlimit-file --backup-dir --suffix --compare-dest --copy-dest --cache-dir --temp-dir --timeout"
    " --contimeout --retries --retries-sleep --low-level-retries --max-transfer --max-duration --cutoff-mode"
    " --order-by --user-agent --header --header-upload --header-download --password-command --buffer-size"
    " --multi-thread-streams --multi-thread-cutoff --tpslimit --tpslimit-burst --max-backlog --max-delete"
    " --max-delete-size --track-renames-strategy --modify-window --ca-cert --client-cert --client-key"
    " --dump --rc-addr --conflict-resolve --conflict-loser --conflict-suffix --compare --workdir"
    " --metadata-include --metadata-exclude --metadata-filter --metadata-set --hash-filter".split()
)


def _rclone_deleted(view: tuple[str, ...]) -> list[str]:
    """rclone's deleting commands (after its global options, read as taking a value or not: deny more), the
    local paths they delete; a remote (``name:path``, two letters or more before the colon) is not a place
    here (a drive letter is: rclone reads ``C:\\`` as local on Windows)."""
    words = _operands(view[1:], _RCLONE_VALUED)
    for k, w in enumerate(words[:2]):
        kind = _RCLONE.get(w)
        if kind is None:
            continue
        ops = words[k + 1 :]
        picked = ops if kind == 0 else ops[:-1] if kind < 0 else ops[1:]
        return [t for t in picked if _may_land(t) and not (t.find(":") > 1 and "/" not in t[: t.find(":")])]
    return []


_MV_VALUED = frozenset({"-t", "-S", "--target-directory", "--suffix"})


def _mv_moved(view: tuple[str, ...]) -> list[str]:
    """mv's sources (every operand but the last, or all of them with ``-t``/``--target-directory``): moved out
    of reach of the running system, as a deletion (`mv /* /tmp/x`, `mv ~ /tmp/x`)."""
    words = view[1:]
    ops = _operands(words, _MV_VALUED)
    target = any(w[:2] == "-t" or _prefix_of(w, "target-directory", 3) for w in words if w[:1] == "-")
    return [t for t in (ops if target else ops[:-1]) if _may_land(t)]


_KEEPS = frozenset("kclt")  # gzip's --keep, --stdout, --list, --test: the originals stay


def _gzip_replaced(view: tuple[str, ...]) -> list[str]:
    """gzip's (pigz's, gunzip's) ``-r``: every file of the tree replaced by its (de)compressed copy, the
    original deleted -- unless ``-k``, ``-c``, ``-l`` or ``-t`` keeps it."""
    recurse = False
    for w in view[1:]:
        if w[:2] == "--":
            if any(_prefix_of(w, name, 3) for name in ("keep", "stdout", "to-stdout", "list", "test")):
                return []
            recurse = recurse or _prefix_of(w, "recursive", 3)
        elif w[:1] == "-" and len(w) > 1:
            if not _KEEPS.isdisjoint(w[1:]):
                return []
            recurse = recurse or "r" in w
    return [t for t in _operands(view[1:]) if _may_land(t)] if recurse else []


def _rm_after(view: tuple[str, ...]) -> list[str]:
    """zstd's and lz4's ``--rm`` with ``-r``: the sources deleted once compressed."""
    if "--rm" not in view or not any(w[:1] == "-" and w[1:2] != "-" and "r" in w for w in view[1:]):
        return []
    return [t for t in _operands(view[1:]) if _may_land(t)]


def _option_values(words: Sequence[str], short: str, long: str) -> list[str]:
    """The values of ``short`` (`-p DIR`, `-pDIR`) and ``--LONG`` (`--long DIR`, `--long=DIR`, an abbreviation of
    at least four letters, as argparse takes) among ``words``."""
    out: list[str] = []
    for k, w in enumerate(words):
        if w[:2] == "--":
            name, eq, value = w.partition("=")
            if _prefix_of(name, long, 4):
                out.append(value if eq else words[k + 1] if k + 1 < len(words) else "")
        elif short and w[:2] == short:
            out.append(w[2:] or (words[k + 1] if k + 1 < len(words) else ""))
    return [v for v in out if v and _may_land(v)]


_VENV_VALUED = frozenset(
    {"--prompt", "-p", "--python", "--creator", "--seeder", "--activators", "--app-data", "--discovery"}
    | {"--pip", "--setuptools", "--wheel", "--extra-search-dir", "--try-first-with", "--index-url", "-i"}
    | {"--extra-index-url", "--index", "--default-index", "-f", "--find-links", "--link-mode", "--cache-dir"}
    | {
        "--directory",
        "--project",
        "--config-file",
        "--index-strategy",
        "--keyring-provider",
        "--exclude-newer",
    }
)


def _venv_cleared(view: tuple[str, ...]) -> list[str]:
    """red team: ``venv --clear DIR`` (`python -m venv`), ``virtualenv --clear DIR``: each DIR emptied before the
    environment is made there (`--cl`, argparse's abbreviation, too)."""
    if not any(w[:4] == "--cl" and _prefix_of(w, "clear", 3) for w in view[1:]):
        return []
    return [t for t in _operands(view[1:], _VENV_VALUED) if _may_land(t)]


def _uv_cleared(view: tuple[str, ...]) -> list[str]:
    """red team: ``uv venv --clear DIR`` removes DIR; ``uv cache clean`` removes the cache folder ``--cache-dir``
    names (a global option: before the subcommand too)."""
    words = view[1:]
    if "venv" in words and "--clear" in words:
        after = words[words.index("venv") + 1 :]
        return [t for t in _operands(after, _VENV_VALUED) if _may_land(t)]
    if "cache" in words and "clean" in words:
        return [
            *_option_values(words, "", "cache-dir"),
            "$UV_CACHE_DIR",
        ]  # (or the folder its variable names)
    return []


def _conda_removed(view: tuple[str, ...]) -> list[str]:
    """red team: ``conda env remove -p DIR``, ``conda remove --all -p DIR`` (mamba's, micromamba's): the prefix
    folder removed."""
    words = view[1:]
    if not (
        ("env" in words and "remove" in words)
        or (("remove" in words or "uninstall" in words) and "--all" in words)
    ):
        return []
    return _option_values(words, "-p", "prefix")


def _yarn_cache_cleared(view: tuple[str, ...]) -> list[str]:
    """red team: ``yarn cache clean --cache-folder DIR``: the whole cache folder emptied."""
    words = view[1:]
    if "cache" not in words or "clean" not in words:
        return []
    return _option_values(words, "", "cache-folder")


def _subcommand(words: Sequence[str], valued: frozenset[str] = frozenset()) -> str:
    """The first operand of ``words`` (a toolchain's `+nightly` skipped): the subcommand of a program whose global
    options ``valued`` take the next word."""
    for w in _operands(words, valued):
        if w[:1] != "+":
            return w
    return ""


def _pytest_cleared(view: tuple[str, ...]) -> list[str]:
    """red team: pytest empties its ``--basetemp`` folder before the run."""
    return _option_values(view[1:], "", "basetemp")


_CARGO_VALUED = frozenset({"--config", "-Z", "-C", "--color", "--explain", "--target-dir", "-p", "--package"})


def _cargo_cleaned(view: tuple[str, ...]) -> list[str]:
    """red team: ``cargo clean`` removes its target folder: ``--target-dir``, or the one its variables name."""
    words = view[1:]
    if _subcommand(words, _CARGO_VALUED) != "clean":
        return []
    return [*_option_values(words, "", "target-dir"), "$CARGO_TARGET_DIR", "$CARGO_BUILD_TARGET_DIR"]


def _go_cleaned(view: tuple[str, ...]) -> list[str]:
    """red team: ``go clean -modcache`` removes the module cache, ``GOMODCACHE`` (``GOPATH``'s is a folder below)."""
    words = view[1:]
    modcache = any(w.lstrip("-").partition("=")[0] == "modcache" for w in words if w[:1] == "-")
    return ["$GOMODCACHE"] if modcache and _subcommand(words) == "clean" else []


def _bazel_expunged(view: tuple[str, ...]) -> list[str]:
    """red team: ``bazel clean --expunge`` (``--expunge_async``) removes the output base, the start-up option
    ``--output_base`` names before the command."""
    words = view[1:]
    if "clean" not in words:
        return []
    at = words.index("clean")
    if not any(w.startswith("--expunge") for w in words[at + 1 :]):
        return []
    return _option_values(words[:at], "", "output_base")


def _variable_cleared(subcommand: tuple[str, ...], variable: str) -> Callable[[tuple[str, ...]], list[str]]:
    """red team: a program whose ``subcommand`` removes the folder ``variable`` names (`deno clean`: DENO_DIR)."""

    def cleared(view: tuple[str, ...]) -> list[str]:
        return [variable] if tuple(view[1 : 1 + len(subcommand)]) == subcommand else []

    return cleared


def _mkdocs_built(view: tuple[str, ...]) -> list[str]:
    """red team: ``mkdocs build`` (``gh-deploy``) empties its ``-d``/``--site-dir`` folder (``--clean``, its default;
    not ``--dirty``)."""
    words = view[1:]
    if _subcommand(words) not in ("build", "gh-deploy") or "--dirty" in words:
        return []
    return _option_values(words, "-d", "site-dir")


def _sphinx_cleaned(view: tuple[str, ...]) -> list[str]:
    """red team: ``sphinx-build -M clean SOURCE BUILD`` empties BUILD."""
    words = view[1:]
    at = next((k for k, w in enumerate(words[:-1]) if w == "-M" and words[k + 1] == "clean"), None)
    if at is None:
        return []
    return [t for t in _operands(words[at + 2 :])[1:] if _may_land(t)]


def _jekyll_built(view: tuple[str, ...]) -> list[str]:
    """red team: ``jekyll build`` (``serve``) deletes what it did not make in its ``-d``/``--destination`` folder."""
    words = view[1:]
    if _subcommand(words) not in ("build", "b", "serve", "s", "server"):
        return []
    return _option_values(words, "-d", "destination")


def _hugo_cleaned(view: tuple[str, ...]) -> list[str]:
    """red team: hugo's ``--cleanDestinationDir`` deletes what its static folders lack from ``-d``/``--destination``
    (pflag's ``-d=DIR`` too)."""
    words = view[1:]
    if not any(w.startswith("--cleanDestinationDir") for w in words):
        return []
    named = _option_values(words, "-d", "destination")
    named += [w[3:] for w in words if w[:3] == "-d=" and _may_land(w[3:])]
    return named


def _vite_emptied(view: tuple[str, ...]) -> list[str]:
    """red team: ``vite build --emptyOutDir`` empties its ``--outDir`` folder (outside the project only when told)."""
    words = view[1:]
    if "build" not in words or not any(w.startswith("--emptyOutDir") for w in words):
        return []
    return _option_values(words, "", "outDir")


def _composer_cleared(view: tuple[str, ...]) -> list[str]:
    """red team: ``composer clear-cache`` (``clearcache``, ``cc``, an abbreviation Symfony's console takes) empties
    the cache folder ``COMPOSER_CACHE_DIR`` names."""
    sub = _subcommand(view[1:], frozenset({"-d", "--working-dir"}))
    cleared = sub == "cc" or (
        len(sub) >= 3 and ("clear-cache".startswith(sub) or "clearcache".startswith(sub))
    )
    return ["$COMPOSER_CACHE_DIR"] if cleared else []


def _bun_cache_removed(view: tuple[str, ...]) -> list[str]:
    """red team: ``bun pm cache rm`` removes the cache folder ``BUN_INSTALL_CACHE_DIR`` names."""
    return ["$BUN_INSTALL_CACHE_DIR"] if tuple(view[1:4]) == ("pm", "cache", "rm") else []


def _ng_built(view: tuple[str, ...]) -> list[str]:
    """red team: ``ng build`` deletes its output folder (``--output-path``) before it builds, unless told not to."""
    words = view[1:]
    if _subcommand(words) not in ("build", "b") or any(
        w in ("--delete-output-path=false", "--no-delete-output-path", "--deleteOutputPath=false")
        for w in words
    ):
        return []
    return _option_values(words, "", "output-path") + _option_values(words, "", "outputPath")


def _webpack_cleaned(view: tuple[str, ...]) -> list[str]:
    """red team: ``webpack --output-clean`` empties its ``--output-path``/``-o`` folder."""
    words = view[1:]
    if "--output-clean" not in words:
        return []
    return _option_values(words, "-o", "output-path")


def _tsup_cleaned(view: tuple[str, ...]) -> list[str]:
    """red team: ``tsup --clean`` empties its ``-d``/``--out-dir`` folder."""
    words = view[1:]
    return _option_values(words, "-d", "out-dir") if "--clean" in words else []


def _zola_built(view: tuple[str, ...]) -> list[str]:
    """red team: ``zola build -o DIR`` (``--force`` when it exists) removes DIR before it writes the site."""
    words = view[1:]
    return _option_values(words, "-o", "output-dir") if "build" in words else []


def _mdbook_built(view: tuple[str, ...]) -> list[str]:
    """red team: ``mdbook build`` (``serve``, ``watch``) empties its ``-d``/``--dest-dir`` folder."""
    words = view[1:]
    if _subcommand(words) not in ("build", "b", "serve", "s", "watch", "w"):
        return []
    return _option_values(words, "-d", "dest-dir")


# red team: the programs that sync a bucket (or another folder) into a local one and delete from it what the
# source lacks, as `rsync --delete` does (`aws s3 sync s3://b ~ --delete`): (the subcommand, the options that
# delete, the options taking the next word).
_SYNCS: dict[str, tuple[tuple[str, ...], tuple[str, ...], frozenset[str]]] = {
    "aws": (
        ("s3", "sync"),
        ("--delete",),
        frozenset({"--exclude", "--include", "--profile", "--region", "--acl"}),
    ),
    "gsutil": (("rsync",), ("-d",), frozenset({"-x", "-y", "-c", "-o", "-h"})),
    "gcloud": (
        ("storage", "rsync"),
        ("--delete-unmatched-destination-objects",),
        frozenset({"--exclude", "--project", "--account"}),
    ),
    "s3cmd": (("sync",), ("--delete-removed",), frozenset({"--exclude", "--include", "-c", "--config"})),
    "mc": (("mirror",), ("--remove",), frozenset({"--exclude", "--newer-than", "--older-than"})),
    "azcopy": (("sync",), ("--delete-destination=true", "--delete-destination=prompt"), frozenset()),
}
# (a remote: a scheme, or mc's `alias/bucket` -- read as local all the same when it may land: deny more)
_REMOTE = re.compile(r"[A-Za-z][\w+.-]*://").match


def _synced(view: tuple[str, ...]) -> list[str]:
    """red team: the local destination (the last operand) of one of _SYNCS run with its deleting option."""
    sub, deleting, valued = _SYNCS[view[0]]
    words = view[1:]
    ops = _operands(words, valued)
    if tuple(ops[: len(sub)]) != sub:
        return []
    if not any(
        w in deleting or (w[:1] == "-" and w[1:2] != "-" and "-d" in deleting and "d" in w) for w in words
    ):
        return []
    rest = ops[len(sub) :]
    return [rest[-1]] if len(rest) > 1 and _may_land(rest[-1]) and not _REMOTE(rest[-1]) else []


def _unison_forced(view: tuple[str, ...]) -> list[str]:
    """red team: ``unison A B -force A`` makes B what A is -- deleting from B what A lacks: every root but the
    one forced."""
    words = view[1:]
    forced = [words[k + 1] for k, w in enumerate(words[:-1]) if w in ("-force", "--force")]
    if not forced:
        return []
    roots = _operands(words, frozenset({"-force", "--force", "-path", "-ignore", "-logfile", "-root"}))
    return [r for r in roots if r not in forced and _may_land(r) and not _REMOTE(r)]


# tmpwatch's and tmpreaper's options that take the next word
_AGED_VALUED = frozenset({"-x", "--exclude", "-X", "--exclude-pattern", "-U", "--exclude-user", "--protect"})


def _aged_out(view: tuple[str, ...]) -> list[str]:
    """red team: ``tmpwatch HOURS DIR...`` / ``tmpreaper TIME DIR...`` delete every file below each DIR not used
    for that long -- `0` (`0s`, `0m`), every one of them."""
    return [t for t in _operands(view[1:], _AGED_VALUED)[1:] if _may_land(t)]


_SHRED_VALUED = frozenset({"-n", "-s", "--iterations", "--size", "--random-source"})


def _every_file_deleted(view: tuple[str, ...]) -> list[str]:
    """red team: a deleter or an overwriter of one file at a time (`unlink`, `shred`) given a pattern over every
    name of a folder (`shred -u ~/*`): each file of it gone. A variable's word too (`for f in ~/*; do unlink $f`):
    permissions.where keeps it when a value the command gives it is such a pattern."""
    return [t for t in _operands(view[1:], _SHRED_VALUED) if "$" in t or every_name(t)]


# (the FOLDER_CLEARERS of one file at a time: what they are given is read as rm's without -r is)
ONE_FILE_CLEARERS = frozenset({"unlink", "gunlink", "shred", "gshred"})


# The words a folder clearer's clearing holds (FOLDER_CLEARERS: `--clear`, `cache clean`, `clear-cache`, `cc`, `cache
# rm`, `env remove`, `--basetemp`, `-d`/`--site-dir`/`--target-dir`/`--destination`, `-o`/`--output-path`/`--outDir`,
# `--emptyOutDir`, a sync's `--delete`/`--remove`/`-force` or gsutil's `rsync`, `unlink`/`shred`,
# `tmpwatch`/`tmpreaper`, a pattern over a folder's names): a segment's text without one is no clearing, unread.
CLEARING = re.compile(
    r"--cl|clean|clear|cache rm|\bcc\b|remove|uninstall|--base|-dir\b|--dest|--delete|outDir|output|emptyOutDir"
    r"|\s-[do](?![\w-])|rsync|\s-force|unlink|shred|tmpwatch|tmpreaper|\*"
).search


# red team: the programs that clear a folder they are told -- not REMOVERS: most of their commands delete nothing
# (`uv run`, `yarn test`), so only a view one of these reads as a clearing is the floor's (folder_cleared)
FOLDER_CLEARERS: dict[str, Callable[[tuple[str, ...]], list[str]]] = {
    "venv": _venv_cleared,
    "virtualenv": _venv_cleared,
    "uv": _uv_cleared,
    "conda": _conda_removed,
    "mamba": _conda_removed,
    "micromamba": _conda_removed,
    "yarn": _yarn_cache_cleared,
    "pytest": _pytest_cleared,
    "py.test": _pytest_cleared,
    "cargo": _cargo_cleaned,
    "go": _go_cleaned,
    "bazel": _bazel_expunged,
    "bazelisk": _bazel_expunged,
    "deno": _variable_cleared(("clean",), "$DENO_DIR"),
    "pre-commit": _variable_cleared(("clean",), "$PRE_COMMIT_HOME"),
    "mkdocs": _mkdocs_built,
    "sphinx-build": _sphinx_cleaned,
    "sphinx": _sphinx_cleaned,
    "jekyll": _jekyll_built,
    "hugo": _hugo_cleaned,
    "vite": _vite_emptied,
    "composer": _composer_cleared,
    "bun": _bun_cache_removed,
    "ng": _ng_built,
    "webpack": _webpack_cleaned,
    "webpack-cli": _webpack_cleaned,
    "tsup": _tsup_cleaned,
    "zola": _zola_built,
    "mdbook": _mdbook_built,
    **dict.fromkeys(_SYNCS, _synced),
    "unison": _unison_forced,
    "tmpwatch": _aged_out,
    "tmpreaper": _aged_out,
    "unlink": _every_file_deleted,
    "gunlink": _every_file_deleted,
    "shred": _every_file_deleted,
    "gshred": _every_file_deleted,
}


REMOVERS: dict[str, Callable[[tuple[str, ...]], list[str]]] = {
    "gzip": _gzip_replaced,
    "gunzip": _gzip_replaced,
    "pigz": _gzip_replaced,
    "unpigz": _gzip_replaced,
    "zstd": _rm_after,
    "lz4": _rm_after,
    **dict.fromkeys(TAR_NAMES, _tar_removed),
    "zip": _zip_moved,
    "7z": _7z_deleted,
    "7za": _7z_deleted,
    "7zz": _7z_deleted,
    "7zr": _7z_deleted,
    "rclone": _rclone_deleted,
    "mv": _mv_moved,
    "gmv": _mv_moved,
}


def folder_cleared(view: tuple[str, ...]) -> list[str]:
    """The folders a FOLDER_CLEARERS view empties or removes (`uv venv --clear ~`: `~`); [] for any other view."""
    clearer = FOLDER_CLEARERS.get(view[0]) if view else None
    return clearer(view) if clearer is not None else []


# -- R4.6 on a machine that may be Windows (SPEC §5: runs_in agent or host; permissions.where reads them) -------
# Windows' own deleters, as views spell them (folded to lower case: PowerShell and cmd ignore case). Each row:
# how the command says it deletes a whole tree -- PowerShell's `-Recurse` (any prefix down to `-r`, as its
# parameter binder takes), cmd's `/S` -- or "volume": it wipes a whole volume or disk, whatever its operands.
# `rm`, `rmdir`, `del`, `erase`, `rd` and `ri` are also PowerShell's aliases of Remove-Item, so both spellings
# count for each. A careful user expects none of them to be auto-approved on a drive root; elsewhere they are
# what `rm -r` is: the path scope asks for a target outside the project (permissions.scope).
WINDOWS_DELETERS: dict[str, str] = {
    "remove-item": "tree",
    "ri": "tree",
    "del": "tree",
    "erase": "tree",
    "rd": "tree",
    "rmdir": "tree",
    "format": "operands",  # cmd's `format C:`: its operand is the volume
    "format-volume": "volume",
    "clear-disk": "volume",
    "remove-partition": "volume",
    # red team (session 24): robocopy's mirror (`/MIR`, `/PURGE`) deletes from its destination whatever its
    # source lacks (`robocopy empty C:\\ /MIR` empties the drive), its move (`/MOVE`, `/MOV`) deletes the source
    "robocopy": "mirror",
    "robocopy.exe": "mirror",
    # session 27: PowerShell's Move-Item (`mi`, `move`; `mv` is read as POSIX mv is) and cmd's `move` take their
    # sources away, as `mv ~ /tmp/x` does: `Move-Item ~ C:\x` moves the home folder out of reach
    "move-item": "move",
    "mi": "move",
    "move": "move",
}
_ROOT_ONLY = ["/"]


def _windows_switch(word: str) -> bool:
    """A cmd switch (`/S`, `/Q`, `/A:H`, glued `/S/Q`): a slash, a letter, nothing but switches after."""
    if word[:2] == "//":
        word = word[1:]  # Git Bash's spelling (`rd //s //q`): the program is handed `/s`
    return len(word) >= 2 and word[0] == "/" and word[1].isalpha() and (len(word) == 2 or word[2] in ":/")


def names_windows_deleter(seg_views: Sequence[Sequence[tuple[str, ...]]]) -> bool:
    """Whether a view of some segment is led by a Windows deleter (any case), also as PowerShell's dot, cmd's
    `/c` or PowerShell's `-Command` runs it (windows_inner): off the sandbox, the floor reads a command that
    deletes nothing by the POSIX verbs only then."""
    heads = _DELETERS_AND_RUNNERS
    for seg in seg_views:
        for v in seg:
            if v and "/" in v[0] and v[0].partition("/")[0].lower() in WINDOWS_DELETERS:
                return True  # cmd's switch glued to its verb (`rd/s/q C:\`)
            if v and (v[0] in heads or (not v[0].islower() and v[0].lower() in heads)):
                head = v[0].lower()
                if head in WINDOWS_DELETERS or (head in WINDOWS_EACH and each_deletes(v)):
                    return True
                inner = windows_inner(v)
                if inner is not None and (inner[0] == "rm" or names_windows_deleter(((inner,),))):
                    return True
    return False


# What runs a command line on Windows: PowerShell's dot-source operator, cmd, PowerShell; session 27: and
# Invoke-Expression (`iex 'rm -r -fo ~'` runs its string as a line of PowerShell); session 28: and what starts a
# program or a script block (_LAUNCHERS): Start-Process (`saps`, `start`, cmd's `start`), Invoke-Command (`icm`),
# Start-Job (`sajb`), Start-ThreadJob, forfiles' `/c` command.
_EXPRESSION_RUNNERS = frozenset({"iex", "invoke-expression"})
_BLOCK_RUNNERS = frozenset({"invoke-command", "icm", "start-job", "sajb", "start-threadjob"})
_STARTERS = frozenset({"start-process", "saps", "start"})
_FORFILES = frozenset({"forfiles", "forfiles.exe"})
WINDOWS_RUNNERS = (
    frozenset({".", "cmd", "cmd.exe", "powershell", "powershell.exe", "pwsh", "pwsh.exe"})
    | _EXPRESSION_RUNNERS
    | _BLOCK_RUNNERS
    | _STARTERS
    | _FORFILES
)


# PowerShell's parameters that take the next word (`-ExecutionPolicy Bypass`, `-ep`, `-WindowStyle Hidden`).
_PS_VALUED = (
    "-executionpolicy",
    "-ep",
    "-windowstyle",
    "-outputformat",
    "-inputformat",
    "-workingdirectory",
    "-wd",
    "-configurationname",
    "-settingsfile",
)


class _RunnerNesting(threading.local):
    """How many runners deep windows_inner reads now (per thread: a threaded server decides on several at once)."""

    depth = 0


_RUNNERS_READ = _RunnerNesting()
_MAX_RUNNERS = 16  # (`cmd /c cmd /c ...` thousands deep: past it, unread -- never a recursion error)


def windows_inner(view: tuple[str, ...]) -> tuple[str, ...] | None:
    """The command a Windows view runs, its first word in lower case -- `. Remove-Item x` runs `remove-item x`,
    `cmd /c "rd /s /q C:\\"` `rd /s /q C:\\`, `pwsh -Command Remove-Item x` `remove-item x` -- or None (and
    past _MAX_RUNNERS runners inside one another)."""
    if view[0].lower() not in WINDOWS_RUNNERS or len(view) < 2 or _RUNNERS_READ.depth >= _MAX_RUNNERS:
        return None
    _RUNNERS_READ.depth += 1
    try:
        return _runner_inner(view)
    finally:
        _RUNNERS_READ.depth -= 1


def _runner_inner(view: tuple[str, ...]) -> tuple[str, ...] | None:
    head = view[0].lower()
    if head in _LAUNCHERS:
        launched = _LAUNCHERS[head](view)
        if launched is None or launched[0] not in WINDOWS_RUNNERS:
            return launched
        return windows_inner(launched)
    line = runner_line(head, view)
    if line is None:
        return None
    if LOOP_CUE(line) is not None:
        line = loops_unrolled(line)  # `foreach ($d in 'C:\') { rd -r $d }`: each place's body (session 28)
    if _STATEMENT_END(line) is not None:
        read = _statements_read(line)  # `pwsh -c "cd ~; ri -r -fo ."`: every statement, not the first only
        if read is not None:
            return read
    words = [w for w in (_QUOTES("", w) for w in line.split()) if w]  # (`'C:\'`: PowerShell's string)
    if words and (words[0][:1] == "@" or words[0].lower() in _CMD_LEADS):
        words = _led(words)
    if len(words) > 1 and DELETION_CUE(" ".join(words)) is not None:
        words = _removal_run(words)  # `pwsh -c "(Get-Item C:\).Delete($true)"`
    if len(words) > 1 and words[0].lower() in WINDOWS_RUNNERS:
        inner = windows_inner(
            tuple(words)
        )  # `cmd /c powershell -c "Remove-Item -Recurse C:\"`: the innermost
        if inner is not None:
            return inner
    return (words[0].lower(), *words[1:]) if words else None


# session 27, R4.6 and SPEC §5: a line a Windows runner runs is statements -- PowerShell's `;`, `|`, `&&`, `||` and
# a script block's braces, cmd's `&`, `&&`, `||`, `|`, a new line -- each run in turn: `pwsh -c "echo hi;
# Remove-Item -Recurse -Force ~"` deletes the home folder as the same text typed directly does. The floor reads
# them all, with what they do to one another as the shell reader reads a command's segments: a move of the
# location (`cd ~; ri -r -fo .`, `Set-Location C:\; rd /s /q .`, cmd's `cd /d C:\ & rd /s /q .`) is where the
# later relative targets are, a variable given a place (`$d = 'C:\'`, `$d = Get-Item ~`; PowerShell's names in
# any case: `$D` is `$d`) is that place, and a listing or a variable piped into a deleter (`gci ~ | Remove-Item
# -Recurse`, `$d | ri -r`, `gci ~ | % Delete`) hands it its places. What they delete as a whole tree is one
# Remove-Item -Recurse of every such target (more is safe: each is a tree the line deletes); a line that deletes
# no tree answers its first deleting statement as it is, and one that deletes nothing as before (its words).
_STATEMENT_END = re.compile(r"[;&|{}\n]").search
_STATEMENT_PIECE = re.compile(r"""'[^']*'?|"[^"]*"?|[;&|{}\n]|[^;&|{}\n'"]+""")
_MAX_STATEMENTS = 64
_MAX_PLACES = 8
# PowerShell's and cmd's moves of the location (`cd` alone is the home folder in PowerShell 7; `popd` goes back)
_LOCATION_MOVERS = frozenset({"cd", "chdir", "sl", "set-location", "pushd", "push-location"})
_LOCATION_BACK = frozenset({"popd", "pop-location", "cd-"})
# what a variable's assignment may name a place by: a listing of it (`$d = Get-Item ~`, `$d = (gi C:\)`)
_ITEM_MAKERS = frozenset({"get-item", "gi", "get-childitem", "gci", "ls", "dir", "resolve-path", "rvpa"})


def statement_texts(line: str) -> list[tuple[bool, str]]:
    """The statements of ``line`` (quoted runs kept whole), each with whether a lone `|` pipes the one before
    into it."""
    out: list[tuple[bool, str]] = []
    current: list[str] = []
    joiner = ""
    for piece in _STATEMENT_PIECE.findall(line):
        if len(piece) == 1 and piece in ";&|{}\n":
            if current:
                out.append((joiner == "|", "".join(current)))
                current = []
                joiner = ""
            joiner += piece
            if len(out) >= _MAX_STATEMENTS:
                break
        else:
            current.append(piece)
    if current:
        out.append((joiner == "|", "".join(current)))
    return out


def _statements_read(line: str) -> tuple[str, ...] | None:
    """What the statements of ``line`` delete, read as above, or None when it is one statement."""
    if DELETION_CUE(line) is not None:
        line = deletions_as_removals(line)  # `echo hi; (gi ~).Delete($true)`: that Remove-Item
    if MOVE_CUE(line) is not None:
        line = moves_as_mv(line)  # `echo hi; (gi ~).MoveTo('C:\x')`: that mv
    statements = statement_texts(line)
    if len(statements) < 2 and "{" not in line:
        return None  # (a script block's one statement is read: `. { Remove-Item -Recurse ~ }`)
    places = [""]  # where each statement may stand, relative to the runner's own folder ("")
    seen = [""]
    held: dict[str, list[str]] = {}  # a variable's places, by its name in lower case
    before: list[str] = []  # the statement piped into the next one
    targets: list[str] = []
    first: tuple[str, ...] | None = None
    for piped, text in statements:
        words = _statement_words(text)
        if not words:
            continue
        head = words[0].lower()
        if head[:2] == "cd" and head[2:3] in (".", "\\", "/"):
            head, words = "cd", ["cd", words[0][2:], *words[1:]]  # cmd's `cd..`, `cd\\` (the drive's root)
        if head in _LOCATION_MOVERS or head in _LOCATION_BACK:
            places = _moved(places, seen, words, held)
        elif len(words) > 2 and words[1] == "=" and words[0][:1] == "$":
            held[words[0][1:].lower()] = _assigned_places(words[2:])
        elif (
            head in WINDOWS_EACH
            and not each_deletes(words)
            and _loop_item(words, before if piped else [], held)
        ):
            pass  # `foreach ($d in gci ~) {`, `gci ~ | ForEach-Object {`: the block's item is known (session 28)
        else:
            view = _statement_view(head, words)
            trees = _statement_trees(view, before if piped else [], held)
            if trees is not None and first is None:
                first = view
            for t in trees or ():
                targets.extend(_resolved(t, places, held))
        before = words
    if targets:
        return ("remove-item", "-recurse", *targets)
    return first


# session 28: a loop's item is the places it goes through -- `foreach ($d in <places, a listing, a variable>)`
# gives `$d` them, ForEach-Object given a listing or a variable by a pipe gives its block's `$_` (`$PSItem`) the
# listing's places (`gci ~ | ForEach-Object { Remove-Item $_.FullName -Recurse }`: the item's full name is it).
_ITEM_MEMBERS = (".fullname", ".pspath", ".path")


def _loop_item(words: list[str], before: list[str], held: dict[str, list[str]]) -> bool:
    """Whether the loop statement ``words`` (``before``: what is piped into it) gave its item places."""
    if len(words) > 3 and words[1][:2] == "($" and words[2].lower() == "in":
        items = [w for w in (w.rstrip(")") for w in words[3:]) if w]
        if len(items) == 1 and items[0][:1] == "$":
            places = held.get(items[0][1:].lower(), items)
        else:
            places = [p for w in _assigned_places(items) for p in w.split(",") if p]
        held[words[1][2:].lower()] = places
        return True
    fed = _fed_places(before, held) if before and len(words) < 3 else []
    if fed:
        held["_"] = held["psitem"] = fed
    return bool(fed)


def _statement_words(text: str) -> list[str]:
    """A statement's words, unquoted, past what leads the command it runs (a block's keyword, a sub-expression's
    parenthesis, cmd's `@`, `call` and `if`)."""
    words = [w for w in (_QUOTES("", w) for w in _assignment_split(text).split()) if w]
    while words and words[0].lower() in _BLOCK_HEADS:
        words = words[1:]  # `try { ri -r ~ }`, `else {`: the statement after the keyword
    if words and (words[0][:1] == "(" or words[0][:2] == "$("):
        words = _unwrapped(words)  # `$(Remove-Item -Recurse ~)`: the statement inside
    if words and (words[0][:1] == "@" or words[0].lower() in _CMD_LEADS):
        words = _led(words)
    return words


_QUOTES = re.compile(r"['\"]").sub
_GLUED_ASSIGNMENT = re.compile(r"^(\s*\$[\w:]+)\s*=").sub


def _assignment_split(text: str) -> str:
    """A statement with its assignment's `=` a word of its own (`$d='C:\\'` is `$d = 'C:\\'`)."""
    return _GLUED_ASSIGNMENT(r"\1 = ", text, count=1) if "=" in text else text


def _unwrapped(words: list[str]) -> list[str]:
    """A statement given as a sub-expression (`$(ri -r ~)`, `(ri -r ~)`): its own words."""
    out = [words[0].lstrip("$("), *words[1:]]
    out[-1] = out[-1].rstrip(")")
    return [w for w in out if w]


_BLOCK_HEADS = frozenset({"try", "finally", "else", "do", "begin", "process", "end", "(", ")"})


def _statement_view(head: str, words: list[str]) -> tuple[str, ...]:
    """One statement's words as a view: a runner's own line read (nested), a .NET deletion as its Remove-Item."""
    if len(words) > 1 and DELETION_CUE(" ".join(words)) is not None:
        words = _removal_run(words)
        head = words[0].lower() if words else head
    view = (head, *words[1:])
    if head in WINDOWS_RUNNERS:
        inner = windows_inner(view)
        if inner is not None:
            return inner
    return view


def _statement_trees(
    view: tuple[str, ...], before: list[str], held: dict[str, list[str]]
) -> list[str] | None:
    """The trees one statement deletes ([] for a deleter that deletes none), or None when it deletes nothing;
    ``before``: the statement piped into it."""
    head = view[0]
    if head in REMOVERS:
        return REMOVERS[head](view)  # `mv ~ C:\x`: the home moved away (PowerShell's `mv` is Move-Item)
    fed = _fed_places(before, held) if before else []
    if head in WINDOWS_EACH:
        return fed if fed and each_deletes(view) else None
    if head in DELETERS and head != "rm":
        return deleted_trees(view) or []
    if head not in WINDOWS_DELETERS and head != "rm":
        return None
    as_item = ("remove-item", *view[1:]) if head == "rm" else view  # (PowerShell's `rm` is Remove-Item)
    if fed and windows_listing_recurses(before):
        as_item = (*as_item, "-recurse")
    trees = windows_deleted(as_item)
    out = [] if trees is None else trees + fed
    if head == "rm":
        out.extend(deleted_trees(view) or ())  # (and Git Bash's rm, on cmd's PATH)
    return out


def _fed_places(before: list[str], held: dict[str, list[str]]) -> list[str]:
    """The places a statement piped into a deleter hands it: a listing's (windows_listed), a variable's."""
    if before[0][:1] == "$" and len(before) == 1:
        return held.get(before[0][1:].lower(), [before[0]])
    return windows_listed(before, " ".join(before))


def _assigned_places(value: list[str]) -> list[str]:
    """The places a variable's assignment gives it: a listing's places (`Get-Item ~`, `(gi C:\\)`), else the
    words themselves (`'C:\'`, `C:\\`, `$HOME`)."""
    words = [w.strip("()") for w in value]
    words = [w for w in words if w]
    if words and words[0].lower() in _ITEM_MAKERS:
        return [w for w in words[1:] if w[:1] != "-"]
    return words


def _moved(places: list[str], seen: list[str], words: list[str], held: dict[str, list[str]]) -> list[str]:
    """Where a location move (``words``) leaves the statements after it: every folder it may be."""
    head = words[0].lower()
    if head in _LOCATION_BACK or (head == "cd" and words[1:2] == ["-"]):
        return list(dict.fromkeys(seen))[:_MAX_PLACES]  # back: any folder stood in before
    operands = [w for w in words[1:] if w[:1] != "-" and not _windows_switch(w)]
    if not operands:
        out = places + ["~"]  # PowerShell 7's `cd` alone: the home folder (cmd's prints where it is)
    else:
        out = [r for p in places for r in _resolved(operands[0], [p], held)]
    out = list(dict.fromkeys(out))[:_MAX_PLACES]
    seen.extend(out)
    return out


def _absolute(word: str) -> bool:
    return word[:1] in "/\\~$%" or word[1:2] == ":"


def _resolved(target: str, places: list[str], held: dict[str, list[str]]) -> list[str]:
    """``target`` as each of ``places`` reads it (a relative one joined to each), a variable it starts with as
    each place the line gave it (and as written, more is safe)."""
    out: list[str] = []
    if target[:1] == "$":
        name, sep, rest = target[1:].partition("\\")
        if not sep:
            name, sep, rest = target[1:].partition("/")
        if name.lower().endswith(_ITEM_MEMBERS):
            name = name.rpartition(".")[0]  # `$_.FullName`: the item's own place
        for value in held.get(name.lower(), ()):
            out.append(value + sep + rest if sep else value)
        if out:
            return [*out, target]
    if _absolute(target):
        return [target]
    for p in places:
        out.append(target if not p else p + ("" if p[-1:] in "/\\" else "\\") + target)
    return out


def runner_line(head: str, view: tuple[str, ...]) -> str | None:
    """The line a Windows runner's ``view`` (its first word ``head``, lower-cased) runs, its words' double quotes
    dropped; None when it runs none (a script file)."""
    k = _line_start(head, view)
    return None if k is None else " ".join(word.strip('"') for word in view[k:])


def _line_start(head: str, view: tuple[str, ...]) -> int | None:
    """Where the line a runner's ``view`` runs starts (after cmd's `/c`, PowerShell's `-Command`, Invoke-Expression's
    own `-Command`), or None when it runs none (a script file)."""
    if head == ".":
        return 1
    if head in _EXPRESSION_RUNNERS:
        w = view[1].lower()
        return 2 if len(view) > 2 and len(w) > 1 and "-command".startswith(w) else 1
    k = 1
    cmd = head.startswith("cmd")
    while k < len(view):
        w = view[k].lower()
        w = w[1:] if cmd and w[:2] == "//" else w  # Git Bash's `cmd //c`: cmd is handed `/c`
        if (w in ("/c", "/k", "/r")) if cmd else (w[:1] == "-" and len(w) > 1 and "-command".startswith(w)):
            break
        if w[:1] not in "-/":
            return None  # a script file, or something else than a command line
        k += 2 if not cmd and any(v.startswith(w) for v in _PS_VALUED) else 1
    return k + 1


# session 28, R4.6 and SPEC §5: what starts another program or runs a script block is read as what it runs --
# Start-Process's program and its -ArgumentList (`Start-Process cmd -ArgumentList '/c rd /s /q C:\'`, `saps pwsh
# '-c','rm -r -fo ~'`; the program named or first, its arguments named or second, PowerShell's array's items
# and each string's words one word each), cmd's `start` (its switches and title skipped), Invoke-Command's and
# Start-Job's script block (`Invoke-Command { Remove-Item -Recurse C:\ }`, as `. { ... }` runs it; a remote
# machine's deletion all the same, more is safe), forfiles' `/c` command with each file's name (`@path`,
# `@file`, `@fname`, `@relpath`) spelt as every item of its `/p` folder (`forfiles /p C:\ /c "cmd /c rd /s /q
# @path"` is `rd /s /q C:\*`). A launcher given a script file or nothing it reads runs no line read here.
_START_VALUED = (
    "argumentlist",
    "args",
    "filepath",
    "pspath",
    "path",
    "workingdirectory",
    "credential",
    "redirectstandarderror",
    "redirectstandardinput",
    "redirectstandardoutput",
    "verb",
    "windowstyle",
    "environment",
)
_CMD_START_VALUED = frozenset({"/d", "/node", "/affinity"})


_PARAMETER_NAME = re.compile(r"-([A-Za-z]+)(:.*)?", re.S).fullmatch


def _start_parameter(name: str) -> str | None:
    """The Start-Process parameter that takes a value a prefix names (`-Arg`, `-FilePath`), None for a switch
    (`-Wait`, `-PassThru`, `-NoNewWindow`) or an unknown name."""
    if name == "args":
        return name
    return next((v for v in _START_VALUED if v.startswith(name)), None)


def _started(view: tuple[str, ...]) -> tuple[str, ...] | None:
    """What Start-Process (cmd's `start`) runs: its program's name, then every word of its arguments (in the
    order written: a line a runner read holds the argument list's words one by one)."""
    program = ""
    rest: list[str] = []
    k = 1
    while k < len(view):
        w = view[k].strip("'\"")
        k += 1
        param = _PARAMETER_NAME(w)
        if w.lower() in _CMD_START_VALUED:
            k += 1
        elif param is not None:
            name = _start_parameter(param.group(1).lower())
            value = (param.group(2) or "")[1:]
            if name is not None and param.group(2) is None:
                value = view[k] if k < len(view) else ""
                k += 1
            if name in ("filepath", "path", "pspath"):
                program = value
            elif name in ("argumentlist", "args"):
                rest.append(value)
        elif w and not (w[:1] == "/" and w[1:].isalpha() and not rest and not program):
            rest.append(w)  # (not cmd's `start /b /wait` before the program, nor its title "")
    if not program and rest:
        program = rest.pop(0)
    words = [p for a in rest for piece in a.split(",") for p in piece.split()]
    name = program.strip("'\"").replace("/", "\\").rpartition("\\")[2].lower()
    return (name, *(_QUOTES("", w) for w in words)) if name else None


def _block_run(view: tuple[str, ...]) -> tuple[str, ...] | None:
    """The script block Invoke-Command or Start-Job runs, as `.` runs it (None for a script file)."""
    for k in range(1, len(view)):
        if view[k][:1] == "{":
            return (".", *view[k:])
    return None


_FORFILES_NAMES = re.compile(r"(?i)\"?@(?:path|file|fname|relpath)\"?")


def _forfiles_run(view: tuple[str, ...]) -> tuple[str, ...] | None:
    """forfiles' `/c` command (`cmd /c echo @file` when none), each file's name spelt as `<its /p folder>\\<its
    /m mask>` (its words as one word each; a word bash read as `C:` and more, its escaped blank, split)."""
    command = "cmd /c echo @file"
    folder, mask = ".", "*"
    expect = ""
    below = False  # `/s`: every file below the folder, as a deleter's own `/s` deletes them
    for word in view[1:]:
        if expect == "c":
            command, expect = word, ""
            continue
        for piece in word.split():
            low = piece.lower()
            if expect:
                folder = piece.strip('"') if expect == "p" else folder
                mask = piece.strip('"') if expect == "m" else mask
                expect = ""
            elif len(low) == 2 and low[0] in "/-" and low[1] in "pmdc":
                expect = low[1]
            below = below or (len(low) == 2 and low[0] in "/-" and low[1] == "s")
    place = folder.rstrip("\\/") + "\\" + mask
    words = _FORFILES_NAMES.sub(place.replace("\\", "\\\\"), command.replace("0x22", '"')).split()
    if not words:
        return None
    run = (words[0].lower(), *(w.strip('"') for w in words[1:]))
    if below and run[0] in WINDOWS_RUNNERS:
        inner = windows_inner(run)
        if inner is not None and WINDOWS_DELETERS.get(inner[0]) == "tree":
            return (*inner, "/s" if inner[0] in ("del", "erase", "rd", "rmdir") else "-recurse")
    return run


_LAUNCHERS: dict[str, Callable[[tuple[str, ...]], tuple[str, ...] | None]] = {
    **dict.fromkeys(_STARTERS, _started),
    **dict.fromkeys(_BLOCK_RUNNERS, _block_run),
    **dict.fromkeys(_FORFILES, _forfiles_run),
}

_CMD_LEADS = frozenset({"call", "if"})


def _led(words: list[str]) -> list[str]:
    """A statement's words past what leads the command it runs: cmd's `@` (no echo) and `call`, and cmd's `if`
    (`if exist C:\\ rd /s /q C:\\`: from the first word that names a deleter or a runner, more is safe)."""
    if words and words[0][:1] == "@":
        words = [w for w in (words[0].lstrip("@"), *words[1:]) if w]
    while words and words[0].lower() == "call":
        words = words[1:]
    if len(words) > 2 and words[0].lower() == "if" and words[1][:1] != "(":
        for j in range(2, len(words)):
            if words[j].lower() in _DELETERS_AND_RUNNERS or words[j].lower() == "rm":
                return words[j:]
    return words


def _removal_run(words: list[str]) -> list[str]:
    """The words of a line a Windows runner runs, when it is .NET's or an item's deletion
    (permissions.commands.windows_deletions): the Remove-Item it is; else ``words``."""
    line = deletions_as_removals(" ".join(words))
    at = line.lower().find("remove-item -recurse ")
    if at < 0:
        return words
    return [w.strip("'\"") for w in line[at:].partition(")")[0].split(";")[0].split()]


def windows_deleted(view: tuple[str, ...]) -> list[str] | None:
    """The operands a Windows deleter deletes a whole tree of (``/`` for a volume it wipes whatever they are),
    or None when ``view`` is none (or deletes no tree: `del C:\\x` without `/S`)."""
    kind = WINDOWS_DELETERS.get(view[0])
    if kind is None:
        return None
    if kind == "volume":
        return _ROOT_ONLY
    if kind == "mirror":
        return _mirrored(view)
    if kind == "move":
        return _items_moved(view)
    tree = kind == "operands"
    targets: list[str] = []
    # PowerShell and cmd read no backslash escape: `C:\\ -Recurse` is two words there (one for the shell reader).
    # ... and a double quote names no file there: `"C:\"` is `C:\` (bash reads `C:"`, its quote escaped, and the
    # rest of the line with it: `"C:\"; echo x` is read up to PowerShell's `;`, more of the line read is safe).
    for w in (piece for word in view[1:] for piece in (_UNQUOTED(word) if '"' in word else word.split())):
        if w[:1] == "-" and len(w) > 1:
            name = w[1:].partition(":")[0].lower()
            tree = tree or "recurse".startswith(name)  # `-r`, `-Rec`, `-Recurse:$true`
        elif _windows_switch(w):
            tree = tree or "/s" in w.lower()
        elif w[:1] == "$":
            targets.extend(t for p in w.split(",") if p for t in _spelt_in_any_case(p))
        else:
            targets.extend(p for p in w.split(",") if p)  # PowerShell's array: `-Path C:\,D:\`
    if tree:
        return targets
    # red team: without recursion, a pattern over every name of a folder (`del /q C:\*`, `Remove-Item ~\*`): each
    # file of it, as `rm -f ~/*` is read (deleted_every_name)
    return [t for t in targets if every_name(t)] or None


_VARIABLE = re.compile(r"\$(\{?)([A-Za-z_]\w*)")


def _spelt_in_any_case(word: str) -> list[str]:
    """session 27, R4.6: a target led by a PowerShell variable, also spelt as the same variable's usual other
    spellings -- its name in lower case, upper case, capitalised: PowerShell's names ignore case (`$d = 'C:\\';
    Remove-Item $D -Recurse` deletes `C:\\`), the floor's values are looked up as written."""
    m = _VARIABLE.match(word)
    if m is None:
        return [word]
    name, rest = m.group(2), word[m.end() :]
    lead = "$" + m.group(1)
    spelt = (word, *(lead + n + rest for n in (name.lower(), name.upper(), name.capitalize())))
    return list(dict.fromkeys(spelt))


_UNQUOTED = re.compile(r'[^\s";|&]+').findall  # (windows_deleted: a word's pieces past bash's escaped quote)

# Move-Item's parameters whose value is no source (any prefix PowerShell takes: `-Dest`, `-de`)
_MOVE_VALUED = ("destination", "filter", "include", "exclude", "credential")


def _items_moved(view: tuple[str, ...]) -> list[str] | None:
    """What Move-Item (cmd's `move`) takes away: its `-Path` and `-LiteralPath` values and its operands but the
    last (the destination), or all of them when `-Destination` is named; None when none."""
    words = [p for word in view[1:] for p in (_UNQUOTED(word) if '"' in word else word.split())]
    sources: list[str] = []
    operands: list[str] = []
    named_destination = False
    k = 0
    while k < len(words):
        w = words[k]
        k += 1
        if w[:1] == "-" and len(w) > 1:
            name, colon, value = w[1:].lower().partition(":")
            valued = len(name) > 1 and any(v.startswith(name) for v in _MOVE_VALUED)
            named_destination = named_destination or (len(name) > 1 and "destination".startswith(name))
            if not colon and (valued or "literalpath".startswith(name) or "path".startswith(name)):
                value = words[k] if k < len(words) else ""
                k += 1
            if value and not valued:
                sources.extend(p for p in value.split(",") if p)  # -Path, -LiteralPath (and any other: more)
        elif not _windows_switch(w):
            operands.extend(p for p in w.split(",") if p)
    sources.extend(operands if named_destination else operands[:-1])
    return [t for s in sources for t in _spelt_in_any_case(s)] or None


# PowerShell's listings whose items a pipe hands on to a deleter (`Get-ChildItem C:\\ | Remove-Item -Recurse`):
# what they list is what it deletes -- and the printers and a string, whose text binds to Remove-Item's -Path
# (`echo C:\\ | Remove-Item -Recurse`, `'C:\\' | Remove-Item -Recurse`).
WINDOWS_LISTERS = frozenset(
    {"get-item", "gi", "get-childitem", "gci", "ls", "dir", "echo", "write-output", "write"}
)
# session 25: ForEach-Object given the member's name Delete (`gci ~ | % Delete`, `ForEach-Object -MemberName
# Delete -ArgumentList $true`) calls each piped item's own Delete(): what Remove-Item -Recurse does to them, or
# less (a folder's without `$true`). Not in WINDOWS_DELETERS (vocabulary reads those as programs).
WINDOWS_EACH = frozenset({"foreach-object", "%", "foreach"})
# Windows' deleters that take the places to delete from the pipe (PowerShell's `rm` is Remove-Item too)
WINDOWS_PIPED_DELETERS = frozenset(WINDOWS_DELETERS) | {"rm"} | WINDOWS_EACH
# (what ForEach-Object's Delete is read as: permissions.where reads it with the places piped in)
EACH_DELETION: tuple[str, ...] = ("remove-item", "-recurse")


# session 27: and the member MoveTo (`gci ~ | % MoveTo C:\x`, `% MoveTo('C:\x')` once
# permissions.commands.windows_deletions spelt it): each item leaves its place, as `mv ~ x` takes the home away.
_EACH_MEMBERS = frozenset({"delete", "moveto"})


def each_deletes(words: Sequence[str]) -> bool:
    """Whether ForEach-Object's ``words`` name the member Delete or MoveTo (any case, `-MemberName:Delete` too):
    any of its words but parameter names, more is safe -- or its script block deletes the piped item's tree."""
    if any(w.rpartition(":")[2].lower() in _EACH_MEMBERS for w in words[1:] if w[:1] != "{"):
        return True
    return any(w[:1] == "{" for w in words[1:]) and _block_deletes_item(words)


# session 28, R4.6: ForEach-Object's script block handing the piped item to a deleter of trees -- `'C:\' | % {
# ri $_ -r -fo }`, `$HOME | ForEach-Object { Remove-Item $PSItem.FullName -Recurse }`, `{ rd /s /q $_ }` --
# deletes what is piped in, as `% Delete` does (each_deletes; permissions.where hands it the places piped in).
_PIPED_ITEM = ("$_", "$psitem", "${_}", "${psitem}")


def _block_deletes_item(words: Sequence[str]) -> bool:
    body = [w.strip("{}") for w in words[1:]]
    for j, w in enumerate(body):
        head = "remove-item" if w.lower() == "rm" else w.lower()
        if WINDOWS_DELETERS.get(head) != "tree":
            continue
        rest = tuple(body[j + 1 :])
        if (
            any(r.lower().startswith(_PIPED_ITEM) for r in rest)
            and windows_deleted((head, *rest)) is not None
        ):
            return True
    return False


def windows_listing_recurses(words: Sequence[str]) -> bool:
    """Whether a PowerShell listing's ``words`` walk the whole tree (`-Recurse` or a prefix, `-Depth`, cmd's
    `/s`): piped into a deleter, every file under its places is deleted, as by a tree's deletion."""
    for w in (piece for word in words[1:] for piece in word.split()):  # (`C:\\ -Recurse`: one word for bash)
        if w[:1] == "-" and len(w) > 1:
            name = w[1:].partition(":")[0].lower()
            if "recurse".startswith(name) or name == "depth":
                return True
        elif w.lower() == "/s":
            return True
    return False


def windows_listed(words: Sequence[str], text: str) -> list[str]:
    """The places a PowerShell listing (the segment ``text``, its ``words``) names -- every word but its
    parameters' names: a value read as a place too, more is safe -- or [] when it is no listing."""
    if not words:
        return []
    if text[:1] in "'\"":
        start = 0  # a string leads the pipeline: its text is the item
    elif len(words) == 1 and words[0][:1] == "$":
        return _spelt_in_any_case(
            words[0]
        )  # session 27: a variable's item (`$d = '~'; $d | Remove-Item -Recurse`)
    elif words[0].lower() in WINDOWS_LISTERS:
        start = 1
    else:
        return []
    return [
        p
        for word in words[start:]
        for w in (_UNQUOTED(word) if '"' in word else word.split())
        if w[:1] != "-"
        for p in w.split(",")  # PowerShell's array: `gci C:\,D:\`
        if p
    ]


_MIRRORS = ("/mir", "/purge")
_ROBOCOPY_SWITCH = re.compile(
    r"/[A-Za-z0-9]+[+-]?(?::.*)?"
).fullmatch  # `/MIR`, `/R:3`, `/LOG:x.txt`, `/A+:R`
_MOVES = ("/move", "/mov")


def _mirrored(view: tuple[str, ...]) -> list[str] | None:
    """What robocopy's ``view`` deletes the files of: its destination (the second operand) with `/MIR` or
    `/PURGE`, its source (the first) with `/MOVE` or `/MOV`; None when neither."""
    words = [
        p.replace('"', "") for word in view[1:] for p in (_UNQUOTED(word) if '"' in word else word.split())
    ]
    words = [w[1:] if w[:2] == "//" else w for w in words]  # Git Bash's `//MIR`: robocopy is handed `/MIR`
    switches = {w.lower() for w in words if _ROBOCOPY_SWITCH(w)}
    operands = [w for w in words if not _ROBOCOPY_SWITCH(w)][:2]
    if len(operands) < 2:  # Git Bash hands robocopy `/c` as drive C:'s root (`robocopy empty /c //MIR`)
        operands = [w for w in words if not _ROBOCOPY_SWITCH(w) or len(w) == 2][:2]
    out = (operands[1:] if not switches.isdisjoint(_MIRRORS) else []) + (
        operands[:1] if not switches.isdisjoint(_MOVES) else []
    )
    return out or None


def floor_denies_views(all_views: Sequence[tuple[str, ...]]) -> str | None:
    """As :func:`floor_denies`, for views already computed."""
    for view in all_views:
        if not view:
            continue
        if view[0] in DELETERS and _deletes_root(view):
            return BUILTIN_DENY[0]
        if view[0] == "find" and _find_deletes_root(view):
            return BUILTIN_DENY[0]
        if view[0] in DISK_VERBS and _writes_disk(view):
            return BUILTIN_DENY[0]
    return None


# -- R4.6, R4.7: inline code of another language (`python -c`, `node -e`, `perl -e`, `ruby -e`, `php -r`) --------------
# The code stays opaque (R4.9: never auto-approved), but a recognisable part of it is read for the floor, bounded:
# - the well-known calls that delete a folder's whole tree, given a literal first argument (or a list of them):
#   Python's shutil.rmtree (and dir_util.remove_tree, send2trash), node's fs.rm/rmSync/rmdir/rmdirSync and Deno's
#   remove/removeSync with `recursive`, fs-extra's remove/removeSync/emptyDir, rimraf, del's deleteSync, Ruby's
#   FileUtils.rm_rf/rm_r/remove_dir/remove_entry and Pathname#rmtree, Perl's File::Path rmtree/remove_tree;
# - the literal command a shell-running call is given -- one string as a command line (`os.system("rm -rf /")`,
#   `execSync('…')`, `system "…"`), or literal words as its argv (`subprocess.run(["rm", "-rf", "/"])`,
#   `spawn("rm", ["-rf", "/"])`, `system("rm", "-rf", "/")`, `new Deno.Command("rm", {args: [...]})`) -- and what
#   backticks run in the languages where they run a shell (Perl, Ruby, PHP, Julia; `qx{…}`, `%x(…)`) or after `$`
#   (zx, Bun's shell); AppleScript's `do shell script "…"`.
# The home folder spelled as code spells it (`os.path.expanduser('~')`, `Path.home()`, `os.homedir()`,
# `process.env.HOME`, `ENV['HOME']`, `$ENV{HOME}`, `Dir.home`) is `~`; a path object of a literal (`Path('/')`,
# `Pathname.new('/')`) is the literal; an argument indexed from the program's arguments (`sys.argv[1]`, `ARGV[0]`,
# `$ARGV[0]`, `process.argv[2]`) is any of them. Anything else built at run time is not known: the floor stays
# silent and the opaque code asks.
# (unrolled and possessive: a long or unclosed quote is scanned once, in the regex engine's own loop)
_LITERAL = r"""(?:[rRbBuUfF]?'[^'\\\n]*+(?:\\.[^'\\\n]*+)*+'|[rRbBuUfF]?"[^"\\\n]*+(?:\\.[^"\\\n]*+)*+")"""
_HOME_CODE = re.compile(
    r"os\.path\.expanduser\(\s*(['\"])~/?\1\s*\)|(?:pathlib\.)?Path\.home\(\)|Dir\.home\b"
    r"|(?:require\(\s*['\"](?:node:)?os['\"]\s*\)\.|os\.)?homedir\(\)"
    r"|process\.env\.HOME\b|process\.env\[\s*(['\"])HOME\2\s*\]|os\.environ\[\s*(['\"])HOME\3\s*\]"
    r"|os\.(?:environ\.get|getenv)\(\s*(['\"])HOME\4\s*\)|ENV\[\s*(['\"])HOME\5\s*\]|\$ENV\{\s*['\"]?HOME['\"]?\s*\}"
    r"|Deno\.env\.get\(\s*(['\"])HOME\6\s*\)|getenv\(\s*(['\"])HOME\7\s*\)|File\.expand_path\(\s*(['\"])~/?\8\s*\)"
    r"|Sys\.getenv\(\s*(['\"])HOME\9\s*\)|expanduser\(\s*(['\"])~/?\10\s*\)"
    r"|(?:pathlib\.)?(?:Path|PosixPath)\(\s*(['\"])~/?\11\s*\)\.expanduser\(\)"
)
_PATH_OF = re.compile(
    r"(?:(?:pathlib\.)?(?:Path|PurePath|PosixPath)|Pathname\.new|Pathname|File\.expand_path|path\.resolve"
    r"|os\.path\.(?:abspath|realpath|normpath))\(\s*(" + _LITERAL + r")\s*\)"
)
_ARGV = re.compile(r"(?:sys\.argv|process\.argv|Deno\.args|Bun\.argv|\$ARGV|ARGV)\s*\[\s*-?\d+\s*\]")
# Calls that delete a whole tree whatever their options, and those that do with `recursive` among their arguments.
_TREE_ALWAYS = frozenset(
    "rmtree remove_tree rm_rf rm_r remove_dir remove_entry remove_entry_secure rimraf rimrafSync sync deleteSync"
    " deleteAsync del emptyDir emptyDirSync send2trash".split()
)
_TREE_IF_RECURSIVE = frozenset({"rm", "rmSync", "rmdir", "rmdirSync", "remove", "removeSync", "unlink"})
# node's own fs has no remove: fs-extra's deletes trees (`fse.remove`, `require('fs-extra').removeSync`)
_FS_EXTRA = re.compile(r"(?:\b(?:fse|fsExtra|fs_extra|fs)|fs-extra['\"]\s*\))\.$")
_RUNS_SHELL = frozenset(
    "system popen popen2 popen3 popen4 exec execSync execFile execFileSync execv execve execvp execvpe execl execlp"
    " execle execlpe spawn spawnSync spawnv spawnvp spawnl spawnlp call check_call check_output run Popen getoutput"
    " getstatusoutput shell_exec passthru proc_open pcntl_exec execute capture2 capture2e capture3 popen_run"
    " pipeline Command system2 spawnAsync execa execaSync execaCommand execaCommandSync"
    # red team: asyncio's and os's own (`asyncio.create_subprocess_shell('rm -rf /')`, `os.posix_spawnp('rm', [...])`)
    " create_subprocess_shell create_subprocess_exec posix_spawn posix_spawnp".split()
)
# (each name read once, from its first letter: a long word is never scanned again from each of its letters)
_CALL = re.compile(r"(\.?)(?<![\w$])([A-Za-z_$][\w$]*+)(?:\s*+\(|[ \t]++(?=[\"'\[]))")
_BACKTICKS = re.compile(r"`([^`]{0,2000})`")
_QX = re.compile(
    r"(?:\bqx|%x)\s*(?:\{([^}]{0,2000})\}|\(([^)]{0,2000})\)|\[([^\]]{0,2000})\]|([/|!#])([^/|!#]{0,2000})\4)"
)
_DO_SHELL = re.compile(r"do\s+shell\s+script\s+(" + _LITERAL + ")")
_MAX_CODE = 20_000  # (what is read of one program: a long one past it is opaque all the same)


# red team: a variable of the environment read by code (`os.environ['D']`, `process.env.D`, `ENV['D']`, `$ENV{D}`,
# `os.getenv('D')`, awk's `ENVIRON["D"]`) is the shell's `$D` -- permissions.where reads it with the values the
# command gives it (`D=/ python3 -c …`) --, and the working directory as code asks for it (`os.getcwd()`, `process.cwd()`, `Dir.pwd`,
# `Path.cwd()`) is `.`, read from where the program runs (`cd / && node -e "fs.rmSync(process.cwd(), …)"`).
_ENV_CODE = re.compile(
    r"(?:os\.environ\[|os\.environ\.get\(|os\.getenv\(|process\.env\[|ENV\[|ENVIRON\[|ENV\.fetch\(|Deno\.env\.get\("
    r"|\bgetenv\(|Sys\.getenv\()\s*['\"](\w+)['\"]\s*(?:[\])]|(?=,))|process\.env\.(\w+)|\$ENV\{\s*['\"]?(\w+)['\"]?\s*\}"
)
_CWD_CODE = re.compile(
    r"os\.getcwd\(\)|(?:pathlib\.)?Path\.cwd\(\)|process\.cwd\(\)|Deno\.cwd\(\)|Dir\.pwd\b|Dir\.getwd\b"
    r"|(?:Cwd::)?\b(?:getcwd|cwd)\(\)"
)


def _env_literal(m: re.Match[str]) -> str:
    return "'$" + (m.group(1) or m.group(2) or m.group(3)) + "'"


# red team: a name the code gives a literal (`h = '/'`, `const d = "/"`, `my $d = "/"`) is that literal where it is
# used (`shutil.rmtree(h)`, `'rm -rf ' + h`), and a literal put into a string (`f"rm -rf {'~'}"`, Ruby's `"#{'~'}"`,
# JS's `${'~'}`, `'rm -rf %s' % '~'`, `'rm -rf {}'.format('~')`) is written in it; a JS template literal with nothing
# left to fill in is a literal. A few names, each value wherever the name is used (deny more).
_NAMED = re.compile(
    r"(?<![\w$.])(?:(?:const|let|var|my|our|local)\s++)?(\$?[A-Za-z_]\w*+)\s*+=\s*+("
    + _LITERAL
    + r")(?=\s*+(?:[;\n,)]|$))"
)
_INTERPOLATED = re.compile(r"(?:#|\$)?\{\s*+'([^'\\{}\n]*+)'\s*+\}|(?:#|\$)?\{\s*+\"([^\"\\{}\n]*+)\"\s*+\}")
_FORMATTED = re.compile(r"(" + _LITERAL + r")\s*+(?:%\s*+|\.format\(\s*+)(" + _LITERAL + r")\s*+\)?")
_TEMPLATE = re.compile(r"(?<!\$)`([^`$\\\n]{0,2000})`")  # (not zx's or Bun's `$\`…\``: a shell's line)
_JS_FAMILIES = frozenset({"node", "nodejs", "deno", "bun", "tsx", "esno"})
_MAX_NAMES = 16


def _filled_in_code(code: str) -> str:
    """``code`` with the names given a literal, interpolations and formats of literals, written as literals."""
    if "=" in code:
        for k, m in enumerate(_NAMED.finditer(code)):
            if k >= _MAX_NAMES:
                break
            name = re.escape(m.group(1))
            literal = m.group(2).lstrip("fF").replace("\\", "\\\\")
            code = re.sub(r"(?<![\w$.'\"])" + name + r"(?![\w(]|\s*=[^=])", literal, code)
    if "{" in code:
        code = _INTERPOLATED.sub(
            lambda m: (m.group(1) if m.group(1) is not None else m.group(2)).replace("\\", ""), code
        )
    if "%" in code or ".format(" in code:
        code = _FORMATTED.sub(_format, code)
    return code


def _format(m: re.Match[str]) -> str:
    text, value = m.group(1), _unquote(m.group(2))
    quote = text.lstrip("rRbBuUfF")[0]
    body = _unquote(text).replace("%s", value, 1).replace("{}", value, 1).replace("{0}", value)
    return quote + body.replace(quote, "\\" + quote) + quote


# red team: the root spelled as code spells its separator -- Python's `os.sep`/`os.path.sep`, node's `path.sep`
# (`require('path').sep`, `path.posix.sep`), Ruby's `File::SEPARATOR`, the character itself (`chr(47)`,
# `String.fromCharCode(47)`) -- is `'/'` (`shutil.rmtree(os.sep)`, `os.path.abspath(os.sep)`).
_SEPARATOR_CODE = re.compile(
    r"(?<![\w$])(?:os\.path\.|os\.|(?:require\(\s*['\"](?:node:)?path['\"]\s*\)|path)(?:\.posix)?\.)sep\b"
    r"|(?<![\w$.])chr\(\s*47\s*\)|String\.fromCharCode\(\s*47\s*\)|File::SEPARATOR\b"
)


def _places_as_literals(code: str) -> str:
    """``code`` with the places it names by a call written as the literals they are: the home folder (`'~'`), a
    path object of a literal (the literal), a variable of the environment (`'$D'`), the working directory (`'.'`);
    then the names given a literal and what is put into a string (_filled_in_code)."""
    if "ome" in code or "HOME" in code or "~" in code:  # (what every spelling of _HOME_CODE holds)
        code = _HOME_CODE.sub("'~'", code)
    if "sep" in code or "47" in code or "SEPARATOR" in code:  # (every spelling of _SEPARATOR_CODE holds one)
        code = _SEPARATOR_CODE.sub("'/'", code)
    if "ath" in code:  # (Path, Pathname, expand_path, abspath, path.resolve ...)
        code = _PATH_OF.sub(lambda m: m.group(1), code)
    if "env" in code or "ENV" in code:
        code = _ENV_CODE.sub(_env_literal, code)
    if "wd" in code:
        code = _CWD_CODE.sub("'.'", code)
    return _filled_in_code(code)


# red team: a deleting or shell-running call under another name is that call -- imported as another name (`from
# shutil import rmtree as r`, `from os import system as s`), bound to one (`r = shutil.rmtree`, `const r =
# fs.rmSync`, `const r = require('rimraf')`), destructured as one (`const {rmSync: r} = require('fs')`), or reached
# by its name as a string (`getattr(shutil, 'rmtree')`, `fs['rmSync']`). A few names, each call of the new name read
# as the old (deny more).
_CALLED_NAMES = _TREE_ALWAYS | _TREE_IF_RECURSIVE | _RUNS_SHELL
_ALIASED = re.compile(
    r"(?<![\w$.])([A-Za-z_]\w*+)\s++as\s++([A-Za-z_]\w*+)"  # Python's import ... as
    r"|(?<![\w$.'\"])([A-Za-z_$][\w$]*+)\s*+:\s*+([A-Za-z_$][\w$]*+)\s*+(?=[,}])"  # JS's {name: alias}
    r"|(?<![\w$.])\$?([A-Za-z_$][\w$]*+)\s*+=\s*+(?:(?:[\w$]++\s*+\.\s*+)++([A-Za-z_$][\w$]*+)"
    r"|require\(\s*+['\"]([\w:/-]++)['\"]\s*+\)(?:\s*+\.\s*+([A-Za-z_$][\w$]*+))?)"
    r"\s*+(?=[;\n)]|$)"  # alias = module.name, = require('rimraf'), = require('fs').rmSync
)
_BY_STRING = re.compile(
    r"getattr\(\s*+[\w.]++\s*+,\s*+(['\"])(\w++)\1\s*+\)|\[\s*+(['\"])(\w++)\3\s*+\](?=\s*+\()"
)
# red team: a relative tree deleted after the code moved to a literal place (`os.chdir('/'); shutil.rmtree('.')`,
# `process.chdir(os.homedir())`, `Dir.chdir('/')`, Perl's `chdir '/'`) is read from there too.
_CHDIR_CODE = re.compile(
    r"(?:os\.chdir|process\.chdir|Dir\.chdir|Deno\.chdir|(?<![\w$.])chdir)\s*+\(?\s*+(" + _LITERAL + ")"
)
# red team: a literal tree walked or listed (`os.walk('/')`, `Path('/').rglob('*')` once the path is its literal,
# `glob.glob('/**', recursive=True)`, `os.listdir('/')`, node's `readdirSync('/', …)`, Ruby's `Find.find('/')`,
# `Dir.glob('/**/*')`, `Dir['/**/*']`, Perl's File::Find `find(sub {…}, '/')`) by code that deletes what it is
# handed (a file deleter or a tree deleter given no literal: `os.remove(os.path.join(r, f))`, `p.unlink()`) has that
# tree deleted, as `find / -delete` has.
_WALKED = re.compile(
    r"(?:os\.walk|os\.scandir|os\.listdir|glob\.i?glob|Find\.find|walkSync|readdirSync|readdir|Dir\.glob"
    r"|Dir\.children|Dir\.entries|Dir\.each_child|opendir)\s*+\(\s*+(?:\w++\s*+,\s*+)?(" + _LITERAL + ")"
    r"|(" + _LITERAL + r")\s*+\.\s*+(?:rglob|glob|iterdir|walk)\s*+\("
    r"|Dir\[\s*+("
    + _LITERAL
    + r")|(?<![\w$.])find\s*+\(\s*+(?:sub\s*+\{[^}]{0,400}\}|\\&\w++)\s*+,\s*+("
    + _LITERAL
    + ")"
)
_EACH_DELETER = re.compile(
    r"(?<![\w$])(?:remove|unlink|unlinkSync|rmSync|rm|rm_f|rm_rf|rmtree|delete|removeSync|rimraf)\s*+(\()"
    r"|\.\s*+(?:unlink|delete|rmtree)\s*+\(\s*+\)|(?<![\w$])unlink\b(?!\s*+\()"
)
_MAX_WALKS = 8


def _unaliased(code: str) -> str:
    """``code`` with each call of a deleting or shell-running call under another name written by its own name."""
    if "getattr" in code or "[" in code:
        code = _BY_STRING.sub(_by_string, code)
    pairs: list[tuple[str, str]] = []
    for m in _ALIASED.finditer(code):
        alias, name = (m.group(2), m.group(1)) if m.group(1) else (m.group(4), m.group(3))
        if alias is None:
            alias, name = m.group(5), m.group(6) or m.group(8) or m.group(7)
        if name in _CALLED_NAMES and alias != name:
            pairs.append((alias, name))
            if len(pairs) >= _MAX_NAMES:
                break
    for alias, name in pairs:
        code = re.sub(r"(?<![\w$.])" + re.escape(alias) + r"(?=\s*+\()", name, code)
    return code


def _by_string(m: re.Match[str]) -> str:
    name = m.group(2) or m.group(4)
    return "." + name if name in _CALLED_NAMES else m.group(0)


def _moved_trees(code: str, trees: list[str]) -> list[str]:
    """The relative ``trees`` read from each literal place the code moves to first (_CHDIR_CODE)."""
    out: list[str] = []
    for m in list(_CHDIR_CODE.finditer(code))[:_MAX_WALKS]:
        base = _unquote(m.group(1)).rstrip("/") or ""
        out.extend(base + "/" + t for t in trees if t[:1] not in ("/", "~", "$"))
    return out


def _walked_trees(code: str) -> list[str]:
    """The literal trees ``code`` walks or lists when it also deletes what it is handed (_WALKED), else []."""
    walked = [
        _unquote(next(g for g in m.groups() if g is not None))
        for m in list(_WALKED.finditer(code))[:_MAX_WALKS]
    ]
    if not walked:
        return []
    for m in list(_EACH_DELETER.finditer(code))[:_MAX_CALLS]:
        if m.group(1) is None or not isinstance((_arguments(code, m.end()) or [None])[0], str):
            return walked  # (a deleter handed something built at run time: what the walk found)
    return []


# red team: code handed to the language's own evaluator as a literal -- as written (`exec('import shutil; …')`,
# `eval("require('fs').rmSync(…)")`), or decoded from base64 or hex on the way (`exec(base64.b64decode('…'))`,
# `exec(bytes.fromhex('…').decode())`, node's `eval(Buffer.from('…', 'base64').toString())`, `eval(atob('…'))`) --
# is read as code too, one level deep.
_EVALUATED = re.compile(
    r"(?<![\w$])(?:exec|eval|compile|instance_eval|class_eval)\s*+\(\s*+(?:(?P<code>" + _LITERAL + r")"
    r"|(?:base64\.)?(?:b64decode|decodebytes|standard_b64decode|urlsafe_b64decode|decode64|atob)\s*+\(\s*+(?P<b64>"
    + _LITERAL
    + r")|bytes\.fromhex\s*+\(\s*+(?P<hex>"
    + _LITERAL
    + r")|Buffer\.from\s*+\(\s*+(?P<buf>"
    + _LITERAL
    + r")\s*+,\s*+['\"](?P<enc>base64|hex)['\"])"
)
_MAX_EVALUATED = 4


def _evaluated(code: str) -> list[str]:
    """The code ``code`` hands its evaluator as a literal, decoded (_EVALUATED); what does not decode is left out."""
    out: list[str] = []
    for m in list(_EVALUATED.finditer(code))[:_MAX_EVALUATED]:
        if m.group("code") is not None:
            out.append(_unquote(m.group("code")))
            continue
        encoded = _unquote(m.group("b64") or m.group("hex") or m.group("buf"))
        as_hex = m.group("hex") is not None or m.group("enc") == "hex"
        try:
            raw = bytes.fromhex(encoded) if as_hex else binascii.a2b_base64(encoded)
        except ValueError:
            continue
        out.append(raw[:_MAX_CODE].decode("utf-8", "replace"))
    return out


def code_deletions(family: str, code: str, args: Sequence[str]) -> tuple[list[str], list[str]]:
    """What inline code of ``family`` recognisably deletes (see above): (the trees its calls delete, the command
    lines it runs). ``args``: the program's arguments after the code."""
    code = _places_as_literals(code[:_MAX_CODE])
    if " as " in code or "=" in code or ":" in code or "getattr" in code or "[" in code:
        code = _unaliased(code)
    if "`" in code and (family in _JS_FAMILIES or family.startswith("ts-node")):
        code = _TEMPLATE.sub(lambda m: _quoted(m.group(1)), code)
    codes = [code]
    if args and _ARGV.search(code) is not None:
        # (any of them: deny more; the replacement's backslashes doubled, as re.sub reads them)
        codes = [_ARGV.sub(_quoted(a).replace("\\", "\\\\"), code) for a in args[:8]]
    if "exec" in code or "eval" in code:
        codes.extend(_places_as_literals(inner) for inner in _evaluated(code))
    trees: list[str] = []
    lines: list[str] = []
    for text in codes:
        _read_calls(text, trees, lines)
        lines.extend(_shell_strings(family, text))
        trees.extend(_walked_trees(text))
        if "dir" in text:  # (each spelling of _CHDIR_CODE holds it)
            trees.extend(_moved_trees(text, trees))
    return trees, lines


def _quoted(word: str) -> str:
    return "'" + word.replace("\\", "\\\\").replace("'", "\\'") + "'"


_MAX_CALLS = (
    48  # (calls read in one program, each at most _ARGUMENTS_READ characters: hostile input stays cheap)
)
_ARGUMENTS_READ = 600


# red team: the path or the command given by its keyword (`shutil.rmtree(path='/')`, `subprocess.run(args=[...])`,
# `os.system(command='…')`) is the argument it names.
_KEYWORD_FIRST = re.compile(r"(?<=[(,])\s*+(?:path|args|command|cmd)\s*+=\s*+(?=[\"'\[])")


def _read_calls(code: str, trees: list[str], lines: list[str]) -> None:
    if "=" in code:
        code = _KEYWORD_FIRST.sub("", code)
    read = 0
    for m in _CALL.finditer(code):
        name = m.group(2)
        tree = name in _TREE_ALWAYS or name in _TREE_IF_RECURSIVE
        if not tree and name not in _RUNS_SHELL:
            continue
        read += 1
        if read > _MAX_CALLS:
            break
        items = _arguments(code, m.end())
        if tree:
            span = code[m.end() : m.end() + 400]
            if name in _TREE_ALWAYS and (
                name != "sync" or "rimraf" in code[max(0, m.start() - 8) : m.start()]
            ):
                trees.extend(_leading_literals(items))
            elif "recursive" in span or (
                name.startswith("remove") and _FS_EXTRA.search(code, 0, m.start() + 1)
            ):
                trees.extend(_leading_literals(items))
        else:
            argv = _leading_literals(items, words=True)
            if len(argv) == 1:
                lines.append(argv[0])
            elif argv:
                lines.append(" ".join(_quoted_for_shell(a) for a in argv))
    # Ruby's `Pathname.new('/').rmtree`, once the path object is its literal: `'/'.rmtree`
    for m in _RUBY_RMTREE.finditer(code):
        trees.append(_unquote(m.group(0).rpartition(".")[0].strip()))


def _quoted_for_shell(word: str) -> str:
    return "'" + word.replace("'", "'\\''") + "'"


_UNESCAPE = re.compile(r"\\(.)")


def _unquote(literal: str) -> str:
    body = literal.lstrip("rRbBuUfF")[1:-1]
    return _UNESCAPE.sub(r"\1", body) if "\\" in body else body


_ITEM_LITERAL = re.compile(r"\s*(" + _LITERAL + r")\s*")
# literals joined by `+` (Python, JS, Ruby) or `.` (Perl, PHP): `"rm -rf " . $ENV{HOME}` once the home is `'~'`
_ITEM_JOINED = re.compile(r"\s*(" + _LITERAL + r"(?:\s*[+.]\s*" + _LITERAL + r")*)\s*")
_OPTION_LIST = re.compile(r"\b(?:args|cmd)\s*:\s*\[")


def _arguments(code: str, at: int) -> list[str | list[str] | None]:
    """The top-level arguments of the call whose arguments start at ``at`` (after its `(`, or after the blank of
    a call without parentheses, which ends at `;` or the line's end), each a literal's text, a list of literals
    (`[...]`, or an options object's `args:`/`cmd:` list) or None (anything else)."""
    out: list[str | list[str] | None] = []
    k = at
    n = min(len(code), at + _ARGUMENTS_READ)
    while k < n and len(out) < 16:
        m = _ITEM_JOINED.match(code, k)
        if m is not None and (m.end() >= n or code[m.end()] in ",);\n]}"):
            out.append("".join(_unquote(x.group(0)) for x in _A_LITERAL.finditer(m.group(1))))
            k = m.end()
        else:
            end = _item_end(code, k, n)
            item = code[k:end].strip()
            if item[:1] == "[" or _OPTION_LIST.search(item) is not None:
                start = item.find("[") + 1
                listed = [_unquote(x.group(1)) for x in _ITEM_LITERAL.finditer(item, start)]
                out.append(listed if listed else None)
            else:
                out.append(None)
            k = end
        if k >= n or code[k] != ",":
            break
        k += 1
    return out


_A_LITERAL = re.compile(_LITERAL)
_RUBY_RMTREE = re.compile(_LITERAL + r"\s*\.\s*(?:rmtree|rm_rf)\b")


def _item_end(code: str, k: int, n: int) -> int:
    """The end of one argument from ``k``: the next `,` or closing bracket at its own level (quotes skipped)."""
    depth = 0
    while k < n:
        c = code[k]
        if c in "'\"":
            m = _A_LITERAL.match(code, k)
            k = m.end() if m is not None else k + 1
            continue
        if c in "([{":
            depth += 1
        elif c in ")]}":
            if depth == 0:
                return k
            depth -= 1
        elif (c == "," and depth == 0) or (c in ";\n" and depth == 0):
            return k
        k += 1
    return k


def _leading_literals(items: list[str | list[str] | None], words: bool = False) -> list[str]:
    """The literal words the arguments start with (a list's words count; the first non-literal ends them).
    ``words`` False: the first argument's only (a tree deleter's path, or its list of paths)."""
    out: list[str] = []
    for item in items:
        if item is None:
            break
        if isinstance(item, list):
            out.extend(item)
        else:
            out.append(item)
        if not words:
            break
    return out


def _shell_strings(family: str, code: str) -> list[str]:
    """The command lines backticks (where they run a shell: Perl, Ruby, PHP, Julia; after `$`: zx, Bun), `qx`,
    `%x` and AppleScript's `do shell script` run."""
    out: list[str] = []
    if "`" in code:
        for m in _BACKTICKS.finditer(code):
            if family in _BACKTICK_SHELLS or code[m.start() - 1 : m.start()] == "$":
                out.append(m.group(1))
    if "qx" in code or "%x" in code:
        for m in _QX.finditer(code):
            out.append(next(g for g in (m.group(1), m.group(2), m.group(3), m.group(5)) if g is not None))
    if "shell" in code:
        out.extend(_unquote(m.group(1)) for m in _DO_SHELL.finditer(code))
    if "open" in code and family in _PIPE_OPENERS:
        out.extend(_pipe_opened(code))
    return out


# red team: Perl's and Ruby's `open` of a pipe runs a command line -- Perl's two-argument form with a `|` before or
# after the command (`open(F, "rm -rf / |")`, `open F, "|rm -rf ~"`), its three-argument form with the mode `-|`
# or `|-` (`open(my $f, "-|", "rm -rf /")`), Ruby's `open("|rm -rf /")` and `IO.popen` (read as popen already).
_PIPE_OPENERS = frozenset({"perl", "ruby"})
_PIPE_OPEN = re.compile(
    r"(?<![\w$.])open\s*+\(?\s*+(?:[^,()'\"]{0,80},\s*+)?(?:(['\"])(?:-\||\|-)\1\s*+,\s*+(?P<moded>"
    + _LITERAL
    + r")|(?P<piped>"
    + _LITERAL
    + r"))"
)


def _pipe_opened(code: str) -> list[str]:
    out: list[str] = []
    for m in list(_PIPE_OPEN.finditer(code))[:_MAX_CALLS]:
        if m.group("moded") is not None:
            out.append(_unquote(m.group("moded")))
            continue
        body = _unquote(m.group("piped")).strip()
        if body[:1] == "|" or body[-1:] == "|":
            out.append(body.strip("| "))
    return out


_BACKTICK_SHELLS = frozenset({"perl", "ruby", "php", "julia"})


# -- R4.6: what inline code prints, a deletion's target built at run time (`rm -rf "$(python3 -c 'print("/")')"`,
# `node -e 'console.log("/")' | xargs rm -rf`, awk's `BEGIN{print "/"}`): the literals its printing calls are
# given, the home folder as code spells it (`print(Path.home())`, `puts Dir.home`) as `~`. More is safe.
_PRINTS = re.compile(
    r"(?<![\w$])(?:print|puts|say|echo|printf|println|writeln|write|console\.log|console\.info)"
    r"(?:\s*+\(|[ \t]++(?=[\"'\[(]))"
)
_MAX_PRINTS = 16


def code_prints(code: str, args: Sequence[str] = ()) -> list[str]:
    """The literal words ``code`` (inline code of an interpreter, or an awk program) may print; ``args``: the program's
    arguments after the code, any of them an indexed argument (`print(sys.argv[1])`, red team)."""
    code = _places_as_literals(code[:_MAX_CODE])
    codes = [code]
    if args and _ARGV.search(code) is not None:
        codes = [_ARGV.sub(_quoted(a).replace("\\", "\\\\"), code) for a in args[:8]]
    out: list[str] = []
    for text in codes:
        for k, m in enumerate(_PRINTS.finditer(text)):
            if k >= _MAX_PRINTS:
                break
            for item in _arguments(text, m.end()):
                if isinstance(item, str):
                    out.append(item)
    return out


_DELETERS_AND_RUNNERS = (
    frozenset(WINDOWS_DELETERS) | WINDOWS_RUNNERS | WINDOWS_EACH
)  # (names_windows_deleter's one lookup)
