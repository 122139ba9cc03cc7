"""R3.7, red team: the other unpackers write names the archive holds, not the command -- into the working folder,
they may write `.claude/settings.json`, `.git/hooks/pre-commit` or `.github/workflows/x.yml` -- as tar, unzip,
7z and cpio already were read: a Debian package's files (``dpkg-deb -x|-R``), The Unarchiver (``unar``),
atool (``aunpack``, ``atool -x``), cabinet files (``cabextract``), a SquashFS image (``unsquashfs -d .``), and the
template fetchers that copy a repository's files into a folder (``degit``, ``tiged``, ``giget``; the working
folder when none is named). Into a new folder, and their listings, they stay ordinary.
"""

from __future__ import annotations

import pytest

from .redteam import never_auto_where, stays_auto_where


@pytest.mark.parametrize(
    "command",
    [
        "dpkg-deb -x pkg.deb .",
        "dpkg-deb --extract pkg.deb ./",
        "dpkg-deb -R pkg.deb .",
        "dpkg-deb --raw-extract pkg.deb .",
        "dpkg-deb -x pkg.deb .claude",
        "unar a.zip",
        "unar -o . a.zip",
        "unar -o .github a.zip",
        "aunpack a.tgz",
        "atool -x a.tgz",
        "atool --extract a.tgz",
        "aunpack -X . a.tgz",
        "cabextract a.cab",
        "cabextract -d . a.cab",
        "unsquashfs -d . image.sqfs",
        "unsquashfs -f -dest . image.sqfs",
        "npx degit user/repo",
        "npx degit user/repo .",
        "npx degit user/repo/.claude .claude",
        "npx tiged user/repo",
        "pnpm dlx tiged user/repo .",
        "npx giget gh:user/repo .",
        "degit user/repo .git/hooks",
    ],
)
def test_unpacking_into_the_working_folder_is_never_auto_approved(command):
    never_auto_where(command)


@pytest.mark.parametrize(
    "command",
    [
        "dpkg-deb -x pkg.deb out",
        "dpkg-deb -c pkg.deb",
        "dpkg-deb -I pkg.deb",
        "unar -o out a.zip",
        "lsar a.zip",
        "atool -l a.tgz",
        "cabextract -l a.cab",
        "cabextract -t a.cab",
        "unsquashfs image.sqfs",
        "unsquashfs -d out image.sqfs",
        "unsquashfs -l image.sqfs",
        "npx degit user/repo my-app",
        "npx tiged user/template new-site",
    ],
)
def test_into_a_new_folder_or_listing_them_stays_ordinary(command):
    stays_auto_where(command, places=("sandbox", "agent"))
