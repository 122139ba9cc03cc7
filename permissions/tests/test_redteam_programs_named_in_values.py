"""Red team (SPEC R4.9, R4.6, R4.7): options and settings whose value is a program or a command line the tool runs.

A value that names a program the tool execs (`pip --python=PROG`, `mypy --python-executable=PROG`, `pandoc -F PROG`,
`wget -e use_askpass=PROG`), a command line it splits or hands to a shell (`hyperfine -S 'CMD'`, `watchexec
--shell=CMD`, `mosh --ssh=CMD`/`--server=CMD`, `delta --pager=CMD`, `dpkg-buildpackage -rCMD`, `zip -TTCMD`), a
tmux setting run later (`setenv -g PAGER CMD`, `set -g editor|copy-command|lock-command CMD`, a hook set as an
option, a `command-alias`, any `#(CMD)` format, every command after tmux's `;`), and `SHELL=CMD` before a program
that starts the user's shell, is read as the command it is: a deny rule and the floor meet the inner command
wherever it runs. Code no rule can read (`pylint --init-hook=CODE`) asks.

152 of its 191 cases fail on dc81ee6 (the session's start); kustomize's `--helm-command`, added after the helper's
round, among them.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import AUTO_MODE, assert_floor_denies, assert_rule_refuses, term
from permissions.tests.redteam import stays_auto_where

# The program a value names: a deny of `rm` meets it, in the sandbox and on the developer's machine.
DENY_MEETS = [
    # programs exec'd by name, no shell
    "pip --python=rm list",
    "pip --python rm install x",
    "pip --pyth rm list",
    "pip3 --python=rm list",
    "mypy --python-executable=rm .",
    "mypy --python-executable rm src",
    "pipx --python rm install x",
    "pipx install --python rm x",
    "pandoc -F rm a.md",
    "pandoc -Frm a.md",
    "pandoc --filter=rm a.md",
    "pandoc --filt rm a.md -o a.html",
    "kustomize build --enable-helm --helm-command rm .",
    "kustomize build --enable-helm --helm-command=rm overlays/dev",
    "wget -e use_askpass=rm https://example.com",
    "wget -e 'USE-ASKPASS = rm' https://example.com",
    "wget --execute=useaskpass=rm https://example.com",
    "wget -euse_askpass=rm https://example.com",
    # command lines the tool splits or hands to a shell
    "hyperfine -S rm true",
    "hyperfine --shell=rm 'sleep 1'",
    "hyperfine -Srm true",
    "hyperfine --warmup 3 --shell rm 'npm test'",
    "watchexec --shell=rm -- make",
    "watchexec -e py --shell rm -- pytest",
    "mosh --ssh=rm host",
    "mosh --ssh 'rm -p 22' host",
    "mosh --server=rm host",
    "mosh --se=rm host",
    "mosh --client=rm host",
    "delta --pager=rm",
    "delta --pager rm a b",
    "dpkg-buildpackage -rrm -b",
    "dpkg-buildpackage --root-command=rm -us -uc",
    "debuild --rootcmd=rm",
    "debuild -rrm -us -uc",
    "zip -TTrm -T a.zip f",
    "zip -TT=rm -T a.zip f",
    "zip --unzip-c=rm -T a.zip f",
    "zip --unzip-c rm -T a.zip f",
    # tmux: the environment every later pane reads, and its settings run later
    "tmux setenv PAGER rm",
    "tmux setenv -g EDITOR rm",
    "tmux set-environment -g GIT_PAGER rm",
    "tmux set-environment -t 0 EDITOR rm",
    "tmux set -g editor rm",
    "tmux set -s copy-command rm",
    "tmux set -g lock-command rm",
    "tmux set -t 0 default-command rm",
    "tmux set -gt 0 default-command rm",
    "tmux set -g default-c rm",
    "tmux set -g default-sh rm",
    "tmux set -g pane-exited 'run rm'",
    "tmux set-option -g session-created[0] 'run-shell rm'",
    "tmux set -s command-alias[10] 'x=run-shell rm'",
    "tmux set -g status-left '#(rm)'",
    "tmux set -g status-right '#{host} #(rm)'",
    "tmux setw -g window-status-format '#(rm x)'",
    "tmux display -p '#(rm x)'",
    "tmux list-windows -F '#(rm x)'",
    "tmux set -g mouse on \\; set -g default-command rm",
    "tmux set -g mouse on \\; new -d rm",
    "tmux set -g mouse on \\; setenv -g PAGER rm",
    # the user's shell, which these start as `$SHELL -c LINE` or alone
    "SHELL=rm script -c x log",
    "SHELL=rm tmux new -d",
    "SHELL=rm entr -s 'make' ",
    "env SHELL=rm script -q log",
    "export SHELL=rm",
]

# The same with a command the floor denies: it meets the inner command too.
FLOOR_MEETS = [
    "hyperfine -S 'rm -rf /' true",
    "watchexec --shell 'rm -rf /' -- make",
    "mosh --server='rm -rf /' host",
    "mosh --ssh='rm -rf /' host",
    "dpkg-buildpackage -r'rm -rf /' -b",
    "debuild --rootcmd='rm -rf /'",
    "zip -TT='rm -rf /' -T a.zip f",
    "tmux setenv -g PAGER 'rm -rf /'",
    "tmux setenv -g PROMPT_COMMAND 'rm -rf /'",
    "tmux setenv -F X '#(rm -rf /)'",
    "tmux set -g status-right '#(rm -rf /)'",
    "tmux set -g status-right '#(date +%H) #(rm -rf /)'",
    "tmux set -g status-right '#(echo $(rm -rf /))'",
    "tmux set-option -g pane-border-format '#(rm -rf /)'",
    "tmux set-window-option -g automatic-rename-format '#(rm -rf /)'",
    "tmux display-message '#(rm -rf /)'",
    "tmux set -g copy-command 'rm -rf /'",
    "tmux set-option -g lock-command 'rm -rf /'",
    "tmux set -g after-new-window 'run-shell \"rm -rf /\"'",
    "SHELL='rm -rf /' script -q",
]

# Code or a setting no rule can read: never auto-approved.
NEVER_AUTO = [
    "pylint --init-hook='import os; os.system(\"rm -rf /\")' x.py",
    "pylint --init-hook 'import shutil' src",
    "tmux set-environment -g LD_PRELOAD ./x.so",
    "tmux setenv -g PATH /tmp/evil",
    "hyperfine -S python3 'import os'",
]

# Friction: ordinary commands stay auto-approved in the sandbox's auto mode.
FRICTION = [
    "sort -k2 file",
    "tar -czf a.tgz dir",
    "tar -I zstd -cf a.tar.zst dir",
    "timeout 60 pytest",
    "pip install -r requirements.txt",
    "pip list",
    "mypy src",
    "mypy --strict .",
    "pandoc a.md -o a.html",
    "pandoc --from markdown --to html a.md",
    "hyperfine 'sleep 0.1'",
    "hyperfine --warmup 3 'npm test'",
    "hyperfine -N 'sleep 1'",
    "hyperfine -S bash 'sleep 1'",
    "watchexec -e py -- pytest",
    "watchexec --shell=bash -- pytest",
    "zip -r a.zip dir",
    "zip -T a.zip f",
    "wget -e robots=off https://example.com/x",
    "pylint src",
    "tmux set -g mouse on",
    "tmux set -g status-right '#H %H:%M'",
    "tmux set -g default-terminal screen-256color",
    "tmux set -g history-limit 10000",
    "tmux set -g escape-time 0",
    "tmux set -g pane-border-style fg=red",
    "tmux setenv -g FOO bar",
    "tmux setenv -u PAGER",
    "tmux set -u default-command",
    "tmux new -d -s dev 'npm run dev'",
    "tmux list-windows -F '#{window_index} #{window_name}'",
    "tmux display -p '#{pane_current_path}'",
    "SHELL=/bin/bash make",
    "export SHELL=/usr/bin/zsh",
]


@pytest.mark.parametrize("command", DENY_MEETS)
@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
def test_a_deny_meets_the_program_a_value_names(command, runs_in):  # R4.9, R4.7
    assert_rule_refuses("rm", command, runs_in)


@pytest.mark.parametrize("command", FLOOR_MEETS)
def test_the_floor_meets_the_command_line_a_value_holds(command):  # R4.6, R4.9
    assert_floor_denies(command)


@pytest.mark.parametrize("command", NEVER_AUTO)
def test_code_or_settings_no_rule_reads_are_never_auto(command):  # R4.9
    v = term(command, autonomy=AUTO_MODE)
    assert v.decision != "auto_approve", (command, v.reason)


@pytest.mark.parametrize("command", FRICTION)
def test_ordinary_uses_stay_auto_in_the_sandbox(command):
    stays_auto_where(command, ("sandbox",))
