"""R3.7, red team: a variable handed to an allowed command names a file the program then writes -- git's trace
files (GIT_TRACE and its family append every trace line to the absolute path they name), coverage.py's data file,
the TLS key log every OpenSSL, NSS, Node and Python client appends to (SSLKEYLOGFILE), LLVM's profile output, pip's
log, the history files of node's, Python's, less's and the database clients' prompts, ccache's log, jest-junit's
report, and pytest's options given in PYTEST_ADDOPTS (`--junitxml=F`, read as the options they are). Pointed at
`.git/hooks/pre-commit`, `.husky/pre-commit`, `.github/workflows/x.yml`, `.envrc` or `.npmrc`, `git status` and
`pytest` wrote a file that decides what runs later and were auto-approved. (Each case has a word after its
program: an allow spelling the whole command is the exact allow R3.7 lets through.) Pointed elsewhere (or at stderr:
`GIT_TRACE=1`) they stay ordinary.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import ROOT

from .redteam import never_auto_where, stays_auto_where


@pytest.mark.parametrize(
    "command",
    [
        f"GIT_TRACE={ROOT}/.git/hooks/pre-commit git status",
        "GIT_TRACE=.git/hooks/pre-commit git status",
        "GIT_TRACE=$PWD/.git/hooks/pre-commit git status",
        f"GIT_TRACE2={ROOT}/.git/hooks/pre-push git status",
        f"GIT_TRACE2_EVENT={ROOT}/.github/workflows/ci.yml git log",
        f"GIT_TRACE2_PERF={ROOT}/.husky/pre-commit git log",
        f"GIT_TRACE_PACKET={ROOT}/.envrc git fetch",
        f"GIT_TRACE_PACKFILE={ROOT}/.envrc git fetch",
        f"GIT_TRACE_PERFORMANCE={ROOT}/.husky/pre-commit git status",
        f"GIT_TRACE_SETUP={ROOT}/.git/config git status",
        f"GIT_TRACE_SHALLOW={ROOT}/.git/hooks/post-checkout git fetch",
        f"GIT_TRACE_CURL={ROOT}/.npmrc git fetch",
        f"GIT_TRACE_REFS={ROOT}/.git/hooks/pre-commit git branch -a",
        f"GIT_TRACE_FSMONITOR={ROOT}/.git/hooks/pre-commit git status",
        f"env GIT_TRACE={ROOT}/.git/hooks/pre-commit git status",
        f"env -i GIT_TRACE2_EVENT={ROOT}/.github/workflows/x.yml git log",
        "COVERAGE_FILE=.envrc pytest -q",
        "COVERAGE_FILE=.git/hooks/pre-commit coverage run -m pytest",
        "SSLKEYLOGFILE=.envrc git fetch",
        "SSLKEYLOGFILE=.claude/settings.json npm install",
        "LLVM_PROFILE_FILE=.git/hooks/pre-commit cargo test",
        "PIP_LOG=.envrc pip list",
        "PIP_LOG_FILE=.npmrc pip list",
        "NODE_REPL_HISTORY=.envrc node -i",
        "PYTHON_HISTORY=.envrc python3 -q",
        "LESSHISTFILE=.envrc less README.md",
        "PSQL_HISTORY=.envrc psql -d app",
        "SQLITE_HISTORY=.envrc sqlite3 app.db",
        "MYSQL_HISTFILE=.envrc mysql -u app",
        "REDISCLI_HISTFILE=.envrc redis-cli -n 1",
        "CCACHE_LOGFILE=.envrc make all",
        "JEST_JUNIT_OUTPUT_FILE=.husky/pre-commit npx jest",
        "PYTEST_ADDOPTS=--junitxml=.envrc pytest -q",
        "PYTEST_ADDOPTS='-q --junitxml=.git/hooks/pre-commit' pytest",
        "PYTEST_ADDOPTS='--junit-xml .husky/pre-commit' pytest -x",
        "PYTEST_ADDOPTS='--result-log=.envrc' python -m pytest",
        "PYTEST_ADDOPTS='--junitxml=.envrc' python3 -m pytest tests",
        "PYTEST_ADDOPTS='--junitxml=.envrc' py.test -q",
    ],
)
def test_a_protected_file_named_by_a_variable_is_never_auto_approved(command):
    never_auto_where(command)


@pytest.mark.parametrize(
    "command",
    [
        "GIT_TRACE=1 git status",
        "GIT_TRACE=true git log",
        "GIT_TRACE2_EVENT=2 git log",
        "GIT_TRACE_PACKET=0 git status",
        f"GIT_TRACE={ROOT}/trace.log git status",
        "COVERAGE_FILE=.coverage.unit pytest",
        "SSLKEYLOGFILE=tls-keys.log npm test",
        "LLVM_PROFILE_FILE=cov-%p.profraw cargo test",
        "PYTEST_ADDOPTS='-x -q' pytest",
        "PYTEST_ADDOPTS='--junitxml=reports/junit.xml' pytest",
        "JEST_JUNIT_OUTPUT_FILE=reports/junit.xml npx jest",
    ],
)
def test_files_written_elsewhere_stay_ordinary(command):
    stays_auto_where(command, places=("sandbox", "agent"))
