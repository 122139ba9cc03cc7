"""R4.6 [beyond]: the floor judges where a deletion lands, not how its target is spelled.

Written as an attacker would: each class below has many spellings of a deletion that lands on the root (or
on every child of it) -- moving the working directory first, climbing with `..`, going through the home
folder or /proc, or feeding the operand through xargs. None of them is covered by an allow of `rm`/`find`/
`xargs`, in any setting; ordinary deletions that stay below stay allowed.
"""

import pytest

from .helpers import CONTAINER_RUNNING, HOST, ROOT, term

ALLOW = (
    "Terminal(rm)",
    "Terminal(find)",
    "Terminal(xargs)",
    "Terminal(cd)",
    "Terminal(echo)",
    "Terminal(printf)",
    "Terminal(pushd)",
    "Terminal(popd)",
    "Terminal(env)",
    "Terminal(bash)",
    "Terminal(ls)",
    "Terminal(pwd)",
)

MOVED_FIRST = [
    "cd / && rm -rf *",
    "cd / ; rm -rf *",
    "cd / && rm -rf ./*",
    "cd / && rm -rf .",
    "cd // && rm -rf *",
    "cd /./ && rm -rf *",
    "cd /tmp && cd .. && rm -rf ./*",
    "cd /tmp/.. && rm -rf *",
    "cd /usr/local && cd ../.. && rm -rf *",
    "cd .. && cd .. && cd .. && cd .. && cd .. && rm -rf *",
    "cd ../../../../../.. && rm -rf *",
    "cd -P / && rm -rf *",
    "cd -- / && rm -rf *",
    "builtin cd / && rm -rf *",
    "command cd / && rm -rf *",
    "pushd / && rm -rf *",
    "pushd / >/dev/null && rm -rf *",
    "pushd / ; pushd /tmp ; popd ; rm -rf *",
    "cd / ; cd /tmp && cd - && rm -rf *",
    "cd / && cd /tmp ; cd - ; rm -rf *",
    "cd / && rm -r -f *",
    "cd / && rm --recursive --force *",
    "cd / && rm -Rf .*",
    "cd / && /bin/rm -rf *",
    "cd / && sudo rm -rf *",
    "cd / && env rm -rf *",
    "cd / && nice rm -rf *",
    "(cd / && rm -rf *)",
    "{ cd /; rm -rf *; }",
    "bash -c 'cd / && rm -rf *'",
    "sh -c 'cd /; rm -rf *'",
    "cd / && bash -c 'rm -rf *'",
    "cd / && echo $(rm -rf *)",
    "cd /nonexistent || rm -rf ../../../..",
    "true || cd /srv && rm -rf ../../../..",
    "CDPATH=/ cd usr && rm -rf ../*",
    "export CDPATH=/; cd usr && rm -rf ../*",
    "env -C / rm -rf *",
    "env --chdir=/ rm -rf *",
    "env --chdir / rm -rf ./*",
    "sudo -D / rm -rf *",
    "sudo --chdir=/ rm -rf *",
    "cd / && find . -delete",
    "cd / && find -delete",
    "cd / && find . -mindepth 1 -exec rm -rf {} +",
    "cd / && find * -delete",
    "for i in 1 2 3 4 5 6 7 8; do rm -rf *; cd ..; done",
    "while true; do cd .. && rm -rf ./*; done",
    "up() { cd ..; }; up; up; up; up; up; rm -rf *",
    "cd $HOME && cd .. && cd .. && rm -rf *",
    "cd ~ && cd .. && rm -rf ./*",
    "cd && cd .. && rm -rf *",
]

CLIMBED = [
    "rm -rf ../../../../..",
    "rm -rf ../../../../../",
    "rm -rf ../../../../../../../../../../..",
    "rm -rf ../../../../../*",
    "rm -rf ./../../../../..",
    "rm -rf src/../../../../../..",
    "rm -rf ../../../../../../tmp/..",
    "rm -rf /usr/../",
    "rm -rf /usr/..",
    "rm -rf /usr/lib/../../*",
    "rm -rf /tmp/x/../../",
    "rm -rf //usr//..//",
    "rm -rf /./usr/./../.",
    "rm -rf /*/..",
    "rm -rf -- ../../../../..",
    "rm -r -f ../../../../..",
    "find ../../../../.. -delete",
    "find /usr/.. -delete",
    "find ../../../../../ -exec rm -rf {} +",
]

HOME_THEN_UP = [
    "rm -rf ~/..",
    "rm -rf ~/../",
    "rm -rf ~/../*",
    "rm -rf ~/../..",
    "rm -rf ~root/..",
    "rm -rf ~nobody/../*",
    "rm -rf $HOME/..",
    "rm -rf $HOME/../..",
    "rm -rf ${HOME}/..",
    'rm -rf "$HOME/.."',
    'rm -rf "${HOME}"/../*',
    "rm -rf $HOME/.cache/../../..",
    "rm -rf ~/.config/../..",
    "find ~/.. -delete",
    "rm -rf $PWD/../../../../..",
    "rm -rf ${PWD}/../../../../../*",
    "rm -rf $TMPDIR/..",
    "rm -rf $(pwd)/..",
    "rm -rf ${X:-/}",
    "rm -rf ${X:-/}*",
    "rm -rf ${TARGET-/}",
    "rm -rf ${X:=/}",
    'rm -rf "${HOME%/*}/"',
    "rm -rf ${HOME%/*}/*",
    "rm -rf ${HOME%%/*}/*",
    "rm -rf ${PWD%%/*}/",
    "cd / && rm -rf ${PWD}/*",
    'cd / && rm -rf -- "$PWD"/*',
]

# A variable the command itself points at the root (or the home folder at the root) first.
ASSIGNED = [
    "d=/; rm -rf $d",
    "d=/; rm -rf $d/*",
    'd=/; rm -rf "$d"',
    "d=/usr/..; rm -rf ${d}",
    "export d=/; rm -rf $d",
    "declare -x d=/ && rm -rf $d",
    "HOME=/; rm -rf ~/*",
    "HOME=/ && rm -rf $HOME/*",
    "export HOME=/; cd && rm -rf *",
    "d=/; cd $d && rm -rf *",
    "d=..; rm -rf $d/../../../..",
    "for d in /; do rm -rf $d; done",
    'for d in /usr/.. /tmp; do rm -rf "$d"; done',
    "for d in / ; do cd $d && rm -rf *; done",
    "echo / | while read d; do rm -rf $d; done",
    'echo / | while read -r d; do rm -rf "$d"/*; done',
    "while read d; do rm -rf $d; done <<< /",
    "PWD=/; rm -rf $PWD/*",
]

PROC = [
    "rm -rf /proc/self/root",
    "rm -rf /proc/self/root/",
    "rm -rf /proc/self/root/*",
    "rm -rf /proc/1/root/",
    "rm -rf /proc/1/root/*",
    "rm -rf /proc/$$/root/",
    "rm -rf /proc/thread-self/root/*",
    "rm -rf /proc/1/task/1/root/",
    "rm -rf /proc/*/root/",
    "rm -rf /proc/self/root/usr/..",
    "rm -rf /proc/self/cwd/../../../../..",
    "rm -rf /proc/self/cwd/../../../../../*",
    "rm -rf /proc/1/cwd/*",
    "rm -rf /proc/../proc/self/root/",
    "find /proc/self/root/ -delete",
    "cd /proc/self/root && rm -rf *",
]

PIPED = [
    "echo / | xargs rm -rf",
    "echo '/' | xargs rm -rf",
    'echo "/" | xargs rm -rf',
    "echo -n / | xargs rm -rf",
    "echo /usr/.. | xargs rm -rf",
    "echo ../../../../.. | xargs rm -rf",
    "echo a / b | xargs rm -rf",
    "echo / | xargs -n1 rm -rf",
    "echo / | xargs -r rm -rf",
    "echo / | xargs -t rm -rf --",
    "printf / | xargs rm -rf",
    "printf '/' | xargs rm -rf",
    "printf '%s\\n' / | xargs rm -rf",
    "printf '%s\\n' / | xargs -I{} rm -rf {}",
    "printf '%s\\0' / | xargs -0 rm -rf",
    "echo / | xargs -I % rm -rf %",
    "echo / | xargs -IX rm -rf X",
    "echo / | xargs -i rm -rf {}",
    "echo / | xargs --replace rm -rf {}",
    "echo / | xargs -I{} rm -rf {}/*",
    "echo '*' | xargs -I{} rm -rf /{}",
    "xargs rm -rf <<< /",
    "xargs rm -rf <<< '/'",
    "echo / | sudo xargs rm -rf",
    "echo / | env xargs rm -rf",
    "echo / | xargs sudo rm -rf",
    "find / -maxdepth 0 | xargs rm -rf",
    "ls -d / | xargs rm -rf",
    "dirname /x | xargs rm -rf",
    "cd / && pwd | xargs rm -rf",
    "echo / | tee /dev/null | xargs rm -rf",
]


@pytest.mark.parametrize("command", MOVED_FIRST + CLIMBED + HOME_THEN_UP + ASSIGNED + PROC + PIPED)
@pytest.mark.parametrize("project", [HOST, CONTAINER_RUNNING], ids=["host", "container"])
def test_floor_denies_where_the_deletion_lands(command, project):
    v = term(command, allow=ALLOW, project=project, cwd=ROOT)
    assert (v.decision, v.reason) == ("deny", "builtin_deny"), (command, v.message)
    assert any(s.verdict == "deny" for s in v.segments)


@pytest.mark.parametrize("command", ["rm -rf ../../../../..", "cd .. && rm -rf *", "rm -rf ~/.."])
def test_floor_holds_in_auto_mode(command):
    from .helpers import AUTO_MODE

    v = term(command, allow=ALLOW, autonomy=AUTO_MODE, project=CONTAINER_RUNNING, cwd="/work")
    assert v.decision == "deny"


@pytest.mark.parametrize(
    "command",
    [
        "rm -rf build",
        "rm -rf build/*",
        "rm -rf ./dist ./coverage",
        "cd build && rm -rf *",
        "cd packages/ui && rm -rf node_modules",
        "cd packages/ui && rm -rf ../../dist",
        "rm -rf ../app-1a2b3c4d/build",
        "rm -rf ~/.cache/pip",
        "rm -rf $HOME/.npm/_cacache",
        'rm -rf "$TMPDIR"/build-*',
        "rm -rf /tmp/build",
        "rm -rf /proc-not/self/root",
        "find . -name '*.pyc' -delete",
        "find build -delete",
        "echo build | xargs rm -rf",
        "git ls-files -o | xargs rm -rf",
        "find . -name __pycache__ | xargs rm -rf",
        "printf '%s\\n' dist build | xargs rm -rf",
        "echo / && rm -rf build",
        "(cd /tmp && ls) && rm -rf build",
        "ls / && rm -rf build",
        "cd / && ls",
        "rm -f *",
        "for d in a b; do rm -rf $d/build; done",
        "for d in build dist; do rm -rf $d; done",
        "d=build; rm -rf $d",
        "HOME=/tmp/h; rm -rf ~/.cache",
        "git ls-files -o | while read f; do rm -rf $f; done",
    ],
)
def test_floor_leaves_deletions_below_the_root_alone(command):
    v = term(command, allow=ALLOW, cwd=ROOT)
    assert v.decision != "deny", (command, v.message)


def test_floor_without_a_known_directory_reads_relative_targets_as_unknown():
    # No cwd and no root: `rm -rf *` is not known to be the root's children (not the floor's), but climbing
    # above an unknown directory may be the root.
    from permissions.decide import DecisionRequest, Permissions, ProjectState, decide

    nowhere = ProjectState(execution_mode="runner", root="")
    ask = decide(
        DecisionRequest("terminal", "developer", nowhere, command="rm -rf *", permissions=Permissions())
    )
    assert ask.decision != "deny"
    deny = decide(
        DecisionRequest("terminal", "developer", nowhere, command="rm -rf ..", permissions=Permissions())
    )
    assert deny.decision == "deny"
