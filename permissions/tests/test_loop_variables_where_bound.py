"""A loop's variable holds the loop's words only inside the loop's body (R6.2, R4.6).

Written as an attacker would: the path scope reads `$f` as one of a `for` list's relative words (or a line a
`while read f` loop reads) -- but before the loop runs, after a loop that may not have run, or in a nested
loop the reader missed, the variable holds whatever it held when the command started. And the floor reads a
loop's or an assignment's words where a deletion lands: a loop nested right after `do`, or a value of `~`,
hid the root and the home folder from it.
"""

import pytest

from .helpers import CONTAINER_RUNNING, HOST, ROOT, term

READERS = ("Terminal(cat)", "Terminal(wc)", "Terminal(head)", "Terminal(grep)", "Terminal(git ls-files)")
ALLOW = (*READERS, "Terminal(echo)", "Terminal(true)", "Terminal(false)", "Terminal(:)", "Terminal(rm)")

# The variable is read where the loop has not set it (the value it started with: any location at all).
READ_OUTSIDE_ITS_BODY = [
    'cat "$f"; for f in README.md; do :; done',
    'cat "$f" && for f in README.md; do :; done',
    'wc -l "$f"; for f in src/*.py; do wc -l "$f"; done',
    'head "$f" | cat; for f in a b; do true; done',
    'cat "$f/id_rsa"; for f in a; do :; done',
    'cat "${f}"; for f in a; do :; done',
    'false && for f in a.md; do :; done; cat "$f"',
    'false || for f in a.md; do :; done; cat "$f"',
    'true || for f in a.md; do :; done; cat "$f"',
    'if false; then for f in a.md; do :; done; fi; cat "$f"',
    'for f in a; do echo "do"; done; cat "$f"',
    'for f in a; do echo done; done; cat "$f"',
    'for f in a; do echo "x; done"; done; cat "$f"',
    'grep -r x "$f"; for f in $(git ls-files); do :; done',
    'cat "$f"; git ls-files | while read f; do :; done',
    'cat "$line"; while read -r line; do :; done < README.md',
    'wc -l < "$f"; for f in a.md; do :; done',
    'for g in a; do for f in b; do :; done; cat "$f"; done',
    'for f in a; do :; done; for g in b; do cat "$f"; done',
]


@pytest.mark.parametrize("command", READ_OUTSIDE_ITS_BODY)
def test_a_loop_variable_read_outside_its_loop_is_checked_as_any_variable(command):
    v = term(command, allow=ALLOW, project=HOST, cwd=ROOT)
    assert v.decision != "auto_approve", (command, v.reason, v.message)


# Friction: read inside the body of the loop that sets it, as agents write their loops.
READ_IN_ITS_BODY = [
    'for f in README.md; do cat "$f"; done',
    'for f in src/*.py; do wc -l "$f"; done',
    'for f in a b; do for g in c d; do cat "$f/$g"; done; done',
    'for f in a b; do for g in c d; do cat "$g"; done; done',
    'for f in $(git ls-files); do wc -l "$f"; done',
    'git ls-files | while read f; do wc -l "$f"; done',
    'git ls-files | while IFS= read -r f; do head -1 "$f"; done',
    'while read -r line; do cat "$line"; done < <(git ls-files)',
    'for f in *.md; do wc -l < "$f"; done',
    'for f in a.md b.md; do echo "== $f"; head -5 "$f"; done',
    'for f in a.md b.md\ndo\n  cat "$f"\ndone',
]


@pytest.mark.parametrize("command", READ_IN_ITS_BODY)
def test_a_loop_variable_read_in_its_body_stays_inside(command):
    v = term(command, allow=ALLOW, project=HOST, cwd=ROOT)
    assert (v.decision, v.reason) == ("auto_approve", "allow_rule"), (command, v.reason, v.message)


FLOOR_ALLOW = ("Terminal(rm)", "Terminal(cd)", "Terminal(echo)", "Terminal(find)")

# The floor: a loop nested right after `do`, and `~` as a value, name the root or the home folder.
LANDS_ON_ROOT_OR_HOME = [
    'for a in x; do for d in /; do rm -rf "$d"; done; done',
    'for a in x; do for d in /; do rm -rf "$d"/*; done; done',
    "for a in x; do for b in y; do for d in /; do rm -rf $d; done; done; done",
    'for a in x; do for d in /usr/..; do rm -rf "$d"; done; done',
    "for a in x; do for d in /; do cd $d && rm -rf *; done; done",
    'for a in x; do for d in /; do find "$d" -delete; done; done',
    'for d in ~; do rm -rf "$d"; done',
    'for d in ~/; do rm -rf "$d"; done',
    'for d in ~/..; do rm -rf "$d"; done',
    'd=~; rm -rf "$d"',
    "d=~; rm -rf $d/",
    'export d=~ && rm -rf "$d"',
    'd=~/; rm -rf "$d"',
    'd=~/.. ; rm -rf "${d}"',
    'for a in x; do for d in ~; do rm -rf "$d"; done; done',
]


@pytest.mark.parametrize("command", LANDS_ON_ROOT_OR_HOME)
@pytest.mark.parametrize("project", [HOST, CONTAINER_RUNNING], ids=["host", "container"])
def test_the_floor_reads_nested_loops_and_home_values(command, project):
    v = term(command, allow=FLOOR_ALLOW, project=project, cwd=ROOT)
    assert (v.decision, v.reason) == ("deny", "builtin_deny"), (command, v.reason, v.message)


@pytest.mark.parametrize(
    "command",
    [
        'for a in x; do for d in build dist; do rm -rf "$d"; done; done',
        'd=~/.cache/pip; rm -rf "$d"',
        'for d in ~/.npm/_cacache; do rm -rf "$d"; done',
    ],
)
def test_deletions_that_stay_below_are_not_the_floor_s(command):
    v = term(command, allow=FLOOR_ALLOW, project=HOST, cwd=ROOT)
    assert v.reason != "builtin_deny", (command, v.message)
