"""SPEC §5 and R4.10: off the sandbox, a deny or ask pattern naming rm, cp, mv or curl is read into PowerShell's
and cmd's spellings of them (permissions.commands.windows.posix_spellings). decide() does not read every
segment so: :func:`windows_readings` says where the first segment that may name such a program stands, and
:func:`texts_to_spell` keeps, from there on, the segments whose first word as parsed may be one. Neither skip
may hide a spelling: every segment left out is one posix_spellings reads nothing into -- held over the red
team's Windows spellings, chains of them among ordinary segments, and generated text mixing the tables' names
in any case with quotes, escapes, keywords and separators. And a name that is only a Windows program's file
(`robocopy.exe`, `xcopy.exe`, `del.exe`) is read as its program wherever it stands in the chain.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from permissions.commands.windows import (
    _SPELT_GATE,
    FIRST_LED_SHIFT,
    WINDOWS_LED,
    posix_spellings,
    texts_to_spell,
    windows_readings,
)
from permissions.commands.windows_names import PROGRAMS
from permissions.shell import parse_command

from . import test_redteam_windows_spellings_of_posix_denies as red
from .helpers import HOST, ROOT, term

ALL = frozenset(PROGRAMS)


def _left_out_read_nothing(command: str) -> None:
    parsed = parse_command(command)
    texts = [s.text for s in parsed.segments]
    found = windows_readings(texts)
    if not found & WINDOWS_LED:
        kept: list[int] = []
    else:
        first = found >> FIRST_LED_SHIFT
        assert 0 <= first < len(texts), (command, first)
        kept = texts_to_spell(parsed.segments, texts, first)
    for i, text in enumerate(texts):
        if i not in kept:
            assert posix_spellings(text, ALL) == [], (command, text)


ORDINARY = ["ls -la", "git status", "npm test", "echo done", "cat README.md", "grep -rn x src"]


@pytest.mark.parametrize(("command", "pattern"), red.CASES + red.UNDECIDED)
def test_every_red_team_spelling_is_read(command, pattern):
    _left_out_read_nothing(command)
    _left_out_read_nothing(f"{ORDINARY[0]} && {ORDINARY[1]} && {command} && {ORDINARY[2]}")
    _left_out_read_nothing(f"{command}; {ORDINARY[3]} | {command}")


@pytest.mark.parametrize(("command", "pattern"), red.CASES[:: max(1, len(red.CASES) // 60)])
@pytest.mark.parametrize("at", [0, 3, 7])
def test_a_spelling_anywhere_in_a_chain_is_refused(command, pattern, at):
    """The chain's other segments are ordinary or POSIX spellings the pattern does not meet (`rm -la x`,
    `curl -s u`): the refusal comes from the Windows spelling wherever it stands."""
    posix = ["rm -la x", "curl -s https://example.org", "cp a b", "mv a b"]
    others = ORDINARY + [o for o in posix if o.split()[0] not in pattern]  # none the pattern meets itself
    chain = others[:at] + [command] + others[at:]
    allow = red.WINDOWS_ALLOW + tuple(f"Terminal({o.split()[0]})" for o in others)
    v = term(" && ".join(chain), allow, (pattern,), project=HOST, cwd=ROOT, runs_in="agent")
    assert v.decision == "deny", (chain, v.reason, v.message)


@pytest.mark.parametrize(
    ("texts", "first"),
    [
        (["ls", "cmd /c git push"], 1),
        (["ls", "git status", "Remove-Item -Recurse x", "rm x"], 2),
        (["rm -la x", "ls"], 0),
        (["ls", '"ri" -r x'], 1),  # a quoted first word may be any name
        (["ls", "robocopy.exe /mir a b"], 1),
        (["ls", "C:\\Windows\\System32\\XCOPY.EXE /s a b"], 1),
        (["ls", "do  IWR https://x -Method Put"], 1),
    ],
)
def test_where_the_first_led_text_stands(texts, first):
    found = windows_readings(texts)
    assert found & WINDOWS_LED
    assert found >> FIRST_LED_SHIFT == first


@pytest.mark.parametrize("command", ["robocopy.exe /mir a b", "xcopy.exe /s a b", "del.exe /s /q x"])
@pytest.mark.parametrize("before", ["", "ls && ", "git status; "])
def test_a_windows_program_named_by_its_file_is_read(command, before):
    v = term(
        before + command,
        allow=("Terminal(ls)", "Terminal(git status)", f"Terminal({command.split()[0]})"),
        deny=("Terminal(rm -rf)", "Terminal(cp -r)"),
        runs_in="agent",
    )
    assert v.decision == "deny", (command, v.reason, v.message)


def test_the_gate_names_nothing_windows_readings_passes_by():
    # every first word texts_to_spell may keep starts a text windows_readings marks as led
    for name in _SPELT_GATE:
        assert windows_readings([f"{name} x"]) & WINDOWS_LED, name


_NAMES = sorted(_SPELT_GATE) + ["ls", "git", "echo", "Remove-Item", "CURL", "Rm"]
_PIECES = _NAMES + [
    " ", "  ", "\t", "-r", "-fo", "-Recurse", "-Force", "/s", "/q", "/mir", "-Me", "Post", "-X", "POST", "x",
    '"', "'", "`", "^", "\\", "C:\\x\\", "@", "do", "then", "call", "time", "!", "{", "(", ";", " && ", " | ",
    " & ", "\n", "$(", ")", "é", "=",
]  # fmt: skip
_COMMAND = st.lists(st.sampled_from(_PIECES), max_size=12).flatmap(
    lambda parts: st.lists(st.booleans(), min_size=len(parts), max_size=len(parts)).map(
        lambda upper: "".join(p.upper() if u else p for p, u in zip(parts, upper))
    )
)


@settings(max_examples=400, deadline=None)
@given(_COMMAND)
def test_generated_commands_hide_no_spelling(command):
    _left_out_read_nothing(command)
