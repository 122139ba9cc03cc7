"""R4.6 [beyond]: more deleters whose target the floor reads -- ``rsync --delete*`` into the
root, ``git clean`` of a work tree at the root, what ``xargs`` reads from ``-a`` files, process
substitutions and here-documents, and ``find / -exec`` through wrappers or other deleting programs.

Written as an attacker would: each command deletes the root's contents however it is spelled. None is
covered by an allow of its verbs, in a runner project or with a running container, in auto mode too;
ordinary uses of the same programs stay allowed.
"""

from __future__ import annotations

import pytest

from .helpers import AUTO_MODE, CONTAINER_RUNNING, HOST, ROOT, term

ALLOW = tuple(
    f"Terminal({v})"
    for v in "rm find xargs cd echo printf cat git rsync sudo env busybox sh nice timeout".split()
)

RSYNC = [
    "rsync -a --delete empty/ /",
    "rsync -a --delete-after empty/ /",
    "rsync -a --delete-before --exclude x empty/ /..",
    "rsync -a --delete-during empty/ //",
    "rsync -a --delete-excluded empty/ /.",
    "rsync -a --del x/ /",
    "rsync -rl --delete --exclude-from list empty/ /",
    "rsync -a --delete /tmp/empty/ /tmp/..",
    "cd / && rsync -a --delete /tmp/empty/ .",
    "rsync --remove-source-files -r / /tmp/x/",
    "sudo rsync -a --delete empty/ /",
    "nice rsync -a --delete empty/ /",
]
GIT_CLEAN = [
    "git -C / clean -fdx",
    "git -C // clean -f -d",
    "git -C /tmp -C .. clean -fdx",
    "git --work-tree=/ clean -fdx",
    "git --work-tree / clean -f",
    "git --git-dir=/tmp/g --work-tree=/ clean -ffdx",
    "GIT_WORK_TREE=/ git clean -fdx",
    "cd / && git clean -ffdx",
    "sudo git -C / clean -fdx",
    "env GIT_WORK_TREE=/ git clean -fdx",
]
XARGS_FED = [
    "echo / > l; xargs -a l rm -rf",
    "echo / > l; xargs --arg-file=l rm -rf",
    "printf / > l && xargs --arg-file l rm -rf",
    "xargs -a <(echo /) rm -rf",
    "xargs --arg-file <(printf /) rm -rf",
    "cat <<< / | xargs rm -rf",
    "xargs rm -rf <<EOF\n/\nEOF",
    "xargs rm -rf <<'EOF'\n/\nEOF",
    "xargs -a /dev/stdin rm -rf <<-EOF\n/\nEOF",
    "cat <<EOF | xargs rm -rf\n/\nEOF",
    "cat > l <<EOF\n/\nEOF\nxargs -a l rm -rf",
]
FIND = [
    "find -- / -delete",
    "find / -exec sudo rm -rf {} +",
    "find / -exec env rm -rf {} +",
    "find / -exec busybox rm -rf {} +",
    "find / -exec timeout 9 rm -rf {} +",
    "find / -exec shred -u {} +",
    "find / -exec unlink {} ;",
    "find / -exec sh -c 'rm -rf \"$1\"' _ {} ;",
    "find / -mindepth 1 -execdir sh -c 'rm -rf -- \"$0\"' {} ;",
]


@pytest.mark.parametrize("command", RSYNC + GIT_CLEAN + XARGS_FED + FIND)
@pytest.mark.parametrize("project", [HOST, CONTAINER_RUNNING], ids=["host", "container"])
def test_the_floor_denies_these_deletions_of_the_root(command, project):
    v = term(command, allow=ALLOW, project=project, cwd=ROOT)
    assert (v.decision, v.reason) == ("deny", "builtin_deny"), (command, v.message)


@pytest.mark.parametrize("command", [RSYNC[0], GIT_CLEAN[0], XARGS_FED[3], FIND[1]])
def test_the_floor_holds_in_auto_mode(command):
    v = term(command, allow=ALLOW, autonomy=AUTO_MODE, project=CONTAINER_RUNNING, cwd="/work")
    assert v.decision == "deny", (command, v.message)


@pytest.mark.parametrize(
    "command",
    [
        "rsync -a --delete src/ dst/",
        "rsync -a --delete build/ /srv/ws/app-1a2b3c4d/out/",
        "rsync -a --delete build/ host:/",
        "rsync -a src/ /tmp/out/",
        "git clean -fdx",
        "git -C sub clean -fdx",
        "git -C / clean -n",
        "git -C / clean --dry-run -d",
        "git status",
        "git -C packages/ui clean -fd",
        "xargs -a list.txt rm -rf",
        "echo build > l; xargs -a l rm -rf",
        "xargs rm -rf <<EOF\nbuild\ndist\nEOF",
        "find . -name '*.pyc' -delete",
        "find build -exec rm -rf {} +",
        "find / -name '*.log' -exec cat {} +",
        "find / -exec rmdir {} +",
    ],
)
def test_ordinary_uses_stay_below_the_floor(command):
    v = term(command, allow=ALLOW, cwd=ROOT)
    assert v.decision != "deny", (command, v.message)
