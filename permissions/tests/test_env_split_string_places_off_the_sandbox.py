"""SPEC §5 (off the sandbox the path scope holds in auto mode too), R4.8: the places named in the string env
splits into the command it runs (`env -S 'cat /etc/passwd'`) are checked as that command's own. The deny rules and
the floor read env's split string already (permissions.wrappers.views); the scope read it as one word holding a
space, so `env -S 'cat ~/.ssh/id_ed25519'` was auto-approved in auto mode on the developer's machine.
6 of 12 cases fail on 617442c.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import auto_and_allowed

OUTSIDE = [
    "env -S 'cat /etc/passwd'",
    "env -S 'cat ~/.ssh/id_ed25519'",
    "env -iS 'cat /etc/passwd'",
    "env -S'cat /etc/passwd'",
    "env --split-string='cat /etc/passwd'",
    "env --split-string 'cat /etc/passwd'",
    "env -S 'tee -a ~/.bashrc'",
    "env -S 'cp ../other-project/.env .'",
]

INSIDE = [
    "env -S 'ls src'",
    "env -S 'cat README.md'",
]


@pytest.mark.parametrize("command", OUTSIDE)
def test_a_place_outside_the_project_in_envs_split_string_asks(command: str) -> None:
    auto, _ = auto_and_allowed(command, "agent")
    # (a write of a file that decides what runs later asks first for that: R3.7)
    assert auto[0] == "require_approval" and auto[1] in ("cap_path_scope", "unparseable"), command


@pytest.mark.parametrize("command", INSIDE)
@pytest.mark.parametrize("runs_in", ("agent", "sandbox"))
def test_places_inside_keep_their_answers(command: str, runs_in: str) -> None:
    assert auto_and_allowed(command, runs_in)[0] == ("auto_approve", "autonomy"), (command, runs_in)
