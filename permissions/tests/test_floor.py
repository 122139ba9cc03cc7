"""R4.6: the built-in deny floor."""

import pytest

from permissions.floor import BUILTIN_DENY, floor_denies
from permissions.shell import parse_command

from .helpers import term


def seg_words(cmd):
    return parse_command(cmd).segments[0].words


@pytest.mark.parametrize(
    "command",
    [
        "rm -rf /",
        "rm -rf /*",
        "rm -fr /",
        "rm -r -f /",
        "rm --recursive --force /",
        "rm -rf //",
        "rm -rf /.",
        "/bin/rm -rf /",
        "sudo rm -rf /",
        "FOO=1 rm -rf /",
        "env rm -rf /",
        "rm -Rf /",
        "rm -rf -- /",
        "rm -rf / --no-preserve-root",
        "rm -rf ///*",
        "rm -r /",
    ],
)
def test_r4_6_floor_denies_the_act_however_spelled(command):
    # R4.6 [beyond]: split or long flags, //, the verb as a path
    assert floor_denies(seg_words(command)) is not None


@pytest.mark.parametrize(
    "command", ["rm -rf ./build", "rm -rf /tmp/x", "rm -f /", "rm x", "rm -rf src/*", "ls /"]
)
def test_r4_6_floor_is_not_a_safety_list(command):
    # R4.6: a floor, not a safety list
    assert floor_denies(seg_words(command)) is None


def test_r4_6_floor_denies_even_when_allowed_by_the_file():
    # R4.6: always deny, even when absent from the file
    v = term("rm -rf /", allow=("Terminal(rm)",))
    assert (v.decision, v.reason) == ("deny", "builtin_deny")


def test_r4_6_floor_patterns_are_the_three_of_the_seed():
    assert BUILTIN_DENY == ("Terminal(rm -rf /)", "Terminal(rm -rf /*)", "Terminal(rm -fr /)")


def test_r4_6_seed_ls_and_rm_root_is_denied():
    # seed 000: "ls && rm -rf / 不会因为 ls 而通过"
    v = term("ls && rm -rf /", allow=("Terminal(ls)",))
    assert v.decision == "deny"


def test_r4_6_floor_sees_through_find_exec():
    assert term("find / -maxdepth 0 -exec rm -rf / ;").decision == "deny"
