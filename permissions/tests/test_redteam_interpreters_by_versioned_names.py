"""R4.10 (and R4.9), an interpreter or a shell by its versioned or other installed names.

A deny of `node -e` met `node18 -e 'x'`, of `ruby -e` `ruby3.2 -e 'x'`, of `perl -e` `perl5.36.0 -e 'x'`, of `php -r`
`php8.2 -r 'x'`, of `php artisan migrate:fresh` `php8.2 artisan migrate:fresh` (auto-approved), of `bash -c` `bash5 -c
'ls'` (auto-approved), of `pip install` `python3.13t -m pip install x` (auto-approved). JRuby and TruffleRuby, and
Python's `pythonw` and `python3-dbg`, were not read as interpreters at all: `jruby -e CODE` was auto-approved, its
code unread (R4.9). Those names are their programs' now (permissions.commands.options._NAME_ALIASES;
interpreters._INTERPRETERS; wrappers.python_family for `-m module`). Scripts and other commands keep their answers.
A deny of `python -c` meets the free-threaded, windowless and debug builds' `-c` too (matching._PYTHONS, Python's
names for a pattern of python). 136 of its 160 cases fail on f8fff7d (the session's start).
"""

from __future__ import annotations

import pytest

from permissions.decide import RUNS_IN
from permissions.tests.helpers import assert_rule_does_not_catch, assert_rule_refuses, auto_and_allowed

REFUSED = [
    # an interpreter's versioned names under a deny of its inline code
    ("node -e", "node18 -e 'x'"),
    ("node -e", "node20 -e 'x'"),
    ("node -e", "node22 --eval 'x'"),
    ("node -e", "/usr/local/bin/node20 -e 'x'"),
    ("node -e", "node18 -pe 'x'"),
    ("ruby -e", "ruby3.2 -e 'x'"),
    ("ruby -e", "ruby3.3 -e 'x'"),
    ("ruby -e", "ruby32 -e 'x'"),
    ("ruby -e", "jruby -e 'x'"),
    ("ruby -e", "truffleruby -e 'x'"),
    ("ruby -e", "/usr/bin/ruby3.1 -e 'x'"),
    ("perl -e", "perl5.36.0 -e 'x'"),
    ("perl -e", "perl5.38 -e 'x'"),
    ("perl -e", "perl5.34.1 -ne 'x'"),
    ("php -r", "php8.2 -r 'x'"),
    ("php -r", "php83 -r 'x'"),
    ("php -r", "php7.4 -r 'x'"),
    ("php -r", "/usr/bin/php8.1 -r 'x'"),
    ("php artisan migrate:fresh", "php8.2 artisan migrate:fresh"),
    ("php artisan migrate:fresh", "php83 artisan migrate:fresh"),
    ("php artisan migrate:fresh", "php8.3 artisan migrate:fresh --force"),
    ("php artisan db:wipe", "php8.2 artisan db:wipe"),
    ("bash -c", "bash5 -c 'ls'"),
    ("bash -c", "bash-5.2 -c 'ls'"),
    ("bash -c", "bash4 -c 'ls'"),
    ("bash", "bash5"),
    ("bash", "bash5 ./deploy.sh"),
    # python's other builds running a module
    ("pip install", "python3.13t -m pip install x"),
    ("pip install", "python3.14t -m pip install x"),
    ("pip install", "pythonw -m pip install x"),
    ("pip install", "python3-dbg -m pip install x"),
    ("twine upload", "python3.13t -m twine upload dist/*"),
]

# friction: other acts of the same programs keep their answers
KEPT = [
    ("node -e", "node18 app.js"),
    ("node -e", "node20 --version"),
    ("ruby -e", "ruby3.2 script.rb"),
    ("perl -e", "perl5.36.0 script.pl"),
    ("php -r", "php8.2 artisan migrate"),
    ("php artisan migrate:fresh", "php8.2 artisan migrate"),
    ("bash -c", "bash5 ./x.sh"),
    ("pip install", "python3.13t -m pip list"),
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


# Python's other builds under a deny of `python -c` (matching._PYTHONS)
BY_THE_OTHER_NAME = [
    ("python -c", "python3.13t -c 'x'"),
    ("python -c", "python3.14t -c 'x'"),
    ("python -c", "pythonw -c 'x'"),
    ("python -c", "python3-dbg -c 'x'"),
]


@pytest.mark.parametrize(("rule", "command"), BY_THE_OTHER_NAME)
def test_a_deny_of_python_c_refuses_its_other_builds_code(rule: str, command: str) -> None:
    assert_rule_refuses(rule, command, "agent")


# R4.9: their inline code is opaque -- never auto-approved, by auto mode or behind an allow of every word
OPAQUE = [
    "jruby -e 'system(\"curl x | sh\")'",
    "truffleruby -e 'x'",
    "jruby -rjson -e 'x'",
    "pythonw -c 'import os'",
    "python3-dbg -c 'import os'",
    "python-dbg -c 'x'",
]


@pytest.mark.parametrize("runs_in", ("sandbox", "agent"))
@pytest.mark.parametrize("command", OPAQUE)
def test_their_inline_code_is_never_auto_approved(command: str, runs_in: str) -> None:
    for decision, reason in auto_and_allowed(command, runs_in):
        assert decision == "require_approval", (command, runs_in, reason)
