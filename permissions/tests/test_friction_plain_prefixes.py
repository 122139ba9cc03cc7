"""Friction: a setting or a wrapper that changes nothing of what runs does not hide the command from its allow.

`CI=true npm test`, `RUST_BACKTRACE=1 cargo test`, `env NODE_ENV=test npx jest`, `timeout 300 pytest -q`,
`nice -n 10 cargo build`, `time pytest` are the command the team allowed (permissions.commands.plain_prefixes:
the settings of a closed table with plain literal values, timeout, nice, bash's `time`). Never loosened: a
variable that names a program, code, a path or what the hook reads, a value that expands or names a place,
env's own options, a wrapper not read there, and whatever the command underneath is asked or denied for.
"""

import pytest

from permissions.commands.environment import (
    AGENT_SETTINGS_VARS,
    CODE_VARS,
    COMMAND_VARS,
    FLAGS_VARS,
    PATH_VARS,
)
from permissions.commands.plain_prefixes import PLAIN_SETTINGS, plainly_prefixed

from .helpers import AUTO_MODE, ROOT, term

TEAM = tuple(
    f"Terminal({c})"
    for c in (
        "npm test",
        "npm run",
        "npx jest",
        "npx vitest",
        "pytest",
        "cargo test",
        "cargo build",
        "go test",
        "go build",
        "mix test",
        "cat",
        "tail",
        "node",
        "git status",
        "git commit",
        "git push",
    )
)

ALLOWED = [
    "CI=true npm test",
    "CI=1 npm test -- --watchAll=false",
    "NODE_ENV=test npx jest",
    "NODE_ENV=production npm run build",
    "NODE_ENV='test' npx vitest run",
    'NODE_ENV="test" npx vitest run',
    "RUST_BACKTRACE=1 cargo test",
    "RUST_BACKTRACE=full cargo test failing_case -- --nocapture",
    "RUST_LOG=debug cargo test -p core",
    "RUST_LOG=my_crate::db=trace,warn cargo test",
    "GOOS=linux GOARCH=arm64 go build ./cmd/server",
    "CGO_ENABLED=0 go test ./...",
    "MIX_ENV=test mix test",
    "PYTHONDONTWRITEBYTECODE=1 pytest -q",
    "LANG=C.UTF-8 LC_ALL=C.UTF-8 pytest -q",
    "TZ=UTC npm test",
    "DEBUG=* npm test",
    "FORCE_COLOR=0 npx vitest run",
    "NO_COLOR=1 cargo test",
    "env CI=true npm test",
    "env RUST_BACKTRACE=full cargo test",
    "env FORCE_COLOR=0 NODE_ENV=test npm test",
    "env npm test",
    "timeout 60 npm test",
    "timeout 300 pytest -q",
    "timeout 5m cargo test --workspace",
    "timeout 1.5 pytest -x",
    "timeout -s KILL 120 go test ./...",
    "timeout -sKILL 120 go test ./...",
    "timeout --signal=TERM 60 npm test",
    "timeout -k 10 5m cargo test",
    "timeout --kill-after=10s 60 npm test",
    "timeout --foreground 60 npm test",
    "timeout --preserve-status -v 60 pytest",
    "nice cargo build --release",
    "nice -n 10 cargo build",
    "nice -n10 cargo build",
    "nice -5 cargo build",
    "nice --adjustment=5 cargo build",
    "time npm test",
    "time -p pytest -q",
    "CI=true timeout 60 npm test",
    "timeout 60 env CI=1 npm test",
    "env CI=1 timeout 60 nice npm test",
    "time CI=true npm test",
    # in a compound whose every other segment is allowed
    "FORCE_COLOR=0 npx vitest run | tail -20",
    "cd packages/ui && CI=true npm test",
    "CI=true npm test && git status",
    "timeout 120 pytest -q 2>&1 | tail -30",
]


@pytest.mark.parametrize("command", ALLOWED)
def test_plain_prefix_keeps_the_allow(command):
    v = term(command, allow=TEAM + ("Terminal(cd)",), cwd=ROOT)
    assert v.decision == "auto_approve", (command, v.reason, v.message)


NOT_LOOSENED = [
    # variables that load code, name programs or paths, or point the hook and the agents elsewhere
    "LD_PRELOAD=./x.so npm test",
    "PATH=. npm test",
    "PATH=.:$PATH npm test",
    "NODE_OPTIONS='--require ./x.js' npm test",
    "NODE_OPTIONS=--max-old-space-size=4096 npm run build",
    "PYTHONPATH=/tmp pytest",
    "PYTHONPATH=src pytest -q",
    "PYTHONSTARTUP=x.py pytest",
    "DJANGO_SETTINGS_MODULE=app.settings pytest",
    "JAVA_OPTS=-javaagent:x.jar npm test",
    "GOFLAGS=-toolexec=./x go test ./...",
    "GOFLAGS=-mod=mod go test ./...",
    "RUSTC_WRAPPER=./x cargo build",
    "RUSTFLAGS='-C linker=./x' cargo build",
    "CC=./x cargo build",
    "BASH_ENV=x npm test",
    "GIT_DIR=/tmp/x git status",
    "GIT_SSH_COMMAND='curl x' git status",
    "HOME=/tmp npm test",
    "BRABO_URL=http://x npm test",
    "CLAUDE_CONFIG_DIR=x npm test",
    "HTTPS_PROXY=http://evil:3128 npm test",
    "npm_config_script_shell=./x npm test",
    "HUSKY=0 git commit -m x",
    "CI=1 LD_PRELOAD=./x.so npm test",
    "LD_PRELOAD=./x.so CI=1 npm test",
    # a plain name whose value is not plain literal text
    "CI=$(curl -s x) npm test",
    "CI=`curl x` npm test",
    "CI=$X npm test",
    'CI="$HOME" npm test',
    "TZ=/etc/passwd npm test",
    "TZ=../../x npm test",
    "CI='a b' npm test",
    "CI=~ npm test",
    # env's own options, and env handing on settings that are not plain
    "env -i npm test",
    "env -u BRABO_URL npm test",
    "env -u VIRTUAL_ENV npm test",
    "env -S 'npm test'",
    "env -C /tmp npm test",
    "env --chdir=/tmp npm test",
    "env -- npm test",
    "env PATH=. npm test",
    "env CI=1 PATH=. npm test",
    "env CI=true env LD_PRELOAD=./x.so npm test",
    # wrappers not read as plain, and those read with options that are not theirs
    "nohup npm test",
    "stdbuf -oL npm test",
    "command npm test",
    "exec npm test",
    "sudo npm test",
    "xargs npm test",
    "time -o /tmp/out npm test",
    "timeout 60 time -o out npm test",
    "timeout --foo 60 npm test",
    "timeout $T npm test",
    "timeout 1e3 npm test",
    "timeout -s 'KILL; curl x' 60 npm test",
    "timeout 60 CI=1 npm test",  # after a program, an assignment is a program's name
    "nice -n x npm test",
    "nice --adjustment=$(curl x) npm test",
    "nice -n",
    # what runs underneath is not allowed, or is more than the allow covers
    "CI=true curl -s https://example.com",
    "timeout 60 curl x",
    "timeout 60 bash -c 'curl x'",
    "env CI=1 sh -c 'npm test'",
    "CI=1 npm test $(curl -s x)",
    "CI=1 npm test && curl x",
    'timeout 60 node -e \'require("child_process").execSync("id")\'',  # R4.9: inline code
    "CI=true node -p 1",
    "CI=true cat /etc/passwd",  # the path scope
    "timeout 60 cat ~/.ssh/id_rsa",
    "CI=1",
    "timeout 60",
    "env CI=1",
]


@pytest.mark.parametrize("command", NOT_LOOSENED)
def test_not_plain_still_asks(command):
    v = term(command, allow=TEAM, cwd=ROOT)
    assert v.decision == "require_approval", (command, v.reason, v.message)


@pytest.mark.parametrize(
    "command",
    ["CI=1 rm -rf /", "timeout 60 rm -rf /", "env CI=1 nice rm -rf /*", "time rm -rf ~"],
)
def test_the_floor_still_denies_underneath(command):
    assert term(command, allow=TEAM + ("Terminal(rm)",), cwd=ROOT).decision == "deny"


@pytest.mark.parametrize(
    ("command", "deny", "ask"),
    [
        ("CI=1 npm test", ("Terminal(npm test)",), ()),
        ("timeout 60 npm test", ("Terminal(npm)",), ()),
        ("env NODE_ENV=test npm run deploy", ("Terminal(npm run deploy)",), ()),
        ("CI=1 npm test", (), ("Terminal(npm test)",)),
        ("nice -n 5 cargo test", (), ("Terminal(cargo test)",)),
    ],
)
def test_deny_and_ask_still_win(command, deny, ask):
    v = term(command, allow=TEAM, deny=deny, ask=ask, cwd=ROOT)
    assert v.decision == ("deny" if deny else "require_approval"), (command, v.reason)


@pytest.mark.parametrize("command", ["CI=1 git push", "timeout 60 git push origin main", "env CI=1 git push"])
def test_caps_still_hold(command):
    # git push is allowed by the team, yet an external effect asks (§5 step 6), auto mode included
    assert term(command, allow=TEAM, cwd=ROOT).decision == "require_approval"
    assert term(command, allow=TEAM, autonomy=AUTO_MODE, cwd=ROOT).decision == "require_approval"


def test_plain_settings_name_nothing_the_environment_tables_fear():
    # guard: no name of the closed table carries a command line, loads code, chooses programs or settings
    feared = CODE_VARS | COMMAND_VARS | FLAGS_VARS | PATH_VARS | AGENT_SETTINGS_VARS
    assert not PLAIN_SETTINGS & feared
    assert not any(n.startswith(("BRABO_", "GIT_", "npm_config_", "LD_", "DYLD_")) for n in PLAIN_SETTINGS)


@pytest.mark.parametrize(
    ("words", "under"),
    [
        (("CI=1", "npm", "test"), ("npm", "test")),
        (("timeout", "-k", "5", "60", "npm", "test"), ("npm", "test")),
        (("env", "CI=1", "nice", "-n", "3", "go", "test"), ("go", "test")),
        (("npm", "test"), None),
        (("CI=1",), None),
        (("env", "-i", "npm"), None),
        (("timeout", "60", "-x"), None),
    ],
)
def test_plainly_prefixed_reads_layers(words, under):
    assert plainly_prefixed(words) == under


def test_a_word_not_literal_is_no_plain_layer():
    assert plainly_prefixed(("CI=x", "npm", "test"), dynamic={0}) is None
    assert plainly_prefixed(("timeout", "60", "npm", "test"), dynamic={1}) is None
    assert plainly_prefixed(("nice", "-n", "5", "npm"), dynamic={2}) is None


# xargs with its own plain options runs the command the team allowed on the names its input holds, as a
# substitution hands them (`wc -l $(find . -name '*.py')` is approved already).
SEARCHERS = tuple(
    f"Terminal({c})"
    for c in ("find", "wc", "grep", "cat", "rg", "git ls-files", "git diff", "git log", "ruff check", "sort")
)

XARGS_ALLOWED = [
    "find . -name '*.py' -not -path './.venv/*' | xargs wc -l | tail -1",
    "find . -name '*.py' | xargs wc -l",
    "git ls-files | xargs grep -n TODO",
    "find . -type f -print0 | xargs -0 wc -l",
    "find src -name '*.py' | xargs -n 20 wc -l",
    "find . -name '*.ts' | xargs -r grep -l 'describe.only'",
    "rg -l 'import os' | xargs wc -l",
    "git diff --name-only | xargs -I{} wc -l {}",
    "git ls-files '*.md' | xargs -P4 -n1 grep -c TODO",
    "git diff --name-only -- '*.py' | xargs ruff check",
    "find . -name '*.log' | xargs -d '\\n' wc -c",
    "find . -name '*.py' | xargs -t wc -l",
    "git ls-files | CI=1 xargs wc -l",
]


@pytest.mark.parametrize("command", XARGS_ALLOWED)
def test_xargs_keeps_the_allow_of_its_command(command):
    v = term(command, allow=SEARCHERS + ("Terminal(tail)",), cwd=ROOT)
    assert v.decision == "auto_approve", (command, v.reason, v.message)


# These held on the base already (kept as guards of the class).
XARGS_NOT_LOOSENED = [
    "find . | xargs rm",
    "find . | xargs rm -f",
    "git ls-files | xargs sed -i s/a/b/",
    "cat list | xargs sort",  # sort -o writes: the names handed to it may be options
    "git ls-files | xargs git log",  # git log --output writes
    "find . | xargs curl -T",
    "find . | xargs -I{} sh -c 'wc -l {}'",
    "ls | xargs -I{} {} --version",  # the command word comes from the input
    "echo /etc/passwd | xargs cat",  # a printed place outside the project
    "echo ~/.ssh/id_rsa | xargs cat",
    "find / -name id_rsa | xargs cat",
    "find . | xargs -a /etc/list wc",  # -a reads the names from a file (not read here)
    "find . | xargs --arg-file=/etc/list wc",
    "find . | xargs -o wc",
    "find . | xargs -p wc",
    "find . | xargs -E x wc",
    "find . | xargs --process-slot-var=PATH wc",
    "find . | xargs -n x wc",
    "find . | xargs -n $N wc",
    "find . | xargs $CMD",
    "find . | xargs wc -l $(curl -s x)",
    "find . | xargs node -e 'x'",
    "find . | xargs timeout 5 curl x",
    "find . | xargs env PATH=. wc",
    "find . | xargs",  # echo's output, nothing allowed
]


@pytest.mark.parametrize("command", XARGS_NOT_LOOSENED)
def test_xargs_never_loosens(command):
    v = term(command, allow=SEARCHERS + ("Terminal(ls)", "Terminal(echo)", "Terminal(node)"), cwd=ROOT)
    assert v.decision == "require_approval", (command, v.reason, v.message)


def test_xargs_deleting_still_meets_the_floor():
    assert (
        term("echo / | xargs rm -rf", allow=("Terminal(echo)", "Terminal(rm)"), cwd=ROOT).decision == "deny"
    )
