"""R4.10, GnuPG's commands by their other names, and truncate's size, by any spelling.

gpg
accepts its commands' singular names and abbreviations (`--export-secret-key`, `--delete-secret-key`), and gpg2 is
gpg: a deny of `gpg --export-secret-keys` met `gpg --export-secret-key x` and `gpg -a --export-secret-keys x`
(auto-approved). A deny of `truncate -s 0` met `truncate -s0 f` and `truncate --size=0 f` (auto-approved). Tables
now (permissions.commands.option_tables_clients: GPG, TRUNCATE, read for deny and ask only; the names in
options._NAME_ALIASES). Other options keep their answers.
112 of its 144 cases fail on f8fff7d (the session's start).
"""

from __future__ import annotations

import pytest

from permissions.decide import RUNS_IN
from permissions.tests.helpers import assert_rule_does_not_catch, assert_rule_refuses

REFUSED = [
    # GnuPG: its commands' singular names, abbreviations, gpg2
    ("gpg --export-secret-keys", "gpg --export-secret-key x"),
    ("gpg --export-secret-keys", "gpg --export-secret-keys -a x"),
    ("gpg --export-secret-keys", "gpg -a --export-secret-keys x"),
    ("gpg --export-secret-keys", "gpg --armor --export-secret-keys x"),
    ("gpg --export-secret-keys", "gpg2 --export-secret-keys x"),
    ("gpg --export-secret-keys", "gpg --export-secret x"),
    ("gpg --export-secret-keys", "gpg --batch --pinentry-mode loopback --export-secret-keys x"),
    ("gpg --export-secret-keys", "gpg -o k.asc --export-secret-keys x"),
    ("gpg --export-secret-keys", "/usr/bin/gpg --export-secret-keys"),
    ("gpg --export-secret-keys", "gpg --homedir /tmp/g --export-secret-keys"),
    ("gpg --delete-secret-keys", "gpg --delete-secret-key x"),
    ("gpg --delete-secret-keys", "gpg --batch --yes --delete-secret-keys x"),
    ("gpg --delete-secret-keys", "gpg2 --delete-secret-key x"),
    ("gpg --delete-keys", "gpg --delete-key x"),
    ("gpg --send-keys", "gpg --send-key x"),
    ("gpg --send-keys", "gpg --keyserver k --send-keys x"),
    ("gpg --recv-keys", "gpg --recv-key x"),
    ("gpg --recv-keys", "gpg --keyserver hkps://k --recv-keys x"),
    ("gpg -d", "gpg --decrypt x.gpg"),
    ("gpg -d", "gpg --decr x.gpg"),
    ("gpg -d", "gpg -qd x.gpg"),
    ("gpg -K", "gpg --list-secret-keys"),
    ("gpg -K", "gpg --list-secret"),
    # truncate's size, glued, long, `=` or apart
    ("truncate -s 0", "truncate -s0 f"),
    ("truncate -s 0", "truncate --size=0 f"),
    ("truncate -s 0", "truncate --size 0 f"),
    ("truncate -s 0", "truncate --si=0 f"),
    ("truncate -s 0", "truncate f -s 0"),
    ("truncate -s 0", "truncate -c -s 0 f"),
    ("truncate -s 0", "truncate -cs0 f"),
    ("truncate -s 0", "sudo truncate -s 0 /var/log/x"),
    ("truncate -s 0", "gtruncate -s 0 f"),
]

# friction: other acts of the same programs keep their answers
KEPT = [
    ("gpg --export-secret-keys", "gpg --export x"),
    ("gpg --export-secret-keys", "gpg --list-secret-keys"),
    ("gpg --export-secret-keys", "gpg --export-secret-subkeys x"),
    ("gpg --delete-secret-keys", "gpg --delete-key x"),
    ("gpg -d", "gpg --verify x.sig"),
    ("gpg -K", "gpg -k"),
    ("truncate -s 0", "truncate -s 10M f"),
    ("truncate -s 0", "truncate -s +1K f"),
]


@pytest.mark.parametrize("runs_in", RUNS_IN)
@pytest.mark.parametrize(("rule", "command"), REFUSED)
def test_a_deny_refuses_the_act_by_another_spelling(rule: str, command: str, runs_in: str) -> None:
    assert_rule_refuses(rule, command, runs_in)


@pytest.mark.parametrize(("rule", "command"), REFUSED)
def test_an_ask_asks_for_the_act_by_another_spelling(rule: str, command: str) -> None:
    assert_rule_refuses(rule, command, "agent", rank="ask")


@pytest.mark.parametrize("runs_in", ("sandbox", "agent"))
@pytest.mark.parametrize(("rule", "command"), KEPT)
def test_other_acts_keep_their_answers(rule: str, command: str, runs_in: str) -> None:
    assert_rule_does_not_catch(rule, command, runs_in)
