"""Programs that run a command line, another program or inline code (R4.8, R4.9): the command they run is a
segment judged like any other, a prefix allow of the runner never covers it, and inline code is opaque —
only an allow written for that exact invocation covers it. Each case here was auto-approved (or not denied)
before."""

from __future__ import annotations

import pytest

from permissions.commands.option_commands import OPTION_TRIGGERS
from permissions.commands.wrappers import PEELED_VERBS
from permissions.shell import parse_command
from permissions.tests.helpers import AUTO_MODE, CONTAINER_RUNNING, term

DENY_CURL = ("Terminal(curl)",)


# -- class 6: programs that run a command line ----------------------------------------------------------------
COMMAND_LINES = [
    "watch -n 5 curl x",
    "watch -x curl x",
    "watch -n1 -- 'curl x'",
    "parallel curl ::: a b",
    "parallel -j4 curl {} ::: a",
    "parallel ::: 'curl x' ls",
    "ssh host curl x",
    "ssh -p 22 host 'curl x'",
    "ssh host -- curl x",
    "ssh host -p 22 curl x",
    "ssh -o ProxyCommand='curl x' host",
    "ssh -oProxyCommand='curl x' host",
    "scp -o 'ProxyCommand curl x' a h:b",
    "rsync -e 'curl x' a h:b",
    "rsync -avze 'curl x' a h:b",
    "rsync --rsh='curl x' a h:b",
    "rsync --rsync-path='curl x' a h:b",
    "git -c core.pager='curl x' log",
    "git -c CORE.PAGER='curl x' log",
    "git -c pager.log='curl x' log",
    "git -c core.sshCommand='curl x' fetch",
    "git -c core.editor='curl x' commit",
    "git -c core.fsmonitor='curl x' status",
    "git -c diff.external='curl x' diff",
    "git -c alias.x='!curl x' x",
    "git -c credential.helper='!curl x' fetch",
    "git -c filter.lfs.clean='curl x' add .",
    "git clone -c core.sshCommand='curl x' ssh://h/r",
    "git config core.pager 'curl x'",
    "git config --global core.sshCommand 'curl x'",
    "git submodule foreach 'curl x'",
    "git rebase --exec 'curl x' main",
    "git rebase -x 'curl x' main",
    "git filter-branch --tree-filter 'curl x' HEAD",
    "git difftool -x 'curl x'",
    "git bisect run curl x",
    "GIT_SSH_COMMAND='curl x' git fetch",
    "env GIT_SSH_COMMAND='curl x' git fetch",
    "GIT_PAGER='curl x' git log",
    "LESSOPEN='|curl x %s' less f",
    "tar --to-command='curl x' -xf a.tar",
    "tar -xf a.tar --to-command 'curl x'",
    "tar -I 'curl x' -cf a.tar .",
    "tar --use-compress-program='curl x' -xf a.tar",
    "tar --use-compress-prog='curl x' -xf a.tar",
    "tar cfI a.tar 'curl x' .",
    "tar --checkpoint-action=exec='curl x' -cf a.tar .",
    "sort --compress-program=curl f",
    "sort --compress-prog=curl f",
    "npx -c 'curl x'",
    "npm exec -c 'curl x'",
    # argv runners: looked through (R4.8)
    "chronic curl x",
    "npx --yes curl x",
    "npm exec -- curl x",
    "pnpm dlx curl x",
    "yarn dlx curl x",
    "uv run curl x",
    "pkexec curl x",
    "run0 curl x",
    "gosu bob curl x",
    "strace -f curl x",
    "docker run --rm alpine curl x",
    "docker exec -it c bash -c 'curl x'",
    "podman run img curl x",
    "tmux new -d 'curl x'",
    "tmux split-window 'curl x'",
    "man -P 'curl x' ls",
    "man --pager='curl x' ls",
    "env -S 'bash -c \"curl x\"'",
]


@pytest.mark.parametrize("command", COMMAND_LINES)
def test_a_command_line_given_to_a_program_is_judged(command):  # R4.9, programs that run programs
    assert term(command, deny=DENY_CURL, autonomy=AUTO_MODE).decision == "deny", command
    assert term(command, deny=DENY_CURL, project=CONTAINER_RUNNING).decision == "deny", command


@pytest.mark.parametrize(
    "command",
    ["watch 'curl x'", "ssh host curl x", "git -c core.pager='curl x' log", "tar --to-command=curl -xf a"],
)
def test_a_prefix_allow_of_the_runner_does_not_cover_its_command(command):  # R4.9, programs that run programs
    verb = command.split()[0]
    assert term(command, allow=(f"Terminal({verb})",)).decision == "require_approval"


INLINE_CODE = [
    "python3 -c 'import os'",
    "python3 -Ic 'x'",
    "python3 -W ignore -c 'x'",
    "python3.11 -c 'x'",
    "python -",
    "python3 -u",
    "perl -e 'system(1)'",
    "perl -ne 'print' f",
    "perl -pi -e 's/a/b/' f",
    "perl '-Mstrict;system q(x)' f",
    "node -e 'x'",
    "node --eval 'x'",
    "node -p 'x'",
    "node --print=x",
    "ruby -e 'x'",
    "ruby -ne 'x' f",
    "php -r 'x'",
    "lua -e 'x'",
    "Rscript -e 'x'",
    "julia -e 'x'",
    "osascript -e 'x'",
    "pwsh -Command 'x'",
    "pwsh -c 'x'",
    "deno eval 'x'",
    "bun -e 'x'",
    "expect -c 'x'",
    "vim -c '!curl x' f",
    "vim +'!curl x' f",
    "nvim --cmd 'x' f",
    "ex f",
    "emacs --batch --eval '(x)'",
    "gdb -ex 'shell curl x' p",
    "make --eval='x:;curl x' x",
    "awk 'BEGIN{system(\"curl x\")}'",
    "awk '{print | \"sh\"}' f",
    "awk '{print > \"/etc/passwd\"}' f",
    'awk \'{printf "x" >> "f"}\' f',
    "awk '{ \"date\" | getline d }' f",
    "awk 'BEGIN { while ((getline l < \"/etc/shadow\") > 0) print l }'",
    "gawk -l ext 'x'",
    "gawk --source 'BEGIN{system(\"x\")}'",
    "awk -f - f",
    "sed e f",
    "sed 's/a/b/e' f",
    "sed -e p -e e f",
    "sed --expression='1e curl x' f",
    "sed 'w /etc/x' f",
    "sed -n '/x/w out' f",
    "sed -e 's/x/y/w /etc/passwd' f",
    "sed 'r /etc/shadow' f",
    "sed -f - f",
    "LD_PRELOAD=/tmp/x.so ls",
    "BASH_ENV=/tmp/x bash script.sh",
    "NODE_OPTIONS='--require /tmp/x.js' node app.js",
    "git -c core.hooksPath=/tmp/h commit -m x",
    "git -c include.path=/tmp/c status",
    "git --exec-path=/tmp/x status",
    'python3 -m timeit \'__import__("os").system("x")\'',
    "python3 -m code",
    'sed "$prog" f',
    'sed -i "s/a/$NAME/" f',
    'awk "$p" f',
    'sed -e"$x" f',
    "less '+!curl x' f",
    "psql -c 'select 1'",
    "psql --command='\\! curl x'",
    "mysql -e 'system curl x'",
    "sqlite3 db '.shell curl x'",
    "at now",
    "at -f job.sh now",
    "crontab jobs.txt",
    "crontab -",
]

PREFIX_ALLOW = tuple(
    f"Terminal({v})"
    for v in (
        "python",
        "python3",
        "python3.11",
        "perl",
        "node",
        "ruby",
        "php",
        "lua",
        "Rscript",
        "julia",
        "osascript",
        "pwsh",
        "deno",
        "bun",
        "expect",
        "vim",
        "nvim",
        "ex",
        "emacs",
        "gdb",
        "make",
        "awk",
        "gawk",
        "sed",
        "ls",
        "bash",
        "git",
        "less",
        "psql",
        "mysql",
        "sqlite3",
        "at",
        "crontab",
    )
)


@pytest.mark.parametrize("command", INLINE_CODE)
def test_inline_code_is_opaque(command):  # R4.9, programs that run programs
    # a prefix allow does not cover it
    assert term(command, allow=PREFIX_ALLOW).decision == "require_approval", command
    # autonomy, auto mode and the container floor never approve it
    assert term(command, autonomy=AUTO_MODE).decision == "require_approval", command
    assert term(command, project=CONTAINER_RUNNING).decision == "require_approval", command


@pytest.mark.parametrize(
    "command, runs",
    [("python3 -c 'print(1)'", ()), ("awk 'BEGIN{system(\"date\")}'", ("Terminal(date)",)), ("sed e f", ())],
)
def test_only_an_allow_for_that_exact_invocation_covers_inline_code(command, runs):  # R4.9
    """(The command awk's `system()` runs is a segment of its own, R4.7: allowed on its own, as `sh -c`'s.)"""
    from permissions.always import quote_word

    exact = "Terminal(" + " ".join(quote_word(w) for w in parse_command(command).segments[0].words) + ")"
    assert term(command, allow=(exact,), autonomy=AUTO_MODE).decision == "auto_approve"
    assert term(command, allow=(exact, *runs)).decision == "auto_approve"
    if runs:
        assert term(command, allow=(exact,)).decision == "require_approval"


ORDINARY = [
    "python3 -m pytest -q",
    "python3 script.py --flag -c x",
    "python3 --version",
    "node index.js",
    "node --version",
    "perl script.pl",
    "ruby -v",
    "awk '{print $1}' f",
    "awk -F: '{print $1}' f",
    "awk '/foo|bar/ {print}' f",
    "awk '$3 > 100' f",
    "awk '{ s += $1 } END { print s }' f",
    "awk 'NR==1 || NR==2' f",
    "awk '{print ($1 > 5)}' f",
    "sed -n '1,5p' f",
    "sed 's/a/b/g' f",
    "sed -i.bak 's/a/b/' f",
    "sed -E 's/(a|b)/x/g' f",
    "sed '/^$/d' f",
    "sed 's|a|b|' f",
    "sed -e '1d' -e '$d' f",
    "sed 'y/abc/xyz/' f",
    "sed '$!N;s/\\n/ /' f",
    "less +G f",
    "psql -d db -f x.sql",
    "sqlite3 -version",
    "crontab -l",
    "sed --sandbox 's/a/b/e' f",
    "make -C sub test",
    "vim +10 f",
    "git log --oneline",
]


@pytest.mark.parametrize("command", ORDINARY)
def test_ordinary_reading_and_running_files_stays_allowed(command):  # R4.9, programs that run programs
    assert term(command, allow=PREFIX_ALLOW).decision == "auto_approve", command


def test_a_variable_file_operand_does_not_make_the_program_opaque():  # R4.9, programs that run programs
    # (outside auto mode `$f` is a location the path scope cannot place, R6.2)
    assert term("awk '{print}' $f", allow=PREFIX_ALLOW, autonomy=AUTO_MODE).decision == "auto_approve"
    assert (
        term('sed -i "s/a/$NAME/" f', allow=PREFIX_ALLOW, autonomy=AUTO_MODE).decision == "require_approval"
    )


# -- the tables are the knowledge: every entry is read (STYLE 16) ---------------------------------------------
def _table_cases():
    from permissions.commands.wrappers import (
        ONLY_AFTER_DASHES,
        RUNNERS,
        SUBCOMMAND_RUNNERS,
        SUBCOMMAND_THEN,
        WRAPPERS,
    )

    for verb, syntax in sorted(WRAPPERS.items()):
        yield " ".join([verb, *(["x"] * syntax.operands), "curl", "y"])
    for verb, syntax in sorted(RUNNERS.items()):
        yield " ".join([verb, *(["x"] * syntax.operands), "curl", "y"])
    for (verb, sub), syntax in sorted(SUBCOMMAND_RUNNERS.items()):
        then = [SUBCOMMAND_THEN[verb, sub]] if (verb, sub) in SUBCOMMAND_THEN else []
        dashes = ["--"] if (verb, sub) in ONLY_AFTER_DASHES else []
        yield " ".join([verb, sub, *then, *(["x"] * syntax.operands), *dashes, "curl", "y"])


@pytest.mark.parametrize("command", list(_table_cases()))
def test_every_wrapper_and_runner_in_the_tables_is_looked_through(command):  # R4.9, R4.8
    assert term(command, deny=DENY_CURL, autonomy=AUTO_MODE).decision == "deny", command


def test_no_wrapper_is_skipped_by_the_option_readers_triggers():
    """A wrapper's views carry whatever its words hold (`strace -f watch 'curl x'`): the option readers'
    triggers (a segment without one carries nothing) never gate one."""
    assert not set(OPTION_TRIGGERS) & PEELED_VERBS
