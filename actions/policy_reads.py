"""The policy file's text for a proposal, read again only when the file may have changed (R3.5).

``permissions.files.read_permissions_text`` reads the file as hostile: every folder below the trusted base
opened without following a link, the file opened once by path only (``O_PATH``) to check it is a regular
file of at most 1 MiB, then opened for reading and checked to be the same file — twelve system calls for a
file that almost never changes between two proposals. Here the same walk is made (the base opened as it is,
each folder below it with ``O_NOFOLLOW``, the same flags) and it ends in one ``fstatat`` of the file, not
following a link; the text read last time is used when that file is the same one, unchanged: same device,
inode, size, mode, owner, and the same modification and change times to the nanosecond. Five system calls
for a project's folder in the workspaces root, three for a `local` project's.

When it stays correct:
- a link anywhere below the base, or a folder or file replaced by one: the walk or the ``fstatat`` does not
  follow it, the identity does not match, and the full read answers (with its named error);
- an edit in place, a rename over the file, a chmod or chown: the change time moves (the kernel sets it, no
  program can set it back), so the identity does not match;
- an edit within the same tick of the file system's clock as the read that filled the cache (coarse
  timestamps: both writes could carry the same times): a text is kept only when the file's change time was
  at least ``SETTLED_NS`` before that read began (git's "racily clean" rule), so any later write has a later
  time;
- the fill itself: the file's identity is taken before and after the full read, and the text is kept only
  when both agree.
A file changed through a shared memory mapping may keep its times until written back, and a network file
system stamps times with the server's clock: for those the rule is as good as ``make``'s. Each web process
keeps its own texts (a forked child starts with its parent's, which are still checked before each use).
"""

from __future__ import annotations

import os
import stat
import time

from permissions.files import _components, read_permissions_text, sha256_text

SETTLED_NS = 2_000_000_000  # 2 s: far above any file system's timestamp tick
MAX_FILES = 4096
_now = time.time_ns  # the clock the file system's times are compared with (tests move it)
_DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC  # what read_regular_file opens folders with

Identity = tuple[int, int, int, int, int, int, int, int]
_texts: dict[tuple[str, str | None], tuple[Identity, str, str]] = {}


def read(path: str | os.PathLike[str], base: str | os.PathLike[str] | None) -> tuple[str | None, str]:
    """(text, sha256) of the policy file at ``path`` below ``base``, as ``read_permissions_text`` and
    ``sha256_text`` answer them; raises what ``read_permissions_text`` raises."""
    key = (os.fspath(path), None if base is None else os.fspath(base))
    began = _now()
    try:
        top, parts = _components(*key)
    except ValueError:  # not below its base: the full read names it
        top, parts = "", []
    seen = _identity(top, parts) if parts else None
    kept = _texts.get(key)
    if kept is not None and seen is not None and kept[0] == seen:
        return kept[1], kept[2]
    text = read_permissions_text(path, base=base)
    digest = sha256_text(text)
    if (
        text is not None
        and seen is not None
        and seen[6] < began - SETTLED_NS  # changed well before this read began
        and seen[5] < began - SETTLED_NS
        and _identity(top, parts) == seen  # and not while it was read
    ):
        if len(_texts) >= MAX_FILES:
            _texts.clear()
        _texts[key] = (seen, text, digest)
    else:
        _texts.pop(key, None)
    return text, digest


def _identity(top: str, parts: list[str]) -> Identity | None:
    """The file at the end of the hostile walk: (device, inode, size, mode, uid, mtime, ctime, gid) when it is
    a regular file reached without following a link below ``top``; None for anything else."""
    try:
        dfd = os.open(top, _DIR_FLAGS)
    except OSError:
        return None
    try:
        for part in parts[:-1]:
            nfd = os.open(part, _DIR_FLAGS | os.O_NOFOLLOW, dir_fd=dfd)
            os.close(dfd)
            dfd = nfd
        st = os.stat(parts[-1], dir_fd=dfd, follow_symlinks=False)
    except OSError:
        return None
    finally:
        os.close(dfd)
    if not stat.S_ISREG(st.st_mode):
        return None
    return (
        st.st_dev,
        st.st_ino,
        st.st_size,
        st.st_mode,
        st.st_uid,
        st.st_mtime_ns,
        st.st_ctime_ns,
        st.st_gid,
    )


def forget() -> None:
    """Drop every kept text (tests)."""
    _texts.clear()
