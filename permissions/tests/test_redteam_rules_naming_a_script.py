"""Red team, R4.10 and R4.8: a deny or ask rule led by a project's script -- `Terminal(./deploy.sh)`,
`Terminal(./scripts/release.sh --publish)`, `Terminal(bin/migrate)` -- met by the same script run another way: by
an interpreter (`bash deploy.sh`, `sh -x deploy.sh`), sourced (`source deploy.sh`, `. ./deploy.sh`), by its absolute
path, or from another folder (`cd scripts && ../deploy.sh`).

The rule compared its first word by spelling, so under a deny of `./deploy.sh` the commands `bash deploy.sh`,
`source deploy.sh` and `/srv/ws/app/deploy.sh` were auto-approved in auto mode (`bash ./deploy.sh` was refused: its
view holds `./deploy.sh` as written). A rule led by a script's path -- a path to a program no table knows -- is now
also read as that path written plainly and as the shell sourcing it (matching._script_named), and the segments
led by a path to it are read again with that path written from where the command starts (matching.paths_from, its
first word too). A script is known by its name, as `/usr/bin/curl` is `curl` (R4.8): a `deploy.sh` in another folder
meets the rule too -- deny and ask match more when unsure (test_a_script_of_the_same_name_elsewhere_meets_it).

DENIED: 56 of its 64 cases failed on the base this change started from (d6f5d88), as deny and as ask, in the sandbox
and on the agent; held there already, and kept as guards: `bash bin/migrate` (its view holds the path as written)
and the `. PATH` cases on the agent (read there as PowerShell's dot-sourcing of the script).
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import assert_rule_does_not_catch, assert_rule_refuses

DENIED = [
    ("./deploy.sh", "bash deploy.sh"),
    ("./deploy.sh", "sh deploy.sh"),
    ("./deploy.sh", "bash -x deploy.sh --prod"),
    ("./deploy.sh", "zsh deploy.sh"),
    ("./deploy.sh", "source deploy.sh"),
    ("./deploy.sh", ". ./deploy.sh"),
    ("./deploy.sh", "source ./deploy.sh"),
    ("./deploy.sh", "cd scripts && ../deploy.sh"),
    ("./deploy.sh", "/srv/ws/app/deploy.sh"),
    ("./scripts/release.sh --publish", "bash scripts/release.sh --publish"),
    ("./scripts/release.sh --publish", "cd scripts && ./release.sh --publish"),
    ("./scripts/release.sh --publish", "source scripts/release.sh --publish"),
    ("scripts/release.sh", "bash ./scripts/release.sh"),
    ("scripts/release.sh", ". scripts/release.sh"),
    ("bin/migrate", "bash bin/migrate"),
    ("bin/migrate", "cd bin && ./migrate"),
]

NOT_CAUGHT = [
    ("./deploy.sh", "./deploy.sh.bak"),
    ("./deploy.sh", "cat deploy.sh"),
    ("./deploy.sh", "bash build.sh"),
    ("./deploy.sh", "shellcheck deploy.sh"),
    ("./scripts/release.sh --publish", "./scripts/release.sh --dry-run"),
    ("bin/migrate", "bin/migrate-status"),
]


@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
@pytest.mark.parametrize("rank", ["deny", "ask"])
@pytest.mark.parametrize("rule, command", DENIED)
def test_a_script_a_rule_names_however_it_is_run(rule: str, command: str, rank: str, runs_in: str) -> None:
    assert_rule_refuses(rule, command, runs_in, rank)


@pytest.mark.parametrize("rule, command", NOT_CAUGHT)
def test_another_script_or_a_reader_of_it_stays_outside_the_rule(rule: str, command: str) -> None:
    assert_rule_does_not_catch(rule, command, "sandbox")


@pytest.mark.parametrize("command", ["scripts/deploy.sh", "bash other/deploy.sh"])
def test_a_script_of_the_same_name_elsewhere_meets_it(command: str) -> None:
    assert_rule_refuses("./deploy.sh", command, "sandbox")
