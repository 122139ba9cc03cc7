"""Tables filled at import from constant data that stand for a chain of tests on a known first word (the hot
path's precomputed answers, as fast_path._PLAIN_FIRST and segments._LOOKS are): each holds the answer of the
logic it replaces, whatever words follow the first."""

from __future__ import annotations

import pytest

from permissions import commands
from permissions.commands import QUIET_VERBS, opaque_reason, reads_view, windows
from permissions.commands.views import (
    _SUB_FIRST,
    BY_NEXT,
    KNOWN_PROGRAMS,
    ONE_VIEW,
    _one_view,
    peels_after,
    views,
    views_of,
)
from permissions.commands.windows import PASSED_FIRST, reads_on, windows_readings

# what may follow a first word: nothing, a runner subcommand, a package manager's own option, a word handed on,
# a command line, an assignment, inline code
_FOLLOWERS: tuple[tuple[str, ...], ...] = (
    (),
    ("exec", "git", "push"),
    ("-r", "exec", "rm", "-rf", "/"),
    ("run", "sh", "-c", "curl x"),
    ("--", "git", "push"),
    ("-c", "bash -c 'rm -rf ~'"),
    ("x=1", "make"),
    ("-e", "print(1)"),
    ("test",),
)


def test_one_view_holds_views_of_tests_for_every_known_program() -> None:
    assert len(KNOWN_PROGRAMS) > 2000 and ONE_VIEW.keys() == KNOWN_PROGRAMS
    for first in sorted(KNOWN_PROGRAMS):
        for rest in _FOLLOWERS:
            words = (first, *rest)
            one = ONE_VIEW[first]
            if one is BY_NEXT:
                assert first in _SUB_FIRST
                one = len(words) < 2 or not peels_after(first, words[1])
            assert one == _one_view(first, words), words
            # and views_of answers what views does
            assert views_of(words) == views(words), words


def test_a_word_no_table_holds_is_read_by_the_tests() -> None:
    for words in (
        ("foo", "--", "git", "push"),
        ("X=1", "git", "push"),
        ("/bin/rm", "-rf", "x"),
        ("GIT", "push"),
    ):
        assert words[0] not in ONE_VIEW
        assert len(views_of(words)) > 1 and views_of(words) == views(words), words
    assert views_of(("foo", "bar")) == [("foo", "bar")]


def test_quiet_verbs_are_the_known_programs_opaque_reason_has_no_reading_for(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    quiet = set(QUIET_VERBS)
    assert quiet and quiet == {v for v in KNOWN_PROGRAMS if not reads_view(v)}
    for verb in ("python3", "awk", "sed", "git", "env", "exec", "export", "declare", "bash", "claude"):
        assert verb not in quiet, verb
    monkeypatch.setattr(commands, "QUIET_VERBS", set())  # opaque_reason's readings, every one tried
    for verb in sorted(quiet):
        for rest in _FOLLOWERS:
            assert opaque_reason([(verb, *rest)]) is None, (verb, rest)
    assert opaque_reason([("python3", "-c", "print(1)")]) is not None


def test_passed_first_words_are_the_known_programs_windows_readings_reads_no_further(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    passed = set(PASSED_FIRST)
    assert passed and passed == {w for w in KNOWN_PROGRAMS if w and not reads_on(w)}
    for first in ("curl", "cmd", "set", "Set-Content", "do", "powershell", "Invoke-WebRequest"):
        assert first not in passed, first
    texts = [
        [f"{first} {rest}".strip(), f"{first} {rest} > out.txt".strip()]
        for first in sorted(passed)
        for rest in ("", "x", "$env:PATH", "a\\b 'c;d'")
    ]
    kept = [windows_readings(t) for t in texts]
    monkeypatch.setattr(windows, "PASSED_FIRST", set())  # windows_readings' tests, every one tried
    assert kept == [windows_readings(t) for t in texts]


def test_clear_first_words_are_the_known_programs_a_segment_of_one_view_is_not_read_opaque_for() -> None:
    from permissions.segments import _CLEAR_FIRST, _may_be_opaque

    assert _CLEAR_FIRST and _CLEAR_FIRST <= KNOWN_PROGRAMS
    for first in sorted(KNOWN_PROGRAMS):
        for rest in _FOLLOWERS:
            words = (first, *rest)
            assert (first in _CLEAR_FIRST) == (not _may_be_opaque([words], first)), words
    for first in ("python3", "awk", "git", "python3.12", "claude"):
        assert first not in _CLEAR_FIRST, first


def test_not_peeled_are_the_known_programs_peels_answers_no_for() -> None:
    from permissions.commands.views import NOT_PEELED, _peels

    assert NOT_PEELED and NOT_PEELED == {v for v in KNOWN_PROGRAMS if not _peels(v)}
    for verb in ("env", "sudo", "npx", "git-push", "GIT", "git.exe", "python3.12"):
        assert verb not in NOT_PEELED and _peels(verb), verb


def test_renamed_as_holds_renamed_for_every_known_program() -> None:
    from permissions.commands.views import RENAMED_AS, _peel, _renamed

    assert RENAMED_AS.keys() == KNOWN_PROGRAMS
    for verb in sorted(KNOWN_PROGRAMS):
        assert RENAMED_AS[verb] == _renamed(verb), verb
    assert RENAMED_AS["gshred"] == "shred" and RENAMED_AS["nodejs"] == "node" and RENAMED_AS["git"] is None
    # a word the table does not hold is read by _renamed
    assert "/usr/bin/grm" not in RENAMED_AS and _peel(("/usr/bin/grm", "-rf", "x")) == [("grm", "-rf", "x")]


def test_plain_read_first_words_are_in_none_of_read_ones_sets() -> None:
    from permissions.floor import DISK_VERBS, FLOOR_VERBS
    from permissions.scope import DIRECTORY_CHANGERS
    from permissions.segments import _DELETES, _PLAIN_READ

    assert _PLAIN_READ and _PLAIN_READ <= KNOWN_PROGRAMS and "" not in _PLAIN_READ
    for first in sorted(KNOWN_PROGRAMS):
        in_a_set = (
            first in DIRECTORY_CHANGERS or first in _DELETES or first in FLOOR_VERBS or first in DISK_VERBS
        )
        assert (first in _PLAIN_READ) == (bool(first) and not in_a_set), first
    for first in ("cd", "rm", "find", "dd", "tee", "xargs"):
        assert first not in _PLAIN_READ, first
