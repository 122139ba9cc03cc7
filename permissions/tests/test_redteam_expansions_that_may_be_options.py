"""R4.9, R4.8, red team: an expansion where a program reads an option that runs a program or deletes.

find tells its start paths from its expression by each word's first character *after* the shell expanded
it: an expansion among the start paths (`find . $(echo -delete)`, `X=-delete; find / $X`) may be `-delete`
or `-exec cmd ;`. Only a first start path that is a variable this command does not set (`find "$DIR"`), a
`for` name bound to written-out paths, and the expansions that print a path (`$PWD`, `$(pwd)`) stay paths.
rg (`--pre=CMD`), fd (`-x CMD`), sort (`--compress-program=CMD`), man (`-P CMD`) and `git grep`
(`-O<CMD>`) read an option anywhere before `--`: an expansion there may be it. And a program that hands
its argv on (`fd -x $X`, `sort --compress-program=$X`, `watch -x $X`) runs what the shell expanded: the
command word it runs is not literal. Each is opaque -- never auto-approved by auto mode or the container
floor, and a prefix allow for every program does not cover it -- on the sandbox and on the agent's
machine.
"""

from __future__ import annotations

import pytest

from .helpers import AUTO_MODE, CONTAINER_RUNNING, allow_every_word, term

OPAQUE = [
    # find: an expansion among the start paths
    "find . $(echo -delete)",
    "find . `echo -delete`",
    "find / $(echo -delete)",
    "find src $(printf -- -delete)",
    "find . $(cat action)",
    'find . "$(echo -delete)"',
    "find $(echo . -delete)",
    'find "$(echo -delete)"',
    "find `echo -delete`",
    "find $(echo -delete) -name x",
    "X=-delete; find / $X",
    'X=-delete; find / "$X"',
    'X=-delete; find "$X" -name x',
    'X=-delete && find "$X"',
    'export X=-delete; find "$X" -name "*.tmp"',
    "cd /; X=-delete; find . $X",
    'read X; find "$X"',
    'find . "$ACTION"',
    "find . $ACT",
    'find "$DIR" "$OTHER"',
    "find src ${A:--delete}",
    "find -L . $X",
    'for d in *; do find "$d"; done',
    'for d in src -delete; do find "$d"; done',
    'for d in src; do d=-delete; find "$d"; done',
    'for d in $(cat dirs); do find "$d" -name x; done',
    # rg --pre=CMD, --pre CMD
    "rg $X foo",
    "rg foo $(echo --pre=sh)",
    'rg -n "$OPTS" foo src',
    "rg foo src $ARGS",
    # fd -x CMD / -X CMD, and the command fd runs
    "fd pat $(echo -x rm)",
    "fd $X",
    "fd -e py $ARGS",
    "fd . -x $X",
    "fd . --exec $X",
    "fd -X $X",
    "fd . --exec-batch $X",
    "fd -e py -x $CMD {}",
    "fd -x npm $X",
    "fdfind . -x $X",
    # sort --compress-program=CMD
    "sort f $(echo --compress-program=sh)",
    "sort $X f",
    "sort --compress-program=$X f",
    "sort --compress-program $X f",
    # man -P CMD, git grep -O<CMD>
    "man $X ls",
    "git grep foo $(echo -O./x)",
    "git grep $X foo",
    "git -C sub grep foo $ARGS",
    # other programs that hand their argv on
    "watch -x $X",
    "nix develop -c $X",
    "git bisect run $X",
]


def _verdicts(command: str, runs_in: str):
    yield term(command, autonomy=AUTO_MODE, runs_in=runs_in)
    yield term(command, project=CONTAINER_RUNNING, runs_in=runs_in)
    yield term(command, allow=allow_every_word(command), runs_in=runs_in)


@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
@pytest.mark.parametrize("command", OPAQUE)
def test_an_expansion_that_may_be_a_running_option_is_never_auto_approved(command, runs_in):
    for v in _verdicts(command, runs_in):
        assert v.decision == "require_approval", (command, runs_in, v.reason)


@pytest.mark.parametrize(
    "command",
    [
        "find . $(echo -delete)",
        "rg foo $(echo --pre=sh)",
        "fd pat $(echo -x rm)",
        "sort f $(echo --compress-program=sh)",
        "git grep foo $(echo -O./x)",
        'find "$(echo -delete)"',
    ],
)
def test_a_prefix_allow_of_both_programs_does_not_cover_it(command):  # R4.8
    allow = (
        "Terminal(find)",
        "Terminal(rg)",
        "Terminal(fd)",
        "Terminal(sort)",
        "Terminal(git)",
        "Terminal(echo)",
    )
    assert term(command, allow=allow).decision == "require_approval", command


ORDINARY = [
    'find "$DIR" -name "*.py"',
    'find -L "$DIR" -type f',
    'find "$DIR/src" -name "*.py"',
    'find "$PWD" -name "*.py"',
    'find "$HOME/.cache" -maxdepth 1',
    'find "$(pwd)" -name "*.py"',
    "find $(pwd) -name '*.py'",
    'find "$(git rev-parse --show-toplevel)" -name "*.md"',
    'find . -name "$PATTERN" -type f',
    "find . -newer $STAMP -name '*.py'",
    'for d in src tests; do find "$d" -name "*.py"; done',
    'for d in packages/*; do find "$d" -name "*.test.ts" | wc -l; done',
    'rg -e "$PATTERN" src',
    "rg -g $GLOB foo",
    "rg -n foo src",
    'fd -e "$EXT" .',
    "fd -e py -x wc -l {}",
    'sort -k "$K" data.txt',
    "sort -u names.txt",
    'git grep -e "$X"',
    "git log $RANGE",
    "git diff $BASE",
    "man ls",
    "sdiff a b",
]


@pytest.mark.parametrize("command", ORDINARY)
def test_ordinary_expansions_stay_auto_approved_in_auto_mode(command):
    v = term(command, autonomy=AUTO_MODE)
    assert v.decision == "auto_approve", (command, v.reason, v.message)


@pytest.mark.parametrize(
    "command",
    [
        "for d in src tests; do find \"$d\" -name '*.py'; done",
        "find $(pwd) -name '*.py'",
        'find "$(git rev-parse --show-toplevel)" -name "*.md"',
        "fd -e py -x wc -l {}",
    ],
)
def test_ordinary_ones_stay_covered_by_a_prefix_allow(command):
    assert term(command, allow=allow_every_word(command)).decision == "auto_approve", command


@pytest.mark.parametrize(
    "command",
    [
        "X=-delete; find / $X",
        "find / $(echo -delete)",
        "sdiff --diff-program=$X a b",
    ],
)
def test_deny_still_sees_what_could_be_read(command):
    v = term(
        command,
        allow=allow_every_word(command),
        deny=("Terminal(echo)", "Terminal(find /)", "Terminal(sdiff)"),
    )
    assert v.decision == "deny", (command, v.reason)
