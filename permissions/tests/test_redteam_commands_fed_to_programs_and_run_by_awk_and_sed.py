"""R4.6, R4.7, R4.9, red team: the shell commands a program reads from its input, and the ones awk and sed run.

Programs that run a shell command written in their own language (ed's `!cmd` and `w !cmd`, gdb's `shell`, sqlite3's
`.shell`, psql's `\\!`, mysql's `system`, vi's `:!`, dc's `!`, m4's `esyscmd`, gnuplot's `!`, expect's `exec`,
sftp's and lftp's `!`) read those commands from their input too: `echo '!rm -rf /' | ed` was auto-approved in the
sandbox's auto mode, and the floor denied none of `gdb -batch <<< 'shell rm -rf /'`, `m4 <<< 'esyscmd(rm -rf /)'`,
`printf '.shell rm -rf /' | sqlite3` behind an allow of their words. awk's `system()`, its pipes (`print "cmd" |
"sh"`, `"cmd" | getline`) and sed's `e` command and `s///e` flag were opaque at best: a deny of `git push` did not
meet `awk 'BEGIN{system("git push origin main")}'`, and the floor did not deny `sed '1e rm -rf /' f`.

The commands found in a fed text are segments now (scanner_segments.feed_input with shell_starters.FED_ESCAPES), as
a shell's fed script is, and the program fed them is never auto-approved; fed by a redirect from a file the
command wrote or another command's output (`ed < <(echo '!rm -rf /')`, `gdb -batch < g.txt`), the floor reads the
text (permissions.where) and the program is never auto-approved, as `sh < x.sh`; awk's and sed's commands are read from
their words (textproc.awk_commands, sed_commands). ed reads its commands from its input whatever file it edits, so
it is a prompt as ftp is (repls) -- `ed -s notes.txt < script.ed` now asks, as `sh < x.sh` and `m4 < f.m4` do (an
earlier ruling kept it approved).
331 of its 417 cases fail on 513a152 (the session's start); the rest (the kept uses among them) already held.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import (
    AUTO_MODE,
    assert_floor_denies,
    assert_rule_refuses,
    auto_and_allowed,
    term,
)

# Each feeds X (the inner command) to a program in its own language.
FED = [
    "echo '!X' | ed",
    "echo '!X' | ed -s notes.txt",
    "ed -s f <<< '!X'",
    "printf '!X\\nq\\n' | ed -s",
    "printf 'r !X\\n' | ed f",
    "printf '1,$w !X\\n' | ed -s f",
    "printf 'e !X\\n' | ed",
    "ed -s f <<'EOF'\n!X\nq\nEOF",
    "ed -s f <<EOF\n,p\n!X\nEOF",
    "red -s f <<< '!X'",
    "echo 'shell X' | gdb -batch",
    "gdb -batch <<< 'shell X'",
    "gdb -q ./a.out <<< '!X'",
    "gdb -batch <<'G'\nbt\nshell X\nG",
    "echo 'platform shell X' | lldb -b",
    "sqlite3 x.db <<< '.shell X'",
    "printf '.system X\\n' | sqlite3",
    "echo '.once |X' | sqlite3 x.db",
    "sqlite3 x.db <<EOF\nselect 1;\n.sh X\nEOF",
    "psql <<< '\\! X'",
    "echo '\\! X' | psql -d app",
    "mysql <<< 'system X'",
    "echo '\\! X' | mariadb",
    "echo ':!X' | vim -es",
    "echo '!X' | ex",
    "vim -e f <<< '!X'",
    "echo '!X' | dc",
    "m4 <<< 'esyscmd(X)'",
    "echo 'syscmd(X)' | m4",
    "gnuplot <<< '! X'",
    "echo 'system \"X\"' | gnuplot",
    "expect <<< 'exec X'",
    "echo 'spawn X' | expect",
    "echo '!X' | sftp -b - host",
    "sftp -b - host <<< '!X'",
    "echo '!X' | lftp",
    "echo '!X' | ftp host",
]
# ... from a file or another command's output by a redirect: the floor reads what it is given (permissions.where), and
# the program is never auto-approved (as `sh < x.sh`); a deny does not meet the command there (it asks).
REDIRECTED = [
    "ed < <(echo '!X')",
    "ed -s f < <(printf '!X\\nq\\n')",
    "echo '!X' > s.ed && ed -s f < s.ed",
    "printf '!X\\n' > s.ed; ed < s.ed",
    "gdb -batch < <(echo 'shell X')",
    "echo 'shell X' > g.txt; gdb -batch < g.txt",
    "sqlite3 x.db < <(echo '.shell X')",
]
# The buffer ed writes to a shell is that shell's script.
ED_TO_A_SHELL = [
    "printf 'a\\nX\\n.\\nw !sh\\nq\\n' | ed -s",
    "ed -s <<EOF\na\nX\n.\nw !bash\nq\nEOF",
]
AWK_AND_SED = [
    "awk 'BEGIN{system(\"X\")}'",
    "gawk 'BEGIN { system(\"X\") }'",
    "mawk 'END{system(\"X\")}' f",
    "busybox awk 'BEGIN{system(\"X\")}'",
    "awk '{ if (NR == 1) system(\"X\") }' f",
    'awk \'BEGIN{print "X" | "sh"}\'',
    'awk \'BEGIN{print "X" | "/bin/bash"}\'',
    'awk \'BEGIN{printf "%s\\n", "X" | "sh"}\'',
    "awk 'BEGIN{\"X\" | getline}'",
    "awk 'BEGIN{while ((\"X\" | getline line) > 0) print line}'",
    "awk 'BEGIN{c=\"X\"; c | getline; close(c)}'",
    "awk 'BEGIN{c = \"X\"; system(c)}'",
    "awk -v c='X' 'BEGIN{system(c)}'",
    "awk --assign=c='X' 'BEGIN{system(c)}'",
    'awk \'BEGIN{system(sprintf("%s", "X"))}\'',
    'gawk \'BEGIN{print "" |& "X"}\'',
    "awk -e 'BEGIN{system(\"X\")}'",
    "sed '1e X' f",
    "sed -n '$e X' f",
    "sed '/x/e X' f",
    "sed -e 's/a/b/' -e '1e X' f",
    "sed --expression='1e X' f",
    "sed -i '1e X' f",
    "gsed '1e X' f",
    "busybox sed '1e X' f",
    "sed 's,.*,X,e' f",
    "sed -e 's|.*|X|e' f",
    "sed -E 's#^.*$#X#e' f",
    "sed 's:.*:X:ge' f",
    "sed -n 's|x|X|ep' f",
]
# The same, with the command's words given in pieces the program joins.
JOINED = [
    'awk \'BEGIN{system("rm -rf " "/")}\'',
    "awk -v d=/ 'BEGIN{system(\"rm -rf \" d)}'",
    'awk \'BEGIN{d = "/"; system("rm -rf " d)}\'',
    'awk \'BEGIN{system(sprintf("rm -rf %s", "/"))}\'',
    'awk \'BEGIN{printf("rm -rf %s\\n", "/") | "sh"}\'',
    "awk 'BEGIN{system(\"rm -rf /\" $1)}'",
    "sed 's/x/rm -rf \\//e' f",
]

# Friction: with no rule, these keep auto mode's answer (awk and sed reading and rewriting text, vi given its
# text on the input, groff in its safe mode, ed printing its version).
KEPT = [
    "awk '{print $1}' f",
    "awk -F: '{print $1}' f",
    "awk 'NR==1' f",
    "awk '$1 > 5 || $2 < 3' f",
    "awk '{s += $1} END {print s}' f",
    "awk 'BEGIN{printf \"%d\\n\", 1+2}'",
    "awk '/error/ {print FILENAME}' f",
    "sed 's/a/b/' f",
    "sed -i 's/here/there/g' f",
    "sed -i.bak 's/e/E/' f",
    "sed '/^e/d' f",
    "sed -n '/here e/p' f",
    "sed -e 's/a/b/g' -e 's/c/d/' f",
    "sed 's/x/y/gi' f",
    "sed 'y/abc/xyz/' f",
    "sed -n '1,5p' f",
    "sed '$d' f",
    "sed -E 's/(e+)/\\1/' f",
    "echo '.TH x' | groff -man -Tutf8",
    "ed --version",
]


@pytest.mark.parametrize("inner", ("rm -rf /", "rm -rf ~"))
@pytest.mark.parametrize("command", FED + REDIRECTED + ED_TO_A_SHELL + AWK_AND_SED)
def test_the_floor_denies_the_command_a_program_runs(command: str, inner: str) -> None:
    assert_floor_denies(command.replace("X", inner))


@pytest.mark.parametrize("command", JOINED)
def test_the_floor_reads_the_command_awk_and_sed_build(command: str) -> None:
    assert_floor_denies(command)


@pytest.mark.parametrize("runs_in", ("sandbox", "agent"))
@pytest.mark.parametrize("command", FED + ED_TO_A_SHELL + AWK_AND_SED)
def test_a_deny_meets_the_command_a_program_runs(command: str, runs_in: str) -> None:
    assert_rule_refuses("git push", command.replace("X", "git push origin main"), runs_in)


@pytest.mark.parametrize("runs_in", ("sandbox", "agent"))
@pytest.mark.parametrize("command", FED + REDIRECTED)
def test_a_program_fed_its_commands_is_never_auto_approved(command: str, runs_in: str) -> None:
    v = term(command.replace("X", "date"), autonomy=AUTO_MODE, runs_in=runs_in)
    assert v.decision == "require_approval", (command, runs_in, v.reason)


@pytest.mark.parametrize("runs_in", ("sandbox", "agent"))
@pytest.mark.parametrize(
    "command", ["ed -s notes.txt < script.ed", "ed f", "ed -p '*' notes.txt", "cat s.ed | ed -s f", "red f"]
)
def test_ed_reads_its_commands_from_its_input(command: str, runs_in: str) -> None:
    v = term(command, autonomy=AUTO_MODE, runs_in=runs_in)
    assert v.decision == "require_approval", (command, runs_in, v.reason)


@pytest.mark.parametrize("command", KEPT)
def test_ordinary_uses_stay(command: str) -> None:
    for runs_in in ("sandbox", "agent"):
        assert auto_and_allowed(command, runs_in)[0] == ("auto_approve", "autonomy"), (command, runs_in)


@pytest.mark.parametrize("command", ["awk '{print $1 | \"sort\"}' f", "sed 's/.*/date/e' f"])
def test_awk_and_sed_running_commands_stay_opaque(command: str) -> None:
    """What awk and sed run is a segment, and the program itself is as opaque as before (never auto-approved)."""
    assert auto_and_allowed(command, "sandbox")[0][0] == "require_approval", command
