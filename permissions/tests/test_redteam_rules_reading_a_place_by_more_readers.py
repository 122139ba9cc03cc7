"""Red team, R4.10 ("deny and ask match the act, not its spelling"): a rule printing a file -- `Terminal(cat .env)` --
meets every program that prints the file's content, not the few a first list named.

Under a deny of `cat .env`, each of these was auto-approved in auto mode: encoders (`base32 .env`, `basenc --base64
.env`, `uuencode .env x`, `openssl base64 -in .env`), renderers and converters (`glow`, `highlight`, `pygmentize`,
`gron`, `mlr --icsv cat`, `dasel -f`), text tools (`shuf`, `tsort`, `ptx`, `unexpand`, `look A .env`, `csplit`,
`split ... /dev/stdout`), archivers writing to the output (`tar cf - .env`, `tar -cO .env`, `zip - .env`), `curl
file:///.../.env`, filters fed the file (`tee < .env`, `tr -d x < .env`, `envsubst < .env`, `numfmt < .env`), and
a file sourced into a shell that then prints its environment (`set -a; source .env; env`). The readers of a place
grew (matching._PRINTS_PLACES, _READS_PLACES, content_reads for `curl file://` and `openssl -in`; decide._SHELL_READERS,
_shell_read), and a program whose operands are all places meets them with options among them (`base32 -w0 .env`:
_FILE_OPERANDS holds every printer). Sourcing alone (`source .env && npm start`) or another file stays outside.

DENIED: every case failed on the base this change started from (d2f55ef), as deny or as ask, in the sandbox or on
the agent.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import assert_rule_does_not_catch, assert_rule_refuses

DENIED = [
    ("cat .env", "base32 .env"),
    ("cat .env", "base32 -w0 .env"),
    ("cat .env", "basenc --base64 .env"),
    ("cat .env", "uuencode .env x"),
    ("cat .env", "openssl base64 -in .env"),
    ("cat .env", "openssl enc -base64 -in .env"),
    ("cat .env", "glow .env"),
    ("cat .env", "highlight .env"),
    ("cat .env", "pygmentize .env"),
    ("cat .env", "gron .env"),
    ("cat .env", "mlr --icsv cat .env"),
    ("cat .env", "dasel -f .env"),
    ("cat .env", "unexpand .env"),
    ("cat .env", "shuf .env"),
    ("cat .env", "shuf -n 1 .env"),
    ("cat .env", "tsort .env"),
    ("cat .env", "ptx .env"),
    ("cat .env", "look A .env"),
    ("cat .env", "csplit .env 1"),
    ("cat .env", "split -l 1 .env /dev/stdout"),
    ("cat .env", "tar cf - .env"),
    ("cat .env", "tar -cO .env"),
    ("cat .env", "zip - .env"),
    ("cat .env", "curl file:///srv/ws/app-1a2b3c4d/.env"),
    ("cat .env", "curl -s file://localhost/srv/ws/app-1a2b3c4d/.env"),
    ("cat .env", "tee < .env"),
    ("cat .env", "tee /dev/null < .env"),
    ("cat .env", "tr -d x < .env"),
    ("cat .env", "envsubst < .env"),
    ("cat .env", "numfmt < .env"),
    ("cat .env", "set -a; source .env; env"),
    ("cat .env", "source .env && printenv"),
    ("cat .env", ". ./.env; export -p"),
    ("head secrets.txt", "shuf secrets.txt"),
]

NOT_CAUGHT = [
    ("cat .env", "base32 README.md"),
    ("cat .env", "tar czf out.tgz src"),
    ("cat .env", "zip -r out.zip src"),
    ("cat .env", "curl https://example.com/.env"),
    ("cat .env", "tee out.txt < README.md"),
    ("cat .env", "tr a b < README.md"),
    ("cat .env", "source .env && npm start"),
    ("cat .env", ". .env; make run"),
    ("cat .env", "openssl rand -hex 16"),
]


@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
@pytest.mark.parametrize("rank", ["deny", "ask"])
@pytest.mark.parametrize("rule, command", DENIED)
def test_a_place_a_rule_prints_read_by_more_readers(rule: str, command: str, rank: str, runs_in: str) -> None:
    assert_rule_refuses(rule, command, runs_in, rank)


@pytest.mark.parametrize("rule, command", NOT_CAUGHT)
def test_another_file_or_sourcing_alone_stays_outside(rule: str, command: str) -> None:
    assert_rule_does_not_catch(rule, command, "sandbox")
