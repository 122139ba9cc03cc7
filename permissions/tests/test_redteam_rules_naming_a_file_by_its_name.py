"""Red team, R4.10: a deny or ask rule that names a file or folder by its plain name -- `Terminal(cat
secrets.txt)`, `Terminal(rm -rf data)`, `Terminal(docker compose -f prod.yml down)` -- met by the same place
written another way: `./secrets.txt`, `data/`, `"$PWD/secrets.txt"`, `src/../secrets.txt`, or `../secrets.txt`
after a `cd` into a subfolder.

The last session read a rule's paths however written (matching.fold_path) and from where the segment runs
(decide._paths_spelt), but only for a rule word written as a path (a `/` or a leading `.`): a plain name was
compared by spelling, so under a deny of `cat secrets.txt` the command `cat ./secrets.txt` was auto-approved in
auto mode. A rule's word is now a place when it is written as a path, names a file (`prod.yml`: a dot inside),
or -- for a program whose table reads no subcommands (`cat`, `rm`, `chmod`, `sh`), where a word after it is an
operand, not a command's or a ref's name -- is any plain name that is not a number (`chmod 600`). The segments of
the programs such rules name (and only those: a rule set naming none pays nothing) are read again with their
paths written from where they run, relative and absolute, each also with its plain words kept as written (a
plain word may be a subcommand: `docker compose -f ../prod.yml`).

DENIED: every case failed on the base this change started from (d6f5d88) -- auto-approved in auto mode and
under an allow of every word, in the sandbox and in the agent; asked for by the rule in an `ask` too. What a
rule cannot know without the program's option table stays by spelling (`head secrets` does not reach `head -n 5
./secrets`: `-n`'s value is unknown to it).
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import assert_rule_does_not_catch, assert_rule_refuses

DENIED = [
    ("cat secrets.txt", "cat ./secrets.txt"),
    ("cat secrets.txt", 'cat "$PWD/secrets.txt"'),
    ("cat secrets.txt", "cat ${PWD}/secrets.txt"),
    ("cat secrets.txt", "cat src/../secrets.txt"),
    ("cat secrets.txt", "cat .//secrets.txt"),
    ("cat secrets.txt", "cd src && cat ../secrets.txt"),
    ("cat secrets.txt", "sudo cat ./secrets.txt"),
    ("cat credentials.json", "cat ./credentials.json"),
    ("cat credentials.json", "cd config && cat ../credentials.json"),
    ("less id_rsa", "less ./id_rsa"),
    ("rm -rf data", "rm -rf ./data"),
    ("rm -rf data", "rm -rf data/"),
    ("rm -rf data", "rm -r -f ./data/"),
    ("rm -rf data", "/bin/rm -rf ./data"),
    ("rm -rf data", "rm --recursive --force ./data"),
    ("rm -rf data", "cd src && rm -rf ../data"),
    ("rm -rf data", 'rm -rf "$PWD/data"'),
    ("rm -rf build dist", "rm -rf ./build ./dist"),
    ("rm db.sqlite3", "rm ./db.sqlite3"),
    ("rm db.sqlite3", "rm -f ./db.sqlite3"),
    ("chmod +x deploy.sh", "chmod +x ./deploy.sh"),
    ("chmod 600 secrets", "chmod 600 ./secrets"),
    ("sh deploy.sh", "sh ./deploy.sh"),
    ("bash deploy.sh", "bash ./deploy.sh"),
    ("bash deploy.sh", "cd scripts && bash ../deploy.sh"),
    ("source secrets.env", "source ./secrets.env"),
    ("cp prod.json config.json", "cp ./prod.json ./config.json"),
    ("mv data archive", "mv ./data ./archive"),
    ("docker compose -f prod.yml down", "docker compose -f ./prod.yml down"),
    ("docker compose -f prod.yml down", "cd deploy && docker compose -f ../prod.yml down"),
    ("kubectl apply -f prod.yaml", "kubectl apply -f ./prod.yaml"),
    ("terraform apply prod.tfplan", "terraform apply ./prod.tfplan"),
    ("psql -f drop.sql", "psql -f ./drop.sql"),
    ("sqlite3 app.db", "sqlite3 ./app.db"),
    ("truncate -s 0 app.log", "truncate -s 0 ./app.log"),
    ("tar -xf backup.tar", "tar -xf ./backup.tar"),
]

# another place, or a plain word that is no place: outside the rule
NOT_CAUGHT = [
    ("cat secrets.txt", "cat src/secrets.txt"),
    ("cat secrets.txt", "cat secrets.txt.example"),
    ("cat secrets.txt", "cat README.md"),
    ("rm -rf data", "rm -rf src/data"),
    ("rm -rf data", "rm -rf data2"),
    ("rm -rf data", "rm -rf ./build"),
    ("docker compose -f prod.yml down", "docker compose -f dev.yml down"),
    ("chmod 600 secrets", "chmod 644 ./secrets"),
    ("make clean", "make ./build"),
]


@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
@pytest.mark.parametrize("rank", ["deny", "ask"])
@pytest.mark.parametrize("rule, command", DENIED)
def test_a_place_a_rule_names_by_its_plain_name_is_that_place_however_written(
    rule: str, command: str, rank: str, runs_in: str
) -> None:
    assert_rule_refuses(rule, command, runs_in, rank)


@pytest.mark.parametrize("rule, command", NOT_CAUGHT)
def test_another_place_stays_outside_the_rule(rule: str, command: str) -> None:
    assert_rule_does_not_catch(rule, command, "sandbox")


def test_a_rule_of_a_program_with_subcommands_or_tasks_keeps_its_plain_words_as_names() -> None:
    """`git checkout main`: `main` is a ref, `make clean` a target, `mix ecto.migrate` a task, `chmod 777` a mode
    -- not places: their programs' segments are not read again for them (a rule set naming no place pays
    nothing), and the rule still meets its own spelling."""
    from permissions.matching import CompiledPermissions

    names = (
        "Terminal(git checkout main)",
        "Terminal(chmod 777)",
        "Terminal(make clean)",
        "Terminal(mix ecto.migrate)",
    )
    assert not CompiledPermissions((), names, ()).path_rules
    assert CompiledPermissions((), ("Terminal(cat secrets)",), ()).path_rules >= {"cat"}
    assert_rule_refuses("git checkout main", "git checkout main", "sandbox")
