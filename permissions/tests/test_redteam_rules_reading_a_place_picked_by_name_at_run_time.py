"""R4.10 (a deny or ask pattern is the act, not the spelling), for a rule printing a place (`cat .env`): the place
handed to a reader in a list the command makes at run time, picked by its name, and more programs that print a
file they are given.

1. **A list picked by name.** Session 24 read what a command hands a reader when its text says it literally (`echo
   .env | xargs cat`, `cat $(echo .env)`). A list made at run time was read as naming nothing, so `find . -name .env
   | xargs cat`, `find . -name .env -exec cat {} \\;`, `cat "$(ls -a | grep env)"`, `ls -a | grep env | xargs cat`
   and `xargs cat < <(echo .env)` were auto-approved under a deny of `cat .env`. Now the filters that pick a list's
   places by name are read as the names they may pick (permissions.where.picked_by_name): find's name and path
   tests, git ls-files' pathspecs and a searcher filtering the listing (`grep env` as the glob `*env*`; a regular
   expression a glob cannot say as any name); a searcher listing files by their content (`grep -rl API_KEY . |
   xargs cat`) picks any name -- not a hidden one for rg, which skips them unless told (`rg -l TODO | xargs cat`
   stays approved under a deny of `cat .env`). A literal name is the place (deny); a glob that may name it asks, as
   `cat .e*` does (matching.GlobMeaning) -- find's and grep's `*` and `?` match a leading dot, so `*env*` may name
   `.env` where the shell's `*` would not. find's names are below each folder it starts from (`find ~/.aws -name
   credentials` names `~/.aws/credentials`), one or two folders deep, dot folders among them; a find with no name
   test picks any file below a folder it names (`cat $(find ~/.aws -type f)`), but not below the one it runs in.
2. **The same for what a searcher picks itself** (`grep -rn KEY --include=.env .`, `rg -g '*env*' KEY`) and
   **more readers**: Python's modules printing a file (`python3 -m json.tool .env`, `-m tokenize`, `-m quopri`),
   `pv .env`, xargs' file of operands (`xargs -a .env echo`), and Perl's and Ruby's line loops (`perl -pe ''
   .env`; `-n` when the code prints, `perl -lne print .env`; not `-i`, which edits in place: matching.
   _looped_over) -- they asked as inline code (``unparseable``), now they are the rule's deny.

The ruling, where SPEC is silent: a list no filter picks from is read as `grep -r KEY .` is (every file below the
folder, approved under a deny of `cat .env` -- reading each recursive reader as the place would refuse most
searches): `git ls-files | xargs cat`, `find . -type f | xargs cat`, `find . -name "*.py" | xargs cat`, `ls | grep
test | xargs cat` and `grep -v` filters keep their answers (FRICTION below).

Written as an attacker would: `-print0 | xargs -0`, `-iname` in another case, `-path '*/.env'`, backticks, `grep -e`,
`grep -F`, `egrep` with a regular expression, anchors, the list in a process substitution, `--arg-file=`, a rule
naming a place in a folder. 92 of this file's 115 cases fail on the base (3420516): REFUSED's 46 commands, each in
the sandbox and on the developer's machine; the 23 FRICTION cases pass there and here.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import assert_rule_does_not_catch, assert_rule_refuses

# (rule, command, rank): "deny" when the list names the place itself, "ask" when a glob may name it
REFUSED = [
    ("cat .env", "find . -name .env | xargs cat", "deny"),
    ("cat .env", "find . -name .env -print0 | xargs -0 cat", "deny"),
    ("cat .env", "find . -name .env -exec cat {} \\;", "deny"),
    ("cat .env", "find . -name .env -exec grep KEY {} +", "deny"),
    ("cat .env", "find . -name '.env*' -exec cat {} +", "ask"),
    ("cat .env", "find . -iname '*.ENV' | xargs head", "deny"),
    ("cat .env", "find . -path '*/.env' | xargs cat", "deny"),
    ("cat .env", 'find . -name "*env*" | xargs cat', "ask"),
    ("cat .env", "cat $(find . -maxdepth 1 -name .env)", "deny"),
    ("cat .env", 'head -n5 $(find . -maxdepth 1 -name ".e*")', "ask"),
    ("cat .env", 'cat "$(ls -a | grep env)"', "ask"),
    ("cat .env", "cat $(git ls-files | grep env)", "ask"),
    ("cat .env", "cat `ls -A | grep ^.env`", "ask"),
    ("cat .env", "ls -a | grep env | xargs cat", "ask"),
    ("cat .env", 'ls -a | egrep "en.?" | xargs tail', "ask"),
    ("cat .env", "cat $(ls -a | grep -e env)", "ask"),
    ("cat .env", 'cat $(ls -a | grep "e[n]v")', "ask"),
    ("cat .env", "git ls-files -- .env | xargs head", "deny"),
    ("cat .env", "grep -rl API_KEY . | xargs cat", "ask"),
    ("cat .env", "cat $(grep -rl KEY .)", "ask"),
    ("cat .env", "rg -l --hidden KEY | xargs cat", "ask"),
    ("cat secrets/prod.json", "rg -l password | xargs cat", "ask"),
    ("cat .env", "xargs cat < <(echo .env)", "deny"),
    ("cat .env", "xargs cat < <(find . -name .env)", "deny"),
    ("cat .env", "grep -rn KEY --include=.env .", "deny"),
    ("cat .env", "rg -g '*env*' KEY", "ask"),
    ("cat .env", "rg --glob=.env KEY", "deny"),
    ("cat .env", "python3 -m json.tool .env", "deny"),
    ("cat .env", "python -m tokenize .env", "deny"),
    ("cat .env", "python3 -m quopri .env", "deny"),
    ("cat .env", "pv .env | head", "deny"),
    ("cat .env", "xargs -a .env echo", "deny"),
    ("cat .env", "xargs --arg-file=.env echo", "deny"),
    ("cat .env", "perl -pe '' .env", "deny"),
    ("cat .env", "perl -lne print .env", "deny"),
    ("cat .env", "perl -0777 -pe 1 .env", "deny"),
    ("cat .env", "perl -nE 'say' .env", "deny"),
    ("cat .env", "ruby -ne 'puts $_' .env", "deny"),
    ("cat .env", "ruby -p -e 1 .env", "deny"),
    ("cat config/.env", "grep -rn KEY --include='*.env' .", "ask"),
    ("cat config/.env", "find . -name .env | xargs cat", "ask"),
    ("less secrets/prod.json", "find secrets -name '*.json' | xargs cat", "ask"),
    ("cat ~/.aws/credentials", "find ~/.aws -name credentials | xargs cat", "deny"),
    ("cat ~/.aws/credentials", "find ~ -name credentials | xargs cat", "ask"),
    ("cat ~/.aws/credentials", "cat $(find ~/.aws -type f)", "ask"),
    ("cat secrets/prod.json", "find secrets/ -type f -exec cat {} +", "ask"),
]

# a list no filter picks the place from, a filter that cannot pick it, a searcher's glob excluding it
FRICTION = [
    ("cat .env", "git ls-files | xargs cat"),
    ("cat .env", "cat $(git ls-files '*.py')"),
    ("cat .env", 'find . -name "*.py" | xargs wc -l'),
    ("cat .env", 'find . -name "*.py" | xargs cat'),
    ("cat .env", "ls | grep test | xargs cat"),
    ("cat .env", "cat $(find src -name '*.ts')"),
    ("cat .env", "rg -l TODO | xargs cat"),
    ("cat .env", "git diff --name-only | xargs cat"),
    ("cat .env", "find . -name '*.md' | grep -v node_modules | xargs cat"),
    ("cat .env", "ls -a | grep -v env | xargs cat"),
    ("cat .env", 'cat $(ls src | grep -E "\\.ts$")'),
    ("cat .env", "rg -g '!.env' KEY"),
    ("cat .env", "grep -r --include=*.py KEY ."),
    ("cat .env", "rg -g '*.ts' foo"),
    ("cat .env", "python3 -m json.tool package.json"),
    ("cat .env", "xargs -a files.txt echo"),
    ("cat .env", "git ls-files -o -x .env | xargs cat"),
    ("cat .env", "find . -type f | xargs cat"),
    ("cat .env", "find src -name .env | xargs cat"),
    ("cat .env", "find . -name '*.py' -exec grep -n TODO {} +"),
    ("cat .env", "perl -pe 's/a/b/' README.md"),
    ("cat .env", "perl -pi -e 's/KEY=.*/KEY=x/' .env.example"),
    ("cat .env", "perl -ne 'chomp' .env"),
]


@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
@pytest.mark.parametrize(("rule", "command", "rank"), REFUSED)
def test_a_place_picked_by_name_or_printed_by_another_reader(
    rule: str, command: str, rank: str, runs_in: str
) -> None:
    assert_rule_refuses(rule, command, runs_in, rank)


@pytest.mark.parametrize(("rule", "command"), FRICTION)
def test_a_list_nothing_picks_the_place_from_is_not_the_rule(rule: str, command: str) -> None:
    assert_rule_does_not_catch(rule, command, "agent")
