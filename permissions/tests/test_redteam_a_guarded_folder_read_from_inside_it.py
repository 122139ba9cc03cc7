"""R4.10, red team: a place a rule guards, read from inside its folder -- by a glob, a listing, a loop, find or a
recursive search that names no path.

Under a deny of `cat secrets/prod.json`, `cat secrets/*` asked, but the same read from inside the folder was
auto-approved, in auto mode and behind an allow of every word: `cd secrets && cat *` (a glob led by `*` named no
place), `cd secrets; cat $(ls)`, `cd secrets && ls | xargs cat`, `pushd secrets && head -100 *`, `cd secrets &&
grep -r KEY` / `rg KEY` (no folder: the one it runs in), `cd secrets && find . -type f -exec cat {} +` (find's `.`
read as the command's starting folder), and any loop after a `cd` (`cd secrets && for f in prod.json; do cat $f;
done`: a loop has the whole command read as repeated, and the folders past it sorted before `secrets`). A glob names
the places it matches (matching._place), a search with no folder searches the one it runs in (recursive_reads),
find's `.` is the folder the segment runs in (decide._found_elsewhere), and the nearest known folders are read first
(decide._likely; where._cap keeps the nearest ones), and a `cd` to a variable the command gives a value goes
there (`d=secrets; cd $d`). Kept: the same from the project's own folder and from an ordinary one (the ruling that a whole
starting folder's search is not a rule's).
52 of its 66 cases fail on 513a152 (the session's start); the rest (the kept ones, and two forms that asked) held.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import auto_and_allowed

RULE = "Terminal(cat secrets/prod.json)"

FROM_INSIDE = [
    "cd secrets && cat *",
    "cd secret[s] && cat *",
    "cd secrets && cat *.json",
    "cd secrets && cat p*",
    "cd secrets && cat ?rod.json",
    "cd ./secrets/ && head -100 *",
    "cd secrets; cat $(ls)",
    "cd secrets && ls | xargs cat",
    "cd secrets && ls -1 | xargs -n1 cat",
    "pushd secrets && cat * && popd",
    "(cd secrets && cat *)",
    "cd secrets && tail -n +1 *",
    "cd secrets && grep -r KEY",
    "cd secrets && grep -rn KEY",
    "cd secrets && rg KEY",
    "cd secrets && ag KEY",
    "cd secrets && git grep KEY",
    "cd secrets && find . -type f -exec cat {} +",
    "cd secrets && find -type f -exec cat {} \\;",
    "cd secrets && find . -name '*.json' -exec cat {} +",
    'cd secrets && for f in *; do cat "$f"; done',
    "cd secrets && for f in prod.json; do cat $f; done",
    'cd secrets && for f in *.json; do head "$f"; done',
    "cd src && cd ../secrets && cat *",
    "d=secrets; cd $d && cat prod.json",
    'd=secrets; cd "$d" && cat *',
    "for d in secrets; do cd $d && cat prod.json; done",
    'for d in src secrets; do (cd "$d" && cat prod.json); done',
]
KEPT = [
    "cat *",
    "cat *.md",
    "rg TODO",
    "grep -rn TODO",
    "cd src && cat *",
    "cd src && rg TODO",
    "cd src && grep -r TODO",
    'cd src && for f in *.py; do wc -l "$f"; done',
    "cd src && find . -name '*.py' -exec wc -l {} +",
    "cd docs && ls | xargs cat",
]


@pytest.mark.parametrize("runs_in", ("sandbox", "agent"))
@pytest.mark.parametrize("command", FROM_INSIDE)
def test_a_guarded_folder_read_from_inside_is_never_auto_approved(command: str, runs_in: str) -> None:
    for decision, reason in auto_and_allowed(command, runs_in, deny=(RULE,)):
        assert (decision, reason) in (("require_approval", "ask_rule"), ("deny", "deny_rule")), (
            command,
            runs_in,
        )


@pytest.mark.parametrize("command", KEPT)
def test_what_the_rule_does_not_name_stays(command: str) -> None:
    for runs_in in ("sandbox", "agent"):
        for _, reason in auto_and_allowed(command, runs_in, deny=(RULE,)):
            assert reason not in ("ask_rule", "deny_rule"), (command, runs_in)
