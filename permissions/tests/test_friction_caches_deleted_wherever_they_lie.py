"""R3.7, friction: find deleting what a tool rebuilds, a log or an editor's backup, wherever it lies.

`find . -name '*.pyc' -delete` and `find . -type d -name __pycache__ -exec rm -rf {} +` -- the everyday way to clear
Python's caches -- asked in auto mode, in the sandbox and on the developer's machine, as if they deleted every file
below the project (the files that decide what runs later among them). Deleting a cache, a log or a backup never
changes what runs later, so a find whose every path is named one (a `-name`/`-iname` test of writes._CACHE_NAMES,
no `-o`, negation, list or group) is no protected write. Guards: any other name, an operator that lets another
path through, a command that writes what it is handed (`sed -i`), and the floor for `/` and `~`.
30 of its 62 cases fail on 513a152 (the session's start): the kept ones but `find src tests ...`; the guards held.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import AUTO_MODE, term

KEPT = [
    "find . -name '*.pyc' -delete",
    "find . -name '*.pyo' -delete",
    "find . -iname '*.PYC' -delete",
    "find . -type f -name '*.py[co]' -delete",
    "find . -type d -name __pycache__ -exec rm -rf {} +",
    "find . -name __pycache__ -type d -prune -exec rm -rf {} \\;",
    "find . -name '*.pyc' -exec rm -f {} +",
    "find src tests -name '*.pyc' -delete",
    "find . -name .DS_Store -delete",
    "find . -name '*.orig' -delete",
    "find . -name '*.rej' -delete",
    "find . -name '*~' -delete",
    "find . -name '*.log' -delete",
    "find . -name '.pytest_cache' -type d -exec rm -rf {} +",
    "find . -name '*.egg-info' -exec rm -rf {} +",
    "find .claude -name '*.pyc' -delete",
]
ASKS = [
    "find . -delete",
    "find . -name .envrc -delete",
    "find . -name '*.json' -delete",
    "find . -name 'pre-*' -delete",
    "find . -name '*.pyc' -o -name settings.json -delete",
    "find . -name '*.pyc' -or -name .envrc -exec rm {} +",
    "find . ! -name '*.pyc' -delete",
    "find . -not -name '*.pyc' -delete",
    "find . \\( -name '*.pyc' -o -name .envrc \\) -delete",
    "find . -name '*.pyc' , -name .envrc -delete",
    "find . -name '*.pyc' -exec sed -i s/a/b/ {} +",
    "find . -name '*.pyc' -exec cp x {} \\;",
    "find . -name .git -exec rm -rf {} +",
    "find . -name hooks -exec rm -rf {} +",
]


@pytest.mark.parametrize("runs_in", ("sandbox", "agent"))
@pytest.mark.parametrize("command", KEPT)
def test_deleting_caches_stays_auto_approved(command: str, runs_in: str) -> None:
    v = term(command, autonomy=AUTO_MODE, runs_in=runs_in)
    assert (v.decision, v.reason) == ("auto_approve", "autonomy"), (command, runs_in, v.message)


@pytest.mark.parametrize("runs_in", ("sandbox", "agent"))
@pytest.mark.parametrize("command", ASKS)
def test_anything_else_a_find_changes_below_the_project_asks(command: str, runs_in: str) -> None:
    v = term(command, autonomy=AUTO_MODE, runs_in=runs_in)
    assert v.decision == "require_approval", (command, runs_in, v.reason)


@pytest.mark.parametrize(
    "command", ["find / -name '*.pyc' -delete", "find ~ -name __pycache__ -exec rm -rf {} +"]
)
def test_the_floor_still_denies_the_root_and_home(command: str) -> None:
    assert term(command, autonomy=AUTO_MODE).decision == "deny", command
