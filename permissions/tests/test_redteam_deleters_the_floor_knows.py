"""Red team, the floor's deleters as a table (R4.6): every program that deletes a folder with everything in it
-- `rm -r`, secure-delete's `srm -r`, `wipe -r`, the trash commands (`trash-put`, `trash`, `gio trash`,
`gvfs-trash`, `rmtrash -r`, `rip`) and `rimraf` -- is the floor's when it lands on the root, however it is
reached (a wrapper, a runner, `find -exec`, xargs, a path). The home folder and every child of it (`rm -rf ~`,
`rm -rf ~/*`, `$HOME/.*`) are the floor's too: on a developer's machine deleting them is the same harm.
Programs that cannot delete a folder's tree (`unlink`, `rmdir`, `shred -u`) are not, and ordinary deletions
stay what they were.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import (
    AUTO_MODE,
    CONTAINER_RUNNING,
    ROOT,
    assert_floor_denies,
    term,
)

ROOT_DELETIONS = [
    "wipe -rf /",
    "wipe -r -f /*",
    "wipe -R /",
    "srm -rf /",
    "srm -r /",
    "srm --recursive /",
    "srm -rfz /*",
    "rmtrash -rf /",
    "rmtrash --recur /",
    "trash-put /",
    "trash-put -rf /",
    "trash-put -- /",
    "trash /",
    "trash /*",
    "trash -- //",
    "gio trash /",
    "gio trash --force /",
    "gio trash /*",
    "gvfs-trash /",
    "rip /",
    "rimraf /",
    "rimraf '/*'",
    "/usr/bin/trash-put /",
    "sudo gio trash /",
    "env trash-put /",
    "npx rimraf /",
    "cmake -E remove_directory /",
    "cmake -E remove_directory build /",
    "bunx rimraf /",
    "echo / | xargs trash-put",
    "echo / | xargs srm -r",
    "find / -exec trash-put {} +",
    "find / -exec wipe -rf {} ;",
    "cd / && trash-put *",
    "cd /tmp && gio trash ../*",
]

HOME_DELETIONS = [
    "rm -rf ~",
    "rm -rf ~/",
    "rm -rf $HOME",
    "rm -rf ${HOME}",
    'rm -rf "$HOME"',
    "rm -rf ~/*",
    "rm -rf ~/.*",
    "rm -rf ~/.[!.]*",
    "rm -rf $HOME/*",
    'rm -rf "$HOME"/*',
    "rm -rf ${HOME}/.*",
    "rm -r -- ~/*",
    "rm --recursive --force ~/*",
    "cd ~ && rm -rf *",
    "cd ~ && rm -rf .[!.]*",
    "cd && rm -rf *",
    "cd $HOME; rm -rf ./*",
    "find ~ -delete",
    "find $HOME -exec rm -rf {} +",
    "rsync -a --delete empty/ ~",
    "rsync -a --delete empty/ $HOME/",
    "echo ~ | xargs rm -rf",
    "trash-put ~",
    "trash ~/*",
    "gio trash $HOME/*",
    "srm -r ~/*",
    "wipe -rf ~",
    "rimraf ~/*",
    "cmake -E remove_directory ~",
    "cmake -E remove_directory $HOME",
    "sudo rm -rf ~/*",
    "timeout 5 rm -rf ~/*",
]


@pytest.mark.parametrize("command", ROOT_DELETIONS + HOME_DELETIONS)
def test_the_floor_denies_a_deleter_on_the_root_or_home(command):  # R4.6
    assert_floor_denies(command)


# Not the floor's: they cannot delete a folder's tree, or do not land on the root or the home folder.
NOT_THE_FLOORS = [
    "rm -rf ./node_modules",
    "rm -rf dist build",
    "rm -f ~/.cache/x.log",
    "rm -rf ~/.cache/pip",
    "rm -rf ~/tmp/*",
    "trash-put build",
    "gio trash ./dist",
    "rimraf dist",
    "npx rimraf node_modules",
    "cmake -E remove_directory build",
    "srm -r ./secrets",
    "trash-list",
    "gio list ~",
    "gio info /",
    "rmtrash notes.txt",
    "wipe ./old.img",
]


@pytest.mark.parametrize("command", NOT_THE_FLOORS)
def test_other_deletions_are_not_the_floors(command):  # R4.6: a floor, not a safety list
    for v in (
        term(command, project=CONTAINER_RUNNING, cwd=ROOT),
        term(command, autonomy=AUTO_MODE, cwd=ROOT),
    ):
        assert v.reason != "builtin_deny", (command, v.reason)


@pytest.mark.parametrize(
    "command", ["rimraf dist", "trash-put build", "gio trash ./dist", "rm -rf ./node_modules"]
)
def test_ordinary_deletions_in_the_project_stay_auto_approved(command):  # friction
    assert term(command, project=CONTAINER_RUNNING, cwd=ROOT).decision == "auto_approve", command
    assert term(command, autonomy=AUTO_MODE, cwd=ROOT).decision == "auto_approve", command
