"""Friction, R4.4, R6.2: a script's own variable set alone is grammar, and the scope follows what it holds.

`ROOT=src && ls "$ROOT"` asked behind an allow of ls (compound_uncovered: a bare assignment had no rule), and
`ROOT=$(git rev-parse --show-toplevel) && ls "$ROOT/src"` asked on the agent (the scope followed lower-case names
only, and only literal values). A bare assignment to a script's own name (permissions.commands.script_variables)
of a literal, or of one substitution whose commands are segments judged on their own, names no program and runs
nothing: it is neutral, as `CI=true` is. The scope reads `$ROOT` as the value it was given once before anything
ran: a relative place inside, or the project's top (`$(git rev-parse --show-toplevel)`, `$(pwd)`).

Never loosened: a name that changes how programs run (PATH, LD_PRELOAD, GIT_*, HOME, IFS, a proxy, npm's
settings, a tool's home, zsh's tied `path`), a value outside or climbing, a substitution whose command is not
allowed, a name set twice or rebound by a loop, and a bare assignment with nothing allowed after it.
"""

import pytest

from .helpers import AUTO_MODE, ROOT, term

TEAM = tuple(
    f"Terminal({c})"
    for c in (
        "ls",
        "pwd",
        "cat",
        "wc",
        "echo",
        "pytest",
        "npm test",
        "git rev-parse",
        "git log",
        "git status",
        "mvn test",
    )
)

ALLOWED = [
    'ROOT=src && ls "$ROOT"',
    'ROOT=$(git rev-parse --show-toplevel) && ls "$ROOT/src"',
    'root=$(git rev-parse --show-toplevel) && ls "$root/src"',
    'PROJECT_ROOT="$(git rev-parse --show-toplevel)"; cat "$PROJECT_ROOT/README.md"',
    'SRC_DIR=src; cat "$SRC_DIR/main.py"',
    'PROJECT_DIR=$(pwd) && ls "${PROJECT_DIR}/tests"',
    'here=$(pwd) && ls "$here/tests"',
    'OUT_DIR=dist; ls -la "$OUT_DIR"',
    'SRC_DIR=src TEST_DIR=tests; ls "$SRC_DIR" "$TEST_DIR"',
    'VERSION=1.2.3 && echo "$VERSION"',
    'f=README.md; wc -l "$f"',
    "TEST_FILE=tests/test_x.py && pytest -q $TEST_FILE",
]


@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
@pytest.mark.parametrize("command", ALLOWED)
def test_a_script_variable_is_grammar(command, runs_in):
    v = term(command, allow=TEAM, cwd=ROOT, runs_in=runs_in)
    assert v.decision == "auto_approve", (command, v.reason, v.message)


NOT_LOOSENED = [
    # alone: no command anybody allowed
    "ROOT=src",
    # outside, climbing, or not the project's top
    'ROOT=/etc && ls "$ROOT"',
    'ROOT=.. && ls "$ROOT"',
    'ROOT=~/.ssh && ls "$ROOT"',
    'ROOT=$(git rev-parse --show-toplevel) && ls "$ROOT/../other"',
    'ROOT=$(git rev-parse --show-toplevel)/.. && ls "$ROOT"',
    'ROOT=$(dirname "$PWD") && ls "$ROOT"',
    'ROOT=$(git rev-parse --show-toplevel) && ls "$ROOT$HOME"',
    # the substitution runs what nobody allowed
    'ROOT=$(curl -s https://x.example) && ls "$ROOT"',
    "ROOT=$(cat /etc/passwd) && echo ok",
    # set twice, rebound by a loop, or given a default an expansion replaces
    'ROOT=$(git rev-parse --show-toplevel); ROOT=/etc; ls "$ROOT"',
    'ROOT=src; for ROOT in /etc; do ls "$ROOT"; done',
    'out=dist; for out in /etc; do ls "$out"; done',
    'ROOT=src; ls "${ROOT:=/etc}"',
    'ROOT=$(git rev-parse --show-toplevel); false || ROOT=/etc; ls "$ROOT"',
    'false || ROOT=$(pwd); ls "$ROOT/etc/passwd"',
    'ROOT=$(pwd) && GIT_DIR=x git status && ls "$ROOT/src"',
    'ROOT=$(pwd) && ls "$ROOT/src" "$(echo /etc)"',
    # names that change how programs run
    "PATH=src && ls",
    "PATH=.:$PATH; npm test",
    "LD_PRELOAD=./x.so; ls",
    "PYTHONPATH=/tmp; pytest",
    "JAVA_HOME=./x; mvn test",
    "MAVEN_ARGS=deploy; mvn test",
    "HOME=/tmp && ls",
    "IFS=/ && ls",
    "GIT_DIR=/tmp/x; git status",
    "GIT_EXEC_PATH=.; git status",
    "http_proxy=http://evil.example; npm test",
    "npm_config_script_shell=./x.sh; npm test",
    "DATABASE_URL=postgres://prod.example/app; npm test",
    "NODE_OPTIONS='--require ./x.js'; npm test",
    "TMPDIR=/tmp/x; pytest",
    "path=.; ls",
    "CDPATH=/etc; cd x && ls",
    # what follows is not allowed
    "ROOT=src && rm -rf $ROOT",
]


@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
@pytest.mark.parametrize("command", NOT_LOOSENED)
def test_a_script_variable_never_loosens(command, runs_in):
    v = term(command, allow=TEAM, cwd=ROOT, runs_in=runs_in)
    assert v.decision == "require_approval", (command, v.reason, v.message)


OUTSIDE_ON_THE_AGENT = [
    'ROOT=/etc && ls "$ROOT"',
    'ROOT=$(git rev-parse --show-toplevel) && ls "$ROOT/../other"',
    'out=dist; for out in /etc; do ls "$out"; done',
    'ROOT=$(git rev-parse --show-toplevel); ROOT=/etc; ls "$ROOT"',
]


@pytest.mark.parametrize("command", OUTSIDE_ON_THE_AGENT)
def test_the_scope_still_reads_the_value(command):
    # on the agent the path scope holds in auto mode too (SPEC §5)
    v = term(command, autonomy=AUTO_MODE, cwd=ROOT, runs_in="agent")
    assert (v.decision, v.reason) == ("require_approval", "cap_path_scope"), (command, v.message)


def test_deny_and_the_floor_still_read_after_a_script_variable():
    assert term("ROOT=/ && rm -rf $ROOT", allow=TEAM + ("Terminal(rm)",), cwd=ROOT).decision == "deny"
    v = term('ROOT=src && ls "$ROOT"', allow=TEAM, deny=("Terminal(ls)",), cwd=ROOT)
    assert v.decision == "deny"
