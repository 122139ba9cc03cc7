"""Red team, R4.10 ("deny and ask match the act, not its spelling"): a rule printing a file -- `Terminal(cat .env)` --
meets the file however the reader is handed its name when the command runs, and whatever the shell reads it with.

Under a deny of `cat .env`, each of these was auto-approved in auto mode: the name piped into xargs (`echo .env |
xargs cat`, `printf '.env' | xargs head`), printed by a command substitution (`cat $(echo .env)`, `cat
"$(pwd)/.env"`), held in a variable the command gives it (`f=.env; cat $f`, `for f in .env; do cat $f; done`,
`export F=.env; head ${F}`), or read by the shell itself from an input redirect (`while read l; do echo $l; done
< .env`, `read -r x < .env; echo $x`, `mapfile a < .env`, `exec 3< .env; cat <&3`). The floor already read what
xargs is handed, what a substitution prints and what a variable holds (R4.6, permissions.where); a rule naming a
place now reads them too (where.handed_at_run_time, decide._handed), and the shell's readers of a redirect read
it as `cat` does (decide._SHELL_READERS). Another file handed so, or the name only printed or listed, stays
outside.

DENIED: every case failed on the base this change started from (d2f55ef), as deny or as ask, in the sandbox or on
the agent.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import assert_rule_does_not_catch, assert_rule_refuses

DENIED = [
    ("cat .env", "echo .env | xargs cat"),
    ("cat .env", "printf '.env' | xargs cat"),
    ("cat .env", "printf '%s\\n' .env | xargs head -n 5"),
    ("cat .env", "echo .env | xargs -n1 grep KEY"),
    ("cat .env", "cat $(echo .env)"),
    ("cat .env", "head -n 3 $(printf .env)"),
    ("cat .env", 'cat "$(pwd)/.env"'),
    ("cat .env", "cat `echo .env`"),
    ("cat .env", "f=.env; cat $f"),
    ("cat .env", 'f=.env && cat "$f"'),
    ("cat .env", "export F=.env; head ${F}"),
    ("cat .env", "x=.e; cat ${x}nv"),
    ("cat .env", "for f in .env; do cat $f; done"),
    ("cat .env", "while read l; do echo $l; done < .env"),
    ("cat .env", "while IFS= read -r line; do printf '%s\\n' \"$line\"; done < ./.env"),
    ("cat .env", "read -r x < .env; echo $x"),
    ("cat .env", "mapfile a < .env; echo ${a[@]}"),
    ("cat .env", "readarray -t a < .env"),
    ("cat .env", "exec 3< .env; cat <&3"),
    ("cat config/prod.json", "f=config/prod.json; jq . $f"),
    ("cat config/prod.json", "echo config/prod.json | xargs cat"),
]

NOT_CAUGHT = [
    ("cat .env", "echo README.md | xargs cat"),
    ("cat .env", "cat $(git ls-files)"),
    ("cat .env", "f=README.md; cat $f"),
    ("cat .env", "while read l; do echo $l; done < README.md"),
    ("cat .env", "read -r x < VERSION"),
    ("cat .env", 'cat "$(pwd)/README.md"'),
    ("cat .env", "echo .env"),
    ("cat .env", "f=.env; ls $f"),
    ("cat .env", "f=.env; wc -l $f"),
    ("cat .env", "mapfile -t lines < requirements.txt"),
]


@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
@pytest.mark.parametrize("rank", ["deny", "ask"])
@pytest.mark.parametrize("rule, command", DENIED)
def test_a_place_a_rule_prints_handed_at_run_time(rule: str, command: str, rank: str, runs_in: str) -> None:
    assert_rule_refuses(rule, command, runs_in, rank)


@pytest.mark.parametrize("rule, command", NOT_CAUGHT)
def test_another_file_or_the_name_alone_stays_outside(rule: str, command: str) -> None:
    assert_rule_does_not_catch(rule, command, "sandbox")
