"""Red team, SPEC §5 ("where it runs") and R4.10: on the developer's machine a deny or ask rule that names a place
-- `Terminal(cat .env)`, `Terminal(rm -rf data)`, `Terminal(cat /srv/app/Secrets.json)` -- is met by the same
place written in another case: `cat .ENV`, `rm -rf ./Data/`, `cd SRC && cat ../.Env`.

macOS's and Windows' file systems fold case by default, so on a developer's laptop `cat .ENV` reads `.env`. The
rule compared by spelling, so under a deny of `cat .env` the command was auto-approved in auto mode through the
agents' hooks. Off the sandbox a segment of a program such a rule names is now read again with each word the
rule spells in another case written as the rule writes it (CompiledPermissions.places_as_ruled), after its paths
are written from where it runs. In Brabo's sandbox (Linux: case kept) `.ENV` is another file and nothing changes.

DENIED: every case failed on the base this change started from (d6f5d88) on the agent, as deny and as ask.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import assert_rule_does_not_catch, assert_rule_refuses

DENIED = [
    ("cat .env", "cat .ENV"),
    ("cat .env", "cat .Env"),
    ("cat .env", "cat ./.ENV"),
    ("cat .env", "cd SRC && cat ../.Env"),
    ("cat .env", 'cat "$PWD/.ENV"'),
    ("cat secrets.txt", "cat SECRETS.TXT"),
    ("cat secrets.txt", "cat Secrets.txt"),
    ("cat /srv/app/Secrets.json", "cat /SRV/APP/secrets.JSON"),
    ("less id_rsa", "less ID_RSA"),
    ("rm -rf data", "rm -rf DATA"),
    ("rm -rf data", "rm -rf ./Data/"),
    ("rm -rf data", "rm -r -f DaTa"),
    ("rm -rf node_modules", "rm -rf Node_Modules"),
    ("rm -rf /srv/data", "rm -rf /SRV/Data"),
    ("rm db.sqlite3", "rm DB.SQLITE3"),
    ("cp .env.production .env", "cp .ENV.PRODUCTION .env"),
    ("source .envrc", "source .ENVRC"),
    ("docker compose -f prod.yml down", "docker compose -f PROD.YML down"),
]

# another file, in the sandbox's case-keeping file system or by name
NOT_CAUGHT_IN_THE_SANDBOX = [
    ("cat .env", "cat .ENV"),
    ("rm -rf data", "rm -rf DATA"),
    ("cat secrets.txt", "cat SECRETS.TXT"),
]
NOT_CAUGHT_ANYWHERE = [
    ("cat .env", "cat .ENV.example"),
    ("cat .env", "cat README.md"),
    ("rm -rf data", "rm -rf DATA2"),
    ("rm -rf data", "rm -rf src/DATA"),
]


@pytest.mark.parametrize("rank", ["deny", "ask"])
@pytest.mark.parametrize("rule, command", DENIED)
def test_on_the_developers_machine_a_place_in_another_case_is_that_place(
    rule: str, command: str, rank: str
) -> None:
    assert_rule_refuses(rule, command, "agent", rank)


@pytest.mark.parametrize("rule, command", NOT_CAUGHT_IN_THE_SANDBOX)
def test_in_the_sandbox_another_case_is_another_file(rule: str, command: str) -> None:
    assert_rule_does_not_catch(rule, command, "sandbox")


@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
@pytest.mark.parametrize("rule, command", NOT_CAUGHT_ANYWHERE)
def test_another_name_stays_outside_the_rule(rule: str, command: str, runs_in: str) -> None:
    assert_rule_does_not_catch(rule, command, runs_in)
