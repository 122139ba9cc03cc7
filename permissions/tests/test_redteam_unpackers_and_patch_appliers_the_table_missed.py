"""R3.7, red team: archivers and patch appliers the write table did not read wrote the files that decide what runs
later unseen -- an archive's or a patch's names are its own, not the command's, so an extraction into the working
folder (or a folder the command names) may put `.git/hooks/pre-commit`, `.husky/pre-commit` or
`.github/workflows/x.yml` there, and a patch applied may create or rewrite them: RAR, ACE, ARJ, LHA, zoo and ARC
by their extracting commands (`rar x`, `lha xw=DIR`), a Debian package through dpkg (`dpkg -x`), the other zip
readers (bsdunzip, ripunzip), ALZ, Inno Setup and InstallShield unpackers, xar, zpaq, dar, p7zip (which also
deletes what it packs), tar by its other released names (`star`, `gnutar`), GNU patch as BSD and macOS name it
(`gpatch`), quilt and guilt stacks of patch files pushed and popped, StGit's imports, git's own quilt importer,
Mercurial's, Subversion's, Bazaar's and Breezy's, darcs' and pijul's patch appliers, and wiggle rewriting the file
it merges into. Creating an archive and listing one stay ordinary, and so does moving through committed history
(StGit's push and pop of its commits, as git's rebase).
"""

from __future__ import annotations

import pytest

from .redteam import never_auto_where, stays_auto_where


@pytest.mark.parametrize(
    "command",
    [
        # the key-lettered archivers: the command's first word is the act
        "rar x a.rar",
        "rar x a.rar .husky/",
        "rar e a.rar .git/hooks/",
        "rar x -o+ a.rar",
        "unace x a.ace .husky/",
        "unace e a.ace",
        "arj x a.arj .husky/",
        "arj e a.arj",
        "unarj x a.arj",
        "unarj a.arj",
        "lha x a.lzh",
        "lha e a.lzh",
        "lha xw=.git/hooks a.lzh",
        "lha -xw=.husky a.lzh",
        "lhasa x a.lzh",
        "zoo x a.zoo",
        "zoo -extract a.zoo",
        "unzoo -x a.zoo",
        "arc x a.arc",
        "arc e a.arc",
        # the unpackers by their options
        "dpkg -x x.deb .husky",
        "dpkg --extract x.deb .git",
        "dpkg -X x.deb .",
        "dpkg --vextract x.deb .husky",
        "bsdunzip x.zip",
        "bsdunzip -o x.zip",
        "bsdunzip -d .husky x.zip",
        "ripunzip unzip-file x.zip",
        "ripunzip unzip-file -d .husky x.zip",
        "ripunzip unzip-uri https://example.com/x.zip",
        "unalz x.alz",
        "unalz -d .git/hooks x.alz",
        "innoextract setup.exe",
        "innoextract -d .husky setup.exe",
        "innoextract --output-dir .github setup.exe",
        "unshield x setup.cab",
        "unshield -d .husky x setup.cab",
        "xar -xf x.xar",
        "xar -x -f x.xar -C .husky",
        "xar -v -x -f x.xar",
        "zpaq x a.zpaq",
        "zpaq extract a.zpaq",
        "lrzuntar a.tar.lrz",
        "dar -x arch",
        "dar -x arch -R .husky",
        "dar --extract arch",
        "p7zip -d a.7z",
        "p7zip .envrc",
        "gem unpack x.gem --target=.husky",
        "gem unpack x.gem --target .git/hooks",
        # tar by its other released names
        "star -x -f a.tar",
        "star -xf a.tar -C .git/hooks",
        "gnutar -xf a.tar",
        "gnutar -x -f a.tar --directory=.husky",
        # the patch appliers
        "gpatch -p1 < x.patch",
        "gpatch -p0 -i x.patch",
        "gpatch .git/hooks/pre-commit x.patch",
        "quilt push",
        "quilt push -a",
        "quilt pop -a",
        "quilt fold < x.patch",
        "guilt push -a",
        "guilt pop",
        "stg import x.patch",
        "stg import --mail x.mbox",
        "stg fold x.diff",
        "git quiltimport",
        "git quiltimport --patches p",
        "git -C . quiltimport",
        "hg import x.patch",
        "hg import --no-commit x.patch",
        "hg patch x.patch",
        "hg -q import x.patch",
        "hg -R . import x.patch",
        "hg --cwd . import x.patch",
        "hg qpush -a",
        "hg qpop",
        "hg unshelve",
        "svn patch x.patch",
        "svn --non-interactive patch x.patch",
        "bzr patch x.patch",
        "brz patch x.patch",
        "darcs apply x.dpatch",
        "pijul apply x",
        "wiggle --replace f x.patch",
        "wiggle -r .husky/pre-commit x.rej",
        "wiggle -p -r x.patch",
    ],
)
def test_unpacking_or_applying_a_patch_is_never_auto_approved(command):
    never_auto_where(command)


@pytest.mark.parametrize(
    "command",
    [
        "rar a out.rar src",
        "rar a xfiles.rar src",
        "rar l a.rar",
        "rar t a.rar",
        "lha l a.lzh",
        "lha a out.lzh src",
        "arj l a.arj",
        "zoo l a.zoo",
        "bsdunzip -l x.zip",
        "dpkg -l",
        "dpkg -L bash",
        "dpkg -c x.deb",
        "stg series",
        "stg push",
        "stg pop -a",
        "stg log",
        "quilt series",
        "quilt applied",
        "hg status",
        "hg log -r import",
        "svn status",
        "svn log",
        "git log --grep quiltimport",
    ],
)
def test_creating_listing_and_reading_stay_ordinary(command):
    stays_auto_where(command, places=("sandbox", "agent"))
