"""Red team, R4.6 (the floor) and R4.7 (hidden commands are segments): GNU parallel's literal arguments.

`parallel rm -rf ::: /` runs `rm -rf /`: parallel puts each argument after `:::` where `{}` stands in its command
template, else after it. The template was read alone (`rm -rf`, no operand), so the floor saw nothing to delete
and the command was only asked (parallel's writes are unknown: R3.7). The template is now also read with its
literal arguments (runners._with_arguments; after `::::`, a file's lines, they stay unknown), so the floor denies
it; a reader of a place outside the project (`parallel cat ::: ~/.ssh/id_rsa`) still meets the path scope.

DENIED: every case was asked, not denied, on the base this change started from (69580d6); the other cases held
there and are kept as guards.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import assert_floor_denies, auto_and_allowed

DENIED = [
    "parallel rm -rf ::: /",
    "parallel rm -rf ::: ~",
    "parallel -j2 rm -rf {} ::: / /tmp",
    "parallel -X rm -rf ::: $HOME",
    "parallel --jobs 4 rm -rf ::: build /",
    "sem rm -rf ::: /",
    "sudo parallel rm -rf ::: /",
    "parallel 'rm -rf {}' ::: ~",
]

# what deletes nothing of the floor's: not denied
NOT_DENIED = [
    "parallel rm -rf ::: build dist",
    "parallel gzip ::: a.log b.log",
    "parallel rm -rf {}/cache ::: build",
]


@pytest.mark.parametrize("command", DENIED)
def test_the_floor_reads_parallels_arguments(command: str) -> None:
    assert_floor_denies(command)


@pytest.mark.parametrize("command", NOT_DENIED)
def test_parallel_deleting_the_projects_own_is_not_denied(command: str) -> None:
    for runs_in in ("sandbox", "agent"):
        assert all(decision != "deny" for decision, _ in auto_and_allowed(command, runs_in)), command


def test_a_readers_argument_outside_the_project_meets_the_path_scope() -> None:
    assert (
        auto_and_allowed("parallel cat ::: ~/.ssh/id_rsa", "agent")
        == [("require_approval", "cap_path_scope")] * 2
    )
