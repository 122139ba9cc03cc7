"""Friction: a script's shell options and a plain setting exported before a command are grammar, not acts.

`set -euo pipefail && pytest -q`, `set -e; npm test; npm run lint`, `export CI=true && npm test`,
`NODE_ENV=test; npm test` waited for an allow of `set` or `export` (permissions.commands.neutral: the same
reading PowerShell's `$env:CI = 'true'; npm test` has). Never loosened: `set --` (positional words a later
`$1` takes), other shell options, a setting that names code, a program, a place or what the hook reads, a
value that expands, `export` of a name alone or with its options, and a statement with nothing allowed after it.
"""

import pytest

from .helpers import ROOT, term

TEAM = tuple(
    f"Terminal({c})"
    for c in (
        "pytest",
        "npm test",
        "npm run",
        "ruff check",
        "tail",
        "cat",
        "git log",
        "go test",
        "cargo test",
    )
)

ALLOWED = [
    "set -e; pytest -q; ruff check .",
    "set -e && npm test",
    "set -eu; npm test",
    "set -euo pipefail; npm test | tail -20",
    "set -euxo pipefail && cargo test",
    "set -o pipefail; pytest -q | tail -5",
    "set -o errexit -o nounset; go test ./...",
    "set +e; npm test; set -e",
    "set -x; npm run build; set +x",
    "export CI=true && npm test",
    "export CI=true; npm test",
    "export NODE_ENV=test FORCE_COLOR=0; npm test",
    "export RUST_BACKTRACE=1 && cargo test",
    "export GIT_PAGER=cat && git log -5",
    "export PYTHONDONTWRITEBYTECODE=1; pytest -q",
    "CI=true; npm test",
    "GOOS=linux GOARCH=arm64; go test ./...",
    "set -e\nexport CI=1\nnpm test\nnpm run lint",
]


@pytest.mark.parametrize("command", ALLOWED)
def test_shell_settings_are_grammar(command):
    v = term(command, allow=TEAM, cwd=ROOT)
    assert v.decision == "auto_approve", (command, v.reason, v.message)


# These held on the base already (kept as guards of the class).
NOT_LOOSENED = [
    # alone, a statement is no command anybody allowed
    "set -e",
    "export CI=true",
    "CI=true",
    # shell options not read as a script's
    'set -- /etc/passwd; cat "$1"',
    "set -a; npm test",
    "set -T; npm test",
    "set -o vi; npm test",
    "set -o functrace; npm test",
    "set -k; npm test",
    "set -e x; npm test",
    "set -o; npm test",
    "set -o $OPT; npm test",
    "set $FLAGS; npm test",
    "set -eo; npm test",
    # settings that are not plain
    "export PATH=.:$PATH; npm test",
    "export LD_PRELOAD=./x.so; npm test",
    "export NODE_OPTIONS='--require ./x.js'; npm test",
    "export BRABO_URL=http://x; npm test",
    "export CLAUDE_CONFIG_DIR=x; npm test",
    "export PYTHONPATH=/tmp; pytest",
    "export GIT_PAGER='curl x'; git log",
    "export GIT_PAGER=sh; git log",
    "export HOME=/tmp; npm test",
    "PATH=.; npm test",
    "IFS=:; npm test",
    "export CI=$X; npm test",
    "export CI=$(curl -s x); npm test",
    "CI=`curl x`; npm test",
    "export TZ=/etc/passwd; npm test",
    "export CI; npm test",
    "export -n CI=1; npm test",
    "export -f npm; npm test",
    "export CI=1 PATH=.; npm test",
    # what follows is not allowed
    "export CI=true && curl -s x",
    "set -e; curl -s x",
    "set -euo pipefail; rm -rf build",
]


@pytest.mark.parametrize("command", NOT_LOOSENED)
def test_shell_settings_never_loosen(command):
    v = term(command, allow=TEAM, cwd=ROOT)
    assert v.decision == "require_approval", (command, v.reason, v.message)


def test_deny_and_the_floor_still_read_after_a_setting():
    assert term("set -e; rm -rf /", allow=TEAM + ("Terminal(rm)",), cwd=ROOT).decision == "deny"
    v = term("export CI=1 && npm test", allow=TEAM, deny=("Terminal(npm test)",), cwd=ROOT)
    assert v.decision == "deny"
