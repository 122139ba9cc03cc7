"""R4.6: decide() asks the floor where a deletion lands only when the segments' reading says some segment may
delete (``SegmentReading.may_delete``). That skip must never hide a deletion: whenever the floor's own pick
(``permissions.where._deleters``) finds a segment, the reading has said so. A segment led by git, rsync or a
remover whose words delete nothing as written (`git status`, `rsync a/ b/`, `gzip -k x`) is not picked, and the
reading no longer says it may delete (``permissions.where.picks_as_written``)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from permissions.decide import Permissions, compiled
from permissions.scope import scope_for
from permissions.segments import read_known_segments
from permissions.shell import parse_command
from permissions.where import _deleters, picks_as_written

from .helpers import ROOT, term

_COMP = compiled(Permissions(("Terminal(git status)", "Terminal(rsync)", "Terminal(ls)"), (), ()))


def _may_delete_and_picked(command: str) -> tuple[bool, bool]:
    parsed = parse_command(command)
    reading, _ = read_known_segments(
        parsed, command, _COMP, False, lambda: scope_for("runner", False, ROOT, None)
    )
    return reading.may_delete, bool(_deleters(parsed.segments, reading.seg_views))


COMMANDS = [
    "git status",
    "git clean -fdx",
    "git clean -n",
    "git -C /tmp clean -fdx",
    "git rm -r --cached .",
    "git log && rm -rf build",
    "rsync -a src/ dst/",
    "rsync -a --delete src/ dst/",
    "rsync --remove-source-files a/ b/",
    "gzip -k notes.txt",
    "gzip notes.txt",
    "zstd --rm big.log",
    "mv a b",
    "rm -rf /",
    "sudo git clean -fdx",
    "env GIT_DIR=x git clean -f",
    "xargs rm < list.txt",
    "find . -delete",
    "ls | xargs git clean -f",
    "nice rsync --delete a/ b/",
    "GIT_WORK_TREE=/ git clean -fdx",
]


@pytest.mark.parametrize("command", COMMANDS)
def test_the_reading_says_may_delete_whenever_the_floor_picks(command: str) -> None:
    may_delete, picked = _may_delete_and_picked(command)
    assert may_delete or not picked


def test_a_git_or_rsync_segment_that_deletes_nothing_is_not_a_deleter() -> None:
    assert not picks_as_written(("git", "status"))
    assert not picks_as_written(("rsync", "-a", "src/", "dst/"))
    assert picks_as_written(("git", "clean", "-fdx"))
    assert picks_as_written(("rsync", "-a", "--delete", "a/", "b/"))
    assert picks_as_written(("rm", "x"))
    assert not picks_as_written(("ls", "-la"))
    assert _may_delete_and_picked("git status && git diff") == (False, False)


def test_the_floor_still_denies_through_a_skipped_segment() -> None:
    # The git segment alone no longer asks the floor; the rm after `cd /` still does.
    assert (
        term("git status && cd / && rm -rf *", allow=("Terminal(git status)", "Terminal(rm)")).decision
        == "deny"
    )
    assert term("cd / && git clean -fdx", allow=("Terminal(git)", "Terminal(cd)")).decision == "deny"


_WORDS = st.sampled_from(
    "git rsync gzip gunzip zstd rm find xargs sudo env nice clean -f -fdx -n -k --rm --delete --del"
    " --remove-source-files -C / /tmp a b src/ x=1 GIT_WORK_TREE=/ status log -r".split()
)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(_WORDS, min_size=1, max_size=6), min_size=1, max_size=4))
def test_may_delete_covers_every_pick(segments: list[list[str]]) -> None:
    command = " && ".join(" ".join(words) for words in segments)
    may_delete, picked = _may_delete_and_picked(command)
    assert may_delete or not picked
