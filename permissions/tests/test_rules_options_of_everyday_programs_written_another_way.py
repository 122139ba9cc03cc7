"""SPEC R4.10: a deny or ask rule's options written another way, for the everyday programs people write such rules
for. The engine keeps option knowledge as data, one table per program (permissions.commands.options.PROGRAMS); a
deny or ask pattern naming a program with a table is read through it, so is the segment. These programs had none,
so a deny matched their words as written only:

- the encoders: ``base64 -d`` (``--decode``, macOS's ``-D``, ``--dec``, ``-di``), ``base32``, ``basenc``;
- the interpreters, for the code handed to them: ``python -c`` (``-Ic``, ``-I -S -c``, ``-cCODE``; python3,
  python3.12, /usr/bin/python3), ``node -e`` (``--eval``; ``-p``/``--print``/``-pe`` evaluate and print: the act
  of ``-e``), ``perl -e`` (``-ne``, ``-lne``, ``-pi -e``; ``-E`` is ``-e`` with features on), ``ruby -e``,
  ``php -r`` (``--run``), ``Rscript -e``, ``lua -e``, ``bun -e`` (``--eval``, ``-p``);
- the file tools: ``grep -r`` (``-R`` recurses and follows links: the act of ``-r`` and more; ``--recursive``,
  ``--recur``, ``-rn``, ``--directories=recurse``), ``tar -x``
  (``xzf`` -- tar's old-style first word --, ``--extract``, ``--get``), ``unzip -o``.

The ruling: each gets a table (permissions.commands.option_tables_files): short and long spellings, arity,
clusters, and unique abbreviations where the program's parser takes them (GNU getopt_long/argp: ``--recur``,
``--deco``; the interpreters abbreviate none). A cluster ends at the letter that takes a value (``python -Ic
CODE``); Python reads no option after ``-c``'s code or ``-m``'s module (``python -m pytest -c setup.cfg``:
pytest's ``-c``) -- a module with a table of its own is read by it too (``python -m pip install --user`` meets
``python3 -m pip install x --use``, as it did) -- and the interpreters none after the script. The caps read these programs as written (DENY_ONLY): a table is read
only for a segment that a deny or ask pattern names the program of. An allow stays literal (R4.8).

Held (guards: they pass on the base and must keep passing): a pattern naming a script or a place still meets it
written another way -- ``python manage.py flush`` meets ``python3 ./manage.py flush`` and the script in another
folder (read by its name for the segment only), ``python -m pip install`` meets ``python3 -m pip --quiet install``,
``grep KEY .env`` meets ``grep -e KEY .env`` (``-e`` is left out of grep's table on purpose: read both ways),
``base64 .env`` meets ``base64 ./.env``. Friction kept: a deny of one flag does not catch the program without it,
nor the flag after ``--``, after the script, after ``-c``'s code or ``-m``'s module.

Left: ``cp -r`` (``-a`` archives recursively), ``mv -f``, ``ln -s`` -- their tables are written
(option_tables_files) but not registered: a registered table costs the fast path's read budget a step more a
piece than a copier's (fast_path._PIECE_STEPS), and an ordinary script of 1,500 copies (test_hostile) would become
too long to read. Also left (no table here): ``xargs -I`` (a wrapper: a table would replace its wrapped reading). The
shells' options (``bash -lc``) and ``openssl enc -d -a`` have tables since:
test_rules_naming_a_shell_option_or_a_program_by_another_name.

149 of this file's 201 cases fail on the base (base26): all 132 ``REFUSED`` deny cases (66 rules and spellings, in
the sandbox and off it) and the 17 ask cases. The 31 ``HELD``, 16 ``NOT_CAUGHT`` and 5 allow cases pass there
(guards: ``python -m pytest -c setup.cfg`` under a deny of ``python -c`` among them).
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import (
    assert_allow_stays_literal,
    assert_rule_does_not_catch,
    assert_rule_refuses,
)

# (rule, command): the rule's option written another way -- the class
REFUSED: list[tuple[str, str]] = [
    ("python -c", '/usr/bin/python3 -Ic "print(1)"'),
    ("python -c", 'env python3.12 -I -c "print(1)"'),
    ("python -c", 'cd src && python3 -Bc "print(1)"'),
    ("python3 -c", 'timeout 5 python -E -c "print(1)"'),
    ("node -e", 'nodejs --eval "1"'),
    ("node -e", 'echo 1 | node -p "1"'),
    ("perl -e", "perl -pi -e s/a/b/ x"),
    ("perl -e", 'perl -Mstrict -E "say 1"'),
    ("ruby -e", 'ruby -rjson -e "p 1"'),
    ("php -r", 'php -n -r "echo 1;"'),
    ("php -r", 'php --run="echo 1;"'),
    ("Rscript -e", 'Rscript --vanilla -e "1"'),
    ("lua -e", 'lua5.4 -e "print(1)"'),
    ("bun -e", 'bun --eval "1"'),
    ("bun -e", 'bun -p "1"'),
    ("base64 -d", "echo eA== | base64 --decode"),
    ("base64 -d", "gbase64 --deco x"),
    ("base32 -d", "base32 -di x"),
    ("basenc -d", "basenc --base64 --decode x"),
    ("grep -r", "grep --recur x ."),
    ("grep -r", "grep -Rn x ."),
    ("grep -r", "egrep -r x ."),
    ("grep -r", "grep --directories=recurse x ."),
    ("tar -x", "tar xzf a.tgz"),
    ("tar -x", "tar --get -f a.tar"),
    ("tar -x", "gtar -xvf a.tar"),
    ("tar -x", "tar -C out -xf a.tar"),
    ("tar -xf", "tar -x -f a.tar"),
    ("tar --extract", "tar xf a.tar"),
    ("unzip -o", "unzip -oq a.zip"),
    ("unzip -o", "unzip a.zip -o -d out"),
    ("base64 -d", "base64 --decode x"),
    ("base64 -d", "base64 -D x"),
    ("base64 -d", "base64 --dec x"),
    ("base64 -d", "base64 -di x"),
    ("base64 -d", "base64 -w0 -d x"),
    ("base32 -d", "base32 --decode x"),
    ("node -e", 'node --eval "1"'),
    ("node -e", 'node -p "1"'),
    ("node -e", 'node --print "1"'),
    ("node -e", 'node -pe "1"'),
    ("python -c", 'python -Ic "print(1)"'),
    ("python -c", 'python3 -I -S -c "print(1)"'),
    ("python -c", "python3 -cprint(1)"),
    ("perl -e", 'perl -ne "print" x'),
    ("perl -e", 'perl -E "say 1"'),
    ("perl -e", 'perl -lne "print" x'),
    ("ruby -e", 'ruby -ne "print" x'),
    ("php -r", 'php --run "echo 1;"'),
    ("tar -x", "tar xf a.tar"),
    ("tar -x", "tar --extract -f a.tar"),
    ("tar -x", "tar -xzf a.tgz"),
    ("tar -x", "tar -zxvf a.tgz"),
    ("tar -xf", "tar xzf a.tar"),
    ("tar --extract", "tar -xf a.tar"),
    ("grep -r", "grep -R x ."),
    ("grep -r", "grep --recursive x ."),
    ("grep -r", "grep -rn x ."),
    ("grep -r", "grep -d recurse x ."),
    ("perl -i", "perl -pi -e s/a/b/ x"),
    ("tar -czf backup.tgz", "tar czf backup.tgz ."),
    ("tar -xf a.tar", "tar xf a.tar"),
    ("tar -xf a.tar", "tar -x --file=a.tar"),
    ("egrep -r", "grep -Er x ."),
    ("grep -r", "grep -drecurse x ."),
    ("unzip -o", "unzip a.zip -o"),
]


# (rule, command): already refused on the base -- guards of what the tables must keep (scripts and places named, and the programs that had a table)
HELD: list[tuple[str, str]] = [
    ("python -m pip install", "python3 -m pip --quiet install x"),
    ("python -m pip install --user", "python3 -m pip install x --use"),
    ("python -m pip install", "python -m pip install x"),
    ("python -m http.server", "python3 -m http.server 8000"),
    ("python manage.py flush", "python3 ./manage.py flush"),
    ("python manage.py flush", "python /srv/app/manage.py flush"),
    ("python manage.py flush", "python -W ignore manage.py flush"),
    ("node scripts/deploy.js", "node ./scripts/deploy.js"),
    ("grep KEY .env", "grep -e KEY .env"),
    ("grep KEY .env", "grep -rn KEY ./.env"),
    ("grep KEY .env", "grep -A 3 KEY .env"),
    ("grep .env", "grep -n KEY .env"),
    ("base64 .env", "base64 ./.env"),
    ("base64 .env", "base64 -w0 .env"),
    ("cp .env", "cp .env /tmp/x"),
    ("cp .env", "cp -a ./.env /tmp/x"),
    ("mv .env", "mv -f .env /tmp/x"),
    ("sed -i", "sed --in-pl s/a/b/ x"),
    ("python -c", 'python3 -c "print(1)"'),
    ("python3 -c", 'python -c "print(1)"'),
    ("lua -e", 'lua -e "print(1)"'),
    ("deno eval", 'deno eval "1"'),
    ("sed -i", "sed --in-place s/a/b/ x"),
    ("sed -i", "sed -Ei s/a/b/ x"),
    ("sed -i", "sed -i.bak s/a/b/ x"),
    ("sed -i", "sed -ie s/a/b/ x"),
    ("chmod -R", "chmod --recursive 777 x"),
    ("chown -R", "chown --recursive u x"),
    ("find -delete", "find . -name x -delete"),
    ("find -exec", "find . -exec rm {} ;"),
    ("rm -rf", "rm -Rf x"),
]


# (rule, command): friction -- the program without the rule's option
NOT_CAUGHT: list[tuple[str, str]] = [
    ("cp -r", "cp a b"),
    ("mv -f", "mv a b"),
    ("tar -x", "tar -cf a.tar x"),
    ("tar -x", "tar tf a.tar"),
    ("grep -r", "grep -v x f"),
    ("ln -s", "ln a b"),
    ("base64 -d", "base64 x"),
    ("unzip -o", "unzip a.zip"),
    ("python -c", "python3 script.py -c x"),
    ("python -m", "python3 -c 'import x' -m y"),
    ("python -c", "python3 -m pytest -c setup.cfg"),
    ("node -e", "node server.js -e x"),
    ("perl -e", "perl script.pl -e"),
    ("tar -x", "tar -cf out.tar -- -x"),
    ("cp -r", "cp -- -r b"),
    ("python -m pytest", "python3 -c 'import pytest'"),
]


ALLOW_LITERAL = [
    ("base64 -d", "base64 --decode x"),
    ("grep -r", "grep -R x ."),
    ("cp -r", "cp -a a b"),
    ("python -c", "python3 -Ic 'print(1)'"),
    ("node -e", "node --eval 1"),
]


@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
@pytest.mark.parametrize(("rule", "command"), REFUSED)
def test_a_deny_meets_the_option_however_written(rule: str, command: str, runs_in: str) -> None:
    assert_rule_refuses(rule, command, runs_in)


@pytest.mark.parametrize(("rule", "command"), REFUSED[::4])
def test_an_ask_meets_the_option_however_written(rule: str, command: str) -> None:
    assert_rule_refuses(rule, command, "agent", rank="ask")


@pytest.mark.parametrize(("rule", "command"), HELD)
def test_a_script_or_a_place_named_is_still_met(rule: str, command: str) -> None:
    assert_rule_refuses(rule, command, "sandbox")


@pytest.mark.parametrize(("rule", "command"), NOT_CAUGHT)
def test_the_program_without_the_option_is_not_caught(rule: str, command: str) -> None:
    assert_rule_does_not_catch(rule, command, "sandbox")


@pytest.mark.parametrize(("allow", "command"), ALLOW_LITERAL)
def test_an_allow_stays_literal(allow: str, command: str) -> None:
    assert_allow_stays_literal(allow, command)
