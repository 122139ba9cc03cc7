"""R4.10, R4.8, red team: the same place named from the checkout's top or from a folder the command was in before.

Under a deny of `cat .env`, `cat "$(git rev-parse --show-toplevel)/.env"` was auto-approved in auto mode -- and
behind an allow of every word, on the sandbox and on the developer's machine -- as were `cat "$(hg root)/.env"`,
`cat "$(git rev-parse --show-cdup).env"` and `cat $(npm prefix)/.env` in auto mode: what the program prints is
the folder the checkout starts in (permissions.where._tops, read as `$(pwd)` is). And `cd /tmp && cat ~-/.env`,
`cd /tmp; cat "$OLDPWD/.env"`, `pushd /tmp && cat ~1/.env`, `pushd /tmp && cat "$(dirs +1)/.env"` and `cat
~+/.env` name `.env` through the shell's previous folder, its directory stack and `~+` (`$PWD`):
decide._from_before writes them from every folder the command may have been in before (the one it started in
among them). 109 of its 127 cases fail on f8fff7d (the session's start); the floor's readings of the same
programs and the ordinary commands are kept as guards.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import assert_floor_denies, assert_rule_refuses, auto_and_allowed

TOPS = [
    'cat "$(git rev-parse --show-toplevel)/.env"',
    "cat $(git rev-parse --show-toplevel)/.env",
    "cat `git rev-parse --show-toplevel`/.env",
    'cat "$(git rev-parse --show-toplevel)"/.env',
    'cat "$(git rev-parse --show-toplevel)/src/../.env"',
    'cat "$(git rev-parse --show-cdup).env"',
    'cat "$(git rev-parse --show-prefix).env"',
    "cat $(git rev-parse --absolute-git-dir)/../.env",
    "cat $(git rev-parse --git-common-dir)/../.env",
    'cat "$(hg root)/.env"',
    'cat "$(sl root)/.env"',
    "cat $(jj root)/.env",
    "cat $(jj workspace root)/.env",
    "cat $(npm prefix)/.env",
    "cat $(pnpm prefix)/.env",
    "cat $(npm root)/../.env",
    "cat $(pnpm root)/../.env",
    'cat "$(pipenv --where)/.env"',
    "pushd /tmp && cat $(dirs +1)/.env",
    'pushd /tmp > /dev/null && cat "$(dirs -l +1)/.env"',
    "head -5 $(git rev-parse --show-toplevel)/.env",
    "grep KEY $(git rev-parse --show-toplevel)/.env",
]

EARLIER = [
    "cd /tmp && cat ~-/.env",
    "cd src && cat ~-/.env",
    "cd /tmp; cat ~-/.env",
    "cd /tmp && cat $OLDPWD/.env",
    'cd /tmp && cat "$OLDPWD/.env"',
    "cd /tmp && cat ${OLDPWD}/.env",
    'cd /tmp; cat "${OLDPWD}"/.env',
    "cd /tmp && cd /var && cat ~-/../srv/ws/app-1a2b3c4d/.env",
    "pushd /tmp && cat ~1/.env",
    "pushd /tmp && cat ~-1/.env",
    "pushd /tmp && cat ~+1/.env",
    "pushd /tmp && pushd /var && cat ~2/.env",
    "cat ~+/.env",
    "cd src && cat ~+/../.env",
    "cat ~-/.env",
    "cat $OLDPWD/.env",
    "cd / && head ~-/.env",
    "cd .. && grep KEY ~-/.env",
]

SECRETS = [
    'cat "$(git rev-parse --show-toplevel)/secrets/prod.key"',
    "cd /tmp && cat ~-/secrets/prod.key",
    "cd secrets && cat ~+/prod.key",
    "pushd /tmp && cat ~1/secrets/prod.key",
]

DELETIONS = [  # (a deletion through a substitution asks as unparseable: `rm -rf "$(pwd)/data"` too)
    "cd /tmp && rm -rf ~-/data",
    "cd /tmp && rm -rf $OLDPWD/data",
    "rm -rf ~+/data",
]

FLOOR = [
    "cd ~ && rm -rf $(dirs)",
    "cd / && rm -rf $(git rev-parse --show-toplevel)",
    "cd ~ && rm -rf $(jj root)",
    "cd / && git rev-parse --show-toplevel | xargs rm -rf",
]

KEPT_IN_AUTO_MODE = [
    'cat "$(git rev-parse --show-toplevel)/README.md"',
    "cat $(git rev-parse --show-toplevel)/src/app.py",
    "cat $(npm prefix)/package.json",
    "cd /tmp && cat ~-/README.md",
    "cat ~+/README.md",
    "cat $(npm prefix -g)/.env",
    "ls $(git rev-parse --show-toplevel)",
    "git rev-parse --show-toplevel",
]


@pytest.mark.parametrize("runs_in", ("sandbox", "agent"))
@pytest.mark.parametrize("command", TOPS + EARLIER)
def test_a_deny_meets_the_place_named_from_the_top_or_an_earlier_folder(command: str, runs_in: str) -> None:
    assert_rule_refuses("cat .env", command, runs_in)


@pytest.mark.parametrize("runs_in", ("sandbox", "agent"))
@pytest.mark.parametrize("command", TOPS[:6] + EARLIER[:6])
def test_an_ask_meets_it_too(command: str, runs_in: str) -> None:
    assert_rule_refuses("cat .env", command, runs_in, rank="ask")


@pytest.mark.parametrize("runs_in", ("sandbox", "agent"))
@pytest.mark.parametrize("command", SECRETS)
def test_a_deny_of_a_place_under_a_folder(command: str, runs_in: str) -> None:
    assert_rule_refuses("cat secrets/prod.key", command, runs_in)


@pytest.mark.parametrize("command", DELETIONS)
def test_a_deny_of_a_deletion_meets_it(command: str) -> None:
    assert_rule_refuses("rm -rf data", command, "sandbox")


@pytest.mark.parametrize("command", FLOOR)
def test_the_floor_reads_the_top_printed_from_the_root_or_home(command: str) -> None:
    assert_floor_denies(command)


@pytest.mark.parametrize("command", KEPT_IN_AUTO_MODE)
def test_other_places_keep_their_answers(command: str) -> None:
    assert auto_and_allowed(command, "sandbox", deny=("Terminal(cat .env)",))[0] == (
        "auto_approve",
        "autonomy",
    )
