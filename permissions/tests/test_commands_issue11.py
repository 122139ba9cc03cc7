"""Issue 11, command knowledge (classes 5-10): programs that run strings, other programs or inline code;
privilege; protected merge targets spelled another way; root deletion through globs; paths glued to
options. SPEC R4.6-R4.9, §5 step 6, R6.2. Each case here was auto-approved (or not denied) before."""

from __future__ import annotations

import pytest

from permissions.commands.git import canonical_branch, names_protected_branch
from permissions.floor import floor_denies
from permissions.shell import parse_command
from permissions.tests.helpers import AUTO_MODE, CONTAINER_RUNNING, HOST, term, typed

DENY_CURL = ("Terminal(curl)",)


# -- class 5: commands run from strings or other files ------------------------------------------------------
STRING_SCRIPTS = [
    "trap 'curl x' EXIT",
    'trap -- "curl x" ERR',
    "trap 'curl x' 0",
    "mapfile -C 'curl x' -c 1 arr < f",
    "mapfile -C'curl x' arr < f",
    "readarray -tC 'curl x' a < f",
    "watch 'curl x'",  # also class 6
]


@pytest.mark.parametrize("command", STRING_SCRIPTS)
def test_class_5_a_string_a_builtin_runs_later_is_read_as_segments(command):  # issue 11 class 5
    assert any(s.words[:1] == ("curl",) for s in parse_command(command).segments)
    assert term(command, deny=DENY_CURL, autonomy=AUTO_MODE).decision == "deny"
    assert term(command, deny=DENY_CURL, project=CONTAINER_RUNNING).decision == "deny"


FROM_INPUT = [
    "source /dev/stdin <<< 'curl x'",
    ". /dev/stdin < f",
    "source /dev/fd/0",
    ". /proc/self/fd/3",
    "bash /dev/stdin <<< 'curl x'",
    "sh /dev/fd/3",
    "zsh /proc/self/fd/0",
    "make -f - all",
    "make --file=- all",
    "make -f/dev/stdin",
    "gmake --makefile /dev/stdin",
    "xargs -I% sh -c %",
    "ls | xargs -I{} bash -c 'cat {}'",
    "find . -exec sh -c 'echo {}' \\;",
    "python3 /dev/stdin <<< 'print(1)'",
    "tmux send-keys -t x 'curl x' Enter",
]


@pytest.mark.parametrize("command", FROM_INPUT)
def test_class_5_code_read_from_the_input_is_never_auto_approved(command):  # issue 11 class 5
    for v in (term(command, autonomy=AUTO_MODE), term(command, project=CONTAINER_RUNNING)):
        assert v.decision == "require_approval", command


def test_class_5_an_inner_scripts_input_reading_shell_is_not_forgotten():  # issue 11 class 5
    v = term("bash -c 'curl x | sh'", autonomy=AUTO_MODE)
    assert (v.decision, v.reason) == ("require_approval", "unparseable")


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
def test_class_6_a_command_line_given_to_a_program_is_judged(command):  # issue 11 class 6
    assert term(command, deny=DENY_CURL, autonomy=AUTO_MODE).decision == "deny", command
    assert term(command, deny=DENY_CURL, project=CONTAINER_RUNNING).decision == "deny", command


@pytest.mark.parametrize(
    "command",
    ["watch 'curl x'", "ssh host curl x", "git -c core.pager='curl x' log", "tar --to-command=curl -xf a"],
)
def test_class_6_a_prefix_allow_of_the_runner_does_not_cover_its_command(command):  # issue 11 class 6
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
def test_class_6_inline_code_is_opaque(command):  # issue 11 class 6
    # a prefix allow does not cover it
    assert term(command, allow=PREFIX_ALLOW).decision == "require_approval", command
    # autonomy, auto mode and the container floor never approve it
    assert term(command, autonomy=AUTO_MODE).decision == "require_approval", command
    assert term(command, project=CONTAINER_RUNNING).decision == "require_approval", command


@pytest.mark.parametrize("command", ["python3 -c 'print(1)'", "awk 'BEGIN{system(\"date\")}'", "sed e f"])
def test_class_6_only_an_allow_for_that_exact_invocation_covers_inline_code(command):  # issue 11 class 6
    from permissions.always import quote_word

    exact = "Terminal(" + " ".join(quote_word(w) for w in parse_command(command).segments[0].words) + ")"
    assert term(command, allow=(exact,), autonomy=AUTO_MODE).decision == "auto_approve"
    assert term(command, allow=(exact,)).decision == "auto_approve"


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
def test_class_6_ordinary_reading_and_running_files_stays_allowed(command):  # issue 11 class 6
    assert term(command, allow=PREFIX_ALLOW).decision == "auto_approve", command


def test_class_6_a_variable_file_operand_does_not_make_the_program_opaque():  # issue 11 class 6
    # (outside auto mode `$f` is a location the path scope cannot place, R6.2)
    assert term("awk '{print}' $f", allow=PREFIX_ALLOW, autonomy=AUTO_MODE).decision == "auto_approve"
    assert (
        term('sed -i "s/a/$NAME/" f', allow=PREFIX_ALLOW, autonomy=AUTO_MODE).decision == "require_approval"
    )


# -- class 7: privilege ---------------------------------------------------------------------------------------
PRIVILEGED = [
    "pkexec rm x",
    "pkexec --user bob id",
    "run0 id",
    "run0 -u bob id",
    "su -c 'id'",
    "su -c 'id' bob",
    "su - bob",
    "su -l bob",
    "su",
    "sudoedit /etc/hosts",
    "sudo -e /etc/hosts",
    "sudo -u bob id",
    "sudo -i",
    "sudo -s",
    "doas -u bob id",
    "env pkexec id",
    "/usr/bin/pkexec id",
    "nice -n 5 su -c id",
    "runuser -u bob -- id",
    "gosu bob id",
    "setpriv --reuid=0 id",
    "capsh -- -c id",
    "systemd-run id",
    "machinectl shell root@.host",
]


@pytest.mark.parametrize("command", PRIVILEGED)
def test_class_7_sudo_likes_are_privileged(command):  # issue 11 class 7
    v = term(command, allow=("Terminal(id)",), autonomy=AUTO_MODE, project=CONTAINER_RUNNING)
    assert (v.decision, v.reason) == ("require_approval", "cap_privileged"), command


def test_class_7_systemd_run_as_the_user_is_not_privileged():  # issue 11 class 7
    v = term("systemd-run --user id", allow=("Terminal(systemd-run --user id)",), autonomy=AUTO_MODE)
    assert v.decision == "auto_approve"


@pytest.mark.parametrize("command", ["su - bob", "pkexec id", "sudoedit /etc/hosts"])
def test_class_7_approve_always_writes_no_pattern_for_a_privileged_command(command):  # issue 11 class 7
    from permissions.always import derive_always

    result = derive_always(command)
    assert result.external and result.patterns == ()


# -- class 8: protected merge targets spelled another way ---------------------------------------------------
SPELLINGS_OF_MAIN = [
    "main",
    "refs/heads/main",
    "heads/main",
    "origin/main",
    "remotes/origin/main",
    "refs/remotes/origin/main",
    "main^{}",
    "HEAD:main",
    "+main",
    ":main",
    "main~0",
    "main^0",
    "main@{0}",
    "MAIN",
    "Main",
    "ｍａｉｎ",  # full-width
    "ma\u200bin",  # zero-width space
    "main\u00a0",  # no-break space
    " main",
    "main.",
    "main/",
    "main.lock",
]


@pytest.mark.parametrize("target", SPELLINGS_OF_MAIN)
def test_class_8_every_spelling_of_a_protected_branch_is_capped(target):  # issue 11 class 8
    assert names_protected_branch(target, ("dev", "qa", "rc", "main"))
    v = typed("git_merge", autonomy=AUTO_MODE, target_branch=target)
    assert (v.decision, v.reason) == ("require_approval", "cap_protected_merge"), target


@pytest.mark.parametrize(
    "target", ["feature/x", "fix-123", "release/2.0", "refs/heads/feature/y", "mainline"]
)
def test_class_8_other_branches_merge_in_auto_mode(target):  # issue 11 class 8
    assert canonical_branch(target) is not None
    assert typed("git_merge", autonomy=AUTO_MODE, target_branch=target).decision == "auto_approve"


@pytest.mark.parametrize(
    "target",
    ["main^{}", "HEAD:main", "+main", ":main", "main~0", "main@{0}", "ma\u200bin", "a..b", "-x", "@"],
)
def test_class_8_revision_syntax_is_not_a_branch_name(target):  # issue 11 class 8
    assert canonical_branch(target) is None


def test_class_8_the_canonical_forms():  # issue 11 class 8
    assert canonical_branch("refs/heads/main") == "main"
    assert canonical_branch(" main\t") == "main"
    assert canonical_branch("ｍａｉｎ") == "main"
    assert canonical_branch("refs/tags/v1") is None


@pytest.mark.parametrize(
    "command", ["git push origin HEAD:main", "git push origin +main", "git push o :main"]
)
def test_class_8_refspecs_in_terminal_pushes_are_external_effects(command):  # issue 11 class 8
    v = term(command, allow=("Terminal(git push)",), autonomy=AUTO_MODE)
    assert (v.decision, v.reason) == ("require_approval", "cap_external_effect")


# -- class 9: root deletion through globs -------------------------------------------------------------------
ROOT_GLOBS = [
    "rm -rf /*/",
    "rm -rf /?*",
    "rm -rf /.[!.]*",
    "rm -rf /[a-z]*",
    "rm -rf /*/*",
    "rm -rf /u*",
    "rm -rf /../*/",
    "rm -r -f '/?*'",
    "rm -rf /.*",
    "sudo rm -rf /[!.]*",
    "rm -rf /tmp/../?*",
    "find / -delete",
    "find /* -type f -delete",
    "find -L / -exec rm -rf {} +",
    "find / -name x -execdir /bin/rm {} ;",
]


@pytest.mark.parametrize("command", ROOT_GLOBS)
def test_class_9_the_floor_denies_globs_over_the_roots_children(command):  # issue 11 class 9
    assert floor_denies(parse_command(command).segments[0].words) is not None
    v = term(command, allow=("Terminal(rm)",), autonomy=AUTO_MODE, project=CONTAINER_RUNNING)
    assert (v.decision, v.reason) == ("deny", "builtin_deny")


@pytest.mark.parametrize(
    "command",
    [
        "rm -rf /tmp/*",
        "rm -rf ./*",
        "rm -rf build/*",
        "rm -rf /work/x/*/",
        "find . -delete",
        "find / -name x",
    ],
)
def test_class_9_globs_below_a_named_directory_are_not_the_floors(command):  # issue 11 class 9
    assert floor_denies(parse_command(command).segments[0].words) is None


# -- class 10: paths glued to options -----------------------------------------------------------------------
GLUED = [
    "cat -f/etc/x",
    "tar -C/etc -xf x.tar",
    "make -C/etc",
    "cp -t/etc x",
    "grep -f/etc/shadow x",
    "gcc -I../../../../../x x.c",
    "ls -d~/x",
    "sort -o/etc/x f",
    "cp --target-directory=/etc x",
    "grep --file=/etc/x y",
    "tar --directory=~/x -xf y",
    "dd if=x of=/dev/sda",
]


@pytest.mark.parametrize("command", GLUED)
def test_class_10_a_path_glued_to_an_option_is_a_location(command):  # issue 11 class 10
    verb = command.split()[0]
    v = term(command, allow=(f"Terminal({verb})",), project=HOST)
    assert (v.decision, v.reason) == ("require_approval", "cap_path_scope"), command


@pytest.mark.parametrize(
    "command",
    ["cut -d/ -f2 f", "awk -F/ '{print $1}' f", "sort -t/ -k2 f", "gcc -Iinclude x.c", "cp -t./out x"],
)
def test_class_10_separators_and_paths_inside_stay_allowed(command):  # issue 11 class 10
    verb = command.split()[0]
    assert term(command, allow=(f"Terminal({verb})",), project=HOST).decision == "auto_approve", command


# -- the tables are the knowledge: every entry is read (STYLE 16) ---------------------------------------------
def _table_cases():
    from permissions.commands.wrappers import RUNNERS, SUBCOMMAND_RUNNERS, WRAPPERS

    for verb, syntax in sorted(WRAPPERS.items()):
        yield " ".join([verb, *(["x"] * syntax.operands), "curl", "y"])
    for verb, syntax in sorted(RUNNERS.items()):
        yield " ".join([verb, *(["x"] * syntax.operands), "curl", "y"])
    for (verb, sub), syntax in sorted(SUBCOMMAND_RUNNERS.items()):
        yield " ".join([verb, sub, *(["x"] * syntax.operands), "curl", "y"])


@pytest.mark.parametrize("command", list(_table_cases()))
def test_every_wrapper_and_runner_in_the_tables_is_looked_through(command):  # issue 11 class 6, R4.8
    assert term(command, deny=DENY_CURL, autonomy=AUTO_MODE).decision == "deny", command
