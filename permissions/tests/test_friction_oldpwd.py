"""Friction, R6.2: `$OLDPWD` after the command's one `cd` is the folder the command started in.

`cd src && ls "$OLDPWD"` asked (cap_path_scope: `$OLDPWD` was read as a place no rule knows). When the command
starts with a `cd` joined by `&&` (it succeeded, or nothing after it ran) and moves nowhere else, `$OLDPWD` is
where it started -- read as `$PWD` is (a plain relative path after it). Never loosened: a `cd` after `;` (it may
have failed: `$OLDPWD` is then what the shell held before), a second move, a value given to OLDPWD, a climb.
"""

import pytest

from .helpers import AUTO_MODE, ROOT, term

TEAM = tuple(f"Terminal({c})" for c in ("ls", "cat", "diff", "pytest"))

ALLOWED = [
    'cd src && ls "$OLDPWD"',
    'cd src && cat "$OLDPWD/README.md"',
    'cd src && diff main.py "${OLDPWD}/lib/main.py"',
    "cd tests && pytest -q --rootdir=$OLDPWD",
]


@pytest.mark.parametrize("command", ALLOWED)
def test_oldpwd_after_the_one_cd_is_where_the_command_started(command):
    for runs_in in ("sandbox", "agent"):
        v = term(command, allow=TEAM, cwd=ROOT, runs_in=runs_in)
        assert v.decision == "auto_approve", (command, runs_in, v.reason, v.message)


NOT_LOOSENED = [
    'cd src; ls "$OLDPWD"',
    'ls "$OLDPWD"',
    'cd src && cd lib && ls "$OLDPWD"',
    'cd src && cd - && ls "$OLDPWD"',
    'OLDPWD=/etc; cd src && ls "$OLDPWD"',
    'cd src && OLDPWD=/etc && ls "$OLDPWD"',
    'cd src && ls "$OLDPWD/.."',
    'cd src && ls "$OLDPWD/../x"',
    'cd src && ls "$OLDPWD$HOME"',
    'cd /etc && ls "$OLDPWD"',
    'pushd src && ls "$OLDPWD"',
]


@pytest.mark.parametrize("command", NOT_LOOSENED)
def test_oldpwd_elsewhere_keeps_asking(command):
    v = term(command, autonomy=AUTO_MODE, cwd=ROOT, runs_in="agent")
    assert v.decision == "require_approval", (command, v.reason, v.message)


@pytest.mark.parametrize(
    "command",
    [
        'cd src | ls "$OLDPWD"',
        'cd src && false || ls "$OLDPWD"',
        'cd src && ls & ls "$OLDPWD"',
        'cd src && ls\nls "$OLDPWD"',
        "cd src && bash -c 'cd /; ls \"$OLDPWD\"'",
    ],
)
def test_oldpwd_where_the_cd_may_have_failed_keeps_asking(command):
    v = term(command, autonomy=AUTO_MODE, cwd=ROOT, runs_in="agent")
    assert v.decision == "require_approval", (command, v.reason, v.message)
