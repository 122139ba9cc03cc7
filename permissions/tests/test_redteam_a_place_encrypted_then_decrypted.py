"""R4.10, red team: a place gpg encrypts, signs or stores to another file, then decrypts from there.

Under a deny of `cat .env`, `gpg -d .env` was refused, but `gpg -c --batch --passphrase x .env && gpg -d --batch
--passphrase x .env.gpg` printed the file, auto-approved: gpg's copy (FILE.gpg, FILE.asc armored, `-o`'s value) is
read as the copy it is now (copies._gpg), as gzip's is; and `gpg2` (GnuPG 2's binary name) decrypts as gpg does. Kept: the same
round trip of an ordinary file, gpg's listings.
20 of its 23 cases fail on 513a152 (the session's start); the kept ones held.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import assert_rule_does_not_catch, assert_rule_refuses

ROUND_TRIPS = [
    "gpg -c --batch --passphrase x .env && gpg -d --batch --passphrase x .env.gpg",
    "gpg -c .env && gpg --decrypt .env.gpg",
    "gpg -ca .env && gpg -d .env.asc",
    "gpg --symmetric --armor .env; gpg -d .env.asc",
    "gpg -e -r me -o /tmp/e .env && gpg -d /tmp/e",
    "gpg --symmetric --output=e.gpg .env; gpg --decrypt e.gpg",
    "gpg --store .env && gpg -d .env.gpg",
    "gpg -s .env && gpg -d .env.gpg",
    "gpg2 -c .env && gpg2 -d .env.gpg",
    "gpg2 -d .env",
]
KEPT = [
    "gpg -c notes.txt && gpg -d notes.txt.gpg",
    "gpg --list-keys",
    "gpg --verify x.sig x",
]


@pytest.mark.parametrize("runs_in", ("sandbox", "agent"))
@pytest.mark.parametrize("command", ROUND_TRIPS)
def test_a_place_decrypted_from_gpg_s_copy_meets_the_rule(command: str, runs_in: str) -> None:
    assert_rule_refuses("cat .env", command, runs_in)


@pytest.mark.parametrize("command", KEPT)
def test_an_ordinary_file_s_round_trip_is_not_the_rule_s(command: str) -> None:
    assert_rule_does_not_catch("cat .env", command, "sandbox")
