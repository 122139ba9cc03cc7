"""Friction: an option that only says in which folder of the project a command runs does not hide it from its allow.

`npm --prefix web test`, `npm -w packages/ui test`, `pnpm -C web test`, `pnpm -r test`, `yarn --cwd web test`,
`yarn workspace @acme/ui test` and `git --no-pager log` are the command the team allowed, run in a folder of the
project as `cd web && npm test` is (permissions.commands.plain_prefixes.moved_here); `GIT_PAGER=cat git log`
prints without a pager. Never loosened: the folder outside the project (the path scope), an option not read
there, another subcommand than the one allowed, and what a deny or an ask names through the folder option.
"""

import pytest

from permissions.commands.plain_prefixes import moved_here

from .helpers import ROOT, term

TEAM = tuple(
    f"Terminal({c})"
    for c in (
        "npm test",
        "npm run",
        "pnpm test",
        "pnpm lint",
        "pnpm run",
        "yarn test",
        "git status",
        "git log",
        "git diff",
        "git show",
        "cat",
        "tail",
        "mvn test",
        "mvn verify",
        "./mvnw test",
        "./gradlew test",
        "./gradlew build",
        "gradle test",
        "make test",
        "make lint",
    )
)

ALLOWED = [
    "npm --prefix web test",
    "npm --prefix=web test",
    "npm --prefix frontend run build",
    "npm --prefix packages/ui run lint -- --fix",
    "npm -w packages/ui test",
    "npm --workspace=packages/ui run build",
    "npm --workspaces test",
    "npm -ws run lint",
    "pnpm -C web test",
    "pnpm --dir web test",
    "pnpm --dir=packages/ui run build",
    "pnpm -r test",
    "pnpm --recursive run build",
    "pnpm -w lint",
    "pnpm -F ui test",
    "pnpm --filter=@acme/ui test",
    "pnpm -r --filter ./packages/ui test",
    "yarn --cwd web test",
    "yarn --cwd=web test",
    "yarn workspace @acme/ui test",
    "git --no-pager log -5 --oneline",
    "git --no-pager diff --stat",
    "git -P show HEAD",
    "git --no-optional-locks status --porcelain",
    "git --no-pager -C packages/ui log -3",
    "git -C packages/ui --no-pager diff",
    "GIT_PAGER=cat git log -5",
    "GIT_PAGER= git log -5",
    "PAGER=cat git diff",
    "npm --prefix web test 2>&1 | tail -20",
    # Maven, Gradle and make: which module or folder, how much they print
    "mvn -B -q test",
    "mvn -B -ntp verify",
    "mvn -q -pl core -am test -Dtest=ParserTest",
    "mvn -T 4 -o test",
    "mvn -T4 test",
    "mvn -f services/orders/pom.xml test",
    "./mvnw -B --no-transfer-progress test",
    "./gradlew --no-daemon test",
    "./gradlew -q --offline test --tests '*ParserTest'",
    "./gradlew --console=plain build",
    "./gradlew -p services/api test",
    "./gradlew -x lint build",
    "gradle --stacktrace --info test",
    "make -C services/api test",
    "make --directory=services/api test",
    "make -j4 test",
    "make -j 8 -k test",
    "make -s --no-print-directory lint",
    'for p in packages/*; do git --no-pager -C "$p" log -1; done',
]


@pytest.mark.parametrize("command", ALLOWED)
def test_folder_option_keeps_the_allow(command):
    v = term(command, allow=TEAM, cwd=ROOT)
    assert v.decision == "auto_approve", (command, v.reason, v.message)


# These held on the base already (kept as guards of the class).
NOT_LOOSENED = [
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


@pytest.mark.parametrize("command", NOT_LOOSENED)
def test_folder_options_never_loosen(command):
    v = term(command, allow=TEAM, cwd=ROOT)
    assert v.decision == "require_approval", (command, v.reason, v.message)


@pytest.mark.parametrize(
    ("command", "deny"),
    [
        ("npm --prefix web publish", "Terminal(npm publish)"),
        ("pnpm -C web publish", "Terminal(pnpm publish)"),
        ("yarn --cwd web test", "Terminal(yarn test)"),
        ("git --no-pager log", "Terminal(git log)"),
    ],
)
def test_deny_still_names_the_command_in_another_folder(command, deny):
    assert term(command, allow=TEAM, deny=(deny,), cwd=ROOT).decision == "deny"


def test_ask_still_names_the_command_in_another_folder():
    v = term("npm --prefix web run deploy", allow=TEAM, ask=("Terminal(npm run deploy)",), cwd=ROOT)
    assert (v.decision, v.reason) == ("require_approval", "ask_rule")


@pytest.mark.parametrize(
    ("words", "here"),
    [
        (("npm", "--prefix", "web", "test"), ("npm", "test")),
        (("pnpm", "-r", "-C", "x", "run", "build"), ("pnpm", "run", "build")),
        (("yarn", "workspace", "ui", "test"), ("yarn", "test")),
        (("git", "--no-pager", "-C", "x", "log"), ("git", "log")),
        (("npm", "test"), None),
        (("npm", "--prefix", "web"), None),
        (("npm", "--silent", "test"), None),
        (("cargo", "-C", "x", "test"), None),
    ],
)
def test_moved_here_reads_folder_options(words, here):
    assert moved_here(words) == here
