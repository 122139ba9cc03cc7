"""R4.10, R4.8, red team: a place under the home folder named by a user's name or by the folder the environment
gives.

Under a deny of `cat ~/.ssh/id_rsa`, `cat ~root/.ssh/id_rsa`, `cat ~$USER/.ssh/id_rsa` and `cat
$XDG_CONFIG_HOME/../.ssh/id_rsa` were auto-approved in the sandbox's auto mode, and `cat ~-/.ssh/id_rsa` (the
shell's previous folder, which may be the home folder) too. A user's home named by the user (whose is not known:
deny more) is the home folder, and `$XDG_CONFIG_HOME`, `$XDG_DATA_HOME`, `$XDG_STATE_HOME`, `$XDG_CACHE_HOME` are
their default folders under it (matching._place); the shell's own previous folder is read as the home folder too
(decide._earlier). 30 of its 33 cases fail on f8fff7d (the session's start).
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import assert_rule_refuses, auto_and_allowed

KEY = [
    "cat ~root/.ssh/id_rsa",
    "cat ~$USER/.ssh/id_rsa",
    "cat ~${USER}/.ssh/id_rsa",
    "cat ~$LOGNAME/.ssh/id_rsa",
    "cat ~dev/.ssh/id_rsa",
    "head ~ubuntu/.ssh/id_rsa",
    "cat ~root//.ssh/../.ssh/id_rsa",
    "cat $XDG_CONFIG_HOME/../.ssh/id_rsa",
    "cat ${XDG_CACHE_HOME}/../.ssh/id_rsa",
    "cat $XDG_DATA_HOME/../../.ssh/id_rsa",
    "cat ~-/.ssh/id_rsa",
    "cd /tmp && cat ~-/.ssh/id_rsa",
]

CONFIG = [
    "cat $XDG_CONFIG_HOME/gh/hosts.yml",
    "cat ${XDG_CONFIG_HOME}/gh/hosts.yml",
    "cat ~root/.config/gh/hosts.yml",
]

KEPT = [
    "cat ~root/.ssh/known_hosts",
    "cat $XDG_CONFIG_HOME/git/ignore",
    "cat ~dev/notes.txt",
]


@pytest.mark.parametrize("runs_in", ("sandbox", "agent"))
@pytest.mark.parametrize("command", KEY)
def test_a_deny_meets_the_key_by_a_user_name_or_an_xdg_folder(command: str, runs_in: str) -> None:
    assert_rule_refuses("cat ~/.ssh/id_rsa", command, runs_in)


@pytest.mark.parametrize("runs_in", ("sandbox", "agent"))
@pytest.mark.parametrize("command", CONFIG)
def test_a_deny_of_a_config_file_meets_its_xdg_spelling(command: str, runs_in: str) -> None:
    assert_rule_refuses("cat ~/.config/gh/hosts.yml", command, runs_in)


@pytest.mark.parametrize("command", KEPT)
def test_other_home_places_keep_their_answers(command: str) -> None:
    verdict = auto_and_allowed(command, "sandbox", deny=("Terminal(cat ~/.ssh/id_rsa)",))[0]
    assert verdict == ("auto_approve", "autonomy")
