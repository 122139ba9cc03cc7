"""R4.6, red team: a deletion whose target is filled in later still lands where its words say. xargs puts
what it reads in place of its replace string (`-I{}`, `-I %`, `-i`, `--replace`), and what it reads may be
any name, so `ls / | xargs -I{} rm -rf /{}` deletes every child of the root: the replace string is a pattern
over that folder's children. A loop or an assignment whose value is the home folder or a pattern over its
children (`for d in ~/*`, `d=~`) is that place, as `for d in /*` already was. A replace string or a value
deeper down (`build/{}`, `~/project/build`) is not the floor's."""

from __future__ import annotations

import pytest

from .helpers import assert_floor_denies, term

DENIED = [
    "ls / | xargs -I{} rm -rf /{}",
    "ls / | xargs -I {} rm -rf /{}",
    "ls / | xargs -I % rm -rf /%",
    "ls / | xargs -I% rm -rf /%",
    "ls / | xargs -i rm -rf /{}",
    "ls / | xargs --replace rm -rf /{}",
    "ls / | xargs --replace=@ rm -rf /@",
    "ls / | xargs -I{} rm -rf /{}/",
    "ls / | xargs -I{} rm -r -f /{}",
    "ls / | xargs -I{} sudo rm -rf /{}",
    "ls / | xargs -I{} mv /{} /tmp/x",
    "ls / | xargs -I{} find /{} -delete",
    "cat names | xargs -I{} rm -rf /{}",
    "xargs -a names -I{} rm -rf /{}",
    "ls ~ | xargs -I{} rm -rf ~/{}",
    "ls -A ~ | xargs -I{} rm -rf $HOME/{}",
    "ls -A ~ | xargs -I{} rm -rf ${HOME}/{}",
    "ls -A ~ | xargs -I{} rm -rf ~/.{}",
    "cd / && ls | xargs -I{} rm -rf {}",
    "cd ~ && ls -A | xargs -I{} rm -rf ./{}",
    "ls /root | xargs -I{} rm -rf /root/{}",
    'for d in ~/*; do rm -rf "$d"; done',
    "for d in ~/.* ~/*; do rm -rf $d; done",
    'for d in ~/.[!.]*; do rm -rf "$d"; done',
    "for d in ~; do rm -rf $d; done",
    "d=~; rm -rf $d",
    'd=~; rm -rf "$d"/*',
    "export D=~/; rm -rf $D",
    "d=~/..; rm -rf $d",
]


@pytest.mark.parametrize("command", DENIED)
def test_a_target_filled_in_later_is_where_it_lands(command):
    assert_floor_denies(command)


@pytest.mark.parametrize(
    "command",
    [
        "ls | xargs -I{} rm -rf build/{}",
        "find . -name '*.pyc' | xargs -I{} rm -f {}",
        "find . -name node_modules -prune | xargs -I{} rm -rf {}",
        "git branch --merged | xargs -I{} git branch -d {}",
        "d=~/project/build; rm -rf $d",
        'for d in ~/project/build ~/project/dist; do rm -rf "$d"; done',
        'for f in ~/project/*.log; do rm -f "$f"; done',
    ],
)
def test_a_target_deeper_down_is_not_the_floors(command):
    v = term(command, allow=("Terminal(rm)", "Terminal(ls)", "Terminal(find)", "Terminal(xargs)"))
    assert v.reason != "builtin_deny", command


# R4.6, R4.10: the directory a wrapper moves to before the command runs, with the option spelled as the
# wrapper's own parser takes it -- getopt's abbreviations of `--chdir` (env, sudo, run0) and unshare's and
# nsenter's `--wd` -- is where a relative deletion lands.
MOVED = [
    "env --chd / rm -rf *",
    "env --chdi / rm -rf *",
    "env --c=/ rm -rf *",
    "env --ch ~ rm -rf *",
    "env --chd=/ rm -rf ./*",
    "env -i --chd / rm -rf *",
    "sudo --chd / rm -rf *",
    "sudo --chdi=/ rm -rf ./*",
    "sudo -u root --chd=/ rm -rf *",
    "run0 --chd=/ rm -rf *",
    "unshare --wd=/ rm -rf *",
    "unshare --wd / rm -rf *",
    "unshare -r --wd=/ rm -rf .",
    "nsenter --wd=/ rm -rf *",
    "nsenter -t 1 --wd / find . -delete",
]


@pytest.mark.parametrize("command", MOVED)
def test_a_wrappers_directory_option_however_spelled_moves_the_deletion(command):
    assert_floor_denies(command)
