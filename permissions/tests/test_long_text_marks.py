"""R4.7 off the sandbox: what the Windows readings look for in a command's text is found once per text.

windows_place and eaten_climb ask whether the command's text holds a drive's backslash (``C:\\``) or an eaten
climb (``..\\``); windows_readings reads each segment's text. Asked for word after word (or segment after
segment) of a long hostile command, a scan of the whole text each time made it quadratic (400 `find ../aK
-delete` in 100 KB: 80 ms on the hook path; bench/decide.py times the shapes). The answers must be those of
the short text, wherever the mark stands in the long one."""

from __future__ import annotations

import pytest

from permissions.commands.windows import FIRST_LED_SHIFT, WINDOWS_LED, windows_readings
from permissions.where import eaten_climb, windows_place

from .helpers import HOST, term

_PAD = "echo " + "x " * 2_000  # well past the length from which the marks are kept per text


@pytest.mark.parametrize("before", [True, False])
def test_a_drive_backslash_far_from_the_word_reads_as_in_a_short_text(before):
    for short in (r"del C:\Users", r"del c:\x", r"dir D:\ "):
        raw = _PAD + " ; " + short if before else short + " ; " + _PAD
        word = short.split()[1].replace("\\", "")  # the shell reader drops the unquoted backslash
        assert windows_place(word, raw) == windows_place(word, short) is not None
    # no backslash after that drive anywhere: `C:Users` is no place on the volume's root
    assert windows_place("C:Users", _PAD + r" ; del D:\x") is None
    assert windows_place("C:Users", _PAD + " ; del C:Users") is None


def test_an_eaten_climb_far_from_the_word_reads_as_in_a_short_text():
    for short, word in ((r"rm -r ..\..\x", "....x"), (r"rm -r src\..\..\x", "src....x")):
        for raw in (_PAD + " ; " + short, short + " ; " + _PAD):
            assert eaten_climb(word, raw) == eaten_climb(word, short) is not None
    assert eaten_climb("....x", _PAD + " ; rm -r ../../x") is None  # no backslash climb in the text


def test_a_long_command_keeps_its_windows_deletion_on_the_floor():
    v = term(_PAD + r" ; Remove-Item -Recurse -Force C:\ ", project=HOST, runs_in="agent")
    assert v.decision == "deny", v.reason


@pytest.mark.parametrize(
    "texts",
    [
        ["ls", "git status", "Remove-Item x", "ls"],
        ["xyz", "set X=1", "del x", "echo a > b"],
        ["s^et X=1", "xyz", "type f"],
        ["a", "b", "c"],
    ],
)
def test_windows_readings_of_repeated_texts_are_those_of_the_texts(texts):
    once = windows_readings(texts)
    assert windows_readings(texts * 100) == once
    # the index of the first text a Windows reading starts from counts every text before it, repeats too
    shifted = windows_readings(["xyz"] * 200 + texts)
    bits = (1 << FIRST_LED_SHIFT) - 1
    assert shifted & bits == once & bits
    if once & WINDOWS_LED:
        assert shifted >> FIRST_LED_SHIFT == (once >> FIRST_LED_SHIFT) + 200
