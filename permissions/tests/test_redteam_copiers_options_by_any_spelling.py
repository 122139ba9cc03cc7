"""R4.10, cp's, mv's and ln's options by any spelling -- xfail (strict) until their tables are registered.

A deny of `cp -r` meets `cp -R a b`, `cp --recursive a b` and `cp -a a b` (an archive copies recursively); a deny of
`mv -f` meets `mv --force a b`; a deny of `ln -s` meets `ln -sf a b` and `ln --symbolic a b`: all auto-approved
today, matched by their spelling only. Their tables exist (permissions.commands.option_tables_files: CP, MV, LN) and
are not registered in options.PROGRAMS because a program with a table costs the fast path's read budget 3 steps a
piece where a copier costs 2 (fast_path._PIECE_STEPS), and an ordinary script of 1,500 copies would then be too long
to read (test_hostile). The proposed change, in two files: options.py registers CP, MV and LN in PROGRAMS and in
DENY_ONLY (read for a deny or ask naming them only); fast_path._PIECE_STEPS keeps them at _STEPS_WRITER (its
`dict.fromkeys(("cp", "mv", "ln"), _STEPS_WRITER)` after the tabled programs' line). Tried on this branch:
every case below then holds, test_hostile passes, and the bench's cost rises by 0.19 % (bytecodes, sandbox).
27 of its 39 cases fail on f8fff7d (the session's start), as on this branch (xfail); the 12 kept cases hold.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import assert_rule_does_not_catch, assert_rule_refuses

REFUSED = [
    ("cp -r", "cp -R a b"),
    ("cp -r", "cp --recursive a b"),
    ("cp -r", "cp --recur a b"),
    ("cp -r", "cp -a a b"),
    ("cp -r", "cp --archive a b"),
    ("cp -r", "cp -rf a b"),
    ("cp -r", "cp -fR a b"),
    ("cp -r", "cp a b -r"),
    ("cp -r", "/bin/cp -R a b"),
    ("cp -r", "sudo cp -a a b"),
    ("cp --remove-destination", "cp --remove a b"),
    ("cp -f", "cp --force a b"),
    ("cp -f", "cp -vf a b"),
    ("mv -f", "mv --force a b"),
    ("mv -f", "mv -fv a b"),
    ("mv -f", "mv --for a b"),
    ("mv -f", "mv a b -f"),
    ("mv -f", "sudo mv --force a b"),
    ("ln -s", "ln -sf a b"),
    ("ln -s", "ln --symbolic a b"),
    ("ln -s", "ln -fs a b"),
    ("ln -s", "ln -nsf a b"),
    ("ln -s", "ln --sym a b"),
    ("ln -s", "ln a b -s"),
    ("ln -sf", "ln -s -f a b"),
    ("ln -sf", "ln --symbolic --force a b"),
    ("ln -sf", "ln -fns a b"),
]

KEPT = [
    ("cp -r", "cp a b"),
    ("cp -r", "cp -f a b"),
    ("mv -f", "mv a b"),
    ("mv -f", "mv -i a b"),
    ("ln -s", "ln a b"),
    ("ln -sf", "ln -s a b"),
]


@pytest.mark.xfail(strict=True, reason="cp, mv and ln have tables not registered (fast_path's read budget)")
@pytest.mark.parametrize(("rule", "command"), REFUSED)
def test_a_deny_refuses_the_copiers_options_by_another_spelling(rule: str, command: str) -> None:
    assert_rule_refuses(rule, command, "agent")


@pytest.mark.parametrize("runs_in", ("sandbox", "agent"))
@pytest.mark.parametrize(("rule", "command"), KEPT)
def test_the_copiers_other_options_keep_their_answers(rule: str, command: str, runs_in: str) -> None:
    assert_rule_does_not_catch(rule, command, runs_in)
