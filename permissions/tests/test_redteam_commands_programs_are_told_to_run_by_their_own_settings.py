"""R4.6, R4.7, R4.9, red team: a command a program is told to run by one of its own options, settings or a command of its
own language.

git's ext:: transport (`git clone 'ext::sh -c rm% -rf% /' x`: `% ` is a space inside a word, so the program gets `sh
-c 'rm -rf /'`), and the settings that hide such an address (`url.<ext::cmd>.insteadOf`, `remote.origin.url`, `git
archive --remote=ext::cmd`); tmux's own `-c`, and its commands by every name tmux takes (`popup`, or the one name a
word begins: `tmux split 'cmd'`, `tmux set-o -g default-command`, `tmux send-k 'cmd' Enter`), byobu, a chooser's
template; the panes other multiplexers and terminals spawn or type into (`zellij run -- cmd`, `wezterm cli spawn`,
`kitten @ launch`); DuckDB's dot-commands (`.shell`), less's start-up command (`+!cmd`, also from LESS), lf's,
ranger's and vifm's start-up commands, mutt's `-e` settings, cargo's program settings (`target.x.runner`), `just
--shell`, `lerna exec 'cmd'`, valgrind's `--db-command`, nano's `--speller`, MANOPT's pager and the backup tools'
command variables (BORG_RSH, BORG_PASSCOMMAND, RESTIC_PASSWORD_COMMAND, RCLONE_PASSWORD_COMMAND). Many were auto-
approved (`git -c url.<ext::…>.insteadOf=… clone`, `git archive --remote=ext::…`, `tmux -c`, `tmux popup`, `tmux
split`, `byobu new`, `mutt -e`, `lf -command`, `LESS='+!…'`, `BORG_RSH=…`, `lerna exec '…'`, `just --shell`, `valgrind
--db-command`, `nano --speller`); the others were asked without the floor or a deny seeing the command. Each command
is a segment now (git.ext_command and config_command, runners._tmux/_byobu/_typed_lines/_cargo, shell_starters'
duckdb/less/lf/ranger/vifm readers, option_commands' mutt/lerna/just/valgrind/nano readers, environment's variables).
Kept: each program's ordinary use. 324 of its 360 cases fail on 513a152 (the session's start); the rest (the 28 kept
uses, and `tmux new -d ';' split` and `lerna exec --scope web`, which the floor and a deny already met) held.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import assert_floor_denies, assert_rule_refuses, auto_and_allowed

# Y: the command as an ext:: address spells it (a space inside a word is `% `): `sh -c 'X'`.
EXT = [
    "git clone 'ext::sh -c Y' x",
    "git -c protocol.ext.allow=always clone 'ext::sh -c Y' x",
    "git -c protocol.ext.allow=always fetch 'ext::sh -c Y'",
    "git ls-remote 'ext::sh -c Y'",
    "git -c url.'ext::sh -c Y'.insteadOf=https://x clone https://x/y",
    "git -c url.'ext::sh -c Y'.pushInsteadOf=https://x ls-remote https://x/y",
    "git config url.'ext::sh -c Y'.insteadOf https://x",
    "git -c remote.origin.url='ext::sh -c Y' fetch origin",
    "git config remote.origin.url 'ext::sh -c Y'",
    "git remote add x 'ext::sh -c Y'",
    "git archive --remote='ext::sh -c Y' HEAD",
    "git archive --remote 'ext::sh -c Y' HEAD",
    "git submodule add 'ext::sh -c Y' x",
]
TMUX = [
    "tmux -c 'X'",
    "tmux -L work -c 'X'",
    "tmux -lc 'X'",
    "tmux popup -E 'X'",
    "tmux split 'X'",
    "tmux split-w -h 'X'",
    "tmux new-w 'X'",
    "tmux new-s -d 'X'",
    "tmux respawn-p -k 'X'",
    "tmux pipe 'X'",
    "tmux run- 'X'",
    "tmux display-po 'X'",
    "tmux if-s true 'run \"X\"'",
    "tmux set-h -g session-created 'run \"X\"'",
    "tmux set-o -g default-command 'X'",
    "tmux command-p 'run \"X\"'",
    "tmux confirm-b 'run \"X\"'",
    "tmux choose-tree 'run \"X\"'",
    "tmux displayp 'run \"X\"'",
    "tmux new -d ';' split 'X'",
    "tmux send-keys 'X' Enter",
    "tmux send-k -t dev 'X' C-m",
    "byobu new -d 'X'",
    "byobu -c 'X'",
    "byobu split 'X'",
    "byobu -dm X",
]
PANES = [
    "zellij run -- X",
    "zellij run -f --name x -- X",
    "zellij action new-pane -- X",
    "zellij action write-chars 'X'",
    "wezterm cli spawn -- X",
    "wezterm cli split-pane -- X",
    "wezterm cli send-text 'X'",
    "kitten @ launch -- X",
]
LANGUAGES = [
    "duckdb -c '.shell X'",
    "duckdb data.db '.sh X'",
    "duckdb -cmd '.system X'",
    "duckdb data.db '.once |X'",
    "duckdb data.db <<< '.shell X'",
    "echo '.sh X' | duckdb",
    "less '+!X' notes.txt",
    "less -R '++!X' notes.txt",
    "less '+|aX' notes.txt",
    "lf -command '$X'",
    "lf -command 'set hidden; %X'",
    "ranger --cmd='shell X'",
    "ranger --cmd 'shell -w X'",
    "vifm -c '!X'",
    "vifm '+!X'",
    "mutt -e 'set sendmail=\"X\"'",
    "neomutt -e 'set editor=\"X\"'",
    "mutt -e 'source \"X|\"'",
    "mutt -e 'set from=`X`'",
    "mutt -e 'set query_command=\"X\"'",
]
SETTINGS = [
    "cargo --config 'target.x86_64-unknown-linux-gnu.runner=\"X\"' run",
    'cargo run --config \'target."cfg(all())".runner="X"\'',
    "cargo --config 'build.rustc-wrapper=\"X\"' build",
    "just --shell sh --shell-arg -c --shell-arg 'X' test",
    "lerna exec 'X'",
    "lerna exec --scope web 'X'",
    "valgrind --db-attach=yes --db-command='X' ./a.out",
    "nano --speller='X' notes.txt",
    "nano -s 'X' notes.txt",
    "LESS='+!X' less notes.txt",
    "LESS='-R +!X' git log",
    "MANOPT='-P X' man ls",
    "BORG_RSH='X' borg list repo",
    "BORG_PASSCOMMAND='X' borg list repo",
    "RESTIC_PASSWORD_COMMAND='X' restic snapshots",
    "RCLONE_PASSWORD_COMMAND='X' rclone ls remote:",
]
TOLD = EXT + TMUX + PANES + LANGUAGES + SETTINGS
KEPT = [
    "git clone https://github.com/x/y",
    "git fetch origin",
    "git archive --remote=git@github.com:x/y HEAD",
    "git -c url.git@github.com:.insteadOf=https://github.com/ clone https://github.com/x/y",
    "tmux ls",
    "tmux new -d -s dev",
    "tmux new -s run",
    "tmux kill-session -t dev",
    "tmux split-window -h",
    "tmux list-sessions",
    "tmux capture-pane -p -t dev",
    "zellij ls",
    "wezterm cli list",
    "kitty @ ls",
    "cargo build",
    "cargo --config 'profile.dev.opt-level=1' build",
    "cargo --config net.git-fetch-with-cli=true fetch",
    "LESS=FRX git log",
    "less +G notes.txt",
    "just test",
    "just --list",
    "lerna run build",
    "mutt -v",
    "lf",
    "ranger",
    "valgrind --tool=memcheck ./a.out",
    "nano notes.txt",
    "BORG_RSH='ssh -i key' borg list repo",
]


def _spelt(command: str, inner: str) -> str:
    return (
        command.replace("Y", inner.replace(" ", "% ")) if "ext::" in command else command.replace("X", inner)
    )


@pytest.mark.parametrize("inner", ("rm -rf /", "rm -rf ~"))
@pytest.mark.parametrize("command", TOLD)
def test_the_floor_denies_the_command_a_program_is_told_to_run(command: str, inner: str) -> None:
    assert_floor_denies(_spelt(command, inner))


@pytest.mark.parametrize("runs_in", ("sandbox", "agent"))
@pytest.mark.parametrize("command", TOLD)
def test_a_deny_meets_the_command_a_program_is_told_to_run(command: str, runs_in: str) -> None:
    assert_rule_refuses("git push", _spelt(command, "git push origin main"), runs_in)


@pytest.mark.parametrize("command", KEPT)
def test_the_programs_ordinary_use_stays_auto_approved(command: str) -> None:
    assert auto_and_allowed(command, "sandbox")[0] == ("auto_approve", "autonomy"), command
