"""Red team, R4.10: a deny or ask rule naming places -- `Terminal(cat .env)`, `Terminal(rm -rf data)`,
-- met by a segment that names the same places among others, in another order or
after an option: `cat -n .env`, `cat -A .env`, `cat -- .env`, `cat notes.txt .env`, `rm -rf build data`, `rm -r -f
tmp ./data`.

R4.1 reads a pattern as a word prefix, so `cat .env` never met `cat -n .env` (cat has no option table: `-n` stood
where `.env` was looked for) nor `cat notes.txt .env`, and `rm -rf data` never met `rm -rf build data` -- each reads
or deletes the rule's place all the same, and each was auto-approved in auto mode under the rule. For a program
whose operands are all places (matching._FILE_OPERANDS: rm, cat, less, head, cp, mv, source, ...; not `chown`'s
owner or `chmod`'s mode), a pattern whose operands all name places (no wildcard, option, setting or number) now
meets them wherever the segment writes them (matching._places_among), after options too where the program has no
table, and a file given on its input is read as its operand (`cat < .env`); a deleter's place is met by what is
inside it too (`rm -rf data/*`, `rm -rf data/old`: R4.6's floor reads `rm -rf /*` as `rm -rf /` alike). Another place stays another place.
(Another program reading the place was another act when this file was written; since session 23 a rule printing a
place is met by every reader of it: test_redteam_rules_reading_a_place_by_another_reader.py.)

DENIED: every case but two failed on the base this change started from (d6f5d88), as deny and as ask, in the
sandbox and on the agent; `rm -f .env` and `source ./.envrc` were refused there already (rm's table, the path
written plainly) and are kept as guards.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import assert_rule_does_not_catch, assert_rule_refuses

DENIED = [
    ("cat .env", "cat -n .env"),
    ("cat .env", "cat -A .env"),
    ("cat .env", "cat -- .env"),
    ("cat .env", "cat -v ./.env"),
    ("cat .env", "cat notes.txt .env"),
    ("cat .env", "cat README.md ./.env"),
    ("cat secrets.txt", "cat -n ./secrets.txt"),
    ("less id_rsa", "less -N id_rsa"),
    ("rm -rf data", "rm -rf build data"),
    ("rm -rf data", "rm -rf data/ build"),
    ("rm -rf data", "rm -r -f tmp ./data"),
    ("rm -rf data", "rm --recursive --force cache data"),
    ("rm .env", "rm -f .env"),
    ("rm .env", "rm -v notes.txt .env"),
    ("rm -rf /srv/data", "rm -rf /srv/cache /srv/data/"),
    ("source .envrc", "source ./.envrc"),
    # a deleter's place: what is inside it too (`rm -rf data/*` deletes what `rm -rf data` would)
    ("rm -rf data", "rm -rf data/*"),
    ("rm -rf data", "rm -rf ./data/old"),
    ("rm -rf data", "rm -r -f tmp data/cache/"),
    ("rm -rf /srv/data", "rm -rf /srv/data/*"),
    # the place given on the program's input: read as its operand (decide._paths_spelt)
    ("cat .env", "cat < .env"),
    ("cat .env", "< .env cat"),
    ("cat .env", "cat 0< .env"),
    ("cat .env", "cat <./.env"),
    ("cat .env", "cat - < .env"),
    ("cat .env", "cd src && cat < ../.env"),
    ("less id_rsa", "less < id_rsa"),
    ("base64 id_rsa", "base64 < ./id_rsa"),
]

NOT_CAUGHT = [
    ("cat .env", "cat .env.example"),
    ("cat .env", "cat -n README.md"),
    ("cat .env", "cat notes.txt env"),
    ("cat .env", "head -n 5 README.md"),
    ("cat .env", "cat < README.md"),
    ("cat .env", "cat > .env"),
    ("rm -rf data", "rm -rf build"),
    ("rm -rf data", "rm -rf build data2"),
    ("rm -rf data", "rm -rf src/data"),
    ("rm -rf data", "rm -rf database"),
    ("cat .env", "cat .env.d/x"),
    ("chmod 600 secrets", "chmod 600 notes"),
]


@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
@pytest.mark.parametrize("rank", ["deny", "ask"])
@pytest.mark.parametrize("rule, command", DENIED)
def test_the_places_a_rule_names_wherever_the_segment_writes_them(
    rule: str, command: str, rank: str, runs_in: str
) -> None:
    assert_rule_refuses(rule, command, runs_in, rank)


@pytest.mark.parametrize("rule, command", NOT_CAUGHT)
def test_other_places_stay_outside_the_rule(rule: str, command: str) -> None:
    assert_rule_does_not_catch(rule, command, "sandbox")
