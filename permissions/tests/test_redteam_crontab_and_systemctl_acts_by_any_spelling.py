"""R4.10, crontab's options by any spelling, and a unit stopped by `systemctl disable --now` or `mask --now`.

crontab reads its letters clustered and in any order (`-ri`, `-ir`, `-u me -r`): a deny of `crontab -r` met each of
them (auto-approved, or asked where it names another user). systemd stops a unit that `disable --now` or `mask
--now` turns off ("the units will also be stopped"): a deny of `systemctl stop` met `systemctl disable --now x`
(auto-approved). crontab has a table now and systemctl's reads those two as a stop too -- a reading only a segment
has, so a deny of `systemctl disable --now` is not every stop's (permissions.commands.option_tables_tools). Listing,
editing, plain disabling and `enable --now` keep their answers. Which crontab lines are written is another
helper's class (a machine's persistence), not this file's.
96 of its 144 cases fail on f8fff7d (the session's start).
"""

from __future__ import annotations

import pytest

from permissions.decide import RUNS_IN
from permissions.tests.helpers import assert_rule_does_not_catch, assert_rule_refuses

REFUSED = [
    # crontab's letters clustered, in any order, around `-u USER`
    ("crontab -r", "crontab -ri"),
    ("crontab -r", "crontab -ir"),
    ("crontab -r", "crontab -u me -r"),
    ("crontab -r", "crontab -r -u me"),
    ("crontab -r", "crontab -ume -r"),
    ("crontab -r", "crontab -r -i"),
    ("crontab -r", "crontab -i -r"),
    ("crontab -r", "sudo crontab -u root -r"),
    ("crontab -r", "/usr/bin/crontab -r"),
    ("crontab -r", "env EDITOR=true crontab -ri"),
    ("crontab -r", "doas crontab -u root -ir"),
    ("crontab -r", "busybox crontab -r"),
    ("crontab -e", "crontab -u me -e"),
    ("crontab -e", "crontab -e -u me"),
    ("crontab -e", "sudo crontab -u root -e"),
    ("crontab -l", "crontab -u root -l"),
    ("crontab -u root", "crontab -uroot -l"),
    ("crontab -u root", "crontab -l -u root"),
    # systemctl: a unit disabled or masked `--now` is stopped too
    ("systemctl stop", "systemctl disable --now x"),
    ("systemctl stop", "systemctl mask --now x"),
    ("systemctl stop", "systemctl --now disable x"),
    ("systemctl stop", "systemctl disable x --now"),
    ("systemctl stop", "systemctl disable --no x"),
    ("systemctl stop", "sudo systemctl --user disable --now x"),
    ("systemctl stop", "systemctl -q mask --now x"),
    ("systemctl stop", "systemctl --user mask x --now"),
    ("systemctl stop x", "systemctl disable --now x"),
    ("systemctl stop x", "systemctl mask --now x"),
    ("systemctl stop nginx", "sudo systemctl disable --now nginx"),
    ("systemctl stop", "systemctl stop x"),
]

# friction: other acts of the same programs keep their answers
KEPT = [
    ("crontab -r", "crontab -l"),
    ("crontab -r", "crontab -e"),
    ("crontab -r", "crontab -u me -l"),
    ("crontab -r", "crontab file.txt"),
    ("crontab -e", "crontab -l"),
    ("systemctl stop", "systemctl disable x"),
    ("systemctl stop", "systemctl mask x"),
    ("systemctl stop", "systemctl enable --now x"),
    ("systemctl stop", "systemctl unmask --now x"),
    ("systemctl stop", "systemctl status x"),
    ("systemctl disable --now", "systemctl stop x"),
    ("systemctl stop x", "systemctl disable --now y"),
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
