"""R4.10, R4.8, red team: the same place through a process's folders in /proc, and through the text an expansion
gives whatever its variable holds.

Under a deny of `cat .env`, these were auto-approved in the sandbox's auto mode:
1. **/proc** -- `cat /proc/self/cwd/.env`, `cat /proc/$$/cwd/.env`, `cat /proc/$PPID/cwd/.env` (the agent's shell)
   and `cat /proc/self/root/<the project>/.env`: a process's working folder is where the command runs (another
   process's too: deny more), its root the root (matching._place; the floor read them already).
2. **Expansion texts** -- a default (`${X:-.env}`, `${X-.env}`, `${X:=.env}`, `.${X:-env}`), an alternative
   (`${X:+.env}`) and a replacement (`${HOME/*/.env}`) give their own text; and a word of two variables (`x=.e;
   y=nv; cat $x$y`) was read one variable at a time (where._readings: every combination). The floor reads them so
   too: `x=/; y=*; rm -rf $x$y` and `rm -rf ${X:+/}` asked where the floor denies.

64 of its 70 cases fail on f8fff7d (the session's start).
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import assert_floor_denies, assert_rule_refuses, auto_and_allowed

PROC = [
    "cat /proc/self/cwd/.env",
    "cat /proc/$$/cwd/.env",
    "cat /proc/$PPID/cwd/.env",
    "cat /proc/${PPID}/cwd/.env",
    "cat /proc/thread-self/cwd/.env",
    "cat /proc/self/task/1/cwd/.env",
    "cat /proc/1/root/srv/ws/app-1a2b3c4d/.env",
    "cat /proc/self/root/srv/ws/app-1a2b3c4d/.env",
    "cd src && cat /proc/self/cwd/../.env",
    "head -3 /proc/self/cwd/.env",
    "grep KEY /proc/self/cwd/.env",
]

EXPANSIONS = [
    "cat ${X:-.env}",
    "cat ${X-.env}",
    "cat ${X:=.env}",
    "cat ${X=.env}",
    "cat ${X:+.env}",
    "cat .${X:-env}",
    "cat ${X:-.}/.env",
    'cat "${HOME/*/.env}"',
    'cat "${HOME//*/.env}"',
    "cat ${1:-.env}",
    "x=.e; y=nv; cat $x$y",
    "x=.e; y=nv; cat ${x}${y}",
    'a=.; b=env; cat "$a$b"',
    "d=.; f=env; cat $d/.$f",
]

SECRETS = [
    "cat /proc/self/cwd/secrets/prod.key",
    "cat ${D:-secrets}/prod.key",
    "d=secrets; f=prod.key; cat $d/$f",
]

FLOOR = [
    "x=/; y=*; rm -rf $x$y",
    'x=/; y=*; rm -rf "$x$y"',
    "rm -rf ${X:+/}",
    'rm -rf "${D:+~}"',
    "a=~; b=/; rm -rf ${a}${b}",
]

KEPT = [
    "cat /proc/self/cwd/README.md",
    "cat /proc/cpuinfo",
    "cat /proc/self/status",
    "cat ${X:-README.md}",
    "cat ${X:-src}/.env",
    "x=src; y=app.py; cat $x/$y",
]


@pytest.mark.parametrize("runs_in", ("sandbox", "agent"))
@pytest.mark.parametrize("command", PROC + EXPANSIONS)
def test_a_deny_meets_the_place_through_proc_or_an_expansion_text(command: str, runs_in: str) -> None:
    assert_rule_refuses("cat .env", command, runs_in)


@pytest.mark.parametrize("command", PROC[:3] + EXPANSIONS[:3])
def test_an_ask_meets_it_too(command: str) -> None:
    assert_rule_refuses("cat .env", command, "sandbox", rank="ask")


@pytest.mark.parametrize("command", SECRETS)
def test_a_deny_of_a_place_in_a_folder(command: str) -> None:
    assert_rule_refuses("cat secrets/prod.key", command, "sandbox")


@pytest.mark.parametrize("command", KEPT)
def test_other_places_keep_their_answers(command: str) -> None:
    assert auto_and_allowed(command, "sandbox", deny=("Terminal(cat .env)",))[0] == (
        "auto_approve",
        "autonomy",
    )


@pytest.mark.parametrize("command", FLOOR)
def test_the_floor_reads_every_combination_and_an_expansion_text(command: str) -> None:
    assert_floor_denies(command)
