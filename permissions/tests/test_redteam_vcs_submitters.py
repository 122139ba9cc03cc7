"""Red team, §5 step 6: version control that publishes, by the forms the remotes' table did not name.

Sapling's `sl ghstack` submits the stack to GitHub as pull requests (as `sl pr submit`, already capped), and
Team Foundation Version Control's `tf checkin` (`tf ci`) commits to the server, as `svn commit` does. All were
auto-approved under an allow of the program and in auto mode on 7d2c7f4; their local forms stay ordinary.
"""

from __future__ import annotations

import pytest

from .helpers import allow_every_word, assert_asks, term

PUBLISHES = [
    "sl ghstack",
    "sl ghstack submit",
    "tf checkin",
    "tf checkin /comment:x",
    "tf ci /noprompt",
    "tf.exe checkin",
]


@pytest.mark.parametrize("runs_in", ("sandbox", "agent"))
@pytest.mark.parametrize("command", PUBLISHES)
def test_they_publish(command: str, runs_in: str) -> None:
    assert_asks(command, runs_in, "cap_external_effect")


@pytest.mark.parametrize("command", ["sl log", "sl status", "tf status", "tf history .", "tf get"])
def test_their_local_forms_stay_ordinary(command: str) -> None:
    v = term(command, allow=allow_every_word(command))
    assert (v.decision, v.reason) == ("auto_approve", "allow_rule"), (command, v.reason)
