"""R4.10, R4.8, red team: a place handed to a reader as a positional parameter, and a file's values sourced then
printed.

1. **Positional parameters.** Under a deny of `cat .env`, `set -- .env; cat "$1"`, `bash -c 'cat "$1"' _ .env` and
   `find . -name .env -exec sh -c 'cat "$1"' _ {} \\;` were auto-approved in auto mode: the values the command gives
   `$1`, `$@`, `$*` (`set`, a shell's operands after its script) were known to the floor (`bash -c 'rm -rf "$1"' _
   /` was denied) but not filled into a reader's words, and what find or xargs hands a script's parameters at run
   time was not read at all (decide._runner_gives: the names find picks, what xargs is fed or picks).
2. **Sourced, then printed.** `source .env; echo $KEY` and `. ./.env && node -e '...'` print what `.env` holds as
   surely as `cat .env` may: a later command that may print a variable (an echo of one, inline code) asks (R4.8:
   `set -a; source .env; env` was already denied; `source .env && npm test` keeps its answer).

64 of its 71 cases fail on f8fff7d (the session's start).
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import assert_rule_refuses, auto_and_allowed

PARAMETERS = [
    'set -- .env; cat "$1"',
    "set -- .env; cat $1",
    'set -- a .env; cat "$2"',
    'set -- .env; cat "$@"',
    'set -- .env; cat "$*"',
    "set .env; cat ${1}",
    "set -- x .env && head -3 ${2}",
    "bash -c 'cat \"$1\"' _ .env",
    "sh -c 'cat $0' .env",
    "bash -c 'cat \"$@\"' x .env",
    "sh -c 'cat ${1}' _ .env",
    "zsh -c 'grep KEY \"$1\"' _ .env",
    "echo .env | xargs sh -c 'cat \"$1\"' _",
    "echo .env | xargs -n1 bash -c 'head -5 \"$0\"'",
    "find . -name .env -exec sh -c 'cat \"$1\"' _ {} \\;",
    "find . -name .env -exec sh -c 'cat \"$@\"' _ {} +",
    "find . -maxdepth 1 -name .env -exec bash -c 'cat $0' {} \\;",
    "find . -name .env -execdir sh -c 'tail \"$1\"' sh {} \\;",
]

PICKED_BY_A_GLOB = [  # a glob that may name the place: asks (matching.GlobMeaning)
    "find . -name '.e*' -exec bash -c 'cat \"$0\"' {} \\;",
    "ls -a | grep env | xargs -n1 sh -c 'cat $0'",
    "find . -iname '*ENV*' -exec sh -c 'cat \"$1\"' _ {} \\;",
]

SOURCED = [
    "source .env; echo $KEY",
    '. ./.env && echo "$API_KEY"',
    ". .env; echo ${DATABASE_URL}",
    "source .env && node -e 'console.log(process.env.KEY)'",
    "source .env; printf '%s' \"$KEY\"",
    ". .env; python3 -c 'import os; print(os.environ)'",
    "set -a && source .env && bash -c 'echo $KEY'",
]

KEPT = [
    'set -- a b; cat "$1"',
    "bash -c 'cat \"$1\"' _ README.md",
    "find . -name '*.py' -exec sh -c 'wc -l \"$1\"' _ {} \\;",
    "source .env && npm test",
    "source .venv/bin/activate && pytest -q",
    "source .env && echo done",
    ". ./.env && make build",
]


@pytest.mark.parametrize("runs_in", ("sandbox", "agent"))
@pytest.mark.parametrize("command", PARAMETERS)
def test_a_deny_meets_the_place_a_parameter_holds(command: str, runs_in: str) -> None:
    assert_rule_refuses("cat .env", command, runs_in)


@pytest.mark.parametrize("runs_in", ("sandbox", "agent"))
@pytest.mark.parametrize("command", PICKED_BY_A_GLOB + SOURCED)
def test_a_deny_asks_where_the_place_may_be_printed(command: str, runs_in: str) -> None:
    for decision, reason in auto_and_allowed(command, runs_in, deny=("Terminal(cat .env)",)):
        assert (decision, reason) == ("require_approval", "ask_rule"), command


@pytest.mark.parametrize("runs_in", ("sandbox", "agent"))
@pytest.mark.parametrize("command", SOURCED[:4])
def test_an_ask_meets_a_sourced_file_printed(command: str, runs_in: str) -> None:
    assert_rule_refuses("cat .env", command, runs_in, rank="ask")


@pytest.mark.parametrize("command", KEPT)
def test_other_parameters_and_sourcing_keep_their_answers(command: str) -> None:
    verdict = auto_and_allowed(command, "sandbox", deny=("Terminal(cat .env)",))[0]
    assert verdict == ("auto_approve", "autonomy"), command
