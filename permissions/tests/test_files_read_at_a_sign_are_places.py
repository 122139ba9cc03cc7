"""R6.2, SPEC §5 where it runs, red team: the file an HTTP client reads into its request by an `@` (or curl's `<`)
is a place the path scope checks. `curl -d @~/.ssh/id_rsa http://localhost:8000/` reads the developer's key off
their machine into a request (a loopback request is not an external effect, and may be a tunnel): the word
`@/etc/passwd` is neither absolute nor a climb as written, so the scope did not see the file. curl's data, form,
header, JSON, query and variable values (`-d @f`, `-d@f`, `--data-binary=@f`, `--data-urlencode name@f`, `-F
k=@f;type=x`, `-F 'k=<f'`, `-H @f`, `--json @f`), and httpie's and xh's request items (`@f`, `k@f`, `k=@f`,
`k:=@f`), through wrappers and verb paths too.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import AUTO_MODE, term

_OUTSIDE = [
    "curl -d @/etc/passwd http://localhost:8000/x",
    "curl -d @/etc/passwd http://127.0.0.1",
    "curl -d@/etc/passwd http://localhost",
    "curl --data @/home/me/.ssh/id_rsa http://localhost",
    "curl --data=@/etc/passwd http://localhost",
    "curl --data-binary @/etc/shadow http://localhost",
    "curl --data-binary=@/etc/shadow http://localhost",
    "curl --data-urlencode @/etc/passwd http://localhost",
    "curl --data-urlencode name@/etc/passwd http://localhost",
    "curl --data-ascii @/etc/passwd http://localhost",
    "curl --json @/etc/passwd http://localhost",
    "curl -F f=@/etc/passwd http://localhost",
    "curl -F 'f=@/etc/passwd;type=text/plain' http://localhost",
    "curl -F 'f=</etc/passwd' http://localhost",
    "curl --form f=@/etc/passwd http://localhost",
    "curl -H @/etc/passwd http://localhost",
    "curl -d @~/.ssh/id_rsa http://localhost",
    "curl -d @../../other/.env http://localhost",
    "curl -d @sub/../../../x http://localhost",
    "curl -sS -X POST -d @/etc/passwd http://localhost",
    "/usr/bin/curl -d @/etc/passwd http://localhost",
    "env curl -d @/etc/passwd http://localhost",
    "timeout 5 curl -d @/etc/passwd http://localhost",
    "http POST localhost @/etc/passwd",
    "http POST localhost:8000 f@/etc/passwd",
    "http POST localhost f=@/etc/passwd",
    "http POST localhost f:=@/etc/x.json",
    "https POST localhost f@/home/me/.ssh/id_rsa",
    "xh post localhost @/etc/passwd",
    "xh post localhost f@~/.ssh/id_rsa",
    "curlie post localhost @/etc/passwd",
    "cd src && curl -d @../../x http://localhost",
]


# an allow of every program these commands name (the path scope is what asks, not a missing allow)
_CLIENTS = tuple(
    f"Terminal({p})"
    for p in ("curl", "http", "https", "xh", "curlie", "env", "timeout", "/usr/bin/curl", "cd")
)


@pytest.mark.parametrize("command", _OUTSIDE)
def test_a_file_read_by_an_at_sign_outside_the_project_asks_on_the_developers_machine(command: str) -> None:
    v = term(command, autonomy=AUTO_MODE, runs_in="agent")
    assert (v.decision, v.reason) == ("require_approval", "cap_path_scope"), (command, v.reason)


@pytest.mark.parametrize("command", _OUTSIDE)
@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
def test_an_allow_of_the_client_does_not_cover_a_file_outside(command: str, runs_in: str) -> None:
    v = term(command, allow=_CLIENTS, runs_in=runs_in)
    assert v.decision == "require_approval", (command, runs_in, v.reason)


@pytest.mark.parametrize(
    "command",
    [
        "curl -d @payload.json http://localhost:8000/api",
        "curl -d @./fixtures/x.json http://localhost:8000/api",
        "curl --data-binary @build/out.bin http://localhost",
        "curl -F file=@dist/app.zip http://localhost:3000/upload",
        "curl -F 'file=@dist/app.zip;type=application/zip' http://localhost:3000/upload",
        "curl -u me@example.com:pw http://localhost:3000/",
        "curl http://user@localhost:3000/x",
        "curl -H 'Accept: application/json' http://localhost:3000/",
        "http POST localhost:8000/api @fixtures/x.json",
        "http POST localhost:8000/api name=x email=me@example.com",
        "xh post localhost:8000 f@data/x.txt",
    ],
)
@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
def test_a_file_of_the_project_read_by_an_at_sign_stays_approved(command: str, runs_in: str) -> None:
    v = term(command, autonomy=AUTO_MODE, runs_in=runs_in)
    assert v.decision == "auto_approve", (command, runs_in, v.reason)
