"""Red team (session 17), R4.10: go's flags read as Go's flag package reads them -- `-name` or `--name`,
`-name=value` or `-name value`, anywhere before `--` -- so a deny of `go get -u` meets `go get --u x`, `go get
-u=patch x` and `go get x -u`, and a deny of `go env -w` meets `go env --w`. go had no option table: its
denies matched the words as written. All 17 cases below met no deny on main.
"""

from __future__ import annotations

import pytest

from permissions.tests.redteam import in_auto_mode, under_its_allow

CASES = [
    ("go get -u=patch x", "go get -u"),
    ("go get --u x", "go get -u"),
    ("go get x -u", "go get -u"),
    ("go get --u=patch x", "go get -u"),
    ("go get -u=true x", "go get -u"),
    ("go -C sub get --u x", "go get -u"),
    ("go env --w GOPROXY=https://e.example", "go env -w"),
    ("go env --w=GOFLAGS=-toolexec=x", "go env -w"),
    ("go clean --modcache", "go clean -modcache"),
    ("go clean -modcache=true", "go clean -modcache"),
    ("go test --exec x ./...", "go test -exec"),
    ("go test -exec=x ./...", "go test -exec"),
    ("go build --ldflags=-X=main.v=1 .", "go build -ldflags"),
    ("go build -ldflags=-s .", "go build -ldflags"),
    ("go build -toolexec=x .", "go build -toolexec"),
    ("go run --toolexec x .", "go run -toolexec"),
    ("go install --mod=mod x@latest", "go install -mod=mod"),
]


@pytest.mark.parametrize(("command", "deny"), CASES)
def test_a_go_flag_by_another_spelling_meets_its_deny(command, deny):
    assert under_its_allow(command, deny).decision == "deny", command
    assert in_auto_mode(command, deny).decision == "deny", command


# Guards that held on main (the flag as the deny writes it) and friction (another flag, or none).
HELD = [
    ("go get -u x", "go get -u"),
    ("go env -w GOPROXY=x", "go env -w"),
    ("go test -exec x ./...", "go test -exec"),
]
ORDINARY = [
    ("go get x", "go get -u"),
    ("go test -race ./...", "go test -exec"),
    ("go test ./...", "go test -exec"),
    ("go build ./...", "go build -o"),
    ("go env GOPATH", "go env -w"),
    ("go clean -testcache", "go clean -modcache"),
]


@pytest.mark.parametrize(("command", "deny"), HELD)
def test_the_spelling_the_deny_writes_still_meets_it(command, deny):
    assert under_its_allow(command, deny).decision == "deny", command


@pytest.mark.parametrize(("command", "deny"), ORDINARY)
def test_other_flags_stay_allowed(command, deny):
    assert under_its_allow(command, deny).decision == "auto_approve", command
