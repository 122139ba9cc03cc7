"""Friction of the path scope (SPEC §5, R6.2), four classes, each beside the attacks of its own kind.

A closing move: a directory changer (the shell's, or PowerShell's `Set-Location ..`) that ends the command (`cd
backend && pytest -q; cd ..`, `pushd web && npm run build; popd`) asked, because `cd ..` after a `;` may leave the
project when the first move failed. Nothing runs where it leads: the shell exits there, and an agent's next command
comes with its own working directory (the hook's ``cwd``; Brabo's runner starts each command afresh). It still asks
when something may run after it -- a loop, a group, a trap at the shell's exit, a function or alias zsh runs on the
move or at the exit (`chpwd`, `zshexit`, a `cd` redefined), PowerShell's exit event, a later segment -- or when the
move itself reaches another machine or the home folder (an absolute, `~`, `\\\\host\\share`, a drive), is spelt
with an expansion, or writes a file.

A symbolic link's original is read from the link's own folder: `ln -s ../shared src/shared` makes src/shared lead
to the project's shared/, not to the folder above the project. `-r` (originals read from where the command runs),
hard links, a link whose original leaves the project from its folder, and a link placed outside still ask.

A variable's default is no PowerShell drive: off the sandbox, where the command may be PowerShell's, `echo
${NODE_ENV:-development}` asked, as `${c:\\secret.txt}` (which prints the file) does. A name of two letters or more
that is no provider's drive or scope (`env`, `function`, `HKCU`, `global` ...) before bash's `:-`, `:+`, `:=`, `:?`
names no drive PowerShell has: it stops there. A one-letter name, a drive's or a scope's, and any other form
after the colon still ask, as does a variable that is not shown (a secret) or a default that is a place.

A test runner's tag filter is no home folder: `rspec --tag ~slow` (RSpec's "not tagged slow"; Cucumber's and Behat's
`--tags ~@wip`) asked, as bash may read `~slow` as the home folder of a user named slow. The value of those
options, without a `/`, is a filter; a `~` word anywhere else, `~/x` and `~user/path` there, still ask.

Each ordinary move and link is judged in auto mode on the developer's machine and behind an allow of every word in
the sandbox, the others on the developer's machine in auto mode; each attack is never approved there (auto mode, a
terminal autonomy row, an allow of every word), the moves and links behind an allow of every word in the sandbox
too. 25 of the 27 ordinary moves and links, 2 of the 3 PowerShell closing moves, the 5 defaults and the 6 tag
filters failed on the session's start (209bff9); its 82 attacks held there and are kept as guards -- the zsh hooks
and PowerShell's exit event among them are what a closing move read without _HOOKED (permissions/scope.py) would
have let through.
"""

import pytest

from .helpers import AUTO_MODE, allow_every_word, term
from .redteam import never_auto_where

CLOSING_MOVES = [
    "cd backend && pytest -q; cd ..",
    "pushd backend && pytest -q; popd",
    "cd packages/ui; npm test; cd ../..",
    "pushd web > /dev/null && npm run build; popd > /dev/null",
    "cd docs && make html; cd -",
    "cd services/api && go test ./...; cd ../..",
    "cd ..",
    "cd ../..",
    "popd",
    "cd frontend; npm ci; cd .. 2>/dev/null",
]

MOVES_THAT_STILL_ASK = [
    # something runs after the move, where it leads
    "cd ..; rm -rf build",
    "cd .. && make clean",
    "for d in a b; do make -C $d; cd ..; done",
    "while read d; do cd ..\ndone < dirs.txt",
    "until false; do cd ..; done",
    "if true; then cd ..; fi; ls",
    "{ make; cd ..; } && ls",
    "trap 'rm -rf build' EXIT; cd ..",
    'trap "make clean" EXIT; cd ..',
    "tr''ap 'rm -rf build' EXIT; cd ..",
    "builtin trap 'rm -rf build' EXIT; cd ..",
    "f() { rm -rf build; }; trap f EXIT; cd ..",
    # a function or an alias zsh runs on the move or at the exit, `cd` redefined, PowerShell's exit event
    "chpwd() { rm -rf build; }; cd ..",
    "zshexit() { rm -rf build; }; cd ..",
    "function chpwd { make clean; }; cd ..",
    "cd() { rm -rf build; }; cd ..",
    "functions[chpwd]='rm -rf build'; cd ..",
    "chpwd_functions+=(cleanup); cd ..",
    "alias cd='rm -rf build'\ncd ..",
    "Register-EngineEvent PowerShell.Exiting -Action { Remove-Item -Recurse build }; Set-Location ..",
    "$ExecutionContext.InvokeCommand.LocationChangedAction = { Remove-Item -Recurse build }; Set-Location ..",
    "sal cd Remove-Item; cd ..",
    # the move itself reaches elsewhere, or is not known from the text
    "cd /etc",
    "cd backend && make; cd /",
    "cd ~",
    "cd ~/secrets",
    "cd $HOME",
    "cd //fileserver/share",
    "cd /net/fileserver/export",
    'cd "$(git rev-parse --show-toplevel)/.."',
    "cd `echo ..`",
    # it writes a file outside
    "cd .. > /tmp/where",
]

# Windows' shares and drives, where the agent's machine may be Windows (a Linux sandbox reads them as names)
CLOSING_MOVES_ON_WINDOWS = [
    "Set-Location frontend; npm run build; Set-Location ..",
    "Push-Location web; npm test; Pop-Location",
    "sl ..",
]
MOVES_ON_WINDOWS = [
    "cd \\\\fileserver\\share",
    "cd C:\\",
    "cd D:",
    "cd \\Windows",
    "cd backend; cd \\\\host\\c$",
]

LINKS_IN_THE_PROJECT = [
    "ln -s ../shared src/shared",
    "ln -sfn ../config/dev.yml config/current.yml",
    "ln -s ../../lib packages/app/lib",
    "ln -sf ../README.md docs/README.md",
    "ln -s ../a ../b dir",
    "ln -sT ../assets public/assets",
    "ln -s -t src/vendor ../../third_party/zlib",
    "gln -s ../shared src/shared",
    "ln -s ../../etc src/a/b",
    "ln -s ../shared src/shared && ls src/shared/",
    "ln --symbolic ../shared src/shared",
    "ln -s ./a b",
    "ln -s a/b c",
    "ln -s ../x a/b",
    "ln -sv ../../assets packages/web/assets",
    "ln -s ../docs/guide.md site/guide.md",
    "ln -s ../../scripts tools/bin/scripts",
]

LINKS_THAT_STILL_ASK = [
    "ln -s ../x",
    "ln -s ../shared x",
    "ln -s ../../etc/passwd x",
    "ln -s ../../x a/b",
    "ln -s ../../../etc src/a",
    "ln -s ../a /tmp/",
    "ln -s ../a /tmp/link",
    "ln -sr ../shared src/shared",
    "ln --relative -s ../shared src/shared",
    "ln ../shared src/shared",
    "ln -s ~/.ssh/id_rsa key",
    "ln -s /etc/passwd p",
    "ln -s ../shared ../outside",
    "ln -t .. -s x",
    "ln -s src/../../x y",
    "ln -s shared/../../x y",
    "gln -s ../../x y",
    "ln -s ../shared src/shared/../../../up",
]


DEFAULTS_SHOWN = [
    "echo ${NODE_ENV:-development}",
    'echo "env: ${NODE_ENV:-dev}"',
    'echo "${CI:-false}"',
    'echo "Node env: ${NODE_ENV:-production}"',
    "echo build-${CI:+ci}",
]

DRIVES_AND_SECRETS = [
    "echo ${C:/secrets.txt}",
    "echo ${c:\\Users\\me\\.ssh\\id_rsa}",
    "echo ${env:USERPROFILE}",
    "echo ${Env:AWS_SECRET_ACCESS_KEY}",
    "echo ${function:prompt}",
    "echo ${global:token}",
    "echo ${HKCU:-x}",
    "echo ${Cert:-x}",
    "echo ${Temp:-x}",
    "echo ${env:-x}",
    "echo ${D:-x}",
    "echo ${NODE_ENV:-/etc/passwd}",
    "echo ${NODE_ENV:-~/.ssh/id_rsa}",
    "echo ${AWS_SECRET_ACCESS_KEY:-x}",
    "echo ${GITHUB_TOKEN:+set}",
    "echo ${NODE_ENV}:${NPM_TOKEN:-none}",
    "echo $C:secrets.txt",
]


TAG_FILTERS = [
    "bundle exec rspec --tag ~slow",
    "rspec --tag ~type:feature",
    "rspec -t ~slow spec/models",
    "bin/rspec --tag ~js --format documentation",
    "cucumber --tags ~@wip",
    "bundle exec cucumber -t ~@slow features/",
]

TILDES_ELSEWHERE = [
    "rspec --tag ~/x",
    "rspec --tag ~root/.ssh/id_rsa",
    "rspec ~slow",
    "rspec --require ~root",
    "rspec -r ~evil --tag ~slow",
    "rspec --tag ~slow --require ~/.evil.rb",
    "rspec --tag ~slow -I ~deploy/lib",
    "cat ~slow",
    "pytest --tag ~slow",
    "rspec --tag ~slow && cat ~root/.bashrc",
]


def _approved_in_auto_mode_on_the_laptop(command: str) -> None:
    v = term(command, autonomy=AUTO_MODE, runs_in="agent")
    assert v.decision == "auto_approve", (command, v.reason, v.message)


@pytest.mark.parametrize("command", TAG_FILTERS)
def test_a_tag_filter_is_no_home_folder(command):
    _approved_in_auto_mode_on_the_laptop(command)


@pytest.mark.parametrize("command", TILDES_ELSEWHERE)
def test_a_home_folder_elsewhere_still_asks(command):
    never_auto_where(command, ("agent",))


@pytest.mark.parametrize("command", DEFAULTS_SHOWN)
def test_a_shown_variables_default_is_text_on_the_developers_machine(command):
    _approved_in_auto_mode_on_the_laptop(command)


@pytest.mark.parametrize("command", DRIVES_AND_SECRETS)
def test_a_drive_a_scope_or_a_secret_in_braces_still_asks_there(command):
    never_auto_where(command, ("agent",))


@pytest.mark.parametrize("command", CLOSING_MOVES_ON_WINDOWS)
def test_a_closing_move_is_approved_where_the_command_may_be_powershells(command):
    _approved_in_auto_mode_on_the_laptop(command)


@pytest.mark.parametrize("command", CLOSING_MOVES + LINKS_IN_THE_PROJECT)
def test_an_ordinary_move_or_link_is_approved(command):
    on_the_laptop = term(command, autonomy=AUTO_MODE, runs_in="agent")
    in_the_sandbox = term(command, allow=allow_every_word(command), runs_in="sandbox")
    assert on_the_laptop.decision == "auto_approve", (command, on_the_laptop.reason, on_the_laptop.message)
    assert in_the_sandbox.decision == "auto_approve", (command, in_the_sandbox.reason, in_the_sandbox.message)


@pytest.mark.parametrize("command", MOVES_THAT_STILL_ASK + LINKS_THAT_STILL_ASK + MOVES_ON_WINDOWS)
def test_a_move_or_link_that_reaches_outside_still_asks(command):
    never_auto_where(command, ("agent",))
    if command in MOVES_ON_WINDOWS:
        return
    v = term(command, allow=allow_every_word(command), runs_in="sandbox")
    assert v.decision != "auto_approve", (command, v.reason)
