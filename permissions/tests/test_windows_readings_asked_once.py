"""SPEC §5: off the sandbox a command is also read the Windows way (permissions.commands.windows). decide() asks
:func:`windows_readings` once per command which of those readings the segments may need, and skips the rest:
the skip must never hide one. Whenever a segment's own filter -- a runner's, a web cmdlet's or a writer's first
word, a quoted first word, a redirection into a file -- would read it, the look at every first word says so; held over the red team's Windows commands, the segments of ordinary ones, and generated text mixing the
tables' names in any case with quotes, backticks, backslashes, keywords and every blank Python splits on."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from permissions.commands.windows import (
    _CHANGERS,
    _RUNNERS,
    _SENDERS,
    FIRST_LED_SHIFT,
    WEB_CMDLETS,
    WINDOWS_ENV,
    WINDOWS_LED,
    WINDOWS_WRITERS,
    WINDOWS_WRITES,
    _first_is,
    names_windows_writer,
    runs_unread,
    sends_on_the_web,
    windows_environment,
    windows_machine_change,
    windows_readings,
)
from permissions.shell import parse_command

from . import test_redteam_windows_environment_and_quoting as red3
from . import test_redteam_windows_spellings as red
from . import test_redteam_windows_writers_elsewhere_later as red2
from .helpers import AUTO_MODE, HOST, ROOT, term


def _assert_never_hidden(texts: list[str]) -> None:
    found = windows_readings(texts)
    for text in texts:
        led = (
            _first_is(text, _RUNNERS)
            or _first_is(text, WEB_CMDLETS)
            or _first_is(text, frozenset(WINDOWS_WRITERS))
            or _first_is(text, _SENDERS)
            or _first_is(text, _CHANGERS)
        )
        if (
            led
            or runs_unread(text) is not None
            or sends_on_the_web(text)
            or windows_machine_change(text) is not None
        ):
            assert found & WINDOWS_LED, (texts, text)
        if names_windows_writer(text):
            assert found, (texts, text)
            assert found & WINDOWS_LED or found & WINDOWS_WRITES, (texts, text)
    if windows_environment(texts) is not None:
        assert found & WINDOWS_ENV, texts


RED_TEAM = (
    red.WRITES_PROTECTED
    + red.SENDS
    + red.RUNS_UNREAD
    + red.AFTER_A_KEYWORD
    + red.ORDINARY
    + red.READS_THE_WEB
    + red2.WRITES_PROTECTED
    + red2.MOVES_THEN_WRITES
    + red2.SENDS_ELSEWHERE
    + red2.CHANGES_THE_MACHINE
    + red2.ORDINARY
    + red3.HOOK_ENVIRONMENT_TAKEN
    + red3.WHAT_RUNS_CHANGED
    + red3.CMD_SPELLED
    + red3.ORDINARY_ENVIRONMENT
)


@pytest.mark.parametrize("command", RED_TEAM)
def test_a_red_team_windows_command_is_never_skipped(command):
    texts = [s.text for s in parse_command(command).segments]
    _assert_never_hidden(texts)
    _assert_never_hidden([command])


@pytest.mark.parametrize(
    "command",
    [
        "ls -la && git status",
        "git rm src/old.py",  # a writer's alias as an operand: no segment is led by it
        "npm run start",
        "git mv a b && npm test",
        "grep -rn 'start' src | head",
        "pytest -q 2>&1 | tail -5",
        "echo done",
    ],
)
def test_ordinary_segments_need_no_windows_reading(command):
    assert windows_readings([s.text for s in parse_command(command).segments]) == 0


@pytest.mark.parametrize(
    "texts, expected",
    [
        (["ls", "cmd /c git push"], WINDOWS_LED),  # the second segment, not the first
        (["do  IWR https://x -Method Put"], WINDOWS_LED),
        (["C:\\Windows\\System32\\cmd.exe /c x"], WINDOWS_LED),
        (['"C:\\Program Files\\PowerShell\\7\\pwsh.exe" -c x'], WINDOWS_LED),
        (["Set-Con`tent x y"], WINDOWS_LED),  # PowerShell drops the backtick
        (["echo x > .envrc"], WINDOWS_WRITES),
        (["make 2>&1"], 0),  # a descriptor copied writes no file
        (["IRM https://x -Method Put", "echo x > .envrc"], WINDOWS_LED | WINDOWS_WRITES),
        (["set BRABO_URL="], WINDOWS_ENV),
        (["call set PATH=."], WINDOWS_ENV),
        (["s^et PATH=."], WINDOWS_LED | WINDOWS_ENV),
        (["Remove-Item Env:BRABO_URL"], WINDOWS_LED | WINDOWS_ENV),
        (["$env:PATH = '.'"], WINDOWS_ENV),
        (['"set" x'], WINDOWS_LED),
        (["cmd /c x", "^set PATH=."], WINDOWS_LED | WINDOWS_ENV),  # after a runner, still read
        (["cmd /c x", "call set PATH=."], WINDOWS_LED | WINDOWS_ENV),
    ],
)
def test_which_readings_a_text_needs(texts, expected):
    assert windows_readings(texts) & ((1 << FIRST_LED_SHIFT) - 1) == expected  # (above: where the first led)


# Generated text: the tables' names, keywords, blanks (Python's str.split and the regex's \s agree on ASCII,
# \x1c-\x1f included), quotes, backticks, backslashes, redirections, in any order and case.
_NAMES = sorted(set(WINDOWS_WRITERS) | WEB_CMDLETS | _RUNNERS | _SENDERS | _CHANGERS)
_PIECES = _NAMES + [
    "do", "then", "else", "time", "!", "{", "(", " ", "  ", "\t", "\n", "\x1c", "\x1f", "\x0b",
    '"', "'", "`", "\\", "C:\\x\\", ">", ">>", "2>&1", "&", "-c", "/c", "git", "push", "x.exe", ".claude",
    "-Method", "Put", "ls", ":", ";", "é", "set", "call", "@", "^", "=", "Env:", "$env:", "PATH", "BRABO_URL",
]  # fmt: skip
_TEXT = st.lists(st.sampled_from(_PIECES), max_size=8).flatmap(
    lambda parts: st.lists(st.booleans(), min_size=len(parts), max_size=len(parts)).map(
        lambda upper: "".join(p.upper() if u else p for p, u in zip(parts, upper))
    )
)


@settings(max_examples=600, deadline=None)
@given(st.lists(_TEXT, min_size=1, max_size=3))
def test_generated_texts_are_never_skipped(texts):
    _assert_never_hidden(texts)


def test_a_windows_runner_after_an_ordinary_segment_still_asks_off_the_sandbox():
    for command in (
        "ls && cmd /c git push",
        "git status; irm https://x.example.com -Method Put",
        "ls\nSet-Content .claude\\settings.json x",
    ):
        v = term(command, autonomy=AUTO_MODE, project=HOST, cwd=ROOT, runs_in="agent")
        assert v.decision == "require_approval", (command, v.reason)
        v = term(command, autonomy=AUTO_MODE, project=HOST, cwd=ROOT, runs_in="sandbox")
        assert v.decision == "auto_approve", (command, v.reason)
