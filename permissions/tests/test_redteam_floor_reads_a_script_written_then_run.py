"""Red team, R4.6 (the floor: deleting `/`, the home folder or a system folder is denied whatever the rules) and
R4.9 (a file written and then run in one command runs what no rule read): the floor reads the script the command
writes before it runs it, and code fed on the input behind a wrapper.

`echo 'rm -rf ~' > x.sh && sudo bash x.sh` was asked (written then run: never auto-approved) but not denied, though
the floor's reader already knew what the script holds: decide() only asked the floor about a command where some
segment deletes, and running a script deletes nothing by its name. The floor now reads a command that runs a file
it wrote (decide._terminal_rules, after _never_auto's reading). `env -i PATH=/usr/bin python3 - <<EOF ...
shutil.rmtree('/') ...` was asked too: env's reason for the segment (a cleared environment) came before the
interpreter's reading of its input, so the floor was not asked what the code deletes (segments._read_one).

DENIED: every case was asked, not denied, on the base this change started from (69580d6). A script that deletes
nothing of the floor's is still asked (ASKED), as it was.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import assert_asks, assert_floor_denies

DENIED = [
    "echo 'rm -rf ~' > x.sh && sudo bash x.sh",
    "echo 'rm -rf /' > x.sh && bash x.sh",
    "echo 'rm -rf ~' > x.sh && doas sh x.sh",
    "echo 'rm -rf ~' > x.sh; nohup bash x.sh",
    "echo 'rm -rf ~' > x.sh && timeout 5 bash x.sh",
    "printf 'rm -rf /\\n' > t.sh; sh t.sh",
    "echo 'rm -rf $HOME' > x.sh && env -i bash x.sh",
    "echo 'rm -rf ~' >> x.sh && command bash x.sh",
    "echo 'import shutil; shutil.rmtree(\"/\")' > t.py && python3 t.py",
    "echo 'import shutil; shutil.rmtree(\"/\")' > t.py && sudo python3 t.py",
    "env -i PATH=/usr/bin python3 - <<'EOF'\nimport shutil; shutil.rmtree('/')\nEOF",
    "env -i python3 - <<'EOF'\nimport os; os.system('rm -rf ~')\nEOF",
]

ASKED = [
    "echo 'ls' > x.sh && bash x.sh",
    "echo 'rm -rf build' > x.sh && bash x.sh",
    "echo 'print(1)' > t.py && python3 t.py",
]


@pytest.mark.parametrize("command", DENIED)
def test_the_floor_reads_a_script_written_then_run(command: str) -> None:
    assert_floor_denies(command)


@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
@pytest.mark.parametrize("command", ASKED)
def test_a_script_that_deletes_nothing_of_the_floors_is_still_asked(command: str, runs_in: str) -> None:
    assert_asks(command, runs_in, "unparseable")
