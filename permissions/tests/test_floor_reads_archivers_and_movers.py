"""R4.6 [beyond]: programs that delete what they archive, move or sync, read by the floor as rm is -- ``tar
--remove-files``, ``zip -m`` with recursion, ``7z a -sdel``, ``rclone purge|delete|move|sync``, ``mv``.

Written as an attacker would: each command deletes (or moves out of reach) the whole tree of the root or the
home folder however it is spelled. None is covered by an allow of its verbs, in a runner project or with a
running container, in auto mode too; ordinary uses of the same programs stay allowed. Programs that cannot take
a folder's tree (``truncate`` of a folder fails, ``shred`` takes one file; ``find -exec shred`` is the floor's
already) are not the floor's.
"""

from __future__ import annotations

import pytest

from .helpers import AUTO_MODE, CONTAINER_RUNNING, HOST, ROOT, term

ALLOW = tuple(
    f"Terminal({v})" for v in "tar gtar zip 7z 7za 7zz rclone mv cd sudo env nice /usr/bin/tar".split()
)

TAR = [
    "tar --remove-files -cf x.tar /",
    "tar -cf x.tar --remove-files /*",
    "tar -czf x.tgz --remove /",
    "tar -c --remove-f -f x.tar //",
    "tar cf x.tar --remove-files /",
    "tar --remove-files -cf x.tar ~",
    "tar --remove-files -cf x.tar $HOME",
    "tar --remove-files -cf x.tar -C / .",
    "cd / && tar --remove-files -cf /tmp/x.tar *",
    "gtar --remove-files -cf x.tar /",
    "/usr/bin/tar --remove-files -cf x.tar /",
    "sudo tar --remove-files -cf x.tar /",
]
ZIP = [
    "zip -rm x.zip /",
    "zip -r -m x.zip /",
    "zip -mr x.zip ~",
    "zip -m -R x.zip /*",
    "zip --move --recurse-paths x.zip /",
    "zip -qrm x.zip /.",
    "cd / && zip -rm /tmp/x.zip .",
    "nice zip -rm x.zip /",
]
SEVEN_ZIP = [
    "7z a -sdel x.7z /",
    "7z a x.7z / -sdel",
    "7za a -sdel x.7z /*",
    "7zz u -sdel x.7z ~",
    "7z a -SDEL x.7z /",
]
RCLONE = [
    "rclone purge /",
    "rclone delete /",
    "rclone delete $HOME",
    "rclone --config x.conf purge /",
    "rclone delete --rmdirs /*",
    "rclone move / remote:backup",
    "rclone moveto ~ remote:home",
    "rclone sync empty/ /",
    "rclone sync --dry-run=false empty/ //",
    "cd / && rclone delete .",
]
MV = [
    "mv /* /tmp/x",
    "mv ~ /tmp/x",
    "mv $HOME /tmp/old",
    "mv -t /tmp/x /*",
    "mv --target-directory=/tmp/x /*",
    "mv -f /.[!.]* /tmp/x",
    "cd / && mv * /tmp/x",
    "sudo mv /* /mnt/x",
]
# Compressors that replace every file of a tree with its compressed copy (the originals deleted), and npm's
# deleters run through npx or shx.
COMPRESSORS = [
    "gzip -r /",
    "gzip -rf /*",
    "gzip --recursive --force ~",
    "pigz -r $HOME",
    "gunzip -r /",
    "zstd -r --rm /",
    "lz4 -r --rm /*",
    "cd / && gzip -r .",
]
NPM_DELETERS = [
    "npx del-cli /",
    "del-cli '/*'",
    "shx rm -rf /",
    "npx shx rm -rf /",
    "shx --silent rm -rf ~",
]
ALL = TAR + ZIP + SEVEN_ZIP + RCLONE + MV + COMPRESSORS + NPM_DELETERS


@pytest.mark.parametrize("command", ALL)
@pytest.mark.parametrize("project", [HOST, CONTAINER_RUNNING], ids=["host", "container"])
def test_the_floor_denies_these_deletions_of_the_root(command, project):
    v = term(command, allow=ALLOW, project=project, cwd=ROOT)
    assert (v.decision, v.reason) == ("deny", "builtin_deny"), (command, v.message)


@pytest.mark.parametrize("command", [TAR[0], ZIP[0], SEVEN_ZIP[0], RCLONE[0], RCLONE[5], MV[0]])
def test_the_floor_holds_in_auto_mode(command):
    v = term(command, allow=ALLOW, autonomy=AUTO_MODE, project=CONTAINER_RUNNING, cwd="/work")
    assert v.decision == "deny", (command, v.message)


@pytest.mark.parametrize(
    "command",
    ["tar --remove-files -cf x.tar 'C:\\'", "rclone purge 'C:\\'", "mv 'C:\\*' /tmp/x", "zip -rm x.zip D:/"],
)
def test_a_drive_root_off_the_sandbox(command):
    v = term(command, allow=ALLOW, project=HOST, cwd=ROOT, runs_in="agent")
    assert (v.decision, v.reason) == ("deny", "builtin_deny"), (command, v.message)


@pytest.mark.parametrize(
    "command",
    [
        "tar --remove-files -cf logs.tar logs/",
        "tar -cf x.tar /",
        "tar -czf backup.tgz -C / etc",
        "tar --recursion -cf x.tar dir",
        "zip -rm old.zip build/",
        "zip -r x.zip /",
        "zip -m x.zip notes.txt",
        "7z a x.7z /",
        "7z a -sdel x.7z build",
        "rclone purge remote:bucket/old",
        "rclone delete remote:/",
        "rclone copy / remote:backup",
        "rclone sync dist/ remote:site",
        "rclone move build/ remote:x",
        "rclone ls /",
        "mv a.txt b.txt",
        "mv build/ /tmp/old-build",
        "mv x /",
        "mv -t / x",
        "mv src/*.ts lib/",
        "truncate -s0 /",
        "gzip -r logs/",
        "gzip -rk /",
        "gzip -rc / > all.gz",
        "gzip -l /x.gz",
        "zstd -r /",
        "zstd -r --rm build/",
        "npx del-cli dist",
        "shx rm -rf build",
        "shx ls /",
        "truncate -s0 log.txt",
    ],
)
def test_ordinary_uses_stay_below_the_floor(command):
    v = term(command, allow=ALLOW, cwd=ROOT)
    assert v.decision != "deny", (command, v.message)
