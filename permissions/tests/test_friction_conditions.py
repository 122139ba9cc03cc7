"""Friction: a plain `test` / `[ ... ]` condition around allowed commands needs no allow of its own.

`[ -f package.json ] && npm test`, `if [ -d node_modules ]; then ...; fi`, `[ -n "$CI" ] && ...`: the condition
reads a file's or a string's state and runs nothing, so it is grammar around the commands (neutral, like
`while read`): it never approves a command alone and is still checked for deny, the floor, the scope and
every cap. What it must never let through: shapes whose words bash may turn into `-v 'a[$(cmd)]'` (an
unquoted expansion, a dynamic operator, `"$@"`), `-v`/`-R` themselves (bash evaluates the array subscript of
the name, running any substitution in it), more than one expression, redirections, and a substitution whose
command is not allowed.
"""

import subprocess

import pytest

from .helpers import AUTO_MODE, ROOT, term
from .test_friction_ordinary_commands import TEAM as ORDINARY

TEAM = ORDINARY + ("Terminal(git rev-parse)", "Terminal(git branch --show-current)")

ALLOWED = [
    "if [ -f package.json ]; then npm test; fi",
    "[ -f package.json ] && npm test",
    "test -f package.json && npm test",
    "[ -d node_modules ] || npm test",
    "[ ! -d dist ] && npm run build",
    "test ! -e out.txt && echo fresh",
    '[ -n "$CI" ] && npm test',
    '[ -z "$NODE_ENV" ] || echo set',
    '[ -z "$(git status --porcelain)" ] && echo clean',
    '[ "$(git rev-parse --abbrev-ref HEAD)" != main ] && git status',
    'test "$(git branch --show-current)" = main || echo elsewhere',
    '[ "$(git ls-files | wc -l)" -gt 0 ] && git status',
    "[ -s CHANGELOG.md ] && head -5 CHANGELOG.md",
    "[ README.md -nt CHANGELOG.md ] && echo newer",
    'for f in src/*.py; do [ -f "$f" ] && wc -l "$f"; done',
    'git ls-files | while read -r f; do [ -s "$f" ] || echo "$f"; done',
    "if test -d src; then ls src; else pwd; fi",
    '[ "$X" = /etc/passwd ] && echo same',  # a string compared, not a location read
    "[ x ] && ls",
]


@pytest.mark.parametrize("command", ALLOWED)
def test_plain_conditions_around_allowed_commands_auto_approve(command):
    v = term(command, allow=TEAM, cwd=ROOT)
    assert v.decision == "auto_approve", (command, v.reason, v.message)


NOT_LOOSENED = [
    # words bash may turn into another test, or into `-v 'a[$(cmd)]'`
    "[ $x ] && ls",
    "[ -n $x ] && ls",
    "test $x = y && ls",
    '[ "$a" "$b" ] && ls',
    '[ "$op" x ] && ls',
    '[ x "$op" y ] && ls',
    '[ -n "$@" ] && ls',
    '[ "${@}" ] && ls',
    '[ -n "${arr[@]}" ] && ls',
    "[ -v x ] && ls",
    "[ -v 'a[$(id)]' ] && ls",
    "test -R ref && ls",
    "[ ! -v x ] && ls",
    # more than one expression, or a shape not read
    "[ -f x -a -f y ] && ls",
    "[ -f x -o -f y ] && ls",
    "[ \\( -f x \\) ] && ls",
    "[ a = b = c ] && ls",
    "[ -f x ] ] && ls",
    "[ -f x && ls",
    # redirections and escapes
    "[ a \\< b ] && ls",
    "[ a ] > f && ls",
    "[ -f x ] 2> .envrc && ls",
    # the commands inside must be allowed, the locations inside the project
    '[ "$(curl -s x)" = "" ] && echo clean',
    '[ -n "$(cat /etc/shadow)" ] && ls',
    "test -f /etc/passwd && ls",
    "[ -d ../../other ] && ls",
    '[ -f "$F" ] && cat "$F"',
    # not the builtin
    "/tmp/test -f x && ls",
    "./[ -f x ] && ls",
    "TEST=1 [ -f x ] && ls",
]


@pytest.mark.parametrize("command", NOT_LOOSENED)
def test_conditions_never_loosen(command):
    v = term(command, allow=TEAM, cwd=ROOT)
    assert v.decision != "auto_approve", (command, v.reason, v.message)


@pytest.mark.parametrize("command", ["[ -f x ]", "test -d src", '[ -n "$CI" ]'])
def test_a_condition_alone_is_silent(command):
    # Grammar keeps the verdict so far: nothing allows the command by itself.
    assert term(command, allow=TEAM, cwd=ROOT).decision == "require_approval"


def test_a_condition_still_meets_deny_and_the_floor():
    assert term("[ -f x ]", allow=TEAM, deny=("Terminal([)",), cwd=ROOT).decision == "deny"
    assert term("test -f x && ls", allow=TEAM, deny=("Terminal(test)",), cwd=ROOT).decision == "deny"
    assert term("[ -d / ] && rm -rf /", allow=TEAM + ("Terminal(rm)",), cwd=ROOT).decision == "deny"
    assert term("[ -f x ] && npm publish", allow=TEAM, autonomy=AUTO_MODE).decision == "require_approval"


def test_dash_v_runs_the_subscript_in_bash():
    # Why -v/-R and unquoted expansions are never plain: bash evaluates the subscript of the name it tests.
    ran = subprocess.run(
        ["bash", "-c", "x='a[$(echo ran >&2)]'; test -v \"$x\"; [ $x ] 2>/dev/null; true"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "ran" in ran.stderr
