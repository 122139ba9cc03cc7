"""Root deletion through globs over the root's children (R4.6): ``/*/``, ``/?*``, ``/.[!.]*`` are the floor's;
globs below a named directory are not."""

from __future__ import annotations

import pytest

from permissions.floor import floor_denies
from permissions.shell import parse_command
from permissions.tests.helpers import AUTO_MODE, CONTAINER_RUNNING, term

# -- class 9: root deletion through globs -------------------------------------------------------------------
ROOT_GLOBS = [
    "rm -rf /*/",
    "rm -rf /?*",
    "rm -rf /.[!.]*",
    "rm -rf /[a-z]*",
    "rm -rf /*/*",
    "rm -rf /u*",
    "rm -rf /../*/",
    "rm -r -f '/?*'",
    "rm -rf /.*",
    "sudo rm -rf /[!.]*",
    "rm -rf /tmp/../?*",
    "find / -delete",
    "find /* -type f -delete",
    "find -L / -exec rm -rf {} +",
    "find / -name x -execdir /bin/rm {} ;",
]


@pytest.mark.parametrize("command", ROOT_GLOBS)
def test_the_floor_denies_globs_over_the_roots_children(command):  # R4.6, globs over the root's children
    assert floor_denies(parse_command(command).segments[0].words) is not None
    v = term(command, allow=("Terminal(rm)",), autonomy=AUTO_MODE, project=CONTAINER_RUNNING)
    assert (v.decision, v.reason) == ("deny", "builtin_deny")


@pytest.mark.parametrize(
    "command",
    [
        "rm -rf /tmp/*",
        "rm -rf ./*",
        "rm -rf build/*",
        "rm -rf /work/x/*/",
        "find . -delete",
        "find / -name x",
    ],
)
def test_globs_below_a_named_directory_are_not_the_floors(command):  # R4.6, globs over the root's children
    assert floor_denies(parse_command(command).segments[0].words) is None
