"""Friction: a variable echo prints to the screen is text, not a place (the path scope, R6.2).

`echo "$VIRTUAL_ENV"`, `echo $PATH`, `echo "node env: $NODE_ENV"`, `basename "$PWD"` asked as if they touched a
place outside the project. What they print goes to the screen only when nothing in the command takes it
further (permissions.scope._to_the_screen): a pipe into filters of the screen (`| tr`, `| wc -c`, session 21:
test_redteam_ordinary_agent_commands) keeps it there. Never loosened: a printed literal place, a pipe into
any other program, a redirection, xargs or `read` in the command, a printer inside a substitution or subshell,
`printf -v`, echo -e, and every other command's words.
"""

import pytest

from .helpers import ROOT, term

TEAM = tuple(
    f"Terminal({c})"
    for c in (
        "echo",
        "printf",
        "basename",
        "dirname",
        "cat",
        "ls",
        "which",
        "tar",
        "xargs",
        "wc",
        "head",
        "npm test",
        "cd",
    )
)

ALLOWED = [
    "echo $PATH",
    'echo "$VIRTUAL_ENV"',
    "echo $NODE_ENV",
    'echo "node env: $NODE_ENV"',
    'echo "PATH=$PATH"',
    "echo ${HOME}",
    "echo ~",
    "echo ~/.ssh/id_rsa",  # the text of a place, to the screen: nothing reads it
    'basename "$PWD"',
    "dirname $PWD",
    "echo $HOME; which python",
    'echo "$VIRTUAL_ENV" && which python',
    'echo "CI=$CI" && npm test',
    "cd packages/ui && echo $PWD && npm test",
    # session 21: piped into a filter of the screen, printf's operands
    "{ echo $HOME; } | wc -c",
    "printf '%s' $HOME",
]


@pytest.mark.parametrize("command", ALLOWED)
def test_a_variable_printed_to_the_screen_is_text(command):
    v = term(command, allow=TEAM, cwd=ROOT)
    assert v.decision == "auto_approve", (command, v.reason, v.message)


# These held on the base already (kept as guards of the class).
NOT_LOOSENED = [
    "echo /etc/passwd",
    "echo $HOME | xargs ls",
    "echo $HOME/.ssh/id_rsa | tar -T - -czf x.tgz",
    "echo $HOME > list; tar -T list -czf x.tgz",
    "echo $HOME >> list",
    "echo $HOME 2>/dev/null | wc -c",
    "cat $(echo $HOME/.ssh/id_rsa)",
    "cat `echo $HOME/.netrc`",
    "(echo $HOME) ; cat x",
    "{ echo $HOME; } | xargs cat",
    "printf -v x '%s' $HOME; cat $x",
    "echo $HOME; read x; cat $x",
    "for f in a; do echo $HOME; done | xargs cat",
    "echo -e $HOME",
    "echo $(cat /etc/passwd)",
    "echo `ls /`",
    "ls $HOME",
    "cat $HOME/.netrc",
    "echo $HOME && cat $HOME/.netrc",
    "bash -c 'echo $HOME' | cat",
    "dirname $HOME/x | xargs ls",
    "cd $HOME && echo $PWD",
    # the screen is the agent's transcript: a variable that may hold a secret is not shown without a person
    "echo $AWS_SECRET_ACCESS_KEY",
    'echo "token: $GITHUB_TOKEN"',
    "echo ${OPENAI_API_KEY}",
    "echo $PATH $DATABASE_URL",
    "echo $1",
    "echo $@",
    "echo ${!x}",
]


@pytest.mark.parametrize("command", NOT_LOOSENED)
def test_printed_text_that_goes_further_is_still_a_place(command):
    v = term(command, allow=TEAM + ("Terminal(printf)", "Terminal(read)"), cwd=ROOT)
    assert v.decision == "require_approval", (command, v.reason, v.message)


@pytest.mark.parametrize(
    ("command", "decision"),
    [
        ("echo $PATH", "auto_approve"),
        ('echo "$VIRTUAL_ENV"', "auto_approve"),
        ('echo "NODE_ENV=${NODE_ENV}"', "auto_approve"),
        # off the sandbox the command may be PowerShell's: a provider path reads a file, `$env:` is the Windows
        # reading's (test_redteam_windows_ordinary_commands)
        ("echo ${c:\\Users\\me\\.ssh\\id_rsa}", "require_approval"),
        ("echo ${c:/etc/passwd}", "require_approval"),
        ("echo $env:USERPROFILE\\.ssh", "require_approval"),
        ("echo $HOME\\.ssh", "auto_approve"),  # bash and PowerShell both print a folder's name: text
        ("echo $HOME/.ssh/id_rsa", "require_approval"),
    ],
)
def test_off_the_sandbox_only_plain_names_are_text(command, decision):
    v = term(command, allow=TEAM, cwd=ROOT, runs_in="agent")
    assert v.decision == decision, (command, v.reason)
