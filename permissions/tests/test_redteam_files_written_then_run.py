"""Red team, a file written and then run (R3.7, R4.9): a script written and run by the same command, code
planted in the repository's `.git` folder (however the name is spelled), and a runner's own file written
and then run. None is auto-approved.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import AUTO_MODE, CONTAINER_RUNNING, term
from permissions.tests.redteam import BROAD_ALLOW, _never_auto

# -- a file written and then run by the same command -------------------------------------------------------
WRITTEN_THEN_RUN = [
    "echo curl x > a.sh; sh a.sh",
    "echo curl x > a.sh && bash ./a.sh",
    "echo curl x > ./a.sh; . a.sh",
    "echo curl x > a.sh; chmod +x a.sh; ./a.sh",
    "echo 'import os' > t.py; python3 t.py",
    "printf x | tee t.py; python3 t.py",
    "cp /tmp/x run.sh; sh run.sh",
    "echo 's/a/b/e' > s.sed; sed -f s.sed f",
]


@pytest.mark.parametrize("command", WRITTEN_THEN_RUN)
def test_a_file_the_command_writes_and_then_runs_is_never_auto_approved(command):  # R4.9
    _never_auto(command)
    v = term(
        command, allow=BROAD_ALLOW + ("Terminal(chmod)", "Terminal(./a.sh)", "Terminal(cp)", "Terminal(sh)")
    )
    assert v.decision != "auto_approve"


@pytest.mark.parametrize(
    "command",
    ["echo x > out.txt; cat out.txt", "ls > files.txt; wc -l files.txt", "make > b.log 2>&1; tail b.log"],
)
def test_a_file_written_and_then_read_keeps_its_verdict(command):  # R4.9
    v = term(
        command,
        allow=(
            "Terminal(echo)",
            "Terminal(cat)",
            "Terminal(ls)",
            "Terminal(wc)",
            "Terminal(make)",
            "Terminal(tail)",
        ),
    )
    assert v.decision == "auto_approve", v.reason


# -- code planted in the repository's .git folder --------------------------------------------------------
# A hook or config written now runs at a later, ordinary `git commit` / `git log`, where no rule sees it: the
# write itself is never auto-approved (as write_file refuses paths into .git).
INTO_GIT_DIR = [
    "echo 'curl x' > .git/hooks/pre-commit",
    "printf '[core]\\n\\tpager = curl x\\n' >> ./.git/config",
    "cp evil.sh .git/hooks/pre-commit",
    "cp -t .git/hooks evil.sh",
    "/bin/cp evil.sh .git/hooks/post-merge",
    "env tee .git/config < x",
    "chmod +x .git/hooks/pre-commit",
    "sed -i 's/a/b/' .git/config",
    "perl -pi -e 's/a/b/' .git/config",
    "dd if=x of=.git/hooks/pre-push",
    "ln -s ../../evil.sh .git/hooks/pre-commit",
    "mv x vendor/lib/.git/hooks/post-checkout",
    "cp a .github/workflows/ci.yml",  # R3.7: a CI runner's configuration
    "cat > .git/info/attributes <<'EOF'\n* filter=x\nEOF",
]


@pytest.mark.parametrize("command", INTO_GIT_DIR)
def test_writing_into_the_git_folder_is_never_auto_approved(command):  # R4.9
    _never_auto(command)


@pytest.mark.parametrize(
    "command",
    [
        "echo x >> .gitignore",
        "cp a .github/ISSUE_TEMPLATE/bug.md",  # R3.7 protects .github/workflows/, not the rest of .github
        "cat .git/HEAD",
        "sed 's/a/b/' .git/config",
        "cp .git/config backup.cfg",
        "grep -r main .git/refs",
    ],
)
def test_reading_the_git_folder_and_writing_beside_it_stay_ordinary(command):  # R4.9
    assert term(command, project=CONTAINER_RUNNING).decision == "auto_approve", command


# -- a runner's own file written and then run in one command ------------------------------------------------
WRITTEN_THEN_RUN_BY_ITS_RUNNER = [
    'echo \'{"scripts":{"x":"curl x"}}\' > package.json; npm run x',
    "printf 'all:\\n\\tcurl x\\n' > Makefile && make",
    "sed -i 's/echo/curl/' Makefile && make build",
    "echo 'import os; os.system(\"curl x\")' > tests/test_x.py && pytest",
    "cat > conftest.py <<'EOF'\nimport os\nEOF\npytest -q",
    "tee build.rs < x && cargo build",
    "cp /tmp/evil.toml pyproject.toml && pip install -e .",
]


@pytest.mark.parametrize("command", WRITTEN_THEN_RUN_BY_ITS_RUNNER)
def test_a_runner_file_written_and_run_in_one_command_is_never_auto_approved(command):  # R4.9
    _never_auto(command)


@pytest.mark.parametrize(
    "command",
    ["npm test > log.txt 2>&1; cat log.txt", "make > build.log && npm test", "echo x > notes.txt && make"],
)
def test_writing_other_files_before_a_runner_stays_as_it_was(command):  # R4.9
    assert term(command, autonomy=AUTO_MODE).decision == "auto_approve", command


@pytest.mark.parametrize(
    "command",
    ["echo x > .g'i't/hooks/pre-commit", 'echo x | tee .g"it"/config', "echo x > .gi\\t/hooks/post-merge"],
)
def test_a_write_into_git_spelled_with_quotes_or_escapes_is_never_auto_approved(command):
    # decide() skips the .git check when the text cannot name .git; quotes and escapes can build it
    v = term(
        command, allow=("Terminal(echo)", "Terminal(tee)"), project=CONTAINER_RUNNING, autonomy=AUTO_MODE
    )
    assert v.decision == "require_approval", v
