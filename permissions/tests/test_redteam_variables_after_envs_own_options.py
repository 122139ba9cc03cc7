"""R4.8, R4.9, red team: env's own options stood between env and the assignments it makes, and the reading of those
assignments stopped at the first of them -- `env -u PAGER X=...`: `PAGER` (the value of `-u`) was read as the
program, so what came after it went unread. A command line a variable carries (`GIT_SSH_COMMAND='git push'`), code
one loads (`LD_PRELOAD`, `BASH_ENV`, `NODE_OPTIONS`), the programs PATH chooses, the hooks HUSKY=0 switches off
and the file a variable has a program write were all let through behind `env -u NAME`, `env --unset NAME`,
`--unset=NAME`, `-C DIR`, `--chdir=DIR`, a cluster ending in a valued letter (`-0u NAME`) or an option holding
its value (`--block-signal=INT`). env's options are read as env reads them: each takes its value, and the
assignments after them are what they are without them.
"""

from __future__ import annotations

import pytest

from .redteam import capped_where, never_auto_where, stays_auto_where

_ENV_OPTIONS = (
    "-u PAGER",
    "--unset PAGER",
    "--unset=PAGER",
    "--uns PAGER",
    "-C .",
    "--chdir .",
    "--chdir=.",
    "-0u PAGER",
    "-iu PAGER",
    "-u A -u B",
    "--block-signal=INT",
    "--ignore-signal=PIPE",
)


@pytest.mark.parametrize("options", _ENV_OPTIONS)
@pytest.mark.parametrize(
    "rest",
    [
        "GIT_SSH_COMMAND='git push' git fetch origin",
        "GIT_PAGER='npm publish' git log --oneline",
        "EDITOR='git push' git commit -q",
        "CC='npm publish' make all",
    ],
)
def test_a_command_a_variable_carries_is_still_capped(options, rest):
    # (off the sandbox an editor's or a pager's command line is opaque before it is capped: never auto-approved)
    never_auto_where(f"env {options} {rest}")
    capped_where(f"env {options} {rest}", places=("sandbox",))


@pytest.mark.parametrize("options", _ENV_OPTIONS)
@pytest.mark.parametrize(
    "rest",
    [
        "LD_PRELOAD=./x.so ls -la",
        "BASH_ENV=./x bash -c true",
        "NODE_OPTIONS='--require ./x.js' node -v",
        "PATH=. ls -la",
        "GIT_TRACE=.git/hooks/pre-commit git status -s",
        "GOBIN=.git/hooks go install ./cmd/pre-commit",
    ],
)
def test_code_a_variable_loads_or_a_file_it_writes_is_never_auto_approved(options, rest):
    never_auto_where(f"env {options} {rest}")


@pytest.mark.parametrize(
    "command",
    [
        "env -u PAGER git log --oneline",
        "env -u NODE_ENV CI=1 npm test",
        "env --unset=PAGER LANG=C ls -la",
        "env -C . CI=true pytest -q",
        "env --chdir=. FOO=1 ls",
    ],
)
def test_plain_variables_after_envs_options_stay_ordinary(command):
    stays_auto_where(command, places=("sandbox", "agent"))
