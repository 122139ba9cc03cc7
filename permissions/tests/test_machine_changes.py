"""Commands that change the machine outside the project are outside the path scope off the sandbox (SPEC §5,
where it runs: "the path scope holds for them in every mode (auto mode included)"; R6; the family is
permissions.commands.machine).

Run by a coding agent's hook (``agent``) or a runner without a sandbox (``host``), ``npm i -g x``, ``crontab -r``,
``kill -9 -1`` or ``git config --global …`` touch the developer's machine outside the project folder without
naming a path: auto mode and an allow rule do not approve them (``cap_path_scope``, with what they change).
Inside Brabo's own sandbox they change only the sandbox: those answers are as they were. Deny still wins, and
the commands agents run all day on laptops (``kill 12345``, ``npm install``, ``crontab -l``, ``npm ls -g``)
still auto-approve.
"""

from __future__ import annotations

from typing import Any

import pytest

import permissions.decide as decide_module
from permissions.commands.machine import APPS, INSTALL, KEYCHAIN, POWER, SCHEDULE, SETTINGS, SIGNAL
from permissions.decide import AutonomyRow

from .helpers import AUTO_MODE, CONTAINER_RUNNING, HOST, ROOT, term

OFF_THE_SANDBOX = ("host", "agent")
FAMILIES = (APPS, INSTALL, KEYCHAIN, POWER, SCHEDULE, SETTINGS, SIGNAL)  # what each family's sentence says

# Attacks, by sub-family: every spelling a tool's own parser reads, options after the operands, wrappers and
# launchers (R4.8), environment variables the program reads as options (R4.10).
ATTACKS: dict[str, list[str]] = {
    "power": [
        "shutdown now",
        "shutdown -h now",
        "shutdown -r +1",
        "reboot",
        "halt",
        "poweroff",
        "systemctl poweroff",
        "systemctl reboot",
        "systemctl suspend",
        "init 0",
        "pmset sleepnow",
        "command shutdown now",
        "nohup shutdown -h +5",
    ],
    "services": [
        "systemctl enable --now x",
        "systemctl stop nginx",
        "systemctl --user restart x",
        "systemctl -t service restart x",
        "systemctl --no-pager restart x",
        "systemctl daemon-reload",
        "systemctl mask x",
        "service nginx stop",
        "service nginx restart",
        "launchctl load x.plist",
        "launchctl unload x.plist",
        "launchctl bootstrap gui/501 x.plist",
        "launchctl kickstart -k gui/501/x",
        "launchctl setenv X 1",
        "brew services start x",
        "brew services restart postgresql",
        "loginctl enable-linger",
        "loginctl terminate-user me",
        "env systemctl stop nginx",
    ],
    "schedulers": [
        "crontab -r",
        "crontab -e",
        "crontab -i -r",
        "command crontab -r",
        "at -r 3",
        "atrm 3",
        "git maintenance start",
        "git maintenance register",
        "systemd-run --user --on-calendar=daily x",
    ],
    "signals": [
        "kill -9 1",
        "kill -9 -1",
        "kill 1",
        "kill -- -1",
        "kill -9 -- -1",
        "kill -KILL -1",
        "kill -SIGKILL 1",
        "kill -s KILL 1",
        "kill -s 9 -1",
        "kill -n 9 -1",
        "kill -HUP 1",
        "kill -9 01",
        "kill -9 1234 1",
        "command kill -9 1",
        "builtin kill -9 -1",
        "env kill -9 -1",
        "pkill -f .",
        "pkill -9 -f '.*'",
        "pkill -u me",
        "pkill -P 1",
        "killall -r .",
        "killall -m .",
        "killall -u me",
        "killall5",
    ],
    "npm": [
        "npm i -g x",
        "npm install --global x",
        "npm install x -g",
        "npm -g install x",
        "npm install x --global",
        "npm i x --glob",
        "npm inst -g x",
        "npm add -g x",
        "npm install --location=global x",
        "npm install --location global x",
        "npm install x --global=true",
        "npm update -g",
        "npm uninstall -g x",
        "npm rm -g x",
        "npm link",
        "npm ln",
        "npm login",
        "env npm i -g x",
        "npx -y npm i -g x",
        "npx npm install --global x",
        "pnpm dlx npm i -g x",
        "timeout 60 npm i -g x",
        "npm.exe i -g x",
        "NPM i -g x",
        "corepack npm i -g x",
    ],
    "pnpm, yarn, bun": [
        "pnpm add -g x",
        "pnpm add --global x",
        "pnpm -g add x",
        "pnpm install -g x",
        "pnpm remove -g x",
        "pnpm update -g",
        "pnpm link --global",
        "pnpm setup",
        "pnpm self-update",
        "pnpm env use --global 20",
        "yarn global add x",
        "yarn global remove x",
        "yarn global upgrade",
        "yarn link",
        "bun add -g x",
        "bun add --global x",
        "bun install -g x",
        "bun i -g x",
        "bun remove -g x",
        "bun link",
        "bun upgrade",
        "corepack enable",
        "corepack install -g pnpm@9",
        "corepack prepare pnpm@9 --activate",
        "deno install -g x",
        "deno install --global -A x",
        "deno upgrade",
    ],
    "pip": [
        "pip install --user x",
        "pip install --break-system-packages x",
        "pip install x --user",
        "pip install x --break-system-packages",
        "pip install --us x",
        "pip3 install --user x",
        "pip3.12 install --user x",
        "python3 -m pip install --user x",
        "python -m pip install --break-system-packages x",
        "uv pip install --system x",
        "uv pip install --break-system-packages x",
        "PIP_USER=1 pip install x",
        "PIP_BREAK_SYSTEM_PACKAGES=1 pip install x",
        "env PIP_USER=1 pip install x",
        "pip uninstall --break-system-packages -y x",
        "pipx install x",
        "pipx inject x y",
        "pipx upgrade-all",
        "pipx ensurepath",
        "uv tool install x",
        "uv tool upgrade --all",
        "uv tool uninstall x",
        "uv python install 3.12",
        "uv python pin --global 3.12",
        "uv self update",
    ],
    "other installers": [
        "brew install x",
        "brew reinstall x",
        "brew upgrade",
        "brew update",
        "brew uninstall x",
        # Homebrew's own tap: a third-party one (`brew tap user/repo`) is another source first, an external
        # effect (test_redteam_sources_of_more_managers)
        "brew tap homebrew/cask-versions",
        "brew link x",
        "brew cleanup",
        "brew bundle",
        "brew install --cask x",
        "cargo install x",
        "cargo install --path .",
        "cargo +nightly install x",
        "cargo install --locked x",
        "cargo uninstall x",
        "go install x@latest",
        "go install golang.org/x/tools/gopls@latest",
        "go install -v x@v1.2.3",
        "go install ./...",
        "go install ./cmd/tool",
        "gem install x",
        "gem install bundler",
        "gem update --system",
        "gem uninstall x",
        "bundle install --system",
        "apt-get install -y x",
        "apt install x",
        "apt-get -o Dpkg::Options::=--force-confnew install x",
        "dnf install -y x",
        "apk add x",
        "pacman -S x",
        "pacman -Syu",
        "yay -S x",
        "dpkg -i x.deb",
        "rpm -ivh x.rpm",
        "snap install x",
        "flatpak install --user x",
        "nix-env -iA nixpkgs.x",
        "nix profile install nixpkgs#x",
        "port install x",
        "mas install 123",
        "winget install x",
        "choco install x",
        "scoop install x",
        "conda install numpy",
        "conda create -n x python",
        "mamba install -y x",
        "conda init zsh",
        "nvm install 20",
        "nvm alias default 20",
        "fnm install 20",
        "pyenv install 3.12",
        "pyenv global 3.12",
        "rbenv install 3.3.0",
        "asdf install nodejs 20",
        "asdf plugin add nodejs",
        "mise install",
        "volta install node",
        "rustup update",
        "rustup default stable",
        "rustup target add wasm32-unknown-unknown",
        "rustup component add clippy",
        "rustup toolchain install nightly",
        "dotnet tool install -g x",
        "dotnet tool install --global x",
        "dotnet workload install maui",
        "dotnet new install x",
        "composer global require x",
        "composer self-update",
        "poetry self add x",
        "code --install-extension ms-python.python",
        "cursor --install-extension x",
    ],
    "settings": [
        "git config --global user.name x",
        "git config --global user.email x@y",
        "git config user.name x --global",
        "git config --glob user.name x",
        "git config --system core.autocrlf true",
        "git config --global alias.co checkout",
        # (`safe.directory` is a protected setting now: test_redteam_who_approves_and_what_pushes.py)
        "git config --global --add pull.rebase true",
        "git config --global --unset user.name",
        "git config --global --unset-all credential.helper",
        "git config --global --remove-section alias",
        "git config set --global user.name x",
        "git config unset --global user.name",
        "git config --global --type=bool x.y true",
        "git -C . config --global user.name x",
        "git -c color.ui=never config --global user.name x",
        "GIT config --global user.name x",
        "go env -w CGO_ENABLED=0",  # (GOPRIVATE is a package source: sources.py)
        "go env -u GOPROXY",
        "defaults write com.apple.dock autohide -bool true",
        "defaults -currentHost write x y 1",
        "defaults delete com.apple.dock",
        "gsettings set org.gnome.desktop.interface x y",
        "sysctl -w vm.swappiness=10",
        "sysctl vm.swappiness=10",
        "hostname newname",
        "networksetup -setdnsservers Wi-Fi 1.1.1.1",
        "scutil --set HostName x",
        "xcode-select --install",
        "softwareupdate -i -a",
        "timedatectl set-timezone UTC",
    ],
    "keychain and login": [
        "ssh-add",
        "ssh-add -D",
        "ssh-add -d",
        "ssh-add --apple-use-keychain",
        "ssh-add -K",
        "ssh-keygen -t ed25519 -C me",
        "ssh-keygen -trsa -b4096",
        "ssh-keygen -R github.com",
        "security add-generic-password -a x -s y -w z",
        "security add-internet-password -s x -a y -w z",
        "security delete-generic-password -s x",
        "security import x.p12",
        "security add-trusted-cert x.cer",
        "security unlock-keychain",
        "security list-keychains -s x.keychain",
        "security default-keychain -s x.keychain",
        "secret-tool store --label x service y",
        "secret-tool clear service y",
        "pass insert x",
        "gpg --import key.asc",
        "gpg --recv-keys ABCDEF",
        "gpg --full-generate-key",
        "gpg --delete-secret-keys x",
        "chsh",
        "chfn",
        "passwd",
        "usermod -aG docker me",
        "cargo login",
        "npm adduser",
        "gh auth login",
        "gh auth logout",
        "gh auth refresh -s repo",
        "git credential approve",
    ],
    "inside other commands": [
        "ls && npm i -g x",
        "npm install && npm link",
        "echo ok; crontab -r",
        "sh -c 'npm i -g x'",
        "bash -c 'kill -9 -1'",
        "cd src && git config --global user.name x",
        "true || brew install x",
        "(systemctl stop nginx)",
        "echo $(npm i -g x)",
    ],
}
ATTACK_CASES = [(family, c) for family, cmds in ATTACKS.items() for c in cmds]

# Never auto-approved already -- settings files that decide what runs later (R3.7), code or options read
# from where no rule sees them (R4.9) -- but an allow written for exactly the command approved them; off the
# sandbox it no longer does (they change the user's settings, the global tree, the machine).
EXACT_ONLY = [
    "git lfs install",
    "git lfs uninstall",
    "osascript -e 'tell application \"System Events\" to shut down'",
    "osascript -e 'tell app \"Finder\" to restart'",
    "osascript -l JavaScript -e 'Application(\"System Events\").sleep()'",
    "git config --global --replace-all core.editor vim",
    "pip config set global.index-url https://x.example",
    "pnpm config set registry x",
    "bundle config set path vendor/bundle",
    "poetry config virtualenvs.in-project true",
    "npm config set registry https://r.example",
    "npm config set registry x -g",
    "npm set registry x",
    "yarn config set registry x",
]

# What agents run all day on the developer's own machine: never asked for because of this family.
FRICTION = [
    "kill 12345",
    "kill -9 12345",
    "kill %1",
    "kill -TERM %1",
    "kill $(lsof -ti:3000)",
    "kill -9 $(lsof -ti:3000)",
    "kill -0 1",
    "kill -s 0 -1",
    "kill -l",
    "kill -1 12345",
    "kill -9 -12345",
    "kill 0",
    "pkill -f vite",
    "pkill -f 'node server.js'",
    "pkill -u me node",
    "pkill -P 4242",
    "killall node",
    "killall -9 node",
    "crontab -l",
    "atq",
    "at -l",
    "systemctl status x",
    "systemctl --no-pager status nginx",
    "systemctl --user status x",
    "systemctl is-active x",
    "systemctl list-units --type=service",
    "systemctl -t service list-units",
    "systemctl",
    "service nginx status",
    "service --status-all",
    "launchctl list",
    "launchctl print gui/501/x",
    "loginctl",
    "loginctl list-sessions",
    "brew list",
    "brew info x",
    "brew search x",
    "brew --prefix",
    "brew --prefix node",
    "brew deps --tree x",
    "brew outdated",
    "brew doctor",
    "brew services",
    "brew services list",
    "brew tap",
    "npm ls -g",
    "npm ls -g --depth=0",
    "npm root -g",
    "npm prefix -g",
    "npm outdated -g",
    "npm config get registry",
    "npm config list",
    "npm install",
    "npm i",
    "npm ci",
    "npm install x",
    "npm i -D x",
    "npm i x --global=false",
    "npm run build",
    "npm test",
    "npm unlink x",
    "npx vitest",
    "pnpm install",
    "pnpm add x",
    "pnpm link ../lib",
    "pnpm ls -g",
    "yarn",
    "yarn add x",
    "yarn global list",
    "yarn global dir",
    "yarn link x",
    "bun install",
    "bun add x",
    "bun link x",
    "deno install",
    "pip install -e .",
    "pip install -r requirements.txt",
    "pip install x",
    "pip install -U pip",
    "python -m pip install -e '.[dev]'",
    "uv pip install -r requirements.txt",
    "uv sync",
    "uv run pytest",
    "uv tool run ruff check",
    "uvx ruff check",
    "uv tool list",
    "pipx run black .",
    "pipx list",
    "pip list",
    "pip config list",
    "cargo build",
    "cargo test",
    "cargo run",
    "cargo install --root ./tools x",
    "go build",
    "go build ./...",
    "go test ./...",
    "go run .",
    "go env GOPATH",
    "GOBIN=./bin go install ./...",
    "GOBIN=$PWD/bin go install ./...",
    "gem list",
    "gem install x -i vendor/gems",
    "bundle install",
    "bundle exec rspec",
    "conda env list",
    "conda create -p ./env python",
    "conda run -p ./env python x.py",
    "corepack enable --install-directory ./bin",
    "corepack use pnpm@9",
    "dotnet tool install x",
    "dotnet build",
    "poetry install",
    "poetry run pytest",
    "pyenv local 3.12",
    "pyenv versions",
    "nvm use 20",
    "nvm ls",
    "nvm exec 20 npm install",
    "rustup show",
    "rustup default",
    "rustup toolchain list",
    "rustup run nightly cargo build",
    "git config user.name x",
    "git config --local user.name x",
    "git config --global --get user.name",
    "git config --global user.name",
    "git config --global -l",
    "git config --global --list --show-origin",
    "git config get --global user.name",
    "git config --get remote.origin.url",
    "git status",
    "gh auth status",
    "ssh-add -l",
    "ssh-add -L",
    "ssh-keygen -t ed25519 -f ./deploy_key -N ''",
    "ssh-keygen -lf key.pub",
    "ssh-keygen -y -f key",
    "security find-generic-password -s x",
    "security list-keychains",
    "secret-tool lookup service x",  # (it prints the secret: permissions.commands.credentials asks, not this family)
    "gpg --verify x.sig x",
    "gpg --list-keys",
    "defaults read com.apple.dock",
    "sysctl vm.swappiness",
    "sysctl -a",
    "hostname",
    "hostname -f",
    "networksetup -listallnetworkservices",
    "xcode-select -p",
    "softwareupdate -l",
    "apt list --installed",
    "apt-cache search x",
    "dpkg -l",
    "rpm -qa",
    "pacman -Ss x",
    "pacman -Q",
    "code .",
    "code --list-extensions",
    "systemd-run --user --scope make",
    "shutdown --help",
]


def run(
    command: str,
    runs_in: str,
    *,
    autonomy: tuple[AutonomyRow, ...] = AUTO_MODE,
    allow: tuple[str, ...] = (),
    deny: tuple[str, ...] = (),
    ask: tuple[str, ...] = (),
    project=HOST,
):
    return term(command, allow, deny, ask, project=project, autonomy=autonomy, cwd=ROOT, runs_in=runs_in)


@pytest.mark.parametrize(("family", "command"), ATTACK_CASES)
@pytest.mark.parametrize("runs_in", OFF_THE_SANDBOX)
def test_auto_mode_does_not_approve_a_change_of_the_machine_off_the_sandbox(family, command, runs_in):
    v = run(command, runs_in)
    assert (v.decision, v.reason) == ("require_approval", "cap_path_scope"), (family, command, v.message)


# One command each, which an allow can name (no leading assignment, no quotes).
ALLOWABLE = [
    (f, c)
    for f, c in ATTACK_CASES
    if f != "inside other commands" and "=" not in c.split()[0] and "'" not in c
]


@pytest.mark.parametrize(("family", "command"), ALLOWABLE)
def test_an_allow_rule_does_not_cover_it(family, command):
    """R6 holds over an allow as it does for `cat /etc/passwd`: an allow of the program, or of the command
    exactly, does not approve it on the developer's machine."""
    program = command.split()[0]
    rules = (f"Terminal({command})", f"Terminal({program})", f"Terminal({program} *)")
    v = run(command, "agent", autonomy=(), allow=rules)
    assert v.decision == "require_approval", (family, command, v.reason)


@pytest.mark.parametrize("command", EXACT_ONLY)
@pytest.mark.parametrize("runs_in", OFF_THE_SANDBOX)
def test_an_allow_written_for_exactly_the_command_does_not_cover_it(command, runs_in):
    v = run(command, runs_in, allow=(f"Terminal({command})",))
    assert (v.decision, v.reason) == ("require_approval", "cap_path_scope"), (command, v.message)
    assert run(command, "sandbox", allow=(f"Terminal({command})",)).decision == "auto_approve", command


@pytest.mark.parametrize(
    ("command", "changes"),
    [
        ("npm install -g x", "'npm install -g x' installs outside the project (a global install)"),
        ("crontab -r", "'crontab -r' leaves commands to run later on the machine, outside the project"),
        ("kill -9 -1", "'kill -9 -1' signals processes the command did not start"),
        ("git config --global user.name x", "changes settings outside the project"),
        ("ssh-add", "'ssh-add' changes a keychain or the login"),
        ("ls && env npm i -g x", "'env npm i -g x' installs outside the project"),
        # Options npm reads from its environment (R4.10) were never auto-approved; now the reason says why.
        ("npm_config_global=true npm i x", "installs outside the project (a global install)"),
        ("NPM_CONFIG_LOCATION=global npm install x", "installs outside the project (a global install)"),
        ("env npm_config_global=true npm i x", "installs outside the project (a global install)"),
    ],
)
def test_the_sentence_names_what_it_changes(command, changes):
    v = run(command, "agent")
    assert v.reason == "cap_path_scope" and changes in v.message, v.message


@pytest.mark.parametrize(("family", "command"), ATTACK_CASES)
def test_inside_brabos_sandbox_the_answers_are_as_before(family, command, monkeypatch):
    """In Brabo's sandbox these change only the sandbox (SPEC §5): the family is never read there, so the
    answer is the one the engine gives without it (auto mode, the container floor, an allow rule)."""
    requests: list[dict[str, Any]] = [
        {"autonomy": AUTO_MODE, "project": CONTAINER_RUNNING},
        {"autonomy": (), "project": CONTAINER_RUNNING},
        {"autonomy": (), "project": HOST, "allow": (f"Terminal({command.split()[0]})",)},
    ]
    found = [run(command, "sandbox", **r) for r in requests]
    monkeypatch.setattr(decide_module, "machine_change", lambda views, words: None)
    decide_module._MACHINE_MEMO.clear()
    assert found == [run(command, "sandbox", **r) for r in requests], (family, command)
    assert not any(what in v.message for v in found for what in FAMILIES), (family, command)


def test_the_sandbox_still_approves_what_the_agents_machine_does_not():
    for command in ("npm i -g x", "kill -9 -1", "crontab -r", "brew install x", "git config --global a.b c"):
        assert run(command, "sandbox", project=CONTAINER_RUNNING).decision == "auto_approve", command
        assert run(command, "sandbox", autonomy=(), project=CONTAINER_RUNNING).reason == "container_floor"
        for runs_in in OFF_THE_SANDBOX:
            assert run(command, runs_in, project=CONTAINER_RUNNING).reason == "cap_path_scope", command


@pytest.mark.parametrize("command", ["npm i -g x", "kill -9 -1", "crontab -r", "git config --global a.b c"])
@pytest.mark.parametrize("runs_in", OFF_THE_SANDBOX)
def test_deny_and_ask_still_win_over_the_scope(command, runs_in):
    program = command.split()[0]
    assert run(command, runs_in).reason == "cap_path_scope"
    assert run(command, runs_in, deny=(f"Terminal({program})",)).decision == "deny"
    v = run(command, runs_in, ask=(f"Terminal({program})",))
    assert (v.decision, v.reason) == ("require_approval", "ask_rule")


@pytest.mark.parametrize("command", FRICTION)
@pytest.mark.parametrize("runs_in", OFF_THE_SANDBOX)
def test_what_agents_run_all_day_is_not_asked_for(command, runs_in, monkeypatch):
    """Friction: the family changes none of these answers (the same verdict as without it)."""
    found = run(command, runs_in)
    monkeypatch.setattr(decide_module, "machine_change", lambda views, words: None)
    decide_module._MACHINE_MEMO.clear()
    assert found == run(command, runs_in), (command, found.message)


@pytest.mark.parametrize(
    "command",
    ["kill 12345", "npm install", "pip install -r requirements.txt", "crontab -l", "npm ls -g", "go build"],
)
@pytest.mark.parametrize("runs_in", OFF_THE_SANDBOX)
def test_ordinary_commands_still_auto_approve_in_auto_mode(command, runs_in):
    assert run(command, runs_in).decision == "auto_approve", command
