"""Red team (R3.7): a git pathspec pattern that spells a protected name below an ordinary folder.

``git checkout -- src/.envrc`` asks (it rewrites a file that decides what runs later); a pathspec with a wildcard
was read only as the folder its literal part names (git's ``*`` crosses ``/``), so ``git restore 'src/.envr?'``,
``git checkout -- src/.husky*``, ``git checkout -- src/*.code-workspace`` were approved under ``Terminal(git)`` and
in auto mode: ``src`` holds no protected entry by its name. Now the pattern itself is judged too, as the shell's
glob of the same text is (writes._pathspec_reach). Found by test_protected_paths' property test, whose draw of the
host root with ``*.code-workspace`` failed once the table grew. Patterns that spell no protected name, and a folder
restored whole (the earlier ruling), stay ordinary.

On the base (d0d1f65) test_a_pattern_spelling_a_kept_file_asks failed 5 of 7 cases (a folder that holds one by
name, `.vscode`, `.github`, asked already); the ordinary cases passed there and are guards.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import AUTO_MODE, term

from .redteam import stays_auto_where


@pytest.mark.parametrize(
    "command",
    [
        "git restore 'src/.envr?'",
        "git checkout -- src/.husky*",
        "git checkout -- 'src/*.code-workspace'",
        "git checkout HEAD -- 'pkg/.pre-commit-config.ya?l'",
        "git restore --source=main -- 'app/.vscode/task?.json'",
        "git checkout -- 'lib/.github/work*'",
        "git checkout main -- 'tools/.envr[c]'",
    ],
)
def test_a_pattern_spelling_a_kept_file_asks(command):
    for runs_in in ("sandbox", "agent"):
        for v in (term(command, ("Terminal(git)",), runs_in=runs_in), term(command, autonomy=AUTO_MODE)):
            assert v.decision != "auto_approve", (command, runs_in, v.reason)


@pytest.mark.parametrize(
    "command", ["git restore 'src/**/*.ts'", "git checkout -- 'tests/*.py'", "git checkout -- src/app.py"]
)
def test_patterns_spelling_no_kept_name_stay_ordinary(command):
    stays_auto_where(command, ("sandbox",))
