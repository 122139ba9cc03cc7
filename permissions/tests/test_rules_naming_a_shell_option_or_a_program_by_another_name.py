"""SPEC R4.10: a deny or ask rule naming a program and an option refuses every spelling of that act -- the shells'
options written another way, and the same program reached by another name -- while an allow stays literal (R4.8).

Before, these went through a rule as written:

- the shells: under a deny of ``bash -c``, ``bash -lc ls``, ``bash -e -c ls``, ``bash --norc -c ls``, ``bash -o pipefail
  -c ls``, ``bash -oc pipefail ls`` (``-o`` takes the next word even inside a cluster), ``bash +c ls`` were
  auto-approved; so for ``sh``, ``zsh`` (``-oerrexit``, ``--errexit``), ``dash``, ``ksh`` and fish (``--command``,
  ``--comm``, ``-cCMD``, ``-C``). Each shell now has an option table (permissions.commands.option_tables_shells),
  its words first written as getopt's by shell_words: one letter a word, ``-o``/``-O``'s values after them, bash's
  long options (``-norc`` too), zsh's ``--NAME`` as ``-o NAME``, ``+X`` as its own key (``+c``, ``+l`` act as
  ``-c``, ``-l``), and ``--`` before the operands -- read for deny and ask only (options.DENY_ONLY);
- grep's other names: ``rgrep`` is ``grep -r``, ``egrep`` ``grep -E``, ``fgrep`` ``grep -F`` (options._NAME_OPTIONS);
- OpenSSL's encoder: ``openssl base64 -d``, ``openssl enc -d -base64``, ``openssl enc -a -d`` decode base64 -- the act
  of ``base64 -d`` (option_tables_files.OPENSSL and openssl_as_base64; options._ALSO_DOES looks a base64 rule up
  for openssl's segments too). ``-in F`` is base64's operand, ``-out F`` its ``--output``.

Friction: a word that is an option's value, or the script's, is no option. ``grep -e -r x file`` looks for ``-r``
(grep's ``-e`` and ``-f`` now take a value; a pattern given with ``-e`` is still met where grep's first operand
stands, and patterns from a file, ``-f``, are an operand read at run time: a rule naming the pattern asks). ``bash
script.sh -c`` hands ``-c`` to the script, ``bash -c ls -x`` sets ``$0``, ``bash --rcfile -c script.sh`` reads the rc
file ``-c``; ``openssl enc -a`` encodes, ``openssl enc -d -aes-256-cbc`` decrypts without base64.

A cipher named as openssl's command is ``enc`` with that cipher (``openssl aes-256-cbc -d -a``): with ``-a`` and ``-d``
it decodes base64 and decrypts -- the act of ``base64 -d`` and more.

Left: shells' other releases named by number (``bash5``), and a shell's letters a table does not list are read as
flags (a shell rejects them and runs nothing).

275 of 332 cases fail on 617442c: every REFUSED deny case but ``bash -c -- ls`` and ``fgrep -R x .`` (in the sandbox
and off it), their ask cases (``grep --regexp=KEY .env`` and ``rgrep KEY .env`` under ``grep KEY .env``, ``grep
--file=.env notes.txt`` under ``cat .env`` among them), the four
friction cases of grep's ``-e``/``-f`` values (``grep -e -r x file`` was denied by a deny of ``grep -r``), and ``grep
-f pats .env`` (auto-approved under a deny of ``grep KEY .env``). The HELD cases, the other NOT_CAUGHT ones and the
allow cases pass there (guards).
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import (
    assert_allow_stays_literal,
    assert_rule_does_not_catch,
    assert_rule_refuses,
    auto_and_allowed,
)

# (rule, command): the rule's option written another way, or its program by another name -- the class
REFUSED: list[tuple[str, str]] = [
    # bash: clusters, options before -c, values taken mid-cluster, long options, `+` spellings
    ("bash -c", "bash -lc ls"),
    ("bash -c", "bash -l -c ls"),
    ("bash -c", "bash -e -c ls"),
    ("bash -c", "bash -xc ls"),
    ("bash -c", "bash -euxc ls"),
    ("bash -c", "bash -x -e -u -c ls"),
    ("bash -c", "bash -ic ls"),
    ("bash -c", "bash --norc -c ls"),
    ("bash -c", "bash -norc -c ls"),
    ("bash -c", "bash --noprofile --norc -c ls"),
    ("bash -c", "bash --login -c ls"),
    ("bash -c", "bash -login -c ls"),
    ("bash -c", "bash --debugger -c ls"),
    ("bash -c", "bash --rcfile /dev/null -c ls"),
    ("bash -c", "bash --init-file x -c ls"),
    ("bash -c", "bash -o pipefail -c ls"),
    ("bash -c", "bash -oc pipefail ls"),
    ("bash -c", "bash -co pipefail ls"),
    ("bash -c", "bash -O extglob -c ls"),
    ("bash -c", "bash +O extglob -c ls"),
    ("bash -c", "bash +o posix -c ls"),
    ("bash -c", "bash +c ls"),
    ("bash -c", "bash -c -- ls"),
    ("bash -c", "bash -l'c' ls"),
    ("bash -c", '"bash" -lc ls'),
    ("bash -c", "bash -lc 'rm -rf dist'"),
    # bash by its path, its restricted name, and under wrappers
    ("bash -c", "/bin/bash -lc ls"),
    ("bash -c", "/usr/bin/env bash -lc ls"),
    ("bash -c", "rbash -lc ls"),
    ("bash -c", "env -i bash -ec ls"),
    ("bash -c", "env FOO=1 bash -lc ls"),
    ("bash -c", "FOO=1 bash -lc ls"),
    ("bash -c", "sudo bash -lc ls"),
    ("bash -c", "doas bash -lc ls"),
    ("bash -c", "exec bash -lc ls"),
    ("bash -c", "exec -a x bash -lc ls"),
    ("bash -c", "command bash -lc ls"),
    ("bash -c", "nohup bash -lc ls"),
    ("bash -c", "timeout 5 bash -ec ls"),
    ("bash -c", "nice -n 5 bash -lc ls"),
    ("bash -c", "xargs bash -lc ls"),
    ("bash -c", "cd /tmp && bash -lc ls"),
    ("bash -c", "git log | bash -ec cat"),
    ("bash -c", "echo $(bash -lc ls)"),
    # a rule naming the script too, or any script
    ("bash -c 'rm -rf dist'", "bash -lc 'rm -rf dist'"),
    ("bash -c 'rm -rf dist'", "bash -e -o pipefail -c 'rm -rf dist'"),
    ("bash -c *", "bash -lc ls"),
    ("bash -c:*", "bash -xc ls"),
    # other rules on bash's options
    ("bash -l", "bash --login -c ls"),
    ("bash -l", "bash -lc ls"),
    ("bash --login", "bash -l script.sh"),
    ("bash -x", "bash -ex script.sh"),
    ("bash -o pipefail", "bash -eo pipefail script.sh"),
    # sh (dash or bash)
    ("sh -c", "sh -ec ls"),
    ("sh -c", "sh -xc ls"),
    ("sh -c", "sh -lc ls"),
    ("sh -c", "/bin/sh -e -c ls"),
    ("sh -c", "sh -o errexit -c ls"),
    ("sh -c", "sh +o posix -c ls"),
    ("sh -c", "busybox sh -lc ls"),
    # zsh: `-o`'s value attached, `--NAME` options
    ("zsh -c", "zsh -fc ls"),
    ("zsh -c", "zsh -oerrexit -c ls"),
    ("zsh -c", "zsh -o errexit -c ls"),
    ("zsh -c", "zsh --errexit -c ls"),
    ("zsh -c", "zsh --emulate sh -c ls"),
    ("zsh -c", "zsh -l -c ls"),
    ("zsh -c", "/usr/bin/zsh -ic ls"),
    # dash, ksh
    ("dash -c", "dash -ec ls"),
    ("dash -c", "dash -o errexit -c ls"),
    ("dash -c", "dash +c ls"),
    ("ksh -c", "ksh -ec ls"),
    ("ksh -c", "ksh -o vi -c ls"),
    ("mksh -c", "mksh -ec ls"),
    # fish (getopt_long: `-c` takes the command; abbreviations; `-C` runs code too)
    ("fish -c", "fish --command ls"),
    ("fish -c", "fish --command=ls"),
    ("fish -c", "fish --comm ls"),
    ("fish -c", "fish -cls"),
    ("fish -c", "fish -l -c ls"),
    ("fish -c", "fish --no-config -c ls"),
    ("fish -c", "fish -C ls"),
    ("fish -c", "fish --init-command=ls"),
    ("fish --command", "fish -c ls"),
    # grep's other names
    ("grep -r", "rgrep x ."),
    ("grep -r", "rgrep -n x ."),
    ("grep -r", "rgrep x . -n"),
    ("grep -r", "/usr/bin/rgrep -i x ."),
    ("grep -r", "fgrep -R x ."),
    ("grep -r", "env rgrep x ."),
    ("grep --recursive", "rgrep x ."),
    ("grep -E", "egrep x f"),
    ("grep -F", "fgrep x f"),
    ("grep -rE", "rgrep -E x ."),
    ("grep KEY .env", "grep --regexp=KEY .env"),
    ("grep KEY .env", "rgrep KEY .env"),
    ("cat .env", "grep --file=.env notes.txt"),
    # openssl's encoder decoding base64
    ("base64 -d", "openssl base64 -d"),
    ("base64 -d", "openssl base64 -d -in x.b64"),
    ("base64 -d", "openssl enc -d -base64"),
    ("base64 -d", "openssl enc -base64 -d"),
    ("base64 -d", "openssl enc -a -d"),
    ("base64 -d", "openssl enc -a -d -A"),
    ("base64 -d", "openssl enc --base64 --d"),
    ("base64 -d", "openssl enc -in x -a -d"),
    ("base64 -d", "openssl enc -base64 -d -in=x"),
    ("base64 -d", "openssl enc -a -d -in secret -out /tmp/x"),
    ("base64 -d", "openssl enc -a -d -aes-256-cbc -pass pass:x"),
    ("base64 -d", "echo eA== | openssl base64 -d"),
    ("base64 -d", "/usr/bin/openssl base64 -d"),
    ("base64 -d", "sudo openssl base64 -d"),
    ("base64 -d", "openssl aes-256-cbc -d -a -pass pass:x -in p"),
    ("base64 -d", "openssl des3 -a -d"),
    ("base64 --decode", "openssl base64 -d"),
    ("openssl base64 -d", "openssl enc -a -d"),
    ("openssl enc -d -a", "openssl base64 -d"),
    ("openssl enc -d", "openssl aes-256-cbc -d -pass pass:x"),
    ("base64 -d .env", "openssl base64 -d -in .env"),
    ("base64 -d .env", "openssl enc -a -d -in ./.env"),
]

# (rule, command): already refused on the base -- guards
HELD: list[tuple[str, str]] = [
    ("bash -c", "bash -c ls"),
    ("bash -c", "bash -c 'echo -c'"),
    ("sh -c", "sh -c ls"),
    ("fish -c", "fish -c ls"),
    ("grep -r", "grep -re x ."),
    ("grep -r", "grep -e x -r ."),
    ("grep -r", "egrep -r x ."),
    ("grep KEY .env", "grep -e KEY .env"),
    ("grep KEY .env", "grep -e A -e KEY .env"),
    ("grep KEY .env", "egrep KEY .env"),
    ("cat .env", "grep -f .env notes.txt"),
    ("base64 -d", "base64 --decode x"),
]

# (rule, command): friction -- a word that is an option's value or the script's is no option; the act without it
NOT_CAUGHT: list[tuple[str, str]] = [
    ("grep -r", "grep -e -r x file"),
    ("grep -r", "grep -e-r x file"),
    ("grep -r", "grep --regexp=-r x file"),
    ("grep -r", "grep --regexp -r x file"),
    ("grep -r", "grep -f -r file"),
    ("grep -r", "grep --file=-r x"),
    ("grep -r", "grep -- -r file"),
    ("grep -r", "egrep x file"),
    ("grep -r", "fgrep x file"),
    ("grep -E", "grep x f"),
    ("grep -E", "fgrep x f"),
    ("grep KEY .env", "grep -e OTHER .env"),
    ("grep KEY .env", "grep -f pats other"),
    ("bash -c", "bash script.sh -c"),
    ("bash -c", "bash script.sh -lc"),
    ("bash -c", "bash -x script.sh -c"),
    ("bash -c", "bash -l -- -c ls"),
    ("bash -c", "bash -e script.sh"),
    ("bash -c", "bash -o errexit script.sh"),
    ("bash -c", "bash --rcfile -c script.sh"),
    ("bash -x", "bash -c ls -x"),
    ("bash -c 'rm -rf dist'", "bash -lc ls"),
    ("bash -c *", "bash script.sh"),
    ("bash -x", "bash -c 'set -x'"),
    ("bash -e", "bash +e script.sh"),
    ("sh -c", "sh script.sh -c"),
    ("sh -c", "sh -e ./configure -c"),
    ("zsh -c", "zsh script.zsh -c"),
    ("fish -c", "fish script.fish -c ls"),
    ("bash -c", "sh -c ls"),
    ("base64 -d", "openssl base64"),
    ("base64 -d", "openssl base64 -e"),
    ("base64 -d", "openssl enc -a"),
    ("base64 -d", "openssl enc -d -aes-256-cbc"),
    ("base64 -d", "openssl aes-256-cbc -d -pass pass:x"),
    ("base64 -d", "openssl aes-256-cbc -a -pass pass:x"),
    ("openssl enc -d", "openssl enc -a"),
    ("base64 -d", "openssl rand -base64 32"),
    ("base64 -d", "openssl x509 -in c.pem -noout -text"),
    ("base64 -d .env", "openssl base64 -d -in other"),
]

ALLOW_LITERAL: list[tuple[str, str]] = [
    ("bash -c", "bash -lc ls"),
    ("sh -c", "sh -ec ls"),
    ("fish -c", "fish --command ls"),
    ("grep -r", "rgrep x ."),
    ("base64 -d", "openssl base64 -d"),
]


@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
@pytest.mark.parametrize(("rule", "command"), REFUSED)
def test_a_deny_meets_the_act_however_written(rule: str, command: str, runs_in: str) -> None:
    assert_rule_refuses(rule, command, runs_in)


@pytest.mark.parametrize(("rule", "command"), REFUSED[::3])
def test_an_ask_meets_the_act_however_written(rule: str, command: str) -> None:
    assert_rule_refuses(rule, command, "agent", rank="ask")


@pytest.mark.parametrize(("rule", "command"), HELD)
def test_what_was_refused_stays_refused(rule: str, command: str) -> None:
    assert_rule_refuses(rule, command, "sandbox")


@pytest.mark.parametrize(("rule", "command"), NOT_CAUGHT)
def test_a_value_or_a_script_word_is_no_option(rule: str, command: str) -> None:
    assert_rule_does_not_catch(rule, command, "sandbox")


@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
def test_patterns_read_from_a_file_may_be_the_rules_pattern(runs_in: str) -> None:
    # `grep -f pats .env`: the patterns are read at run time (UNREAD) -- a deny naming one asks, never approves
    for verdict in auto_and_allowed("grep -f pats .env", runs_in, deny=("Terminal(grep KEY .env)",)):
        assert verdict == ("require_approval", "ask_rule"), verdict


@pytest.mark.parametrize(("allow", "command"), ALLOW_LITERAL)
def test_an_allow_stays_literal(allow: str, command: str) -> None:
    assert_allow_stays_literal(allow, command)
