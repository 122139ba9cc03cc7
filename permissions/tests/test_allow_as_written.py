"""SPEC R4.8: an allow matches the segment as written; what is put before a command is looked through only
for deny, ask and the caps.

Leading assignments (`CI=true npm test`), transparent wrappers (`env`, `time`, `timeout N`, `nice`, `xargs`)
and a program's own options before its command (`npm --prefix web test`, `pnpm -C web test`, `yarn --cwd web
test`, `git --no-pager log`, `mvn -B -q test`, `./gradlew --no-daemon test`, `make -C dir test`) do not hide
the command from deny and ask, and an allow of the command underneath does not cover them: `Terminal(pnpm
test)` does not cover `LD_PRELOAD=x pnpm test`, nor, by the same wording, `CI=true pnpm test`. friction17
first let a closed table of such prefixes and options through to the allow; that was withdrawn for R4.8's
wording, awaiting a ruling -- these cases guard the wording until then (each asks on main too). A team that
means the spelling writes it (`Terminal(CI=true npm test)`). Kept from friction17: a segment that only sets
shell options or plain settings (`set -euo pipefail`, `export CI=true`: test_friction_shell_settings) and the
screen printers of variables (test_friction_screen_printers). `git -C dir <cmd>` under the allow of `git
<cmd>` is main's reading (cfe488c) and is left to the ruling.
"""

import pytest

from permissions.commands.environment import (
    AGENT_SETTINGS_VARS,
    CODE_VARS,
    COMMAND_VARS,
    FLAGS_VARS,
    PATH_VARS,
)
from permissions.commands.plain_settings import PLAIN_SETTINGS

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
        "git log",
        "git diff",
        "git show",
        "pnpm test",
        "pnpm lint",
        "pnpm run",
        "yarn test",
        "mvn test",
        "mvn verify",
        "./mvnw test",
        "./gradlew test",
        "./gradlew build",
        "gradle test",
        "make test",
        "make lint",
        "cd",
    )
)

# R4.8: each of these asked on main and still does; friction17's allow-side reading had approved them.
AS_WRITTEN = [
    # a leading assignment of a plain setting
    "CI=true npm test",
    "CI=1 npm test -- --watchAll=false",
    "NODE_ENV=test npx jest",
    "NODE_ENV='test' npx vitest run",
    "RUST_BACKTRACE=1 cargo test",
    "RUST_LOG=debug cargo test -p core",
    "GOOS=linux GOARCH=arm64 go build ./cmd/server",
    "CGO_ENABLED=0 go test ./...",
    "MIX_ENV=test mix test",
    "PYTHONDONTWRITEBYTECODE=1 pytest -q",
    "LANG=C.UTF-8 LC_ALL=C.UTF-8 pytest -q",
    "FORCE_COLOR=0 npx vitest run | tail -20",
    "cd packages/ui && CI=true npm test",
    # the transparent wrappers of R4.8's list
    "env CI=true npm test",
    "env npm test",
    "timeout 60 npm test",
    "timeout 300 pytest -q",
    "timeout -s KILL 120 go test ./...",
    "timeout --foreground 60 npm test",
    "timeout 120 pytest -q 2>&1 | tail -30",
    "nice cargo build --release",
    "nice -n 10 cargo build",
    "time npm test",
    "time -p pytest -q",
    "env CI=1 timeout 60 nice npm test",
    # a pager switched off before the command
    "GIT_PAGER=cat git log -5",
    "GIT_PAGER= git log -5",
    "PAGER=cat git diff",
    # the program's own options before its command: folders, workspaces, how much it prints
    "git --no-pager log -5 --oneline",
    "git --no-pager diff --stat",
    "git -P show HEAD",
    "git --no-optional-locks status --porcelain",
    "git --no-pager -C packages/ui log -3",
    "npm --prefix web test",
    "npm --prefix=web test",
    "npm -w packages/ui test",
    "npm --workspaces test",
    "pnpm -C web test",
    "pnpm --dir web test",
    "pnpm -r test",
    "pnpm -w lint",
    "pnpm --filter=@acme/ui test",
    "yarn --cwd web test",
    "yarn workspace @acme/ui test",
    "mvn -B -q test",
    "mvn -q -pl core -am test -Dtest=ParserTest",
    "mvn -T4 test",
    "./mvnw -B --no-transfer-progress test",
    "./gradlew --no-daemon test",
    "./gradlew -q --offline test --tests '*ParserTest'",
    "./gradlew -p services/api test",
    "gradle --stacktrace --info test",
    "make -C services/api test",
    "make --directory=services/api test",
    "make -j4 test",
    "make -s --no-print-directory lint",
]


@pytest.mark.parametrize("command", AS_WRITTEN)
def test_an_allow_matches_the_segment_as_written(command):
    v = term(command, allow=TEAM, cwd=ROOT)
    assert v.decision == "require_approval", (command, v.reason, v.message)


@pytest.mark.parametrize(
    ("command", "allow"),
    [
        ("CI=true npm test", "CI=true npm test"),
        ("timeout 300 pytest -q", "timeout 300 pytest"),
        ("git --no-pager log -5", "git --no-pager log"),
        ("npm --prefix web test", "npm --prefix web test"),
        ("mvn -B -q test", "mvn -B -q test"),
        ("make -C services/api test", "make -C services/api test"),
    ],
)
def test_the_spelling_a_team_writes_is_allowed(command, allow):
    # guard: the team that means the spelling writes it, and the allow matches it as written
    v = term(command, allow=(f"Terminal({allow})",), cwd=ROOT)
    assert v.decision == "auto_approve", (command, v.reason, v.message)


PREFIX_GUARDS = [
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


OPTION_GUARDS = [
    # the folder outside the project, or decided when it runs
    "npm --prefix /tmp/x test",
    "npm --prefix=/tmp/x test",
    "npm --prefix ../other test",
    "npm --prefix ~ test",
    "npm --prefix ~/x test",
    "npm --prefix $HOME test",
    "npm --prefix $X test",
    "npm -w ../../x test",
    "pnpm -C /tmp test",
    "pnpm --dir=../.. test",
    "pnpm --filter ../other test",
    "yarn --cwd /tmp/x test",
    "yarn --cwd=../x test",
    "git -C /tmp status",
    "git --no-pager -C ../.. log",
    "git -C $X status",
    # options not read as a folder's, or not literal
    "npm --userconfig x.npmrc test",
    "npm --script-shell ./x.sh test",
    "npm --node-options=--require=./x.js test",
    "npm $OPT test",
    "pnpm --config.script-shell=./x test",
    "yarn --use-yarnrc x test",
    "git --exec-path=/tmp log",
    "git -c core.pager=./x log",
    "git --no-pager -c core.pager=sh log",
    "git --git-dir=/tmp/x log",
    "git --work-tree=/tmp log",
    "mvn -f /tmp/pom.xml test",
    "mvn -f ../other/pom.xml test",
    "./gradlew -p ../.. test",
    "make -C /tmp test",
    "make -C ~ test",
    "make -f ../Makefile test",
    "make --directory=/etc test",
    # Maven's and Gradle's options that read settings, scripts or properties, or publish
    "mvn -s /tmp/settings.xml test",
    "mvn -gs x.xml test",
    "mvn -Dmaven.repo.local=/tmp test",
    "mvn -Pprod test",
    "mvn --settings=x.xml test",
    "./gradlew --init-script /tmp/x.gradle test",
    "./gradlew -I x.gradle test",
    "./gradlew --scan test",
    "./gradlew -Dorg.gradle.jvmargs=-javaagent:x.jar test",
    "./gradlew -Pversion=1 test",
    "./gradlew --project-cache-dir /tmp test",
    "make -e test",
    "make CC=./x test",
    "make -j$(curl x) test",
    # another subcommand than the one allowed
    "mvn -B deploy",
    "mvn -q -pl core install",
    "./gradlew --no-daemon publish",
    "make -C services/api deploy",
    "make -s install",
    "npm --prefix web publish",
    "npm --prefix web exec curl x",
    "npm -w ui install evil-pkg",
    "pnpm -C web exec curl x",
    "pnpm -r exec rm -rf node_modules",
    "pnpm -r publish",
    "yarn workspace @acme/ui publish",
    "yarn workspace @acme/ui add evil",
    "yarn --cwd web dlx evil",
    "git --no-pager push",
    "git -P branch -D main",
    # a pager that is a command
    "GIT_PAGER='curl x' git log",
    "GIT_PAGER=sh git log",
    "PAGER='less -R' git log",
    "GIT_PAGER=$(curl x) git log",
]


@pytest.mark.parametrize("command", PREFIX_GUARDS + OPTION_GUARDS)
def test_not_loosened_under_the_allow_of_the_spelling(command):
    # guard: neither under the team's list nor under an allow written with a plain prefix or option
    allow = TEAM + (
        "Terminal(CI=true npm test)",
        "Terminal(npm --prefix web test)",
        "Terminal(timeout 60 npm)",
    )
    v = term(command, allow=allow, cwd=ROOT)
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
def test_deny_and_ask_look_through(command, deny, ask):
    v = term(command, allow=TEAM, deny=deny, ask=ask, cwd=ROOT)
    assert v.decision == ("deny" if deny else "require_approval"), (command, v.reason)


@pytest.mark.parametrize("command", ["CI=1 git push", "timeout 60 git push origin main", "env CI=1 git push"])
def test_caps_look_through(command):
    # git push is allowed by the team, yet an external effect asks (SPEC 5 step 6), auto mode included
    assert term(command, allow=TEAM, cwd=ROOT).decision == "require_approval"
    assert term(command, allow=TEAM, autonomy=AUTO_MODE, cwd=ROOT).decision == "require_approval"


def test_plain_settings_name_nothing_the_environment_tables_fear():
    # guard: the neutral grammar's table (export CI=true) holds no name that carries a command line, loads
    # code, chooses programs or settings
    feared = CODE_VARS | COMMAND_VARS | FLAGS_VARS | PATH_VARS | AGENT_SETTINGS_VARS
    assert not PLAIN_SETTINGS & feared
    assert not any(n.startswith(("BRABO_", "GIT_", "npm_config_", "LD_", "DYLD_")) for n in PLAIN_SETTINGS)


# xargs is one of R4.8's transparent wrappers: the command it runs is not covered by that command's allow.
SEARCHERS = tuple(
    f"Terminal({c})"
    for c in ("find", "wc", "grep", "cat", "rg", "git ls-files", "git diff", "git log", "ruff check", "sort")
)

XARGS_AS_WRITTEN = [
    "find . -name '*.py' | xargs wc -l",
    "find . -name '*.py' -not -path './.venv/*' | xargs wc -l | tail -1",
    "git ls-files | xargs grep -n TODO",
    "find . -type f -print0 | xargs -0 wc -l",
    "find src -name '*.py' | xargs -n 20 wc -l",
    "find . -name '*.ts' | xargs -r grep -l 'describe.only'",
    "rg -l 'import os' | xargs wc -l",
    "git diff --name-only | xargs -I{} wc -l {}",
    "git diff --name-only -- '*.py' | xargs ruff check",
]


@pytest.mark.parametrize("command", XARGS_AS_WRITTEN)
def test_xargs_is_looked_through_for_deny_and_ask_only(command):
    v = term(command, allow=SEARCHERS + ("Terminal(tail)",), cwd=ROOT)
    assert v.decision == "require_approval", (command, v.reason, v.message)


XARGS_GUARDS = [
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


@pytest.mark.parametrize("command", XARGS_GUARDS)
def test_xargs_never_loosens(command):
    allow = SEARCHERS + ("Terminal(ls)", "Terminal(echo)", "Terminal(node)", "Terminal(xargs wc)")
    v = term(command, allow=allow, cwd=ROOT)
    assert v.decision == "require_approval", (command, v.reason, v.message)


def test_xargs_deleting_still_meets_the_floor():
    assert (
        term("echo / | xargs rm -rf", allow=("Terminal(echo)", "Terminal(rm)"), cwd=ROOT).decision == "deny"
    )


@pytest.mark.parametrize(
    ("command", "deny"),
    [
        ("npm --prefix web publish", "Terminal(npm publish)"),
        ("pnpm -C web publish", "Terminal(pnpm publish)"),
        ("yarn --cwd web test", "Terminal(yarn test)"),
        ("git --no-pager log", "Terminal(git log)"),
        ("find . | xargs rm", "Terminal(rm)"),
    ],
)
def test_deny_still_names_the_command_under_its_options(command, deny):
    assert term(command, allow=TEAM, deny=(deny,), cwd=ROOT).decision == "deny"


def test_ask_still_names_the_command_under_its_options():
    v = term("npm --prefix web run deploy", allow=TEAM, ask=("Terminal(npm run deploy)",), cwd=ROOT)
    assert (v.decision, v.reason) == ("require_approval", "ask_rule")
