"""R3.7, red team: the files that decide what runs later, rewritten by an editor the shell reading missed.

gawk's inplace extension (`gawk -i inplace '{...}' F`, `-iinplace`, `--include=inplace`, the extension's
path) rewrites every input file; `ed -s F` (ed's silent flag, not truncate's `-s SIZE`) writes F. Neither is
ever auto-approved for a protected file, on the sandbox or the agent's machine; an ordinary file and a
plain awk that only reads stay as they were. (ed's own script, `ed -s notes.txt < script.ed`, asks since: ed
reads its commands from its input -- test_redteam_commands_fed_to_programs_and_run_by_awk_and_sed.py.)
"""

from __future__ import annotations

import pytest

from .helpers import AUTO_MODE, CONTAINER_RUNNING, term

PROTECTED = [
    "gawk -i inplace 1 .envrc",
    "gawk -i inplace '{sub(/a/,\"b\")}1' .github/workflows/ci.yml",
    "awk -i inplace '{print}' .husky/pre-commit",
    "awk -iinplace 1 .envrc",
    "awk --include=inplace 1 .npmrc",
    "awk --include inplace 1 .pre-commit-config.yaml",
    "gawk -i inplace -v inplace::suffix=.bak '{print}' .git/hooks/pre-commit",
    "gawk -i inplace -f prog.awk .vscode/tasks.json",
    "gawk -i /usr/share/awk/inplace.awk 1 .claude/settings.json",
    "gawk -i inplace 1 README.md .envrc",
    "ed -s .envrc",
    "ed -s .husky/pre-commit < script.ed",
    "ed -s .git/hooks/pre-commit <<< $'a\\necho x\\n.\\nw'",
    "red -s .github/workflows/ci.yml",
    "ed -p '*' .npmrc",
]


@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
@pytest.mark.parametrize("command", PROTECTED)
def test_an_in_place_rewrite_of_a_protected_file_is_never_auto_approved(command, runs_in):
    for v in (
        term(command, autonomy=AUTO_MODE, runs_in=runs_in),
        term(command, project=CONTAINER_RUNNING, runs_in=runs_in),
        term(
            command,
            allow=("Terminal(awk)", "Terminal(gawk)", "Terminal(ed)", "Terminal(red)"),
            runs_in=runs_in,
        ),
    ):
        assert v.decision == "require_approval", (command, runs_in, v.reason)


@pytest.mark.parametrize(
    "command",
    [
        "awk '{print $1}' .envrc",
        "gawk -i inplace 1 src/notes.txt",
        "awk -F, '{print $2}' data.csv",
        "tee -p out.log < x",
    ],
)
def test_reads_and_ordinary_files_stay_auto_approved(command):
    assert term(command, autonomy=AUTO_MODE).decision == "auto_approve", command
