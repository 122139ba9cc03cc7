"""R4.6, R4.7, red team: commands tmux keeps to run later, and the pager a database client writes its results to.

`tmux set-hook -g session-created 'run-shell "rm -rf /"'`, `tmux bind-key x run-shell 'rm -rf /'`, `tmux
confirm-before 'run …'`, `tmux set -g default-command 'rm -rf /'` keep a command that runs when the hook fires, the
key is pressed or a pane opens; mysql's pager (`pager CMD`, `\\P CMD`, `--pager=CMD`) is a command each result is
written to. They were auto-approved (tmux) or asked without the floor seeing the command (mysql). Each command is a
segment now (runners._tmux, shell_starters' mysql reader): the floor and deny see it. Kept: tmux's ordinary use.
56 of its 70 cases fail on 513a152 (the session's start); the rest (kept uses, and the tmux forms a deny met) held.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import assert_floor_denies, assert_rule_refuses, auto_and_allowed

LATER = [
    "tmux set-hook -g session-created 'run-shell \"X\"'",
    "tmux set-hook -g after-new-window 'new-window \"X\"'",
    "tmux bind-key x run-shell 'X'",
    "tmux bind -n M-x new-window 'X'",
    "tmux bind x 'run-shell \"X\"'",
    "tmux confirm-before -p ok 'run-shell \"X\"'",
    "tmux command-prompt 'run-shell \"X\"'",
    "tmux set -g default-command 'X'",
    "tmux set-option -g default-command 'X'",
    "tmux setw -g default-command 'X'",
    "mysql -e 'pager X; select 1'",
    "mysql -e 'PAGER X'",
    "mysql -e '\\P X'",
    "mysql --pager='X' -e 'select 1'",
    "mariadb --pager 'X' -e 'select 1'",
    "mysql <<< 'pager X'",
]
KEPT = [
    "tmux ls",
    "tmux new -s dev",
    "tmux set -g mouse on",
    "tmux set-option -g history-limit 10000",
    "tmux kill-server",
    "tmux attach -t dev",
]


@pytest.mark.parametrize("inner", ("rm -rf /", "rm -rf ~"))
@pytest.mark.parametrize("command", LATER)
def test_the_floor_denies_the_command_kept_or_paged_to(command: str, inner: str) -> None:
    assert_floor_denies(command.replace("X", inner))


@pytest.mark.parametrize("runs_in", ("sandbox", "agent"))
@pytest.mark.parametrize("command", LATER)
def test_a_deny_meets_the_command_kept_or_paged_to(command: str, runs_in: str) -> None:
    assert_rule_refuses("git push", command.replace("X", "git push origin main"), runs_in)


@pytest.mark.parametrize("command", KEPT)
def test_tmux_s_ordinary_use_stays(command: str) -> None:
    assert auto_and_allowed(command, "sandbox")[0] == ("auto_approve", "autonomy"), command
